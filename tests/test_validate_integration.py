"""The rules engineers' requests integrated into the validator: month-day limits, exemptions,
unitless limits, conditional defaults, section notes, allocation-table gaps, the default Tier
and parcel totals counted from structures (South Bristol)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.namespace import RDF, SH, XSD

from docklaw.errors import InputError
from docklaw.law.limits import Evaluator, MissingOperand
from docklaw.law.monthday import describe, ordinal_of
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL, QUDT, UNIT
from docklaw.validate.checking.check import check
from docklaw.validate.intake.parse import parse
from docklaw.validate.pipeline import derive, validate_bytes, validate_graph

CASES = Path(__file__).resolve().parent / "cases"
CODE = "https://w3id.org/docklaw/code/"
SHAPE = "https://w3id.org/docklaw/shape/"
RULE = "https://w3id.org/docklaw/rule/"


def case_graph(jid: str, name: str) -> Graph:
    """The application of a case file, without its t: expectations."""
    full = parse((CASES / jid / f"{name}.ttl").read_bytes(), "turtle", name=name)
    app = Graph()
    for s, p, o in full:
        if "w3id.org/docklaw/test#" in str(p) or "w3id.org/docklaw/test#" in str(o):
            continue
        if str(s).endswith("#case"):
            continue
        app.add((s, p, o))
    return app


# --------------------------------------------------------------------------- 1. month-day limits


def test_month_days_are_days_of_a_leap_year() -> None:
    assert ordinal_of("--04-01") == 92
    assert ordinal_of("--11-30") == 335
    assert ordinal_of("--03-31") == 91
    assert ordinal_of("--12-01") == 336
    assert ordinal_of("--02-29") == 60
    assert ordinal_of("--02-30") is None
    assert ordinal_of("April 1") is None
    assert describe(92) == "April 1"
    assert describe(366 + 91) == "March 31 of the following year"


def test_boat_lifts_e_limits_are_compiled_as_days_with_dates_in_messages() -> None:
    g = get_prepared().compiled("kings-point").graph
    start = URIRef(SHAPE + "kings-point/boat-lifts-E-season-start")
    end = URIRef(SHAPE + "kings-point/boat-lifts-E-season-end")
    assert g.value(start, SH.minInclusive) == Literal(92, datatype=XSD.integer)
    assert g.value(end, SH.maxInclusive) == Literal(335, datatype=XSD.integer)
    assert str(g.value(start, SH.message)) == (
        "No lift shall be used before April 1 of the year (Boat lifts E).")
    assert str(g.value(end, SH.message)) == (
        "No lift shall be used after November 30 of the year (Boat lifts E).")


def test_a_season_starting_march_31_is_reported_with_the_date() -> None:
    report = validate_graph(case_graph("kings-point",
                                       "a-lift-used-from-march-31-violates-boat-lifts-E"))
    hits = [r for r in report.results if r.shape == SHAPE + "kings-point/boat-lifts-E-season-start"]
    assert len(hits) == 1
    assert hits[0].severity == "Violation"
    assert hits[0].section == "Boat lifts E"
    assert hits[0].value == "March 31"
    assert hits[0].focus_node.endswith("#lift")


def test_an_invalid_month_day_is_an_input_error_naming_node_and_property() -> None:
    g = case_graph("kings-point", "a-lift-used-from-march-31-violates-boat-lifts-E")
    lift = next(s for s in g.subjects(DL.useSeasonStart, None))
    g.remove((lift, DL.useSeasonStart, None))
    g.add((lift, DL.useSeasonStart, Literal("--02-30", datatype=XSD.gMonthDay)))
    with pytest.raises(InputError) as err:
        validate_graph(g)
    assert err.value.prop == "dl:useSeasonStart"
    assert err.value.node == str(lift)
    assert "not a day of the year" in str(err.value)


# --------------------------------------------------------------------------- 2. exemptions


@pytest.mark.parametrize(("jid", "name", "rule", "citation"), [
    ("kings-point", "a-federally-owned-parcel-is-outside-the-article-under-the-federal-exemption",
     "kings-point/federal-exemption", "Federal exemption"),
    ("jerusalem", "a-parcel-on-the-keuka-lake-outlet-is-outside-the-article-under-160-120C",
     "jerusalem/160-120C-outlet-exclusion", "§ 160-120C"),
    ("jerusalem", "a-municipally-owned-lakeshore-parcel-is-outside-the-article-under-160-120D",
     "jerusalem/160-120D-public-parcels", "§ 160-120D"),
])
def test_an_exemption_runs_no_shape_and_reports_one_info(
        jid: str, name: str, rule: str, citation: str) -> None:
    graph = case_graph(jid, name)
    prepared = get_prepared()
    derived = derive(graph, prepared)
    assert len(check(derived, prepared, jid)) == 0  # pyshacl was not run
    report = validate_graph(graph)
    assert report.status == "conforms"
    assert report.information_needed == []
    assert len(report.results) == 1
    result = report.results[0]
    assert result.severity == "Info"
    assert result.section == citation
    assert result.rule == RULE + rule
    assert result.focus_node.endswith("#application")
    assert result.message.startswith("The article does not apply to this application: ")
    assert result.message.endswith("None of its rules was checked.")


# --------------------------------------------------------------------------- 3. unitless


def test_unitless_limits_render_as_a_bare_number() -> None:
    units = get_prepared().units
    assert units.describe(Decimal(2), UNIT.UNITLESS) == "2"
    assert units.describe(Decimal(1), UNIT.UNITLESS) == "1"
    assert units.describe(Decimal(2), UNIT.FT) == "2 feet"
    g = get_prepared().compiled("north-hempstead").graph
    message = str(g.value(URIRef(SHAPE + "north-hempstead/42-9B-8-slips"), SH.message))
    assert message == ("No more than 2 slips are permitted per upland single-family residential "
                       "parcel (§ 42-9B(8)).")


# --------------------------------------------------------------------------- 4. conditionals


def conditional_law(flagged: bool) -> tuple[Graph, BNode]:
    law = Graph()
    expr, test, then, other = BNode(), BNode(), BNode(), BNode()
    law.add((expr, RDF.type, DL.Conditional))
    law.add((expr, DL["if"], test))
    law.add((test, DL.property, DL.claimsAdditionalSmallDock))
    law.add((test, DL.of, DL.Parcel))
    law.add((test, DL.equals, Literal(True)))
    if flagged:
        law.add((test, DL.absentIsNotEqual, Literal(True)))
    for node, number in ((then, 1), (other, 0)):
        law.add((node, RDF.type, QUDT.QuantityValue))
        law.add((node, QUDT.numericValue, Literal(number)))
    law.add((expr, DL.then, then))
    law.add((expr, DL["else"], other))
    return law, expr


def application(flag: bool | None) -> tuple[Graph, URIRef]:
    data = Graph()
    parcel = URIRef("https://example.org/a#parcel")
    data.add((parcel, RDF.type, DL.Parcel))
    if flag is not None:
        data.add((parcel, DL.claimsAdditionalSmallDock, Literal(flag)))
    return data, parcel


def test_an_absent_flag_goes_to_else_only_when_the_condition_says_so() -> None:
    units = get_prepared().units
    law, expr = conditional_law(flagged=True)
    data, parcel = application(None)
    assert Evaluator(law, data, units).evaluate(expr, parcel) == 0
    data, parcel = application(True)
    assert Evaluator(law, data, units).evaluate(expr, parcel) == 1
    law, expr = conditional_law(flagged=False)
    data, parcel = application(None)
    with pytest.raises(MissingOperand) as missing:
        Evaluator(law, data, units).evaluate(expr, parcel)
    assert missing.value.prop == DL.claimsAdditionalSmallDock


def test_keuka_small_dock_claim_keeps_information_needed() -> None:
    """§ 160-123A(1)(b) fixes no default for an applicant's silence (see curation.ttl)."""
    law = get_prepared().knowledge
    rule = URIRef(RULE + "jerusalem/160-123A-1-a-docks")
    expr = law.value(rule, DL.limitExpression)
    conditional = Collection(law, law.value(expr, DL.operands))[1]
    assert law.value(law.value(conditional, DL["if"]), DL.absentIsNotEqual) is None
    g = case_graph("jerusalem", "a-720-square-foot-residential-dock-meets-160-123A-1-b")
    for parcel in list(g.subjects(DL.claimsAdditionalSmallDock, None)):
        g.remove((parcel, DL.claimsAdditionalSmallDock, None))
    report = validate_graph(g)
    # the claim is asked for, unless the stated docks meet the allowance with and without it
    # (decided with what is known, limits.Bounds)
    state = next(a.state for a in report.accounting if a.rule == str(rule))
    assert state == "conforms" or any(
        n.rule == str(rule) and "dl:claimsAdditionalSmallDock is needed" in n.message
        for n in report.information_needed)


