"""Search from SPARQL: ``dlf:textScore`` and ``dlf:textSnippet`` as custom functions.

Why functions and not a SERVICE: the endpoint refuses SERVICE (it never fetches anything),
and a function combines with any graph pattern::

    PREFIX dl:  <https://w3id.org/docklaw/ontology#>
    PREFIX dlf: <https://w3id.org/docklaw/function#>
    SELECT ?section ?score WHERE {
      ?section a dl:Subsection ; dl:jurisdiction ?j .
      BIND(dlf:textScore(?section, "boat lift") AS ?score)
      FILTER(BOUND(?score))
    } ORDER BY DESC(?score)

``dlf:textScore(?node, "words" [, "kind"])`` is the bm25 relevance (higher is better) of the
node's best matching document for the search text (the same syntax as ``docklaw search``), or
unbound when the node does not match; ``dlf:textSnippet`` returns its highlighted snippet
(matches between ``**``). The optional kind is section, definition, rule or note. Both search
the full-text index of the bundled law. Results of one search text are computed once per
process and looked up per node, so a pattern may call them for every node it binds.

The store does not know this package: whoever opens a store registers the functions on it
(``install(store)``: the web app, ``docklaw query`` and ``docklaw load``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from rdflib import Literal, URIRef
from rdflib.namespace import XSD, Namespace

from docklaw.errors import DocklawError
from docklaw.namespaces import BASE
from docklaw.sparql.store import Functions, Store

DLF = Namespace(BASE + "function#")
CACHE_SIZE = 64
_cache: OrderedDict[tuple[str, str], dict[str, tuple[float, str]]] = OrderedDict()


def lookup(node: str, text: str, kind: str = "") -> tuple[float, str] | None:
    from docklaw.search.query import matches

    key = (text, kind)
    found = _cache.get(key)
    if found is None:
        try:
            found = matches(text, [kind] if kind else None)
        except DocklawError:
            found = {}  # a bad search text is a SPARQL error: unbound, like any bad argument
        _cache[key] = found
        if len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return found.get(node)


def _args(node: Any, text: Any, kind: Any = None) -> tuple[str, str, str] | None:
    """Plain strings from Oxigraph or rdflib terms; None when the arguments are not usable."""
    if node is None or text is None:
        return None
    node_value = getattr(node, "value", None) if not isinstance(node, URIRef) else str(node)
    text_value = getattr(text, "value", None) if not isinstance(text, Literal) else str(text)
    kind_value = "" if kind is None else (str(kind) if isinstance(kind, Literal)
                                         else getattr(kind, "value", ""))
    if not isinstance(node_value, str) or not isinstance(text_value, str):
        return None
    return node_value, text_value, kind_value


# --------------------------------------------------------------------------- Oxigraph


def oxigraph_functions() -> dict[Any, Callable[..., Any]]:
    """``custom_functions=`` for pyoxigraph's ``Store.query``."""
    import pyoxigraph as ox

    double = ox.NamedNode(str(XSD.double))

    def score(node: Any, text: Any, kind: Any = None) -> Any:
        args = _args(node, text, kind)
        found = lookup(*args) if args else None
        return ox.Literal(repr(found[0]), datatype=double) if found else None

    def snippet(node: Any, text: Any, kind: Any = None) -> Any:
        args = _args(node, text, kind)
        found = lookup(*args) if args else None
        return ox.Literal(found[1]) if found else None

    return {ox.NamedNode(str(DLF.textScore)): score,
            ox.NamedNode(str(DLF.textSnippet)): snippet}


# --------------------------------------------------------------------------- rdflib


def _rdflib_score(node: Any, text: Any, kind: Any = None) -> Literal:
    from rdflib.plugins.sparql.sparql import SPARQLError

    args = _args(node, text, kind)
    found = lookup(*args) if args else None
    if not found:
        raise SPARQLError("no match")
    return Literal(found[0], datatype=XSD.double)


def _rdflib_snippet(node: Any, text: Any, kind: Any = None) -> Literal:
    from rdflib.plugins.sparql.sparql import SPARQLError

    args = _args(node, text, kind)
    found = lookup(*args) if args else None
    if not found:
        raise SPARQLError("no match")
    return Literal(found[1])


def register_rdflib() -> None:
    """Register the functions on rdflib's SPARQL engine (idempotent)."""
    from rdflib.plugins.sparql.operators import register_custom_function

    register_custom_function(DLF.textScore, _rdflib_score, override=True)
    register_custom_function(DLF.textSnippet, _rdflib_snippet, override=True)


# --------------------------------------------------------------------------- registration

#: dlf:textScore and dlf:textSnippet, as each engine takes them (``docklaw.sparql.store``)
FUNCTIONS = Functions(oxigraph=oxigraph_functions, rdflib=register_rdflib)


def install(store: Store) -> Store:
    """Let every query on ``store`` call the search functions; returns the store."""
    store.add_functions(FUNCTIONS)
    return store
