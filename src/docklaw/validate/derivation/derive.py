"""Make an admitted application comparable with the shapes: types, units, geometry, computed
limits.

Why before SHACL and not inside it: pyshacl would otherwise need the ontology and OWL-RL on every
call (slow), could not tell "ten feet" from a number, and would compare inches with feet. Here we
add the superclasses from the cached closure, normalise every quantity to its property's
canonical unit (keeping what was stated), call the geometry stage when present, and write the
per-node limits of computed-limit rules. Bad input raises InputError naming node, property, unit.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw import jurisdictions
from docklaw.errors import InputError
from docklaw.kg.flatstore import FlatGraph, FlatMemory
from docklaw.law.compile import CompiledShapes, ComputedShape, path_first
from docklaw.law.decide import Reader, Unsupported, shapes_under, values_at
from docklaw.law.limits import (
    Bounds,
    Contested,
    Evaluator,
    Interval,
    MissingOperand,
    TableGap,
    decide_by_bounds,
    gap_description,
    matching_row,
    operand_values,
)
from docklaw.law.monthday import DAYS_IN_YEAR, month_day_properties, ordinal_of
from docklaw.law.prepare import Prepared
from docklaw.law.spans import months_of_days, tangent, undecided_by_days
from docklaw.law.targets import (
    AppFacts,
    asked_focus,
    focus_nodes,
    mark_focus_nodes,
    open_focus,
    part_closure,
    reachable,
    undecided,
    undecided_conditions,
    wholes_of_worked_parts,
)
from docklaw.law.units import (
    WIDE,
    curie,
    decimal_places,
    display_number,
    format_number,
    multiplier,
    quantize,
    to_decimal,
)
from docklaw.namespaces import DL, FALSE, QUDT, RDF, RDFS, SH, TRUE, UNIT, XSD, jurisdiction_iri
from docklaw.validate.derivation.applicability import record_exemptions
from docklaw.validate.derivation.countbounds import count_bounds
from docklaw.validate.derivation.dated import dated_by_parts
from docklaw.validate.derivation.defaults import apply_defaults
from docklaw.validate.derivation.defined import (
    class_questions,
    defined_classes,
    may_be_governed,
    meets,
)
from docklaw.validate.derivation.eligibility import asked_as, derive_flags
from docklaw.validate.derivation.existing import (
    AddedParts,
    ask_incidental,
    imply_status,
    maintenance_only,
)
from docklaw.validate.derivation.grown import (
    ask_unknown_growth,
    free_standing_lengths,
    grown_wholes,
    lengthened_by_parts,
    neared_by_parts,
    portions_disagreeing,
    raised_by_parts,
    reach_identity_follows,
    reach_past_own_lengths,
    reach_within_bounds,
    reached_by_parts,
    share_within_length,
    unknown_reach,
    widened_by_portions,
)
from docklaw.validate.derivation.mutual import mutual_distances
from docklaw.validate.derivation.partflags import (
    counts_from_flags,
    facts_from_parts,
    flags_from_parts,
    least_from_parts,
)
from docklaw.validate.derivation.parts import (
    component_classes,
    deck_classes,
    facts_from_wholes,
    link_appurtenances,
    parts_altered_incidentally,
    place_proposed,
    portion_widths,
    propose_worked,
    read_listed_non_parts,
    renewed_in_kind,
    take_away_removed,
    walkway_widths,
    work_by_parts,
)
from docklaw.validate.derivation.samefact import least_facts, same_facts
from docklaw.validate.derivation.site import ask_site
from docklaw.validate.derivation.totals import derive_totals, slip_holders, unlisted_parts
from docklaw.validate.values import Application, PreparedQueryGraph, node_name


def materialise_types(graph: Graph, prepared: Prepared, jid: str | None = None) -> None:
    """Add every superclass (from the cached closure) of every asserted type and, for a class
    of the code's own (``sbc:Dock``), the generic class it is the code's sense of
    (``dl:senseOf``: ``dl:Dock``) with that class's superclasses.

    Why the senses: the generic classes fall under the code's word (``dl:Dock`` is an
    ``sbc:Dock``), not the other way round, so an application typing a structure by the code's
    word would otherwise be no ``dl:Dock`` at all, and every step reading the generic class (a
    drawn float's area, the separation of two docks, a listed railing, a total of slips) would
    pass it by: a false "conforms". In the code's application, its word means the generic
    thing as the code defines it (where the word is no wider than the generic term:
    ``code_senses``).

    Then the code's classes defined by what a structure states (``defined_classes``: a
    Canandaigua lift stated with a roof and seasonal construction is a boat hoist structure),
    until none is added: a definition may read a class another one adds."""
    add_type = type_adder(graph, prepared, jid)
    for node, cls in list(graph.subject_objects(RDF.type)):
        add_type(node, cls)
    classify_defined(graph, prepared, jid, add_type)


def type_adder(graph: Graph, prepared: Prepared, jid: str | None
               ) -> Callable[[Node, Node], None]:
    """add_type(node, cls): the class, its superclasses and the generic classes it is the
    code's sense of (with theirs) written on the node."""
    senses = code_senses(prepared, jid) if jid is not None else {}

    def add_type(node: Node, cls: Node) -> None:
        closure = prepared.superclasses.get(cls, frozenset({cls})) | {cls}
        for sup in closure:
            graph.add((node, RDF.type, sup))
        for generic in {g for c in closure for g in senses.get(c, ())}:
            for sup in prepared.superclasses.get(generic, frozenset({generic})) | {generic}:
                graph.add((node, RDF.type, sup))
    return add_type


def classify_defined(graph: Graph, prepared: Prepared, jid: str | None,
                     add_type: Callable[[Node, Node], None] | None = None) -> None:
    """The code's classes defined by what a structure states (``defined_classes``), added to
    the structures meeting them until none is added (a definition may read a class another one
    adds). Run again once the listed parts have decided their flags (``flags_from_parts``: a
    lift listing a canopy has one, and is then a covered lift). With them, the code's classes
    a structure is of where it is listed as a part of one of their members (``part_members``:
    Kings Point's swim float on a dock is one of the dock's floats, so a dock)."""
    definitions = defined_classes(prepared, jid) if jid is not None else ()
    members = part_members(prepared, jid) if jid is not None else ()
    if not definitions and not members:
        return
    add_type = add_type or type_adder(graph, prepared, jid)
    changed = True
    while changed:  # a defined class may be read by another's definition
        changed = False
        for node in sorted(set(graph.subjects(RDF.type, None)), key=str):
            for cls, definition in definitions:
                if (node, RDF.type, cls) not in graph and meets(graph, node, definition):
                    add_type(node, cls)
                    changed = True
            for whole_class, kinds, of_class, unless, beside, always in members:
                if (node, RDF.type, whole_class) in graph or not any(
                        (node, RDF.type, k) in graph for k in kinds) or any(
                        (node, RDF.type, u) in graph for u in unless):
                    continue
                if of_class is None:  # a part (at any depth) of a member of the class
                    member = any((w, RDF.type, whole_class) in graph
                                 for w in wholes_of(graph, node))
                else:  # listed on an outermost structure of the other class (beside a
                    # part of the classes named: the main walkway it is attached to; or a
                    # part of a class that needs none), or, of a class that needs none, on
                    # the walkway itself or a section of the deck that is no member (below)
                    member = listed_member(graph, node, whole_class, kinds, of_class, unless,
                                           beside, always)
                if member:
                    add_type(node, whole_class)
                    changed = True


