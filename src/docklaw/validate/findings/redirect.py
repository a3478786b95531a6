"""Ask each fact of the node it belongs to, and only where the thing it describes exists.

Why: a rule governing a whole and its parts asked the same fact of both (a Kings Point lift,
which the code's definition of "dock" includes, was asked the dock's railing height), asked a
dock the height of its railing when the railing is listed as a part, and asked about railings,
landings and lights the application says are not there (issue 25). The accounting
(``accounting.account``) decides each (rule, node); here, for one rule:

* facts about a kind of part the node does not have describe nothing (``law.components``):
  the rule is not applicable there, with the reason;
* a whole asked a fact its listed part of another kind answers (a railing listed as a part of
  the dock) is not asked: the part is (``decided_on_parts`` once the part states it);
* a part asked a fact its whole is asked for the same rule (the lift, a float) is not asked:
  the whole's answer decides it (``decided_on_whole``).

The node keeps its state ("needed": the rule is undecided until the other node answers) with
the reason; only the item of information needed goes, so each question is asked once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from rdflib import Graph, URIRef
from rdflib.term import Node

from docklaw.law.compile import REACH_OF_WHOLE, TargetSpec
from docklaw.law.components import Apart, Described, apart, described, stands_apart
from docklaw.law.components import absent as absent_facts
from docklaw.law.limits import Evaluator, MissingOperand, value_branches
from docklaw.law.prepare import Prepared
from docklaw.law.targets import AppFacts, self_and_containers, shares_applicability
from docklaw.law.units import curie
from docklaw.namespaces import DL, RDF, TRUE
from docklaw.validate.findings.cite import InfoNeeded
from docklaw.validate.values import node_name


class NodeStateLike(Protocol):
    focus_node: str
    state: str
    reason: str


def apart_of(prepared: Prepared) -> Apart:
    """What says a part stands apart from its whole (``components.apart``), read once per
    prepared law."""
    return prepared.law_memo("redirect.apart", lambda: apart(prepared.knowledge))


def described_parts(prepared: Prepared) -> dict[str, Described]:
    """What each fact describes (the vocabulary's dl:describesPart / dl:presenceFlag), read
    once per prepared law."""
    cached = getattr(prepared, "_described_parts", None)
    if cached is None:
        cached = described(prepared.ontology)
        object.__setattr__(prepared, "_described_parts", cached)
    return cached


def absent(data: Graph, facts: dict[str, Described], node: Node,
           missing: Iterable[str]) -> tuple[list[str], list[str]]:
    """(the facts still to ask of ``node``, why the others describe nothing there)."""
    return absent_facts(data, facts, node, list(missing))


#: (part, whole) -> the part answers for itself under one rule (``own_limit``)
OwnLimit = Callable[[Node, Node], bool]


def focus_operands(law: Graph, expr: Node | None) -> set[URIRef]:
    """The facts a limit expression reads of the checked node itself (``dl:of dl:Focus`` or
    ``dl:FocusOrWhole``), at any depth of the expression."""
    if expr is None:
        return set()
    found: set[URIRef] = set()
    prop = law.value(expr, DL.property)
    if isinstance(prop, URIRef) and law.value(expr, DL.of) in (DL.Focus, DL.FocusOrWhole):
        found.add(prop)
    for sub in value_branches(law, expr):
        found |= focus_operands(law, sub)
    return found


def own_limit(prepared: Prepared, data: Graph, rule_iri: Node | None) -> OwnLimit | None:
    """Whether a part answers for itself a rule its whole was decided on: the rule's limit
    reads a fact of the checked node (``dl:of dl:Focus`` or ``dl:FocusOrWhole``) that the part
    states of its own, so the part's limit is its own, and it is another than its whole's
    (North Hempstead § 42-9A(2): a float stating its own distance to navigable depth, nearer
    than the one its dock states, is not within its limit because the dock is within the
    dock's). The whole still decides a part's reach (``REACH_OF_WHOLE``: a part reaches no
    farther than its whole) held to a maximum that the whole's reach is within. None: the
    rule's limit reads nothing of the checked node."""
    if rule_iri is None:
        return None
    law = prepared.knowledge
    expression = law.value(rule_iri, DL.limitExpression)
    props = focus_operands(law, expression)
    if expression is None or not props:
        return None
    constrained = law.value(rule_iri, DL.constrains)
    comparison = law.value(rule_iri, DL.comparison)

    def answers_itself(part: Node, whole: Node) -> bool:
        if not any((part, p, None) in data for p in props):
            return False
        evaluator = Evaluator(law, data, prepared.units)
        try:
            mine = evaluator.evaluate(expression, part)
            if mine == evaluator.evaluate(expression, whole):
                return False
            if constrained in REACH_OF_WHOLE and comparison in (DL.AtMost, DL.LessThan):
                reach = evaluator.number_of(constrained, DL.Focus, whole)
                return not (reach <= mine if comparison == DL.AtMost else reach < mine)
        except (MissingOperand, ValueError):
            return True  # undecided on its own: asked of it
        return True

    return answers_itself


def items_of(needed: list[InfoNeeded], rule: str, shape: str) -> dict[str, list[InfoNeeded]]:
    """focus node -> the items of information needed this rule (shape) made for it."""
    out: dict[str, list[InfoNeeded]] = {}
    for item in needed:
        if item.rule == rule or item.shape == shape:
            out.setdefault(item.focus_node, []).append(item)
    return out


def facts_asked(items: list[InfoNeeded]) -> list[str]:
    """The facts the items ask ([] when one of them names none: nothing can be settled)."""
    if any(not i.facts for i in items):
        return []
    return list(dict.fromkeys(f for i in items for f in i.facts))


def keep_only(items: list[InfoNeeded], facts: list[str]) -> None:
    """Narrow each item to the facts still asked (the others describe absent parts)."""
    for item in items:
        kept = tuple(f for f in item.facts if f in facts)
        if kept != item.facts and kept:
            item.facts = kept
            if item.purpose:
                verb = "is" if len(kept) == 1 else "are"
                item.message = f"{' and '.join(kept)} {verb} not stated: needed to {item.purpose}"


def component_parts(data: Graph, node: Node, focus: set[Node],
                    spec: TargetSpec | None) -> list[Node]:
    """Parts of ``node`` (at any depth) that are focus nodes of the rule through a class the
    rule governs and ``node`` is not (the railing of a dock, the mooring pile of a dock)."""
    if spec is None:
        return []
    whole_types = set(data.objects(node, RDF.type))
    out: list[Node] = []
    stack = list(data.objects(node, DL.hasPart))
    seen: set[Node] = set()
    while stack:
        part = stack.pop()
        if part in seen:
            continue
        seen.add(part)
        stack.extend(data.objects(part, DL.hasPart))
        own = (set(data.objects(part, RDF.type)) & spec.governs) - whole_types
        if part in focus and own:
            out.append(part)
    return sorted(out, key=str)


def asked_elsewhere(data: Graph, nodes: list[NodeStateLike], focus: set[Node],
                    items: dict[str, list[InfoNeeded]], spec: TargetSpec | None,
                    apart: Apart | None = None) -> set[int]:
    """The items (by id) of one rule asked of a node whose answer is another node's; their
    nodes' reasons say which."""
    by_name = {n.focus_node: n for n in nodes}
    term = {node_name(t): t for t in focus}
    asked = {name for name, n in by_name.items()
             if n.state == "needed" and items.get(name) and name in term}
    drop: set[int] = set()
    # a whole asked what its listed component answers (not where the whole's own drawing
    # leaves the value between two readings: the part's value is one of them; fix-sb6, a
    # platform drawn beside a main walkway part from the mark was decided on the part)
    bounded = {(f, str(r)) for b in data.subjects(RDF.type, DL.UpperBoundTotal)
               for f in data.objects(b, DL.focus) for r in data.objects(b, DL.openRule)}
    for name in sorted(asked):
        state = by_name[name]
        if any((term[name], i.rule) in bounded for i in items[name]):
            continue
        for part in component_parts(data, term[name], focus, spec):
            other = by_name.get(node_name(part))
            if other is None:
                continue
            if other.state == "needed" and items.get(other.focus_node):
                state.reason = f"asked of its part {short(part)}"
            elif other.state in ("violates", "flagged", "conforms"):
                state.state = "conforms"
                state.reason = f"decided on its part {short(part)}"
            else:
                continue
            drop.update(id(i) for i in items[name])
            break
    # a part asked what its whole is asked (the whole's answer decides it)
    for name in sorted(asked):
        state = by_name[name]
        if state.state != "needed" or any(id(i) in drop for i in items[name]):
            continue
        node = term[name]
        if apart is not None and stands_apart(data, node, facts_asked(items[name]), apart):
            continue  # it stands apart from its whole by its class: asked itself
        for whole in sorted(self_and_containers(data, node) - {node}, key=str):
            other = by_name.get(node_name(whole))
            if whole not in focus or other is None or other.focus_node not in asked:
                continue
            if node in component_parts(data, whole, focus, spec):
                continue  # a component of the whole: asked itself (above)
            state.reason = f"asked of {short(whole)}, the structure it is a part of"
            drop.update(id(i) for i in items[name])
            break
    return drop


def own_construction_asked(graph: Graph, node: Node, spec: TargetSpec) -> bool:
    """A portion stating work of its own and no construction, under a rule that reads a
    worked part's own construction (dl:workOfPartsByConstruction): it is not read as built as
    its whole, so its whole does not answer its construction (a new finger on a seasonal dock
    may be permanent, Keuka § 160-124D)."""
    return (spec.work_of_parts_by_construction and (node, DL.workKind, None) in graph
            and (node, DL.construction, None) not in graph)


#: A whole's states that decide what its portion does not state.
DECIDED = ("violates", "flagged", "conforms", "not-applicable")


def asked_of_whole(nodes: list[NodeStateLike], named: dict[str, Node],
                   items: dict[str, list[InfoNeeded]], spec: TargetSpec | None,
                   facts: AppFacts) -> set[int]:
    """The items (by id) of one rule asked of a portion (dl:portionOf: a main walkway or
    finger of a dock) that the rule reaches only as its whole stated as a part: what the
    portion does not state is its whole's, so the whole answers it. A fact the portion states
    is checked on it; a missing one is not asked again there (the whole is asked it, or has
    decided it). The portion's state follows: decided where the whole is, else still needed,
    "asked of" the whole. A portion whose whole the rule does not reach keeps its items, and
    so does one stating a fact deciding whether the rule applies that its whole does not share
    (``targets.shares_applicability``: a finger stated permanent on a seasonal dock, under a
    rule reading a worked part's own construction, Keuka § 160-124D; blind review 66, its
    building permit unstated, it was "decided on dock", which the rule does not reach)."""
    if spec is None or not spec.portions:
        return set()
    by_name = {n.focus_node: n for n in nodes}
    drop: set[int] = set()
    for state in nodes:
        node = named.get(state.focus_node)
        if state.state != "needed" or node is None or not facts.types(node).isdisjoint(
                spec.governs) or not facts.reaches(node, spec):
            continue
        if own_construction_asked(facts.graph, node, spec):
            continue  # its construction is its own: no whole answers it
        wholes = [w for w in sorted(facts.containers(node), key=str)
                  if not facts.types(w).isdisjoint(spec.governs)
                  and node_name(w) in by_name]
        if not wholes:
            continue
        if not all(shares_applicability(facts.graph, node, w, spec, facts) for w in wholes):
            continue  # it states what reaches it apart from its whole: asked, decided itself
        others = [by_name[node_name(w)] for w in wholes]
        names = ", ".join(short(w) for w in wholes)
        if all(o.state in DECIDED for o in others):
            state.state = "conforms"
            state.reason = f"decided on {names}, the structure it is a portion of"
        else:
            state.reason = f"asked of {names}, the structure it is a portion of"
        drop.update(id(i) for i in items.get(state.focus_node, []))
    return drop


#: A whole's states that decide the rule on it (it applied and was decided).
APPLIED = ("violates", "flagged", "conforms")


def decided_by_whole(data: Graph, nodes: list[NodeStateLike], named: dict[str, Node],
                     items: dict[str, list[InfoNeeded]], spec: TargetSpec | None,
                     facts: AppFacts, class_read: bool = False,
                     apart: Apart | None = None, answers: OwnLimit | None = None,
                     bounded: dict[str, URIRef] | None = None) -> set[int]:
    """The items (by id) of one rule asked of a part (a float, a main walkway, a station
    listed as a dock's part) that the rule reaches because its class is also governed, and
    that states none of the facts the rule reads, where a structure it is a part of is a
    node of the same rule, of the same governed classes, and decided there. The part is that
    whole stated as a part: a float listed on a dock is not a second dock, asked again what
    the dock answers (its length, its depth at the limit line, whether it is an additional
    dock). A whole the rule does not apply to decides the part only where the part states no
    fact deciding whether the rule applies (kind of work, construction, a condition's fact)
    that the whole does not share (``targets.shares_applicability``). A rule whose test
    reads the class (``class_read``: a sundeck on a boat station is of a kind § 160-122H does
    not permit, whatever the station is) decides each part on its own, and so does a limit
    the part states a fact of its own for (``own_limit``).

    A part of another governed kind (a lift listed on a dock) answers for itself, except for
    a fact its whole's stated value bounds toward the rule's limit (``bounded``: a distance to
    a line measured to the structure's nearest part, dl:nearestOfParts, under a minimum): a
    whole meeting the rule on its own stated figure has every part at least that far, so the
    part is decided there too. A whole breaking it bounds nothing (the part's figure is only
    known to be at least the whole's): the part stays asked. Why: a lift listed on a dock
    stated 36 ft from the side line was asked its own setback under North Hempstead
    § 42-9B(9)'s 15 ft (blind review 118 F2)."""
    if spec is None or class_read:
        return set()
    by_name = {n.focus_node: n for n in nodes}
    drop: set[int] = set()
    for state in nodes:
        node = named.get(state.focus_node)
        if state.state != "needed" or node is None or not items.get(state.focus_node):
            continue
        if any(True for p in spec.reads for _v in data.objects(node, p)) or any(
                True for p in spec.read_by for _v in data.subjects(p, node)):
            continue  # it states a fact the rule reads: checked (and asked) on it
        own = facts.types(node) & spec.governs
        if spec.counts_own(facts.types(node)):
            continue  # a fact each member has of its own (dl:ownCount): asked of it
        asked = facts_asked(items[state.focus_node])
        if apart is not None and stands_apart(data, node, asked, apart):
            continue  # it stands apart from its whole by its class: asked itself
        for whole in sorted(facts.containers(node), key=str):
            other = by_name.get(node_name(whole))
            if other is None or not own:
                continue
            kind = own <= facts.types(whole)
            if not kind and not bounded_by_whole(data, whole, other.state, asked,
                                                 bounded or {}):
                continue  # a component of another governed kind answers for itself
            if answers is not None and answers(node, whole):
                continue  # its limit is its own (it states the fact the limit reads)
            if other.state not in APPLIED and not (
                    other.state == "not-applicable"
                    and shares_applicability(data, node, whole, spec, facts)):
                continue
            state.state = "conforms"
            state.reason = f"decided on {short(whole)}, the structure it is a part of" + (
                "" if kind else f": no part is nearer than {short(whole)}'s stated "
                f"{', '.join(asked)}, which meets the rule")
            drop.update(id(i) for i in items[state.focus_node])
            break
    return drop


def bounded_by_whole(data: Graph, whole: Node, state: str, asked: list[str],
                     bounded: dict[str, URIRef]) -> bool:
    """Every fact asked of a part is one its whole's stated value bounds toward the rule's
    limit (``bounded``), the whole states it and meets the rule: the part meets it too."""
    return state == "conforms" and bool(asked) and all(
        f in bounded and (whole, bounded[f], None) in data for f in asked)


def whole_bounds(prepared: Prepared, rule: Node | None) -> dict[str, URIRef]:
    """The facts of ``rule`` a whole's stated value bounds for each of its parts toward the
    rule's limit: a property measured to the structure's nearest part (dl:nearestOfParts: a
    whole is no farther from the line than its nearest part, so each part is at least as far
    as the whole) that the rule holds to a minimum."""
    def read() -> dict[URIRef, dict[str, URIRef]]:
        law, vocabulary = prepared.knowledge, prepared.ontology
        nearest = {p for p in vocabulary.subjects(DL.nearestOfParts, TRUE)
                   if isinstance(p, URIRef)}
        out: dict[URIRef, dict[str, URIRef]] = {}
        for iri, info in prepared.rules.items():
            if law.value(iri, DL.comparison) in (DL.AtLeast, DL.MoreThan):
                found = {curie(p): p for p in info.constrains if p in nearest}
                if found:
                    out[iri] = found
        return out
    table = prepared.law_memo("redirect.whole_bounds", read)
    return table.get(rule, {}) if isinstance(rule, URIRef) else {}


def measured_at_seaward_end(prepared: Prepared, rule_iri: Node | None) -> bool:
    """The rule measures its value at the seaward terminus of the structure
    (dl:measuredAtSeawardEnd: Kings Point Standards D(1) "the seaward terminus of a dock shall
    not extend to within a distance of 50 feet of any ... channel"); the rules so marked read
    once per law (asked of every rule on every validation)."""
    marked = prepared.law_memo("redirect.measured_at_seaward_end", lambda: frozenset(
        r for r, v in prepared.knowledge.subject_objects(DL.measuredAtSeawardEnd)
        if v == TRUE))
    return rule_iri is not None and rule_iri in marked


def decided_at_seaward_end(data: Graph, node: Node, focus: set[Node],
                           constrained: Iterable[URIRef], decided: Callable[[Node], bool],
                           breaks: Callable[[Node], bool]) -> Node | None:
    """The part of ``node`` stated at its seaward end (dl:atSeawardEnd true, a direct part)
    that decides, for ``node``, a rule measured at the seaward terminus
    (``measured_at_seaward_end``): a focus of the same rule that states the value the rule
    constrains and is decided on it. One that breaks the rule decides it whatever the others
    state (the terminus is within the limit); otherwise every part stated at the seaward end
    must be decided (the terminus may be any of them). None where no part is stated at the
    seaward end (the terminus is not known: the whole is asked) or the parts leave it open.

    Why: a T-head float stated at the dock's seaward end, 45 feet from a channel, was cited
    under Kings Point Standards D(1) and the dock was asked its distance to the channel as
    well (review 59)."""
    props = tuple(constrained)
    ends = sorted((p for p in data.objects(node, DL.hasPart)
                   if data.value(p, DL.atSeawardEnd) == TRUE), key=str)
    answered = [p for p in ends if p in focus and any((p, c, None) in data for c in props)
                and decided(p)]
    for part in answered:
        if breaks(part):
            return part
    return answered[0] if answered and len(answered) == len(ends) else None


def short(node: Node) -> str:
    text = str(node)
    return text.rsplit("#", 1)[-1] if "#" in text else text
