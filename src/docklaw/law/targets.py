"""Focus nodes of every shape of one jurisdiction, evaluated once per application.

Why not let pyshacl evaluate the SPARQL targets: rdflib parses each target query again on
every run and evaluates unions and property paths slowly (about 5 ms per shape even when
prepared; 1.4 s per application for ~45 shapes). The same queries run in an in-memory
Oxigraph mirror of the (plain rdflib) application graph take well under a millisecond each.
The focus nodes are then typed with each shape's marker class (``compile.focus_marker``),
which the runtime shapes target with core ``sh:targetClass``.
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Collection, Iterable, Iterator
from datetime import date
from decimal import Decimal

import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.kg.flatstore import remembered
from docklaw.law.compile import (
    BEFORE_OPS,
    MAINTAINING,
    REACH_OF_WHOLE,
    CompiledShapes,
    Condition,
    TargetSpec,
    focus_marker,
)
from docklaw.law.components import all_parts
from docklaw.law.required import IRI as _IRI
from docklaw.law.required import unmet
from docklaw.law.units import to_decimal
from docklaw.namespaces import DL, QUDT, RDF, XSD

#: IRIs and literals already converted (vocabulary terms and values recur).
_TERMS: dict[object, object] = {}
_TERMS_MAX = 50_000


#: what may make a query read a triple whose predicate its text does not name: a variable as
#: a predicate (after a subject, or after ``;``), a negated property set, a prefixed name
#: (PREFIX) or a SERVICE/GRAPH. Over-matching only copies every triple, as before.
_OPEN_PREDICATE = re.compile(
    r"(?:[?$]\w+|>|\])\s+[?$]\w+\s+(?:[?$]\w|<>|[\"'\d\[(+-]|_:|true\b|false\b)"  # ?s ?p ?o
    r"|;\s*[?$]\w+"  # ; ?p ?o
    r"|!\s*(?:<>|\^|a\b|\(\s*(?:<>|\^|a\b))"  # a negated property set
    r"|\b(?:PREFIX|BASE|GRAPH|SERVICE)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=256)
def predicates_read(queries: tuple[str, ...]) -> frozenset[URIRef] | None:
    """The predicates (IRIs) that ``queries`` can read: every IRI their texts write, and
    rdf:type (``a``); None when a text may read any predicate (``_OPEN_PREDICATE``).

    Why: the mirror of each application held all of its derived triples (250-400) while a
    code's target queries read a few predicates; copying only those made the mirror about
    half as costly (bench/RESULTS.md, issue 27, session of 2026-12-03). Read from the text,
    which holds every nested pattern, not from rdflib's algebra (whose printed tree leaves
    out a ``FILTER NOT EXISTS`` group's pattern: a wider attempt lost focus nodes that way)."""
    found = {RDF.type, RDF.first, RDF.rest}  # (a list written in a query: rdf:first/rest)
    for text in queries:
        bare = _IRI.sub("<>", text)
        if "\\" in text or _OPEN_PREDICATE.search(bare):  # (an escape may write any IRI)
            return None
        found.update(URIRef(iri) for iri in _IRI.findall(text))
    return frozenset(found)


class Mirror:
    """An Oxigraph store holding a copy of an rdflib graph, with term maps both ways.

    ``predicates``: copy only the triples with these predicates (None: all)."""

    def __init__(self, graph: Graph, predicates: frozenset[URIRef] | None = None) -> None:
        self.to_ox: dict[Node, object] = {}
        self.from_ox: dict[object, Node] = {}
        self.store = ox.Store()
        term = self.term
        self.store.extend([ox.Quad(term(s), term(p), term(o)) for s, p, o in graph
                           if predicates is None or p in predicates])  # no bulk loader needed

    def term(self, node: Node) -> object:
        if isinstance(node, BNode):
            mapped = self.to_ox.get(node)
            if mapped is None:
                mapped = self.to_ox[node] = ox.BlankNode()
                self.from_ox[mapped] = node
            return mapped
        # literals are keyed by their exact form: rdflib's == ignores lexical form ("01" == "1")
        key = node if isinstance(node, URIRef) else (
            str(node), getattr(node, "datatype", None), getattr(node, "language", None))
        cached = _TERMS.get(key)
        if cached is None:
            if len(_TERMS) > _TERMS_MAX:
                _TERMS.clear()
            cached = _TERMS[key] = self.convert(node)
        return cached

    @staticmethod
    def convert(node: Node) -> object:
        """An IRI or literal as an Oxigraph term."""
        if isinstance(node, URIRef):
            return ox.NamedNode(str(node))
        if isinstance(node, Literal):
            if node.language:
                return ox.Literal(str(node), language=node.language)
            if node.datatype:
                return ox.Literal(str(node), datatype=ox.NamedNode(str(node.datatype)))
            return ox.Literal(str(node))
        raise TypeError(f"unexpected RDF term {node!r}")

    def back(self, term: object) -> Node | None:
        if isinstance(term, ox.NamedNode):
            return URIRef(term.value)
        if isinstance(term, ox.BlankNode):
            return self.from_ox.get(term)
        return None  # a literal cannot be a focus node of these shapes

    def select(self, query: str) -> list[Node]:
        nodes: set[Node] = set()
        for solution in self.store.query(query):
            value = solution["this"]
            node = self.back(value) if value is not None else None
            if node is not None:
                nodes.add(node)
        return sorted(nodes, key=str)


NUMERIC = {XSD.integer, XSD.decimal, XSD.double, XSD.float, XSD.int, XSD.long, XSD.short,
           XSD.byte, XSD.nonNegativeInteger, XSD.positiveInteger, XSD.unsignedInt,
           XSD.unsignedLong, XSD.unsignedShort, XSD.unsignedByte, XSD.negativeInteger,
           XSD.nonPositiveInteger}


def part_closure(graph: Graph, starts: Iterable[Node],
                 known: frozenset[Node] | set[Node] = frozenset()) -> set[Node]:
    """``starts`` and everything they list as parts (dl:hasPart*), in any order, cycles
    included; a node in ``known`` is taken as already reached and not followed further."""
    seen: set[Node] = set()
    stack = list(starts)
    while stack:
        node = stack.pop()
        if node not in seen and node not in known:
            seen.add(node)
            stack.extend(graph.objects(node, DL.hasPart))
    return seen


def reachable(graph: Graph, app: Node) -> set[Node]:
    """?app dl:proposes/dl:hasPart* ?this, the vessels berthed there (^dl:mooredAt: "no
    structure, vessel or combination thereof", North Hempstead § 42-9A(2)), the vessels
    listed among the parcel's structures (``parcel_vessels``), ?app dl:parcel ?this, and the
    application itself."""
    seen = part_closure(graph, graph.objects(app, DL.proposes))
    seen.update({v for node in seen for v in graph.subjects(DL.mooredAt, node)})
    seen.update(parcel_vessels(graph, app))
    seen.update(graph.objects(app, DL.parcel))
    seen.add(app)
    return seen


def parcel_vessels(graph: Graph, app: Node) -> set[Node]:
    """?app dl:parcel/dl:hasStructure ?this, ?this a dl:Vessel (types materialised).

    Why: a vessel is never built, so no work of the application decides whether it is
    checked; listed on the parcel it lies at the application's site whether or not it is
    stated moored (dl:mooredAt) at a proposed structure, and a rule on vessels ("no structure
    or vessels shall extend within a distance of 50 feet", North Hempstead § 42-9A(3))
    reaches it. Review 81 F1: such a vessel stating 10 feet from a channel conformed, its
    facts not even listed as unread, where the same vessel proposed or moored violated.

    A vessel moored (dl:mooredAt) at a structure the application neither proposes nor works
    on, and not itself listed on the parcel, is not reached: the standards govern what is
    "constructed, erected, enlarged, installed, altered or improved" (North Hempstead § 42-9
    chapeau), and a boat at an untouched existing dock is no part of that (blind reviews 83
    and 84: it was cited under § 42-9A(2)/(3) against an application for another, conforming
    dock). The reading not chosen (fix-misc: moored at a structure on the parcel, it lies at
    the application's site) held an existing berth to standards its dock is not held to."""
    return {v for parcel in graph.objects(app, DL.parcel)
            for v in graph.objects(parcel, DL.hasStructure) if (v, RDF.type, DL.Vessel) in graph}


