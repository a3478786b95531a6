"""An area past what two side limits allow (``dl:SidesOfArea``): the pair decided without figures.

Why: two rules limiting the width and the length of the same thing, each a maximum, bound its
area too: a thing within both covers no more than the product of the limits (any figure lies
within the rectangle of its width by its length). A landing stating only its area, 100 square
feet, was asked its width and length under a limit of eight feet wide and eight feet long
(blind review 132 F3), though no figures could make it conform. The reading (ontology/terms/
rule-model.ttl, dl:SidesOfArea; each pair's note in its code's rules.ttl):

* neither side stated (nor drawn): an area past the product breaks one of the two, whatever the
  figures. One joint finding, on both rules (``cite.one_per_disagreement`` merges the two into
  one naming both), the stated area its value and the product the computed limit; neither side
  is asked.
* one side stated: the other is at least the area over it; where that is past the other's
  limit, the other rule is cited with that bound as its value, its question dropped.
* both stated and the area more than they cover (a 6 x 8 ft landing stating 70 square feet): the
  three cannot all be true. A ``dl:Discrepancy`` names them (a Warning) and the stricter reading,
  the area true, is held: past the product of the limits, the joint finding above; else each side
  is at least the area over the other, cited where that is past its limit (blind review 137 F1:
  the figures had decided, and such a landing conformed).
* both stated and the area within what they cover, or an area within the product: nothing here
  (the figures decide, or are asked). Drawn figures are weighed as stated ones, except where a
  drawing askew to the shore bounds them (its two readings of the sides differ).

The area is read only on a node of the pair's ``dl:areaOn`` class (where it is the thing's own
area) and only where both rules reach the node (their compiled focus). A stated area beside the
drawn one, disagreeing (a ``dl:Discrepancy``) or within the drawing's tolerance, is held at the
larger, the stricter value (blind review 139 F2: a drawn landing's stated area past 64 square
feet had no finding; review 140 F1: 1,365 stated on a boathouse drawn 34 x 40 ft conformed).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.term import Node

from docklaw.law.compile import focus_marker
from docklaw.law.limits import Bounds, Evaluator, MissingOperand
from docklaw.law.prepare import Prepared
from docklaw.law.units import Units, curie
from docklaw.namespaces import DL, QUDT, RDF, RDFS
from docklaw.validate.derivation.mutual import fixed_limit
from docklaw.validate.findings.cite import InfoNeeded, Result, relief_of, section_fields
from docklaw.validate.values import node_name

#: the component of the results made here (merged per pair by ``cite.one_per_disagreement``)
COMPONENT = "dl:AreaOverSides"
#: a side limit's comparison -> whether the limit itself is allowed
INCLUSIVE = {DL.AtMost: True, DL.LessThan: False}


@dataclass(frozen=True)
class Side:
    rule: URIRef
    prop: URIRef
    inclusive: bool


@dataclass(frozen=True)
class Sides:
    """One ``dl:SidesOfArea``: the two side rules, the area property and the class it is read on."""

    sides: tuple[Side, Side]
    area: URIRef
    on: URIRef


def pairs(prepared: Prepared) -> tuple[Sides, ...]:
    """Every ``dl:SidesOfArea`` of the law whose two rules are maxima on one property each."""
    def read() -> tuple[Sides, ...]:
        law = prepared.knowledge
        out: list[Sides] = []
        for node in sorted(law.subjects(RDF.type, DL.SidesOfArea), key=str):
            head, area, on = (law.value(node, DL.sideRules), law.value(node, DL.areaProperty),
                              law.value(node, DL.areaOn))
            if head is None or not isinstance(area, URIRef) or not isinstance(on, URIRef):
                continue
            sides: list[Side] = []
            for rule in Collection(law, head):
                info = prepared.rules.get(rule) if isinstance(rule, URIRef) else None
                comparison = law.value(rule, DL.comparison)
                if info is None or len(info.constrains) != 1 or comparison not in INCLUSIVE:
                    break
                sides.append(Side(info.iri, info.constrains[0], INCLUSIVE[comparison]))
            if len(sides) == 2:
                out.append(Sides((sides[0], sides[1]), area, on))
        return tuple(out)
    return prepared.law_memo("sides.pairs", read)


def numbers(data: Graph, node: Node, prop: URIRef) -> list[Decimal]:
    """The numbers of ``node``'s ``prop`` (canonical units, stated or drawn)."""
    out = []
    for value in data.objects(node, prop):
        number = data.value(value, QUDT.numericValue)
        if number is not None:
            out.append(Decimal(str(number.toPython())))
    return out


