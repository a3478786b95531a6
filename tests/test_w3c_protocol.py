"""The official W3C SPARQL 1.1 Protocol tests, run against the app via Flask's test client.

The suite lives beside the repository (``../shared/w3c``) and is never copied in. Its three
data files are loaded as named graphs. Every query test must pass; every update test must
be refused with a 4xx (the endpoint is read-only).

The manifest uses ``default-graph-uri=.../data0.rdf`` in four query tests but ships no
data0 file, expecting ``ASK {}`` to be true: the test configuration declares data0 as a
loaded, empty graph, since the endpoint refuses graphs it has not loaded (no remote fetch).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from urllib.parse import unquote

import pytest
from rdflib import Graph, Namespace, URIRef
from rdflib.collection import Collection
from rdflib.namespace import RDF, RDFS

from docklaw.web import create_app

# ../shared beside the repository (this file is <repo>/tests/..., so parents[1] is the repo);
# a git worktree elsewhere names the suite with $DOCKLAW_W3C_SUITE (the directory "w3c")
SHARED = Path(os.environ.get("DOCKLAW_W3C_SUITE")
              or Path(__file__).resolve().parents[1].parent / "shared" / "w3c")
SUITE = SHARED / "sparql11-protocol"
MF = Namespace("http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#")
HT = Namespace("http://www.w3.org/2011/http#")
CNT = Namespace("http://www.w3.org/2011/content#")
UT = Namespace("http://www.w3.org/2009/sparql/tests/test-update#")
HTS = Namespace("http://www.w3.org/2011/http-statusCodes#")
DATA0 = "http://kasei.us/2009/09/sparql/data/data0.rdf"

pytestmark = pytest.mark.skipif(not SUITE.exists(),
                                reason="../shared/w3c absent (or set $DOCKLAW_W3C_SUITE)")


def manifest() -> Graph:
    return Graph().parse(SUITE / "manifest.ttl", format="turtle")


def entries() -> list[URIRef]:
    if not SUITE.exists():
        return []
    g = manifest()
    head = g.value(next(g.subjects(RDF.type, MF.Manifest)), MF.entries)
    return list(Collection(g, head))  # type: ignore[arg-type]


def entry_id(entry: URIRef) -> str:
    return str(entry).rsplit("#", 1)[-1]


@pytest.fixture(scope="module", params=[("oxigraph", "process"), ("rdflib", "inline")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def client(request):  # type: ignore[no-untyped-def]
    graphs: dict[str, object] = {DATA0: Graph()}
    for n in (1, 2, 3):
        graphs[f"http://kasei.us/2009/09/sparql/data/data{n}.rdf"] = SUITE / f"data{n}.nt"
    backend, execution = request.param
    app = create_app({"TESTING": True, "KG_LOADER": Graph, "SPARQL_GRAPHS": graphs,
                      "SPARQL_BACKEND": backend, "SPARQL_EXECUTION": execution})
    yield app.test_client()
    app.extensions["docklaw"].store.close()


def requests_of(g: Graph, entry: URIRef) -> list[dict[str, object]]:
    action = g.value(entry, MF.action)
    out = []
    for req in Collection(g, g.value(action, HT.requests)):  # type: ignore[arg-type]
        headers = {}
        head = g.value(req, HT.headers)
        if head is not None:
            for h in Collection(g, head):  # type: ignore[arg-type]
                headers[str(g.value(h, HT.fieldName))] = str(g.value(h, HT.fieldValue))
        body = g.value(req, HT.body)
        resp = g.value(req, HT.resp)
        out.append({
            "method": str(g.value(req, HT.methodName)),
            "path": str(g.value(req, HT.absolutePath)),
            "headers": headers,
            "body": str(g.value(body, CNT.chars)) if body is not None else None,
            "status": {str(s).rsplit("#", 1)[-1] for s in g.objects(resp, MF.expectedStatus)},
            "format": g.value(resp, MF.expectedFormat),
            "boolean": g.value(resp, MF.expectedBoolean),
        })
    return out


def send(client, req: dict[str, object]):  # type: ignore[no-untyped-def]
    path = str(req["path"])
    headers = dict(req["headers"])  # type: ignore[arg-type]
    ctype = headers.pop("content-type", None)
    body = req["body"]
    data = None
    if body is not None:
        charset = ctype.split("charset=")[-1] if ctype and "charset=" in ctype else "utf-8"
        data = str(body).encode(charset)
    kwargs = {"headers": headers, "data": data}
    if ctype is not None:
        kwargs["content_type"] = ctype
    return client.open(path, method=str(req["method"]), **kwargs)


def status_ok(code: int, expected: set[str]) -> bool:
    return f"StatusCode{code // 100}xx" in expected


@pytest.mark.parametrize("entry", entries(), ids=entry_id)
def test_protocol(client, entry: URIRef) -> None:  # type: ignore[no-untyped-def]
    g = manifest()
    name = entry_id(entry)
    reqs = requests_of(g, entry)
    if name.startswith(("update_", "bad_update")):
        response = send(client, reqs[0])
        assert 400 <= response.status_code < 500, (name, response.status_code)
        assert response.get_json()["error"]
        return
    for req in reqs:
        response = send(client, req)
        assert status_ok(response.status_code, req["status"]), (  # type: ignore[arg-type]
            name, response.status_code, response.data[:300])
        fmt = str(req["format"]) if req["format"] is not None else None
        if fmt == "boolean":
            assert response.mimetype in ("application/sparql-results+json",
                                         "application/sparql-results+xml")
            answer = json.loads(response.data)["boolean"]
            if req["boolean"] is not None:
                assert answer is bool(req["boolean"].toPython())  # type: ignore[union-attr]
        elif fmt == "tabular":
            assert response.mimetype in ("application/sparql-results+json",
                                         "application/sparql-results+xml", "text/csv",
                                         "text/tab-separated-values")
            assert json.loads(response.data)["results"]["bindings"] == [
                {"value": {"type": "literal", "value": "1",
                           "datatype": "http://www.w3.org/2001/XMLSchema#integer"}}]
        elif fmt == "RDF":
            assert response.mimetype in ("text/turtle", "application/n-triples",
                                         "application/rdf+xml")
            Graph().parse(data=response.data, format="turtle")


def test_every_test_was_collected() -> None:
    """21 query tests and 13 update tests, as the suite's README says."""
    names = [entry_id(e) for e in entries()]
    updates = [n for n in names if n.startswith(("update_", "bad_update"))]
    assert (len(names) - len(updates), len(updates)) == (21, 13)