# --------------------------------------------------------------------------- 5. section notes


def test_section_infos_read_every_kind_of_note() -> None:
    info = get_prepared().sections[URIRef(CODE + "south-bristol/73-6A-1")]
    assert [k for k, _t in info.notes] == ["interpretation"]
    info = get_prepared().sections[URIRef(CODE + "south-bristol/73-7")]
    assert {k for k, _t in info.notes} >= {"lint"}
    assert info.lints and all(("lint", t) in info.notes for t in info.lints)


def test_reports_show_the_cited_sections_notes() -> None:
    data = (CASES / "south-bristol" /
            "a-parcel-without-a-tier-is-checked-as-tier-one-under-73-6A-1.ttl").read_bytes()
    report = validate_bytes(data, "turtle")
    tier = next(r for r in report.results if r.section == "§ 73-6A(1)")
    item = next(i for i in report.to_json()["results"] if i["section"] == "§ 73-6A(1)")
    assert item["section_notes"] == [{"kind": kind, "text": text}
                                     for kind, text in tier.section_notes]
    assert item["section_notes"][0]["kind"] == "interpretation"
    assert "default Tier is Tier One" in item["section_notes"][0]["text"]
    assert "  note (interpretation): In the absence of a Tier assignment" in report.to_text()
    assert "<ul class=\"notes\"><li><em>interpretation</em>: In the absence" in report.to_html()
    json.dumps(report.to_json())


