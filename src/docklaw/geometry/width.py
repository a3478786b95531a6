"""A structure's own width, where its code does not say how width is measured.

Only the Keuka and Canandaigua laws say it ("width is measured parallel to the mean high water
mark": ``[features] width_measure`` in their descriptions); elsewhere a dock's width is its own
narrow dimension, across its length (review 54: a 4-foot dock drawn at 45 degrees to the shore
measured 27.83 feet parallel to the mark). Kings Point Standards D(2)(b) says "no wider than
eight feet at any point": the width at a point is the cross-section there.

The construction (``dl:WidestCrossSection``, ontology/terms/geometry.ttl): each drawn piece is
cut by lines perpendicular to its long axis (the longer side of its minimum rotated rectangle),
and its width is the longest single cut. Between the positions of the polygon's vertices along
the axis every cut's length changes linearly, so the cuts are taken inside each such interval
and their lengths carried to its ends: a line exactly through a vertex (the joint of a dogleg,
where two 8-foot runs meet offset by 4 feet) is no cross-section of its own. A footprint of
straight legs askew to that axis (a dock bent or zigzagging) is measured across each leg's own
course instead (``_leg_width``, blind review 147 F2), the mitre between two legs no
cross-section of its own.

Where every point of the deck lies in a straight member (or the joint between two), the head of
an L or a T included, each member's own narrow dimension is its width (``_leg_width``; blind
review 148 F5). Where the widest cut runs along a member lying across the axis and some deck lies
in no member, the drawing does not read one way: the member's own narrow dimension is a second
reading. ``Width.least`` is then the width under that reading, and the geometry stage says so
openly (the value read is bounded, never picked silently). A deck that widens (a flare, a taper)
is as wide as its widest cut under every reading (``_widening``; blind review 148 F3, F4), and
a width change too small to be a member (a bump, a step standing out less than it runs along
the deck) is part of the deck it is on (``_bump``; blind review 149 F3). Every reading is the
drawing's, taken on its own axes: the same footprint at any rotation reads the same.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

#: lengths closer than this are the same (feet)
TOLERANCE = 0.01


@dataclass(frozen=True)
class Width:
    widest: float  # the longest cross-section across the long axis
    least: float  # the width were each member lying across the axis measured on its own
    #: (parallel measure of a main walkway) the narrower reading leaves out a member lying along
    #: the mark (the head of a T), not only the water between pieces of one cut
    member_along: bool = False
    #: read member by member with a member lying across the long axis (the head of an L or T,
    #: ``_leg_width``): the footprint runs one course only where its members form a chain
    #: (``_chain``: an elbow, an L), not where they branch (a T)
    across: bool = False

    @property
    def one_reading(self) -> bool:
        return self.widest - self.least <= TOLERANCE


#: gaps and slivers narrower than this (feet) are closed before measuring: parts drawn apart and
#: joined again after a reprojection leave hairline slits between them (a T-head drawn in CRS84
#: read two cuts of 12 and 6 feet where the survey's one cut is 18)
CLOSE = 0.01


def closed(geom: BaseGeometry) -> BaseGeometry:
    """``geom`` with hairline gaps closed (a morphological closing by ``CLOSE``, square joins)."""
    if geom.is_empty:
        return geom
    return geom.buffer(CLOSE, join_style=2).buffer(-CLOSE, join_style=2)


def pieces(geom: BaseGeometry) -> list[Polygon]:
    geom = closed(geom)
    if isinstance(geom, Polygon):
        return [geom] if not geom.is_empty else []
    if isinstance(geom, MultiPolygon):
        return [p for p in geom.geoms if not p.is_empty]
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon) and not g.is_empty]


def long_axis(poly: Polygon) -> tuple[float, float]:
    """The unit direction of the longer side of the polygon's minimum rotated rectangle."""
    rect = poly.minimum_rotated_rectangle
    c = list(rect.exterior.coords) if isinstance(rect, Polygon) else list(rect.coords)
    if len(c) < 3:
        a, b = c[0], c[-1]
        d = (b[0] - a[0], b[1] - a[1])
    else:
        e1 = (c[1][0] - c[0][0], c[1][1] - c[0][1])
        e2 = (c[2][0] - c[1][0], c[2][1] - c[1][1])
        d = e1 if math.hypot(*e1) >= math.hypot(*e2) else e2
    n = math.hypot(*d) or 1.0
    return d[0] / n, d[1] / n


def _segments(geom: BaseGeometry, u: tuple[float, float], t: float, lo: float, hi: float
              ) -> list[tuple[float, float]]:
    """Where the line perpendicular to ``u`` at ``t`` crosses ``geom``: each segment's first and
    last position across (along the normal to ``u``), in order across."""
    nx, ny = -u[1], u[0]
    a = (t * u[0] + lo * nx, t * u[1] + lo * ny)
    b = (t * u[0] + hi * nx, t * u[1] + hi * ny)
    cut = geom.intersection(LineString([a, b]))
    out = []
    for g in getattr(cut, "geoms", [cut]):
        if g.geom_type != "LineString" or g.is_empty:
            continue
        across = [x * nx + y * ny for x, y in g.coords]
        out.append((min(across), max(across)))
    return sorted(out)


def _cuts(poly: BaseGeometry, u: tuple[float, float], t: float, lo: float, hi: float
          ) -> list[float]:
    """Lengths of the segments of the line perpendicular to ``u`` at ``t``, in order across."""
    return [b - a for a, b in _segments(poly, u, t, lo, hi)]


