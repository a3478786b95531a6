"""Every backend from every entry point: the saved queries and ``compare`` give the same
answers on memory, rdflib and oxigraph:PATH; ``docklaw query|compare|serve --store`` and the
web app (``SPARQL_BACKEND``) work on a filled persistent store and refuse an empty one by
name; the safety rules hold on each backend; the safety check's parse is cached.

The remote store (``sparql:URL``) gets the same checks in ``tests/test_remote_store.py``
(marked ``remote``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import XSD
from rdflib.term import Node

from docklaw import paths
from docklaw.cli import main
from docklaw.errors import InputError, QueryError, QueryTimeout
from docklaw.kg import store_commands
from docklaw.kg.build import closure_graph
from docklaw.namespaces import LAW_GRAPH_IRI
from docklaw.queries.catalogue import catalogue, get
from docklaw.queries.compare import build_report, render
from docklaw.queries.run import run_saved
from docklaw.sparql import safety
from docklaw.sparql.backends import knowledge_store
from docklaw.sparql.persistent import PersistentOxigraphStore
from docklaw.sparql.store import Store

BACKENDS = ("memory", "rdflib", "disk")
NUMERIC = {XSD.integer, XSD.decimal, XSD.double, XSD.float}
SECTION = "https://w3id.org/docklaw/code/north-haven/56-2D"
DL_CITATION = "https://w3id.org/docklaw/ontology#citation"


@pytest.fixture(scope="module")
def disk_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A persistent Oxigraph store filled by ``docklaw load`` (then closed: readers open it)."""
    location = tmp_path_factory.mktemp("store") / "db"
    parser = argparse.ArgumentParser()
    store_commands.register(parser.add_subparsers())
    args = parser.parse_args(["load", "--store", f"oxigraph:{location}"])
    assert args.func(args) == 0
    return location


@pytest.fixture(scope="module")
def empty_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    location = tmp_path_factory.mktemp("empty") / "db"
    PersistentOxigraphStore(location, execution="inline").close()
    return location


@pytest.fixture(scope="module")
def stores(disk_path: Path) -> Iterator[dict[str, Store]]:
    found = {"memory": knowledge_store("memory", graph=closure_graph),
             "rdflib": knowledge_store("rdflib", graph=closure_graph),
             "disk": knowledge_store(f"oxigraph:{disk_path}")}
    yield found
    for store in found.values():
        store.close()


def canonical(term: Node | None) -> object:
    """Blank-node labels differ between stores, and numbers may be written differently."""
    if term is None:
        return None
    if isinstance(term, BNode):
        return "_:b"
    if isinstance(term, Literal) and term.datatype in NUMERIC:
        return ("number", Decimal(str(term.toPython())).normalize())
    if isinstance(term, Literal):
        return ("literal", str(term), term.language, str(term.datatype or XSD.string))
    return str(term)


def answer(store: Store, name: str, **params: str) -> tuple[list[str], list[str]]:
    result = run_saved(store, get(name), params)
    rows = sorted(repr(tuple(canonical(r[v]) for v in result.variables)) for r in result.rows)
    return result.variables, rows


# --------------------------------------------------------------------------- same answers


@pytest.mark.parametrize("name", sorted(catalogue()))
def test_saved_query_same_answer_on_every_backend(name: str,
                                                  stores: dict[str, Store]) -> None:
    expected = answer(stores["memory"], name)
    assert expected[1] or name.startswith("lint-"), f"{name}: no rows on memory"
    for backend in ("rdflib", "disk"):
        assert answer(stores[backend], name) == expected, f"{name}: {backend} differs"


def test_bound_parameters_same_answer_on_every_backend(stores: dict[str, Store]) -> None:
    for name, params in (("term-side-by-side", {"term": "float"}),
                         ("allocation-by-frontage", {"frontage": "150"}),
                         ("max-length", {"jurisdiction": "keuka"})):
        expected = answer(stores["memory"], name, **params)
        assert expected[1], name
        for backend in ("rdflib", "disk"):
            assert answer(stores[backend], name, **params) == expected, (name, backend)


def test_compare_report_identical_on_every_backend(stores: dict[str, Store]) -> None:
    texts = {b: render(build_report(None, None, graph=s), "md") for b, s in stores.items()}
    assert texts["rdflib"] == texts["memory"]
    assert texts["disk"] == texts["memory"]
    assert "[§ 56-2D †](https://w3id.org/docklaw/code/north-haven/56-2D)" in texts["memory"]


