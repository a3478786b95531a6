"""``docklaw validate DIR_OR_GLOB... --jobs N``: parallel batch, one summary, nothing lost."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from docklaw.cli import main
from docklaw.validate import batch
from docklaw.validate import pipeline as api
from fixtures.validate.support import app, fixture_prepared

OVER = [("numericValue 80", "numericValue 120")]


@pytest.fixture(autouse=True)
def fixture_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """The small fixture code (North Haven § 56-2B ...); forked workers inherit the patch."""
    monkeypatch.setattr(api, "get_prepared", fixture_prepared)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Two conforming, two violating and two bad applications, one nested, one non-RDF file."""
    root = tmp_path / "apps"
    (root / "nested").mkdir(parents=True)
    (root / "ok.ttl").write_bytes(app())
    (root / "nested" / "ok.ttl").write_bytes(app())  # same stem: reports must not clash
    (root / "long.ttl").write_bytes(app(OVER))
    (root / "nested" / "long-too.ttl").write_bytes(app(OVER))
    (root / "broken.ttl").write_bytes(app() + b"\n:dock dl:width .\n")
    (root / "empty.jsonld").write_bytes(b"{")
    (root / "notes.txt").write_text("not an application\n", encoding="utf-8")
    (root / "ok.expected.json").write_text('{"conforms": true}\n', encoding="utf-8")
    return root


def run_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict]:
    status = main(["validate", "--format", "json", *args])
    captured = capsys.readouterr()
    assert captured.err == "", "no progress bar when stderr is not a terminal"
    return status, json.loads(captured.out)


def without_report_paths(summary: dict) -> dict:
    return summary | {"files": [{k: v for k, v in f.items() if k != "report"}
                                for f in summary["files"]]}


def test_jobs_1_and_2_give_identical_summaries(folder: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    one_dir, two_dir = tmp_path / "one", tmp_path / "two"
    status1, one = run_json([str(folder), "--jobs", "1", "-o", str(one_dir)], capsys)
    status2, two = run_json([str(folder), "--jobs", "2", "-o", str(two_dir)], capsys)
    assert status1 == status2 == 2  # bad input wins over violations
    assert without_report_paths(one) == without_report_paths(two)
    assert {p.name: p.read_text() for p in one_dir.iterdir()} == {
        p.name: p.read_text() for p in two_dir.iterdir()}
    assert (one["applications"], one["conforming"], one["violating"], one["bad_input"]) == (
        6, 2, 2, 2)
    assert one["sections"] == [{"jurisdiction": "north-haven", "section": "§ 56-2B",
                                "applications": 2, "violations": 2}]
    names = [Path(f["name"]).relative_to(folder).as_posix() for f in one["files"]]
    assert names == ["broken.ttl", "empty.jsonld", "long.ttl", "nested/long-too.ttl",
                     "nested/ok.ttl", "ok.ttl"]  # sorted walk; notes.txt, sidecar skipped
    statuses = [f["status"] for f in one["files"]]
    assert statuses == ["bad input", "bad input", "violates", "violates", "conforms",
                        "conforms"]


def test_a_bad_file_loses_nothing_its_error_is_in_the_summary_and_its_report(
        folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "reports"
    _status, summary = run_json([str(folder), "--jobs", "2", "-o", str(out)], capsys)
    assert sorted(p.name for p in out.iterdir()) == [
        "apps-ok.json", "broken.json", "empty.json", "long-too.json", "long.json",
        "nested-ok.json"]
    errors = {Path(e["name"]).name: e["error"] for e in summary["errors"]}
    assert set(errors) == {"broken.ttl", "empty.jsonld"}
    assert "line 26: cannot parse as turtle" in errors["broken.ttl"]
    report = json.loads((out / "broken.json").read_text())
    assert report["error"] == errors["broken.ttl"] and report["conforms"] is None
    violating = json.loads((out / "long.json").read_text())
    assert [r["section"] for r in violating["results"] if r["severity"] == "Violation"] == [
        "§ 56-2B"]


def test_exit_code_1_for_violations_only_and_0_when_all_conform(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pattern = str(folder / "**" / "[ol][ko]*.ttl")  # ok, long, long-too, nested/ok (recursive)
    status, summary = run_json([pattern, "--jobs", "2"], capsys)
    assert status == 1
    assert (summary["applications"], summary["violating"], summary["bad_input"]) == (4, 2, 0)
    status, summary = run_json([str(folder / "ok.ttl"), str(folder / "nested" / "ok.ttl"),
                                "--jobs", "2"], capsys)
    assert status == 0 and summary["conforming"] == 2 and summary["sections"] == []


def test_text_summary_table(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(folder / "*.ttl")]) == 2
    out = capsys.readouterr().out
    assert out.splitlines()[:5] == ["applications: 3", "conforming:   1", "violating:    1",
                                    "incomplete:   0", "bad input:    1"]
    table = out.split("violations by section:\n")[1].split("\n\n")[0].splitlines()
    assert [line.split() for line in table] == [
        ["jurisdiction", "section", "applications", "violations"],
        ["north-haven", "§", "56-2B", "1", "1"]]
    assert "not validated:" in out and "broken.ttl, line 26" in out


def test_a_pattern_or_folder_naming_nothing_is_bad_input_not_silence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "ok.ttl").write_bytes(app())
    status, summary = run_json([str(tmp_path / "nothing-*.ttl"), str(tmp_path / "empty"),
                                str(tmp_path / "missing.ttl"), str(tmp_path / "ok.ttl"),
                                "--jobs", "2"], capsys)
    assert status == 2
    assert summary["applications"] == 4 and summary["conforming"] == 1
    messages = [e["error"] for e in summary["errors"]]
    assert "pattern matched no files" in messages[0]
    assert "directory holds no application files" in messages[1]
    assert "no such file" in messages[2]


def test_duplicates_are_validated_once(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ok = str(folder / "ok.ttl")
    _status, summary = run_json([ok, str(folder / "o*.ttl"), "--jobs", "1"], capsys)
    assert summary["applications"] == 1


def test_prepared_once_in_the_parent_before_forking(
        folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[int] = []
    original = batch.prepare_once
    monkeypatch.setattr(batch, "prepare_once", lambda: (calls.append(1), original())[1])
    assert main(["validate", str(folder), "--jobs", "2"]) == 2
    capsys.readouterr()
    if batch.start_method() == "fork":
        assert calls == [1]


def test_progress_bar_only_on_a_terminal() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty, pipe = Tty(), io.StringIO()
    for stream in (tty, pipe):
        progress = batch.Progress(stream, width=4)
        progress(0, 2)
        progress(1, 2)
        progress(2, 2)
    assert pipe.getvalue() == ""
    shown = tty.getvalue()
    assert "validating" in shown and "applications" in shown
    assert shown.index("0/2") < shown.index("1/2") < shown.index("2/2")


def test_report_names_never_clash() -> None:
    names = ["a/x/app.ttl", "b/x/app.ttl", "a/app.nt", "c/other.ttl"]
    got = batch.report_names(names)
    assert len(set(got.values())) == 4
    assert got["c/other.ttl"] == "other"


def test_single_file_behaviour_is_unchanged(folder: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(folder / "long.ttl")]) == 1
    out = capsys.readouterr().out
    assert "DOES NOT CONFORM" in out and "applications:" not in out
