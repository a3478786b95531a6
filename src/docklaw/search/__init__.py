"""Full-text search over the law: sections, definitions, rule messages and curation notes.

``documents`` turns the knowledge graph into searchable documents, ``index`` stores them in an
SQLite FTS5 table (porter stemming, bm25 ranking) cached beside the graph caches and keyed by
the digest of the inputs, ``query`` turns what a person types into a safe FTS5 expression and
returns ranked hits with highlighted snippets, and ``sparql`` exposes the same search to SPARQL
as custom functions (``dlf:textScore``, ``dlf:textSnippet``).
"""

from __future__ import annotations

from docklaw.search.query import KINDS, Hit, search

__all__ = ["KINDS", "Hit", "search"]
