"""Comparison report: every requested code and topic present, every cell line links a section."""

from __future__ import annotations

from functools import lru_cache

import pytest
from rdflib import Graph, URIRef

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
    assert md.count("\n## ") == len(TOPICS) + 1  # the summary, then one section per topic
    assert md.index("## Summary") < md.index("## Maximum length")
    assert "[§ 56-2D †](https://w3id.org/docklaw/code/north-haven/56-2D)" in md
    csv_text = render(report, "csv")
    assert csv_text.splitlines()[0] == ("jurisdiction,code,topic,quantity,kind,value,unit,"
                                        "baseline,structure,land_use,conditions,figure,text,"
                                        "citation,section,rule,comparable,mark,status,"
                                        "number_printed")
    # an inferred section number is marked, with its legend, in every format
    assert "[§ 56-7G †](https://w3id.org/docklaw/code/north-haven/56-7G)" in md
    assert "† after a citation: section number not printed" in md
    assert "§ 56-7G †</a>" in html and 'id="inferred-legend"' in html
    assert "[§ 160-130](https://w3id.org/docklaw/code/jerusalem/160-130)" in md
    assert any(r.endswith(",false") and "§ 56-7G" in r for r in csv_text.splitlines())
    with pytest.raises(InputError):
        render(report, "docx")


def test_length_and_boat_lift_cells_per_code() -> None:
    report = full()
    topics = {t.key: t for t in report.topics}
    cited = {jid: {ln.citation for ln in cell.lines}
             for jid, cell in topics["length"].cells.items()}
    assert cited == {"north-haven": {"§ 56-2B", "§ 56-4A"}, "kings-point": {"Standards D(1)"},
                     "north-hempstead": {"§ 42-9A(2)"},
                     "jerusalem": {"§ 160-123A(1)(b)", "§ 160-123A(1)(b)[1]",
                                   "§ 160-123A(1)(b)[2]"},
                     "south-bristol": {"§ 73-5", "§ 73-9C(1)(c)", "§ 73-9C(1)(d)", "§ 73-13G",
                                       "§ 73-13H"}}
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


def test_lake_datums_and_state_permit_triggers_are_compared() -> None:
    """Lake levels are data (a topic of their own); a permit required beyond 100 feet shows its
    permit, issuer and trigger instead of reading as a distance cap."""
    topics = {t.key: t for t in full().topics}
    keuka = " ".join(ln.text for ln in topics["lake-datums"].cells["jerusalem"].lines)
    assert "715.3" in keuka and "712.55" in keuka
    canandaigua = " ".join(ln.text for ln in topics["lake-datums"].cells["south-bristol"].lines)
    assert all(v in canandaigua for v in ("689.4", "686.6", "683.6"))
    assert topics["lake-datums"].cells["north-haven"].empty
    permit = [ln for ln in topics["permit-path"].cells["south-bristol"].lines
              if ln.citation == "§ 73-9B(2)"]
    assert permit and "Office of Parks" in permit[0].text and "more than 100 feet" in permit[0].text


def test_like_with_like() -> None:
    """Every line says what it limits; a highlight sets side by side only limits of the same
    kind, property, baseline and structure; a computed limit shows its fixed bound."""
    topics = {t.key: t for t in full().topics}
    length = topics["length"]
    kp = next(ln for ln in length.cells["kings-point"].lines if ln.citation == "Standards D(1)")
    assert "the lesser of" in kp.text and "at most 200 feet" in kp.text and kp.value == 200.0
    assert kp.like is not None and kp.like.baseline == "mean high water" and kp.mark == "largest"
    nh = next(ln for ln in length.cells["north-haven"].lines if "newly" in ln.text)
    assert nh.like is not None and nh.like.baseline == "mean low water"
    assert nh.mark == "" and not length.cells["north-haven"].highlight  # MLW: not compared
    assert length.summary["north-haven"].aside  # its figure says what it measures
    # a minimum deck height is never set against a maximum boathouse height
    height = topics["height"]
    for cell in height.cells.values():
        for line in cell.lines:
            if line.mark:
                assert line.like is not None and line.like.kind in ("max", "min")
    marked = {(ln.like.group if ln.like else None) for c in height.cells.values()
              for ln in c.lines if ln.mark}
    assert all(g is not None and g[0] in ("max", "min") for g in marked)
    setbacks = topics["side-setbacks"].cells
    c = next(ln for ln in setbacks["kings-point"].lines if ln.citation == "Standards C")
    assert "the greater of 40% of the shoreline frontage or 60 feet" in c.text
    assert "at least 60 feet" in c.text


def test_not_regulated_only_where_the_text_was_read() -> None:
    topics = {t.key: t for t in full().topics}
    lifts = topics["boat-lifts"].cells["north-hempstead"]
    assert lifts.status == "not regulated" and lifts.reading is not None
    # both numbers inferred (the texts' README): marked as such
    assert {c for c, _ in lifts.reading.sections} == {"§ 42-7 †", "§ 42-9 †"}
    alloc = topics["allocation"].cells["north-haven"]
    assert alloc.status == "regulated otherwise" and "§ 56-3H" in alloc.reading.note
    assert topics["lake-datums"].cells["kings-point"].status == "not applicable"
    # without the curators' readings an empty cell is "not curated", never "not regulated"
    from docklaw.queries.compare import build_topic

    bare = build_topic(graph(), "boat-lifts", ["north-hempstead"])
    assert bare.cells["north-hempstead"].status == "not curated"