def self_and_containers(graph: Graph, node: Node) -> set[Node]:
    """?x such that ?x dl:hasPart* node."""
    seen = {node}
    stack = [node]
    while stack:
        for owner in graph.subjects(DL.hasPart, stack.pop()):
            if owner not in seen:
                seen.add(owner)
                stack.append(owner)
    return seen


def self_and_parts(graph: Graph, node: Node) -> set[Node]:
    """?x such that node dl:hasPart* ?x (iterative: a chain of any depth)."""
    return {node, *all_parts(graph, node)}


def parcel_matches(graph: Graph, parcel: Node, spec: TargetSpec) -> bool:
    if spec.uses and not any(u in spec.uses for u in graph.objects(parcel, DL.landUse)):
        return False
    if spec.tiers and not any(
            isinstance(t, Literal) and t.datatype in NUMERIC and to_decimal(t) in spec.tiers
            for t in graph.objects(parcel, DL.tier)):
        return False
    if spec.categories and not any(str(c) in spec.categories
                                   for c in graph.objects(parcel, DL.footageCategory)):
        return False
    return spec.steep is None or (parcel, DL.steepSlope, spec.steep) in graph


def condition_subjects(graph: Graph, app: Node, node: Node, cond: Condition) -> list[Node]:
    """Where a condition reads its fact: the parcel, the structures the node is a part of
    (dl:of dl:Whole), or the node itself."""
    if cond.on_parcel:
        return list(graph.objects(app, DL.parcel))
    if cond.on_app:
        return [app]
    if cond.on_proposed and cond.than is not None:  # (each proposed structure: its values
        return sorted(graph.objects(app, DL.proposes), key=str)  # include its parts')
    if cond.on_proposed:  # what the application proposes, and their parts
        return sorted({q for p in graph.objects(app, DL.proposes)
                       for q in self_and_parts(graph, p)}, key=str)
    if cond.on_whole and cond.direct:  # (dl:DirectWhole) those listing it, one step up
        return sorted(set(graph.subjects(DL.hasPart, node)) - {node}, key=str)
    if cond.on_whole:
        return sorted(self_and_containers(graph, node) - {node}, key=str)
    if cond.whole_first:  # the outermost that states it, else the node itself
        hosts = self_and_containers(graph, node)
        stating = {h for h in hosts if (h, cond.prop, None) in graph}
        outermost = [h for h in stating
                     if not (self_and_containers(graph, h) - {h}) & stating]
        return sorted(outermost, key=str) or [node]
    return [node]


def comparable(graph: Graph, value: Node) -> object:
    """A stated value as compared: a quantity's number, a count, a flag (None otherwise)."""
    number = graph.value(value, QUDT.numericValue)
    if isinstance(number, Literal) and number.datatype in NUMERIC:
        return to_decimal(number)
    if isinstance(value, Literal) and value.datatype in NUMERIC:
        return to_decimal(value)
    if isinstance(value, Literal) and value.datatype == XSD.boolean:
        return bool(value.toPython())
    return None


def kept_within(graph: Graph, subject: Node, cond: Condition) -> bool:
    """dl:NotExtendedCondition: every stated value no worse than every stated preexisting one
    (a stated value and a larger one read from the parts: the larger must be within too), at
    least one of each stated, and no part extending it (``parts_past``; for a reach,
    ``REACH_OF_WHOLE``, no part reaching past the former one either). With dl:absentAsked a
    value stated with no former one holds too (the former one is asked: ``exception_asks``),
    unless a part extends its own former value."""
    values = [comparable(graph, v) for v in graph.objects(subject, cond.prop)]
    formers = [comparable(graph, f) for f in graph.objects(subject, cond.than)]
    if not values:
        return False
    if not formers:
        return (cond.absent_asks and not parts_past(graph, subject, cond, None)
                and not past_wholes(graph, subject, cond, values))
    return all(actual is not None and former is not None
               and isinstance(actual, bool) == isinstance(former, bool)
               and COMPARE[cond.op](actual, former)
               and not parts_past(graph, subject, cond, former)
               for actual in values for former in formers)


def withdrawn_there(graph: Graph, subject: Node, prop: URIRef) -> bool:
    """The application states ``prop`` of ``subject`` but docklaw does not believe it: the
    value was moved onto a dl:Discrepancy (dl:declaredValue), the rules reading another figure
    or a bound. A dl:UnstatedCondition ("the application describes no number of boat slips")
    does not hold there: the application described one. Why: a nonconforming dock stating 3
    slips over four lifts stating 1 each (4 to 7) had its stated 3 withdrawn, and § 73-21A's
    exception for a structure stating neither its slips nor its former slips then held, where
    its former slips had been asked (blind review 135)."""
    return any((note, RDF.type, DL.Discrepancy) in graph and (note, DL.property, prop) in graph
               and (note, DL.declaredValue, None) in graph
               for note in graph.subjects(DL.focus, subject))


def bounded_only(graph: Graph, subject: Node, prop: URIRef) -> bool:
    """The structure's total of ``prop`` is known only from below (a dl:LowerBoundTotal note:
    what its listed parts state), its value not written."""
    return (subject, prop, None) not in graph and any(
        (note, RDF.type, DL.LowerBoundTotal) in graph and (note, DL.property, prop) in graph
        for note in graph.subjects(DL.focus, subject))


def proposed_kept(graph: Graph, subject: Node, cond: Condition) -> bool:
    """A dl:NotExtendedCondition naming its fact, read on one proposed structure: nothing after
    the work stated or read from its parts holds (the work is what it is stated to be); a value
    is held within its former one (``kept_within``); a total its parts bound only from below
    beside a stated former value is not shown within it (the bounds decide: at the lower bound
    within it the total is asked, past it the rule is cited, ``pipeline.bounded``). With
    dl:absentAsked a value or bound with no former one holds, and the former one is asked
    (``unstated_subjects``)."""
    if (subject, cond.prop, None) in graph:
        return kept_within(graph, subject, cond)
    if not bounded_only(graph, subject, cond.prop):
        return True
    return cond.absent_asks and (subject, cond.than, None) not in graph


def past_wholes(graph: Graph, subject: Node, cond: Condition, values: list[object]) -> bool:
    """For a reach (``REACH_OF_WHOLE``) of a part stating no former reach of its own: a value
    past the former reach of a structure it is a part of (a whole's former reach counts its
    parts, so the part reached no farther): a float 90 ft out on a dock that reached 80 extends
    it, and its unstated former reach is not asked (fix-jer19: such a float stated repaired,
    proposed without its dock, conformed)."""
    if cond.prop not in REACH_OF_WHOLE:
        return False
    compare = COMPARE[cond.op]
    return any(isinstance(actual, Decimal) and isinstance(was, Decimal)
               and not compare(actual, was)
               for w in self_and_containers(graph, subject) - {subject}
               for was in (comparable(graph, f) for f in graph.objects(w, cond.than))
               for actual in values)


def parts_past(graph: Graph, subject: Node, cond: Condition, former: object) -> bool:
    """A part of ``subject`` (any depth) that extends the nonconformity: one whose stated value
    is worse than its own stated former one and fails the rule's limit (a finger moved from 5
    to 3 ft of a line the rule keeps structures 10 ft from; one moved from 20 to 15 ft stays
    outside the nonconformity, Keuka § 160-126B(4) "does not extend the area or volume of space
    occupied by the nonconformity"), or, for a reach (``REACH_OF_WHOLE``), whose reach is
    worse than the whole's former one (a finger replaced by a longer one: "no part of the
    dock", Canandaigua § 73-9C(1)(c), Keuka § 160-123A(1)(b))."""
    compare = COMPARE[cond.op]
    meets = COMPARE[cond.limit_op] if cond.limit_op is not None else None
    for part in self_and_parts(graph, subject) - {subject}:
        for value in graph.objects(part, cond.prop):
            actual = comparable(graph, value)
            if not isinstance(actual, Decimal):
                continue
            if cond.prop in REACH_OF_WHOLE and isinstance(former, Decimal) and not compare(
                    actual, former):
                return True
            if meets is None or meets(actual, cond.limit):
                continue  # (no constant limit, or the part meets it)
            for own in graph.objects(part, cond.than):
                was = comparable(graph, own)
                if isinstance(was, Decimal) and not compare(actual, was):
                    return True
    return False