def _rings(geom: BaseGeometry) -> list[tuple[float, float]]:
    """Every vertex of the polygons of ``geom`` (exteriors and holes), as drawn."""
    polys = [geom] if isinstance(geom, Polygon) else [
        g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)]
    return [c for p in polys if not p.is_empty for r in (p.exterior, *p.interiors)
            for c in r.coords]


def _interval_cuts(geom: BaseGeometry, u: tuple[float, float], cuts,  # type: ignore[no-untyped-def]
                   ) -> Iterator[tuple[float, float, list, list]]:  # type: ignore[type-arg]
    """(a, b, the cut a third of the way in from a, from b) for each interval between the
    vertices' positions along ``u`` (a line exactly through a vertex is no cut of its own), the
    cut read as ``cuts`` reads it across the whole footprint."""
    coords = _rings(geom)
    if not coords:
        return
    along = sorted({round(x * u[0] + y * u[1], 9) for x, y in coords})
    across = [-x * u[1] + y * u[0] for x, y in coords]
    lo, hi = min(across) - 1.0, max(across) + 1.0
    for a, b in pairwise(along):
        step = (b - a) / 3
        if step > 1e-9:
            yield a, b, cuts(geom, u, a + step, lo, hi), cuts(geom, u, b - step, lo, hi)


def _profile(geom: BaseGeometry, u: tuple[float, float], cuts=_cuts,  # type: ignore[no-untyped-def]
             ) -> list[tuple[float, float, float, float]]:
    """(a, b, widest cut at a+, at b-) for each interval between vertex positions along u, a
    cut read as ``cuts`` reads it. Between the positions of the vertices each cut's length is
    linear, so the cuts are taken inside each interval and carried to its ends (a line exactly
    through a vertex is no cut of its own)."""
    out = []
    for a, b, first, second in _interval_cuts(geom, u, cuts):
        if not first or not second:
            continue
        if len(first) == len(second):  # each segment's length is linear on the interval
            at_a = max(max(0.0, 2 * f - s) for f, s in zip(first, second, strict=True))
            at_b = max(max(0.0, 2 * s - f) for f, s in zip(first, second, strict=True))
        else:  # (cannot happen between vertices; read the larger cut on both sides)
            at_a = at_b = max(first + second)
        out.append((a, b, at_a, at_b))
    return out


def _runs(profile: list[tuple[float, float, float, float]]
          ) -> list[tuple[float, int, int]]:
    """For each interval of ``profile``: (the narrower end's cut, first and last index of the
    run of intervals around it at least that wide, along the sweep)."""
    out = []
    for i, (_a, _b, wa, wb) in enumerate(profile):
        level = min(wa, wb)  # the narrower end: the reading below never exceeds the drawing
        j, k = i, i  # the run of intervals around i at least this wide, along the axis
        while j > 0 and profile[j - 1][1] >= profile[j][0] - 1e-9 \
                and min(profile[j - 1][2:]) >= level - TOLERANCE:
            j -= 1
        while k + 1 < len(profile) and profile[k + 1][0] <= profile[k][1] + 1e-9 \
                and min(profile[k + 1][2:]) >= level - TOLERANCE:
            k += 1
        out.append((level, j, k))
    return out


def _least(profile: list[tuple[float, float, float, float]], whole: bool = True) -> float:
    """The width were each member lying across the sweep (wider than it is long along it: the
    head of an L or T) measured by its own narrow dimension: over the intervals of ``profile``,
    the narrower end's cut, or the extent along the sweep of the run of intervals at least that
    wide where that is less. ``whole`` False (a main walkway's width): a run covering the whole
    profile is the structure itself, not a member across it (a platform along the shore keeps
    its cut), and a member across the sweep is left out, not measured by its depth: under that
    reading it is an appendage, not walkway, and the walkway's width is the stem's (review 61:
    a 6-foot stem under a head 10 feet deep read 10 feet). Where nothing else is left (every
    run a member), each is measured by its depth."""
    least = kept = 0.0
    for level, j, k in _runs(profile):
        extent = profile[k][1] - profile[j][0]
        if not whole and ((j == 0 and k == len(profile) - 1) or extent >= level - TOLERANCE):
            kept = max(kept, level)  # the structure itself, or a member no shallower than wide
        least = max(least, level if whole and _bump(profile, level, j, k) else min(level, extent))
    if whole:
        least = max(least, _widening(profile))
    return kept if not whole and kept > 0 else least


def _bump(profile: list[tuple[float, float, float, float]], level: float, j: int, k: int
          ) -> bool:
    """Whether the run of intervals ``j`` to ``k`` of ``profile``, ``level`` wide, is part of
    the deck beside it rather than a member lying across the sweep: what it stands out beyond
    the deck adjoining it (its cut less the wider adjoining cut) is shorter across the sweep
    than the run is along it (a bump, a thickening: 0.25 ft proud over 4 ft of a 4-ft dock),
    where a member lying across (the head of an L or T) stands out at least as far as it is
    deep (a square platform beside the deck keeps both readings).
    Why (blind review 149 F3, asked what the drawing decides): a 4-ft dock with a 0.25-ft bump
    4 ft long was asked its width "between 4 and 4.25" under North Haven § 56-2D, its bump
    taken for the head of an L or T; the deck is 4.25 ft wide across it."""
    beside = [profile[j - 1][3]] if j > 0 and profile[j - 1][1] >= profile[j][0] - 1e-9 else []
    if k + 1 < len(profile) and profile[k + 1][0] <= profile[k][1] + 1e-9:
        beside.append(profile[k + 1][2])
    return bool(beside) and level - max(beside) < profile[k][1] - profile[j][0] - TOLERANCE


