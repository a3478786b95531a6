"""``docklaw load --store SPEC [--add]``: put the knowledge graph into a SPARQL store.

Why a command: a persistent Oxigraph directory or a shared remote store is filled once
(after the law texts or curation change) and then served without rebuilding the closure
in every process. The graph loaded is ``closure_graph()`` (asserted + inferred): each code in
a named graph of its own and what no code owns in ``LAW_GRAPH_IRI`` (``--single-graph``: all
in one), then the saved queries' default answers (``docklaw.queries.answers``).

Each graph written is replaced (issue 23): the law's blank nodes are new in every load, so
adding a second load to the first duplicated every blank-node triple (29,433 -> 33,470 ->
37,507 triples, duplicate rows in the saved queries). ``--add`` keeps the old behaviour for
data of one's own.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from docklaw.errors import DocklawError, InputError
from docklaw.sparql.specs import LAW_GRAPH_IRI, SPEC_HELP, default_spec

if TYPE_CHECKING:
    from rdflib import Graph

    from docklaw.sparql.store import Store


#: An absolute IRI (RFC 3987: a scheme, then no space, control, <>"{}|\^` character).
GRAPH_IRI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:[^\x00-\x20<>\"{}|\\^`\x7f]+")


def check_graph_name(name: str) -> None:
    """``--graph`` must be an absolute IRI, and not docklaw's bookkeeping graph (exit 2)."""
    from docklaw.sparql.specs import BOOKKEEPING_GRAPHS

    if not GRAPH_IRI.fullmatch(name or ""):
        raise InputError(f"--graph {name!r} is not an absolute IRI (e.g. "
                         f"{LAW_GRAPH_IRI})")
    if name in BOOKKEEPING_GRAPHS:
        raise InputError(f"--graph {name} is docklaw's own bookkeeping graph (the answers "
                         "kept at load); name another graph")


def run_load(args: argparse.Namespace) -> int:
    from docklaw.kg.build import closure_graph
    from docklaw.sparql.backends import open_store

    check_graph_name(args.graph)
    replace = args.replace is not False  # the default; --add says False
    repair = args.replace is True  # --replace said: a damaged store is rebuilt from scratch
    started = time.perf_counter()
    graph = closure_graph()
    kind, _, location = args.store.strip().partition(":")
    answers = getattr(args, "answers", True)
    per_code = args.graph == LAW_GRAPH_IRI and not getattr(args, "single_graph", False)
    if kind.lower() == "oxigraph" and location:
        total = load_directory(Path(location).expanduser(), graph, args.graph, replace,
                               answers=answers, per_code=per_code, repair=repair)
    else:
        store = open_store(args.store, execution="inline", timeout=args.timeout)
        try:
            total = load_with_answers(store, graph, args.graph, replace, answers,
                                      per_code)
        finally:
            store.close()
    where = f"<{args.graph}> and one graph per code" if per_code else f"<{args.graph}>"
    print(f"loaded {len(graph)} triples into {where} of {args.store} "
          f"({total} triples in the store) in {time.perf_counter() - started:.1f} s")
    if args.store.split(":", 1)[0].lower() in ("memory", "rdflib", ""):
        print("note: an in-memory store is discarded on exit (a dry run); use "
              "oxigraph:PATH or sparql:URL to keep the graph", file=sys.stderr)
    return 0


def load_with_answers(store: Store, graph: Graph, name: str, replace: bool,
                      answers: bool = True, per_code: bool = False) -> int:
    """Drop the stored answers, load, then (``answers``) keep every saved query's default
    answer in the store (``docklaw.queries.answers``): no answer outlives the data it was
    computed on. In-memory stores keep none (they are filled anew in every process).
    ``per_code``: one named graph per code plus the shared graph ``name``
    (``docklaw.sparql.partition``), so a question about one code reads that code's graph."""
    from docklaw.queries.answers import drop, holds_answers
    from docklaw.queries.catalogue import catalogue
    from docklaw.queries.run import materialise
    from docklaw.search.sparql import install
    from docklaw.sparql.backends import load_graph, load_per_code

    install(store)  # the saved queries may call the search functions
    drop(store)
    if per_code:
        load_per_code(store, graph.serialize(format="nt", encoding="utf-8"), replace=replace)
        total = store.triple_count()
    else:
        total = load_graph(store, graph, name, replace=replace)
    if answers and holds_answers(store):
        try:
            materialise(store, catalogue().values())
        except DocklawError as exc:  # the law is loaded; without answers, queries evaluate
            print(f"docklaw: the saved queries' answers were not kept ({exc}); every query "
                  "on this store will be evaluated", file=sys.stderr)
    return total


