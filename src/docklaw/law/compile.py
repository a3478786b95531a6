"""Shapes as written (limits left to the rules) -> shapes pyshacl can run.

Why: a limit is typed once, in rules.ttl, next to its citation. The compiler copies it into the
shape's constraint parameter (normalised to the constrained property's canonical unit), renders
``{limit}`` in messages as the rule states it, generates a SPARQL target from the rule's
conditions when the shape has none, and turns ``dl:computedLimit`` shapes into a SHACL-SPARQL
comparison with the per-node limit that derive writes. It also lints the shapes: a result that
cannot cite its section or a parameter without a limit must never reach a user.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.paths import (
    AlternativePath,
    InvPath,
    MulPath,
    OneOrMore,
    Path,
    SequencePath,
    ZeroOrMore,
    ZeroOrOne,
)

from docklaw.errors import DocklawError
from docklaw.kg.flatstore import flat_graph
from docklaw.law.monthday import describe as describe_month_day
from docklaw.law.monthday import is_month_day, ordinal_of
from docklaw.law.required import IRI, required_terms
from docklaw.law.units import curie, display_number, format_number, to_decimal
from docklaw.namespaces import (
    DL,
    OWL,
    QUDT,
    RDF,
    RDFS,
    SH,
    TRUE,
    XSD,
    jurisdiction_iri,
    rule_ns,
    shape_ns,
)

if TYPE_CHECKING:  # compile reads a Prepared; prepare compiles on first use (no import cycle)
    from docklaw.law.prepare import Prepared

TARGET_PROPS = (SH.targetClass, SH.targetNode, SH.targetSubjectsOf, SH.targetObjectsOf, SH.target)
NESTING_PROPS = (SH.property, SH.node, SH["not"], SH.qualifiedValueShape)
LIST_NESTING_PROPS = (SH["and"], SH["or"], SH.xone)
COUNT_PARAMS = {SH.maxCount, SH.minCount, SH.qualifiedMaxCount, SH.qualifiedMinCount}
#: For a computed limit: the FILTER that makes a value violate it.
VIOLATES = {
    SH.maxInclusive: "?value > ?limit", SH.maxExclusive: "?value >= ?limit",
    SH.minInclusive: "?value < ?limit", SH.minExclusive: "?value <= ?limit",
    SH.maxCount: "?value > ?limit", SH.minCount: "?value < ?limit",
}


class ShapeLintError(DocklawError):
    """Shapes that cannot be checked faithfully (no rule, no section, no limit ...)."""

    exit_code = 3
    http_status = 500

    def __init__(self, jid: str, problems: list[str]) -> None:
        self.problems = problems
        listing = "; ".join(problems[:20]) + (" ..." if len(problems) > 20 else "")
        super().__init__(f"shapes/{jid}.ttl: {len(problems)} problem(s): {listing}")


@dataclass(frozen=True)
class ComputedShape:
    """A shape whose limit derive evaluates per focus node from the rule's dl:limitExpression."""

    shape: URIRef
    rule: URIRef
    parameter: URIRef
    unit: URIRef | None


#: dl:comparison of a dl:QuantityCondition -> SPARQL operator ("value OP threshold" holds).
CONDITION_OPS = {DL.LessThan: "<", DL.AtMost: "<=", DL.AtLeast: ">=", DL.MoreThan: ">"}


#: Reaches a structure's parts extend: a whole has not kept within its former reach while a
#: part of it reaches past that (dl:NotExtendedCondition; ``targets.parts_past``).
REACH_OF_WHOLE = frozenset({DL.farthestExtentFromMHW, DL.lengthFromMLW})
#: Kinds of work an exception may keep a structure "as it is" by (a repair; an alteration
#: called incidental): a whole that its parts enlarge is no longer kept so. A reconstruction or
#: replacement exception is held to the former dimensions by rules of its own instead.
MAINTAINING = frozenset({DL.Repair, DL.Alteration})


