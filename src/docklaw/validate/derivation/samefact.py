"""Two spellings of one fact under a code's text (``dl:FactIdentity``, terms/same-fact.ttl).

Why: the vocabulary keeps properties apart that one code's text makes one fact (Keuka measures a
dock's length from the mean high water mark, perpendicular to it, so its length is its farthest
extent from the mark; review 71: a nonconforming dock stating its preexisting length was held to
the 65-foot line, stating its preexisting extent it was not). The code says which properties
are one fact in its curation; a structure stating one and not the other is given the other,
marked derived from it, and every rule reading either reads the stated fact. Only structures that
are no part of another, unless the code says otherwise (dl:readOnParts): a part's own length (a
finger's) is no reach from the mark, while its height from the water is its own height.

One stated fact the least another can be (``dl:FactLowerBound``, ``least_facts``): the other is
bounded below, never derived equal to it.
"""

from __future__ import annotations

from decimal import Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.law.limits import Evaluator
from docklaw.law.prepare import Prepared, RuleInfo
from docklaw.law.units import curie, format_number, to_decimal
from docklaw.namespaces import DL, QUDT, RDF, RDFS, TRUE, XSD, jurisdiction_iri
from docklaw.validate.derivation.countbounds import condition_holds
from docklaw.validate.derivation.totals import (
    add_quantity,
    bounded_by_parts,
    short,
    shown,
    withdrawn,
)

Identity = tuple[URIRef, URIRef, bool, tuple[URIRef, ...], tuple[URIRef, ...], URIRef | None]


def identities(prepared: Prepared, jid: str) -> tuple[Identity, ...]:
    """The code's pairs of properties that state one fact (sorted, each pair once), each with
    whether a part is read with it too (dl:readOnParts), the classes it is read on only
    (dl:onClass; none: every structure), those it is not read on (dl:exceptOnClass) and the
    one property read as the other, where the identity goes one way only (dl:readOneWayFrom)."""
    law = prepared.knowledge
    code = jurisdiction_iri(jid)
    out: set[Identity] = set()
    for identity in law.subjects(RDF.type, DL.FactIdentity):
        if (identity, DL.jurisdiction, code) not in law:
            continue
        props = sorted(p for p in law.objects(identity, DL.identifies) if isinstance(p, URIRef))
        if len(props) == 2:
            out.add((props[0], props[1],
                     law.value(identity, DL.readOnParts) == TRUE,
                     tuple(sorted(c for c in law.objects(identity, DL.onClass)
                                  if isinstance(c, URIRef))),
                     tuple(sorted(c for c in law.objects(identity, DL.exceptOnClass)
                                  if isinstance(c, URIRef))),
                     one_way if isinstance(one_way := law.value(identity, DL.readOneWayFrom),
                                           URIRef) else None))
    return tuple(sorted(out))


def same_facts(graph: Graph, prepared: Prepared, jid: str) -> None:
    """Each structure that is no part of another and states one property of a pair and not the
    other (a part too, where the identity reads parts): the other, of the same value, derived
    from the stated one. One stating both with different values states one fact two ways: it
    is read between the two (``disagreeing``), unless the identity goes one way only
    (dl:readOneWayFrom: the other is derived from that one alone, and both stated are two facts)."""
    for first, second, on_parts, classes, unless, one_way in identities(prepared, jid):
        if one_way is None:
            disagreeing(graph, prepared, jid, first, second, on_parts, classes, unless)
        ways = ((first, second), (second, first))
        for stated, unstated in (ways if one_way is None else
                                 [w for w in ways if w[0] == one_way]):
            for node in sorted(set(graph.subjects(stated, None)), key=str):
                if (node, unstated, None) in graph or (
                        not on_parts and (None, DL.hasPart, node) in graph) or (
                        not read_on(graph, node, classes, unless)):
                    continue
                if (node, RDF.type, QUDT.QuantityValue) in graph:
                    continue
                values = [(qv, to_decimal(graph.value(qv, QUDT.numericValue)))
                          for qv in graph.objects(node, stated)]
                if len(values) != 1:
                    continue
                qv, number = values[0]
                if not isinstance(number, Decimal):
                    continue
                unit: Node | None = graph.value(qv, QUDT.unit)
                add_quantity(graph, node, unstated, number,
                             unit if isinstance(unit, URIRef) else None, [node])


