"""The class hierarchy the geometry stage reads (which nodes are structures, boats, parcels),
and whether an application gives the stage anything to read.

Why apart from ``features``: this part needs no shapely, so the prepared-state snapshot can
hand the hierarchies over, and an application with nothing drawn can be validated, without
importing shapely (~0.1-0.2 s of a command's start-up).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rdflib import Graph, URIRef
from rdflib.term import Node

from docklaw import jurisdictions
from docklaw.jurisdictions import ontology_files
from docklaw.namespaces import DL, GEO, RDF, RDFS

#: Every predicate the geometry stage starts from: a drawn feature (GeoSPARQL), a shoreline or
#: a lot line (checked even when undrawn). An application without any of them gives the stage
#: nothing to measure or check (``tests/test_geometry_inputs.py`` holds it to that).
INPUTS = (GEO.hasGeometry, GEO.hasDefaultGeometry, GEO.asWKT, DL.shoreline, DL.lotLine)


def reads_anything(graph: Graph) -> bool:
    """Whether the geometry stage has anything to read in ``graph``."""
    return any((None, prop, None) in graph for prop in INPUTS)


#: Hierarchies handed over by the prepared-state snapshot (``docklaw.law.snapshot``),
#: computed by ``class_hierarchy`` itself when the snapshot was built: no Turtle parsing
#: per process.
PRIMED: dict[str, Graph] = {}


@lru_cache(maxsize=8)
def class_hierarchy(jurisdiction: str) -> Graph:
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


@lru_cache(maxsize=4096)
def _ontology_superclasses(jurisdiction: str, cls: Node) -> frozenset[Node]:
    """cls and every class above it in the ontology and the code's concepts alone."""
    return frozenset(_walk_up(None, cls, jurisdiction))


def superclasses(graph: Graph, cls: Node, jurisdiction: str) -> set[Node] | frozenset[Node]:
    """cls and every class above it (application graph plus ontology); the ontology's part
    is looked up once per class when the application declares no subclasses of its own."""
    if (None, RDFS.subClassOf, None) not in graph:
        return _ontology_superclasses(jurisdiction, cls)
    return _walk_up(graph, cls, jurisdiction)


def _walk_up(graph: Graph | None, cls: Node, jurisdiction: str) -> set[Node]:
    hierarchy = class_hierarchy(jurisdiction)
    seen: set[Node] = set()
    todo = [cls]
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        if graph is not None:
            todo += list(graph.objects(c, RDFS.subClassOf))
        todo += list(hierarchy.objects(c, RDFS.subClassOf))
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