@dataclass(frozen=True)
class Condition:
    """One dl:appliesWhen alternative (or dl:exceptWhen clause): a quantity or a date compared
    with a threshold, or a flag value."""

    prop: URIRef
    on_parcel: bool
    op: str | None = None
    threshold: Decimal | None = None
    equals: object = None
    date: Literal | None = None  # an xsd:date threshold (compared with the stated date itself)
    absent_is_false: bool = False  # dl:absentIsNotEqual: an unstated value means "not met"
    on_whole: bool = False  # dl:of dl:Whole: a structure the focus is a part of (transitively)
    #: dl:of dl:DirectWhole (with ``on_whole``): the structures listing the focus directly
    #: (dl:hasPart, one step), every one of which must meet the clause: a part also listed
    #: directly on a structure without the fact does not meet it (Kings Point's lift listed on
    #: both the dock and its float is the dock's, blind review 92 F1)
    direct: bool = False
    #: dl:of dl:WholeOrFocus: the outermost structure the focus is a part of that states the
    #: fact, else the focus (a float on a pier is as lawfully constructed as its pier)
    whole_first: bool = False
    #: dl:NotExtendedCondition: the value compared with this other property of the same node
    #: (its preexisting counterpart), not with a threshold
    than: URIRef | None = None
    #: with ``than``: the rule's own constant limit and comparison (a part worse than its own
    #: former value extends the nonconformity only where it also fails the rule)
    limit: Decimal | None = None
    limit_op: str | None = None
    absent_holds: bool = False  # dl:absentHolds: every stated value must meet the clause
    #: with ``date``: the property carrying a lower bound on the date (its dl:boundedBelowBy,
    #: dl:existsNoEarlierThan: a whole is no older than its parts, derivation/dated.py). A
    #: bound past an "on or before" threshold fails the clause; one meeting an "on or after"
    #: threshold holds it; otherwise it decides nothing (``targets.bound_decides``)
    bound: URIRef | None = None
    #: dl:absentAsked: an unstated fact neither establishes nor defeats the exception: the
    #: clause holds for the target (as with ``absent_holds``) and the fact is asked where the
    #: rule, read without the exception, would not hold (``targets.exception_undecided``)
    absent_asks: bool = False
    #: a work-kind clause of an exception no dl:NotExtendedCondition guards (a repair, the 1991
    #: form): it holds only where the parts make nothing else of the whole (dl:workByParts)
    parts_agree: bool = False  # (a part's structural alteration never agrees: no incidental one)
    #: with ``parts_agree``: a part restored after the damage it states (dl:workByParts
    #: dl:Reconstruction) is judged by the exception's not-extended clause, not by the kind of
    #: work (dl:partsMustAgree beside a dl:NotExtendedCondition); the parts' enlargement is not:
    #: a structure enlarged is no structure repaired, whichever dimension grew (Keuka
    #: § 160-126B: no nonconforming structure "shall be enlarged, extended ... except as set
    #: forth below"; blind review 91 F1: a repaired dock widened kept its reach excepted)
    parts_may_restore: bool = False
    #: a work-kind clause (a repair, an incidental alteration) that fails where the whole is read
    #: as enlarged (dl:workByParts dl:Enlargement: a new or grown part, or the whole stated larger
    #: than it was in any dimension or in slips), its parts' other work left to the not-extended
    #: clause (dl:enlargementDefeatsWork: South Bristol § 73-21A "shall not be enlarged or
    #: expanded"; a repair widening a dock from 8 to 10 ft kept its 800 sq ft excepted)
    enlargement_defeats: bool = False
    #: dl:UnstatedCondition: holds where the fact is not stated (where the condition reads it)
    unstated: bool = False
    #: dl:of dl:PermitApplication: a fact of the application the focus is proposed by (the
    #: permit it seeks), read for a structure as for the application itself
    on_app: bool = False
    #: dl:of dl:Proposed: the structures the application proposes and their parts (a class
    #: read there: "the proposed dock or pier", North Hempstead § 42-7B(3))
    on_proposed: bool = False
    #: a dl:UnstatedCondition on rdf:type (no structure where it reads is of the class): the
    #: classes broader than that class (``broader_classes``); a structure stated only with them
    #: may be of it, so the clause is not established there (``targets.exception_undecided``)
    broader: tuple[URIRef, ...] = field(default=(), repr=False)
    #: dl:askedOf: the classes of focus this dl:appliesWhen alternative is the one asked of
    #: (in place of the alternatives naming none of its classes, facts that do not fit such a
    #: structure: a float's height above the water, not above grade); unstated elsewhere, it
    #: is read as its dl:absentIsNotEqual says (``targets.asked_conditions``)
    asked_of: frozenset[URIRef] = field(default=frozenset(), repr=False)
    #: dl:contestedWhenStated: classes whose definition the clause's value contradicts (a Keuka
    #: boat hoist structure stated upland, 'waterside' by definition): stated so by a member of
    #: one, the clause neither establishes nor defeats the exception: the fact is asked where
    #: the rule, read without the exception, would not hold (``targets.exception_asks``)
    contested: tuple[URIRef, ...] = ()

    @property
    def off_focus(self) -> bool:
        """A fact of the parcel or of the application, not of the focus or its wholes."""
        return self.on_parcel or self.on_app or self.on_proposed

    def sparql(self, tag: str = "") -> str:
        if self.direct and self.on_whole and not self.unstated:
            # a structure listing the focus directly meets the clause, and none listing it
            # directly fails it (the inner group reads the whole ?condWhole<tag>o the
            # enclosing pattern binds: EXISTS substitutes it)
            other = f"?condWhole{tag}o"
            return (f"{{ {self._sparql(tag)} FILTER NOT EXISTS {{ {other} <{DL.hasPart}> "
                    f"?this . FILTER NOT EXISTS {{ {self._sparql(tag + 'o')} }} }} }}")
        return self._sparql(tag)

    def _unbounded(self, prefix: str, subject: str, tag: str) -> str:
        """(a dl:UnstatedCondition without dl:equals) nor a value of it the application stated
        and docklaw does not believe (``targets.withdrawn_there``)."""
        if self.equals is not None:
            return ""
        note = f"?condWithdrawn{tag}"
        return (f"FILTER NOT EXISTS {{ {prefix}{note} a <{DL.Discrepancy}> ; "
                f"<{DL.focus}> {subject} ; <{DL.property}> <{self.prop}> ; "
                f"<{DL.declaredValue}> ?condDeclared{tag} }} ")

    def _bound_fails(self, subject: str, tag: str) -> str:
        """A date clause "on or before" its threshold: no lower bound on the date past it
        (``bound``; empty where there is none or the clause is "on or after")."""
        if self.bound is None or self.date is None or self.op not in BEFORE_OPS:
            return ""
        bound = f"?condBound{tag}"
        return (f"FILTER NOT EXISTS {{ {subject} <{self.bound}> {bound} "
                f"FILTER(DATATYPE({bound}) = <{XSD.date}> && !({bound} {self.op} "
                f"{self.date.n3()})) }} ")

    def _sparql(self, tag: str = "") -> str:
        subject = "?this"
        prefix = ""
        value, parcel = f"?condValue{tag}", f"?condParcel{tag}"
        if self.on_parcel:
            subject, prefix = parcel, f"?app <{DL.parcel}> {parcel} . "
        elif self.on_app:
            subject = "?app"
        elif self.on_proposed:
            subject = f"?condProposed{tag}"
            prefix = f"?app <{DL.proposes}>/(<{DL.hasPart}>*) {subject} . "
        elif self.on_whole:
            subject = f"?condWhole{tag}"
            prefix = f"{subject} <{DL.hasPart}> ?this . " if self.direct else \
                f"{subject} (<{DL.hasPart}>)+ ?this . "
        elif self.whole_first:
            subject, outer = f"?condHost{tag}", f"?condOuter{tag}"
            prefix = (f"?this (^<{DL.hasPart}>)* {subject} . FILTER EXISTS {{ {subject} "
                      f"<{self.prop}> ?condAny{tag} }} FILTER NOT EXISTS {{ {subject} "
                      f"(^<{DL.hasPart}>)+ {outer} . {outer} <{self.prop}> "
                      f"?condOuterValue{tag} }} ")
            if self.absent_holds:  # (none stating it: the node itself, as
                # ``targets.condition_subjects`` reads it, where an unstated fact holds)
                prefix = (f"{{ {prefix}}} UNION {{ ?this a ?condTypedThis . FILTER NOT "
                          f"EXISTS {{ ?this (^<{DL.hasPart}>)* ?condNone{tag} . "
                          f"?condNone{tag} <{self.prop}> ?condNoneValue{tag} }} "
                          f"BIND(?this AS {subject}) }} ")
        if self.unstated:  # nowhere the condition reads it is the fact stated
            if self.equals is not None:  # (with dl:equals: nowhere is that value stated)
                value = self.equals.n3()
            # (the group binds ?this: a group of a filter alone has no ?this to read, so as a
            # dl:appliesWhen alternative it would hold nowhere; every focus is typed). One
            # variable for every such group: joined groups then agree on one of ?this's types
            # instead of multiplying them (nine exception groups of North Hempstead § 42-9C(3),
            # each binding its own, made types^9 rows per application and exhausted memory)
            bound = "?this a ?condTypedThis . "
            if self.whole_first:
                host = f"?condHost{tag}"
                return (f"{{ {bound}FILTER NOT EXISTS {{ ?this (^<{DL.hasPart}>)* "
                        f"{host} . {host} <{self.prop}> {value} }} "
                        f"{self._unbounded(f'?this (^<{DL.hasPart}>)* {host} . ', host, tag)}}}")
            if not (self.on_parcel or self.on_whole or self.on_app or self.on_proposed):
                prefix = ""
            return (f"{{ {bound}FILTER NOT EXISTS {{ {prefix}{subject} <{self.prop}> "
                    f"{value} }} {self._unbounded(prefix, subject, tag)}}}")
        if self.than is not None and self.on_proposed:
            return self._proposed_kept_sparql(tag)
        if self.than is not None:
            other, a, b = f"?condOther{tag}", f"?condA{tag}", f"?condB{tag}"
            # no part worse than its own former value and than the rule's limit (nor, for a
            # reach, past the whole's former one)
            past = ""
            pn, pv, pa = f"?condPartNode{tag}", f"?condPart{tag}", f"?condPartA{tag}"
            if self.limit is not None and self.limit_op is not None:
                po, pb = f"?condPartOther{tag}", f"?condPartB{tag}"
                past = (f"FILTER NOT EXISTS {{ {subject} (<{DL.hasPart}>)+ {pn} . "
                        f"{pn} <{self.prop}> {pv} . {pn} <{self.than}> {po} . "
                        f"OPTIONAL {{ {pv} <{QUDT.numericValue}> {pa} }} "
                        f"OPTIONAL {{ {po} <{QUDT.numericValue}> {pb} }} "
                        f"FILTER(isNumeric(COALESCE({pa}, {pv})) && "
                        f"isNumeric(COALESCE({pb}, {po})) && "
                        f"!(COALESCE({pa}, {pv}) {self.op} COALESCE({pb}, {po})) && "
                        f"!(COALESCE({pa}, {pv}) {self.limit_op} {format_number(self.limit)})) }} ")
            reach = ""
            if self.prop in REACH_OF_WHOLE:  # no part reaching past any former reach either
                reach = (f"FILTER NOT EXISTS {{ {subject} (<{DL.hasPart}>)+/<{self.prop}> {pv} . "
                         f"{subject} <{self.than}> {other} . "
                         f"OPTIONAL {{ {pv} <{QUDT.numericValue}> {pa} }} "
                         f"OPTIONAL {{ {other} <{QUDT.numericValue}> {b} }} "
                         f"FILTER(!COALESCE(COALESCE({pa}, {pv}) {self.op} "
                         f"COALESCE({b}, {other}), false)) }} ")
            # every value within every former one (a stated value and a larger one read from
            # the parts: the larger must be within too), at least one of each stated
            worse = (f"FILTER NOT EXISTS {{ {subject} <{self.prop}> {value} . {subject} "
                     f"<{self.than}> {other} . OPTIONAL {{ {value} <{QUDT.numericValue}> {a} }} "
                     f"OPTIONAL {{ {other} <{QUDT.numericValue}> {b} }} "
                     f"FILTER(!COALESCE(COALESCE({a}, {value}) {self.op} "
                     f"COALESCE({b}, {other}), false)) }} ")  # (one not comparable: worse)
            # (each group binds its subject: a group of filters alone has none to read)
            stated = f"{subject} <{self.prop}> ?condAnyValue{tag} . "
            within = (f"{{ {prefix}{stated}{subject} <{self.than}> ?condAnyFormer{tag} . "
                      f"{worse}{reach}{past}}}")
            if not self.absent_holds:
                return within
            # dl:absentAsked: no former value stated holds (the former value is asked,
            # ``targets.exception_asks``); a part extending its own former value still fails
            wholes = ""
            if self.prop in REACH_OF_WHOLE:  # (nor past a former reach of a whole of it)
                wn, wo = f"?condWholeNode{tag}", f"?condWholeFormer{tag}"
                wb = f"?condWholeB{tag}"
                wholes = (f"FILTER NOT EXISTS {{ {wn} (<{DL.hasPart}>)+ {subject} . "
                          f"{wn} <{self.than}> {wo} . {subject} <{self.prop}> {pv} . "
                          f"OPTIONAL {{ {pv} <{QUDT.numericValue}> {pa} }} "
                          f"OPTIONAL {{ {wo} <{QUDT.numericValue}> {wb} }} "
                          f"FILTER(isNumeric(COALESCE({pa}, {pv})) && "
                          f"isNumeric(COALESCE({wb}, {wo})) && "
                          f"!(COALESCE({pa}, {pv}) {self.op} COALESCE({wb}, {wo}))) }} ")
            unstated = (f"{{ {prefix}{stated}FILTER NOT EXISTS {{ {subject} "
                        f"<{self.than}> ?condAnyFormer{tag} }} {past}{wholes}}}")
            return f"{{ {within} UNION {unstated} }}"
        if self.date is not None and self.absent_holds:
            return (f"{{ {prefix}FILTER NOT EXISTS {{ {subject} <{self.prop}> {value} "
                    f"FILTER(!(DATATYPE({value}) = <{XSD.date}> && {value} {self.op} "
                    f"{self.date.n3()})) }} {self._bound_fails(subject, tag)}}}")
        if self.absent_holds and self.op is not None and self.than is None:
            # every stated number meets the clause (an unstated one holds)
            stated, number = f"?condStated{tag}", f"?condNumber{tag}"
            return (f"{{ {prefix}FILTER NOT EXISTS {{ {subject} <{self.prop}> {stated} . "
                    f"OPTIONAL {{ {stated} <{QUDT.numericValue}> {number} }} "
                    f"BIND(COALESCE({number}, {stated}) AS {value}) "
                    f"FILTER(!(isNumeric({value}) && {value} {self.op} "
                    f"{format_number(self.threshold)})) }} }}")
        if self.absent_holds and self.op is None and self.equals is not None:
            # no stated value other than the one the clause names (an unstated one holds); a
            # work clause (dl:absentAsked) still fails on a whole its parts make something
            # else of, as the stated work's clause does below (South Bristol § 73-21A, blind
            # review 104 F1; Keuka § 160-123A(1)(e), fix-jer35)
            return (f"{{ {prefix}FILTER NOT EXISTS {{ {subject} <{self.prop}> {value} "
                    f"FILTER({value} != {self.equals.n3()}) }} "
                    f"{self._parts_filter(subject, tag)}}}")
        if self.date is not None:
            stated = (f"{{ {prefix}{subject} <{self.prop}> {value} "
                      f"FILTER(DATATYPE({value}) = <{XSD.date}> && {value} {self.op} "
                      f"{self.date.n3()}) {self._bound_fails(subject, tag)}}}")
            if self.bound is None or self.op in BEFORE_OPS:
                return stated
            bound = f"?condBound{tag}"  # ("on or after": a bound meeting it holds it)
            return (f"{{ {stated} UNION {{ {prefix}{subject} <{self.bound}> {bound} "
                    f"FILTER(DATATYPE({bound}) = <{XSD.date}> && {bound} {self.op} "
                    f"{self.date.n3()}) }} }}")
        if self.op is not None:  # a quantity's number, or a count stated as a number
            stated, number = f"?condStated{tag}", f"?condNumber{tag}"
            return (f"{{ {prefix}{subject} <{self.prop}> {stated} . "
                    f"OPTIONAL {{ {stated} <{QUDT.numericValue}> {number} }} "
                    f"BIND(COALESCE({number}, {stated}) AS {value}) "
                    f"FILTER(isNumeric({value}) && {value} {self.op} "
                    f"{format_number(self.threshold)}) }}")
        return (f"{{ {prefix}{subject} <{self.prop}> {self.equals.n3()} "
                f"{self._parts_filter(subject, tag)}}}")

    def _parts_filter(self, subject: str, tag: str) -> str:
        """A work clause's test of what the whole's parts make of it (dl:workByParts,
        ``targets.parts_defeat``); empty where the clause reads no such thing."""
        if (self.parts_agree and self.equals not in MAINTAINING) or self.enlargement_defeats:
            # a restoration (targets.parts_defeat), or the whole not read as enlarged
            return (f"FILTER NOT EXISTS {{ {subject} <{DL.workByParts}> "
                    f"{DL.Enlargement.n3()} }} ")
        if self.parts_agree:  # the work the whole's parts make of it must agree
            other = f"?condByParts{tag}"
            also = (f" && {other} != {DL.Reconstruction.n3()}"
                    if self.parts_may_restore else "")
            return (f"FILTER NOT EXISTS {{ {subject} <{DL.workByParts}> {other} FILTER(({other} "
                    f"!= {self.equals.n3()} || {other} = {DL.Alteration.n3()}){also}) }} ")
        return ""

    def _proposed_kept_sparql(self, tag: str) -> str:
        """``targets.proposed_kept`` as SPARQL: no proposed structure with a value worse than a
        former one, nor with a total bounded only (dl:LowerBoundTotal) beside a former one
        stated; without dl:absentAsked none with a value or a bound and no former one either."""
        p, v, f = f"?condProposed{tag}", f"?condValue{tag}", f"?condFormer{tag}"
        a, b, n = f"?condA{tag}", f"?condB{tag}", f"?condNote{tag}"
        bounded = (f"{n} a <{DL.LowerBoundTotal}> ; <{DL.focus}> {p} ; "
                   f"<{DL.property}> <{self.prop}> . ")
        fails = [f"{{ {p} <{self.prop}> {v} . {p} <{self.than}> {f} . "
                 f"OPTIONAL {{ {v} <{QUDT.numericValue}> {a} }} "
                 f"OPTIONAL {{ {f} <{QUDT.numericValue}> {b} }} "
                 f"FILTER(!COALESCE(COALESCE({a}, {v}) {self.op} COALESCE({b}, {f}), false)) }}",
                 f"{{ {p} <{self.than}> {f} . FILTER NOT EXISTS {{ {p} <{self.prop}> {v} }} "
                 f"{bounded}}}"]
        if not self.absent_asks:
            fails.append(f"{{ {{ {p} <{self.prop}> {v} }} UNION {{ {bounded}}} "
                         f"FILTER NOT EXISTS {{ {p} <{self.than}> {f} }} }}")
        return (f"{{ ?this a ?condTypedThis . FILTER NOT EXISTS {{ ?app <{DL.proposes}> {p} . "
                f"{' UNION '.join(fails)} }} }}")


