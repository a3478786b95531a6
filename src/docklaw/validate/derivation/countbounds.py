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
stated value stays where it is (the limit expression decides what is read). A stated count below
``dl:atLeastExpression`` is read as stated where the bound says ``dl:belowReadAsStated`` (the
smaller count the stricter figure: two contradicting statements never settle toward the laxer,
blind review 145 F6), and the Discrepancy says so.
"""

from __future__ import annotations

from decimal import Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.law.limits import Evaluator, MissingOperand
from docklaw.law.prepare import Prepared
from docklaw.law.units import curie, display_number, to_decimal
from docklaw.namespaces import DL, RDF, RDFS, jurisdiction_iri
from docklaw.validate.derivation.totals import short


def count_bounds(graph: Graph, prepared: Prepared, jid: str) -> None:
    """For each of the code's ``dl:CountBound``: every node of its ``dl:onClass`` stating one
    whole-number value of ``dl:boundedCount`` above what ``dl:atMostExpression`` gives, or
    below what ``dl:atLeastExpression`` gives (each evaluated on the node; an unstated operand
    decides nothing), gets a ``dl:Discrepancy`` naming both figures and the bound's words."""
    law = prepared.knowledge
    code = jurisdiction_iri(jid)
    evaluator = Evaluator(law, graph, prepared.units)
    for bound in sorted(law.subjects(RDF.type, DL.CountBound), key=str):
        if (bound, DL.jurisdiction, code) not in law:
            continue
        prop = law.value(bound, DL.boundedCount)
        if not isinstance(prop, URIRef):
            continue
        classes = [c for c in law.objects(bound, DL.onClass) if isinstance(c, URIRef)]
        for node in sorted(set(graph.subjects(prop, None)), key=str):
            if classes and not any((node, RDF.type, c) in graph for c in classes):
                continue
            values = list(graph.objects(node, prop))
            stated = to_decimal(values[0]) if len(values) == 1 else None
            if stated is None:
                continue
            for side, above in ((DL.atMostExpression, True), (DL.atLeastExpression, False)):
                expr = law.value(bound, side)
                limit = _evaluated(evaluator, expr, node) if expr is not None else None
                if limit is None or (stated <= limit if above else stated >= limit):
                    continue
                read = stated if not above and law.value(
                    bound, DL.belowReadAsStated) == Literal(True) else limit
                _discrepancy(graph, law, bound, node, prop, stated, limit, above, read)


def _evaluated(evaluator: Evaluator, expr: Node, node: Node) -> Decimal | None:
    try:
        return evaluator.evaluate(expr, node)
    except MissingOperand:
        return None


def _discrepancy(graph: Graph, law: Graph, bound: Node, node: Node, prop: URIRef,
                 stated: Decimal, limit: Decimal, above: bool, read: Decimal) -> None:
    words = law.value(bound, DL.atMostWords if above else DL.atLeastWords)
    note = BNode()
    graph.add((note, RDF.type, DL.Discrepancy))
    graph.add((note, DL.focus, node))
    graph.add((note, DL.property, prop))
    graph.add((note, DL.declaredValue, Literal(int(stated))))
    graph.add((note, DL.derivedValue, Literal(int(limit))))
    graph.add((note, RDFS.comment, Literal(
        f"{short(node)} states {curie(prop)} {display_number(stated)}, "
        f"{'more' if above else 'fewer'} than the application allows "
        f"({'at most' if above else 'at least'} {display_number(limit)}: {words}): it cannot "
        "be true, so the rules read "
        f"{display_number(read)}"
        f"{' (the stricter figure, as stated)' if read != limit else ''}; correct one of them")))
