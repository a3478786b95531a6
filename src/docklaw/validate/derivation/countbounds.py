"""A count a code's text bounds by other facts of the application (``dl:CountBound``,
terms/count-bounds.ttl).

Why: a count the applicant states may be impossible beside the rest of the application (South
Bristol § 73-10B(5): "Each steep slope parcel is allocated an additional 200 square feet"; the
steep slope parcels are among the parcels consolidated, so a dock consolidating two parcels
stating three steep ones was allowed 1,080 + 3 x 200: blind review 143 F2; and the applicant's
own parcel stated steep is one of them, so a stated 0 beside it was cited against 1,080: F5).
The rules read the count held between its bounds through their limit expressions
(``dl:LesserOf``, ``dl:GreaterOf``: data); this step only says so: a stated count past a bound
is a ``dl:Discrepancy`` naming both figures (a Warning on each rule reading the count). The
stated value stays where it is (the limit expression decides what is read). A count past a
bound that a stated boolean sets (``dl:contestedBy``: read the other way, the bound moves toward
the count) contradicts that statement: neither is believed, and the Discrepancy carries a
``dl:contestedReading`` (the statement read the other way) under which every computed limit
reading either is judged too (``Evaluator.contested_ends``): a limit between the two readings is
asked, never cited and never met (blind review 145 F6: a stated 0 beside a parcel stated steep
was read at 1 and conformed, then at 0 and cited).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.law.limits import Evaluator, MissingOperand
from docklaw.law.prepare import Prepared
from docklaw.law.units import curie, display_number, to_decimal
from docklaw.namespaces import DL, RDF, RDFS, jurisdiction_iri
from docklaw.validate.derivation.totals import short


def count_bounds(graph: Graph, prepared: Prepared, jid: str) -> None:
    """For each of the code's ``dl:CountBound`` (where its ``dl:appliesWhen`` holds): first the
    statements a stated count implies (``_implied``), then every node of its ``dl:onClass``
    stating one whole-number value of ``dl:boundedCount`` above what ``dl:atMostExpression``
    gives, or below what ``dl:atLeastExpression`` gives (each evaluated on the node; an
    unstated operand decides nothing), gets a ``dl:Discrepancy`` naming both figures and the
    words of the bound that applies (``dl:section`` the bound's)."""
    law = prepared.knowledge
    evaluator = Evaluator(law, graph, prepared.units)
    found = list(_counted(graph, law, evaluator, jid))
    _implied(graph, law, evaluator, found)
    for bound, node, prop, stated in found:
        for side, above in ((DL.atMostExpression, True), (DL.atLeastExpression, False)):
            expr = law.value(bound, side)
            limit = _evaluated(evaluator, expr, node) if expr is not None else None
            if limit is None or (stated <= limit if above else stated >= limit):
                continue
            note = _discrepancy(graph, node, prop, stated, limit)
            _section(graph, law, bound, note)
            contested = _contested(evaluator, law, bound, expr, node, limit, above)
            words = "so the rules read " + display_number(limit)
            if contested is not None:
                words = _contested_reading(graph, note, node, prop, stated, limit, above,
                                           contested)
            graph.add((note, RDFS.comment, Literal(
                f"{short(node)} states {curie(prop)} {display_number(stated)}, "
                f"{'more' if above else 'fewer'} than the application allows "
                f"({_why(law, bound, stated, limit, above, contested)}): "
                f"it cannot be true, {words}; correct one of them")))


def _counted(graph: Graph, law: Graph, evaluator: Evaluator, jid: str
             ) -> Iterator[tuple[Node, Node, URIRef, Decimal]]:
    """(bound, node, the count property, the count it states) for each of the code's
    ``dl:CountBound`` and each node of its class stating one value of the count, where the
    bound's ``dl:appliesWhen`` (any of its conditions, as a ``dl:Conditional``'s dl:if) holds
    on the node (South Bristol: § 73-10A(4) words the single parcel's, § 73-10B(5) the
    contiguous parcels': blind review 146 F5)."""
    code = jurisdiction_iri(jid)
    for bound in sorted(law.subjects(RDF.type, DL.CountBound), key=str):
        if (bound, DL.jurisdiction, code) not in law:
            continue
        prop = law.value(bound, DL.boundedCount)
        if not isinstance(prop, URIRef):
            continue
        classes = [c for c in law.objects(bound, DL.onClass) if isinstance(c, URIRef)]
        conditions = sorted(law.objects(bound, DL.appliesWhen), key=str)
        for node in sorted(set(graph.subjects(prop, None)), key=str):
            if classes and not any((node, RDF.type, c) in graph for c in classes):
                continue
            if conditions and not any(condition_holds(evaluator, c, node) for c in conditions):
                continue
            values = list(graph.objects(node, prop))
            stated = to_decimal(values[0]) if len(values) == 1 else None
            if stated is not None:
                yield bound, node, prop, stated


def condition_holds(evaluator: Evaluator, condition: Node, node: Node) -> bool:
    """Whether a condition (as a ``dl:Conditional``'s dl:if) holds on ``node``; an unstated
    fact: it does not."""
    try:
        return evaluator.holds(condition, node)
    except MissingOperand:
        return False


def _implied(graph: Graph, law: Graph, evaluator: Evaluator,
             found: list[tuple[Node, Node, URIRef, Decimal]]) -> None:
    """A statement a bound derives from (``dl:contestedBy``) left unstated, where the stated
    count lies within the bounds under one value of it and past one of them under the other:
    the one value is implied, derived (with a ``dl:DerivedFlag`` note saying why), not asked.
    Why: a dock consolidating 2 parcels stating 2 steep slope parcels (3 of 3) says every
    parcel consolidated is steep, the applicant's among them, yet dl:steepSlope was asked for
    § 73-8B(4) (blind review 146 F3). A count the other value leaves possible too (2 of 3)
    implies nothing; counts implying both values (two docks) imply neither."""
    implied: dict[tuple[Node, URIRef], dict[bool, list[tuple[Node, Node, URIRef, Decimal]]]] = {}
    for bound, node, prop, stated in found:
        for by in sorted(law.objects(bound, DL.contestedBy), key=str):
            flag = law.value(by, DL.property)
            subject = evaluator.parcel_of(node) if law.value(by, DL.of) == DL.Parcel else node
            if not isinstance(flag, URIRef) or subject is None \
                    or graph.value(subject, flag) is not None:
                continue
            possible = [value for value in (True, False)
                        if _within(evaluator, law, bound, node, stated, {(subject, flag):
                                                                          Literal(value)})]
            if len(possible) == 1:
                implied.setdefault((subject, flag), {}).setdefault(possible[0], []).append(
                    (bound, node, prop, stated))
    for (subject, flag), by_value in sorted(implied.items(), key=str):
        if len(by_value) != 1:
            continue
        [(value, sources)] = by_value.items()
        bound, node, prop, stated = sources[0]
        graph.add((subject, flag, Literal(value)))
        note = BNode()
        graph.add((subject, DL.derivedFlag, note))
        graph.add((note, RDF.type, DL.DerivedFlag))
        graph.add((note, DL.property, flag))
        graph.add((note, DL.basis, prop))
        graph.add((note, RDF.value, Literal(value)))
        _section(graph, law, bound, note)
        graph.add((note, RDFS.comment, Literal(
            f"implied by {short(node)}'s {curie(prop)} {display_number(stated)}, which "
            f"{short(subject)}'s {curie(flag)} {str(not value).lower()} would make impossible")))


def _section(graph: Graph, law: Graph, bound: Node, note: Node) -> None:
    """The bound's section on a note it writes (cited where no rule reads the count)."""
    section = law.value(bound, DL.section)
    if section is not None:
        graph.add((note, DL.section, section))


def _within(evaluator: Evaluator, law: Graph, bound: Node, node: Node, stated: Decimal,
            pins: dict[tuple[Node, URIRef], Node]) -> bool:
    """Whether ``stated`` lies within both of the bound's expressions with ``pins`` read."""
    evaluator.pins = pins
    try:
        most, least = (_evaluated(evaluator, expr, node) if expr is not None else None
                       for expr in (law.value(bound, DL.atMostExpression),
                                    law.value(bound, DL.atLeastExpression)))
    finally:
        evaluator.pins = {}
    return (most is None or stated <= most) and (least is None or stated >= least)


def _why(law: Graph, bound: Node, stated: Decimal, limit: Decimal, above: bool,
         contested: tuple[Node, URIRef, Literal, Decimal] | None) -> str:
    """The bound the count lies past and the reason that applies (blind review 146 F4: the
    words named the applicant's parcel stated not steep where it was stated steep and the only
    reason was the parcels consolidated). The bound's own words (``dl:atMostWords``,
    ``dl:atLeastWords``) where the statement it derives from (``dl:contestedBy``) does not
    tighten it; that statement's words on the ``dl:contestedBy`` node where it does; both
    bounds where the count lies past the one without the statement too."""
    side, words = (("at most", DL.atMostWords) if above else ("at least", DL.atLeastWords))
    own = f"{side} {display_number(limit)}: {law.value(bound, words)}"
    if contested is None:
        return own
    subject, flag, value, other = contested
    by = next((b for b in law.objects(bound, DL.contestedBy)
               if law.value(b, DL.property) == flag), None)
    flagged = (f"{side} {display_number(limit)} as {short(subject)} states {curie(flag)} "
               f"{str(value).lower()}: {law.value(by, words) if by is not None else ''}")
    if stated > other if above else stated < other:
        return f"{side} {display_number(other)}: {law.value(bound, words)}; and {flagged}"
    return flagged


def _contested_reading(graph: Graph, note: Node, node: Node, prop: URIRef, stated: Decimal,
                       limit: Decimal, above: bool,
                       contested: tuple[Node, URIRef, Literal, Decimal]) -> str:
    """The ``dl:contestedReading`` on the Discrepancy ``note`` (the statement read the other
    way, with the question it leaves), and the Discrepancy's words saying so."""
    subject, flag, value, other = contested
    shown, flipped = str(value).lower(), str(not value.toPython()).lower()
    side = "at most" if above else "at least"
    reading = BNode()
    graph.add((note, DL.contestedReading, reading))
    graph.add((reading, DL.focus, subject))
    graph.add((reading, DL.property, flag))
    graph.add((reading, DL.readAs, Literal(not value.toPython())))
    graph.add((reading, RDFS.comment, Literal(
        f"which is true: {short(node)}'s {curie(prop)} {display_number(stated)} or "
        f"{short(subject)}'s {curie(flag)} {shown}? They contradict (with {curie(flag)} "
        f"{shown} the count is {side} {display_number(limit)}; with it {flipped}, {side} "
        f"{display_number(other)}), and the limit read from the count is met under the one "
        "and broken under the other")))
    return (f"and it contradicts {short(subject)}'s {curie(flag)} {shown}: neither is "
            "believed, so each rule reading the count is judged under both (a limit both break "
            "is cited, one only the stricter breaks asks which is true, one both meet is met)")


def _contested(evaluator: Evaluator, law: Graph, bound: Node, expr: Node, node: Node,
               limit: Decimal, above: bool) -> tuple[Node, URIRef, Literal, Decimal] | None:
    """Where the bound derives from a stated boolean (``dl:contestedBy``) and reading it the
    other way moves the bound toward the stated count, the count and that statement contradict:
    (the node stating it, the property, the stated value, the bound read the other way); None
    where the bound does not move (the count is past it whatever the statement: read at it)."""
    for by in sorted(law.objects(bound, DL.contestedBy), key=str):
        flag = law.value(by, DL.property)
        if not isinstance(flag, URIRef):
            continue
        subject = evaluator.parcel_of(node) if law.value(by, DL.of) == DL.Parcel else node
        values = list(evaluator.data.objects(subject, flag)) if subject is not None else []
        if len(values) != 1 or not isinstance(values[0], Literal) \
                or not isinstance(values[0].toPython(), bool):
            continue
        evaluator.pins = {(subject, flag): Literal(not values[0].toPython())}
        try:
            other = _evaluated(evaluator, expr, node)
        finally:
            evaluator.pins = {}
        if other is not None and (other > limit if above else other < limit):
            return subject, flag, values[0], other
    return None


def _evaluated(evaluator: Evaluator, expr: Node, node: Node) -> Decimal | None:
    try:
        return evaluator.evaluate(expr, node)
    except MissingOperand:
        return None


def _discrepancy(graph: Graph, node: Node, prop: URIRef, stated: Decimal,
                 limit: Decimal) -> Node:
    """The dl:Discrepancy naming the stated count and the bound (its words added by the
    caller)."""
    note = BNode()
    graph.add((note, RDF.type, DL.Discrepancy))
    graph.add((note, DL.focus, node))
    graph.add((note, DL.property, prop))
    graph.add((note, DL.declaredValue, Literal(int(stated))))
    graph.add((note, DL.derivedValue, Literal(int(limit))))
    return note
