"""Saved queries for the query page, from ``docklaw.queries.catalogue`` (the shared reader).

Parameters are bound by appending a SPARQL VALUES clause to the text, so the editor shows
exactly what runs and the permalink reproduces it.
"""

from __future__ import annotations

from collections.abc import Mapping

from docklaw.errors import InputError
from docklaw.queries.catalogue import SavedQuery, catalogue


def saved_queries() -> list[SavedQuery]:
    try:
        return list(catalogue().values())
    except InputError:
        raise
    except OSError:
        return []


def saved_query(name: str) -> SavedQuery:
    found = catalogue().get(name)
    if found is None:
        raise InputError(f"no saved query named {name!r}", http_status=404)
    return found


def bound_text(query: SavedQuery, given: Mapping[str, str]) -> str:
    """The saved text, plus a trailing VALUES clause for the parameters given."""
    from docklaw.queries.run import bindings_for

    values = {k: v for k, v in given.items() if v}
    if not values:
        return query.text
    bindings = bindings_for(query, values)
    names = " ".join(f"?{name}" for name in bindings)
    terms = " ".join(term.n3() for term in bindings.values())
    return f"{query.text.rstrip()}\nVALUES ({names}) {{ ({terms}) }}\n"
