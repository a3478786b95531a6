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
