"""A stated value of the wrong kind is refused (``intake.ranges``), and a limit with an unstated
amount subtracted has no lower bound (``limits.Bounds``).

Why: an adversarial review found ``dl:steepSlope "false"`` (a string) read as a steep slope by
one stage and as none by another, ``dl:tier "2"`` read as no Tier, a land use outside the
vocabulary read as a non-residential one, each giving "conforms"; and a dock's share of a
steep-slope parcel's 200 square feet read as at least 920 square feet when another dock's
area was unstated.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from rdflib import URIRef

from docklaw.errors import InputError
from docklaw.law.limits import decide_by_bounds
from docklaw.validate import validate_bytes

CASES = Path(__file__).resolve().parent / "cases"
BASE = (CASES / "south-bristol"
        / "a-920.1-square-foot-dock-on-a-steep-slope-parcel-violates-73-9D-2.ttl")
KEUKA = CASES / "jerusalem" / "a-720.1-square-foot-residential-dock-violates-160-123A-1-b.ttl"


def application(path: Path, old: str, new: str) -> bytes:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    return text.replace(old, new).encode("utf-8")


@pytest.mark.parametrize(("path", "old", "new", "words"), [
    (BASE, "dl:steepSlope true", 'dl:steepSlope "false"', "is not true or false"),
    (BASE, "dl:steepSlope true", "dl:steepSlope 1", "is not true or false"),
    (BASE, "dl:tier 1", 'dl:tier "1"', "is not a whole number"),
    (BASE, "dl:tier 1", "dl:tier 1.5", "is not a whole number"),
    (KEUKA, "dl:landUse dl:SingleFamilyResidential",
     "dl:landUse <https://example.org/other#Cottage>", "is not a dl:LandUse docklaw knows"),
    (KEUKA, "dl:landUse dl:SingleFamilyResidential", 'dl:landUse "residential"',
     "is not a dl:LandUse docklaw knows"),
], ids=["flag-as-string", "flag-as-number", "tier-as-string", "tier-not-whole",
        "land-use-outside-the-vocabulary", "land-use-as-string"])
def test_a_value_not_of_its_property_kind_is_refused_naming_node_and_property(
        path: Path, old: str, new: str, words: str) -> None:
    with pytest.raises(InputError) as info:
        validate_bytes(application(path, old, new), name="app.ttl")
    error = info.value
    assert words in error.message, error.message
    assert error.prop in ("dl:steepSlope", "dl:tier", "dl:landUse")
    assert error.node is not None and error.node.endswith("#parcel")
    assert error.exit_code == 2


CONSOLIDATED = (CASES / "south-bristol"
                / "a-1080.1-square-foot-consolidated-dock-violates-73-10A.ttl")


@pytest.mark.parametrize(("old", "new", "prop", "words"), [
    ("dl:consolidatedParcelCount 1", "dl:consolidatedParcelCount -1", "dl:consolidatedParcelCount",
     "is not a whole number 0 or more"),
    ("dl:consolidatedParcelCount 1", "dl:consolidatedParcelCount 1.5", "dl:consolidatedParcelCount",
     "is not a whole number 0 or more"),
    ("dl:slipCount 2", "dl:slipCount -1", "dl:slipCount", "is not a whole number 0 or more"),
], ids=["consolidated-parcels-negative", "consolidated-parcels-not-whole", "slips-negative"])
def test_a_count_below_zero_or_not_whole_is_refused_by_its_declared_range(
        old: str, new: str, prop: str, words: str) -> None:
    """Blind review 141 F1: South Bristol's dock stating dl:consolidatedParcelCount -1 escaped
    every area limit (§ 73-9C(1) leaves consolidated docks out, § 73-10 reaches 1, 2, 3) and a
    dock stating dl:slipCount -1 lowered the parcel's total; a count's range is
    xsd:nonNegativeInteger, and intake refuses what is not one, naming the node and property."""
    with pytest.raises(InputError) as info:
        validate_bytes(application(CONSOLIDATED, old, new), name="app.ttl")
    error = info.value
    assert words in error.message, error.message
    assert error.prop == prop
    assert error.node is not None and error.node.endswith("#dock")
    assert error.exit_code == 2


def test_a_whole_number_written_as_a_decimal_is_a_tier() -> None:
    """1.0 is Tier 1: the rules of Tier 1 apply (here § 73-9D(2), violated at 920.1)."""
    report = validate_bytes(application(BASE, "dl:tier 1", "dl:tier 1.0"), name="app.ttl")
    assert any(r.shape == "https://w3id.org/docklaw/shape/south-bristol/73-9D-2-steep-slope-dock-space"
               for r in report.results)


def test_an_unbounded_low_decides_only_from_above() -> None:
    """A limit of at most 920 (an unstated amount subtracted from 920): 920.1 violates it
    whatever the amount, 920 and 700 are undecided (the amount may be large)."""
    interval = (None, Decimal(920))
    assert decide_by_bounds(interval, Decimal("920.1"), True, False)[0] is True
    assert decide_by_bounds(interval, Decimal(920), True, False)[0] is None
    assert decide_by_bounds(interval, Decimal(700), True, False)[0] is None
    assert decide_by_bounds(interval, Decimal(700), False, False)[0] is None  # a minimum


def test_a_negative_product_of_an_unstated_amount_bounds_the_limit_from_above() -> None:
    """Canandaigua § 73-9D(2): 720 + 200 minus another dock's excess over 720, that dock's
    area unstated: the limit is between 720 (never less: § 73-9C(1)) and 920."""
    from docklaw.law.limits import Bounds, Evaluator
    from docklaw.law.snapshot import get_prepared
    from docklaw.namespaces import DL
    from docklaw.validate.intake.parse import parse
    from docklaw.validate.pipeline import derive

    prepared = get_prepared()
    text = (CASES / "south-bristol" / "a-920-square-foot-dock-beside-a-dock-of-unstated-area-"
            "on-a-steep-slope-parcel-needs-that-area-for-73-9D-2.ttl").read_bytes()
    derived = derive(parse(text, "turtle"), prepared)
    rule = URIRef("https://w3id.org/docklaw/rule/south-bristol/73-9D-2-steep-slope-dock-space")
    dock = URIRef("https://example.org/cases/south-bristol/a-920-square-foot-dock-beside-a-dock-"
                  "of-unstated-area-on-a-steep-slope-parcel-needs-that-area-for-73-9D-2#dock")
    expression = prepared.knowledge.value(rule, DL.limitExpression)
    bounds = Bounds(Evaluator(prepared.knowledge, derived, prepared.units))
    assert bounds.interval(expression, dock) == (Decimal(720), Decimal(920))


KINGS_POINT = Path(__file__).resolve().parents[1] / "examples" / "kings-point" / "complete.ttl"


def test_a_material_the_vocabulary_does_not_list_is_accepted_as_the_code_allows_others() -> None:
    """Kings Point Standards D(2)(f): "wood, aluminum, or other suitable material approved by
    the Superintendent": an applicant's own material node is read (the approval is a finding),
    only a literal where a node is expected is refused."""
    own = application(KINGS_POINT, "dl:material dl:Aluminum .",
                      "dl:material <https://example.org/app#HDPE> .")
    report = validate_bytes(own, name="app.ttl")
    [finding] = [r for r in report.results if r.section == "Standards D(2)(f)"]
    assert finding.severity == "Info" and finding.focus_node.endswith("#ramp")
    assert report.status == "conforms"  # a finding for the Superintendent, not a violation
    with pytest.raises(InputError) as info:
        validate_bytes(application(KINGS_POINT, "dl:material dl:Aluminum .",
                                   'dl:material "aluminum" .'), name="app.ttl")
    assert info.value.prop == "dl:material" and "is a literal" in info.value.message
