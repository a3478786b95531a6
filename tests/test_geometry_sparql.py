# ruff: noqa: E501  (Turtle and WKT fixtures read better on one line)
"""GeoSPARQL functions on rdflib's SPARQL engine, over an application graph."""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph

from docklaw.geometry import sparql

FIXTURES = Path(__file__).parent / "fixtures" / "geometry"
CRS = "http://www.opengis.net/def/crs/EPSG/0/2261"
PREFIXES = """PREFIX geo: <http://www.opengis.net/ont/geosparql#>
PREFIX geof: <http://www.opengis.net/def/function/geosparql/>
PREFIX unit: <http://qudt.org/vocab/unit/>
PREFIX dl: <https://w3id.org/docklaw/ontology#>
"""


@pytest.fixture(autouse=True)
def _registered():
    sparql.register()
    yield
    sparql.unregister()


def graph() -> Graph:
    return Graph().parse(data=f"""
@prefix geo: <http://www.opengis.net/ont/geosparql#> .
@prefix dl: <https://w3id.org/docklaw/ontology#> .
@prefix : <https://example.org/app#> .
:dock a dl:FixedDock ; geo:hasGeometry [ geo:asWKT "<{CRS}> POLYGON((48 0, 52 0, 52 60, 48 60, 48 0))"^^geo:wktLiteral ] .
:west a dl:LotLine ; geo:hasGeometry [ geo:asWKT "<{CRS}> LINESTRING(0 -100, 0 10)"^^geo:wktLiteral ] .
:far a dl:LotLine ; geo:hasGeometry [ geo:asWKT "<{CRS}> LINESTRING(-100 -100, -100 10)"^^geo:wktLiteral ] .
""", format="turtle")


def test_distance_between_dock_and_lot_lines():
    q = PREFIXES + """SELECT ?line ?d WHERE {
        ?line a dl:LotLine ; geo:hasGeometry/geo:asWKT ?lw .
        ?dock a dl:FixedDock ; geo:hasGeometry/geo:asWKT ?dw .
        BIND(geof:distance(?dw, ?lw, unit:FT) AS ?d) } ORDER BY ?d"""
    rows = [(str(r.line).rsplit("#")[-1], round(float(r.d), 3)) for r in graph().query(q)]
    assert rows == [("west", 48.0), ("far", 148.0)]      # ftUS -> ft differ by 2 ppm


def test_filters_buffer_area_length():
    q = PREFIXES + """SELECT ?line ?a ?l WHERE {
        ?line a dl:LotLine ; geo:hasGeometry/geo:asWKT ?lw .
        ?dock a dl:FixedDock ; geo:hasGeometry/geo:asWKT ?dw .
        FILTER(geof:sfIntersects(geof:buffer(?dw, 50, unit:FT), ?lw))
        FILTER(!geof:sfWithin(?lw, ?dw) && !geof:sfContains(?dw, ?lw))
        BIND(geof:area(?dw, unit:FT2) AS ?a) BIND(geof:length(?lw) AS ?l) }"""
    rows = list(graph().query(q))
    assert [str(r.line).rsplit("#")[-1] for r in rows] == ["west"]
    assert float(rows[0].a) == pytest.approx(240.0, rel=1e-5)
    assert float(rows[0].l) == pytest.approx(110.0, rel=1e-5)


def test_a_literal_without_crs_is_crs84_and_its_distance_is_geodesic():
    """GeoSPARQL 1.1: no CRS is CRS84. (0 0)-(1 1) on WGS 84 is 156,899.568 m (GeographicLib,
    Karney 2013), asked in metres and in feet."""
    g = Graph()
    q = PREFIXES + """SELECT ?m ?ft WHERE {
        BIND(geof:distance("POINT(0 0)"^^geo:wktLiteral, "POINT(1 1)"^^geo:wktLiteral, unit:M) AS ?m)
        BIND(geof:distance("POINT(0 0)"^^geo:wktLiteral, "POINT(1 1)"^^geo:wktLiteral) AS ?ft) }"""
    (row,) = list(g.query(q))
    assert float(row.m) == pytest.approx(156899.568, abs=0.001)
    assert float(row.ft) == pytest.approx(156899.568 / 0.3048, abs=0.01)


def test_degrees_out_of_range_are_a_function_error_not_a_crash():
    q = PREFIXES + """SELECT ?x ?d WHERE { VALUES ?x { 1 }
        BIND(geof:distance("POINT(0 0)"^^geo:wktLiteral, "POINT(500 100)"^^geo:wktLiteral) AS ?d) }"""
    (row,) = list(Graph().query(q))
    assert row.d is None


def test_keuka_fixture_structures_within_50_feet_of_the_mhw():
    g = Graph().parse(FIXTURES / "keuka-bent-shore.ttl")
    q = PREFIXES + """SELECT ?s WHERE {
        ?s a dl:FixedDock ; geo:hasGeometry/geo:asWKT ?w .
        ?sh dl:datum dl:MeanHighWater ; geo:hasGeometry/geo:asWKT ?m .
        FILTER(geof:distance(?w, ?m, unit:FT) < 50) }"""
    # the survey-frame literals carry no CRS, so GeoSPARQL reads them as CRS84: no rows
    assert list(g.query(q)) == []