def date_holds(value: Node, cond: Condition) -> bool:
    return (isinstance(value, Literal) and value.datatype == XSD.date
            and isinstance(value.toPython(), date)
            and COMPARE[cond.op](value.toPython(), cond.date.toPython()))


def bound_decides(graph: Graph, subject: Node, cond: Condition) -> bool | None:
    """What a lower bound on a date clause's fact (``Condition.bound``: a whole is no older
    than its parts, derivation/dated.py) decides on ``subject``: False where a bound falls past
    an "on or before" threshold (the date, stated or not, is past it too), True where one meets
    an "on or after" threshold, None where no bound decides (a bound on or before an "on or
    before" threshold says nothing of whether the date is)."""
    if cond.bound is None:
        return None
    meets = [date_holds(b, cond) for b in graph.objects(subject, cond.bound)
             if isinstance(b, Literal) and b.datatype == XSD.date
             and isinstance(b.toPython(), date)]
    if cond.op in BEFORE_OPS:
        return False if not all(meets) else None
    return True if any(meets) else None


#: each condition object -> the one equal condition that stands for it (``condition_holds``);
#: the key is its ``id``, kept alive in the entry so the id is not reused
_SAME_CONDITION: dict[int, tuple[Condition, Condition]] = {}
_CONDITIONS: dict[Condition, Condition] = {}
_SAME_CONDITION_MAX = 50_000


def same_condition(cond: Condition) -> Condition:
    """The first condition seen equal to ``cond`` (compared by value once per object)."""
    found = _SAME_CONDITION.get(id(cond))
    if found is not None and found[0] is cond:
        return found[1]
    if len(_SAME_CONDITION) > _SAME_CONDITION_MAX:
        _SAME_CONDITION.clear()
        _CONDITIONS.clear()
    canonical = _CONDITIONS.setdefault(cond, cond)
    _SAME_CONDITION[id(cond)] = (cond, canonical)
    return canonical


def condition_holds(graph: Graph, app: Node, node: Node, cond: Condition) -> bool:
    """Whether ``cond`` holds for ``node`` of ``app``: remembered until the graph next changes
    (``FlatGraph.memo``) under the condition's value, not its identity.

    Why: a code's rules repeat the same condition as distinct objects (one per rule, clause
    and guard), and three in four computations were of an equal condition on the same node of
    the unchanged graph (issue 27). The answer reads only the graph and the condition's
    fields, so an equal condition on the same graph state has the same answer."""
    canonical = same_condition(cond)
    return remembered(graph, ("condition_holds", app, node, id(canonical)),
                      lambda: _condition_holds(graph, app, node, canonical))


def _condition_holds(graph: Graph, app: Node, node: Node, cond: Condition) -> bool:
    subjects = condition_subjects(graph, app, node, cond)
    if cond.direct and not cond.unstated:  # (dl:DirectWhole) every structure listing it
        return bool(subjects) and all(_holds_on(graph, [s], cond) for s in subjects)
    return _holds_on(graph, subjects, cond, node)


def _holds_on(graph: Graph, subjects: list[Node], cond: Condition,
              node: Node | None = None) -> bool:
    """``cond`` read on ``subjects``: one meeting it is enough (every stated value, for the
    clauses an unstated value holds)."""
    if cond.unstated:  # (dl:UnstatedCondition) no subject it reads states the fact
        if cond.whole_first:  # (nor any structure the node is a part of)
            subjects = sorted(self_and_containers(graph, node), key=str)
        return not any(cond.equals is None or v == cond.equals
                       for s in subjects for v in graph.objects(s, cond.prop)) and not (
            cond.equals is None and any(withdrawn_there(graph, s, cond.prop) for s in subjects))
    if cond.than is not None and cond.on_proposed:
        return all(proposed_kept(graph, s, cond) for s in subjects)
    if cond.than is not None:
        return any(kept_within(graph, s, cond) for s in subjects)
    if cond.date is not None and cond.absent_holds:
        return all(date_holds(v, cond) for s in subjects for v in graph.objects(s, cond.prop)
                   ) and all(bound_decides(graph, s, cond) is not False for s in subjects)
    if cond.absent_holds and cond.op is not None and cond.than is None:
        return all(isinstance(n := comparable(graph, v), Decimal)
                   and COMPARE[cond.op](n, cond.threshold)
                   for s in subjects for v in graph.objects(s, cond.prop))
    if cond.absent_holds and cond.op is None and cond.than is None and cond.equals is not None:
        # (an unstated work holds, dl:absentAsked; a whole its parts make something else of
        # still fails it, as the stated work does below: compile.Condition.sparql)
        return all(v == cond.equals for s in subjects for v in graph.objects(s, cond.prop)
                   ) and not any(work_defeated(graph, s, cond) for s in subjects)
    if cond.date is not None and any(bound_decides(graph, s, cond) for s in subjects):
        return True  # ("on or after": a lower bound meeting the threshold)
    for subject in subjects:
        for value in graph.objects(subject, cond.prop):
            if cond.date is not None:
                if date_holds(value, cond) and bound_decides(graph, subject, cond) is not False:
                    return True
                continue
            if cond.op is None:
                if value == cond.equals and not work_defeated(graph, subject, cond):
                    return True  # (a repair of a whole its new parts enlarge is no repair)
                continue
            actual = comparable(graph, value)  # a quantity's number, or a count
            if isinstance(actual, bool) or actual is None:
                continue
            if COMPARE[cond.op](actual, cond.threshold):
                return True
    return False


def work_defeated(graph: Graph, subject: Node, cond: Condition) -> bool:
    """Whether what ``subject``'s parts make of it (dl:workByParts) defeats the work clause
    ``cond``: any work ``parts_defeat`` names (``parts_agree``), or its enlargement
    (``enlargement_defeats``)."""
    return (cond.parts_agree and any(parts_defeat(cond, w)
                                     for w in graph.objects(subject, DL.workByParts))
            ) or (cond.enlargement_defeats
                  and (subject, DL.workByParts, DL.Enlargement) in graph)


#: A value and its preexisting counterpart (ontology/terms/nonconformity.ttl): a structure or
#: part whose stated value exceeds its former one has grown, whatever its work is called
#: (derivation.parts.grown); one stated without its former value may have (``enlargement_asks``).
GROWN = ((DL.area, DL.preexistingArea), (DL.length, DL.preexistingLength),
         (DL.width, DL.preexistingWidth), (DL.height, DL.preexistingHeight),
         (DL.farthestExtentFromMHW, DL.preexistingExtentFromMHW),
         (DL.slipCount, DL.preexistingSlipCount))

#: What the parts make of a whole that an exception's not-extended clause judges by size (a part
#: restored after damage), with dl:partsMustAgree (compile.exceptions_of); their enlargement of
#: it (a new or grown part, or the whole stated larger than it was) defeats the clause.
JUDGED_BY_SIZE = frozenset({DL.Reconstruction})


def parts_defeat(cond: Condition, made: Node) -> bool:
    """Whether what the parts make of a whole (``made``, a dl:workByParts value) defeats the
    exception's kind-of-work clause ``cond`` (``parts_agree``). A repair or an incidental
    alteration (``MAINTAINING``) is defeated by any other work of its parts, a part restored
    after damage aside where a not-extended clause judges it (``parts_may_restore``). A
    restoration (any other kind, dl:partsMustAgree) takes in its parts' reconstruction,
    replacement and alteration, and is defeated only by their enlargement of it: a structure
    made larger than it was is not restored "as before" (Keuka § 160-126B(1), blind review 93
    F1: a dock restored after fire with two slips more kept its 800 sq ft excepted)."""
    if cond.equals not in MAINTAINING:
        return made == DL.Enlargement
    return ((made != cond.equals or made == DL.Alteration)
            and not (cond.parts_may_restore and made in JUDGED_BY_SIZE))

