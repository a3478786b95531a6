"""Evaluate every recorded reading of an ambiguous provision and say when the verdict depends on it.

Why: where the text admits more than one reading, the encoding chooses one openly (the default,
which the shapes check); a board must still know when its decision turns on that choice. The
other readings are data beside the rule (ontology/terms/readings.ttl: dl:alternativeReading with
a label, a note and what it changes). This module re-applies the rule under each reading to the
same derived values (the same numbers the shapes compared) and reports "violates under reading
B (...), conforms under reading A (...)"; for a section listed under two kinds of relief, the
relief under each reading.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from rdflib import Graph, URIRef
from rdflib.collection import Collection
from rdflib.term import Node

from docklaw.law.compile import Condition, condition_of, focus_marker, rdflib_path
from docklaw.law.limits import Bounds, Contested, Evaluator, MissingOperand, TableGap
from docklaw.law.prepare import Prepared
from docklaw.law.targets import (
    AppFacts,
    comparable,
    contested_subjects,
    exception_holds,
    part_closure,
    unstated_subjects,
)
from docklaw.law.units import curie, display_number, to_decimal
from docklaw.namespaces import DL, GEO, PROV, QUDT, RDF, RDFS, SH, TRUE
from docklaw.validate.derivation.derive import PAST_BOUND
from docklaw.validate.findings.cite import RELIEF_NAMES, InfoNeeded, Result
from docklaw.validate.findings.excess import numbers, path_steps, violates
from docklaw.validate.values import node_name

COMPARISONS = {DL.AtMost: ("max", True), DL.LessThan: ("max", False),
               DL.AtLeast: ("min", True), DL.MoreThan: ("min", False)}
WORDS = {("max", True): "at most", ("max", False): "less than",
         ("min", True): "at least", ("min", False): "more than"}


@dataclass
class ReadingVerdict:
    label: str
    note: str
    default: bool
    verdict: str             # violates | conforms | undetermined
    detail: str = ""
    relief: str | None = None

    def to_json(self) -> dict[str, object]:
        return {"label": self.label, "note": self.note, "default": self.default,
                "verdict": self.verdict, "detail": self.detail, "relief": self.relief}


@dataclass
class ReadingOutcome:
    section: str | None
    section_iri: str | None
    rule: str | None
    focus_node: str
    readings: list[ReadingVerdict] = field(default_factory=list)

    @property
    def verdict_depends(self) -> bool:
        decided = {r.verdict for r in self.readings if r.verdict != "undetermined"}
        return len(decided) > 1

    @property
    def verdict_may_depend(self) -> bool:
        """Decided under one reading, open under another (review 62: a Table 4 gap violated
        under the encoded reading and was undetermined under the other, yet the report said
        "the same verdict (undetermined, violates)")."""
        return not self.verdict_depends and len({r.verdict for r in self.readings}) > 1

    @property
    def relief_depends(self) -> bool:
        return len({r.relief for r in self.readings if r.relief is not None}) > 1 or (
            any(r.relief is not None for r in self.readings)
            and any(r.relief is None for r in self.readings))

    @property
    def summary(self) -> str:
        if self.verdict_depends:
            parts = [f"{v} under reading {', '.join(self.labels(v))}"
                     for v in ("violates", "conforms", "undetermined") if self.labels(v)]
            return "The verdict depends on the reading: " + "; ".join(parts) + "."
        if self.verdict_may_depend:
            parts = [f"{v} under reading {', '.join(self.labels(v))}"
                     for v in ("violates", "conforms", "undetermined") if self.labels(v)]
            return ("The verdict may depend on the reading (decided under one, open under "
                    "another): " + "; ".join(parts) + ".")
        if self.relief_depends:
            shown = "; ".join(f"{r.label}: {r.relief or 'none reported'}" for r in self.readings)
            return f"The relief depends on the reading ({shown})."
        verdicts = {r.verdict for r in self.readings}
        return (f"The same verdict ({', '.join(sorted(verdicts))}) under every recorded reading: "
                + "; ".join(f"{r.label} ({r.detail})" if r.detail else r.label
                            for r in self.readings) + ".")

    def labels(self, verdict: str) -> list[str]:
        return [f"{r.label}" + (f" [{r.detail}]" if r.detail else "")
                for r in self.readings if r.verdict == verdict]

    def to_json(self) -> dict[str, object]:
        return {"section": self.section, "section_iri": self.section_iri, "rule": self.rule,
                "focus_node": self.focus_node, "verdict_depends": self.verdict_depends,
                "verdict_may_depend": self.verdict_may_depend,
                "relief_depends": self.relief_depends, "summary": self.summary,
                "readings": [r.to_json() for r in self.readings]}


def _alternatives(law: Graph, node: Node) -> list[Node]:
    """The recorded alternative readings, in the order of their labels (B, C ...)."""
    return sorted(law.objects(node, DL.alternativeReading),
                  key=lambda n: str(law.value(n, RDFS.label) or ""))


def _reading(law: Graph, node: Node, default: bool) -> tuple[str, str]:
    label = str(law.value(node, RDFS.label) or ("default" if default else "alternative"))
    return label, str(law.value(node, DL.readingNote) or "")


def targeted_shapes(prepared: Prepared, jid: str) -> dict[Node, list[Node]]:
    """Each rule's targeted shapes, in ``compiled.targets`` order, read once per Prepared (each
    application scanned every shape for every rule with a reading)."""
    def read() -> dict[Node, list[Node]]:
        compiled = prepared.compiled(jid)
        out: dict[Node, list[Node]] = {}
        for shape in compiled.targets:
            rule = compiled.shape_rule.get(shape)
            if rule is not None:
                out.setdefault(rule, []).append(shape)
        return out
    return prepared.memo(("readings.targeted_shapes", jid), read)


def evaluate(results: list[Result], needed: list[InfoNeeded], derived: Graph,
             prepared: Prepared, jid: str) -> list[ReadingOutcome]:
    """Every recorded reading that bears on this application, evaluated."""
    law = prepared.knowledge
    out: list[ReadingOutcome] = []
    compiled = prepared.compiled(jid)
    evaluator = Evaluator(law, derived, prepared.units)
    views = _Views(derived, prepared, evaluator)
    with_readings = prepared.law_memo("readings.with_alternatives", lambda: frozenset(
        law.subjects(DL.alternativeReading, None)))
    for rule in prepared.rules_of(jid):
        alternatives = _alternatives(law, rule.iri) if rule.iri in with_readings else []
        if not alternatives:
            continue
        shapes = targeted_shapes(prepared, jid).get(rule.iri, [])
        info = prepared.sections.get(rule.section) if rule.section else None
        for shape in shapes:
            path = value_path(compiled.graph, shape, rule.constrains)
            for focus in sorted(derived.subjects(None, focus_marker(shape)), key=str):
                outcome = ReadingOutcome(info.citation if info else None,
                                         str(rule.section) if rule.section else None,
                                         str(rule.iri), node_name(focus))
                default_node = law.value(rule.iri, DL.defaultReading)
                label, note = _reading(law, default_node, True) if default_node else (
                    "A (encoded)", "")
                fired = any(r.rule == str(rule.iri) and r.focus_node == node_name(focus)
                            and r.severity == "Violation" for r in results)
                open_ = any(n.rule == str(rule.iri) and n.focus_node == node_name(focus)
                            for n in needed)
                base = _numeric(derived, prepared, rule.iri, focus, path, None, evaluator)
                unvalued = not any((focus, p, None) in derived for p in rule.constrains)
                if not fired and not open_ and unvalued and base is not None \
                        and base[0] == "undetermined":
                    continue  # the focus has no value the rule compares (a part the rule reads
                    # through its whole): no reading decides anything on it
                verdict = "violates" if fired else ("undetermined" if open_ else "conforms")
                detail = base[1] if base else ""
                whole = None if fired or open_ else (
                    folded_into_whole(results, derived, rule.iri, focus, base)
                    or cited_whole(results, law, derived, rule.iri, rule.section, focus)
                    or value_cited_on_whole(results, law, derived, rule.iri, focus))
                if whole is not None:
                    verdict, detail = "violates", whole
                outcome.readings.append(ReadingVerdict(label, note, True, verdict, detail))
                reach_only = False
                for alt in alternatives:
                    label, note = _reading(law, alt, False)
                    narrows, widens = narrows_only(law, alt), widens_only(law, alt)
                    reach_only = reach_only or narrows or widens
                    read, alt_evaluator = views.get(law.value(alt, DL.readsConstruction))
                    found = _numeric(read, prepared, rule.iri, focus, path, alt, alt_evaluator)
                    if found is None and (narrows or widens):
                        found = outcome.readings[0].verdict, ""  # reached as by the default
                    elif base is not None and same_limit(derived, prepared, rule.iri, focus,
                                                         alt, evaluator, alt_evaluator):
                        found = outcome.readings[0].verdict, base[1]  # it changes nothing here
                    aside = _set_aside(read, prepared, rule.iri, focus, alt)
                    if aside is not None:
                        held, why = aside
                        # set aside: not held; undetermined whether it is set aside: conforms
                        # only where it conforms if held (a node not reached conforms too)
                        where_held = outcome.readings[0].verdict if narrows else \
                            (found[0] if found else "undetermined")
                        found = ("conforms" if held is False or where_held == "conforms"
                                 else "undetermined", why)
                    breach = _clauses_met(read, prepared, rule.iri, focus, alt,
                                          DL.readingBreaksWhen, "broken under this reading")
                    if breach is not None:
                        broken, why = breach
                        if broken is False:
                            found = "violates", why
                        elif not found or found[0] != "violates":
                            found = "undetermined", why
                    verdict, detail = found if found else ("undetermined", "")
                    outcome.readings.append(ReadingVerdict(label, note, False, verdict, detail))
                if len({(r.verdict, r.detail) for r in outcome.readings}) == 1 and \
                        outcome.readings[0].detail:
                    continue  # every reading compares the same value with the same limit: none
                    # changes anything here, so none is listed (review 62: Table 1's Category F
                    # readings were printed on parcels of Categories C and E)
                if reach_only and len({r.verdict for r in outcome.readings}) == 1:
                    continue  # a reading narrowing the rule's reach changes no verdict here
                out.append(outcome)
    out += _relief_readings(results, prepared)
    return out


def folded_into_whole(results: list[Result], derived: Graph, rule: URIRef, focus: Node,
                      base: tuple[str, str] | None) -> str | None:
    """Where ``focus`` (a part) breaks the rule on its own value as the encoded reading compares
    it (``base``) and the rule is cited on a whole listing it (dl:hasPart*): the part's breach
    was cited once, on the whole (``cite.one_per_breach``: the same value, one measurement), so
    the part violates under the encoded reading too; the text saying so, else None. Why: a float
    drawn as a part 39.99 ft from the lot line, cited under North Haven § 56-3A on its dock,
    was listed in the Readings as 'conforms under reading A (encoded)' at 39.99 feet against
    at least 40 (blind review 144 F4): the row read the results, from which the float's own
    result had been folded into the dock's, and a row must never say 'conforms' for a value
    beyond its limit."""
    if base is None or base[0] != "violates":
        return None
    for r in results:
        if r.severity != "Violation" or r.rule != str(rule):
            continue
        whole = URIRef(r.focus_node)
        if whole != focus and focus in part_closure(derived, [whole]):
            return f"{base[1]}; the one breach cited on {r.focus_node}"
    return None


def value_cited_on_whole(results: list[Result], law: Graph, derived: Graph, rule: URIRef,
                         focus: Node) -> str | None:
    """Where the rule, read through a whole's parts, is cited on a whole listing ``focus``
    (dl:hasPart*) for a value the focus itself states (a prohibited value: a float parallel to
    the shore cited on its catwalk under North Haven § 56-4F), the focus breaks the rule under
    the encoded reading as well; the text saying where it is cited, else None. Why: the
    Readings row of such a float said it 'conforms under reading A (encoded)', the rule
    having fired on the catwalk, not on the float."""
    props = list(law.objects(rule, DL.constrains))
    for r in results:
        if r.severity != "Violation" or r.rule != str(rule) or r.value is None:
            continue
        whole = URIRef(r.focus_node)
        if whole == focus or focus not in part_closure(derived, [whole]):
            continue
        for prop in props:
            if any(r.value in (str(v), curie(v)) for v in derived.objects(focus, prop)
                   if isinstance(v, URIRef)):
                return f"its {curie(prop)} {r.value}, cited on {r.focus_node}"
    return None


def cited_whole(results: list[Result], law: Graph, derived: Graph, rule: URIRef,
                section: Node | None, focus: Node) -> str | None:
    """Where ``focus`` (a part) is cited under the encoded reading through its whole: another
    rule of the same section violated on a whole listing it (dl:hasPart*), on a derived value
    measured from the focus's own drawing (prov:wasDerivedFrom). Then the section is broken
    under the default reading by that portion measured whole, and the report may not also say
    the part conforms under it; the text saying where it is cited, else None. Why: a T head
    drawn as two 150-square-foot parts is one 300-square-foot appendage cited on the dock, and
    the Readings said each part 'conforms under reading A (encoded)' (blind review 124 F4)."""
    if section is None:
        return None
    drawings = set(derived.objects(focus, GEO.hasGeometry))
    if not drawings:
        return None
    for r in results:
        if r.severity != "Violation" or r.rule in (None, str(rule)) or \
                r.section_iri != str(section):
            continue
        whole = URIRef(r.focus_node)
        if whole == focus or focus not in part_closure(derived, [whole]):
            continue
        for prop in law.objects(URIRef(r.rule), DL.constrains):
            for qv in derived.objects(whole, prop):
                if drawings & set(derived.objects(qv, PROV.wasDerivedFrom)):
                    return (f"measured whole with the rest of the portion it belongs to, "
                            f"cited on {r.focus_node}" + (f" at {r.value}" if r.value else ""))
    return None


#: What a reading may change beside the rule's reach (ontology/terms/readings.ttl).
CHANGES = (DL.comparison, DL.limit, DL.limitExpression, DL.readingValue, DL.readsConstruction,
           DL.varianceClass)


def same_limit(derived: Graph, prepared: Prepared, rule: URIRef, focus: Node, reading: Node,
               evaluator: Evaluator, alt_evaluator: Evaluator) -> bool:
    """The reading changes only the rule's limit (no value, comparison, construction or
    exception of its own), and its limit for the focus is the default's: it cannot change the
    verdict, which is then the default's, whatever decided it (an exception, a count known
    only from below, an unstated value). Why: the readings of a count's table that differ only
    in rows the focus's parcel is not in (South Bristol Table 1's Category F) were reported
    as deciding the verdict on parcels of other categories, where the default's verdict came
    from the report and the other's from the bare comparison (fix-sb41)."""
    law = prepared.knowledge
    if any((reading, p, None) in law for p in (DL.readingValue, DL.readsConstruction,
                                               DL.readingExceptWhen, DL.readingBreaksWhen)) or \
            law.value(reading, DL.comparison) not in (None, law.value(rule, DL.comparison)):
        return False
    kind = COMPARISONS.get(law.value(rule, DL.comparison))
    if kind is None:
        return False
    unit = prepared.units.canonical_of_property.get(law.value(rule, DL.constrains))
    try:
        limits = [_limit(derived, prepared, rule, focus, read, ev, unit,
                         maximum=kind[0] == "max")
                  for read, ev in ((None, evaluator), (reading, alt_evaluator))]
    except MissingOperand:
        return False
    return limits[0] is not None and limits[0] == limits[1]


