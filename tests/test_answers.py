"""Saved-query answers kept by ``docklaw load`` (issue 17 item 3: ``docklaw.queries.answers``).

A store filled by ``docklaw load`` keeps every saved query's default answer; reading it back
gives exactly the rows evaluation gives, other parameters are still evaluated, every load
drops the old answers first, and an answer that does not decode is never used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import BNode, Literal, URIRef

from docklaw.kg.build import closure_graph
from docklaw.kg.store_commands import load_directory, load_with_answers
from docklaw.namespaces import LAW_GRAPH_IRI
from docklaw.queries import answers, run
from docklaw.queries.catalogue import catalogue
from docklaw.queries.run import Result, bind_values, bindings_for, run_saved, texts_of
from docklaw.sparql.backends import open_store
from docklaw.sparql.persistent import PersistentOxigraphStore

#: the scheduler's estimate (tests/conftest.py): these tests wait on a loaded store
pytestmark = pytest.mark.cost(0.5)


def rows(result: Result) -> Counter[tuple[str | None, ...]]:
    return Counter(tuple(None if r.get(v) is None else "_:" if isinstance(r[v], BNode)
                         else str(r[v]) for v in result.variables) for r in result.rows)


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PersistentOxigraphStore]:
    location = tmp_path_factory.mktemp("answers") / "db"
    load_directory(location, closure_graph(), LAW_GRAPH_IRI, replace=True)
    store = PersistentOxigraphStore(location, execution="inline", read_only=True)
    yield store
    store.close()


@pytest.mark.parametrize("name", sorted(catalogue()))
def test_the_kept_answer_is_what_evaluation_gives(loaded: PersistentOxigraphStore,
                                                  name: str) -> None:
    query = catalogue()[name]
    for text in texts_of(query):
        assert answers.lookup(loaded, text) is not None, text
    kept = run_saved(loaded, query)
    evaluated = run_saved(loaded, query, evaluate=True)
    assert kept.variables == evaluated.variables
    assert rows(kept) == rows(evaluated)
    assert [list(r) for r in kept.rows] == [list(r) for r in evaluated.rows] or any(
        isinstance(v, BNode) for r in kept.rows for v in r.values())  # order kept too


def test_other_parameters_are_evaluated(loaded: PersistentOxigraphStore) -> None:
    query = catalogue()["use-variance"]
    text = bind_values(query.text, bindings_for(query, {"jurisdiction": "north-haven"}))
    assert answers.lookup(loaded, text) is None
    result = run_saved(loaded, query, {"jurisdiction": "north-haven"})
    assert result.rows and all("north-haven" in str(r) for r in result.plain())


def test_a_load_without_answers_leaves_none_behind(tmp_path: Path) -> None:
    location = tmp_path / "db"
    load_directory(location, closure_graph(), LAW_GRAPH_IRI, replace=True)
    with_answers = PersistentOxigraphStore(location, execution="inline", read_only=True)
    assert answers.ANSWERS_GRAPH in with_answers.graph_names()
    with_answers.close()
    del with_answers
    load_directory(location, closure_graph(), LAW_GRAPH_IRI, replace=False,
                   answers=False)
    store = PersistentOxigraphStore(location, execution="inline", read_only=True)
    assert answers.ANSWERS_GRAPH not in store.graph_names()
    assert answers.lookup(store, catalogue()["use-variance"].text) is None
    store.close()


def test_an_answer_that_does_not_decode_is_never_used(tmp_path: Path) -> None:
    store = PersistentOxigraphStore(tmp_path / "db", execution="inline")
    load_with_answers(store, closure_graph(), LAW_GRAPH_IRI, True)
    query = catalogue()["use-variance"]
    node = answers.subject(query.text)
    graph = ox.NamedNode(answers.ANSWERS_GRAPH)
    subject = ox.NamedNode(str(node))
    for quad in list(store.store.quads_for_pattern(subject, ox.NamedNode(str(answers.COUNT)),
                                                   None, graph)):
        store.store.remove(quad)
    store.store.add(ox.Quad(subject, ox.NamedNode(str(answers.COUNT)),
                            ox.Literal("99999", datatype=ox.NamedNode(
                                "http://www.w3.org/2001/XMLSchema#integer")), graph))
    assert answers.lookup(store, query.text) is None  # a row count that does not match
    assert rows(run_saved(store, query)) == rows(run_saved(store, query, evaluate=True))
    store.close()


def test_cells_keep_their_kind_datatype_and_language() -> None:
    cells = [URIRef("https://example.org/x"), Literal("4", datatype=URIRef(
        "http://www.w3.org/2001/XMLSchema#decimal")), Literal("dock", lang="en"),
             Literal("plain"), None]
    assert [answers.decode(answers.encode(c)) for c in cells] == cells


def pieces_of(store: object, text: str) -> int:
    found = store.execute(store.check(  # type: ignore[attr-defined]
        f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH <{answers.ANSWERS_GRAPH}> {{ "
        f"<{answers.subject(text)}> <{answers.ROWS}> ?r }} }}"), None, deadline=None).rows
    return int(str(found[0][0]))


def test_an_answer_kept_in_pieces_reads_back_and_one_missing_piece_is_never_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1,000 codes one answer's JSON passed the 16 MiB a store's parser takes in one term
    (Oxigraph server: "Reached the buffer maximal size"): the rows are kept in pieces."""
    monkeypatch.setattr(answers, "PIECE", 500)
    store = PersistentOxigraphStore(tmp_path / "db", execution="inline")
    load_with_answers(store, closure_graph(), LAW_GRAPH_IRI, True)
    query = catalogue()["use-variance"]
    assert pieces_of(store, query.text) > 3
    assert rows(run_saved(store, query)) == rows(run_saved(store, query, evaluate=True))
    assert answers.lookup(store, query.text) is not None
    graph = ox.NamedNode(answers.ANSWERS_GRAPH)
    subject = ox.NamedNode(str(answers.subject(query.text)))
    quad = next(iter(store.store.quads_for_pattern(subject, ox.NamedNode(str(answers.ROWS)),
                                                   None, graph)))
    store.store.remove(quad)
    assert answers.lookup(store, query.text) is None  # evaluated instead
    assert rows(run_saved(store, query)) == rows(run_saved(store, query, evaluate=True))
    store.close()


