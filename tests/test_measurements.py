"""The report's measurements: every derived figure of every shipped geometry example, checked
against figures computed here independently with shapely (not with docklaw.geometry).

Why: the measurements are what a board reads before it decides; they must be the figures a
surveyor would get from the drawing. The independent construction below follows the text of the
codes (bisectors of the waterside angles, lot lines extended on their axis or at a right angle to
the mark, distances perpendicular to the mark) with plain shapely calls. Tolerance: 0.011 ft /
0.011 sq ft / 0.011 degrees / 0.011 percent (docklaw reports to 0.01, geometry.ttl
dl:reportingPrecision, so a correct figure is within half a hundredth plus float noise).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import shapely
from rdflib import Graph, URIRef
from shapely.geometry import LineString, Point, Polygon
from shapely.wkt import loads

from docklaw import paths
from docklaw.namespaces import DL, GEO
from docklaw.validate.pipeline import validate_bytes

TOLERANCE = 0.011
EXAMPLES = sorted(paths.EXAMPLES_DIR.glob("*/geometry.ttl"))
CASES = Path(__file__).parent / "cases"


def wkt_of(g: Graph, node: URIRef) -> shapely.Geometry:
    text = str(g.value(g.value(node, GEO.hasGeometry), GEO.asWKT))
    if text.startswith("<"):
        text = text.split(">", 1)[1]
    return loads(text.strip())


def unit(v: tuple[float, float]) -> tuple[float, float]:
    n = math.hypot(*v)
    return (v[0] / n, v[1] / n)


class Independent:
    """The figures of one drawn application, computed from scratch."""

    def __init__(self, path: Path) -> None:
        g = Graph().parse(path)
        self.jid = path.parent.name
        app = next(g.subjects(None, DL.PermitApplication))
        parcel = g.value(app, DL.parcel)
        self.dock_iri = str(g.value(app, DL.proposes))
        self.dock = wkt_of(g, g.value(app, DL.proposes))
        self.parcel = wkt_of(g, parcel)
        shores = {g.value(s, DL.datum): wkt_of(g, s) for s in g.objects(parcel, DL.shoreline)}
        self.mhw = shores[DL.MeanHighWater]
        self.mlw = shores.get(DL.MeanLowWater)
        self.lots = [wkt_of(g, n) for n in sorted(g.objects(parcel, DL.lotLine), key=str)]
        self.nbrs = [wkt_of(g, n) for n in sorted(g.objects(parcel, DL.neighbourLotLine),
                                                  key=str)]
        self.points = [self.mhw.intersection(lot) for lot in self.lots]
        self.dense = shapely.segmentize(self.dock.exterior, 0.01)

    def farthest(self, line: LineString) -> float:
        water = [Point(c) for c in self.dense.coords if self.is_water(Point(c))]
        return max(line.distance(p) for p in water)

    def width(self) -> float:
        a, b = sorted(self.points, key=lambda p: self.mhw.project(p))
        d = unit((b.x - a.x, b.y - a.y))
        proj = [x * d[0] + y * d[1] for x, y in self.dock.exterior.coords]
        if self.jid not in ("jerusalem", "south-bristol"):  # the shipped docks lie square
            return max(proj) - min(proj)
        # "width is measured parallel to the mean high water mark": the longest cut along a
        # line parallel to the tie line, over cuts 1/2000 of the dock's extent apart
        n = (-d[1], d[0])
        across = [x * n[0] + y * n[1] for x, y in self.dock.exterior.coords]
        lo, hi, far = min(across), max(across), 10 * (max(proj) - min(proj) + 1)
        mid = (max(proj) + min(proj)) / 2
        cuts = []
        for i in range(1, 2000):
            t = lo + (hi - lo) * i / 2000
            cx, cy = t * n[0] + mid * d[0], t * n[1] + mid * d[1]
            line = LineString([(cx - far * d[0], cy - far * d[1]),
                               (cx + far * d[0], cy + far * d[1])])
            cuts.append(self.dock.intersection(line).length)
        return max(cuts)

    def side(self) -> tuple[float, float]:
        """(same axis, right angle): least clearance from either lot line extended."""
        same, right = [], []
        for lot, p in zip(self.lots, self.points, strict=True):
            coords = list(lot.coords)
            onshore = next(c for c in coords if self.parcel.buffer(1e-6).contains(Point(c))
                           and Point(c).distance(p) > 1)
            axis = unit((p.x - onshore[0], p.y - onshore[1]))
            same.append(self.dock.distance(LineString([(p.x, p.y), (p.x + 1500 * axis[0],
                                                                     p.y + 1500 * axis[1])])))
            c = list(self.mhw.coords)
            t = unit((c[-1][0] - c[0][0], c[-1][1] - c[0][1]))
            for n in ((-t[1], t[0]), (t[1], -t[0])):
                if self.is_water(Point(p.x + n[0], p.y + n[1])):
                    right.append(self.dock.distance(LineString(
                        [(p.x, p.y), (p.x + 1500 * n[0], p.y + 1500 * n[1])])))
                    break
        return min(same), min(right)

    def side_of_mhw(self, pt: Point) -> float:
        """Sign of pt relative to the nearest segment of the mean high water line."""
        c = list(self.mhw.coords)
        segs = [LineString([c[i], c[i + 1]]) for i in range(len(c) - 1)]
        seg = min(segs, key=lambda s: s.distance(pt))
        (x0, y0), (x1, y1) = seg.coords
        return math.copysign(1, (x1 - x0) * (pt.y - y0) - (y1 - y0) * (pt.x - x0))

    def is_water(self, pt: Point) -> bool:
        return self.side_of_mhw(pt) != self.side_of_mhw(self.parcel.representative_point())

    def riparian(self) -> tuple[list[LineString], list[float], float | None]:
        """Bisectors of the waterside angles at the parcel's two MHW points (§ 160-122C(1),
        § 73-7A): lines, the angles, and where they meet (shorter line's length)."""
        nbr_points = [self.mhw.intersection(n) for n in self.nbrs]
        own = sorted(self.points, key=lambda p: self.mhw.project(p))
        nbr = sorted(nbr_points, key=lambda p: self.mhw.project(p))
        pairs = [(own[0], nbr[0], own[1]), (own[1], nbr[1], own[0])]
        rays, angles = [], []
        for p, n, q in pairs:
            u1, u2 = unit((n.x - p.x, n.y - p.y)), unit((q.x - p.x, q.y - p.y))
            b = (u1[0] + u2[0], u1[1] + u2[1])
            if math.hypot(*b) < 1e-9:
                b = (-u2[1], u2[0])
            d = unit(b)
            between = math.degrees(math.acos(max(-1, min(1, u1[0] * u2[0] + u1[1] * u2[1]))))
            if not self.is_water(Point(p.x + d[0], p.y + d[1])):
                d = (-d[0], -d[1])  # the waterside angle is the reflex one
                between = 360 - between
            angles.append(between)
            rays.append(LineString([(p.x, p.y), (p.x + 1500 * d[0], p.y + 1500 * d[1])]))
        meet = rays[0].intersection(rays[1])
        if meet.is_empty:
            return rays, angles, None
        lengths = [Point(r.coords[0]).distance(meet) for r in rays]
        clipped = [LineString([r.coords[0], (meet.x, meet.y)]) for r in rays]
        return clipped, angles, min(lengths)


def measurements(path: Path) -> list[dict]:
    return validate_bytes(path.read_bytes(), "turtle", name=path.name).to_json()["measurements"]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.parent.name)