def listed_member(graph: Graph, node: Node, whole_class: URIRef, kinds: frozenset[URIRef],
                  of_class: URIRef, unless: frozenset[URIRef], beside: frozenset[URIRef],
                  always: frozenset[URIRef]) -> bool:
    """Whether ``node`` is a member as a part listed on an outermost structure of ``of_class``
    (``part_members``): directly (beside a part of the ``beside`` classes, or of a class that
    needs none: ``always``), or on a part of the ``beside`` classes listed there (the main
    walkway itself: a float of no stated shape listed on it is attached to it, Canandaigua
    § 73-5 APPENDAGE; fix-sb7, unless it is stated a section of the walkway, a class of
    ``unless``), or, of a class that needs none, through the parts of that structure
    it is attached to that are no members themselves: a part of the ``unless`` classes (the main
    walkway: a landing or L-shaped float listed on it is attached to it, Canandaigua § 73-5
    APPENDAGE "The portion of the dock that is attached to the main walkway"; blind review 73
    A3) or a deck section that is no member (a ramp of a dock listing no main walkway: it may be
    the walkway). Not through a member (a landing on an appendage float is part of that
    appendage, not a second one)."""
    def outermost(w: Node) -> bool:
        return (w, RDF.type, of_class) in graph and not any(
            (o, RDF.type, of_class) in graph for o in wholes_of(graph, w))

    def direct(n: Node, needs_none: bool) -> bool:
        return any(outermost(w) and (not beside or needs_none or any(
            (p, RDF.type, b) in graph for p in graph.objects(w, DL.hasPart) for b in beside))
            for w in graph.subjects(DL.hasPart, n))

    def typed(n: Node, classes: frozenset[URIRef]) -> bool:
        return any((n, RDF.type, c) in graph for c in classes)

    needs_none = typed(node, always)
    if direct(node, needs_none):
        return True

    seen: set[Node] = {node}
    stack = [w for w in graph.subjects(DL.hasPart, node)]
    while stack:
        carrier = stack.pop()
        if carrier in seen:
            continue
        seen.add(carrier)
        if typed(carrier, frozenset({whole_class})) or not (
                typed(carrier, unless) or typed(carrier, kinds)):
            continue  # a member (its parts are its own), or no section of the deck
        if not needs_none and not typed(carrier, beside):
            continue  # a portion of any other kind: only on the part it is attached to
        if not typed(carrier, unless) and direct(carrier, typed(carrier, always)):
            continue  # a section the classifier makes a member: the node is part of it
        if any(outermost(w) for w in graph.subjects(DL.hasPart, carrier)):
            return True
        stack.extend(w for w in graph.subjects(DL.hasPart, carrier)
                     if not outermost(w))
    return False


Members = tuple[tuple[URIRef, frozenset[URIRef], URIRef | None, frozenset[URIRef],
                      frozenset[URIRef], frozenset[URIRef]], ...]


def part_members(prepared: Prepared, jid: str) -> Members:
    """(the code's class, the classes a structure listed as a part of one of its members is
    itself a member by: ``<class> dl:memberAsPart <class>``, the class whose structure it is
    listed on where that is another (``dl:memberAsPartOf``: Canandaigua's appendage, a portion
    listed on a dock), the classes that keep it out (``dl:memberAsPartUnless``: the dock's main
    walkway), the classes of which that structure must list a part beside it
    (``dl:memberAsPartBeside``: the main walkway it is attached to) and the classes of part
    that need none (``dl:memberAsPartAlways``: a landing, a T- or L-shaped portion, review 72)),
    remembered per code.

    Why: Kings Point's dock "shall include ... floats", and a swim float listed on a dock is
    one of its floats (Definitions, FLOAT: buoyant, affixed to a dock, for "other recreational
    purposes"); one standing on its own, fastened to the bottom, is no float. Every rule on the
    code's docks must reach it where it is a dock's part, as it reaches the dock's floats (its
    setback and reach are the dock's; what it does not state, the dock's answer decides), and
    none where it stands alone: a class would say too much, a rule-by-rule condition too
    little. Canandaigua's APPENDAGE, "The portion of the dock that is attached to the main
    walkway", is every deck portion listed on a dock beside its main walkway (a landing or
    float listed as a T head is the "T" of § 73-9C(1)(e)), and only where it is listed on one:
    it is listed directly on the outermost dock (a landing on a float of the dock is a part of
    that appendage, not a second one). Only the code's own classes are read."""
    def read() -> Members:
        own = jurisdictions.get(jid).concept_namespace
        law = prepared.knowledge
        found: dict[URIRef, set[URIRef]] = {}
        for whole, part in law.subject_objects(DL.memberAsPart):
            if isinstance(whole, URIRef) and isinstance(part, URIRef) \
                    and str(whole).startswith(own):
                found.setdefault(whole, set()).add(part)

        def of(cls: URIRef) -> URIRef | None:
            other = law.value(cls, DL.memberAsPartOf)
            return other if isinstance(other, URIRef) else None
        def classes(cls: URIRef, prop: URIRef) -> frozenset[URIRef]:
            return frozenset(c for c in law.objects(cls, prop) if isinstance(c, URIRef))
        return tuple(sorted(((w, frozenset(p), of(w), classes(w, DL.memberAsPartUnless),
                              classes(w, DL.memberAsPartBeside),
                              classes(w, DL.memberAsPartAlways))
                             for w, p in found.items()), key=lambda x: str(x[0])))
    return prepared.law_memo(("derive.part_members", jid), read)


def wholes_of(graph: Graph, node: Node) -> set[Node]:
    """The structures ``node`` is a part of (dl:hasPart, at any depth)."""
    out: set[Node] = set()
    stack = [node]
    while stack:
        for whole in graph.subjects(DL.hasPart, stack.pop()):
            if whole not in out and whole != node:
                out.add(whole)
                stack.append(whole)
    return out


def code_senses(prepared: Prepared, jid: str) -> dict[URIRef, tuple[URIRef, ...]]:
    """The code's own class -> the generic classes it is the sense of, where the code's word
    may be read as the generic term (remembered per code on the prepared law: it depends on the
    law only).

    Only a word no wider than the generic term: every class under it is (by its classes or
    its own sense) under the generic one. Kings Point's "dock" also names its boat lifts and
    piles, Canandaigua's "boat slip" its mooring buoys: a structure given only such a word may
    be any of them, so it is not taken for the generic term (it stays asked, a narrower class),
    only for the generic classes above it that all of them fall under (a structure).
    Canandaigua's "dock" is wider only by its "pier or wharf", whose classes (dl:Pier,
    dl:Wharf) are docks: it is read as dl:Dock."""
    name = f"_code_senses_{jid}"
    cached = getattr(prepared, name, None)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    own = jurisdictions.get(jid).concept_namespace
    law, supers = prepared.knowledge, prepared.superclasses
    sense: dict[URIRef, set[URIRef]] = {}
    for local, generic in law.subject_objects(DL.senseOf):
        if isinstance(local, URIRef) and isinstance(generic, URIRef):
            sense.setdefault(local, set()).add(generic)
    under: dict[URIRef, set[URIRef]] = {}
    for cls, sups in supers.items():
        for sup in sups:
            if sup != cls and cls not in supers.get(sup, ()):  # not an equivalent class
                under.setdefault(sup, set()).add(cls)

    def covered(cls: URIRef, generic: URIRef, seen: frozenset[URIRef]) -> bool:
        if generic == cls or generic in supers.get(cls, ()):
            return True
        if any(generic == g or generic in supers.get(g, ()) for g in sense.get(cls, ())):
            return True
        if str(cls).startswith(str(DL)) or cls in seen:
            return False
        below = under.get(cls, set())
        return bool(below) and all(covered(c, generic, seen | {cls}) for c in below)

    out: dict[URIRef, tuple[URIRef, ...]] = {}
    for local, generics in sense.items():
        if not str(local).startswith(own):
            continue
        # the generic term itself, or, for a wider word, the generic classes above it that
        # everything the word names falls under (Kings Point's "dock", boat lifts and piles
        # included, is a dl:WatersideStructure)
        kept = sorted({c for g in generics for c in (g, *supers.get(g, ()))
                       if str(c).startswith(str(DL))
                       and all(covered(s, c, frozenset({local})) for s in under.get(local, ()))},
                      key=str)
        if kept:
            out[local] = tuple(kept)
    object.__setattr__(prepared, name, out)
    return out


