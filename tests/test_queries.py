"""Saved queries: headers parse, every query runs and cites sections, answers match the texts."""

from __future__ import annotations

from functools import lru_cache

import pytest
from rdflib import BNode, Graph, Literal

from docklaw import jurisdictions
from docklaw.cli import main
from docklaw.errors import InputError
from docklaw.namespaces import DL, RDFS
from docklaw.queries.catalogue import catalogue, get
from docklaw.queries.run import Result, bind_values, default_graph, default_store, run_saved
from docklaw.sparql.store import Store

NH = "https://w3id.org/docklaw/code/north-haven/"
CODE = "https://w3id.org/docklaw/code/"


@lru_cache(maxsize=1)
def graph() -> Graph:
    return default_graph()


def store() -> Store:
    return default_store()


def run(name: str, **params: str) -> Result:
    """Saved queries run on the embedded Oxigraph store, as `docklaw query` runs them."""
    return run_saved(store(), get(name), params)


def by_code(result: Result) -> dict[str, set[str]]:
    """Citations per jurisdiction id (from the section IRI)."""
    out: dict[str, set[str]] = {}
    for row in result.rows:
        jid = str(row["section"])[len(CODE):].split("/", 1)[0]
        out.setdefault(jid, set()).add(str(row["citation"]))
    return out


def cites(result: Result, prefix: str = "") -> set[str]:
    return {str(r["citation"]) for r in result.rows
            if r.get("section") is not None and str(r["section"]).startswith(prefix)}


def test_catalogue_has_twenty_documented_queries() -> None:
    assert len(catalogue()) >= 20
    for q in catalogue().values():
        assert q.title and q.question, q.name


@pytest.mark.parametrize("name", sorted(catalogue()))
def test_every_query_runs_and_rows_cite_sections(name: str) -> None:
    result = run(name)
    assert "citation" in result.variables and "section" in result.variables, name
    g = graph()
    for row in result.rows:
        if row.get("section") is not None:
            assert (row["section"], None, None) in g, f"{name}: {row['section']} not in graph"


def test_use_variance_north_haven_exactly_the_lists_of_56_3D_and_56_4P() -> None:
    expected = {f"§ 56-2{x}" for x in "JKMO"} | {f"§ 56-3{x}" for x in "BCEH"} | {
        f"§ 56-4{x}" for x in "IJKNOQT"}
    assert cites(run("use-variance"), NH) == expected




def test_area_variance_north_haven_lists_without_the_missing_56_2G() -> None:
    expected = {f"§ 56-2{x}" for x in "ABCDEFHILN"} | {f"§ 56-3{x}" for x in "AFG"} | {
        f"§ 56-4{x}" for x in "ABCDEFGHLMQRS"}
    assert cites(run("area-variance"), NH) == expected


def test_lint_double_variance_is_56_4Q() -> None:
    assert cites(run("lint-double-variance")) == {"§ 56-4Q"}


def test_lint_unresolved_reference_56_2G() -> None:
    rows = run("lint-unresolved-references").rows
    assert any(str(r["unresolved"]) == "§ 56-2G" and str(r["citation"]) == "§ 56-3D" for r in rows)


def test_max_width_north_haven_four_feet() -> None:
    rows = [r for r in run("max-width", jurisdiction="north-haven").rows]
    assert {(str(r["citation"]), float(r["limit"]), str(r["unit"])) for r in rows} == {
        ("§ 56-2D", 4.0, "foot"), ("§ 56-4C", 4.0, "foot")}


def test_jurisdiction_parameter_filters() -> None:
    rows = run("max-length", jurisdiction="keuka").rows
    keuka = "https://w3id.org/docklaw/code/jerusalem/"
    assert all(str(r["section"]).startswith(keuka) for r in rows)


@pytest.mark.parametrize(("frontage", "docks", "slips"), [
    ("25", 1, 1), ("25.01", 1, 2), ("150", 2, 4), ("200.01", 2, 5), ("250", 2, 6), ("300", 3, 7),
])
def test_allocation_south_bristol_table_1(frontage: str, docks: int, slips: int) -> None:
    rows = [r for r in run("allocation-by-frontage", frontage=frontage, tier="1").rows
            if str(r["citation"]) == "§ 73-8A"]
    got = {str(r["facilityLabel"]): int(r["allowed"]) for r in rows}
    assert got == {"dock": docks, "boat slip": slips}