COMPARE = {"<": operator.lt, "<=": operator.le, ">=": operator.ge, ">": operator.gt}


class AppFacts:
    """Per-application lookups shared by every shape's target and undecided check.

    Why: each code has tens of generated targets and each asked the graph again for the same
    candidates' types and their containers' work kinds (a third of the validation time)."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self._types: dict[Node, frozenset[Node]] = {}
        self._works: dict[tuple[Node, bool], frozenset[Node]] = {}
        self._own_works: dict[Node, frozenset[Node]] = {}
        self._constructions: dict[tuple[Node, bool, frozenset[URIRef], bool], frozenset[Node]] = {}
        self._containers: dict[Node, frozenset[Node]] = {}
        self._union: tuple[set[Node], frozenset[Node]] | None = None
        self._parcel_values: dict[tuple[Node, Node], tuple[Node, ...]] = {}
        self._holds: dict[tuple[Node, Node, int], tuple[Condition, bool]] = {}

    def holds(self, graph: Graph, app: Node, node: Node, cond: Condition) -> bool:
        """``condition_holds``, remembered for this application's graph: the targets, the
        search for undecided facts and the exceptions ask the same condition of the same node
        several times (three in four calls were repeats, bench/RESULTS.md, eighteenth session).
        The condition is kept in the entry, so its ``id`` is not reused while remembered."""
        if graph is not self.graph:
            return condition_holds(graph, app, node, cond)
        key = (app, node, id(cond))
        found = self._holds.get(key)
        if found is None:
            found = self._holds[key] = (cond, condition_holds(graph, app, node, cond))
        return found[1]

    def parcel_values(self, app: Node, prop: Node) -> tuple[Node, ...]:
        """The values of ``prop`` on the application's parcels (``prop`` None: the parcels),
        in the graph's order; read once per application (every rule with a parcel condition
        asks)."""
        found = self._parcel_values.get((app, prop))
        if found is None:
            parcels = tuple(self.graph.objects(app, DL.parcel))
            found = parcels if prop is None else tuple(
                v for p in parcels for v in self.graph.objects(p, prop))
            self._parcel_values[(app, prop)] = found
        return found

    def none_reached(self, candidates: set[Node], spec: TargetSpec) -> bool:
        """No candidate is of a class the rule governs and the rule reaches no portions
        (``reaches`` is then False for every one): the per-node checks can be skipped. The
        candidates' classes are gathered once per candidate set."""
        if spec.portions or spec.figures:
            return False
        return spec.governs.isdisjoint(self.classes_of(candidates))

    def classes_of(self, candidates: set[Node]) -> frozenset[Node]:
        """Every class of any of the candidates (gathered once per candidate set)."""
        if self._union is None or self._union[0] is not candidates:
            self._union = (candidates, frozenset().union(*(self.types(n) for n in candidates)))
        return self._union[1]

    def types(self, node: Node) -> frozenset[Node]:
        found = self._types.get(node)
        if found is None:
            found = self._types[node] = frozenset(self.graph.objects(node, RDF.type))
        return found

    def _owned(self, node: Node, prop: URIRef, cache: dict[Node, frozenset[Node]]
               ) -> frozenset[Node]:
        found = cache.get(node)
        if found is None:
            found = cache[node] = frozenset(
                v for o in self_and_containers(self.graph, node)
                for v in self.graph.objects(o, prop))
        return found

    def works(self, node: Node, spec: TargetSpec | None = None) -> frozenset[Node]:
        """dl:workKind of the node or of anything that has it as a part, and the work its own
        parts make of it (dl:workByParts, ``derivation.parts.work_by_parts``); for an
        application, the work kinds of what it proposes and of their parts (a rule on the
        application for "new docking facilities, slips ... or expansion", North Hempstead
        § 42-9C(3), is decided by them: a new finger on an altered dock is new work). A rule
        with dl:workOfPartsByConstruction reads what its parts of its own construction make
        of it (dl:workByPartsOfItsConstruction: a seasonal float replaced on a permanent dock
        is no construction of the permanent dock, Keuka § 160-124D)."""
        like = spec is not None and spec.work_of_parts_by_construction
        key = (node, like)
        found = self._works.get(key)
        if found is None:
            by = DL.workByPartsOfItsConstruction if like else DL.workByParts
            own = self._owned(node, DL.workKind, self._own_works)
            by_parts = frozenset(self.graph.objects(node, by))
            proposed = [self._owned(q, DL.workKind, self._own_works)
                        for p in self.graph.objects(node, DL.proposes)
                        for q in self_and_parts(self.graph, p)]
            proposed += [frozenset(self.graph.objects(p, by))
                         for p in self.graph.objects(node, DL.proposes)]
            found = self._works[key] = own.union(by_parts, *proposed)
        return found

    def constructions(self, node: Node, spec: TargetSpec | None = None) -> frozenset[Node]:
        """The construction a rule reads on the node. By default the node's own
        dl:construction; where it states none, that of anything that has it as a part. A part's
        construction is a fact it states of itself: a seasonal boat hoist structure listed on a
        permanent dock is seasonal (review 49), and a part stating none is built as its whole
        is, unless it is of a class whose construction the code types of its own
        (dl:ownConstruction: a boat hoist structure stating none is asked it, Keuka § 160-121).
        A rule with dl:constructionReachesParts reads the node's own and every whole's alike:
        it holds a structure of its construction with all its parts, whatever a part states of
        itself (a seasonal finger of a permanent dock is where the permanent dock is)."""
        reaches = spec is not None and spec.construction_reaches_parts
        own_classes = spec.own_construction if spec is not None else frozenset()
        own_work = (spec is not None and spec.work_of_parts_by_construction
                    and (node, DL.workKind, None) in self.graph)
        key = (node, reaches, own_classes, own_work)
        found = self._constructions.get(key)
        if found is None:
            own = frozenset(self.graph.objects(node, DL.construction))
            wholes = frozenset(v for o in self.containers(node)
                               for v in self.graph.objects(o, DL.construction))
            if reaches:
                found = own | wholes
            elif own or own_work or not self.types(node).isdisjoint(own_classes):
                found = own  # (own_work: a part worked of its own, dl:workOfPartsByConstruction)
            else:
                found = wholes
            self._constructions[key] = found
        return found

    def containers(self, node: Node) -> frozenset[Node]:
        """The structures the node is a part of, at any depth."""
        found = self._containers.get(node)
        if found is None:
            found = self._containers[node] = frozenset(
                self_and_containers(self.graph, node) - {node})
        return found

    def states_figures(self, node: Node, spec: TargetSpec) -> bool:
        """The node is a whole stating a governed portion by its figures (a dock stating its
        landing's width or length, listing no dl:Landing): that portion, stated so
        (``compile.governed_figures``)."""
        types = self.types(node)
        return any(
            whole in types and any(True for p in facts for _v in self.graph.objects(node, p))
            and not any(portion in self.types(q) for q in all_parts(self.graph, node))
            for portion, whole, facts in spec.figures)

    def reaches(self, node: Node, spec: TargetSpec) -> bool:
        """The node is of a class the rule governs, or is a portion (dl:portionOf) of a
        governed whole that states a fact the rule reads: a part, at any depth, of a node of
        the governed and whole classes (a main walkway or finger of a dock is the dock stated
        as a part)."""
        types = self.types(node)
        if not types.isdisjoint(spec.governs) or self.states_figures(node, spec):
            return True
        if not spec.portions or not (
                any(True for p in spec.reads for _v in self.graph.objects(node, p))
                or any(True for p in spec.read_by for _v in self.graph.subjects(p, node))):
            return False  # a portion stating nothing the rule reads is decided by its whole
        for portion, whole_class in spec.portions:
            if portion in types and any(
                    whole_class in self.types(w) and not self.types(w).isdisjoint(spec.governs)
                    for w in self.containers(node)):
                return True
        return False