def normalise_units(graph: Graph, prepared: Prepared) -> None:
    """Every QuantityValue -> canonical unit of its property, in place; InputError when bad."""
    units = prepared.units
    done: set[Node] = set()
    quantities = set(graph.subjects(RDF.type, QUDT.QuantityValue))
    quantities.update(graph.subjects(QUDT.numericValue, None))
    # only triples that can matter, sorted so the first error reported is deterministic; a
    # value is read first as the value of its own property (a quantity docklaw links to from its
    # own nodes, a dl:Discrepancy's dl:derivedValue or dl:declaredValue, is checked as the
    # property it is a value of: review 57, a declared 480 against a derived 0 square feet of
    # floats was refused as "dl:derivedValue: 0 ... is zero")
    relevant = [t for t in graph if t[1] not in (RDF.type, DL.computedLimitValue) and (
        t[1] in units.canonical_of_property or t[2] in quantities)]
    for subject, prop, obj in sorted(relevant, key=lambda t: (
            t[1] not in units.canonical_of_property, str(t[0]), str(t[1]), str(t[2]))):
        canonical = units.canonical_of_property.get(prop)
        is_qv = not isinstance(obj, Literal) and obj in quantities
        if isinstance(obj, Literal) and canonical is not None:
            raise InputError(f"{obj!s} has no unit; give a qudt:QuantityValue with "
                             f"qudt:numericValue and qudt:unit (e.g. {curie(canonical)})",
                             **where_of(subject, prop))
        if canonical is not None and not is_qv:
            # a quantity's node with neither a number nor the QuantityValue type (only its
            # unit, say): unread it would pass every limit (a false "conforms")
            raise InputError("the value is not a quantity: give a qudt:QuantityValue with "
                             f"one qudt:numericValue and a qudt:unit (e.g. {curie(canonical)})",
                             **where_of(subject, prop))
        if not is_qv or obj in done:
            continue
        done.add(obj)
        normalise_one(graph, prepared, subject, prop, obj, canonical)


def where_of(subject: Node, prop: URIRef) -> dict[str, str]:
    """The node and property an InputError names (built only when one is raised)."""
    return {"node": node_name(subject), "prop": curie(prop)}


#: canonical number text -> its xsd:decimal literal: a literal is immutable, and rdflib parses
#: the lexical form again for every new one (a third of normalising a quantity)
_DECIMALS: dict[str, Literal] = {}
_DECIMALS_MAX = 50_000


def decimal_literal(text: str) -> Literal:
    """``Literal(text, datatype=XSD.decimal)``, one object per text."""
    found = _DECIMALS.get(text)
    if found is None:
        if len(_DECIMALS) > _DECIMALS_MAX:
            _DECIMALS.clear()
        found = _DECIMALS[text] = Literal(text, datatype=XSD.decimal)
    return found


def normalise_one(
    graph: Graph, prepared: Prepared, subject: Node, prop: URIRef, qv: Node,
    canonical: URIRef | None,
) -> None:
    units = prepared.units
    values = list(graph.objects(qv, QUDT.numericValue))
    if len(values) != 1:
        raise InputError(f"a quantity needs exactly one qudt:numericValue (found {len(values)})",
                         **where_of(subject, prop))
    number = to_decimal(values[0])
    if number is None or (isinstance(values[0], Literal) and values[0].datatype == XSD.boolean):
        raise InputError(f"{shorten(str(values[0]))!r} is not a number",
                         **where_of(subject, prop))
    places = decimal_places(number)
    if places > units.max_places and graph.value(qv, DL.derived) != TRUE:
        raise InputError(f"{shorten(str(values[0]))} has {places} decimal places; docklaw "
                         f"compares numbers exactly and reads at most {units.max_places} "
                         "(qudt:numericValue dl:maxDecimalPlaces): round it to the "
                         "precision measured", **where_of(subject, prop))
    unit = graph.value(qv, QUDT.unit)
    if unit is None:
        raise InputError(f"quantity {display_number(number)} has no qudt:unit",
                         **where_of(subject, prop))
    info = units.info(unit)
    if info is None:
        raise InputError(f"unknown unit {curie(unit)} (known: "
                         f"{', '.join(sorted(curie(u) for u in units.units))})",
                         **where_of(subject, prop))
    target = canonical or info.canonical
    converted = units.convert(number, unit, target)
    if converted is None:
        converted = other_notation(prepared, prop, number, unit, target,
                                   where_of(subject, prop))
    if converted is None:
        raise InputError(f"unit {curie(unit)} is not a unit of this quantity "
                         f"(expected a unit convertible to {curie(target)})",
                         **where_of(subject, prop))
    check_plausible(prepared, prop, converted, target, number, unit, subject,
                    measured=graph.value(qv, DL.derived) == TRUE)
    graph.remove((qv, QUDT.numericValue, None))
    graph.remove((qv, QUDT.unit, None))
    graph.add((qv, QUDT.numericValue, decimal_literal(format_number(converted))))
    graph.add((qv, QUDT.unit, target))
    graph.add((qv, RDF.type, QUDT.QuantityValue))
    if graph.value(qv, DL.statedValue) is None:
        graph.add((qv, DL.statedValue, values[0]))
        graph.add((qv, DL.statedUnit, unit))


def other_notation(prepared: Prepared, prop: URIRef, number: Decimal, unit: URIRef,
                   target: URIRef, where: dict[str, str]) -> Decimal | None:
    """A value in a unit of another dimension that still states the quantity (law.spans): a
    ratio in percent, a slope as an angle (its tangent), a period in days where the law counts
    calendar months (only where every calendar agrees on every limit; else refused)."""
    units = prepared.units
    if unit in units.also_in.get(prop, ()):
        mine, theirs = multiplier(prepared.ontology, unit), multiplier(prepared.ontology, target)
        if mine is not None and theirs:
            return quantize(WIDE.divide(WIDE.multiply(number, mine), theirs))
    if unit in units.angle_in.get(prop, ()) and unit in units.per_turn:
        slope = tangent(number, units.per_turn[unit])
        if slope is None:
            raise InputError(f"{display_number(number)} {curie(unit)} is no slope: an angle of "
                             "a quarter turn or more (or below zero) has no rise over run",
                             **where)
        return quantize(slope)
    per_day = units.calendar_days.get(unit)
    if per_day is not None and prepared.ontology.value(target, DL.calendarMonths) is not None:
        days = WIDE.multiply(number, per_day)
        months = to_decimal(prepared.ontology.value(target, DL.calendarMonths)) or Decimal(1)
        for limit, strict, section in period_limits(prepared, prop, target):
            if undecided_by_days(days, WIDE.multiply(limit, months), strict):
                raise InputError(
                    f"{display_number(number)} {curie(unit)} reads two ways against "
                    f"{display_number(limit)} {curie(target)} ({section}): "
                    f"{display_number(days)} days are that many calendar months or not, "
                    "depending on the calendar; state the period in months or years "
                    "(unit:MO, unit:YR)", **where)
        return quantize(WIDE.divide(months_of_days(days), months))
    return None


def period_limits(prepared: Prepared, prop: URIRef, target: URIRef
                  ) -> list[tuple[Decimal, bool, str]]:
    """(limit in ``target`` units, whether the rule asks "more than", its section) of every rule
    or condition of the law comparing ``prop``."""
    law, units = prepared.knowledge, prepared.units
    strict = {DL.AtMost: True, DL.MoreThan: True, DL.LessThan: False, DL.AtLeast: False}
    out = []
    nodes = [(r, law.value(r, DL.limit)) for r in law.subjects(DL.constrains, prop)]
    nodes += [(c, law.value(c, DL.threshold)) for c in law.subjects(DL.property, prop)]
    for node, qv in nodes:
        comparison = law.value(node, DL.comparison)
        number = to_decimal(law.value(qv, QUDT.numericValue)) if qv is not None else None
        unit = law.value(qv, QUDT.unit) if qv is not None else None
        if number is None or not isinstance(unit, URIRef) or comparison not in strict:
            continue
        limit = units.convert(number, unit, target)
        if limit is not None:
            cited = prepared.sections.get(law.value(node, DL.section))  # type: ignore[arg-type]
            out.append((limit, strict[comparison],
                        cited.citation if cited is not None else "the law"))
    return sorted(out, key=lambda t: (t[0], t[1], t[2]))


