"""How far off each numeric violation is, and the nearest value that would conform.

Why: New York Village Law § 7-712-b(3) and Town Law § 267-b(3) make "whether the requested area
variance is substantial" a factor and require "the minimum variance necessary". A board weighs
those with two figures: how far the proposal exceeds (or falls short of) the limit, absolutely and
as a percentage of the limit, and the nearest value that would conform. This module computes
them from the same derived graph the shapes checked (the limit the compiler filled in, or the
computed limit derive wrote) and labels them as arithmetic, not legal advice. Which statute
applies is data (ontology/terms/variance.ttl, by kind of municipality).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal

from rdflib import Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.paths import Path
from rdflib.term import Node

from docklaw.law.compile import rdflib_path
from docklaw.law.monthday import describe as describe_day
from docklaw.law.monthday import month_day_properties
from docklaw.law.prepare import Prepared
from docklaw.law.units import curie, display_number, to_decimal
from docklaw.namespaces import DL, QUDT, RDF, SH, jurisdiction_iri
from docklaw.validate.derivation.derive import PAST_BOUND
from docklaw.validate.findings.cite import Result
from docklaw.validate.values import iri_of, node_of

ARITHMETIC_NOTE = (
    "Arithmetic, not legal advice: the excess over (or shortfall from) each numeric limit and the "
    "nearest value that would conform, for the board's own weighing of whether a requested area "
    "variance is substantial and what minimum variance is necessary ({statute})."
)
#: Constraint components -> (direction, inclusive). "max": the value may not exceed the limit.
COMPONENTS = {
    "sh:MaxInclusiveConstraintComponent": ("max", True),
    "sh:MaxExclusiveConstraintComponent": ("max", False),
    "sh:MinInclusiveConstraintComponent": ("min", True),
    "sh:MinExclusiveConstraintComponent": ("min", False),
}
PARAMETERS = {"maxInclusive": ("max", True), "maxExclusive": ("max", False),
              "minInclusive": ("min", True), "minExclusive": ("min", False),
              "maxCount": ("max", True), "minCount": ("min", True)}


@dataclass
class Variance:
    """The figures of one numeric violation (JSON: ``variances``, docs/reports.md)."""

    section: str | None
    section_iri: str | None
    focus_node: str
    property: str
    value: float
    limit: float
    unit: str | None
    direction: str          # "max": may not exceed; "min": must be at least
    inclusive: bool         # the limit itself conforms
    excess: float           # how far beyond the limit, in the unit (always >= 0)
    percent: float | None   # excess as a percentage of the limit (None for a zero limit)
    nearest: float          # the nearest conforming value at the reporting step
    relief: str | None
    relief_authority: str | None
    shape: str | None = None
    rule: str | None = None
    value_shown: str = ""
    limit_shown: str = ""
    excess_shown: str = ""
    percent_shown: str = ""
    nearest_shown: str = ""

    def to_json(self) -> dict[str, object]:
        keys = ("section", "section_iri", "focus_node", "property", "value", "limit", "unit",
                "direction", "inclusive", "excess", "percent", "nearest", "relief",
                "relief_authority", "shape", "rule")
        return {k: getattr(self, k) for k in keys}

    def text(self) -> str:
        side = "over" if self.direction == "max" else "short of"
        percent = f" ({self.percent_shown} of the limit)" if self.percent is not None else ""
        relief = self.relief or (  # an authority without a class: a variance, unclassed
            "a variance, its class not stated" if self.relief_authority else "none stated")
        if self.relief_authority:
            relief += f", granted by {self.relief_authority}"
        return (f"{self.section or '(no section)'} on {self.focus_node}: {self.value_shown} is "
                f"{self.excess_shown} {side} the limit of {self.limit_shown}{percent}; nearest "
                f"conforming value {self.nearest_shown}; relief: {relief}")


def statute(prepared: Prepared, jid: str) -> str:
    """The area variance standard of the code's kind of municipality (data), else both."""
    law = prepared.knowledge
    found = [str(s) for kind in law.objects(jurisdiction_iri(jid), RDF.type)
             for s in law.objects(kind, DL.areaVarianceStandard)]
    return "; ".join(sorted(found)) or ("New York Village Law § 7-712-b(3); "
                                        "Town Law § 267-b(3)")


def note(prepared: Prepared, jid: str) -> str:
    return ARITHMETIC_NOTE.format(statute=statute(prepared, jid))


def step_of(unit: URIRef | None, integer: bool) -> Decimal:
    """The smallest step a figure is stated in: 1 for counts, else the reporting precision."""
    return Decimal(1) if integer or unit is None else Decimal("0.01")


