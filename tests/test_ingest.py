"""Spot checks of the ingested section graphs, with exact expectations from the texts."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from rdflib import Graph, URIRef
from rdflib.namespace import RDF, RDFS, SKOS

from docklaw import jurisdictions
from docklaw.errors import InputError
from docklaw.kg import ingest
from docklaw.kg.description import load_description
from docklaw.kg.ingest import build_section_graph, heading_of
from docklaw.kg.ingest_text import parse_source
from docklaw.namespaces import DL, code_iri, locallaw_iri, section_iri


@pytest.fixture(scope="module")
def graphs() -> dict[str, Graph]:
    return {jid: build_section_graph(jid) for jid in jurisdictions.ids()}


def node(jid: str, local: str) -> URIRef:
    return section_iri(jid, local)


def text(g: Graph, s: URIRef) -> str:
    return str(g.value(s, DL.text))


def amendments(g: Graph, s: URIRef) -> set[tuple[str, dt.date, str]]:
    out = set()
    for am in g.objects(s, DL.amendment):
        kind = str(g.value(am, DL.amendmentKind)).rsplit("#", 1)[1]
        law = g.value(am, DL.localLaw)
        out.add((kind, g.value(am, DL.date).toPython(), str(g.value(law, RDFS.label))))
    return out


def objects(g: Graph, s: URIRef, p: URIRef) -> set[str]:
    return {str(o) for o in g.objects(s, p)}


def refs(g: Graph, s: URIRef) -> set[str]:
    return {str(o).rsplit("/", 1)[1] for o in g.objects(s, DL.references)}


# -- North Haven -------------------------------------------------------------------------------
def test_north_haven_56_2D(graphs: dict[str, Graph]) -> None:
    g, s = graphs["north-haven"], node("north-haven", "56-2D")
    assert text(g, s) == "Width. Docks and piers shall not exceed four feet in width."
    assert str(g.value(s, DL.citation)) == "§ 56-2D"
    assert str(g.value(s, DL.number)) == "56-2D"
    assert str(g.value(s, DL.heading)) == "Width"
    assert g.value(s, DL.numberPrinted).toPython() is False
    assert g.value(s, DL.parent) == node("north-haven", "56-2")
    assert g.value(s, DL.order).toPython() == 4
    assert (s, RDF.type, DL.Subsection) in g
    assert (node("north-haven", "56-2"), DL.hasPart, s) in g


def test_north_haven_56_3_amendments(graphs: dict[str, Graph]) -> None:
    g = graphs["north-haven"]
    assert amendments(g, node("north-haven", "56-3")) == {
        ("Amended", dt.date(2025, 12, 16), "L.L. No. 14-2025"),
        ("Amended", dt.date(2026, 6, 11), "L.L. No. 6-2026"),
    }
    assert amendments(g, node("north-haven", "56-4")) == {
        ("Amended", dt.date(2026, 6, 11), "L.L. No. 6-2026")}
    law = locallaw_iri("north-haven", 2025, 14)
    assert (law, RDF.type, DL.LocalLaw) in g
    assert g.value(law, DL.lawNumber).toPython() == 14
    assert g.value(law, DL.lawYear).toPython() == 2025
    # the chapter history belongs to the code, not to § 56-1
    assert amendments(g, code_iri("north-haven")) == {
        ("Adopted", dt.date(2016, 4, 5), "L.L. No. 1-2016"),
        ("Amended", dt.date(2024, 10, 16), "L.L. No. 4-2024"),
    }
    assert not list(g.objects(node("north-haven", "56-1"), DL.amendment))
    assert any("superseded former Ch. 56" in n
               for n in objects(g, code_iri("north-haven"), DL.editorialNote))


def test_north_haven_variance_list_references(graphs: dict[str, Graph]) -> None:
    g, s = graphs["north-haven"], node("north-haven", "56-3D")
    r = refs(g, s)
    assert {"56-2K", "56-2A", "56-2N", "56-3H"} <= r
    assert objects(g, s, DL.unresolvedReference) == {"§ 56-2G"}
    assert "§ 56-2A, B, C, D, E, F, G, H, I, L, N" in objects(g, s, DL.referenceText)
    assert len(r) == 21
    assert refs(g, node("north-haven", "56-6A")) == {"56-5"}
    assert g.value(node("north-haven", "56-5"), DL.numberAttested).toPython() is True


def test_north_haven_gaps_and_incomplete_text(graphs: dict[str, Graph]) -> None:
    g = graphs["north-haven"]
    gap = objects(g, node("north-haven", "56-2"), DL.gapNote)
    assert gap == {"§ 56-2 has A, B, C, D, E, F, H, I, J, K, L, M, N, O: no G in the text "
                   "(not invented here)."}
    assert (node("north-haven", "56-2G"), None, None) not in g
    for local in ("56-2N", "56-4L"):
        assert g.value(node("north-haven", local), DL.textIncomplete).toPython() is True
        assert text(g, node("north-haven", local)).endswith("either:")


# -- Kings Point -------------------------------------------------------------------------------
def test_kings_point_standards_C(graphs: dict[str, Graph]) -> None:
    g, s = graphs["kings-point"], node("kings-point", "standards-C")
    assert str(g.value(s, DL.citation)) == "Standards C"
    assert amendments(g, s) == {("Amended", dt.date(2008, 10, 20), "L.L. No. 5-2008")}
    assert text(g, s).startswith("All docks shall be set back from a side property line")


def test_kings_point_inline_forms(graphs: dict[str, Graph]) -> None:
    g = graphs["kings-point"]
    assert text(g, node("kings-point", "standards-D-2-c-2")) == (
        "The total area of all of the floats may not exceed 500 square feet.")
    s = node("kings-point", "standards-F-6")
    assert text(g, s) == (
        "It shall not exceed the forty-two-inch height limit of the required railing.")
    assert amendments(g, s) == {("Added", dt.date(2021, 5, 13), "L.L. No. 12-2021")}
    assert str(g.value(node("kings-point", "standards-D-2-b"), DL.citation)) == "Standards D(2)(b)"
    assert str(g.value(node("kings-point", "boat-lifts-C-1"), DL.citation)) == "Boat lifts C(1)"
    assert text(g, node("kings-point", "boat-lifts-A")) == (
        "There shall not be more than one boat lift on any off-shore structure.")


def test_kings_point_ambiguous_brackets_are_noted(graphs: dict[str, Graph]) -> None:
    g = graphs["kings-point"]
    lifts = node("kings-point", "boat-lifts")
    assert amendments(g, lifts) == {
        ("Amended", dt.date(2011, 1, 10), "L.L. No. 1-2011"),
        ("Amended", dt.date(2020, 7, 20), "L.L. No. 3-2020"),
    }
    assert not list(g.objects(node("kings-point", "standards-H"), DL.amendment))
    for local in ("boat-lifts", "boat-lifts-E", "maintenance"):
        ams = list(g.objects(node("kings-point", local), DL.amendment))
        assert ams and all(g.value(a, DL.attachmentNote) for a in ams), local


def test_kings_point_external_reference(graphs: dict[str, Graph]) -> None:
    g, s = graphs["kings-point"], node("kings-point", "maintenance-C")
    assert objects(g, s, DL.externalReference) == {
        "§ 116-1, Penalties for offenses, of said Code"}
    assert not refs(g, s)
    assert not list(g.objects(s, DL.unresolvedReference))


def test_kings_point_definitions(graphs: dict[str, Graph]) -> None:
    g = graphs["kings-point"]
    d = URIRef(f"{section_iri('kings-point', 'definitions')}/def/dock")
    assert (d, RDF.type, DL.Definition) in g
    assert str(g.value(d, DL["term"])) == "DOCK"
    assert str(g.value(d, SKOS.prefLabel)) == "dock"
    assert text(g, d).startswith("Any permanent or seasonal structure extending over the water's")
    assert g.value(d, DL.definedIn) == node("kings-point", "definitions")
    lift = URIRef(f"{section_iri('kings-point', 'definitions')}/def/boat-lift")
    assert amendments(g, lift) == {("Amended", dt.date(2020, 7, 20), "L.L. No. 3-2020")}


# -- North Hempstead ---------------------------------------------------------------------------
def test_north_hempstead_references(graphs: dict[str, Graph]) -> None:
    g = graphs["north-hempstead"]
    assert refs(g, node("north-hempstead", "42-9A-2")) == {"42-9C-1"}
    assert objects(g, node("north-hempstead", "42-9A-2"), DL.referenceText) == {"§ 42-9C(1)"}
    s = node("north-hempstead", "42-7C")
    assert refs(g, s) == {"42-7A", "42-7B"}
    assert objects(g, s, DL.referenceText) == {"§ 42-7A or 42-7B"}
    assert objects(g, node("north-hempstead", "42-7"), DL.unresolvedReference) == {"§ 42-6"}
    assert objects(g, node("north-hempstead", "42-7B-5"), DL.unresolvedReference) == {"§ 42-11"}
    assert refs(g, node("north-hempstead", "42-9B-2-b")) == {"42-9B-2-a"}


def test_north_hempstead_structure(graphs: dict[str, Graph]) -> None:
    g = graphs["north-hempstead"]
    s = node("north-hempstead", "42-9A")
    assert text(g, s) == "General standards."
    assert str(g.value(s, DL.heading)) == "General standards"
    assert text(g, node("north-hempstead", "42-9A-1")).startswith("No structure shall be permitted")
    assert amendments(g, node("north-hempstead", "42-7B")) == {
        ("Amended", dt.date(2021, 8, 5), "L.L. No. 14-2021")}
    assert amendments(g, node("north-hempstead", "42-7A-2")) == {
        ("Amended", dt.date(2021, 8, 5), "L.L. No. 14-2021")}
    assert len(list(g.objects(node("north-hempstead", "42-9B"), DL.hasPart))) == 14


# -- Jerusalem (Keuka) -------------------------------------------------------------------------
def test_keuka_160_123A_1_b_2(graphs: dict[str, Graph]) -> None:
    g, s = graphs["jerusalem"], node("jerusalem", "160-123A-1-b-2")
    assert str(g.value(s, DL.citation)) == "§ 160-123A(1)(b)[2]"
    assert text(g, s) == (
        "If a water depth of at least three feet is not attained at a point extending directly "
        "out into the lake a distance of 65 feet from the mean high water mark when the lake "
        "level is 712.55 feet above sea level, the dock may be extended to a point where this "
        "depth is achieved, providing this length does not violate the New York State "
        "Navigation Law.")
    assert g.value(s, DL.numberPrinted).toPython() is True


def test_keuka_footnote_after_real_bracket_subsections(graphs: dict[str, Graph]) -> None:
    g = graphs["jerusalem"]
    b = node("jerusalem", "160-123A-1-b")
    parts = sorted(str(o).rsplit("/", 1)[1] for o in g.objects(b, DL.hasPart))
    assert parts == ["160-123A-1-b-1", "160-123A-1-b-2", "160-123A-1-b-3"]
    assert objects(g, node("jerusalem", "160-123A-1-b-3"), DL.editorialNote) == {
        "[1] Editor's Note: Figure 2 is included at the end of this chapter."}
    assert text(g, node("jerusalem", "160-123A-1-b-1")).startswith("No part of the dock")


def test_keuka_references_and_code(graphs: dict[str, Graph]) -> None:
    g = graphs["jerusalem"]
    s = node("jerusalem", "160-122C-2")
    assert refs(g, s) == {f"160-122C-1-{x}" for x in "abcd"}
    assert objects(g, s, DL.referenceText) == {"Subsection C(1)(a) through (d)"}
    assert refs(g, node("jerusalem", "160-123A")) == {"160-122D"}
    assert objects(g, node("jerusalem", "160-127A"), DL.externalReference) == {
        "§ 267-a of the Town Law", "§ 7-712-a of the Village Law"}
    assert amendments(g, code_iri("jerusalem")) == {
        ("Added", dt.date(2006, 9, 20), "L.L. No. 8-2006")}
    sec = node("jerusalem", "160-118")
    assert str(g.value(sec, DL.heading)) == "Title"
    assert text(g, sec).startswith("This article shall be known")


# -- South Bristol (Canandaigua) ---------------------------------------------------------------
def test_south_bristol_references(graphs: dict[str, Graph]) -> None:
    g = graphs["south-bristol"]
    s = node("south-bristol", "73-9C-1-d")
    assert refs(g, s) == {"73-9C-1-c"}
    assert objects(g, s, DL.referenceText) == {"Subsection C(1)(c)"}
    assert refs(g, node("south-bristol", "73-13H")) == {"73-13G"}
    assert refs(g, node("south-bristol", "73-6D")) == {"73-8"}
    assert objects(g, node("south-bristol", "73-22E"), DL.unresolvedReference) == {
        "§ 73-22D(1)"}
    assert refs(g, node("south-bristol", "73-22B")) == {"73-22D"}


def test_south_bristol_gaps(graphs: dict[str, Graph]) -> None:
    g = graphs["south-bristol"]

    def gap(local: str) -> str:
        return " ".join(objects(g, node("south-bristol", local), DL.gapNote))

    assert gap("73-7") == "§ 73-7 has A, C: no B in the text (not invented here)."
    assert gap("73-14") == "§ 73-14 has A, B, D: no C in the text (not invented here)."
    assert gap("73-18B") == "§ 73-18B has (2), (3), (4): no (1) in the text (not invented here)."
    assert (node("south-bristol", "73-7B"), None, None) not in g


def test_south_bristol_definitions_and_tables(graphs: dict[str, Graph]) -> None:
    g = graphs["south-bristol"]
    defs = list(g.subjects(RDF.type, DL.Definition))
    assert len(defs) == 38
    assert all(g.value(d, DL.headwordInferred).toPython() is True for d in defs)
    walk = URIRef(f"{section_iri('south-bristol', '73-5')}/def/main-walkway")
    assert text(g, walk) == ("The section of the dock that extends from the mean high-water "
                             "mark toward the center of the lake.")
    area = URIRef(f"{section_iri('south-bristol', '73-5')}/def/facility-area")
    assert "375 feet" in text(g, area)
    assert refs(g, area) == {"73-13G"}
    t1 = URIRef("https://w3id.org/docklaw/code/south-bristol/73-8/table-1")
    assert (t1, RDF.type, DL.Table) in g
    assert g.value(t1, DL.inSection) == node("south-bristol", "73-8A")
    assert g.value(t1, DL.section) is None  # dl:section is the rule -> section link only
    assert "F. 200.01 +" in text(g, t1)
    assert str(g.value(t1, RDFS.label)) == "Table 1, Tier 1 Allocation"
    assert "Table 1" not in text(g, node("south-bristol", "73-8A-4"))
    assert amendments(g, code_iri("south-bristol")) == {
        ("Adopted", dt.date(2011, 9, 12), "L.L. No. 3-2011")}


def test_definition_counts(graphs: dict[str, Graph]) -> None:
    counts = {j: len(list(g.subjects(RDF.type, DL.Definition))) for j, g in graphs.items()}
    assert counts == {"north-haven": 0, "kings-point": 16, "north-hempstead": 0,
                      "jerusalem": 34, "south-bristol": 38}


def test_jurisdiction_and_code_nodes(graphs: dict[str, Graph]) -> None:
    g = graphs["south-bristol"]
    jur = URIRef("https://w3id.org/docklaw/jurisdiction/south-bristol")
    assert (jur, RDF.type, DL.Town) in g
    assert str(g.value(jur, DL.county)) == "Ontario County"
    code = code_iri("south-bristol")
    assert (code, RDF.type, DL.Code) in g
    assert str(g.value(code, DL.enactedBy)).endswith("/authority/south-bristol/town-board")
    assert (URIRef("https://w3id.org/docklaw/jurisdiction/kings-point"), RDF.type,
            DL.Village) in graphs["kings-point"]


# -- headings, errors, speed -------------------------------------------------------------------
@pytest.mark.parametrize(("text_", "children", "expected"), [
    ("Width. Docks and piers shall not exceed four feet in width.", False, "Width"),
    ("False statements: false statements, misrepresentation", False, "False statements"),
    ("Floats:", True, "Floats"),
    ("Docks shall be limited to:", True, None),
    ("Connect the points of intersection with straight lines. These lines ...", False, None),
    ("An additional 200 square feet of dock space.", True, None),
    ("All necessary design details and information related to the project.", False, None),
])
def test_heading_of(text_: str, children: bool, expected: str | None) -> None:
    assert heading_of(text_, children) == expected


def test_unknown_jurisdiction_is_an_input_error() -> None:
    with pytest.raises(InputError, match="unknown jurisdiction 'atlantis'"):
        build_section_graph("atlantis")
    assert jurisdictions.resolve("keuka").id == "jerusalem"


def test_missing_anchor_names_the_anchor(tmp_path: Path) -> None:
    src = (jurisdictions.get("north-haven").folder / "description.toml").read_text(encoding="utf-8")
    bad = tmp_path / "description.toml"
    bad.write_text(src.replace('anchor = "A.\\nFees."', 'anchor = "A.\\nNo such words."'),
                   encoding="utf-8")
    desc = load_description("north-haven", bad)
    text_ = (jurisdictions.get("north-haven").folder / "source.txt").read_text(encoding="utf-8")
    with pytest.raises(InputError, match=r"anchor 'A.\\nNo such words.' of section § 56-5"):
        parse_source(text_, desc)


def test_bad_description_kind(tmp_path: Path) -> None:
    bad = tmp_path / "description.toml"
    bad.write_text('name = "X"\nkind = "city"\ncounty = "Y"\n[code]\n[numbering]\n',
                   encoding="utf-8")
    with pytest.raises(InputError, match="kind must be one of"):
        load_description("north-haven", bad)


def test_parsing_all_codes_from_scratch() -> None:
    """Every code parses from a cold cache (its speed is measured in benchmarks, not here)."""
    ingest.parse_code.cache_clear()
    for jid in jurisdictions.ids():
        assert len(build_section_graph(jid)) > 100


@pytest.mark.parametrize("jid", jurisdictions.ids())
def test_subsections_link_their_section_by_in_section_not_section(jid: str) -> None:
    """dl:section is the rule -> section link of the rule model; ingestion never writes it."""
    g = build_section_graph(jid)
    assert not list(g.subject_objects(DL.section))
    subsections = set(g.subjects(RDF.type, DL.Subsection))
    assert subsections
    for sub in subsections:
        section = g.value(sub, DL.inSection)
        assert (section, RDF.type, DL.Section) in g, sub
        top = sub
        while g.value(top, DL.parent) is not None:
            top = g.value(top, DL.parent)
        assert section == top, sub
