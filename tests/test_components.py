"""What exists (issue 25 item 1, fail closed both ways): a fact about a part is "not applicable"
only when the application says the part is absent (a presence flag stated false) or lists the
structure's parts and none is of that kind; an application silent about parts is still asked.

The end-to-end cases live in tests/cases (kings-point/a-dock-listing-*, a-dock-stated-without-*,
north-haven/a-dock-listing-its-parts-without-mooring-pilings-*); here the rule itself
(``law.components``) and the vocabulary that feeds it.
"""

from __future__ import annotations

import pytest
from rdflib import BNode, Graph, Literal, Namespace

from docklaw import jurisdictions
from docklaw.law.components import absent, absent_one, described
from docklaw.law.snapshot import get_prepared
from docklaw.law.units import curie
from docklaw.namespaces import DL, RDF
from docklaw.validate.needs import rule_needs

EX = Namespace("https://example.org/components#")
#: Comparisons that would require the part (or a least size of it): its absence must not
#: make such a rule "not applicable", so no fact they read may be declared dl:describesPart.
REQUIRING = {DL.Required, DL.AtLeast, DL.MoreThan, DL.Between}


@pytest.fixture(scope="module")
def facts():  # type: ignore[no-untyped-def]
    return described(get_prepared().ontology)


def dock(*parts: tuple[str, object], **flags: bool) -> Graph:
    g = Graph()
    g.add((EX.dock, RDF.type, DL.FixedDock))
    for name, cls in parts:
        g.add((EX[name], RDF.type, cls))
        g.add((EX.dock, DL.hasPart, EX[name]))
    for flag, value in flags.items():
        g.add((EX.dock, DL[flag], Literal(value)))
    return g


# --------------------------------------------------------------------------- asked (fail closed)


def test_a_dock_that_says_nothing_about_parts_is_asked_every_part_fact(facts) -> None:  # type: ignore[no-untyped-def]
    g = dock()
    wanted = ["dl:railingHeight", "dl:landingWidth", "dl:lockerHeight", "dl:lightHeight"]
    assert absent(g, facts, EX.dock, wanted) == (wanted, [])


def test_a_flag_stated_true_or_another_flag_false_still_asks(facts) -> None:  # type: ignore[no-untyped-def]
    g = dock(hasRailing=True, hasLanding=False)
    assert absent_one(g, facts, EX.dock, "dl:railingHeight") is None
    assert absent_one(g, facts, EX.dock, "dl:lockerHeight") is None


def test_a_flag_stated_true_on_the_whole_asks_its_parts(facts) -> None:  # type: ignore[no-untyped-def]
    """The whole says it has lights without listing one as a part: the parts listed do not
    settle where the light is, so a part governed by the rule is asked (fail closed)."""
    g = dock(("float", DL.Float), hasLight=True)
    assert absent_one(g, facts, EX.float, "dl:lightHeight") is None
    assert absent_one(g, facts, EX.dock, "dl:lightHeight") is None


def test_a_fact_of_the_part_stated_elsewhere_in_the_structure_asks(facts) -> None:  # type: ignore[no-untyped-def]
    """Landing dimensions stated on the dock's stairway: the parts listed hold no dl:Landing,
    but the application says a landing exists, so the dock is still asked (fail closed)."""
    g = dock(("stairs", DL.Stairs))
    g.add((EX.stairs, DL.landingLength, Literal(8.1)))
    assert absent_one(g, facts, EX.dock, "dl:landingWidth") is None
    assert absent_one(g, facts, EX.dock, "dl:railingHeight") is not None  # another kind


def test_the_part_listed_is_asked_its_own_fact(facts) -> None:  # type: ignore[no-untyped-def]
    g = dock(("rail", DL.Railing), ("float", DL.Float))
    assert absent_one(g, facts, EX.rail, "dl:railingHeight") is None
    assert absent_one(g, facts, EX.dock, "dl:railingHeight") is None  # it has one, below it


def test_a_part_derive_linked_lists_nothing(facts) -> None:  # type: ignore[no-untyped-def]
    """A Kings Point lift joined to the parcel's only dock by derive (dl:partLinked) is not the
    applicant listing the dock's parts: the dock is still asked its railing."""
    g = dock(("lift", DL.BoatLift))
    note = BNode()
    g.add((EX.lift, DL.partLinked, note))
    g.add((note, DL.focus, EX.dock))
    assert absent_one(g, facts, EX.dock, "dl:railingHeight") is None


