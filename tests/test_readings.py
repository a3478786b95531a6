"""Every recorded reading of an ambiguous provision is evaluated, and the report says when the
verdict (or the relief) depends on it: North Haven § 56-3A ("within 40 feet"; "whichever results in
the greater setback"), § 56-4Q (listed under both kinds of variance), North Hempstead § 42-9B(7)
(the count for 100-199 feet; partial 100-foot units).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from docklaw import paths
from docklaw.validate.pipeline import validate_bytes, validate_graph

CASES = Path(__file__).resolve().parent / "cases"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "plan" / \
    "north-haven-drawn-violations.ttl"


def outcome(report, section: str):  # type: ignore[no-untyped-def]
    found = [o for o in report.readings if o.section == section]
    assert len(found) == 1, [o.section for o in report.readings]
    return found[0]


def verdicts(o) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {r.label.split(":")[0].split(" ")[0]: r.verdict for r in o.readings}


def test_56_3A_exactly_40_feet_depends_on_the_reading_of_within() -> None:
    path = paths.EXAMPLES_DIR / "north-haven" / "geometry.ttl"
    report = validate_bytes(path.read_bytes(), "turtle", name=path.name)
    assert report.status == "incomplete"  # no violation under the default reading
    o = outcome(report, "§ 56-3A")
    assert verdicts(o) == {"A": "conforms", "B": "violates", "C": "conforms"}
    assert o.verdict_depends and not o.relief_depends
    assert o.summary.startswith("The verdict depends on the reading: violates under reading B")
    assert "40 feet; more than 40 feet" in o.summary
    data = report.to_json()
    assert data["verdict_depends_on_reading"] is True
    assert data["readings"][0]["readings"][1]["note"].startswith("'Prohibited if within 40 feet'")
    assert "The verdict depends on the reading" in report.to_text()
    assert "The verdict depends on the reading" in report.to_html()


def test_56_3A_reading_c_compares_the_greater_clearance() -> None:
    """Reading C reads the larger of the two constructions' clearances (76.65 ft here)."""
    path = paths.EXAMPLES_DIR / "north-haven" / "geometry.ttl"
    o = outcome(validate_bytes(path.read_bytes(), "turtle"), "§ 56-3A")
    c = next(r for r in o.readings if r.label.startswith("C"))
    assert c.detail == "76.65 feet; at least 40 feet"


def test_56_3A_well_inside_every_reading_violates() -> None:
    report = validate_bytes(FIXTURE.read_bytes(), "turtle")
    o = outcome(report, "§ 56-3A")
    assert verdicts(o) == {"A": "violates", "B": "violates", "C": "violates"}
    assert not o.verdict_depends
    assert o.summary.startswith("The same verdict (violates) under every recorded reading")
    assert report.to_json()["verdict_depends_on_reading"] is False


def test_56_3A_stated_setback_leaves_reading_c_undetermined() -> None:
    """Without the drawing there are no two clearances: reading C cannot be decided (said so),
    and an undetermined reading never makes the verdict 'depend'."""
    from test_cases import load_case

    case = (CASES / "north-haven"
            / "dock-39.9-feet-from-the-extended-property-line-violates-56-3A.ttl")
    report = validate_graph(load_case(case).graph)
    o = outcome(report, "§ 56-3A")
    assert verdicts(o) == {"A": "violates", "B": "violates", "C": "undetermined"}
    assert not o.verdict_depends
    c = next(r for r in o.readings if r.label.startswith("C"))
    assert "sideSetbackSameAxis" in c.detail


def test_56_4Q_relief_depends_on_the_reading() -> None:
    from test_cases import load_case

    case = CASES / "north-haven" / "a-community-commercial-catwalk-violates-56-4Q.ttl"
    report = validate_graph(load_case(case).graph)
    o = outcome(report, "§ 56-4Q")
    assert not o.verdict_depends and o.relief_depends
    reliefs = [r.relief for r in o.readings]
    assert reliefs[0] is None  # as encoded: no single relief is reported
    assert reliefs[1].startswith("area variance") and reliefs[2].startswith("use variance")
    assert "Zoning Board of Appeals" in reliefs[1]
    assert o.summary.startswith("The relief depends on the reading")


