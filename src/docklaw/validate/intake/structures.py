"""Every proposed structure must be typed with a class the ontology knows.

Why: the shapes target structures by class (dl:FixedDock, nhc:Dock ...). A structure typed
``dl:Spaceport`` (a typo, or a class docklaw does not have) or not typed at all is targeted by
no shape, so the report would silently conform. That is bad input, named with close matches.
"""

from __future__ import annotations

import difflib

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.errors import InputError
from docklaw.law.prepare import Prepared
from docklaw.law.units import curie
from docklaw.namespaces import DL, RDF

#: Properties whose objects are proposed or existing structures of an application.
STRUCTURE_LINKS = (DL.proposes, DL.hasStructure, DL.hasPart)
DOCKLAW_IRIS = "https://w3id.org/docklaw/"
CONCEPTS = "https://w3id.org/docklaw/concept/"


def short(cls: URIRef) -> str:
    """dl:FixedDock; a jurisdiction concept as concept/<jid>/<Name>."""
    text = str(cls)
    if text.startswith(CONCEPTS):
        return "concept/" + text[len(CONCEPTS):]
    return curie(cls)


def close_classes(cls: object, known: frozenset[URIRef], n: int = 4) -> list[str]:
    """The known class names nearest to ``cls`` by spelling (difflib), best first."""
    names = sorted({short(k) for k in known if str(k).startswith(DOCKLAW_IRIS)},
                   key=lambda n: (not n.startswith("dl:"), n))  # dl: classes first
    local = {name: name.rsplit(":", 1)[-1].rsplit("/", 1)[-1] for name in names}
    wanted = str(cls).rsplit("#", 1)[-1].rsplit("/", 1)[-1]
    by_local: dict[str, list[str]] = {}
    for name, tail in local.items():
        by_local.setdefault(tail.lower(), []).append(name)
    matches = difflib.get_close_matches(wanted.lower(), sorted(by_local), n=n, cutoff=0.5)
    found = [name for tail in matches for name in by_local[tail]][:n]
    return found or ["dl:FixedDock", "dl:FloatingDock", "dl:Boathouse", "dl:MooringBuoy"][:n]


def node_label(node: Node) -> str:
    return f"_:{node}" if isinstance(node, BNode) else str(node)


def check_structure_classes(graph: Graph, prepared: Prepared, name: str | None = None) -> None:
    """InputError naming the node and its rdf:type for the first structure (sorted) whose type
    is missing, unknown in the docklaw namespaces, or not a single known class."""
    known = prepared.known_classes()
    structures: dict[Node, URIRef] = {}
    for link in STRUCTURE_LINKS:
        for node in graph.objects(None, link):
            structures.setdefault(node, link)
    for node in sorted(structures, key=str):
        link = structures[node]
        if isinstance(node, Literal):
            raise InputError(f"{curie(link)} must name a structure node, not the literal "
                             f"{str(node)!r}", prop=curie(link), source=name)
        types = sorted(graph.objects(node, RDF.type), key=str)
        where = {"node": node_label(node), "prop": "rdf:type", "source": name}
        if not types:
            raise InputError(f"the structure (object of {curie(link)}) has no rdf:type; give "
                             f"its class, e.g. {', '.join(close_classes('Dock', known))}",
                             **where)
        unknown = [t for t in types if t not in known and (
            not isinstance(t, URIRef) or str(t).startswith(DOCKLAW_IRIS))]
        if not unknown and not any(t in known for t in types):
            unknown = types
        if unknown:
            bad = unknown[0]
            raise InputError(f"unknown class {short(bad)} (rdf:type of a structure, object of "
                             f"{curie(link)}); close known classes: "
                             f"{', '.join(close_classes(bad, known))}", **where)


def check_part_cycles(graph: Graph, name: str | None = None) -> None:
    """InputError naming the node when a structure is a part of itself (``dl:hasPart``, at any
    depth): a whole that is its own part has no top-level structure, so no whole around it
    could be proposed or counted, and every rule reaching parts through their whole would
    miss it (a silent "conforms")."""
    parts: dict[Node, list[Node]] = {}
    for whole, part in graph.subject_objects(DL.hasPart):
        parts.setdefault(whole, []).append(part)
    done: set[Node] = set()
    for start in sorted(parts, key=str):
        if start in done:
            continue
        path: list[Node] = []
        on_path: set[Node] = set()
        stack: list[tuple[Node, int]] = [(start, 0)]
        while stack:
            node, index = stack.pop()
            if index == 0:
                if node in on_path:
                    loop = [*path[path.index(node):], node]
                    raise InputError(
                        "a structure is a part of itself (dl:hasPart: "
                        + " -> ".join(node_label(n) for n in loop)
                        + "); state each part once, under its whole",
                        node=node_label(node), prop="dl:hasPart", source=name)
                if node in done:
                    continue
                path.append(node)
                on_path.add(node)
            children = sorted(parts.get(node, ()), key=str)
            if index < len(children):
                stack.append((node, index + 1))
                stack.append((children[index], 0))
            else:
                path.pop()
                on_path.discard(node)
                done.add(node)