def limit_of(data: Graph, prepared: Prepared, node: Node, side: Side) -> Decimal | None:
    """The side rule's limit on ``node``: its fixed one, else the one derive computed there, else
    the one its expression gives there; where an operand is unstated, the laxest it can give
    (None where that is unbounded)."""
    fixed = fixed_limit(prepared, side.rule, side.prop)
    if fixed is not None:
        return fixed
    for limit in data.objects(node, DL.computedLimitValue):
        if data.value(limit, DL.rule) == side.rule:
            number = data.value(limit, QUDT.numericValue)
            return Decimal(str(number.toPython())) if number is not None else None
    expression = prepared.knowledge.value(side.rule, DL.limitExpression)
    if expression is None:  # (derive computes a limit only where the side is stated)
        return None
    evaluator = Evaluator(prepared.knowledge, data, prepared.units)
    try:  # the limit derive would compute were the side stated (the stricter, as there)
        return evaluator.stricter(expression, node, evaluator.evaluate(expression, node),
                                  True)[0]
    except MissingOperand:
        # an operand unstated (a boathouse's slips): the laxest limit the expression can give
        # (Bounds: either branch of a condition), so an area past even that is cited whatever
        # the operand, and a figure within it is asked as before (blind review 137 F5: a
        # boathouse 30 ft wide stating 1,300 square feet and no slips, at least 43.3 ft long
        # where 40 is the limit for one slip and two, was asked its slips)
        return Bounds(evaluator).interval(expression, node)[1]


def past(value: Decimal, limit: Decimal, inclusive: bool) -> bool:
    return value > limit if inclusive else value >= limit


def reached(data: Graph, prepared: Prepared, jid: str, rule: URIRef) -> set[Node]:
    """The nodes the rule's compiled shapes were run on (their focus markers)."""
    def read() -> dict[Node, frozenset[URIRef]]:
        compiled = prepared.compiled(jid)
        out: dict[Node, set[URIRef]] = {}
        for s, r in compiled.shape_rule.items():
            out.setdefault(r, set()).add(focus_marker(compiled.top_shape.get(s, s)))
        return {r: frozenset(m) for r, m in out.items()}
    markers = prepared.memo(("sides.markers", jid), read).get(rule, frozenset())
    return {n for marker in markers for n in data.subjects(RDF.type, marker)}


