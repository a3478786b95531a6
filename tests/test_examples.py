"""``docklaw validate`` on every shipped example gives the documented citations.

Each ``examples/<jid>/<name>.ttl`` documents its expected outcome twice: in words (the
application's rdfs:comment, for people) and in ``<name>.expected.json`` next to it (for this test):
``{"status", "conforms", "violations", "warnings", "info", "information_needed"}``, the last four
each a set of citations. An example shipped incomplete says so in its comment.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from rdflib import Graph
from rdflib.namespace import RDF, RDFS

from docklaw import jurisdictions, paths
from docklaw.cli import main
from docklaw.namespaces import DL
from docklaw.validate.findings.wording import engine_wording
from docklaw.validate.output.report import Report
from docklaw.validate.pipeline import validate_bytes

EXAMPLES = [p for j in jurisdictions.all() for p in sorted(j.examples_dir.glob("*.ttl"))]
KEYS = ("status", "conforms", "violations", "warnings", "info", "information_needed")


def example_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def expected(path: Path) -> dict[str, object]:
    sidecar = path.with_name(f"{path.stem}.expected.json")
    assert sidecar.is_file(), f"{example_id(path)} has no {sidecar.name}"
    data = json.loads(sidecar.read_text(encoding="utf-8"))
    assert sorted(data) == sorted(KEYS), f"{sidecar.name}: keys must be exactly {KEYS}"
    return data


def comment_of(path: Path) -> str:
    g = Graph().parse(path, format="turtle")
    apps = list(g.subjects(RDF.type, DL.PermitApplication))
    assert len(apps) == 1, f"{example_id(path)}: one application expected"
    comment = g.value(apps[0], RDFS.comment)
    assert comment, f"{example_id(path)}: the application must say what to expect (rdfs:comment)"
    return str(comment)


@cache
def report_of(path: Path) -> Report:
    """One validation per example for every test here (the report is only read)."""
    return validate_bytes(path.read_bytes(), name=path.name)


@pytest.mark.parametrize("path", EXAMPLES, ids=[example_id(p) for p in EXAMPLES])
def test_example_gives_the_documented_citations(path: Path) -> None:
    want = expected(path)
    report = report_of(path)
    assert report.jurisdiction == path.parent.name

    def cited(severity: str) -> list[str]:
        return sorted({r.section or "(no section)" for r in report.by_severity(severity)})

    got = {
        "status": report.status,
        "conforms": report.conforms,
        "violations": cited("Violation"),
        "warnings": cited("Warning"),
        "info": cited("Info"),
        "information_needed": sorted({n.section or "(no section)"
                                      for n in report.information_needed}),
    }
    assert got == {k: (sorted(v) if isinstance(v, list) else v) for k, v in want.items()}
    for fmt, text in (("text", report.to_text()), ("json", report.to_json_text()),
                      ("turtle", report.to_turtle()), ("html", report.to_html())):
        wording = engine_wording(text)
        assert not wording, f"the SHACL engine's default wording in the {fmt} report: {wording}"


@pytest.mark.parametrize("path", EXAMPLES, ids=[example_id(p) for p in EXAMPLES])
def test_sidecar_agrees_with_the_comment(path: Path) -> None:
    """Every violation the sidecar expects is named in the words shipped with the example."""
    want = expected(path)
    comment = comment_of(path)
    missing = [s for s in want["violations"] if str(s) not in comment]  # type: ignore[union-attr]
    assert not missing, f"{example_id(path)}: the comment does not mention {missing}"
    if want["conforms"]:
        assert "conform" in comment.lower() or "no section" in comment.lower()
    if want["status"] == "incomplete":
        assert "Expected: incomplete" in comment
        missing = [s for s in want["information_needed"] if str(s) not in comment]  # type: ignore[union-attr]
        assert not missing, f"{example_id(path)}: the comment does not say it needs {missing}"


def comments_of(path: Path) -> str:
    """Everything a reader of the file is told: its ``#`` comments and the rdfs:comment."""
    hashes = [line.split("#", 1)[1] for line in path.read_text(encoding="utf-8").splitlines()
              if line.lstrip().startswith("#")]
    return "\n".join([*hashes, comment_of(path)])


@pytest.mark.parametrize("path", EXAMPLES, ids=[example_id(p) for p in EXAMPLES])
def test_the_comments_state_one_outcome_and_the_report_gives_it(path: Path) -> None:
    """Issue 28: ``examples/north-haven/geometry.ttl`` said both "Expected: incomplete ..." and
    "Expected: conforms, no section cited". A reader is told exactly one outcome, as
    ``Expected: <status>``, and it is the status the report gives (and the sidecar's)."""
    words = comments_of(path)
    said = re.findall(r"(?i)\bexpected\b.{0,30}", words)
    assert len(said) == 1, f"{example_id(path)}: {len(said)} expectations stated: {said}"
    stated = re.fullmatch(r"Expected: (conforms|violates|incomplete)\b.*", said[0], re.S)
    assert stated, f"{example_id(path)}: write the outcome as 'Expected: <status>', not {said[0]!r}"
    assert stated.group(1) == report_of(path).status == expected(path)["status"]


def test_no_sidecar_without_its_example() -> None:
    orphans = [p for p in paths.EXAMPLES_DIR.glob("*/*.expected.json")
               if not p.with_name(p.name.removesuffix(".expected.json") + ".ttl").is_file()]
    assert orphans == []


@pytest.mark.parametrize("jid", jurisdictions.ids())
def test_every_code_ships_the_required_examples(jid: str) -> None:
    names = {p.stem for p in jurisdictions.get(jid).examples_dir.glob("*.ttl")}
    # a code that draws riparian lines ships an example that draws them
    lines = jurisdictions.get(jid).features.riparian_lines is not None
    required = {"complete", "several-violations"} | ({"geometry"} if lines else set())
    assert required <= names, f"{jid} lacks {sorted(required - names)}"


@pytest.mark.parametrize("jid", jurisdictions.ids())
def test_docklaw_example_lists_them(jid: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["example", jid, "--list"]) == 0
    listed = capsys.readouterr().out.split()
    assert listed == sorted(p.stem for p in jurisdictions.get(jid).examples_dir.glob("*.ttl"))
    assert main(["example", jid, listed[0]]) == 0
    first = jurisdictions.get(jid).examples_dir / f"{listed[0]}.ttl"
    assert capsys.readouterr().out == first.read_text(encoding="utf-8")