def _widening(profile: list[tuple[float, float, float, float]]) -> float:
    """The widest cut the deck reaches by widening into it: over the intervals of ``profile``
    whose cut changes (a side drawn askew to the sweep), the wider end's cut where the deck
    goes on no wider past it over the next interval (a peak: the end of a flare, of a taper,
    the crest of a bump, the wide end of an angled dock short of its oblique end cut),
    unless the stretch of deck it lies in, from the drawn edge across the sweep where the cut
    steps (or the deck's end) to the next, is shallower along the sweep than that cut (a member
    lying across the sweep, drawn as a trapezoid: the head of a T read by ``_least``). A deck
    that widens is as wide as its widest cross-section under every reading: no member lying
    across the axis has that cut for its length (blind review 148 F3, false conforms: a 6-foot
    dock flaring over 6 feet to 10 at its end read 6 feet under North Hempstead § 42-9B(10);
    F4: a dock tapering from 6 to 12 feet was asked its width "between 6 and 12", its end
    taken for the head of an L or T). Blind review 149 F3: a peak the deck falls away from on
    both sides (a bump; an angled dock tapering from 3.94 to 4.27 ft, whose oblique end the
    cut sweeps off) was taken for a widening leading into a member and left to ``_least``."""
    found = 0.0
    n = len(profile)

    def joined(i: int) -> bool:  # interval i and i + 1 meet with one cut (no drawn step)
        return (profile[i + 1][0] <= profile[i][1] + 1e-9
                and abs(profile[i][3] - profile[i + 1][2]) <= TOLERANCE)

    for i, (_a, _b, wa, wb) in enumerate(profile):
        if abs(wa - wb) <= TOLERANCE:
            continue
        wide = max(wa, wb)
        beyond = i + 1 if wb > wa else i - 1  # the interval past the wider end
        if 0 <= beyond < n and min(beyond, i) + 1 == max(beyond, i) and joined(min(beyond, i)) \
                and min(profile[beyond][2:]) >= wide - TOLERANCE:
            continue  # the deck goes on at least as wide: the widening leads into a member
        j = k = i
        while j > 0 and joined(j - 1):
            j -= 1
        while k + 1 < n and joined(k):
            k += 1
        if profile[k][1] - profile[j][0] >= wide - TOLERANCE:
            found = max(found, wide)
    return found


def _members_along(profile: list[tuple[float, float, float, float]]
                   ) -> list[tuple[float, float]]:
    """The stretches along the sweep (from, to) of the members lying across it that a main
    walkway's width leaves out (``_least`` with ``whole`` False): runs shorter along the sweep
    than they are wide, not covering the whole profile."""
    out = []
    for level, j, k in _runs(profile):
        extent = profile[k][1] - profile[j][0]
        if not (j == 0 and k == len(profile) - 1) and extent < level - TOLERANCE:
            out.append((profile[j][0], profile[k][1]))
    return out


def _piece(poly: Polygon) -> Width:
    """The width of one drawn piece: its widest cut across its long axis, with the reading of a
    member lying across that axis (``_least``); a footprint of straight legs askew to the axis
    (bent, zigzagging) is measured across each leg's own course (``_leg_width``)."""
    u = long_axis(poly)
    profile = _profile(poly, u)
    if not profile:
        return Width(0.0, 0.0)
    widest = max(max(p[2], p[3]) for p in profile)
    least = _least(profile)
    legs = _leg_width(poly, u, widest - least <= TOLERANCE)
    # the legs are read where the cut across the axis reads one way, or where its narrower
    # reading is no narrower than the legs (a short run of oblique cuts at a joint, no member;
    # the head of an L or T, each member's own narrow dimension its width)
    if legs is not None and legs[0] < widest and (widest - least <= TOLERANCE
                                                  or legs[0] <= least + TOLERANCE):
        return Width(legs[0], legs[0], across=legs[1])
    if len(_directions(poly, u)) > MAX_COURSES:  # (a drawn curve: the legs are not read)
        least = min(least, _inscribed(poly))
    return Width(widest, min(least, widest))


def _inscribed(poly: Polygon) -> float:
    """A lower bound of a curved deck's width: the diameter of the largest circle inside
    ``poly`` (no cross-section where it stands is narrower), or, where less, the shortest cut
    perpendicular to an edge through its midpoint (a mitred joint of a curve drawn in short
    segments holds a circle a little wider than the deck across each segment's own course). A
    footprint with too many edge directions to read its legs (``MAX_COURSES``) is read between
    this and the oblique cut across its long axis, so a limit between them is asked, never
    cited. Why (blind review 152 F3, wrong violations): a 4-ft dock curved through 90 degrees
    in 3-degree segments read 5.8 ft and was cited under North Haven § 56-2D; an 8-ft one read
    9.27 under Kings Point Standards D(2)(b), a 6-ft one 6.2 under North Hempstead
    § 42-9B(10)."""
    found = 2 * shapely.maximum_inscribed_circle(poly, TOLERANCE / 10).length
    big = 2 * math.hypot(poly.bounds[2] - poly.bounds[0], poly.bounds[3] - poly.bounds[1])
    for ring in (poly.exterior, *poly.interiors):
        for (x0, y0), (x1, y1) in pairwise(ring.coords):
            d = math.hypot(x1 - x0, y1 - y0)
            if d <= 1e-9:
                continue
            mx, my, nx, ny = (x0 + x1) / 2, (y0 + y1) / 2, -(y1 - y0) / d, (x1 - x0) / d
            cut = poly.intersection(LineString([(mx - big * nx, my - big * ny),
                                                (mx + big * nx, my + big * ny)]))
            for g in getattr(cut, "geoms", [cut]):
                if g.geom_type == "LineString" and g.distance(Point(mx, my)) < 1e-6:
                    found = min(found, g.length)
    return found