def governed(graph: Graph, app: Node, candidates: set[Node], spec: TargetSpec,
             facts: AppFacts) -> Iterator[Node]:
    """Candidates of the rule's governed classes that meet its appliesWhen conditions (shared
    by focus evaluation and by the search for undecided work/construction facts)."""
    if facts.none_reached(candidates, spec):
        return
    for node in candidates:
        if not facts.reaches(node, spec):
            continue
        if spec.conditions and not any(facts.holds(graph, app, node, c)
                                       for c in spec.conditions):
            continue
        yield node


def generated_focus(graph: Graph, app: Node, candidates: set[Node], spec: TargetSpec,
                    facts: AppFacts | None = None) -> list[Node]:
    """Evaluate a generated target (compile.generated_target's SPARQL) directly: the same
    conditions, without a query engine (tests check both agree on every case)."""
    facts = facts or AppFacts(graph)
    if spec.parcel_conditions and not any(
            parcel_matches(graph, p, spec) for p in graph.objects(app, DL.parcel)):
        return []
    out = []
    for node in governed(graph, app, candidates, spec, facts):
        if spec.works and facts.works(node, spec).isdisjoint(spec.works):
            continue
        if any(all(facts.holds(graph, app, node, c) for c in clauses)
               for clauses in spec.exceptions):
            continue
        if spec.constructions and facts.constructions(node, spec).isdisjoint(spec.constructions):
            continue
        out.append(node)
    return sorted(out, key=str)


def focus_nodes(graph: Graph, compiled: CompiledShapes, app: Node,
                facts: AppFacts | None = None, only: Collection[object] | None = None
                ) -> dict[object, list[Node]]:
    """shape -> its focus nodes in this application graph (``facts`` may be shared with
    ``undecided``: the focus markers added in between are never a rule's governed class;
    ``only``: just these shapes)."""
    candidates = reachable(graph, app)
    facts = facts or AppFacts(graph)
    out: dict[object, list[Node]] = {}
    explicit: list[object] = []
    for shape in compiled.targets:
        if only is not None and shape not in only:
            continue
        spec = compiled.specs.get(shape)
        if spec is not None:
            out[shape] = generated_focus(graph, app, candidates, spec, facts)
        elif (guard := compiled.guards.get(shape)) is None or guard_state(
                graph, app, guard, facts)[0]:  # (its text less the guard: the same)
            explicit.append(shape)
        else:
            out[shape] = []  # undecided: ``open_focus`` asks for the parcel fact
    out.update(explicit_focus(graph, compiled, app, explicit, facts))
    return out


def explicit_focus(graph: Graph, compiled: CompiledShapes, app: Node, shapes: list[object],
                   facts: AppFacts) -> dict[object, list[Node]]:
    """shape -> the nodes its hand-written target's text names that no exception of its rule
    takes off: the text run without the exceptions, each exception then read as a generated
    target reads it (``AppFacts.holds``).

    Why: the exceptions written into the text as FILTER NOT EXISTS groups made a query of
    37,000 characters for one Jerusalem rule, a tenth of a validation in Oxigraph; the text with
    them stays the reference (tests/test_cases.py compares both on every case). An exception
    with a clause on the parcel or the application binds ?app there through ``?app
    dl:proposes/dl:hasPart* ?this`` (``compile.exception_filters``): it holds only on what the
    application proposes and their parts."""
    found = run_explicit(graph, compiled, [(s, compiled.excepted[s][0]) for s in shapes])
    proposed: set[Node] | None = None
    out: dict[object, list[Node]] = {}
    for shape in shapes:
        nodes, exceptions = found[shape], compiled.excepted[shape][1]
        if nodes and exceptions:
            if proposed is None:
                proposed = part_closure(graph, graph.objects(app, DL.proposes))
            nodes = [n for n in nodes if not any(
                exception_holds(graph, app, n, clauses, facts, proposed)
                for clauses in exceptions)]
        out[shape] = nodes
    return out


def exception_holds(graph: Graph, app: Node | None, node: Node, clauses: Iterable[Condition],
                    facts: AppFacts, proposed: Collection[Node]) -> bool:
    """Whether every clause of one exception holds on ``node`` as the exception's SPARQL
    group reads it where no target binds ?app (``compile.exception_filters``): a clause on the
    parcel or the application binds it through ``?app dl:proposes/dl:hasPart* ?this``, so such
    an exception holds only on ``proposed`` (what the application proposes and their parts)."""
    clauses = tuple(clauses)
    if node not in proposed and any(c.off_focus for c in clauses):
        return False
    return all(facts.holds(graph, app, node, c) for c in clauses)  # type: ignore[arg-type]


def run_explicit(graph: Graph, compiled: CompiledShapes, explicit: list[tuple[object, str]]
                 ) -> dict[object, list[Node]]:
    """shape -> the answers of its hand-written target's text, in one mirror."""
    needs = compiled.target_needs  # a triple every answer reads is missing: no answer
    asked = [(shape, query) for shape, query in explicit
             if not ((need := needs.get(query)) and unmet(graph, need))]
    found: dict[object, list[Node]] = {}
    if asked:  # one query each: Oxigraph answers a UNION of them more slowly (bench/RESULTS.md)
        mirror = Mirror(graph, predicates_read(tuple(query for _, query in asked)))
        found = {shape: mirror.select(query) for shape, query in asked}
    return {shape: found.get(shape, []) for shape, _query in explicit}


def open_focus(graph: Graph, compiled: CompiledShapes, app: Node, facts: AppFacts | None = None
               ) -> dict[object, tuple[list[Node], list[tuple[Node, URIRef]]]]:
    """shape -> (the nodes its hand-written target names, the parcel facts needed to decide
    whether its rule applies to them) for each guard left undecided by an unstated fact."""
    facts = facts or AppFacts(graph)
    pending = {}
    for shape, guard in compiled.guards.items():
        state, pairs = guard_state(graph, app, guard, facts)
        if state is None:
            pending[shape] = pairs
    if not pending:
        return {}
    nodes = run_explicit(graph, compiled, [(s, compiled.open_targets[s]) for s in pending])
    return {shape: (nodes[shape], pairs) for shape, pairs in pending.items() if nodes[shape]}


def known(values: list[Node], accepted: object) -> bool | None:
    """True/False when the values decide a condition, None when no value is stated."""
    if not values:
        return None
    return any(v in accepted for v in values)  # type: ignore[operator]


def known_use(values: list[Node], spec: TargetSpec) -> bool | None:
    """Whether the stated land use is one the rule names: None when none is stated or when a
    stated one is broader than the rule's (dl:ResidentialUse where single-family is named)."""
    if not values:
        return None
    if any(v in spec.uses for v in values):
        return True
    return None if any(v in spec.broader_uses for v in values) else False


@functools.lru_cache(maxsize=4096)
def _own_vocabularies(governs: frozenset[URIRef]) -> tuple[str, ...]:
    """The ontology's namespace and the concept schemes of the governed classes."""
    return tuple({str(DL)} | {str(g).rsplit("/", 1)[0] + "/" for g in governs
                              if "/concept/" in str(g)})


def class_undecided(graph: Graph, app: Node, candidates: set[Node], spec: TargetSpec,
                    facts: AppFacts) -> list[Node]:
    """Structures stated only with a generic class broader than the rule's (a plain dl:Dock
    where North Haven's rule governs nhc:Dock and catwalks are not docks): they may be what the
    rule governs, so their class is a fact to ask for, never a silent "not applicable"."""
    if not spec.broader or spec.broader.isdisjoint(facts.classes_of(candidates)):
        return []
    out = []
    own = _own_vocabularies(spec.governs)
    for node in candidates:
        types = facts.types(node)
        if not types.isdisjoint(spec.governs) or types.isdisjoint(spec.broader):
            continue
        ours = {t for t in types if str(t).startswith(own)}
        if not ours <= spec.broader:
            continue  # a specific class outside the rule (a catwalk under a dock rule)
        works = facts.works(node, spec)
        if spec.works and works and works.isdisjoint(spec.works):
            continue
        if any(all(facts.holds(graph, app, node, c) for c in clauses)
               for clauses in spec.exceptions):
            continue
        out.append(node)
    return out


