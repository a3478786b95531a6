"""``docklaw load --store SPEC [--replace]``: put the knowledge graph into a SPARQL store.

Why a command: a persistent Oxigraph directory or a shared remote store is filled once
(after the law texts or curation change) and then served without rebuilding the closure
in every process. The graph loaded is ``closure_graph()`` (asserted + inferred), as the
named graph the web service queries (``LAW_GRAPH_IRI``).
"""

from __future__ import annotations

import argparse
import sys
import time

from docklaw.sparql.specs import LAW_GRAPH_IRI, SPEC_HELP, default_spec


def run_load(args: argparse.Namespace) -> int:
    from docklaw.kg.build import closure_graph
    from docklaw.sparql.backends import load_graph, open_store

    started = time.perf_counter()
    graph = closure_graph()
    store = open_store(args.store, execution="inline", timeout=args.timeout)
    try:
        total = load_graph(store, graph, args.graph, replace=args.replace)
    finally:
        store.close()
    print(f"loaded {len(graph)} triples into <{args.graph}> of {args.store} "
          f"({total} triples in the store) in {time.perf_counter() - started:.1f} s")
    if args.store.split(":", 1)[0].lower() in ("memory", "rdflib", ""):
        print("note: an in-memory store is discarded on exit (a dry run); use "
              "oxigraph:PATH or sparql:URL to keep the graph", file=sys.stderr)
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "load", help="load the knowledge graph into a SPARQL store",
        description="Load the knowledge graph (with its inferred triples) into a SPARQL store "
                    "as one named graph.",
    )
    p.add_argument("--store", default=default_spec(), metavar="SPEC",
                   help=f"{SPEC_HELP}; default $DOCKLAW_STORE, else memory")
    p.add_argument("--replace", action="store_true",
                   help="drop the named graph first instead of adding to it")
    p.add_argument("--graph", default=LAW_GRAPH_IRI, metavar="IRI",
                   help=f"named graph to load into (default {LAW_GRAPH_IRI})")
    p.add_argument("--timeout", type=float, default=None,
                   help="seconds per request to a remote store (default 30)")
    p.set_defaults(func=run_load)
