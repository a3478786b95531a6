"""Saved queries for the query page, from ``docklaw.queries.catalogue`` (the shared reader).

Parameters (given, else their declared defaults) are bound by a SPARQL VALUES block in the
text, so the editor shows exactly what runs and the permalink reproduces it.
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
    """The saved text with a VALUES block for its parameters (the values given, else the
    declared defaults), first in its WHERE group (so the query's filters see them): exactly
    the text ``docklaw query NAME`` runs, so the page and the CLI give the same answer (and
    read the same answer ``docklaw load`` kept, ``docklaw.queries.answers``)."""
    from docklaw.queries.run import bind_values, bindings_for

    values = {k: v for k, v in given.items() if v}
    return bind_values(query.text, bindings_for(query, values))
