"""Read the drawn features of an application graph: geometries, shorelines, lot lines, parts.

One place that knows the application vocabulary of docs/geometry.md, so the measuring modules
work on shapely objects only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node
from shapely.geometry.base import BaseGeometry

from docklaw.errors import InputError
from docklaw.geometry.wkt import parse_wkt
from docklaw.namespaces import DL, GEO

POLYGONAL = ("Polygon", "MultiPolygon")
LINEAR = ("LineString",)


def label(node: Node) -> str:
    """How a node is named in messages: its IRI, or the blank node id."""
    return str(node) if isinstance(node, URIRef) else f"_:{node}"


@dataclass
class Drawn:
    """A feature with its geometry (in feet) and the geometry node it came from."""

    node: Node
    geom: BaseGeometry
    geometry_node: Node


@dataclass
class Drawing:
    """Every geometry of one application, parsed, all in one CRS."""

    graph: Graph
    jurisdiction: str
    crs: str | None = None
    cache: dict[Node, Drawn | None] = field(default_factory=dict)

    def drawn(
        self, node: Node, *, kinds: tuple[str, ...] | None = None, what: str = ""
    ) -> Drawn | None:
        """The feature's geometry, or None when it has none; bad geometry raises InputError."""
        if node in self.cache:
            return self.cache[node]
        gnodes = list(self.graph.objects(node, GEO.hasGeometry))
        gnodes += [g for g in self.graph.objects(node, GEO.hasDefaultGeometry) if g not in gnodes]
        if not gnodes:
            self.cache[node] = None
            return None
        if len(gnodes) > 1:
            raise InputError(
                f"{len(gnodes)} geometries; give one geo:hasGeometry",
                node=label(node),
                prop=str(GEO.hasGeometry),
                jurisdiction=self.jurisdiction,
            )
        gnode = gnodes[0]
        literals = list(self.graph.objects(gnode, GEO.asWKT))
        if len(literals) != 1:
            raise InputError(
                f"geometry {label(gnode)} needs exactly one geo:asWKT, found {len(literals)}",
                node=label(node),
                prop=str(GEO.asWKT),
                jurisdiction=self.jurisdiction,
            )
        lit = literals[0]
        if not isinstance(lit, Literal):
            raise InputError("geo:asWKT must be a literal", node=label(node), prop=str(GEO.asWKT))
        survey = self.graph.value(gnode, DL.surveyFrameInFeet)
        survey_frame = isinstance(survey, Literal) and survey.toPython() is True
        parsed = parse_wkt(
            str(lit), node=label(node), survey_frame=survey_frame, prop=str(GEO.asWKT)
        )
        if self.crs is None:
            self.crs = parsed.crs
        elif parsed.crs != self.crs:
            raise InputError(
                f"geometry in <{parsed.crs}> but the application is drawn in <{self.crs}>;"
                " draw every feature in one CRS",
                node=label(node),
                prop=str(GEO.asWKT),
                jurisdiction=self.jurisdiction,
            )
        if kinds and parsed.geom.geom_type not in kinds:
            raise InputError(
                f"{what or 'this feature'} must be drawn as {' or '.join(kinds)}, "
                f"found {parsed.geom.geom_type}",
                node=label(node),
                prop=str(GEO.asWKT),
                jurisdiction=self.jurisdiction,
            )
        result = Drawn(node, parsed.geom, gnode)
        self.cache[node] = result
        return result


def parts(graph: Graph, node: Node) -> list[Node]:
    """All parts of a structure, recursively (dl:hasPart), without cycles."""
    out: list[Node] = []
    todo = list(graph.objects(node, DL.hasPart))
    while todo:
        p = todo.pop(0)
        if p in out or p == node:
            continue
        out.append(p)
        todo += list(graph.objects(p, DL.hasPart))
    return out


def new_node() -> BNode:
    return BNode()