def test_every_derived_figure_matches_an_independent_computation(path: Path) -> None:
    ind = Independent(path)
    expected: dict[str, float] = {
        "dl:area": ind.dock.area,
        "dl:length": ind.farthest(ind.mhw),
        "dl:farthestExtentFromMHW": ind.farthest(ind.mhw),
        "dl:width": ind.width(),
    }
    if ind.mlw is not None:
        expected["dl:lengthFromMLW"] = ind.farthest(ind.mlw)
    # a plain dock (no parts) is its own main walkway (the § 73-9C(1)(b) construction)
    expected["dl:mainWalkwayWidth"] = ind.width()
    expected["dl:mainWalkwayShare"] = 100.0
    if ind.jid in ("north-haven", "kings-point", "north-hempstead"):
        same, right = ind.side()
        expected["dl:sideSetbackSameAxis"] = same
        expected["dl:sideSetbackRightAngle"] = right
        # § 56-3A: whichever construction results in the greater setback -> smaller clearance
        expected["dl:sideSetback"] = min(same, right) if ind.jid == "north-haven" else same
    lines, angles, meeting = (ind.riparian() if ind.jid in ("jerusalem", "south-bristol")
                              else ([], [], None))
    if lines:
        prop = ("dl:setbackFromWaterRightsLine" if ind.jid == "jerusalem"
                else "dl:setbackFromFacilityAreaLine")
        expected[prop] = min(ind.dock.distance(line) for line in lines)
    found = [m for m in measurements(path) if m["source"] == "derived"]
    on_dock = {m["property"]: m for m in found if m["node"] == ind.dock_iri}
    checked = 0
    for prop, value in expected.items():
        assert prop in on_dock, f"{path.parent.name}: no derived {prop} in the measurements"
        assert abs(on_dock[prop]["value"] - value) <= TOLERANCE, (prop, on_dock[prop], value)
        checked += 1
    unchecked = set(on_dock) - set(expected) - {"dl:withinRiparianLines", "dl:totalFloatArea",
                                                "dl:appendageArea"}
    assert not unchecked, f"derived figures without an independent check: {unchecked}"
    if lines:
        assert on_dock["dl:withinRiparianLines"]["value"] is True
        got_angles = sorted(m["value"] for m in found if m["property"] == "dl:bisectedAngle")
        assert len(got_angles) == 2
        for got, want in zip(got_angles, sorted(angles), strict=True):
            assert abs(got - want) <= TOLERANCE
        meet = [m for m in found if m["property"] == "dl:riparianLineLengthAtIntersection"]
        if meeting is None:
            assert not meet
        else:
            assert abs(meet[0]["value"] - meeting) <= TOLERANCE
    assert checked >= 4


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.parent.name)
def test_each_derived_figure_says_how_and_from_what(path: Path) -> None:
    for m in measurements(path):
        if m["source"] != "derived" or m["property"] == "dl:withinRiparianLines":
            continue
        assert m["construction"] and m["construction_iri"], m
        assert m["derived_from"], m
        assert m["unit"] in ("unit:FT", "unit:FT2", "unit:PERCENT", "unit:DEG"), m


