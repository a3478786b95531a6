"""What every page's layout needs: the registered codes for the navigation."""

from __future__ import annotations

from docklaw import jurisdictions as registry


def name_of(j: registry.Jurisdiction) -> str:
    """How a person names a code: its water body and its municipality ("Keuka Lake — Town of
    Jerusalem"), or the municipality alone on tidal waters."""
    return f"{j.waterbody} — {j.label}" if j.waterbody else j.label


def jurisdictions() -> list[dict[str, str]]:
    """The registered codes, in their order, named by name (the id stays in the links)."""
    return [{"id": j.id, "label": name_of(j), "title": f"{name_of(j)} ({j.id})"}
            for j in registry.all()]


def context() -> dict[str, object]:
    """Template globals: ``site_jurisdictions``."""
    return {"site_jurisdictions": jurisdictions()}