#: a footprint with more distinct edge directions than this (a drawn curve of many short edges)
#: has no legs read: it is read between ``_inscribed`` and the cut across its long axis
MAX_COURSES = 24


def _directions(poly: Polygon, u: tuple[float, float]) -> list[tuple[float, float]]:
    """The long axis ``u`` and the direction of every edge of ``poly``, each once (within
    0.5 degree)."""
    found = [u]
    for r in (poly.exterior, *poly.interiors):
        c = list(r.coords)
        for (x0, y0), (x1, y1) in pairwise(c):
            d = math.hypot(x1 - x0, y1 - y0)
            v = ((x1 - x0) / d, (y1 - y0) / d) if d > 1e-9 else None
            if v is not None and all(abs(v[0] * w[1] - v[1] * w[0]) > math.sin(math.radians(0.5))
                                     for w in found):
                found.append(v)
    return found


def _strips(poly: Polygon, v: tuple[float, float]) -> list[tuple[Polygon, float]]:
    """The stretches of ``poly`` that are a member running along ``v``: between each two vertex
    positions along ``v``, each segment of the cut perpendicular to ``v`` whose two ends keep
    their place across ``v`` over the stretch (both sides of the member parallel to ``v``,
    within ``TOLERANCE``): (the rectangle it sweeps, the member's cross-section)."""
    return [(_rectangle(v, a, b, c0, c1), c1 - c0) for a, b, c0, c1 in _stretches(poly, v)]


def _stretches(poly: Polygon, v: tuple[float, float]
               ) -> Iterator[tuple[float, float, float, float]]:
    """(from, to along ``v``, first and last position across it) of each stretch of
    ``_strips``."""
    for a, b, first, second in _interval_cuts(poly, v, _segments):
        if len(first) != len(second):
            continue
        for (f0, f1), (s0, s1) in zip(first, second, strict=True):
            if abs(f0 - s0) > TOLERANCE / 2 or abs(f1 - s1) > TOLERANCE / 2:
                continue  # a side not along v: the cut is oblique to the member it crosses
            yield a, b, min(2 * f0 - s0, 2 * s0 - f0), max(2 * f1 - s1, 2 * s1 - f1)


def _rectangle(v: tuple[float, float], a: float, b: float, c0: float, c1: float) -> Polygon:
    """The rectangle from ``a`` to ``b`` along ``v`` and ``c0`` to ``c1`` across it."""
    nx, ny = -v[1], v[0]
    return Polygon([(a * v[0] + c * nx, a * v[1] + c * ny) for c in (c0, c1)]
                   + [(b * v[0] + c * nx, b * v[1] + c * ny) for c in (c1, c0)])


def _leg_width(poly: Polygon, u: tuple[float, float], one_way: bool = True
               ) -> tuple[float, bool] | None:
    """The width of a footprint made of straight members (legs) each measured across its own
    course: a leg is a stretch whose two sides run parallel (``_strips``, in the direction of
    any edge), and its width is its cross-section perpendicular to them. At each point the
    narrowest member through it is its width there, and the footprint's width the widest such
    (a T's head 64 ft across its stem keeps 64 where it stands over the stem: no narrower member
    runs through that deck). A member lying more across the long axis than along it (longer
    along its course than wide, its course more than 45 degrees off the axis: the head of an L
    or T, a right-angled elbow) is measured so too, by its own narrow dimension, and the second
    value returned says so (True). What no member covers is a joint where it lies within a
    member continued along its course by its own width (the mitre between two legs of a bend);
    any other deck (a platform with no two parallel sides, a widening) leaves the reading to
    the cut across the long axis: None, as where the footprint has too many edge directions
    (``MAX_COURSES``), or no edge askew to that axis while the cut across it reads one way
    (``one_way``: it is already each member's own cross-section).

    Why the head of an L or T (blind review 148 F5, asked what the drawing decides): an L of
    8-ft members (a stem and a 60-ft elbow) was asked its width "between 8 and 64" under Kings
    Point Standards D(2)(b); where every point of the deck lies in a member no wider than the
    limit, the limit is met.

    Why (blind review 147 F2, wrong violations): a dock of 4-ft members bent 30 degrees, cut
    across the whole footprint's long axis, read 4.18 ft (its angled leg measured obliquely,
    4 / cos) and was cited under a 4-ft limit; a zigzag of 4-ft legs at +-30 degrees read 4.62."""
    found = _directions(poly, u)
    if len(found) > MAX_COURSES:
        return None
    if one_way and all(abs(v[0] * u[0] + v[1] * u[1]) < 1e-9
                       or abs(v[0] * u[1] - v[1] * u[0]) < 1e-9 for v in found):
        return None  # every edge along the axis or across it: the cut across is the reading
    found_strips = [(s, v) for v in found for s in _strips(poly, v)]
    if not found_strips:
        return None
    across = [(r, w) for (r, w), v in found_strips
              if abs(v[0] * u[0] + v[1] * u[1]) < math.cos(math.radians(45))
              and _run(r, v) >= w - TOLERANCE]  # members lying more across the axis than along
    strips = [s for s, _ in found_strips]
    if poly.difference(_reach(strips)).area > TOLERANCE ** 2:
        return None  # deck that is neither a member nor a joint between members
    for rect, w in sorted(strips, key=lambda s: -s[1]):
        narrower = [(r, x) for r, x in strips if x < w - TOLERANCE]
        left = rect.intersection(poly)
        if narrower:  # (a leg's lengthwise cut runs through the joint of narrower legs only)
            left = left.difference(_reach(narrower))
        if left.area > TOLERANCE ** 2:
            return w, bool(across)
    return None