def test_allocation_north_hempstead_one_per_additional_100_feet() -> None:
    def docks(frontage: str) -> int:
        return next(int(r["allowed"]) for r in run("allocation-by-frontage", frontage=frontage).rows
                    if str(r["citation"]) == "§ 42-9B(7)")
    assert (docks("99"), docks("199"), docks("200"), docks("250"), docks("300")) == (1, 1, 2, 2, 3)


@pytest.mark.parametrize(("frontage", "docks", "moorings"), [("99.99", 1, 4), ("150", 2, 6)])
def test_allocation_keuka_residential(frontage: str, docks: int, moorings: int) -> None:
    """§ 160-123A(1)(a)[1]-[2]: 0-99.99 ft four moorings, one dock; 100-199.99 ft six, two."""
    rows = [r for r in run("allocation-by-frontage", frontage=frontage).rows
            if str(r["citation"]) == "§ 160-123A(1)(a)"]
    assert {str(r["facilityLabel"]): int(r["allowed"]) for r in rows} == {
        "dock": docks, "mooring for a boat": moorings}


def test_boat_lifts_north_haven_prohibits_kings_point_limits() -> None:
    result = run("boat-lifts")
    assert {"§ 56-2M", "§ 56-4K"} <= cites(result, NH)
    kp = cites(result, "https://w3id.org/docklaw/code/kings-point/")
    assert {"Boat lifts A", "Boat lifts C(1)", "Boat lifts C(2)"} <= kp


def test_treated_wood_north_haven_56_2K_and_56_4J() -> None:
    assert {"§ 56-2K", "§ 56-4J"} <= cites(run("treated-wood"), NH)


# Kings Point source.txt: "[Amended 5-13-2021 by L.L. No. 12-2021]" (or "[Added ...]") follows
# Standards D(2)(g), D(2)(h), F(6), Boat lifts C(1), C(2), E, and a second identical bracket
# after E opens Maintenance (description.toml records that reading as ambiguous).
LL_12_2021 = {"Standards D(2)(g)", "Standards D(2)(h)", "Standards F(6)", "Boat lifts C(1)",
              "Boat lifts C(2)", "Boat lifts E", "Maintenance"}


def test_amended_by_local_law_12_2021_exactly_the_bracketed_sections() -> None:
    result = run("amended-by-local-law", law="https://w3id.org/docklaw/locallaw/kings-point/2021-12")
    assert cites(result) == LL_12_2021


def test_amended_after_date_excludes_older() -> None:
    rows = run("amended-after", since="2025-01-01").rows
    assert rows and all(str(r["date"]) >= "2025-01-01" for r in rows)
    assert {"§ 56-2", "§ 56-3"} <= cites(run("amended-after", since="2025-12-16"), NH)


def test_term_dock_side_by_side_covers_every_code() -> None:
    rows = run("term-side-by-side", term="dock").rows
    codes = {str(r["section"]).split("/code/")[1].split("/")[0] for r in rows}
    assert codes == set(jurisdictions.ids())


def test_term_side_by_side_unbound_lists_every_term_of_every_code_fast() -> None:
    """``-p term=`` (unbound): every definition and every undefined concept, side by side;
    the union of the bound answers, and answered in milliseconds (it took ~300 ms on
    Oxigraph and returned nothing before the branches carried their own joins)."""

    everything = run("term-side-by-side", term="")
    rows = everything.rows
    codes = {str(r["section"]).split("/code/")[1].split("/")[0] for r in rows}
    assert codes == set(jurisdictions.ids())
    kinds = {str(r["kind"]) for r in rows}
    assert kinds == {"definition", "not defined; delimited by use"}
    definitions = store().query(
        "SELECT DISTINCT ?t ?x ?s WHERE { "
        f"?d a <{DL.Definition}> ; <{DL['term']}> ?t ; <{DL['text']}> ?x ; <{DL.definedIn}> ?s ; "
        f"<{DL.jurisdiction}> ?j }}")
    count = len(definitions.rows)
    assert count > 50
    assert len([r for r in rows if str(r["kind"]) == "definition"]) == count
    key = lambda r: tuple(str(r[v]) for v in everything.variables)  # noqa: E731
    every = {key(r) for r in rows}
    for term in ("dock", "float", "boat station"):
        bound = run("term-side-by-side", term=term).rows
        assert bound and {key(r) for r in bound} <= every, term
    assert store().query(get("term-side-by-side").text).rows  # answers unbound, too


