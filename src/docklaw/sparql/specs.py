"""Store spec strings (``memory``, ``oxigraph:PATH``, ``sparql:URL`` ...) without any store.

Why a separate module: every subcommand's ``--help`` names the specs, and registering the
subcommands must not import a SPARQL engine (``docklaw --help`` stays at interpreter speed).
"""

from __future__ import annotations

import os

DEFAULT_SPEC = "memory"
ENV_VAR = "DOCKLAW_STORE"
SPEC_HELP = ("memory (embedded Oxigraph, default), rdflib, oxigraph:PATH (persistent Oxigraph "
             "directory) or sparql:URL (remote SPARQL 1.1 store, e.g. sparql:http://127.0.0.1:7878)")
#: the named graph that holds the law (also ``docklaw.namespaces.LAW_GRAPH_IRI``)
LAW_GRAPH_IRI = "https://w3id.org/docklaw/graph/law"
#: docklaw's own bookkeeping in a store: the saved queries' answers and VoID's counts kept at
#: load (``docklaw.queries.answers``). A named graph OUTSIDE the default graph every query
#: reads (the union of the other graphs), so no question over the law counts or sees it;
#: ``GRAPH <…/graph/answers>`` reads it.
ANSWERS_GRAPH = "https://w3id.org/docklaw/graph/answers"
BOOKKEEPING_GRAPHS = frozenset({ANSWERS_GRAPH})
#: the namespace of every predicate in the bookkeeping graphs (``queries.answers`` writes its
#: rows with these and nothing else): a query naming none of them in its patterns cannot
#: match a bookkeeping triple (``sparql.reads``)
BOOKKEEPING_PREDICATES = (ANSWERS_GRAPH + "#",)


def law_graphs(names: frozenset[str]) -> list[str] | None:
    """The graphs a query naming none reads when the store keeps bookkeeping (every named
    graph but docklaw's own, sorted); None when it keeps none (the plain union then)."""
    if not names & BOOKKEEPING_GRAPHS:
        return None
    return sorted(names - BOOKKEEPING_GRAPHS)


def default_spec() -> str:
    """``$DOCKLAW_STORE`` if set, else ``memory``."""
    return os.environ.get(ENV_VAR, "").strip() or DEFAULT_SPEC


def in_memory(spec: str) -> bool:
    """True for the backends that start empty and are filled by this process."""
    kind, sep, _ = (spec or DEFAULT_SPEC).strip().partition(":")
    return not sep and kind.lower() in ("memory", "oxigraph", "rdflib")


def embedded_oxigraph(spec: str) -> bool:
    """True for the in-memory Oxigraph backend (``memory``, ``oxigraph`` without a path)."""
    kind, sep, _ = (spec or DEFAULT_SPEC).strip().partition(":")
    return not sep and kind.lower() in ("memory", "oxigraph")
