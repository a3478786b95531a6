"""Coverage of the ingestion, checked against the source texts read independently.

A simple marker scan (lines that are "A.", "(1)", "(a)", "[1]" markers, inline "A. text" /
"(1) text" starts, Keuka "§ 160-1xx" headings) must find a node for every marker, with
non-empty text and the right parent; and every node's text must occur in the source.
"""

from __future__ import annotations

import re

import pytest
from rdflib import Graph
from rdflib.namespace import RDF

from docklaw import jurisdictions
from docklaw.kg.ingest import build_section_graph
from docklaw.namespaces import DL

BARE = re.compile(r"^(?:([A-Z])\.|\((\d+)\)|\(([a-z])\)|\[(\d+)\])$")
INLINE = re.compile(r"^(?:([A-Z])\.|\((\d+)\)|\(([a-z])\)|\[(\d+)\]) \S")
KEUKA_HEADING = re.compile(r"^§ (160-1\d\d) ")


def source_lines(jid: str) -> list[str]:
    return (jurisdictions.get(jid).folder / "source.txt").read_text(encoding="utf-8").splitlines()


def scan_markers(lines: list[str]) -> list[tuple[int, int, str]]:
    """(1-based line, level, label) for every subsection marker; footnotes and tables skipped."""
    out = []
    in_table = False
    for i, raw in enumerate(lines):
        line = raw.strip()
        if re.match(r"^Table \d+$", line):
            in_table = True
            continue
        m = BARE.match(line) or INLINE.match(line)
        if in_table:
            if BARE.match(line):
                in_table = False
            else:
                continue
        if not m:
            continue
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if BARE.match(line) and line.startswith("[") and nxt.startswith("Editor"):
            continue  # footnote, not a subsection
        level = next(k for k, grp in enumerate(m.groups(), start=1) if grp)
        out.append((i + 1, level, m.group(level)))
    return out


@pytest.fixture(scope="module", params=jurisdictions.ids())
def code(request: pytest.FixtureRequest) -> tuple[str, Graph, list[str]]:
    return request.param, build_section_graph(request.param), source_lines(request.param)


def nodes_by_line(g: Graph) -> dict[int, list]:
    out: dict[int, list] = {}
    for node in set(g.subjects(RDF.type, DL.Section)) | set(g.subjects(RDF.type, DL.Subsection)):
        out.setdefault(int(g.value(node, DL.sourceLine)), []).append(node)
    return out


def test_every_marker_has_a_node_with_text_in_the_right_parent(code) -> None:
    jid, g, lines = code
    by_line = nodes_by_line(g)
    section_lines = sorted(
        int(g.value(s, DL.sourceLine)) for s in g.subjects(RDF.type, DL.Section)
    )
    markers = scan_markers(lines)
    assert markers, jid
    stack: list[tuple[int, int]] = []  # (level, line)
    bounds = iter([*section_lines[1:], 10 ** 9])
    next_section = next(bounds)
    current_section = section_lines[0]
    for line, level, label in markers:
        while line >= next_section:
            current_section, next_section = next_section, next(bounds)
            stack = []
        while stack and stack[-1][0] >= level:
            stack.pop()
        expected_parent_line = stack[-1][1] if stack else current_section
        subs = [n for n in by_line.get(line, []) if (n, RDF.type, DL.Subsection) in g]
        assert len(subs) == 1, f"{jid} line {line}: marker {label!r} has {len(subs)} nodes"
        node = subs[0]
        citation = str(g.value(node, DL.citation))
        assert citation.endswith(f"[{label}]" if level == 4 else (
            label if level == 1 else f"({label})")), (jid, line, citation)
        assert str(g.value(node, DL.text) or "").strip(), f"{jid} {citation}: empty text"
        parent = g.value(node, DL.parent)
        parent_lines = {int(o) for o in g.objects(parent, DL.sourceLine)}
        assert expected_parent_line in parent_lines, (jid, citation, expected_parent_line)
        stack.append((level, line))
    n_subsections = len(set(g.subjects(RDF.type, DL.Subsection)))
    assert n_subsections == len(markers), f"{jid}: nodes without a marker in the source"


def test_every_node_text_occurs_in_the_source(code) -> None:
    jid, g, lines = code
    flat = " ".join(" ".join(lines).split())
    for cls in (DL.Section, DL.Subsection, DL.Definition, DL.Table):
        for node in g.subjects(RDF.type, cls):
            for text in g.objects(node, DL.text):
                assert " ".join(str(text).split()) in flat, f"{jid} {node}: text not in source"


def test_keuka_printed_headings_are_the_sections() -> None:
    lines = source_lines("jerusalem")
    printed = [m.group(1) for line in lines if (m := KEUKA_HEADING.match(line))]
    g = build_section_graph("jerusalem")
    numbers = sorted(str(g.value(s, DL.number)) for s in g.subjects(RDF.type, DL.Section))
    assert sorted(printed) == numbers
    assert len(printed) == 14
    for s in g.subjects(RDF.type, DL.Section):
        assert g.value(s, DL.numberPrinted).toPython() is True
