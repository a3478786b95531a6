"""Every report docklaw writes, for every shipped example and test case, in one folder.

Why: a refactoring (or a merge) that must not change behaviour is checked by running this on
both trees and diffing the folders (``diff -r before after``). One file per application and
format, written deterministically: JSON, text, text ``--explain``, Turtle, HTML (and HTML
``--explain``), the drawn plan (SVG) where there is one; for the examples also the CLI's own
output (``docklaw validate --format json|text|html``, ``docklaw plan`` for drawn ones,
``docklaw validate --against all`` in text and JSON). An application docklaw refuses gets an
``.error`` file (exit code and message) instead.

Cases are validated as ``tests/test_cases.py`` runs them: the ``t:`` triples and the case node
stripped, named ``<jid>/<stem>``. The HTML's generation time is masked (the only clock in a
report), so is its law-data stamp (a digest that covers ``src/docklaw/kg/*.py`` too). The
Turtle report is written as canonical N-Triples, sorted (``.ttl.nt``): rdflib orders a
report's blank nodes by their random labels, so the Turtle text differs from run to run while
the graph does not. Run it under a fixed ``PYTHONHASHSEED`` on both trees (a
hash-seed dependence is then the same in both runs, not noise in the diff):

    PYTHONHASHSEED=0 python bench/reports_snapshot.py OUTDIR [--only SUBSTRING]
    diff -r BEFORE AFTER

Known noise (issue 24's baseline, both trees): a drawn application's lot lines are drawn in
the order the graph yields them, which varies from run to run even under a fixed
``PYTHONHASHSEED`` (e.g. the South Bristol case whose parcel draws only its frontage, the
Keuka buoy case); such ``.svg`` / ``.html`` files differ only in the order of their lines.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
from pathlib import Path

from rdflib import Graph, URIRef
from rdflib.compare import to_canonical_graph
from rdflib.namespace import RDF

from docklaw import paths
from docklaw.cli import main as cli_main
from docklaw.errors import DocklawError
from docklaw.namespaces import T

try:  # the public names (docklaw.validate); older trees kept parse in the intake stage only
    from docklaw.validate import parse, validate_graph
except ImportError:
    from docklaw.validate import validate_graph
    from docklaw.validate.intake.parse import parse

CLOCK = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC")
#: the HTML's stamp of the law data: a digest of the input files, docklaw's kg sources among them
DATA_VERSION = re.compile(r"law data [0-9a-f]{20}")
RDFS_COMMENT = URIRef("http://www.w3.org/2000/01/rdf-schema#comment")


def mask(text: str) -> str:
    return DATA_VERSION.sub("law data DIGEST", CLOCK.sub("YYYY-MM-DD HH:MM UTC", text))


def canonical(turtle: str) -> str:
    """The graph of a Turtle text as sorted N-Triples with canonical blank-node labels."""
    graph = to_canonical_graph(Graph().parse(data=turtle, format="turtle"))
    return "".join(sorted(graph.serialize(format="nt").splitlines(keepends=True)))


def strip_case(path: Path) -> Graph:
    """The application in a case file (test_cases.load_case: no case node, no t: triples)."""
    full = parse(path.read_bytes(), "turtle", name=path.name)
    nodes = set(full.subjects(RDF.type, T.Case))
    app = Graph()
    for s, p, o in full:
        if s in nodes or str(p).startswith(str(T)) or str(o).startswith(str(T)):
            continue
        app.add((s, p, o))
    return app


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def report_files(graph: Graph, name: str, out: Path) -> int:
    """Every rendering of one application's report; returns the number of files written."""
    try:
        report = validate_graph(graph, name=name)
    except DocklawError as exc:
        write(out.parent / (out.name + ".error"), f"exit {exc.exit_code}\n{exc}\n")
        return 1
    forms = {
        ".json": report.render("json"),
        ".txt": report.render("text"),
        ".explain.txt": report.render("text", explain=True),
        ".ttl.nt": canonical(report.render("turtle")),
        ".html": mask(report.render("html")),
        ".explain.html": mask(report.render("html", explain=True)),
    }
    if report.plan_svg:
        forms[".svg"] = report.plan_svg
    forms[".exit"] = f"{report.exit_code} {report.status}\n"
    for suffix, text in forms.items():
        write(out.parent / (out.name + suffix), text)
    return len(forms)


def cli(argv: list[str], out: Path, outdir: Path) -> int:
    """One ``docklaw`` command in this process; its stdout, stderr and exit code kept too."""
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            code = cli_main(argv)
        except SystemExit as exc:
            code = int(exc.code or 0)
    written = 0
    if out.exists():
        out.write_text(mask(out.read_text(encoding="utf-8")), encoding="utf-8")
        written += 1
    write(out.parent / (out.name + ".cli"),
          f"exit {code}\n--- stdout\n{mask(stdout.getvalue())}--- stderr\n"
          + stderr.getvalue().replace(str(outdir), "OUTDIR"))
    return written + 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--only", default=None, help="only files whose path contains this")
    args = parser.parse_args()
    outdir = args.outdir.resolve()
    os.chdir(paths.ROOT)  # the CLI names reports after the path it was given: keep it relative
    examples = sorted(Path("examples").glob("*/*.ttl"))
    cases = sorted(Path("tests/cases").glob("*/*.ttl"))
    if args.only:
        examples = [p for p in examples if args.only in str(p)]
        cases = [p for p in cases if args.only in str(p)]
    count = 0
    for path in examples:
        base = outdir / "examples" / path.parent.name / path.stem
        graph = parse(path.read_bytes(), "turtle", name=str(path))
        count += report_files(graph, str(path), base)
        for fmt, ext in (("json", "json"), ("text", "txt"), ("html", "html")):
            target = base.parent / f"{base.name}.cli.{ext}"
            count += cli(["validate", str(path), "--format", fmt, "-o", str(target)], target,
                         outdir)
        if "geometry" in path.stem or "hasGeometry" in path.read_text(encoding="utf-8"):
            target = base.parent / f"{base.name}.cli-plan.svg"
            count += cli(["plan", str(path), "-o", str(target)], target, outdir)
        for fmt, ext in (("json", "json"), ("text", "txt")):
            target = base.parent / f"{base.name}.against-all.{ext}"
            count += cli(["validate", str(path), "--against", "all", "--format", fmt,
                          "-o", str(target)], target, outdir)
    for path in cases:
        base = outdir / "cases" / path.parent.name / path.stem
        try:
            graph = strip_case(path)
        except DocklawError as exc:
            write(base.parent / (base.name + ".error"), f"exit {exc.exit_code}\n{exc}\n")
            count += 1
            continue
        count += report_files(graph, f"{path.parent.name}/{path.stem}", base)
    print(f"{len(examples)} examples, {len(cases)} cases: {count} files in {outdir}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
