"""One named graph per code plus the shared graph (issue 17 items 3 and 6).

The law graph split by ``docklaw.sparql.partition`` and loaded with
``docklaw.sparql.backends.load_per_code`` answers every saved query exactly as the single law
graph does (the default graph is the union), each code's graph holds only that code, and no
blank-node island is split. The same load against a real remote store
(``DOCKLAW_TEST_SPARQL_URL``, the Oxigraph server CI starts) gives the same rows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rdflib import BNode

from docklaw import jurisdictions
from docklaw.kg.build import closure_ntriples
from docklaw.queries.catalogue import catalogue
from docklaw.queries.run import Result, bindings_for, code_dataset, run_saved
from docklaw.sparql.backends import LAW_GRAPH_IRI, load_per_code, open_store
from docklaw.sparql.partition import code_graph, partition
from docklaw.sparql.store import OxigraphStore, Store


def rows(result: Result) -> Counter[tuple[str | None, ...]]:
    """Rows as plain strings; blank nodes (labels differ between loads) as "_:"."""
    return Counter(tuple(None if r.get(v) is None else "_:" if isinstance(r[v], BNode)
                         else str(r[v]) for v in result.variables) for r in result.rows)


@pytest.fixture(scope="module")
def single() -> Iterator[OxigraphStore]:
    store = OxigraphStore(execution="inline")
    store.load_ntriples(LAW_GRAPH_IRI, closure_ntriples())
    yield store
    store.close()


@pytest.fixture(scope="module")
def per_code() -> Iterator[OxigraphStore]:
    store = OxigraphStore(execution="inline")
    load_per_code(store, closure_ntriples())
    yield store
    store.close()


def test_graphs_are_the_shared_one_and_one_per_code(per_code: OxigraphStore,
                                                   single: OxigraphStore) -> None:
    assert per_code.graph_names() == {LAW_GRAPH_IRI, *(code_graph(j) for j in jurisdictions.ids())}
    assert per_code.triple_count() == single.triple_count()


@pytest.mark.parametrize("jid", jurisdictions.ids())
def test_a_code_graph_holds_that_code_only(per_code: OxigraphStore, jid: str) -> None:
    found = per_code.query(
        f"SELECT DISTINCT ?j WHERE {{ GRAPH <{code_graph(jid)}> "
        "{ ?s <https://w3id.org/docklaw/ontology#jurisdiction> ?j } }")
    assert [str(r[0]) for r in found.rows] == [f"https://w3id.org/docklaw/jurisdiction/{jid}"]


def test_blank_node_islands_stay_together() -> None:
    lines = [
        '<https://w3id.org/docklaw/rule/north-haven/r> <urn:limit> _:b1 .',
        '_:b1 <urn:value> "4" .',
        '_:b1 <urn:unit> _:b2 .',
        '_:b2 <urn:label> "feet" .',
        '<https://w3id.org/docklaw/ontology#Dock> <urn:label> "dock" .',
        '<https://w3id.org/docklaw/rule/kings-point/r> <urn:limit> _:b3 .',
        '_:b3 <urn:value> "_:b1 in a literal" .',
    ]
    parts = partition(lines)
    assert parts[code_graph("north-haven")] == lines[:4]
    assert parts[LAW_GRAPH_IRI] == [lines[4]]
    assert parts[code_graph("kings-point")] == lines[5:]


def saved_query_rows(store: Store) -> dict[str, Counter[tuple[str | None, ...]]]:
    return {name: rows(run_saved(store, query)) for name, query in catalogue().items()}


def test_every_saved_query_answers_the_same_per_code(per_code: OxigraphStore,
                                                     single: OxigraphStore) -> None:
    before, after = saved_query_rows(single), saved_query_rows(per_code)
    for name in catalogue():
        assert after[name] == before[name], name
    assert sum(len(r) for r in before.values()) > 500


BOUND = sorted(name for name, q in catalogue().items()
               if any(p.name == "jurisdiction" for p in q.params))


@pytest.mark.parametrize("name", BOUND)
def test_a_question_about_one_code_reads_only_that_codes_graph(
        per_code: OxigraphStore, single: OxigraphStore, name: str) -> None:
    """Bound to one code, a saved query runs on that code's graph plus the shared graph (not
    on every code's) and answers exactly as on the whole law."""
    query = catalogue()[name]
    for jid in jurisdictions.ids():
        bindings = bindings_for(query, {"jurisdiction": jid})
        assert code_dataset(per_code, bindings) == [LAW_GRAPH_IRI, code_graph(jid)]
        assert code_dataset(single, bindings) == []  # one graph: nothing to narrow
        narrowed = run_saved(per_code, query, {"jurisdiction": jid}, evaluate=True)
        whole = run_saved(single, query, {"jurisdiction": jid}, evaluate=True)
        assert rows(narrowed) == rows(whole), (name, jid)


