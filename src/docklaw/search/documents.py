"""What is searchable: one document per section text, definition, rule and curation note.

Every document knows the node it describes (its page), the section it belongs to (so a rule
or a note leads back to the law), its jurisdiction and its kind, so results can be filtered
and every hit links to a page of this site.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from rdflib import Graph, URIRef
from rdflib.namespace import RDF, RDFS, SH, SKOS
from rdflib.term import Node

from docklaw.namespaces import BASE, DL

NOTE_PROPERTIES: tuple[URIRef, ...] = (
    DL.ambiguityNote, DL.interpretationNote, DL.curationNote, DL.lint, DL.numberingNote,
    SKOS.editorialNote, SKOS.scopeNote, DL.note,
)
#: shape messages carry placeholders filled at validation time ("{limit}")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


@dataclass(frozen=True)
class Document:
    """One searchable text and where it belongs."""

    iri: str
    kind: str
    jurisdiction: str
    section: str
    citation: str
    title: str
    body: str


def jurisdiction_of(iri: str) -> str:
    """``https://w3id.org/docklaw/<kind>/<jid>/...`` -> ``jid`` (empty for shared terms)."""
    if not iri.startswith(BASE):
        return ""
    parts = iri[len(BASE):].split("/")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[0] == "code") else ""


def text(graph: Graph, node: Node, prop: URIRef) -> str:
    value = graph.value(node, prop)
    return str(value) if value is not None else ""


def section_of(graph: Graph, node: Node) -> Node | None:
    """The section a rule, shape, concept or definition belongs to (None if it has none)."""
    types = set(graph.objects(node, RDF.type))
    if types & {DL.Section, DL.Subsection}:
        return node
    for prop in (DL.section, DL.definedIn, DL.inSection):
        found = graph.value(node, prop)
        if found is not None:
            return found
    rule = graph.value(node, DL.enforces)
    if rule is not None:
        return graph.value(rule, DL.section)
    definition = graph.value(node, DL.definedBy)
    if definition is not None:
        return graph.value(definition, DL.definedIn)
    return graph.value(node, DL.regulatedIn)


def name_of(graph: Graph, node: Node) -> str:
    for prop in (DL.citation, DL.term, RDFS.label, SKOS.prefLabel):
        value = graph.value(node, prop)
        if value is not None:
            return str(value)
    return str(node).rsplit("/", 1)[-1].rsplit("#", 1)[-1]


def make(graph: Graph, node: Node, kind: str, title: str, body: str) -> Document:
    section = section_of(graph, node)
    return Document(
        iri=str(node), kind=kind, jurisdiction=jurisdiction_of(str(node)),
        section=str(section) if section is not None else "",
        citation=text(graph, section, DL.citation) if section is not None else "",
        title=title, body=body,
    )


def documents(graph: Graph) -> Iterator[Document]:
    """Every searchable document of ``graph`` (the asserted law graph or a snapshot of it)."""
    seen: set[Node] = set()
    for cls in (DL.Section, DL.Subsection):
        for node in sorted(graph.subjects(RDF.type, cls)):
            if node in seen or not isinstance(node, URIRef):
                continue
            seen.add(node)
            heading, body = text(graph, node, DL.heading), text(graph, node, DL.text)
            if heading or body:
                title = " ".join(x for x in (text(graph, node, DL.citation), heading) if x)
                yield make(graph, node, "section", title, body)
    for node in sorted(graph.subjects(RDF.type, DL.Definition)):
        if isinstance(node, URIRef):
            yield make(graph, node, "definition", name_of(graph, node),
                       text(graph, node, DL.text))
    rules = f"{BASE}rule/"  # curated provisions (not allocation tables, which also cite)
    for node in sorted(set(graph.subjects(DL.section, None))):
        if not isinstance(node, URIRef) or not str(node).startswith(rules):
            continue
        messages = sorted({PLACEHOLDER.sub("…", str(m)) for shape in graph.subjects(
            DL.enforces, node) for m in graph.objects(shape, SH.message)})
        body = "\n".join(x for x in (text(graph, node, DL.ruleText), *messages) if x)
        yield make(graph, node, "rule", text(graph, node, RDFS.label) or name_of(graph, node),
                   body)
    for prop in NOTE_PROPERTIES:
        for node, note in sorted(graph.subject_objects(prop)):
            if isinstance(node, URIRef) and str(node).startswith(BASE):
                yield make(graph, node, "note", name_of(graph, node), str(note))