def least_facts(graph: Graph, prepared: Prepared, jid: str) -> None:
    """Each structure that is no part of another, of a ``dl:FactLowerBound``'s dl:onClass and
    where each of its dl:appliesWhen holds, stating one value of dl:boundFrom and none of
    dl:boundsBelow: a dl:LowerBoundTotal note gives the other at least that value
    (``totals.bounded_by_parts``), so a rule holding it to a maximum the bound already breaks
    is cited (``pipeline.bounded``) and every other asks for it; it is never read as the
    stated value. Why: a North Hempstead fixed dock stating its length from mean high water
    to its seaward end (160 feet) and that it runs perpendicular to the shore was asked how far
    it projects under § 42-9A(2)'s 150 feet (blind review 150 F2; open since blind review 84
    N2), while reading the length as the projection (a dl:FactIdentity) let a float of unstated
    size past the seaward end through at exactly 150 feet."""
    law = prepared.knowledge
    code = jurisdiction_iri(jid)
    canonical = prepared.units.canonical_of_property
    evaluator: Evaluator | None = None
    for fact in sorted(law.subjects(RDF.type, DL.FactLowerBound), key=str):
        stated, bounded = law.value(fact, DL.boundFrom), law.value(fact, DL.boundsBelow)
        if (fact, DL.jurisdiction, code) not in law or not isinstance(stated, URIRef) or \
                not isinstance(bounded, URIRef) or canonical.get(stated) != canonical.get(bounded):
            continue  # (figures in units the normalisation keeps apart bound nothing)
        classes = tuple(sorted(c for c in law.objects(fact, DL.onClass)
                               if isinstance(c, URIRef)))
        conditions = sorted(law.objects(fact, DL.appliesWhen), key=str)
        for node in sorted(set(graph.subjects(stated, None)), key=str):
            if (node, bounded, None) in graph or (None, DL.hasPart, node) in graph or \
                    not read_on(graph, node, classes, ()):
                continue
            found = stated_quantity(graph, node, stated)
            if found is None:
                continue
            evaluator = evaluator or Evaluator(law, graph, prepared.units)
            if not all(condition_holds(evaluator, c, node) for c in conditions):
                continue
            bounded_by_parts(graph, prepared, node, bounded, found[0], [node], (
                f"{curie(bounded)} of {short(node)} is not stated; its stated "
                f"{curie(stated)} ({shown(prepared, stated, found[0])}) is the least it can "
                f"be ({law.value(fact, RDFS.label)}): a limit this already passes is cited, "
                f"every other asks for {curie(bounded)}"))


def read_on(graph: Graph, node: Node, classes: tuple[URIRef, ...],
            unless: tuple[URIRef, ...]) -> bool:
    """Whether an identity is read on ``node``: of one of ``classes`` (none: any) and of none
    of ``unless`` (types materialised)."""
    return ((not classes or any((node, RDF.type, c) in graph for c in classes))
            and not any((node, RDF.type, c) in graph for c in unless))


def stated_quantity(graph: Graph, node: Node, prop: URIRef) -> tuple[Decimal, Node | None] | None:
    """The one value (number, unit) the applicant states for ``prop`` on ``node``; None where
    it states none, several, or docklaw derived it (a drawn structure's measurements)."""
    values = list(graph.objects(node, prop))
    if len(values) != 1 or graph.value(values[0], DL.derived) == TRUE:
        return None
    number = to_decimal(graph.value(values[0], QUDT.numericValue))
    if not isinstance(number, Decimal):
        return None
    return number, graph.value(values[0], QUDT.unit)


