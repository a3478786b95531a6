"""An rdflib graph as Oxigraph triples, in one order with one naming of its blank nodes.

Why here, at the bottom: the knowledge graph's export (``kg.export``, Turtle and TriG) and the
SPARQL endpoint's JSON-LD (``sparql.formats``) both hand graphs to Oxigraph's writers, and
they are siblings that may not import each other. The triples are sorted and blank nodes
renamed b0, b1 ... in first-seen order, so the same graph is written the same way.
"""

from __future__ import annotations

from typing import Any

from rdflib import BNode, Graph, Literal
from rdflib.namespace import XSD


def oxigraph_triples(graph: Graph) -> list[Any]:
    """``graph``'s triples as ``pyoxigraph.Triple``s, sorted, blank nodes renamed."""
    import pyoxigraph as ox

    names: dict[BNode, ox.BlankNode] = {}

    def term(t: object) -> object:
        if isinstance(t, BNode):
            if t not in names:
                names[t] = ox.BlankNode(f"b{len(names)}")
            return names[t]
        if isinstance(t, Literal):
            if t.language:
                return ox.Literal(str(t), language=t.language)
            return ox.Literal(str(t), datatype=ox.NamedNode(str(t.datatype or XSD.string)))
        return ox.NamedNode(str(t))

    return [ox.Triple(term(s), term(p), term(o))  # type: ignore[arg-type]
            for s, p, o in sorted(graph, key=lambda t: tuple(x.n3() for x in t))]
