"""``sparql:URL#union=server``: all-code questions read the server's own union default graph.

Against two real Oxigraph servers started by ``.ci/run``: one with ``--union-default-graph``
(``DOCKLAW_TEST_SPARQL_UNION_URL``) and the plain one (``DOCKLAW_TEST_SPARQL_URL``). The law
is loaded one named graph per code; every saved query must answer as on the embedded store,
and the option must be refused, never trusted, on a server whose default graph is not the
union (it would answer every all-code question from an empty graph).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from docklaw import paths
from docklaw.errors import QueryError
from docklaw.sparql.backends import load_graph, open_store
from docklaw.sparql.remote import Endpoints, RemoteStore
from docklaw.sparql.store import Store

pytestmark = pytest.mark.remote

QUERY_FILES = sorted(paths.QUERIES_DIR.glob("*.rq"))
#: Named graph of this test (the plain server's test file loads its own graphs).
GRAPH = "https://w3id.org/docklaw/graph/test-union"


def url_from(variable: str) -> str:
    url = os.environ.get(variable)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {variable} is not: .ci/run must start the server")
        pytest.skip(f"no external SPARQL store: set {variable}")
    return url


@pytest.fixture(scope="module")
def union_store() -> Iterator[RemoteStore]:
    from docklaw.kg.build import closure_graph

    store = open_store(f"sparql:{url_from('DOCKLAW_TEST_SPARQL_UNION_URL')}#union=server",
                       timeout=60)
    assert isinstance(store, RemoteStore) and store.endpoints.server_union
    load_graph(store, closure_graph(), GRAPH, replace=True)
    yield store
    store.close()


@pytest.fixture(scope="module")
def embedded() -> Iterator[Store]:
    from docklaw.kg.build import closure_graph

    store = open_store("memory", execution="inline")
    load_graph(store, closure_graph())
    yield store
    store.close()


def test_the_option_is_read_from_the_spec_and_nothing_else_is_accepted() -> None:
    assert Endpoints.parse("http://127.0.0.1:7878#union=server").server_union
    assert not Endpoints.parse("http://127.0.0.1:7878").server_union
    with pytest.raises(QueryError, match="union='yes' is not an option"):
        Endpoints.parse("http://127.0.0.1:7878#union=yes")


def rows(store: Store, text: str) -> object:
    result = store.query(text, timeout=60)
    if result.kind == "ASK":
        return result.boolean
    return sorted(repr(row) for row in result.rows if not any(
        type(term).__name__ == "BNode" for term in row))


@pytest.mark.parametrize("path", QUERY_FILES, ids=lambda p: p.stem)
def test_a_saved_query_answers_on_the_server_union_as_on_the_embedded_store(
        path: Path, union_store: RemoteStore, embedded: Store) -> None:
    text = path.read_text(encoding="utf-8")
    assert rows(union_store, text) == rows(embedded, text)


def sent_lists(store: RemoteStore, monkeypatch: pytest.MonkeyPatch
               ) -> list[tuple[list[str], list[str]]]:
    """The (default, named) graph lists of every request the store sends from now on."""
    sent: list[tuple[list[str], list[str]]] = []
    original = store._post_query

    def spy(sparql, kind, default, named, max_rows, timeout):  # type: ignore[no-untyped-def]
        sent.append((list(default), list(named)))
        return original(sparql, kind, default, named, max_rows, timeout)

    monkeypatch.setattr(store, "_post_query", spy)
    return sent


def test_a_query_naming_no_graph_sends_no_graph_list(union_store: RemoteStore,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    sent = sent_lists(union_store, monkeypatch)
    result = union_store.query("SELECT (COUNT(*) AS ?n) WHERE { ?s a ?c }")
    assert int(result.rows[0][0]) > 0  # type: ignore[arg-type]
    assert sent and all(lists == ([], []) for lists in sent)  # (the graph names, the check)


def test_the_option_is_refused_on_a_server_without_a_union_default_graph() -> None:
    from docklaw.kg.build import closure_graph

    plain = open_store(f"sparql:{url_from('DOCKLAW_TEST_SPARQL_URL')}#union=server",
                       timeout=60)
    load_graph(plain, closure_graph(), GRAPH, replace=True)
    with pytest.raises(QueryError, match="not the union of its named graphs") as err:
        plain.query("SELECT ?s WHERE { ?s ?p ?o } LIMIT 1")
    assert err.value.http_status == 502
    plain.drop_graph(GRAPH)


def test_with_answers_kept_only_a_query_that_could_read_them_is_sent_the_graph_list(
        union_store: RemoteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept answers sit in the server's union too; a query none of whose patterns could
    match one of their triples (every predicate named, none in their namespace) reads the same
    rows without the list of every other graph, which on 1,000 codes cost minutes; one that
    could (a variable predicate, their own predicate) is sent the list and never sees them."""
    from rdflib import Graph, Literal, URIRef

    from docklaw.queries.answers import ROWS
    from docklaw.sparql.specs import ANSWERS_GRAPH

    kept = Graph()
    kept.add((URIRef(ANSWERS_GRAPH + "/test-union"), ROWS, Literal("0/1:[]")))
    union_store.add_graph(ANSWERS_GRAPH, kept)
    sent = sent_lists(union_store, monkeypatch)
    try:
        closed = union_store.query("SELECT (COUNT(*) AS ?n) WHERE { ?s a ?c }")
        assert int(closed.rows[0][0]) > 0  # type: ignore[arg-type]
        assert sent and all(lists == ([], []) for lists in sent)  # (the graph names, the check)
        sent.clear()
        for text in (f"SELECT ?o WHERE {{ ?s <{ROWS}> ?o }}",
                     f"SELECT ?o WHERE {{ ?s ?p ?o FILTER(?p = <{ROWS}>) }}"):
            assert union_store.query(text).rows == []
            default, named = sent.pop()
            assert ANSWERS_GRAPH not in default and GRAPH in default and ANSWERS_GRAPH in named
    finally:
        union_store.drop_graph(ANSWERS_GRAPH)
