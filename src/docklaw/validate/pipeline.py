"""The validator's one pipeline: intake -> derivation -> checking -> findings -> output.

Why one module: it is the only place that knows the order of the stages. Each stage imports
the law model (``docklaw.law``) and what earlier stages produce (``docklaw.validate.values``),
never a later stage; the import contracts in pyproject.toml hold them to it. The CLI, the web
service and the tests call the same entry points (``validate_graph``, ``validate_bytes``),
so parsing limits, jurisdiction handling and citation behave identically everywhere;
``derive`` and ``cited`` run the first stages alone (``docklaw derive``, the benchmarks).
"""

from __future__ import annotations

import dataclasses
import threading

from rdflib import Graph, Literal, URIRef

from docklaw import jurisdictions
from docklaw.errors import InputError
from docklaw.law.compile import focus_marker
from docklaw.law.prepare import Prepared
from docklaw.law.snapshot import get_prepared
from docklaw.law.targets import AppFacts, focus_nodes, self_and_parts
from docklaw.law.units import curie, format_number, to_decimal
from docklaw.namespaces import DL, RDF, RDFS
from docklaw.validate.checking.check import check
from docklaw.validate.derivation.applicability import is_exempt
from docklaw.validate.derivation.derive import (
    derive_application,
    read_total_at,
    with_bounds,
    with_lower_bounds,
    with_stated_false,
    with_upper_bounds,
)
from docklaw.validate.derivation.totals import short
from docklaw.validate.findings import excess, readings
from docklaw.validate.findings.accounting import (
    STATES,
    RuleState,
    account,
    reached_discrepancies,
)
from docklaw.validate.findings.cite import (
    STATED_OPEN,
    InfoNeeded,
    Result,
    cite,
    decisive_disagreements,
    limits_from_drawn_operands,
    needed_message,
    one_per_breach,
    one_per_disagreement,
    portion_classes,
    purpose_of,
)
from docklaw.validate.findings.drawn import drawn_limits
from docklaw.validate.findings.measurements import Measurement, collect
from docklaw.validate.findings.moot import set_aside_moot_exceptions
from docklaw.validate.findings.mutual import one_per_pair
from docklaw.validate.findings.questions import absence_hint, one_per_fact
from docklaw.validate.findings.redirect import described_parts
from docklaw.validate.findings.sides import over_sides
from docklaw.validate.findings.split import over_split
from docklaw.validate.findings.unread import not_read, unread_warnings
from docklaw.validate.intake.admit import admit, jurisdiction_of
from docklaw.validate.intake.blanks import stable_blank_nodes
from docklaw.validate.intake.parse import DEFAULT_MAX_BYTES, DEFAULT_MAX_TRIPLES, parse
from docklaw.validate.output.report import Report
from docklaw.validate.values import node_name, node_of


def derive(graph: Graph, prepared: Prepared, name: str | None = None) -> Graph:
    """Stages 1 and 2: the application admitted (one application, of a known code, in the
    ontology's vocabulary) and derived (a new graph: the application plus everything the
    shapes compare against). ``name`` (the file or upload) is named in the input errors."""
    return derive_application(admit(stable_blank_nodes(graph), prepared, name), prepared)


def cited(derived: Graph, prepared: Prepared, jid: str) -> tuple[list[Result], list[InfoNeeded]]:
    """Stages 3 and 4's citations: the derived application checked against its code's
    shapes, and the raw results cited (sections, relief, information needed)."""
    results, needed = cite(check(derived, prepared, jid), derived, prepared, jid)
    results, needed = bounded(derived, prepared, jid, results, needed)
    results, needed = over_sides(derived, prepared, jid, results, needed)
    results, needed = over_split(derived, prepared, jid, results, needed)
    opened(derived, prepared, jid, results)
    return results, needed


