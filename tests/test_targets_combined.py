"""Explicit SPARQL targets of a code are answered in one Oxigraph query per application;
each shape must get exactly the focus nodes its own query selects.

Why it matters: a node missing from a shape's focus nodes is a rule that silently never runs.
"""

from __future__ import annotations

from rdflib import Graph, URIRef
from rdflib.namespace import RDF

from docklaw.law.targets import Mirror, combined_query

EX = "http://example.org/"
DOCK, LIFT = URIRef(f"{EX}Dock"), URIRef(f"{EX}Lift")
TARGETS = [
    ("docks", f"SELECT DISTINCT ?this WHERE {{ ?this a <{DOCK}> }}"),
    ("lifts", f"SELECT ?this WHERE {{ ?this a <{LIFT}> }}"),
    ("parts", f"SELECT DISTINCT ?this WHERE {{ ?s <{EX}hasPart> ?this . ?s a <{DOCK}> }}"),
    ("none", f"SELECT ?this WHERE {{ ?this a <{EX}Nothing> }}"),
]


def graph() -> Graph:
    g = Graph()
    for i in range(3):
        g.add((URIRef(f"{EX}d{i}"), RDF.type, DOCK))
        g.add((URIRef(f"{EX}d{i}"), URIRef(f"{EX}hasPart"), URIRef(f"{EX}l{i}")))
        g.add((URIRef(f"{EX}l{i}"), RDF.type, LIFT))
    return g


def test_one_query_gives_each_shape_what_its_own_query_selects() -> None:
    mirror = Mirror(graph())
    together = mirror.select_all(TARGETS)
    assert together == {shape: mirror.select(query) for shape, query in TARGETS}
    assert together["docks"] == [URIRef(f"{EX}d{i}") for i in range(3)]
    assert together["parts"] == [URIRef(f"{EX}l{i}") for i in range(3)]
    assert together["none"] == []


def test_a_query_that_cannot_be_nested_is_run_on_its_own() -> None:
    with_prologue = [("p", f"PREFIX ex: <{EX}> SELECT ?this WHERE {{ ?this a ex:Dock }}"),
                     *TARGETS[:1]]
    assert combined_query([q for _s, q in with_prologue]) is None
    with_from = [("f", f"SELECT ?this FROM <{EX}g> WHERE {{ ?this a <{DOCK}> }}"), *TARGETS[:1]]
    mirror = Mirror(graph())
    assert mirror.select_all(with_from) == {s: mirror.select(q) for s, q in with_from}
    assert mirror.select_all(with_prologue)["p"] == [URIRef(f"{EX}d{i}") for i in range(3)]