def test_penalties_north_haven_250_kings_point_10000() -> None:
    rows = {str(r["citation"]): r for r in run("penalties").rows}
    assert float(rows["§ 56-7G"]["maxFine"]) == 250
    assert float(rows["Maintenance C"]["maxFine"]) == 10000
    assert rows["§ 160-130"]["maxFine"] is None and rows["§ 73-26"]["maxFine"] is None


def test_penalties_say_which_violations_they_cover() -> None:
    """Kings Point Maintenance C applies its $2,500-$10,000 fine 'to violations of this
    section': the answer scopes it to the Maintenance section and says the article states no
    penalty for its other rules (blind review 95, finding 1); North Haven's covers the chapter."""
    rows = {str(r["citation"]): r for r in run("penalties").rows}
    kp = rows["Maintenance C"]
    assert str(kp["coversWholeText"]) == "false"
    assert str(kp["scope"]).startswith("violations of the Maintenance section")
    assert "states no fine" in str(kp["notCovered"]) and "Dock standards" in str(kp["notCovered"])
    nh = rows["§ 56-7G"]
    assert str(nh["coversWholeText"]) == "true" and nh["notCovered"] is None
    assert "this chapter" in str(nh["scope"])


@pytest.mark.parametrize("name", sorted(catalogue()))
def test_every_query_says_whether_its_section_numbers_are_printed(name: str) -> None:
    """Each saved question gives every cited section's dl:numberPrinted, so an inferred number
    (North Haven § 56-7, most of South Bristol, Kings Point's locators) is never shown as a
    printed citation (blind review 95, finding 3)."""
    result = run(name)
    assert "numberPrinted" in result.variables, name
    for row in result.rows:
        if row.get("section") is not None:
            assert str(row["numberPrinted"]) in ("true", "false"), (name, row["section"])


def test_inferred_and_printed_numbers_in_answers() -> None:
    penalties = {str(r["citation"]): str(r["numberPrinted"]) for r in run("penalties").rows}
    assert penalties == {"§ 56-7G": "false", "Maintenance C": "false", "§ 160-130": "true",
                         "§ 73-26": "false"}
    width = {str(r["citation"]): str(r["numberPrinted"]) for r in run("max-width").rows}
    # README of the texts: North Haven's and North Hempstead's § 42-9B numbers are inferred
    assert width["§ 56-2D"] == "false" and width["§ 42-9B(10)"] == "false"
    relief = {str(r["citation"]): str(r["numberPrinted"]) for r in run("relief-authorities").rows}
    assert relief["§ 160-122C(1)"] == "true" and relief["§ 73-14A"] == "false"


def test_bad_parameters_are_input_errors() -> None:
    with pytest.raises(InputError, match="frontage"):
        run("allocation-by-frontage", frontage="wide")
    with pytest.raises(InputError, match="unknown jurisdiction"):
        run("max-length", jurisdiction="atlantis")
    with pytest.raises(InputError, match="unknown parameter"):
        run("max-length", colour="red")
    with pytest.raises(InputError, match="expects iri"):
        run("amended-by-local-law", law="x> } DELETE {")


def test_cli_query_formats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "lint-double-variance", "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "code,citation,numberPrinted,section,class1,class2"
    assert "§ 56-4Q" in out
    assert main(["query", "penalties"]) == 0
    assert "numberPrinted false: the section number is not printed" in capsys.readouterr().out
    assert main(["query", "max-width", "-p", "jurisdiction=atlantis"]) == 2
    assert main(["queries"]) == 0
    assert "use-variance" in capsys.readouterr().out