# --------------------------------------------------------------------------- safety per backend


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("query", "status", "phrase"), [
    ("LOAD <http://example.org/x>", 403, "LOAD"),
    ("DROP ALL", 403, "DROP"),
    ("SELECT * { SERVICE <http://example.org/s> { ?a ?b ?c } }", 403,
     "SERVICE <http://example.org/s> is not allowed"),
    ("SELECT * FROM <http://example.org/elsewhere> { ?a ?b ?c }", 403,
     "FROM <http://example.org/elsewhere> names a graph that is not loaded here"),
])
def test_refusals_on_every_backend(backend: str, query: str, status: int, phrase: str,
                                   stores: dict[str, Store]) -> None:
    store = stores[backend]
    before = store.triple_count()
    with pytest.raises(QueryError) as err:
        store.query(query)
    assert (err.value.http_status, phrase in err.value.message) == (status, True)
    assert store.triple_count() == before


@pytest.mark.parametrize("backend", BACKENDS)
def test_row_cap_and_own_graph_on_every_backend(backend: str,
                                                stores: dict[str, Store]) -> None:
    store = stores[backend]
    capped = store.query("SELECT ?s WHERE { ?s ?p ?o }", max_rows=7)
    assert (len(capped.rows), capped.truncated) == (7, True)
    # `docklaw load` (the disk store) keeps each code in a graph of its own
    graph = f"{LAW_GRAPH_IRI}/code/north-haven" if backend == "disk" else LAW_GRAPH_IRI
    named = store.query(f"SELECT ?c FROM <{graph}> WHERE {{ <{SECTION}> "
                        "<https://w3id.org/docklaw/ontology#citation> ?c }")
    assert [str(r[0]) for r in named.rows] == ["§ 56-2D"]


@pytest.mark.parametrize("backend", ["disk", "rdflib"])
def test_hard_timeout_on_every_embedded_backend(backend: str, disk_path: Path) -> None:
    spec = f"oxigraph:{disk_path}" if backend == "disk" else backend
    store = knowledge_store(spec, execution="process", workers=1, graph=closure_graph)
    try:
        with pytest.raises(QueryTimeout) as err:
            store.query("SELECT (COUNT(*) AS ?n) { ?a ?p ?o . ?b ?q ?r . ?c ?x ?y }",
                        timeout=1.0)
        assert err.value.http_status == 503
        assert store.query("ASK { ?s ?p ?o }", timeout=10).boolean is True  # still serving
    finally:
        store.close()


# --------------------------------------------------------------------------- CLI entry points


def test_cli_query_and_compare_on_a_persistent_store(disk_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "max-width", "-f", "csv"]) == 0
    on_memory = capsys.readouterr().out
    assert main(["query", "max-width", "-f", "csv", "--store", f"oxigraph:{disk_path}"]) == 0
    on_disk = capsys.readouterr().out
    assert sorted(on_disk.splitlines()) == sorted(on_memory.splitlines())
    assert "§ 56-2D" in on_disk
    assert main(["compare", "--topics", "width", "--store", f"oxigraph:{disk_path}"]) == 0
    assert "[§ 56-2D †](https://w3id.org/docklaw/code/north-haven/56-2D)" in capsys.readouterr().out


def test_store_from_the_environment(disk_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str],
                                    empty_path: Path) -> None:
    monkeypatch.setenv("DOCKLAW_STORE", f"oxigraph:{empty_path}")
    assert main(["query", "max-width"]) == 2  # the environment's (empty) store was used
    assert f"store oxigraph:{empty_path} does not hold" in capsys.readouterr().err
    monkeypatch.setenv("DOCKLAW_STORE", f"oxigraph:{disk_path}")
    assert main(["query", "max-width", "-f", "csv"]) == 0
    assert "§ 56-2D" in capsys.readouterr().out


@pytest.mark.parametrize("command", [["query", "max-width"], ["compare"],
                                     ["serve", "--port", "1"]])