def test_summary_matrix_one_figure_per_code_per_topic() -> None:
    report = full()
    for topic in report.topics:
        assert set(topic.summary) == set(report.jurisdictions), topic.key
        for jid, figure in topic.summary.items():
            assert figure.text, (topic.key, jid)
            if figure.citation:  # a section, or the code itself ("the whole text")
                assert section_exists(graph(), figure.section) or (
                    URIRef(figure.section), None, None) in graph(), (topic.key, jid)
    width = next(t for t in report.topics if t.key == "width").summary
    assert (width["north-haven"].text, width["north-haven"].citation) == ("at most 4 feet",
                                                                          "§ 56-2D")
    html = render(report, "html")
    assert html.index('id="summary-matrix"') < html.index('id="length"')
    assert "@media print" in html


def test_tidy_csv() -> None:
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO(render(full(), "csv"))))
    kp = next(r for r in rows if r["jurisdiction"] == "kings-point" and r["topic"] == "length")
    assert (kp["quantity"], kp["kind"], kp["value"], kp["unit"], kp["baseline"],
            kp["citation"]) == ("length", "maximum", "200.0", "feet", "mean high water",
                                "Standards D(1)")
    empty = next(r for r in rows if r["jurisdiction"] == "north-hempstead"
                 and r["topic"] == "boat-lifts")
    assert empty["status"] == "not regulated" and empty["citation"] == "§ 42-7 †; § 42-9 †"


def test_pdf() -> None:
    import os

    from docklaw.queries.compare import render_bytes
    from docklaw.queries.compare_output import PdfUnavailable

    try:
        data = render_bytes(build_report(["width"], None, graph=graph()), "pdf")
    except PdfUnavailable:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("WeasyPrint is not installed (pip install 'docklaw[pdf]')")
    assert data.startswith(b"%PDF")


def test_every_computed_limit_reads_as_it_reads_on_the_whole_graph() -> None:
    """``likeness._computed`` reads each dl:limitExpression through its structural links only
    (``EXPRESSION_LINKS``); described on the whole law graph in Python instead, every rule's
    words and fixed bound are the same, on Oxigraph and on rdflib."""
    from docklaw.namespaces import DL, RDFS
    from docklaw.queries import likeness
    from docklaw.sparql.backends import knowledge_store

    law = graph()
    rules = sorted({str(r) for r in law.subjects(DL.limitExpression, None)
                    if isinstance(r, URIRef) and "/rule/" in str(r)})
    assert len(rules) > 10
    labels = {str(s): str(o) for s, o in law.subject_objects(RDFS.label)}
    for backend in ("memory", "rdflib"):
        store = knowledge_store(backend, graph=lambda: law)
        found = likeness.describe(store, rules)
        for rule in rules:
            like = found[rule]
            node = law.value(URIRef(rule), DL.limitExpression)
            assert like.operands == likeness._text(law, node, labels), (backend, rule)
            if like.kind == "max":
                expected = likeness._upper(law, node)
                assert like.bound == (expected if expected != float("inf") else None), rule


def test_kings_point_penalty_is_scoped_to_the_maintenance_section() -> None:
    """Maintenance C's $2,500-$10,000 applies 'to violations of this section': not set beside
    North Haven's chapter-wide $250 as the largest, and the line says what it covers and that
    the article states no penalty for its other rules (blind review 95, finding 1)."""
    penalties = next(t for t in full().topics if t.key == "penalties")
    (kp,) = penalties.cells["kings-point"].lines
    assert kp.mark == "" and penalties.summary["kings-point"].mark == ""
    assert kp.text.startswith("for violations of the Maintenance section")
    assert "states no fine" in kp.text and "$10,000" in kp.text
    assert "Maintenance section only" in penalties.summary["kings-point"].aside
    (nh,) = penalties.cells["north-haven"].lines
    assert nh.mark == "" and "this chapter" in nh.text


def test_relief_class_not_named_in_the_text_is_marked_inferred() -> None:
    variance = next(t for t in full().topics if t.key == "variance")
    for jid in ("jerusalem", "south-bristol"):
        area = [ln for ln in variance.cells[jid].lines if "area variance" in ln.text]
        assert area and all("class inferred" in ln.text for ln in area), jid
    assert not any("class inferred" in ln.text for ln in variance.cells["north-haven"].lines)
    cited = {ln.citation for ln in variance.cells["jerusalem"].lines}
    assert {"§ 160-124", "§ 160-125"} <= cited  # § 160-127A: any provision of the article


# --- review 95: the limits as the texts state them ---------------------------------------------


