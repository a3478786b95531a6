"""The envelope drawn: bars per code for each quantity, and a plan view of each code's largest
dock on the same parcel at the same scale.

Why SVG text, not a library: the drawings are a few rectangles and lines, searchable and sharp
in print, and the labels carry the binding sections.
"""

from __future__ import annotations

from html import escape

from docklaw.envelope.parcel import Parcel
from docklaw.envelope.render import bound_text, value_text
from docklaw.envelope.search import QUANTITIES, CodeEnvelope

COLOURS = ("#1b6ca8", "#d1495b", "#00798c", "#c98a16", "#66a182", "#7a5195", "#555555")


def colour(index: int) -> str:
    return COLOURS[index % len(COLOURS)]


def chart_svg(codes: list[CodeEnvelope]) -> str:
    """One group of horizontal bars per quantity, one bar per code, each labelled with its
    value and the sections binding it (pale, dashed bars: no limit found, or none allowed)."""
    width, label_w, row, gap = 720, 170, 18, 30
    bar_w = width - label_w - 250
    height = sum(gap + row * len(codes) for _ in QUANTITIES) + 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" role="img" class="envelope-chart" '
           'aria-label="The largest dock each code allows, by quantity">']
    y = 0
    for q in QUANTITIES:
        y += gap
        title = q.label + (" (the smallest allowed)" if q.direction == "min" else "")
        out.append(f'<text x="0" y="{y - 8}" font-size="13" font-weight="bold">'
                   f'{escape(title)}{" (" + escape(q.unit) + ")" if q.unit else ""}</text>')
        values = [float(e.figures[q.key].value or 0) for e in codes]
        top = max([*values, 1.0])
        for i, env in enumerate(codes):
            fig = env.figures[q.key]
            yy = y + i * row
            length = bar_w * float(fig.value or 0) / top
            pale = fig.value is None or fig.bound in ("search", "reference")
            style = (f'fill="{colour(i)}" fill-opacity="0.25" stroke="{colour(i)}" '
                     'stroke-dasharray="4 2"') if pale else f'fill="{colour(i)}"'
            out.append(f'<text x="{label_w - 6}" y="{yy + 13}" font-size="11" '
                       f'text-anchor="end">{escape(env.name)}</text>')
            out.append(f'<rect x="{label_w}" y="{yy + 2}" width="{max(length, 1):.1f}" '
                       f'height="{row - 5}" {style}><title>{escape(env.name)}: '
                       f'{escape(value_text(fig))}, {escape(bound_text(fig))}</title></rect>')
            out.append(f'<text x="{label_w + max(length, 1) + 4:.1f}" y="{yy + 13}" '
                       f'font-size="11">{escape(value_text(fig))} · '
                       f'{escape(_short(bound_text(fig)))}</text>')
        y += row * len(codes)
    out.append("</svg>")
    return "\n".join(out)


def _short(text: str, limit: int = 48) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def longest_of(codes: list[CodeEnvelope]) -> float:
    """The longest dock a rule bounds (a length with no limit found is drawn clipped)."""
    return max([float(e.figures["length"].value or 0) for e in codes
                if e.figures["length"].bound == "rule"] + [60.0])


def scale_for(parcel: Parcel, codes: list[CodeEnvelope]) -> float:
    """Pixels per foot shared by every sketch (the longest dock and the frontage fit)."""
    return min(300.0 / parcel.frontage, 300.0 / longest_of(codes))


