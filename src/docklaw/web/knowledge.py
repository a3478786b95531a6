"""The loaded knowledge: the law graph (for pages) and the SPARQL store (for queries).

Loaded once per app on first use, so creating the app is cheap and a broken knowledge
graph shows up as a clear 503 on the routes that need it instead of a crash at start-up.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask, current_app
from rdflib import Graph

from docklaw.errors import DocklawError
from docklaw.namespaces import LAW_GRAPH_IRI
from docklaw.paths import QUERIES_DIR
from docklaw.search.sparql import install
from docklaw.sparql.backends import in_memory, knowledge_store, open_store
from docklaw.sparql.safety import warm_up_parser
from docklaw.sparql.specs import embedded_oxigraph
from docklaw.sparql.store import Store
from docklaw.sparql.view import law_view


class Unavailable(DocklawError):
    """The knowledge graph could not be built (an input file is broken)."""

    http_status = 503


@dataclass
class Knowledge:
    graph: Graph
    store: Store
    #: VoID's counts, asked of the store once (``docklaw.web.describe.law_statistics``)
    statistics: dict[str, object] | None = None


def default_loader() -> Graph:
    from docklaw.kg.build import closure_graph

    return closure_graph()


def as_graph(source: Any) -> Graph:
    """A configured graph source: a Graph, a file path, or a callable returning a Graph."""
    if isinstance(source, Graph):
        return source
    if isinstance(source, str | Path):
        return Graph().parse(Path(source))
    if callable(source):
        return source()
    raise TypeError(f"cannot load a graph from {source!r}")


def load(app: Flask) -> Knowledge:
    """The app's store (``SPARQL_BACKEND``, a store spec) and the graph its pages render.

    ``memory`` with the bundled law: the store is filled from the cached closure N-Triples
    and the pages read the store (``docklaw.sparql.view``): no rdflib copy of the law.
    ``memory``/``rdflib`` with a ``KG_LOADER`` or ``SPARQL_GRAPHS``: those graphs are loaded
    into a fresh store and the pages render the loader's graph. ``oxigraph:PATH`` /
    ``sparql:URL``: the store must already hold the law graph (``docklaw load --store
    SPEC``); the pages read it through the same view (or ``KG_LOADER``'s graph if one is
    configured), so pages and queries always show the same law.
    """
    spec = str(app.config["SPARQL_BACKEND"] or "memory")
    execution = app.config["SPARQL_EXECUTION"]
    workers = int(app.config["SPARQL_WORKERS"])
    loader: Callable[[], Graph] | None = app.config.get("KG_LOADER")
    standard = loader is None and not app.config.get("SPARQL_GRAPHS")
    if in_memory(spec) and not (standard and embedded_oxigraph(spec)):
        try:
            graph = (loader or default_loader)()
            sources = app.config.get("SPARQL_GRAPHS") or {LAW_GRAPH_IRI: graph}
            graphs = {name: as_graph(src) for name, src in sources.items()}
        except DocklawError:
            raise
        except Exception as exc:
            raise Unavailable(f"knowledge graph unavailable: {type(exc).__name__}: {exc}"
                              ) from None
        store = open_store(spec, execution=execution, workers=workers)
        for name, source in graphs.items():
            store.add_graph(name, source)
    else:
        try:
            from docklaw.kg.build import closure_ntriples

            store = knowledge_store(spec, execution=execution, workers=workers,
                                    timeout=float(app.config["SPARQL_TIMEOUT"]),
                                    ntriples=closure_ntriples)
            graph = loader() if loader is not None else law_view(store)
        except DocklawError as exc:
            raise Unavailable(f"SPARQL store {spec} unavailable: {exc}") from None
        except Exception as exc:  # a broken input file of the bundled law
            raise Unavailable(f"knowledge graph unavailable: {type(exc).__name__}: {exc}"
                              ) from None
    install(store)  # dlf:textScore, dlf:textSnippet (the store does not know search)
    store.worker_memory = app.config.get("SPARQL_WORKER_MEMORY")
    store.worker_recycle = app.config.get("SPARQL_WORKER_RECYCLE")
    # before any request thread: pyparsing's first use of a parse action is not thread-safe
    warm_up_parser(p.read_text(encoding="utf-8") for p in sorted(QUERIES_DIR.glob("*.rq")))
    return Knowledge(graph=graph, store=store)


_lock = threading.Lock()


def knowledge(app: Flask | None = None) -> Knowledge:
    """This app's knowledge, loaded on first use."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    found = app.extensions.get("docklaw")
    if found is None:
        with _lock:
            found = app.extensions.get("docklaw")
            if found is None:
                found = app.extensions["docklaw"] = load(app)
    return found
