"""End-to-end behaviour of the validator on the small fixture code (tests/fixtures/validate)."""

from __future__ import annotations

import json

import pytest
from rdflib import Graph, URIRef
from rdflib.namespace import SH

from docklaw.law.compile import ShapeLintError, compile_shapes, lint
from docklaw.namespaces import DL
from docklaw.validate import validate_bytes
from docklaw.validate.output.report import RESULT_KEYS
from fixtures.validate.support import app, fixture_prepared

SEC = "https://w3id.org/docklaw/code/north-haven/"
SHP = "https://w3id.org/docklaw/shape/north-haven/"
DOCK = "https://example.org/app#dock"
PARCEL = "https://example.org/app#parcel"
APP = "https://example.org/app#application"
FINDING = (":application dl:findingMade "
           "<https://w3id.org/docklaw/rule/north-haven/56-3F-suitable-location> .\n")


def run(edits=None, extra="", finding=True):
    """Validate the base application with edits; by default the 56-3F finding is recorded."""
    text = (FINDING if finding else "") + extra
    return validate_bytes(app(edits, text), name="app.ttl", prepared=fixture_prepared())


def needed(report):
    """The report's information-needed items."""
    return list(report.information_needed)


def fired(report, shape):
    return [r for r in report.results if r.shape == SHP + shape]


def test_base_application_conforms_with_only_the_required_finding():
    report = run(finding=False)
    assert [(r.section, r.severity, r.focus_node) for r in report.results] == [
        ("§ 56-3F", "Info", APP)]
    assert report.information_needed == []
    assert report.conforms and report.status == "conforms" and report.exit_code == 0
    # the fixture's § 56-2J applies to decking under 4 feet or on a steep slope: unstated, it
    # cannot be decided
    unstated = run([("dl:steepSlope false ;", ""), (
        "dl:deckHeightAboveGrade [ a qudt:QuantityValue ; qudt:numericValue 5 ; qudt:unit "
        "unit:FT ] .", "dl:width [ a qudt:QuantityValue ; qudt:numericValue 4 ; qudt:unit "
        "unit:FT ] .")], finding=False)
    assert unstated.status == "incomplete" and not unstated.conforms and unstated.exit_code == 4
    assert [(n.section, n.focus_node) for n in unstated.information_needed] == [
        ("§ 56-2J", DOCK), ("§ 56-2J", PARCEL)]


def test_recorded_finding_is_not_reported():
    report = run()
    assert report.results == []


def test_length_exactly_at_limit_conforms():
    report = run([("numericValue 80", "numericValue 100")])
    assert report.status != "violates" and report.results == []


def test_length_just_over_limit_violates_56_2B_with_inherited_relief():
    report = run([("numericValue 80", "numericValue 100.1")])
    assert report.status == "violates"
    [r] = report.results
    assert (r.section, r.section_iri, r.severity, r.focus_node, r.path, r.value) == (
        "§ 56-2B", SEC + "56-2B", "Violation", DOCK, "dl:lengthFromMLW", "100.1 feet")
    assert r.shape == SHP + "56-2B-length-new"
    assert r.message == ("A newly constructed dock may not exceed 100 feet in length from mean "
                         "low water (§ 56-2B).")
    assert r.section_text.startswith("Length. A newly constructed dock")
    # no variance class on the rule or § 56-2B: the nearest ancestor (§ 56-2) states one
    assert (r.relief, r.relief_authority, r.relief_note) == (
        "area variance", "Zoning Board of Appeals", None)


def test_length_stated_in_inches_is_normalised_before_comparison():
    report = run([("numericValue 80 ; qudt:unit unit:FT", "numericValue 1200 ; qudt:unit unit:IN")])
    assert report.results == []  # 1200 in = exactly 100 ft
    report = run([("numericValue 80 ; qudt:unit unit:FT", "numericValue 1201 ; qudt:unit unit:IN")])
    assert [(r.section, r.value) for r in report.results] == [
        ("§ 56-2B", "1201 inches (100.083333 feet)")]


def test_condition_on_work_kind_limits_the_rule():
    report = run([("numericValue 80", "numericValue 150"),
                  ("dl:NewConstruction", "dl:Repair")])
    assert report.results == []


