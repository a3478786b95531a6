"""Public entry points: validate a graph or the bytes of an uploaded application.

Why this thin layer: the CLI, the web service and the tests call the same two functions, so
parsing limits, jurisdiction handling and citation behave identically everywhere.
"""

from __future__ import annotations

from rdflib import Graph

from docklaw.errors import InputError
from docklaw.validate.accounting import account
from docklaw.validate.applicability import is_exempt
from docklaw.validate.check import check
from docklaw.validate.cite import cite
from docklaw.validate.derive import derive, jurisdiction_of
from docklaw.validate.parse import DEFAULT_MAX_BYTES, DEFAULT_MAX_TRIPLES, parse
from docklaw.validate.prepare import Prepared, get_prepared
from docklaw.validate.report import Report
from docklaw.validate.vocabulary import unread_warnings


def validate_graph(
    graph: Graph, name: str = "<graph>", *, prepared: Prepared | None = None
) -> Report:
    """Validate one application graph (it is not modified)."""
    prepared = prepared or get_prepared()
    derived = derive(graph, prepared, name)
    jid = jurisdiction_of(derived)
    results_graph = check(derived, prepared, jid)
    results, needed = cite(results_graph, derived, prepared, jid)
    if not is_exempt(derived):
        results.extend(unread_warnings(graph, derived, prepared, jid))
    accounting = account(derived, prepared, jid, results, needed)
    needed.sort(key=lambda n: (n.section or "", n.focus_node, n.message))
    return Report(jurisdiction=jid, results=results, information_needed=needed, name=name,
                  accounting=accounting)


def validate_bytes(
    data: bytes, fmt: str | None = None, name: str = "<input>", *,
    content_type: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES,
    max_triples: int | None = DEFAULT_MAX_TRIPLES, prepared: Prepared | None = None,
) -> Report:
    """Parse (safely) and validate one uploaded application.

    Every InputError names the input (``name``), also those found after parsing (units,
    geometry ...), so a run over several files says which one is bad."""
    graph = parse(data, fmt, name, content_type=content_type, max_bytes=max_bytes,
                  max_triples=max_triples)
    try:
        return validate_graph(graph, name=name, prepared=prepared)
    except InputError as exc:
        if exc.source is None:
            exc.source = name
            exc.args = (exc.describe(),)
        raise
