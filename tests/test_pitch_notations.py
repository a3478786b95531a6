"""Values stated in a notation no multiplier converts (law.spans): a pitch in percent or as an
angle, a discontinuance in days where the law counts calendar months.

Why: the third adversarial reading found 30 percent and 15 degrees refused as "not a unit of
this quantity", and 400 days refused against "one year or more" (§ 73-21D) although every
calendar agrees. Each is read now; what reads two ways (365 days against a year) is refused,
saying why.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from docklaw.errors import InputError
from docklaw.law.snapshot import get_prepared
from docklaw.law.spans import month_span, pi, tangent, undecided_by_days
from docklaw.law.units import EXACT_PLACES
from docklaw.namespaces import DL, QUDT
from docklaw.validate.pipeline import validate_bytes

CASES = Path(__file__).resolve().parent / "cases"
DISCONTINUED = (CASES / "south-bristol"
                / "a-nonconforming-dock-discontinued-for-11-months-meets-73-21D.ttl")
STATION = CASES / "jerusalem" / "a-boat-station-roof-of-3.01-in-12-violates-160-122G.ttl"


def test_pi_and_tangent_are_exact_to_far_beyond_the_kept_places() -> None:
    assert str(pi()).startswith("3.14159265358979323846264338327950288419716939937510")
    assert abs(tangent(Decimal(45), Decimal(360)) - 1) < Decimal("1e-100")  # type: ignore[operator]
    assert tangent(Decimal(90), Decimal(360)) is None
    assert tangent(Decimal(-1), Decimal(360)) is None


def test_no_angle_stated_to_8_places_is_within_the_rounding_of_a_pitch_limit() -> None:
    """For every roof pitch limit of the codes, the nearest angles of 8 decimal places on either
    side have tangents that differ from the limit by far more than the 18 places kept: no
    comparison of an angle with a limit is decided by rounding."""
    prepared = get_prepared()
    law, units = prepared.knowledge, prepared.units
    limits = set()
    for rule in law.subjects(DL.constrains, DL.roofPitch):
        qv = law.value(rule, DL.limit)
        if qv is not None:
            limit = units.convert(Decimal(str(law.value(qv, QUDT.numericValue))),
                                  law.value(qv, QUDT.unit), None)
            limits.add(limit)
    assert limits, "the codes limit roof pitch"
    step = Decimal("1e-8")
    for limit in sorted(limits - {Decimal(0)}):  # (0: met exactly by a flat roof's 0 degrees)
        low, high = Decimal(0), Decimal(90)
        while high - low > step:  # bisect the angle whose tangent is the limit
            mid = ((low + high) / 2).quantize(Decimal("1e-12"))
            low, high = (mid, high) if tangent(mid, Decimal(360)) < limit else (low, mid)  # type: ignore[operator]
        below = low.quantize(step, rounding="ROUND_FLOOR")
        for angle in (below - step, below, below + step, below + 2 * step):
            gap = abs(tangent(angle, Decimal(360)) - limit)  # type: ignore[operator]
            assert gap > Decimal(10) ** -(EXACT_PLACES - 3), (limit, angle, gap)


def test_a_year_of_calendar_months_spans_365_or_366_days() -> None:
    assert month_span(12) == (365, 366)
    assert month_span(1) == (28, 31)
    assert undecided_by_days(Decimal(365), Decimal(12), strict=False)
    assert not undecided_by_days(Decimal(366), Decimal(12), strict=False)
    assert not undecided_by_days(Decimal(364), Decimal(12), strict=False)
    assert undecided_by_days(Decimal(366), Decimal(12), strict=True)  # "more than a year"


def stated(path: Path, old: str, new: str) -> bytes:
    text = path.read_text()
    assert old in text
    return re.sub(r":case a t:Case ;.*?\.\n", "", text.replace(old, new), flags=re.S).encode()


def test_365_days_against_one_year_reads_two_ways_and_is_refused_saying_why() -> None:
    data = stated(DISCONTINUED, "qudt:numericValue 11 ; qudt:unit unit:MO",
                  "qudt:numericValue 365 ; qudt:unit unit:DAY")
    with pytest.raises(InputError) as err:
        validate_bytes(data, "turtle", "365-days.ttl", plan=False)
    message = str(err.value)
    assert "reads two ways" in message and "§ 73-21D" in message and "unit:YR" in message
    assert "dl:discontinuedFor" in message


def test_53_weeks_are_a_year_on_any_calendar() -> None:
    data = stated(DISCONTINUED, "qudt:numericValue 11 ; qudt:unit unit:MO",
                  "qudt:numericValue 53 ; qudt:unit unit:WK")
    report = validate_bytes(data, "turtle", "53-weeks.ttl", plan=False)
    assert any(r.section == "§ 73-21D" and r.severity == "Violation" for r in report.results)


def test_an_angle_of_a_quarter_turn_is_no_pitch_and_is_refused() -> None:
    data = stated(STATION, "qudt:numericValue 3.01 ; qudt:unit dl:RisePer12",
                  "qudt:numericValue 90 ; qudt:unit unit:DEG")
    with pytest.raises(InputError) as err:
        validate_bytes(data, "turtle", "90-degrees.ttl", plan=False)
    assert "no slope" in str(err.value) and "dl:roofPitch" in str(err.value)
