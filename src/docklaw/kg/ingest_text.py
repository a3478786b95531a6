"""Parse an eCode360-style export into a tree of sections and subsections (no RDF here).

The exports mark subsections with a marker on its own line ("A.", "(1)", "(a)", "[1]") or
inline ("A. text", "(6) It shall ..."); footnote markers ("[1]" followed by "Editor's Note")
look like subsections and are not; amendment brackets follow the text they belong to, or
open a section whose heading was stripped. Section starts come from the description.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from docklaw.errors import InputError
from docklaw.kg.description import Description

BRACKET_RE = re.compile(r"^\[(?:HISTORY:|(?:Amended|Added|Adopted)\b)")
FOOTNOTE_RE = re.compile(r"^\[(\d+)\]$")
EDITOR_RE = re.compile(r"^Editor[’']s Note")
MARKER_RE = re.compile(r"^(?:([A-Z])\.|\((\d+)\)|\(([a-z])\)|\[(\d+)\])$")
INLINE_RE = re.compile(r"^(?:([A-Z])\.|\((\d+)\)|\(([a-z])\)|\[(\d+)\])\s+(\S.*)$")
TABLE_RE = re.compile(r"^Table (\d+)$")
HEADWORD_RE = re.compile(r"^[A-Z][A-Z0-9\-/' ]*[A-Z](?: or [A-Z][A-Z0-9\-/' ]*[A-Z])*$")


@dataclass
class Bracket:
    """An amendment/history bracket as printed, with its source line."""

    text: str
    line: int
    note: str | None = None


@dataclass
class Node:
    """A section, subsection or definition with its own text (children excluded)."""

    kind: str  # "section" | "subsection" | "definition"
    local: str
    citation: str
    level: int  # 0 section, 1 "A.", 2 "(1)", 3 "(a)", 4 "[1]"
    marker: str | None
    line: int
    lines: list[str] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)
    parent: Node | None = None
    brackets: list[Bracket] = field(default_factory=list)
    editorial: list[str] = field(default_factory=list)
    heading: str | None = None  # printed section heading line (Keuka "§ 160-118 Title.")
    spec_index: int | None = None
    term: str | None = None
    term_inferred: bool = False
    evidence: str | None = None
    definitions: list[Node] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.lines).split())

    def walk(self) -> list[Node]:
        out = [self]
        for child in self.children:
            out.extend(child.walk())
        return out


@dataclass
class Table:
    number: str
    label: str
    text: str
    line: int
    section: str


@dataclass
class ParsedCode:
    """The parse of one source text."""

    sections: list[Node]
    preamble_brackets: list[Bracket]
    preamble_notes: list[str]
    tables: list[Table]
    line_count: int

    def nodes(self) -> list[Node]:
        out: list[Node] = []
        for sec in self.sections:
            out.extend(sec.walk())
        return out


def marker_of(m: re.Match[str]) -> tuple[int, str]:
    """Level and printed label of a marker match."""
    for level, group in enumerate(m.groups()[:4], start=1):
        if group is not None:
            return level, group
    raise AssertionError("marker regex matched nothing")


def child_local(parent: Node, level: int, label: str) -> str:
    """IRI local name: first letter joined directly after a number, otherwise with '-'."""
    if level == 1 and parent.local[-1].isdigit():
        return parent.local + label
    return f"{parent.local}-{label}"


def child_citation(parent: Node, level: int, label: str) -> str:
    if level == 1:
        sep = "" if parent.citation[-1].isdigit() else " "
        return f"{parent.citation}{sep}{label}"
    if level == 4:
        return f"{parent.citation}[{label}]"
    return f"{parent.citation}({label})"


def find_anchor(text: str, anchor: str, start: int, line_starts: list[int]) -> int:
    """Offset of ``anchor`` at a line start at or after ``start``; -1 if absent."""
    pos = text.find(anchor, start)
    while pos != -1 and pos not in line_starts:
        pos = text.find(anchor, pos + 1)
    return pos


def section_starts(lines: list[str], desc: Description) -> list[tuple[int, int, str | None]]:
    """(line index, spec index, printed heading) for every section, in order."""
    if desc.heading_pattern:
        pattern = re.compile(desc.heading_pattern)
        found = []
        for i, line in enumerate(lines):
            m = pattern.match(line)
            if m:
                found.append((i, m.group("number"), m.group("title")))
        starts = []
        known = {s.local: k for k, s in enumerate(desc.sections)}
        for i, number, title in found:
            if number not in known:
                from docklaw.kg.description import SectionSpec

                desc.sections.append(
                    SectionSpec(local=number, citation=f"§ {number}", anchor=None,
                                title=title, title_printed=True, printed=True)
                )
                known[number] = len(desc.sections) - 1
            starts.append((i, known[number], title))
        return starts
    text = "\n".join(lines)
    line_starts: list[int] = []
    off = 0
    for line in lines:
        line_starts.append(off)
        off += len(line) + 1
    index_of = {o: i for i, o in enumerate(line_starts)}
    starts = []
    pos = 0
    for k, spec in enumerate(desc.sections):
        if not spec.anchor:
            raise InputError(f"section {spec.citation} has no anchor", source=str(desc.source))
        found = find_anchor(text, spec.anchor, pos, line_starts)
        if found == -1:
            raise InputError(
                f"anchor {spec.anchor!r} of section {spec.citation} not found in source.txt "
                "after the previous section", jurisdiction=desc.jid, source=str(desc.source),
            )
        starts.append((index_of[found], k, None))
        pos = found + 1
    return starts


def parse_source(text: str, desc: Description) -> ParsedCode:
    """Split the text into sections (from the description) and parse each one."""
    lines = [line.rstrip() for line in text.splitlines()]
    starts = section_starts(lines, desc)
    if not starts:
        raise InputError("no section found", jurisdiction=desc.jid)
    pre = Node("section", "", "", 0, None, 0)
    tables: list[Table] = []
    table_specs = {t.number: t for t in desc.tables}
    _parse_block(lines, 0, starts[0][0], pre, desc, tables, table_specs, preamble=True)
    sections: list[Node] = []
    for n, (i, k, heading) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
        spec = desc.sections[k]
        sec = Node("section", spec.local, spec.citation, 0, None, i + 1, spec_index=k,
                   heading=heading)
        first = i + 1 if heading is not None else i
        _parse_block(lines, first, end, sec, desc, tables, table_specs,
                     definitions=spec.local == desc.definitions_section)
        sections.append(sec)
    # history brackets inside a section (North Haven § 56-1) belong to the code
    history = list(pre.brackets)
    notes = [*list(pre.editorial), " ".join(pre.text.split())] if pre.lines else list(pre.editorial)
    for sec in sections:
        keep = []
        for b in sec.brackets:
            (history if b.text.startswith("[HISTORY") else keep).append(b)
        if len(keep) != len(sec.brackets):
            # the footnote that followed a history bracket is the code's too
            notes.extend(sec.editorial)
            sec.editorial = []
        sec.brackets = keep
    return ParsedCode(sections, history, [n for n in notes if n], tables, len(lines))


def _parse_block(
    lines: list[str], begin: int, end: int, root: Node, desc: Description,
    tables: list[Table], table_specs: dict, *, preamble: bool = False, definitions: bool = False,
) -> None:
    """Parse lines[begin:end] into ``root`` (a section, or the preamble pseudo-node)."""
    stack: list[Node] = [root]
    current = root
    def_specs = desc.definitions if definitions and desc.definitions_style == "anchors" else []
    next_def = 0
    i = begin
    while i < end:
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            i += 1
            continue
        if BRACKET_RE.match(stripped):
            buf = [stripped]
            while not _bracket_closed(" ".join(buf)) and i + 1 < end:
                i += 1
                buf.append(lines[i].strip())
            current.brackets.append(Bracket(" ".join(buf), i + 1))
            i += 1
            continue
        if FOOTNOTE_RE.match(stripped) and i + 1 < end and EDITOR_RE.match(lines[i + 1].strip()):
            i += 1
            buf = []
            while i < end and not _structural(lines, i, end, desc, def_specs, next_def):
                buf.append(lines[i].strip())
                i += 1
            current.editorial.append(f"[{FOOTNOTE_RE.match(stripped).group(1)}] " + " ".join(buf))
            continue
        tm = TABLE_RE.match(stripped)
        if tm and tm.group(1) in table_specs:
            spec = table_specs[tm.group(1)]
            start_line = i
            label = lines[i + 1].strip() if i + 1 < end else ""
            buf = [stripped]
            i += 1
            while i < end and not MARKER_RE.match(lines[i].strip()):
                buf.append(lines[i].strip())
                i += 1
            tables.append(Table(tm.group(1), f"Table {tm.group(1)}, {label}",
                                "\n".join(buf), start_line + 1, spec.section))
            continue
        if definitions:
            d = _definition_start(lines, i, desc, def_specs, next_def)
            if d is not None:
                term, inferred, evidence, skip = d
                if def_specs:
                    next_def += 1
                dnode = Node("definition", "", "", 9, None, i + 1, term=term,
                             term_inferred=inferred, evidence=evidence)
                root.definitions.append(dnode)
                current = dnode
                i += skip
                continue
        m = MARKER_RE.match(stripped)
        inline = None
        if not m and desc.inline_markers and not preamble:
            m = INLINE_RE.match(stripped)
            inline = m.group(5) if m else None
        if m and not preamble:
            level, label = marker_of(m)
            while stack[-1].level >= level:
                stack.pop()
            parent = stack[-1]
            node = Node("subsection", child_local(parent, level, label),
                        child_citation(parent, level, label), level, label, i + 1, parent=parent)
            parent.children.append(node)
            stack.append(node)
            current = node
            if inline:
                node.lines.append(inline)
            i += 1
            continue
        current.lines.append(stripped)
        i += 1


def _bracket_closed(text: str) -> bool:
    return text.count("[") <= text.count("]")


def _definition_start(
    lines: list[str], i: int, desc: Description, specs: list, next_def: int
) -> tuple[str, bool, str | None, int] | None:
    """(term, inferred, evidence, lines to skip) if a definition starts at line i."""
    line = lines[i].strip()
    if specs:
        if next_def < len(specs) and line.startswith(specs[next_def].anchor):
            s = specs[next_def]
            return s.term, s.inferred, s.evidence, 0
        return None
    if HEADWORD_RE.match(line) and len(line) <= 60 and line not in {"A", "I"}:
        return line, False, None, 1
    return None


def _structural(lines: list[str], i: int, end: int, desc: Description, specs: list,
                next_def: int) -> bool:
    """Whether line i starts something new (so a footnote's text stops before it)."""
    s = lines[i].strip()
    if BRACKET_RE.match(s) or MARKER_RE.match(s) or TABLE_RE.match(s):
        return True
    if FOOTNOTE_RE.match(s):
        return True
    if desc.inline_markers and INLINE_RE.match(s):
        return True
    if specs and next_def < len(specs) and s.startswith(specs[next_def].anchor):
        return True
    return bool(not specs and HEADWORD_RE.match(s) and len(s) <= 60 and desc.definitions_section)