#: The date comparisons "on or before" (a lower bound past the threshold fails them).
BEFORE_OPS = frozenset({"<", "<="})


def condition_of(prepared: Prepared, rule: URIRef, node: object, what: str,
                 problems: list[str]) -> Condition | None:
    """One condition node (thresholds normalised to canonical units), or None and a lint."""
    g = prepared.knowledge
    if (node, RDF.type, DL.NotExtendedCondition) in g:
        kept = (not_extended(prepared, rule) if g.value(node, DL.property) is None
                else named_not_extended(prepared, rule, node, problems))
        if kept is not None and g.value(node, DL.absentAsked) == TRUE:
            # an unstated former value neither establishes nor defeats the exception: asked
            kept = dataclasses.replace(kept, absent_holds=True, absent_asks=True)
        return kept
    prop = g.value(node, DL.property)
    on_parcel = g.value(node, DL.of) == DL.Parcel
    direct = g.value(node, DL.of) == DL.DirectWhole  # (a whole: every direct one)
    on_whole = direct or g.value(node, DL.of) == DL.Whole
    whole_first = g.value(node, DL.of) == DL.WholeOrFocus
    on_app = g.value(node, DL.of) == DL.PermitApplication
    on_proposed = g.value(node, DL.of) == DL.Proposed
    if not isinstance(prop, URIRef):
        problems.append(f"{rule}: {what} condition without dl:property")
        return None
    kinds = set(g.objects(node, RDF.type))
    if DL.UnstatedCondition in kinds:
        equals = g.value(node, DL.equals)
        broader = tuple(sorted(broader_classes(prepared, frozenset({equals})), key=str)) \
            if prop == RDF.type and isinstance(equals, URIRef) else ()
        return Condition(prop, on_parcel, on_whole=on_whole, direct=direct,
                         whole_first=whole_first, on_app=on_app, on_proposed=on_proposed,
                         unstated=True, equals=equals, broader=broader)
    absent_false = g.value(node, DL.absentIsNotEqual) == TRUE
    asked_of = frozenset(c for c in g.objects(node, DL.askedOf) if isinstance(c, URIRef))
    asks = g.value(node, DL.absentAsked) == TRUE  # (date, quantity, boolean clauses)
    holds = asks or g.value(node, DL.absentHolds) == TRUE
    threshold = g.value(node, DL.threshold)
    if isinstance(threshold, Literal) and threshold.datatype == XSD.date:
        op = CONDITION_OPS.get(g.value(node, DL.comparison))
        if op is None:
            problems.append(f"{rule}: {what} on {curie(prop)} needs a dl:comparison")
            return None
        bound = g.value(prop, DL.boundedBelowBy)  # (a lower bound read beside the date)
        return Condition(prop, on_parcel, op=op, date=threshold, on_whole=on_whole,
                         direct=direct, whole_first=whole_first, on_app=on_app,
                         on_proposed=on_proposed,
                         absent_holds=holds, absent_asks=asks,
                         bound=bound if isinstance(bound, URIRef) else None)
    if DL.QuantityCondition in kinds or threshold is not None:
        op = CONDITION_OPS.get(g.value(node, DL.comparison))
        qv = threshold
        number = to_decimal(g.value(qv, QUDT.numericValue)) if qv is not None else None
        unit = g.value(qv, QUDT.unit) if qv is not None else None
        canonical = prepared.units.canonical_of_property.get(prop)
        if isinstance(unit, URIRef) and number is not None:
            number = prepared.units.convert(number, unit, canonical)
        if op is None or number is None:
            problems.append(f"{rule}: {what} on {curie(prop)} needs a dl:comparison "
                            "(LessThan, AtMost, AtLeast, MoreThan) and a convertible "
                            "dl:threshold")
            return None
        return Condition(prop, on_parcel, op=op, threshold=number,
                         absent_is_false=absent_false, on_whole=on_whole, direct=direct,
                         whole_first=whole_first, on_app=on_app, on_proposed=on_proposed,
                         absent_holds=holds, absent_asks=asks, asked_of=asked_of)
    if g.value(node, DL.equals) is not None:
        contested = tuple(sorted((c for c in g.objects(node, DL.contestedWhenStated)
                                  if isinstance(c, URIRef)), key=str))
        return Condition(prop, on_parcel, equals=g.value(node, DL.equals),
                         absent_is_false=absent_false, on_whole=on_whole, direct=direct,
                         whole_first=whole_first, on_app=on_app, on_proposed=on_proposed,
                         absent_holds=holds, absent_asks=asks, asked_of=asked_of,
                         contested=contested)
    problems.append(f"{rule}: {what} on {curie(prop)} is neither a quantity "
                    "condition (dl:threshold) nor a boolean condition (dl:equals)")
    return None


#: A rule's dl:comparison -> how a value stays within its preexisting counterpart.
NOT_EXTENDED_OPS = {DL.AtMost: "<=", DL.LessThan: "<=", DL.Prohibited: "<=",
                    DL.AtLeast: ">=", DL.MoreThan: ">=", DL.Required: ">="}


def not_extended(prepared: Prepared, rule: URIRef) -> Condition | None:
    """A dl:NotExtendedCondition for this rule: the value it compares is no worse than the
    structure's preexisting counterpart (what the nonconformity protects, Keuka § 160-126B(4),
    Canandaigua § 73-21A(1)). None (the clause drops out, the exception is whole) for a rule
    comparing nothing, or a fact without a counterpart (the structure's kind or place)."""
    g = prepared.knowledge
    props = sorted(p for p in g.objects(rule, DL.constrains) if isinstance(p, URIRef))
    op = NOT_EXTENDED_OPS.get(g.value(rule, DL.comparison))
    if len(props) != 1 or op is None:
        return None
    than = g.value(props[0], DL.preexistingCounterpart)
    if not isinstance(than, URIRef):
        return None
    limit, limit_op = None, RULE_OPS.get(g.value(rule, DL.comparison))
    qv = g.value(rule, DL.limit)
    if props[0] in REACH_OF_WHOLE and any(
            p != props[0] for p in g.subjects(DL.preexistingCounterpart, than)):
        # a reach whose counterpart is also another property's (dl:preexistingLength: a dock's
        # length from MLW, and any structure's own length): on a part it is the part's own
        # former length, no former reach, so a part is judged by the whole's former reach only
        # (a 20-ft float replaced in kind at the end of a lawful 120-ft pier extends nothing:
        # North Haven § 56-2B measures "the length of the preexisting lawfully constructed dock")
        qv = None
    if qv is not None and limit_op is not None:
        number = to_decimal(g.value(qv, QUDT.numericValue))
        unit = g.value(qv, QUDT.unit)
        if number is not None and isinstance(unit, URIRef):
            limit = prepared.units.convert(number, unit,
                                           prepared.units.canonical_of_property.get(props[0]))
    return Condition(props[0], False, op=op, than=than, limit=limit,
                     limit_op=limit_op if limit is not None else None)


def named_not_extended(prepared: Prepared, rule: URIRef, node: object,
                       problems: list[str]) -> Condition | None:
    """A dl:NotExtendedCondition naming its own fact (dl:property, read dl:of dl:Proposed): every
    structure the application proposes keeps that fact within its preexisting counterpart (at
    most it, or at least it with dl:comparison dl:AtLeast), whatever the rule compares: a
    parcel's count that only maintenance leaves as it was holds only while no proposed
    structure has more of what the count adds up (South Bristol § 73-21A(1): a repair adding
    boat slips is no maintenance, blind review 117 F4). ``targets.proposed_kept`` reads it."""
    g = prepared.knowledge
    prop = g.value(node, DL.property)
    than = g.value(prop, DL.preexistingCounterpart) if isinstance(prop, URIRef) else None
    if not isinstance(prop, URIRef) or not isinstance(than, URIRef) \
            or g.value(node, DL.of) != DL.Proposed:
        problems.append(f"{rule}: a dl:NotExtendedCondition naming dl:property needs a property "
                        "with a dl:preexistingCounterpart, read dl:of dl:Proposed")
        return None
    op = ">=" if g.value(node, DL.comparison) in (DL.AtLeast, DL.MoreThan) else "<="
    return Condition(prop, False, op=op, than=than, on_proposed=True)


