"""Store backends without an external server: the spec factory, the persistent Oxigraph
store, the ``load`` command, and the remote backend against a scripted local HTTP server
(refusals before sending, timeouts, HTTP errors, redirects, chunked loads)."""

from __future__ import annotations

import argparse
import contextlib
import http.server
import threading
import time
import urllib.parse
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.namespace import RDF, XSD

from docklaw.errors import InputError, QueryError, QueryTimeout
from docklaw.kg import store_commands
from docklaw.queries.answers import ANSWERS_GRAPH
from docklaw.sparql.backends import LAW_GRAPH_IRI, load_graph, open_store
from docklaw.sparql.persistent import PersistentOxigraphStore
from docklaw.sparql.remote import Endpoints, RemoteStore, _chunks
from docklaw.sparql.store import OxigraphStore, RdflibStore

EX = "https://example.org/t#"


def small_graph() -> Graph:
    """Six triples, two of them through a blank node (a limit QuantityValue)."""
    g = Graph()
    s = URIRef(EX + "rule")
    g.add((s, RDF.type, URIRef(EX + "Requirement")))
    g.add((s, URIRef(EX + "label"), Literal("max length")))
    g.add((s, URIRef(EX + "label"), Literal("longueur", lang="fr")))
    limit = BNode()
    g.add((s, URIRef(EX + "limit"), limit))
    g.add((limit, URIRef(EX + "value"), Literal("100.0", datatype=XSD.decimal)))
    g.add((limit, URIRef(EX + "unit"), URIRef(EX + "FT")))
    return g


# --------------------------------------------------------------------------- factory


@pytest.mark.parametrize(("spec", "cls"), [
    ("memory", OxigraphStore), ("", OxigraphStore), ("oxigraph", OxigraphStore),
    ("rdflib", RdflibStore), ("MEMORY", OxigraphStore),
])
def test_open_store_in_memory_specs(spec: str, cls: type) -> None:
    store = open_store(spec, execution="inline")
    assert type(store) is cls
    assert store.triple_count() == 0


def test_open_store_persistent_and_remote(tmp_path: Path) -> None:
    disk = open_store(f"oxigraph:{tmp_path / 'db'}", execution="inline")
    assert isinstance(disk, PersistentOxigraphStore)
    assert disk.path == tmp_path / "db"
    remote = open_store("sparql:http://127.0.0.1:1/query", timeout=2.5)
    assert isinstance(remote, RemoteStore)
    assert remote.timeout == 2.5
    assert remote.endpoints == Endpoints("http://127.0.0.1:1/query", "http://127.0.0.1:1/update",
                                         "http://127.0.0.1:1/store")


@pytest.mark.parametrize("spec", ["postgres:x", "sparql:", "oxigraph:", "rdflib:/x", "mem"])
def test_open_store_rejects_unknown_specs(spec: str) -> None:
    with pytest.raises(InputError) as err:
        open_store(spec)
    assert f"unknown store {spec!r}" in str(err.value)
    assert "sparql:URL" in str(err.value)


