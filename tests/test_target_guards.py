"""A hand-written target's rule conditions on the parcel (``compile.explicit_guard``).

A hand-written target (``sh:target [ sh:select ... ]``) says which nodes a rule reaches; the
rule's conditions on the parcel (land use, Tier, footage category, steep slope, ``dl:appliesWhen``
of ``dl:Parcel``) are applied by the compiler, as for a generated target. Before, they were
written into the text, and an application that left the fact unstated had no focus node: the
rule read "not applicable" where it must read "needed" (docs/DESIGN.md, Shapes).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from rdflib import Graph, URIRef

from docklaw import jurisdictions
from docklaw.law.compile import explicit_guard, guard_facts
from docklaw.law.snapshot import get_prepared
from docklaw.law.units import curie
from docklaw.namespaces import DL, RDF, T
from docklaw.validate.intake.parse import parse
from docklaw.validate.pipeline import derive, validate_graph

CASES = Path(__file__).resolve().parent / "cases"
DLNS = str(DL)


def application(path: Path) -> Graph:
    """A case's application graph (its t: triples removed)."""
    full = parse(path.read_bytes(), "turtle", name=path.name)
    case = next(full.subjects(RDF.type, T.Case))
    out = Graph()
    for s, p, o in full:
        if s != case and not any(str(t).startswith(str(T)) for t in (p, o)):
            out.add((s, p, o))
    return out


@cache
def firing_cases(jid: str, shape: URIRef) -> tuple[Path, ...]:
    """The code's cases in which the shape is expected to fire (a value that does not meet
    its rule: no "holds whether or not it applies")."""
    out = []
    for path in sorted(jurisdictions.resolve(jid).cases_dir.glob("*.ttl")):
        text = path.read_text(encoding="utf-8")
        local = str(shape).rsplit("/", 1)[-1]
        if f"t:expectShape shp:{local} " in text or f"t:expectShape shp:{local} ;" in text:
            out.append(path)
    return tuple(out)


def guarded_codes() -> list[str]:
    prepared = get_prepared()
    return [j.id for j in jurisdictions.all() if prepared.compiled(j.id).guards]


def test_the_shipped_codes_have_guarded_hand_written_targets() -> None:
    """The rules this file is about: Keuka's residential dock area and its additional small
    dock (land use, and the claim), Canandaigua's Tier and steep-slope rules."""
    prepared = get_prepared()
    facts = {(str(shape).rsplit("/", 1)[-1], curie(f))
             for jid in guarded_codes()
             for shape, guard in prepared.compiled(jid).guards.items()
             for f in guard_facts(guard)}
    assert {("160-123A-1-b-area", "dl:landUse"), ("160-123A-1-b-small-docks", "dl:landUse"),
            ("160-123A-1-b-small-docks", "dl:claimsAdditionalSmallDock"),
            ("73-9D-2-steep-slope-dock-space", "dl:steepSlope"),
            ("73-9D-2-steep-slope-dock-space", "dl:tier")} <= facts


@pytest.mark.parametrize("jid", guarded_codes())
def test_an_unstated_parcel_condition_of_a_hand_written_target_is_needed(jid: str) -> None:
    """For each guarded shape, in (up to two of) the cases where it fires: with one fact of its
    guard removed from the parcel (unless the law supplies it: Canandaigua's default Tier), the
    rule reads "needed", and an information-needed item asks for that fact on the parcel."""
    prepared = get_prepared()
    compiled = prepared.compiled(jid)
    checked = []
    for shape, guard in sorted(compiled.guards.items(), key=lambda kv: str(kv[0])):
        rule = str(compiled.shape_rule[shape])
        for path in firing_cases(jid, shape)[:2]:
            graph = application(path)
            for fact in sorted(guard_facts(guard), key=str):
                stated = [(s, p, o) for s, p, o in graph.triples((None, fact, None))
                          if (None, DL.parcel, s) in graph]
                if not stated:
                    continue
                smaller = Graph()
                for triple in graph:
                    if triple not in stated:
                        smaller.add(triple)
                parcel = stated[0][0]
                if (parcel, fact, None) in derive(smaller, prepared):
                    continue  # the law supplies it (a default): decided, not asked
                report = validate_graph(smaller, name=path.name)
                states = {s.rule: s for s in report.accounting}
                assert states[rule].state == "needed", (
                    f"{path.name} without {curie(fact)}: {rule} is {states[rule].state} "
                    f"({states[rule].reason})")
                assert any(curie(fact) in item.facts for item in report.information_needed), (
                    f"{path.name} without {curie(fact)}: nothing asks for it")
                assert report.status != "conforms"
                checked.append((shape, fact))
    assert checked, f"no guarded shape of {jid} was checked: its cases state no guard fact"


def test_a_hand_written_text_that_reads_a_condition_of_its_rule_is_refused() -> None:
    """The land use is the rule's (dl:appliesToLandUse): a text that reads it again would hide
    the unstated fact the compiler asks for."""
    prepared = get_prepared()
    rule = URIRef("https://w3id.org/docklaw/rule/jerusalem/160-123A-1-b-area")
    text = (f"SELECT ?this WHERE {{ ?app <{DLNS}parcel> ?p ; <{DLNS}proposes> ?this . "
            f"?p <{DLNS}landUse> <{DLNS}ResidentialUse> }}")
    problems: list[str] = []
    guard = explicit_guard(prepared, "shp:x", rule, text, problems)
    assert guard is not None and DL.ResidentialUse in guard.uses
    assert len(problems) == 1 and "reads dl:landUse" in problems[0], problems


def test_a_rule_with_a_work_condition_cannot_have_a_hand_written_target() -> None:
    """A text cannot ask for an unstated work kind: such a rule needs a generated target."""
    prepared = get_prepared()
    rule = next(r for r in sorted(prepared.knowledge.subjects(DL.appliesToWork, None), key=str)
                if isinstance(r, URIRef))
    problems: list[str] = []
    explicit_guard(prepared, "shp:x", rule, "SELECT ?this WHERE { ?this a ?c }", problems)
    assert any("dl:appliesToWork" in p and "generated target" in p for p in problems), problems
