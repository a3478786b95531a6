"""Lines drawn over the water from a parcel's lot lines: side-line extensions and riparian lines.

Two constructions from the codes, built exactly as written:

* North Haven § 56-3A: "the adjacent property line extended into the water on the same axis as
  the property line runs onshore where it meets the water, or at a right angle to the mean high
  water mark" -> :func:`same_axis_extension`, :func:`right_angle_extension`.
* Jerusalem § 160-122C(1)(a)-(d) water rights lines and South Bristol § 73-7A(1)-(4) facility area
  lines: the four points where the mean high water mark meets the lot lines of the parcel and its
  two neighbours; the tie lines joining them; at each of the parcel's two points the waterside
  angle between the two tie lines; its bisector projected over the water -> :func:`riparian_lines`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import substring
from shapely.validation import make_valid

from docklaw.errors import InputError
from docklaw.geometry.shore import Shore, Vector, sample_points, unit


@dataclass
class MhwPoint:
    """Where a lot line meets the mean high water line."""

    point: Point
    station: float  # distance along the shoreline
    lot_line: LineString
    node: str


def meet(shore: Shore, lot_line: LineString, node: str) -> MhwPoint:
    """The single point where a lot line crosses the mean high water line."""
    hit = lot_line.intersection(shore.line)
    if hit.is_empty:
        raise InputError(
            "lot line does not reach the mean high water line; draw it from upland "
            "across the mean high water mark",
            node=node,
        )
    if hit.geom_type != "Point":
        raise InputError(
            f"lot line meets the mean high water line {hit.geom_type} (it must cross it once)",
            node=node,
        )
    return MhwPoint(hit, shore.line.project(hit), lot_line, node)


def ray(p: Point, d: Vector, length: float) -> LineString:
    return LineString([(p.x, p.y), (p.x + length * d[0], p.y + length * d[1])])


def halves(shore: Shore, m: MhwPoint, wet: bool) -> list[LineString]:
    """The lot line's parts on either side of its mean high water point that lie over the
    water (``wet``) or onshore (not ``wet``), each from its far end to the point or back."""
    s = m.lot_line.project(m.point)
    both = [substring(m.lot_line, 0, s), substring(m.lot_line, s, m.lot_line.length)]
    return [h for h in both
            if h.length > 1e-9 and shore.water.covers(h.interpolate(0.5, normalized=True)) == wet]


def water_part(shore: Shore, m: MhwPoint) -> LineString | None:
    """The lot line as drawn over the water past its mean high water point (None: it stops
    there)."""
    wet = halves(shore, m, True)
    return wet[0] if wet else None


def onshore_part(shore: Shore, m: MhwPoint) -> LineString | None:
    """The lot line as drawn onshore, from its upland end to its mean high water point (None:
    it is drawn from the water)."""
    dry = halves(shore, m, False)
    return dry[0] if dry else None


def off_axis(part: LineString, axis: LineString) -> float:
    """How far a drawn line strays from ``axis`` at most (0: drawn along it)."""
    return max(Point(c).distance(axis) for c in part.coords)


def same_axis_extension(shore: Shore, m: MhwPoint, length: float) -> LineString:
    """The lot line continued over the water along the direction of its last onshore segment."""
    onshore = halves(shore, m, False)
    if not onshore:
        raise InputError(
            "lot line has no onshore part, so the axis on which it runs onshore is unknown",
            node=m.node,
        )
    coords = list(onshore[0].coords)
    # the vertex of the onshore half next to the meeting point (its far end is the upland end)
    inland = coords[-2] if math.dist(coords[-1], (m.point.x, m.point.y)) < 1e-9 else coords[1]
    d = unit((m.point.x - inland[0], m.point.y - inland[1]))
    return ray(m.point, d, length)


def right_angle_extension(shore: Shore, m: MhwPoint, length: float) -> LineString:
    """A line from the meeting point at a right angle to the mean high water mark, over the
    water.
    """
    return ray(m.point, shore.normal_at(m.point), length)


def side_clearance(part: BaseGeometry, line: LineString, inside: Point, step: float) -> float:
    """Clearance of part from line, positive on the parcel's side (where ``inside`` lies).

    Negative (minus how far it reaches across) when part crosses to the other side.
    """
    (x0, y0), (x1, y1) = line.coords[0], line.coords[-1]
    d = unit((x1 - x0, y1 - y0))
    ref = d[0] * (inside.y - y0) - d[1] * (inside.x - x0)
    if abs(ref) < 1e-9:
        raise ValueError("reference point on the line")
    pts = sample_points(part, step)
    cross = (d[0] * (pts[:, 1] - y0) - d[1] * (pts[:, 0] - x0)) * math.copysign(1.0, ref)
    if (cross < 0).any():
        return -float(-cross.min())
    return float(part.distance(line))


def line_clearance(part: BaseGeometry, extension: LineString, onshore: LineString | None,
                   inside: Point, step: float) -> tuple[float, float]:
    """(clearance of part from the property line extended, from the extension alone).

    The property line extended is the line together with its extension (North Haven § 56-3A
    "within 40 feet from the adjacent property line extended into the water"; Kings Point
    Standards C "a side property line or its seaward extension"): the nearer of the drawn
    onshore line and the extension (:func:`side_clearance`, signed) decides. Why: a dock in the
    water 38.07 ft from a lot line running onshore toward it was measured from the extension
    alone, which leans away from it, at 41 ft and conformed to § 56-3A (blind review 142 F2)."""
    alone = side_clearance(part, extension, inside, step)
    if onshore is None:
        return alone, alone
    return min(alone, float(part.distance(onshore))), alone


@dataclass
class Riparian:
    """A parcel's two riparian lines, the area between them, and what was found building them."""

    points: list[MhwPoint]  # neighbour, parcel, parcel, neighbour along the shore
    lines: list[LineString]  # from the parcel's first and second point
    angles: list[float]  # the bisected waterside angles, degrees
    area: Polygon
    intersection_lengths: list[float] | None = None
    notes: list[str] = field(default_factory=list)