def disagreeing(graph: Graph, prepared: Prepared, jid: str, first: URIRef, second: URIRef,
                on_parts: bool, classes: tuple[URIRef, ...] = (),
                unless: tuple[URIRef, ...] = ()) -> None:
    """A structure stating both properties of one fact with different values (after units are
    normalised): which is right cannot be read from the application, so both statements are
    moved onto a ``dl:Discrepancy`` naming them, and the fact is read as an interval: at the
    lesser value, with a ``dl:UpperBoundTotal`` at the greater (pipeline.opened). A limit the
    lesser already breaks is cited (both values break it); one the lesser meets and the greater
    breaks asks which is right; one both meet conforms. Why: with each rule reading its own
    property, a Keuka dock stating a 70-foot length and a 60-foot reach from the mark was held
    to the 65-foot line at 60 feet (the 70 went unread); withdrawing both made a station stating
    16 and 17 ft (limit 15) "incomplete" though every stated figure breaks it (review 72).
    (A minimum the lesser fails is cited though the greater might meet it: none of the codes'
    identities is read by a minimum today.)"""
    law_rules = prepared.rules_of(jid)
    for node in sorted(set(graph.subjects(first, None)), key=str):
        if not on_parts and (None, DL.hasPart, node) in graph:
            continue
        if not read_on(graph, node, classes, unless):
            continue
        a, b = stated_quantity(graph, node, first), stated_quantity(graph, node, second)
        if a is None or b is None or a == b:
            continue
        said = (f"{short(node)} states {curie(first)} {shown(prepared, first, a[0])} and "
                f"{curie(second)} {shown(prepared, second, b[0])}, which this code's text "
                "makes one fact (dl:FactIdentity): which is right cannot be read from the "
                "application")
        if a[1] != b[1]:  # (units the normalisation left apart: nothing can be compared)
            note = one_discrepancy(graph, node, first, second, law_rules)
            graph.add((note, RDFS.comment, Literal(
                said + "; neither is used and the rules reading either ask for it")))
            continue
        low, high = min(a[0], b[0]), max(a[0], b[0])
        note = one_discrepancy(graph, node, first, second, law_rules)
        graph.add((note, RDFS.comment, Literal(
            f"{said}; it is read as {shown(prepared, first, low)} at least and "
            f"{shown(prepared, first, high)} at most: a limit both break is cited, one "
            "only the greater breaks asks which is right; correct one of them")))
        for prop in (first, second):
            add_quantity(graph, node, prop, low, a[1] if isinstance(a[1], URIRef) else None,
                         [node])
            bound, entry = BNode(), BNode()
            graph.add((bound, RDF.type, DL.UpperBoundTotal))
            graph.add((bound, DL.focus, node))
            graph.add((bound, DL.property, prop))
            graph.add((bound, DL.upperBound, Literal(format_number(high),
                                                     datatype=XSD.decimal)))
            graph.add((bound, DL.undecidedMember, entry))
            graph.add((entry, DL.focus, node))
            graph.add((entry, DL.property, prop))
            question = (f"which is right: {curie(first)} {shown(prepared, first, a[0])} or "
                        f"{curie(second)} {shown(prepared, second, b[0])} (one fact under "
                        "this code's text)?")
            graph.add((entry, RDFS.comment, Literal(question)))
            graph.add((bound, RDFS.comment, Literal(question)))
            for rule in law_rules:
                if prop in rule.constrains:
                    graph.add((bound, DL.comparedBy, rule.iri))


def one_discrepancy(graph: Graph, node: Node, first: URIRef, second: URIRef,
                    rules: list[RuleInfo]) -> Node:
    """One ``dl:Discrepancy`` for the disagreement, both statements moved onto it, on the
    property the code's rules read (the first where both or neither are): the report's Warning
    cites those rules once, not a second Warning citing no section for a spelling no rule reads
    (a Keuka station's dl:wholeHeight beside its dl:height, review 72)."""
    read = [p for p in (first, second) if any(p in r.constrains for r in rules)]
    noted = read[0] if read else first
    other = second if noted == first else first
    note = withdrawn(graph, node, noted)
    for old in list(graph.objects(node, other)):
        graph.remove((node, other, old))
        graph.add((note, DL.declaredValue, old))
    return note