#: A rule's dl:comparison -> the operator a conforming value meets its constant limit with.
RULE_OPS = {DL.AtMost: "<=", DL.LessThan: "<", DL.AtLeast: ">=", DL.MoreThan: ">"}


def conditions_of(prepared: Prepared, rule: URIRef, problems: list[str]) -> tuple[Condition, ...]:
    """The rule's dl:appliesWhen alternatives (thresholds normalised to canonical units)."""
    out = [c for node in prepared.knowledge.objects(rule, DL.appliesWhen)
           if (c := condition_of(prepared, rule, node, "dl:appliesWhen", problems)) is not None]
    return tuple(sorted(out, key=repr))


def exceptions_of(prepared: Prepared, rule: URIRef,
                  problems: list[str]) -> tuple[tuple[Condition, ...], ...]:
    """The rule's dl:exceptWhen exceptions, each the dl:clause conditions that must all hold
    for the rule not to apply (a fact the applicant must establish: a missing one does not
    hold, so the rule applies)."""
    out = [tuple(sorted((c for _node, c in clauses), key=repr))
           for _exception, clauses in exception_clauses(prepared, rule, problems)]
    return tuple(sorted(out, key=repr))


def exception_clauses(prepared: Prepared, rule: URIRef, problems: list[str]
                      ) -> list[tuple[object, tuple[tuple[object, Condition], ...]]]:
    """The rule's dl:exceptWhen exceptions as (exception node, ((clause node, condition),
    ...)): ``exceptions_of`` with the nodes that say what each is (its dl:section and label,
    read by a report naming an exception that did not hold)."""
    g = prepared.knowledge
    out: list[tuple[object, tuple[tuple[object, Condition], ...]]] = []
    for exception in g.objects(rule, DL.exceptWhen):
        clauses = [(node, c) for node in g.objects(exception, DL.clause)
                   if (c := condition_of(prepared, rule, node, "dl:exceptWhen", problems))
                   is not None]
        if not clauses:
            problems.append(f"{rule}: dl:exceptWhen {exception} has no dl:clause")
            continue
        # nothing guards the parts' growth, or the code bars work on the structure's parts
        # whatever its size (dl:partsMustAgree: Keuka § 160-126B "structurally altered")
        guarded = any(c.than is not None for _n, c in clauses)
        agree = g.value(exception, DL.partsMustAgree) == TRUE
        enlargement = g.value(exception, DL.enlargementDefeatsWork) == TRUE
        if g.value(exception, DL.expansionPermitted) == TRUE:
            pass  # the work it names may enlarge the structure (dl:expansionPermitted)
        elif (not guarded and not enlargement) or agree:
            # (a restoration's clause only where the code says so: targets.parts_defeat)
            clauses = [(n, dataclasses.replace(c, parts_agree=True, parts_may_restore=guarded))
                       if c.prop == DL.workKind and (c.equals in MAINTAINING or agree)
                       else (n, c) for n, c in clauses]
        elif enlargement:  # (guarded or not: only the enlargement defeats the work named)
            clauses = [(n, dataclasses.replace(c, enlargement_defeats=True))
                       if c.prop == DL.workKind and c.equals in MAINTAINING else (n, c)
                       for n, c in clauses]
        out.append((exception, tuple(sorted(clauses, key=lambda nc: repr(nc[1])))))
    # in an order of their own, not the graph's: a report naming the first of two exceptions
    # failing on one condition named another when the law was read back from a remote store
    return sorted(out, key=lambda e: (str(g.value(e[0], RDFS.label) or ""),
                                      str(g.value(e[0], DL.section) or ""),
                                      [repr(c) for _n, c in e[1]]))


@dataclass(frozen=True)
class TargetSpec:
    """A generated target's conditions (the same as its SPARQL text), for fast evaluation."""

    governs: frozenset[URIRef]
    works: frozenset[URIRef] = frozenset()
    constructions: frozenset[URIRef] = frozenset()
    uses: frozenset[URIRef] = frozenset()
    tiers: frozenset[Decimal] = frozenset()
    categories: frozenset[str] = frozenset()
    steep: Literal | None = None
    conditions: tuple[Condition, ...] = ()
    exceptions: tuple[tuple[Condition, ...], ...] = ()
    #: generic classes broader than a governed one (plain dl:Dock where nhc:Dock is governed):
    #: a structure stated only as one of them may be what the rule governs (information needed)
    broader: frozenset[URIRef] = frozenset()
    #: the properties of its conditions that are facts of a structure as a whole
    #: (dl:WholeFact): a part that does not state one has its whole's
    whole_facts: frozenset[URIRef] = frozenset()
    #: the properties of its conditions that are facts of each structure's own decking
    #: (dl:ownToEachPart): a part that does not state one is asked it, not read its whole's
    own_facts: frozenset[URIRef] = frozenset()
    #: land uses broader than the rule's (dl:ResidentialUse where single-family is named)
    broader_uses: frozenset[URIRef] = frozenset()
    #: (portion class, whole class) pairs (dl:portionOf): a node of the portion class that is a
    #: part (at any depth) of a governed node of the whole class is the whole stated as a part,
    #: and the rule reaches it where it states a fact the rule reads (empty for a rule whose
    #: shape reads no fact of its focus)
    portions: tuple[tuple[URIRef, URIRef], ...] = ()
    #: (portion class, whole class, facts describing the portion) for each governed portion
    #: class (dl:portionOf) with facts of its own (dl:describesPart): a node of the whole class
    #: stating one of them, listing no part of the portion class, is that portion stated as
    #: the whole's figures, and the rule reaches it (``governed_figures``)
    figures: tuple[tuple[URIRef, URIRef, frozenset[URIRef]], ...] = ()
    #: the facts the shape reads on its focus (a portion is reached only where it states one)
    reads: frozenset[URIRef] = frozenset()
    #: the links to its focus the shape reads (``^dl:mooredAt``: a boat moored at it), which
    #: reach a portion as a stated fact of its does
    read_by: frozenset[URIRef] = frozenset()
    #: the rule's dl:appliesToConstruction is met by the construction of the focus or of any
    #: structure it is a part of (dl:constructionReachesParts): it holds a structure of that
    #: construction with all its parts, whatever a part states of itself
    construction_reaches_parts: bool = False
    #: classes whose members' construction is their own (dl:ownConstruction): one stating none
    #: is not read as built as its whole, and a rule on a construction asks it
    own_construction: frozenset[URIRef] = frozenset()
    #: the work a structure's parts make of it counts only from parts stating its own
    #: construction (dl:workOfPartsByConstruction: dl:workByPartsOfItsConstruction is read for
    #: dl:workByParts), and a part stating work of its own but no construction is asked it
    work_of_parts_by_construction: bool = False
    #: governed classes (or classes below one) whose members have a fact the rule reads of
    #: their own, a member listed as a part of another included (dl:ownCount: a boat station's
    #: mooring spaces; dl:ownMeasure: a float's width): one stating none is asked it, never
    #: decided by its whole (``targets.silent_part``)
    own_count: frozenset[URIRef] = frozenset()
    #: classes of part that are no such member of their own (dl:ownCountUnless: a lift listed
    #: on a boat station is the station's mechanical device, its boat one of the station's)
    own_count_unless: frozenset[URIRef] = frozenset()

    def counts_own(self, types: frozenset[URIRef] | set[URIRef]) -> bool:
        """A node of these classes has the rule's fact of its own (dl:ownCount), even listed
        as a part of another member: asked of it, never decided by its whole."""
        return bool(types & self.own_count) and not (types & self.own_count_unless)

    @property
    def parcel_conditions(self) -> bool:
        return bool(self.uses or self.tiers or self.categories or self.steep is not None)

    @property
    def reach_classes(self) -> frozenset[URIRef]:
        """The governed classes and the classes of the portions the rule reaches."""
        return self.governs | frozenset(p for p, _w in self.portions)


@dataclass
class CompiledShapes:
    jurisdiction: str
    graph: Graph
    shape_rule: dict[object, URIRef] = field(default_factory=dict)
    top_shape: dict[object, object] = field(default_factory=dict)
    info_needed: set[object] = field(default_factory=set)
    computed: list[ComputedShape] = field(default_factory=list)
    targets: dict[object, str] = field(default_factory=dict)
    lints: list[str] = field(default_factory=list)
    runtime_graph: Graph = field(default_factory=Graph)
    specs: dict[object, TargetSpec] = field(default_factory=dict)
    #: explicit target text -> what every one of its solutions reads (``law.required``): an
    #: application without it has no focus node there, and the query is not run
    target_needs: dict[str, frozenset[tuple[URIRef, URIRef | None]]] = field(
        default_factory=dict)
    #: hand-written target -> its rule's conditions on the parcel (``explicit_guard``), which
    #: the compiler applies (as for a generated target) and its text does not repeat
    guards: dict[object, TargetSpec] = field(default_factory=dict)
    #: a guarded hand-written target's text without the guard: run when the guard is undecided,
    #: to find the nodes whose rule waits on the unstated parcel fact
    open_targets: dict[object, str] = field(default_factory=dict)
    #: hand-written target -> (its text without its rule's exceptions, the exceptions), for a
    #: rule with a dl:absentAsked clause: run to find the nodes an exception holds on only for
    #: want of that fact, which is asked (``targets.asked_focus``)
    asked: dict[object, tuple[str, tuple[tuple[Condition, ...], ...]]] = field(
        default_factory=dict)
    #: hand-written target -> (its text without its rule's exceptions and guard, the
    #: exceptions): derive runs the text and reads the exceptions as a generated target does
    #: (``targets.explicit_focus``); the text with them (``targets``) is the reference
    excepted: dict[object, tuple[str, tuple[tuple[Condition, ...], ...]]] = field(
        default_factory=dict)
    engine: Any = None  # pyshacl ShapesGraph of runtime_graph, built by check on first use

    @property
    def shapes(self) -> list[object]:
        """Top-level shapes (each enforcing one rule)."""
        return sorted({s for s in self.top_shape.values()}, key=str)


# --------------------------------------------------------------------------- structure


def nested_children(g: Graph, node: object) -> list[object]:
    out: list[object] = []
    for prop in NESTING_PROPS:
        out.extend(g.objects(node, prop))
    for prop in LIST_NESTING_PROPS:
        for head in g.objects(node, prop):
            out.extend(Collection(g, head))
    return out


