"""``docklaw queries``, ``docklaw query`` and ``docklaw compare``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from docklaw.errors import InputError

if TYPE_CHECKING:
    from docklaw.sparql.store import Store

STORE_HELP = ("SPARQL store to query: memory (default; or $DOCKLAW_STORE), rdflib, "
              "oxigraph:PATH or sparql:URL (the last two filled by `docklaw load --store ...`)")


def add_store_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--store", default=None, metavar="SPEC", help=STORE_HELP)


def store_of(args: argparse.Namespace) -> Store:
    """The store ``--store`` names (else ``$DOCKLAW_STORE``, else memory), holding the graph."""
    from docklaw.queries.run import store_for
    from docklaw.sparql.backends import default_spec

    return store_for(args.store or default_spec())


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("queries", help="list the saved SPARQL questions")
    p.set_defaults(func=cmd_queries)

    p = subparsers.add_parser("query", help="run a saved query, a .rq file or SPARQL text")
    p.add_argument("query", metavar="NAME|FILE|TEXT")
    p.add_argument("--param", "-p", action="append", default=[], metavar="K=V",
                   help="parameter value (repeatable)")
    p.add_argument("--format", "-f", choices=("table", "csv", "json"), default="table")
    add_store_option(p)
    p.set_defaults(func=cmd_query)

    p = subparsers.add_parser("compare", help="side-by-side comparison of the codes by topic")
    p.add_argument("--topics", nargs="*", default=None, help="topics (default: all)")
    p.add_argument("--jurisdictions", nargs="*", default=None, help="codes (default: all)")
    p.add_argument("--format", "-f", choices=("html", "md", "csv"), default="md")
    p.add_argument("-o", "--output", type=Path, default=None, help="write to FILE")
    add_store_option(p)
    p.set_defaults(func=cmd_compare)


def cmd_queries(args: argparse.Namespace) -> int:
    from docklaw.queries.catalogue import catalogue

    for q in catalogue().values():
        params = " ".join(f"{p.name}:{p.type}" + (f"={p.default}" if p.default else "")
                          for p in q.params)
        print(f"{q.name:32s} {q.title}" + (f"  [{params}]" if params else ""))
    return 0


def _params(pairs: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InputError(f"--param expects NAME=VALUE, got {pair!r}")
        out[key.strip()] = value.strip()
    return out


def cmd_query(args: argparse.Namespace) -> int:
    from docklaw.queries.catalogue import catalogue, parse_header
    from docklaw.queries.run import run_saved, run_text

    params = _params(args.param)
    graph = store_of(args)
    target = args.query
    if target in catalogue():
        result = run_saved(graph, catalogue()[target], params)
    elif target.endswith(".rq") and Path(target).is_file():
        result = run_saved(graph, parse_header(Path(target).resolve()), params)
    elif any(k in target.upper() for k in ("SELECT", "PREFIX")):
        if params:
            raise InputError("--param applies to saved queries with declared parameters only")
        result = run_text(graph, target)
    else:
        raise InputError(f"{target!r} is not a saved query name, a .rq file or SPARQL text "
                         f"(see `docklaw queries`)")
    text = {"table": result.to_table, "csv": result.to_csv, "json": result.to_json}[args.format]()
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    from docklaw.queries.compare import build_report, render

    report = build_report(args.topics, args.jurisdictions, graph=store_of(args))
    text = render(report, args.format)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
