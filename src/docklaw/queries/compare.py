"""Side-by-side comparison of the registered codes, one table per topic, built from saved queries.

``build_report(topics, jurisdictions)`` returns a plain data structure (so the web layer can
serve ``/compare``); ``render(report, "html"|"md"|"csv")`` turns it into text. Every cell line
cites and links the section it comes from; a code the data has nothing on says "not regulated".
"""

from __future__ import annotations

import csv
import html
import io
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rdflib import Graph, URIRef

from docklaw import jurisdictions as registry
from docklaw.errors import InputError
from docklaw.namespaces import JUR
from docklaw.queries.catalogue import get
from docklaw.queries.run import default_store, run_saved, run_text

if TYPE_CHECKING:
    from docklaw.sparql.store import Store

NOT_REGULATED = "not regulated"
PLURAL = {"foot": "feet", "inch": "inches", "square foot": "square feet", "pound": "pounds",
          "day": "days", "percent": "percent"}
TO_FEET = {"foot": 1.0, "inch": 1 / 12, "square foot": 1.0, "pound": 1.0, "": 1.0}

from docklaw.queries.topics import TOPICS  # noqa: E402 (light: `docklaw compare --help`)


@dataclass
class Line:
    """One statement in a cell, with the section it cites."""

    text: str
    citation: str
    section: str
    value: float | None = None


#: cell marks -> what the legend says (one colour each, the same words everywhere)
MARKS: dict[str, str] = {
    "largest": "the largest value among the codes (where they differ)",
    "smallest": "the smallest value among the codes (where they differ)",
    "silent": "not regulated here, while other codes regulate the matter",
}


@dataclass
class Cell:
    jurisdiction: str
    lines: list[Line] = field(default_factory=list)
    highlight: bool = False
    #: why highlighted: a key of MARKS, or "" (not highlighted)
    mark: str = ""

    @property
    def empty(self) -> bool:
        return not self.lines


@dataclass
class Topic:
    key: str
    title: str
    query: str
    cells: dict[str, Cell]
    differs: bool = False


@dataclass
class Report:
    jurisdictions: list[str]
    labels: dict[str, str]
    topics: list[Topic]
    chart_svg: str
    #: codes left out of the chart -> why
    chart_omitted: dict[str, str] = field(default_factory=dict)


def _fmt_number(value: object) -> str:
    try:
        number = float(str(value))
    except ValueError:
        return str(value)
    return f"{number:g}" if number != int(number) else f"{int(number):,}"


def _line_text(row: dict[str, str | None]) -> str:
    """A readable statement from whatever the query row carries."""
    parts: list[str] = []
    label = row.get("ruleLabel") or row.get("tableLabel") or row.get("authorityLabel") or ""
    if row.get("facilityLabel"):
        return f"{row['facilityLabel']}: {row['allowed']} ({label}, category {row.get('category')})"
    if row.get("authorityLabel"):
        return f"{row['authorityLabel']}: {row.get('varianceClass')}"
    if row.get("datumName"):
        unit = PLURAL.get(str(row.get("unit") or ""), str(row.get("unit") or ""))
        return (f"{row.get('lakeName')}, {row['datumName']}: {_fmt_number(row.get('value'))} "
                f"{unit} above {row.get('relativeToName') or 'the datum'}")
    if "maxFine" in row or "referral" in row:
        bits = []
        if row.get("minFine"):
            bits.append(f"minimum fine ${_fmt_number(row['minFine'])}")
        if row.get("maxFine"):
            bits.append(f"maximum fine ${_fmt_number(row['maxFine'])}")
        if row.get("imprisonment"):
            bits.append(f"imprisonment up to {row['imprisonment']} {row.get('imprisonmentUnit')}s")
        if row.get("perDay") == "true":
            bits.append("each day a separate offence")
        if row.get("referral"):
            bits.append(f"referral: {row['referral']}")
        return "; ".join(bits)
    if label:
        parts.append(label)
    limit = ""
    if row.get("limit") is not None:
        unit = PLURAL.get(str(row.get("unit") or ""), str(row.get("unit") or ""))
        limit = f"{row.get('comparison') or ''} {_fmt_number(row['limit'])} {unit}"
    elif row.get("lower") is not None and row.get("upper") is not None:
        limit = (f"between {_fmt_number(row['lower'])} and {_fmt_number(row['upper'])} "
                 f"{row.get('upperUnit') or ''}")
    elif row.get("computed"):
        limit = "computed from the application (see section)"
    elif row.get("comparison"):
        limit = str(row["comparison"])
    if limit.strip():
        parts.append(limit.strip())
    conditions = [f"Tier {row['tier']}"] if row.get("tier") else []
    if conditions:
        parts.append("when " + ", ".join(conditions))
    if row.get("triggerValue") is not None and row.get("permitLabel"):
        unit = PLURAL.get(str(row.get("triggerUnit") or ""), str(row.get("triggerUnit") or ""))
        trigger = str(row.get("triggerProperty") or "").rsplit("#", 1)[-1]
        parts.append(f"({row['permitLabel']} from {row.get('issuerLabel') or 'the State'} when "
                     f"{trigger} is {row.get('triggerComparison') or ''} "
                     f"{_fmt_number(row['triggerValue'])} {unit})")
    if row.get("discretionary") == "true":
        parts.append("(discretionary)")
    return ": ".join(parts[:2]) + (" " + " ".join(parts[2:]) if len(parts) > 2 else "")


