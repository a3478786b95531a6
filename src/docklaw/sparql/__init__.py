"""SPARQL query safety and execution, shared by the web front-end and the CLI.

``safety`` decides whether a query may run (read-only, no SERVICE, no graphs outside the
loaded ones) before any evaluation; ``store`` runs it on a backend behind one small
interface; ``runner`` enforces the timeout by running it in a worker process that can be
killed; ``formats`` serialises results for content negotiation.
"""

from docklaw.sparql.results import QueryResult
from docklaw.sparql.store import OxigraphStore, RdflibStore, Store, make_store

__all__ = ["OxigraphStore", "QueryResult", "RdflibStore", "Store", "make_store"]