def shorten(text: str, keep: int = 40) -> str:
    """A stated value as written, cut short in a message when it runs to thousands of digits."""
    return text if len(text) <= keep else f"{text[:keep]}… ({len(text)} characters)"


def check_plausible(
    prepared: Prepared, prop: URIRef, value: Decimal, canonical: URIRef, stated: Decimal,
    unit: URIRef, subject: Node, measured: bool = False,
) -> None:
    """Negative, zero or absurd dimensions are typing errors, bounds from validation.ttl. A
    value docklaw measured itself (``measured``: dl:derived, the geometry stage's) is no typing
    error: a drawn dock with no float drawn has 0 square feet of floats, one lying onshore
    reaches 0 feet from the mark; only its range is checked."""
    units = prepared.units
    least = units.unitless_two_ways.get(prop)
    if least is not None and unit == UNIT.UNITLESS and stated >= least:
        raise InputError(f"{display_number(stated)} {curie(unit)} reads two ways for "
                         f"{curie(prop)} (a ratio of "
                         f"{display_number(stated)}, or {display_number(stated)} in 12); state "
                         "the unit: unit:UNITLESS only for a ratio below "
                         f"{display_number(least)}, dl:RisePer12 for the codes' notation",
                         **where_of(subject, prop))
    if value < 0 and prop not in units.negative_allowed and not measured:
        raise InputError(f"{display_number(stated)} {curie(unit)} is negative; a dimension "
                         "cannot be", **where_of(subject, prop))
    if value == 0 and prop not in units.zero_allowed and prop not in units.negative_allowed \
            and not measured:
        raise InputError(f"{display_number(stated)} {curie(unit)} is zero; give the measured "
                         "value", **where_of(subject, prop))
    low, high = units.bounds.get(prop) or units.bounds.get(canonical) or (None, None)
    if (high is not None and value > high) or (low is not None and value < low):
        raise InputError(f"{display_number(stated)} {curie(unit)} is outside the plausible "
                         f"range [{display_number(low) if low is not None else '-'}, "
                         f"{display_number(high) if high is not None else '-'}] {curie(canonical)}",
                         **where_of(subject, prop))


#: (start, end) of a season: an end before its start means the season runs into the next year.
SEASON_PAIRS = ((DL.useSeasonStart, DL.useSeasonEnd),)


def normalise_month_days(graph: Graph, prepared: Prepared) -> None:
    """Every xsd:gMonthDay value -> its day of the year (monthday.py), as the compiler fills the
    limits; InputError naming node and property when a value is not a month and day."""
    for prop in sorted(month_day_properties(prepared.ontology)):
        for subject, value in sorted(graph.subject_objects(prop), key=str):
            if isinstance(value, Literal) and value.datatype == XSD.integer:
                continue  # already cast (derive is idempotent)
            day = ordinal_of(value) if isinstance(value, Literal) else None
            if day is None:
                raise InputError(f"{value!s} is not a day of the year; give an xsd:gMonthDay "
                                 'such as "--04-01"^^xsd:gMonthDay', node=node_name(subject),
                                 prop=curie(prop))
            graph.remove((subject, prop, value))
            graph.add((subject, prop, Literal(day, datatype=XSD.integer)))
    for start_prop, end_prop in SEASON_PAIRS:
        for subject, end in list(graph.subject_objects(end_prop)):
            start = graph.value(subject, start_prop)
            if isinstance(start, Literal) and isinstance(end, Literal) and (
                    int(end) < int(start) <= DAYS_IN_YEAR):
                graph.remove((subject, end_prop, end))
                graph.add((subject, end_prop, Literal(int(end) + DAYS_IN_YEAR,
                                                      datatype=XSD.integer)))


def run_geometry(graph: Graph, jid: str) -> None:
    """The geometry stage (another package) when it is installed; its record of what was
    measured from what stays on the graph (``geometry_record``) for the plan. Not run (and
    shapely not imported) when the application draws nothing and names no shoreline or lot
    line: the stage would have nothing to read (``docklaw.geometry.classes.INPUTS``)."""
    try:
        inputs = importlib.import_module("docklaw.geometry.classes")
        if not inputs.reads_anything(graph):
            return
        module = importlib.import_module("docklaw.geometry.derive")
    except ModuleNotFoundError as exc:
        if exc.name in ("docklaw.geometry.derive", "docklaw.geometry.classes",
                        "docklaw.geometry"):
            return
        raise
    record = module.derive_geometry(graph, jid)
    if isinstance(graph, PreparedQueryGraph):
        graph.geometry_record = record


def compared_bounds(graph: Graph, prepared: Prepared, jid: str) -> None:
    """The rules comparing a value the drawing gives only within bounds (a dl:UpperBoundTotal
    the geometry stage wrote, which knows no rules): every rule of the code on its property, so
    that the pipeline asks for the value where one holds as read and fails at the bound."""
    for note in sorted(graph.subjects(RDF.type, DL.UpperBoundTotal), key=str):
        prop = graph.value(note, DL.property)
        if graph.value(note, DL.comparedBy) is not None or not isinstance(prop, URIRef):
            continue
        for rule in prepared.rules_of(jid):
            if prop in rule.constrains:
                graph.add((note, DL.comparedBy, rule.iri))


def footage_categories(graph: Graph, prepared: Prepared, jid: str) -> None:
    """dl:footageCategory of a parcel from its Tier's allocation table, unless stated.

    Where the parcel's frontage has several values the rules may read (``operand_values``: a
    stated one and a drawn one that disagrees with it beyond the tolerance), each gives its
    category, and where they differ the parcel takes every one of them, with a dl:Discrepancy
    naming both: a rule of either category applies (the categories do not order into stricter
    and laxer: Category A of § 73-8A prohibits mooring buoys and sets the 5-foot setbacks of
    § 73-9A, Categories B-F the 10-foot ones), so a rule that is not met under either reading
    decides against the application, never the laxer category silently (fix-sb2: a lot drawn
    20 feet wide that stated 100 feet was read as Category C, and its mooring buoy conformed).
    A stated category stands, and a drawn frontage in another category adds that one."""
    law = prepared.knowledge
    prefix = f"https://w3id.org/docklaw/code/{jid}/"
    tables = sorted((t for t in law.subjects(RDF.type, DL.AllocationTable)
                     if str(t).startswith(prefix)), key=str)
    for parcel in sorted(set(graph.subjects(RDF.type, DL.Parcel)), key=str):
        if any(graph.value(d, DL.property) == DL.footageCategory
               for d in graph.subjects(DL.focus, parcel)
               if (d, RDF.type, DL.Discrepancy) in graph):
            continue  # already derived (derive is idempotent)
        # a parcel in districts of several Tiers (§ 73-6A(2)) states each: a category is
        # derived only when every stated Tier's table gives the same one
        tiers = sorted({to_decimal(t) for t in graph.objects(parcel, DL.tier)} - {None})
        stated = sorted({str(c) for c in graph.objects(parcel, DL.footageCategory)})
        frontages = operand_values(graph, parcel, DL.shorelineFrontage)
        if stated:  # the drawn frontages only: each may put the parcel in another category
            frontages = [f for f in frontages if graph.value(f, DL.derived) == TRUE]
        if not tiers or not frontages:
            continue
        read: list[tuple[Node, str]] = []
        for frontage in frontages:
            footage = to_decimal(graph.value(frontage, QUDT.numericValue))
            category = table_category(graph, law, tables, tiers, parcel, footage) \
                if footage is not None else None
            if category is None:
                if not stated:
                    read = []
                    break  # one reading's category unknown: asked (cite names any gap)
                continue
            read.append((frontage, category))
        categories = sorted({c for _f, c in read} - set(stated))
        for category in categories:
            graph.add((parcel, DL.footageCategory, Literal(category)))
        if len({c for _f, c in read} | set(stated)) > 1:
            category_discrepancy(graph, prepared, parcel, stated, read)