def widens_only(law: Graph, reading: Node) -> bool:
    """A reading whose only change is a breach of its own (dl:readingBreaksWhen): where its
    clauses hold on a node the rule reaches, the rule so read is broken there; elsewhere it
    decides as the default. Why: a prohibition's words read wider than the encoding reads
    them (North Haven § 56-4F 'No floats or catwalk extensions are allowed to be constructed
    parallel to the shoreline' read as no floats on a catwalk at all: blind review 151 F4, a
    perpendicular float conformed with no word that the verdict turns on the reading)."""
    return (reading, DL.readingBreaksWhen, None) in law and not any(
        (reading, p, None) in law for p in (*CHANGES, DL.readingExceptWhen))


def narrows_only(law: Graph, reading: Node) -> bool:
    """A reading whose only change is an exception of its own (dl:readingExceptWhen): where it
    reaches a node, the rule decides as by the default; where it does not, the node conforms.
    Why: a definition read two ways may decide whether the rule applies at all (South Bristol
    § 73-5 'An enclosed storage structure', one enclosed side or four; Kings Point Standards
    D(2)(b), a lift listed on the dock), and a verdict that turns on it must be reported."""
    return (reading, DL.readingExceptWhen, None) in law and not any(
        (reading, p, None) in law for p in CHANGES)


