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
from docklaw.geometry.crs import Reader
from docklaw.geometry.settings import load
from docklaw.geometry.wkt import literal_crs, read_literal
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


def survey_flagged(graph: Graph, gnode: Node) -> bool:
    survey = graph.value(gnode, DL.surveyFrameInFeet)
    return isinstance(survey, Literal) and survey.toPython() is True


@dataclass
class Drawing:
    """Every geometry of one application, parsed, all in one measuring frame (feet).

    The frame is chosen once from the CRSs of all the drawing's literals
    (``docklaw.geometry.crs.Reader``): the one accepted CRS they are all in, else the code's
    survey frame (``survey_crs``), into which each feature is projected."""

    graph: Graph
    jurisdiction: str
    crs: str | None = None
    cache: dict[Node, Drawn | None] = field(default_factory=dict)
    survey_crs: str | None = None
    survey_crs_note: str | None = None
    reader: Reader | None = None

    def frame(self) -> Reader:
        """The reader of this drawing (its frame and conversions), built on first use."""
        if self.reader is None:
            sources: dict[str, str] = {}
            for gnode, lit in sorted(self.graph.subject_objects(GEO.asWKT), key=str):
                if not isinstance(lit, Literal):
                    continue
                owner = next(iter(sorted(self.graph.subjects(GEO.hasGeometry, gnode), key=str)),
                             gnode)
                sources.setdefault(literal_crs(str(lit), survey_flagged(self.graph, gnode)),
                                   label(owner))
            self.reader = Reader(sources, load(), self.jurisdiction, self.survey_crs,
                                 self.survey_crs_note)
            self.crs = self.reader.frame.iri
        return self.reader

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
        raw = read_literal(
            str(lit), node=label(node), survey_frame=survey_flagged(self.graph, gnode),
            prop=str(GEO.asWKT)
        )
        geom = self.frame().to_feet(raw.geom, raw.crs, node=label(node), prop=str(GEO.asWKT))
        if kinds and geom.geom_type not in kinds:
            raise InputError(
                f"{what or 'this feature'} must be drawn as {' or '.join(kinds)}, "
                f"found {geom.geom_type}",
                node=label(node),
                prop=str(GEO.asWKT),
                jurisdiction=self.jurisdiction,
            )
        result = Drawn(node, geom, gnode)
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
