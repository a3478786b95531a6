"""Self-descriptions: the SPARQL Service Description and the VoID dataset description."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, RDF, RDFS, XSD

from docklaw import jurisdictions
from docklaw.namespaces import SD, VOID, bind_prefixes, jurisdiction_iri
from docklaw.sparql import formats
from docklaw.sparql.statistics import TEXTS

if TYPE_CHECKING:
    from docklaw.web.knowledge import Knowledge

FORMATS_NS = "http://www.w3.org/ns/formats/"
RESULT_FORMATS = {
    formats.JSON: "SPARQL_Results_JSON", formats.XML: "SPARQL_Results_XML",
    formats.CSV: "SPARQL_Results_CSV", formats.TSV: "SPARQL_Results_TSV",
    formats.TURTLE: "Turtle", formats.NTRIPLES: "N-Triples", formats.JSONLD: "JSON-LD",
    formats.RDFXML: "RDF_XML",
}


def service_description(endpoint: str) -> Graph:
    """sd:Service for this endpoint (sd:endpoint is the URL the client asked)."""
    from docklaw.web.knowledge import knowledge

    g = bind_prefixes(Graph())
    g.bind("sd", SD)
    g.bind("void", VOID)
    service = URIRef(endpoint)
    g.add((service, RDF.type, SD.Service))
    g.add((service, SD.endpoint, URIRef(endpoint)))
    g.add((service, SD.supportedLanguage, SD.SPARQL11Query))
    g.add((service, SD.feature, SD.UnionDefaultGraph))
    for name in RESULT_FORMATS.values():
        g.add((service, SD.resultFormat, URIRef(FORMATS_NS + name)))
    g.add((service, RDFS.comment, Literal(
        "Read-only docklaw knowledge graph. Updates, SERVICE and graphs not loaded here are "
        "refused; queries have a server-side timeout and a row cap.", lang="en")))
    store = knowledge().store
    dataset = BNode()
    g.add((service, SD.defaultDataset, dataset))
    g.add((dataset, RDF.type, SD.Dataset))
    default = BNode()
    g.add((dataset, SD.defaultGraph, default))
    g.add((default, RDF.type, SD.Graph))
    g.add((default, VOID.triples, Literal(store.triple_count(), datatype=XSD.integer)))
    for name in sorted(store.graph_names()):
        named = BNode()
        g.add((dataset, SD.namedGraph, named))
        g.add((named, RDF.type, SD.NamedGraph))
        g.add((named, SD.name, URIRef(name)))
    return g


def law_statistics(know: Knowledge) -> dict[str, object]:
    """Counts for VoID (``docklaw.sparql.statistics``), asked of the store with aggregates
    (no triple is copied here) once per app, or read from what ``docklaw load`` kept."""
    found = know.statistics
    if found is not None:
        return found
    from docklaw.queries.answers import lookup

    store = know.store

    def rows(text: str) -> list[tuple[object, ...]]:
        kept = lookup(store, text)
        if kept is not None:
            return list(kept[1])
        return list(store.execute(store.check(text), None, deadline=None).rows)

    def number(text: str) -> int:
        found = rows(text)
        return int(found[0][0]) if found and found[0][0] is not None else 0  # type: ignore[arg-type]

    stats: dict[str, object] = {name: number(TEXTS[name])
                                for name in ("triples", "classes", "subjects")}
    for name in ("partitions", "members"):
        stats[name] = {row[0]: int(row[1]) for row in rows(TEXTS[name])}  # type: ignore[arg-type]
    know.statistics = stats
    return stats


def void_description(root: str, know: Knowledge) -> Graph:
    """void:Dataset with triple count, classes, and every registered jurisdiction as a subset."""
    g = bind_prefixes(Graph())
    g.bind("void", VOID)
    stats = law_statistics(know)
    dataset = URIRef(root.rstrip("/") + "/.well-known/void#docklaw")
    g.add((dataset, RDF.type, VOID.Dataset))
    g.add((dataset, DCTERMS.title, Literal("docklaw: New York dock and mooring law", lang="en")))
    g.add((dataset, VOID.sparqlEndpoint, URIRef(root.rstrip("/") + "/sparql")))
    g.add((dataset, VOID.uriSpace, Literal("https://w3id.org/docklaw/")))
    g.add((dataset, VOID.triples, Literal(stats["triples"], datatype=XSD.integer)))
    g.add((dataset, VOID.classes, Literal(stats["classes"], datatype=XSD.integer)))
    g.add((dataset, VOID.distinctSubjects, Literal(stats["subjects"], datatype=XSD.integer)))
    partitions: dict[URIRef, int] = stats["partitions"]  # type: ignore[assignment]
    for cls in sorted(partitions):
        partition = BNode()
        g.add((dataset, VOID.classPartition, partition))
        g.add((partition, VOID["class"], cls))
        g.add((partition, VOID.entities, Literal(partitions[cls], datatype=XSD.integer)))
    members: dict[URIRef, int] = stats["members"]  # type: ignore[assignment]
    for jid in jurisdictions.ids():
        jur = jurisdiction_iri(jid)
        subset = URIRef(f"{dataset}-{jid}")
        g.add((dataset, VOID.subset, subset))
        g.add((subset, RDF.type, VOID.Dataset))
        g.add((subset, DCTERMS.subject, jur))
        label = know.graph.value(jur, RDFS.label)
        g.add((subset, DCTERMS.title, Literal(str(label) if label else jid)))
        g.add((subset, VOID.entities, Literal(members.get(jur, 0), datatype=XSD.integer)))
    return g