def top_level_shapes(g: Graph) -> list[object]:
    """Shapes that are not nested in another shape."""
    candidates = set(g.subjects(RDF.type, SH.NodeShape))
    candidates |= set(g.subjects(RDF.type, SH.PropertyShape))
    candidates |= set(g.subjects(DL.enforces, None))
    for prop in TARGET_PROPS:
        candidates |= set(g.subjects(prop, None))
    nested: set[object] = set()
    for node in list(g.subjects()):
        nested.update(nested_children(g, node))
    return sorted((c for c in candidates if c not in nested), key=str)


def descendants(g: Graph, node: object) -> list[object]:
    seen = [node]
    stack = [node]
    while stack:
        for child in nested_children(g, stack.pop()):
            if child not in seen:
                seen.append(child)
                stack.append(child)
    return seen


def path_first(g: Graph, shape: object) -> URIRef | None:
    path = g.value(shape, SH.path)
    if isinstance(path, URIRef):
        return path
    if isinstance(path, BNode) and g.value(path, RDF.first) is not None:
        first = g.value(path, RDF.first)
        return first if isinstance(first, URIRef) else None
    return None


def sparql_path(g: Graph, path: object) -> str:
    """A SHACL path as a SPARQL property path."""
    if isinstance(path, URIRef):
        return f"<{path}>"
    if g.value(path, RDF.first) is not None:
        return "/".join(sparql_path(g, p) for p in Collection(g, path))
    for prop, fmt in ((SH.inversePath, "^({})"), (SH.zeroOrMorePath, "({})*"),
                      (SH.oneOrMorePath, "({})+"), (SH.zeroOrOnePath, "({})?")):
        inner = g.value(path, prop)
        if inner is not None:
            return fmt.format(sparql_path(g, inner))
    alt = g.value(path, SH.alternativePath)
    if alt is not None:
        return "(" + "|".join(sparql_path(g, p) for p in Collection(g, alt)) + ")"
    raise ValueError(f"unsupported SHACL path {path}")


def rdflib_path(g: Graph, path: object) -> URIRef | Path:
    """A SHACL path as an rdflib path, for ``Graph.objects`` (no SPARQL text to parse: rdflib
    spends ~25 ms parsing each new query)."""
    if isinstance(path, URIRef):
        return path
    if g.value(path, RDF.first) is not None:  # type: ignore[arg-type]
        return SequencePath(*(rdflib_path(g, p) for p in Collection(g, path)))  # type: ignore[arg-type]
    for prop, mod in ((SH.zeroOrMorePath, ZeroOrMore), (SH.oneOrMorePath, OneOrMore),
                      (SH.zeroOrOnePath, ZeroOrOne)):
        inner = g.value(path, prop)  # type: ignore[arg-type]
        if inner is not None:
            return MulPath(rdflib_path(g, inner), mod)
    inverse = g.value(path, SH.inversePath)  # type: ignore[arg-type]
    if inverse is not None:
        return InvPath(rdflib_path(g, inverse))
    alt = g.value(path, SH.alternativePath)  # type: ignore[arg-type]
    if alt is not None:
        return AlternativePath(*(rdflib_path(g, p) for p in Collection(g, alt)))
    raise ValueError(f"unsupported SHACL path {path}")


# --------------------------------------------------------------------------- limits


def limit_of(
    prepared: Prepared, rule: URIRef, which: URIRef
) -> tuple[Decimal, URIRef | None] | None:
    """A rule's stated limit (value, unit) for dl:limit / dl:lowerLimit / dl:upperLimit."""
    node = prepared.knowledge.value(rule, which)
    if node is None:
        return None
    if isinstance(node, Literal):
        number = to_decimal(node)
        return (number, None) if number is not None else None
    number = to_decimal(prepared.knowledge.value(node, QUDT.numericValue))
    unit = prepared.knowledge.value(node, QUDT.unit)
    if number is None:
        return None
    return number, unit if isinstance(unit, URIRef) else None


def canonical_unit(prepared: Prepared, rule: URIRef) -> URIRef | None:
    for prop in prepared.knowledge.objects(rule, DL.constrains):
        unit = prepared.units.canonical_of_property.get(prop)
        if unit is not None:
            return unit
    return None


def normalised_limit(
    prepared: Prepared, rule: URIRef, which: URIRef, parameter: URIRef, problems: list[str],
    shape: object,
) -> tuple[Literal, str] | None:
    """(parameter literal, human text) for a rule's limit, or None (and a lint)."""
    raw = prepared.knowledge.value(rule, which)
    if is_month_day(raw):
        day = ordinal_of(raw)
        if day is None:
            problems.append(f"{shape}: {curie(which)} {raw!s} of {rule} is not a valid month-day")
            return None
        return Literal(day, datatype=XSD.integer), describe_month_day(day)
    stated = limit_of(prepared, rule, which)
    if stated is None:
        problems.append(f"{shape}: {curie(parameter)} but rule {rule} has no {curie(which)}")
        return None
    value, unit = stated
    text = prepared.units.describe(value, unit) if unit is not None else display_number(value)
    if parameter in COUNT_PARAMS:
        if value != value.to_integral_value():
            problems.append(f"{shape}: count limit {value} of {rule} is not an integer")
            return None
        return Literal(int(value)), text
    target = canonical_unit(prepared, rule)
    if unit is not None and target is not None:
        converted = prepared.units.convert(value, unit, target)
        if converted is None:
            problems.append(f"{shape}: limit unit {unit} of {rule} cannot be converted to {target}")
            return None
        value = converted
    elif unit is not None and prepared.units.info(unit) is None:
        problems.append(f"{shape}: limit of {rule} has unknown unit {unit}")
    return Literal(format_number(value), datatype=XSD.decimal), text


# --------------------------------------------------------------------------- targets


def _values(var: str, nodes: list[object]) -> str:
    return f"VALUES ?{var} {{ {' '.join(n.n3() for n in nodes)} }}"


def portion_classes(prepared: Prepared) -> tuple[tuple[URIRef, URIRef], ...]:
    """(portion class, whole class) pairs the ontology declares (dl:portionOf)."""
    return tuple(sorted(((p, w) for p, w in prepared.knowledge.subject_objects(DL.portionOf)
                         if isinstance(p, URIRef) and isinstance(w, URIRef)), key=str))


def governed_portions(prepared: Prepared, governs: frozenset[URIRef]
                      ) -> tuple[tuple[URIRef, URIRef], ...]:
    """The (portion, whole) pairs whose whole can be of a governed class (some kind of the whole
    is governed): a rule on the application or the parcel reaches no portion of a dock."""
    ours = "https://w3id.org/docklaw/"

    def governed_kind(whole: URIRef) -> bool:  # (owl:Nothing is below every class: skipped)
        return whole in governs or any(
            whole in supers and not supers.isdisjoint(governs)
            for cls, supers in prepared.superclasses.items() if str(cls).startswith(ours))
    return tuple(pair for pair in portion_classes(prepared) if governed_kind(pair[1]))


def governed_figures(prepared: Prepared, rule: URIRef, governs: frozenset[URIRef]
                     ) -> tuple[tuple[URIRef, URIRef, frozenset[URIRef]], ...]:
    """(portion, whole, facts) for each portion class (dl:portionOf) the rule governs by name
    (the class, or a code's word for it, dl:senseOf: Kings Point's kpc:Landing) that facts of
    the vocabulary describe (dl:describesPart: dl:landingWidth, a landing). A whole stating
    such a fact states the portion by its figures (a landing 6 by 8 ft stated on the dock is
    the dock's landing, as a dl:Landing listed on it is): a rule on the portion reaches it too
    (blind review 130 F2). A rule governing a broader class (every structure) is not one on
    the portion: it reaches the whole as what it is. Only for a rule marked
    dl:reachesPortionByFigures (one on a portion of a dock: not Jerusalem's rule on a landing
    standing on its own, which a landing stated on the dock is not)."""
    g = prepared.knowledge
    if g.value(rule, DL.reachesPortionByFigures) != TRUE:
        return ()
    out = []
    for portion, whole in portion_classes(prepared):
        if not any(c == portion or (c, DL.senseOf, portion) in g for c in governs):
            continue
        facts = frozenset(f for f in g.subjects(DL.describesPart, portion)
                          if isinstance(f, URIRef))
        if facts:
            out.append((portion, whole, facts))
    return tuple(out)


def _figures_branch(figures: tuple[tuple[URIRef, URIRef, frozenset[URIRef]], ...]) -> str:
    """The UNION branches reaching a whole that states a governed portion by its figures
    (``governed_figures``; ``targets.AppFacts.reaches``)."""
    return "".join(
        f" UNION {{ ?this a {whole.n3()} . FILTER EXISTS {{ ?this ?figure ?figureValue . "
        f"{_values('figure', sorted(facts, key=str))} }} FILTER NOT EXISTS {{ "
        f"?this (<{DL.hasPart}>)+ ?figurePart . ?figurePart a {portion.n3()} }} }}"
        for portion, whole, facts in figures)


def own_facts(prepared: Prepared, g: Graph, shape: object, rule: URIRef
              ) -> tuple[frozenset[URIRef], frozenset[URIRef]]:
    """The facts the shape reads stated on its focus node: the first step of each path (of
    the shape or a nested property shape) that is a forward property other than dl:hasPart,
    and the properties of the rule's dl:appliesWhen conditions on the focus. Such a rule
    reaches a portion of what it governs that states one of them; a rule reading only the
    focus's whole or its application (a finding recorded on the application), or one that
    reads every part through the whole (``( [ sh:oneOrMorePath dl:hasPart ] P )``: an
    extent of the dock and its attached structures), reaches none (it would only repeat
    itself there). A rule with dl:workOfPartsByConstruction reads a portion's own dl:workKind
    and dl:construction too: a portion stating either is reached on its own (a permanent finger
    placed on a seasonal dock, Keuka § 160-124D). Second: the links to the focus a path starts
    with (``^dl:mooredAt``: the boats moored at it), read like the focus's own facts."""
    out: set[URIRef] = set()
    inverse: set[URIRef] = set()
    for node in descendants(g, shape):
        path = g.value(node, SH.path)
        if isinstance(path, BNode) and g.value(path, RDF.first) is not None:
            path = next(iter(Collection(g, path)), None)
        if isinstance(path, BNode) and g.value(path, SH.oneOrMorePath) == DL.hasPart:
            return frozenset(), frozenset()  # it reads every part through the whole already
        if isinstance(path, URIRef) and path != DL.hasPart:
            out.add(path)
        inv = g.value(path, SH.inversePath) if isinstance(path, BNode) else None
        if isinstance(inv, URIRef) and inv not in (DL.hasPart, DL.proposes):
            inverse.add(inv)
    if out or inverse:
        out.update(c.prop for c in conditions_of(prepared, rule, [])
                   if not (c.on_parcel or c.on_whole) and c.prop != RDF.type)
    if work_of_parts_by_construction(prepared.knowledge, rule):
        # a portion's own work and construction are read (dl:workOfPartsByConstruction): a
        # permanent finger built on a seasonal dock is construction of its own, not the dock's
        out.update((DL.construction, DL.workKind))
    return frozenset(out), frozenset(inverse)


