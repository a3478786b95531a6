"""Read the drawn features of an application graph: geometries, shorelines, lot lines, parts.

One place that knows the application vocabulary of docs/geometry.md, so the measuring modules
work on shapely objects only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF, RDFS
from rdflib.term import Node
from shapely.geometry.base import BaseGeometry

from docklaw import jurisdictions
from docklaw.errors import InputError
from docklaw.geometry.wkt import parse_wkt
from docklaw.kg.build import ontology_files
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


#: Hierarchies handed over by the prepared-state snapshot (``docklaw.validate.shapes.snapshot``),
#: computed by ``_class_hierarchy`` itself when the snapshot was built: no Turtle parsing
#: per process.
PRIMED: dict[str, Graph] = {}


@lru_cache(maxsize=8)
def _class_hierarchy(jurisdiction: str) -> Graph:
    """Subclass axioms of the ontology and the jurisdiction's concepts (if those files exist
    yet).
    """
    if jurisdiction in PRIMED:
        return PRIMED[jurisdiction]
    g = Graph()
    files = [*ontology_files(), jurisdictions.get(jurisdiction).file("concepts.ttl")]
    for path in files:
        if path.exists():
            for s, o in _named_subclass_axioms(path):
                g.add((s, RDFS.subClassOf, o))
    return g


@lru_cache(maxsize=64)
def _named_subclass_axioms(path: Path) -> tuple[tuple[Node, URIRef], ...]:
    """``s rdfs:subClassOf o`` (o named) of one Turtle file, parsed once per process: every
    code's hierarchy reads the same ontology files."""
    part = Graph().parse(path, format="turtle")
    return tuple((s, o) for s, o in part.subject_objects(RDFS.subClassOf)
                 if isinstance(o, URIRef))


def superclasses(graph: Graph, cls: Node, jurisdiction: str) -> set[Node]:
    """cls and every class above it (application graph plus ontology)."""
    hierarchy = _class_hierarchy(jurisdiction)
    seen: set[Node] = set()
    todo = [cls]
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        todo += list(graph.objects(c, RDFS.subClassOf)) + list(
            hierarchy.objects(c, RDFS.subClassOf)
        )
    return seen


def is_a(graph: Graph, node: Node, cls: URIRef, jurisdiction: str) -> bool:
    """True when node has cls among its types' superclasses."""
    return any(cls in superclasses(graph, t, jurisdiction) for t in graph.objects(node, RDF.type))


def instances(graph: Graph, cls: URIRef, jurisdiction: str) -> list[Node]:
    """Every typed node that is an instance of cls (subclasses included), in a stable order."""
    nodes = {
        s for s, t in graph.subject_objects(RDF.type) if cls in superclasses(graph, t, jurisdiction)
    }
    return sorted(nodes, key=str)


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