NHE = """@prefix dl: <https://w3id.org/docklaw/ontology#> .
@prefix qudt: <http://qudt.org/schema/qudt/> .
@prefix unit: <http://qudt.org/vocab/unit/> .
@prefix rule: <https://w3id.org/docklaw/rule/north-hempstead/> .
@prefix : <https://example.org/readings#> .
:application a dl:PermitApplication ;
    dl:jurisdiction <https://w3id.org/docklaw/jurisdiction/north-hempstead> ;
    dl:parcel :parcel ; dl:permitSought dl:StructurePermit ;
    dl:otherAgencyApproval dl:USACEPermit , dl:NYSDECPermit ; dl:proposes :dock .
:parcel a dl:Parcel ; dl:landUse dl:SingleFamilyResidential ;
    dl:shorelineFrontage [ a qudt:QuantityValue ; qudt:numericValue FRONTAGE ; qudt:unit unit:FT ] ;
    dl:dockCount DOCKS ; dl:boatSlipCount 2 ; dl:hasStructure :dock .
:dock a dl:FixedDock ; dl:workKind dl:NewConstruction ; dl:construction dl:Permanent .
"""


def stated(a: str, b: str, c: str) -> dict[str, str]:
    """The five readings of § 42-9B(7) on a stated frontage: D (the tie line) and E (the shore
    length) read a drawn one, so on a stated frontage they count as A does (drawn lots:
    test_42_9B_7_and_42_9C_4_on_a_bowed_shore)."""
    return {"A": a, "B": b, "C": c, "D": a, "E": a}


@pytest.mark.parametrize(("frontage", "docks", "expected"), [
    ("99", 1, None),  # every reading gives 1 dock: none is listed (review 62)
    ("99", 2, None),
    ("100", 2, stated("violates", "conforms", "violates")),  # B: 100 ft gives two
    ("150", 2, stated("violates", "conforms", "conforms")),  # C: part of 100 counts
    ("199", 2, stated("violates", "conforms", "conforms")),
    ("200", 2, stated("conforms", "conforms", "conforms")),
    ("200", 3, stated("violates", "conforms", "violates")),
    ("200.01", 3, stated("violates", "conforms", "conforms")),
    ("250", 3, stated("violates", "conforms", "conforms")),
])
def test_42_9B_7_dock_count_under_each_reading(frontage: str, docks: int,
                                               expected: dict[str, str] | None) -> None:
    data = NHE.replace("FRONTAGE", frontage).replace("DOCKS", str(docks))
    report = validate_bytes(data.encode(), "turtle")
    if expected is None:  # the same value and limit under every reading: nothing to list
        assert not [o for o in report.readings if o.section == "§ 42-9B(7)"]
        return
    o = outcome(report, "§ 42-9B(7)")
    assert verdicts(o) == expected
    assert o.verdict_depends == (len(set(expected.values())) > 1)
    default_fires = any(r.section == "§ 42-9B(7)" and r.severity == "Violation"
                        for r in report.results)
    assert default_fires == (expected["A"] == "violates")  # the default stays the verdict


V, C = "violates", "conforms"
#: the cases read under both sections
ZIGZAG = ("three-multifamily-docks-on-a-lot-whose-lot-lines-meet-mean-high-water-180-feet-apart-"
          "along-300-feet-of-zigzag-shore-violate-42-9B-7-and-42-9C-4-except-reading-the-shore-"
          "length")
TOLERANCE = ("two-multifamily-docks-on-a-lot-whose-lot-lines-meet-mean-high-water-199.5-feet-"
             "apart-along-200.5-feet-of-shore-within-the-tolerance-violate-42-9B-7-and-42-9C-4-"
             "except-reading-the-shore-length")


