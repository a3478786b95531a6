"""Search that knows the concepts: what the concept graph relates to a searched term.

A term a person types ("boat lift") may name a class of the ontology or of a code's concepts
(by its label). The classes the graph relates to it are searched too, and their hits are
labelled *related*, never literal: the code classes the term's class is a kind of (Keuka's
"boat hoist" takes in every vessel lift: ``dl:VesselLift rdfs:subClassOf jrc:BoatHoist``), its
generic parent when that parent is narrow ("vessel lift or hoist"), the parent's other kinds
("boat hoist", "personal watercraft lift") and each code's sense of them (``dl:senseOf``).
The relations are computed when the index is built (``rows``) and kept in the index beside the
documents; a search only looks them up.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from rdflib import Graph, URIRef
from rdflib.namespace import OWL, RDF, RDFS, SKOS
from rdflib.term import Node

from docklaw.namespaces import BASE, DL

#: a parent with more kinds than this under it relates nothing (dl:Structure would relate
#: every structure to every other)
NARROW = 6
CONCEPT_BASE = f"{BASE}concept/"


@dataclass(frozen=True)
class Relation:
    """One class related to a searchable term."""

    term: str              # normalised term (``normalise``) of the class searched for
    label: str             # the searched class's label
    related: str           # IRI of the related class
    related_label: str     # its label, without the "(Keuka Lake)" qualifier
    jurisdiction: str      # the code the related class belongs to ("" for a generic class)
    via: str               # why: "a kind of", "the broader class", "another kind of ..."
    definitions: str       # the related class's definitions (IRIs, space-separated)


def normalise(text: str) -> str:
    """Lower case, words only, each word without a plural "s" ("Boat Lifts" -> "boat lift")."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
                    for w in words)


def plain(label: str) -> str:
    """"boat hoist (Keuka Lake)" -> "boat hoist"."""
    return label.split(" (", 1)[0].strip()


def _is_concept(node: Node) -> bool:
    text = str(node)
    return isinstance(node, URIRef) and (text.startswith(str(DL)) or
                                         text.startswith(CONCEPT_BASE))


def _jurisdiction(node: Node) -> str:
    text = str(node)
    return text[len(CONCEPT_BASE):].split("/", 1)[0] if text.startswith(CONCEPT_BASE) else ""


def _classes(graph: Graph) -> list[URIRef]:
    found = {c for c in graph.subjects(RDF.type, OWL.Class) if _is_concept(c)}
    found |= {c for c in graph.subjects(RDFS.subClassOf, None) if _is_concept(c)}
    return sorted(c for c in found if isinstance(c, URIRef) and graph.value(c, RDFS.label))


def _label(graph: Graph, node: Node) -> str:
    return str(graph.value(node, RDFS.label) or graph.value(node, SKOS.prefLabel) or "")


def rows(graph: Graph) -> Iterator[Relation]:
    """Every (searchable class, related class) pair of ``graph``."""
    classes = _classes(graph)
    known = set(classes)
    supers = {c: {s for s in graph.objects(c, RDFS.subClassOf) if s in known} for c in classes}
    subs: dict[URIRef, set[URIRef]] = {c: set() for c in classes}
    for c, parents in supers.items():
        for p in parents:
            subs[p].add(c)
    senses: dict[URIRef, set[URIRef]] = {}
    for c in classes:
        for g in graph.objects(c, DL.senseOf):
            if g in known:
                senses.setdefault(g, set()).add(c)  # type: ignore[arg-type]

    def generic(c: URIRef) -> URIRef:
        target = graph.value(c, DL.senseOf)
        return target if isinstance(target, URIRef) and target in known else c

    def ancestors(c: URIRef) -> set[URIRef]:
        """Generic (dl:) classes above ``c``."""
        seen: set[URIRef] = set()
        todo = [s for s in supers.get(c, ()) if not _jurisdiction(s)]
        while todo:
            x = todo.pop()
            if x not in seen:
                seen.add(x)
                todo.extend(s for s in supers.get(x, ()) if not _jurisdiction(s))
        return seen

    for c in classes:
        term = normalise(plain(_label(graph, c)))
        if not term:
            continue
        g = generic(c)
        related: dict[URIRef, str] = {}
        # the code classes directly above it, or above a narrow generic class above it
        # (Keuka's boat hoist takes in every vessel lift: its rules reach a boat lift)
        narrow = [g] + [a for a in ancestors(g) if not _jurisdiction(a)
                        and len([k for k in subs.get(a, ()) if not _jurisdiction(k)]) <= NARROW]
        for a in narrow:
            for up in supers.get(a, ()):
                if _jurisdiction(up):
                    related.setdefault(up, f"a {plain(_label(graph, g))} is a kind of it")
        # the narrow generic parent, its other kinds, and each code's sense of them
        for parent in (p for p in supers.get(g, ()) if not _jurisdiction(p)):
            kinds = [k for k in subs.get(parent, ()) if not _jurisdiction(k)]
            if len(kinds) > NARROW:
                continue
            related.setdefault(parent, f"the broader class of {plain(_label(graph, g))}")
            for k in kinds:
                if k != g:
                    related.setdefault(k, f"another kind of {plain(_label(graph, parent))}")
        for r in list(related):
            for sense in senses.get(r, ()):
                related.setdefault(sense, related[r])
        for sense in senses.get(g, ()):
            if sense != c:
                related.setdefault(sense, "the same concept in another code")
        for r, via in sorted(related.items()):
            if r == c:
                continue
            label = plain(_label(graph, r))
            if not label or normalise(label) == term:
                continue
            defs = " ".join(sorted(str(d) for d in graph.objects(r, DL.definedBy)))
            yield Relation(term, _label(graph, c), str(r), label, _jurisdiction(r), via, defs)