def figures(value: Decimal, limit: Decimal, direction: str, inclusive: bool,
            step: Decimal) -> tuple[Decimal, Decimal | None, Decimal]:
    """(excess, percent of the limit, nearest conforming value) for one violating value.

    An exclusive limit ("less than 40 feet") is not itself conforming: the nearest conforming
    value is one step inside it. The excess is measured from the nearest conforming value's
    boundary, the limit, as the codes state it."""
    if direction == "max":
        excess = value - limit
        nearest = limit if inclusive else limit - step
    else:
        excess = limit - value
        nearest = limit if inclusive else limit + step
    if not inclusive and excess == 0:
        excess = step  # exactly at an exclusive limit: one step off
    percent = (excess / abs(limit) * 100) if limit != 0 else None
    return excess, percent, nearest


def violates(value: Decimal, limit: Decimal, direction: str, inclusive: bool) -> bool:
    if direction == "max":
        return value > limit or (not inclusive and value == limit)
    return value < limit or (not inclusive and value == limit)


def compute(results: list[Result], derived: Graph, prepared: Prepared,
            jid: str) -> list[Variance]:
    """One Variance per numeric Violation whose limit and value can be read."""
    out: list[Variance] = []
    compiled = prepared.compiled(jid)
    computed = {c.rule: c for c in compiled.computed}
    for r in results:
        if r.severity != "Violation" or not r.rule or not r.shape:
            continue
        rule = URIRef(r.rule)
        prop = iri_of(r.path) if r.path and not r.path.startswith("^") else None
        focus = node_of(r.focus_node)
        kind: tuple[str, bool] | None = COMPONENTS.get(r.component or "")
        limit: Decimal | None = None
        path: Node | None = None
        if rule in computed:
            kind = PARAMETERS.get(str(computed[rule].parameter).rsplit("#", 1)[-1])
            limit = computed_limit(derived, focus, rule)
            path = compiled.graph.value(computed[rule].shape, SH.path)
        elif kind is not None:
            limit, path = limit_of_result(compiled.graph, r)
        if kind is None or limit is None or path is None:
            continue
        steps = path_steps(compiled.graph, path)
        prop = next((p for p in reversed(steps) if p != QUDT.numericValue), prop)
        unit: URIRef | None = prepared.units.canonical_of_property.get(prop)
        direction, inclusive = kind
        values = numbers(derived, focus, rdflib_path(compiled.graph, path))
        bad = [v for v in values if violates(v, limit, direction, inclusive)]
        if not bad:
            continue
        value = max(bad) if direction == "max" else min(bad)
        try:
            integer = unit is None and all(v == v.to_integral_value() for v in values)
            excess, percent, nearest = figures(value, limit, direction, inclusive,
                                               step_of(unit, integer))
            percent = Decimal(repr(round(float(percent), 2))) if percent is not None and \
                math.isfinite(float(percent)) else None
        except ArithmeticError:  # beyond what decimal arithmetic holds: no figures
            continue
        # a total only known to be more than a bound at the limit (dl:lowerBoundExclusive, read
        # a step past it): over by an unknown amount, said so, never as a made-up figure
        unknown = excess <= PAST_BOUND
        if unknown:
            value, excess, percent = limit, Decimal(0), None
        if not all(math.isfinite(float(x)) for x in (value, limit, excess, nearest)):
            continue  # an absurd magnitude has no figures a board could use
        v = Variance(
            section=r.section, section_iri=r.section_iri, focus_node=r.focus_node,
            property=curie(prop) if prop is not None else (r.path or ""),
            value=float(value), limit=float(limit),
            unit=_curie(unit), direction=direction, inclusive=inclusive,
            excess=float(excess), percent=float(percent) if percent is not None else None,
            nearest=float(nearest), relief=r.relief or r.relief_note,
            relief_authority=r.relief_authority, shape=r.shape, rule=r.rule,
        )
        if prop in month_day_properties(prepared.ontology):
            v.unit = "unit:DAY"
            v.value_shown, v.limit_shown = describe_day(int(value)), describe_day(int(limit))
            v.nearest_shown = describe_day(int(nearest))
            v.excess_shown = f"{display_number(excess)} day(s)"
        else:
            v.value_shown = _shown(prepared, value, unit)
            v.limit_shown = _shown(prepared, limit, unit)
            v.excess_shown = _shown(prepared, excess, unit)
            v.nearest_shown = _shown(prepared, nearest, unit)
            if unknown:
                v.value_shown = f"more than {v.value_shown}"
                v.excess_shown = "an unknown amount (more than 0)"
        if not inclusive:
            v.limit_shown = ("less than " if direction == "max" else "more than ") + v.limit_shown
        v.percent_shown = f"{display_number(percent)} %" if percent is not None else "-"
        if not any(_same(v, o) for o in out):
            out.append(v)
    return out


