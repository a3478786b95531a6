"""The store interface: both backends, datasets, row cap, and the hard timeout."""

from __future__ import annotations

import time

import pytest
from rdflib import Graph, Literal, URIRef

from docklaw.errors import QueryError, QueryTimeout
from docklaw.sparql import make_store

G1, G2 = "http://example.org/g1", "http://example.org/g2"


def graph(n: int, tag: str) -> Graph:
    g = Graph()
    for i in range(n):
        g.add((URIRef(f"http://example.org/{tag}/{i}"), URIRef("http://example.org/p"),
               Literal(i)))
    return g


@pytest.fixture(params=["oxigraph", "rdflib"])
def store(request):  # type: ignore[no-untyped-def]
    s = make_store(request.param, {G1: graph(30, "a"), G2: graph(5, "b")}, execution="inline")
    yield s
    s.close()


def test_union_default_graph_and_row_cap(store) -> None:  # type: ignore[no-untyped-def]
    result = store.query("SELECT ?s WHERE { ?s ?p ?o }", max_rows=10)
    assert (result.kind, len(result.rows), result.truncated) == ("SELECT", 10, True)
    full = store.query("SELECT ?s WHERE { ?s ?p ?o }")
    assert (len(full.rows), full.truncated) == (35, False)


def test_from_and_protocol_dataset(store) -> None:  # type: ignore[no-untyped-def]
    count = "SELECT (COUNT(*) AS ?n) {}"
    q = count.replace("{}", "FROM <" + G2 + "> { ?s ?p ?o }")
    assert store.query(q).rows[0][0].toPython() == 5
    # protocol parameters override FROM
    assert store.query(q, default_graph_uris=[G1]).rows[0][0].toPython() == 30
    ask = "ASK { GRAPH <" + G1 + "> { ?s ?p ?o } }"
    assert store.query(ask, named_graph_uris=[G1]).boolean is True
    assert store.query(ask, named_graph_uris=[G2]).boolean is False


def test_construct_capped(store) -> None:  # type: ignore[no-untyped-def]
    result = store.query("CONSTRUCT WHERE { ?s ?p ?o }", max_rows=7)
    assert (result.kind, len(result.graph), result.truncated) == ("CONSTRUCT", 7, True)


@pytest.mark.parametrize("query,status,phrase", [
    ("ASK {", 400, "line 1, column 6"),
    ("CLEAR ALL", 403, "CLEAR"),
    ("LOAD <http://example.org/x>", 403, "LOAD"),
    ("INSERT DATA { <a:b> <a:c> <a:d> }", 403, "INSERT DATA"),
    ("SELECT * { SERVICE <http://example.org/s> { ?a ?b ?c } }", 403, "SERVICE"),
    ("SELECT * FROM <http://example.org/elsewhere> { ?a ?b ?c }", 403,
     "FROM <http://example.org/elsewhere>"),
    ("SELECT * FROM NAMED <http://example.org/elsewhere> { ?a ?b ?c }", 403, "FROM NAMED"),
    ("PREFIX e: <http://example.org/> SELECT * FROM e:nowhere { ?a ?b ?c }", 403, "<http://example.org/nowhere>"),
])
def test_refused_before_evaluation(  # type: ignore[no-untyped-def]
        store, query: str, status: int, phrase: str) -> None:
    with pytest.raises(QueryError) as info:
        store.query(query)
    assert info.value.http_status == status
    assert phrase in info.value.message


def test_unknown_protocol_graph_refused(store) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(QueryError, match=r"default-graph-uri <http://example\.org/x>"):
        store.query("ASK {}", default_graph_uris=["http://example.org/x"])


def test_hard_timeout_kills_the_query_and_the_store_keeps_serving() -> None:
    """A cross product that one next() cannot finish: killed at the timeout, then serving."""
    store = make_store("oxigraph", {G1: graph(400, "a")}, execution="process", workers=1)
    try:
        assert store.query("ASK { ?s ?p ?o }", timeout=5).boolean is True  # worker warm
        started = time.monotonic()
        with pytest.raises(QueryTimeout) as info:
            store.query("SELECT (COUNT(*) AS ?n) { ?a ?p ?o . ?b ?q ?r . ?c ?x ?y . ?d ?e ?f }",
                        timeout=1.0)
        elapsed = time.monotonic() - started
        assert info.value.http_status == 503
        assert 1.0 <= elapsed < 8.0  # killed at the timeout, not left to finish
        assert store.query("ASK { ?s ?p ?o }", timeout=5).boolean is True
        assert store.runner.killed == 1  # type: ignore[union-attr]
    finally:
        store.close()
