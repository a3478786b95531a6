"""The reference parcel: what a person chooses about it.

A parcel is its shoreline frontage, land use, bottom profile and slope; everything the
reference application says about depths and distances follows from these by plain geometry
(a uniform bottom slope seaward of mean high water). What the water body and the code fix is
read from the law graph (``docklaw.envelope.lawfacts``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rdflib import Graph, URIRef
from rdflib.namespace import RDF, RDFS

from docklaw.errors import InputError
from docklaw.namespaces import DL

#: short names accepted for the common land uses (any dl:LandUse's label slug also works)
LAND_USE_ALIASES = {"single-family": "single-family-residential",
                    "multifamily": "multifamily-residential"}


@dataclass(frozen=True)
class Parcel:
    """The reference parcel, the same under every code (feet; ``slope`` in feet of depth per
    foot seaward of mean high water)."""

    frontage: float = 150.0
    land_use: str = "single-family"
    slope: float = 0.05
    #: mean high minus mean low water on tidal waters (a lake's range is the law's)
    tidal_range: float = 2.5
    #: depth at mean low water the boats need (dl:distanceToNavigableDepth follows from it)
    navigable_depth: float = 4.0
    steep_slope: bool = False
    #: from mean high water to the nearest channel, fairway or anchorage
    channel_distance: float = 1500.0
    #: from the dock to the nearest lake outlet
    outlet_distance: float = 1000.0
    #: from the dock to the neighbours' docks (default: one frontage, docks centred on lots
    #: of the same width)
    neighbour_distance: float | None = None

    def checked(self) -> Parcel:
        """The parcel, or InputError naming the first value no parcel can have."""
        for name, low, high in (("frontage", 1.0, 5000.0), ("slope", 0.001, 1.0),
                                ("tidal_range", 0.0, 20.0), ("navigable_depth", 0.5, 30.0),
                                ("channel_distance", 1.0, 10000.0),
                                ("outlet_distance", 0.0, 10000.0)):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not low <= value <= high:
                raise InputError(f"{name.replace('_', ' ')} {value!r} is outside "
                                 f"[{low:g}, {high:g}]")
        if self.neighbour_distance is not None and not 0 <= self.neighbour_distance <= 10000:
            raise InputError(f"neighbour distance {self.neighbour_distance!r} is outside "
                             "[0, 10000]")
        return self

    @property
    def neighbours(self) -> float:
        return self.frontage if self.neighbour_distance is None else self.neighbour_distance

    def with_(self, **changes: object) -> Parcel:
        return replace(self, **changes)  # type: ignore[arg-type]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def land_uses(ontology: Graph) -> dict[str, URIRef]:
    """Every dl:LandUse individual by the slug of its label ("single-family-residential")."""
    out: dict[str, URIRef] = {}
    for use in ontology.subjects(RDF.type, DL.LandUse):
        if isinstance(use, URIRef):
            label = ontology.value(use, RDFS.label)
            out[slug(str(label) if label else str(use).rsplit("#", 1)[-1])] = use
    return dict(sorted(out.items()))


def resolve_land_use(name: str, ontology: Graph) -> URIRef:
    known = land_uses(ontology)
    key = LAND_USE_ALIASES.get(slug(name), slug(name))
    if key in known:
        return known[key]
    raise InputError(f"unknown land use {name!r}; known: "
                     f"{', '.join([*LAND_USE_ALIASES, *known])}")