def _reach(strips: list[tuple[Polygon, float]]) -> BaseGeometry:
    """The deck the members ``strips`` cover, each continued along its course by its own width
    (the joints between them)."""
    return unary_union([*(r for r, _ in strips),
                        *(_continued(r, w) for r, w in strips if _length(r) >= w - TOLERANCE)]
                       ).buffer(TOLERANCE / 10, join_style=2)


def _length(rect: Polygon) -> float:
    """How far a member's stretch ``rect`` (``_rectangle``) runs along its course. A stretch
    shorter than it is wide is no member running that way, and is not continued past its ends
    (a stem's stretch read crossways, 106 ft wide and 6 long, continued 106 ft sideways, took
    in the flare at its end: blind review 148 F3)."""
    c = list(rect.exterior.coords)
    return math.hypot(c[3][0] - c[0][0], c[3][1] - c[0][1])


def _run(rect: Polygon, v: tuple[float, float]) -> float:
    """How far a member's stretch ``rect`` runs along its course ``v``."""
    along = [x * v[0] + y * v[1] for x, y in rect.exterior.coords]
    return max(along) - min(along)


def _continued(rect: Polygon, width: float) -> Polygon:
    """A member's stretch ``rect`` continued along its course by ``width`` at each end."""
    c = list(rect.exterior.coords)
    (x0, y0), (x1, y1) = c[0], c[3]  # from a to b along the course, on one side
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    dx, dy = (x1 - x0) / d * width, (y1 - y0) / d * width
    return Polygon([(c[0][0] - dx, c[0][1] - dy), (c[1][0] - dx, c[1][1] - dy),
                    (c[2][0] + dx, c[2][1] + dy), (c[3][0] + dx, c[3][1] + dy)])


def _span(geom: BaseGeometry, u: tuple[float, float], t: float, lo: float, hi: float
          ) -> list[float]:
    """The cut at ``t`` read from its first crossing to its last (one value, or none)."""
    found = _segments(geom, u, t, lo, hi)
    return [found[-1][1] - found[0][0]] if found else []


def _widest(geom: BaseGeometry, u: tuple[float, float], cuts) -> float:  # type: ignore[no-untyped-def]
    """The longest cut of ``geom`` perpendicular to ``u`` as ``cuts`` reads a cut, over every
    position along ``u`` (``_profile``)."""
    return max((max(at_a, at_b) for _a, _b, at_a, at_b in _profile(geom, u, cuts)), default=0.0)


def parallel_width(geom: BaseGeometry, along: tuple[float, float], walkway: bool = False
                   ) -> Width | None:
    """Width "measured parallel to the mean high water mark" (Keuka § 160-123A(1)(b), Canandaigua
    § 73-9C(1)): the structure is cut by lines parallel to the mark (``along``: the parcel's tie
    line, else the chord of the drawn line), swept across its whole extent from the shore, and
    its width is the longest cut (``dl:ExtentParallelToMHW``). A 4-foot walkway angled 10 degrees
    off the perpendicular measures 4 / cos 10 = 4.06 feet, not its 10.89-foot shadow on the mark
    (review 57: the extent of the projection, a rejected reading, curation.ttl).

    A cut crossing the drawing in several pieces (two walkways side by side with water between)
    reads two ways: from its first crossing to its last (``Width.widest``, the stricter) or its
    longest single piece (``Width.least``). The geometry stage reads the narrower and bounds it
    with the wider, so a limit between them asks for the width.

    ``walkway``: the width of a main walkway, "the section of the dock that extends from the
    mean high water mark toward the center of the lake". A member of the drawing lying along the
    mark, shallower toward the lake than it is wide (the head of a T or L drawn in one outline
    with its stem), may be an appendage attached to the walkway rather than part of it: the
    narrower reading measures it by its own depth (``_least``), so its cut is not silently taken
    for the walkway's (review 58: a 6-foot stem under a 22-foot head violated an 8-foot limit).
    None for nothing drawn."""
    geom = closed(geom)
    if not pieces(geom):
        return None
    n = math.hypot(*along) or 1.0
    u = (-along[1] / n, along[0] / n)  # sweep across the mark: cuts run parallel to it
    span = _widest(geom, u, _span)
    single = _widest(geom, u, _cuts)
    if not walkway:
        return Width(span, min(single, span))
    member = _least(_profile(geom, u, _cuts), whole=False)
    return Width(span, min(single, member, span), member < single - TOLERANCE)


def own_width(geom: BaseGeometry) -> Width | None:
    """The widest cross-section of each drawn piece across its own long axis (the largest over
    the pieces), and the width under the reading that measures a member lying across that axis
    on its own (``Width.least``); None for nothing drawn."""
    found = [_piece(p) for p in pieces(geom)]
    if not found:
        return None
    return Width(max(w.widest for w in found), max(w.least for w in found),
                 across=any(w.across for w in found))


