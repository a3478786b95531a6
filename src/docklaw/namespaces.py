"""The namespaces every docklaw graph uses (see docs/DESIGN.md)."""

from __future__ import annotations

from rdflib import Graph, Namespace, URIRef
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SH, SKOS, XSD

BASE = "https://w3id.org/docklaw/"
DL = Namespace(BASE + "ontology#")
JUR = Namespace(BASE + "jurisdiction/")
T = Namespace(BASE + "test#")
QUDT = Namespace("http://qudt.org/schema/qudt/")
UNIT = Namespace("http://qudt.org/vocab/unit/")
GEO = Namespace("http://www.opengis.net/ont/geosparql#")
GEOF = Namespace("http://www.opengis.net/def/function/geosparql/")
ELI = Namespace("http://data.europa.eu/eli/ontology#")
SD = Namespace("http://www.w3.org/ns/sparql-service-description#")
VOID = Namespace("http://rdfs.org/ns/void#")
#: The named graph the knowledge graph is loaded into, in every store (CLI, web, ``docklaw load``).
LAW_GRAPH_IRI = BASE + "graph/law"

__all__ = [
    "BASE",
    "DCTERMS",
    "DL",
    "ELI",
    "GEO",
    "GEOF",
    "JUR",
    "LAW_GRAPH_IRI",
    "OWL",
    "PROV",
    "QUDT",
    "RDF",
    "RDFS",
    "SD",
    "SH",
    "SKOS",
    "UNIT",
    "VOID",
    "XSD",
    "T",
    "authority_iri",
    "bind_prefixes",
    "code_iri",
    "concept_ns",
    "jurisdiction_iri",
    "locallaw_iri",
    "rule_ns",
    "section_iri",
    "shape_ns",
]


def jurisdiction_iri(jid: str) -> URIRef:
    return JUR[jid]


def code_iri(jid: str) -> URIRef:
    return URIRef(f"{BASE}code/{jid}")


def section_iri(jid: str, local: str) -> URIRef:
    return URIRef(f"{BASE}code/{jid}/{local}")


def rule_ns(jid: str) -> Namespace:
    return Namespace(f"{BASE}rule/{jid}/")


def shape_ns(jid: str) -> Namespace:
    return Namespace(f"{BASE}shape/{jid}/")


def concept_ns(jid: str) -> Namespace:
    return Namespace(f"{BASE}concept/{jid}/")


def authority_iri(jid: str, slug: str) -> URIRef:
    return URIRef(f"{BASE}authority/{jid}/{slug}")


def locallaw_iri(jid: str, year: int | str, number: int | str) -> URIRef:
    return URIRef(f"{BASE}locallaw/{jid}/{year}-{number}")


def bind_prefixes(g: Graph) -> Graph:
    """Bind the project's prefixes so serialisations read well."""
    for prefix, ns in {
        "dl": DL, "jur": JUR, "qudt": QUDT, "unit": UNIT, "geo": GEO, "geof": GEOF, "eli": ELI,
        "skos": SKOS, "dcterms": DCTERMS, "prov": PROV, "sh": SH, "owl": OWL, "rdfs": RDFS,
        "xsd": XSD, "rdf": RDF,
    }.items():
        g.bind(prefix, ns, override=True)
    return g