def opened(derived: Graph, prepared: Prepared, jid: str, results: list[Result]) -> None:
    """Totals that listed structures of an undecided class may add to (dl:UpperBoundTotal,
    derivation/totals.py): the application is checked again with each at its upper bound, and
    a rule comparing the total that holds as read but fails there is recorded on the note
    (dl:openRule); the accounting then asks the deciding facts of those structures instead of
    "conforms". A rule that holds at the bound holds either way: nothing is asked."""
    notes = {(node_name(derived.value(n, DL.focus)), str(r)): n
             for n in derived.subjects(RDF.type, DL.UpperBoundTotal)
             for r in derived.objects(n, DL.comparedBy)}
    if not notes:
        return  # no rule compares a total open above: the trial decides nothing
    trial = with_upper_bounds(derived, prepared, jid)
    if trial is None:
        return
    broken = {(r.focus_node, r.rule) for r in results if r.severity == "Violation"}
    trial_results, _ = trial_cited(trial, prepared, jid, {r for _f, r in notes})
    for r in trial_results:
        note = notes.get((r.focus_node, str(r.rule)))
        if note is not None and r.severity == "Violation" \
                and (r.focus_node, r.rule) not in broken:
            derived.add((note, DL.openRule, URIRef(str(r.rule))))


def trial_cited(trial: Graph, prepared: Prepared, jid: str, rules: set[str]
                ) -> tuple[list[Result], list[InfoNeeded]]:
    """A trial copy (``with_bounds``) checked and cited on the shapes of ``rules`` only.

    Why only those: each caller reads the trial's results and questions of the rules comparing
    the bounded totals and nothing else (each shape's results are its own; the notes cite adds
    are read off the data), and checking every shape again made the trials a fifth of a
    validation (bench/RESULTS.md, sixteenth session)."""
    compiled = prepared.compiled(jid)
    shapes = frozenset(compiled.top_shape.get(s, s) for s, r in compiled.shape_rule.items()
                       if str(r) in rules)
    return cite(check(trial, prepared, jid, only=shapes), trial, prepared, jid)


def bounded(derived: Graph, prepared: Prepared, jid: str, results: list[Result],
            needed: list[InfoNeeded]) -> tuple[list[Result], list[InfoNeeded]]:
    """Totals only bounded below by the listed structures (dl:LowerBoundTotal, derivation/
    totals.py): the application is checked again with each bound as the total, and a rule
    comparing the total that the bound alone already breaks is cited (the real total is no
    smaller), its question for the total dropped; every other rule keeps asking for it (a
    bound that passes a limit decides nothing)."""
    watched: dict[tuple[str, str], set[str]] = {}
    for note in derived.subjects(RDF.type, DL.LowerBoundTotal):
        focus, prop = derived.value(note, DL.focus), derived.value(note, DL.property)
        watched[(node_name(focus), curie(prop))] = {
            str(r) for r in derived.objects(note, DL.comparedBy)}
    if not any(watched.values()):
        return results, needed  # no rule compares a bounded total: the trial decides nothing
    trial = with_lower_bounds(derived, prepared, jid)
    if trial is None:
        return results, needed
    trial_results, _ = trial_cited(trial, prepared, jid,
                                   {r for rules in watched.values() for r in rules})
    excused = excused_at_bound(derived, trial, prepared, jid, watched)
    open_now = [r for r in [*results, *trial_results]
                if r.severity == "Violation" and (r.focus_node, r.rule) in excused]
    results = [r for r in results if r not in open_now]
    needed = [*needed, *asked_open(open_now, watched, prepared)]
    seen = {same_finding(r) for r in results}
    broken: set[tuple[str, str, str]] = set()  # (focus, fact, rule)
    added: list[Result] = []
    for r in trial_results:
        for (focus, fact), rules in watched.items():
            if r.rule in rules and r.focus_node == focus and r.severity == "Violation" \
                    and (focus, r.rule) not in excused:
                broken.add((focus, fact, r.rule))
                if same_finding(r) not in seen:  # (the trial repeats what no bound decided)
                    seen.add(same_finding(r))
                    added.append(r)
    for r in trial_results:  # the note saying which number was checked, on the rules cited
        if r.component == "dl:CountedTotal" and any(
                (r.focus_node, r.path, r.rule) == b for b in broken):
            added.append(r)
    kept = [n for n in needed
            if not any((n.focus_node, fact, n.rule) in broken for fact in n.facts)]
    held = held_at_greatest(derived, prepared, jid, watched, broken)
    kept = [n for n in kept
            if not any((n.focus_node, fact) in held for fact in n.facts)]
    return [*results, *added], kept