@pytest.mark.parametrize(("case", "section", "expected"), [
    # tie 160 / shore exactly 200: one dock on the tie line, two on the shore length
    ("two-docks-on-a-lot-whose-lot-lines-meet-mean-high-water-160-feet-apart-along-exactly-200-"
     "feet-of-shore-violate-42-9B-7-depending-on-the-reading-of-shoreline-frontage",
     "§ 42-9B(7)", {"A": V, "B": C, "C": C, "D": V, "E": C}),
    # multifamily, tie 80 / shore exactly 100: no dock on the tie line, one on the shore length
    ("one-multifamily-dock-on-a-lot-whose-lot-lines-meet-mean-high-water-80-feet-apart-along-"
     "exactly-100-feet-of-shore-violates-42-9C-4-depending-on-the-reading-of-shoreline-frontage",
     "§ 42-9C(4)", {"A": V, "B": C, "C": C, "D": V, "E": C}),
    # tie 180 / shore exactly 300, three docks: only the shore length allows three
    (ZIGZAG,
     "§ 42-9B(7)", {"A": V, "B": V, "C": V, "D": V, "E": C}),
    (ZIGZAG,
     "§ 42-9C(4)", {"A": V, "B": V, "C": V, "D": V, "E": C}),
    # tie 199.5 / shore 200.5, within the length tolerance (blind review 90 nh7): E counts two
    (TOLERANCE, "§ 42-9B(7)", {"A": V, "B": C, "C": C, "D": V, "E": C}),
    (TOLERANCE, "§ 42-9C(4)", {"A": V, "B": C, "C": V, "D": V, "E": C}),
    # tie 240 / shore 260: two docks on either length
    ("two-multifamily-docks-on-a-lot-whose-lot-lines-meet-mean-high-water-240-feet-apart-along-"
     "260-feet-of-shore-meet-42-9B-7-and-42-9C-4-under-every-reading-of-shoreline-frontage",
     "§ 42-9B(7)", {"A": C, "B": C, "C": C, "D": C, "E": C}),
])
def test_42_9B_7_and_42_9C_4_on_a_bowed_shore(case: str, section: str,
                                              expected: dict[str, str]) -> None:
    """Blind review 88 (as Kings Point Standards B and C): 'shoreline frontage' is not defined;
    on a drawn lot whose mean high water line bows between its lot lines, reading D counts the
    docks on the tie line and E on the shore length (A, B and C on the shorter). A count that
    differs between the two lengths makes the verdict depend on the reading, even where readings
    B and C agree with A (the zigzag lot: before D and E the report said 'the same verdict')."""
    from test_cases import load_case

    report = validate_graph(load_case(CASES / "north-hempstead" / f"{case}.ttl").graph)
    o = outcome(report, section)
    assert verdicts(o) == expected
    assert o.verdict_depends == (len(set(expected.values())) > 1)


def test_standards_B_is_cited_once_naming_both_drawn_frontages() -> None:
    """Blind review 90 F4 (kpB3): a lot drawn with a 140-foot tie line and 145 feet of shore
    fails Standards B on both lengths; one Violation on the parcel names both values
    (``cite.one_per_breach``), not one per length. The shore length is kept although it lies
    within the length tolerance of the tie line (F1)."""
    from test_cases import load_case

    case = ("a-lot-whose-lot-lines-meet-mean-high-water-140-feet-apart-along-145-feet-of-shore-"
            "violates-standards-B-once-naming-both-lengths")
    report = validate_graph(load_case(CASES / "kings-point" / f"{case}.ttl").graph)
    cited = [r for r in report.results
             if r.section == "Standards B" and r.severity == "Violation"]
    assert len(cited) == 1, cited
    assert cited[0].focus_node.endswith("#parcel")
    assert cited[0].value == "140 feet, 145 feet"


def test_alternative_tables_are_not_law_the_shapes_check() -> None:
    """Reading tables are dl:AlternativeAllocationTable: the allocation query lists only the
    encoded table."""
    from rdflib.namespace import RDF

    from docklaw.law.snapshot import get_prepared
    from docklaw.namespaces import DL

    law = get_prepared().knowledge
    alternatives = set(law.subjects(RDF.type, DL.AlternativeAllocationTable))
    assert len(alternatives) == 11  # § 42-9B(7) B and C; § 42-9C(4) B and C (review 41);
    # Keuka § 160-123A(1)(a) B (review 49); Canandaigua Table 3 row B, reading B (fix-sb2);
    # Canandaigua Table 1 Category F and Table 4 row B, reading B (fix-sb4); Keuka
    # § 160-123A(2)(a)[1], (b)[1], (c)[1] B (blind review 136 F2)
    assert not alternatives & set(law.subjects(RDF.type, DL.AllocationTable))


def test_160_123A_1_a_250_feet_three_docks_depends_on_the_reading() -> None:
    """Keuka (Jerusalem) § 160-123A(1)(a)[3] (review 49): 250 feet allows three docks under the
    encoded reading A (each 100-foot band from its first foot) and two under reading B (each
    full 100 feet beyond 200); the default verdict stands and the report says it depends."""
    from test_cases import load_case

    case = (CASES / "jerusalem" / "three-docks-on-a-250-foot-residential-parcel-meet-"
            "160-123A-1-a-under-the-default-reading-and-violate-it-under-reading-b.ttl")
    report = validate_graph(load_case(case).graph)
    docks = next(o for o in report.readings if o.rule and o.rule.endswith("160-123A-1-a-docks"))
    assert verdicts(docks) == {"A": "conforms", "B": "violates"}
    assert docks.verdict_depends
    assert not any(r.section == "§ 160-123A(1)(a)" and r.severity == "Violation"
                   for r in report.results)
    assert report.to_json()["verdict_depends_on_reading"] is True


