"""Saved queries: headers parse, every query runs and cites sections, answers match the texts."""

from __future__ import annotations

from functools import lru_cache

import pytest
from rdflib import Graph

from docklaw.cli import main
from docklaw.errors import InputError
from docklaw.queries.catalogue import catalogue, get
from docklaw.queries.run import Result, default_graph, run_saved

NH = "https://w3id.org/docklaw/code/north-haven/"


@lru_cache(maxsize=1)
def graph() -> Graph:
    return default_graph()


def run(name: str, **params: str) -> Result:
    return run_saved(graph(), get(name), params)


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


def test_use_variance_other_codes_only_where_curated() -> None:
    other = {str(r["section"]) for r in run("use-variance").rows
             if not str(r["section"]).startswith(NH)}
    assert other == set()  # no other code makes any matter a use-variance matter in the data


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


def test_amended_by_local_law_12_2021() -> None:
    result = run("amended-by-local-law", law="https://w3id.org/docklaw/locallaw/kings-point/2021-12")
    assert cites(result) == {"Boat lifts C(1)", "Boat lifts C(2)", "Boat lifts E", "Maintenance",
                             "Standards D(2)(g)", "Standards D(2)(h)", "Standards F(6)"} or \
        {"Boat lifts C(2)", "Boat lifts E", "Standards D(2)(g)", "Standards D(2)(h)",
         "Standards F(6)"} <= cites(result)


def test_amended_after_date_excludes_older() -> None:
    rows = run("amended-after", since="2025-01-01").rows
    assert rows and all(str(r["date"]) >= "2025-01-01" for r in rows)
    assert {"§ 56-2", "§ 56-3"} <= cites(run("amended-after", since="2025-12-16"), NH)


def test_term_dock_side_by_side_covers_every_code() -> None:
    rows = run("term-side-by-side", term="dock").rows
    codes = {str(r["section"]).split("/code/")[1].split("/")[0] for r in rows}
    assert codes == {"north-haven", "kings-point", "north-hempstead", "jerusalem", "south-bristol"}


def test_penalties_north_haven_250_kings_point_10000() -> None:
    rows = {str(r["citation"]): r for r in run("penalties").rows}
    assert float(rows["§ 56-7G"]["maxFine"]) == 250
    assert float(rows["Maintenance C"]["maxFine"]) == 10000
    assert rows["§ 160-130"]["maxFine"] is None and rows["§ 73-26"]["maxFine"] is None


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
    assert out.splitlines()[0] == "code,citation,section,class1,class2" and "§ 56-4Q" in out
    assert main(["query", "max-width", "-p", "jurisdiction=atlantis"]) == 2
    assert main(["queries"]) == 0
    assert "use-variance" in capsys.readouterr().out