def asked_open(open_now: list[Result], watched: dict[tuple[str, str], set[str]],
               prepared: Prepared) -> list[InfoNeeded]:
    """The bounded total asked for each (focus, rule) ``excused_at_bound`` leaves open, once."""
    out: list[InfoNeeded] = []
    done: set[tuple[str, str]] = set()
    for r in open_now:
        if r.rule is None or (r.focus_node, r.rule) in done:
            continue
        done.add((r.focus_node, r.rule))
        facts = sorted(fact for (focus, fact), rules in watched.items()
                       if focus == r.focus_node and r.rule in rules)
        rule = prepared.rules.get(URIRef(r.rule))
        out.append(InfoNeeded(r.section, r.section_iri, r.focus_node,
                              needed_message(facts, rule, r.section), r.rule, r.shape,
                              facts=tuple(facts), purpose=purpose_of(rule, r.section)))
    return out


def same_finding(r: Result) -> tuple[object, ...]:
    """What makes two results the same finding: the trial of ``bounded`` checks the rules
    again and repeats the findings no bound decided (blind review 97 F2: a part's reach past
    the line was listed twice on its dock)."""
    return (r.rule, r.focus_node, r.path, r.value, r.component, r.severity, r.message)


def excused_at_bound(derived: Graph, trial: Graph, prepared: Prepared, jid: str,
                     watched: dict[tuple[str, str], set[str]]) -> set[tuple[str, str]]:
    """(focus, rule) pairs where a rule reaches the node only because the bounded total is
    not stated: with the total at its lower bound an exception of the rule holds and the node
    is no longer its focus (a dl:NotExtendedCondition: the bound is within the former value).
    The real total is no smaller, so whether the exception holds is open: nothing the rule
    says of the node is cited, its total stays asked. Why: a dock restored after fire with a
    former reach of 80 feet, stating none, was cited under Jerusalem § 160-123A(1)(b)[1]'s
    65 feet on its new finger's 70, which the same dock stating 80 kept (blind review 97 F2).
    A bound past the former value defeats the exception at every larger value too: cited."""
    app = min(trial.subjects(DL.jurisdiction, None), key=str, default=None)
    if app is None:
        return set()
    compiled = prepared.compiled(jid)
    rules = {r for rs in watched.values() for r in rs}
    tops: dict[str, set[object]] = {}
    for shape, rule in compiled.shape_rule.items():
        if str(rule) in rules:
            top = compiled.top_shape.get(shape, shape)
            if top in compiled.targets:
                tops.setdefault(str(rule), set()).add(top)
    if not tops:
        return set()
    found = focus_nodes(trial, compiled, app, AppFacts(trial),
                        {t for ts in tops.values() for t in ts})
    out: set[tuple[str, str]] = set()
    for (focus, _fact), rs in watched.items():
        node = node_of(focus)
        for rule in rs:
            shapes = tops.get(rule, set())
            was = [s for s in shapes if (node, RDF.type, focus_marker(s)) in derived]
            if was and not any(node in found.get(s, []) for s in was):
                out.add((focus, rule))
    return out


