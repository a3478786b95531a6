"""``docklaw plan FILE -o plan.svg``: the drawn plan of one application alone.

Exit codes as ``docklaw validate``: 0 conforms, 1 violates, 4 incomplete, 2 bad input
(including an application that draws nothing to plan).
"""

from __future__ import annotations

import argparse
import sys

from docklaw.clitools import add_output, emit
from docklaw.errors import InputError


def run_plan(args: argparse.Namespace) -> int:
    from docklaw.budget import default_timeout
    from docklaw.validate.commands import read_input
    from docklaw.validate.pipeline import validate_bytes_within
    from docklaw.validate.status import exit_code_of

    # under the validation budget ($DOCKLAW_VALIDATE_TIMEOUT): exit 5 past it
    report = validate_bytes_within(read_input(args.file), args.input_format, name=args.file,
                                   timeout=default_timeout())
    if not report.plan_svg:
        raise InputError("the application draws no geometry to plan (give geo:hasGeometry to "
                         "the parcel, shorelines, lot lines and structures; docs/geometry.md)",
                         source=args.file)
    emit(report.plan_svg, args.output)
    if args.output is not None:
        print(f"{args.file}: {report.status} -> {args.output}",
              file=sys.stderr)
    return exit_code_of(report.status)  # the plan is drawn; the verdict is validate's


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "plan", help="draw an application's plan (SVG) with its failing dimensions",
        description="Validate one drawn application and write its SVG plan: parcel, lot lines "
                    "and their extensions, shorelines, riparian lines, setback bands, footprints "
                    "and each failing dimension with its section.")
    p.add_argument("file", metavar="FILE", help="application file ('-' for stdin)")
    add_output(p)
    p.add_argument("--input-format", default=None,
                   help="input RDF format (turtle, nt, json-ld, xml); default: from the extension")
    p.set_defaults(func=run_plan)
