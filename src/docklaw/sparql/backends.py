"""Open a SPARQL store from one short spec string (CLI ``--store``, server config, tests).

Why a spec string: the same choice must be made on the command line, in a config file and
in an environment variable, so it is one word or ``kind:location``:

    memory            embedded Oxigraph in memory (default)
    rdflib            plain rdflib in memory
    oxigraph:PATH     embedded Oxigraph persisted in the directory PATH
    sparql:URL        a remote SPARQL 1.1 store (Oxigraph server: http://host:port)

Every backend is a ``docklaw.sparql.store.Store``: the same safety check, the same dataset
semantics (graphs are named; the default graph is their union) and the same results.
"""

from __future__ import annotations

from rdflib import Graph

from docklaw.errors import InputError
from docklaw.sparql.store import OxigraphStore, RdflibStore, Store
from docklaw.web.config import LAW_GRAPH_IRI

DEFAULT_SPEC = "memory"
SPEC_HELP = ("memory (embedded Oxigraph, default), rdflib, oxigraph:PATH (persistent Oxigraph "
             "directory) or sparql:URL (remote SPARQL 1.1 store, e.g. sparql:http://127.0.0.1:7878)")

__all__ = ["DEFAULT_SPEC", "LAW_GRAPH_IRI", "SPEC_HELP", "load_graph", "open_store"]


def open_store(spec: str = DEFAULT_SPEC, *, execution: str = "process", workers: int = 2,
               timeout: float | None = None) -> Store:
    """The store named by ``spec``; bad specs are an InputError naming what was expected.

    ``execution``/``workers`` apply to the embedded backends (forked query workers with a
    hard timeout, or inline); ``timeout`` is the remote backend's HTTP timeout.
    """
    kind, sep, location = (spec or DEFAULT_SPEC).strip().partition(":")
    kind = kind.lower()
    if kind in ("memory", "oxigraph") and not sep:
        return OxigraphStore(execution=execution, workers=workers)
    if kind == "rdflib" and not sep:
        return RdflibStore(execution=execution, workers=workers)
    if kind == "oxigraph" and location:
        from docklaw.sparql.persistent import PersistentOxigraphStore

        return PersistentOxigraphStore(location, execution=execution, workers=workers)
    if kind == "sparql" and location:
        from docklaw.sparql.remote import DEFAULT_TIMEOUT, RemoteStore

        return RemoteStore(location, timeout=timeout or DEFAULT_TIMEOUT)
    raise InputError(f"unknown store {spec!r}: expected {SPEC_HELP}")


def load_graph(store: Store, graph: Graph, name: str = LAW_GRAPH_IRI, *,
               replace: bool = False) -> int:
    """Put ``graph`` into ``store`` as the named graph ``name``; returns the store's size.

    ``replace`` drops the named graph first (persistent and remote stores keep what an
    earlier load put there; loading twice without it only re-adds the same triples).
    """
    if replace:
        drop = getattr(store, "drop_graph", None)
        if drop is not None:
            drop(name)
    store.add_graph(name, graph)
    return store.triple_count()