@pytest.mark.parametrize(("case", "expected"), [
    ("fifty-five-slips-on-a-350-foot-tier-2-parcel-violate-73-13A-counting-full-hundreds-and-"
     "meet-it-counting-each-hundred-begun", {"A": "violates", "B": "conforms"}),
    ("sixty-one-slips-on-a-350-foot-tier-2-parcel-violate-73-13A-under-either-reading-of-a-"
     "partial-hundred", {"A": "violates", "B": "violates"}),
])
def test_73_13A_a_partial_hundred_feet_under_each_reading(case: str,
                                                          expected: dict[str, str]) -> None:
    """South Bristol Table 3 row B (fix-sb2): '10 additional boat slips or moorings ... for every
    additional 100 feet of shoreline in excess of 300 feet' does not say how a part of 100 feet
    counts. 350 feet allows 50 boat slips under the encoded reading A (full 100 feet only) and
    60 under reading B (each 100 feet begun); the default verdict stands either way."""
    from test_cases import load_case

    report = validate_graph(load_case(CASES / "south-bristol" / f"{case}.ttl").graph)
    slips = next(o for o in report.readings
                 if o.rule and o.rule.endswith("73-13A-tier-2-boat-slip-allocation"))
    assert verdicts(slips) == expected
    depends = len(set(expected.values())) > 1
    assert slips.verdict_depends == depends
    assert "60" in next(r for r in slips.readings if r.label.startswith("B")).detail
    assert any(r.section == "§ 73-13A" and r.severity == "Violation" for r in report.results)
    assert report.to_json()["verdict_depends_on_reading"] is depends
    if depends:
        assert "The verdict depends on the reading" in report.to_text()


@pytest.mark.parametrize(("case", "rule", "expected"), [
    ("seven-slips-on-a-325-foot-category-f-parcel-meet-73-8A-under-either-reading-of-a-partial-"
     "50-feet", "73-8A-boat-slip-allocation", {"A": "conforms", "B": "conforms"}),
    ("eight-slips-on-a-325-foot-category-f-parcel-violate-73-8A-counting-full-50-feet-and-meet-"
     "it-counting-each-50-feet-begun", "73-8A-boat-slip-allocation",
     {"A": "violates", "B": "conforms"}),
    ("three-docks-on-a-350-foot-category-f-parcel-meet-73-8A-under-either-reading-of-a-partial-"
     "hundred", "73-8A-dock-allocation", {"A": "conforms", "B": "conforms"}),
    ("four-docks-on-a-350-foot-category-f-parcel-violate-73-8A-counting-full-hundreds-and-meet-"
     "it-counting-each-hundred-begun", "73-8A-dock-allocation", {"A": "violates", "B": "conforms"}),
    ("eighteen-slips-on-a-300-foot-tier-3-parcel-meet-73-15A-under-either-reading-of-a-partial-"
     "hundred", "73-15A-tier-3-boat-slip-allocation", {"A": "conforms", "B": "conforms"}),
    ("nineteen-slips-on-a-300-foot-tier-3-parcel-violate-73-15A-counting-full-hundreds-and-meet-"
     "it-counting-each-hundred-begun", "73-15A-tier-3-boat-slip-allocation",
     {"A": "violates", "B": "conforms"}),
    # the Table 4 gap (250 to 250.01 feet): 19 exceed both rows under A (18 each); under B row B
    # would allow 28, so B is undetermined there and the verdict does not "depend"
    ("nineteen-slips-on-a-tier-3-parcel-with-250.005-feet-in-the-table-4-gap-exceed-either-row-"
     "and-violate-73-15A", "73-15A-tier-3-boat-slip-allocation",
     {"A": "violates", "B": "undetermined"}),
    # (blind review 151 F2: 18 are within both rows beside the gap under either reading, 18
    # and 18 under A, 18 and 28 under B: met, where the limit used to be asked)
    ("eighteen-slips-on-a-tier-3-parcel-with-250.005-feet-in-the-table-4-gap-are-within-either-"
     "row-and-meet-73-15A", "73-15A-tier-3-boat-slip-allocation",
     {"A": "conforms", "B": "conforms"}),
])
def test_73_8A_and_73_15A_a_partial_increment_under_each_reading(case: str, rule: str,
                                                                 expected: dict[str, str]) -> None:
    """South Bristol Table 1 Category F ('5 + 1 slip for every 50 feet', '2 + 1 additional dock
    for every 100 feet of shoreline in excess of 200 feet') and Table 4 row B ('10 for every
    additional 100 lineal feet of shoreline in excess of 250 lineal feet') (fix-sb4): how a part
    of 50 (100) feet counts is not said. The encoded reading A counts full increments only,
    reading B each increment begun; the default verdict stands and the report says when it
    depends on the reading."""
    from test_cases import load_case

    report = validate_graph(load_case(CASES / "south-bristol" / f"{case}.ttl").graph)
    found = [o for o in report.readings if o.rule and o.rule.endswith(rule)]
    assert len(found) == 1
    assert verdicts(found[0]) == expected
    depends = len({v for v in expected.values() if v != "undetermined"}) > 1
    assert found[0].verdict_depends == depends
    section = "§ 73-15A" if rule.startswith("73-15A") else "§ 73-8A"
    fired = any(r.section == section and r.severity == "Violation"
                and (r.rule or "").endswith(rule)
                for r in report.results)
    assert fired == (expected["A"] == "violates")  # the default stays the verdict
    assert report.to_json()["verdict_depends_on_reading"] is depends
    if expected["A"] == "undetermined":
        assert report.status == "incomplete"  # asked, never a silent conforms
    if depends:
        assert "The verdict depends on the reading" in report.to_text()
    may = not depends and len(set(expected.values())) > 1
    assert found[0].verdict_may_depend == may
    if may:  # decided under one reading, open under the other: never "the same verdict"
        assert found[0].summary.startswith("The verdict may depend on the reading")
        assert "the verdict may depend on the reading" in report.summary()
        if fired:  # the gap's violation names the encoded table, not every reading (review 62)
            assert "another recorded reading of the table may allow more" in report.to_text()