def _bisector(shore: Shore, p: Point, a: Point, b: Point) -> tuple[Vector, float]:
    """Unit bisector of the waterside angle at p between tie lines p-a and p-b, and that angle."""
    va = unit((a.x - p.x, a.y - p.y))
    vb = unit((b.x - p.x, b.y - p.y))
    inner = math.degrees(math.acos(max(-1.0, min(1.0, va[0] * vb[0] + va[1] * vb[1]))))
    s = (va[0] + vb[0], va[1] + vb[1])
    d = unit(s) if math.hypot(*s) > 1e-9 else (-va[1], va[0])  # straight: perpendicular
    water_d = shore.seaward(p, d)
    # The bisector of the smaller (inner) angle points along va + vb; if the water lies the other
    # way, the waterside angle is the reflex one, 360 - inner, with the opposite bisector.
    angle = inner if water_d == d and math.hypot(*s) > 1e-9 else 360.0 - inner
    if math.hypot(*s) <= 1e-9:
        angle = 180.0
    return water_d, angle


def distinct_points(points: list[MhwPoint], parcel: str, tolerance: float = 1e-9) -> None:
    """Refuse lot lines meeting the mean high water line at one point: the tie lines between
    them have no direction, so neither the shoreline frontage nor a riparian line can be drawn
    (an input error naming both lines, not an internal one). Why: a parcel's east lot line
    and its neighbour's far lot line drawn on one line stopped the run with "internal error:
    ValueError: zero vector" (blind review 124 F7)."""
    for i, a in enumerate(points):
        for b in points[i + 1:]:
            if a.point.distance(b.point) <= tolerance:
                raise InputError(
                    f"the lot lines {a.node} and {b.node} meet the mean high water line at the "
                    f"same point ({a.point.x:.2f}, {a.point.y:.2f}): each of the parcel's lot "
                    "lines (dl:lotLine) and the neighbours' far lot lines (dl:neighbourLotLine) "
                    "must meet it at its own point",
                    node=parcel,
                )


def riparian_lines(
    shore: Shore, own: list[MhwPoint], neighbours: list[MhwPoint], length: float, parcel: str
) -> Riparian:
    """Build both riparian lines of a parcel by § 160-122C(1) / § 73-7A."""
    if len(own) != 2 or len(neighbours) != 2:
        raise InputError(
            f"riparian lines need the parcel's two lot lines (dl:lotLine, found {len(own)}) "
            f"and the two neighbours' far lot lines (dl:neighbourLotLine, found "
            f"{len(neighbours)})",
            node=parcel,
        )
    distinct_points([*own, *neighbours], parcel)
    ordered = sorted([*own, *neighbours], key=lambda m: m.station)
    if {id(ordered[1]), id(ordered[2])} != {id(own[0]), id(own[1])}:
        raise InputError(
            "along the mean high water line the neighbours' lot lines must lie on either "
            "side of the parcel's two lot lines",
            node=parcel,
        )
    n1, p1, p2, n2 = ordered
    d1, a1 = _bisector(shore, p1.point, n1.point, p2.point)
    d2, a2 = _bisector(shore, p2.point, p1.point, n2.point)
    r1, r2 = ray(p1.point, d1, length), ray(p2.point, d2, length)
    rip = Riparian(ordered, [r1, r2], [a1, a2], Polygon())
    cross = r1.intersection(r2)
    if not cross.is_empty and cross.geom_type == "Point":
        # "less than 200 feet long at the point of intersection" (§ 160-122C(2)): lines end there.
        r1 = LineString([r1.coords[0], (cross.x, cross.y)])
        r2 = LineString([r2.coords[0], (cross.x, cross.y)])
        rip.lines = [r1, r2]
        rip.intersection_lengths = [r1.length, r2.length]
    along = substring(shore.line, p1.station, p2.station)
    if rip.intersection_lengths is None:
        ring = [*along.coords, r2.coords[-1], r1.coords[-1]]
    else:
        ring = [*along.coords, r2.coords[-1]]
    area = Polygon(ring)
    if not area.is_valid:
        fixed = make_valid(area)
        polys = [g for g in getattr(fixed, "geoms", [fixed]) if g.geom_type == "Polygon"]
        area = max(polys, key=lambda g: g.area) if polys else Polygon()
        rip.notes.append(
            "the riparian lines cross the mean high water line between the parcel's lot "
            "lines; the area between them was repaired and should be checked by hand"
        )
    rip.area = area
    return rip


def riparian_setback(rip: Riparian, part: BaseGeometry, step: float) -> tuple[float, bool]:
    """(setback from the nearer riparian line, within the lines?); negative when outside."""
    within = rip.area.buffer(1e-6).covers(part)
    if within:
        return min(float(part.distance(line)) for line in rip.lines), True
    outside = shapely.distance(shapely.points(sample_points(part, step)), rip.area)
    return -float(np.max(outside)), False
