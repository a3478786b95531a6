"""Side-by-side comparison of the registered codes, one table per topic, built from saved queries.

``build_report(topics, jurisdictions)`` returns a plain data structure (so the web layer can
serve ``/compare``); ``render(report, "html"|"md"|"csv"|"pdf")`` turns it into a document: a
summary matrix first (one figure per code per topic, with its citation and link), then the
details per topic. Every compared limit says what it is (``docklaw.queries.likeness``: kind,
property, baseline, structure, land use, a computed limit's operands and fixed bound) and a
highlight is drawn only among limits that compare the same thing. A code with nothing curated
on a topic says "not regulated" only where the curators read its text for that topic
(``dl:topicReading`` in ``ontology/codes/<id>/topics.ttl``, with the sections read); anywhere
else it says "not curated".
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from rdflib import Graph, URIRef

from docklaw import jurisdictions as registry
from docklaw.errors import InputError
from docklaw.namespaces import JUR
from docklaw.queries import compare_output
from docklaw.queries.catalogue import get
from docklaw.queries.likeness import Likeness, allocation, describe
from docklaw.queries.run import default_store, run_saved, run_text

if TYPE_CHECKING:
    from docklaw.sparql.store import Store

NOT_REGULATED = "not regulated"
NOT_CURATED = "not curated"
PLURAL = {"foot": "feet", "inch": "inches", "square foot": "square feet", "pound": "pounds",
          "day": "days", "percent": "percent"}
TO_FEET = {"foot": 1.0, "inch": 1 / 12, "square foot": 1.0, "pound": 1.0, "": 1.0}

from docklaw.queries.topics import TOPICS  # noqa: E402 (light: `docklaw compare --help`)


@dataclass
class Line:
    """One statement in a cell, with the section it cites and what it limits."""

    text: str
    citation: str
    section: str
    value: float | None = None
    #: the rule (or allocation table) the line states
    rule: str = ""
    like: Likeness | None = None
    #: the limit as stated ("at most 100 feet", "at most 200 feet: the lesser of ...")
    figure: str = ""
    unit: str = ""
    #: a key of MARKS when this line is the code's figure in a highlighted comparison
    mark: str = ""
    #: False when the section number is not printed in the text (dl:numberPrinted false)
    printed: bool = True

    @property
    def what(self) -> str:
        return self.like.what() if self.like else ""

    @property
    def cited(self) -> str:
        """The citation as shown: marked when its number is inferred (see INFERRED)."""
        return cited(self.citation, self.printed)


#: cell marks -> what the legend says (one colour each, the same words everywhere)
MARKS: dict[str, str] = {
    "largest": "the largest among the codes' limits on the same thing (where they differ)",
    "smallest": "the smallest among the codes' limits on the same thing (where they differ)",
    "silent": "not regulated: the curators read the text for this topic and it is silent, "
              "while other codes regulate the matter",
}


from docklaw.queries.compare_output import INFERRED, INFERRED_MARK, cited  # noqa: E402

__all__ = ["INFERRED", "INFERRED_MARK", "cited"]


@dataclass
class Reading:
    """What the curators found reading a code for a topic it has no rule on."""

    outcome: str                  # "not regulated" | "regulated otherwise" | "not applicable"
    note: str
    sections: list[tuple[str, str]] = field(default_factory=list)   # (citation, IRI)


@dataclass
class Cell:
    jurisdiction: str
    lines: list[Line] = field(default_factory=list)
    highlight: bool = False
    #: why highlighted: a key of MARKS, or "" (not highlighted)
    mark: str = ""
    reading: Reading | None = None

    @property
    def empty(self) -> bool:
        return not self.lines

    @property
    def status(self) -> str:
        """"regulated", or for an empty cell what the reading found, else "not curated"."""
        if self.lines:
            return "regulated"
        return self.reading.outcome if self.reading else NOT_CURATED


@dataclass
class Summary:
    """One figure per code per topic for the summary matrix."""

    text: str
    citation: str = ""
    section: str = ""
    mark: str = ""
    #: what the figure limits, when it is not what the topic's comparison sets side by side
    aside: str = ""
    #: False when the cited section's number is inferred, not printed
    printed: bool = True

    @property
    def cited(self) -> str:
        return cited(self.citation, self.printed)


@dataclass
class Topic:
    key: str
    title: str
    query: str
    cells: dict[str, Cell]
    differs: bool = False
    #: what the summary matrix compares for this topic (a likeness group, in words)
    compared: str = ""
    summary: dict[str, Summary] = field(default_factory=dict)


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


def _line_text(row: dict[str, object]) -> str:
    """A readable statement from whatever the query row carries."""
    parts: list[str] = []
    label = row.get("ruleLabel") or row.get("tableLabel") or row.get("authorityLabel") or ""
    if row.get("facilityLabel"):
        return f"{row['facilityLabel']}: {row['allowed']} ({label}, category {row.get('category')})"
    if row.get("authorityLabel"):
        inferred = (" (class inferred: the text does not name it)"
                    if row.get("classInText") == "false" else "")
        return f"{row['authorityLabel']}: {row.get('varianceClass')}{inferred}"
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
        text = "; ".join(bits)
        if row.get("coversWholeText") == "false":  # a section's penalty, not the code's
            text = f"for {row.get('scope') or 'some violations'} only: {text}"
            if row.get("notCovered"):
                text += f". {row['notCovered']}"
        elif row.get("scope"):
            text = f"for {row['scope']}: {text}"
        return text
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
        like = row.get("_like")
        if isinstance(like, Likeness) and like.operands:
            bound = (f"at most {_fmt_number(like.bound)} {like.bound_unit}" if like.kind == "max"
                     else f"at least {_fmt_number(like.bound)} {like.bound_unit}") \
                if like.bound is not None else "no fixed bound"
            limit = f"{like.operands} ({bound.strip()})"
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
    if row.get("exceptAsProvidedIn"):  # the text lets another provision allow more
        parts.append(f"(except as {row['exceptAsProvidedIn']} provides)")
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
                timeout: float | None = None,
                readings: dict[tuple[str, str], Reading] | None = None) -> Topic:
    title, query_name, params = TOPICS[key]
    result = run_saved(graph, get(query_name), params, timeout=timeout).plain()
    rows = run_rows_with_jurisdiction(graph, result)
    likes = describe(graph, [str(r.get("rule") or "") for r in rows], timeout=timeout)
    tables = allocation(graph, [str(r.get("table") or "") for r in rows], timeout=timeout)
    cells = {jid: Cell(jid) for jid in jids}
    seen: set[tuple[str, str, str]] = set()
    works: dict[tuple[str, str, str], list[str]] = {}
    lines_by_key: dict[tuple[str, str, str], Line] = {}
    for row in rows:
        jid = row["_jid"]
        if jid not in cells or not row.get("section"):
            continue
        like = _likeness(row, likes, tables)
        text = _line_text({**row, "_like": like})
        keyed = (jid, text, str(row["section"]))
        if row.get("work"):
            works.setdefault(keyed, []).append(str(row["work"]))
        if keyed in seen:
            continue
        seen.add(keyed)
        value, figure, unit = _figure(row, like)
        if figure and row.get("exceptAsProvidedIn"):
            figure += f", except as {row['exceptAsProvidedIn']} provides"
        line = Line(text, str(row.get("citation") or ""), str(row["section"]), value,
                    str(row.get("rule") or row.get("table") or ""), like, figure, unit,
                    printed=row.get("numberPrinted") != "false")
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
        if cell.empty and readings:
            cell.reading = readings.get((cell.jurisdiction, key))
    topic = Topic(key, title, query_name, cells)
    _highlight(topic)
    _summarise(topic)
    return topic


def _likeness(row: dict[str, str | None], likes: dict[str, Likeness],
              tables: dict[tuple[str, str], Likeness]) -> Likeness | None:
    """What the row limits: its rule's likeness, an allocation figure's (per facility), or a
    maximum fine; None for statements that are not limits."""
    if row.get("rule") and str(row["rule"]) in likes:
        return likes[str(row["rule"])]
    if row.get("table") and row.get("facilityLabel"):
        base = tables.get((str(row["table"]), ""))
        if base is not None:
            facility = str(row["facilityLabel"])
            return replace(base, prop=f"allocation:{facility}", measure=f"{facility}s allowed",
                           structure="")
    if row.get("maxFine"):
        if row.get("coversWholeText") == "false":  # not beside a code-wide fine
            scope = str(row.get("scope") or "some violations")
            return Likeness(str(row.get("section") or ""), "max", "maxFine:scoped",
                            f"maximum fine for {scope.split(' (')[0]} only", eligible=True)
        return Likeness(str(row.get("section") or ""), "max", "maxFine", "maximum fine",
                        eligible=True)
    return None


def _figure(row: dict[str, str | None], like: Likeness | None) -> tuple[float | None, str, str]:
    """(value in the unit compared, the limit in words, the unit in words) of a row."""
    unit = PLURAL.get(str(row.get("unit") or ""), str(row.get("unit") or ""))
    value = _value(row)
    if row.get("limit") is not None:
        stated = f"{row.get('comparison') or ''} {_fmt_number(row['limit'])} {unit}"
        return value, stated.strip(), unit
    if row.get("allowed") is not None:  # an allocation: how many of which facility
        facility = row.get("facilityLabel") or ""
        return value, f"{_fmt_number(row['allowed'])} x {facility}".strip(), ""
    if row.get("maxFine") is not None:
        return value, f"${_fmt_number(row['maxFine'])}", "dollars"
    if like is not None and like.bound is not None:
        word = "at most" if like.kind == "max" else "at least"
        return like.bound, f"{word} {_fmt_number(like.bound)} {like.bound_unit}".strip(), \
            like.bound_unit
    if row.get("lower") is not None and row.get("upper") is not None:
        return None, (f"between {_fmt_number(row['lower'])} and {_fmt_number(row['upper'])} "
                      f"{row.get('upperUnit') or ''}").strip(), str(row.get("upperUnit") or "")
    return None, "", ""


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


def _comparable(topic: Topic) -> dict[tuple[str, str, str, str], dict[str, list[Line]]]:
    """Likeness group -> code -> its lines that apply to a new single-family residential
    dock and carry a number (a fixed limit, or a computed limit's fixed bound)."""
    groups: dict[tuple[str, str, str, str], dict[str, list[Line]]] = {}
    for jid, cell in topic.cells.items():
        for line in cell.lines:
            like = line.like
            if like is None or not like.eligible or line.value is None or \
                    like.kind not in ("max", "min"):
                continue
            groups.setdefault(like.group, {}).setdefault(jid, []).append(line)
    return groups


def _code_figure(kind: str, lines: list[Line]) -> Line:
    """A code's figure in a group, for the ordinary case: its strictest limit among those
    under no condition (several rows of one code on the same thing differ by condition or
    by the structure's kind; the details show them all)."""
    plain = [ln for ln in lines if ln.like is not None and not ln.like.conditional] or lines
    pick = min if kind == "max" else max
    return pick(plain, key=lambda ln: float(ln.value or 0))


def _highlight(topic: Topic) -> None:
    """Mark (see MARKS) the lines holding the largest and the smallest limit among the codes'
    limits on the same thing (kind, property, baseline, structure; for a new single-family
    residential dock), where they differ; and the codes whose text was read and is silent
    where others regulate."""
    for key, by_code in _comparable(topic).items():
        if len(by_code) < 2:
            continue
        figures = {jid: _code_figure(key[0], lines) for jid, lines in by_code.items()}
        values = {jid: float(ln.value or 0) for jid, ln in figures.items()}
        if len(set(values.values())) < 2:
            continue
        topic.differs = True
        hi, lo = max(values.values()), min(values.values())
        for jid, line in figures.items():
            if values[jid] in (hi, lo):
                line.mark = "largest" if values[jid] == hi else "smallest"
                cell = topic.cells[jid]
                cell.mark = cell.mark or line.mark
    regulated = [c for c in topic.cells.values() if not c.empty]
    if regulated and len(regulated) != len(topic.cells):
        topic.differs = True  # some codes regulate the matter, others do not
        for cell in topic.cells.values():
            if cell.empty and cell.status == NOT_REGULATED:
                cell.mark = "silent"
    for cell in topic.cells.values():
        cell.highlight = bool(cell.mark)


def _summarise(topic: Topic) -> None:
    """One figure per code: its figure in the comparison most codes share (the topic's
    primary likeness group); else its first numeric limit, said what it limits; else a
    count of its rules (or "prohibited", "required"); else what the reading found."""
    groups = {k: v for k, v in _comparable(topic).items() if len(v) > 1}
    primary = max(groups, key=lambda k: len(groups[k]), default=None)
    if primary is not None:
        sample = next(iter(groups[primary].values()))[0]
        topic.compared = sample.like.what() if sample.like else ""
    for jid, cell in topic.cells.items():
        if primary is not None and jid in groups[primary]:
            line = _code_figure(primary[0], groups[primary][jid])
            topic.summary[jid] = Summary(line.figure or _fmt_number(line.value),
                                         line.citation, line.section, line.mark,
                                         printed=line.printed)
            continue
        numeric = sorted((ln for ln in cell.lines if ln.value is not None and ln.figure),
                         key=lambda ln: not (ln.like is not None and ln.like.reaches_dock))
        if numeric:
            line = numeric[0]
            topic.summary[jid] = Summary(line.figure, line.citation, line.section, "",
                                         line.what, line.printed)
            continue
        if cell.lines:
            first = cell.lines[0]
            texts = [ln.text for ln in cell.lines]
            text = ("prohibited" if all(": prohibited" in t for t in texts) else
                    "required" if all(": required" in t for t in texts) else
                    _most_common(texts))
            topic.summary[jid] = Summary(text, first.citation, first.section, cell.mark,
                                         printed=first.printed)
            continue
        reading = cell.reading
        if reading is not None:
            cite, iri = reading.sections[0] if reading.sections else ("", "")
            topic.summary[jid] = Summary(reading.outcome, cite, iri, cell.mark)
        else:
            topic.summary[jid] = Summary(NOT_CURATED)


def _most_common(texts: list[str]) -> str:
    """The statement most lines make (e.g. one relief authority), with how many rules."""
    counts: dict[str, int] = {}
    for t in texts:
        counts[t] = counts.get(t, 0) + 1
    best = max(counts, key=lambda t: (counts[t], -texts.index(t)))
    more = len(texts) - 1
    text = best if len(best) <= 70 else best[:69] + "…"
    return f"{text} (+{more} more)" if more else text


def topic_readings(graph: Store | Graph, *,
                   timeout: float | None = None) -> dict[tuple[str, str], Reading]:
    """(code id, topic) -> what the curators found reading that code for that topic."""
    rows = run_text(graph, """PREFIX dl: <https://w3id.org/docklaw/ontology#>
    PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
    SELECT ?code ?topic ?outcome ?note ?sec ?cit ?printed WHERE {
      ?code dl:topicReading ?r . ?r dl:topic ?topic ; dl:readingOutcome ?o .
      OPTIONAL { ?o rdfs:label ?outcome } OPTIONAL { ?r dl:topicNote ?note }
      OPTIONAL { ?r dl:sectionRead ?sec . OPTIONAL { ?sec dl:citation ?cit }
                 OPTIONAL { ?sec dl:numberPrinted ?printed } }
    } ORDER BY ?code ?topic ?sec""", timeout=timeout).plain()
    out: dict[tuple[str, str], Reading] = {}
    base = "https://w3id.org/docklaw/code/"
    for row in rows:
        code = str(row["code"] or "")
        jid = code[len(base):].split("/", 1)[0] if code.startswith(base) else ""
        reading = out.setdefault((jid, str(row["topic"])),
                                 Reading(str(row["outcome"] or NOT_REGULATED),
                                         str(row["note"] or "")))
        if row["sec"]:
            cite = cited(str(row["cit"] or "the whole text"), row["printed"] != "false")
            if (cite, str(row["sec"])) not in reading.sections:
                reading.sections.append((cite, str(row["sec"])))
    return out


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
    readings = topic_readings(g, timeout=timeout)
    built = [build_topic(g, key, jids, timeout=timeout, readings=readings) for key in keys]
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

FORMATS = ("html", "md", "csv", "pdf")


def render(report: Report, fmt: str) -> str:
    """The report as text (``pdf``: see ``render_bytes``)."""
    if fmt == "html":
        return compare_output.to_html(report, MARKS, f"{CHART_CAPTION} {omitted_text(report)}")
    if fmt == "md":
        return compare_output.to_markdown(report, MARKS)
    if fmt == "csv":
        return compare_output.to_csv(report)
    raise InputError(f"unknown format {fmt!r}; expected html, md or csv (pdf: render_bytes)")


def render_bytes(report: Report, fmt: str) -> bytes:
    """The report as bytes: PDF (WeasyPrint), or any text format encoded as UTF-8."""
    if fmt == "pdf":
        return compare_output.to_pdf(report, MARKS, f"{CHART_CAPTION} {omitted_text(report)}")
    return render(report, fmt).encode("utf-8")


def section_exists(graph: Graph, iri: str) -> bool:
    from docklaw.namespaces import DL

    return (URIRef(iri), DL.citation, None) in graph
