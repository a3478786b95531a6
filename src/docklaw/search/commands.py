"""``docklaw search``: ranked full-text search over the law, as a table or JSON."""

from __future__ import annotations

import argparse
import json
import sys

from docklaw import jurisdictions
from docklaw.clitools import add_output, emit


def resolve_jurisdiction(value: str | None) -> str | None:
    """The code to search in (the registry's resolve()), or None for every code."""
    return jurisdictions.resolve(value).id if value else None


def register(subparsers: argparse._SubParsersAction) -> None:
    from docklaw.search.query import DEFAULT_LIMIT, KIND_HELP, MAX_LIMIT

    kinds = "; ".join(f"{k}: {v}" for k, v in KIND_HELP.items())
    p = subparsers.add_parser(
        "search", help="full-text search over the codes (ranked, with snippets)",
        description="Search the text of every code: sections, definitions, rules and curation "
                    "notes, ranked by relevance (bm25) with the matches highlighted. Words are "
                    "stemmed (lifts, lifting find lift) and all must occur; \"a phrase\" matches "
                    "in order; lif* is a prefix; OR and NOT combine terms. Exit 0 with hits, "
                    "1 with none, 2 on bad input.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    p.add_argument("text", metavar="TEXT", help="what to search for")
    p.add_argument("--jurisdiction", "-j", default=None,
                   help="only this code (an id or alias; docklaw stats lists them)")
    p.add_argument("--kind", "-k", action="append", default=None, choices=tuple(KIND_HELP),
                   help=f"only this kind (repeatable); {kinds}")
    p.add_argument("--limit", "-n", type=limit_argument, default=DEFAULT_LIMIT,
                   help=f"at most this many hits (1-{MAX_LIMIT})")
    p.add_argument("--format", "-f", choices=("table", "json"), default="table",
                   help="output format")
    add_output(p)
    p.set_defaults(func=cmd_search)


def limit_argument(text: str) -> int:
    """--limit: 1 to MAX_LIMIT (more is read as MAX_LIMIT); 0 or negative is a usage error."""
    from docklaw.errors import InputError
    from docklaw.search.query import checked_limit

    try:
        return checked_limit(text)
    except InputError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def cmd_search(args: argparse.Namespace) -> int:
    from docklaw.search.query import search

    jid = resolve_jurisdiction(args.jurisdiction)
    found = search(args.text, jurisdiction=jid, kinds=args.kind, limit=args.limit)
    hits, total = found.hits, found.total
    if args.format == "json":
        emit(json.dumps({"query": args.text, "jurisdiction": jid, "kinds": args.kind or [],
                         **found.to_dict()}, indent=2, ensure_ascii=False), args.output)
    else:
        text = table_text(args.text, hits, total, found.mode, args.output is None)
        if found.related:
            text += "\nRelated, not literal matches (the concept graph relates them):\n"
            text += table_text(args.text, found.related, len(found.related), "related",
                               args.output is None, summary=False)
        emit(text, args.output)
    return 0 if hits or found.related else 1


def table_text(text: str, hits: list, total: int, mode: str, terminal: bool,
               summary: bool = True) -> str:
    """A rich table (matches in bold on a terminal, plain text otherwise)."""
    import io

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    buffer = io.StringIO()
    tty = terminal and sys.stdout.isatty()
    console = Console(file=buffer, force_terminal=tty, width=Console().width if tty else 120,
                      soft_wrap=False)
    if not hits:
        console.print(f"no matches for {text!r}")
        return buffer.getvalue()
    table = Table(show_lines=False, pad_edge=False, box=None, header_style="bold")
    related = mode == "related"
    for name in ("#", "citation", "kind", "jurisdiction", "related to" if related else "match",
                 *(() if related else ("score",))):
        table.add_column(name, overflow="fold")
    for n, hit in enumerate(hits, 1):
        snippet = Text()
        if hit.kind == "definition" and hit.title:  # the defined term, then its definition
            snippet.append(f"{hit.title}: ", style="bold" if tty else "")
        for i, part in enumerate(hit.snippet.split("**")):
            snippet.append(part, style="bold" if i % 2 else "")
        # a definition is named by its defined term, a section by its citation
        where = f"{hit.citation} {hit.term.upper()}".strip() if hit.term else \
            (hit.citation or hit.title)
        table.add_row(str(n), where, hit.kind, hit.jurisdiction,
                      Text(hit.related) if related else snippet,
                      *(() if related else (f"{hit.score:.2f}",)))
    console.print(table)
    if summary:
        console.print(f"{len(hits)} of {total} matches"
                      + (" (no text has every word: any word matched)" if mode == "any" else ""))
    return buffer.getvalue()