#: The UNION branch of a generated target that reaches portions (``_portion_branch``).
PORTION_BRANCH = re.compile(r" UNION \{ VALUES \(\?portion \?wholeClass\).*?"
                            r"VALUES \?governedWhole \{[^}]*\} \}"
                            r"|(?<=\}) UNION \{ \?this a \S+ \. FILTER EXISTS \{ \?this \?figure "
                            r".*?\?figurePart a \S+ \} \}", re.S)


def without_portions(query: str) -> str:
    """A generated target without its portion branch: the classes it names there are the
    ontology's portions and wholes, not classes the code's law tests a structure against."""
    return PORTION_BRANCH.sub("", query)


def _portion_branch(governs: list[object], portions: tuple[tuple[URIRef, URIRef], ...],
                    reads: frozenset[URIRef], read_by: frozenset[URIRef]) -> str:
    pairs = " ".join(f"({p.n3()} {w.n3()})" for p, w in portions)
    stated = [f"{{ ?this ?read ?stated . {_values('read', sorted(reads, key=str))} }}"
              for _ in [reads] if reads]
    stated += [f"{{ ?linked ?readBy ?this . {_values('readBy', sorted(read_by, key=str))} }}"
               for _ in [read_by] if read_by]
    return (f"{{ ?this a ?governed . {_values('governed', governs)} }} UNION "
            f"{{ VALUES (?portion ?wholeClass) {{ {pairs} }} ?this a ?portion . "
            f"FILTER EXISTS {{ {' UNION '.join(stated)} }}"
            f" ?whole (<{DL.hasPart}>)+ ?this . ?whole a ?wholeClass . "
            f"?whole a ?governedWhole . {_values('governedWhole', governs)} }}")


def governed_branch(governs: list[object], pairs: tuple[tuple[URIRef, URIRef], ...],
                    reads: frozenset[URIRef], read_by: frozenset[URIRef],
                    figures: tuple[tuple[URIRef, URIRef, frozenset[URIRef]], ...]) -> str:
    """The target's clause on the focus's class: a governed class, a portion of a governed
    whole stating a fact the rule reads, or a whole stating a governed portion's figures."""
    base = (_portion_branch(governs, pairs, reads, read_by) if pairs
            else f"?this a ?governed . {_values('governed', governs)}")
    return f"{{ {base} }}{_figures_branch(figures)}" if figures else base


def parcel_clauses(prepared: Prepared, rule: URIRef, parcel: str = "?parcel",
                   tag: str = "") -> list[str]:
    """The rule's conditions on the parcel (land use, Tier, footage category, steep slope) as
    SPARQL on ``parcel``; ``tag`` keeps the variables apart from a hand-written text's."""
    g = prepared.knowledge
    out: list[str] = []
    uses = sorted(g.objects(rule, DL.appliesToLandUse), key=str)
    if uses:
        expanded: set[object] = set()
        for use in uses:
            expanded |= prepared.narrower.get(use, frozenset({use}))
        out.append(f"{parcel} <{DL.landUse}> ?use{tag} . "
                   f"{_values('use' + tag, sorted(expanded, key=str))}")
    tiers = sorted(g.objects(rule, DL.appliesToTier), key=str)
    if tiers:
        tier_list = ", ".join(str(int(t.toPython())) for t in tiers)
        out.append(f"{parcel} <{DL.tier}> ?tier{tag} . FILTER(?tier{tag} IN ({tier_list}))")
    cats = sorted(g.objects(rule, DL.appliesToFootageCategory), key=str)
    if cats:
        cat_list = ", ".join(f'"{c}"' for c in cats)
        out.append(f"{parcel} <{DL.footageCategory}> ?cat{tag} . "
                   f"FILTER(STR(?cat{tag}) IN ({cat_list}))")
    steep = g.value(rule, DL.appliesToSteepSlope)
    if steep is not None:
        out.append(f"{parcel} <{DL.steepSlope}> {Literal(bool(steep.toPython())).n3()} .")
    return out


def generated_target(prepared: Prepared, jid: str, rule: URIRef,
                     problems: list[str] | None = None, *,
                     reads: frozenset[URIRef] = frozenset(),
                     read_by: frozenset[URIRef] = frozenset()) -> str | None:
    """SELECT ?this: instances of the rule's governed classes meeting its conditions, reachable
    from an application of this jurisdiction (proposed structure, its parts, the vessels
    berthed at them and those listed on the parcel, parcel, itself); with ``reads`` (the
    facts the shape reads on its focus), also the portions (dl:portionOf) of a governed whole
    that state one of them."""
    g = prepared.knowledge
    governs = sorted(g.objects(rule, DL.governs), key=str)
    if not governs:
        return None
    # (the pairs whose whole can be of a governed kind, as the direct evaluation reads them:
    # a landing listed on a float that is an appendage only by where it is listed is a part
    # of that appendage, not the appendage stated as a part)
    pairs = governed_portions(prepared, frozenset(governs)) if reads or read_by else ()
    lines = [
        f"?app a <{DL.PermitApplication}> ; <{DL.jurisdiction}> <{jurisdiction_iri(jid)}> .",
        f"{{ ?app <{DL.proposes}>/(<{DL.hasPart}>*) ?this }} UNION {{ ?app <{DL.parcel}> ?this }}"
        f" UNION {{ ?app <{DL.proposes}>/(<{DL.hasPart}>*)/^<{DL.mooredAt}> ?this }}"
        f" UNION {{ ?app <{DL.parcel}>/<{DL.hasStructure}> ?this . ?this a <{DL.Vessel}> }}"
        f" UNION {{ ?app a <{DL.PermitApplication}> . BIND(?app AS ?this) }}",
        governed_branch(governs, pairs, reads, read_by,
                        governed_figures(prepared, rule, frozenset(governs))),
    ]
    works = sorted(g.objects(rule, DL.appliesToWork), key=str)
    by_construction = work_of_parts_by_construction(g, rule)
    if works:
        # an application's work: what it proposes and their parts; a structure's: its own, its
        # wholes', and what its parts make of it (targets.AppFacts.works); with
        # dl:workOfPartsByConstruction, what its parts of its own construction make of it
        by_parts = DL.workByPartsOfItsConstruction if by_construction else DL.workByParts
        lines.append(f"{{ ?this ((<{DL.proposes}>/(<{DL.hasPart}>*))?)/(^<{DL.hasPart}>)*/"
                     f"<{DL.workKind}> ?work }} UNION {{ ?this (<{DL.proposes}>?)/"
                     f"<{by_parts}> ?work }} "
                     f"{_values('work', works)}")
    constructions = sorted(g.objects(rule, DL.appliesToConstruction), key=str)
    if constructions and construction_reaches_parts(g, rule):
        # the focus's own construction and its wholes' alike (AppFacts.constructions)
        lines.append(f"?this (^<{DL.hasPart}>)*/<{DL.construction}> ?construction . "
                     f"{_values('construction', constructions)}")
    elif constructions:
        # the focus's own construction; where it states none, its wholes', unless its class
        # types its construction of its own (dl:ownConstruction; AppFacts.constructions)
        own_classes = sorted(own_construction_classes(prepared), key=str)
        own_filter = (f"FILTER NOT EXISTS {{ ?this a ?ownClass . {_values('ownClass', own_classes)}"
                      f" }} " if own_classes else "")
        if by_construction:  # a part stating its own work: its own construction, or asked
            own_filter += f"FILTER NOT EXISTS {{ ?this <{DL.workKind}> ?ownWork }} "
        lines.append(f"{{ ?this <{DL.construction}> ?construction }} UNION {{ FILTER NOT EXISTS "
                     f"{{ ?this <{DL.construction}> ?ownConstruction }} {own_filter}"
                     f"?this (^<{DL.hasPart}>)+/<{DL.construction}> ?construction }} "
                     f"{_values('construction', constructions)}")
    parcel_lines = parcel_clauses(prepared, rule)
    if parcel_lines:
        lines.append(f"?app <{DL.parcel}> ?parcel .")
        lines.extend(parcel_lines)
    conditions = conditions_of(prepared, rule, problems if problems is not None else [])
    if conditions:
        lines.append(" UNION ".join(c.sparql() for c in conditions))
    lines.extend(exception_filters(exceptions_of(prepared, rule,
                                                 problems if problems is not None else [])))
    body = "\n  ".join(lines)
    return f"SELECT DISTINCT ?this WHERE {{\n  {body}\n}}"


def construction_reaches_parts(g: Graph, rule: URIRef) -> bool:
    """The rule holds a structure of its construction with all its parts
    (dl:constructionReachesParts): a part's own stated construction does not take it out."""
    return g.value(rule, DL.constructionReachesParts) == TRUE


def work_of_parts_by_construction(g: Graph, rule: URIRef) -> bool:
    """The work the parts make of a structure counts only from parts of its own construction,
    and a part stating its own work is read its own construction (dl:workOfPartsByConstruction:
    'the placement or construction of permanent docks', Keuka § 160-124D)."""
    return g.value(rule, DL.workOfPartsByConstruction) == TRUE


def own_construction_classes(prepared: Prepared) -> frozenset[URIRef]:
    """The classes whose members' construction is their own (dl:ownConstruction): a member
    stating none is not read as built as its whole. A code's class: read on the application's
    classes as its code's reasoning types them (a generic class under it is typed with it)."""
    return frozenset(c for c in prepared.knowledge.subjects(DL.ownConstruction, TRUE)
                     if isinstance(c, URIRef))