def _shown(prepared: Prepared, value: Decimal, unit: URIRef | None) -> str:
    return prepared.units.describe(value, unit) if unit is not None else display_number(value)


def _same(a: Variance, b: Variance) -> bool:
    return (a.section, a.focus_node, a.property, a.limit) == (b.section, b.focus_node,
                                                              b.property, b.limit)


def limit_of_result(shapes: Graph, r: Result) -> tuple[Decimal | None, Node | None]:
    """The limit and path of the shape that produced the result: the nested property shape
    itself where a rule's node shape holds several (the dock's own extent and that of every
    part attached to it, Keuka § 160-123A(1)(b)[1]), else the one limit of the rule shape."""
    component = r.component or ""
    if r.source_shape is not None:
        limit, path = compiled_limit(shapes, r.source_shape, component)
        if limit is not None:
            return limit, path
    return compiled_limit(shapes, URIRef(r.shape or ""), component)


def compiled_limit(shapes: Graph, shape: Node,
                   component: str) -> tuple[Decimal | None, Node | None]:
    """The limit the compiler filled into the shape (the very number pyshacl compared with,
    month-days already as day-of-year numbers) and the path it applies to; (None, None) when
    the shape holds no single such limit."""
    name = component.removeprefix("sh:").removesuffix("ConstraintComponent")
    param = SH[name[0].lower() + name[1:]]
    todo, seen, found = [shape], set(), []
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        value = to_decimal(shapes.value(node, param))
        path = shapes.value(node, SH.path)
        if value is not None and path is not None:
            found.append((value, path))
        for nest in (SH.property, SH.node, SH["not"], SH.qualifiedValueShape):
            todo.extend(shapes.objects(node, nest))
    return found[0] if len(found) == 1 else (None, None)


def path_steps(shapes: Graph, path: Node) -> list[Node]:
    """The plain (forward) steps of a SHACL path, in order."""
    if isinstance(path, URIRef):
        return [path]
    if shapes.value(path, RDF.first) is not None:
        return [step for p in Collection(shapes, path) for step in path_steps(shapes, p)]
    return []


def computed_limit(derived: Graph, focus: Node, rule: URIRef) -> Decimal | None:
    for node in derived.objects(focus, DL.computedLimitValue):
        if derived.value(node, DL.rule) == rule:
            return to_decimal(derived.value(node, QUDT.numericValue))
    return None


def numbers(derived: Graph, focus: Node, path: URIRef | Path) -> list[Decimal]:
    """The numbers the shape's path reaches from the focus node (a QuantityValue's number)."""
    out = []
    for value in derived.objects(focus, path):  # type: ignore[arg-type]
        number = to_decimal(value) if isinstance(value, Literal) else to_decimal(
            derived.value(value, QUDT.numericValue))
        if number is not None:
            out.append(number)
    return out


def add_to_graph(g: Graph, report: Node, variances: list[Variance], note_text: str) -> None:
    """The figures in the Turtle report (dl:varianceFigures), terms in variance.ttl."""
    from rdflib import BNode
    from rdflib.namespace import XSD

    for v in variances:
        node = BNode()
        g.add((report, DL.varianceFigures, node))
        g.add((node, RDF.type, DL.VarianceFigures))
        g.add((node, DL.focus, node_of(v.focus_node)))
        if v.section_iri:
            g.add((node, DL.section, URIRef(v.section_iri)))
        g.add((node, DL.property, iri_of(v.property)))
        for prop, value in ((DL.measuredValue, v.value), (DL.limitValue, v.limit),
                            (DL.excess, v.excess), (DL.excessPercent, v.percent),
                            (DL.nearestConformingValue, v.nearest)):
            if value is not None:
                g.add((node, prop, Literal(Decimal(str(value)), datatype=XSD.decimal)))
        if v.unit:
            g.add((node, QUDT.unit, iri_of(v.unit)))
        g.add((node, DL.arithmeticNote, Literal(note_text)))


def text_lines(variances: list[Variance], note_text: str) -> list[str]:
    if not variances:
        return []
    lines = ["How far off, and what would conform:", f"  ({note_text})"]
    lines += [f"  {v.text()}" for v in variances]
    lines.append("")
    return lines


def _curie(unit: URIRef | None) -> str | None:
    return curie(unit) if unit is not None else None
