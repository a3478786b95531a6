"""``docklaw validate`` and ``docklaw example``.

Exit codes (``docklaw.validate.status``): 0 every application conforms, 1 at least one has a
violation, 2 bad input (one line on stderr naming file, line, node or unit; never a traceback),
3 internal error, 4 incomplete (no violation, but information is needed to decide a rule).
Files named one by one are validated in turn and their reports printed (or written to
``-o DIR``). A directory, a glob or ``--jobs N`` switches to batch mode
(``docklaw.validate.batch``): parallel workers, a progress bar, one report file per application
and one summary on stdout.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from docklaw import jurisdictions
from docklaw.clitools import add_output, emit, json_error
from docklaw.errors import DocklawError, InputError
from docklaw.validate.batch import (
    Item,
    Outcome,
    Task,
    is_glob,
    read_file,
    report_names,
    run_batch,
    run_task,
)
from docklaw.validate.status import EXIT_HELP, EXIT_WORDS, combine

EXTENSIONS = {"text": "txt", "json": "json", "turtle": "ttl", "html": "html"}


def read_input(name: str) -> bytes:
    """The bytes of one input ('-' is standard input): the batch reader."""
    return read_file(name)


def validate_file(name: str, fmt: str, input_format: str | None = None,
                  explain: bool = False) -> Outcome:
    """Validate one file; never raises for bad input (the error becomes the outcome). The
    same reader and Outcome as batch mode (``batch.run_task``)."""
    return run_task(Task(0, Item(name), None, fmt, input_format, None, explain, keep_output=True))


def is_batch(args: argparse.Namespace) -> bool:
    """Batch mode: --jobs given, or an argument is a directory or a glob pattern."""
    if args.jobs is not None:
        return True
    for name in args.files:
        path = Path(name)
        if name != "-" and (path.is_dir() or (not path.exists() and is_glob(name))):
            return True
    return False


def run_against(args: argparse.Namespace) -> int:
    """``--against all``: each file under every registered code, one matrix each."""
    from docklaw.budget import default_timeout, run_limited
    from docklaw.law.snapshot import get_prepared
    from docklaw.validate.matrix import against_all_bytes

    if args.against != "all":
        raise InputError(f"--against takes 'all' (got {args.against!r})")
    status = 0
    names = report_names(args.files)
    directory = args.output is not None and output_is_directory(args.output)
    rendered: list[str] = []
    for name in args.files:
        try:
            data = read_input(name)
            timeout = default_timeout()
            if timeout:
                get_prepared()  # built once here; each budgeted child inherits it
            # parsed once, then every code, all under one budget ($DOCKLAW_VALIDATE_TIMEOUT)
            matrix = run_limited(against_all_bytes, data, args.input_format, name,
                                 timeout=timeout, what="validation under every code")
        except DocklawError as exc:
            if isinstance(exc, InputError) and exc.source is None:
                exc.source = name
                exc.args = (exc.describe(),)
            print(f"docklaw: {exc}", file=sys.stderr)
            if args.format == "json" and args.output is None:
                json_error(str(exc), exc.exit_code)
            status = max(status, exc.exit_code)
            continue
        if directory:
            Path(args.output).mkdir(parents=True, exist_ok=True)
            target = Path(args.output) / f"{names[name]}.matrix.{EXTENSIONS[args.format]}"
            emit(matrix.render(args.format), target)
        else:
            rendered.append(matrix.render(args.format))
        status = max(status, matrix.exit_status)
    if rendered:
        emit("".join(rendered), Path(args.output) if args.output is not None else None)
    return status


def run_validate(args: argparse.Namespace) -> int:
    if args.against:
        return run_against(args)
    if is_batch(args):
        return run_batch(args.files, jobs=args.jobs or 1, fmt=args.format,
                         input_format=args.input_format,
                         outdir=Path(args.output) if args.output else None,
                         summary_format="json" if args.format == "json" else "text",
                         explain=args.explain)
    codes: list[int] = []
    names = report_names(args.files)
    outdir: Path | None = Path(args.output) if args.output else None
    if outdir is not None and len(args.files) == 1 and not output_is_directory(args.output):
        return validate_to_file(args, outdir)
    if outdir is not None:
        outdir.mkdir(parents=True, exist_ok=True)
    for name in args.files:
        outcome = validate_file(name, args.format, args.input_format, args.explain)
        if outcome.error is not None:
            print(f"docklaw: {outcome.error}", file=sys.stderr)
            if args.format == "json" and outdir is None:
                json_error(outcome.error, outcome.status)
        elif outdir is not None:
            target = outdir / f"{names[name]}.{EXTENSIONS[args.format]}"
            target.write_text(outcome.output or "", encoding="utf-8")
            print(f"{name}: {EXIT_WORDS.get(outcome.status, '?')} -> {target}")
        else:
            sys.stdout.write(outcome.output or "")
        codes.append(outcome.status)
    return combine(codes)


def output_is_directory(output: str | Path) -> bool:
    """``-o`` names a directory when it exists as one or ends with a slash."""
    text = str(output)
    return Path(text).is_dir() or text.endswith(("/", "\\"))


def validate_to_file(args: argparse.Namespace, target: Path) -> int:
    """One application, ``-o FILE``: its report goes into FILE (as ``export -o`` does)."""
    outcome = validate_file(args.files[0], args.format, args.input_format, args.explain)
    if outcome.error is not None:
        print(f"docklaw: {outcome.error}", file=sys.stderr)
        if args.format == "json":
            json_error(outcome.error, outcome.status)
        return outcome.status
    emit(outcome.output or "", target)
    return outcome.status


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def example_files(jid: str) -> list[Path]:
    return sorted(jurisdictions.get(jid).examples_dir.glob("*.ttl"))


def list_all_examples() -> int:
    """Every shipped example of every code, as ``<jurisdiction> <name>`` lines."""
    for jid in jurisdictions.ids():
        for path in example_files(jid):
            print(f"{jid} {path.stem}")
    return 0


def run_example(args: argparse.Namespace) -> int:
    if not args.jurisdiction:
        if args.name:
            raise InputError("give the jurisdiction before the example name "
                             "(docklaw example JURISDICTION NAME)")
        return list_all_examples()
    jid = jurisdictions.resolve(args.jurisdiction).id
    files = example_files(jid)
    if args.list or not args.name:
        if not files:
            print(f"no examples for {jid} yet", file=sys.stderr)
            return 0
        for path in files:
            print(path.stem)
        return 0
    wanted = args.name[:-4] if args.name.endswith(".ttl") else args.name
    for path in files:
        if path.stem == wanted:
            sys.stdout.write(path.read_text(encoding="utf-8"))
            return 0
    known = ", ".join(p.stem for p in files) or "none"
    raise InputError(f"no example {args.name!r} for {jid} (available: {known})", jurisdiction=jid)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "validate", help="validate permit applications against their jurisdiction's dock code",
        description="Validate one or more permit applications (Turtle, N-Triples, JSON-LD, "
                    "RDF/XML). Directories, globs or --jobs give batch mode with a summary. "
                    "A report's status is conforms, violates or incomplete (no violation found, "
                    "but a rule could not be decided for want of a stated fact). " + EXIT_HELP
                    + " (several files: the most serious).",
    )
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="application file ('-' for stdin), directory (walked for .ttl .nt "
                        ".jsonld .rdf .xml .json) or glob pattern")
    p.add_argument("--format", choices=sorted(EXTENSIONS), default="text", help="report format")
    p.add_argument("--input-format", default=None,
                   help="input RDF format (turtle, nt, json-ld, xml); default: from the extension")
    add_output(p, directory_note="for one application a file, unless PATH is a directory or "
                                 "ends in /; for several, or in batch mode, a directory that "
                                 "gets one report per application")
    p.add_argument("--against", metavar="all", default=None,
                   help="validate each application under every registered code and print a "
                        "matrix: code x status, violated sections, information needed")
    p.add_argument("-j", "--jobs", type=_positive, default=None, metavar="N",
                   help="batch mode: validate in N processes and print one summary (applications, "
                        "conforming, bad input, violations per section; JSON with --format json)")
    p.add_argument("--explain", action="store_true",
                   help="text/HTML: list every rule of the code with its state (conforms, "
                        "violates, needed, flagged, unchecked, not applicable and why)")
    p.set_defaults(func=run_validate)

    e = subparsers.add_parser(
        "example", help="print a shipped example application",
        description="Print an example application of a code, or list the examples: "
                    "`docklaw example --list` lists every code's, `docklaw example JURISDICTION "
                    "--list` one code's.")
    e.add_argument("jurisdiction", nargs="?", default=None,
                   help="a code's id or alias (docklaw stats lists them)")
    e.add_argument("name", nargs="?", help="example name (see --list)")
    e.add_argument("--list", action="store_true",
                   help="list the examples (of every code without a jurisdiction)")
    e.set_defaults(func=run_example)