def _value(row: dict[str, str | None]) -> float | None:
    """The row's number in a comparable unit (inches to feet), for highlighting extremes."""
    for key in ("limit", "allowed", "maxFine"):
        if row.get(key) is not None:
            factor = TO_FEET.get(str(row.get("unit") or ""))
            try:
                return None if factor is None else float(str(row[key])) * factor
            except ValueError:
                return None
    return None


def _resolve(jurisdictions: list[str] | None) -> list[str]:
    if not jurisdictions:
        return list(registry.ids())
    return [registry.resolve(j).id for j in jurisdictions]


def _topics(topics: list[str] | None) -> list[str]:
    if not topics:
        return list(TOPICS)
    unknown = [t for t in topics if t not in TOPICS]
    if unknown:
        raise InputError(f"unknown topic(s) {', '.join(unknown)}; known: {', '.join(TOPICS)}")
    return topics


def build_topic(graph: Store | Graph, key: str, jids: list[str], *,
                timeout: float | None = None) -> Topic:
    title, query_name, params = TOPICS[key]
    result = run_saved(graph, get(query_name), params, timeout=timeout).plain()
    cells = {jid: Cell(jid) for jid in jids}
    seen: set[tuple[str, str, str]] = set()
    works: dict[tuple[str, str, str], list[str]] = {}
    lines_by_key: dict[tuple[str, str, str], Line] = {}
    for row in run_rows_with_jurisdiction(graph, result):
        jid = row["_jid"]
        if jid not in cells or not row.get("section"):
            continue
        text = _line_text(row)
        keyed = (jid, text, str(row["section"]))
        if row.get("work"):
            works.setdefault(keyed, []).append(str(row["work"]))
        if keyed in seen:
            continue
        seen.add(keyed)
        line = Line(text, str(row.get("citation") or ""), str(row["section"]), _value(row))
        lines_by_key[keyed] = line
        cells[jid].lines.append(line)
    for keyed, kinds in works.items():
        unique = sorted(set(kinds))
        if len(unique) < 4:  # all four work kinds = unconditional, say nothing
            lines_by_key[keyed].text += f" ({', '.join(unique)})"
    # rows that tie on the query's ORDER BY come back in any order (it differs between
    # Oxigraph in memory, on disk and rdflib): keep the sections in query order and order
    # the lines of one section by their text, so every backend gives the same report
    for cell in cells.values():
        first = {ln.section: i for i, ln in reversed(list(enumerate(cell.lines)))}
        cell.lines.sort(key=lambda ln: (first[ln.section], ln.text))
    topic = Topic(key, title, query_name, cells)
    _highlight(topic)
    return topic


