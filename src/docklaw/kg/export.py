"""Serialise the knowledge graph (``docklaw export``) so it re-parses to the same graph."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

from rdflib import BNode, Dataset, Graph
from rdflib.compare import isomorphic

from docklaw.errors import InputError

#: CLI format name -> (rdflib serializer, file suffix)
FORMATS: dict[str, tuple[str, str]] = {
    "turtle": ("turtle", ".ttl"),
    "nt": ("nt", ".nt"),
    "jsonld": ("json-ld", ".jsonld"),
    "trig": ("trig", ".trig"),
}


def serialize(graph: Graph, fmt: str) -> bytes:
    """The graph in ``fmt``; TriG puts it in the default graph of a dataset."""
    if fmt not in FORMATS:
        raise InputError(f"unknown export format {fmt!r}; choose one of {', '.join(FORMATS)}")
    name = FORMATS[fmt][0]
    if fmt == "trig":
        ds = Dataset()
        for prefix, ns in graph.namespaces():
            ds.bind(prefix, ns, override=True)
        default = ds.default_context
        for triple in graph:
            default.add(triple)
        return ds.serialize(format="trig", encoding="utf-8")
    return graph.serialize(format=name, encoding="utf-8")


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
    """A canonical label per blank node from its outgoing tree; None unless every blank
    node is referenced at most once and none lies on a cycle (then labels are exact)."""
    incoming: Counter[BNode] = Counter(o for o in g.objects() if isinstance(o, BNode))
    if incoming and max(incoming.values()) > 1:
        return None
    sigs: dict[BNode, str] = {}
    visiting: set[BNode] = set()

    def sig(b: BNode) -> str:
        if b in sigs:
            return sigs[b]
        if b in visiting:
            raise ValueError("cycle")
        visiting.add(b)
        parts = sorted(f"{p.n3()} {sig(o) if isinstance(o, BNode) else o.n3()}"
                       for p, o in g.predicate_objects(b))
        visiting.discard(b)
        sigs[b] = "_:" + hashlib.sha256("\n".join(parts).encode()).hexdigest()
        return sigs[b]

    try:
        for node in {x for t in g for x in (t[0], t[2]) if isinstance(x, BNode)}:
            sig(node)
    except (ValueError, RecursionError):
        return None
    return sigs


def same_graph(a: Graph, b: Graph) -> bool:
    """Graph isomorphism, fast for tree-shaped blank nodes (QuantityValues, lists, shapes);
    falls back to rdflib's general (slow: minutes for the law graph) algorithm otherwise."""
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
