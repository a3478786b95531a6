"""The `docklaw shapes export` and `docklaw derive` commands (the heavy work is in
docklaw.validate.export, imported when a command runs, so `docklaw --help` stays light)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from docklaw import jurisdictions
from docklaw.clitools import add_output, emit

if TYPE_CHECKING:
    from rdflib import Graph

FORMATS = {"turtle": "turtle", "nt": "nt", "xml": "xml", "json-ld": "json-ld"}


def run_export(args: argparse.Namespace) -> int:
    jid = jurisdictions.resolve(args.jurisdiction).id
    from docklaw.validate.export import exported_shapes

    write(exported_shapes(jid), args.format, args.output)
    return 0


def run_derive(args: argparse.Namespace) -> int:
    from docklaw.budget import default_timeout, run_limited
    from docklaw.clitools import emit
    from docklaw.law.snapshot import get_prepared
    from docklaw.validate.batch import read_file
    from docklaw.validate.export import derived_text

    data = read_file(args.file)
    timeout = default_timeout()
    if timeout:
        get_prepared()  # built here once; the budgeted child inherits it
    # parse + derive under the validation budget ($DOCKLAW_VALIDATE_TIMEOUT): exit 5 past it
    text = run_limited(derived_text, data, args.input_format, args.file, FORMATS[args.format],
                       timeout=timeout, what="derive")
    emit(text, args.output)
    return 0


def write(g: Graph, fmt: str, output: Path | None) -> None:
    emit(g.serialize(format=FORMATS[fmt]), output)


def register(sub: argparse._SubParsersAction) -> None:
    shapes = sub.add_parser("shapes", help="the compiled shapes as standard SHACL")
    inner = shapes.add_subparsers(dest="shapes_command", metavar="ACTION", required=True,
                                  help="export: write one code's compiled shapes")
    export = inner.add_parser(
        "export", help="write one code's compiled shapes (SHACL Core + SHACL-SPARQL)",
        description="Write a code's compiled shapes: limits filled from the rules, targets as "
                    "sh:targetClass <shape>#focus (the classes `docklaw derive` gives the "
                    "focus nodes), computed limits as SHACL-SPARQL constraints. Any SHACL "
                    "engine run on these and a derived application reports what docklaw "
                    "validate reports.")
    export.add_argument("jurisdiction", help="a code's id or alias")
    add_output(export)
    export.add_argument("--format", choices=sorted(FORMATS), default="turtle",
                        help="RDF serialisation")
    export.set_defaults(func=run_export)
    der = sub.add_parser(
        "derive", help="write an application as the shapes check it",
        description="Write the derived application graph (units normalised, geometry "
                    "measured, superclasses, computed limits, focus classes) for any SHACL "
                    "engine, together with `docklaw shapes export`.")
    der.add_argument("file", help="the application (Turtle, JSON-LD, RDF/XML, N-Triples)")
    der.add_argument("--input-format", default=None, help="input RDF format (default: guess)")
    add_output(der)
    der.add_argument("--format", choices=sorted(FORMATS), default="turtle",
                     help="RDF serialisation")
    der.set_defaults(func=run_derive)