# --- topic queries: exactly the sections whose rules constrain the topic's properties -----

TOPIC_SECTIONS: dict[str, dict[str, set[str]]] = {
    "max-length": {  # dl:length, dl:lengthFromMLW, dl:farthestExtentFromMHW of docks
        "north-haven": {"§ 56-2B", "§ 56-4A"}, "kings-point": {"Standards D(1)"},
        "north-hempstead": {"§ 42-9A(2)"},
        # § 160-123A(1)(b): the limit of either branch, where the depth at 65 ft is not stated
        "jerusalem": {"§ 160-123A(1)(b)", "§ 160-123A(1)(b)[1]", "§ 160-123A(1)(b)[2]"},
        # § 73-5: Tier 3, facility area; § 73-9C(1)(d) and § 73-13H: the depth extensions of the
        # 60- and 200-foot lines (review 95, 2)
        "south-bristol": {"§ 73-5", "§ 73-9C(1)(c)", "§ 73-9C(1)(d)", "§ 73-13G", "§ 73-13H"}},
    "max-width": {
        "north-haven": {"§ 56-2D", "§ 56-4C"}, "kings-point": {"Standards D(2)(b)", "Standards G"},
        "north-hempstead": {"§ 42-9B(10)"}, "south-bristol": {"§ 73-9C(1)(a)"}},
    "max-area": {
        "kings-point": {"Standards D(2)(c)[2]"},
        "jerusalem": {"§ 160-123A(1)(b)", "§ 160-123A(1)(d)"},
        "south-bristol": {"§ 73-9C(1)", "§ 73-9C(1)(f)", "§ 73-9D(2)", "§ 73-10A", "§ 73-10B(3)",
                          "§ 73-10B(4)"}},
    "side-setbacks": {
        "north-haven": {"§ 56-3A"}, "kings-point": {"Standards C"},
        "north-hempstead": {"§ 42-9B(9)"},
        "jerusalem": {"§ 160-122D"}, "south-bristol": {"§ 73-9A", "§ 73-14A", "§ 73-16A"}},
    "boat-lifts": {
        "north-haven": {"§ 56-2M", "§ 56-4K"},
        "kings-point": {"Definitions", "Boat lifts A", "Boat lifts B(1)", "Boat lifts B(2)",
                        "Boat lifts B(3)", "Boat lifts C(1)", "Boat lifts C(2)", "Boat lifts C(3)",
                        "Boat lifts C(4)", "Boat lifts D", "Boat lifts E"},
        "jerusalem": {"§ 160-122F", "§ 160-122G", "§ 160-122H"},
        "south-bristol": {"§ 73-5", "§ 73-8B(2)", "§ 73-8B(3)", "§ 73-13D"}},
    "max-height": {
        "north-haven": {"§ 56-2E", "§ 56-2F(1)", "§ 56-2H", "§ 56-4D", "§ 56-4E"},
        "kings-point": {"Boat lifts C(4)", "Standards D(2)(a)[4]", "Standards D(2)(d)",
                        "Standards D(2)(e)", "Standards F(6)"},
        "north-hempstead": {"§ 42-9B(2)(a)", "§ 42-9B(2)(b)", "§ 42-9B(11)"},
        "jerusalem": {"§ 160-122G"}, "south-bristol": {"§ 73-8B(4)(c)[1]"}},
    "lights": {
        "north-haven": {"§ 56-3B", "§ 56-4N"}, "kings-point": {"Standards F", "Standards F(6)"},
        "north-hempstead": {"§ 42-9B(13)"},
        # Jerusalem: none. Its text is silent on lighting; § 160-123A(1)(b)[1] names a light among
        # the associated equipment held to the 65-ft line, a length rule (review 95, 8)
        "south-bristol": {"§ 73-9C(2)", "§ 73-14D", "§ 73-16C"}},
    "treated-wood": {
        "north-haven": {"§ 56-2K", "§ 56-4J"},
        "kings-point": {"Standards D(2)(f)", "Standards D(2)(g)"},
        "north-hempstead": {"§ 42-9B(12)"}, "jerusalem": {"§ 160-125A(2)"},
        "south-bristol": {"§ 73-18B(2)"}},
    "permit-path": {
        "north-haven": {"§ 56-1", "§ 56-6B"}, "kings-point": {"Permit"},
        "north-hempstead": {"§ 42-7C"},
        # state permits required beyond a distance (mooring buoys beyond 100 feet) are permits
        "jerusalem": {"§ 160-122J", "§ 160-124D", "§ 160-124F", "§ 160-124F(3)"},
        "south-bristol": {"§ 73-11A", "§ 73-11E", "§ 73-13C", "§ 73-15G", "§ 73-9B(2)",
                          "§ 73-13F", "§ 73-17A"}},
}