def test_land_use_condition_follows_skos_broader():
    over = ("dl:width [ a qudt:QuantityValue ; qudt:numericValue 4 ;",
            "dl:width [ a qudt:QuantityValue ; qudt:numericValue 5 ;")
    report = run([over])
    [r] = report.results
    assert (r.section, r.focus_node, r.path, r.value, r.relief) == (
        "§ 56-2D", DOCK, "dl:width", "5 feet", "area variance")
    report = run([over, ("dl:SingleFamilyResidential", "dl:MarineCommercial")])
    assert report.results == []


def test_jurisdiction_concept_reaches_subclass_through_owl_union():
    # nhc:Dock = FixedDock or Float (owl:unionOf): a Float is governed by the width rule
    report = run([("dl:proposes :dock .", "dl:proposes :dock , :float ."),
                  ("dl:hasStructure :dock .", "dl:hasStructure :dock , :float .")],
                 extra=":float a dl:Float ; dl:width [ a qudt:QuantityValue ; "
                       "qudt:numericValue 6 ; qudt:unit unit:FT ] .")
    assert [(r.section, r.focus_node) for r in report.results] == [
        ("§ 56-2D", "https://example.org/app#float")]


def test_prohibition_of_treated_wood_is_not_variable():
    report = run([("dl:Aluminum", "dl:TreatedWood")])
    [r] = report.results
    assert (r.section, r.shape, r.focus_node, r.path, r.value, r.relief) == (
        "§ 56-2H", SHP + "56-2H-treated-wood", DOCK, "dl:material", "dl:TreatedWood",
        "not variable")
    assert r.message == "Treated wood is prohibited (§ 56-2H)."


FLOAT = [("dl:proposes :dock .", "dl:proposes :dock , :float .")]


def float_extra(area: str) -> str:
    return (f":float a dl:Float ; dl:workKind dl:NewConstruction ; "
            f"dl:width [ a qudt:QuantityValue ; qudt:numericValue 4 ; "
            f"qudt:unit unit:FT ] ; dl:totalFloatArea [ a qudt:QuantityValue ; "
            f"qudt:numericValue {area} ; qudt:unit unit:FT2 ] .")


def test_computed_limit_at_the_limit_conforms():
    # limit = greater of 100 sq ft and 2 x frontage (150 ft) = 300 sq ft
    report = run(FLOAT, float_extra("300"))
    # the float is proposed and not listed on the parcel: derive places it there (an Info)
    assert [(r.severity, r.component, r.focus_node) for r in report.results] == [
        ("Info", "dl:PlacedOnParcel", "https://example.org/app#float")]


def test_computed_limit_just_over_violates_with_the_computed_value_in_the_message():
    report = run(FLOAT, float_extra("300.5"))
    [r] = [r for r in report.results if r.section == "§ 56-2E"]
    assert (r.severity, r.focus_node, r.path, r.value) == (
        "Violation", "https://example.org/app#float", "dl:totalFloatArea", "300.5 square feet")
    assert r.message == "Float area may not exceed 300 square feet (§ 56-2E)."


def test_computed_limit_missing_operand_is_information_needed():
    frontage = ("dl:shorelineFrontage [ a qudt:QuantityValue ; qudt:numericValue 150 ; "
                "qudt:unit unit:FT ] ;")
    report = run([*FLOAT, (frontage, "")], float_extra("300.5"))
    assert report.status != "violates"
    asked = {(n.section, n.focus_node) for n in report.information_needed}
    assert {("§ 56-2E", "https://example.org/app#float"), ("§ 56-6A", PARCEL)} <= asked
    [float_need] = [n for n in report.information_needed if n.section == "§ 56-2E"]
    assert "dl:shorelineFrontage" in float_need.message
    assert not [r for r in report.results if r.section in ("§ 56-2E", "§ 56-6A")]


def test_relief_conflict_is_exposed_not_picked():
    extra = (":catwalk a dl:Catwalk ; dl:railingHeight [ a qudt:QuantityValue ; "
             "qudt:numericValue 35 ; qudt:unit unit:IN ] .")
    report = run([], extra)
    [r] = report.results
    assert (r.section, r.value, r.relief) == ("§ 56-4Q", "35 inches (2.916667 feet)", None)
    assert "area variance and use variance" in r.relief_note
    assert r.message == "Railings may not exceed 34 inches (§ 56-4Q)."
    data = report.to_json()["results"][0]
    assert data["relief"] is None and "relief_note" in data