def test_the_shape_of_a_measurement_is_stable() -> None:
    m = measurements(EXAMPLES[0])[0]
    assert set(m) == {"node", "node_label", "property", "label", "value", "unit", "shown",
                      "source", "construction", "construction_iri", "construction_text",
                      "sections", "derived_from", "stated_as", "rule", "discrepancy",
                      "coordinates",  # issue 25: the CRS read and how it was converted
                      "bounds"}  # fix-sb9: a value the drawing only bounds


def test_a_value_the_drawing_only_bounds_is_shown_unknown_with_its_range() -> None:
    """fix-sb9: a T drawn in one outline, stating no main walkway width, read with its head as
    walkway: the head's area as an appendage is asked, and the report showed "drawn head area:
    0 square feet". It is shown unknown, with the range both readings give."""
    path = CASES / "south-bristol" / ("a-t-shaped-dock-drawn-as-one-outline-with-a-6-foot-stem-"
                                      "and-a-324-square-foot-head-stating-no-width-needs-the-main-"
                                      "walkway-width-for-73-9C-1-a-and-73-9C-1-f.ttl")
    report = validate_bytes(path.read_bytes(), "turtle", name=path.name)
    item = next(m for m in report.to_json()["measurements"]
                if m["property"] == "dl:drawnHeadArea")
    assert item["bounds"] == {"least": 0.0, "most": pytest.approx(324.0, abs=TOLERANCE)}
    assert item["shown"] == "unknown: between 0 and 324 square feet"
    text = report.to_text()
    assert "drawn head area: unknown: between 0 and 324 square feet" in text
    assert "drawn head area: 0 square feet" not in text
    assert "unknown: between 0 and 324 square feet" in report.to_html()


