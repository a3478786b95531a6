"""Split a law graph of many codes into one named graph per code plus the shared graph.

Why: a store holding hundreds of municipalities' codes is loaded, replaced and asked about
one code at a time. Each code's triples (everything that mentions an IRI the code owns —
its jurisdiction, code and sections, rules, shapes, concepts, authorities, local laws — and
the blank nodes hanging off them) go to ``<LAW_GRAPH_IRI>/code/<jid>``; what no code owns
(the ontology, terms, units) stays in ``LAW_GRAPH_IRI`` itself. The union of the graphs is the
input graph, so every saved query (which reads the union default graph) answers the same.

Works on N-Triples lines, streaming, so it serves the 1,000-code synthetic graph too
(``bench/synth.py`` names copies ``<jid>-s<k>``, which are codes of their own here).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from docklaw.sparql.specs import LAW_GRAPH_IRI

OWNED = re.compile(
    r"<https://w3id\.org/docklaw/(?:jurisdiction|code|rule|shape|concept|authority|locallaw)/"
    r"([a-z0-9][a-z0-9-]*)(?=[/#>])")
BNODE = re.compile(r"(?:^|\s)(_:[A-Za-z0-9_\-.]*[A-Za-z0-9_\-])(?=\s)")


def code_graph(jid: str) -> str:
    """The named graph of one code."""
    return f"{LAW_GRAPH_IRI}/code/{jid}"


def _owner(line: str) -> str | None:
    """The code a triple belongs to: the jurisdiction id of an owned IRI in subject or
    object position (the first one; a triple linking two codes goes to the subject's)."""
    found = OWNED.search(line)
    return found.group(1) if found else None


def _bnodes(line: str) -> list[str]:
    """Blank-node labels of a triple (outside its literal)."""
    quote = line.find('"')
    head = line if quote < 0 else line[:quote] + " " + line[line.rfind('"') + 1:]
    return BNODE.findall(head)


def partition(lines: Iterable[str]) -> dict[str, list[str]]:
    """N-Triples lines -> {graph IRI: lines}. A blank node goes with the code of the first
    owned triple that mentions it, and every triple that mentions it follows it there (an
    island of blank nodes is never split across graphs: loads would duplicate it)."""
    triples = [line for line in lines if line.strip() and not line.startswith("#")]
    parent: dict[str, str] = {}

    def find(node: str) -> str:
        while parent.setdefault(node, node) != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for line in triples:  # connect blank nodes that share a triple
        labels = _bnodes(line)
        for other in labels[1:]:
            parent[find(other)] = find(labels[0])
    island_owner: dict[str, str] = {}
    for line in triples:
        owner = _owner(line)
        if owner:
            for label in _bnodes(line):
                island_owner.setdefault(find(label), owner)
    out: dict[str, list[str]] = {}
    for line in triples:
        labels = _bnodes(line)
        owner = island_owner.get(find(labels[0])) if labels else None
        owner = owner or _owner(line)
        out.setdefault(code_graph(owner) if owner else LAW_GRAPH_IRI, []).append(line)
    return out


def partition_bytes(data: bytes) -> Iterator[tuple[str, bytes]]:
    """(graph IRI, N-Triples bytes) per graph, the shared graph first."""
    parts = partition(data.decode("utf-8").splitlines())
    for name in sorted(parts, key=lambda n: (n != LAW_GRAPH_IRI, n)):
        yield name, ("\n".join(parts[name]) + "\n").encode("utf-8")