@pytest.mark.parametrize("name", sorted(TOPIC_SECTIONS))
def test_topic_query_lists_exactly_these_sections(name: str) -> None:
    assert by_code(run(name)) == TOPIC_SECTIONS[name]


def test_length_topic_leaves_out_loosely_related_rules() -> None:
    """Boat length, frontage minimums, notice radii, buoy distances and navigation lights
    are not dock lengths."""
    cited = set().union(*by_code(run("max-length")).values())
    assert not cited & {"Boat lifts C(1)", "Standards B", "§ 42-7B(5)", "§ 160-124F(3)",
                        "§ 73-9C(2)", "§ 73-14D", "§ 73-8B(1)(c)", "§ 73-9B(2)"}


def test_permit_path_shows_the_state_permit_trigger_and_issuer() -> None:
    """'Beyond 100 feet requires permit X from authority Y' is data, not a distance cap."""
    rows = [r for r in run("permit-path").rows if str(r["citation"]) == "§ 73-9B(2)"]
    assert rows, "§ 73-9B(2) missing from permit-path"
    row = rows[0]
    assert str(row["permitLabel"]) == "NYSOPRHP permit"
    assert "Office of Parks, Recreation and Historic Preservation" in str(row["issuerLabel"])
    assert str(row["triggerProperty"]).endswith("#farthestExtentFromMHW")
    assert float(str(row["triggerValue"])) == 100.0 and str(row["triggerComparison"]) == "more than"
    keuka = [r for r in run("permit-path").rows if str(r["citation"]) == "§ 160-124F(3)"]
    assert keuka and str(keuka[0]["permitLabel"]) == "New York State anchorage permit"


def test_max_length_lists_no_permit_trigger_or_light() -> None:
    cited = cites(run("max-length"))
    assert not cited & {"§ 73-9B(2)", "§ 73-13F", "§ 160-124F(3)", "§ 73-9C(2)", "§ 73-14D",
                        "§ 73-16C"}


def test_area_variance_per_code() -> None:
    got = by_code(run("area-variance"))
    assert set(got) == {"north-haven", "jerusalem", "south-bristol"}
    assert got["jerusalem"] == {
        "§ 160-122C(1)", "§ 160-122D", "§ 160-122E", "§ 160-122F", "§ 160-122G",
        "§ 160-123A(1)(a)", "§ 160-123A(1)(b)", "§ 160-123A(1)(b)[1]", "§ 160-123A(1)(b)[2]",
        "§ 160-123A(1)(c)", "§ 160-123A(1)(d)", "§ 160-123A(2)(a)[1]", "§ 160-123A(2)(b)[1]",
        "§ 160-123A(2)(c)[1]", "§ 160-126B", "§ 160-126B(1)", "§ 160-126B(4)"}
    # § 73-22D: variances only for facility area lines, outlet setbacks, Tier 1 dock configuration
    assert got["south-bristol"] == {
        "§ 73-9A", "§ 73-9A(1)", "§ 73-9B(1)", "§ 73-9C(1)(a)", "§ 73-9C(1)(b)",
        "§ 73-9C(1)(c)", "§ 73-9C(1)(d)", "§ 73-9C(1)(f)", "§ 73-9C(1)(g)", "§ 73-14A",
        "§ 73-14B", "§ 73-16A"}


def test_use_variance_only_north_haven() -> None:
    assert set(by_code(run("use-variance"))) == {"north-haven"}


