"""The same application under every code (``docklaw validate FILE --against all``).

Why: each column must be a real validation under that code (its own measurements and
applicability), never an error and never a guess; the application's own column must say exactly
what the single-code report says.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from docklaw import paths
from docklaw.cli import main
from docklaw.validate.intake.parse import parse
from docklaw.validate.matrix import Matrix, against_all, registered_codes
from docklaw.validate.pipeline import validate_bytes

EXAMPLES = sorted(paths.EXAMPLES_DIR.glob("*/*.ttl"))
STATUSES = {"conforms", "violates", "incomplete"}


@cache
def matrix_of(path: Path) -> Matrix:
    return against_all(parse(path.read_bytes(), "turtle", path.name), name=path.name)


def comparable(data: dict) -> dict:
    """The report without its name; derived lines (blank nodes, fresh ids each run) by label."""
    out = {k: v for k, v in data.items() if k not in ("name",)}
    out["measurements"] = [{**m, "node": m["node_label"]} if m["node"].startswith("_:") else m
                           for m in data["measurements"]]
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_under_every_code_never_errors(path: Path) -> None:
    matrix = matrix_of(path)
    assert [c.jurisdiction for c in matrix.cells] == registered_codes()
    assert matrix.own == path.parent.name
    for cell in matrix.cells:
        assert cell.status in STATUSES
        if cell.error is not None:  # the code measures from features the drawing lacks
            assert not cell.own and cell.status == "incomplete", cell.error
            assert "cannot be assessed as drawn" in cell.information_needed[0]["message"]
        if cell.status == "incomplete":
            assert cell.information_needed, "incomplete must say what is needed"
            assert all(n["message"] for n in cell.information_needed)
        if cell.status == "violates":
            assert cell.sections, "a violation cites its section"
        if cell.status == "conforms":
            assert not cell.violations and not cell.information_needed


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_own_column_equals_the_single_code_report(path: Path) -> None:
    own = [c for c in matrix_of(path).cells if c.own]
    assert len(own) == 1 and own[0].jurisdiction == path.parent.name
    single = validate_bytes(path.read_bytes(), "turtle", name=path.name)
    assert own[0].report is not None
    assert comparable(own[0].report.to_json()) == comparable(single.to_json())
    assert own[0].sections == sorted({r.section for r in single.results
                                      if r.severity == "Violation" and r.section})


def test_each_code_measures_with_its_own_construction() -> None:
    """The North Haven drawing under Kings Point is measured with Kings Point's construction
    (the side line extended seaward), under North Haven with § 56-3A's."""
    path = paths.EXAMPLES_DIR / "north-haven" / "geometry.ttl"
    cells = {c.jurisdiction: c for c in matrix_of(path).cells}

    def construction(jid: str) -> str:
        report = cells[jid].report
        assert report is not None
        found = [m for m in report.measurements
                 if m.property == "dl:sideSetback" and m.source == "derived"]
        return found[0].construction_iri or ""

    assert construction("north-haven").endswith("#GreaterSetbackOfTwoExtensions")
    assert construction("kings-point").endswith("#SeawardExtension")
    assert construction("north-hempstead").endswith("#SeawardExtension")


def test_a_lake_code_needs_the_neighbours_lot_lines_of_a_marine_drawing() -> None:
    """Jerusalem and South Bristol draw riparian lines from the neighbours' lot lines, which a
    North Haven drawing need not give: incomplete, naming them, never a guess."""
    path = paths.EXAMPLES_DIR / "north-haven" / "geometry.ttl"
    cells = {c.jurisdiction: c for c in matrix_of(path).cells}
    for jid in ("jerusalem", "south-bristol"):
        assert cells[jid].status == "incomplete"
        assert "dl:neighbourLotLine" in cells[jid].missing[0]


def test_a_code_needing_facts_the_application_lacks_is_incomplete_not_guessed() -> None:
    path = paths.EXAMPLES_DIR / "kings-point" / "complete.ttl"
    cells = {c.jurisdiction: c for c in matrix_of(path).cells}
    incomplete = [c for c in cells.values() if c.status == "incomplete"]
    assert [c.jurisdiction for c in incomplete] == ["north-hempstead", "jerusalem"]
    for cell in incomplete:
        assert not cell.violations
        assert cell.missing