def table_category(graph: Graph, law: Graph, tables: list[Node], tiers: list[Decimal],
                   parcel: Node, footage: Decimal) -> str | None:
    """The category every stated Tier's table gives ``footage`` (None: none, or they differ;
    a footage in a gap of a table is noted on the parcel as dl:footageGap)."""
    found: set[str] = set()
    for tier in tiers:
        for table in tables:
            if tier not in [to_decimal(t) for t in law.objects(table, DL.appliesToTier)]:
                continue
            row = matching_row(law, table, footage)
            if row is None:  # say why the category is unknown (cite names the gap)
                gap = BNode()
                graph.add((parcel, DL.footageGap, gap))
                graph.add((gap, DL.allocationTableGap, table))
                graph.add((gap, RDFS.comment, Literal(gap_description(law, table, footage))))
                found.add("")
                break
            category = law.value(row, DL.category)
            if category is not None:
                found.add(str(category))
                break
    return found.pop() if len(found) == 1 and "" not in found else None


def category_discrepancy(graph: Graph, prepared: Prepared, parcel: Node, stated: list[str],
                         read: list[tuple[Node, str]]) -> None:
    """A dl:Discrepancy on the parcel's footage category: the stated frontage (or category)
    gives one, the drawn frontage another; the rules of each are applied."""
    def frontage_text(node: Node) -> str:
        number = to_decimal(graph.value(node, QUDT.numericValue))
        unit = graph.value(node, QUDT.unit)
        shown = (prepared.units.describe(number, unit) if isinstance(unit, URIRef)
                 else display_number(number)) if number is not None else "?"
        drawn = graph.value(node, DL.derived) == TRUE
        which = "the frontage derived from the drawing" if drawn else "the stated frontage"
        return f"{which} ({shown})"

    def is_drawn(node: Node) -> bool:
        return graph.value(node, DL.derived) == TRUE

    declared = [("the category stated", c) for c in stated] + [
        (frontage_text(f), c) for f, c in read if not is_drawn(f)]
    derived = [(frontage_text(f), c) for f, c in read if is_drawn(f)]
    parts = [(f"{text} is {c}" if text == "the category stated" else
              f"{text} is in category {c}") for text, c in declared + derived]
    note = BNode()
    graph.add((note, RDF.type, DL.Discrepancy))
    graph.add((note, DL.focus, parcel))
    graph.add((note, DL.property, DL.footageCategory))
    if declared:
        graph.add((note, DL.declaredValue, Literal(declared[0][1])))
    if derived:
        graph.add((note, DL.derivedValue, Literal(derived[0][1])))
    within = bool(declared and derived) and not any(
        graph.value(d, DL.focus) == parcel for d in graph.subjects(DL.property,
                                                                  DL.shorelineFrontage)
        if (d, RDF.type, DL.Discrepancy) in graph)
    graph.add((note, RDFS.comment, Literal(
        "the footage category depends on which frontage is read: " + "; ".join(parts)
        + (" (the two agree within the drawing tolerance, but fall in different rows of the "
           "table)" if within else "")
        + ". The rules of every one of these categories are applied (a rule not met under "
        "either reading is not met), never only the laxer")))


def computed_limits(
    graph: Graph, prepared: Prepared, jid: str, focus_sets: dict[object, list[Node]],
    only: set[tuple[Node, Node]] | None = None,
) -> None:
    """Write dl:computedLimitValue (or dl:limitOperandMissing) on every focus node of every
    computed-limit shape (``only``: just where the shape's path starts with one of these
    (focus, property) pairs)."""
    compiled = prepared.compiled(jid)
    evaluator = Evaluator(prepared.knowledge, graph, prepared.units)
    for item in compiled.computed:
        top = compiled.top_shape.get(item.shape, item.shape)
        expression = prepared.knowledge.value(item.rule, DL.limitExpression)
        step = path_first(compiled.graph, item.shape)
        for focus in focus_sets.get(top, []):
            if only is not None and (focus, step) not in only:
                continue
            if item.parameter not in (SH.minCount, SH.minInclusive, SH.minExclusive) and (
                    step is not None and graph.value(focus, step) is None):
                continue  # nothing stated to compare with: no limit needed
            node = BNode()
            evaluator.rows, evaluator.read = [], []
            try:
                value = evaluator.evaluate(expression, focus)
                value, read_from = evaluator.stricter(expression, focus, value,
                                                      item.parameter in MAXIMA)
                ends = evaluator.contested_ends(expression, focus, value)
                if ends is not None:  # two statements contradict: judged at both readings
                    verdicts = verdicts_within(graph, compiled, item, focus, ends)
                    if verdicts is None:
                        prop, question = evaluator.contested_question()
                        raise Contested(prop, question, ends)
                    value = deciding_bound(verdicts)
            except MissingOperand as missing:
                if not isinstance(missing, Contested) and decided_by_bounds(
                        graph, compiled, evaluator, item, expression, focus, missing):
                    continue
                graph.add((focus, DL.limitOperandMissing, node))
                graph.add((node, DL.rule, item.rule))
                if isinstance(missing, TableGap):
                    graph.add((node, DL.allocationTableGap, missing.table))
                if missing.prop is not None:
                    graph.add((node, DL.property, missing.prop))
                graph.add((node, RDFS.comment, Literal(missing.note)))
                continue
            graph.add((focus, DL.computedLimitValue, node))
            graph.add((node, RDF.type, QUDT.QuantityValue))
            graph.add((node, DL.rule, item.rule))
            number = Literal(format_number(value), datatype=XSD.decimal)
            graph.add((node, QUDT.numericValue, number))
            if item.unit is not None:
                graph.add((node, QUDT.unit, item.unit))
            if read_from is not None:  # the stricter of an operand's disagreeing values
                graph.add((node, DL.limitReadFrom, read_from))
            cited_rows = {r for r in evaluator.rows
                          if prepared.knowledge.value(r, DL.section) is not None}
            if len(cited_rows) == 1:  # the limit is one row's: cite its subsection
                graph.add((node, DL.limitRow, cited_rows.pop()))


MAXIMA = {SH.maxInclusive: False, SH.maxExclusive: True, SH.maxCount: False}
MINIMA = {SH.minInclusive: False, SH.minExclusive: True, SH.minCount: False}


def decided_by_bounds(graph: Graph, compiled: CompiledShapes, evaluator: Evaluator,
                      item: ComputedShape, expression: Node, focus: Node,
                      missing: MissingOperand) -> bool:
    """A computed limit with an unstated operand that the stated operands already decide
    (limits.Bounds): write the deciding bound as the limit, marked dl:limitBound, and say so.
    A frontage in a gap of an allocation table (between two rows) is decided where every row
    beside it decides alike: a count within what each row would allow meets the rule whichever
    row is read (the limit written is the strictest row's, and the report says so), a count
    over what each would allow breaks it at the laxer; only a count within one row's and over
    the other's is asked (blind review 151 F2, South Bristol Table 3 at exactly 300 feet:
    before, 20 slips and 0 moorings were asked the limit; review 50 had kept asking where
    every row is met)."""
    bounds = Bounds(evaluator, table_gaps=True)
    verdicts = verdicts_within(graph, compiled, item, focus, bounds.interval(expression, focus))
    if verdicts is None:
        return False
    bound = deciding_bound(verdicts)
    node = BNode()
    graph.add((focus, DL.computedLimitValue, node))
    graph.add((node, RDF.type, QUDT.QuantityValue))
    graph.add((node, DL.rule, item.rule))
    graph.add((node, QUDT.numericValue, Literal(format_number(bound), datatype=XSD.decimal)))
    graph.add((node, DL.limitBound, TRUE))
    for gap in bounds.gaps[:1]:  # (the note names the gap, not an unstated fact)
        graph.add((node, DL.allocationTableGap, gap.table))
        graph.add((node, RDFS.comment, Literal(gap.note)))
    if missing.prop is not None and not bounds.gaps:
        graph.add((node, DL.property, missing.prop))
    if item.unit is not None:
        graph.add((node, QUDT.unit, item.unit))
    return True