def test_not_variable_per_code() -> None:
    got = by_code(run("not-variable"))
    assert set(got) == {"north-haven", "north-hempstead", "south-bristol"}
    assert got["north-haven"] == {"§ 56-1"}
    # "in no case"; § 42-7B(3): the marker of a perimeter structure reconfiguration permit, a
    # § 42-7B permit that neither § 42-9A(4) nor § 42-9C(1) relieves (review 34)
    assert got["north-hempstead"] == {"§ 42-7B(3)", "§ 42-7C", "§ 42-9C(4)"}
    assert not got["south-bristol"] & {"§ 73-9A", "§ 73-14A", "§ 73-16A"}
    # the 720 square feet: "under no circumstances" (§ 73-9C(1)(d)) against § 73-22D, decided
    assert {"§ 73-9C(1)", "§ 73-9D(2)"} <= got["south-bristol"]
    assert "§ 73-21A" in got["south-bristol"]
    # + § 73-10A(1), § 73-10A(3), § 73-10B(8), § 73-21D: rules added by issue 22; § 73-17A (the
    # permit for every Tier 2 and 3 facility, § 73-17 not variable) added on review
    assert "§ 73-17A" in got["south-bristol"]
    # + § 73-8B: the construction a lift with a roof must state (a boat hoist structure if
    # seasonal, a boat station if permanent, § 73-5), like the § 73-8B(1)-(3) counts, not variable
    assert "§ 73-8B" in got["south-bristol"]
    # - § 73-9, § 73-14, § 73-16 as sections (review 95, 5): each states dl:NotVariable as the
    # default for its rules, but rules in it are variable (§ 73-22D: Tier 1 dock configuration,
    # facility area line and outlet setbacks), so the section is not listed; its rules that
    # cannot be varied are (§ 73-9C(1), § 73-9D(2), § 73-14B, § 73-14D, § 73-16C)
    assert not got["south-bristol"] & {"§ 73-9", "§ 73-14", "§ 73-16"}
    assert {"§ 73-14B", "§ 73-14D", "§ 73-16C"} <= got["south-bristol"]
    assert len(got["south-bristol"]) == 82


def test_relief_authorities_every_code() -> None:
    got = by_code(run("relief-authorities"))
    assert set(got) == set(TOPIC_SECTIONS["permit-path"])
    assert got["north-hempstead"] == {"§ 42-7", "§ 42-7A(2)", "§ 42-9", "§ 42-9A(4)", "§ 42-9C(1)"}
    assert {"Waiver", "Standards D(1)"} <= got["kings-point"]


@pytest.mark.parametrize(("frontage", "moorings"), [
    ("200", 75), ("249.99", 75), ("250", 95), ("299.99", 95), ("300", 115)])
def test_allocation_keuka_marina(frontage: str, moorings: int) -> None:
    """§ 160-123A(2)(a)[1]: 75 up to 249.99 ft; past 249.99 ft, 20 more per additional 50 ft.
    Encoded as bands of 50 ft from 250 ft (250 ft: 95); the other reading is exposed as a lint."""
    rows = [r for r in run("allocation-by-frontage", frontage=frontage).rows
            if str(r["citation"]) == "§ 160-123A(2)(a)[1]"]
    assert [int(r["allowed"]) for r in rows] == [moorings]


def test_keuka_marina_table_ambiguity_is_linted() -> None:
    notes = [str(r["note"]) for r in run("lint-ambiguities", jurisdiction="jerusalem").rows
             if str(r["citation"]) == "§ 160-123A(2)(a)[1]"]
    assert any("from 200 or from 250 feet" in n for n in notes)


@pytest.mark.parametrize("name", list(catalogue()))  # one test each: they run in parallel
def test_store_and_rdflib_agree_on_every_saved_query(name: str) -> None:
    """The store is an optimisation: same rows (numbers compared as numbers) as rdflib."""
    def norm(result: Result) -> list[tuple[tuple[str, str], ...]]:
        def value(v: object) -> str:
            if v is None:
                return ""
            if isinstance(v, BNode):
                return "_:blank"  # blank node labels differ between stores
            try:
                return repr(float(str(v)))
            except ValueError:
                return str(v)
        return sorted(tuple(sorted((k, value(v)) for k, v in r.items())) for r in result.rows)
    query = catalogue()[name]
    on_store, on_graph = run_saved(store(), query), run_saved(graph(), query)
    assert norm(on_store) == norm(on_graph), name


