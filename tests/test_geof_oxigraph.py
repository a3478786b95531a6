# ruff: noqa: E501  (Turtle and WKT fixtures read better on one line)
"""GeoSPARQL geof: functions on the default store (embedded Oxigraph), over HTTP (issue 17 item 4).

The same functions as on rdflib's engine (``tests/test_geometry_sparql.py``), registered as
pyoxigraph custom functions: the SPARQL endpoint answers them in the web default
configuration (Oxigraph in memory, queries in forked workers) and inline.
"""

from __future__ import annotations

import json

import pytest
from rdflib import Graph

from docklaw.web import create_app

CRS = "http://www.opengis.net/def/crs/EPSG/0/2261"
DATA = f"""
@prefix geo: <http://www.opengis.net/ont/geosparql#> .
@prefix dl: <https://w3id.org/docklaw/ontology#> .
@prefix : <https://example.org/app#> .
:dock a dl:FixedDock ; geo:hasGeometry [ geo:asWKT "<{CRS}> POLYGON((48 0, 52 0, 52 60, 48 60, 48 0))"^^geo:wktLiteral ] .
:west a dl:LotLine ; geo:hasGeometry [ geo:asWKT "<{CRS}> LINESTRING(0 -100, 0 10)"^^geo:wktLiteral ] .
:far a dl:LotLine ; geo:hasGeometry [ geo:asWKT "<{CRS}> LINESTRING(-100 -100, -100 10)"^^geo:wktLiteral ] .
"""
PREFIXES = """PREFIX geo: <http://www.opengis.net/ont/geosparql#>
PREFIX geof: <http://www.opengis.net/def/function/geosparql/>
PREFIX unit: <http://qudt.org/vocab/unit/>
PREFIX dl: <https://w3id.org/docklaw/ontology#>
"""


@pytest.fixture(scope="module", params=["process", "inline"])
def client(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    app = create_app({"TESTING": True, "SPARQL_BACKEND": "memory",
                      "SPARQL_EXECUTION": request.param,
                      "KG_LOADER": lambda: Graph().parse(data=DATA, format="turtle")})
    yield app.test_client()
    from docklaw.web.knowledge import knowledge

    knowledge(app).store.close()


def ask(client, query: str) -> list[dict[str, str]]:  # type: ignore[no-untyped-def]
    r = client.get("/sparql", query_string={"query": PREFIXES + query},
                   headers={"Accept": "application/sparql-results+json"})
    assert r.status_code == 200, r.get_data(as_text=True)
    body = json.loads(r.get_data(as_text=True))
    return [{k: v["value"] for k, v in b.items()} for b in body["results"]["bindings"]]


def test_distance_in_feet(client) -> None:  # type: ignore[no-untyped-def]
    rows = ask(client, """SELECT ?line ?d WHERE {
        ?line a dl:LotLine ; geo:hasGeometry/geo:asWKT ?lw .
        ?dock a dl:FixedDock ; geo:hasGeometry/geo:asWKT ?dw .
        BIND(geof:distance(?dw, ?lw, unit:FT) AS ?d) } ORDER BY ?d""")
    assert [(r["line"].rsplit("#")[-1], round(float(r["d"]), 3)) for r in rows] == [
        ("west", 48.0), ("far", 148.0)]


def test_filters_buffer_area_length(client) -> None:  # type: ignore[no-untyped-def]
    rows = ask(client, """SELECT ?line ?a ?l WHERE {
        ?line a dl:LotLine ; geo:hasGeometry/geo:asWKT ?lw .
        ?dock a dl:FixedDock ; geo:hasGeometry/geo:asWKT ?dw .
        FILTER(geof:sfIntersects(geof:buffer(?dw, 50, unit:FT), ?lw))
        FILTER(!geof:sfWithin(?lw, ?dw) && !geof:sfContains(?dw, ?lw))
        BIND(geof:area(?dw, unit:FT2) AS ?a) BIND(geof:length(?lw) AS ?l) }""")
    assert [r["line"].rsplit("#")[-1] for r in rows] == ["west"]
    assert float(rows[0]["a"]) == pytest.approx(240.0, rel=1e-5)
    assert float(rows[0]["l"]) == pytest.approx(110.0, rel=1e-5)


def test_bad_arguments_leave_the_binding_unbound(client) -> None:  # type: ignore[no-untyped-def]
    """Coordinates that are no degrees in a CRS-less literal (CRS84) or an unknown unit are a
    function error: the BIND is unbound and the query still answers, as on rdflib's engine."""
    rows = ask(client, """SELECT ?x ?d ?e WHERE { VALUES ?x { 1 }
        BIND(geof:distance("POINT(0 0)"^^geo:wktLiteral, "POINT(500 100)"^^geo:wktLiteral) AS ?d)
        BIND(geof:distance("<http://www.opengis.net/def/crs/EPSG/0/2261> POINT(0 0)"^^geo:wktLiteral,
                           "<http://www.opengis.net/def/crs/EPSG/0/2261> POINT(3 4)"^^geo:wktLiteral, unit:LB) AS ?e) }""")
    assert rows == [{"x": "1"}]


def test_crs84_literals_answer_over_http(client) -> None:  # type: ignore[no-untyped-def]
    """GeoSPARQL 1.1: a literal without CRS is CRS84. The topological functions answer on it, and
    geof:distance is geodesic in the unit asked for: a point 1 arc-minute north of another at
    Kings Point is 1,850.84 m away on the WGS 84 ellipsoid (the meridian's radius of curvature
    at 40.82 N, a(1 - e²)/(1 - e² sin²φ)^1.5 = 6,362,697 m, times one minute in radians)."""
    rows = ask(client, """SELECT ?i ?w ?c ?n ?m WHERE {
        BIND("POLYGON((-73.74 40.81, -73.73 40.81, -73.73 40.83, -73.74 40.83, -73.74 40.81))"^^geo:wktLiteral AS ?lot)
        BIND("POINT(-73.735 40.82)"^^geo:wktLiteral AS ?p)
        BIND("<http://www.opengis.net/def/crs/OGC/1.3/CRS84> POINT(-73.735 40.8366666667)"^^geo:wktLiteral AS ?q)
        BIND(geof:sfIntersects(?lot, ?p) AS ?i) BIND(geof:sfWithin(?p, ?lot) AS ?w)
        BIND(geof:sfContains(?lot, ?p) AS ?c) BIND(geof:sfIntersects(?lot, ?q) AS ?n)
        BIND(geof:distance(?p, ?q, unit:M) AS ?m) }""")
    (row,) = rows
    assert (row["i"], row["w"], row["c"], row["n"]) == ("true", "true", "true", "false")
    assert float(row["m"]) == pytest.approx(1850.84, abs=0.01)