def run_rows_with_jurisdiction(graph: Store | Graph, rows: list[dict[str, str | None]]
                               ) -> list[dict[str, str | None]]:
    """Attach the jurisdiction id to each row from its section IRI."""
    base = "https://w3id.org/docklaw/code/"
    out = []
    for row in rows:
        section = row.get("section") or ""
        jid = section[len(base):].split("/", 1)[0] if section.startswith(base) else ""
        out.append({**row, "_jid": jid})
    return out


def _highlight(topic: Topic) -> None:
    """Mark (see MARKS) the cells holding the largest and the smallest value where the codes'
    values differ (a code's value: the largest number in its cell), and the codes that are
    silent where others regulate."""
    peaks: dict[str, float] = {}
    for jid, cell in topic.cells.items():
        values = [ln.value for ln in cell.lines if ln.value is not None]
        if values:
            peaks[jid] = max(values)
    if len(set(peaks.values())) > 1:
        topic.differs = True
        hi, lo = max(peaks.values()), min(peaks.values())
        for jid, v in peaks.items():
            if v in (hi, lo):
                topic.cells[jid].mark = "largest" if v == hi else "smallest"
    regulated = [c for c in topic.cells.values() if not c.empty]
    if regulated and len(regulated) != len(topic.cells):
        topic.differs = True  # some codes regulate the matter, others are silent
        for cell in topic.cells.values():
            if cell.empty:
                cell.mark = "silent"
    for cell in topic.cells.values():
        cell.highlight = bool(cell.mark)


def dock_allocation_points(graph: Store | Graph, jids: list[str], frontages: list[float], *,
                           timeout: float | None = None) -> dict[str, list[tuple[float, int]]]:
    """Docks allowed by each code's allocation table per frontage, for the case every code
    can be compared on: a residential parcel (tables for no land use or for residential use;
    Tier 1 where Tiers apply). A code with no such table has no series (see chart_omitted)."""
    text = """PREFIX dl: <https://w3id.org/docklaw/ontology#>
    SELECT ?section ?tier ?min ?max ?base ?inc ?per ?over WHERE {
      ?table a dl:AllocationTable ; dl:section ?section ; dl:row ?row .
      OPTIONAL { ?table dl:appliesToTier ?tier }
      ?row dl:minFootage ?min ; dl:allowance ?a .
      OPTIONAL { ?row dl:maxFootage ?max }
      ?a dl:facility dl:Dock ; dl:baseCount ?base .
      OPTIONAL { ?a dl:incrementCount ?inc ; dl:incrementPer ?per ; dl:incrementOver ?over }
      FILTER NOT EXISTS { ?table dl:appliesToLandUse ?use
                          FILTER(?use != dl:ResidentialUse) }
    }"""
    rows = run_text(graph, text, timeout=timeout).plain()
    base_iri = "https://w3id.org/docklaw/code/"
    series: dict[str, list[tuple[float, int]]] = {}
    for jid in jids:
        mine = [r for r in rows if (r["section"] or "").startswith(f"{base_iri}{jid}/")
                and (r["tier"] in (None, "1"))]
        if not mine:
            continue
        tables = {r["section"] for r in mine}
        first = sorted(tables)[0]  # one table per code (the first by section)
        points = []
        for f in frontages:
            allowed = 0
            for r in (r for r in mine if r["section"] == first):
                lo, hi = float(r["min"]), float(r["max"]) if r["max"] else math.inf
                if lo <= f <= hi:
                    allowed = int(r["base"])
                    if r["inc"] and f > float(r["over"]):
                        steps = math.floor((f - float(r["over"])) / float(r["per"]))
                        allowed += int(r["inc"]) * steps
            points.append((f, allowed))
        series[jid] = points
    return series


COLOURS = ("#1b6ca8", "#d1495b", "#00798c", "#edae49", "#66a182")