def test_railing_exactly_34_inches_conforms():
    extra = (":catwalk a dl:Catwalk ; dl:railingHeight [ a qudt:QuantityValue ; "
             "qudt:numericValue 34 ; qudt:unit unit:IN ] .")
    assert run([], extra).results == []


@pytest.mark.parametrize(("tier", "slips", "fires"), [(1, 2, False), (1, 3, True), (2, 3, False)])
def test_tier_condition_and_integer_limit(tier, slips, fires):
    report = run([("dl:tier 3", f"dl:tier {tier} ; dl:slipCount {slips}")])
    assert [(r.section, r.focus_node, r.value) for r in report.results] == (
        [("§ 56-9", PARCEL, str(slips))] if fires else [])


def test_discrepancy_becomes_a_warning_citing_rules_on_that_property():
    extra = ("@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
             "[] a dl:Discrepancy ; dl:focusNode :dock ; dl:property dl:width ; "
             "rdfs:comment \"stated width 4 ft, drawn width 4.6 ft\" .\n")
    report = run([], extra)
    [r] = report.results
    assert (r.section, r.severity, r.focus_node, r.path) == ("§ 56-2D", "Warning", DOCK, "dl:width")
    assert r.message == "Discrepancy: stated width 4 ft, drawn width 4.6 ft"
    assert report.status != "violates"


def test_json_report_contract():
    report = run([("numericValue 80", "numericValue 120")])
    data = json.loads(report.to_json_text())
    assert set(data) >= {"conforms", "jurisdiction", "results", "information_needed"}
    assert data["conforms"] is False and data["jurisdiction"] == "north-haven"
    [item] = data["results"]
    assert list(item)[: len(RESULT_KEYS)] == list(RESULT_KEYS)
    assert item["severity"] == "Violation" and item["section"] == "§ 56-2B"


def test_turtle_report_is_a_shacl_report_with_sections_and_relief():
    report = run([("numericValue 80", "numericValue 120")])
    g = Graph().parse(data=report.to_turtle(), format="turtle")
    [result] = list(g.objects(None, SH.result))
    assert g.value(result, DL.section) == URIRef(SEC + "56-2B")
    assert g.value(result, DL.relief) == DL.AreaVariance
    assert g.value(result, SH.resultSeverity) == SH.Violation
    assert g.value(result, SH.focusNode) == URIRef(DOCK)


def test_text_and_html_group_by_section_and_explain_discretion():
    report = run([("numericValue 80", "numericValue 120")], finding=False)
    text = report.to_text()
    assert "§ 56-2B" in text and "relief: area variance (Zoning Board of Appeals)" in text
    assert "not violations" in text
    page = report.to_html()
    assert "<h2>§ 56-2B</h2>" in page and "not violations" in page


def test_compiled_shapes_are_reused():
    prepared = fixture_prepared()
    assert prepared.compiled("north-haven") is prepared.compiled("north-haven")


def test_lint_lists_every_problem():
    prepared = fixture_prepared("bad-shapes.ttl", "bad-knowledge.ttl")
    problems = lint("north-haven", prepared)
    assert any("orphan" in p and "no dl:enforces" in p for p in problems)
    assert any("no-section" in p and "has no dl:section" in p for p in problems)
    assert any("56-2H-treated-wood" in p and "has no dl:limit" in p for p in problems)
    with pytest.raises(ShapeLintError) as info:
        compile_shapes("north-haven", prepared)
    assert len(info.value.problems) == len(problems)


def test_fixture_shapes_have_no_lint():
    assert lint("north-haven", fixture_prepared()) == []


def test_generated_targets_evaluated_directly_agree_with_their_sparql():
    from docklaw.law.targets import focus_nodes, focus_nodes_by_sparql
    from docklaw.validate.intake.admit import find_application
    from docklaw.validate.intake.parse import parse

    prepared = fixture_prepared()
    extra = float_extra("10") + "\n:application dl:proposes :float ."
    graph = derive_for_targets(prepared, parse(app(extra=extra)))
    compiled = prepared.compiled("north-haven")
    fast = focus_nodes(graph, compiled, find_application(graph)[0])
    assert fast == focus_nodes_by_sparql(graph, compiled)
    assert fast[URIRef(SHP + "56-2D-width")] == [URIRef(DOCK), URIRef("https://example.org/app#float")]


