"""Focus nodes of every shape of one jurisdiction, evaluated once per application.

Why not let pyshacl evaluate the SPARQL targets: rdflib parses each target query again on
every run and evaluates unions and property paths slowly (about 5 ms per shape even when
prepared; 1.4 s per application for ~45 shapes). The same queries run in an in-memory
Oxigraph mirror of the (plain rdflib) application graph take well under a millisecond each.
The focus nodes are then typed with each shape's marker class (``compile.focus_marker``),
which the runtime shapes target with core ``sh:targetClass``.
"""

from __future__ import annotations

import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF
from rdflib.term import Node

from docklaw.validate.compile import CompiledShapes, focus_marker


class Mirror:
    """An Oxigraph store holding a copy of an rdflib graph, with term maps both ways."""

    def __init__(self, graph: Graph) -> None:
        self.to_ox: dict[Node, object] = {}
        self.from_ox: dict[object, Node] = {}
        self.store = ox.Store()
        self.store.bulk_extend([ox.Quad(self.term(s), self.term(p), self.term(o))  # type: ignore[arg-type]
                                for s, p, o in graph])

    def term(self, node: Node) -> object:
        if isinstance(node, URIRef):
            return ox.NamedNode(str(node))
        if isinstance(node, BNode):
            mapped = self.to_ox.get(node)
            if mapped is None:
                mapped = self.to_ox[node] = ox.BlankNode()
                self.from_ox[mapped] = node
            return mapped
        if isinstance(node, Literal):
            if node.language:
                return ox.Literal(str(node), language=node.language)
            if node.datatype:
                return ox.Literal(str(node), datatype=ox.NamedNode(str(node.datatype)))
            return ox.Literal(str(node))
        raise TypeError(f"unexpected RDF term {node!r}")

    def back(self, term: object) -> Node | None:
        if isinstance(term, ox.NamedNode):
            return URIRef(term.value)
        if isinstance(term, ox.BlankNode):
            return self.from_ox.get(term)
        return None  # a literal cannot be a focus node of these shapes

    def select(self, query: str) -> list[Node]:
        nodes: set[Node] = set()
        for solution in self.store.query(query):  # type: ignore[union-attr]
            value = solution["this"]
            node = self.back(value) if value is not None else None
            if node is not None:
                nodes.add(node)
        return sorted(nodes, key=str)


def focus_nodes(graph: Graph, compiled: CompiledShapes) -> dict[object, list[Node]]:
    """shape -> its focus nodes in this application graph."""
    mirror = Mirror(graph)
    return {shape: mirror.select(query) for shape, query in compiled.targets.items()}


def mark_focus_nodes(graph: Graph, focus: dict[object, list[Node]]) -> None:
    """Type each focus node with its shape's marker class (the runtime shapes' sh:targetClass)."""
    for shape, nodes in focus.items():
        marker = focus_marker(shape)
        for node in nodes:
            graph.add((node, RDF.type, marker))
