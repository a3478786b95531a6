"""Comparison report: every requested code and topic present, every cell line links a section."""

from __future__ import annotations

from functools import lru_cache

import pytest
from rdflib import Graph

from docklaw.errors import InputError
from docklaw.queries.compare import TOPICS, Report, build_report, render, section_exists
from docklaw.queries.run import default_graph, default_store


@lru_cache(maxsize=1)
def graph() -> Graph:
    return default_graph()


@lru_cache(maxsize=1)
def full() -> Report:
    return build_report(None, None)  # on the embedded store, as `docklaw compare` runs


def test_every_topic_and_jurisdiction_present() -> None:
    report = full()
    assert [t.key for t in report.topics] == list(TOPICS)
    for topic in report.topics:
        assert set(topic.cells) == set(report.jurisdictions) and len(report.jurisdictions) == 5


def test_every_line_links_a_section_in_the_graph() -> None:
    for topic in full().topics:
        for cell in topic.cells.values():
            for line in cell.lines:
                assert line.citation and section_exists(graph(), line.section), (topic.key, line)


def test_subset_and_aliases() -> None:
    report = build_report(["width", "penalties"], ["keuka", "north-haven"], graph=graph())
    assert report.jurisdictions == ["jerusalem", "north-haven"]
    assert [t.key for t in report.topics] == ["width", "penalties"]
    with pytest.raises(InputError, match="unknown topic"):
        build_report(["colour"], None, graph=graph())


def test_width_cells_and_highlight() -> None:
    width = next(t for t in full().topics if t.key == "width")
    lines = width.cells["north-haven"].lines
    assert any("4 feet" in ln.text and ln.citation == "§ 56-2D" for ln in lines)
    assert width.differs and width.cells["north-haven"].highlight


def test_renderers() -> None:
    report = full()
    html = render(report, "html")
    assert "<svg" in html and "polyline" in html and 'href="https://w3id.org/docklaw/code/' in html
    assert "not regulated" in html
    assert 'class="mark-largest"' in html and 'class="mark-silent"' in html
    md = render(report, "md")
    assert md.count("## ") == len(TOPICS)
    assert "[§ 56-2D](https://w3id.org/docklaw/code/north-haven/56-2D)" in md
    csv_text = render(report, "csv")
    assert csv_text.splitlines()[0] == "topic,jurisdiction,rule,citation,section,highlight"
    with pytest.raises(InputError):
        render(report, "pdf")


def test_length_and_boat_lift_cells_per_code() -> None:
    report = full()
    topics = {t.key: t for t in report.topics}
    cited = {jid: {ln.citation for ln in cell.lines}
             for jid, cell in topics["length"].cells.items()}
    assert cited == {"north-haven": {"§ 56-2B", "§ 56-4A"}, "kings-point": {"Standards D(1)"},
                     "north-hempstead": {"§ 42-9A(2)"},
                     "jerusalem": {"§ 160-123A(1)(b)[1]", "§ 160-123A(1)(b)[2]"},
                     "south-bristol": {"§ 73-9C(1)(c)", "§ 73-13G"}}
    lifts = topics["boat-lifts"].cells
    assert {ln.citation for ln in lifts["north-haven"].lines} == {"§ 56-2M", "§ 56-4K"}
    assert lifts["north-hempstead"].empty and lifts["north-hempstead"].highlight


def test_store_and_graph_reports_agree() -> None:
    on_store = build_report(["length", "allocation"], None, graph=default_store())
    on_graph = build_report(["length", "allocation"], None, graph=graph())
    assert [[(j, [ln.citation for ln in c.lines]) for j, c in t.cells.items()]
            for t in on_store.topics] == [
        [(j, [ln.citation for ln in c.lines]) for j, c in t.cells.items()] for t in on_graph.topics]
    assert on_store.chart_svg == on_graph.chart_svg