def test_persistent_store_location_must_be_a_directory(tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(InputError, match="is a file, not a directory"):
        open_store(f"oxigraph:{f}")


# --------------------------------------------------------------------------- endpoints


def test_endpoints_oxigraph_layout_from_base_or_query_url() -> None:
    expected = Endpoints("http://h:7878/query", "http://h:7878/update", "http://h:7878/store")
    assert Endpoints.parse("http://h:7878") == expected
    assert Endpoints.parse("http://h:7878/") == expected
    assert Endpoints.parse("http://h:7878/query") == expected


def test_endpoints_generic_store_names_update_in_fragment() -> None:
    e = Endpoints.parse("https://h/ds/sparql#update=https://h/ds/update")
    assert e == Endpoints("https://h/ds/sparql", "https://h/ds/update", None)
    assert Endpoints.parse("https://h/ds/sparql") == Endpoints("https://h/ds/sparql", None, None)


@pytest.mark.parametrize(("url", "message"), [
    ("ftp://h/query", "is not an http(s) URL"),
    ("http:///query", "is not an http(s) URL"),
    ("http://h/sparql#update=http://other/update", "is not on 'http://h/sparql''s host"),
    ("http://h/sparql#update=http://h:81/update", "host and port"),
    ("http://h/sparql#graph=x", "unknown endpoint option(s) graph"),
])
def test_endpoints_refuse_other_schemes_hosts_and_options(url: str, message: str) -> None:
    with pytest.raises(QueryError) as err:
        Endpoints.parse(url)
    assert message in str(err.value)


# --------------------------------------------------------------------------- persistent


def test_persistent_store_keeps_the_graph_across_reopen(tmp_path: Path) -> None:
    location = tmp_path / "db"
    store = open_store(f"oxigraph:{location}", execution="inline")
    assert load_graph(store, small_graph()) == 6
    store.close()
    del store
    again = open_store(f"oxigraph:{location}", execution="inline")
    assert again.graph_names() == frozenset({LAW_GRAPH_IRI})
    result = again.query(f"SELECT ?v WHERE {{ <{EX}rule> <{EX}limit>/<{EX}value> ?v }}")
    (value,), = result.rows
    assert value.datatype == XSD.decimal and value.toPython() == Decimal("100")
    # loading again adds nothing new (same triples); --replace drops the graph first
    again.add_graph(LAW_GRAPH_IRI, small_graph())
    assert again.triple_count() == 9  # the blank node is fresh: its three triples again
    assert load_graph(again, small_graph(), replace=True) == 6
    again.close()


def test_persistent_store_runs_queries_in_forked_workers(tmp_path: Path) -> None:
    store = open_store(f"oxigraph:{tmp_path / 'db'}", execution="process", workers=1)
    load_graph(store, small_graph())
    try:
        result = store.query(f"SELECT ?l WHERE {{ <{EX}rule> <{EX}label> ?l }} ORDER BY ?l",
                             timeout=10)
        assert sorted(map(str, (r[0] for r in result.rows))) == ["longueur", "max length"]
        with pytest.raises(QueryError, match="SERVICE"):
            store.query("SELECT * { SERVICE <http://example.org/> { ?s ?p ?o } }")
    finally:
        store.close()


def test_persistent_bulk_load_file(tmp_path: Path) -> None:
    nt = tmp_path / "g.nt"
    small_graph().serialize(nt, format="nt", encoding="utf-8")
    store = PersistentOxigraphStore(tmp_path / "db", execution="inline")
    assert store.load_file("https://example.org/g", nt) == 6
    assert store.graph_names() == frozenset({"https://example.org/g"})


# --------------------------------------------------------------------------- load command


def run_cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    store_commands.register(parser.add_subparsers())
    args = parser.parse_args(argv)
    return int(args.func(args))


def test_load_command_fills_a_persistent_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from docklaw.kg import build

    monkeypatch.setattr(build, "closure_graph", small_graph)
    location = tmp_path / "db"
    assert run_cli(["load", "--store", f"oxigraph:{location}"]) == 0
    assert run_cli(["load", "--store", f"oxigraph:{location}", "--replace"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith(f"loaded 6 triples into <{LAW_GRAPH_IRI}> and one graph per code "
                              f"of oxigraph:{location} (6 triples in the store)")
    store = PersistentOxigraphStore(location, execution="inline")
    law = ox.NamedNode(LAW_GRAPH_IRI)
    assert sum(1 for _ in store.store.quads_for_pattern(None, None, None, law)) == 6
    # beside the law: the saved queries' default answers (docklaw.queries.answers)
    assert store.graph_names() == {LAW_GRAPH_IRI, ANSWERS_GRAPH}


def test_load_command_bad_spec_is_an_input_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from docklaw.kg import build

    monkeypatch.setattr(build, "closure_graph", small_graph)
    with pytest.raises(InputError) as err:
        run_cli(["load", "--store", "cassandra:x"])
    assert err.value.exit_code == 2


# --------------------------------------------------------------------------- chunking


def test_chunks_never_split_a_blank_node_island() -> None:
    g = Graph()
    for i in range(50):
        g.add((URIRef(f"{EX}s{i}"), URIRef(EX + "p"), Literal(i)))
    head = BNode()
    Collection(g, head, [Literal(i) for i in range(30)])  # 60 triples, one island
    g.add((URIRef(EX + "list"), URIRef(EX + "items"), head))
    chunks = list(_chunks(g, 7))
    assert sum(len(c) for c in chunks) == len(g) == 111
    holders = [c for c in chunks if any(isinstance(s, BNode) for s, _, _ in c)]
    assert len(holders) == 1 and len(holders[0]) >= 61


# --------------------------------------------------------------------------- scripted server


class Script:
    """What the fake endpoint answers, and every request it received."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, dict[str, str], bytes]] = []
        self.status = 200
        self.ctype = "application/sparql-results+json"
        self.body = b'{"head":{"vars":["x"]},"results":{"bindings":[]}}'
        self.delay = 0.0
        self.headers: dict[str, str] = {}


@pytest.fixture
def fake() -> Iterator[tuple[str, Script]]:
    script = Script()

    class Handler(http.server.BaseHTTPRequestHandler):
        def _answer(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            script.requests.append((self.command, self.path, dict(self.headers), body))
            time.sleep(script.delay)
            self.send_response(script.status)
            self.send_header("Content-Type", script.ctype)
            for k, v in script.headers.items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(script.body)))
            self.end_headers()
            with contextlib.suppress(BrokenPipeError):  # the client gave up (timeout test)
                self.wfile.write(script.body)

        do_GET = do_POST = do_DELETE = _answer

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", script
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(("query", "message"), [
    ("SELECT * WHERE { SERVICE <http://evil.example/sparql> { ?s ?p ?o } }", "SERVICE"),
    ("LOAD <http://evil.example/data.ttl>", "LOAD"),
    ("INSERT DATA { <urn:a> <urn:b> <urn:c> }", "INSERT DATA"),
    ("SELECT * WHERE { ?s ?p ?o", "malformed SPARQL query"),
])
def test_remote_refuses_unsafe_queries_before_sending(fake: tuple[str, Script], query: str,
                                                      message: str) -> None:
    url, script = fake
    with pytest.raises(QueryError) as err:
        RemoteStore(url).query(query)
    assert message in str(err.value)
    assert script.requests == []


def test_remote_refuses_from_of_a_graph_the_store_lacks(fake: tuple[str, Script]) -> None:
    url, script = fake
    script.body = (b'{"head":{"vars":["g"]},"results":{"bindings":[{"g":{"type":"uri",'
                   b'"value":"https://w3id.org/docklaw/graph/law"}}]}}')
    with pytest.raises(QueryError) as err:
        RemoteStore(url).query("SELECT * FROM <http://evil.example/g> WHERE { ?s ?p ?o }")
    assert "FROM <http://evil.example/g> names a graph that is not loaded here" in str(err.value)
    assert len(script.requests) == 1  # only the graph list was asked for
    assert "GRAPH" in urllib.parse.parse_qs(script.requests[0][3].decode())["query"][0]


def test_remote_select_sends_the_union_of_named_graphs(fake: tuple[str, Script]) -> None:
    url, script = fake
    store = RemoteStore(url)
    store._graphs = frozenset({"urn:g1", "urn:g2"})
    script.body = (b'{"head":{"vars":["s","l","n"]},"results":{"bindings":[{"s":{"type":"uri",'
                   b'"value":"urn:x"},"l":{"type":"literal","value":"a","xml:lang":"en"}},'
                   b'{"s":{"type":"bnode","value":"b0"},"l":{"type":"literal","value":"b"},'
                   b'"n":{"type":"literal","value":"2","datatype":"http://www.w3.org/2001/'
                   b'XMLSchema#integer"}}]}}')
    result = store.query("SELECT ?s ?l ?n WHERE { ?s ?p ?l }", max_rows=5)
    assert result.variables == ["s", "l", "n"]
    assert result.rows == [(URIRef("urn:x"), Literal("a", lang="en"), None),
                           (BNode("b0"), Literal("b", datatype=XSD.string),
                            Literal(2))]
    assert not result.truncated
    method, path, headers, body = script.requests[0]
    assert (method, path) == ("POST", "/query")
    assert headers["Accept"] == "text/tab-separated-values, application/sparql-results+json;q=0.9"
    fields = urllib.parse.parse_qs(body.decode())
    assert sorted(fields["default-graph-uri"]) == ["urn:g1", "urn:g2"]
    assert sorted(fields["named-graph-uri"]) == ["urn:g1", "urn:g2"]
    capped = store.query("SELECT ?s ?l ?n WHERE { ?s ?p ?l }", max_rows=1)
    assert len(capped.rows) == 1 and capped.truncated


def test_remote_timeout_is_a_query_timeout(fake: tuple[str, Script]) -> None:
    url, script = fake
    script.delay = 6.0
    store = RemoteStore(url)
    store._graphs = frozenset()
    started = time.monotonic()
    with pytest.raises(QueryTimeout) as err:
        store.query("ASK { ?s ?p ?o }", timeout=0.3)
    assert time.monotonic() - started < 5.0  # gave up at the timeout, not at the answer
    assert f"sparql store {url}/query: no answer within 0.3 s" == str(err.value)
    assert err.value.http_status == 503


def test_remote_http_error_names_the_endpoint_and_the_store_message(
        fake: tuple[str, Script]) -> None:
    url, script = fake
    script.status, script.ctype, script.body = 500, "text/plain", b"RocksDB exploded"
    store = RemoteStore(url)
    store._graphs = frozenset()
    with pytest.raises(QueryError) as err:
        store.query("ASK { ?s ?p ?o }")
    assert str(err.value) == f"sparql store {url}/query: HTTP 500: RocksDB exploded"
    assert err.value.http_status == 502


def test_remote_refuses_redirects(fake: tuple[str, Script]) -> None:
    url, script = fake
    script.status, script.headers = 302, {"Location": "http://evil.example/query"}
    store = RemoteStore(url)
    store._graphs = frozenset()
    with pytest.raises(QueryError, match=r"redirect to http://evil\.example/query refused"):
        store.query("ASK { ?s ?p ?o }")
    assert len(script.requests) == 1


def test_remote_unreachable_is_a_query_error() -> None:
    store = RemoteStore("http://127.0.0.1:9/", timeout=2)
    with pytest.raises(QueryError) as err:
        store.triple_count()
    assert str(err.value).startswith("sparql store http://127.0.0.1:9/query unreachable:")


def test_remote_unexpected_answer_type(fake: tuple[str, Script]) -> None:
    url, script = fake
    script.ctype, script.body = "text/html", b"<html>login</html>"
    store = RemoteStore(url)
    store._graphs = frozenset()
    with pytest.raises(QueryError, match="expected SPARQL JSON or TSV results, got text/html"):
        store.query("SELECT * { ?s ?p ?o }")
    with pytest.raises(QueryError, match="expected SPARQL JSON results, got text/html"):
        store.query("ASK { ?s ?p ?o }")


def test_remote_load_posts_chunks_to_the_graph_store(fake: tuple[str, Script]) -> None:
    url, script = fake
    script.status, script.body = 204, b""
    store = RemoteStore(url, chunk_triples=2)
    assert store.load(small_graph(), "urn:law") == 6
    posts = [r for r in script.requests if r[0] == "POST"]
    assert {r[1] for r in posts} == {"/store?graph=urn%3Alaw"}
    assert all(r[2]["Content-Type"] == "application/n-triples" for r in posts)
    sent = Graph()
    for r in posts:
        sent.parse(data=r[3], format="nt")
    assert len(sent) == 6
    islands = [r for r in posts if b"_:" in r[3]]
    assert len(islands) == 1  # the limit's three triples travelled together


def test_remote_load_falls_back_to_insert_data(fake: tuple[str, Script]) -> None:
    url, script = fake
    script.status, script.body = 204, b""
    store = RemoteStore(f"{url}/sparql#update={url}/update", chunk_triples=3)
    assert store.endpoints.store is None
    assert store.load(small_graph(), "urn:law") == 6
    assert {r[1] for r in script.requests} == {"/update"}
    texts = [r[3].decode() for r in script.requests]
    assert all(t.startswith("INSERT DATA { GRAPH <urn:law> {") for t in texts)
    store.drop_graph("urn:law")
    assert script.requests[-1][3] == b"DROP SILENT GRAPH <urn:law>"


def test_remote_without_write_endpoints_cannot_load(fake: tuple[str, Script]) -> None:
    url, _ = fake
    with pytest.raises(QueryError, match="has no update or graph store endpoint"):
        RemoteStore(f"{url}/sparql").load(small_graph())