def held_at_greatest(derived: Graph, prepared: Prepared, jid: str,
                     watched: dict[tuple[str, str], set[str]],
                     broken: set[tuple[str, str, str]]) -> set[tuple[str, str]]:
    """Totals bounded below by the listed structures whose only doubt is structures stated
    with a generic class, each one more at most (dl:greatestBound): where every rule comparing
    the total holds at the lower bound and, decided, at the greatest, it holds whatever those
    structures are, so the total is not asked (review 51: one dock and a waterside structure
    of unstated class on 250 feet, which allows two docks, had its dock count asked). The
    total is then read at the greatest bound (a dl:CountedTotal note says why), so the
    accounting and the readings read it decided. Returns the (focus, fact) pairs decided."""
    notes = [n for n in sorted(derived.subjects(RDF.type, DL.LowerBoundTotal), key=str)
             if derived.value(n, DL.greatestBound) is not None]
    if not notes:
        return set()
    trial = with_bounds(derived, prepared, jid, DL.LowerBoundTotal, DL.greatestBound)
    if trial is None:
        return set()
    trial_results, trial_needed = trial_cited(
        trial, prepared, jid, {r for rules in watched.values() for r in rules})
    out: set[tuple[str, str]] = set()
    for note in notes:
        focus, prop = derived.value(note, DL.focus), derived.value(note, DL.property)
        if focus is None or not isinstance(prop, URIRef):
            continue
        name, fact = node_name(focus), curie(prop)
        rules = watched.get((name, fact), set())
        if not rules or any((name, fact, rule) in broken for rule in rules):
            continue
        if any(r.rule in rules and r.focus_node == name and r.severity == "Violation"
               for r in trial_results) or any(
                n.rule in rules and n.focus_node == name for n in trial_needed):
            continue  # it may take the total over (or the rule is undecided there too)
        greatest = to_decimal(derived.value(note, DL.greatestBound))
        low = to_decimal(derived.value(note, DL.lowerBound))
        generic = sorted(derived.objects(note, DL.genericMember), key=str)
        if greatest is None:
            continue
        if not generic:  # a bound of another kind (grown.reach_within_bounds): its own words
            read_total_at(derived, prepared, focus, prop, greatest,
                          derived.value(note, RDFS.comment) or Literal(""))
            out.add((name, fact))
            continue
        if low is None:
            continue
        read_total_at(derived, prepared, focus, prop, greatest, Literal(
            f"{curie(prop)} of {short(focus)} is read at {format_number(greatest)}, the "
            f"most the listed structures can count ({format_number(low)} listed, with "
            f"{', '.join(short(m) for m in generic)}, stated only with a generic class, "
            f"counted): every rule comparing it holds at {format_number(low)} and at "
            f"{format_number(greatest)}, so what "
            f"{'that structure is' if len(generic) == 1 else 'those structures are'} "
            "decides nothing here"))
        out.add((name, fact))
    return out


def relying_rules(prepared: Prepared) -> dict[str, URIRef]:
    """rule -> the status it binds only while the structure relies on it
    (dl:bindsOnlyWhileRelyingOn)."""
    def read() -> dict[str, URIRef]:
        law = prepared.knowledge
        return {str(rule): prop for rule, prop in law.subject_objects(DL.bindsOnlyWhileRelyingOn)
                if isinstance(prop, URIRef)}
    return prepared.law_memo("pipeline.relying_rules", read)