def verdicts_within(graph: Graph, compiled: CompiledShapes, item: ComputedShape, focus: Node,
                    interval: Interval) -> list[tuple[bool | None, Decimal]] | None:
    """(violates?, the deciding bound) of each value the shape compares on ``focus`` against a
    limit known only to lie in ``interval`` (``limits.decide_by_bounds``); None where the
    shape compares no value there, or the interval leaves one of them undecided."""
    path = compiled.graph.value(item.shape, SH.path)
    if path is None or item.parameter not in MAXIMA | MINIMA:
        return None
    values = values_at(graph, compiled.graph, path, focus)
    if item.parameter in (SH.maxCount, SH.minCount):
        measured = [Decimal(len(values))]
    else:
        measured = [to_decimal(v) for v in values if isinstance(v, Literal)]
    if not measured or None in measured:
        return None
    maximum = item.parameter in MAXIMA
    strict = (MAXIMA | MINIMA)[item.parameter]
    verdicts = [decide_by_bounds(interval, m, maximum, strict) for m in measured]  # type: ignore[arg-type]
    return None if any(v is None for v, _bound in verdicts) else verdicts


def deciding_bound(verdicts: list[tuple[bool | None, Decimal]]) -> Decimal:
    """The limit read where every value is decided: the bound the first violating value
    breaks (broken at the laxer end, so at every reading), else the first value's bound."""
    violating = [bound for v, bound in verdicts if v]
    return violating[0] if violating else verdicts[0][1]


def derive_application(application: Application, prepared: Prepared) -> Graph:
    """The admitted application (``intake.admit``) plus everything the shapes compare
    against, written into its graph (intake's copy of the input) and returned."""
    out, app, jid = application.graph, application.node, application.jurisdiction
    out.remove((app, DL.jurisdiction, None))
    out.add((app, DL.jurisdiction, jurisdiction_iri(jid)))
    # before anything reads the parts (a class defined by its parts, a count of them): a
    # vessel listed as a part is berthed there, no part
    # first of all: a part the work takes away is none of its whole after the work
    take_away_removed(out, prepared.ontology)
    read_listed_non_parts(out, prepared)
    materialise_types(out, prepared, jid)
    imply_status(out)
    renewed_in_kind(out, prepared.ontology)  # before its date or work is read (review 120)
    dated_by_parts(out, prepared.ontology)  # a whole no older than its parts (review 110 F1)
    link_appurtenances(out, prepared, jid, app)
    # after the appurtenances: a new lift listed on the parcel, made the only dock's part,
    # makes the dock proposed work (its count of lifts is the application's)
    propose_worked(out, app)
    # (a new part adding no area and no slip keeps the work maintenance: review 135 F3)
    decks = deck_classes(prepared.ontology)
    added = AddedParts(component_classes(prepared.ontology),
                       slip_holders(prepared, jid, DL.slipCount) - decks)
    # after: a whole proposed for its parts' work is read with them
    maintenance_only(out, app, added)
    work_by_parts(out, app, prepared.units, decks,
                  frozenset(prepared.ontology.subjects(DL.buildsAnew, TRUE)),
                  component_classes(prepared.ontology))
    parts_altered_incidentally(out, app)  # (read by a code's repair exceptions, review 124)
    place_proposed(out, app)  # after the appurtenances: a lift made a dock's part stays one
    walkway_widths(out, prepared, app)
    run_geometry(out, jid)  # before units: it compares the declared values as stated
    portion_widths(out, prepared, app)  # after: a drawn portion's measured width stands
    compared_bounds(out, prepared, jid)
    normalise_units(out, prepared)
    normalise_month_days(out, prepared)
    # after the geometry (a drawn structure gets both spellings there) and the units: one fact
    # the code's text spells two ways is read under both (dl:FactIdentity)
    same_facts(out, prepared, jid)
    least_facts(out, prepared, jid)  # one stated fact the least another can be
    # a total stated above the listed parts' says others exist: one part stands for them
    unlisted_parts(out, prepared, jid, type_adder(out, prepared, jid))
    apply_defaults(out, prepared, jid, app)
    footage_categories(out, prepared, jid)
    # the flags the law decides from stated measurements, and those the listed parts decide,
    # before anything is classified or counted: a lift stating a roof pitch has a roof, a lift
    # listing a canopy is a covered lift, counted as the code counts those (classify_defined).
    # The parts first: a canopy listed on a permanent dock is its roof, so its walls decide
    # whether it is a boathouse and are not read as none (eligibility.decisive, review 61); what
    # the canopy states of the roof is the roof's (dl:readFromPart: its pitch is the lift's)
    facts_from_parts(out, prepared, jid)
    least_from_parts(out, prepared)  # a canopy's enclosed sides are its structure's
    counts_from_flags(out, prepared, jid)  # after: a flag true is one or more
    flags_from_parts(out, prepared, jid)
    derive_flags(out, prepared, jid, app)
    count_bounds(out, prepared, jid)  # after: a count past what the flags allow (dl:CountBound)
    # after: a whole's side of the mark derived from its reach is its parts' (dl:readFromWhole)
    facts_from_wholes(out, prepared)
    classify_defined(out, prepared, jid)
    derive_totals(out, prepared, jid, app)
    # after: a parcel's two docks, one stating the distance between them (review 115 F1)
    mutual_distances(out, prepared, jid, app)
    unknown_growth = grown_wholes(out, prepared) + unknown_reach(out, prepared)
    raised_by_parts(out, prepared)
    reached_by_parts(out, prepared)  # after: a whole raised for its grown parts is read so
    neared_by_parts(out, prepared)  # a whole no farther from a line than its nearest part
    widened_by_portions(out, prepared, jid)  # a whole as wide as its widest portion
    portions_disagreeing(out, prepared)  # a whole and its portion part: one width, two figures
    share_within_length(out, prepared, jid)  # after: a whole's reach raised by its parts
    free_standing_lengths(out, prepared, jid)  # after: the share and total read, bounds noted
    reach_past_own_lengths(out, prepared, jid)  # (a part's own length past the whole's reach)
    reach_within_bounds(out, prepared, jid)  # after: a reach another measure bounds
    lengthened_by_parts(out, prepared, jid)  # after both: they read the whole's stated length
    reach_identity_follows(out, prepared, jid)  # after: one fact with the reach its parts settle
    compared_bounds(out, prepared, jid)  # (the bound it writes where no share is stated)
    if record_exemptions(out, prepared, jid, app):
        return out  # outside the code: no focus nodes, so no shape runs (cite reports why)
    compiled = prepared.compiled(jid)
    facts = AppFacts(out)  # types and work kinds looked up once for targets and undecided
    focus_sets = focus_nodes(out, compiled, app, facts)
    wholes_of_worked_parts(out, app, compiled, focus_sets, facts)
    computed_limits(out, prepared, jid, focus_sets)
    mark_focus_nodes(out, focus_sets)
    record_undecided(out, compiled, app, facts, prepared)
    ask_site(out, prepared, jid, app)  # no parcel named: every rule reading the lot waits on it
    ask_unknown_growth(out, prepared, compiled, unknown_growth, focus_sets, app, facts)
    ask_incidental(out, app, added)  # after: it moves the parcel's unknown flag to its alterations
    return out


def with_lower_bounds(derived: Graph, prepared: Prepared, jid: str) -> Graph | None:
    """A copy of the derived application in which each total only bounded below by the listed
    structures (dl:LowerBoundTotal, totals.py) is stated at its bound, with the limits the
    rules compare it with; None when there is no such total. The pipeline checks it to cite a
    rule the bound alone already breaks."""
    return with_bounds(derived, prepared, jid, DL.LowerBoundTotal, DL.lowerBound)


def with_upper_bounds(derived: Graph, prepared: Prepared, jid: str) -> Graph | None:
    """The same with each total that structures of an undecided class may add to
    (dl:UpperBoundTotal) at its upper bound: the pipeline checks it to ask their deciding facts
    where a rule holds only without them."""
    return with_bounds(derived, prepared, jid, DL.UpperBoundTotal, DL.upperBound)