def over_sides(data: Graph, prepared: Prepared, jid: str, results: list[Result],
               needed: list[InfoNeeded]) -> tuple[list[Result], list[InfoNeeded]]:
    """The results with each pair's area finding added (module docstring), and the questions
    for the sides it decides dropped."""
    found = pairs(prepared)
    if not found:
        return results, needed
    units = prepared.units
    cited = {(r.focus_node, r.rule) for r in results if r.severity == "Violation"}
    added: list[Result] = []
    for pair in found:
        first, second = pair.sides
        nodes = reached(data, prepared, jid, first.rule) & reached(data, prepared, jid,
                                                                   second.rule)
        area_unit = units.canonical_of_property.get(pair.area)
        for node in sorted(nodes, key=str):
            areas = numbers(data, node, pair.area)
            if (node, RDF.type, pair.on) not in data or not areas or area_unit is None:
                continue
            # (two values, stated and drawn, are held at the stricter, the larger, whether they
            # disagree, a dl:Discrepancy, or agree within the drawing's tolerance: blind review
            # 139 F2, a landing drawn 8 x 8 ft stating 70 square feet had no finding; review
            # 140 F1, a boathouse drawn 34 x 40 ft stating 1,365 conformed)
            area = max(areas)
            limits = [limit_of(data, prepared, node, s) for s in pair.sides]
            figures = [numbers(data, node, s.prop) for s in pair.sides]
            if None in limits:
                continue
            shown = units.describe(area, area_unit)
            contradicted: list[Result] | None = None
            if all(figures):
                contradicted = contradiction(data, prepared, jid, units, node, pair, area,
                                             figures)
                if not contradicted:
                    continue  # (the figures decide)
                added.extend(contradicted)
            product = limits[0] * limits[1]  # type: ignore[operator]
            if (contradicted is not None or not any(figures)) and \
                    past(area, product, first.inclusive and second.inclusive):
                message = (
                    f"The stated {curie(pair.area)}, {shown}, is more than a figure within "
                    f"both limits covers ({describe(units, limits[0], first)} by "
                    f"{describe(units, limits[1], second)}: at most "
                    f"{units.describe(product, area_unit)}): its {curie(first.prop)} or its "
                    f"{curie(second.prop)} is over the limit, whatever the figures, so "
                    "neither is asked (one finding on the two limits together)." + (
                        " The stated figures, which cover less than that area, do not make it "
                        "conform: the three cannot all be true, and the stricter reading, the "
                        "area true, is held (dl:Discrepancy)." if contradicted is not None
                        else ""))
                for side in pair.sides:
                    added.append(result(data, prepared, jid, node, side, message, pair.area, shown))
                continue
            if not any(figures):
                continue
            # one side stated: the other is at least the area over it; both stated and the area
            # more than they cover: each side is at least the area over the other (stricter)
            for known in ((0, 1) if contradicted is not None else (0 if figures[0] else 1,)):
                other = 1 - known
                side, limit = pair.sides[other], limits[other]
                given = max(figures[known])
                if given <= 0 or (node_name(node), str(side.rule)) in cited:
                    continue
                bound = area / given
                if not past(bound, limit, side.inclusive):  # type: ignore[arg-type]
                    continue
                given_unit = units.canonical_of_property.get(pair.sides[known].prop)
                side_unit = units.canonical_of_property.get(side.prop)
                if given_unit is None or side_unit is None:
                    continue
                floor = bound.quantize(Decimal("0.01"), rounding=ROUND_FLOOR)
                at_least = units.describe(floor, side_unit)
                opening = (f"{curie(side.prop)} is "
                           f"{units.describe(max(figures[other]), side_unit)}, which the "
                           "stated area contradicts (dl:Discrepancy); read with the area "
                           f"true it is at least {at_least}" if contradicted is not None else
                           f"{curie(side.prop)} is not stated, but is at least {at_least}")
                message = (
                    f"{opening}: the stated {curie(pair.area)}, {shown}, over the stated "
                    f"{curie(pair.sides[known].prop)}, {units.describe(given, given_unit)} (a "
                    "figure covers no more than its width by its length), which is over the "
                    f"limit of {describe(units, limit, side)}.")  # type: ignore[arg-type]
                added.append(result(data, prepared, jid, node, side, message, side.prop,
                                    f"at least {at_least}"))
    if not added:
        return results, needed
    decided = {(r.focus_node, r.rule) for r in added if r.severity == "Violation"}
    kept = [n for n in needed if (n.focus_node, n.rule) not in decided]
    return [*results, *added], kept


