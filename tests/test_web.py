"""Every route of the web app through Flask's test client: types, statuses, error bodies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rdflib import Graph, URIRef

from docklaw.web import create_app

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "web" / "north-haven-too-long.ttl"
SECTION = "https://w3id.org/docklaw/code/north-haven/56-2B"
HTML = {"Accept": "text/html"}
CITATION = "<https://w3id.org/docklaw/ontology#citation>"
Q = f"SELECT ?c WHERE {{ <{SECTION}> {CITATION} ?c }}"


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    app = create_app({"TESTING": True, "SPARQL_EXECUTION": "inline", "VALIDATE_MAX_BYTES": 4096})
    return app.test_client()


@pytest.mark.parametrize("accept,mimetype,marker", [
    (None, "application/sparql-results+json", b'"value": "\\u00a7 56-2B"'),
    ("application/sparql-results+xml", "application/sparql-results+xml", b"<literal>"),
    ("text/csv", "text/csv", b"c\r\n"),
    ("text/tab-separated-values", "text/tab-separated-values", b"?c\n"),
])
def test_select_negotiation(client, accept, mimetype, marker) -> None:  # type: ignore[no-untyped-def]
    headers = {"Accept": accept} if accept else {}
    r = client.get("/sparql", query_string={"query": Q}, headers=headers)
    assert (r.status_code, r.mimetype) == (200, mimetype)
    assert marker in r.data or "§ 56-2B".encode() in r.data


@pytest.mark.parametrize("accept,fmt", [("text/turtle", "turtle"), ("application/n-triples", "nt"),
                                        ("application/ld+json", "json-ld"),
                                        ("application/rdf+xml", "xml")])
def test_construct_negotiation(client, accept, fmt) -> None:  # type: ignore[no-untyped-def]
    q = f"CONSTRUCT WHERE {{ <{SECTION}> {CITATION} ?c }}"
    r = client.post("/sparql", data=q, content_type="application/sparql-query",
                    headers={"Accept": accept})
    assert (r.status_code, r.mimetype) == (200, accept)
    g = Graph().parse(data=r.data, format=fmt)
    assert len(g) == 1 and (URIRef(SECTION), None, None) in g


def test_406_and_400_and_403(client) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/sparql", query_string={"query": Q}, headers={"Accept": "image/png"})
    assert r.status_code == 406 and "offered" in r.get_json()["error"]
    r = client.get("/sparql", query_string={"query": "SELECT * {"})
    assert r.status_code == 400 and "line 1" in r.get_json()["error"]
    for route in ("/sparql", "/", "/validate", "/code/north-haven/56-2B"):
        r = client.get(route, query_string={"update": "DROP ALL"})
        assert r.status_code == 403, route
    r = client.post("/sparql", data={"query": "DELETE WHERE { ?s ?p ?o }"})
    assert r.status_code == 403 and "DELETE WHERE" in r.get_json()["error"]


def test_truncation_header(client) -> None:  # type: ignore[no-untyped-def]
    client.application.config["SPARQL_MAX_ROWS"] = 3
    try:
        r = client.get("/sparql", query_string={"query": "SELECT * { ?s ?p ?o }"})
    finally:
        client.application.config["SPARQL_MAX_ROWS"] = 10_000
    assert r.headers["X-Docklaw-Truncated"] == "true; max-rows=3"
    assert len(r.get_json()["results"]["bindings"]) == 3


def test_service_description_and_void(client) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/sparql/", headers={"Accept": "application/ld+json"})
    assert r.mimetype == "application/ld+json"
    # sd:endpoint is the canonical /sparql on the public base, whichever path was asked
    assert '"http://localhost/sparql"' in r.get_data(as_text=True)
    r = client.get("/.well-known/void")
    g = Graph().parse(data=r.data, format="turtle")
    void = "http://rdfs.org/ns/void#"
    subsets = list(g.objects(None, URIRef(void + "subset")))
    assert len(subsets) == 5
    triples = int(next(g.objects(None, URIRef(void + "triples"))))
    assert triples > 1000


def test_query_page_saved_query_and_permalink(client) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/", headers=HTML)
    assert r.status_code == 200 and b'id="saved-queries"' in r.data
    r = client.get("/", query_string={"query": Q}, headers=HTML)
    page = r.get_data(as_text=True)
    assert 'id="result-table"' in page and "§ 56-2B" in page
    assert 'class="download" href="/sparql/?query=' in page and "format=csv" in page
    r = client.get("/", query_string={"query": "SELECT * {"}, headers=HTML)
    assert 'id="query-error"' in r.get_data(as_text=True)


def test_section_page(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/code/north-haven/56-2B", headers=HTML).get_data(as_text=True)
    assert "100 feet from MLW" in page
    assert 'href="/shape/north-haven/56-2B-length-new"' in page
    assert 'href="/code/north-haven/56-2"' in page  # parent
    assert "Zoning Board of Appeals" in page
    r = client.get("/code/north-haven/56-2B", headers={"Accept": "text/turtle"})
    g = Graph().parse(data=r.data, format="turtle")
    assert str(g.value(URIRef(SECTION), URIRef("https://w3id.org/docklaw/ontology#citation"))) \
        == "§ 56-2B"


def test_shape_rule_jurisdiction_pages(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/shape/north-haven/56-2B-length-new", headers=HTML).get_data(as_text=True)
    assert 'id="enforces"' in page and 'href="/code/north-haven/56-2B"' in page
    page = client.get("/rule/north-haven/56-2B-length-new", headers=HTML).get_data(as_text=True)
    assert 'href="/shape/north-haven/56-2B-length-new"' in page
    page = client.get("/jurisdiction/kings-point", headers=HTML).get_data(as_text=True)
    assert 'href="/code/kings-point/standards"' in page
    r = client.get("/code/north-haven/56-99Z")
    assert r.status_code == 404 and "not in the knowledge graph" in r.get_json()["error"]


def test_validate(client) -> None:  # type: ignore[no-untyped-def]
    data = FIXTURE.read_bytes()
    r = client.post("/validate", data=data, content_type="text/turtle")
    assert r.status_code == 200 and r.mimetype == "application/json"
    assert "§ 56-2B" in json.dumps(r.get_json(), ensure_ascii=False)
    r = client.post("/validate", data=data, content_type="text/turtle",
                    headers={"Accept": "text/turtle"})
    assert r.mimetype == "text/turtle"
    Graph().parse(data=r.data, format="turtle")
    r = client.post("/validate", data=data, content_type="text/turtle", headers=HTML)
    assert r.mimetype == "text/html" and "56-2B" in r.get_data(as_text=True)


def test_validate_errors(client) -> None:  # type: ignore[no-untyped-def]
    bad = b"@prefix : <http://e.org/x#> .\n:a :b"
    r = client.post("/validate", data=bad, content_type="text/turtle")
    assert r.status_code == 400 and r.get_json()["line"] == 2
    r = client.post("/validate", data=b"x" * 5000, content_type="text/turtle")
    assert r.status_code == 413
    r = client.post("/validate", data=b"a,b", content_type="text/csv")
    assert r.status_code == 415
    r = client.post("/validate", data=b"a,b", content_type="text/csv", headers=HTML)
    assert r.status_code == 415 and r.mimetype == "text/html"


def test_compare(client) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/compare")
    assert r.status_code == 200 and r.mimetype == "text/html"