def chart_svg(series: dict[str, list[tuple[float, int]]], labels: dict[str, str]) -> str:
    """A small line chart: docks allowed against shoreline frontage, one line per code."""
    width, height, pad = 560, 300, 44
    if not series:
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="560" height="40">'
                '<text x="10" y="25">'
                'No code in this report allocates docks by shoreline frontage.</text></svg>')
    xs = [x for pts in series.values() for x, _ in pts]
    ymax = max(1, *(y for pts in series.values() for _, y in pts))
    xmax = max(xs)
    sx = lambda x: pad + (width - 2 * pad) * x / xmax  # noqa: E731
    sy = lambda y: height - pad - (height - 2 * pad) * y / ymax  # noqa: E731
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           'role="img" aria-label="Docks allowed by shoreline frontage">',
           f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" '
           'stroke="#333"/>',
           f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="#333"/>',
           f'<text x="{width / 2}" y="{height - 8}" text-anchor="middle" font-size="12">'
           'shoreline frontage (feet)</text>',
           f'<text x="12" y="{height / 2}" font-size="12" transform="rotate(-90 12 {height / 2})" '
           'text-anchor="middle">docks allowed</text>']
    for tick in range(0, int(xmax) + 1, 100):
        out.append(f'<text x="{sx(tick):.1f}" y="{height - pad + 14}" font-size="10" '
                   f'text-anchor="middle">{tick}</text>')
    for tick in range(0, ymax + 1):
        out.append(f'<text x="{pad - 6}" y="{sy(tick) + 3:.1f}" font-size="10" '
                   f'text-anchor="end">{tick}</text>')
    for i, (jid, pts) in enumerate(series.items()):
        colour = COLOURS[i % len(COLOURS)]
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in pts)
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{path}">'
                   f'<title>{html.escape(labels.get(jid, jid))}</title></polyline>')
        out.append(f'<text x="{width - pad - 150}" y="{pad + 14 * i}" font-size="11" '
                   f'fill="{colour}">{html.escape(labels.get(jid, jid))}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _labels(graph: Store | Graph, jids: list[str], *,
            timeout: float | None = None) -> dict[str, str]:
    """Each jurisdiction's name (rdfs:label), from whatever the report runs on."""
    rows = run_text(graph, "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"
                    "SELECT ?j ?label WHERE { ?j rdfs:label ?label . "
                    f"FILTER(STRSTARTS(STR(?j), \"{JUR}\")) }}", timeout=timeout).plain()
    found = {str(r["j"])[len(str(JUR)):]: str(r["label"]) for r in rows}
    return {j: found.get(j, j) for j in jids}


def build_report(topics: list[str] | None = None, jurisdictions: list[str] | None = None,
                 graph: Store | Graph | None = None, *, timeout: float | None = None) -> Report:
    """The comparison as data: one Topic per requested topic, one Cell per requested code.

    Runs on ``default_store()`` (``$DOCKLAW_STORE``, else embedded Oxigraph) unless a store
    (any backend: ``docklaw compare --store``, the web app's) or a graph is given;
    ``timeout`` bounds each query on a store.
    """
    g = graph if graph is not None else default_store()
    jids = _resolve(jurisdictions)
    keys = _topics(topics)
    labels = _labels(g, jids, timeout=timeout)
    built = [build_topic(g, key, jids, timeout=timeout) for key in keys]
    series = dock_allocation_points(g, jids, [float(f) for f in range(0, 501, 5)],
                                    timeout=timeout)
    omitted = {jid: "its code allocates no docks by shoreline frontage (no allocation table)"
               for jid in jids if jid not in series}
    return Report(jids, labels, built, chart_svg(series, labels), omitted)


CHART_CAPTION = ("Docks allowed by shoreline frontage for a residential parcel "
                 "(allocation tables; Tier 1 where Tiers apply).")


def omitted_text(report: Report) -> str:
    """One sentence naming the codes the chart leaves out and why ("" when none)."""
    if not report.chart_omitted:
        return ""
    return "Not charted: " + "; ".join(f"{report.labels.get(j, j)}: {why}"
                                       for j, why in report.chart_omitted.items()) + "."


