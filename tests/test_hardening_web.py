"""Browser hardening, bounded query texts and the SPARQL route semantics of issue 13
(items 4 and 5 and the "should fix" list). Each test reproduces what the attack run found.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rdflib import Graph

from docklaw.web import create_app

SD_ENDPOINT = "http://www.w3.org/ns/sparql-service-description#endpoint"
HTML_ROUTES = ["/", "/code/north-haven/56-2B", "/jurisdiction/north-haven", "/compare",
               "/?saved=term-side-by-side", "/no-such-page"]
TEMPLATES = Path(__file__).resolve().parents[1] / "src" / "docklaw" / "web" / "templates"


@pytest.fixture(scope="module")
def client(law_app):  # type: ignore[no-untyped-def]
    return law_app.test_client()


# ------------------------------------------------------------------ item 4: query-text size


def test_query_text_over_the_limit_is_413_before_parsing(client) -> None:  # type: ignore[no-untyped-def]
    from docklaw.sparql.safety import MAX_QUERY_CHARS, cache_info

    values = " ".join(f'"{i}"' for i in range(MAX_QUERY_CHARS // 4))
    query = f"SELECT ?x WHERE {{ VALUES ?x {{ {values} }} }}"
    assert len(query) > MAX_QUERY_CHARS
    before = cache_info()[0].misses
    for kwargs in ({"method": "POST", "data": {"query": query}},
                   {"method": "POST", "data": query.encode(),
                    "content_type": "application/sparql-query"},
                   {"method": "POST", "path": "/", "data": {"query": query}}):
        path = kwargs.pop("path", "/sparql")
        r = client.open(path, **kwargs)  # type: ignore[arg-type]
        assert r.status_code == 413, (path, r.status_code, r.data[:200])
        assert "limit" in r.get_data(as_text=True)
    assert cache_info()[0].misses == before  # never analysed


# ------------------------------------------------------------------ item 5: browser hardening


def test_security_headers_on_every_response(client) -> None:  # type: ignore[no-untyped-def]
    for route in [*HTML_ROUTES, "/sparql?query=ASK%7B%7D"]:
        r = client.get(route, headers={"Accept": "text/html"}, follow_redirects=True)
        csp = r.headers.get("Content-Security-Policy", "")
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, route
        script = next(d for d in csp.split(";") if d.strip().startswith("script-src"))
        assert script.strip() == "script-src 'self'", route  # never inline script
        assert "unsafe-inline" not in csp, route
        assert r.headers.get("X-Content-Type-Options") == "nosniff", route
        assert r.headers.get("Referrer-Policy") == "no-referrer", route
        assert r.headers.get("X-Frame-Options") == "DENY", route


def test_templates_have_no_inline_script_or_handler() -> None:
    """The CSP forbids inline script: every template must do without it."""
    for template in TEMPLATES.glob("*.html"):
        text = template.read_text(encoding="utf-8")
        for tag in re.findall(r"<script\b[^>]*>", text, re.I):
            assert "src=" in tag, (template.name, tag)
        assert not re.search(r"\son[a-z]+\s*=", text, re.I), template.name
        assert not re.search(r"javascript:", text, re.I), template.name
        assert not re.search(r"<style\b|\sstyle\s*=", text, re.I), template.name


def test_result_iri_with_another_scheme_is_not_a_link(client) -> None:  # type: ignore[no-untyped-def]
    for iri in ("javascript:alert(document.domain)", "JavaScript:alert(1)",
                "data:text/html,x", "vbscript:x", "file:///etc/passwd"):
        query = f"SELECT ?x WHERE {{ BIND(<{iri}> AS ?x) }}"
        r = client.get("/", query_string={"query": query})
        page = r.get_data(as_text=True)
        assert r.status_code == 200, page[-500:]
        hrefs = re.findall(r'href="([^"]*)"', page)
        assert not any(h.lower().startswith(("javascript:", "data:", "vbscript:", "file:"))
                       for h in hrefs), (iri, hrefs)
    r = client.get("/", query_string={"query": "SELECT ?x WHERE { BIND(<https://e.org/a> AS ?x) }"})
    assert 'href="https://e.org/a"' in r.get_data(as_text=True)


def test_json_errors_do_not_echo_markup(client) -> None:  # type: ignore[no-untyped-def]
    evil = "<script>alert(1)</script>"
    for route, params in (("/sparql", {"query": "ASK {}", "format": evil}),
                          ("/", {"saved": evil}),
                          ("/sparql", {"query": f"SELECT * WHERE {{ ?s ?p '{evil}' . BAD }}"})):
        r = client.get(route, query_string=params, headers={"Accept": "application/json"})
        assert r.status_code >= 400 and r.mimetype == "application/json"
        body = r.get_data(as_text=True)
        assert "<script>" not in body and "<" not in body, body[:300]
        assert r.get_json()["error"]  # still readable JSON


def test_internal_error_hides_its_detail(law_app) -> None:  # type: ignore[no-untyped-def]
    app = create_app({"KG_LOADER": lambda: Graph(), "SPARQL_EXECUTION": "inline"})

    @app.route("/boom")
    def boom() -> str:
        raise RuntimeError("secret-path /etc/shadow")

    r = app.test_client().get("/boom")
    assert r.status_code == 500 and "secret" not in r.get_data(as_text=True)


# ------------------------------------------------------------------ should fix


def test_head_requests_are_answered(client) -> None:  # type: ignore[no-untyped-def]
    for route in ("/sparql", "/sparql?query=ASK%7B%7D", "/", "/code/north-haven/56-2B"):
        r = client.head(route)
        assert r.status_code == 200, (route, r.status_code)
        assert r.data == b""


def test_empty_sparql_query_body_is_400_not_an_update(client) -> None:  # type: ignore[no-untyped-def]
    for body in (b"", b"   \n"):
        r = client.post("/sparql", data=body, content_type="application/sparql-query")
        assert r.status_code == 400, r.data[:200]
        assert "empty query" in r.get_json()["error"]


def test_browser_on_sparql_without_query_reaches_the_query_page(client) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/sparql", headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert r.status_code == 303 and r.headers["Location"].endswith("/")
    r = client.get("/sparql", headers={"Accept": "text/turtle"})
    assert r.status_code == 200 and r.mimetype == "text/turtle"  # clients: the description


def sd_endpoints(data: bytes) -> set[str]:
    g = Graph().parse(data=data, format="turtle")
    return {str(o) for o in g.objects(None, None) if str(o).endswith("/sparql")} | {
        str(o) for _s, p, o in g if str(p) == SD_ENDPOINT}


def test_forged_host_header_is_not_published(law_app) -> None:  # type: ignore[no-untyped-def]
    client = law_app.test_client()
    r = client.get("/sparql", headers={"Accept": "text/turtle", "Host": "evil.example:666"})
    assert r.status_code == 200
    law_app.config["PUBLIC_BASE_URL"] = "https://docks.example.org/"
    try:
        r = client.get("/sparql", headers={"Accept": "text/turtle",
                                           "Host": "evil.example:666"})
        assert sd_endpoints(r.data) == {"https://docks.example.org/sparql"}
        assert b"evil" not in r.data
        r = client.get("/sparql", headers={"Accept": "application/sparql-results+json",
                                           "Host": "evil.example:666"},
                       query_string={"query": "SELECT ?x WHERE { BIND(<rel> AS ?x) }"})
        assert b"https://docks.example.org/rel" in r.data and b"evil" not in r.data
    finally:
        law_app.config["PUBLIC_BASE_URL"] = None


def test_serve_publishes_the_bound_address() -> None:
    from docklaw.web.commands import bound_url

    assert bound_url("127.0.0.1", 8080) == "http://127.0.0.1:8080/"
    assert bound_url("::1", 8080) == "http://[::1]:8080/"
    assert bound_url("0.0.0.0", 8080) is None


def test_query_page_runs_a_long_query_by_post(client) -> None:  # type: ignore[no-untyped-def]
    padding = "# " + "x" * 90 + "\n"
    query = padding * 60 + "SELECT ?n WHERE { BIND(42 AS ?n) }"
    assert len(query) > 5000
    r = client.post("/", data={"query": query})
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and ">42<" in page, page[-800:]


def test_long_query_text_is_parsed_under_a_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts over LONG_TEXT are parsed in a killable child: same answer, or 503 on time."""
    from docklaw.errors import QueryError
    from docklaw.sparql import safety

    values = " ".join(f'"{i}"' for i in range(3000))
    query = f"SELECT ?x WHERE {{ VALUES ?x {{ {values} }} }}"
    assert safety.LONG_TEXT < len(query) <= safety.MAX_QUERY_CHARS
    safety.clear_cache()
    assert safety.check_query(query).kind == "SELECT"
    monkeypatch.setattr(safety, "PARSE_TIMEOUT", 0.001)
    safety.clear_cache()
    with pytest.raises(QueryError) as info:
        safety.check_query(query + " ")
    assert info.value.http_status == 503 and "time limit" in info.value.message
    safety.clear_cache()


def test_report_pages_have_the_strict_policy_and_no_inline_code(client) -> None:  # type: ignore[no-untyped-def]
    from docklaw.paths import EXAMPLES_DIR

    data = (EXAMPLES_DIR / "north-haven" / "complete.ttl").read_bytes()
    pages = [client.post("/validate", data=data, content_type="text/turtle",
                         headers={"Accept": "text/html"}),
             client.get("/compare", headers={"Accept": "text/html"})]
    for r in pages:
        assert r.status_code == 200 and r.mimetype == "text/html"
        assert "unsafe-inline" not in r.headers["Content-Security-Policy"]
        page = r.get_data(as_text=True)
        for tag in re.findall(r"<script\b[^>]*>", page, re.I):
            assert "src=" in tag, tag
        assert not re.search(r"<style\b|\sstyle\s*=|\son[a-z]+\s*=", page, re.I)
