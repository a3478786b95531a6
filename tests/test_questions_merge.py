"""Questions merged per (node, fact) keep what each said (``questions.one_per_fact``).

Review 73 (C5): a boat station stating dl:slipCount 2 and listing a station of 2 was asked
"dl:slipCount is not stated" once the two rules' questions (§ 160-122G, § 160-123A(1)(a)) were
merged, though each said the stated count does not decide the rule (does it include the inner
station's?). A merged question about a stated fact never says it is not stated.
"""

from __future__ import annotations

from docklaw.validate.findings.cite import STATED_OPEN, InfoNeeded
from docklaw.validate.findings.questions import one_per_fact

NODE = "https://example.org/a#station"


def item(section: str, purpose: str, message: str) -> InfoNeeded:
    return InfoNeeded(section, None, NODE, message, f"rule-{section}", f"shape-{section}",
                      facts=("dl:slipCount",), purpose=purpose)


def test_a_stated_fact_asked_by_two_rules_is_not_called_unstated() -> None:
    why = "does the stated dl:slipCount of station (2) include that of its part st2 (2)?"
    merged = one_per_fact([
        item("§ 160-122G", "decide 'two boat mooring spaces' (§ 160-122G)",
             f"dl:slipCount {STATED_OPEN}: needed to decide 'two boat mooring spaces' "
             f"(§ 160-122G): {why} as not, up to 4"),
        item("§ 160-123A(1)(a)", "decide 'Moorings for boats' (§ 160-123A(1)(a))",
             f"dl:slipCount {STATED_OPEN}: needed to decide 'Moorings for boats' "
             f"(§ 160-123A(1)(a)): {why} as not, up to 6"),
    ])
    assert len(merged) == 1
    message = merged[0].message
    assert "is not stated" not in message
    assert message.startswith(f"dl:slipCount {STATED_OPEN}: ")
    assert "(§ 160-122G)" in message and "(§ 160-123A(1)(a))" in message
    assert "up to 4" in message and "up to 6" in message
    assert len(merged[0].askers) == 2


def test_an_unstated_fact_asked_by_two_rules_is_still_called_unstated() -> None:
    merged = one_per_fact([
        item("§ 160-122G", "decide 'two boat mooring spaces' (§ 160-122G)",
             "dl:slipCount is not stated: needed to decide 'two boat mooring spaces'"),
        item("§ 160-123A(1)(a)", "decide 'Moorings for boats' (§ 160-123A(1)(a))",
             "dl:slipCount is not stated: needed to decide 'Moorings for boats'"),
    ])
    assert [m.message for m in merged] == [
        "dl:slipCount is not stated: needed to decide 'two boat mooring spaces' (§ 160-122G); "
        "to decide 'Moorings for boats' (§ 160-123A(1)(a))"]
