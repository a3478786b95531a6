"""Defaults for the web app; every limit is configurable through ``app.config``."""

from __future__ import annotations

from typing import Any

from docklaw.namespaces import LAW_GRAPH_IRI  # moved there; still importable from here

__all__ = ["DEFAULTS", "LAW_GRAPH_IRI"]

DEFAULTS: dict[str, Any] = {
    # SPARQL store
    # a store spec (docklaw.sparql.backends.open_store): memory (= oxigraph) | rdflib load the
    # knowledge graph at start; oxigraph:PATH | sparql:URL must already hold it (docklaw load).
    # The environment variable DOCKLAW_STORE overrides this default.
    "SPARQL_BACKEND": "memory",
    "SPARQL_EXECUTION": "process",  # process (hard timeout, killable) | inline (soft timeout)
    "SPARQL_WORKERS": 2,
    "SPARQL_TIMEOUT": 10.0,  # seconds; an overrun query is killed and answered 503
    "SPARQL_WORKER_MEMORY": 2 * 1024**3,  # bytes a query worker may allocate beyond its start
    # private memory (bytes) past which a query worker is replaced after its request
    "SPARQL_WORKER_RECYCLE": 256 * 1024**2,
    "SPARQL_MAX_ROWS": 10_000,  # rows (or triples) returned; more sets X-Docklaw-Truncated
    # name -> rdflib Graph | path | callable returning a Graph; None: the knowledge graph
    "SPARQL_GRAPHS": None,
    # callable returning the knowledge graph for the law pages (and the default SPARQL graph)
    "KG_LOADER": None,
    # /validate
    "VALIDATE_MAX_BYTES": 2 * 1024 * 1024,
    "VALIDATE_MAX_TRIPLES": 20_000,
    # seconds one validation (parse included) may run, in a killable child; past it: 503
    "VALIDATE_TIMEOUT": 20.0,
    # where a budgeted validation runs: pool (warm worker processes, docklaw.validate.pool) |
    # fork (a child forked per request, as before issue 27)
    "VALIDATE_EXECUTION": "pool",
    "VALIDATE_WORKERS": 2,  # validation worker processes per server process
    "VALIDATE_WORKER_MEMORY": 1024**3,  # bytes one validation may allocate beyond the worker
    "VALIDATE_WORKER_JOBS": 1000,  # validations a worker runs before it is replaced
    # private memory (bytes) past which a validation worker is replaced after its request
    "VALIDATE_WORKER_RECYCLE": 256 * 1024**2,
    "VALIDATE_QUEUE": 16,  # requests that may wait for a busy pool; one more: 503 at once
    # whole request bodies (form uploads included); Flask answers 413 beyond it
    "MAX_CONTENT_LENGTH": 8 * 1024 * 1024,
    # the URL this service is published at (sd:endpoint, VoID, base IRI of queries); None:
    # the request's Host if it is a plain host[:port]. ``docklaw serve`` sets the address
    # it binds (or --public-url), so a forged Host header changes nothing it publishes.
    "PUBLIC_BASE_URL": None,
    "PAGE_MAX_ROWS": 1000,  # rows rendered in the HTML table (downloads get SPARQL_MAX_ROWS)
}