# --------------------------------------------------------------------------- renderers

def render(report: Report, fmt: str) -> str:
    try:
        return {"html": to_html, "md": to_markdown, "csv": to_csv}[fmt](report)
    except KeyError:
        raise InputError(f"unknown format {fmt!r}; expected html, md or csv") from None


def to_markdown(report: Report) -> str:
    out = ["# Dock codes compared", "",
           "Bold codes are highlighted: " + "; ".join(f"{k}: {v}" for k, v in MARKS.items())
           + ".", ""]
    for topic in report.topics:
        out += [f"## {topic.title}" + (" (codes differ)" if topic.differs else ""), "",
                "| code | rule |", "| --- | --- |"]
        for jid in report.jurisdictions:
            cell = topic.cells[jid]
            body = "<br>".join(f"{ln.text} ([{ln.citation}]({ln.section}))" for ln in cell.lines)
            mark = "**" if cell.highlight else ""
            why = f" ({cell.mark})" if cell.mark else ""
            out.append(f"| {mark}{report.labels[jid]}{mark}{why} | "
                       f"{(body or NOT_REGULATED).replace('|', '/')} |")
        out.append("")
    return "\n".join(out)


def to_csv(report: Report) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["topic", "jurisdiction", "rule", "citation", "section", "highlight"])
    for topic in report.topics:
        for jid in report.jurisdictions:
            cell = topic.cells[jid]
            if cell.empty:
                w.writerow([topic.key, jid, NOT_REGULATED, "", "", cell.highlight])
            for ln in cell.lines:
                w.writerow([topic.key, jid, ln.text, ln.citation, ln.section, cell.highlight])
    return buf.getvalue()


def to_html(report: Report) -> str:
    """A standalone page (``docklaw compare --format html``); links keep the w3id IRIs."""
    esc = html.escape
    legend = "Highlighted: " + " ".join(f'<span class="mark-{k}">{esc(v)}</span>'
                                       for k, v in MARKS.items())
    head = "".join(f"<th>{esc(report.labels[j])}</th>" for j in report.jurisdictions)
    rows = []
    for topic in report.topics:
        cells = []
        for jid in report.jurisdictions:
            cell = topic.cells[jid]
            body = "".join(f'<li>{esc(ln.text)} <a href="{esc(ln.section)}">'
                           f'{esc(ln.citation)}</a></li>' for ln in cell.lines)
            content = f"<ul>{body}</ul>" if body else f"<em>{NOT_REGULATED}</em>"
            cls = f' class="mark-{cell.mark}" title="{esc(MARKS[cell.mark])}"' if cell.mark else ""
            cells.append(f"<td{cls}>{content}</td>")
        rows.append(f'<tr id="{esc(topic.key)}"><th>{esc(topic.title)}</th>{"".join(cells)}</tr>')
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dock codes compared</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; }}
table {{ border-collapse: collapse; }}
th, td {{ border: 1px solid #bbb; padding: 4px 6px; vertical-align: top; font-size: 13px; }}
.mark-largest {{ background: #ffd9a8; }}
.mark-smallest {{ background: #c9e7ff; }}
.mark-silent {{ background: #eeeeee; }}
.legend span {{ padding: 0 .4em; margin-right: .6em; border: 1px solid #bbb; }}
ul {{ margin: 0; padding-left: 1.1em; }}
</style></head><body>
<h1>Dock codes compared</h1>
<p class="legend">{legend}</p>
<figure>{report.chart_svg}<figcaption>{esc(CHART_CAPTION)} {esc(omitted_text(report))}
</figcaption></figure>
<table><thead><tr><th>topic</th>{head}</tr></thead><tbody>
{chr(10).join(rows)}
</tbody></table></body></html>
"""


def section_exists(graph: Graph, iri: str) -> bool:
    from docklaw.namespaces import DL

    return (URIRef(iri), DL.citation, None) in graph
