"""The envelope as a table, JSON and tidy CSV (one row per code and quantity).

Every figure carries its kind (the largest or the smallest allowed), its unit, how it is bounded
and the sections that bind it, so a reader can check it against the law and a script can
load it without parsing prose.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict

from docklaw.envelope.parcel import Parcel
from docklaw.envelope.search import QUANTITIES, CodeEnvelope, Figure
from docklaw.errors import InputError

FORMATS = ("table", "json", "csv")
STATUS_WORDS = {"conforms": "conforms", "incomplete": "incomplete: facts needed",
                "none": "no conforming dock"}


def parcel_text(parcel: Parcel) -> str:
    """One sentence naming the reference parcel."""
    return (f"{parcel.frontage:g} feet of shoreline, {parcel.land_use}, bottom slope "
            f"{parcel.slope:g} (1:{1 / parcel.slope:.0f}), tidal range {parcel.tidal_range:g} "
            f"feet on tidal waters (lakes: the levels their codes state), boats needing "
            f"{parcel.navigable_depth:g} feet at low water, "
            f"{'a' if parcel.steep_slope else 'no'} steep slope, nearest channel "
            f"{parcel.channel_distance:g} feet out")


def value_text(figure: Figure) -> str:
    """"150 feet", "2", "no conforming dock"; "40 or more" when the search found no limit."""
    if figure.value is None:
        return "none"
    unit = figure.quantity.unit
    number = f"{figure.value:,g}" if not figure.quantity.integer else str(figure.value)
    text = f"{number} {unit}".strip()
    return f"{text} (no limit found)" if figure.bound == "search" and \
        figure.quantity.direction == "max" else text


def bound_text(figure: Figure) -> str:
    """What binds the figure, with citations."""
    sections = sorted({b.section for b in figure.binding if b.section})
    if figure.bound == "rule":
        return ", ".join(sections) or "; ".join(b.message for b in figure.binding)
    if figure.bound == "product":
        return "length x width (" + ", ".join(sections) + ")" if sections else "length x width"
    if figure.bound == "reference":
        return "no conforming reference dock: " + ", ".join(sections)
    if figure.bound == "search" and figure.quantity.direction == "max":
        return "no rule limits it up to the search's end"
    return figure.note or "no rule found"


def to_table(parcel: Parcel, codes: list[CodeEnvelope]) -> str:
    lines = [f"The largest residential dock each code allows on {parcel_text(parcel)}.", ""]
    header = ("quantity", "value", "bound by", "status")
    for env in codes:
        lines.append(f"{env.name} ({env.jurisdiction}), {env.water.name}"
                     + (f", Tier {env.tier}" if env.tier is not None else "") + ":")
        rows = [(f.quantity.label + (" (min)" if f.quantity.direction == "min" else ""),
                 value_text(f), bound_text(f), STATUS_WORDS.get(f.status, f.status))
                for f in env.figures.values()]
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]
        for r in [header, *rows]:
            lines.append("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True))
                         .rstrip())
        needed = sorted({s for f in env.figures.values() for s, _ in f.needed if s})
        if needed:
            lines.append("  facts the code still needs: " + ", ".join(needed))
        if env.required:
            lines.append("  the reference application meets: " + "; ".join(env.required))
        lines.append("")
    lines.append("Each figure varies one quantity of the reference dock (4 feet wide, one slip, "
                 "centred; length: where boats reach navigable depth, or the nearest length the "
                 "code allows) and was validated at its value and one step beyond.")
    return "\n".join(lines)


def to_json(parcel: Parcel, codes: list[CodeEnvelope]) -> str:
    return json.dumps({"parcel": asdict(parcel), "parcel_text": parcel_text(parcel),
                       "quantities": [{"key": q.key, "label": q.label, "unit": q.unit,
                                       "kind": "minimum" if q.direction == "min" else "maximum",
                                       "note": q.note} for q in QUANTITIES],
                       "codes": [c.to_json() for c in codes]}, indent=2)


CSV_COLUMNS = ("jurisdiction", "name", "water", "quantity", "kind", "value", "unit", "status",
               "bound", "binding_sections", "binding_section_iris", "beyond")


def to_csv(codes: list[CodeEnvelope]) -> str:
    """Tidy: one row per code and quantity."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for env in codes:
        for f in env.figures.values():
            w.writerow([env.jurisdiction, env.name, env.water.name, f.quantity.key,
                        "minimum" if f.quantity.direction == "min" else "maximum",
                        "" if f.value is None else f.value, f.quantity.unit or "count",
                        f.status, f.bound,
                        "; ".join(sorted({b.section for b in f.binding if b.section})),
                        " ".join(sorted({b.section_iri for b in f.binding if b.section_iri})),
                        "" if f.beyond is None else f.beyond])
    return buf.getvalue()


def render(parcel: Parcel, codes: list[CodeEnvelope], fmt: str) -> str:
    if fmt == "table":
        return to_table(parcel, codes)
    if fmt == "json":
        return to_json(parcel, codes)
    if fmt == "csv":
        return to_csv(codes)
    raise InputError(f"unknown format {fmt!r}; expected {', '.join(FORMATS)}")
