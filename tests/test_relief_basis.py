"""Relief provenance: every result's relief says where it comes from (a stating section, or the
curators' inference), in every report format, and never reaches further than the text (North
Hempstead § 42-9A(4) / § 42-9C(1); § 42-9C(4) 'in no case'; Canandaigua § 73-9C(1)(d))."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rdflib import Graph, URIRef
from rdflib.namespace import RDF

from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL, T
from docklaw.validate.findings.cite import Result
from docklaw.validate.output.report import Report
from docklaw.validate.pipeline import validate_graph

CASES = Path(__file__).resolve().parent / "cases"


@cache
def report(jid: str, name: str) -> Report:
    full = Graph().parse(CASES / jid / f"{name}.ttl", format="turtle")
    app = Graph()
    for s, p, o in full:
        if (s, RDF.type, T.Case) in full or str(p).startswith(str(T)) or str(o).startswith(str(T)):
            continue
        app.add((s, p, o))
    return validate_graph(app, name=name)


def result(rep: Report, section: str, severity: str = "Violation") -> Result:
    found = [r for r in rep.results if r.section == section and r.severity == severity]
    assert found, f"no {severity} citing {section}: {[r.section for r in rep.results]}"
    return found[0]


def test_north_haven_area_variance_is_stated_in_56_3D_in_every_format() -> None:
    rep = report("north-haven", "dock-4.1-feet-wide-violates-56-2D")
    r = result(rep, "§ 56-2D")
    assert (r.relief, r.relief_basis, r.relief_basis_section) == (
        "area variance", "stated", "§ 56-3D")
    item = next(i for i in rep.to_json()["results"] if i["section"] == "§ 56-2D")
    assert item["relief_basis"] == "stated" and item["relief_basis_section"] == "§ 56-3D"
    assert "relief basis: stated in § 56-3D" in rep.to_text()
    assert "relief basis: stated in § 56-3D" in rep.to_html()
    g = Graph().parse(data=rep.to_turtle(), format="turtle")
    assert any(str(o) == "stated" for o in g.objects(None, DL.reliefBasis))
    assert any(str(o) == "§ 56-3D" for o in g.objects(None, DL.reliefBasisSection))


def test_canandaigua_720_square_feet_are_not_variable_under_73_9C_1_d() -> None:
    """Conflict § 73-9C(1)(d) vs § 73-22D decided: 'under no circumstances' governs the area."""
    r = result(report("south-bristol", "a-720.1-square-foot-dock-violates-73-9C-1"), "§ 73-9C(1)")
    assert (r.relief, r.relief_basis, r.relief_basis_section) == (
        "not variable", "stated", "§ 73-9C(1)(d)")
    assert any("Conflict with § 73-22D, decided" in text for _kind, text in r.section_notes) or \
        "Under no circumstances" in (r.relief_basis_note or "")


def test_canandaigua_other_configuration_requirements_keep_the_73_22D_variance() -> None:
    r = result(report("south-bristol", "an-8.1-foot-main-walkway-violates-73-9C-1-a"),
               "§ 73-9C(1)(a)")
    assert (r.relief, r.relief_basis, r.relief_basis_section) == (
        "area variance", "stated", "§ 73-22D")


def test_both_sections_of_the_canandaigua_conflict_carry_the_decision() -> None:
    law = get_prepared().knowledge
    for local in ("73-9C-1-d", "73-22D"):
        notes = [str(n) for n in law.objects(
            URIRef(f"https://w3id.org/docklaw/code/south-bristol/{local}"), DL.ambiguityNote)]
        assert any("decided" in n and "not variable" in n for n in notes), local


def test_north_hempstead_residential_waiver_is_42_9A_4() -> None:
    r = result(report("north-hempstead", "residential-float-8.1-feet-wide-violates-42-9B-10"),
               "§ 42-9B(10)")
    assert (r.relief, r.relief_basis, r.relief_basis_section) == ("waiver", "stated", "§ 42-9A(4)")


def test_north_hempstead_multifamily_width_waiver_is_42_9C_1() -> None:
    r = result(report("north-hempstead", "multifamily-float-10.1-feet-wide-violates-42-9B-10"),
               "§ 42-9B(10)")
    assert (r.relief, r.relief_basis, r.relief_basis_section) == ("waiver", "stated", "§ 42-9C(1)")


def test_north_hempstead_42_9C_4_in_no_case_is_not_variable() -> None:
    rep = report("north-hempstead", "two-docks-on-199-feet-of-multifamily-frontage-violate-42-9C-4")
    r = result(rep, "§ 42-9C(4)")
    assert (r.relief, r.relief_basis, r.relief_basis_section) == (
        "not variable", "stated", "§ 42-9C(4)")
    count = result(rep, "§ 42-9B(7)")  # the number of docks under § 42-9B: § 42-9C(1) reaches it
    assert (count.relief, count.relief_basis_section) == ("waiver", "§ 42-9C(1)")


def test_north_hempstead_yacht_club_channel_distance_has_no_waiver() -> None:
    """§ 42-9C(1) reaches number, configuration, width and length, not a channel distance."""
    rep = report("north-hempstead",
                 "a-yacht-club-dock-in-its-present-form-since-october-2-1991-violates-42-9A-3")
    r = result(rep, "§ 42-9A(3)")
    assert r.relief is None and r.relief_basis is None
    assert r.relief_note and "§ 42-9C(1)" in r.relief_note and "no waiver" in r.relief_note
    item = next(i for i in rep.to_json()["results"] if i["section"] == "§ 42-9A(3)")
    assert item["relief"] is None and "no waiver" in item["relief_note"]


def test_inferred_relief_carries_its_curation_note() -> None:
    rep = report("north-hempstead", "a-nysdec-permit-without-usace-proof-violates-42-7C")
    r = result(rep, "§ 42-7C")
    assert (r.relief, r.relief_basis) == ("not variable", "inferred")
    assert r.relief_basis_note and r.relief_basis_note.startswith("Inferred:")
    assert "relief basis: inferred: Inferred:" in rep.to_text()


def test_kings_point_waiver_is_stated_in_the_waiver_section() -> None:
    r = result(report("kings-point", "a-50.1-foot-boat-on-the-lift-violates-boat-lifts-C-1"),
               "Boat lifts C(1)")
    assert (r.relief, r.relief_basis, r.relief_basis_section) == ("waiver", "stated", "Waiver")


def test_json_report_of_every_violation_with_relief_has_a_basis() -> None:
    for jid, name in (("north-haven", "dock-4.1-feet-wide-violates-56-2D"),
                      ("jerusalem", "a-720.1-square-foot-residential-dock-violates-160-123A-1-b"),
                      ("south-bristol", "a-720.1-square-foot-dock-violates-73-9C-1")):
        data = json.loads(report(jid, name).to_json_text())
        for item in data["results"]:
            if item.get("relief"):
                assert item.get("relief_basis") in ("stated", "inferred"), item