def test_pieces_join_back_in_order_and_refuse_gaps() -> None:
    text = "x" * 1234 + "é:/" * 10
    cut = answers.pieces(text, 100)
    assert len(cut) == 13 and answers.joined(list(reversed(cut))) == text
    for broken in (cut[1:], cut + cut[:1], ["[[\"u\", \"https://x\"]]"]):
        with pytest.raises(ValueError):
            answers.joined(broken)


@pytest.mark.remote
def test_a_remote_store_keeps_and_reads_answers(remote_url: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answers, "PIECE", 2_000)  # several pieces over HTTP too
    store = open_store(f"sparql:{remote_url}", timeout=120)
    try:
        load_with_answers(store, closure_graph(), LAW_GRAPH_IRI, True)
        query = catalogue()["permit-path"]
        assert answers.lookup(store, texts_of(query)[0]) is not None
        assert pieces_of(store, texts_of(query)[0]) > 1
        assert rows(run_saved(store, query)) == rows(run_saved(store, query, evaluate=True))
    finally:
        answers.drop(store)
        store.close()


def test_the_query_page_runs_the_cli_text_and_reads_its_kept_answer(
        loaded: PersistentOxigraphStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page binds the declared defaults as the CLI does (one text, one answer) and reads
    the answer the load kept: evaluation is not even reachable here."""
    from docklaw.web import create_app
    from docklaw.web.knowledge import knowledge
    from docklaw.web.saved import bound_text

    query = catalogue()["allocation-by-frontage"]
    assert bound_text(query, {}) == texts_of(query)[0]
    app = create_app({"TESTING": True, "SPARQL_BACKEND": f"oxigraph:{loaded.path}",
                      "SPARQL_EXECUTION": "inline"})
    store = knowledge(app).store

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("evaluated although the load kept this answer")

    monkeypatch.setattr(store, "run_plan", refuse)
    page = app.test_client().get("/?saved=allocation-by-frontage")
    expected = run_saved(loaded, query)
    assert page.status_code == 200 and expected.rows
    assert str(expected.plain()[0][expected.variables[0]]) in page.text
    # the page's download link asks the endpoint for the same text: the same kept rows
    csv = app.test_client().get("/sparql", query_string={
        "query": bound_text(query, {}), "format": "csv"})
    assert csv.status_code == 200
    assert csv.headers["X-Docklaw-Rows"] == str(len(expected.rows))


def test_a_load_whose_answers_fail_keeps_the_law_and_no_answers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A store too slow to answer every query at load (a remote store of many codes past its
    timeout) still gets the law; no answer is kept, so every query is evaluated."""
    from docklaw.errors import QueryError

    def fail(*args: object, **kwargs: object) -> None:
        raise QueryError("sparql store http://x/query: unreadable answer")

    monkeypatch.setattr(run, "materialise", fail)
    store = PersistentOxigraphStore(tmp_path / "db", execution="inline")
    load_with_answers(store, closure_graph(), LAW_GRAPH_IRI, True, per_code=True)
    assert answers.ANSWERS_GRAPH not in store.graph_names()
    assert LAW_GRAPH_IRI in store.graph_names()
    assert "answers were not kept" in capsys.readouterr().err
    query = catalogue()["use-variance"]
    assert answers.lookup(store, texts_of(query)[0]) is None
    assert run_saved(store, query).rows
    store.close()