def without_members_along(geom: BaseGeometry, along: tuple[float, float]
                          ) -> BaseGeometry | None:
    """A main walkway drawn in one outline with members lying along the mark (the head of a T
    or L), those members left out: the walkway under the reading of ``parallel_width`` that
    takes them for appendages attached to it, so that the length of "the portion of the main
    walkway that extends from the mean high-water mark towards the center of the lake"
    (Canandaigua § 73-9C(1)(b)) is the stem's, not the stem's and the head's (review 61: a
    5-foot stem under an 11-foot-deep head read as 100 % walkway). None where the drawing has
    no such member (it reads one way)."""
    geom = closed(geom)
    if not pieces(geom):
        return None
    n = math.hypot(*along) or 1.0
    u = (-along[1] / n, along[0] / n)
    profile = _profile(geom, u, _cuts)
    if _least(profile, whole=False) >= _widest(geom, u, _cuts) - TOLERANCE:
        return None  # (nothing left out: the walkway's width reads one way)
    bands = _members_along(profile)
    if not bands:
        return None
    rest = geom
    for band in _band_polygons(geom, u, bands):
        rest = rest.difference(band)
    return rest if not rest.is_empty else None


def _band_polygons(geom: BaseGeometry, u: tuple[float, float],
                   bands: list[tuple[float, float]]) -> list[Polygon]:
    """Rectangles covering ``geom`` across ``u`` over each stretch (from, to) along ``u``."""
    nx, ny = -u[1], u[0]
    across = [x * nx + y * ny for x, y in _rings(geom)]
    lo, hi = min(across) - 1.0, max(across) + 1.0
    return [Polygon([(a * u[0] + lo * nx, a * u[1] + lo * ny),
                     (b * u[0] + lo * nx, b * u[1] + lo * ny),
                     (b * u[0] + hi * nx, b * u[1] + hi * ny),
                     (a * u[0] + hi * nx, a * u[1] + hi * ny)]) for a, b in bands]


def wider_than(geom: BaseGeometry, along: tuple[float, float], level: float
               ) -> BaseGeometry | None:
    """The deck of ``geom`` where its cut parallel to the mark (``along``) is wider than
    ``level`` (a main walkway's width as ``width_from_mark`` reads it), over the whole cut (the
    walkway's own deck across it included): what that reading leaves out of the walkway, read
    whole. None where no cut is wider."""
    geom = closed(geom)
    if not pieces(geom):
        return None
    n = math.hypot(*along) or 1.0
    u = (-along[1] / n, along[0] / n)
    bands = [(a, b) for a, b, at_a, at_b in _profile(geom, u, _cuts)
             if max(at_a, at_b) > level + TOLERANCE]
    if not bands:
        return None
    found = geom.intersection(unary_union(_band_polygons(geom, u, bands)))
    return None if found.is_empty else found


def width_from_mark(geom: BaseGeometry, toward: tuple[float, float], tol: float
                    ) -> float | None:
    """The width of a main walkway drawn in one outline, read without the deck beside it that
    does not run from the walkway's near end (the mean high-water mark) for more than half of
    its reach: cut parallel to the mark (``toward``: the direction across the mark toward the
    lake), the widest level the drawing keeps from its near end for more than half of its reach
    (or to its far end, within ``tol``). Wider deck elsewhere (beside the walkway farther out,
    or from the mark for a shorter stretch) is a portion attached to the walkway (an appendage,
    which may go out from it "in any configuration") or a widening of it: the text does not say
    which, so the geometry stage reads the walkway without it and bounds it by the width with
    it (blind review 79 V1, review 78 A2; blind review 127 F4: a 4-foot walkway drawn in one
    outline with a 6 x 20 ft deck beside it from 20 to 40 ft out was cited at 10 ft wide).
    None for nothing drawn."""
    geom = closed(geom)
    if not pieces(geom):
        return None
    n = math.hypot(*toward) or 1.0
    profile = _profile(geom, (toward[0] / n, toward[1] / n), _cuts)
    if not profile:
        return None
    start, end = profile[0][0], profile[-1][1]
    kept = 0.0
    for level, j, k in _runs(profile):
        if profile[j][0] <= start + tol and (profile[k][1] - start > (end - start) / 2.0
                                             + TOLERANCE or profile[k][1] >= end - tol):
            kept = max(kept, level)
    return kept or None


@dataclass(frozen=True)
class OwnSize:
    """A thing's own length and width where its code limits its size, not its reach (Kings
    Point Standards G, "eight feet wide and eight feet long" of a landing; South Bristol
    § 73-8B(1)(c), "19 feet in width or 40 feet in length" of a boathouse), each read two ways:
    on the shore's axes (``length``/``width`` index 0: the extent perpendicular to the mean
    high water mark and parallel to it, the convention South Bristol § 73-9C(1) states for
    docks) and on the thing's own axes (index 1: the sides of its minimum rotated rectangle,
    the side nearer the perpendicular to the mark its length; within 15 degrees of the
    diagonal, where neither side is plainly the one across the mark, also the other way round,
    a third value). They agree for a footprint drawn square to the shore; a rotated one reads
    two or three ways (blind review 139 F4: a 20 x 38 ft boathouse at 46 degrees was cited as
    38 ft wide, where reading its 38-ft side as its length meets the limits)."""

    length: tuple[float, ...]
    width: tuple[float, ...]

    @property
    def one_reading(self) -> bool:
        return all(abs(a - b) <= TOLERANCE for a, b in (self.length, self.width))