class _Views:
    """The derived graph as a reading naming a construction (dl:readsConstruction) reads it,
    with its evaluator: one per construction and application."""

    def __init__(self, derived: Graph, prepared: Prepared, evaluator: Evaluator) -> None:
        self.derived, self.prepared = derived, prepared
        self.made: dict[Node | None, tuple[Graph, Evaluator]] = {None: (derived, evaluator)}

    def get(self, construction: Node | None) -> tuple[Graph, Evaluator]:
        if construction not in self.made:
            view = construction_view(self.derived, construction)
            self.made[construction] = (view, Evaluator(self.prepared.knowledge, view,
                                                       self.prepared.units))
        return self.made[construction]


def construction_view(derived: Graph, construction: Node) -> Graph:
    """``derived`` without the derived values that another construction measured of a property
    this one measured on the same node (geometry ``tie-line-and-shore-length``: the tie line
    and the shore length are both dl:shorelineFrontage; a reading naming one sets the other
    aside). Stated values stay, except one agreeing with another construction's drawn value
    and not with this one's (it states that construction's figure); where the construction
    measured nothing (the two lengths agree within the tolerance and one was written), nothing
    is set aside: the derived graph itself."""
    measured = {(s, p) for qv in derived.subjects(DL.measuredBy, construction)
                for s, p in derived.subject_predicates(qv)}
    aside = [(s, p, qv) for s, p in sorted(measured, key=str) for qv in derived.objects(s, p)
             if (derived.value(qv, DL.derived) == TRUE
                 and derived.value(qv, DL.measuredBy) not in (None, construction))
             or _states_another(derived, qv, construction)]
    if not aside:
        return derived
    view = Graph()
    for triple in derived:
        view.add(triple)
    for triple in aside:
        view.remove(triple)
    return view


