"""A number that reads two ways is refused, not picked (issue 23's rule, applied to units).

A roof pitch stated as a pure number of 1 or more is either a ratio (3 = a rise of 3 per foot
of run) or the codes' "3/12" notation written without its unit; the intake refuses it and asks
for the unit (``dl:unitlessReadsTwoWaysFrom`` in ontology/terms/pitch.ttl). Below 1 a pure
number is a ratio, and ``dl:RisePer12`` carries the codes' notation.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from docklaw.errors import InputError
from docklaw.validate.pipeline import validate_bytes

CASE = (Path(__file__).parent / "cases" / "jerusalem"
        / "a-boat-station-roof-of-3-in-12-stated-as-the-ratio-0.25-meets-160-122G.ttl")
STATED = "qudt:numericValue 0.25 ; qudt:unit unit:UNITLESS"


def pitch(value: str, unit: str) -> bytes:
    text = CASE.read_text(encoding="utf-8")
    assert STATED in text
    return text.replace(STATED, f"qudt:numericValue {value} ; qudt:unit {unit}").encode()


@pytest.mark.parametrize("value", ["1", "3", "12"])
def test_a_pure_number_of_1_or_more_for_a_roof_pitch_is_refused(value: str) -> None:
    with pytest.raises(InputError) as caught:
        validate_bytes(pitch(value, "unit:UNITLESS"), "turtle", "<pitch>")
    message = str(caught.value)
    assert "dl:roofPitch" in message and "reads two ways" in message
    assert f"{value} in 12" in message and "dl:RisePer12" in message


@pytest.mark.parametrize(("value", "unit", "cited"), [
    ("0.99", "unit:UNITLESS", True),   # just under the ambiguity: a ratio, over 3/12
    ("0.25", "unit:UNITLESS", False),  # exactly 3/12
    ("3", "dl:RisePer12", False),      # the codes' notation, with its unit
    ("3.01", "dl:RisePer12", True),
])
def test_a_ratio_below_1_or_the_codes_notation_is_read(value: str, unit: str,
                                                        cited: bool) -> None:
    report = validate_bytes(pitch(value, unit), "turtle", "<pitch>")
    sections = {r.section for r in report.results if r.severity == "Violation"}
    assert ("§ 160-122G" in sections) is cited, sections
