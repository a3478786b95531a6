"""``docklaw stats`` and ``docklaw export``: what the knowledge graph holds, and the graph."""

from __future__ import annotations

import argparse

from docklaw.clitools import add_output, emit


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("stats", help="count sections, rules, definitions ... per code")
    p.add_argument("--format", "-f", choices=("text", "json"), default="text",
                   help="output format")
    add_output(p)
    p.set_defaults(func=cmd_stats)

    from docklaw.kg.formats import FORMATS

    p = subparsers.add_parser("export", help="write the knowledge graph as RDF")
    p.add_argument("--format", "-f", choices=tuple(FORMATS), default="turtle",
                   help="RDF syntax")
    add_output(p)
    p.add_argument("--closure", action="store_true",
                   help="export the OWL-RL closure instead of the asserted graph")
    p.set_defaults(func=cmd_export)


def cmd_stats(args: argparse.Namespace) -> int:
    from docklaw.kg.build import law_graph
    from docklaw.kg.stats import compute_stats, format_stats

    emit(format_stats(compute_stats(law_graph()), args.format), args.output)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from docklaw.kg.build import closure_graph, law_graph
    from docklaw.kg.export import serialize

    graph = closure_graph() if args.closure else law_graph()
    emit(serialize(graph, args.format), args.output)
    return 0