def test_a_fact_the_application_states_is_read_by_another_code_not_asked_again() -> None:
    """The South Bristol example's boathouse states that it reaches 38 feet from the mean
    high-water line: under Kings Point it stands waterside of the line (review 74, C6: rule
    standards-D-1-waterside-by-extent), so it is a dock there (kpc:WatersideBoathouse), a second
    one on the lot, 30 feet wide and roofed. This cell was "incomplete", asking its side of the
    line (the test above used it); the facts Kings Point still lacks (the hoist's boat) are
    still asked beside the violations, never guessed."""
    path = paths.EXAMPLES_DIR / "south-bristol" / "complete.ttl"
    cell = {c.jurisdiction: c for c in matrix_of(path).cells}["kings-point"]
    assert cell.status == "violates"
    assert {v["section"] for v in cell.violations} == {
        "Standards A", "Standards D(2)(b)", "Standards D(2)(h)"}
    assert cell.missing


def test_cli_prints_the_matrix_and_exits_with_the_own_codes_status(capsys) -> None:
    path = paths.EXAMPLES_DIR / "north-haven" / "several-violations.ttl"
    assert main(["validate", str(path), "--against", "all"]) == 1
    out = capsys.readouterr().out
    assert "the same application under every code (filed under north-haven)" in out
    assert "north-haven*" in out and "§ 56-2B" in out
    for jid in registered_codes():
        assert jid in out
    assert main(["validate", str(path), "--against", "all", "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["own_jurisdiction"] == "north-haven"
    assert [c["jurisdiction"] for c in data["matrix"]] == registered_codes()
    assert set(data["matrix"][0]) == {"jurisdiction", "name", "own", "status",
                                      "violated_sections", "violations",
                                      "information_needed", "error"}
    assert main(["validate", str(path), "--against", "all", "--format", "html"]) == 1
    assert "<table class=\"matrix\">" in capsys.readouterr().out


def test_cli_refuses_other_values(capsys) -> None:
    path = paths.EXAMPLES_DIR / "north-haven" / "several-violations.ttl"
    assert main(["validate", str(path), "--against", "mars"]) == 2
    assert "--against takes 'all'" in capsys.readouterr().err


def test_web_matrix(law_app) -> None:  # type: ignore[no-untyped-def]
    client = law_app.test_client()
    data = (paths.EXAMPLES_DIR / "south-bristol" / "geometry.ttl").read_bytes()
    resp = client.post("/validate?against=all", data=data, content_type="text/turtle")
    assert resp.status_code == 200
    body = resp.get_json()
    assert body["own_jurisdiction"] == "south-bristol"
    assert {c["status"] for c in body["matrix"]} <= STATUSES
    page = client.post("/validate?against=all", data=data, content_type="text/turtle",
                       headers={"Accept": "text/html"})
    assert page.status_code == 200 and b"under every code" in page.data
    bad = client.post("/validate?against=some", data=data, content_type="text/turtle")
    assert bad.status_code == 400


def test_the_readme_matrix_is_what_the_command_prints(capsys) -> None:
    readme = (paths.ROOT / "README.md").read_text(encoding="utf-8")
    command = ".venv/bin/docklaw validate examples/north-haven/geometry.ttl --against all"
    assert command in readme
    shown = readme.split(command, 1)[1].split("```\n", 2)[2].split("```", 1)[0].strip()
    main(["validate", str(paths.EXAMPLES_DIR / "north-haven" / "geometry.ttl"), "--against",
          "all"])
    out = capsys.readouterr().out
    assert shown and shown in out


def test_cli_matrix_follows_the_output_conventions(tmp_path: Path, capsys) -> None:
    path = paths.EXAMPLES_DIR / "north-haven" / "several-violations.ttl"
    out = tmp_path / "matrix.json"
    assert main(["validate", str(path), "--against", "all", "--format", "json",
                 "-o", str(out)]) == 1
    assert json.loads(out.read_text())["own_jurisdiction"] == "north-haven"
    assert main(["validate", str(tmp_path / "nope.ttl"), "--against", "all",
                 "--format", "json"]) == 2
    assert "error" in json.loads(capsys.readouterr().out)