# --------------------------------------------------------------------------- 6. South Bristol


def test_a_frontage_in_a_table_gap_names_the_table_and_rows() -> None:
    """A count the rows beside a gap decide differently (2 slips at 25.005 feet: row B allows
    them, row A does not) is asked, naming the table and both rows (blind review 151 F2)."""
    report = validate_graph(case_graph(
        "south-bristol", "two-slips-on-a-tier-1-parcel-with-25.005-feet-in-the-table-1-gap-are-"
        "within-row-b-and-over-row-a-and-73-8A-is-asked"))
    messages = [n.message for n in report.information_needed
                if n.message.startswith("The limit of")]
    assert messages == [
        "The limit of 'Tier 1 boat slips within the Table 1 allocation (mooring buoys count as "
        "boat slips)' cannot be computed: a shoreline frontage of 25.005 feet falls in a gap of "
        "Table 1, Tier 1 Allocation, between row A (1 to 25 feet) and row B (25.01 to 50 feet): "
        "the table gives no allocation for it"]


def test_a_frontage_in_a_table_gap_met_under_every_row_says_so() -> None:
    """Blind review 151 F2: at exactly 300 feet (in neither row of Table 3), 40 slips and no
    moorings are within what both rows beside the gap allow: the three allocations are met, not
    asked, and an Info result says each was decided across the gap."""
    report = validate_graph(case_graph(
        "south-bristol", "forty-slips-on-an-exactly-300-foot-tier-2-parcel-in-the-table-3-gap-"
        "are-within-either-row-and-meet-73-13A"))
    assert not [n for n in report.information_needed if n.section == "§ 73-13A"]
    said = sorted(r.message for r in report.results
                  if r.severity == "Info" and "is met whichever row is read" in r.message)
    assert said == sorted(
        "A shoreline frontage of 300 feet falls in a gap of Table 3, Tier 2 Allocation, between "
        "row A (250 to 299.99 feet) and row B (300.01 feet and more): the table gives no "
        f"allocation for it; the stated value is within what every row beside the gap allows "
        f"({least} under the strictest), so 'Tier 2 {what} within the Table 3 allocation' is "
        "met whichever row is read."
        for what, least in (("boat slips", 50), ("boat slips and moorings together", 65),
                            ("moorings", 15)))


def test_a_tier_1_frontage_between_rows_leaves_the_category_undefined() -> None:
    g = case_graph("south-bristol", "a-tier-1-category-d-dock-within-every-limit-conforms")
    parcel = next(g.subjects(RDF.type, DL.Parcel))
    qv = g.value(parcel, DL.shorelineFrontage)
    g.set((qv, QUDT.numericValue, Literal(Decimal("25.005"))))
    report = validate_graph(g)
    gap = ("a shoreline frontage of 25.005 feet falls in a gap of Table 1, Tier 1 Allocation, "
           "between row A (1 to 25 feet) and row B (25.01 to 50 feet)")
    assert any(gap in n.message and n.message.startswith("The footage category, which decides")
               for n in report.information_needed)
    assert any(gap in n.message and n.section == "§ 73-8A" for n in report.information_needed)
    assert not any("dl:footageCategory (or dl:tier" in n.message
                   for n in report.information_needed)