def test_an_empty_store_is_refused_by_name(command: list[str], empty_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    spec = f"oxigraph:{empty_path}"
    assert main([*command, "--store", spec]) == 2
    err = capsys.readouterr().err
    assert f"store {spec} does not hold the knowledge graph" in err
    assert f"`docklaw load --store {spec}`" in err


def test_a_missing_store_directory_is_not_created(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere"
    assert main(["query", "max-width", "--store", f"oxigraph:{missing}"]) == 2
    assert (f"no oxigraph store at {missing}: create and fill it with "
            f"`docklaw load --store oxigraph:{missing}`") in capsys.readouterr().err
    assert not missing.exists()


def test_read_only_store_refuses_writes(disk_path: Path) -> None:
    store = knowledge_store(f"oxigraph:{disk_path}")
    with pytest.raises(InputError, match="is open read-only"):
        store.add_graph("urn:x", Graph())
    store.close()


def test_cli_does_not_import_the_web_package() -> None:
    code = ("import sys, docklaw.sparql.backends, docklaw.queries.commands, "
            "docklaw.kg.store_commands, docklaw.queries.compare; "
            "print(sorted(m for m in sys.modules if m.startswith('docklaw.web')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=paths.ROOT).stdout.strip()
    assert out == "[]"
    from docklaw.web.config import LAW_GRAPH_IRI as OLD

    assert OLD == LAW_GRAPH_IRI == "https://w3id.org/docklaw/graph/law"


# --------------------------------------------------------------------------- web on a store


@pytest.fixture(scope="module")
def disk_client(disk_path: Path):  # type: ignore[no-untyped-def]
    from docklaw.web import create_app
    from docklaw.web.knowledge import knowledge

    app = create_app({"TESTING": True, "SPARQL_BACKEND": f"oxigraph:{disk_path}",
                      "SPARQL_EXECUTION": "inline"})
    yield app.test_client()
    knowledge(app).store.close()


def test_web_on_a_persistent_store_serves_every_route(disk_client) -> None:  # type: ignore[no-untyped-def]
    from docklaw.kg.build import closure_graph

    page = disk_client.get("/code/north-haven/56-2D", headers={"Accept": "text/html"})
    assert page.status_code == 200 and "Docks and piers shall not exceed four feet" in page.text
    rdf = disk_client.get("/code/north-haven/56-2D", query_string={"format": "ttl"})
    assert (URIRef(SECTION), None, None) in Graph().parse(data=rdf.data, format="turtle")
    void = Graph().parse(data=disk_client.get("/.well-known/void",
                                              headers={"Accept": "text/turtle"}).data,
                         format="turtle")
    triples = {int(o) for o in void.objects(None, URIRef("http://rdfs.org/ns/void#triples"))}
    assert triples == {len(closure_graph())}
    sd = disk_client.get("/sparql", headers={"Accept": "text/turtle"})
    assert sd.status_code == 200 and LAW_GRAPH_IRI in sd.text
    r = disk_client.get("/sparql", query_string={
        "query": f"SELECT ?c WHERE {{ <{SECTION}> <{DL_CITATION}> ?c }}"})
    assert r.status_code == 200 and "56-2D" in r.text
    refused = disk_client.get("/sparql", query_string={
        "query": "SELECT * { SERVICE <http://example.org/s> { ?a ?b ?c } }"})
    assert refused.status_code == 403


def test_web_compare_same_on_memory_and_persistent_store(disk_client) -> None:  # type: ignore[no-untyped-def]
    from docklaw.web import create_app

    memory = create_app({"TESTING": True, "SPARQL_EXECUTION": "inline"}).test_client()
    on_disk = disk_client.get("/compare")
    assert on_disk.status_code == 200 and 'class="mark-largest"' in on_disk.text
    assert on_disk.text == memory.get("/compare").text


def test_web_on_an_empty_store_names_the_load_command(empty_path: Path) -> None:
    from docklaw.web import create_app

    client = create_app({"TESTING": True, "SPARQL_BACKEND": f"oxigraph:{empty_path}",
                         "SPARQL_EXECUTION": "inline"}).test_client()
    r = client.get("/sparql", query_string={"query": "ASK {}"})
    assert r.status_code == 503
    assert f"`docklaw load --store oxigraph:{empty_path}`" in r.get_json()["error"]


# --------------------------------------------------------------------------- check cache


def test_check_is_parsed_once_per_text_and_graphs_rechecked(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    calls: list[str] = []
    real = safety.parseQuery

    def counting(text: str) -> object:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(safety, "parseQuery", counting)
    safety.clear_cache()
    text = "SELECT * FROM <urn:g1> WHERE { ?s ?p ?o }"
    assert safety.check_query(text, {"urn:g1"}).from_graphs == ("urn:g1",)
    assert safety.check_query(text, {"urn:g1"}).kind == "SELECT"
    assert len(calls) == 1
    # the cached parse never lets a graph through that this store does not hold
    with pytest.raises(QueryError, match="FROM <urn:g1> names a graph that is not loaded"):
        safety.check_query(text, {"urn:g2"})
    with pytest.raises(QueryError, match="default-graph-uri <urn:g3>"):
        safety.check_query(text, {"urn:g1"}, default_graph_uris=["urn:g3"])
    # refusals are cached too, and raised afresh every time
    service = "SELECT * { SERVICE <http://example.org/s> { ?a ?b ?c } }"
    for _ in range(3):
        with pytest.raises(QueryError) as err:
            safety.check_query(service)
        assert err.value.http_status == 403
    assert len(calls) == 2
    big = "SELECT * WHERE { ?s ?p ?o }" + " " * safety.CACHE_MAX_TEXT
    for _ in range(2):  # too long to keep, and to parse: refused (413) before parsing
        with pytest.raises(QueryError) as err:
            safety.check_query(big)
        assert err.value.http_status == 413
    assert len(calls) == 2


def test_update_refusal_is_cached(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = safety.parseUpdate

    def counting(text: str) -> object:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(safety, "parseUpdate", counting)
    safety.clear_cache()
    for _ in range(3):
        with pytest.raises(QueryError, match=r"SPARQL updates are not allowed \(CLEAR\)"):
            safety.refuse_update("CLEAR ALL")
    assert len(calls) == 1