def _states_another(derived: Graph, value: Node, construction: Node) -> bool:
    """A stated value agreeing (within the tolerance) with the drawn value of another
    construction and not with this one's (dl:agreesWithConstruction, geometry output): it
    states that construction's figure (blind review 92 F2: a stated frontage equal to the drawn
    tie line was read as the shore length under the shore-length reading)."""
    agreed = set(derived.objects(value, DL.agreesWithConstruction))
    return bool(agreed) and construction not in agreed


def _set_aside(derived: Graph, prepared: Prepared, rule: URIRef, focus: Node,
               reading: Node) -> tuple[bool | None, str] | None:
    """Whether the reading's own exceptions (dl:readingExceptWhen, written as a dl:exceptWhen
    is: clauses that must all hold) set the focus aside: (False, why) where one holds (under
    that reading the rule does not reach it: review 83 F3, a lift listed on the dock, held to
    Kings Point's width limit by the encoded reading, set aside by the other); (None, the facts
    it needs) where one holds only because a fact its dl:absentAsked clause reads is not stated
    (South Bristol § 73-5 read as 'enclosed all round': a storage locker stating no count of
    enclosed sides may or may not be one), as ``targets.exception_asks`` asks it for the law's
    own exceptions; None where none holds: the reading reaches the focus as the rule does."""
    return _clauses_met(derived, prepared, rule, focus, reading, DL.readingExceptWhen,
                        "not held under this reading")