def test_a_fact_that_describes_no_part_is_always_asked(facts) -> None:  # type: ignore[no-untyped-def]
    g = dock(("float", DL.Float), hasLight=False)
    assert absent_one(g, facts, EX.dock, "dl:length") is None
    assert absent_one(g, facts, EX.dock, "dl:width") is None


# --------------------------------------------------------------------------- not applicable


def test_a_presence_flag_stated_false_says_there_is_none(facts) -> None:  # type: ignore[no-untyped-def]
    g = dock(hasLight=False)
    assert absent_one(g, facts, EX.dock, "dl:lightHeight") == \
        "dl:hasLight is false: there is no light"
    assert absent_one(g, facts, EX.dock, "dl:railingHeight") is None  # only the light


def test_parts_listed_without_one_of_a_kind_are_all_there_are(facts) -> None:  # type: ignore[no-untyped-def]
    g = dock(("float", DL.Float), ("lift", DL.BoatLift))
    ask, reasons = absent(g, facts, EX.dock, ["dl:railingHeight", "dl:landingWidth",
                                              "dl:lockerHeight", "dl:length"])
    assert ask == ["dl:length"]
    assert len(reasons) == 3 and all("(the parts listed are all there are)" in r
                                     for r in reasons)
    assert any("among the parts of dock" in r for r in reasons)


def test_a_part_of_a_whole_that_lists_its_parts_has_none_either(facts) -> None:  # type: ignore[no-untyped-def]
    g = dock(("float", DL.Float))
    reason = absent_one(g, facts, EX.float, "dl:railingHeight")
    assert reason is not None and "a part of dock" in reason


def test_a_flag_false_on_the_whole_reaches_its_parts(facts) -> None:  # type: ignore[no-untyped-def]
    g = dock(hasLight=False)
    g.add((EX.dock, DL.hasPart, EX.lift))
    g.add((EX.lift, RDF.type, DL.BoatLift))
    reason = absent_one(g, facts, EX.lift, "dl:lightHeight")
    assert reason is not None and "on dock" in reason


# --------------------------------------------------------------------------- the vocabulary


def test_every_part_fact_names_a_kind_of_part_or_a_flag(facts) -> None:  # type: ignore[no-untyped-def]
    assert {"dl:railingHeight", "dl:landingWidth", "dl:landingLength", "dl:lockerHeight",
            "dl:lightHeight", "dl:mooringPileDiameter", "dl:roofPitch"} <= set(facts)
    for fact, what in facts.items():
        assert what.part is not None or what.flags, fact


@pytest.mark.parametrize("jid", jurisdictions.ids())
def test_no_rule_that_requires_a_part_reads_a_part_fact(jid: str, facts) -> None:  # type: ignore[no-untyped-def]
    """A part's absence makes the rules reading its facts "not applicable": declaring a fact
    dl:describesPart is safe only if every rule reading it limits or forbids the part. A rule
    requiring the part (a navigation light, a railing at least so high) must read a fact that
    is not declared, or its absence would silently pass."""
    prepared = get_prepared()
    flags = {curie(f) for what in facts.values() for f in what.flags}
    asking = {str(s) for s in prepared.compiled(jid).info_needed}
    offenders = []
    for need in rule_needs(prepared, jid):
        if need.fact not in facts and need.fact not in flags:
            continue
        if need.fact not in facts and rule_only_asks(prepared, jid, need.rule, asking):
            continue  # a flag asked for its own sake (sh:minCount, dl:informationNeeded): an
            # unstated flag is asked, and only a fact describing a part is ever left unasked
        comparison = prepared.knowledge.value(need.rule, DL.comparison)
        if comparison in REQUIRING:
            offenders.append((curie(need.rule), need.fact, curie(comparison)))
    assert offenders == []


def rule_only_asks(prepared, jid: str, rule, asking: set[str]) -> bool:  # type: ignore[no-untyped-def]
    """Every shape enforcing ``rule`` only asks for its fact (an information-needed shape)."""
    compiled = prepared.compiled(jid)
    shapes = [s for s, r in compiled.shape_rule.items() if r == rule]
    return bool(shapes) and all(str(s) in asking for s in shapes)
