"""Open a SPARQL store from one short spec string (CLI ``--store``, server config, tests).

Why a spec string: the same choice must be made on the command line, in a config file and
in an environment variable, so it is one word or ``kind:location``:

    memory            embedded Oxigraph in memory (default)
    rdflib            plain rdflib in memory
    oxigraph:PATH     embedded Oxigraph persisted in the directory PATH
    sparql:URL        a remote SPARQL 1.1 store (Oxigraph server: http://host:port)

Every backend is a ``docklaw.sparql.store.Store``: the same safety check, the same dataset
semantics (graphs are named; the default graph is their union) and the same results.

``knowledge_store(spec)`` is what ``docklaw query``, ``docklaw compare`` and ``docklaw serve``
use: the in-memory backends are filled with the knowledge graph the caller passes (the same
graph ``docklaw load`` puts into a store: ``closure_graph()``), while ``oxigraph:PATH`` and
``sparql:URL`` must already hold it; an empty one is an error naming the store and the
command that fills it. The spec defaults to the ``DOCKLAW_STORE`` environment variable.
"""

from __future__ import annotations

from collections.abc import Callable

from rdflib import Graph

from docklaw.errors import DocklawError, InputError
from docklaw.namespaces import LAW_GRAPH_IRI
from docklaw.sparql.specs import DEFAULT_SPEC, ENV_VAR, SPEC_HELP, default_spec, in_memory
from docklaw.sparql.store import OxigraphStore, RdflibStore, Store

#: the knowledge graph is present iff this asks true (any triple in the law graph)
HAS_LAW = f"ASK {{ GRAPH <{LAW_GRAPH_IRI}> {{ ?s ?p ?o }} }}"
__all__ = ["DEFAULT_SPEC", "ENV_VAR", "LAW_GRAPH_IRI", "SPEC_HELP", "default_spec",
           "in_memory", "knowledge_store", "load_graph", "open_store"]


def open_store(spec: str = DEFAULT_SPEC, *, execution: str = "process", workers: int = 2,
               timeout: float | None = None, read_only: bool = False) -> Store:
    """The store named by ``spec``; bad specs are an InputError naming what was expected.

    ``execution``/``workers`` apply to the embedded backends (forked query workers with a
    hard timeout, or inline); ``timeout`` is the remote backend's HTTP timeout.
    ``read_only`` opens ``oxigraph:PATH`` without its write lock (several readers, e.g.
    web instances, may share one directory) and never creates it.
    """
    kind, sep, location = (spec or DEFAULT_SPEC).strip().partition(":")
    kind = kind.lower()
    if kind in ("memory", "oxigraph") and not sep:
        return OxigraphStore(execution=execution, workers=workers)
    if kind == "rdflib" and not sep:
        return RdflibStore(execution=execution, workers=workers)
    if kind == "oxigraph" and location:
        from docklaw.sparql.persistent import PersistentOxigraphStore

        return PersistentOxigraphStore(location, execution=execution, workers=workers,
                                       read_only=read_only)
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


def load_per_code(store: Store, data: bytes, *, replace: bool = False) -> dict[str, int]:
    """Load a law graph of many codes (N-Triples) as one named graph per code plus the shared
    graph ``LAW_GRAPH_IRI`` (``docklaw.sparql.partition``), one batch per graph; returns the
    triples sent per graph. The default graph of every backend is the union of its named
    graphs, so the saved queries answer as on one graph; a question bound to one code reads
    that code's graph. ``replace`` drops each graph first."""
    from docklaw.sparql.partition import partition_bytes

    sent: dict[str, int] = {}
    for name, chunk in partition_bytes(data):
        if replace and getattr(store, "drop_graph", None) is not None:
            store.drop_graph(name)  # type: ignore[attr-defined]
        loader = getattr(store, "load_ntriples", None)
        if loader is not None:
            loader(name, chunk)
        else:
            store.add_graph(name, Graph().parse(data=chunk, format="nt"))
        sent[name] = chunk.count(b"\n")
    return sent


def knowledge_store(spec: str | None = None, *, execution: str = "inline", workers: int = 2,
                    timeout: float | None = None,
                    graph: Graph | Callable[[], Graph] | None = None,
                    ntriples: Callable[[], bytes] | None = None) -> Store:
    """A store that holds the knowledge graph, ready to query.

    In-memory specs are filled by the caller's loader (this layer never builds the graph, so
    sparql does not import kg): ``ntriples`` (a function giving the law as N-Triples,
    ``docklaw.kg.build.closure_ntriples``: bulk-loaded into Oxigraph with no rdflib copy) or
    ``graph`` (a graph, or a function that builds one, ``docklaw.kg.build.closure_graph``),
    called only for them, so every backend answers the same as what ``docklaw load`` loads;
    ``oxigraph:PATH`` (opened read-only) and ``sparql:URL`` must already hold it: if not, an
    InputError (exit 2, HTTP 400) names the store and the command that fills it.
    """
    spec = spec or default_spec()
    if in_memory(spec):
        store = open_store(spec, execution=execution, workers=workers, timeout=timeout)
        if ntriples is not None and (graph is None or isinstance(store, OxigraphStore)):
            if isinstance(store, OxigraphStore):
                store.load_ntriples(LAW_GRAPH_IRI, ntriples())  # no rdflib copy
            else:
                load_graph(store, Graph().parse(data=ntriples(), format="nt"))
            return store
        if graph is None:
            store.close()
            raise ValueError("an in-memory store needs the law: pass ntriples= or graph=")
        load_graph(store, graph() if callable(graph) else graph)
        return store
    store = open_store(spec, execution=execution, workers=workers, timeout=timeout,
                       read_only=True)
    try:
        holds_law = ask_inline(store, HAS_LAW)
    except DocklawError:
        store.close()
        raise
    except Exception as exc:  # a damaged directory can open and fail on the first read
        store.close()
        raise InputError(f"store {spec} cannot be read ({type(exc).__name__}: "
                         f"{str(exc)[:200]}); rebuild it with "
                         f"`docklaw load --store {spec} --replace`") from None
    if not holds_law:
        store.close()
        raise InputError(f"store {spec} does not hold the knowledge graph (named graph "
                         f"<{LAW_GRAPH_IRI}> is missing or empty): fill it first with "
                         f"`docklaw load --store {spec}`")
    return store


def ask_inline(store: Store, text: str) -> bool:
    """An ASK in this process, outside the store's runner: no query worker is forked yet
    (a server forks its workers later, after gunicorn forks)."""
    return bool(store.execute(store.check(text), None, deadline=None).boolean)
