"""What every page's layout needs: the registered codes for the navigation."""

from __future__ import annotations

from docklaw import jurisdictions as registry


def jurisdictions() -> list[dict[str, str]]:
    """The registered codes, in their order, with a short label for the navigation."""
    return [{"id": j.id, "label": j.id, "title": j.label} for j in registry.all()]


def context() -> dict[str, object]:
    """Template globals: ``site_jurisdictions``."""
    return {"site_jurisdictions": jurisdictions()}
