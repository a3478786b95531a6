"""What every page's layout needs: the registered codes for the navigation."""

from __future__ import annotations

from docklaw import paths


def jurisdictions() -> list[dict[str, str]]:
    """The registered codes, in their order, with a short label for the navigation."""
    return [{"id": jid, "label": jid, "title": jid} for jid in paths.JURISDICTIONS]


def context() -> dict[str, object]:
    """Template globals: ``site_jurisdictions``."""
    return {"site_jurisdictions": jurisdictions()}