def derive_for_targets(prepared, graph):
    from docklaw.validate.pipeline import derive

    return derive(graph, prepared)


@pytest.mark.parametrize(("height", "steep", "fires"), [
    ("47.9 ; qudt:unit unit:IN", "false", True),     # below the 48-inch threshold
    ("4 ; qudt:unit unit:FT", "false", False),       # exactly 48 inches: not "less than"
    ("4 ; qudt:unit unit:FT", "true", True),         # the other alternative (OR) holds
    (None, "false", False),                          # height unstated: information needed
])
def test_applies_when_conditions_are_alternatives(height, steep, fires):
    base_height = ("dl:deckHeightAboveGrade [ a qudt:QuantityValue ; qudt:numericValue 5 ; "
                   "qudt:unit unit:FT ] .")
    new_height = (f"dl:deckHeightAboveGrade [ a qudt:QuantityValue ; qudt:numericValue {height} ] ."
                  if height else "dl:width [ a qudt:QuantityValue ; qudt:numericValue 4 ; "
                                 "qudt:unit unit:FT ] .")
    extra = (":dock dl:openSpacePercent [ a qudt:QuantityValue ; qudt:numericValue 50 ; "
             "qudt:unit unit:PERCENT ] .\n")
    report = run([("dl:steepSlope false", f"dl:steepSlope {steep}"), (base_height, new_height)],
                 extra=extra)
    assert [(r.section, r.focus_node, r.value) for r in report.results] == (
        [("§ 56-2J", DOCK, "50 percent")] if fires else [])
    if fires:
        expected = "Low decking must be at least 60 percent open (§ 56-2J)."
        assert report.results[0].message == expected
    if height is None and steep == "false":  # the deciding fact is unstated: not silence
        assert report.status == "incomplete"
        assert [(n.section, n.focus_node) for n in report.information_needed] == [
            ("§ 56-2J", DOCK)]


def test_missing_fact_that_decides_applicability_is_information_needed():
    # 120 feet: § 56-2B's limit is broken if it applies, so its work kind must be asked
    report = run([("    dl:workKind dl:NewConstruction ;\n", ""), ("dl:tier 3 ;", ""),
                  ("numericValue 80", "numericValue 120")])
    assert report.status == "incomplete" and report.results == []
    assert [(n.section, n.focus_node, n.message) for n in needed(report)] == [
        ("§ 56-2B", DOCK, "dl:workKind is needed to decide whether § 56-2B applies"),
        ("§ 56-9", PARCEL, "dl:tier is needed to decide whether § 56-9 applies"),
    ]


def test_a_stated_fact_that_excludes_the_rule_needs_nothing_more():
    # a Repair is outside § 56-2B whatever else is missing
    report = run([("dl:NewConstruction", "dl:Repair")])
    assert needed(report) == []


def test_a_drawn_float_total_leaving_out_a_listed_swim_float_is_no_discrepancy() -> None:
    """Review 48: a dock stating 450 square feet of floats, drawn with a 400 square foot float
    and a 150 square foot swim float (a float of Kings Point's): the listed 550 is read, one
    Discrepancy names the stated 450 and the 550; the drawing's 400 (the parts drawn as
    dl:Float only) is not reported as a second one."""
    from pathlib import Path

    folder = Path(__file__).parent / "cases" / "kings-point"
    path = next(folder.glob("a-dock-stating-450-square-feet-of-floats-drawn-with-*.ttl"))
    report = validate_bytes(path.read_bytes(), name=path.name)
    about = [r for r in report.results if "totalFloatArea" in r.message]
    assert any("550 square feet" in r.message for r in about), [r.message for r in about]
    assert not [r for r in about if "400 square feet)" in r.message], [r.message for r in about]