def broader_classes(prepared: Prepared, governs: frozenset[URIRef]) -> frozenset[URIRef]:
    """Classes (generic or the code's) that are not governed but have a governed subclass: a
    structure stated only as one of them (a plain dl:Dock, a plain pile where mooring pilings
    are governed) may or may not be what the rule governs."""
    ours = "https://w3id.org/docklaw/"
    concepts = ours + "concept/"
    codes = {code_namespace(c) for c in governs if str(c).startswith(concepts)}
    out: set[URIRef] = set()
    for cls, supers in prepared.superclasses.items():
        if not (isinstance(cls, URIRef) and str(cls).startswith(ours)) \
                or supers.isdisjoint(governs):
            continue  # (owl:Nothing is below every class)
        if codes and str(cls).startswith(concepts) and code_namespace(cls) not in codes:
            # another code's class, defined by that code's reading (Keuka's permanent lift is a
            # boat station, review 56): it does not make a generic class broader here
            continue
        reach = defined_reach(prepared, cls)
        out.update(s for s in supers if isinstance(s, URIRef) and str(s).startswith(ours)
                   and (reach is None or s in reach)
                   and prepared.superclasses.get(s, frozenset({s})).isdisjoint(governs))
    return frozenset(out)


def defined_reach(prepared: Prepared, cls: URIRef) -> frozenset[URIRef] | None:
    """For a class defined by what its members state (``owl:equivalentClass`` an
    ``owl:intersectionOf``), the classes of its definition and their superclasses: only a
    structure stated with one of them may meet the definition. None for a class not so defined.

    Why: a defined class is also said to be what its definition makes it (Canandaigua § 73-5: a
    permanent dock with a roof and walls is a boathouse, ``rdfs:subClassOf dl:Boathouse``); a
    structure stated only as a boathouse is no dock for that, so dl:Boathouse is not broader than
    the dock rules' class through it (fix-sb3: every plain boathouse was asked whether it is a
    dock under § 73-9C(1))."""
    def read() -> dict[URIRef, frozenset[URIRef]]:
        law = prepared.knowledge
        out: dict[URIRef, frozenset[URIRef]] = {}
        for defined, expr in law.subject_objects(OWL.equivalentClass):
            head = law.value(expr, OWL.intersectionOf) if isinstance(expr, BNode) else None
            if not isinstance(defined, URIRef) or head is None:
                continue
            operands = [c for c in Collection(law, head) if isinstance(c, URIRef)]
            if not operands:
                continue
            out[defined] = frozenset(
                s for c in operands for s in prepared.superclasses.get(c, frozenset()) | {c}
                if isinstance(s, URIRef))
        return out
    return prepared.law_memo(("compile.defined_reach",), read).get(cls)


def code_namespace(cls: URIRef) -> str:
    """The concept namespace of a code's class (https://w3id.org/docklaw/concept/<code>/)."""
    head, _, rest = str(cls).partition("/concept/")
    return f"{head}/concept/{rest.split('/', 1)[0]}/"


def broader_land_uses(prepared: Prepared, uses: frozenset[URIRef]) -> frozenset[URIRef]:
    """Land uses above the rule's (dl:ResidentialUse above single-family residential) that are
    not themselves among them: a parcel stated with one may or may not be of the rule's use."""
    if not uses:
        return frozenset()
    return frozenset(u for u, below in prepared.narrower.items()
                     if u not in uses and not below.isdisjoint(uses))


def target_spec(prepared: Prepared, rule: URIRef, *,
                reads: frozenset[URIRef] = frozenset(),
                read_by: frozenset[URIRef] = frozenset()) -> TargetSpec:
    """The conditions generated_target() renders as SPARQL, as data."""
    g = prepared.knowledge
    uses: set[URIRef] = set()
    for use in g.objects(rule, DL.appliesToLandUse):
        uses |= prepared.narrower.get(use, frozenset({use}))
    steep = g.value(rule, DL.appliesToSteepSlope)
    governs = frozenset(o for o in g.objects(rule, DL.governs) if isinstance(o, URIRef))
    return TargetSpec(
        governs=governs,
        broader=broader_classes(prepared, governs),
        broader_uses=broader_land_uses(prepared, frozenset(uses)),
        works=frozenset(o for o in g.objects(rule, DL.appliesToWork) if isinstance(o, URIRef)),
        constructions=frozenset(o for o in g.objects(rule, DL.appliesToConstruction)
                                if isinstance(o, URIRef)),
        uses=frozenset(uses),
        tiers=frozenset(Decimal(int(t.toPython())) for t in g.objects(rule, DL.appliesToTier)),
        categories=frozenset(str(c) for c in g.objects(rule, DL.appliesToFootageCategory)),
        steep=Literal(bool(steep.toPython())) if isinstance(steep, Literal) else None,
        conditions=conditions_of(prepared, rule, []),
        exceptions=exceptions_of(prepared, rule, []),
        whole_facts=frozenset(c.prop for c in conditions_of(prepared, rule, [])
                              if (c.prop, RDF.type, DL.WholeFact) in g),
        own_facts=frozenset(c.prop for c in conditions_of(prepared, rule, [])
                            if g.value(c.prop, DL.ownToEachPart) == TRUE),
        portions=governed_portions(prepared, governs) if reads or read_by else (),
        figures=governed_figures(prepared, rule, governs),
        reads=reads,
        read_by=read_by,
        construction_reaches_parts=construction_reaches_parts(g, rule),
        work_of_parts_by_construction=work_of_parts_by_construction(g, rule),
        own_construction=own_construction_classes(prepared)
        if g.value(rule, DL.appliesToConstruction) is not None else frozenset(),
        own_count=own_fact_classes(prepared, governs, reads),
        own_count_unless=frozenset(u for c in governs for u in prepared.knowledge.objects(
            c, DL.ownCountUnless) if isinstance(u, URIRef)),
    )


def own_fact_classes(prepared: Prepared, governs: frozenset[URIRef],
                     reads: frozenset[URIRef]) -> frozenset[URIRef]:
    """The classes whose members have a fact the rule reads (``reads``) of their own, a member
    listed as a part of another included: a governed class marked dl:ownCount (a boat
    station's mooring spaces), or a governed class or one below a governed class marked
    dl:ownMeasure (North Haven's float, a dock of its own under § 56-2D's width, listed on a
    pier or not)."""
    law = prepared.knowledge
    counted = {c for c in governs for p in reads if (c, DL.ownCount, p) in law}
    measured = {c for c, p in law.subject_objects(DL.ownMeasure)
                if isinstance(c, URIRef) and p in reads
                and (c in governs or not prepared.superclasses.get(c, frozenset()).isdisjoint(
                    governs))}
    return frozenset(counted | measured)


def explicit_target(g: Graph, shape: object) -> str | None:
    """An equivalent SELECT for a shape's own targets (derive needs the focus nodes)."""
    parts: list[str] = []
    for cls in g.objects(shape, SH.targetClass):
        parts.append(f"{{ ?this a {cls.n3()} }}")
    for node in g.objects(shape, SH.targetNode):
        parts.append(f"{{ BIND({node.n3()} AS ?this) }}")
    for prop in g.objects(shape, SH.targetSubjectsOf):
        parts.append(f"{{ ?this {prop.n3()} ?o }}")
    for prop in g.objects(shape, SH.targetObjectsOf):
        parts.append(f"{{ ?s {prop.n3()} ?this }}")
    for target in g.objects(shape, SH.target):
        select = g.value(target, SH.select)
        if select is not None:
            inner = str(select).replace("$this", "?this")
            parts.append(f"{{ {inner} }}")
    if not parts:
        return None
    return "SELECT DISTINCT ?this WHERE { " + " UNION ".join(parts) + " }"


def exception_filters(exceptions: tuple[tuple[Condition, ...], ...],
                      bind_app: bool = False) -> list[str]:
    """FILTER NOT EXISTS per dl:exceptWhen exception (its clauses joined); with ``bind_app``
    (an explicit target, which does not bind ?app) ?app is bound inside when a clause reads the
    parcel."""
    out = []
    for n, clauses in enumerate(exceptions):
        group = " ".join(c.sparql(f"X{n}_{k}") for k, c in enumerate(clauses))
        if bind_app and any(c.off_focus for c in clauses):
            group = f"?app <{DL.proposes}>/(<{DL.hasPart}>*) ?this . {group}"
        out.append(f"FILTER NOT EXISTS {{ {group} }}")
    return out


def with_exceptions(query: str, exceptions: tuple[tuple[Condition, ...], ...]) -> str:
    """An explicit target's SELECT (``explicit_target``) narrowed by the rule's exceptions."""
    if not exceptions:
        return query
    return query.rstrip()[:-1] + " " + " ".join(exception_filters(exceptions, True)) + " }"


#: the parcel facts each kind of parcel condition reads (``guard_facts``)
PARCEL_FACTS = {"uses": DL.landUse, "tiers": DL.tier, "categories": DL.footageCategory,
                "steep": DL.steepSlope}


def guard_facts(guard: TargetSpec) -> frozenset[URIRef]:
    """The parcel facts a guard reads."""
    out = {prop for name, prop in PARCEL_FACTS.items()
           if getattr(guard, name) not in (None, frozenset())}
    return frozenset(out | {c.prop for c in guard.conditions})


def explicit_guard(prepared: Prepared, shape: object, rule: URIRef, query: str,
                   problems: list[str]) -> TargetSpec | None:
    """A hand-written target's rule conditions, as a generated target's: None when it has none.

    Why: a condition written into the target's text silently drops every node when its fact is
    unstated (no land use: "not applicable"), where a generated target asks for the fact. So
    the rule's conditions on the parcel (dl:appliesToLandUse, Tier, footage category, steep
    slope, dl:appliesWhen of dl:Parcel) are applied by the compiler, with the same undecided
    reading, and the text only says which nodes. A condition the compiler cannot apply to a
    hand-written target (on the work, the construction or the structure) is refused."""
    g = prepared.knowledge
    for prop in (DL.appliesToWork, DL.appliesToConstruction):
        if (rule, prop, None) in g:
            problems.append(f"{shape}: rule {rule} has {curie(prop)} and a hand-written target, "
                            "whose text cannot ask for the fact when it is unstated (use a "
                            "generated target)")
    spec = target_spec(prepared, rule)
    if any(not c.on_parcel for c in spec.conditions):
        problems.append(f"{shape}: rule {rule} has a dl:appliesWhen condition not of dl:Parcel "
                        "and a hand-written target, whose text cannot ask for the fact when it "
                        "is unstated (use a generated target)")
    if not (spec.parcel_conditions or spec.conditions):
        return None
    written = {URIRef(iri) for iri in IRI.findall(query)}
    for prop in sorted(guard_facts(spec) & written, key=str):
        problems.append(f"{shape}: its target's text reads {curie(prop)}, a condition rule "
                        f"{rule} states (the compiler applies it): say it once, in the rule")
    return spec