#: How far past an exclusive lower bound (dl:lowerBoundExclusive) its total is read in the trial:
#: finer than any figure is stated in (validation.ttl: at most 8 decimal places), so only a
#: limit the bound reaches is broken there.
PAST_BOUND = Decimal("1e-12")


def with_bounds(derived: Graph, prepared: Prepared, jid: str, kind: URIRef,
                bound: URIRef) -> Graph | None:
    """A copy of the derived application with each total a note of ``kind`` is of at the
    note's ``bound`` (in place of any value read), the limits recomputed."""
    notes = sorted(derived.subjects(RDF.type, kind), key=str)
    app = min(derived.subjects(DL.jurisdiction, None), key=str, default=None) if notes else None
    if not notes or app is None:
        return None
    trial = FlatGraph()
    if isinstance(derived.store, FlatMemory):
        trial.store.copy_from(derived.store)  # (what adding each triple in turn gives)
    else:
        trial.store.add_all(derived)
    only: set[tuple[Node, Node]] = set()
    # several lower bounds of one total (its listed parts' sum, its former value plus its new
    # parts'): each is true, so the greatest is read (blind review 93 F3)
    read: dict[tuple[Node, Node], tuple[Decimal, Node, bool]] = {}  # (value, note, past a bound)
    for note in notes:
        focus, prop = derived.value(note, DL.focus), derived.value(note, DL.property)
        value = to_decimal(derived.value(note, bound))
        if not isinstance(prop, URIRef) or focus is None or value is None:
            continue
        past = bound == DL.lowerBound and derived.value(note, DL.lowerBoundExclusive) == Literal(
            True)
        if past:
            # more than the bound (a listed float stating no area has some): read a step past
            # it finer than any figure is stated in, so a limit at the bound is broken there
            value += PAST_BOUND
        if bound != DL.lowerBound or (focus, prop) not in read \
                or value > read[(focus, prop)][0]:
            read[(focus, prop)] = (value, note, past)
    for (focus, prop), (value, note, past) in read.items():
        read_total_at(trial, prepared, focus, prop, value,
                      derived.value(note, RDFS.comment) or Literal(""), past)
        only.add((focus, prop))
    compiled = prepared.compiled(jid)
    props = {prop for _focus, prop in only}
    tops = {compiled.top_shape.get(c.shape, c.shape) for c in compiled.computed
            if path_first(compiled.graph, c.shape) in props}  # (the limits computed again)
    computed_limits(trial, prepared, jid,
                    focus_nodes(trial, compiled, app, AppFacts(trial), tops), only)
    return trial


def read_total_at(graph: Graph, prepared: Prepared, focus: Node, prop: URIRef, value: Decimal,
                  comment: Literal, past_bound: bool = False) -> None:
    """Write ``value`` as ``focus``'s ``prop`` (in place of any value), marked derived, with a
    dl:CountedTotal note carrying ``comment`` (the report shows it on the rules reading it).
    ``past_bound``: the value is an exclusive lower bound read a step past it (``PAST_BOUND``),
    so the quantity is marked dl:lowerBoundExclusive and a violation shows it as "more than"
    the bound, never as the bound itself (``cite.readable_value``)."""
    graph.remove((focus, prop, None))
    unit = prepared.units.canonical_of_property.get(prop)
    if unit is None:
        graph.add((focus, prop, Literal(int(value), datatype=XSD.integer)))
    else:
        qv = BNode()
        graph.add((focus, prop, qv))
        graph.add((qv, RDF.type, QUDT.QuantityValue))
        graph.add((qv, QUDT.numericValue, Literal(format_number(value), datatype=XSD.decimal)))
        graph.add((qv, QUDT.unit, unit))
        graph.add((qv, DL.derived, TRUE))
        if past_bound:
            graph.add((qv, DL.lowerBoundExclusive, TRUE))
    counted = BNode()
    graph.add((counted, RDF.type, DL.CountedTotal))
    graph.add((counted, DL.focus, focus))
    graph.add((counted, DL.property, prop))
    graph.add((counted, RDFS.comment, comment))


def record_undecided(graph: Graph, compiled: CompiledShapes, app: Node,
                     facts: AppFacts | None = None, prepared: Prepared | None = None) -> None:
    """dl:conditionUnknown [ dl:rule R ; dl:property P ] where a missing fact leaves open
    whether a rule applies to a node (cite turns these into "information needed")."""
    interval = None
    if prepared is not None:
        bounds = Bounds(Evaluator(prepared.knowledge, graph, prepared.units))

        def interval(rule: Node, focus: Node) -> tuple[Decimal, Decimal | None] | None:
            expression = prepared.knowledge.value(rule, DL.limitExpression)
            try:
                return bounds.interval(expression, focus) if expression is not None else None
            except (MissingOperand, ValueError):
                return None
    for shape, pairs in undecided(graph, compiled, app, facts).items():
        rule = compiled.shape_rule.get(shape)
        spec = compiled.specs.get(shape)
        if prepared is not None and spec is not None:  # the code's definitions decide a class
            pairs = class_questions(graph, prepared, compiled.jurisdiction, spec.governs, pairs)
            if not pairs:
                continue
        governed_nodes = [n for n in reachable(graph, app)
                          if spec is not None and not (facts or AppFacts(graph)).types(n)
                          .isdisjoint(spec.governs)]
        # a portion of a governed whole (dl:portionOf) counts where a fact of its is undecided
        governed_nodes += [n for n, prop in pairs if n not in governed_nodes and (
            prop == RDF.type or (spec is not None and (facts or AppFacts(graph)).reaches(n, spec)))]
        class_open = any(prop == RDF.type for _, prop in pairs) and reads_class(
            compiled.graph, shape)
        held = [n for n in governed_nodes if rule is not None and not class_open
                and holds_regardless(compiled.graph, graph, shape, n, interval)]
        held = held_at_bounds(graph, prepared, compiled.graph, shape, rule, held, interval)
        if held and governed_nodes and len(held) < len(governed_nodes) and spec is not None:
            # ask only about the nodes the stated values leave open
            pairs = undecided_conditions(graph, app, reachable(graph, app) - set(held), spec,
                                         facts)
            if prepared is not None:  # the code's definitions decide a class, as above
                pairs = class_questions(graph, prepared, compiled.jurisdiction, spec.governs,
                                        pairs)
        note_undecided(graph, rule, governed_nodes, held, pairs)
    # a hand-written target whose rule's parcel condition is unstated: the nodes it names
    for shape, (nodes, pairs) in open_focus(graph, compiled, app, facts).items():
        rule = compiled.shape_rule.get(shape)
        held = [n for n in nodes if rule is not None
                and holds_regardless(compiled.graph, graph, shape, n, interval)]
        held = held_at_bounds(graph, prepared, compiled.graph, shape, rule, held, interval)
        note_undecided(graph, rule, nodes, held, pairs)
    # a hand-written target's node an exception leaves out only for want of a fact the
    # exception must establish (dl:absentAsked): that fact asked unless the rule, read on what
    # the node states, holds on it anyway (Keuka § 160-126B(1): a restoration's period unstated)
    for shape, asked in asked_focus(graph, compiled, app, facts).items():
        rule = compiled.shape_rule.get(shape)
        nodes = sorted(asked, key=str)
        held = [n for n in nodes if rule is not None
                and holds_regardless(compiled.graph, graph, shape, n, interval)]
        held = held_at_bounds(graph, prepared, compiled.graph, shape, rule, held, interval)
        note_undecided(graph, rule, nodes, held,
                       [pair for n in nodes if n not in held for pair in asked[n]])
    # a structure the rule would reach were it of the class a definition of the code would
    # make it, the deciding fact unstated (a permanent lift whose roof is unstated may be a
    # boat station): that fact asked unless the rule, read on what it states, holds on it
    # either way (``defined.may_be_governed``, ``breaks_if_of``)
    if prepared is not None:
        for shape, pairs in may_be_governed(graph, prepared, compiled.jurisdiction, compiled,
                                            app, facts or AppFacts(graph)).items():
            rule = compiled.shape_rule.get(shape)
            spec = compiled.specs[shape]
            verdicts = {n: breaks_if_of(compiled.graph, graph, shape, n, spec.governs, interval)
                        for n in sorted({n for n, _p in pairs}, key=str)}
            held = [n for n, v in verdicts.items() if v is False]
            broken = [n for n, v in verdicts.items() if v is not False]
            note_undecided(graph, rule, held + broken, held,
                           list(dict.fromkeys((n, asked_as(prepared, compiled.jurisdiction, p))
                                              for n, p in pairs if n in broken)))


