"""The values the validator's stages hand one another, defined once.

The parsed graph (an rdflib ``Graph``, from ``intake.parse``) -> the admitted ``Application``
(``intake.admit``: a checked copy of it, its application node and code) -> the derived
application (``derivation``: the same ``PreparedQueryGraph``, filled) -> raw results (the
pyshacl results graph, from ``checking``) -> cited findings (``findings.cite.Result``,
``InfoNeeded`` and the other findings) -> the ``Report`` (``output.report``). Nodes travel in
reports by name (``node_name``, read back by ``node_of``), properties and units by CURIE
(``iri_of``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rdflib import BNode, URIRef
from rdflib.plugins.sparql import prepareQuery
from rdflib.term import Node

from docklaw.kg.flatstore import FlatGraph
from docklaw.namespaces import DL, QUDT, UNIT
from docklaw.sparql.safety import PARSE_LOCK

_QUERY_CACHE: dict[tuple[object, ...], object] = {}


def node_name(node: object) -> str:
    """A node as reports name it: an IRI, or ``_:label`` for a blank node."""
    return f"_:{node}" if isinstance(node, BNode) else str(node)


def node_of(name: str) -> URIRef | BNode:
    """The node a report names (``node_name``'s inverse)."""
    return BNode(name[2:]) if name.startswith("_:") else URIRef(name)


def iri_of(curie_text: str) -> URIRef:
    """The IRI of a property or unit as reports write it (``dl:width``, ``unit:FT``; an
    inverse path's ``^`` dropped)."""
    for prefix, ns in (("dl:", DL), ("qudt:", QUDT), ("unit:", UNIT)):
        if curie_text.startswith(prefix):
            return URIRef(str(ns) + curie_text[len(prefix):])
    return URIRef(curie_text.lstrip("^"))


class PreparedQueryGraph(FlatGraph):
    """A plain in-memory rdflib Graph whose SPARQL strings are parsed once per process.

    Why: pyshacl passes the text of SHACL-SPARQL constraints to ``Graph.query`` on every run;
    parsing costs ~40 ms a query with rdflib, evaluating a few ms. It also carries the
    geometry stage's record (``geometry_record``) for the plan.
    """

    geometry_record: object | None = None

    def query(self, query_object, processor="sparql", result="sparql", initNs=None,
              initBindings=None, use_store_provided=True, **kwargs):
        if isinstance(query_object, str) and processor == "sparql":
            key = (query_object, tuple(sorted((initNs or {}).items())))
            prepared = _QUERY_CACHE.get(key)
            if prepared is None:
                if len(_QUERY_CACHE) > 2048:
                    _QUERY_CACHE.clear()
                with PARSE_LOCK:  # rdflib's SPARQL parser is not thread-safe (pyparsing 3.3)
                    prepared = prepareQuery(query_object, initNs=initNs or {})
                _QUERY_CACHE[key] = prepared
            query_object, initNs = prepared, None
        return super().query(query_object, processor, result, initNs, initBindings,
                             use_store_provided, **kwargs)


@dataclass
class Application:
    """The application as intake admits it: a copy of the parsed graph, checked (one
    application, a known code, known terms and classes, finite numbers), which derivation
    fills in place; its ``dl:PermitApplication`` node and its code's id."""

    graph: PreparedQueryGraph
    node: Node
    jurisdiction: str
