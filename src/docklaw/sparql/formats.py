"""Serialise query results in the SPARQL 1.1 result formats and RDF syntaxes.

Written here (not with rdflib's result plugins) so every backend's ``QueryResult``
serialises identically and the truncation flag can travel with the results.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from xml.sax.saxutils import escape, quoteattr

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import XSD
from rdflib.term import Node

from docklaw.namespaces import bind_prefixes
from docklaw.oxterms import oxigraph_triples
from docklaw.sparql.results import QueryResult

JSON = "application/sparql-results+json"
XML = "application/sparql-results+xml"
CSV = "text/csv"
TSV = "text/tab-separated-values"
TURTLE = "text/turtle"
NTRIPLES = "application/n-triples"
JSONLD = "application/ld+json"
RDFXML = "application/rdf+xml"

#: Media types offered per query form, preferred first.
TABULAR_TYPES: tuple[str, ...] = (JSON, XML, CSV, TSV)
BOOLEAN_TYPES: tuple[str, ...] = (JSON, XML)
RDF_TYPES: tuple[str, ...] = (TURTLE, NTRIPLES, JSONLD, RDFXML)
#: Short names for ``format=`` / ``output=`` (download links) -> media type.
SHORT_NAMES: dict[str, str] = {
    "json": JSON, "xml": XML, "csv": CSV, "tsv": TSV, "ttl": TURTLE, "turtle": TURTLE,
    "nt": NTRIPLES, "ntriples": NTRIPLES, "jsonld": JSONLD, "json-ld": JSONLD, "rdfxml": RDFXML,
    "rdf": RDFXML,
}
RDFLIB_FORMATS: dict[str, str] = {
    TURTLE: "turtle", NTRIPLES: "nt", JSONLD: "json-ld", RDFXML: "xml",
}
FILE_SUFFIX: dict[str, str] = {
    JSON: "json", XML: "xml", CSV: "csv", TSV: "tsv", TURTLE: "ttl", NTRIPLES: "nt",
    JSONLD: "jsonld", RDFXML: "rdf",
}


def offered(result_kind: str) -> tuple[str, ...]:
    if result_kind in ("CONSTRUCT", "DESCRIBE"):
        return RDF_TYPES
    if result_kind == "ASK":
        return BOOLEAN_TYPES
    return TABULAR_TYPES


def json_term(term: Node) -> dict[str, str]:
    if isinstance(term, URIRef):
        return {"type": "uri", "value": str(term)}
    if isinstance(term, BNode):
        return {"type": "bnode", "value": str(term)}
    assert isinstance(term, Literal)
    out = {"type": "literal", "value": str(term)}
    if term.language:
        out["xml:lang"] = term.language
    elif term.datatype is not None and term.datatype != XSD.string:
        out["datatype"] = str(term.datatype)
    return out


def to_json(result: QueryResult) -> str:
    if result.kind == "ASK":
        return json.dumps({"head": {}, "boolean": bool(result.boolean)})
    bindings = [
        {var: json_term(term) for var, term in zip(result.variables, row, strict=True)
         if term is not None}
        for row in result.rows
    ]
    head: dict[str, object] = {"vars": result.variables}
    if result.truncated:  # the spec allows extra "link"s; a note is kept outside results too
        head["link"] = [f"urn:docklaw:truncated:max-rows={result.max_rows}"]
    return json.dumps({"head": head, "results": {"bindings": bindings}}, ensure_ascii=False)


def xml_term(term: Node) -> str:
    if isinstance(term, URIRef):
        return f"<uri>{escape(str(term))}</uri>"
    if isinstance(term, BNode):
        return f"<bnode>{escape(str(term))}</bnode>"
    assert isinstance(term, Literal)
    attrs = ""
    if term.language:
        attrs = f" xml:lang={quoteattr(term.language)}"
    elif term.datatype is not None and term.datatype != XSD.string:
        attrs = f" datatype={quoteattr(str(term.datatype))}"
    return f"<literal{attrs}>{escape(str(term))}</literal>"


def to_xml(result: QueryResult) -> str:
    out = ['<?xml version="1.0"?>',
           '<sparql xmlns="http://www.w3.org/2005/sparql-results#">', "<head>"]
    out += [f"<variable name={quoteattr(v)}/>" for v in result.variables]
    if result.truncated:
        out.append(f'<link href="urn:docklaw:truncated:max-rows={result.max_rows}"/>')
    out.append("</head>")
    if result.kind == "ASK":
        out.append(f"<boolean>{'true' if result.boolean else 'false'}</boolean>")
    else:
        out.append("<results>")
        for row in result.rows:
            out.append("<result>")
            out += [f"<binding name={quoteattr(v)}>{xml_term(t)}</binding>"
                    for v, t in zip(result.variables, row, strict=True) if t is not None]
            out.append("</result>")
        out.append("</results>")
    out.append("</sparql>")
    return "\n".join(out) + "\n"


def csv_term(term: Node | None) -> str:
    if term is None:
        return ""
    if isinstance(term, BNode):
        return f"_:{term}"
    return str(term)


def to_csv(result: QueryResult) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(result.variables)
    for row in result.rows:
        writer.writerow([csv_term(t) for t in row])
    return buf.getvalue()


def tsv_term(term: Node | None) -> str:
    if term is None:
        return ""
    return term.n3()


def to_tsv(result: QueryResult) -> str:
    lines = ["\t".join(f"?{v}" for v in result.variables)]
    lines += ["\t".join(tsv_term(t) for t in row) for row in result.rows]
    return "\n".join(lines) + "\n"


def to_rdf(result: QueryResult, media_type: str) -> str:
    graph = bind_prefixes(Graph())
    graph += result.graph if result.graph is not None else Graph()
    return serialize_graph(graph, media_type)


def to_jsonld(graph: Graph) -> str:
    """JSON-LD of every triple, one node object per subject (Oxigraph's writer).

    Why not rdflib's: it embeds a blank node referenced once into the node referencing it, so
    a blank node referencing itself (the closure's ``_:x owl:equivalentClass _:x``) was written
    nowhere: a DESCRIBE of five such triples came back as ``[]``. Blank nodes are renamed
    b0, b1 ... in first-seen order of the sorted triples, so the same graph reads the same."""
    import pyoxigraph as ox

    triples = oxigraph_triples(graph)
    return ox.serialize(triples, format=ox.RdfFormat.JSON_LD).decode("utf-8")


TABULAR_WRITERS: dict[str, Callable[[QueryResult], str]] = {
    JSON: to_json, XML: to_xml, CSV: to_csv, TSV: to_tsv,
}


def serialize(result: QueryResult, media_type: str) -> str:
    """The result in ``media_type`` (one of ``offered(result.kind)``)."""
    if result.is_graph:
        return to_rdf(result, media_type)
    return TABULAR_WRITERS[media_type](result)


def serialize_graph(graph: Graph, media_type: str) -> str:
    if media_type == JSONLD:
        return to_jsonld(graph)
    return bind_prefixes(graph).serialize(format=RDFLIB_FORMATS[media_type])