def test_graph_labels_match_loaded_graphs() -> None:
    """The manifest's ut:graphData labels are exactly the graphs the fixture loads."""
    g = manifest()
    labels = {str(g.value(d, RDFS.label)) for d in g.objects(None, UT.graphData)}
    assert labels == {f"http://kasei.us/2009/09/sparql/data/data{n}.rdf" for n in (1, 2, 3)}
    assert unquote(DATA0) not in labels


SD_SUITE = SHARED / "sparql11-service-description" / "manifest.ttl"


def test_service_description_suite(client) -> None:  # type: ignore[no-untyped-def]
    """has-endpoint-triple, returns-rdf, conforms-to-schema (sd:Service with sd:endpoint)."""
    assert SD_SUITE.exists()
    response = client.get("/sparql")
    assert response.status_code == 200 and response.mimetype == "text/turtle"
    g = Graph().parse(data=response.data, format="turtle")
    sd = Namespace("http://www.w3.org/ns/sparql-service-description#")
    service = next(g.subjects(RDF.type, sd.Service))
    assert g.value(service, sd.endpoint) == URIRef("http://localhost/sparql")
    assert (service, sd.supportedLanguage, sd.SPARQL11Query) in g
    names = {str(n) for n in g.objects(None, sd.name)}
    assert "http://kasei.us/2009/09/sparql/data/data1.rdf" in names
