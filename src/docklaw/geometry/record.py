"""What the geometry stage drew its measurements from, kept for the plan
(``docklaw.validate.output.plan``).

Why a record: the plan must show the very lines the rules were measured against (the lot lines
extended on their axis or at a right angle, the water rights / facility area lines), not a
second construction that could drift from the first. The stage fills one ``GeometryRecord`` as it
measures; derive keeps it on the derived graph; the plan renders it. All coordinates are in
international feet in the application's own frame (y = grid north).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rdflib import BNode
from rdflib.term import Node
from shapely.geometry.base import BaseGeometry


def name_of(node: Node) -> str:
    """The name reports use for a node (blank nodes as ``_:id``)."""
    return f"_:{node}" if isinstance(node, BNode) else str(node)


@dataclass
class Feature:
    """One drawn or constructed feature: what it is, its name, its geometry (feet)."""

    kind: str      # parcel | mhw | mlw | lot-line | neighbour-lot-line | same-axis | right-angle
    #               | riparian | riparian-area | structure | boat | channel | outlet
    name: str      # node IRI / blank node id of the feature (or of the lot line extended)
    geom: BaseGeometry
    label: str = ""


@dataclass
class GeometryRecord:
    """Every feature the geometry stage used, in drawing order."""

    jurisdiction: str
    crs: str | None = None
    features: list[Feature] = field(default_factory=list)
    #: the lot-line extensions dl:sideSetback was measured from (the code's construction)
    side_constructions: tuple[str, ...] = ("same-axis",)

    def add(self, kind: str, node: Node | str, geom: BaseGeometry | None,
            label: str = "") -> None:
        name = name_of(node) if isinstance(node, Node) else str(node)
        if geom is None or geom.is_empty:
            return
        if any(f.kind == kind and f.name == name and f.geom.equals(geom)
               for f in self.features):
            return
        self.features.append(Feature(kind, name, geom, label))

    def of_kind(self, *kinds: str) -> list[Feature]:
        return [f for f in self.features if f.kind in kinds]

    def named(self, name: str, *kinds: str) -> list[Feature]:
        return [f for f in self.features if f.name == name and (not kinds or f.kind in kinds)]

    @property
    def empty(self) -> bool:
        return not self.of_kind("structure", "boat", "parcel", "mhw")
