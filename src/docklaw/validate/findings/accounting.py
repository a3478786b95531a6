"""The report's own accounting: for every rule of the code, what became of it.

Why: "conforms" is only true when every rule that applies to something in the application was
decided. A reviewer (and the tests) must be able to see, rule by rule, whether it was decided
(conforms / violates / flagged for the Board), did not apply (and why: work kind, land use,
Tier ...) or could not be decided (information needed, naming the facts). Rules whose shape
stays silent because a fact is unstated are found here and turned into "information needed".
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from rdflib import Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.law.compile import CompiledShapes, TargetSpec, focus_marker
from docklaw.law.components import Apart, stands_apart
from docklaw.law.decide import (
    alone,
    count_undecided,
    not_claimed,
    parts_read,
    parts_without,
    path_label,
    reads_parts,
    through_parts,
    undecided_paths,
    values_at,
)
from docklaw.law.prepare import Prepared, RuleInfo
from docklaw.law.targets import (
    AppFacts,
    guard_state,
    parcel_matches,
    part_closure,
    reachable,
    self_and_containers,
)
from docklaw.law.units import curie, to_decimal
from docklaw.namespaces import DL, RDF, RDFS, SH, TRUE
from docklaw.validate.derivation.applicability import exemption_notes
from docklaw.validate.derivation.defined import closed_for
from docklaw.validate.derivation.derive import reads_class
from docklaw.validate.findings.cite import (
    FACT_NAMES,
    STATED_OPEN,
    InfoNeeded,
    Result,
    needed_message,
    purpose_of,
    section_fields,
)
from docklaw.validate.findings.redirect import (
    OwnLimit,
    absent,
    apart_of,
    asked_elsewhere,
    asked_of_whole,
    decided_at_seaward_end,
    decided_by_whole,
    described_parts,
    facts_asked,
    items_of,
    keep_only,
    measured_at_seaward_end,
    own_limit,
    short,
    whole_bounds,
)
from docklaw.validate.findings.relief import NO_BASIS
from docklaw.validate.intake.admit import find_application
from docklaw.validate.values import node_name

#: Rule states, worst first (a rule's state is the worst over the nodes it was checked on).
#: "unchecked" is a Warning/Info finding whose facts are not stated: it cannot change the
#: verdict (the Board decides it case by case), but it was not evaluated, so it is not "conforms".
STATES = ("violates", "needed", "flagged", "unchecked", "conforms", "not-applicable")


@dataclass
class NodeState:
    focus_node: str
    state: str
    reason: str = ""


@dataclass
class RuleState:
    """One rule (one shape) of the code and what became of it in this application."""

    rule: str
    shape: str
    section: str | None
    section_iri: str | None
    severity: str
    state: str
    reason: str = ""
    nodes: list[NodeState] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"rule": self.rule, "shape": self.shape, "section": self.section,
                                  "section_iri": self.section_iri, "severity": self.severity,
                                  "state": self.state}
        if self.reason:
            out["reason"] = self.reason
        if self.nodes:
            out["nodes"] = [{"focus_node": n.focus_node, "state": n.state}
                            | ({"reason": n.reason} if n.reason else {}) for n in self.nodes]
        return out


SEVERITY_NAMES = {SH.Violation: "Violation", SH.Warning: "Warning", SH.Info: "Info"}


def account(derived: Graph, prepared: Prepared, jid: str, results: list[Result],
            needed: list[InfoNeeded]) -> list[RuleState]:
    """Every rule's state; appends to ``needed`` the rules silently undecided for want of a
    stated fact (a value constraint on a property the application never gives)."""
    compiled = prepared.compiled(jid)
    app, _jid = find_application(derived)
    exempt = exemption_notes(derived)
    fired: dict[tuple[str, str], str] = {}
    for r in results:
        if r.shape is None:
            continue
        key = (r.shape, r.focus_node)
        if r.severity == "Violation" or key not in fired:
            fired[key] = "violates" if r.severity == "Violation" else "flagged"
    asked = {(n.rule, n.focus_node) for n in needed if n.rule}
    asked |= {(n.shape, n.focus_node) for n in needed if n.shape}
    for prop in (DL.limitOperandMissing, DL.conditionUnknown):
        for node, note in derived.subject_objects(prop):
            rule = derived.value(note, DL.rule)
            if rule is not None:
                asked.add((str(rule), node_name(node)))
    facts = AppFacts(derived)
    described_facts = described_parts(prepared)
    apart = apart_of(prepared)
    drop: set[int] = set()  # items asked of another node (its whole, its part) or of nothing
    candidates = reachable(derived, app)
    ordered = sorted(candidates, key=str)  # (each rule's non-focus candidates, in this order)
    names = {n: node_name(n) for n in ordered}
    by_name = {name: n for n, name in names.items()}
    held_regardless = set(derived.subject_objects(DL.holdsRegardless))
    asked_rules = {rule for rule, _name in asked}
    held_rules = {rule for _node, rule in held_regardless}
    if not exempt:  # outside the code: nothing needed
        needed.extend(unlinked_structures(derived, app, candidates))
    out: list[RuleState] = []
    for shape in rule_shapes(prepared, jid):
        top, rule_iri, rule = shape.top, shape.rule_iri, shape.rule
        section, section_iri, severity = shape.section, shape.section_iri, shape.severity
        state = RuleState(shape.rule_name, shape.shape_name, section, section_iri, severity,
                          "not-applicable")
        out.append(state)
        if exempt:
            state.reason = "the application is outside the code (exemption)"
            continue
        focus = sorted(set(derived.subjects(RDF.type, shape.marker)), key=str)
        focus_set = set(focus)
        spec_of = shape.spec
        items = items_of(needed, shape.rule_name, shape.shape_name)
        answers = own_limit(prepared, derived, rule_iri) if focus else None
        at_end = measured_at_seaward_end(prepared, rule_iri)
        for node in focus:
            name = node_name(node)
            if (str(top), name) in fired:
                state.nodes.append(NodeState(name, fired[(str(top), name)]))
            elif (str(rule_iri), name) in asked or (str(top), name) in asked:
                own = items.get(name, [])
                ask, reasons = absent(derived, described_facts, node, facts_asked(own))
                if own and not ask and reasons:  # asks only about parts it does not have
                    drop.update(id(i) for i in own)
                    state.nodes.append(NodeState(name, "not-applicable", "; ".join(reasons)))
                else:
                    if reasons:  # some of the facts describe parts it does not have
                        keep_only(own, ask)
                    state.nodes.append(NodeState(name, "needed"))
            elif shape.several is not None and alone(compiled.graph, derived, top) and not \
                    values_at(derived, compiled.graph, shape.path, node):
                state.nodes.append(NodeState(name, "not-applicable", "the parcel has one: "
                                             + curie(shape.several) + " is 1"))
            elif shape.not_claimed and not values_at(
                    derived, compiled.graph, shape.path, node):
                state.nodes.append(NodeState(name, "not-applicable", "not claimed: "
                                             + path_label(compiled.graph, shape.path)
                                             + " is not stated"))
            elif (path := shape.path) is not None and through_parts(
                    compiled.graph, derived, path, node, parts_read(compiled.graph, top)):
                state.nodes.append(NodeState(name, "not-applicable", "it lists no parts: the "
                                             "rule reads its parts, and the parts listed are "
                                             "all there are"))
            elif at_end and undecided_paths(compiled.graph, derived, top, node) and (
                    end := decided_at_seaward_end(
                        derived, node, focus_set, rule.constrains if rule else (),
                        lambda p, t=top: undecided_paths(compiled.graph, derived, t, p) is None,
                        lambda p, t=top: fired.get((str(t), node_name(p))) == "violates")
                    ) is not None:
                state.nodes.append(NodeState(name, "conforms", f"decided on its part "
                                             f"{short(end)}, stated at its seaward end (the "
                                             "rule measures at the seaward terminus)"))
            elif (missing := undecided_paths(compiled.graph, derived, top, node)) and not (
                    decided_on_whole(compiled.graph, derived, top, node, focus_set, missing,
                                     apart, spec_of, answers, rule_iri)) and not (
                    decided_on_parts(compiled.graph, derived, top, node, focus_set, spec_of)):
                ask, reasons = absent(derived, described_facts, node, missing)
                if not ask:
                    state.nodes.append(NodeState(name, "not-applicable", "; ".join(reasons)))
                elif severity == "Violation":
                    state.nodes.append(NodeState(name, "needed", " and ".join(ask)))
                    path = shape.path
                    # a fact the rule reads on the node's parts is asked of those parts
                    askees = [node_name(p) for p in parts_without(
                        compiled.graph, derived, path, node, parts_read(compiled.graph, top))
                              ] if path is not None else []
                    for askee in askees or [name]:
                        item = InfoNeeded(section, section_iri, askee,
                                          needed_message(ask, rule, section), str(rule_iri),
                                          str(top), facts=tuple(ask),
                                          purpose=purpose_of(rule, section))
                        needed.append(item)
                        items.setdefault(name, []).append(item)
                    if askees:
                        state.nodes[-1].reason = (" and ".join(ask) + ", asked of its parts "
                                                  + ", ".join(short(a) for a in askees))
                else:
                    state.nodes.append(NodeState(name, "unchecked", " and ".join(ask)))
            elif maybe := [m for m in count_undecided(compiled.graph, derived, top, node,
                                                      count_broader(prepared, compiled.graph, top))
                           if not closed_for(prepared, jid, counted_classes(
                               prepared, compiled.graph, top),
                               frozenset(derived.objects(m, RDF.type)))]:
                # a structure of a generic class may be one more of those counted
                reason = (", ".join(short(m) for m in maybe) + " may be one of those counted: "
                          "a narrower class is needed")
                if severity != "Violation":
                    state.nodes.append(NodeState(name, "unchecked", reason))
                    continue
                state.nodes.append(NodeState(name, "needed", reason))
                for member in maybe:
                    item = InfoNeeded(section, section_iri, node_name(member),
                                      f"{FACT_NAMES[RDF.type]} is needed to "
                                      f"{purpose_of(rule, section)}: {short(member)} may be "
                                      "one of those it counts", str(rule_iri), str(top),
                                      facts=("rdf:type",), purpose=purpose_of(rule, section))
                    needed.append(item)
                    items.setdefault(name, []).append(item)
            elif undecided := open_members(derived, rule_iri, node) or may_join_count(
                    prepared, jid, compiled.graph, derived, top, node):
                # a structure whose class turns on an unstated fact may take the count over;
                # a value the drawing gives only within bounds may be over the limit (an
                # entry's own words say why: geometry.output.upper_bound)
                why = {m: own_reason(derived, rule_iri, node, m) for m, _d in undecided}
                reason = "; ".join(why[m] or (f"{short(m)} may be one of those counted: "
                                              + " or ".join(deciding) + " not stated")
                                   for m, deciding in undecided)
                if severity != "Violation":
                    state.nodes.append(NodeState(name, "unchecked", reason))
                    continue
                state.nodes.append(NodeState(name, "needed", reason))
                for member, deciding in undecided:
                    said = (f"{' and '.join(deciding)} {STATED_OPEN}: needed "
                            f"to {purpose_of(rule, section)}"
                            if states_open(derived, rule_iri, node, member) else
                            needed_message(deciding, rule, section))
                    item = InfoNeeded(section, section_iri, node_name(member),
                                      said
                                      + (f": {why[member]}" if why[member] else
                                         f": {short(member)} may be one of those it counts "
                                         "(its class turns on it)"), str(rule_iri), str(top),
                                      facts=tuple(deciding), purpose=purpose_of(rule, section))
                    needed.append(item)
                    items.setdefault(name, []).append(item)
            else:
                state.nodes.append(NodeState(name, "conforms"))
        if state.nodes:  # (nothing to redirect among no nodes)
            drop.update(asked_elsewhere(derived, state.nodes, focus_set, items, spec_of, apart))
        spec = shape.spec
        if spec is not None:
            rule_text = str(rule_iri)
            none_reached = facts.none_reached(candidates, spec)
            # (no candidate of its classes, none asked, none held: nothing to list)
            if not none_reached or rule_text in asked_rules or rule_iri in held_rules:
                list_non_focus(state, ordered, focus_set, names, rule_iri, rule_text, asked,
                               held_regardless, none_reached, spec, derived, app, facts)
        else:  # a hand-written target: its guard's unstated parcel fact (targets.open_focus)
            focus_names = {node_name(n) for n in focus}
            held = {node_name(n) for n, r in held_regardless if r == rule_iri}
            open_ = {name for rule_text, name in asked if rule_text == str(rule_iri)}
            for name in sorted((held | open_) - focus_names):
                if name in held:
                    state.nodes.append(NodeState(name, "conforms", "holds whether or not it "
                                                 "applies (a deciding fact is unstated)"))
                else:
                    state.nodes.append(NodeState(name, "needed", "a fact deciding whether it "
                                                 "applies is not stated"))
        if state.nodes:  # (nothing to redirect among no nodes)
            named = by_name if focus_set <= candidates else {
                **by_name, **{node_name(n): n for n in focus_set - candidates}}
            drop.update(asked_of_whole(state.nodes, named, items, spec, facts))
            drop.update(decided_by_whole(derived, state.nodes, named, items, spec, facts,
                                         shape.reads_class, apart, answers,
                                         whole_bounds(prepared, rule_iri)))
        if not state.nodes:
            guard = compiled.guards.get(top)  # a hand-written target: the condition ruled out
            state.reason = why_not(derived, app, app, guard, facts) if guard is not None and (
                guard_state(derived, app, guard, facts)[0] is False) else shape.not_present
        else:
            state.state = min((n.state for n in state.nodes), key=STATES.index)
            reasons = sorted({n.reason for n in state.nodes
                              if n.state == state.state and n.reason})
            state.reason = "; ".join(reasons)
    needed[:] = [n for n in needed if id(n) not in drop]
    return out


def open_members(derived: Graph, rule_iri: Node, node: Node) -> list[tuple[Node, list[str]]]:
    """(structure, the facts deciding its class) for each structure that may add to a total of
    ``node`` which ``rule_iri`` holds as read and fails with them (dl:openRule on a
    dl:UpperBoundTotal, pipeline.opened)."""
    out: list[tuple[Node, list[str]]] = []
    for note in sorted(derived.subjects(DL.openRule, rule_iri), key=str):
        if derived.value(note, DL.focus) != node:
            continue
        for entry in sorted(derived.objects(note, DL.undecidedMember), key=str):
            member = derived.value(entry, DL.focus)
            facts = sorted(curie(f) for f in derived.objects(entry, DL.property)
                           if isinstance(f, URIRef))
            if member is not None and facts and all(member != m for m, _f in out):
                out.append((member, facts))
    return sorted(out, key=lambda mf: str(mf[0]))  # (the entries are blank nodes: not by them)


def own_reason(derived: Graph, rule_iri: Node, node: Node, member: Node) -> str | None:
    """The words an open bound's entry for ``member`` gives of itself (a value the drawing
    gives only within bounds, geometry.output.upper_bound), else None."""
    for note in sorted(derived.subjects(DL.openRule, rule_iri), key=str):
        if derived.value(note, DL.focus) != node:
            continue
        for entry in derived.objects(note, DL.undecidedMember):
            text = derived.value(entry, RDFS.comment)
            if derived.value(entry, DL.focus) == member and text is not None:
                return str(text)
    return None


def states_open(derived: Graph, rule_iri: Node, node: Node, member: Node) -> bool:
    """Whether ``member`` states every fact an open bound's entry asks of it (a structure's
    stated figure that may or may not include its parts', totals.parts_open): the question is
    then what the stated value means, not the value. A fact whose statements a
    ``dl:Discrepancy`` on ``member`` holds (two figures of one fact, read between them:
    samefact.disagreeing, mutual.disagreeing) is stated too: the question is which is right."""
    held = {derived.value(d, DL.property) for d in derived.subjects(DL.focus, member)
            if ((d, RDF.type, DL.Discrepancy) in derived
                and (d, DL.declaredValue, None) in derived)
            or (d, DL.statedTotal, None) in derived}  # (a stated total not read as stated)
    for note in sorted(derived.subjects(DL.openRule, rule_iri), key=str):
        if derived.value(note, DL.focus) != node:
            continue
        for entry in derived.objects(note, DL.undecidedMember):
            props = list(derived.objects(entry, DL.property))
            if derived.value(entry, DL.focus) == member and props and all(
                    prop in held or any(derived.value(v, DL.derived) != TRUE
                                        for v in derived.objects(member, prop))
                    for prop in props):
                return True
    return False


def may_join_count(prepared: Prepared, jid: str, shapes: Graph, derived: Graph, top: Node,
                   node: Node) -> list[tuple[Node, list[str]]]:
    """(structure, the facts deciding its class) for each structure a sh:qualifiedMaxCount
    count would take over its maximum were it of the class counted by one of the code's
    definitions whose deciding fact it does not state (review 52: a permanent lift whose roof
    is unstated, beside the one boat station South Bristol § 73-8B(3) allows, may be a second
    station: a roofed permanent lift is one). The counterpart of the derived counts'
    ``pipeline.opened``."""
    from docklaw.law.decide import Reader, count_over
    from docklaw.validate.derivation.defined import may_become

    def may_be(reader: Reader, value: Node, kinds: list[Node]) -> list[str] | None:
        classes = tuple(sorted({c for k in kinds for c in shapes.objects(k, SH["class"])
                                if isinstance(c, URIRef)}, key=str))
        facts = may_become(derived, prepared, jid, value, classes)
        if facts and any(reader.holds_but_class(k, value) for k in kinds):
            return sorted(curie(f) for f in facts)
        return None

    found = count_over(shapes, derived, top, node, may_be)
    return sorted(((v, list(f)) for v, f in found if isinstance(f, list)),
                  key=lambda vf: str(vf[0]))


def count_broader(prepared: Prepared, shapes: Graph, top: Node) -> frozenset[URIRef]:
    """The classes broader than the one a sh:qualifiedMaxCount shape counts (none for other
    shapes): a structure stated only with them may be counted (``decide.count_undecided``)."""
    def compute() -> frozenset[URIRef]:
        from docklaw.law.compile import broader_classes

        classes = frozenset(counted_classes(prepared, shapes, top))
        return broader_classes(prepared, classes) if classes else frozenset()

    return prepared.memo(("count-broader", str(top)), compute)


def counted_classes(prepared: Prepared, shapes: Graph, top: Node) -> tuple[URIRef, ...]:
    """The classes a sh:qualifiedMaxCount shape counts (none for other shapes). A structure
    that may be of one only by meeting a definition of the code (``defined.closed_for``: a
    boathouse is a Kings Point dock where it stands waterside) is not asked its class: the
    facts of the definition are asked where they may take the count over (``may_join_count``),
    and nothing where what it states rules the definition out."""
    def compute() -> tuple[URIRef, ...]:
        qualified = shapes.value(top, SH.qualifiedValueShape)
        if qualified is None or shapes.value(top, SH.qualifiedMaxCount) is None:
            return ()
        from docklaw.law.decide import counted_kinds

        return tuple(sorted({c for kind in counted_kinds(shapes, qualified)
                             for c in shapes.objects(kind, SH["class"])
                             if isinstance(c, URIRef)}, key=str))

    return prepared.memo(("counted-classes", str(top)), compute)  # type: ignore[no-any-return]


def list_non_focus(state: RuleState, ordered: list[Node], focus_set: set[Node],
                   names: dict[Node, str], rule_iri: Node, rule_text: str,
                   asked: set[tuple[str, str]], held_regardless: set[tuple[Node, Node]],
                   none_reached: bool, spec: TargetSpec, derived: Graph, app: Node,
                   facts: AppFacts) -> None:
    """The candidates a generated target did not take: held whatever applies, needed for a
    deciding fact, or not applicable with the reason (nodes not of the rule's classes are
    left out)."""
    for node in ordered:
        if node in focus_set:
            continue
        name = names[node]
        regardless = (node, rule_iri) in held_regardless
        if not regardless and (rule_text, name) not in asked and (
                none_reached or not facts.reaches(node, spec)):
            continue  # not of the rule's classes (and not possibly one: see targets)
        if regardless:
            state.nodes.append(NodeState(name, "conforms", "holds whether or not it "
                                         "applies (a deciding fact is unstated)"))
        elif (rule_text, name) in asked:
            state.nodes.append(NodeState(name, "needed", "a fact deciding whether it "
                                         "applies is not stated"))
        else:
            state.nodes.append(NodeState(name, "not-applicable",
                                         why_not(derived, app, node, spec, facts)))


@dataclass(frozen=True)
class RuleShape:
    """What the accounting reads of one rule shape of a code: the same for every application,
    so read once per code (``rule_shapes``)."""

    top: Node
    rule_iri: URIRef | None
    rule: RuleInfo | None
    rule_name: str
    shape_name: str
    section: str | None
    section_iri: str | None
    severity: str
    marker: URIRef
    spec: TargetSpec | None
    path: Node | None
    several: Node | None      # dl:onlyWithSeveral
    not_claimed: bool
    reads_class: bool
    not_present: str


def rule_shapes(prepared: Prepared, jid: str) -> tuple[RuleShape, ...]:
    """Every rule shape of the code (``compiled.shapes`` order), read once per Prepared."""
    def read() -> tuple[RuleShape, ...]:
        compiled = prepared.compiled(jid)
        shapes = compiled.graph
        out = []
        for top in compiled.shapes:
            rule_iri = compiled.shape_rule.get(top)
            rule = prepared.rules.get(rule_iri) if rule_iri is not None else None
            section, section_iri, _text = section_fields(prepared, rule)
            spec = compiled.specs.get(top)
            out.append(RuleShape(
                top=top, rule_iri=rule_iri, rule=rule, rule_name=str(rule_iri),
                shape_name=str(top), section=section, section_iri=section_iri,
                severity=SEVERITY_NAMES.get(shapes.value(top, SH.severity), "Violation"),
                marker=focus_marker(top), spec=spec, path=shapes.value(top, SH.path),
                several=shapes.value(top, DL.onlyWithSeveral),
                not_claimed=not_claimed(shapes, top), reads_class=reads_class(shapes, top),
                not_present=not_present_reason(compiled, top, spec)))
        return tuple(out)
    return prepared.memo(("accounting.rule_shapes", jid), read)


def unlinked_structures(derived: Graph, app: Node, reached: set[Node]) -> list[InfoNeeded]:
    """A structure described in the application but linked to it by nothing (dl:proposes,
    dl:hasPart, the parcel's dl:hasStructure): no rule ran on it, so say so."""
    linked = set(reached) | part_closure(
        derived, (s for parcel in derived.objects(app, DL.parcel)
                  for s in derived.objects(parcel, DL.hasStructure)), known=reached)
    out = []
    if (app, DL.proposes, None) not in derived:
        out.append(InfoNeeded(None, None, node_name(app),
                              "dl:proposes is not stated: the application names no structure it "
                              "applies for, so no rule on proposed work could be checked"))
    out += unworked_proposed_parts(derived, app)
    for node in sorted(set(derived.subjects(RDF.type, DL.Structure)) - linked, key=str):
        out.append(InfoNeeded(None, None, node_name(node),
                              f"{node_name(node)} is described but not linked to the application "
                              "(dl:proposes, dl:hasPart or the parcel's dl:hasStructure): no rule "
                              "was checked on it"))
    # a vessel linked by nothing (moored at no listed structure, not on the parcel, not
    # proposed) lies nowhere the rules on vessels can read it: ask where (review 81 F1)
    for node in sorted(set(derived.subjects(RDF.type, DL.Vessel)) - linked, key=str):
        if any(at in linked for at in derived.objects(node, DL.mooredAt)):
            continue
        out.append(InfoNeeded(None, None, node_name(node),
                              f"{node_name(node)} is a vessel described but not linked to the "
                              "application (dl:mooredAt a listed structure, the parcel's "
                              "dl:hasStructure or dl:proposes): no rule on vessels was checked "
                              "on it; state where it lies"))
    return out


def unworked_proposed_parts(derived: Graph, app: Node) -> list[InfoNeeded]:
    """A part the application proposes, stating no work, of a whole it does not propose: new
    work on the part would make the whole proposed work (``parts.propose_worked``: the rules on
    the whole, a count of its lifts among them, read it), a repair would not. Unstated, that
    is not decided: ask for it rather than check the part alone (a silent "conforms")."""
    proposed = set(derived.objects(app, DL.proposes))
    out = []
    for node in sorted(proposed, key=str):
        if (node, DL.workKind, None) in derived:
            continue
        wholes = sorted((w for w in self_and_containers(derived, node) - {node}
                         if (None, DL.hasPart, w) not in derived and w not in proposed), key=str)
        if wholes:
            out.append(InfoNeeded(None, None, node_name(node),
                                  f"dl:workKind is not stated: {node_name(node)} is proposed as "
                                  f"a part of {node_name(wholes[0])}, which the application does "
                                  "not propose; new work on the part makes that structure "
                                  "proposed work (checked with it), a repair does not",
                                  facts=("dl:workKind",)))
    return out


def decided_on_whole(shapes: Graph, derived: Graph, top: Node, node: Node,
                     focus: set[Node], missing: list[str] | None = None,
                     apart: Apart | None = None, spec: TargetSpec | None = None,
                     answers: OwnLimit | None = None, rule_iri: Node | None = None) -> bool:
    """A part (a float of a dock, a ramp) whose facts are stated on the structure it is part of:
    the rule was decided there (the whole is a focus of the same rule and holds the facts).
    Not where the part stands apart (``components.stands_apart``: its class does, and the
    rule reads where it stands): the whole's position is not its own; nor where the rule
    reaches the part as a kind its whole is not (a gazebo on a dock, held to the dock's width
    at any point): the dock's stated width is not the gazebo's; nor where the part's limit is
    its own (``redirect.own_limit``: a float stating its own distance to navigable depth); nor
    where the whole's value is open for this rule (dl:openRule: a dock drawn 16.89 feet from a
    water rights line listing an undrawn float, the float being nowhere in the drawing, review
    61): the whole is asked, and the part is not "conforms" on it; nor where the fact is each
    member's own (dl:ownCount: a boat station listed on a boat station has mooring spaces of
    its own, blind review 73 A6)."""
    open_on = {derived.value(n, DL.focus) for n in derived.subjects(DL.openRule, rule_iri)} \
        if rule_iri is not None else set()
    if missing and apart is not None and stands_apart(derived, node, missing, apart):
        return False
    own = set(derived.objects(node, RDF.type)) & spec.governs if spec is not None else set()
    if spec is not None and spec.counts_own(set(derived.objects(node, RDF.type))):
        return False  # a fact each member has of its own (dl:ownCount): asked of it
    for whole in self_and_containers(derived, node) - {node}:
        if own and not own <= set(derived.objects(whole, RDF.type)):
            continue  # a component of another governed kind answers for itself
        if answers is not None and answers(node, whole):
            continue  # its limit is its own: the whole's verdict is not its
        if whole in open_on:
            continue
        if whole in focus and undecided_paths(shapes, derived, top, whole) is None:
            return True
    return False


def decided_on_parts(shapes: Graph, derived: Graph, top: Node, node: Node, focus: set[Node],
                     spec: TargetSpec | None) -> bool:
    """A whole asked for a fact about its components (a dock asked for its mooring pilings'
    diameter, its lockers' height) whose component is stated as a part of one of the rule's
    classes the whole is not (the mooring piling, the locker) and decides the rule: the fact
    is read on the part, so the whole is not asked for it again."""
    if spec is None or reads_parts(shapes, shapes.value(top, SH.path)):
        return False  # a part's own verdict there is about its parts, not about itself
    whole_types = set(derived.objects(node, RDF.type))
    stack = list(derived.objects(node, DL.hasPart))
    seen: set[Node] = set()
    while stack:
        part = stack.pop()
        if part in seen:
            continue
        seen.add(part)
        stack.extend(derived.objects(part, DL.hasPart))
        own = (set(derived.objects(part, RDF.type)) & spec.governs) - whole_types
        if part in focus and own and undecided_paths(shapes, derived, top, part) is None:
            return True
    return False


def not_present_reason(compiled: CompiledShapes, top: Node, spec: TargetSpec | None) -> str:
    if spec is not None:
        return "nothing in the application is a " + " or ".join(
            sorted(curie(c) for c in spec.governs))
    return "nothing in the application matches its target"


def why_not(graph: Graph, app: Node, node: Node, spec: TargetSpec, facts: AppFacts) -> str:
    """The condition of the rule that the stated facts rule out."""
    parcels = facts.parcel_values(app, None)
    if spec.parcel_conditions and not any(parcel_matches(graph, p, spec) for p in parcels):
        if spec.uses and not any(u in spec.uses for p in parcels
                                 for u in graph.objects(p, DL.landUse)):
            return "land use: applies to " + _names(spec.uses)
        tiers = {to_decimal(t) for p in parcels for t in graph.objects(p, DL.tier)}
        if spec.tiers and tiers.isdisjoint(spec.tiers):
            return "Tier: applies to Tier " + ", ".join(str(t) for t in sorted(spec.tiers))
        if spec.categories and not any(str(c) in spec.categories for p in parcels
                                       for c in graph.objects(p, DL.footageCategory)):
            return "footage category: applies to " + ", ".join(sorted(spec.categories))
        return "steep slope: applies when dl:steepSlope is " + str(spec.steep)
    for clauses in spec.exceptions:
        if all(facts.holds(graph, app, node, c) for c in clauses):
            return "an exception of the rule holds: " + ", ".join(sorted(
                ("not stated: " if c.unstated else "")
                + f"{curie(c.prop)} {curie(c.equals) if c.equals is not None else ''}".strip()
                for c in clauses))
    if spec.conditions and not any(facts.holds(graph, app, node, c) for c in spec.conditions):
        return "condition not met: " + ", ".join(sorted({curie(c.prop) for c in spec.conditions}))
    if spec.works and facts.works(node, spec).isdisjoint(spec.works):
        return "work kind: applies to " + _names(spec.works)
    if spec.constructions and facts.constructions(node, spec).isdisjoint(spec.constructions):
        return "construction: applies to " + _names(spec.constructions)
    return "outside the rule's target"


def _names(values: frozenset[URIRef]) -> str:
    return ", ".join(sorted(curie(v) for v in values))


def counts(states: list[RuleState]) -> dict[str, int]:
    return {s: sum(1 for r in states if r.state == s) for s in STATES}


def is_true(value: object) -> bool:
    return isinstance(value, Literal) and value.toPython() is True


def reached_discrepancies(results: list[Result], accounting: list[RuleState]) -> list[Result]:
    """The results with each Discrepancy Warning (made once per rule reading the value,
    ``cite.discrepancies``) kept under the rules that reach its node in this application: a
    rule whose state on the node, or, where it names no state on the node, over the whole
    application, is "not-applicable" is dropped from the disagreement's sections; where every
    rule is, the Warning stands under no section (the contradiction is the application's own,
    whatever reads it). Run after the accounting, before ``cite.one_per_disagreement`` merges
    the rest. Why: a Jerusalem dock's length contradicting its part's was cited under
    § 160-126B(1), the restoration of a damaged nonconforming structure, on new construction,
    and a South Bristol one under § 73-9C(2), the navigation light of a dock 100 feet long, on
    a 50-foot dock (blind review 89 F3): the sections reading the value, not the ones that
    apply."""
    groups: dict[tuple[object, ...], list[Result]] = {}
    for r in results:
        if r.component == "dl:Discrepancy":
            groups.setdefault((r.severity, r.focus_node, r.path, r.message), []).append(r)
    if not groups:
        return list(results)  # (the states of every rule on every node, read only for these)
    on_node: dict[tuple[str, str], set[str]] = {}
    overall: dict[str, set[str]] = {}
    for state in accounting:
        overall.setdefault(state.rule, set()).add(state.state)
        for n in state.nodes:
            on_node.setdefault((state.rule, n.focus_node), set()).add(n.state)

    def reaches(r: Result) -> bool:
        if r.rule is None:
            return True
        states = on_node.get((r.rule, r.focus_node)) or overall.get(r.rule, set())
        return any(s != "not-applicable" for s in states)

    dropped: set[int] = set()
    unsectioned: dict[int, Result] = {}
    for members in groups.values():
        kept = [m for m in members if reaches(m)]
        if kept:  # (by identity: == compares every field of two results, and an equal
            # member reaches as the kept one does)
            dropped |= {id(m) for m in members if not reaches(m)}
            continue
        first = members[0]
        unsectioned[id(first)] = bare = dataclasses.replace(
            first, section=None, section_iri=None, section_text=None, rule=None, relief=None,
            relief_authority=None, relief_note=None, relief_iris=(), sections=(),
            section_notes=())
        bare.set_basis(NO_BASIS)
        dropped |= {id(m) for m in members[1:]}
    return [unsectioned.get(id(r), r) for r in results if id(r) not in dropped]
