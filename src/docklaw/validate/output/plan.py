"""Assemble a plan from the report: its geometry record, its figures, the limits it drew.

Why separate from the drawing: what to show (which band, which failing dimension, which label)
is a question about the law and the report; how to draw it is plan_svg.py's business. Like
every rendering, it reads the report value only: the limits to draw were found with the
findings (``findings.drawn``) and travel in the report (``drawn_limits``).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import PurePath
from typing import TYPE_CHECKING

from rdflib import URIRef
from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry

from docklaw.geometry.record import Feature, GeometryRecord
from docklaw.law.units import display_number
from docklaw.validate.findings.drawn import BAND_PROPS, EXTENT_PROPS
from docklaw.validate.findings.measurements import short_name
from docklaw.validate.output.plan_svg import (
    Dimension,
    PlanInput,
    band_along,
    nearest_segment,
    render,
)

if TYPE_CHECKING:
    from docklaw.validate.output.report import Report

#: Which constructed lines each measured distance is taken from (record feature kinds).
MEASURED_FROM = {
    "dl:sideSetback": ("same-axis", "right-angle"),
    "dl:sideSetbackSameAxis": ("same-axis",),
    "dl:sideSetbackRightAngle": ("right-angle",),
    "dl:setbackFromWaterRightsLine": ("riparian",),
    "dl:setbackFromFacilityAreaLine": ("riparian",),
    "dl:distanceToChannel": ("channel",),
    "dl:setbackFromOutlet": ("outlet",),
    "dl:separationFromOtherDock": ("structure",),
}
#: Extents measured from a shore line (the farthest point of the footprint).
EXTENT_FROM = {"dl:length": "mhw", "dl:farthestExtentFromMHW": "mhw", "dl:lengthFromMLW": "mlw"}
VERDICT_WORDS = {"conforms": "conforms", "violates": "does not conform",
                 "incomplete": "incomplete (information needed to decide)"}


def plan_input(report: Report, record: GeometryRecord) -> PlanInput:
    jid = report.jurisdiction
    # the report's three outcomes, worded as the report words them (never "does not
    # conform" for an application that is only incomplete)
    verdict = VERDICT_WORDS.get(report.status, report.status)
    sections = sorted({r.section for r in report.results
                       if r.severity == "Violation" and r.section})
    inp = PlanInput(
        record=record,
        title=f"Plan: {_clip(PurePath(report.name).name, 70)}: {verdict}",
        status=report.status,
        subtitle=(f"{jid}: {verdict}. Feet, grid north up; drawn from the geometry the rules "
                  "measured."),
        sections=sections,
    )
    for f in record.of_kind("structure", "boat"):
        inp.labels[f.name] = short_name(f.name)
    water = next((f.geom for f in record.of_kind("water")), None)
    seen: set[tuple[str, str, Decimal]] = set()
    for f in record.of_kind("structure", "boat"):
        for limit in report.drawn_limits.get(f.name, ()):
            key = (limit.prop, limit.kind, limit.value)
            if key in seen or limit.value <= 0:
                continue
            seen.add(key)
            text = f"{limit.section or ''} {display_number(limit.value)} ft".strip()
            if limit.prop in BAND_PROPS and limit.kind == "min":
                for line in lines_for(record, short(limit.prop)):
                    inp.bands.append((band_along(line.geom, float(limit.value), water), text))
            elif limit.prop in EXTENT_PROPS and limit.kind == "max":
                shore = record.of_kind(EXTENT_FROM[short(limit.prop)])
                if shore:
                    inp.extents.append((offset_line(shore[0].geom, float(limit.value), water),
                                        text))
    inp.dimensions = dimensions(report, record)
    return inp


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short(prop: URIRef) -> str:
    return "dl:" + str(prop).rsplit("#", 1)[-1]


def lines_for(record: GeometryRecord, prop: str) -> list[Feature]:
    """The lines a distance was measured from; dl:sideSetback from the code's own extensions."""
    if prop == "dl:sideSetback":
        return record.of_kind(*record.side_constructions)
    return record.of_kind(*MEASURED_FROM.get(prop, ()))


def offset_line(shore: BaseGeometry, distance: float, water: BaseGeometry | None) -> BaseGeometry:
    """The line ``distance`` from the shore on the water side ("a line which is 65 feet from the
    mean high water mark")."""
    ring = shore.buffer(distance, cap_style="flat").boundary
    return ring.intersection(water) if water is not None else ring


def dimensions(report: Report, record: GeometryRecord) -> list[Dimension]:
    """A red dimension for every failing figure with a drawn structure; grey ones for the
    setbacks that hold (a board sees how close they are)."""
    out: list[Dimension] = []
    failing: set[tuple[str, str]] = set()
    for v in report.variances:
        dim = dimension_for(record, v.focus_node, v.property,
                            f"{v.section}: {v.value_shown} (limit {v.limit_shown})")
        if dim is not None:
            out.append(dim)
            failing.add((v.focus_node, v.property))
    for m in report.measurements:
        if m.source != "derived" or m.property not in MEASURED_FROM or (
                (m.node, m.property) in failing) or m.property == "dl:separationFromOtherDock":
            continue
        if m.property in ("dl:sideSetbackSameAxis", "dl:sideSetbackRightAngle"):
            continue  # the governing dl:sideSetback is drawn
        dim = dimension_for(record, m.node, m.property, f"{m.label}: {m.shown}")
        if dim is not None:
            dim.failing = False
            out.append(dim)
    return out


def dimension_for(record: GeometryRecord, node: str, prop: str, label: str) -> Dimension | None:
    feature = next(iter(record.named(node, "structure", "boat")), None)
    if feature is None:
        return None
    geom = feature.geom
    wet = next((f.geom for f in record.of_kind("water")), None)
    part = geom.intersection(wet) if wet is not None and geom.intersects(wet) else geom
    if prop in MEASURED_FROM:
        targets = [f.geom for f in lines_for(record, prop) if f.name != node]
        if not targets:
            return None
        target = min(targets, key=part.distance)
        a, b = nearest_segment(part, target)
        return Dimension(a, b, label)
    if prop in EXTENT_FROM:
        shore = record.of_kind(EXTENT_FROM[prop])
        if not shore:
            return None
        line = shore[0].geom
        far = max((Point(c) for g in _rings(geom) for c in g.coords), key=line.distance)
        a, b = nearest_segment(far, line)
        return Dimension(a, b, label)
    c = geom.representative_point()  # no drawn construction: label the structure
    return Dimension((c.x, c.y), (c.x, c.y), label)


def _rings(geom: BaseGeometry) -> list[LineString]:
    if hasattr(geom, "geoms"):
        return [r for g in geom.geoms for r in _rings(g)]
    return [geom.exterior] if hasattr(geom, "exterior") else [geom]


def plan_svg(report: Report) -> str | None:
    """The SVG plan, or None when the application draws nothing to plan."""
    record = report.geometry
    if record is None or record.empty:
        return None
    return render(plan_input(report, record))
