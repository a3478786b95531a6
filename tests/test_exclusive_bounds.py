"""A total only known to be MORE than a figure (a listed part stating none of its own, whose
measure is never 0: ``totals.positive_silent``, dl:lowerBoundExclusive) is shown as "more than"
that figure wherever the report states it: the violation's value, the excess and the nearest
value. Showing the bound itself ("= 500 square feet" under a limit of 500) reads as a figure
that conforms (review of fix-kp9)."""

from __future__ import annotations

from pathlib import Path

from docklaw.validate.pipeline import validate_graph
from test_cases import load_case

CASE = (Path(__file__).parent / "cases" / "kings-point" /
        "a-dock-stating-500-square-feet-of-floats-listing-a-500-square-foot-float-and-a-second"
        "-float-stating-no-area-violates-standards-D-2-c-2.ttl")


def test_a_total_known_only_to_pass_its_bound_is_shown_as_more_than_it() -> None:
    report = validate_graph(load_case(CASE).graph, name=CASE.stem)
    [violation] = [r for r in report.results if r.severity == "Violation"]
    assert violation.section == "Standards D(2)(c)[2]"
    assert violation.focus_node.endswith("#dock")
    assert violation.value == "more than 500 square feet"
    [variance] = report.variances
    assert variance.value_shown == "more than 500 square feet"
    assert variance.excess_shown == "an unknown amount (more than 0)"


def test_a_total_stated_at_the_bound_is_shown_as_stated() -> None:
    stated = CASE.parent / "floats-totalling-500-square-feet-meet-standards-D-2-c-2.ttl"
    report = validate_graph(load_case(stated).graph, name=stated.stem)
    assert not [r for r in report.results if r.severity == "Violation"]
    assert not any("more than" in (r.value or "") for r in report.results)