def test_parameters_bound_first_in_the_where_group() -> None:
    text = bind_values("# where { in a comment\nSELECT ?a WHERE {\n  FILTER(?x > 1)\n}", {
        "x": Literal(2)})
    assert text.index("VALUES (?x)") < text.index("FILTER")
    assert text.startswith("# where { in a comment\nSELECT ?a WHERE {\n  VALUES (?x) {")


def test_readings_lists_every_reading_once_with_the_one_the_verdict_follows() -> None:
    """Every dl:Reading the data records appears once (one per provision and label), the
    default marked as followed; North Hempstead § 42-9A(3) reads 'within 50 feet' two ways, and
    the lead-in of § 42-9 (does 'altered or improved' take in a repair?) a third (reading R,
    blind review 118 F1)."""
    g = graph()
    recorded = {(str(p), str(g.value(r, RDFS.label)), prop == DL.defaultReading)
                for prop in (DL.defaultReading, DL.alternativeReading)
                for p, r in g.subject_objects(prop)}
    rows = run("readings").rows
    listed = {(str(r["provision"]), str(r["reading"]), str(r["followed"]).startswith("yes"))
              for r in rows}
    assert listed == recorded and len(rows) == len(recorded)
    nh = [r for r in rows if str(r["citation"]) == "§ 42-9A(3)"]
    assert [(str(r["followed"])[:3], str(r["reading"])[:1]) for r in nh] == [("yes", "A"),
                                                                            ("no:", "B"),
                                                                            ("no:", "R")]


def test_relief_class_inferred_where_the_text_does_not_name_it() -> None:
    """South Bristol § 73-22D and Jerusalem § 160-127A never say 'area variance': the class
    is marked as the curators' reading (blind review 95, finding 6)."""
    for name in ("area-variance", "relief-authorities"):
        rows = run(name).rows
        for row in rows:
            code = str(row["code"])
            if str(row.get("varianceClass", "area variance")) != "area variance":
                continue
            inferred = code in ("Town of Jerusalem", "Town of South Bristol")
            assert str(row["classInText"]) == ("false" if inferred else "true"), (name, row)
            assert (row["classNote"] is not None) == inferred
    jr = {str(r["citation"]) for r in run("relief-authorities", jurisdiction="jerusalem").rows}
    assert {"§ 160-122", "§ 160-123", "§ 160-124", "§ 160-125", "§ 160-126"} <= jr


def test_a_bad_date_is_an_input_error_without_a_logged_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("DEBUG"):
        for bad in ("notadate", "2021-13-45", "2021-02-30"):
            with pytest.raises(InputError, match="expects date"):
                run("amended-after", since=bad)
    assert not any(r.exc_info or "Traceback" in r.getMessage() for r in caplog.records)
    assert run("amended-after", since="2021-05-13Z").variables


# --- review 95: limits as the texts state them (one answer row per finding) -------------------


def _rows(name: str, jid: str) -> list[dict[str, str]]:
    return [{k: str(v) if v is not None else "" for k, v in r.items()}
            for r in run(name, jurisdiction=jid).rows]


def test_south_bristol_length_rows_carry_the_depth_extensions() -> None:
    """Review 95, 2: the 60- and 200-foot lines "may be extended to the underwater elevation
    level of 683.60 feet" (§ 73-9C(1)(d), § 73-13H): the caps name them, and they are rows."""
    rows = _rows("max-length", "south-bristol")
    cap = {r["citation"]: r["exceptAsProvidedIn"] for r in rows
           if r["prop"].endswith("farthestExtentFromMHW")}
    assert cap == {"§ 73-9C(1)(c)": "§ 73-9C(1)(d)", "§ 73-13G": "§ 73-13H", "§ 73-5": ""}
    ext = {(r["citation"], r["tier"], r["comparison"], r["limit"]) for r in rows
           if r["prop"].endswith("bottomElevationAtEnd")}
    assert ext == {("§ 73-9C(1)(d)", "1", "at least", "683.6"),
                   ("§ 73-13H", "2", "at least", "683.6")}


