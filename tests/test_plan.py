"""The SVG plan: the expected elements and labels, drawn from the geometry the rules used.

Why: a plan a board reads must show the lines each code measures from (lot lines extended on
their axis and at a right angle in North Haven, water rights / facility area lines on the lakes),
and name each failing dimension with its section and figures; it must be the same geometry the
check used, not a second construction.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rdflib import Graph
from shapely.wkt import loads

from docklaw import paths
from docklaw.cli import main
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL, GEO
from docklaw.validate.intake.parse import parse
from docklaw.validate.pipeline import derive, validate_bytes, validate_graph

SVG = "{http://www.w3.org/2000/svg}"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "plan" / \
    "north-haven-drawn-violations.ttl"
CASES = Path(__file__).resolve().parent / "cases"
EXAMPLES = sorted(paths.EXAMPLES_DIR.glob("*/geometry.ttl"))


def plan_of(path: Path) -> tuple[ET.Element, object]:
    report = validate_bytes(path.read_bytes(), "turtle", name=path.name)
    assert report.plan_svg, f"{path.name}: no plan"
    return ET.fromstring(report.plan_svg), report


def classes(root: ET.Element) -> set[str]:
    return {c for el in root.iter() for c in (el.get("class") or "").split()}


def texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{SVG}text")]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.parent.name)
def test_every_drawn_example_has_a_plan_with_its_features(path: Path) -> None:
    root, report = plan_of(path)
    found = classes(root)
    assert {"parcel", "mhw", "lot-line", "structure", "north-arrow", "scale-bar",
            "legend"} <= found
    if report.jurisdiction == "north-haven":  # § 56-3A names both constructions
        assert {"same-axis", "right-angle", "mlw"} <= found
    else:
        assert "riparian" in found and "neighbour-lot-line" in found
    assert "band" in found  # a setback band from the compiled limit
    assert any(t.startswith("N") for t in texts(root))
    assert any(t.endswith(" ft") for t in texts(root))  # the scale bar
    assert not [el for el in root.iter() if "failing" in (el.get("class") or "")]


def test_failing_dimensions_are_labelled_with_section_and_figures() -> None:
    root, report = plan_of(FIXTURE)
    assert report.status == "violates"
    dims = [el for el in root.iter(f"{SVG}g") if "failing" in (el.get("class") or "")]
    labels = {"".join(el.itertext()).strip() for el in dims}
    assert "§ 56-2B: 110 feet (limit 100 feet)" in labels
    assert "§ 56-3A: -44.59 feet (limit 40 feet)" in labels
    violated = [el.text for el in root.iter(f"{SVG}text")
                if el.get("class") == "violated-section"]
    assert violated == ["§ 56-2B", "§ 56-3A"]
    # the setback band is the compiled 40-foot limit of § 56-3A
    assert "§ 56-3A 40 ft" in texts(root)


def test_the_plan_draws_the_lines_the_rules_measured_from() -> None:
    """The facility area lines in the plan are the derived dl:facilityAreaLine geometries."""
    path = paths.EXAMPLES_DIR / "south-bristol" / "geometry.ttl"
    derived = derive(parse(path.read_bytes(), "turtle", path.name), get_prepared(), path.name)
    record = derived.geometry_record
    drawn = sorted((f.geom for f in record.of_kind("riparian")), key=lambda g: g.coords[0])
    written = []
    for line in derived.objects(None, DL.facilityAreaLine):
        wkt = str(derived.value(derived.value(line, GEO.hasGeometry), GEO.asWKT))
        written.append(loads(wkt.split(">", 1)[-1]))
    written.sort(key=lambda g: g.coords[0])
    assert len(drawn) == len(written) == 2
    for a, b in zip(drawn, written, strict=True):
        assert a.equals_exact(b, 1e-6)


def test_the_html_report_includes_the_plan() -> None:
    report = validate_bytes(FIXTURE.read_bytes(), "turtle", name=FIXTURE.name)
    page = report.to_html()
    assert "<svg" in page and "§ 56-3A: -44.59 feet (limit 40 feet)" in page


def test_an_application_without_geometry_has_no_plan() -> None:
    path = paths.EXAMPLES_DIR / "north-haven" / "several-violations.ttl"
    assert validate_bytes(path.read_bytes(), "turtle").plan_svg is None
    assert "<svg" not in validate_bytes(path.read_bytes(), "turtle").to_html()


def test_plan_command_writes_the_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "plan.svg"
    assert main(["plan", str(FIXTURE), "-o", str(out)]) == 1  # violations, as validate
    root = ET.fromstring(out.read_text())
    assert root.tag == f"{SVG}svg" and "§ 56-3A" in out.read_text()


#: a conforming application (the shipped complete example) with its pier drawn, 4 ft wide
DRAWN_PARCEL = """
@prefix geo: <http://www.opengis.net/ont/geosparql#> .
@prefix dl: <https://w3id.org/docklaw/ontology#> .
<https://example.org/applications/north-haven/harbor-lane-2026#pier> geo:hasGeometry [
    dl:surveyFrameInFeet true ;
    geo:asWKT "POLYGON((88 0, 92 0, 92 72, 88 72, 88 0))"^^geo:wktLiteral ] .