def test_a_reading_that_changes_nothing_on_the_parcel_is_not_listed() -> None:
    """Table 1 Category F's readings (§ 73-8A, § 73-8A(3)) change no limit of a Category C
    parcel: they are not printed on it (review 62: '325 feet: 7 slips' on a 100-foot parcel)."""
    from test_cases import load_case

    case = CASES / "south-bristol" / (
        "a-t-shaped-dock-drawn-as-one-outline-stating-its-6-foot-stem-as-the-main-walkway-width-"
        "with-a-256-square-foot-head-meets-73-9C-1-f.ttl")
    report = validate_graph(load_case(case).graph)
    assert not [o for o in report.readings if o.section in ("§ 73-8A", "§ 73-8A(3)")]
    assert "Category F" not in report.to_text()

def test_standards_D_1_exactly_50_feet_from_a_channel_depends_on_the_reading_of_within() -> None:
    """Review 57: 'shall not extend to within a distance of 50 feet' at exactly 50 feet conforms
    under the encoded reading A and violates under B (inclusive); the report says so. The parts
    are drawn within the pier (fix-geo5: undrawn, they might lie nearer the channel, and the
    dock's distance is asked): each has its own distance and outcome, the float at the terminus
    exactly 50 feet too, the ramp and lift nearer the root more than 50 feet (either reading)."""
    from test_cases import load_case

    case = (CASES / "kings-point" / ("a-dock-whose-root-is-30-feet-from-a-drawn-channel-and-"
                                     "its-terminus-exactly-50-meets-standards-D-1.ttl"))
    report = validate_graph(load_case(case).graph)
    assert report.status == "conforms"
    found = [o for o in report.readings
             if o.rule.endswith("standards-D-1-terminus-channel")]
    by_node = {o.focus_node.rsplit("#", 1)[1]: o for o in found}
    assert len(found) == 4 and set(by_node) == {"dock", "float", "ramp", "lift"}
    for name in ("dock", "float"):
        assert verdicts(by_node[name]) == {"A": "conforms", "B": "violates"}
        assert by_node[name].verdict_depends
    for name in ("ramp", "lift"):
        assert verdicts(by_node[name]) == {"A": "conforms", "B": "conforms"}