def set_aside_unrelied(derived: Graph, prepared: Prepared, jid: str, states: list[RuleState],
                       results: list[Result], needed: list[InfoNeeded]) -> None:
    """A rule binding a structure only while it relies on a status it states (dl:bindsOnly
    WhileRelyingOn: Jerusalem § 160-126B(1)'s proviso binds a nonconforming structure restored
    "as before"; § 160-126B(2) lets it "be made to be in conformance") is set aside (in place) on
    a node that, the status read false on it and its parts, meets every rule of the code: a
    structure that conforms as a new one needs no relief of its nonconformity. Where that trial
    breaks a rule on the node or its parts the rule stands; where it only asks a fact there,
    the rule's violation is asked instead (whether the structure relies on the status turns on
    the fact), never cited on the guess. Where the rule is set aside, every rule of the same
    status that only asks a fact on the node (another dimension of the proviso unstated) is set
    aside alike (blind review 96 F4): it does not bind the structure whatever the fact, so the
    question cannot change the verdict. The trial runs only where such a rule is broken: the
    derived graph fixes which rules reach the node (their targets) on the status as stated, and
    only a broken rule of the status means no exception of it kept a rule off the node."""
    relying = relying_rules(prepared)
    fired = sorted({(r.focus_node, relying[str(r.rule)]) for r in results
                    if r.rule is not None and str(r.rule) in relying
                    and r.severity == "Violation"}, key=str)
    for name, prop in fired:
        node = node_of(name)
        nodes = self_and_parts(derived, node)
        names = {node_name(n) for n in nodes}
        trial = with_stated_false(derived, nodes, prop)
        trial_results, trial_needed = cited(trial, prepared, jid)
        own = {rule for rule, p in relying.items() if p == prop}
        if any(r.severity == "Violation" and r.focus_node in names and str(r.rule) not in own
               for r in trial_results):
            continue  # it relies on its status: the rule binds
        asked = sorted({f for n in trial_needed if n.focus_node in names
                        and str(n.rule) not in own for f in n.facts})
        if any(n.focus_node in names and str(n.rule) not in own and not n.facts
               for n in trial_needed):
            continue  # undecided on no fact that can be asked: the rule stands
        dropped = [r for r in results if r.focus_node == name and str(r.rule) in own]
        if not asked:  # the rule does not bind here, whatever its own facts say
            needed[:] = [n for n in needed if not (n.focus_node == name and str(n.rule) in own)]
        results[:] = [r for r in results if r not in dropped]
        if not asked:  # the work its parts make of it led to no finding (blind review 94)
            results[:] = [dataclasses.replace(r, message=(
                f"{r.message} Here it costs nothing: read as a new structure, {name} meets "
                f"every rule of the code, so it does not rely on its {curie(prop)} and no "
                "exception is needed.")) if r.focus_node == name
                and r.component == "dl:WorkByParts" else r for r in results]
        reason = (f"{name} read with {curie(prop)} false meets every rule of the code: it does "
                  "not rely on that status, so this rule does not bind it")
        if asked:
            reason = (f"whether {name} relies on its {curie(prop)} (meets every rule of the code "
                      f"without it) turns on {', '.join(asked)}, not stated")
            for r in dropped:
                if r.severity != "Violation":
                    continue
                needed.append(InfoNeeded(
                    section=r.section, section_iri=r.section_iri, focus_node=name,
                    message=(f"{r.message} Whether this binds turns on {', '.join(asked)}: "
                             f"read with {curie(prop)} false, the structure meets every rule "
                             "of the code unless these facts say otherwise, and one that does "
                             "needs no relief of that status."),
                    rule=str(r.rule), shape=r.shape, facts=tuple(asked),
                    purpose=f"whether {name} relies on its {curie(prop)}"))
        for state in states:
            if state.rule not in own:
                continue
            changed = False
            for ns in state.nodes:
                if ns.focus_node == name and (ns.state in ("violates", "flagged") or (
                        not asked and ns.state == "needed")):
                    ns.state = "needed" if asked else "not-applicable"
                    ns.reason = reason
                    changed = True
            if changed:
                state.state = min((n.state for n in state.nodes), key=STATES.index)
                state.reason = "; ".join(sorted({n.reason for n in state.nodes
                                                 if n.state == state.state and n.reason}))


