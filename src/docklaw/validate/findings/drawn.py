"""The limits a plan draws as bands and lines, read from the compiled shapes that targeted a node.

Why here and not typed in: a setback band's width is a legal limit, so it comes from the same
place the check took it (the compiler's filled-in parameter, or derive's computed limit for the
node), and only from shapes whose target included that node (a seasonal dock is not drawn with a
permanent dock's setback).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from rdflib import Graph, URIRef
from rdflib.namespace import RDF, SH
from rdflib.term import Node

from docklaw.law.compile import focus_marker
from docklaw.law.prepare import Prepared
from docklaw.law.units import to_decimal
from docklaw.namespaces import DL, QUDT
from docklaw.validate.findings.excess import path_steps
from docklaw.validate.values import node_of

if TYPE_CHECKING:
    from docklaw.geometry.record import GeometryRecord

#: The limits a plan draws: bands along the lines setbacks are measured from ...
BAND_PROPS = (DL.sideSetback, DL.setbackFromWaterRightsLine, DL.setbackFromFacilityAreaLine,
              DL.distanceToChannel, DL.setbackFromOutlet)
#: ... and the farthest extents allowed from a shore.
EXTENT_PROPS = (DL.length, DL.farthestExtentFromMHW, DL.lengthFromMLW)
#: Distances a structure must keep (a band of this width along the line measured from).
MINIMUM = (SH.minInclusive, SH.minExclusive)
#: Extents a structure may not pass (a line this far from the shore).
MAXIMUM = (SH.maxInclusive, SH.maxExclusive)


@dataclass(frozen=True)
class DrawnLimit:
    prop: URIRef
    value: Decimal
    kind: str          # "min" (keep at least) or "max" (reach at most)
    section: str | None
    shape: str


def node_limits(derived: Graph, prepared: Prepared, jid: str, node: Node,
                props: tuple[URIRef, ...]) -> list[DrawnLimit]:
    """Every numeric limit on ``props`` of a shape that targeted ``node``."""
    compiled = prepared.compiled(jid)
    out: list[DrawnLimit] = []
    types = set(derived.objects(node, RDF.type))
    targeted = [s for s in compiled.targets if focus_marker(s) in types]
    found: list[tuple[Node, Node, URIRef, Decimal | None]] = []
    for shape in targeted:
        found += [(shape, inner, param, value)
                  for inner, param, value in _parameters(compiled.graph, shape)]
    for c in compiled.computed:
        top = compiled.top_shape.get(c.shape, c.shape)
        if top in targeted:
            found.append((top, c.shape, c.parameter, _computed(derived, node, c.rule)))
    for shape, inner, param, value in found:
        path = compiled.graph.value(inner, SH.path)
        steps = [s for s in path_steps(compiled.graph, path) if s != QUDT.numericValue] \
            if path is not None else []
        if value is None or len(steps) != 1 or steps[0] not in props:
            continue
        rule = prepared.rules.get(compiled.shape_rule.get(shape))
        section = prepared.sections.get(rule.section) if rule and rule.section else None
        kind = "min" if param in MINIMUM else "max"
        out.append(DrawnLimit(steps[0], value, kind, section.citation if section else None,
                              str(shape)))
    return out


def drawn_limits(record: GeometryRecord | None, derived: Graph, prepared: Prepared,
                 jid: str) -> dict[str, list[DrawnLimit]]:
    """Every drawn structure's (or boat's) limits the plan shows (``BAND_PROPS``,
    ``EXTENT_PROPS``), by its name in the report; none when nothing is drawn."""
    if record is None or record.empty:
        return {}
    return {f.name: node_limits(derived, prepared, jid, node_of(f.name),
                                BAND_PROPS + EXTENT_PROPS)
            for f in record.of_kind("structure", "boat")}


def _parameters(g: Graph, shape: Node) -> list[tuple[Node, URIRef, Decimal | None]]:
    """(shape or nested property shape, parameter, filled-in value) of a compiled shape."""
    found, todo, seen = [], [shape], set()
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        for param in (*MINIMUM, *MAXIMUM):
            value = g.value(node, param)
            if value is not None:
                found.append((node, param, to_decimal(value)))
        todo.extend(g.objects(node, SH.property))
    return found


def _computed(derived: Graph, node: Node, rule: URIRef) -> Decimal | None:
    for cl in derived.objects(node, DL.computedLimitValue):
        if derived.value(cl, DL.rule) == rule:
            return to_decimal(derived.value(cl, QUDT.numericValue))
    return None
