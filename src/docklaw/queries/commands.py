"""``docklaw queries``, ``docklaw query`` and ``docklaw compare``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from docklaw.clitools import add_output, emit
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
    p = subparsers.add_parser(
        "queries", help="list the saved SPARQL questions",
        description="List the saved cross-code questions (queries/*.rq): name, title and "
                    "parameters (name:type=default). Run one with `docklaw query NAME`.")
    add_output(p)
    p.set_defaults(func=cmd_queries)

    p = subparsers.add_parser(
        "query", help="run a saved query, a .rq file or SPARQL text",
        description="Run a saved query (by name, see `docklaw queries`), a .rq file or "
                    "SPARQL text against the knowledge graph. A file runs as it is (the "
                    "'# title:' and '# question:' header is needed only by saved queries in "
                    "queries/; '# param:' lines, where given, declare --param names). "
                    "Read-only: updates (INSERT, DELETE, LOAD, DROP ...) are refused with "
                    "exit code 2.")
    p.add_argument("query", metavar="NAME|FILE|TEXT",
                   help="saved query name, .rq file or SPARQL query text")
    p.add_argument("--param", "-p", action="append", default=[], metavar="K=V",
                   help="parameter value (repeatable)")
    p.add_argument("--format", "-f", choices=("table", "csv", "json"), default="table",
                   help="output format")
    p.add_argument("--evaluate", action="store_true",
                   help="evaluate even where the store keeps this query's answer from its "
                        "last `docklaw load`")
    add_output(p)
    add_store_option(p)
    p.set_defaults(func=cmd_query)

    p = subparsers.add_parser(
        "compare", help="side-by-side comparison of the codes by topic",
        description="Compare the codes topic by topic, each statement citing its section. "
                    "`--topics` with no names lists the topics.")
    p.add_argument("--topics", nargs="*", default=None, metavar="TOPIC",
                   help="topics to compare (default: all); with no names: list the topics "
                        "and exit")
    p.add_argument("--jurisdictions", nargs="*", default=None, metavar="CODE",
                   help="codes to compare (default: every registered code)")
    p.add_argument("--format", "-f", choices=("html", "md", "csv", "pdf"), default="md",
                   help="output format: md, a printable html page, tidy csv (one row per "
                        "code, topic and quantity), pdf (needs WeasyPrint: "
                        "pip install 'docklaw[pdf]')")
    add_output(p)
    add_store_option(p)
    p.set_defaults(func=cmd_compare)


def cmd_queries(args: argparse.Namespace) -> int:
    from docklaw.queries.catalogue import catalogue

    lines = []
    for q in catalogue().values():
        params = " ".join(f"{p.name}:{p.type}" + (f"={p.default}" if p.default else "")
                          for p in q.params)
        lines.append(f"{q.name:32s} {q.title}" + (f"  [{params}]" if params else ""))
    emit("\n".join(lines), args.output)
    return 0


def _params(pairs: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InputError(f"--param expects NAME=VALUE, got {pair!r}")
        out[key.strip()] = value.strip()
    return out


def looks_like_sparql(text: str) -> bool:
    """Query or update text rather than a saved query's name or a file."""
    return "{" in text or any(
        word in text.upper() for word in ("SELECT", "PREFIX", "CONSTRUCT", "ASK", "DESCRIBE",
                                          "INSERT", "DELETE", "LOAD", "CLEAR", "DROP",
                                          "CREATE", "BASE"))


def cmd_query(args: argparse.Namespace) -> int:
    from docklaw.queries.catalogue import catalogue, parse_header
    from docklaw.queries.run import run_saved, run_text
    from docklaw.sparql.safety import refuse_update

    params = _params(args.param)
    target = args.query
    is_file = target not in catalogue() and Path(target).is_file()
    sparql_text = target not in catalogue() and not is_file and looks_like_sparql(target)
    if sparql_text:
        refuse_update(target)  # "SPARQL updates are not allowed ..." before any store opens
    elif target not in catalogue() and target.endswith(".rq") and Path(target).is_file():
        from docklaw.capped import read_text_capped
        from docklaw.sparql.safety import MAX_QUERY_CHARS

        read_text_capped(target, 4 * MAX_QUERY_CHARS)  # UTF-8 and small, or exit 2 saying so
    graph = store_of(args)
    evaluate = bool(getattr(args, "evaluate", False))
    if target in catalogue():
        result = run_saved(graph, catalogue()[target], params, evaluate=evaluate)
    elif is_file:  # a user's own file runs as it is: no catalogue header required
        result = run_saved(graph, parse_header(Path(target).resolve(), saved=False), params,
                           evaluate=evaluate)
    elif sparql_text:
        if params:
            raise InputError("--param applies to saved queries with declared parameters only")
        result = run_text(graph, target, evaluate=evaluate)
    else:
        raise InputError(f"{target!r} is not a saved query name, a .rq file or SPARQL text "
                         f"(see `docklaw queries`)")
    text = {"table": result.to_table, "csv": result.to_csv, "json": result.to_json}[args.format]()
    emit(text, args.output)
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    from docklaw.queries.compare import TOPICS, build_report, render

    if args.topics == []:  # `--topics` alone: what can be compared
        emit("\n".join(f"{key:14s} {title}" for key, (title, _, _) in TOPICS.items()),
             args.output)
        return 0
    report = build_report(args.topics, args.jurisdictions, graph=store_of(args))
    if args.format == "pdf":
        from docklaw.queries.compare import render_bytes

        emit(render_bytes(report, "pdf"), args.output)
        return 0
    emit(render(report, args.format), args.output)
    return 0