def own_size(geom: BaseGeometry, along: tuple[float, float]) -> OwnSize | None:
    """The own length and width of a footprint (``OwnSize``); ``along`` is the unit direction
    of the mean high water mark. None for an empty footprint."""
    if geom.is_empty:
        return None
    across = (-along[1], along[0])
    shore = (_projected(geom, across), _projected(geom, along))
    rect = geom.minimum_rotated_rectangle
    if not isinstance(rect, Polygon):
        return OwnSize((shore[0], shore[0]), (shore[1], shore[1]))
    c = list(rect.exterior.coords)
    e1 = (c[1][0] - c[0][0], c[1][1] - c[0][1])
    e2 = (c[2][0] - c[1][0], c[2][1] - c[1][1])
    # the side running more nearly across the mark (toward the water) is the length
    lengthwise = abs(e1[0] * across[0] + e1[1] * across[1]) / (math.hypot(*e1) or 1.0) >= \
        abs(e2[0] * across[0] + e2[1] * across[1]) / (math.hypot(*e2) or 1.0)
    own = (math.hypot(*e1), math.hypot(*e2)) if lengthwise else (math.hypot(*e2), math.hypot(*e1))
    cosine = abs(e1[0] * across[0] + e1[1] * across[1]) / (math.hypot(*e1) or 1.0)
    if math.cos(math.radians(60)) <= cosine <= math.cos(math.radians(30)):
        return OwnSize((shore[0], own[0], own[1]), (shore[1], own[1], own[0]))
    return OwnSize((shore[0], own[0]), (shore[1], own[1]))


def axis_length(geom: BaseGeometry, along: tuple[float, float],
                line: BaseGeometry | None = None) -> float | None:
    """The greatest length of a footprint along its own axes (``OwnSize``'s own readings:
    the side of its minimum rotated rectangle nearer the perpendicular to the mark, either
    side near the diagonal); None for a footprint of no area (a water-side part that only
    touches the line)."""
    if geom.is_empty or geom.area <= 0:
        return None
    if geom.geom_type not in ("Polygon", "MultiPolygon"):
        geom = geom.buffer(0)  # the polygons of a collection, without its bare lines
    size = own_size(geom, along)
    if size is None:
        return None
    return max(*size.length[1:], *(course_length(p, line) for p in pieces(geom)))


def course_length(poly: Polygon, line: BaseGeometry | None = None) -> float:
    """The length of a footprint along its own course, where its width reads one way
    (``own_width``): its area over that width (for one member of one width, bent or
    zigzagging, the length of its centreline, each leg's length summed; a mitred joint adds
    nothing, an end cut obliquely by the water line is counted from the line). Why (blind
    review 147 F3, false conforms): the side of the minimum rotated rectangle is no length of
    a zigzag (two 114.5-ft legs at +-30 degrees read 199.32 ft from the mark and nothing
    longer, and met Kings Point Standards D(1)'s 200 ft). Where the members differ in width,
    the area over the widest reads short: their own lengths summed are read where longer
    (``_members_length``). 0.0 where the width does not read
    one way. A footprint of members lying across each other runs one course only where they
    form a chain of legs (``_chain``: an elbow, an L); a branching footprint is read along
    the deck walked from the member nearest ``line`` (the mean high water line) to its farthest
    end, the head of a T centred on its stem ending the walk (``_walk``: a T's own course is
    its stem, its rectangle's side read as before; without ``line``, 0.0). Why (fix-geo83): a
    right-angled elbow dock had no length along its course read at all, where Kings Point
    Standards D(1)'s "maximum overall length" and North Hempstead § 42-9A(2)'s "a length
    exceeding 150 feet" may be read along the deck as well as by its reach."""
    found = _piece(poly)
    if not found.one_reading or found.widest <= 0:
        return 0.0
    if found.across and not _chain(poly):
        return _walk(poly, line)
    return max(poly.area / found.widest, _members_length(poly))


def _members(poly: Polygon) -> list[tuple[float, float, float, float, tuple[float, float]]]:
    """The members of a footprint (``_leg_width``): (from, to along ``v``, first and last
    position across it, ``v``) of each run of ``_strips`` stretches of one course and
    cross-section, contiguous ones taken together, running at least as far along their course
    as they are wide."""
    u = long_axis(poly)
    members: list[tuple[float, float, float, float, tuple[float, float]]] = []
    for v in _directions(poly, u):
        runs: dict[tuple[float, float], list[tuple[float, float]]] = {}
        drawn: dict[tuple[float, float], tuple[float, float]] = {}  # (its place across, as drawn)
        for a, b, c0, c1 in _stretches(poly, v):
            runs.setdefault((round(c0, 2), round(c1, 2)), []).append((a, b))
            drawn.setdefault((round(c0, 2), round(c1, 2)), (c0, c1))
        for key, spans in runs.items():
            c0, c1 = drawn[key]
            spans.sort()
            merged = [list(spans[0])]
            for a, b in spans[1:]:
                if a <= merged[-1][1] + 1e-9:
                    merged[-1][1] = max(merged[-1][1], b)
                else:
                    merged.append([a, b])
            members += [(a, b, c0, c1, v) for a, b in merged if b - a >= c1 - c0 - TOLERANCE]
    return members


def _joints(members: list[tuple[float, float, float, float, tuple[float, float]]]
            ) -> list[tuple[int, int]]:
    """The pairs of ``members`` that meet: where either continued along its course by its own
    width overlaps the other so continued."""
    reach = [_rectangle(v, a - (c1 - c0), b + (c1 - c0), c0, c1) for a, b, c0, c1, v in members]
    n = len(reach)
    return [(i, j) for i in range(n) for j in range(i + 1, n)
            if reach[i].intersection(reach[j]).area > TOLERANCE ** 2]


