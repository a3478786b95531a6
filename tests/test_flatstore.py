"""The flat store that backs derived applications, the law and the compiled shapes answers
exactly what rdflib's own Memory store answers.

Why it matters: every lookup of a validation goes through it; a lookup that missed a triple
would make a fact look unstated (information needed) or a limit look absent.
"""

from __future__ import annotations

import pickle
import random
from itertools import product

from pyshacl import validate
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF, RDFS, SH, XSD
from rdflib.paths import MulPath

from docklaw.kg.flatstore import FlatGraph, flat_graph
from docklaw.law.decide import shacl_path

EX = "http://example.org/"


def random_graph(seed: int, size: int = 400) -> Graph:
    rng = random.Random(seed)
    nodes = [URIRef(f"{EX}n{i}") for i in range(25)] + [BNode(f"b{i}") for i in range(5)]
    preds = [URIRef(f"{EX}p{i}") for i in range(6)] + [RDF.type, RDFS.subClassOf]
    values = nodes + [Literal(i) for i in range(5)] + [Literal("01", datatype=XSD.integer),
                                                        Literal("x", lang="en")]
    g = Graph()
    for _ in range(size):
        g.add((rng.choice(nodes), rng.choice(preds), rng.choice(values)))
    return g


def answers(g: Graph, s: object, p: object, o: object) -> dict[str, object]:
    return {
        "triples": sorted(g.triples((s, p, o))),
        "objects": sorted(g.objects(s, p)) if s is not None or p is not None else None,
        "subjects": sorted(g.subjects(p, o)) if p is not None or o is not None else None,
        # value(any=True) is "one of them" in rdflib too: compare which ones qualify
        "value": (g.value(s, p) in set(g.objects(s, p)) or not set(g.objects(s, p)))
        if s is not None and p is not None else None,
        "contains": (s, p, o) in g,
    }


def test_every_lookup_pattern_answers_as_rdflib_memory_does() -> None:
    reference = random_graph(1)
    flat = flat_graph(reference)
    assert len(flat) == len(reference)
    subjects = [None, URIRef(f"{EX}n3"), BNode("b1"), URIRef(f"{EX}absent")]
    predicates = [None, URIRef(f"{EX}p2"), RDF.type, URIRef(f"{EX}absent")]
    objects = [None, URIRef(f"{EX}n4"), Literal(2), Literal("01", datatype=XSD.integer)]
    for s, p, o in product(subjects, predicates, objects):
        assert answers(flat, s, p, o) == answers(reference, s, p, o), (s, p, o)


def test_property_paths_and_sparql_read_the_flat_store_like_any_graph() -> None:
    reference = random_graph(2)
    flat = flat_graph(reference)
    path = MulPath(URIRef(f"{EX}p1"), "+")
    start = URIRef(f"{EX}n1")
    assert sorted(flat.objects(start, path)) == sorted(reference.objects(start, path))
    query = f"SELECT ?s ?o WHERE {{ ?s <{EX}p0>/<{EX}p1> ?o }}"
    assert sorted(flat.query(query)) == sorted(reference.query(query))


def test_adding_while_iterating_is_allowed_and_removing_keeps_the_indices_clean() -> None:
    flat = FlatGraph()
    for i in range(5):
        flat.add((URIRef(f"{EX}s{i}"), RDF.type, URIRef(f"{EX}Dock")))
    for s in flat.subjects(RDF.type, URIRef(f"{EX}Dock")):  # Memory allows this too
        flat.add((s, RDF.type, URIRef(f"{EX}Structure")))
    assert len(flat) == 10
    flat.remove((None, RDF.type, URIRef(f"{EX}Dock")))
    assert len(flat) == 5
    assert (None, None, URIRef(f"{EX}Dock")) not in flat
    assert URIRef(f"{EX}Dock") not in flat.store._osp
    assert flat.value(URIRef(f"{EX}s0"), RDF.type) == URIRef(f"{EX}Structure")


def test_a_pickled_flat_graph_comes_back_as_a_flat_graph_with_its_triples_and_prefixes() -> None:
    flat = flat_graph(random_graph(3))
    flat.bind("ex", EX)
    back = pickle.loads(pickle.dumps(flat))
    assert type(back) is FlatGraph
    assert set(back) == set(flat) and len(back) == len(flat)
    assert back.identifier == flat.identifier
    assert ("ex", URIRef(EX)) in set(back.namespaces())


def test_a_remembered_fact_is_forgotten_when_the_graph_changes() -> None:
    shapes = FlatGraph()
    path = BNode()
    shapes.add((path, SH.inversePath, URIRef(f"{EX}hasPart")))
    first = shacl_path(shapes, path)
    assert shacl_path(shapes, path) is first  # remembered
    shapes.remove((path, SH.inversePath, None))
    shapes.add((path, SH.zeroOrMorePath, URIRef(f"{EX}hasPart")))
    assert str(shacl_path(shapes, path)) != str(first)


def test_pyshacl_validates_a_flat_data_graph() -> None:
    data = FlatGraph()
    dock = URIRef(f"{EX}dock")
    data.add((dock, RDF.type, URIRef(f"{EX}Dock")))
    data.add((dock, URIRef(f"{EX}length"), Literal(50)))
    shapes = Graph().parse(data=f"""
        @prefix sh: <http://www.w3.org/ns/shacl#> .
        <{EX}S> a sh:NodeShape ; sh:targetClass <{EX}Dock> ;
            sh:property [ sh:path <{EX}length> ; sh:maxInclusive 40 ] .
    """, format="turtle")
    conforms, report, _text = validate(data, shacl_graph=shapes, inference="none")
    assert conforms is False
    assert (None, SH.focusNode, dock) in report
    assert (None, SH.value, Literal(50)) in report