def test_a_stated_and_a_drawn_value_within_the_tolerance_that_a_limit_lies_between_are_reported(
) -> None:
    """Review 60: a dock stated 4 feet wide and drawn 4.2 feet wide (within the half-foot
    tolerance: no dl:Discrepancy) was cited under § 56-2D with the drawn 4.2 feet while the
    measurements list showed only 'width: 4 feet - stated'. The limit lies between the two, so
    the verdict turns on which is right: a Warning names both and the one that decided, and
    the measurements list says so beside each width. Drawn 4.0 (both meet the limit): nothing."""
    from pathlib import Path

    folder = Path(__file__).parent / "cases" / "north-haven"
    path = next(folder.glob("a-dock-stated-4-feet-wide-and-drawn-4.2-feet-*.ttl"))
    text = path.read_text()
    report = validate_bytes(text.encode(), name=path.name)
    widths = [r for r in report.results if r.path == "dl:width"]
    assert sorted(r.severity for r in widths) == ["Violation", "Warning"], widths
    warning = next(r for r in widths if r.severity == "Warning")
    assert warning.section == "§ 56-2D" and "(4 feet)" in warning.message
    assert "drawn value (4.2 feet) does not meet it" in warning.message
    marked = [m for m in report.measurements if m.property == "dl:width"]
    assert {m.shown for m in marked} == {"4 feet", "4.2 feet"}
    assert all(m.discrepancy and "the drawn 4.2 feet" in m.discrepancy for m in marked)
    both_meet = validate_bytes(text.replace("104.2 0, 104.2 50", "104 0, 104 50").encode(),
                               name=path.name)
    assert not [r for r in both_meet.results if r.path == "dl:width"]
    assert not [m for m in both_meet.measurements if m.discrepancy]


def test_a_part_reaching_farther_than_its_whole_is_one_warning_naming_every_rule_reading_it(
) -> None:
    """Review 60: a pier stating 120 feet from MLW whose replaced float reaches 120.1 showed
    the same "reaches at least as far as each of its parts" Discrepancy once per rule of
    § 56-2B reading the length. One Warning per (node, property) disagreement names every rule
    (``sections`` in the JSON, "read by" in the text); each rule's own state is unchanged.
    Since review 70 (B1) the altered pier is held by the repair rule alone (an alteration is no
    new construction), so the report's Warning names that one rule; the grouping of the
    Warnings of several rules is checked on the same Warning made by two rules."""
    import copy
    from pathlib import Path

    from docklaw.validate.findings.cite import one_per_disagreement

    folder = Path(__file__).parent / "cases" / "north-haven"
    path = next(folder.glob("a-20-ft-float-replaced-120.1-ft-from-mlw-on-a-lawful-120-ft-pier-*"))
    report = validate_bytes(path.read_bytes(), name=path.name)
    warnings = [r for r in report.results if r.component == "dl:Discrepancy"]
    assert len(warnings) == 1, [(r.rule, r.message) for r in warnings]
    warning = warnings[0]
    assert "at least as far as each of its parts" in warning.message
    assert warning.rule is not None and warning.rule.endswith("56-2B-length-repair")
    states = {a.rule.rsplit("/", 1)[-1]: a.state for a in report.accounting}
    assert states["56-2B-length-repair"] == "violates"
    assert states["56-2B-length-new"] == "not-applicable"
    # the same disagreement read by two rules: one Warning naming both, in section order
    other = copy.copy(warning)
    other.rule = warning.rule.replace("56-2B-length-repair", "56-2B-length-new")
    merged = [r for r in one_per_disagreement([copy.copy(warning), other])
              if r.component == "dl:Discrepancy"]
    assert len(merged) == 1
    assert {rule.rsplit("/", 1)[-1] for _s, _i, rule in merged[0].sections} == {
        "56-2B-length-new", "56-2B-length-repair"}


def test_a_station_stating_fewer_spaces_than_its_permanent_lifts_is_one_discrepancy() -> None:
    """Blind review 76 F2: a Keuka boat station stating 2 mooring spaces over three permanent
    1-slip lifts (each a boat station itself) showed two Discrepancy Warnings for the one
    stated figure: the sum of its station parts (``fewer_than_parts``) and the station's own
    total (``override``) each wrote one. The total's note names both numbers and the parts, so
    it alone is kept."""
    from pathlib import Path

    folder = Path(__file__).parent / "cases" / "jerusalem"
    path = next(folder.glob(
        "a-boat-station-of-2-mooring-spaces-listing-three-1-slip-permanent-lifts-*"))
    report = validate_bytes(path.read_bytes(), name=path.name)
    warnings = [r for r in report.results if r.component == "dl:Discrepancy"]
    assert len(warnings) == 1, [(r.rule, r.message) for r in warnings]
    assert "less than the structures the application lists add up to (3" in warnings[0].message
