"""An exception is asked about only where the rule it excepts is engaged.

Why: North Hempstead § 42-9A(3) forbids structures within 50 feet of a channel "except where a
legally existing marine commercial use ... can establish ... that such structures ... existed
in their present form as of October 1, 1991". For a dock 300 feet from any channel the
exception is moot, yet its finding (``dl:exceptionTo`` the distance rule) asked for the date
the structures existed. Here a rule that is ``dl:exceptionTo`` another is set aside on every
node where the accounting found the excepted rule checked and met ("conforms"): its questions
and findings there are dropped and its state says why. Where the excepted rule is violated,
needed, or set aside by an exception of its own, the exception still stands.
"""

from __future__ import annotations

from rdflib import Graph

from docklaw.law.prepare import Prepared
from docklaw.law.units import curie
from docklaw.namespaces import DL
from docklaw.validate.findings.accounting import STATES, RuleState
from docklaw.validate.findings.cite import InfoNeeded, Result, derived_basis
from docklaw.validate.values import node_of


def met_on(states: list[RuleState], rule: str) -> set[str]:
    """The nodes on which every shape of ``rule`` was checked and met."""
    seen: dict[str, bool] = {}
    for state in states:
        if state.rule != rule:
            continue
        for node in state.nodes:
            seen[node.focus_node] = seen.get(node.focus_node, True) and node.state == "conforms"
    return {name for name, met in seen.items() if met}


def askers(item: InfoNeeded, derived: Graph) -> set[str]:
    """The rules an item asks for: its own, or (a fact deciding whether rules apply, asked
    once for all of them) every rule whose condition on that fact is unknown on the node."""
    if item.rule:
        return {item.rule}
    node = node_of(item.focus_node)
    out = set()
    for note in derived.objects(node, DL.conditionUnknown):
        prop = derived.value(note, DL.property)
        basis = derived_basis(derived, node, prop)  # a derived flag is asked as its basis
        if curie(prop) in item.facts or (basis is not None and curie(basis) in item.facts):
            out.add(str(derived.value(note, DL.rule)))
    return out


def exceptions_to(prepared: Prepared) -> dict[str, tuple[str, ...]]:
    """rule -> the rules it is dl:exceptionTo (sorted), for every rule: read once per law."""
    def read() -> dict[str, tuple[str, ...]]:
        law = prepared.knowledge
        out: dict[str, set[str]] = {}
        for rule, excepted in law.subject_objects(DL.exceptionTo):
            out.setdefault(str(rule), set()).add(str(excepted))
        return {rule: tuple(sorted(found)) for rule, found in out.items()}
    return prepared.law_memo("moot.exceptions_to", read)


def set_aside_moot_exceptions(states: list[RuleState], results: list[Result],
                              needed: list[InfoNeeded], derived: Graph,
                              prepared: Prepared) -> None:
    """Set aside (in place) each exception on the nodes where the rule it excepts is met."""
    excepts = exceptions_to(prepared)
    moot: set[tuple[str, str]] = set()
    for state in states:
        excepted = excepts.get(state.rule, ())
        if not excepted or not state.nodes:
            continue
        met = set.intersection(*(met_on(states, r) for r in excepted))
        names = ", ".join(r.rsplit("/", 1)[-1] for r in excepted)
        changed = False
        for node in state.nodes:
            if node.focus_node in met and node.state != "not-applicable":
                node.state = "not-applicable"
                node.reason = (f"the rule it is an exception to is met ({names}): "
                               "no exception is needed")
                moot.add((state.rule, node.focus_node))
                changed = True
        if changed:
            state.state = min((n.state for n in state.nodes), key=STATES.index)
            state.reason = "; ".join(sorted({n.reason for n in state.nodes
                                             if n.state == state.state and n.reason}))
    if moot:
        results[:] = [r for r in results if (r.rule, r.focus_node) not in moot]
        needed[:] = [n for n in needed
                     if not (rules := askers(n, derived))
                     or not all((r, n.focus_node) in moot for r in rules)]