def said_why(derived: Graph, needed: list[InfoNeeded]) -> None:
    """A total the application stated but that is not read (dl:statedTotal on a
    dl:LowerBoundTotal) is asked saying so, not as "not stated": where structures stated with
    a generic class may be among those counted, in those words; otherwise (a stated total below
    the listed structures, or one a structure of unstated side leaves undecided, stating no
    number or fewer than it holds) as stated but not deciding (``STATED_OPEN``), with the
    note's own words. Why:
    blind review 145 (fix-jer72): a parcel stating dl:mooringCount 4 beside a 4-slip dock and a
    boathouse of unstated side stating 0 slips was asked "dl:mooringCount is not stated"."""
    for note in derived.subjects(RDF.type, DL.LowerBoundTotal):
        stated = to_decimal(derived.value(note, DL.statedTotal))
        focus, prop = derived.value(note, DL.focus), derived.value(note, DL.property)
        if stated is None or focus is None or not isinstance(prop, URIRef):
            continue
        name, fact = node_name(focus), curie(prop)
        generic = sorted(derived.objects(note, DL.genericMember), key=str)
        if not generic:
            stated_open(needed, name, fact, derived.value(note, RDFS.comment))
            continue
        low = to_decimal(derived.value(note, DL.lowerBound))
        one = len(generic) == 1
        names = ", ".join(short(m) for m in generic)
        listed = "" if low is None else (
            f" ({format_number(low)} listed of a counted class, "
            f"{format_number(low + len(generic))} with {'it' if one else 'them'})")
        why = (f"{fact} is stated as {format_number(stated)}, but {names}, stated only with a "
               f"generic class, may be {'one more' if one else 'more'} of those counted"
               f"{listed}, so the stated total is not read: state the total counting "
               f"{'it' if one else 'them'}, or {'its' if one else 'their'} class")
        for item in needed:
            if item.focus_node == name and fact in item.facts and \
                    item.message.startswith(f"{fact} is not stated"):
                item.message = why + item.message[len(f"{fact} is not stated"):]


def stated_open(needed: list[InfoNeeded], name: str, fact: str, why: object) -> None:
    """The questions for ``fact`` of ``name`` worded "is not stated" say instead that it is
    stated and does not decide (``STATED_OPEN``), with ``why`` (the note's words) after what
    it is needed for."""
    unstated = f"{fact} is not stated"
    for item in needed:
        if item.focus_node == name and fact in item.facts and \
                item.message.startswith(unstated):
            item.message = (f"{fact} {STATED_OPEN}" + item.message[len(unstated):]
                            + (f": {why}" if why is not None else ""))


def variances_of(results: list[Result], derived: Graph, prepared: Prepared,
                 jid: str) -> list[excess.Variance]:
    """How far off each numeric violation is; one that only the listed structures' lower
    bound decided (``bounded``) is measured on that bound, the number it was checked with."""
    out: list[excess.Variance] = []
    trial: Graph | bool | None = False  # False: not built yet
    for r in results:
        found = excess.compute([r], derived, prepared, jid)
        if not found and r.severity == "Violation":
            if trial is False:
                trial = with_lower_bounds(derived, prepared, jid)
            if isinstance(trial, Graph):
                found = excess.compute([r], trial, prepared, jid)
        out.extend(found)
    return out


def validate_graph(
    graph: Graph, name: str = "<graph>", *, prepared: Prepared | None = None,
    plan: bool = True,
) -> Report:
    """Validate one application graph (it is not modified). ``plan``: also draw the SVG plan
    (HTML reports and ``docklaw plan`` show it; a text or JSON report does not need it)."""
    prepared = prepared or get_prepared()
    graph = stable_blank_nodes(graph)  # every stage and the report name blank nodes alike
    derived = derive_application(admit(graph, prepared, name), prepared)
    jid = jurisdiction_of(derived)
    jurisdictions.registry().refuse_unwritten(jid)  # a scaffold's "conforms" would be false
    results, needed = cited(derived, prepared, jid)
    exempt = is_exempt(derived)
    decisive, marks = decisive_disagreements(derived, prepared, results)
    results.extend(decisive)
    results.extend(limits_from_drawn_operands(derived, prepared, results))
    if not exempt:
        results.extend(unread_warnings(graph, derived, prepared, jid))
    accounting = account(derived, prepared, jid, results, needed)
    said_why(derived, needed)  # (the accounting asks some of them)
    set_aside_moot_exceptions(accounting, results, needed, derived, prepared)
    set_aside_unrelied(derived, prepared, jid, accounting, results, needed)
    results = reached_discrepancies(results, accounting)  # (the rules reaching the node)
    results = one_per_disagreement(results)  # (each rule's result counted above)
    results = one_per_breach(results, derived, portion_classes(prepared))
    results = one_per_pair(results, derived, prepared.ontology)  # (one distance, two docks)
    needed = one_per_fact(needed, absence_hint(derived, described_parts(prepared)))
    report = Report(jurisdiction=jid, results=results, information_needed=needed, name=name,
                    accounting=accounting,
                    measurements=marked(collect(graph, derived, prepared), marks),
                    variances=variances_of(results, derived, prepared, jid),
                    variance_note=excess.note(prepared, jid),
                    readings=readings.evaluate(results, needed, derived, prepared, jid),
                    not_read=[] if exempt else not_read(graph, derived, prepared, jid))
    if plan:
        from docklaw.validate.output.plan import plan_svg

        report.geometry = getattr(derived, "geometry_record", None)
        report.drawn_limits = drawn_limits(report.geometry, derived, prepared, jid)
        report.plan_svg = plan_svg(report)
    return report