def _clauses_met(derived: Graph, prepared: Prepared, rule: URIRef, focus: Node, reading: Node,
                 prop: URIRef, verdict_words: str) -> tuple[bool | None, str] | None:
    """The reading's own condition sets under ``prop`` (dl:readingExceptWhen,
    dl:readingBreaksWhen; each a label and dl:clause conditions that must all hold) read on
    ``focus``: (False, why) where one holds, (None, the facts it needs) where one holds only
    because a fact its dl:absentAsked clause reads is not stated, None where none holds."""
    law = prepared.knowledge
    app = next(iter(derived.subjects(DL.proposes, None)), None)
    facts, proposed = AppFacts(derived), None
    needs: list[str] = []
    # by label: an exception is a blank node, named anew on every parse and by a remote store
    for exception in sorted(law.objects(reading, prop),
                            key=lambda e: (str(law.value(e, RDFS.label) or ""), str(e))):
        problems: list[str] = []
        clauses = [c for node in law.objects(exception, DL.clause)
                   if (c := condition_of(prepared, rule, node, curie(prop),
                                         problems)) is not None]
        if not clauses or problems:
            continue  # (a malformed exception sets nothing aside: the rule still reaches)
        if proposed is None:
            proposed = part_closure(derived, derived.objects(app, DL.proposes)) \
                if app is not None else set()
        if not exception_holds(derived, app, focus, clauses, facts, proposed):
            continue
        missing = [(s, c.than if c.than is not None else c.prop) for c in clauses
                   if c.absent_asks and app is not None
                   for s in unstated_subjects(derived, app, focus, c)]
        missing += [(s, c.prop) for c in clauses if c.contested and app is not None
                    for s in contested_subjects(derived, app, focus, c, facts)]
        if not missing:
            label = str(law.value(exception, RDFS.label) or "a condition of this reading")
            stated = _stated(law, derived, focus, clauses)
            return False, f"{verdict_words}: {label}{stated}"
        needs += [_needed(law, s, prop, focus) for s, prop in missing]
    if needs:
        return None, "needs " + ", ".join(dict.fromkeys(needs))
    return None


def _stated(law: Graph, derived: Graph, focus: Node, clauses: list[Condition]) -> str:
    """The focus's values its exception's quantity clauses compared (' (dl:enclosedSides 2)')."""
    shown = []
    for c in clauses:
        if c.threshold is None or c.off_focus or c.on_whole or c.whole_first:
            continue
        values = [v for v in (comparable(derived, o) for o in derived.objects(focus, c.prop))
                  if v is not None and not isinstance(v, bool)]
        if values:
            numbers_ = ", ".join(display_number(v) for v in values)
            shown.append(f"{curie(c.prop)} {numbers_}")
    return f" ({'; '.join(shown)})" if shown else ""


def _needed(law: Graph, subject: Node, prop: URIRef, focus: Node) -> str:
    name = curie(prop)  # (not the law graph's prefixes: a store's copy of the law has none)
    return name if subject == focus else f"{name} of {node_name(subject)}"


NUMERIC = (SH.minInclusive, SH.minExclusive, SH.maxInclusive, SH.maxExclusive)


