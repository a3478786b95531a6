"""Blind review 151 F1: a code's continuation section reaches every rule it does not exclude.

South Bristol § 73-21A(1) permits "Normal maintenance and repairs and incidental alteration
of a docking and mooring facility, building or structure containing a nonconformity", not
limited to a Tier or a kind of rule; only the dimensional rules carried the exceptions, so a
repaired nonconforming boathouse was cited under Tier 2's ban (§ 73-13D). For a code marking
its continuation exceptions (``dl:ContinuationException``), every checked requirement or
prohibition carries one, or says in data why not (``dl:notContinuedBecause``); and a rule
carrying one read on the structure itself carries every such one (the repair, the
incidental alteration, the restoration and their stated twins), not a subset.
"""

from __future__ import annotations

import pytest
from rdflib import RDF, URIRef

from docklaw import jurisdictions
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL, TRUE


def checked_rules() -> list[tuple[str, URIRef]]:
    prepared = get_prepared()
    g = prepared.knowledge
    out = []
    for jid in jurisdictions.ids():
        compiled = prepared.compiled(jid)
        rules = {compiled.shape_rule[s] for s in compiled.shapes}
        marked = {e for r in rules for e in g.objects(r, DL.exceptWhen)
                  if (e, RDF.type, DL.ContinuationException) in g}
        if not marked:
            continue
        out += [(jid, r) for r in sorted(rules, key=str)
                if g.value(r, DL.discretionary) != TRUE
                and {DL.Requirement, DL.Prohibition} & set(g.objects(r, RDF.type))]
    return out


def on_focus(exception: object) -> bool:
    g = get_prepared().knowledge
    return any(g.value(c, DL.of) == DL.Focus for c in g.objects(exception, DL.clause))


@pytest.mark.parametrize(("jid", "rule"), [
    pytest.param(j, r, id=str(r).split("/rule/", 1)[1]) for j, r in checked_rules()])
def test_every_rule_carries_the_continuation_or_says_why_not(jid: str, rule: URIRef) -> None:
    g = get_prepared().knowledge
    rules = {r for j, r in checked_rules() if j == jid}
    carried = {e for e in g.objects(rule, DL.exceptWhen)
               if (e, RDF.type, DL.ContinuationException) in g}
    why = g.value(rule, DL.notContinuedBecause)
    assert carried or why, (
        f"{rule} neither carries the continuation exceptions of its code nor says why not "
        "(dl:notContinuedBecause)")
    assert not (carried and why), f"{rule} carries the continuation and says why not"
    focus = {e for r in rules for e in g.objects(r, DL.exceptWhen)
             if (e, RDF.type, DL.ContinuationException) in g and on_focus(e)}
    if any(on_focus(e) for e in carried):
        missing = focus - carried
        assert not missing, f"{rule} carries only some of the structure's continuation exceptions"