@pytest.mark.remote
def test_remote_store_loaded_per_code_answers_the_same(single: OxigraphStore,
                                                       remote_url: str) -> None:
    store = open_store(f"sparql:{remote_url}", timeout=120)
    try:
        sent = load_per_code(store, closure_ntriples(), replace=True)
        assert set(sent) >= {LAW_GRAPH_IRI, *(code_graph(j) for j in jurisdictions.ids())}
        remote, local = saved_query_rows(store), saved_query_rows(single)
        for name in catalogue():
            assert remote[name] == local[name], name
        for name in ("permit-path", "use-variance"):  # bound: read that code's graph only
            query = catalogue()[name]
            assert code_dataset(store, bindings_for(query, {"jurisdiction": "jerusalem"})) \
                == [LAW_GRAPH_IRI, code_graph("jerusalem")]
            assert rows(run_saved(store, query, {"jurisdiction": "jerusalem"})) == rows(
                run_saved(single, query, {"jurisdiction": "jerusalem"})), name
    finally:
        for name in (code_graph(j) for j in jurisdictions.ids()):
            store.drop_graph(name)  # type: ignore[attr-defined]
        store.close()


def test_page_snapshot_reads_every_code_graph(per_code: OxigraphStore,
                                              single: OxigraphStore) -> None:
    """`serve --store SPEC` renders its pages from the law in the store (``law_view``): with
    one graph per code that is the shared graph plus every code's graph."""
    from docklaw.sparql.view import law_view

    assert len(law_view(per_code)) == len(law_view(single)) > 20000


def test_the_query_page_bound_to_one_code_reads_that_codes_graph(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`docklaw load` lays a store out per code; the query page, with a saved query bound to
    one code, asks the store for that code's graph and the shared graph only, and shows the
    rows the CLI gives."""
    from docklaw.kg.build import closure_graph
    from docklaw.kg.store_commands import load_directory
    from docklaw.web import create_app
    from docklaw.web.knowledge import knowledge

    location = tmp_path / "db"
    load_directory(location, closure_graph(), LAW_GRAPH_IRI, replace=True, answers=False,
                   per_code=True)
    app = create_app({"TESTING": True, "SPARQL_BACKEND": f"oxigraph:{location}",
                      "SPARQL_EXECUTION": "inline"})
    store = knowledge(app).store
    asked: list[tuple[str, ...]] = []
    check = store.check

    def recording(text: str, default_graph_uris: Any = (), *args: Any, **kwargs: Any) -> Any:
        asked.append(tuple(default_graph_uris))
        return check(text, default_graph_uris, *args, **kwargs)

    monkeypatch.setattr(store, "check", recording)
    page = app.test_client().get("/?saved=permit-path&p-jurisdiction=jerusalem")
    assert page.status_code == 200
    assert (LAW_GRAPH_IRI, code_graph("jerusalem")) in asked
    expected = run_saved(store, catalogue()["permit-path"], {"jurisdiction": "jerusalem"})
    assert expected.rows and all(str(row[0]) in page.text for row in
                                 ([r[v] for v in expected.variables] for r in expected.rows))