def value_path(shapes: Graph, shape: Node, constrained: tuple[URIRef, ...]) -> Node | None:
    """The path of the (possibly nested) property shape that compares the rule's value."""
    todo, seen, fallback = [shape], set(), None
    while todo:
        node = todo.pop(0)
        if node in seen:
            continue
        seen.add(node)
        path = shapes.value(node, SH.path)
        if path is not None:
            steps = [s for s in path_steps(shapes, path) if s != QUDT.numericValue]
            if steps and steps[-1] in constrained:
                if any(shapes.value(node, p) is not None for p in NUMERIC) or \
                        shapes.value(node, DL.limitParameter) is not None or \
                        shapes.value(node, DL.computedLimit) is not None:
                    return path
                fallback = fallback or path
        # in a fixed order, the plainest path first (a shape comparing the node's own value
        # and its parts' through sh:oneOrMorePath has two that end in the value: the graph's
        # order of them followed the hash seed, and the parts' path, with nothing to read on a
        # dock listing none, left the reading "needs the value compared" under some seeds)
        todo.extend(sorted(shapes.objects(node, SH.property), key=lambda n: _plainness(shapes, n)))
    return fallback


def _plainness(shapes: Graph, prop_shape: Node) -> tuple[int, str]:
    """Sort key of a property shape by its path: fewer complex steps (sh:oneOrMorePath ...)
    first, then the steps' names (blank nodes are named anew on every parse)."""
    path = shapes.value(prop_shape, SH.path)
    if path is None:
        return (99, "")
    members = list(Collection(shapes, path)) if shapes.value(path, RDF.first) is not None \
        else [path]
    return (sum(not isinstance(m, URIRef) for m in members),
            " ".join(str(m) for m in members if isinstance(m, URIRef)))


def _numeric(derived: Graph, prepared: Prepared, rule: URIRef, focus: Node, path: Node | None,
             reading: Node | None, evaluator: Evaluator) -> tuple[str, str] | None:
    """(verdict, detail) of a numeric rule under a reading (None: the rule is not numeric)."""
    law = prepared.knowledge
    comparison = (law.value(reading, DL.comparison) if reading is not None else None) or \
        law.value(rule, DL.comparison)
    kind = COMPARISONS.get(comparison)
    if kind is None:
        return None
    constrained = law.value(rule, DL.constrains)
    unit = prepared.units.canonical_of_property.get(constrained)
    value_expr = law.value(reading, DL.readingValue) if reading is not None else None
    values: list[Decimal] = []
    try:
        if value_expr is not None:
            values = [evaluator.evaluate(value_expr, focus)]
        elif path is not None:
            values = numbers(derived, focus, rdflib_path(prepared.compiled(
                _jid(prepared, rule)).graph, path))
        else:
            return None
        limit = _limit(derived, prepared, rule, focus, reading, evaluator, unit,
                       maximum=kind[0] == "max")
    except Contested as contested:
        return _at_both_ends(prepared, values, contested, kind, unit)
    except MissingOperand as missing:
        across = _across_gap(prepared, rule, reading, evaluator, focus, values, kind, unit) \
            if isinstance(missing, TableGap) and values else None
        return across or ("undetermined", f"needs {missing.note}")
    if limit is not None and not values:
        bounded = _lower_bound(derived, law, rule, focus, value_expr)
        if bounded is not None:  # (a total only bounded below: read at its bound)
            least, past, greatest = bounded
            at = f"{'more than' if past else 'at least'} {_shown(prepared, least, unit)}"
            broken = violates(least + (PAST_BOUND if past else 0), limit, *kind)
            if broken and kind[0] == "max":
                return "violates", f"{at}; {WORDS[kind]} {_shown(prepared, limit, unit)}"
            if (not broken and kind[0] == "min") or (
                    greatest is not None and not violates(greatest, limit, *kind)):
                most = "" if greatest is None else f", at most {_shown(prepared, greatest, unit)}"
                return "conforms", f"{at}{most}; {WORDS[kind]} {_shown(prepared, limit, unit)}"
            return "undetermined", (f"{at}, the total not stated; {WORDS[kind]} "
                                    f"{_shown(prepared, limit, unit)}")
    if limit is None or not values:
        return "undetermined", "needs the value compared"
    bad = [v for v in values if violates(v, limit, *kind)]
    if not bad:
        bound = _bound_breaking(derived, law, rule, focus, value_expr, limit, kind)
        if bound is not None:
            return "undetermined", (f"{', '.join(_shown(prepared, v, unit) for v in values)} "
                                    f"as read, which may be {bound}; {WORDS[kind]} "
                                    f"{_shown(prepared, limit, unit)}")
    # in ascending order: the graph's order of two stated values (two sides' setbacks) is the
    # order they were added in, which the input's form and the process's history can change
    shown = [_shown(prepared, v, unit) for v in sorted(bad or values)]
    detail = f"{', '.join(shown)}; {WORDS[kind]} {_shown(prepared, limit, unit)}"
    return ("violates" if bad else "conforms"), detail


