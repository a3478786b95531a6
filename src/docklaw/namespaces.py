"""The namespaces every docklaw graph uses (see docs/DESIGN.md)."""

from __future__ import annotations

from typing import Any

from rdflib import Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, PROV
from rdflib.namespace import OWL as _OWL
from rdflib.namespace import RDF as _RDF
from rdflib.namespace import RDFS as _RDFS
from rdflib.namespace import SH as _SH
from rdflib.namespace import SKOS as _SKOS
from rdflib.namespace import XSD as _XSD

BASE = "https://w3id.org/docklaw/"

#: one object per IRI the code names (the namespaces' terms, the focus markers): a term equal
#: to one of these is replaced by it where an application is admitted (``interned``)
_INTERNED: dict[URIRef, URIRef] = {}


def intern_term(term: URIRef) -> URIRef:
    """The one object kept for this IRI (``term`` itself, registered, if it is the first)."""
    return _INTERNED.setdefault(term, term)


def interned(term: Any) -> Any:
    """The object kept for an IRI equal to ``term`` (``term`` itself otherwise).

    Why: dictionaries keyed by RDF terms (the graph's indices, the per-code tables) test the
    key they are asked for by identity first and fall back to rdflib's ``__eq__`` (which
    compares the strings again) only for another object; a parsed application holds a new
    object for every occurrence of every IRI, so each lookup paid that fallback (~4 M calls
    per 866 applications, a sixth of validation)."""
    if type(term) is URIRef:
        return _INTERNED.get(term, term)
    return term


class CachedNamespace(Namespace):
    """An rdflib Namespace whose terms are built once: ``DL.section`` in a validation's inner
    loops built a new URIRef (and checked its IRI) on every use, ~0.3 s per 60 applications."""

    def __getattr__(self, name: str) -> URIRef:
        if name.startswith("__"):  # copy, pickle and friends probe dunders: not terms
            raise AttributeError(name)
        term = intern_term(self.term(name))
        self.__dict__[name] = term
        return term

    def __getitem__(self, key: str) -> URIRef:  # type: ignore[override]
        return intern_term(self.term(key))


class CachedTerms(Namespace):
    """One of rdflib's closed vocabularies (RDF, SH ...) whose terms are built once.

    Why: ``SH.path`` or ``RDF.type`` on rdflib's own object builds and checks a new URIRef on
    every use, and a new object also misses dictionaries keyed by the term on the identity
    test; validation's loops did that ~650,000 times per 600 applications. Names are still
    checked by rdflib the first time (an unknown one raises as rdflib raises)."""

    def __new__(cls, vocabulary: Any) -> CachedTerms:
        made = super().__new__(cls, str(vocabulary))
        made.__dict__["_vocabulary"] = vocabulary
        made.__dict__["_items"] = {}
        return made

    def __getattr__(self, name: str) -> URIRef:
        if name.startswith("_"):
            raise AttributeError(name)
        term = intern_term(getattr(self._vocabulary, name))
        self.__dict__[name] = term
        return term

    def __getitem__(self, key: str) -> URIRef:  # type: ignore[override]
        term = self._items.get(key)
        if term is None:
            term = self._items[key] = intern_term(self._vocabulary[key])
        return term  # type: ignore[no-any-return]


RDF = CachedTerms(_RDF)
RDFS = CachedTerms(_RDFS)
OWL = CachedTerms(_OWL)
SH = CachedTerms(_SH)
SKOS = CachedTerms(_SKOS)
XSD = CachedTerms(_XSD)
DL = CachedNamespace(BASE + "ontology#")
JUR = CachedNamespace(BASE + "jurisdiction/")
T = CachedNamespace(BASE + "test#")
QUDT = CachedNamespace("http://qudt.org/schema/qudt/")
UNIT = CachedNamespace("http://qudt.org/vocab/unit/")
GEO = CachedNamespace("http://www.opengis.net/ont/geosparql#")
GEOF = CachedNamespace("http://www.opengis.net/def/function/geosparql/")
ELI = CachedNamespace("http://data.europa.eu/eli/ontology#")
SD = CachedNamespace("http://www.w3.org/ns/sparql-service-description#")
VOID = CachedNamespace("http://rdfs.org/ns/void#")
#: The named graph the knowledge graph is loaded into, in every store (CLI, web, ``docklaw load``).
#: xsd:boolean true and false, made once: a Literal costs microseconds to build, and the
#: derivation asks "is this flag true?" hundreds of thousands of times per thousand applications
TRUE = Literal(True)
FALSE = Literal(False)

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
