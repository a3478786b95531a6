"""SPARQL query safety and execution, shared by the web front-end and the CLI.

``safety`` decides whether a query may run (read-only, no SERVICE, no graphs outside the
loaded ones) before any evaluation; ``store`` runs it on a backend behind one small
interface; ``runner`` enforces the timeout by running it in a worker process that can be
killed; ``formats`` serialises results for content negotiation. The names below are
imported on first use, so a light submodule (``specs``) costs no SPARQL engine.
"""

from __future__ import annotations

from typing import Any

__all__ = ["OxigraphStore", "QueryResult", "RdflibStore", "Store", "make_store"]


def __getattr__(name: str) -> Any:
    if name == "QueryResult":
        from docklaw.sparql.results import QueryResult

        return QueryResult
    if name in {"OxigraphStore", "RdflibStore", "Store", "make_store"}:
        from docklaw.sparql import store

        return getattr(store, name)
    raise AttributeError(f"module 'docklaw.sparql' has no attribute {name!r}")
