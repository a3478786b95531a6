"""Serialise the knowledge graph (``docklaw export``) so it re-parses to the same graph."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

from rdflib import BNode, Dataset, Graph
from rdflib.compare import isomorphic

from docklaw.errors import InputError
from docklaw.kg.formats import FORMATS
from docklaw.oxterms import oxigraph_triples


def serialize(graph: Graph, fmt: str) -> bytes:
    """The graph in ``fmt``; TriG puts it in the default graph of a dataset."""
    if fmt not in FORMATS:
        raise InputError(f"unknown export format {fmt!r}; choose one of {', '.join(FORMATS)}")
    name = FORMATS[fmt][0]
    if fmt in ("turtle", "trig"):
        return oxigraph_text(graph, fmt)
    return graph.serialize(format=name, encoding="utf-8")


def oxigraph_text(graph: Graph, fmt: str) -> bytes:
    """Turtle or TriG (the default graph) written by Oxigraph, with the graph's prefixes.

    Why not rdflib's writer: it writes an RDF list whose item is a blank node named elsewhere
    (South Bristol's ``dl:GreaterOf ( _:zero_ft2 [...] )``) in a way that re-parses with an extra
    list cell, depending on the blank nodes' order (the round-trip test failed on one run in
    several): data the export must not change."""
    import pyoxigraph as ox

    triples = oxigraph_triples(graph)
    prefixes = {p: str(ns) for p, ns in graph.namespaces() if p}
    if fmt == "trig":
        quads = [ox.Quad(t.subject, t.predicate, t.object, ox.DefaultGraph()) for t in triples]
        return ox.serialize(quads, format=ox.RdfFormat.TRIG, prefixes=prefixes)
    return ox.serialize(triples, format=ox.RdfFormat.TURTLE, prefixes=prefixes)


def parse_export(data: bytes, fmt: str) -> Graph:
    """Read an export back (used by the round-trip test)."""
    name = FORMATS[fmt][0]
    if fmt == "trig":
        ds = Dataset()
        ds.parse(data=data, format="trig")
        g = Graph()
        for s, p, o, _c in ds.quads((None, None, None, None)):
            g.add((s, p, o))
        return g
    return Graph().parse(data=data, format=name)


def write_export(graph: Graph, fmt: str, out: Path | None) -> bytes:
    data = serialize(graph, fmt)
    if out is not None:
        try:
            out.write_bytes(data)
        except OSError as exc:
            raise InputError(f"cannot write {out}: {exc.strerror}") from exc
    return data


def _bnode_signatures(g: Graph) -> dict[BNode, str] | None:
    """A canonical label per blank node: a hash of its outgoing tree, refined by where it is
    referenced from. None when blank nodes form a cycle (then the caller falls back)."""
    out_sig: dict[BNode, str] = {}
    visiting: set[BNode] = set()

    def sig(b: BNode) -> str:
        if b in out_sig:
            return out_sig[b]
        if b in visiting:
            raise ValueError("cycle")
        visiting.add(b)
        parts = sorted(f"{p.n3()} {sig(o) if isinstance(o, BNode) else o.n3()}"
                       for p, o in g.predicate_objects(b))
        visiting.discard(b)
        out_sig[b] = hashlib.sha256("\n".join(parts).encode()).hexdigest()
        return out_sig[b]

    nodes = {x for t in g for x in (t[0], t[2]) if isinstance(x, BNode)}
    try:
        for node in nodes:
            sig(node)
    except (ValueError, RecursionError):
        return None
    full: dict[BNode, str] = {}
    for node in nodes:
        incoming = sorted(
            f"{out_sig[s] if isinstance(s, BNode) else s.n3()} {p.n3()}"
            for s, p in g.subject_predicates(node)
        )
        full[node] = "_:" + hashlib.sha256(
            (out_sig[node] + "\n" + "\n".join(incoming)).encode()).hexdigest()
    return full


def same_graph(a: Graph, b: Graph) -> bool:
    """Graph isomorphism via canonical blank-node labels (acyclic blank nodes: QuantityValues,
    lists, shapes), in well under a second for the law graph; rdflib's general algorithm
    takes minutes here and is only used when blank nodes form a cycle."""
    if len(a) != len(b):
        return False
    sa, sb = _bnode_signatures(a), _bnode_signatures(b)
    if sa is None or sb is None:
        return isomorphic(a, b)

    def canon(g: Graph, sigs: dict[BNode, str]) -> Counter[tuple[str, str, str]]:
        def n(x: object) -> str:
            return sigs[x] if isinstance(x, BNode) else x.n3()  # type: ignore[union-attr]
        return Counter((n(s), p.n3(), n(o)) for s, p, o in g)

    return canon(a, sa) == canon(b, sb)
