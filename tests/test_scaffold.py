"""`docklaw new-code`: a code's folder scaffolded from its text, failing coverage until written."""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph

from docklaw import jurisdictions
from docklaw.cli import main
from docklaw.jurisdictions import Jurisdiction
from docklaw.kg.scaffold import STUB_MARK
from docklaw.namespaces import DL


def unwritten(j: Jurisdiction) -> list[str]:
    """What a code still lacks: stub lines left by the scaffold, or no rule at all."""
    problems = [f"{path}:{no}" for path in [*j.folder.glob("*.ttl"), *j.shape_files()]
                for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if STUB_MARK in line]
    rules = j.file("rules.ttl")
    if not rules.is_file() or not any(Graph().parse(rules).subjects(DL.section, None)):
        problems.append(f"{rules}: no rule")
    return problems


@pytest.mark.parametrize("jid", jurisdictions.ids())
def test_every_registered_code_is_written_not_a_scaffold(jid: str) -> None:
    """The coverage gate a scaffold fails until its author writes the rules and shapes."""
    assert unwritten(jurisdictions.get(jid)) == []


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("DOCKLAW_PATH", str(tmp_path))
    jurisdictions.registry.cache_clear()
    yield tmp_path
    jurisdictions.registry.cache_clear()


TEXT = jurisdictions.get("jerusalem").file("source.txt")


def test_new_code_scaffolds_ingests_and_reports_coverage(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new-code", "lake-test", "--text", str(TEXT), "--root", str(root),
                 "--name", "Town of Test", "--waterbody", "Test Lake"]) == 0
    out = capsys.readouterr().out
    assert "ingested: 14 sections, 84 subsections" in out
    assert "coverage: 0 of" in out and "§ 160-122D" in out
    code = jurisdictions.resolve("lake-test")
    assert code.label == "Town of Test" and code.waterbody == "Test Lake"
    assert code.shape_files() == [root / "shapes" / "lake-test.ttl"]
    for path in [*code.folder.glob("*.ttl"), *code.shape_files()]:
        Graph().parse(path, format="turtle")  # stubs are comments: every file parses
    assert (code.folder / "source.txt").read_bytes() == TEXT.read_bytes()
    problems = unwritten(code)
    assert any("rules.ttl" in p for p in problems) and any("lake-test.ttl" in p for p in problems)
    assert any(p.endswith("no rule") for p in problems)


def test_new_code_refuses_a_taken_id_and_a_text_without_headings(
        root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new-code", "north-haven", "--text", str(TEXT), "--root", str(root)]) == 2
    assert "already names a code" in capsys.readouterr().err
    assert main(["new-code", "keuka", "--text", str(TEXT), "--root", str(root)]) == 2
    plain = tmp_path / "plain.txt"
    plain.write_text("A. Docks shall not exceed four feet in width.\n", encoding="utf-8")
    assert main(["new-code", "lake-test", "--text", str(plain), "--root", str(root)]) == 2
    assert "no printed section heading" in capsys.readouterr().err
    assert not (root / "ontology" / "codes" / "lake-test").exists()
    assert main(["new-code", "Bad Id", "--text", str(TEXT), "--root", str(root)]) == 2