def with_guard(query: str, prepared: Prepared, rule: URIRef, guard: TargetSpec) -> str:
    """A hand-written target's text with its guard (``explicit_guard``) as SPARQL: the
    reference form of the target (tests compare it with the direct evaluation)."""
    clauses = parcel_clauses(prepared, rule, "?guardParcel", "Guard")
    if guard.conditions:
        clauses.append(" UNION ".join(c.sparql(f"Guard{n}")
                                      for n, c in enumerate(guard.conditions)))
    body = (f"?guardApp a <{DL.PermitApplication}> ; <{DL.parcel}> ?guardParcel . "
            + " ".join(clauses))
    return query.rstrip()[:-1] + f" FILTER EXISTS {{ {body} }} }}"


_MARKERS: dict[object, URIRef] = {}


def focus_marker(shape: object) -> URIRef:
    """The class derive gives to a shape's focus nodes (see ``runtime_shapes``); one object
    per shape: derive types the focus nodes with it and the checks look it up."""
    marker = _MARKERS.get(shape)
    if marker is None:
        if len(_MARKERS) > 100_000:  # shapes of many codes (a synthetic benchmark): bounded
            _MARKERS.clear()
        text = f"{shape}#focus" if isinstance(shape, URIRef) else f"urn:docklaw:focus:{shape}"
        marker = _MARKERS[shape] = URIRef(text)
    return marker


def runtime_shapes(g: Graph, shapes: list[object]) -> Graph:
    """The compiled shapes with every target replaced by ``sh:targetClass <shape>#focus``.

    Why: rdflib re-parses a SPARQL target on every pyshacl run and evaluates it slowly
    (~5-40 ms per shape); derive instead evaluates every target query once per application in
    an in-memory Oxigraph mirror and types the focus nodes with the marker class. The
    standalone ``graph`` (with the SPARQL targets) stays the published form of the shapes.
    """
    rt = flat_graph(g)  # read on every validation: a flat store (kg.flatstore)
    for prefix, ns in g.namespaces():
        rt.bind(prefix, ns, override=True)
    for shape in shapes:
        for prop in TARGET_PROPS:
            for target in list(rt.objects(shape, prop)):
                rt.remove((shape, prop, target))
                if prop == SH.target:
                    for triple in list(rt.triples((target, None, None))):
                        rt.remove(triple)
        rt.add((shape, SH.targetClass, focus_marker(shape)))
    return rt


def add_sparql_target(g: Graph, shape: object, query: str) -> None:
    target = BNode()
    g.add((shape, SH.target, target))
    g.add((target, RDF.type, SH.SPARQLTarget))
    g.add((target, SH.select, Literal(query)))


def add_computed_constraint(
    g: Graph, shape: object, rule: URIRef, parameter: URIRef, unit_label: str,
    messages: list[Literal],
) -> None:
    """SHACL-SPARQL: the path value against the node's dl:computedLimitValue for this rule."""
    path = g.value(shape, SH.path)
    path_sparql = sparql_path(g, path) if path is not None else None
    limit_pattern = (
        f"$this <{DL.computedLimitValue}> ?cl . ?cl <{DL.rule}> <{rule}> ; "
        f"<{QUDT.numericValue}> ?limit ."
    )
    if parameter in (SH.maxCount, SH.minCount):
        select = (
            "SELECT $this ?value ?limit WHERE { " + limit_pattern +
            f" {{ SELECT $this (COUNT(?v) AS ?value) WHERE {{ $this {path_sparql} ?v }} "
            "GROUP BY $this } FILTER (" + VIOLATES[parameter] + ") }"
        )
    else:
        select = (
            f"SELECT $this ?value ?limit WHERE {{ $this {path_sparql} ?value . {limit_pattern} "
            f"FILTER ({VIOLATES[parameter]}) }}"
        )
    constraint = BNode()
    g.add((shape, SH.sparql, constraint))
    g.add((constraint, RDF.type, SH.SPARQLConstraint))
    g.add((constraint, SH.select, Literal(select)))
    for message in messages:
        shown = "{?limit}" + (f" {unit_label}" if unit_label else "")
        text = str(message).replace("{limit}", shown)
        g.add((constraint, SH.message, Literal(text, lang=message.language)))


# --------------------------------------------------------------------------- compile


def render(messages: list[Literal], values: dict[str, str]) -> list[Literal]:
    out = []
    for message in messages:
        text = str(message)
        for key, value in values.items():
            text = text.replace("{" + key + "}", value)
        out.append(Literal(text, lang=message.language))
    return out


def compile_shapes(jid: str, prepared: Prepared, *, strict: bool = True) -> CompiledShapes:
    """Compile shapes/<jid>.ttl; raise ShapeLintError listing every problem when ``strict``."""
    source = prepared.shape_sources.get(jid, Graph())
    g = flat_graph(source, override=True)  # read on every validation (kg.flatstore)
    compiled = CompiledShapes(jurisdiction=jid, graph=g)
    problems = compiled.lints
    rule_prefix = str(rule_ns(jid))
    for shape in top_level_shapes(source):
        rules = [r for r in source.objects(shape, DL.enforces) if isinstance(r, URIRef)]
        if not rules:
            problems.append(f"{shape}: shape has no dl:enforces")
            continue
        rule = rules[0]
        if len(rules) > 1:
            problems.append(f"{shape}: shape enforces {len(rules)} rules (one shape per rule)")
        info = prepared.rules.get(rule)
        if info is None or not str(rule).startswith(rule_prefix):
            problems.append(f"{shape}: dl:enforces {rule} which is not a rule of {jid}")
            continue
        if info.section is None:
            problems.append(f"{shape}: rule {rule} has no dl:section")
        elif info.section not in prepared.sections:
            problems.append(f"{shape}: rule {rule} cites {info.section} which is not in the code")
        expected = str(shape_ns(jid)) + str(rule)[len(rule_prefix):]
        if isinstance(shape, URIRef) and str(shape) != expected:
            problems.append(f"{shape}: shape IRI should be {expected}")
        for node in descendants(source, shape):
            compiled.shape_rule[node] = rule
            compiled.top_shape[node] = shape
            if source.value(node, DL.informationNeeded) == TRUE:
                compiled.info_needed.add(node)
            compile_limits(prepared, g, source, node, rule, jid, compiled)
        if not any(source.value(shape, p) is not None for p in TARGET_PROPS):
            own, linked = own_facts(prepared, source, shape, rule)
            query = generated_target(prepared, jid, rule, problems, reads=own, read_by=linked)
            if query is None:
                problems.append(f"{shape}: no target and rule {rule} has no dl:governs")
            else:
                add_sparql_target(g, shape, query)
                compiled.targets[shape] = query
                compiled.specs[shape] = target_spec(prepared, rule, reads=own, read_by=linked)
        else:
            query = explicit_target(source, shape)
            if query is not None:
                exceptions = exceptions_of(prepared, rule, problems)
                if any(c.absent_asks or c.enlargement_defeats or c.contested
                       for clauses in exceptions for c in clauses):
                    compiled.asked[shape] = (query, exceptions)
                compiled.excepted[shape] = (query, exceptions)
                query = with_exceptions(query, exceptions)
                guard = explicit_guard(prepared, shape, rule, query, problems)
                if guard is not None:
                    compiled.guards[shape] = guard
                    compiled.open_targets[shape] = query
                    query = with_guard(query, prepared, rule, guard)
                compiled.targets[shape] = query
    for shape, query in [*compiled.targets.items(), *compiled.open_targets.items(),
                         *((s, q) for s, (q, _e) in compiled.asked.items()),
                         *((s, q) for s, (q, _e) in compiled.excepted.items())]:
        if shape in compiled.specs:
            continue
        compiled.target_needs[query] = required_terms(query)
        try:  # a bad text would otherwise fail only on the applications meeting its needs
            ox.Store().query(query)
        except SyntaxError as exc:
            problems.append(f"{shape}: its target is not SPARQL Oxigraph reads: {exc}")
    if strict and problems:
        raise ShapeLintError(jid, problems)
    compiled.runtime_graph = runtime_shapes(g, list(compiled.targets))
    return compiled


def compile_limits(
    prepared: Prepared, g: Graph, source: Graph, node: object, rule: URIRef, jid: str,
    compiled: CompiledShapes,
) -> None:
    """Fill dl:limitParameter (lower/upper) and render the message placeholders of a shape."""
    problems = compiled.lints
    originals = [m for m in source.objects(node, SH.message) if isinstance(m, Literal)]
    values: dict[str, str] = {}
    if any("{stated}" in str(m) for m in originals):
        # the number the text states, where the limit compared is computed from it (fix-sb6)
        filled = normalised_limit(prepared, rule, DL.statedLimit, SH.maxInclusive, problems, node)
        if filled is not None:
            values["stated"] = filled[1]
    messages = render(originals, values)
    computed = source.value(node, DL.computedLimit) == TRUE
    for param_prop, limit_prop, key in (
        (DL.limitParameter, DL.limit, "limit"),
        (DL.lowerLimitParameter, DL.lowerLimit, "lower"),
        (DL.upperLimitParameter, DL.upperLimit, "upper"),
    ):
        parameter = source.value(node, param_prop)
        if not isinstance(parameter, URIRef):
            continue
        if computed and key == "limit":
            if prepared.knowledge.value(rule, DL.limitExpression) is None:
                problems.append(
                    f"{node}: dl:computedLimit but rule {rule} has no dl:limitExpression")
                continue
            if parameter not in VIOLATES:
                problems.append(
                    f"{node}: computed limit with unsupported parameter {curie(parameter)}")
                continue
            unit = canonical_unit(prepared, rule)
            info = prepared.units.info(unit) if unit is not None else None
            add_computed_constraint(g, node, rule, parameter, info.plural if info else "", messages)
            compiled.computed.append(ComputedShape(node, rule, parameter, unit))
            values["limit"] = "the computed limit"
            continue
        filled = normalised_limit(prepared, rule, limit_prop, parameter, problems, node)
        if filled is None:
            continue
        literal, text = filled
        g.add((node, parameter, literal))
        values[key] = text
    for key in ("limit", "lower", "upper", "stated"):
        if any("{" + key + "}" in str(m) for m in messages) and key not in values:
            problems.append(f"{node}: message uses {{{key}}} but no {key} was filled")
    if values and messages:
        for message in originals:
            g.remove((node, SH.message, message))
        for message in render(messages, values):
            g.add((node, SH.message, message))


def lint(jid: str, prepared: Prepared) -> list[str]:
    """Every compile-time problem of one jurisdiction's shapes (empty when all is well)."""
    return compile_shapes(jid, prepared, strict=False).lints
