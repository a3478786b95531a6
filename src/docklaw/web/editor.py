"""The query editor's knowledge: the project's prefixes and terms.

``with_prefixes`` declares the well-known prefixes a query uses without declaring (so
``SELECT ?s { ?s a dl:Section }`` runs as typed, and the editor and the permalink show the
declarations that were added); ``completion_terms`` lists the prefixed names the editor offers
while typing: the ontology's classes and properties, the jurisdictions and the functions.
"""

from __future__ import annotations

import json
import re

from rdflib import Graph, URIRef
from rdflib.namespace import OWL, RDF, RDFS

from docklaw.namespaces import (
    DCTERMS,
    DL,
    ELI,
    GEO,
    GEOF,
    JUR,
    PROV,
    QUDT,
    SH,
    SKOS,
    UNIT,
    XSD,
)
from docklaw.search.sparql import DLF

#: prefix -> namespace, declared for the editor (order: the project's own first)
PREFIXES: dict[str, str] = {
    "dl": str(DL), "dlf": str(DLF), "jur": str(JUR), "rdf": str(RDF), "rdfs": str(RDFS),
    "owl": str(OWL), "xsd": str(XSD), "skos": str(SKOS), "dcterms": str(DCTERMS),
    "sh": str(SH), "qudt": str(QUDT), "unit": str(UNIT), "geo": str(GEO), "geof": str(GEOF),
    "eli": str(ELI), "prov": str(PROV),
}
DECLARED = re.compile(r"\bPREFIX\s+([A-Za-z][\w.-]*)?\s*:", re.I)
#: IRIs, strings and comments: where a "pfx:" is not a prefixed name
OPAQUE = re.compile(r"<[^<>\s]*>|\"\"\"[\s\S]*?\"\"\"|'''[\s\S]*?'''|\"(?:[^\"\\\n]|\\.)*\""
                    r"|'(?:[^'\\\n]|\\.)*'|#[^\n]*")
USED = re.compile(r"(?<![\w?$:-])([A-Za-z][\w-]*):(?=[\w(]|\s|$)")


def used_prefixes(text: str) -> list[str]:
    found: list[str] = []
    for name in USED.findall(OPAQUE.sub(" ", text)):
        if name not in found:
            found.append(name)
    return found


def with_prefixes(text: str) -> str:
    """``text`` with PREFIX lines for the known prefixes it uses but does not declare."""
    declared = {m.group(1) or "" for m in DECLARED.finditer(OPAQUE.sub(" ", text))}
    missing = [p for p in used_prefixes(text) if p in PREFIXES and p not in declared]
    if not missing:
        return text
    return "".join(f"PREFIX {p}: <{PREFIXES[p]}>\n" for p in missing) + text


def completion_terms(graph: Graph) -> list[str]:
    """Prefixed names of the project's terms, for the editor's completion."""
    terms: set[str] = set()
    kinds = (OWL.Class, RDFS.Class, OWL.ObjectProperty, OWL.DatatypeProperty,
             OWL.AnnotationProperty, RDF.Property, OWL.NamedIndividual)
    for kind in kinds:
        for node in graph.subjects(RDF.type, kind):
            if isinstance(node, URIRef):
                short = shorten(str(node))
                if short:
                    terms.add(short)
    for node in graph.subjects(RDF.type, DL.Jurisdiction):  # a lookup, not a scan of the law
        if isinstance(node, URIRef) and str(node).startswith(str(JUR)):
            short = shorten(str(node))
            if short:
                terms.add(short)
    terms.update({"dlf:textScore", "dlf:textSnippet"})
    return sorted(terms, key=str.lower)


def shorten(iri: str) -> str | None:
    for prefix in ("dl", "jur", "dlf"):
        ns = PREFIXES[prefix]
        if iri.startswith(ns) and re.fullmatch(r"[A-Za-z][\w-]*", iri[len(ns):]):
            return f"{prefix}:{iri[len(ns):]}"
    return None


def editor_data(graph: Graph) -> dict[str, str]:
    """``data-`` attributes for the editor (JSON; no inline script)."""
    return {"prefixes": json.dumps(PREFIXES), "terms": json.dumps(completion_terms(graph))}
