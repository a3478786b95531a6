"""Serialise the knowledge graph (``docklaw export``) so it re-parses to the same graph."""

from __future__ import annotations

from pathlib import Path

from rdflib import Dataset, Graph

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
