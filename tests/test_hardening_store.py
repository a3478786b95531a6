"""``docklaw load --store oxigraph:PATH`` never leaves a half-made store (issue 13, item 6).

A load killed mid-way used to work on PATH itself: ``query`` and ``serve`` then failed on
the directory ("Column family not found", an internal error), or, with --replace, found the
law graph already dropped. Loads now fill a copy beside PATH and rename it into place; a
directory that is not a readable store is an input error naming the repairing command.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from rdflib import Graph, URIRef

from docklaw.cli import main
from docklaw.errors import InputError
from docklaw.namespaces import LAW_GRAPH_IRI
from docklaw.sparql.persistent import PersistentOxigraphStore

KILLED_LOAD = r"""
import os, signal, sys
from rdflib import Graph, URIRef
from docklaw.kg import build
from docklaw.sparql import persistent
new = Graph()
for i in range(500):
    new.add((URIRef(f"http://e/new{i}"), URIRef("http://e/p"), URIRef("http://e/o")))
build.closure_graph = lambda: new
def dying(self, name, graph):
    os.kill(os.getpid(), signal.SIGKILL)  # the machine stops mid-load
persistent.PersistentOxigraphStore.add_graph = dying
from docklaw.cli import main
main(["load", "--store", "oxigraph:" + sys.argv[1], "--replace"])
"""


def small(prefix: str, count: int) -> Graph:
    g = Graph()
    for i in range(count):
        g.add((URIRef(f"http://e/{prefix}{i}"), URIRef("http://e/p"), URIRef("http://e/o")))
    return g


def law_count(path: Path) -> int:
    store = PersistentOxigraphStore(path, execution="inline", read_only=True)
    try:
        result = store.query(f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH <{LAW_GRAPH_IRI}> "
                             "{ ?s ?p ?o } }")
        return int(result.rows[0][0])  # type: ignore[arg-type]
    finally:
        store.close()


def load(path: Path, graph: Graph, monkeypatch: pytest.MonkeyPatch, *extra: str) -> int:
    from docklaw.kg import build

    monkeypatch.setattr(build, "closure_graph", lambda: graph)
    return main(["load", "--store", f"oxigraph:{path}", *extra])


def test_killed_load_leaves_the_old_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    path = tmp_path / "store"
    assert load(path, small("old", 10), monkeypatch) == 0
    assert law_count(path) == 10
    done = subprocess.run([sys.executable, "-c", KILLED_LOAD, str(path)], timeout=300,
                          capture_output=True, text=True)
    assert done.returncode == -9, done.stderr[-2000:]  # it really was killed
    assert law_count(path) == 10  # the old store, whole
    assert load(path, small("new", 7), monkeypatch, "--replace") == 0
    assert law_count(path) == 7
    leftovers = [p.name for p in tmp_path.iterdir() if ".loading-" in p.name]
    assert leftovers == []  # the killed load's copy was cleaned up by the next load


def test_load_add_adds_to_what_the_store_holds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    path = tmp_path / "store"
    assert load(path, small("a", 3), monkeypatch) == 0
    assert load(path, small("b", 4), monkeypatch, "--add") == 0
    assert law_count(path) == 7
    assert (tmp_path / ".store.previous").is_dir()  # a reader of the old one keeps working


def test_load_replaces_the_graph_it_writes_by_default(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "store"
    assert load(path, small("a", 3), monkeypatch) == 0
    assert load(path, small("b", 4), monkeypatch) == 0
    assert law_count(path) == 4


def test_damaged_store_is_an_input_error_naming_the_repair(tmp_path: Path, capsys,  # type: ignore[no-untyped-def]
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    path = tmp_path / "store"
    path.mkdir()
    (path / "CURRENT").write_text("MANIFEST-000099\n")  # what a killed creation leaves
    with pytest.raises(InputError) as info:
        PersistentOxigraphStore(path, read_only=True)
    assert f"docklaw load --store oxigraph:{path} --replace" in info.value.message
    assert main(["query", "--store", f"oxigraph:{path}", "ASK { ?s ?p ?o }"]) == 2
    assert "--replace" in capsys.readouterr().err
    # without --replace a load refuses to build on it; with it, the store is rebuilt
    assert load(path, small("a", 2), monkeypatch) == 2
    assert load(path, small("a", 2), monkeypatch, "--replace") == 0
    assert law_count(path) == 2


def test_a_query_worker_retries_a_read_only_open_the_writer_races(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch
                                                                   ) -> None:
    """RocksDB's read-only open can meet a compaction of the writer (CI saw a freshly loaded
    store refused once): a failure that passes on a later try is not a broken store."""
    from docklaw.sparql import persistent

    path = tmp_path / "store"
    PersistentOxigraphStore(path).close()
    real = persistent.PersistentOxigraphStore
    tries: list[int] = []

    def flaky(*args, **kwargs):  # type: ignore[no-untyped-def]
        tries.append(1)
        if len(tries) < 3:
            raise InputError("cannot open oxigraph store (a table file vanished)")
        return real(*args, **kwargs)

    monkeypatch.setattr(persistent, "PersistentOxigraphStore", flaky)
    monkeypatch.setattr(persistent.time, "sleep", lambda seconds: None)
    assert persistent.open_read_only(str(path)).read_only and len(tries) == 3


def test_a_query_worker_on_a_damaged_store_names_the_repair(tmp_path: Path) -> None:
    """The worker's error is the store's own message (the repairing command), not the name
    of an exception class."""
    from docklaw.errors import QueryError
    from docklaw.sparql.persistent import _DiskExecute
    from docklaw.sparql.runner import ProcessRunner

    path = tmp_path / "store"
    path.mkdir()
    (path / "CURRENT").write_text("MANIFEST-000099\n")  # what a killed creation leaves
    plan = PersistentOxigraphStore(tmp_path / "good").check("ASK { ?s ?p ?o }")
    runner = ProcessRunner(_DiskExecute(str(path)), 1, start_method="spawn")
    try:
        with pytest.raises(QueryError) as info:
            runner.run((plan, None), 60)
    finally:
        runner.close()
    assert f"docklaw load --store oxigraph:{path} --replace" in info.value.message
