"""SERVICE hidden from the checker never reaches the network (issue 13, item 1).

rdflib (the checker) and Oxigraph (the engine) once read the same text differently: a ``#``
comment ends at ``\\r`` for Oxigraph only, and rdflib expands ``\\u`` escapes everywhere
while Oxigraph expands them only inside strings and IRIs. Each attack below was a comment or
a string to the checker and a SERVICE call to the engine. A loopback HTTP listener that
would answer (and put a marker in its answer and its error body) must receive nothing, by
every way a query reaches the engine: GET, form POST, ``application/sparql-query``, the
query page (GET and POST) and a saved query's parameters.
"""

from __future__ import annotations

import platform
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from docklaw.errors import QueryError
from docklaw.sparql.safety import check_query, normalise

MARKER = "remote-canary-4711"


class Listener:
    """A loopback SPARQL endpoint that counts requests and answers with MARKER."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                outer.requests.append(self.path)
                body = (f'{{"head":{{"vars":["a"]}},"results":{{"bindings":[{{"a":'
                        f'{{"type":"literal","value":"{MARKER}"}}}}]}}}}').encode()
                self.send_response(500 if "fail" in self.path else 200)
                self.send_header("Content-Type", "application/sparql-results+json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_POST = do_GET

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def listener() -> Iterator[Listener]:
    found = Listener()
    yield found
    found.close()


def hidden_services(url: str) -> list[str]:
    """Queries whose SERVICE the old checker did not see (or could not agree on)."""
    inner = f"SERVICE <{url}> {{ ?a ?b ?c }}"
    fail = f"SERVICE <{url}fail> {{ ?a ?b ?c }}"
    return [
        f"SELECT * WHERE {{ # x\r{inner}\n}}",  # the reported attack
        f"SELECT * WHERE {{ # x\r{fail}\n}}",  # its error body must not be echoed
        f"SELECT * WHERE {{ # x\r\r{inner} }}",
        f"SELECT * WHERE {{ # x\\u000d{inner}\n}}",
        f"SELECT * WHERE {{ # x\\u000D{inner}\n}}",
        f"SELECT * WHERE {{ # x\\U0000000d{inner}\n}}",
        f"SELECT * {{ BIND('\\u0027' AS ?x) {inner} BIND('\\u0027' AS ?y) }}",
        f'SELECT * {{ BIND("\\u0022" AS ?x) {inner} BIND("\\u0022" AS ?y) }}',
        f"SELECT * WHERE {{ # \\u005cu000d\r{inner}\n}}",
    ]


def assert_nothing_reached(listener: Listener, status: int, body: str, query: str) -> None:
    assert listener.requests == [], (query, listener.requests)
    assert MARKER not in body, (query, body[:300])
    # refused (400/403), or (once normalised) harmless text that both parsers read alike
    assert status in (200, 400, 403), (query, status, body[:300])


@pytest.fixture(scope="module")
def client(law_app):  # type: ignore[no-untyped-def]
    return law_app.test_client()


def forms(query: str) -> list[tuple[str, str, dict[str, Any]]]:
    """(label, method+path, test-client kwargs) for every way a query text reaches the engine."""
    return [
        ("GET /sparql", "GET /sparql", {"query_string": {"query": query}}),
        ("form POST /sparql", "POST /sparql", {"data": {"query": query}}),
        ("sparql-query POST", "POST /sparql",
         {"data": query.encode("utf-8"), "content_type": "application/sparql-query"}),
        ("GET /sparql as a browser", "GET /sparql",
         {"query_string": {"query": query}, "headers": {"Accept": "text/html"}}),
        ("query page GET", "GET /", {"query_string": {"query": query}}),
        ("query page POST", "POST /", {"data": {"query": query}}),
    ]


def test_hidden_service_never_reaches_the_network(client, listener: Listener) -> None:  # type: ignore[no-untyped-def]
    for query in hidden_services(listener.url):
        for label, target, kwargs in forms(query):
            method, path = target.split()
            r = client.open(path, method=method, follow_redirects=True, **kwargs)
            body = r.get_data(as_text=True)
            if label == "query page POST" and r.status_code == 405:
                continue  # an older page without POST: nothing ran
            assert_nothing_reached(listener, r.status_code, body, f"{label}: {query!r}")


def test_saved_query_parameters_cannot_smuggle_a_service(client, listener: Listener) -> None:  # type: ignore[no-untyped-def]
    for query in hidden_services(listener.url):
        for value in (query, f'x" }} {query} #', f"x\\u0022 }} {query} #"):
            r = client.get("/", query_string={"saved": "term-side-by-side", "p-term": value})
            body = r.get_data(as_text=True)
            assert listener.requests == [], (value, listener.requests)
            assert MARKER not in body


def test_checked_text_is_executed_text() -> None:
    """The plan carries the normalised text: the engine runs what the checker parsed."""
    plan = check_query("SELECT * WHERE { # c\r\n?s ?p ?o # d\rFILTER(?o = '\\u0041') }")
    assert "\r" not in plan.text and "\\u" not in plan.text
    assert plan.text == normalise(plan.text)
    assert "FILTER(?o = 'A')" in plan.text


def test_escape_that_spells_an_escape_is_refused() -> None:
    with pytest.raises(QueryError) as info:
        check_query("SELECT * WHERE { ?s ?p '\\u005Cu0041' }")
    assert info.value.http_status == 400 and "escape" in info.value.message
    with pytest.raises(QueryError):
        check_query("SELECT * WHERE { ?s ?p '\\uD800' }")


def test_engine_error_text_is_not_echoed() -> None:
    from docklaw.sparql.store import engine_error

    remote = OSError(f"HTTP error code 500 returned by http://x/: {MARKER} secret body")
    assert MARKER not in engine_error(remote) and "OSError" in engine_error(remote)
    assert "division" in engine_error(ValueError("division by zero\nsecond line"))


def _raw_service(url: str, *, deadline: float | None) -> str:
    """Run SERVICE on Oxigraph directly, skipping the checker: what a checker bug would do."""
    import pyoxigraph as ox

    try:
        list(ox.Store().query(f"SELECT * WHERE {{ SERVICE <{url}> {{ ?a ?b ?c }} }}"))
    except OSError as exc:
        return type(exc).__name__
    return "reached"


@pytest.mark.skipif(platform.machine() not in ("x86_64", "aarch64"), reason="seccomp arch")
def test_query_workers_cannot_reach_the_network(listener: Listener) -> None:
    """Defence in depth: even a query that slipped past the checker cannot leave a worker."""
    from docklaw.sparql.runner import ProcessRunner

    runner = ProcessRunner(_raw_service, workers=1)
    try:
        assert runner.run((listener.url,), timeout=20) == "PermissionError"
    finally:
        runner.close()
    assert listener.requests == []