def only_broader(types: frozenset[Node], cond: Condition) -> bool:
    """A structure stated only with classes broader than the class ``cond`` says is absent (a
    plain waterside structure where no dock must be proposed): it may be of that class."""
    if not cond.broader or not isinstance(cond.equals, URIRef):
        return False
    ours = {t for t in types if str(t).startswith(_own_vocabularies(frozenset({cond.equals})))}
    return bool(ours) and ours <= set(cond.broader)


def exception_undecided(graph: Graph, app: Node, candidates: set[Node], spec: TargetSpec,
                        facts: AppFacts) -> list[tuple[Node, URIRef]]:
    """(structure, fact) pairs that leave open an exception the stated facts seem to establish.
    Two kinds of clause hold only because a fact is not stated. A clause "no structure where it
    reads is of this class" (North Hempstead § 42-7B(3): no dock or pier proposed, so no end to
    mark) holds because a structure is stated with a generic class broader than that one (a
    plain waterside structure, which may be a dock): its class is asked. A clause marked
    dl:absentAsked holds where its fact is unstated (Keuka § 160-126B(1): a restoration
    "completed within 18 months of such happening", the period not stated): the fact is asked.
    Either way the exception is not established, so whether the rule applies is undecided:
    the fact is asked, never a silent "not applicable" nor a violation the unknown fact would
    make (the caller asks only where the rule, read on the stated values, would not hold). A
    node another exception rules out, or whose dl:appliesWhen conditions are stated and unmet,
    is not asked."""
    if not spec.exceptions or not any(c.broader or c.absent_asks or c.enlargement_defeats
                                      or c.contested
                                      for clauses in spec.exceptions for c in clauses):
        return []
    out: list[tuple[Node, URIRef]] = []
    for node in sorted(candidates, key=str):
        if facts.types(node).isdisjoint(spec.governs) or not facts.reaches(node, spec):
            continue
        if spec.conditions and not any(facts.holds(graph, app, node, c)
                                       for c in spec.conditions):
            continue  # (an unstated condition is asked where the conditions are)
        out += exception_asks(graph, app, node, spec.exceptions, facts)
    return sorted(set(out), key=str)


def exception_asks(graph: Graph, app: Node, node: Node,
                   exceptions: tuple[tuple[Condition, ...], ...], facts: AppFacts
                   ) -> list[tuple[Node, URIRef]]:
    """The facts whose absence alone makes an exception seem to hold on ``node`` (see
    ``exception_undecided``); none where an exception the stated facts establish holds."""
    asked: list[frozenset[tuple[Node, URIRef]]] = []
    for clauses in exceptions:
        if not all(facts.holds(graph, app, node, c) for c in clauses):
            continue
        found = [(s, RDF.type) for c in clauses if c.unstated and c.broader
                 for s in condition_subjects(graph, app, node, c)
                 if only_broader(facts.types(s), c)]
        found += [(s, c.than if c.than is not None else c.prop)
                  for c in clauses if c.absent_asks
                  for s in unstated_subjects(graph, app, node, c)]
        found += [(s, c.prop) for c in clauses if c.contested
                  for s in contested_subjects(graph, app, node, c, facts)]
        # (an exception guarding the dimensions asks the former values its enlargement turns
        # on; one guarding none reads the enlargement only from what is stated)
        guarded = any(c.than is not None for c in clauses)
        found += [pair for c in clauses if c.enlargement_defeats and guarded
                  for pair in enlargement_asks(graph, app, node, c)]
        if not found:
            return []  # an exception the stated facts establish: the rule does not apply
        asked.append(frozenset(found))
    # Only what the text needs: an exception established by answering fewer facts than
    # another asks (a strict subset) leaves the other's further facts moot, as an exception
    # the stated facts establish leaves every question moot (above). Keuka § 160-126B: an
    # alteration of a nonconforming dock stating no damage continues under (4) once it is
    # stated incidental; the damage cause and the 18 months of (1), which the restoring
    # alterations would ask beside it, decide nothing (fix-jer35, blind review 119 F3).
    return [pair for found in asked if not any(other < found for other in asked)
            for pair in sorted(found, key=str)]


def asked_focus(graph: Graph, compiled: CompiledShapes, app: Node,
                facts: AppFacts | None = None
                ) -> dict[object, dict[Node, list[tuple[Node, URIRef]]]]:
    """shape -> {node: the facts asked} for each hand-written target whose rule has a
    dl:absentAsked exception clause (``CompiledShapes.asked``): the nodes its text names that
    an exception leaves out only for want of such a fact (``exception_asks``). A guarded target
    whose guard the stated parcel facts rule out names none."""
    facts = facts or AppFacts(graph)
    todo = [(shape, query) for shape, (query, _e) in compiled.asked.items()
            if (guard := compiled.guards.get(shape)) is None
            or guard_state(graph, app, guard, facts)[0] is not False]
    if not todo:
        return {}
    out: dict[object, dict[Node, list[tuple[Node, URIRef]]]] = {}
    for shape, nodes in run_explicit(graph, compiled, todo).items():
        exceptions = compiled.asked[shape][1]
        found = {n: pairs for n in nodes
                 if (pairs := exception_asks(graph, app, n, exceptions, facts))}
        if found:
            out[shape] = found
    return out


def enlargement_asks(graph: Graph, app: Node, node: Node, cond: Condition
                     ) -> list[tuple[Node, URIRef]]:
    """A work clause that an enlargement defeats (dl:enlargementDefeatsWork) and that holds: the
    former values (``GROWN``) of the values its subject states without them, which would show
    whether the work enlarges it (a repair stating a dock 10 ft wide and not how wide it was
    may have widened it: the former width is asked, the repair neither read as one nor as an
    enlargement)."""
    return [(s, before) for s in condition_subjects(graph, app, node, cond)
            for prop, before in GROWN
            if (s, prop, None) in graph and (s, before, None) not in graph]


def contested_subjects(graph: Graph, app: Node, node: Node, cond: Condition,
                       facts: AppFacts) -> list[Node]:
    """Where a clause reads its fact of a member of a class whose definition contradicts the
    clause's value (dl:contestedWhenStated) and that member states it: that member (its
    statement is neither believed nor overridden: asked; a dl:Discrepancy says why)."""
    return [s for s in condition_subjects(graph, app, node, cond)
            if not facts.types(s).isdisjoint(cond.contested)
            and (s, cond.prop, cond.equals) in graph]


def unstated_subjects(graph: Graph, app: Node, node: Node, cond: Condition) -> list[Node]:
    """Where a dl:absentAsked clause reads its fact and none of them states it: the first of
    them (the one asked), or none where one states it (the clause is then decided)."""
    subjects = condition_subjects(graph, app, node, cond)
    fact = cond.than if cond.than is not None else cond.prop  # (a former value: its own)
    if cond.than is not None and cond.on_proposed:  # each structure stating what it now has
        return [s for s in subjects if (s, fact, None) not in graph and (
            (s, cond.prop, None) in graph or bounded_only(graph, s, cond.prop))]
    if any(True for s in subjects for _v in graph.objects(s, fact)):
        return []
    return subjects[:1]


def whole_rules_out(graph: Graph, app: Node, node: Node, spec: TargetSpec,
                    facts: AppFacts) -> bool:
    """A portion (dl:portionOf) the rule reaches only as its whole stated as a part, which
    states none of the facts of the rule's dl:appliesWhen conditions, where every governed
    whole states them and none meets one: what the portion does not state is its whole's, so
    the rule does not apply to it either (a whole that meets a condition leaves the portion
    asked: fail closed)."""
    if not spec.portions or not facts.types(node).isdisjoint(spec.governs):
        return False
    props = {c.prop for c in spec.conditions if not (c.off_focus or c.on_whole)}
    if not props or any(True for p in props for _v in graph.objects(node, p)):
        return False
    wholes = [w for w in facts.containers(node) if not facts.types(w).isdisjoint(spec.governs)]
    return bool(wholes) and all(
        all(any(True for _v in graph.objects(w, p)) for p in props)
        and not any(facts.holds(graph, app, w, c) for c in spec.conditions)
        for w in wholes)


