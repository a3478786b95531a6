"""Batch validation: many applications, several processes, one summary.

Why a module of its own: a county clerk validating a season's applications needs throughput
(the ontology closure and the compiled shapes are built ONCE, in the parent, and shared with
forked workers), robustness (a bad file is one line in the summary and one report file, never
the end of the run) and a deterministic summary (the same for ``--jobs 1`` and ``--jobs 8``).
"""

from __future__ import annotations

import contextlib
import glob
import json
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

from docklaw.errors import DocklawError
from docklaw.validate.status import EXIT_WORDS, combine, rank

#: Application files a directory walk picks up.
APPLICATION_SUFFIXES = frozenset({".ttl", ".nt", ".jsonld", ".rdf", ".xml", ".json"})
#: Expected-outcome sidecars of the shipped examples (``<name>.expected.json``): not applications.
SIDECAR_SUFFIX = ".expected.json"
GLOB_CHARS = frozenset("*?[")
REPORT_SUFFIXES = {"text": "txt", "json": "json", "turtle": "ttl", "html": "html"}
STATUS_WORDS = EXIT_WORDS


# --------------------------------------------------------------------------- inputs


@dataclass(frozen=True)
class Item:
    """One input of the batch: a file to validate, or an argument that named nothing usable."""

    name: str
    problem: str | None = None


def is_glob(arg: str) -> bool:
    return any(ch in arg for ch in GLOB_CHARS)


def expand_inputs(args: Iterable[str]) -> list[Item]:
    """Directories walked (sorted), globs expanded (sorted), files kept; duplicates dropped.

    An argument that matches nothing becomes an Item with a problem, so it is reported as bad
    input instead of silently vanishing.
    """
    items: list[Item] = []
    seen: set[str] = set()

    def add(name: str) -> None:
        key = name if name == "-" else str(Path(name).resolve())
        if key not in seen:
            seen.add(key)
            items.append(Item(name))

    for arg in args:
        path = Path(arg)
        if arg != "-" and path.is_dir():
            found = walk(path)
            if not found:
                items.append(Item(arg, "directory holds no application files "
                                       f"({', '.join(sorted(APPLICATION_SUFFIXES))})"))
            for name in found:
                add(name)
        elif arg != "-" and not path.exists() and is_glob(arg):
            matches = sorted(glob.glob(arg, recursive=True))
            files = [m for m in matches if Path(m).is_file()]
            for match in matches:
                if Path(match).is_dir():
                    files.extend(walk(Path(match)))
            if not files:
                items.append(Item(arg, "pattern matched no files"))
            for name in files:
                add(name)
        else:
            add(arg)  # a file, '-' or a missing name (reported as "no such file" by the worker)
    return items


def walk(folder: Path) -> list[str]:
    """Every application file under ``folder``, recursively, sorted; hidden entries and the
    examples' ``*.expected.json`` sidecars skipped."""
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        out += [str(Path(root) / f) for f in files
                if not f.startswith(".") and Path(f).suffix.lower() in APPLICATION_SUFFIXES
                and not f.endswith(SIDECAR_SUFFIX)]
    return sorted(out)


def report_names(names: list[str]) -> dict[str, str]:
    """A distinct report stem per input: its stem; where stems clash, parent-stem; where that
    still clashes (or two inputs differ only in extension), a numeric suffix."""
    stems = [Path(n).stem if n != "-" else "stdin" for n in names]
    first = [f"{Path(n).parent.name}-{s}" if stems.count(s) > 1 else s
             for n, s in zip(names, stems, strict=True)]
    out: dict[str, str] = {}
    used: set[str] = set()
    for name, stem in zip(names, first, strict=True):
        candidate, k = stem or "input", 2
        while candidate in used:
            candidate, k = f"{stem}-{k}", k + 1
        used.add(candidate)
        out[name] = candidate
    return out


# --------------------------------------------------------------------------- one application


@dataclass
class Outcome:
    """What one application produced: its exit status and the violated sections (and, for a
    single file printed to stdout, the report text in ``output``)."""

    index: int
    name: str
    status: int
    jurisdiction: str | None = None
    violations: dict[str, int] = field(default_factory=dict)  # citation -> result count
    warnings: int = 0
    info: int = 0
    information_needed: int = 0
    error: str | None = None
    report_file: str | None = None
    output: str | None = None


@dataclass(frozen=True)
class Task:
    index: int
    item: Item
    stdin: bytes | None
    fmt: str
    input_format: str | None
    target: str | None
    explain: bool = False
    keep_output: bool = False  # single-file mode prints the report itself