def _line(topic, jid: str, citation: str, words: str):  # type: ignore[no-untyped-def]
    return next(ln for ln in topic.cells[jid].lines if ln.citation == citation and words in ln.text)


def test_south_bristol_length_shows_its_depth_extensions() -> None:
    """Review 95, 2: § 73-9C(1)(d) and § 73-13H extend the 60- and 200-foot lines to the lake
    bottom at 683.60 feet, as Jerusalem's § 160-123A(1)(b)[2] extends its 65 feet."""
    length = {t.key: t for t in full().topics}["length"]
    t1 = _line(length, "south-bristol", "§ 73-9C(1)(c)", "60-foot line")
    assert "except as § 73-9C(1)(d) provides" in t1.text
    t2 = _line(length, "south-bristol", "§ 73-13G", "200-foot line")
    assert "except as § 73-13H provides" in t2.text
    ext = _line(length, "south-bristol", "§ 73-9C(1)(d)", "683.60")
    assert "at least 683.6 feet" in ext.text and "Tier 1" in ext.text
    assert "Tier 2" in _line(length, "south-bristol", "§ 73-13H", "683.60").text
    summary = length.summary["south-bristol"]
    assert summary.text == "at most 60 feet, except as § 73-9C(1)(d) provides"
    assert length.summary["jerusalem"].text == \
        "at most 65 feet, except as § 160-123A(1)(b)[2] provides"


def test_lake_levels_tag_each_depth_extension_with_its_own_tier() -> None:
    """Review 95, 2: the 683.60-foot level is read in § 73-9C(1)(d) by the Tier 1 rule and in
    § 73-13H by the Tier 2 rule, never crossed."""
    cell = {t.key: t for t in full().topics}["lake-datums"].cells["south-bristol"]
    by_cite = {ln.citation: ln.what for ln in cell.lines if "depth extension level" in ln.text}
    assert set(by_cite) == {"§ 73-9C(1)(d)", "§ 73-13H"}
    assert "Tier 1" in by_cite["§ 73-9C(1)(d)"] and "Tier 2" not in by_cite["§ 73-9C(1)(d)"]
    assert "Tier 2" in by_cite["§ 73-13H"] and "Tier 1" not in by_cite["§ 73-13H"]


def test_south_bristol_area_compares_its_ordinary_720_square_feet() -> None:
    """Review 95, 7: 920 = 720 + the 200 square feet of a steep slope parcel (§ 73-9D(2), its
    own line); the ordinary Tier 1 dock's 720 is what is compared, the same as Jerusalem's."""
    area = {t.key: t for t in full().topics}["area"]
    line = _line(area, "south-bristol", "§ 73-9C(1)", "720")
    assert line.value == 720.0 and "at most 720 square feet" in line.text
    assert "920" not in line.text
    steep = _line(area, "south-bristol", "§ 73-9D(2)", "Steep slope parcel")
    assert steep.value == 920.0
    assert area.summary["south-bristol"].text == "at most 720 square feet"
    assert area.summary["south-bristol"].mark == ""
    assert area.summary["jerusalem"].text == "at most 720 square feet"


def test_jerusalem_lighting_is_not_regulated() -> None:
    """Review 95, 8: a light among the equipment § 160-123A(1)(b)[1] holds to the 65-foot line
    is a length rule; Jerusalem's text says nothing about lights (its topic reading)."""
    lighting = {t.key: t for t in full().topics}["lighting"]
    cell = lighting.cells["jerusalem"]
    assert cell.empty and cell.status == "not regulated"
    assert lighting.summary["jerusalem"].text == "not regulated"


def test_north_hempstead_width_and_length_say_the_section_42_9c_exception() -> None:
    """Review 95, 9: § 42-9B(10) and § 42-9A(2) begin "Except as provided under § 42-9C": the
    Town Board may permit another width and length for multifamily, commercial, yacht club uses."""
    topics = {t.key: t for t in full().topics}
    width = _line(topics["width"], "north-hempstead", "§ 42-9B(10)", "six feet")
    assert "except as § 42-9C(1) provides" in width.text
    assert topics["width"].summary["north-hempstead"].text == \
        "at most 6 feet, except as § 42-9C(1) provides"
    length = _line(topics["length"], "north-hempstead", "§ 42-9A(2)", "150 feet")
    assert "except as § 42-9C(1) provides" in length.text


def test_north_haven_length_answers_as_section_56_2b_reads() -> None:
    """Review 95, 4: 100 feet for newly constructed docks; the preexisting lawful length for
    reconstructed or replacement docks; nothing the text does not say about repair."""
    cell = {t.key: t for t in full().topics}["length"].cells["north-haven"]
    texts = [ln.text for ln in cell.lines if ln.citation == "§ 56-2B"]
    new = next(t for t in texts if "newly constructed" in t)
    assert "(new construction)" in new and "replacement" not in new \
        and "reconstruction" not in new
    assert any("preexisting" in t and "(reconstruction, replacement)" in t for t in texts)
    assert not any("repair" in t or "altered" in t or "whichever is greater" in t for t in texts)