def contradiction(data: Graph, prepared: Prepared, jid: str, units: Units, node: Node,
                  pair: Sides, area: Decimal, figures: list[list[Decimal]]) -> list[Result]:
    """Where the node states both sides and an area more than they cover (a figure covers no
    more than its width by its length): a dl:Discrepancy naming the three figures (written on
    ``data``, the report's Warnings returned, merged per pair by ``one_per_disagreement``). None
    where they agree, or where a drawing askew to the shore bounds the sides (two readings).
    Drawn sides weigh as stated ones (blind review 139 F2: a landing drawn 6 x 8 ft stating 60
    square feet conformed, its length at least 10 ft with the area true).
    Why: a landing stated 6 x 8 ft and 70 square feet conformed with no Discrepancy, the figures
    deciding though they cannot be true (blind review 137 F1)."""
    sides = {s.prop for s in pair.sides}
    if any((n, RDF.type, DL.UpperBoundTotal) in data and data.value(n, DL.property) in sides
           for n in data.subjects(DL.focus, node)):
        return []  # (a drawing askew to the shore: its two readings of the sides are bounded)
    widest = [max(f) for f in figures]
    covered = widest[0] * widest[1]
    if area <= covered:
        return []
    area_unit = units.canonical_of_property.get(pair.area)
    side_units = [units.canonical_of_property.get(s.prop) for s in pair.sides]
    if area_unit is None or None in side_units:
        return []
    first, second = pair.sides
    text = (f"the stated {curie(pair.area)}, {units.describe(area, area_unit)}, is more than "
            f"the {curie(first.prop)} by {curie(second.prop)} (stated or drawn) cover "
            f"({units.describe(widest[0], side_units[0])} by "
            f"{units.describe(widest[1], side_units[1])}: "
            f"{units.describe(covered, area_unit)}): the three figures cannot all be true. "
            "The stricter reading, the area true, is held against the limits on both.")
    note = BNode()
    data.add((note, RDF.type, DL.Discrepancy))
    data.add((note, DL.focus, node))
    data.add((note, DL.property, pair.area))
    for prop in (pair.area, first.prop, second.prop):
        for value in data.objects(node, prop):
            data.add((note, DL.declaredValue, value))
    data.add((note, RDFS.comment, Literal(text)))
    out = []
    for side in pair.sides:  # (one Warning per rule, merged into one naming both)
        rule = prepared.rules.get(side.rule)
        section, section_iri, section_text = section_fields(prepared, rule)
        relief, authority, relief_note, iris, basis = relief_of(prepared, rule, data)
        out.append(warning := Result(
            section=section, section_iri=section_iri, section_text=section_text,
            severity="Warning", message=f"Discrepancy: {text}", focus_node=node_name(node),
            path=curie(pair.area), value=None, relief=relief, relief_authority=authority,
            relief_note=relief_note, rule=str(side.rule), component="dl:Discrepancy",
            relief_iris=iris))
        warning.set_basis(basis)
    return out


def describe(units: Units, limit: Decimal | None, side: Side) -> str:
    """A side's limit in its property's canonical unit ('8 feet')."""
    unit = units.canonical_of_property.get(side.prop)
    return units.describe(limit, unit) if unit is not None and limit is not None \
        else str(limit)


def result(data: Graph, prepared: Prepared, jid: str, node: Node, side: Side, message: str,
           path: URIRef, value: str) -> Result:
    """A Violation of the side rule on the node, cited as ``cite`` cites a rule."""
    return violation(data, prepared, jid, node, side.rule, message, path, value, COMPONENT)


def violation(data: Graph, prepared: Prepared, jid: str, node: Node, rule_iri: URIRef,
              message: str, path: URIRef, value: str, component: str) -> Result:
    """A Violation of ``rule_iri`` on the node found by ``component`` (a joint finding merged
    per rule by ``cite.one_per_disagreement``), cited as ``cite`` cites a rule, with the rule's
    top shape whose focus the node is (the accounting counts it broken)."""
    rule = prepared.rules.get(rule_iri)
    section, section_iri, text = section_fields(prepared, rule)
    relief, authority, note, iris, basis = relief_of(prepared, rule, data, node)
    out = Result(section=section, section_iri=section_iri, section_text=text,
                 severity="Violation", message=message, focus_node=node_name(node),
                 path=curie(path), value=value, relief=relief, relief_authority=authority,
                 relief_note=note, rule=str(rule_iri),
                 shape=shape_of(prepared, jid, rule_iri, data, node),
                 discretionary=bool(rule.discretionary) if rule else False,
                 component=component, relief_iris=iris)
    out.set_basis(basis)
    return out


def shape_of(prepared: Prepared, jid: str, rule: URIRef, data: Graph, node: Node) -> str | None:
    """The rule's top shape whose focus the node is (the accounting counts results by it)."""
    compiled = prepared.compiled(jid)
    for s, r in sorted(compiled.shape_rule.items(), key=lambda x: str(x[0])):
        top = compiled.top_shape.get(s, s)
        if r == rule and (node, RDF.type, focus_marker(top)) in data:
            return str(top)
    return None