def run_task(task: Task) -> Outcome:
    """Validate one input; every failure becomes the outcome (never an exception)."""
    from docklaw.validate import pipeline

    name = task.item.name
    outcome = Outcome(task.index, name, 0, report_file=task.target)
    try:
        if task.item.problem:
            raise _BadArgument(task.item.problem, name)
        data = task.stdin if name == "-" and task.stdin is not None else read_file(name)
        if task.keep_output:  # one file named on the command line: under the time budget
            from docklaw.budget import default_timeout

            report = pipeline.validate_bytes_within(data, task.input_format, name=name,
                                               timeout=default_timeout(),
                                               plan=task.fmt == "html")
        else:
            report = pipeline.validate_bytes(data, task.input_format, name=name,
                                        plan=task.fmt == "html")
        text = report.render(task.fmt, task.explain)
    except DocklawError as exc:
        outcome.status, outcome.error = exc.exit_code, str(exc)
        text = error_report(task.fmt, name, outcome.error)
    except Exception as exc:  # one broken application must not stop the batch
        outcome.status, outcome.error = 3, f"{name}: internal error: {type(exc).__name__}: {exc}"
        text = error_report(task.fmt, name, outcome.error)
    else:
        outcome.status = report.exit_code
        outcome.output = text if task.keep_output else None
        outcome.jurisdiction = report.jurisdiction
        for r in report.results:
            if r.severity == "Violation":
                key = r.section or "(no section)"
                outcome.violations[key] = outcome.violations.get(key, 0) + 1
        outcome.warnings = len(report.by_severity("Warning"))
        outcome.info = len(report.by_severity("Info"))
        outcome.information_needed = len(report.information_needed)
    if task.target is not None:
        try:
            Path(task.target).write_text(text, encoding="utf-8")
        except OSError as exc:
            outcome.report_file = None
            note = f"report not written ({exc.strerror or exc})"
            outcome.error = f"{outcome.error}; {note}" if outcome.error else f"{name}: {note}"
            outcome.status = max(outcome.status, 3)
    return outcome


class _BadArgument(DocklawError):
    exit_code = 2

    def __init__(self, problem: str, name: str) -> None:
        super().__init__(f"{name}: {problem}")


def read_file(name: str) -> bytes:
    """The bytes of one input ('-': standard input), never more than the size cap plus one
    byte read (``docklaw.capped``): beyond it, PayloadTooLarge (exit 2)."""
    from docklaw.capped import read_capped
    from docklaw.validate.intake.parse import DEFAULT_MAX_BYTES

    return read_capped(name, DEFAULT_MAX_BYTES)


def error_report(fmt: str, name: str, error: str) -> str:
    """The report file of an input that could not be validated: the error, in the format asked."""
    if fmt == "json":
        return json.dumps({"name": name, "error": error, "conforms": None}, indent=2,
                          ensure_ascii=False) + "\n"
    if fmt == "turtle":
        return "".join(f"# {line}\n" for line in (f"{name}: not validated", error))
    if fmt == "html":
        from html import escape

        return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
                f"docklaw: {escape(name)}</title></head><body><h1>{escape(name)}: not validated"
                f"</h1><p>{escape(error)}</p></body></html>\n")
    return f"{name}: NOT VALIDATED (bad input)\n{error}\n"


# --------------------------------------------------------------------------- the pool

_PREPARED_IN_PARENT = False


def prepare_once() -> None:
    """Build the ontology closure, every code's compiled shapes and pyshacl's parsed shapes
    (cached in this process, so forked workers inherit all of it copy-on-write)."""
    from docklaw.validate import pipeline
    from docklaw.validate.checking.check import shape_index

    prepared = pipeline.get_prepared()
    for jid in sorted(prepared.shape_sources):
        # a code whose shapes do not compile: its applications report the error one by one
        with contextlib.suppress(Exception):
            compiled = prepared.compiled(jid)
            if len(compiled.runtime_graph):
                shape_index(compiled)


def _worker_init() -> None:
    """Pool initializer: under fork the parent's caches are inherited; otherwise build them."""
    if not _PREPARED_IN_PARENT:
        prepare_once()


def start_method() -> str:
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


