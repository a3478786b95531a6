# ruff: noqa: E501  (WKT fixtures read better on one line)
"""Drawings in the CRS a county exports (issue 25 item 6): any EPSG CRS or CRS84, projected into
the code's survey frame with PROJ, gives the measurements of the surveyed drawing.

The fixtures (tests/fixtures/geometry/crs/, written by regenerate.py there) are one Kings Point
lot at its real State Plane position (around 40.82 N, 73.74 W): as surveyed in NAD83 / New York
Long Island (ftUS) EPSG:2263, and the same coordinates in EPSG:32118 (metres), EPSG:4326
(latitude first), CRS84 (longitude first), a literal without CRS (CRS84), and the wrong State
Plane zone (EPSG:2261, New York Central). Tolerance: 0.02 ft on lengths and setbacks (two
reporting steps of 0.01 ft: the projections agree to ~1e-7 of the distance, the rest is
rounding), 0.1 sq ft on areas.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDFS

from docklaw.errors import InputError
from docklaw.geometry import crs
from docklaw.geometry.derive import derive_geometry
from docklaw.geometry.settings import load
from docklaw.namespaces import DL, GEO, QUDT
from docklaw.validate.pipeline import validate_graph

FIXTURES = Path(__file__).parent / "fixtures" / "geometry" / "crs"
A = "https://example.org/applications/kings-point-crs#"
DRAWN_IN = ("2263", "32118", "4326", "crs84", "nocrs", "2261")
#: what the surveyed drawing measures (ftUS converted to international feet, 0.01 ft)
EXPECTED = {
    ("dock", DL.length): 120.0, ("dock", DL.farthestExtentFromMHW): 120.0,
    ("dock", DL.width): 18.0, ("dock", DL.mainWalkwayWidth): 6.0,
    ("dock", DL.sideSetback): 85.0, ("dock", DL.area): 1116.0,
    ("lift", DL.farthestExtentFromMHW): 118.0, ("lift", DL.area): 336.0,
}


def derived(name: str) -> tuple[Graph, dict[tuple[str, URIRef], float]]:
    g = Graph().parse(FIXTURES / f"kings-point-{name}.ttl")
    derive_geometry(g, "kings-point")
    values: dict[tuple[str, URIRef], float] = {}
    for node, prop, qv in g:
        if isinstance(node, URIRef) and g.value(qv, DL.derived) == Literal(True) \
                and str(node).startswith(A):
            values[(str(node)[len(A):], prop)] = float(g.value(qv, QUDT.numericValue))
    return g, values


def statement(g: Graph) -> str:
    (conversion,) = set(g.subjects(None, DL.CoordinateConversion))
    return str(g.value(conversion, RDFS.comment))


@pytest.mark.parametrize("name", DRAWN_IN)
def test_every_crs_gives_the_surveyed_measurements(name: str) -> None:
    _, values = derived(name)
    for key, expected in EXPECTED.items():
        tolerance = 0.1 if key[1] == DL.area else 0.02
        assert values[key] == pytest.approx(expected, abs=tolerance), (name, key)


def test_same_measurements_in_every_crs_as_in_the_survey() -> None:
    _, survey = derived("2263")
    for name in DRAWN_IN[1:]:
        _, values = derived(name)
        assert values.keys() == survey.keys(), name
        for key, value in survey.items():
            tolerance = 0.1 if key[1] in (DL.area, DL.appendageArea, DL.totalFloatArea) else 0.02
            assert values[key] == pytest.approx(value, abs=tolerance), (name, key)


@pytest.mark.parametrize(("name", "read", "how"), [
    ("2263", "EPSG:2263 (NAD83 / New York Long Island (ftUS))", "measured in it"),
    ("32118", "EPSG:32118 (NAD83 / New York Long Island)", "measured in it, coordinates × 3.280840"),
    ("4326", "EPSG:4326 (WGS 84) (axes geodetic latitude, geodetic longitude)", "projected with PROJ"),
    ("crs84", "CRS84 (WGS 84 (CRS84)) (axes geodetic longitude, geodetic latitude)", "projected with PROJ"),
    ("nocrs", "CRS84", "projected with PROJ"),
    ("2261", "EPSG:2261 (NAD83 / New York Central (ftUS))", "projected with PROJ"),
])
def test_the_measurements_state_which_crs_was_read_and_how(name: str, read: str, how: str) -> None:
    g, _ = derived(name)
    text = statement(g)
    assert text.startswith(f"drawn in {read}") and how in text, text
    if how.startswith("projected"):
        assert "into EPSG:2263 (NAD83 / New York Long Island (ftUS)), the survey frame of kings-point" in text
    # every derived quantity points to it, and the report carries it per measurement
    for qv in g.subjects(DL.derived, Literal(True)):
        assert g.value(qv, DL.coordinatesFrom) is not None
    report = validate_graph(Graph().parse(FIXTURES / f"kings-point-{name}.ttl"), name=name,
                            plan=False)
    drawn = [m for m in report.measurements if m.source == "derived"]
    assert drawn and all(m.coordinates == text for m in drawn)
    assert f"coordinates: {text}" in report.to_text()
    assert report.to_json()["measurements"][0].keys() >= {"coordinates"}


def test_a_drawing_in_another_zone_is_projected_not_measured_as_drawn() -> None:
    """Measured as drawn, the EPSG:2261 coordinates (Central zone, ~240 km west of Kings Point)
    would make the 120-ft dock 120.08 ft: the zone's scale error. Projected into the code's
    zone they give 120.00."""
    from shapely.geometry import Point

    from docklaw.geometry.wkt import read_literal

    g = Graph().parse(FIXTURES / "kings-point-2261.ttl")

    def drawn(name: str):  # type: ignore[no-untyped-def]
        return read_literal(str(g.value(g.value(URIRef(A + name), GEO.hasGeometry),
                                        GEO.asWKT))).geom

    dock, mhw = drawn("dock"), drawn("mhw")
    farthest = max(mhw.distance(Point(c)) for c in dock.exterior.coords)
    as_drawn = farthest * load().accepted[crs.EPSG + "2261"].to_feet
    assert as_drawn == pytest.approx(120.08, abs=0.01)
    assert derived("2261")[1][("dock", DL.length)] == pytest.approx(120.0, abs=0.01)


def swapped(name: str) -> Graph:
    """The fixture with every coordinate pair in the other order."""
    import shapely
    from shapely import wkt

    from docklaw.geometry.wkt import split_literal

    g = Graph().parse(FIXTURES / f"kings-point-{name}.ttl")
    for gnode, lit in list(g.subject_objects(GEO.asWKT)):
        iri, body = split_literal(str(lit))
        turned = shapely.transform(wkt.loads(body), lambda c: c[:, ::-1])
        g.set((gnode, GEO.asWKT, Literal(f"<{iri}> {turned.wkt}", datatype=GEO.wktLiteral)))
    return g


def test_longitude_first_in_epsg_4326_is_refused_naming_the_axis_order() -> None:
    """EPSG:4326 lists latitude first (GeoSPARQL follows the CRS); a drawing written longitude
    first lands in the Southern Ocean, outside the survey frame: refused, not guessed."""
    with pytest.raises(InputError) as err:
        derive_geometry(swapped("4326"), "kings-point")
    message = err.value.message
    assert "outside the area of use of EPSG:2263" in message
    assert "EPSG:4326: geodetic latitude, geodetic longitude" in message
    assert err.value.exit_code == 2


def test_features_on_different_datums_are_refused() -> None:
    """The parcel from a county in WGS 84, the dock surveyed in NAD83: their relative position
    depends on a datum shift PROJ may pick differently per machine. Refused."""
    g = Graph().parse(FIXTURES / "kings-point-2263.ttl")
    crs84 = Graph().parse(FIXTURES / "kings-point-crs84.ttl")
    gnode = g.value(URIRef(A + "parcel"), GEO.hasGeometry)
    g.set((gnode, GEO.asWKT, crs84.value(crs84.value(URIRef(A + "parcel"), GEO.hasGeometry),
                                          GEO.asWKT)))
    with pytest.raises(InputError, match="different datums") as err:
        derive_geometry(g, "kings-point")
    assert "World Geodetic System 1984" in err.value.message
    assert "North American Datum 1983" in err.value.message


def test_features_in_two_crss_on_one_datum_are_measured_together() -> None:
    """The parcel and shore in EPSG:32118 (metres), the dock and lift in EPSG:2263 (feet): one
    datum, so each is projected into the survey frame and the measurements are the survey's."""
    g = Graph().parse(FIXTURES / "kings-point-2263.ttl")
    metres = Graph().parse(FIXTURES / "kings-point-32118.ttl")
    for name in ("parcel", "mhw", "west", "east"):
        gnode = g.value(URIRef(A + name), GEO.hasGeometry)
        g.set((gnode, GEO.asWKT, metres.value(metres.value(URIRef(A + name), GEO.hasGeometry),
                                              GEO.asWKT)))
    derive_geometry(g, "kings-point")
    _, survey = derived("2263")
    for node, prop, qv in g:
        if g.value(qv, DL.derived) == Literal(True) and str(node).startswith(A):
            key = (str(node)[len(A):], prop)
            assert float(g.value(qv, QUDT.numericValue)) == pytest.approx(survey[key], abs=0.02)
    assert "drawn in EPSG:32118" in statement(g) and "drawn in EPSG:2263" in statement(g)


def test_a_code_without_a_survey_frame_measures_only_accepted_crss() -> None:
    settings = load()
    reader = crs.Reader({crs.EPSG + "2263": "x"}, settings, "a-new-code")
    assert reader.frame.iri == crs.EPSG + "2263" and not reader.reprojected
    with pytest.raises(InputError, match="names none"):
        crs.Reader({crs.CRS84: "x"}, settings, "a-new-code")


def test_unknown_and_non_horizontal_crss_are_refused() -> None:
    settings = load()
    for iri, words in ((crs.EPSG + "9999", "not in the EPSG registry"),
                       (crs.EPSG + "5703", "not a horizontal CRS"),  # NAVD88 height
                       ("urn:ogc:def:crs:EPSG::2263", "unknown CRS")):
        with pytest.raises(InputError, match=words) as err:
            crs.Reader({iri: "https://example.org/app#dock"}, settings, "kings-point",
                       crs.EPSG + "2263")
        assert err.value.node == "https://example.org/app#dock"
