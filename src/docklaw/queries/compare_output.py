"""The comparison report as documents: Markdown, a standalone printable HTML page, PDF, and
tidy CSV (one row per code, topic and compared quantity) for pandas or R.

Every document opens with the summary matrix (one figure per code per topic, with its citation
and link), then the details per topic. The HTML carries its print stylesheet (the same rules
as the site's, ``PRINT_CSS``); PDF is that page rendered by WeasyPrint when it is installed
(``pip install 'docklaw[pdf]'``), otherwise the command says so and the HTML prints from any
browser.
"""

from __future__ import annotations

import csv
import html
import io
from typing import TYPE_CHECKING

from docklaw.errors import DocklawError

if TYPE_CHECKING:
    from docklaw.queries.compare import Cell, Line, Report, Topic

#: print rules shared by the standalone report and the site (static/style.css repeats them)
PRINT_CSS = """
@media print {
  body { margin: 0; font-size: 10pt; }
  .no-print, header nav, .site-header, .site-footer, form { display: none !important; }
  details { display: block; }
  details > summary { list-style: none; font-weight: bold; }
  details > summary::-webkit-details-marker { display: none; }
  .table-wrap { overflow: visible !important; }
  table { width: 100%; }
  tr, li, figure { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
  section.topic { break-before: auto; }
  a { color: inherit; text-decoration: none; }
  a.cite::after { content: " <" attr(href) ">"; font-size: 7pt; color: #555;
                  word-break: break-all; }
}
@page { size: letter landscape; margin: 12mm; }
"""

SCREEN_CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #1d1d1d; }
table { border-collapse: collapse; }
th, td { border: 1px solid #bbb; padding: 4px 6px; vertical-align: top; font-size: 13px;
         text-align: left; }