def part_rules_out(graph: Graph, app: Node, node: Node, spec: TargetSpec,
                   facts: AppFacts, whole_facts: frozenset[URIRef]) -> bool:
    """A part (of any governed class) that states none of the facts of the rule's
    dl:appliesWhen conditions, all facts of a structure as a whole (dl:WholeFact: damage,
    history), inside wholes that state them and meet none: what a part does not state of these
    is its whole's (the finger of a dock damaged 30% is not asked the dock's share of value). A
    whole that meets a condition leaves the part asked (fail closed)."""
    props = {c.prop for c in spec.conditions
             if not (c.off_focus or c.on_whole or c.absent_is_false) and c.prop != RDF.type}
    if not props or not props <= whole_facts or any(
            True for p in props for _v in graph.objects(node, p)):
        return False
    stating = [w for w in sorted(facts.containers(node), key=str)
               if all(any(True for _v in graph.objects(w, p)) for p in props)]
    return bool(stating) and not any(facts.holds(graph, app, w, c)
                                     for w in stating for c in spec.conditions)


def silent_part(graph: Graph, node: Node, spec: TargetSpec, facts: AppFacts) -> bool:
    """A part of a structure of the same governed kind (a float or a main walkway listed on a
    dock, where the rule governs docks or waterside structures) that states none of the facts
    the rule reads, nor a fact deciding whether it applies that its whole does not share: it is that
    whole stated as a part, so a fact deciding whether the rule applies is the whole's, asked
    there (``findings.redirect.decided_by_whole`` does the same for the rule's own facts). A
    rule that reads nothing on its focus reads the whole's parts through the whole (an extent
    "no part of the dock, or associated structures"), or only the whole's parcel. Not where a
    condition reads a fact of the part's own decking (dl:ownToEachPart): the pier's deck height
    does not say whether a float listed on it is low decking (North Haven § 56-2H)."""
    if any(c.prop == RDF.type for c in spec.conditions) or any(
            c.prop == RDF.type and not c.whole_first
            for clauses in spec.exceptions for c in clauses):
        return False  # the rule reads the class: a part of another kind is decided on its own
    if any(c.prop in spec.own_facts for c in spec.conditions if not c.off_focus):
        return False  # a fact of its own decking (dl:ownToEachPart): the whole's is not its
    # (a class read on the outermost whole, dl:WholeOrFocus, is the part's and the whole's alike)
    own = facts.types(node) & spec.governs
    if not own or any(True for p in spec.reads for _v in graph.objects(node, p)) or any(
            True for p in spec.read_by for _v in graph.subjects(p, node)):
        return False
    if spec.counts_own(facts.types(node)):
        return False  # a fact each member has of its own (dl:ownCount): asked of it
    return any(own <= facts.types(w) and shares_applicability(graph, node, w, spec, facts)
               for w in facts.containers(node))


def wholes_of_worked_parts(graph: Graph, app: Node, compiled: CompiledShapes,
                           focus: dict[object, list[Node]], facts: AppFacts) -> None:
    """A rule on a kind of structure that reaches a part of one (a float repaired on a pier the
    application does not propose: a rule "about the dock" reaches the float as a dock) reads
    the whole's stated facts where the part states none of those the rule reads: the float is
    the pier stated as a part, whichever node carries the work. The whole joins the rule's
    focus nodes (so a violation its stated facts show is cited, and the part is decided where
    the whole is: ``findings.redirect.decided_by_whole``), as it does when the whole is the
    work. Only where the whole is of the part's governed classes, states a fact the rule reads
    and meets the rule's conditions; not for a rule that reads the class or a fact of each
    part's own decking (``silent_part``), nor for one with an exception on the focus's own
    facts (the kind of work: the whole states none, the part's is read there), except where
    each such clause only names a value the focus states (a kind of work: "a structure stated
    newly constructed", handing it to the rule of that work, North Haven § 56-2B): the whole
    joins unless such an exception holds on it. An exception read on the outermost whole first
    (dl:WholeOrFocus: a class, a kind of work the whole states) reads the part and its whole
    alike, and does not stop it."""
    for shape, nodes in focus.items():
        spec = compiled.specs.get(shape)
        if spec is None or not nodes or not spec.reads:
            continue
        if any(c.prop == RDF.type for c in spec.conditions) or any(
                c.prop in spec.own_facts for c in spec.conditions if not c.off_focus):
            continue
        own = [c for clauses in spec.exceptions for c in clauses
               if not (c.off_focus or c.on_whole or c.whole_first)]
        if any(c.than is not None or c.unstated or c.op is not None or c.date is not None
               or c.equals is None or c.parts_agree or c.enlargement_defeats
               for c in own):
            continue
        named = [clauses for clauses in spec.exceptions
                 if any(not (c.off_focus or c.on_whole or c.whole_first) for c in clauses)]
        present = set(nodes)
        for node in nodes:
            own = facts.types(node) & spec.governs
            if not own or any(True for p in spec.reads for _v in graph.objects(node, p)) or any(
                    True for p in spec.read_by for _v in graph.subjects(p, node)):
                continue
            for whole in sorted(facts.containers(node), key=str):
                if whole in present or not own <= facts.types(whole):
                    continue
                if not any(True for p in spec.reads for _v in graph.objects(whole, p)):
                    continue
                if spec.conditions and not any(facts.holds(graph, app, whole, c)
                                               for c in spec.conditions):
                    continue
                if any(all(facts.holds(graph, app, whole, c) for c in clauses)
                       for clauses in named):
                    continue  # the whole's own stated work hands it to another rule
                present.add(whole)
        if len(present) > len(nodes):
            focus[shape] = sorted(present, key=str)


def shares_applicability(graph: Graph, node: Node, whole: Node, spec: TargetSpec,
                         facts: AppFacts) -> bool:
    """Every fact deciding whether the rule applies that ``node`` states is its whole's too
    (the kind of work, the construction, a condition's or exception's fact): what decides the
    rule for the whole decides it for the part."""
    props = {c.prop for c in spec.conditions if not c.off_focus} | {
        c.prop for clauses in spec.exceptions for c in clauses
        if not c.off_focus and not (c.whole_first and c.prop == RDF.type)}
    # (a class read on the outermost whole is the part's and the whole's alike; and a fact an
    # exception reads only on the outermost whole stating it, dl:WholeOrFocus, is the whole's
    # where a whole states it: a float stated seasonal on a permanent dock is no different
    # from the dock for an exception reading the dock's construction, review 71)
    outer_only = {c.prop for clauses in spec.exceptions for c in clauses
                  if c.whole_first and not c.off_focus} - {
        c.prop for c in spec.conditions if not c.off_focus} - {
        c.prop for clauses in spec.exceptions for c in clauses
        if not c.whole_first and not c.off_focus}
    props -= {p for p in outer_only
              if any(True for w in facts.containers(node) for _v in graph.objects(w, p))}
    if spec.works:
        props.add(DL.workKind)
    if spec.constructions:
        props.add(DL.construction)
    held = {DL.workKind: facts.works(whole, spec),
            DL.construction: facts.constructions(whole, spec)}
    for prop in props:
        stated = set(graph.objects(node, prop))
        if stated and not stated <= (held.get(prop) or {
                v for w in {whole} | facts.containers(whole) for v in graph.objects(w, prop)}):
            return False
    return True


def parcel_or_app(app: Node, facts: AppFacts) -> Node:
    """Where an unstated parcel fact is asked: the parcel (the application without one)."""
    parcels = facts.parcel_values(app, None)
    return parcels[0] if parcels else app


def parcel_checks(app: Node, spec: TargetSpec, facts: AppFacts
                  ) -> list[tuple[bool, URIRef, bool | None]]:
    """(the rule has it, the parcel fact, True/False/None unstated) per parcel condition;
    each fact read only where the rule has its condition."""
    tiers = facts.parcel_values(app, DL.tier) if spec.tiers else ()
    return [
        (bool(spec.uses), DL.landUse,
         known_use(list(facts.parcel_values(app, DL.landUse)), spec) if spec.uses else None),
        (bool(spec.tiers), DL.tier,
         known([to_decimal(t) for t in tiers], spec.tiers) if tiers else None),  # type: ignore[misc]
        (bool(spec.categories), DL.footageCategory,
         known([str(c) for c in facts.parcel_values(app, DL.footageCategory)],
               spec.categories) if spec.categories else None),
        (spec.steep is not None, DL.steepSlope,
         known(list(facts.parcel_values(app, DL.steepSlope)), {spec.steep})
         if spec.steep is not None else None),
    ]


