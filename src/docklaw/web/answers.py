"""Answers ``docklaw load`` kept in the store, served by the query page and the endpoint.

Why one place: the page, its download links (``/sparql?query=...&format=csv``) and any
SPARQL client sending a saved query's exact text must get the same rows, fast on a store of
many codes (``docklaw.queries.answers``)."""

from __future__ import annotations

import time

from docklaw.sparql.results import QueryResult
from docklaw.sparql.store import Store


def stored_answer(store: Store, text: str, max_rows: int) -> QueryResult | None:
    """A saved query's default answer kept by ``docklaw load`` (``docklaw.queries.answers``),
    capped like an evaluated one; None when the store keeps none for exactly this text."""
    from docklaw.queries.answers import lookup

    started = time.monotonic()
    found = lookup(store, text)
    if found is None:
        return None
    variables, rows = found
    result = QueryResult("SELECT", variables=variables, rows=rows[:max_rows],
                         truncated=len(rows) > max_rows, max_rows=max_rows)
    result.elapsed = time.monotonic() - started
    return result