def test_standards_D_2_b_a_lift_on_the_dock_depends_on_the_reading_of_excluding_the_float() -> None:
    """Blind review 83 F3: reading A (encoded) holds a lift listed on the dock to eight feet,
    as a lift on its own is held (the text excludes only the float); reading B, review 81 F5's
    set-aside of a device beside the walkway, does not reach it. 8.1 feet: violates under A,
    conforms under B, and the report says the verdict depends on the reading; exactly 8 feet:
    conforms under both, so not listed (a reading whose only change is its own exception is
    listed only where a verdict turns on it, as South Bristol's reading of 'enclosed' is). The
    dock itself (6 feet) is listed under neither: every reading agrees."""
    from test_cases import load_case

    folder = CASES / "kings-point"
    over = validate_graph(load_case(folder / (
        "a-boat-lift-listed-on-the-dock-8.1-feet-wide-violates-standards-D-2-b-as-a-lift-on-"
        "its-own-does.ttl")).graph)
    found = [o for o in over.readings if o.rule.endswith("standards-D-2-b-width")]
    assert [o.focus_node.rsplit("#", 1)[1] for o in found] == ["lift"]
    assert verdicts(found[0]) == {"A": "violates", "B": "conforms"}
    assert found[0].verdict_depends
    assert "not held under this reading: a boat lift listed on the dock" in found[0].summary
    assert over.to_json()["verdict_depends_on_reading"] is True
    at = validate_graph(load_case(folder / (
        "a-boat-lift-listed-on-the-dock-exactly-8-feet-wide-meets-standards-D-2-b.ttl")).graph)
    found = [o for o in at.readings if o.rule.endswith("standards-D-2-b-width")]
    assert found == []
    unstated = validate_graph(load_case(folder / (
        "a-boat-lift-listed-on-the-dock-stating-no-width-is-asked-it-under-standards-D-2-b.ttl"
    )).graph)
    found = [o for o in unstated.readings if o.rule.endswith("standards-D-2-b-width")]
    assert [verdicts(o) for o in found] == [{"A": "undetermined", "B": "conforms"}]
    assert found[0].verdict_may_depend
    alone = validate_graph(load_case(folder / (
        "a-boat-lift-on-its-own-8.1-feet-wide-violates-standards-D-2-b.ttl")).graph)
    found = [o for o in alone.readings if o.rule.endswith("standards-D-2-b-width")]
    assert not found or all(verdicts(o) == {"A": "violates", "B": "violates"} for o in found)


def test_73_5_reading_b_of_enclosed_sets_a_locker_aside_reaches_it_or_needs_its_sides() -> None:
    """South Bristol § 73-5 'An enclosed storage structure' read as enclosed all round (reading
    B) is the reading's own exception (dl:readingExceptWhen: a storage locker with fewer than
    four enclosed sides, the count dl:absentAsked), answered three ways: 3 sides, set aside
    (conforms, naming the count it read); 4 sides, reached, so B decides as A and, changing no
    verdict, is not listed; no count stated, undetermined, the count named as needed."""
    from test_cases import load_case

    folder = CASES / "south-bristol"

    def steep_slope(stem: str) -> list:  # type: ignore[type-arg]
        report = validate_graph(load_case(folder / f"{stem}.ttl").graph)
        return [o for o in report.readings
                if o.rule.endswith("73-8B-4-accessory-steep-slope-parcel")]

    three = steep_slope("a-storage-locker-with-3-enclosed-sides-on-a-parcel-not-steep-violates-"
                        "73-8B-4-and-the-verdict-depends-on-the-reading-of-enclosed")
    assert [verdicts(o) for o in three] == [{"A": "violates", "B": "conforms"}]
    assert three[0].readings[1].detail == (
        "not held under this reading: a storage locker with fewer than four enclosed sides: not "
        "enclosed all round, so no 'enclosed storage structure' (§ 73-5) (dl:enclosedSides 3)")
    assert steep_slope("a-storage-locker-with-4-enclosed-sides-on-a-parcel-not-steep-violates-"
                       "73-8B-4-under-either-reading-of-enclosed") == []
    unstated = steep_slope("a-storage-locker-stating-only-an-enclosed-side-on-a-parcel-not-"
                           "steep-violates-73-8B-4-and-reading-b-needs-its-count-of-sides")
    assert [verdicts(o) for o in unstated] == [{"A": "violates", "B": "undetermined"}]
    assert unstated[0].readings[1].detail == "needs dl:enclosedSides"
    assert unstated[0].verdict_may_depend
