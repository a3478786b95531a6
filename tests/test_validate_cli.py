"""``docklaw validate`` / ``docklaw example``: exit codes, one-line errors, report formats."""

from __future__ import annotations

import dataclasses
import json

import pytest

from docklaw import jurisdictions
from docklaw.cli import main
from docklaw.validate import pipeline as api
from fixtures.validate.support import app, fixture_prepared

OVER = [("numericValue 80", "numericValue 120")]


@pytest.fixture(autouse=True)
def fixture_code(monkeypatch):
    monkeypatch.setattr(api, "get_prepared", fixture_prepared)


@pytest.fixture
def files(tmp_path):
    ok = tmp_path / "ok.ttl"
    ok.write_bytes(app())
    bad = tmp_path / "long.ttl"
    bad.write_bytes(app(OVER))
    broken = tmp_path / "broken.ttl"
    broken.write_bytes(app() + b"\n:dock dl:width .\n")
    return ok, bad, broken


def test_conforming_application_exits_0(files, capsys):
    assert main(["validate", str(files[0])]) == 0
    assert "CONFORMS" in capsys.readouterr().out


def test_violation_exits_1_and_json_is_the_contract(files, capsys):
    assert main(["validate", "--format", "json", str(files[1])]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["conforms"] is False
    assert [r["section"] for r in data["results"] if r["severity"] == "Violation"] == ["§ 56-2B"]


def test_bad_input_exits_2_with_one_line_and_no_traceback(files, capsys):
    assert main(["validate", str(files[2])]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"docklaw: {files[2]}, line 26: cannot parse as turtle")


def test_missing_file_exits_2(tmp_path, capsys):
    assert main(["validate", str(tmp_path / "nope.ttl")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_worst_status_wins_and_output_dir_gets_one_report_per_file(files, tmp_path, capsys):
    out = tmp_path / "reports"
    assert main(["validate", "--format", "html", "-o", str(out), str(files[0]),
                 str(files[1])]) == 1
    assert sorted(p.name for p in out.iterdir()) == ["long.html", "ok.html"]
    assert "§ 56-2B" in (out / "long.html").read_text()


@pytest.mark.parametrize("fmt", ["text", "json", "turtle", "html"])
def test_every_format_renders(files, capsys, fmt):
    assert main(["validate", "--format", fmt, str(files[1])]) == 1
    assert "56-2B" in capsys.readouterr().out


def test_example_lists_and_prints(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "examples" / "jerusalem"
    folder.mkdir(parents=True)
    (folder / "small-dock.ttl").write_text("# example\n", encoding="utf-8")
    real = jurisdictions.registry()
    moved = [dataclasses.replace(j, root=tmp_path) if j.id == "jerusalem" else j for j in real]
    monkeypatch.setattr(jurisdictions, "registry", lambda: jurisdictions.Registry(moved))
    assert main(["example", "keuka", "--list"]) == 0
    assert capsys.readouterr().out == "small-dock\n"
    assert main(["example", "jerusalem", "small-dock"]) == 0
    assert capsys.readouterr().out == "# example\n"
    assert main(["example", "jerusalem", "nope"]) == 2
    assert "available: small-dock" in capsys.readouterr().err
    assert main(["example", "atlantis"]) == 2


def test_reports_of_inputs_sharing_a_name_do_not_overwrite_each_other(tmp_path, capsys):
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "app.ttl").write_bytes(app())
    out = tmp_path / "out"
    assert main(["validate", "--format", "json", "-o", str(out), str(tmp_path / "a" / "app.ttl"),
                 str(tmp_path / "b" / "app.ttl")]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["a-app.json", "b-app.json"]
