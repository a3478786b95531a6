"""An SVG plan of an application: what was drawn, the lines the codes measure from, and where
it fails.

Why SVG: it prints sharply at any size, embeds in the HTML report and the web page, and its
labels are text (searchable, testable). Everything drawn comes from the geometry stage's record
(``docklaw.geometry.record``): the lot lines extended by the construction each code prescribes, the
riparian lines, the footprints. Figures come from the report (measurements and variance figures),
limits from the compiled shapes that targeted each structure (``docklaw.validate.findings.drawn``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, unary_union

from docklaw.geometry.record import GeometryRecord

WIDTH, HEIGHT, PAD = 900.0, 640.0, 40.0
LEGEND_W = 230.0
STYLE = {
    "parcel": 'fill="#eee4cf" stroke="#8a7a55" stroke-width="1.5"',
    "water": 'fill="#d6e9f8" stroke="none"',
    "mhw": 'fill="none" stroke="#1f5fa8" stroke-width="2.5"',
    "mlw": 'fill="none" stroke="#1f5fa8" stroke-width="1.5" stroke-dasharray="8 4"',
    "lot-line": 'fill="none" stroke="#333" stroke-width="1.5"',
    "neighbour-lot-line": 'fill="none" stroke="#777" stroke-width="1"',
    "same-axis": 'fill="none" stroke="#333" stroke-width="1" stroke-dasharray="6 3"',
    "right-angle": 'fill="none" stroke="#555" stroke-width="1" stroke-dasharray="2 3"',
    "riparian": 'fill="none" stroke="#7a2a9a" stroke-width="1.8" stroke-dasharray="10 4"',
    "band": 'fill="#f3c623" fill-opacity="0.25" stroke="none"',
    "extent": 'fill="none" stroke="#c77700" stroke-width="1" stroke-dasharray="4 4"',
    "structure": 'fill="#9c6b3a" fill-opacity="0.85" stroke="#3d2710" stroke-width="1.2"',
    "boat": 'fill="#ffffff" stroke="#3d2710" stroke-width="1"',
    "channel": 'fill="#b8d7f0" fill-opacity="0.6" stroke="#1f5fa8" stroke-width="1"',
    "outlet": 'fill="#b8d7f0" fill-opacity="0.6" stroke="#1f5fa8" stroke-width="1"',
    "fail": 'stroke="#c00000" stroke-width="2" fill="none"',
}
LEGEND = (
    ("water", "water (seaward of mean high water)"), ("parcel", "parcel (land)"),
    ("mhw", "mean high water"), ("mlw", "mean low water"),
    ("lot-line", "lot line"), ("same-axis", "lot line extended on its axis"),
    ("right-angle", "lot line extended at a right angle"),
    ("riparian", "water rights / facility area line"), ("band", "setback band (limit)"),
    ("extent", "farthest extent allowed"), ("structure", "structure footprint"),
    ("fail", "failing dimension (section, figures)"),
)


@dataclass
class Dimension:
    """A dimension to draw: from a to b, labelled; ``failing`` draws it red."""

    a: tuple[float, float]
    b: tuple[float, float]
    label: str
    failing: bool = True


@dataclass
class PlanInput:
    record: GeometryRecord
    title: str
    subtitle: str = ""
    status: str = ""  # the report's outcome (conforms, violates, incomplete): data-status
    bands: list[tuple[BaseGeometry, str]] = field(default_factory=list)   # (area, label)
    extents: list[tuple[BaseGeometry, str]] = field(default_factory=list)  # (line, label)
    dimensions: list[Dimension] = field(default_factory=list)
    labels: dict[str, str] = field(default_factory=dict)  # node -> short label
    sections: list[str] = field(default_factory=list)      # violated sections, for the caption


class Frame:
    """World feet -> SVG pixels (y flipped: grid north up), one scale for both axes."""

    def __init__(self, bounds: tuple[float, float, float, float]) -> None:
        minx, miny, maxx, maxy = bounds
        self.minx, self.maxy = minx, maxy
        span_x, span_y = max(maxx - minx, 1.0), max(maxy - miny, 1.0)
        self.k = min((WIDTH - LEGEND_W - 2 * PAD) / span_x, (HEIGHT - 2 * PAD - 40) / span_y)
        self.view = box(minx, miny, maxx, maxy)

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return (PAD + (x - self.minx) * self.k, PAD + 40 + (self.maxy - y) * self.k)

    def path(self, geom: BaseGeometry) -> str:
        """SVG path data of a (multi)line or (multi)polygon, clipped to the view."""
        geom = geom.intersection(self.view.buffer(1e-6))
        parts: list[str] = []
        for g in _flat(geom):
            if isinstance(g, Polygon):
                for ring in (g.exterior, *g.interiors):
                    parts.append(self._ring(list(ring.coords), close=True))
            elif isinstance(g, LineString):
                parts.append(self._ring(list(g.coords), close=False))
        return " ".join(p for p in parts if p)

    def _ring(self, coords: list[tuple[float, ...]], close: bool) -> str:
        if len(coords) < 2:
            return ""
        pts = [self.xy(c[0], c[1]) for c in coords]
        d = "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in pts)
        return d + (" Z" if close else "")


def _flat(geom: BaseGeometry) -> list[BaseGeometry]:
    if hasattr(geom, "geoms"):
        return [g for sub in geom.geoms for g in _flat(sub)]
    return [geom]


def view_bounds(inp: PlanInput) -> tuple[float, float, float, float]:
    """What to show: the parcels, structures, boats and the shore between the lot lines, with a
    margin so the setback bands and failing dimensions are visible."""
    rec = inp.record
    core = [f.geom for f in rec.of_kind("parcel", "structure", "boat", "channel", "outlet")]
    core += [Point(c) for f in rec.of_kind("lot-line", "neighbour-lot-line")
             for c in f.geom.coords]
    core += [LineString([d.a, d.b]) for d in inp.dimensions]
    if not core:
        core = [f.geom for f in rec.features]
    minx, miny, maxx, maxy = unary_union(core).bounds
    margin = max(maxx - minx, maxy - miny) * 0.15 + 10.0
    return (minx - margin, miny - margin, maxx + margin, maxy + margin)


def nice_length(span: float) -> float:
    """A round scale-bar length near a fifth of the span (1, 2 or 5 x 10^n feet)."""
    target = span / 5
    power = 10 ** math.floor(math.log10(max(target, 1e-9)))
    return max((m * power for m in (1, 2, 5, 10) if m * power <= target), default=power)


def render(inp: PlanInput) -> str:
    """The plan as a standalone SVG document."""
    frame = Frame(view_bounds(inp))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" '
        f'width="{WIDTH:.0f}" height="{HEIGHT:.0f}" font-family="Helvetica, Arial, sans-serif" '
        f'class="docklaw-plan" data-status="{escape(inp.status)}" role="img" '
        f'aria-label="{escape(inp.title)}">',
        f"<title>{escape(inp.title)}</title>",
        '<rect x="0" y="0" width="100%" height="100%" fill="#ffffff"/>',
        f'<rect x="{PAD:.0f}" y="{PAD + 40:.0f}" width="{WIDTH - LEGEND_W - 2 * PAD:.0f}" '
        f'height="{HEIGHT - 2 * PAD - 40:.0f}" fill="#f7f5ef" stroke="#999"/>',
        f'<text x="{PAD:.0f}" y="24" font-size="16" font-weight="bold">{escape(inp.title)}</text>',
        f'<text x="{PAD:.0f}" y="44" font-size="12">{escape(inp.subtitle)}</text>',
    ]
    rec = inp.record
    order = ("water", "parcel", "channel", "outlet", "neighbour-lot-line", "lot-line", "same-axis",
             "right-angle", "riparian", "mlw", "mhw")
    for kind in order[:4]:
        out += [_shape(frame, f.geom, kind, f.name) for f in rec.of_kind(kind)]
    for area, label in inp.bands:
        out.append(_shape(frame, area, "band", label))
    for area, label in _distinct_labels(inp.bands):
        out.append(_label_at(frame, area, label, "#8a6d00"))
    for kind in order[4:]:
        out += [_shape(frame, f.geom, kind, f.name) for f in rec.of_kind(kind)]
    for line, label in inp.extents:
        out.append(_shape(frame, line, "extent", label))
        out.append(_label_on(frame, line, label, "#c77700"))
    for f in rec.of_kind("structure", "boat"):
        out.append(_shape(frame, f.geom, f.kind, f.name))
        c = f.geom.representative_point()
        x, y = frame.xy(c.x, c.y)
        name = inp.labels.get(f.name, f.label or f.name)
        out.append(f'<text x="{x + 6:.1f}" y="{y:.1f}" font-size="11" fill="#222" '
                   f'stroke="#fff" stroke-width="3" paint-order="stroke">{escape(name)}</text>')
    for dim in inp.dimensions:
        out += _dimension(frame, dim)
    out += _north_arrow()
    out += _scale_bar(frame)
    out += _legend(inp)
    out.append("</svg>")
    return "\n".join(s for s in out if s) + "\n"


def _shape(frame: Frame, geom: BaseGeometry, kind: str, name: str) -> str:
    d = frame.path(geom)
    if not d:
        return ""
    return f'<path class="{kind}" data-node="{escape(name)}" d="{d}" {STYLE[kind]}/>'


def _label_on(frame: Frame, line: BaseGeometry, text: str, colour: str) -> str:
    clipped = line.intersection(frame.view)
    if clipped.is_empty:
        return ""
    p = clipped.interpolate(0.5, normalized=True) if hasattr(clipped, "interpolate") \
        else clipped.representative_point()
    x, y = frame.xy(p.x, p.y)
    return (f'<text x="{x:.1f}" y="{y - 4:.1f}" font-size="11" fill="{colour}" stroke="#fff" '
            f'stroke-width="3" paint-order="stroke">{escape(text)}</text>')


def _distinct_labels(items: list[tuple[BaseGeometry, str]]) -> list[tuple[BaseGeometry, str]]:
    """One label per distinct text (both bands of one limit carry the same words)."""
    seen: dict[str, BaseGeometry] = {}
    for geom, text in items:
        seen.setdefault(text, geom)
    return [(geom, text) for text, geom in seen.items()]


def _label_at(frame: Frame, area: BaseGeometry, text: str, colour: str) -> str:
    inside = area.intersection(frame.view)
    if inside.is_empty:
        return ""
    p = inside.representative_point()
    x, y = frame.xy(p.x, p.y)
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="11" fill="{colour}" stroke="#fff" '
            f'stroke-width="3" paint-order="stroke" class="band-label">{escape(text)}</text>')


def _dimension(frame: Frame, dim: Dimension) -> list[str]:
    (x1, y1), (x2, y2) = frame.xy(*dim.a), frame.xy(*dim.b)
    colour = "#c00000" if dim.failing else "#555"
    cls = "dimension failing" if dim.failing else "dimension"
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    return [
        f'<g class="{cls}">',
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
        f'stroke-width="2"/>',
        f'<circle cx="{x1:.1f}" cy="{y1:.1f}" r="3" fill="{colour}"/>',
        f'<circle cx="{x2:.1f}" cy="{y2:.1f}" r="3" fill="{colour}"/>',
        f'<text x="{mx + 6:.1f}" y="{my - 6:.1f}" font-size="12" font-weight="bold" '
        f'fill="{colour}" stroke="#fff" stroke-width="3" paint-order="stroke">'
        f"{escape(dim.label)}</text>",
        "</g>",
    ]


def _north_arrow() -> list[str]:
    x, y = WIDTH - LEGEND_W - PAD - 20, PAD + 60
    return [
        '<g class="north-arrow">',
        f'<polygon points="{x:.0f},{y - 22:.0f} {x - 8:.0f},{y + 6:.0f} {x:.0f},{y:.0f} '
        f'{x + 8:.0f},{y + 6:.0f}" fill="#111"/>',
        f'<text x="{x:.0f}" y="{y + 22:.0f}" font-size="13" font-weight="bold" '
        f'text-anchor="middle">N</text>',
        f'<text x="{x:.0f}" y="{y + 34:.0f}" font-size="9" text-anchor="middle">grid</text>',
        "</g>",
    ]


def _scale_bar(frame: Frame) -> list[str]:
    span = (WIDTH - LEGEND_W - 2 * PAD) / frame.k
    length = nice_length(span)
    px = length * frame.k
    x, y = PAD + 10, HEIGHT - PAD - 12
    shown = f"{length:g} ft"
    return [
        '<g class="scale-bar">',
        f'<rect x="{x:.0f}" y="{y - 6:.0f}" width="{px / 2:.1f}" height="6" fill="#111"/>',
        f'<rect x="{x + px / 2:.1f}" y="{y - 6:.0f}" width="{px / 2:.1f}" height="6" '
        f'fill="#fff" stroke="#111"/>',
        f'<text x="{x:.0f}" y="{y + 12:.0f}" font-size="11">0</text>',
        f'<text x="{x + px:.1f}" y="{y + 12:.0f}" font-size="11" text-anchor="end">{shown}</text>',
        "</g>",
    ]


def _legend(inp: PlanInput) -> list[str]:
    x0, y = WIDTH - LEGEND_W + 5, PAD + 50
    out = ['<g class="legend">', f'<text x="{x0:.0f}" y="{y:.0f}" font-size="13" '
           'font-weight="bold">Legend</text>']
    present = {f.kind for f in inp.record.features}
    if inp.bands:
        present.add("band")
    if inp.extents:
        present.add("extent")
    if any(d.failing for d in inp.dimensions):
        present.add("fail")
    for kind, text in LEGEND:
        if kind not in present and not (kind == "structure" and "boat" in present):
            continue
        y += 20
        if kind in ("water", "parcel", "band", "structure"):
            sample = f'<rect x="{x0:.0f}" y="{y - 9:.0f}" width="22" height="10" {STYLE[kind]}/>'
        else:
            sample = (f'<line x1="{x0:.0f}" y1="{y - 4:.0f}" x2="{x0 + 22:.0f}" y2="{y - 4:.0f}" '
                      f'{STYLE[kind]}/>')
        out += [sample, f'<text x="{x0 + 28:.0f}" y="{y:.0f}" font-size="11">{escape(text)}</text>']
    if inp.sections:
        y += 28
        out.append(f'<text x="{x0:.0f}" y="{y:.0f}" font-size="12" font-weight="bold" '
                   f'fill="#c00000">Violated</text>')
        for section in inp.sections:
            y += 16
            out.append(f'<text x="{x0:.0f}" y="{y:.0f}" font-size="11" fill="#c00000" '
                       f'class="violated-section">{escape(section)}</text>')
    out.append("</g>")
    return out


def band_along(line: BaseGeometry, width: float, water: BaseGeometry | None) -> BaseGeometry:
    """The strip within ``width`` of a line (a setback band), on the water side when known."""
    band = line.buffer(width, cap_style="flat")
    return band.intersection(water) if water is not None else band


def nearest_segment(a: BaseGeometry, b: BaseGeometry) -> tuple[tuple[float, float],
                                                                tuple[float, float]]:
    p, q = nearest_points(a, b)
    return (p.x, p.y), (q.x, q.y)


def polygonal(geom: BaseGeometry) -> bool:
    return isinstance(geom, Polygon | MultiPolygon)