def held_at_bounds(graph: Graph, prepared: Prepared | None, shapes: Graph, shape: Node,
                   rule: URIRef | None, held: list[Node],
                   interval: Callable[[Node, Node], tuple[Decimal, Decimal | None] | None]
                   | None) -> list[Node]:
    """The ``held`` nodes (the rule holds on them whether or not it applies, read on the values
    as read) on which it also holds with each value the application gives only within bounds
    at its other bound (a dl:UpperBoundTotal the rule compares: a dock drawn 35 feet out
    listing an undrawn float of unstated reach may reach farther). On the others the rule's
    applicability is asked, and the bounded value with it (dl:conditionUnknown, the note's
    words saying why). Why: a Jerusalem dock drawn within the 65-foot line listing an undrawn
    permanent float, its depth at the line unstated (which decides whether [1] or [2] of
    § 160-123A(1)(b) governs it), held "regardless" on the drawn 35.36 feet and conformed; the
    check at the bound, which asks the float's reach of a dock the rule does reach, never saw
    it, the rule not reaching it (review 61)."""
    if not held or prepared is None or rule is None:
        return held
    notes = [n for n in sorted(graph.subjects(DL.comparedBy, rule), key=str)
             if (n, RDF.type, DL.UpperBoundTotal) in graph]
    if not notes:
        return held
    with bounds_read(graph, prepared, notes, DL.upperBound):
        kept = [n for n in held if holds_regardless(shapes, graph, shape, n, interval)]
    for node in held:
        if node in kept:
            continue
        near = {node, *descendants(graph, node), *ancestors(graph, node)}
        for note in notes:
            if graph.value(note, DL.focus) not in near:
                continue
            for entry in sorted(graph.objects(note, DL.undecidedMember), key=str):
                member = graph.value(entry, DL.focus)
                for prop in sorted(graph.objects(entry, DL.property), key=str):
                    ask = BNode()
                    graph.add((member, DL.conditionUnknown, ask))
                    graph.add((ask, DL.property, prop))
                    graph.add((ask, DL.rule, rule))
                    text = graph.value(entry, RDFS.comment)
                    if text is not None:
                        graph.add((ask, RDFS.comment, Literal(str(text).rstrip("."))))
    return kept


def descendants(graph: Graph, node: Node) -> set[Node]:
    return part_closure(graph, graph.objects(node, DL.hasPart))


def ancestors(graph: Graph, node: Node) -> set[Node]:
    out: set[Node] = set()
    stack = list(graph.subjects(DL.hasPart, node))
    while stack:
        n = stack.pop()
        if n not in out:
            out.add(n)
            stack.extend(graph.subjects(DL.hasPart, n))
    return out


@contextmanager
def bounds_read(graph: Graph, prepared: Prepared, notes: list[Node], bound: URIRef
              ) -> Iterator[None]:
    """``graph`` with each note's value (its focus's dl:property) at the note's ``bound`` for
    the time of the block, then as it was."""
    removed: list[tuple[Node, Node, Node]] = []
    added: list[tuple[Node, Node, Node]] = []
    for note in notes:
        focus, prop = graph.value(note, DL.focus), graph.value(note, DL.property)
        value = to_decimal(graph.value(note, bound))
        if focus is None or not isinstance(prop, URIRef) or value is None:
            continue
        for triple in list(graph.triples((focus, prop, None))):
            graph.remove(triple)
            removed.append(triple)
        unit = prepared.units.canonical_of_property.get(prop)
        if unit is None:
            triples = [(focus, prop, Literal(int(value), datatype=XSD.integer))]
        else:
            qv = BNode()
            triples = [(focus, prop, qv), (qv, RDF.type, QUDT.QuantityValue),
                       (qv, QUDT.numericValue, Literal(format_number(value),
                                                       datatype=XSD.decimal)),
                       (qv, QUDT.unit, unit), (qv, DL.derived, TRUE)]
        for triple in triples:
            graph.add(triple)
        added += triples
    try:
        yield
    finally:
        for triple in added:
            graph.remove(triple)
        for triple in removed:
            graph.add(triple)


def breaks_if_of(shapes: Graph, graph: Graph, shape: Node, node: Node, classes: frozenset[Node],
                 interval: Callable[[Node, Node], tuple[Decimal, Decimal | None] | None]
                 | None = None) -> bool | None:
    """Whether ``shape`` fails on ``node`` were it of ``classes`` (the rule's, which a
    definition of the code would make it of were a fact it does not state so), read on what it
    states: True where it would (a permanent lift of three slips, were it roofed, a boat
    station of more than two), False where it holds either way, None where a value the rule
    reads is unstated too (undecided were it of the class: the deciding fact is asked as where
    it would fail, or a lift stating neither its roof nor its slips conforms)."""
    added = [(node, RDF.type, c) for c in classes if (node, RDF.type, c) not in graph]
    for triple in added:
        graph.add(triple)
    try:
        value = Reader(shapes, graph, interval).verdict(shape, node).value
    except Unsupported:
        value = None
    finally:
        for triple in added:
            graph.remove(triple)
    return None if value is None else not value


def note_undecided(graph: Graph, rule: URIRef | None, governed_nodes: list[Node],
                   held: list[Node], pairs: list[tuple[Node, URIRef]]) -> None:
    """dl:holdsRegardless on the nodes the stated values decide; unless that is all of them,
    dl:conditionUnknown per missing fact."""
    for n in held:  # decided with what is known: whether or not it applies
        graph.add((n, DL.holdsRegardless, rule))
    if governed_nodes and len(held) == len(governed_nodes):
        return
    for node, prop in pairs:
        note = BNode()
        graph.add((node, DL.conditionUnknown, note))
        graph.add((note, DL.property, prop))
        if rule is not None:
            graph.add((note, DL.rule, rule))


def reads_class(shapes: Graph, shape: Node) -> bool:
    """The shape's own test reads the focus's class (sh:class, sh:not [ sh:class ... ]): stating
    the class can change its verdict, so an undecided class is never "holds regardless"."""
    return any((node, SH["class"], None) in shapes for node in shapes_under(
        shapes, shape, (SH["not"],), (SH["and"], SH["or"], SH.xone)))


def holds_regardless(shapes: Graph, graph: Graph, shape: Node, node: Node,
                     interval: Callable[[Node, Node], tuple[Decimal, Decimal | None] | None]
                     | None = None) -> bool:
    """The stated values meet the rule whether or not it applies (a 60 % open deck meets "at
    least 60 % open when low" whatever the deck height): its applicability need not be asked."""
    try:
        return Reader(shapes, graph, interval).verdict(shape, node).value is True
    except Unsupported:
        return False


def with_stated_false(derived: Graph, nodes: set[Node], prop: URIRef) -> Graph:
    """A copy of the derived application in which each of ``nodes`` states ``prop`` false (in
    place of what it states): the structure read as not relying on the status ``prop`` states
    (dl:bindsOnlyWhileRelyingOn; the pipeline checks it to see whether the structure meets every
    rule without it)."""
    trial = FlatGraph()
    if isinstance(derived.store, FlatMemory):
        trial.store.copy_from(derived.store)
    else:
        trial.store.add_all(derived)
    for node in nodes:
        trial.remove((node, prop, None))
        trial.add((node, prop, FALSE))
    return trial