def test_lake_datum_rows_pair_each_section_with_its_own_rule() -> None:
    """Review 95, 2: the depth extension level is stated in § 73-9C(1)(d) (Tier 1) and
    § 73-13H (Tier 2); each row names the rule of its own section."""
    rows = [r for r in _rows("lake-datums", "south-bristol")
            if "depth-extension-level" in r["datum"]]
    assert {(r["citation"], r["rule"].rsplit("/", 1)[-1]) for r in rows} == {
        ("§ 73-9C(1)(d)", "73-9C-1-d-depth-extension-elevation"),
        ("§ 73-13H", "73-13H-depth-extension-elevation")}


def test_south_bristol_area_row_states_the_720_square_feet() -> None:
    """Review 95, 7: the computed limit of § 73-9C(1) shows the number its text states
    (dl:statedLimit), not the 920 a steep slope parcel may reach (§ 73-9D(2), its own row)."""
    rows = {r["citation"]: r for r in _rows("max-area", "south-bristol")}
    assert (rows["§ 73-9C(1)"]["limit"], rows["§ 73-9C(1)"]["unit"]) == ("720", "square foot")
    assert rows["§ 73-9C(1)"]["computed"] == "true"
    assert rows["§ 73-9D(2)"]["limit"] == ""  # computed from the parcel: no number stated


def test_lights_leave_out_a_length_rule_that_names_a_light() -> None:
    """Review 95, 8: Jerusalem's text is silent on lighting."""
    assert _rows("lights", "jerusalem") == []


def test_north_hempstead_width_and_length_rows_name_section_42_9c() -> None:
    """Review 95, 9: "Except as provided under § 42-9C" (§ 42-9B(10), § 42-9A(2))."""
    width = _rows("max-width", "north-hempstead")
    assert width and all(r["exceptAsProvidedIn"] == "§ 42-9C(1)" for r in width)
    length = _rows("max-length", "north-hempstead")
    assert [(r["citation"], r["exceptAsProvidedIn"]) for r in length] == [
        ("§ 42-9A(2)", "§ 42-9C(1)")]
    # a relief route reaching other quantities only adds nothing elsewhere
    assert all(r["exceptAsProvidedIn"] == "" for r in _rows("max-width", "north-haven"))


def test_north_haven_length_rows_say_what_section_56_2b_says() -> None:
    """Review 95, 4: "Newly constructed docks ... 100 feet"; "Reconstructed or replacement docks
    shall not exceed the length of the preexisting lawfully constructed dock"; nothing on repair.
    The readings the verdict follows beyond those words are listed by `readings`."""
    rows = [r for r in _rows("max-length", "north-haven") if r["citation"] == "§ 56-2B"]
    by_rule = {}
    for r in rows:
        by_rule.setdefault(r["rule"].rsplit("/", 1)[-1], set()).add(r["work"])
    assert by_rule == {"56-2B-length-new": {"new construction"},
                       "56-2B-length-reconstruction": {"reconstruction", "replacement"}}
    readings = {r["provision"].rsplit("/", 1)[-1] for r in _rows("readings", "north-haven")
                if r["citation"] == "§ 56-2B"}
    assert {"56-2B-length-new", "56-2B-length-repair"} <= readings


def test_not_variable_leaves_out_a_section_whose_rules_are_varied() -> None:
    """Review 95, 5: § 73-22D makes most of § 73-9 variable (its subsections are area variances
    in `area-variance`); only its rules that cannot be varied are listed."""
    rows = _rows("not-variable", "south-bristol")
    cited = {(r["citation"], r["how"]) for r in rows}
    assert ("§ 73-9", "stated on the section") not in cited
    assert ("§ 73-9C(1)", "stated on a rule") in cited  # the 720 square feet
    varied = {r["citation"] for r in _rows("area-variance", "south-bristol")}
    assert not varied & {r["citation"] for r in rows if r["how"] == "stated on the section"}