def marked(measurements: list[Measurement], marks: dict[tuple[str, str], str]
           ) -> list[Measurement]:
    """The measurements, each value of a stated and drawn pair whose disagreement within the
    tolerance decides a rule noted as such (``decisive_disagreements``)."""
    for m in measurements:
        text = marks.get((m.node, m.property))
        if text is not None and m.discrepancy is None:
            m.discrepancy = text
    return measurements


def validate_bytes(
    data: bytes, fmt: str | None = None, name: str = "<input>", *,
    content_type: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES,
    max_triples: int | None = DEFAULT_MAX_TRIPLES, prepared: Prepared | None = None,
    plan: bool = True,
) -> Report:
    """Parse (safely) and validate one uploaded application (``plan``: see validate_graph).

    Every InputError names the input (``name``), also those found after parsing (units,
    geometry ...), so a run over several files says which one is bad."""
    graph = parse(data, fmt, name, content_type=content_type, max_bytes=max_bytes,
                  max_triples=max_triples)
    try:
        return validate_graph(graph, name=name, prepared=prepared, plan=plan)
    except InputError as exc:
        if exc.source is None:
            exc.source = name
            exc.args = (exc.describe(),)
        raise


def validate_bytes_within(
    data: bytes, fmt: str | None = None, name: str = "<input>", *,
    timeout: float | None, content_type: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES, max_triples: int | None = DEFAULT_MAX_TRIPLES,
    warm: bool = False, plan: bool = True,
) -> Report:
    """``validate_bytes`` under a hard time budget (``docklaw.budget``): past
    ``timeout`` seconds a ResourceLimit (exit 5, HTTP 503); None: no limit. ``warm``
    (servers) validates the shipped examples here first, once per process (``warm_once``)."""
    from docklaw.budget import run_limited

    if timeout:  # compiled (and cached) here once; each child inherits it copy-on-write
        warm_once() if warm else get_prepared()
    return run_limited(validate_bytes, data, fmt, name, timeout=timeout,
                       content_type=content_type, max_bytes=max_bytes,
                       max_triples=max_triples, plan=plan)


_warm_lock = threading.Lock()
_warmed = False


def warm_once() -> None:
    """Compile the shapes and validate the shipped examples once in this process.

    Why: a budgeted validation runs in a child that exits afterwards, so whatever it caches
    (prepared SPARQL, parsed plugins) is lost; warmed here, every child starts warm (a cold
    child took ~4 s, a warm one ~0.3 s). Our own examples: no budget needed."""
    global _warmed
    if _warmed:
        return
    with _warm_lock:
        if _warmed:
            return
        from docklaw import jurisdictions
        from docklaw.errors import DocklawError

        get_prepared()
        for path in [p for j in jurisdictions.all() for p in sorted(j.examples_dir.glob("*.ttl"))]:
            try:
                validate_bytes(path.read_bytes(), name=path.name)
            except DocklawError:
                continue
        _warmed = True
