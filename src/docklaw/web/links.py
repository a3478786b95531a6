"""Map docklaw IRIs to this server's pages, so results and law pages link locally."""

from __future__ import annotations

from flask import url_for
from rdflib import URIRef
from rdflib.term import Node

from docklaw.namespaces import BASE

#: IRI path prefixes served as pages here (``/code/...``, ``/rule/...`` ...).
SERVED = ("code/", "rule/", "shape/", "jurisdiction/")


def local_path(iri: str) -> str | None:
    """The local page for a docklaw IRI, or None when it is not one of ours."""
    if not iri.startswith(BASE):
        return None
    rest = iri[len(BASE):]
    if rest.startswith(SERVED):
        kind, _, tail = rest.partition("/")
        if tail:
            return url_for("law.page", kind=kind, rest=tail)
    return url_for("law.resource", iri=iri)


#: Schemes rendered as live links; any other IRI (``javascript:``, ``data:``, ``file:`` ...)
#: that a query result or an uploaded graph carries is shown as text only.
LINK_SCHEMES = ("http://", "https://")


def href(term: Node | str) -> str | None:
    """Where a link on ``term`` should go: a local page for ours, the IRI itself for other
    http(s) IRIs, None (no link) for every other scheme."""
    iri = str(term)
    local = local_path(iri)
    if local is not None:
        return local
    return iri if iri.lower().startswith(LINK_SCHEMES) else None


def is_iri(term: Node | None) -> bool:
    return isinstance(term, URIRef)