def _across_gap(prepared: Prepared, rule: URIRef, reading: Node | None, evaluator: Evaluator,
                focus: Node, values: list[Decimal], kind: tuple[str, bool],
                unit: URIRef | None) -> tuple[str, str] | None:
    """(verdict, detail) of values against an allocation whose frontage falls between two rows
    of the reading's table, as derive judges the encoded one (``decided_by_bounds``, blind
    review 151 F2): met under every row beside the gap, conforms; broken under every one,
    violates; else None (undetermined)."""
    law = prepared.knowledge
    expr = next((e for e in (law.value(s, DL.limitExpression) for s in (reading, rule)
                             if s is not None) if e is not None), None)
    if expr is None:
        return None
    low, high = Bounds(evaluator, table_gaps=True).interval(expr, focus)
    strict, lax = (low, high) if kind[0] == "max" else (high, low)
    if strict is None or lax is None:
        return None
    shown = f"{WORDS[kind]} {_shown(prepared, strict, unit)} to {_shown(prepared, lax, unit)}"
    listed = ", ".join(_shown(prepared, v, unit) for v in sorted(values))
    if not any(violates(v, strict, *kind) for v in values):
        return "conforms", f"{listed}; {shown} under the rows beside the table's gap"
    if all(violates(v, lax, *kind) for v in values):
        return "violates", f"{listed}; {shown} under the rows beside the table's gap"
    return None


def _at_both_ends(prepared: Prepared, values: list[Decimal], contested: Contested,
                  kind: tuple[str, bool], unit: URIRef | None) -> tuple[str, str]:
    """(verdict, detail) of values against a limit two contradicting statements give two
    figures of (limits.Contested): broken under both, violates; met under both, conforms;
    else undetermined, the question named (blind review 145 F6)."""
    if not values:
        return "undetermined", "needs the value compared"
    broken = [any(violates(v, end, *kind) for v in values) for end in contested.ends]
    limits = " or ".join(_shown(prepared, end, unit) for end in contested.ends)
    detail = (f"{', '.join(_shown(prepared, v, unit) for v in sorted(values))}; "
              f"{WORDS[kind]} {limits} as the contradicting statements are read")
    if all(broken):
        return "violates", detail
    if not any(broken):
        return "conforms", detail
    return "undetermined", f"needs {contested.note}"


def _bound_breaking(derived: Graph, law: Graph, rule: URIRef, focus: Node,
                    value_expr: Node | None, limit: Decimal, kind: tuple[str, bool]
                    ) -> str | None:
    """Where a value the reading compares carries a dl:UpperBoundTotal (the drawing reads one
    end of a range: undrawn parts, an undrawn side line) whose other end breaks the limit, the
    reading decides nothing on the value as read (as the encoded reading asks it): that end,
    shown, else None. Why: a North Haven dock drawn beside one lot line of two was asked its
    side setback under § 56-3A's encoded reading, yet reported to conform under readings B
    and C on the one line's clearance (blind review 142 F1)."""
    props = set(law.objects(rule, DL.constrains))
    if value_expr is not None:
        props |= {p for _s, p in _expression_properties(law, value_expr)}
    for note in sorted(derived.subjects(DL.focus, focus), key=str):
        if (note, RDF.type, DL.UpperBoundTotal) not in derived or \
                derived.value(note, DL.property) not in props:
            continue
        compared = set(derived.objects(note, DL.comparedBy))
        if compared and rule not in compared:
            continue
        most = to_decimal(derived.value(note, DL.upperBound))
        if most is None:
            return "more, without an upper bound"
        if violates(most, limit, *kind):
            return f"as {'much' if kind[0] == 'max' else 'little'} as {display_number(most)}"
    return None


def _lower_bound(derived: Graph, law: Graph, rule: URIRef, focus: Node,
                 value_expr: Node | None) -> tuple[Decimal, bool, Decimal | None] | None:
    """Where the value the reading compares is not written because the listed structures bound
    it only below (a dl:LowerBoundTotal compared by the rule: one of them states no number of
    its own), the bound read as the pipeline reads it (the greatest of several), whether it is
    exclusive, and the most it can be where known (dl:greatestBound), else None. A limit the
    bound already breaks is broken under the reading, one the most meets is met, any other is
    open. Why: a reading was judged on the value alone and reported 'needs the value
    compared' where the count's least already broke its limit, so a verdict that depends on the
    reading (cited under one, asked under the other) was reported as the same (blind review
    143 F3, ranged totals)."""
    props = set(law.objects(rule, DL.constrains))
    if value_expr is not None:
        props |= {p for _s, p in _expression_properties(law, value_expr)}
    found: tuple[Decimal, bool, Decimal | None] | None = None
    for note in sorted(derived.subjects(DL.focus, focus), key=str):
        if (note, RDF.type, DL.LowerBoundTotal) not in derived or \
                derived.value(note, DL.property) not in props:
            continue
        compared = set(derived.objects(note, DL.comparedBy))
        least = to_decimal(derived.value(note, DL.lowerBound))
        if (compared and rule not in compared) or least is None:
            continue
        if found is None or least > found[0]:
            found = (least, derived.value(note, DL.lowerBoundExclusive) == TRUE,
                     to_decimal(derived.value(note, DL.greatestBound)))
    return found


