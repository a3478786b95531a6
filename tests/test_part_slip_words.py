"""A lift listed on a dock stating 0 slips is read as counted in the dock's own figure
(fix-sb7, curation sb:73-8B-2), and the report says so where it derives the parcel's slip total.

Why: blind review 79 F4 read the "lift 0" of the derivation as the lift believed to hold no
boat, where the same lift standing on the parcel is read as at least one slip; the reading was
recorded in the curation but not in the report. Blind review 129 F1: the words said the 0
"adds nothing to the dock's own figure", and it was so read however many such lifts there were;
now each stands in one of the dock's own slips, the dock's figure holding no more of them than it
states, and the words say that.
"""

from __future__ import annotations

from pathlib import Path

from docklaw.validate import validate_bytes

CASE = (Path(__file__).resolve().parent / "cases" / "south-bristol"
        / ("a-3-slip-dock-listing-a-lift-stating-0-slips-counts-the-lift-in-its-3-"
           "and-meets-73-8A-on-100-feet.ttl"))


def test_the_slip_total_says_how_a_part_stating_0_is_read() -> None:
    report = validate_bytes(CASE.read_bytes(), name="app.ttl")
    words = [r.message for r in report.results if r.path == "dl:boatSlipCount"]
    assert any("l 0 (listed as a part of dock: 0 read as standing in dock's own figure, at "
               "least 1 of it, not as holding nothing; dock's figure holds as many such parts "
               "as it states" in w for w in words), words