def test_a_north_haven_side_setback_names_both_constructions_and_56_3A() -> None:
    found = {m["property"]: m for m in measurements(paths.EXAMPLES_DIR / "north-haven" /
                                                    "geometry.ttl")
             if m["node"].endswith("#dock")}
    assert found["dl:sideSetback"]["value"] == pytest.approx(40.0, abs=TOLERANCE)
    assert found["dl:sideSetback"]["construction_iri"].endswith("#GreaterSetbackOfTwoExtensions")
    assert found["dl:sideSetbackRightAngle"]["value"] == pytest.approx(76.65, abs=TOLERANCE)
    for prop in ("dl:sideSetback", "dl:sideSetbackSameAxis", "dl:sideSetbackRightAngle"):
        assert [s["section"] for s in found[prop]["sections"]] == ["§ 56-3A"]
    assert set(found["dl:sideSetback"]["derived_from"]) >= {
        n for n in found["dl:sideSetback"]["derived_from"] if n.endswith(("#mhw", "#west"))}


def test_a_conforming_setback_is_still_reported() -> None:
    """A dock exactly 10 ft from a water rights line conforms; the 10 ft is in every format."""
    path = CASES / "jerusalem" / "geometry-a-permanent-dock-drawn-10-feet-from-a-water-rights-" \
                                 "line-meets-160-122D.ttl"
    report = validate_bytes(path.read_bytes(), "turtle", name=path.name)
    assert report.status != "violates"  # (the case leaves other facts unstated: incomplete)
    item = next(m for m in report.to_json()["measurements"]
                if m["property"] == "dl:setbackFromWaterRightsLine")
    assert item["value"] == pytest.approx(10.0, abs=TOLERANCE)
    assert item["sections"] == [{"section": "§ 160-122C(1)",
                                 "section_iri": "https://w3id.org/docklaw/code/jerusalem/"
                                                "160-122C-1"}]
    assert "setback from water rights line: 10 feet - derived" in report.to_text()
    assert "least distance to a water rights line" in report.to_html()


def test_computed_limit_shows_its_arithmetic() -> None:
    path = paths.EXAMPLES_DIR / "kings-point" / "several-violations.ttl"
    limit = next(m for m in measurements(path)
                 if m["source"] == "computed limit" and m["node"].endswith("#dock")
                 and m["property"] == "dl:sideSetback")
    assert limit["value"] == 60.0 and limit["unit"] == "unit:FT"
    assert limit["construction"] == ("greater of (0.4 x dl:shorelineFrontage (140 feet) = 56; "
                                     "60 feet) = 60")
    assert limit["sections"][0]["section"] == "Standards C"
    assert limit["derived_from"] == ["dl:shorelineFrontage of the parcel"]


def test_stated_values_are_marked_stated_with_the_unit_as_written() -> None:
    data = (paths.EXAMPLES_DIR / "north-haven" / "several-violations.ttl").read_text()
    found = validate_bytes(data.encode(), "turtle").to_json()["measurements"]
    assert found and all(m["source"] in ("stated", "derived", "counted", "looked up",
                                         "computed limit") for m in found)
    assert any(m["source"] == "stated" for m in found)


def test_a_declared_value_disagreeing_with_the_drawing_is_a_warning_naming_both() -> None:
    path = paths.EXAMPLES_DIR / "south-bristol" / "geometry.ttl"
    data = path.read_text().replace(
        "dl:slipCount 2 ;",
        "dl:slipCount 2 ; dl:length [ a qudt:QuantityValue ; qudt:numericValue 30 ; "
        "qudt:unit unit:FT ] ;")
    report = validate_bytes(data.encode(), "turtle")
    warning = next(r for r in report.results if r.component == "dl:Discrepancy")
    assert warning.severity == "Warning"
    assert "30 feet" in warning.message and "40 feet" in warning.message
    lengths = [m for m in report.to_json()["measurements"] if m["property"] == "dl:length"]
    assert {m["source"] for m in lengths} == {"stated", "derived"}
    assert all(m["discrepancy"] == "stated 30 feet but derived 40 feet" for m in lengths)


def test_polygon_helper_sanity() -> None:
    """The independent helpers agree with the hand computation in the Keuka example."""
    ind = Independent(paths.EXAMPLES_DIR / "jerusalem" / "geometry.ttl")
    assert ind.farthest(ind.mhw) == pytest.approx(50 / math.sqrt(2), abs=1e-6)
    lines, _angles, meeting = ind.riparian()
    assert meeting == pytest.approx(341.421, abs=0.01)
    assert min(ind.dock.distance(x) for x in lines) == pytest.approx(16.89, abs=0.005)
    assert Polygon(ind.dock.exterior).area == 160