def run_tasks(tasks: list[Task], jobs: int,
              progress: Callable[[int, int], None] | None = None) -> list[Outcome]:
    """Every task's outcome, in task order (whatever order the workers finish in)."""
    global _PREPARED_IN_PARENT
    outcomes: list[Outcome] = []
    total = len(tasks)
    if progress:
        progress(0, total)
    if jobs <= 1 or total <= 1:
        prepare_once()
        for task in tasks:
            outcomes.append(run_task(task))
            if progress:
                progress(len(outcomes), total)
        return outcomes
    method = start_method()
    if method == "fork":
        prepare_once()  # workers inherit the prepared closure and compiled shapes
        _PREPARED_IN_PARENT = True
    context = multiprocessing.get_context(method)
    try:
        with ProcessPoolExecutor(max_workers=min(jobs, total), mp_context=context,
                                 initializer=_worker_init) as pool:
            futures = [pool.submit(run_task, task) for task in tasks]
            for outcome in _as_completed(futures, tasks):
                outcomes.append(outcome)
                if progress:
                    progress(len(outcomes), total)
    finally:
        _PREPARED_IN_PARENT = False
    return sorted(outcomes, key=lambda o: o.index)


def _as_completed(futures: list, tasks: list[Task]) -> Iterator[Outcome]:
    from concurrent.futures import as_completed
    from concurrent.futures.process import BrokenProcessPool

    for future in as_completed(futures):
        try:
            yield future.result()
        except BrokenProcessPool as exc:  # a worker died (memory, signal): say so, keep going
            task = tasks[futures.index(future)]
            yield Outcome(task.index, task.item.name, 3,
                          error=f"{task.item.name}: worker died: {exc}")


# --------------------------------------------------------------------------- the summary


@dataclass
class Summary:
    applications: int
    conforming: int
    violating: int
    incomplete: int
    bad_input: int
    internal_errors: int
    sections: list[dict[str, object]]
    errors: list[dict[str, str]]
    files: list[dict[str, object]]

    codes: list[int] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """2 if any input was bad, else 3 on an internal error, else 1 on a violation, else 4
        if any application is incomplete, else 0 (``status.combine``)."""
        return combine(self.codes)

    def to_json(self) -> dict[str, object]:
        out = asdict(self) | {"exit_code": self.exit_code}
        del out["codes"]
        return out


def summarise(outcomes: list[Outcome]) -> Summary:
    """Counts per status, and per (jurisdiction, section) how many applications and results."""
    per_section: dict[tuple[str, str], list[int]] = {}
    for o in outcomes:
        for section, count in o.violations.items():
            row = per_section.setdefault((o.jurisdiction or "", section), [0, 0])
            row[0] += 1
            row[1] += count
    sections = [{"jurisdiction": jid, "section": section, "applications": apps,
                 "violations": results}
                for (jid, section), (apps, results) in sorted(per_section.items(),
                                                              key=lambda kv: _section_key(kv[0]))]
    files = []
    for o in outcomes:
        entry: dict[str, object] = {"name": o.name, "status": STATUS_WORDS.get(o.status, "?"),
                                    "exit_code": o.status, "jurisdiction": o.jurisdiction,
                                    "violations": sum(o.violations.values()),
                                    "warnings": o.warnings, "info": o.info,
                                    "information_needed": o.information_needed}
        if o.error:
            entry["error"] = o.error
        if o.report_file:
            entry["report"] = o.report_file
        files.append(entry)
    return Summary(
        applications=len(outcomes),
        conforming=sum(1 for o in outcomes if o.status == 0),
        violating=sum(1 for o in outcomes if o.status == 1),
        incomplete=sum(1 for o in outcomes if o.status == 4),
        bad_input=sum(1 for o in outcomes if o.status == 2),
        internal_errors=sum(1 for o in outcomes if o.status == 3),
        sections=sections,
        errors=[{"name": o.name, "error": o.error or ""} for o in outcomes if o.error],
        files=files,
        codes=[o.status for o in outcomes],
    )