def _expression_properties(law: Graph, expr: Node, depth: int = 0) -> set[tuple[Node, Node]]:
    """The (node, property) pairs an expression reads (its dl:PropertyOf operands)."""
    found: set[tuple[Node, Node]] = set()
    if depth > 8:
        return found
    prop = law.value(expr, DL.property)
    if prop is not None:
        found.add((expr, prop))
    for _p, o in law.predicate_objects(expr):
        if (o, RDF.first, None) in law:
            for item in Collection(law, o):
                found |= _expression_properties(law, item, depth + 1)
    return found


def _limit(derived: Graph, prepared: Prepared, rule: URIRef, focus: Node, reading: Node | None,
           evaluator: Evaluator, unit: URIRef | None, maximum: bool = True) -> Decimal | None:
    law = prepared.knowledge
    for source in ([reading] if reading is not None else []) + [rule]:
        qv = law.value(source, DL.limit)
        if qv is not None:
            number = to_decimal(law.value(qv, QUDT.numericValue))
            stated = law.value(qv, QUDT.unit)
            if number is not None and isinstance(stated, URIRef):
                return prepared.units.convert(number, stated, unit) or number
            return number
        expr = law.value(source, DL.limitExpression)
        if expr is not None:
            if source == rule and (reading is None or law.value(
                    reading, DL.readsConstruction) is None):
                # the default's computed limit: the one derive wrote (a reading naming a
                # construction computes it again from the values it reads)
                for node in derived.objects(focus, DL.computedLimitValue):
                    if derived.value(node, DL.rule) == rule:
                        return to_decimal(derived.value(node, QUDT.numericValue))
            evaluator.read = []
            value = evaluator.evaluate(expr, focus)
            # an operand with disagreeing values (a drawn frontage beside the stated one): the
            # stricter, as derive computes the encoded reading's (Evaluator.stricter)
            value = evaluator.stricter(expr, focus, value, maximum)[0]
            ends = evaluator.contested_ends(expr, focus, value)
            if ends is not None:  # two statements contradict: judged under both (_numeric)
                prop, question = evaluator.contested_question()
                raise Contested(prop, question, ends)
            return value
    return None


def _jid(prepared: Prepared, rule: URIRef) -> str:
    return prepared.rules[rule].jurisdiction


def _shown(prepared: Prepared, value: Decimal, unit: URIRef | None) -> str:
    return prepared.units.describe(value, unit) if unit is not None else display_number(value)


def _relief_readings(results: list[Result], prepared: Prepared) -> list[ReadingOutcome]:
    """Sections listed under two kinds of relief: the relief of each cited violation under each
    recorded reading (the verdict itself does not change)."""
    law = prepared.knowledge
    out: list[ReadingOutcome] = []
    seen: set[tuple[str, str]] = set()
    for r in results:
        if r.severity != "Violation" or not r.section_iri:
            continue
        section = URIRef(r.section_iri)
        alternatives = _alternatives(law, section)
        if not alternatives or (r.section_iri, r.focus_node) in seen:
            continue
        seen.add((r.section_iri, r.focus_node))
        outcome = ReadingOutcome(r.section, r.section_iri, r.rule, r.focus_node)
        default = law.value(section, DL.defaultReading)
        label, note = _reading(law, default, True) if default is not None else ("A", "")
        outcome.readings.append(ReadingVerdict(label, note, True, "violates", relief=r.relief))
        authority = f" ({r.relief_authority})" if r.relief_authority else ""
        for alt in alternatives:
            label, note = _reading(law, alt, False)
            cls = law.value(alt, DL.varianceClass)
            relief = RELIEF_NAMES.get(cls, str(cls)) + authority if cls is not None else None
            outcome.readings.append(ReadingVerdict(label, note, False, "violates",
                                                   relief=relief))
        out.append(outcome)
    return out


def text_lines(outcomes: list[ReadingOutcome]) -> list[str]:
    if not outcomes:
        return []
    lines = ["Readings (where the text admits more than one):"]
    for o in outcomes:
        lines.append(f"  {o.section or '(no section)'} on {o.focus_node}: {o.summary}")
        for r in o.readings:
            mark = " (default)" if r.default else ""
            lines.append(f"    {r.label}{mark}: {r.verdict}"
                         + (f" - {r.relief}" if r.relief else "")
                         + (f" - {r.note}" if r.note else ""))
    lines.append("")
    return lines

