"""Stable names for an application's blank nodes.

Why: a parser gives every blank node a fresh random label (``_:lift`` in the file included),
and reports name structures by node (``node_name``) and sort by those names. A structure, a
parcel or a boat written as a blank node (JSON-LD producers write them routinely) would then
be named differently on every run, and two of them listed in a different order. Here each
blank node is named from what the graph says about it, its class first (``_:BoatLift-3f…``):
the same graph gives the same names on every run and machine, whatever order its triples
came in. Blank nodes the graph cannot tell apart (two identical quantities on one node) are
numbered in the order the parser met them, which is fixed for the same input.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict

from rdflib import BNode, Graph
from rdflib.term import Node

from docklaw.kg.flatstore import FlatGraph
from docklaw.namespaces import DL, RDF

#: hex digits of a node's fingerprint kept in its name (more only if two names would clash)
SHORT = 10
#: rounds of colour refinement: a node is told apart by what lies this many links around it
#: (an application nests a few deep); a deeper chain is numbered in order, in linear time
ROUNDS = 8


def _digest(*parts: str) -> str:
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _fingerprints(triples: list[tuple[Node, Node, Node]], nodes: list[BNode]) -> dict[BNode, str]:
    """One distinct fingerprint per blank node: colour refinement (each node's colour hashed
    with its neighbours' colours, at most ``ROUNDS`` times, until the partition stops
    splitting: linear in the graph's size), then nodes still alike numbered in first-seen
    order."""
    # each neighbour: (predicate, the blank node, or None with its N3 text, written once here
    # rather than in every round: N3 of a literal is the costly part of a round)
    out: dict[BNode, list[tuple[str, Node | None, str]]] = defaultdict(list)
    into: dict[BNode, list[tuple[str, Node | None, str]]] = defaultdict(list)
    known = set(nodes)
    for s, p, o in triples:
        if s in known:
            out[s].append((p.n3(), o, "") if o in known  # type: ignore[arg-type]
                          else (p.n3(), None, o.n3()))  # type: ignore[union-attr]
        if o in known:
            into[o].append((p.n3(), s, "") if s in known  # type: ignore[arg-type]
                           else (p.n3(), None, s.n3()))  # type: ignore[union-attr]

    colour = {b: _digest(*sorted(f"> {p} {'_' if o is not None else text}"
                                 for p, o, text in out[b])) for b in nodes}
    classes = len(set(colour.values()))
    for _ in range(ROUNDS):
        if classes == len(nodes):
            break
        colour = {b: _digest(colour[b],
                             *sorted(f"> {p} {text if o is None else colour[o]}"  # type: ignore[index]
                                     for p, o, text in out[b]),
                             *sorted(f"< {p} {text if s is None else colour[s]}"  # type: ignore[index]
                                     for p, s, text in into[b]))
                  for b in nodes}
        now = len(set(colour.values()))
        if now == classes:
            break
        classes = now
    count: dict[str, int] = defaultdict(int)
    sizes = Counter(colour.values())
    for b in nodes:  # first-seen order: fixed for the same input
        if sizes[colour[b]] > 1:
            count[colour[b]] += 1
            colour[b] = _digest(colour[b], f"#{count[colour[b]]}")
    return colour


def _kind(graph: Graph, node: BNode) -> str:
    """The name of the node's ontology class (the first in order), or ``b`` (a quantity,
    a geometry, anything untyped or typed outside the ontology)."""
    names = sorted(str(c)[len(str(DL)):] for c in graph.objects(node, RDF.type)
                   if str(c).startswith(str(DL)))
    name = next((n for n in names if n.isidentifier()), "")
    return f"{name}-" if name else "b"


def stable_names(graph: Graph, triples: list[tuple[Node, Node, Node]] | None = None,
                 ) -> dict[BNode, BNode]:
    """The stable name of each blank node of ``graph`` (see the module docstring);
    ``triples``: the graph's triples, when the caller has listed them already."""
    triples = list(graph) if triples is None else triples
    nodes: dict[BNode, None] = {}
    for s, _p, o in triples:
        for term in (s, o):
            if isinstance(term, BNode):
                nodes.setdefault(term, None)
    if not nodes:
        return {}
    prints = _fingerprints(triples, list(nodes))
    width = SHORT
    while True:
        names = {b: BNode(f"{_kind(graph, b)}{prints[b][:width]}") for b in nodes}
        if len(set(names.values())) == len(names) or width >= 64:
            return names
        width *= 2


def stable_blank_nodes(graph: Graph) -> Graph:
    """``graph`` with its blank nodes renamed stably (itself if it has none); prefixes kept."""
    triples = list(graph)
    names = stable_names(graph, triples)
    if not names:
        return graph
    out = FlatGraph(bind_namespaces="none")
    out.store.copy_prefixes(graph)  # as they are (rdflib's bind checks each again)
    out.store.add_all((names.get(s, s), p, names.get(o, o)) for s, p, o in triples)
    return out