def load_directory(path: Path, graph: Graph, name: str, replace: bool,
                   answers: bool = True, per_code: bool = False, repair: bool = False) -> int:
    """Load into a copy of the store at ``path`` and rename the copy into place.

    Why: a load killed mid-way used to leave a directory that ``query`` and ``serve`` could
    not open ("Column family not found"). Now the work happens in ``.NAME.loading-PID``
    beside it; only a complete store is renamed to ``path``, so a reader finds the old
    store, none (for the instant between two renames) or the new one. The replaced store is
    kept as ``.NAME.previous`` until the next load: a server still reading it keeps working.
    """
    from docklaw.sparql.persistent import PersistentOxigraphStore

    path = path.absolute()
    if path.exists() and not path.is_dir():
        raise InputError(f"oxigraph store location {path} is a file, not a directory")
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_abandoned(path)
    work = path.with_name(f".{path.name}.loading-{os.getpid()}")
    shutil.rmtree(work, ignore_errors=True)
    try:
        if path.is_dir():
            copy_existing(path, work, repair)
        store = PersistentOxigraphStore(work, execution="inline")
        try:
            total = load_with_answers(store, graph, name, replace, answers, per_code)
        finally:
            store.close()
            del store
            gc.collect()  # the RocksDB handle (and its lock) goes before the rename
        previous = path.with_name(f".{path.name}.previous")
        if path.is_dir():
            shutil.rmtree(previous, ignore_errors=True)
            os.rename(path, previous)
        os.rename(work, path)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return total


def copy_existing(path: Path, work: Path, repair: bool) -> None:
    """Start from what ``path`` holds (its other graphs stay; the graphs loaded are replaced);
    a damaged store is only rebuilt from scratch when --replace is given (``repair``)."""
    from docklaw.sparql.persistent import PersistentOxigraphStore

    if not any(path.iterdir()):
        return
    try:
        old = PersistentOxigraphStore(path, execution="inline", read_only=True)
        old.store.backup(str(work))
    except (InputError, OSError) as exc:
        shutil.rmtree(work, ignore_errors=True)
        if repair:
            return  # the repair: a fresh store with the graph loaded
        raise InputError(f"{getattr(exc, 'message', exc)}") from None


def remove_abandoned(path: Path) -> None:
    """Delete ``.NAME.loading-PID`` directories whose loading process is gone."""
    for found in path.parent.glob(f".{path.name}.loading-*"):
        pid = found.name.rsplit("-", 1)[-1]
        if pid.isdigit() and not Path(f"/proc/{pid}").exists():
            shutil.rmtree(found, ignore_errors=True)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "load", help="load the knowledge graph into a SPARQL store",
        description="Load the knowledge graph (with its inferred triples) into a SPARQL store: "
                    "one named graph per code plus the shared graph, then the saved queries' "
                    "default answers (see docs/web.md).",
    )
    p.add_argument("--store", default=default_spec(), metavar="SPEC",
                   help=f"{SPEC_HELP}; default $DOCKLAW_STORE, else memory")
    p.add_argument("--replace", action="store_true", default=None,
                   help="drop each graph this load writes before writing it (the default: a "
                        "second load of the same law leaves the same store); given "
                        "explicitly, also rebuild a damaged store from scratch")
    p.add_argument("--add", dest="replace", action="store_false",
                   help="add to the graphs' triples instead of replacing them (blank nodes "
                        "are new on every load: loading the same law twice duplicates them)")
    p.add_argument("--graph", default=LAW_GRAPH_IRI, metavar="IRI",
                   help=f"named graph to load into (default {LAW_GRAPH_IRI})")
    p.add_argument("--timeout", type=float, default=None,
                   help="seconds per request to a remote store (default 30)")
    p.add_argument("--single-graph", action="store_true",
                   help="load everything into the one named graph instead of one graph per "
                        "code plus the shared graph (implied by --graph)")
    p.add_argument("--no-answers", dest="answers", action="store_false",
                   help="do not keep the saved queries' default answers in the store (they "
                        "are computed after the load; every load drops the old ones first)")
    p.set_defaults(func=run_load)