def _section_key(key: tuple[str, str]) -> tuple[str, list[object]]:
    """Natural order: § 56-2B before § 56-10A."""
    import re

    jid, section = key
    return jid, [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", section)]


def render_table(summary: Summary) -> str:
    lines = [
        f"applications: {summary.applications}",
        f"conforming:   {summary.conforming}",
        f"violating:    {summary.violating}",
        f"incomplete:   {summary.incomplete}",
        f"bad input:    {summary.bad_input}",
    ]
    if summary.internal_errors:
        lines.append(f"internal errors: {summary.internal_errors}")
    from docklaw.clitools import text_table

    if summary.files:  # which file got which status: the most serious first, then as given
        lines += ["", "files (failures first):"]
        ranked = sorted(summary.files, key=lambda f: rank(int(f["exit_code"])))  # type: ignore[call-overload]
        rows = [(str(f["status"]), str(f["exit_code"]), str(f["jurisdiction"] or "-"),
                 str(f["name"])) for f in ranked]
        lines.append(text_table(("status", "exit", "jurisdiction", "file"), rows, right=(1,),
                                indent=2))
    if summary.sections:
        lines += ["", "violations by section:"]
        header = ("jurisdiction", "section", "applications", "violations")
        rows = [(str(r["jurisdiction"]), str(r["section"]), str(r["applications"]),
                 str(r["violations"])) for r in summary.sections]
        lines.append(text_table(header, rows, right=(2, 3), indent=2))
    if summary.errors:
        lines += ["", "not validated:"]
        lines += [f"  {e['error']}" for e in summary.errors]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- progress


class Progress:
    """A progress bar (rich) on a terminal; silent otherwise (logs, pipes, tests).

    Refreshed by each call, never by a background thread (worker processes fork after it
    starts)."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.enabled = bool(getattr(stream, "isatty", lambda: False)())
        self._bar: Any = None
        self._task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total == 0:
            return
        if self._bar is None:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
            from rich.progress import Progress as Bar

            console = Console(file=self.stream, force_terminal=True)
            self._bar = Bar(TextColumn("validating"), BarColumn(bar_width=self.width),
                            MofNCompleteColumn(), TextColumn("applications"),
                            TimeElapsedColumn(), console=console, auto_refresh=False)
            self._task = self._bar.add_task("validate", total=total)
            self._bar.start()
        self._bar.update(self._task, completed=done, total=total)
        self._bar.refresh()
        if done >= total:
            self._bar.stop()
            self._bar = None


# --------------------------------------------------------------------------- index page

INDEX_WORDS = {0: "conforms", 1: "violates", 2: "bad input", 3: "internal error",
               4: "incomplete"}


def index_rows(outdir: Path, outcomes: list[Outcome]) -> list[dict[str, str]]:
    """One row per application: name, code, status, violated sections, link to its report."""
    rows = []
    for o in sorted(outcomes, key=lambda o: o.index):
        status = INDEX_WORDS.get(o.status, str(o.status))
        if o.status == 0 and o.information_needed:
            status += f" ({o.information_needed} item(s) of information needed)"
        href = shown = ""
        if o.report_file and o.error is None:
            with contextlib.suppress(ValueError):
                shown = Path(o.report_file).resolve().relative_to(outdir.resolve()).as_posix()
                href = relative_href(shown)
        rows.append({"name": o.name, "jurisdiction": o.jurisdiction or "", "status": status,
                     "css": {1: "Violation", 2: "Warning", 3: "Warning"}.get(o.status, ""),
                     "violations": ", ".join(sorted(o.violations)), "href": href,
                     "shown": shown,
                     "error": o.error or ""})
    return rows


def relative_href(path: str) -> str:
    """A link to a report beside the index, whatever its file is called: percent-encoded and
    starting with ``./``, so ``javascript:alert(1).html`` is a file, never a URL scheme."""
    from urllib.parse import quote

    return "./" + quote(path, safe="/")


def write_index(outdir: Path, outcomes: list[Outcome]) -> Path:
    """``index.html`` in the report directory (``docklaw-index.html`` when an application's
    own report is called index.html): every report linked with its status."""
    from docklaw.validate.output.html_report import render_index

    taken = {Path(o.report_file).name for o in outcomes if o.report_file}
    target = outdir / ("index.html" if "index.html" not in taken else "docklaw-index.html")
    target.write_text(render_index(index_rows(outdir, outcomes)), encoding="utf-8")
    return target


# --------------------------------------------------------------------------- entry point


def run_batch(inputs: list[str], *, jobs: int, fmt: str, input_format: str | None,
              outdir: Path | None, summary_format: str = "text",
              stdout: TextIO | None = None, stderr: TextIO | None = None,
              explain: bool = False) -> int:
    """Validate every application named by ``inputs``; print the summary; return the exit code."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    items = expand_inputs(inputs)
    stdin = None
    if any(i.name == "-" for i in items):
        try:  # capped like every file: /dev/zero on stdin is refused, not read to the end
            stdin = read_file("-")
        except DocklawError as exc:
            problem = getattr(exc, "message", None) or str(exc)
            items = [Item(i.name, problem) if i.name == "-" else i for i in items]
    names = report_names([i.name for i in items])
    if outdir is not None:
        outdir.mkdir(parents=True, exist_ok=True)
    tasks = [Task(k, item, stdin, fmt, input_format,
                  str(outdir / f"{names[item.name]}.{REPORT_SUFFIXES[fmt]}") if outdir else None,
                  explain)
             for k, item in enumerate(items)]
    outcomes = run_tasks(tasks, max(1, jobs), Progress(stderr))
    summary = summarise(outcomes)
    if outdir is not None and fmt == "html":
        write_index(outdir, outcomes)
    if summary_format == "json":
        stdout.write(json.dumps(summary.to_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        stdout.write(render_table(summary))
    return summary.exit_code
