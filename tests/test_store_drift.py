"""A store that stays exact (issue 23): a second ``docklaw load`` of the same law leaves the
same store, and docklaw's bookkeeping (the answers and VoID counts kept at load) is not in the
default graph a user's query reads.

Re-running ``docklaw load --store oxigraph:P`` as the README shows duplicated every blank-node
triple (29,433 -> 33,470 -> 37,507), so ``allocation-by-frontage`` and ``lint-ambiguities``
returned duplicate rows; and ``SELECT (COUNT(*) …) { ?s ?p ?o }`` counted 132 more triples
on the loaded store than on the memory store (the kept answers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from rdflib import BNode

from docklaw.cli import main
from docklaw.sparql.backends import open_store
from docklaw.sparql.specs import ANSWERS_GRAPH
from docklaw.sparql.store import Store

#: the scheduler's estimate (tests/conftest.py): these tests wait on a loaded store
pytestmark = pytest.mark.cost(2)

COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
DUPLICATING = ("allocation-by-frontage", "lint-ambiguities")


def rows(store: Store, text: str) -> Counter[tuple[str, ...]]:
    """The rows as a multiset, blank nodes made anonymous (their labels differ by load)."""
    result = store.query(text, timeout=60)
    return Counter(tuple("_:b" if isinstance(t, BNode) else repr(t) for t in row)
                   for row in result.rows)


def saved(name: str) -> str:
    from docklaw.queries.catalogue import catalogue
    from docklaw.queries.run import texts_of

    return texts_of(catalogue()[name])[0]


def quads(path: Path) -> int:
    store = open_store(f"oxigraph:{path}", execution="inline")
    try:
        return len(store.store)  # type: ignore[attr-defined]
    finally:
        store.close()


@pytest.fixture(scope="module")
def memory() -> Iterator[Store]:
    from docklaw.kg.build import closure_ntriples
    from docklaw.sparql.backends import knowledge_store

    store = knowledge_store("memory", ntriples=closure_ntriples)
    yield store
    store.close()


@pytest.fixture(scope="module")
def loaded_twice(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, int, int]]:
    path = tmp_path_factory.mktemp("store") / "law"
    assert main(["load", "--store", f"oxigraph:{path}"]) == 0
    first = quads(path)
    assert main(["load", "--store", f"oxigraph:{path}"]) == 0
    yield path, first, quads(path)


def test_a_second_load_leaves_the_same_store(loaded_twice: tuple[Path, int, int]) -> None:
    _path, first, second = loaded_twice
    assert second == first


def test_the_default_graph_holds_the_law_and_nothing_else(
        loaded_twice: tuple[Path, int, int], memory: Store) -> None:
    path, _first, total = loaded_twice
    store = open_store(f"oxigraph:{path}", execution="inline", read_only=True)
    try:
        law = int(store.query(COUNT).rows[0][0])  # type: ignore[arg-type]
        assert law == int(memory.query(COUNT).rows[0][0])  # type: ignore[arg-type]
        kept = int(store.query("SELECT (COUNT(*) AS ?n) WHERE { GRAPH <" + ANSWERS_GRAPH
                               + "> { ?s ?p ?o } }").rows[0][0])  # type: ignore[arg-type]
        assert kept > 0 and law + kept == total  # the answers are where docs/web.md says
        assert not store.query(f"ASK {{ ?s ?p ?o FILTER(STRSTARTS(STR(?s), "
                               f"\"{ANSWERS_GRAPH}\")) }}").boolean
    finally:
        store.close()


@pytest.mark.parametrize("name", DUPLICATING)
def test_the_saved_queries_answer_as_on_the_memory_store_after_two_loads(
        loaded_twice: tuple[Path, int, int], memory: Store, name: str) -> None:
    path, _first, _total = loaded_twice
    store = open_store(f"oxigraph:{path}", execution="inline", read_only=True)
    try:
        text = saved(name)
        assert rows(store, text) == rows(memory, text)
        from docklaw.queries.run import run_text

        kept = run_text(store, text)  # the answer kept at load, read back
        assert len(kept.rows) == sum(rows(memory, text).values())
    finally:
        store.close()


def test_add_still_adds_for_data_of_ones_own(tmp_path: Path) -> None:
    path = tmp_path / "own"
    assert main(["load", "--store", f"oxigraph:{path}", "--no-answers"]) == 0
    first = quads(path)
    assert main(["load", "--store", f"oxigraph:{path}", "--no-answers", "--add"]) == 0
    assert quads(path) > first  # the law's blank nodes are new: what --add warns of


@pytest.mark.parametrize("graph", ["not an iri", "", ANSWERS_GRAPH])
def test_a_graph_name_that_is_not_an_iri_is_bad_input(
        graph: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["load", "--store", "memory", "--graph", graph]) == 2
    assert "--graph" in capsys.readouterr().err


@pytest.mark.remote
def test_a_remote_store_loaded_twice_stays_exact(remote_url: str, memory: Store) -> None:
    """The same on the external SPARQL store: two loads, one law; the kept answers are not in
    the default graph docklaw queries (they are sent as a named graph only)."""
    spec = f"sparql:{remote_url}"
    assert main(["load", "--store", spec]) == 0
    store = open_store(spec, execution="inline", timeout=60)
    try:
        first = store.triple_count()
        assert main(["load", "--store", spec]) == 0
        store._graphs = None  # type: ignore[attr-defined]  # listed again after the load
        assert store.triple_count() == first
        assert ANSWERS_GRAPH in store.graph_names()
        law = int(store.query(COUNT).rows[0][0])  # type: ignore[arg-type]
        assert law == int(memory.query(COUNT).rows[0][0])  # type: ignore[arg-type]
        for name in DUPLICATING:
            assert rows(store, saved(name)) == rows(memory, saved(name))
    finally:
        store.close()