.table-wrap { max-width: 100%; overflow-x: auto; }
.mark-largest { background: #ffd9a8; }
.mark-smallest { background: #c9e7ff; }
.mark-silent { background: #eeeeee; }
.legend span { padding: 0 .4em; margin-right: .6em; border: 1px solid #bbb; }
.what { display: block; color: #555; font-size: 11px; }
.status { font-style: italic; color: #555; }
ul { margin: 0; padding-left: 1.1em; }
details { margin: .6em 0; }
summary { cursor: pointer; font-size: 1.1em; font-weight: bold; }
"""


def reading_text(cell: Cell) -> str:
    """An empty cell in words: what the curators found, with the sections they read."""
    if cell.reading is None:
        return "not curated: no rule is curated and the text was not read for this topic"
    sections = ", ".join(c for c, _ in cell.reading.sections)
    return f"{cell.reading.outcome} (read: {sections}). {cell.reading.note}".strip()


# --------------------------------------------------------------------------- Markdown

#: the marker after a citation whose section number the text does not print, and its legend
INFERRED_MARK = "†"
INFERRED = ("section number not printed in the text: docklaw inferred it "
            "(the section's page says how)")


def cited(citation: str, printed: bool) -> str:
    """A citation as a report shows it: "§ 56-7G †" when the number is inferred."""
    return f"{citation} {INFERRED_MARK}" if citation and not printed else citation


def inferred_legend() -> str:
    """What the marker after a citation means (the same words in every format)."""
    return f"{INFERRED_MARK} after a citation: {INFERRED}."


def to_markdown(report: Report, marks: dict[str, str]) -> str:
    heads = [report.labels[j] for j in report.jurisdictions]
    out = ["# Dock codes compared", "",
           "Highlighted (**bold**): " + "; ".join(f"{k}: {v}" for k, v in marks.items()) + ".",
           "", inferred_legend(), "", "## Summary", "",
           "| topic | " + " | ".join(heads) + " |",
           "| --- |" + " --- |" * len(heads)]
    for topic in report.topics:
        row = []
        for jid in report.jurisdictions:
            s = topic.summary.get(jid)
            if s is None:
                row.append("")
                continue
            text = f"**{s.text}**" if s.mark else s.text
            cite = f" ([{s.cited}]({s.section}))" if s.citation else ""
            aside = f" ({s.aside})" if s.aside else ""
            row.append((text + cite + aside).replace("|", "/"))
        what = f" ({topic.compared})" if topic.compared else ""
        out.append(f"| {topic.title}{what} | " + " | ".join(row) + " |")
    out.append("")
    for topic in report.topics:
        out += [f"## {topic.title}" + (" (codes differ)" if topic.differs else ""), "",
                "| code | rule |", "| --- | --- |"]
        for jid in report.jurisdictions:
            cell = topic.cells[jid]
            body = "<br>".join(_md_line(ln) for ln in cell.lines)
            mark = "**" if cell.highlight else ""
            why = f" ({cell.mark})" if cell.mark else ""
            out.append(f"| {mark}{report.labels[jid]}{mark}{why} | "
                       f"{(body or reading_text(cell)).replace('|', '/')} |")
        out.append("")
    return "\n".join(out)


def _md_line(line: Line) -> str:
    mark = f" **({line.mark})**" if line.mark else ""
    what = f" _[{line.what}]_" if line.what else ""
    return f"{line.text} ([{line.cited}]({line.section})){mark}{what}"


# --------------------------------------------------------------------------- CSV

CSV_COLUMNS = ("jurisdiction", "code", "topic", "quantity", "kind", "value", "unit", "baseline",
               "structure", "land_use", "conditions", "figure", "text", "citation", "section",
               "rule", "comparable", "mark", "status", "number_printed")


def to_csv(report: Report) -> str:
    """Tidy: one row per code, topic and statement (an empty cell: one row with its status)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for topic in report.topics:
        for jid in report.jurisdictions:
            cell = topic.cells[jid]
            name = report.labels[jid]
            if cell.empty:
                sections = cell.reading.sections if cell.reading else []
                w.writerow([jid, name, topic.key, "", "", "", "", "", "", "", "", "",
                            reading_text(cell), "; ".join(c for c, _ in sections),
                            " ".join(i for _, i in sections), "", "", cell.mark, cell.status,
                            ""])
            for ln in cell.lines:
                like = ln.like
                kind = {"max": "maximum", "min": "minimum", "range": "range"}.get(
                    like.kind if like else "", "")
                conditions = "; ".join(x for x in (
                    "Tier " + ", ".join(like.tiers) if like and like.tiers else "",
                    ", ".join(like.works) if like and like.works else "",
                    "under a condition" if like and like.conditional else "",
                    "discretionary" if like and like.discretionary else "") if x)
                w.writerow([jid, name, topic.key, like.measure if like else "", kind,
                            "" if ln.value is None else round(ln.value, 4), ln.unit,
                            like.baseline if like else "", like.structure if like else "",
                            ", ".join(like.land_uses) if like else "", conditions, ln.figure,
                            ln.text, ln.citation, ln.section, ln.rule,
                            str(bool(like and like.eligible and ln.value is not None)).lower(),
                            ln.mark, cell.status, str(ln.printed).lower()])
    return buf.getvalue()


# --------------------------------------------------------------------------- HTML / PDF

def summary_html(report: Report, link: object = None) -> str:
    """The summary matrix as an HTML table (``link(iri) -> href``; default: the IRI)."""
    esc = html.escape
    href = link if callable(link) else (lambda iri: iri)
    head = "".join(f'<th scope="col">{esc(report.labels[j])}</th>' for j in report.jurisdictions)
    rows = []
    for topic in report.topics:
        cells = []
        for jid in report.jurisdictions:
            s = topic.summary.get(jid)
            if s is None:
                cells.append("<td></td>")
                continue
            cls = f' class="mark-{s.mark}"' if s.mark else ""
            cite = (f' <a class="cite" href="{esc(href(s.section))}">{esc(s.cited)}</a>'
                    if s.citation and s.section else "")
            aside = f'<span class="what">{esc(s.aside)}</span>' if s.aside else ""
            cells.append(f"<td{cls}>{esc(s.text)}{cite}{aside}</td>")
        what = f'<span class="what">{esc(topic.compared)}</span>' if topic.compared else ""
        rows.append(f'<tr><th scope="row"><a href="#{esc(topic.key)}">{esc(topic.title)}</a>'
                    f'{what}</th>{"".join(cells)}</tr>')
    return (f'<div class="table-wrap"><table id="summary-matrix" class="compare summary">'
            f'<thead><tr><th scope="col">topic</th>{head}</tr></thead><tbody>'
            + "\n".join(rows) + "</tbody></table></div>")


def topic_html(report: Report, topic: Topic, link: object = None, *, open_: bool = False) -> str:
    esc = html.escape
    href = link if callable(link) else (lambda iri: iri)
    rows = []
    for jid in report.jurisdictions:
        cell = topic.cells[jid]
        items = []
        for ln in cell.lines:
            mark = f' class="mark-{ln.mark}" title="{esc(ln.mark)}"' if ln.mark else ""
            what = f'<span class="what">{esc(ln.what)}</span>' if ln.what else ""
            items.append(f'<li{mark}>{esc(ln.text)} <a class="cite" href="{esc(href(ln.section))}">'
                         f'{esc(ln.cited)}</a>{what}</li>')
        if items:
            content = f"<ul>{''.join(items)}</ul>"
        else:
            sections = cell.reading.sections if cell.reading else []
            links = ", ".join(f'<a class="cite" href="{esc(href(i))}">{esc(c)}</a>'
                              for c, i in sections)
            note = esc(cell.reading.note) if cell.reading else ""
            content = (f'<em class="status">{esc(cell.status)}</em>'
                       + (f" (read: {links}) {note}" if cell.reading else
                          " (no rule is curated and the text was not read for this topic)"))
        cls = f' class="mark-{cell.mark}"' if cell.mark else ""
        rows.append(f'<tr><th scope="row">{esc(report.labels[jid])}</th><td{cls}>{content}</td>'
                    "</tr>")
    differs = " (codes differ)" if topic.differs else ""
    return (f'<section class="topic" id="{esc(topic.key)}"><details{" open" if open_ else ""}>'
            f"<summary>{esc(topic.title)}{differs}</summary>"
            f'<div class="table-wrap"><table class="compare detail"><tbody>{"".join(rows)}'
            "</tbody></table></div></details></section>")


def to_html(report: Report, marks: dict[str, str], caption: str = "") -> str:
    """A standalone page (``docklaw compare --format html``): summary matrix, the chart (with
    ``caption``), the details per topic (open, for print); links keep the w3id IRIs."""
    esc = html.escape
    legend = "Highlighted: " + " ".join(f'<span class="mark-{k}">{esc(v)}</span>'
                                       for k, v in marks.items())
    topics = "\n".join(topic_html(report, t, open_=True) for t in report.topics)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dock codes compared</title>
<style>{SCREEN_CSS}{PRINT_CSS}</style></head><body>
<h1>Dock codes compared</h1>
<p class="legend">{legend}</p>
<p class="legend" id="inferred-legend">{esc(inferred_legend())}</p>
<h2>Summary</h2>
{summary_html(report)}
<figure>{report.chart_svg}<figcaption>{esc(caption)}</figcaption></figure>
<h2>Details per topic</h2>
{topics}
</body></html>
"""


class PdfUnavailable(DocklawError):
    """No PDF renderer is installed: the HTML report prints from any browser."""

    exit_code = 3
    http_status = 501


def to_pdf(report: Report, marks: dict[str, str], caption: str = "") -> bytes:
    """The standalone page rendered to PDF by WeasyPrint (``pip install 'docklaw[pdf]'``)."""
    try:
        from weasyprint import HTML
    except (ImportError, OSError) as exc:  # OSError: WeasyPrint without Pango
        raise PdfUnavailable(
            f"PDF needs WeasyPrint ({exc}); install it with pip install 'docklaw[pdf]', or "
            "write --format html and print it from a browser (the page has a print "
            "stylesheet)") from None
    return HTML(string=to_html(report, marks, caption)).write_pdf()  # type: ignore[no-any-return]