def test_the_default_tier_is_applied_as_data_and_reported() -> None:
    law = get_prepared().knowledge
    rule = URIRef(RULE + "south-bristol/73-6A-1-default-tier")
    assert law.value(rule, DL.defaultTier) == Literal(1)
    assert law.value(rule, DL.section) == URIRef(CODE + "south-bristol/73-6A-1")
    g = case_graph("south-bristol", "a-parcel-without-a-tier-is-checked-as-tier-one-under-73-6A-1")
    derived = derive(g, get_prepared())
    parcel = next(g.subjects(RDF.type, DL.Parcel))
    assert derived.value(parcel, DL.tier) == Literal(1, datatype=XSD.integer)
    report = validate_graph(g)
    info = [r for r in report.results if r.rule == str(rule)]
    assert len(info) == 1
    assert info[0].severity == "Info"
    assert info[0].message == (
        "No dl:tier is stated: 1 is applied ('Default Tier One in the absence of a Tier "
        "assignment', § 73-6A(1)). The rules were checked with it; if another value has been "
        "assigned, state dl:tier.")
    assert report.status != "violates"  # (the case leaves § 73-9A(1) to be asked)


def test_totals_are_counted_from_structures_when_not_stated() -> None:
    g = case_graph("south-bristol",
                   "slips-counted-from-a-dock-and-an-existing-boathouse-violate-73-8A-when-no-"
                   "total-is-stated")
    derived = derive(g, get_prepared())
    parcel = next(g.subjects(RDF.type, DL.Parcel))
    assert derived.value(parcel, DL.boatSlipCount) == Literal(6, datatype=XSD.integer)
    assert derived.value(parcel, DL.dockCount) == Literal(1, datatype=XSD.integer)
    assert derived.value(parcel, DL.mooringBuoyCount) == Literal(0, datatype=XSD.integer)
    assert derived.value(parcel, DL.boatHoistStructureCount) == Literal(0, datatype=XSD.integer)
    report = validate_graph(g)
    counted = [r for r in report.results if r.component == "dl:CountedTotal"
               and r.path == "dl:boatSlipCount"]
    assert [r.section for r in counted] == ["§ 73-8A"]
    assert counted[0].message.startswith(
        "dl:boatSlipCount is not stated: 6 is derived from the structures")


def test_a_stated_total_below_the_listed_structures_is_read_as_listed_with_a_discrepancy(
        ) -> None:
    """A stated total is never believed over the structures listed: the rule reads the listed
    figure and a Warning names the node and both numbers."""
    g = case_graph("south-bristol",
                   "a-stated-slip-total-of-4-below-the-6-listed-slips-is-read-as-6-and-violates-"
                   "73-8A")
    report = validate_graph(g)
    found = [r for r in report.results if r.component == "dl:Discrepancy"]
    assert len(found) == 1
    assert found[0].severity == "Warning"
    assert found[0].section == "§ 73-8A"
    assert found[0].path == "dl:boatSlipCount"
    assert found[0].focus_node.endswith("#parcel")
    assert found[0].message.startswith(
        "Discrepancy: the stated dl:boatSlipCount of parcel (4) is less than the structures the "
        "application lists add up to (6: ")
    fired = [r for r in report.results
             if r.shape == SHAPE + "south-bristol/73-8A-boat-slip-allocation"]
    assert [(r.severity, r.value) for r in fired] == [("Violation", "6")]


def test_a_stated_total_above_the_count_is_not_a_discrepancy() -> None:
    """The application may describe only the proposed structures; its total covers the rest."""
    g = case_graph("south-bristol",
                   "an-existing-boathouse-slip-counts-toward-the-table-1-allocation-under-73-8A-4")
    boathouse = next(g.subjects(RDF.type, DL.Boathouse))
    for triple in list(g.triples((boathouse, None, None))):
        g.remove(triple)
    for s, p in list(g.subject_predicates(boathouse)):
        g.remove((s, p, boathouse))
    report = validate_graph(g)
    assert not any(r.component == "dl:Discrepancy" for r in report.results)