def guard_state(graph: Graph, app: Node, guard: TargetSpec, facts: AppFacts
                ) -> tuple[bool | None, list[tuple[Node, URIRef]]]:
    """Whether a hand-written target's guard (``compile.explicit_guard``: its rule's conditions
    on the parcel) holds: True, False, or None with the (parcel, fact) pairs that decide it."""
    checks = parcel_checks(app, guard, facts) if guard.parcel_conditions else []
    if any(used and state is False for used, _prop, state in checks):
        return False, []
    where = parcel_or_app(app, facts)
    missing = [(where, prop) for used, prop, state in checks if used and state is None]
    if guard.conditions and not any(facts.holds(graph, app, app, c)
                                    for c in guard.conditions):
        unstated = [c.prop for c in guard.conditions if not c.absent_is_false and not any(
            True for s in condition_subjects(graph, app, app, c) for _v in graph.objects(
                s, c.prop))]
        if not unstated:
            return False, []
        missing += [(where, prop) for prop in unstated]
    return (None, sorted(set(missing), key=str)) if missing else (True, [])


def undecided_conditions(
    graph: Graph, app: Node, candidates: set[Node], spec: TargetSpec,
    facts: AppFacts | None = None,
) -> list[tuple[Node, URIRef]]:
    """(node, property) pairs whose missing value leaves open whether the rule applies.

    Why: a rule conditioned on work kind, construction, land use, Tier, footage category or
    steep slope silently does not apply when the application omits the fact; the report must
    ask for it instead of looking clean. A dl:appliesWhen condition whose value is unstated is
    undecided too, unless it carries dl:absentIsNotEqual true (an applicant's claim: unstated
    means not claimed)."""
    facts = facts or AppFacts(graph)
    missing: list[tuple[Node, URIRef]] = []
    # dl:appliesWhen: an unstated value leaves the rule undecided
    if spec.conditions and not facts.none_reached(candidates, spec):
        for node in candidates:
            if not facts.reaches(node, spec) or any(
                    facts.holds(graph, app, node, c) for c in spec.conditions):
                continue
            if (spec.works and facts.works(node, spec).isdisjoint(spec.works)) or (
                    spec.constructions and facts.constructions(node, spec).isdisjoint(
                        spec.constructions)):
                continue  # the rule does not apply to it whatever the condition says
            if any(all(facts.holds(graph, app, node, c) for c in clauses)
                   for clauses in spec.exceptions) and not exception_asks(
                    graph, app, node, spec.exceptions, facts):
                continue  # an exception the stated facts establish: nor whatever it says
                # (one holding only for want of a fact it asks, dl:absentAsked, establishes
                # nothing: the condition is asked beside it, fix-jer35)
            if whole_rules_out(graph, app, node, spec, facts) or silent_part(
                    graph, node, spec, facts):
                continue  # a portion that does not state the condition's fact: its whole's
            if part_rules_out(graph, app, node, spec, facts, spec.whole_facts):
                continue  # a part that does not state the condition's fact: its whole's
            fitted, rest = asked_conditions(spec.conditions, facts.types(node))
            asked = unstated_conditions(graph, app, node, rest)
            # (a focus stating none of the others is asked the alternatives fitted to its
            # class alone, while one of them is unstated)
            fit = unstated_conditions(graph, app, node, fitted) if len(asked) == len(rest) else []
            missing += fit or asked
    if spec.parcel_conditions:  # (each fact read only where the rule has its condition)
        checks = parcel_checks(app, spec, facts)
        if any(used and state is False for used, _prop, state in checks):
            return []
        where = parcel_or_app(app, facts)
        missing += [(where, prop) for used, prop, state in checks if used and state is None]
    missing += [(node, RDF.type) for node in class_undecided(graph, app, candidates, spec,
                                                              facts)]
    missing += exception_undecided(graph, app, candidates, spec, facts)
    for node in governed(graph, app, candidates, spec, facts):
        checks = [
            (bool(spec.works), DL.workKind,
             known(list(facts.works(node, spec)), spec.works) if spec.works else None),
            (bool(spec.constructions), DL.construction,
             known(list(facts.constructions(node, spec)), spec.constructions)
             if spec.constructions else None),
        ]
        if spec.work_of_parts_by_construction and checks[0][2] is False and checks[1][2]:
            missing += unstated_worked_parts(graph, node, spec)
        if any(used and state is False for used, _prop, state in checks):
            continue
        missing += [(node, prop) for used, prop, state in checks if used and state is None]
    return sorted(set(missing), key=str)


def asked_conditions(conditions: Collection[Condition], types: frozenset[Node]
                     ) -> tuple[list[Condition], list[Condition]]:
    """The dl:appliesWhen alternatives asked of a focus of these classes when none holds, in
    two groups: those fitted to its class (dl:askedOf: a float's decking is asked its height
    above the water, not its height above grade or high water, facts that do not fit it, North
    Haven § 56-2H), asked alone of a focus stating none of the others' facts, while one of
    them is unstated; and every one an unstated value leaves undecided (not
    dl:absentIsNotEqual, nor fitted to a class), asked otherwise. A class is always stated
    (intake refuses untyped structures): never asked."""
    fitted = [c for c in conditions if not types.isdisjoint(c.asked_of)]
    return fitted, [c for c in conditions
                    if not (c.absent_is_false or c.asked_of or c.prop == RDF.type)]


def unstated_conditions(graph: Graph, app: Node, node: Node, conditions: list[Condition]
                        ) -> list[tuple[Node, URIRef]]:
    """(node, property) for each condition whose fact is stated nowhere it is read for this
    focus (a condition on the whole of a part of nothing does not hold: not asked)."""
    missing: list[tuple[Node, URIRef]] = []
    for cond in conditions:
        subjects = condition_subjects(graph, app, node, cond)
        if cond.on_whole and not subjects:
            continue
        if not any(True for s in subjects for _v in graph.objects(s, cond.prop)):
            missing.append((subjects[0] if subjects else node, cond.prop))
    return missing


def unstated_worked_parts(graph: Graph, node: Node, spec: TargetSpec
                          ) -> list[tuple[Node, URIRef]]:
    """(part, dl:construction) for each part of a structure of the rule's construction, whose
    own work the rule does not reach, that states no construction but makes work of it the
    rule reaches (dl:makesOfWhole): built as the whole, it is construction of the whole; not,
    it is none (dl:workOfPartsByConstruction). Asked, never read either way."""
    return [(part, DL.construction) for part in sorted(self_and_parts(graph, node) - {node},
                                                       key=str)
            if (part, DL.construction, None) not in graph
            and not spec.works.isdisjoint(graph.objects(part, DL.makesOfWhole))]


def undecided(graph: Graph, compiled: CompiledShapes, app: Node,
              facts: AppFacts | None = None) -> dict[object, list[tuple[Node, URIRef]]]:
    """shape -> the (node, property) facts needed to decide whether its rule applies."""
    candidates = reachable(graph, app)
    facts = facts or AppFacts(graph)
    out = {}
    for shape, spec in compiled.specs.items():
        found = undecided_conditions(graph, app, candidates, spec, facts)
        if found:
            out[shape] = found
    return out


def focus_nodes_by_sparql(graph: Graph, compiled: CompiledShapes) -> dict[object, list[Node]]:
    """Every target evaluated by its SPARQL text (the reference for generated_focus)."""
    mirror = Mirror(graph)
    return {shape: mirror.select(query) for shape, query in compiled.targets.items()}


def mark_focus_nodes(graph: Graph, focus: dict[object, list[Node]]) -> None:
    """Type each focus node with its shape's marker class (the runtime shapes' sh:targetClass)."""
    for shape, nodes in focus.items():
        marker = focus_marker(shape)
        for node in nodes:
            graph.add((node, RDF.type, marker))