def sketch_svg(parcel: Parcel, env: CodeEnvelope, scale: float, longest: float) -> str:
    """Plan view (water up, the shore at the bottom): the parcel's side lines extended, mean
    high and low water, the code's extent lines, the setback bands and the largest dock."""
    f = env.figures
    pad, land = 40.0, 30.0
    frontage = parcel.frontage * scale
    reach = max(longest * 1.1, 60.0) * scale
    w, h = frontage + 2 * pad, reach + land + pad + 34
    shore = pad + 20 + reach  # y of mean high water
    left, right = pad, pad + frontage
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.0f} {h:.0f}" '
           f'width="{w:.0f}" height="{h:.0f}" role="img" class="envelope-sketch" '
           f'aria-label="Plan of the largest dock under {escape(env.name)}">',
           f'<text x="{w / 2:.1f}" y="16" font-size="12" text-anchor="middle" '
           f'font-weight="bold">{escape(env.name)}</text>',
           f'<rect x="0" y="28" width="{w:.1f}" height="{shore - 28:.1f}" fill="#dcecf7"/>',
           f'<rect x="0" y="{shore:.1f}" width="{w:.1f}" height="{land:.1f}" fill="#e9efd9"/>',
           f'<rect x="{left:.1f}" y="{shore:.1f}" width="{frontage:.1f}" height="{land:.1f}" '
           'fill="#cfe0b0" stroke="#5a7d2a"/>',
           f'<text x="{w / 2:.1f}" y="{shore + 19:.1f}" font-size="10" text-anchor="middle">'
           f'parcel, {parcel.frontage:g} ft of shoreline</text>',
           f'<line x1="0" y1="{shore:.1f}" x2="{w:.1f}" y2="{shore:.1f}" stroke="#1b4f9c" '
           'stroke-width="1.5"/>',
           f'<text x="2" y="{shore - 3:.1f}" font-size="9" fill="#1b4f9c">MHW</text>']
    flat = env.water.range / parcel.slope
    if env.water.range > 0 and flat * scale < reach:
        y = shore - flat * scale
        out.append(f'<line x1="0" y1="{y:.1f}" x2="{w:.1f}" y2="{y:.1f}" stroke="#1b4f9c" '
                   'stroke-dasharray="5 3"/>')
        out.append(f'<text x="2" y="{y - 3:.1f}" font-size="9" fill="#1b4f9c">MLW</text>')
    for line in env.water.extent_lines:
        if line * scale < reach:
            y = shore - line * scale
            out.append(f'<line x1="0" y1="{y:.1f}" x2="{w:.1f}" y2="{y:.1f}" stroke="#a60" '
                       'stroke-dasharray="2 3"/>')
            out.append(f'<text x="{w - 2:.1f}" y="{y - 3:.1f}" font-size="9" fill="#a60" '
                       f'text-anchor="end">{line:g}-ft line</text>')
    for x in (left, right):
        out.append(f'<line x1="{x:.1f}" y1="{shore + land:.1f}" x2="{x:.1f}" y2="28" '
                   'stroke="#555" stroke-dasharray="6 3"/>')
    setback = f["setback"]
    if setback.value:
        band = float(setback.value) * scale
        for x in (left, right - band):
            out.append(f'<rect x="{x:.1f}" y="28" width="{band:.1f}" height="{shore - 28:.1f}" '
                       'fill="#d1495b" fill-opacity="0.12"/>')
        out.append(f'<text x="{left + 2:.1f}" y="40" font-size="9" fill="#a00">setback '
                   f'{float(setback.value):g} ft ({escape(_short(bound_text(setback), 30))})'
                   '</text>')
    length, width = f["length"], f["width"]
    if length.value is None or width.value is None:
        why = bound_text(length)
        out.append(f'<text x="{w / 2:.1f}" y="{shore - 40:.1f}" font-size="11" fill="#a00" '
                   f'text-anchor="middle">no conforming dock</text>')
        out.append(f'<text x="{w / 2:.1f}" y="{shore - 26:.1f}" font-size="9" fill="#a00" '
                   f'text-anchor="middle">{escape(_short(why, 60))}</text>')
    else:
        dl = min(float(length.value) * scale, reach)
        dw = max(min(float(width.value) * scale, frontage), 2.0)
        x = (left + right - dw) / 2
        out.append(f'<rect x="{x:.1f}" y="{shore - dl:.1f}" width="{dw:.1f}" height="{dl:.1f}" '
                   f'fill="#8b5a2b" stroke="#4a2f12"><title>{escape(value_text(length))} x '
                   f'{escape(value_text(width))}</title></rect>')
        out.append(f'<text x="{x + dw + 4:.1f}" y="{shore - dl / 2:.1f}" font-size="10">'
                   f'{escape(value_text(length))}</text>')
        out.append(f'<text x="{x + dw + 4:.1f}" y="{shore - dl / 2 + 12:.1f}" font-size="9" '
                   f'fill="#555">{escape(_short(bound_text(length), 34))}</text>')
        out.append(f'<text x="{x + dw / 2:.1f}" y="{shore - dl - 4:.1f}" font-size="10" '
                   f'text-anchor="middle">{escape(value_text(width))} wide · '
                   f'{escape(_short(bound_text(width), 26))}</text>')
    bar = 50 * scale
    out.append(f'<line x1="{pad:.1f}" y1="{h - 8:.1f}" x2="{pad + bar:.1f}" y2="{h - 8:.1f}" '
               'stroke="#000" stroke-width="2"/>')
    out.append(f'<text x="{pad + bar + 4:.1f}" y="{h - 5:.1f}" font-size="9">50 ft</text>')
    out.append("</svg>")
    return "\n".join(out)


def sketches(parcel: Parcel, codes: list[CodeEnvelope]) -> list[str]:
    """One sketch per code, all at one scale."""
    scale = scale_for(parcel, codes)
    return [sketch_svg(parcel, env, scale, longest_of(codes)) for env in codes]
