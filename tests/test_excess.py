"""How far off each numeric violation is and the nearest conforming value, at and around every
limit: the boundary cases of tests/cases (one exactly at each numeric limit, one just over)
give the "around", unit tests give the arithmetic of each kind of limit.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from rdflib import URIRef

from docklaw import paths
from docklaw.namespaces import T
from docklaw.validate.findings.excess import COMPONENTS, figures, violates
from docklaw.validate.pipeline import validate_bytes
from test_cases import CASE_FILES, case_id, load_case, run_case

BOUNDARY = re.compile(rb"\bt:boundary\s+t:(AtLimit|JustOver)\b")


def stated_boundary(path: Path) -> URIRef | None:
    """The case's t:boundary read from its text (every xdist worker collects this module: a
    full parse of every case here cost each worker about 3 s of CPU); each test checks it
    against the parsed case, and test_boundary_scan_agrees_with_the_parse checks all."""
    found = BOUNDARY.search(path.read_bytes())
    return T[found.group(1).decode()] if found else None


JUST_OVER = [p for p in CASE_FILES if stated_boundary(p) == T.JustOver]
AT_LIMIT = [p for p in CASE_FILES if stated_boundary(p) == T.AtLimit]


def test_boundary_scan_agrees_with_the_parse() -> None:
    differ = [case_id(p) for p in CASE_FILES if stated_boundary(p) != load_case(p).boundary]
    assert not differ, f"t:boundary read from the text differs from the parsed case: {differ}"


@pytest.mark.parametrize(("value", "limit", "direction", "inclusive", "excess", "nearest"), [
    ("100", "100", "max", True, None, None),            # exactly at an "at most": conforms
    ("100.01", "100", "max", True, "0.01", "100"),       # just over
    ("130", "100", "max", True, "30", "100"),
    ("40", "40", "max", False, "0.01", "39.99"),         # "less than 40": 40 itself violates
    ("40", "40", "min", True, None, None),               # exactly "at least 40": conforms
    ("39.99", "40", "min", True, "0.01", "40"),
    ("28", "40", "min", True, "12", "40"),
    ("10", "10", "min", False, "0.01", "10.01"),         # "more than 10": 10 violates
])
def test_figures_at_and_around_a_limit(value, limit, direction, inclusive, excess, nearest):
    v, lim = Decimal(value), Decimal(limit)
    if excess is None:
        assert not violates(v, lim, direction, inclusive)
        return
    assert violates(v, lim, direction, inclusive)
    got_excess, percent, got_nearest = figures(v, lim, direction, inclusive, Decimal("0.01"))
    assert got_excess == Decimal(excess) and got_nearest == Decimal(nearest)
    assert percent == Decimal(excess) / lim * 100
    assert not violates(got_nearest, lim, direction, inclusive)


def test_counts_step_by_one():
    excess, percent, nearest = figures(Decimal(4), Decimal(3), "max", True, Decimal(1))
    assert (excess, nearest) == (1, 3) and round(percent, 2) == Decimal("33.33")
    assert figures(Decimal(2), Decimal(2), "max", False, Decimal(1))[2] == 1


def numeric_violations(report):
    return [r for r in report.results if r.severity == "Violation"
            and (r.component in COMPONENTS or r.component == "sh:SPARQLConstraintComponent")]


@pytest.mark.parametrize("path", JUST_OVER, ids=case_id)
def test_just_over_each_limit_the_excess_is_small_and_the_nearest_value_conforms(path: Path):
    report = run_case(path)
    case = load_case(path)
    shapes = {str(s) for s in case.boundary_shapes or case.shapes}
    assert report.variances or not [r for r in numeric_violations(report)
                                    if r.shape in shapes and r.component in COMPONENTS]
    for v in report.variances:
        assert v.excess > 0, v
        if v.shape not in shapes:
            continue  # another violation of the same application, not at this boundary
        # JustOver: beyond the limit by at most 1 unit or 1 % (DESIGN.md test cases)
        assert v.excess <= max(1.0, abs(v.limit) * 0.01) + 1e-9, v
        assert not violates(Decimal(str(v.nearest)), Decimal(str(v.limit)), v.direction,
                            v.inclusive)
        assert v.relief or v.relief_authority or v.section


@pytest.mark.parametrize("path", AT_LIMIT, ids=case_id)
def test_exactly_at_each_limit_there_is_no_variance_for_that_section(path: Path):
    report = run_case(path)
    shapes = {str(s) for s in load_case(path).shapes + load_case(path).not_shapes}
    sections = {r.section for r in report.results if r.shape in shapes}
    violating = {r.section for r in report.results if r.severity == "Violation"}
    for v in report.variances:
        assert v.section not in sections - violating


def test_every_numeric_violation_of_every_case_has_its_figures():
    """Coverage: no numeric violation of any case goes without figures, whether its shape is a
    rule's own property shape or one nested in a rule's node shape (the extent of the dock and
    that of every part attached to it, reached by ``( [ sh:oneOrMorePath dl:hasPart ] P )``)."""
    missing = []
    for path in CASE_FILES:
        report = run_case(path)
        for r in numeric_violations(report):
            if not any(v.section == r.section and v.focus_node == r.focus_node
                                  for v in report.variances):
                missing.append(f"{case_id(path)}: {r.section} {r.component}")
    assert not missing, "\n".join(missing)


def test_every_format_shows_the_figures_labelled_as_arithmetic():
    path = paths.EXAMPLES_DIR / "north-haven" / "several-violations.ttl"
    report = validate_bytes(path.read_bytes(), "turtle", name=path.name)
    data = report.to_json()
    length = next(v for v in data["variances"] if v["section"] == "§ 56-2B")
    assert (length["value"], length["limit"], length["excess"], length["percent"],
            length["nearest"]) == (130.0, 100.0, 30.0, 30.0, 100.0)
    assert length["relief"] == "area variance"
    assert length["relief_authority"] == "Zoning Board of Appeals of the Village of North Haven"
    assert "Village Law § 7-712-b(3)" in data["variance_note"]
    assert "not legal advice" in data["variance_note"]
    text = report.to_text()
    assert "130 feet is 30 feet over the limit of 100 feet (30 % of the limit); nearest " \
           "conforming value 100 feet" in text
    assert "not legal advice" in text
    page = report.to_html()
    assert "How far off, and what would conform" in page and "Village Law § 7-712-b(3)" in page


def test_a_town_code_cites_town_law():
    path = paths.EXAMPLES_DIR / "south-bristol" / "several-violations.ttl"
    report = validate_bytes(path.read_bytes(), "turtle", name=path.name)
    assert report.variances
    assert "Town Law § 267-b(3)" in report.variance_note
    assert "Village Law" not in report.variance_note


def test_a_conforming_application_has_no_figures():
    path = paths.EXAMPLES_DIR / "north-haven" / "geometry.ttl"
    data = validate_bytes(path.read_bytes(), "turtle").to_json()
    assert data["variances"] == [] and data["variance_note"] is None


def test_the_turtle_report_carries_the_figures_too():
    from rdflib import Graph, Literal
    from rdflib.namespace import XSD

    from docklaw.namespaces import DL

    path = paths.EXAMPLES_DIR / "north-haven" / "several-violations.ttl"
    g = Graph().parse(data=validate_bytes(path.read_bytes(), "turtle").to_turtle(),
                      format="turtle")
    figures_ = {g.value(n, DL.property): n for n in g.subjects(None, DL.VarianceFigures)}
    length = figures_[DL.lengthFromMLW]
    assert g.value(length, DL.excess) == Literal(Decimal("30.0"), datatype=XSD.decimal)
    assert g.value(length, DL.nearestConformingValue).toPython() == Decimal(100)
    assert "not legal advice" in str(g.value(length, DL.arithmeticNote))