def _chain(poly: Polygon) -> bool:
    """Whether a footprint of members (``_members``) is one chain of legs, each joined to at
    most two others end to end (an elbow, an L, a U), not branching (the head of a T, reaching
    either way from the stem, joins it twice: its two arms and the stem meet at one joint).
    Two members meet where either continued along its course by its own width overlaps the
    other so continued (``_joints``). A chain's members and joints form a path."""
    members = _members(poly)
    n = len(members)
    joints = _joints(members)
    degree = [sum(i in joint for joint in joints) for i in range(n)]
    return n >= 2 and len(joints) == n - 1 and max(degree) <= 2


#: a branching footprint of more members than this is not walked (its course is not read)
MAX_WALKED = 16


def _walk(poly: Polygon, line: BaseGeometry | None = None) -> float:
    """The length of a branching footprint of members (``_members``) along the deck walked
    from the shore to its farthest end: the longest path through the members and their joints
    from the member nearest ``line`` (the mean high water line), never back beside a member
    walked before (three members meeting at one joint are walked through two of them), its
    length the deck its members cover, each continued by its own width into the joints, over
    the widest member's width (or their own lengths summed, where longer). The walk
    ends at a head: where the member walked ends at a joint from which two members of one
    course and cross-section go on either way, equally within the walked member's width (the
    head of a T centred on its stem), it goes into neither arm, and a T whose head is a true
    head reads as before (its reach; its rectangle's side). Why (blind review 152 F4, false
    conforms): an elbow (a 4-ft stem 154 ft out turning into a 60-ft leg along the shore) was
    asked its length between 154 and 214 ft under Kings Point Standards D(1); the same dock
    with its stem continued 6 ft past the elbow branched, ran "no one course" and conformed at
    its 160-ft reach (North Hempstead § 42-9A(2) alike): a token stub made the deck's course
    vanish. 0.0 where nothing is walked (no line given: where the walk starts is unknown)."""
    members = _members(poly)
    n = len(members)
    if line is None or n < 2 or n > MAX_WALKED:
        return 0.0
    near: dict[int, list[int]] = {i: [] for i in range(n)}
    for i, j in _joints(members):
        near[i].append(j)
        near[j].append(i)
    rects = [_rectangle(v, a, b, c0, c1) for a, b, c0, c1, v in members]

    def same_course(i: int, j: int) -> bool:
        (_a, _b, c0, c1, v), (_x, _y, d0, d1, w) = members[i], members[j]
        return abs(v[0] * w[1] - v[1] * w[0]) < 1e-9 and abs(c0 - d0) <= 2 * TOLERANCE \
            and abs(c1 - d1) <= 2 * TOLERANCE

    def head(i: int, ahead: list[int]) -> bool:
        """Whether member ``i`` ends at a head: two of ``ahead`` on one course, on either side
        of ``i`` across it, as long within ``i``'s width, and no member going on along ``i``'s
        course."""
        if any(same_course(i, j) for j in ahead):
            return False
        c0, c1 = members[i][2:4]
        for p in ahead:
            for q in ahead:
                if p < q and same_course(p, q):
                    w = members[p][4]
                    side = [x * w[0] + y * w[1] for x, y in rects[i].exterior.coords]
                    lo, hi = sorted((members[p][:2], members[q][:2]))
                    if lo[1] <= min(side) + TOLERANCE and hi[0] >= max(side) - TOLERANCE \
                            and abs((lo[1] - lo[0]) - (hi[1] - hi[0])) <= c1 - c0 + TOLERANCE:
                        return True
        return False

    def length(path: list[int]) -> float:
        widest = max(members[i][3] - members[i][2] for i in path)
        deck = poly.intersection(unary_union([
            _continued(rects[i], members[i][3] - members[i][2]) for i in path]))
        return max(deck.area / widest, sum(members[i][1] - members[i][0] for i in path))

    best = 0.0
    stack = [[min(range(n), key=lambda i: rects[i].distance(line))]]
    while stack:
        path = stack.pop()
        ahead = [j for j in near[path[-1]]  # (no member back beside one walked before it)
                 if j not in path and not any(k in near[j] for k in path[:-1])]
        if head(path[-1], ahead):
            ahead = [j for j in ahead if not any(same_course(j, k) for k in ahead if k != j)]
        if not ahead:
            best = max(best, length(path))
        stack += [[*path, j] for j in ahead]
    return best


def _members_length(poly: Polygon) -> float:
    """The members' own lengths summed (``_members``), a square member (as long as it is wide,
    a member either way) counted once: the length of a chain of legs of different widths
    along its course, its joints left out. Why: a chain's area over its widest member reads
    short where a member is narrower (a 4-ft walkway 160 ft out turning into an 8-ft leg 50 ft
    along the shore read 130 ft along its course), and a length limit read along the deck
    conformed on it."""
    total, seen = 0.0, []
    for a, b, c0, c1, v in _members(poly):
        rect = _rectangle(v, a, b, c0, c1)
        if any(rect.intersection(other).area > 0.9 * rect.area for other in seen):
            continue
        seen.append(rect)
        total += b - a
    return total


def _projected(geom: BaseGeometry, u: tuple[float, float]) -> float:
    values = [x * u[0] + y * u[1] for x, y in _rings(geom)]
    return max(values) - min(values)