"""


def three_outcomes(tmp_path: Path) -> list[tuple[Path, str, int, str]]:
    """(file, status, exit code, words in the plan's title) for each outcome of a report."""
    conforming = tmp_path / "conforming.ttl"
    complete = paths.EXAMPLES_DIR / "north-haven" / "complete.ttl"
    conforming.write_text(complete.read_text(encoding="utf-8") + DRAWN_PARCEL, encoding="utf-8")
    # the same drawn application with the pier's grate unstated: § 56-2H needs it
    incomplete = tmp_path / "incomplete.ttl"
    grate = ("    dl:openSpacePercent [ a qudt:QuantityValue ; qudt:numericValue 60 ; "
             "qudt:unit unit:PERCENT ] ;\n")
    text = conforming.read_text(encoding="utf-8")
    assert grate in text
    incomplete.write_text(text.replace(grate, "", 1), encoding="utf-8")
    return [(conforming, "conforms", 0, "conforms"),
            (FIXTURE, "violates", 1, "does not conform"),
            (incomplete, "incomplete", 4, "incomplete")]


def test_plan_exit_code_and_title_follow_the_reports_three_outcomes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 25: an incomplete application is not planned as "does not conform" nor exit 0."""
    for path, status, code, words in three_outcomes(tmp_path):
        report = validate_bytes(path.read_bytes(), "turtle", name=path.name)
        assert report.status == status, path.name
        out = tmp_path / f"{status}.svg"
        assert main(["plan", str(path), "-o", str(out)]) == code, path.name
        assert f"{path}: {status} -> {out}" in capsys.readouterr().err
        root = ET.fromstring(out.read_text(encoding="utf-8"))
        title = root.find(f"{SVG}title")
        assert title is not None and title.text == f"Plan: {path.name}: {words}" + (
            " (information needed to decide)" if status == "incomplete" else "")
        assert root.get("data-status") == status
        subtitle = texts(root)[1]
        assert subtitle.startswith(f"{report.jurisdiction}: {words}"), subtitle
        if status != "violates":
            assert "does not conform" not in out.read_text(encoding="utf-8")


def test_plan_command_refuses_an_application_without_geometry(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = paths.EXAMPLES_DIR / "kings-point" / "complete.ttl"
    assert main(["plan", str(path)]) == 2
    assert "draws no geometry" in capsys.readouterr().err


@pytest.mark.parametrize("path", sorted(CASES.glob("*/geometry-*.ttl")),
                         ids=lambda p: p.stem[:60])
def test_every_drawn_case_plans_and_names_its_violated_sections(path: Path) -> None:
    from test_cases import load_case

    report = validate_graph(load_case(path).graph, name=path.name)
    assert report.plan_svg
    root = ET.fromstring(report.plan_svg)
    violated = {el.text for el in root.iter(f"{SVG}text") if el.get("class") == "violated-section"}
    assert violated == {r.section for r in report.results if r.severity == "Violation"}


def test_plan_graph_unchanged_by_plotting() -> None:
    """Drawing reads the record; it writes nothing into the application graph."""
    g = Graph().parse(FIXTURE)
    before = len(g)
    validate_graph(g, name="x")
    assert len(g) == before


def test_the_web_validation_page_shows_the_plan_in_the_site_layout(law_app) -> None:  # type: ignore[no-untyped-def]
    client = law_app.test_client()
    resp = client.post("/validate", data=FIXTURE.read_bytes(), content_type="text/turtle",
                       headers={"Accept": "text/html"})
    assert resp.status_code == 200
    page = resp.get_data(as_text=True)
    assert 'id="site-nav"' in page and 'class="docklaw-report"' in page  # the site layout
    assert 'class="docklaw-plan"' in page and "§ 56-3A: -44.59 feet (limit 40 feet)" in page
