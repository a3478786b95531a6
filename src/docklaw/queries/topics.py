"""The comparison topics, in a module of their own so ``docklaw compare --help`` can list
them without importing the RDF stack (``docklaw.queries.compare`` re-exports them)."""

from __future__ import annotations

#: topic -> (title, saved query, parameters)
TOPICS: dict[str, tuple[str, str, dict[str, str]]] = {
    "length": ("Maximum length", "max-length", {}),
    "width": ("Maximum width", "max-width", {}),
    "area": ("Maximum area", "max-area", {}),
    "height": ("Height limits", "max-height", {}),
    "side-setbacks": ("Side setbacks", "side-setbacks", {}),
    "allocation": ("Docks and slips for 150 feet of shoreline", "allocation-by-frontage",
                   {"frontage": "150"}),
    "boat-lifts": ("Boat lifts and hoists", "boat-lifts", {}),
    "materials": ("Materials and treated wood", "treated-wood", {}),
    "lighting": ("Lighting", "lights", {}),
    "variance": ("Variance regime: who grants relief", "relief-authorities", {}),
    "penalties": ("Penalties", "penalties", {}),
    "permit-path": ("Permit path", "permit-path", {}),
    "lake-datums": ("Lake levels stated as law", "lake-datums", {}),
}
