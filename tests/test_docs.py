"""The docs are true: every application and command in docs/*.md that shows an outcome is run.

A fenced application (Turtle with ``a dl:PermitApplication``) carries, in the HTML comments just
above its fence, what its report must say:

    <!-- outcome: conforms; no Warning -->
    <!-- outcome: violates § 73-9C(1)(c) -->
    <!-- variant: :dock dl:farthestExtentFromMHW 61 unit:FT; outcome: violates § 73-9C(1)(c);
         relief: area variance, Zoning Board of Appeals ... -->

(or ``<!-- not run: why -->`` for a vocabulary sketch that is no application of one code). A
fenced ``sh`` block carries ``<!-- outcome: exit N -->``: every command in it ends with N. The
walkthrough of docs/adding-a-code.md is run for a code of its own (its text is a shipped code's):
step 1 as written, step 8 for a finished code (North Haven's copied); step 6 is the test suite.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF

from docklaw import jurisdictions, paths
from docklaw.cli import main
from docklaw.namespaces import DL, QUDT, UNIT
from docklaw.validate.pipeline import validate_graph

DOCS = sorted((paths.ROOT / "docs").glob("*.md"))
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)
MARKER = re.compile(r"<!--\s*([a-z ]+):\s*(.*?)\s*-->", re.S)
APPLICATION = re.compile(r"\ba\s+dl:PermitApplication\b")


@dataclass
class Block:
    doc: Path
    line: int
    lang: str
    text: str
    markers: list[tuple[str, str]]

    @property
    def id(self) -> str:
        return f"{self.doc.name}:{self.line}"


def blocks() -> list[Block]:
    """Every fenced block of docs/*.md with the HTML-comment markers right above it."""
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            before = text[:m.start()].rstrip("\n").splitlines()
            comments: list[str] = []
            while before and before[-1].strip().startswith("<!--") and \
                    before[-1].strip().endswith("-->"):
                comments.insert(0, before.pop().strip())
            markers = [(k.strip(), v) for c in comments for k, v in MARKER.findall(c)]
            found.append(Block(doc, text[:m.start()].count("\n") + 1, m.group(1), m.group(2),
                               markers))
    return found


APPLICATIONS = [b for b in blocks() if "@prefix" in b.text and APPLICATION.search(b.text)]
COMMANDS = [b for b in blocks() if b.lang == "sh"]


def test_the_docs_show_applications_and_commands() -> None:
    assert any(b.doc.name == "applications.md" for b in APPLICATIONS)
    assert any(b.doc.name == "adding-a-code.md" for b in COMMANDS)


# --------------------------------------------------------------------------- applications


@dataclass
class Outcome:
    status: str
    sections: set[str]
    no_warning: bool
    relief: str | None


OUTCOME = re.compile(r"^(conforms|violates|incomplete)\b\s*(.*)$")


def parse_outcome(text: str) -> Outcome:
    """``violates § A, § B; relief: area variance, Board X; no Warning``."""
    first, *clauses = [c.strip() for c in text.split(";")]
    m = OUTCOME.match(first)
    assert m, f"outcome must start with conforms, violates or incomplete: {text!r}"
    sections = {s.strip() for s in m.group(2).split(",") if s.strip()}
    relief = next((c.split(":", 1)[1].strip() for c in clauses if c.startswith("relief:")), None)
    return Outcome(m.group(1), sections, "no Warning" in clauses, relief)


def check(graph: Graph, outcome: Outcome, where: str) -> None:
    report = validate_graph(graph, name=where, plan=False)
    needed = [f"{n.section}: {n.message}" for n in report.information_needed]
    assert report.status == outcome.status, (where, report.status, needed[:5])
    violated = {r.section for r in report.results if r.severity == "Violation"}
    assert violated == outcome.sections, (where, violated)
    if outcome.no_warning:
        warnings = [r.message for r in report.results if r.severity == "Warning"]
        assert warnings == [], (where, warnings)
    if outcome.relief:
        reliefs = {f"{r.relief}, {r.relief_authority}" for r in report.results
                   if r.severity == "Violation"}
        assert reliefs == {outcome.relief}, (where, reliefs)


def variant(graph: Graph, spec: str) -> Graph:
    """``:node dl:prop NUMBER unit:U`` replaces that quantity of the node."""
    node, prop, number, unit = spec.split()
    prefixes = dict(graph.namespaces())
    subject = URIRef(str(prefixes[""]) + node[1:])
    predicate = DL[prop.split(":", 1)[1]]
    changed = Graph()
    for triple in graph:
        changed.add(triple)
    old = list(changed.objects(subject, predicate))
    assert len(old) == 1, f"{spec}: {subject} has {len(old)} {prop}"
    changed.remove((subject, predicate, old[0]))
    qv = BNode()
    changed.add((subject, predicate, qv))
    changed.add((qv, RDF.type, QUDT.QuantityValue))
    changed.add((qv, QUDT.numericValue, Literal(float(number))))
    changed.add((qv, QUDT.unit, UNIT[unit.split(":", 1)[1]]))
    return changed


@pytest.mark.parametrize("block", APPLICATIONS, ids=lambda b: b.id)
def test_every_application_in_the_docs_has_the_outcome_it_shows(block: Block) -> None:
    kinds = [k for k, _ in block.markers]
    if "not run" in kinds:
        assert "outcome" not in kinds, block.id
        return
    assert "outcome" in kinds, (f"{block.id}: an application in the docs states its outcome "
                                "(<!-- outcome: ... -->) or why it is not run (<!-- not run: "
                                "... -->)")
    graph = Graph().parse(data=block.text, format="turtle")
    for kind, text in block.markers:
        if kind == "outcome":
            check(graph, parse_outcome(text), block.id)
        elif kind == "variant":
            spec, outcome = text.split("; outcome:", 1)  # the outcome's own clauses follow
            check(variant(graph, spec), parse_outcome(outcome), f"{block.id} ({spec})")


# --------------------------------------------------------------------------- commands


def exit_code(block: Block) -> int | None:
    for kind, text in block.markers:
        if kind == "outcome":
            m = re.fullmatch(r"exit (\d+)", text)
            assert m, f"{block.id}: a command block's outcome is 'exit N', not {text!r}"
            return int(m.group(1))
    return None


def command_lines(block: Block) -> list[str]:
    """The commands of a block, continuation lines joined, comments dropped."""
    text = block.text.replace("\\\n", " ")
    return [shlex.join(shlex.split(line, comments=True)) for line in text.splitlines()
            if shlex.split(line, comments=True)]


RUN_HERE = [b for b in COMMANDS if b.doc.name != "adding-a-code.md"]


@pytest.mark.parametrize("block", RUN_HERE, ids=lambda b: b.id)
def test_every_command_in_the_docs_ends_as_shown(block: Block, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in a directory holding the shipped examples, as a reader in a checkout would."""
    code = exit_code(block)
    assert code is not None, f"{block.id}: a command block states its outcome (<!-- outcome: "\
                             "exit N -->)"
    shutil.copytree(paths.EXAMPLES_DIR, tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    for command in command_lines(block):
        args = shlex.split(command)
        assert args[0] == "docklaw", command
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(args[1:]) == code, command
        if "--format" in args and args[args.index("--format") + 1] == "json":
            summary = json.loads(out.getvalue())
            assert summary["exit_code"] == code, command
        if "-o" in args:
            written = tmp_path / args[args.index("-o") + 1]
            assert written.exists() and any(written.iterdir()), command


# --------------------------------------------------------------------------- adding a code


def adding_a_code() -> list[Block]:
    return [b for b in COMMANDS if b.doc.name == "adding-a-code.md"]


def test_adding_a_code_step_1_scaffolds_the_files_the_page_lists(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Step 1 as written (with --root, so the test writes outside the checkout) and a real
    code's text as the new code's: the files the page lists are written."""
    scaffold = next(b for b in adding_a_code() if "new-code" in b.text)
    (command,) = command_lines(scaffold)
    args = shlex.split(command)
    text = args[args.index("--text") + 1]
    shutil.copyfile(jurisdictions.get("jerusalem").file("source.txt"), tmp_path / text)
    root = tmp_path / "root"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DOCKLAW_PATH", str(root))
    jurisdictions.registry.cache_clear()
    try:
        assert main([*args[1:], "--root", str(root)]) == 0
    finally:
        jurisdictions.registry.cache_clear()
    assert "coverage:" in capsys.readouterr().out
    page = (paths.ROOT / "docs" / "adding-a-code.md").read_text(encoding="utf-8")
    listed = re.findall(r"^((?:ontology|shapes)/\S+)", page, re.M)
    assert listed
    for name in listed:
        assert (root / name).is_file(), name


STEP_8 = r'''
import contextlib, io, json, shlex, sys
from docklaw.cli import main
out = []
for command in json.loads(sys.argv[1]):
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main(shlex.split(command)[1:])
    out.append([command, code, buffer.getvalue()])
print(json.dumps(out))
'''


@pytest.mark.cost(15)  # a new code's law prepared cold in a fresh process
def test_adding_a_code_step_8_runs_for_a_finished_code(tmp_path: Path) -> None:
    """Step 8's commands, in a fresh process, for a finished code under the page's id (North
    Haven's folder, shapes and examples copied): each does what its comment says."""
    from fixtures.registry import copy_code

    step = next(b for b in adding_a_code() if "docklaw stats" in b.text)
    commands = command_lines(step)
    jid = "lake-george"
    copy_code("north-haven", jid, tmp_path)
    examples = tmp_path / "examples" / jid
    shutil.copytree(jurisdictions.get("north-haven").examples_dir, examples)
    for path in examples.glob("*.ttl"):
        path.write_text(re.sub(r"(w3id\.org/docklaw/[a-z]+/)north-haven\b", rf"\g<1>{jid}",
                               path.read_text(encoding="utf-8")), encoding="utf-8")
    env = {**os.environ, "DOCKLAW_PATH": str(tmp_path), "PYTHONPATH": str(paths.ROOT / "src")}
    proc = subprocess.run([sys.executable, "-c", STEP_8, json.dumps(commands)], cwd=tmp_path,
                          capture_output=True, text=True, env=env, timeout=1200, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    ran = {command.split()[1]: (code, out) for command, code, out in json.loads(proc.stdout)}
    assert ran["stats"][0] == 0 and jid in ran["stats"][1]            # the code appears
    assert ran["example"][0] == 0 and "complete" in ran["example"][1]  # its examples
    code, out = ran["validate"]                                        # reports cite it
    assert code == 1 and re.search(rf"{jid}\s+§ 56-2B", out), out
    assert ran["compare"][0] == 0 and "§ 56-" in ran["compare"][1]
    assert ran["shapes"][0] == 0 and (tmp_path / "shapes.ttl").stat().st_size > 0
    assert ran["derive"][0] == 0 and (tmp_path / "app.ttl").stat().st_size > 0
