"""``/openapi.json``: an OpenAPI 3.1 description of the HTTP API.

Why hand-written and not generated: the routes negotiate formats (JSON, SPARQL results, RDF
syntaxes, HTML) that a generator cannot see. A test keeps it true: every route of the app's
``url_map`` is described here with its methods, and nothing else is.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from docklaw import __version__

bp = Blueprint("openapi", __name__)

RDF_TYPES = ["text/turtle", "application/n-triples", "application/ld+json",
             "application/rdf+xml"]
#: Body types /validate reads by content (the syntax recognised as the CLI does).
SNIFFED_TYPES = ["text/plain", "application/octet-stream", "application/x-www-form-urlencoded"]
RESULT_TYPES = ["application/sparql-results+json", "application/sparql-results+xml",
                "text/csv", "text/tab-separated-values"]
LAW_KINDS = ("code", "rule", "shape", "jurisdiction")


def error(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def content(types: list[str], schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {t: ({"schema": schema} if schema else {}) for t in types}


QUERY_PARAMS = [
    {"name": "query", "in": "query", "schema": {"type": "string"},
     "description": "SPARQL query (no query: the service description)"},
    {"name": "default-graph-uri", "in": "query", "schema": {"type": "array",
                                                            "items": {"type": "string"}}},
    {"name": "named-graph-uri", "in": "query", "schema": {"type": "array",
                                                          "items": {"type": "string"}}},
    {"name": "format", "in": "query", "schema": {
        "type": "string", "enum": ["json", "xml", "csv", "tsv", "ttl", "nt", "jsonld",
                                   "rdfxml"]}, "description": "overrides Accept"},
    {"name": "download", "in": "query", "schema": {"type": "string", "enum": ["1"]}},
]
SPARQL_RESPONSES = {
    "200": {"description": "SELECT/ASK results, CONSTRUCT/DESCRIBE graphs, or (no query) the "
                           "SPARQL service description",
            "content": content(RESULT_TYPES + RDF_TYPES)},
    "400": error("malformed query (line and column)"),
    "403": error("an update, SERVICE, or a graph that is not loaded: read-only endpoint"),
    "406": error("no offered media type is acceptable"),
    "415": error("unsupported POST body type"),
    "503": error("query timed out or needed more memory than allowed"),
}


#: the /apply form's fields (docklaw.apply.build): code, work, structures, facts, drawing
APPLY_FORM = {t: {"schema": {"type": "object", "properties": {
    "code": {"type": "string"}, "work": {"type": "string", "format": "iri"},
    "name": {"type": "string"}, "action": {"type": "string"},
    "finding": {"type": "array", "items": {"type": "string", "format": "iri"}},
    "drawing": {"type": "string", "format": "binary"}},
    "additionalProperties": {"type": "string"},
    "description": "s.<n>.class|name|partof|existing per structure; v.<subject>.<curie> and "
                   "u.<subject>.<curie> per fact; g.<feature> and g.crs for the drawing"}}
    for t in ("multipart/form-data", "application/x-www-form-urlencoded")}
PARCEL_PARAMS = [
    {"name": name, "in": "query", "schema": {"type": kind}, "description": text}
    for name, kind, text in (
        ("frontage", "number", "shoreline frontage (feet)"),
        ("land-use", "string", "single-family, multifamily or a dl:LandUse label"),
        ("slope", "number", "bottom slope (feet of depth per foot)"),
        ("tidal-range", "number", "mean high minus mean low water on tidal waters (feet)"),
        ("navigable-depth", "number", "depth at mean low water the boats need (feet)"),
        ("channel-distance", "number", "from mean high water to the nearest channel (feet)"),
        ("outlet-distance", "number", "to the nearest lake outlet (feet)"),
        ("steep-slope", "string", "1: the parcel is a steep slope"),
        ("envelope", "string", "1: compute the envelope for the default parcel"))]


def law_page(kind: str) -> dict[str, Any]:
    return {"get": {
        "summary": f"the {kind} page: HTML, or its RDF description",
        "description": "`rest` is the rest of the IRI `https://w3id.org/docklaw/" + kind
                       + "/{rest}` and may contain slashes (`<jurisdiction id>/<section>`).",
        "parameters": [
            {"name": "rest", "in": "path", "required": True, "schema": {"type": "string"}},
            {"name": "format", "in": "query", "schema": {
                "type": "string", "enum": ["ttl", "nt", "jsonld", "rdfxml"]},
             "description": "RDF instead of HTML (or ask by Accept)"}],
        "responses": {"200": {"description": "the page (HTML) or the resource's triples, "
                                             "blank nodes followed (RDF)",
                              "content": content(["text/html", *RDF_TYPES])},
                      "404": error("not in the knowledge graph")}}}


def spec() -> dict[str, Any]:
    """The OpenAPI document (paths in Flask's rule order)."""
    sparql = {
        "get": {"summary": "SPARQL 1.1 Protocol query (read-only)", "parameters": QUERY_PARAMS,
                "responses": SPARQL_RESPONSES},
        "post": {"summary": "SPARQL 1.1 Protocol query by POST (form or sparql-query body)",
                 "requestBody": {"content": {
                     "application/x-www-form-urlencoded": {"schema": {
                         "type": "object", "properties": {"query": {"type": "string"}}}},
                     "application/sparql-query": {"schema": {"type": "string"}}}},
                 "responses": SPARQL_RESPONSES},
    }
    paths: dict[str, Any] = {
        "/sparql": sparql,
        "/sparql/": {k: dict(v, summary=v["summary"] + " (same as /sparql)")
                     for k, v in sparql.items()},
        "/.well-known/void": {"get": {
            "summary": "VoID description: triple and class counts, the jurisdictions",
            "responses": {"200": {"description": "VoID", "content": content(RDF_TYPES)}}}},
        "/": {"get": {
            "summary": "the query page (HTML): saved queries, editor, results",
            "parameters": [
                {"name": "query", "in": "query", "schema": {"type": "string"}},
                {"name": "saved", "in": "query", "schema": {"type": "string"},
                 "description": "a saved query's name; its parameters as p-<name>"}],
            "responses": {"200": {"description": "page", "content": content(["text/html"])}}},
              "post": {
            "summary": "the query page running a query too long for a URL (form-encoded)",
            "requestBody": {"required": True, "content": {
                "application/x-www-form-urlencoded": {"schema": {
                    "type": "object", "properties": {
                        "query": {"type": "string"}, "saved": {"type": "string"}}}}}},
            "responses": {"200": {"description": "page", "content": content(["text/html"])},
                          "413": error("query text over 64 KiB")}}},
        "/resource": {"get": {
            "summary": "any other docklaw IRI (concepts, authorities, local laws, terms)",
            "parameters": [{"name": "iri", "in": "query", "required": True,
                            "schema": {"type": "string", "format": "iri"}},
                           {"name": "format", "in": "query", "schema": {
                               "type": "string", "enum": ["ttl", "nt", "jsonld", "rdfxml"]}}],
            "responses": {"200": {"description": "page or RDF",
                                  "content": content(["text/html", *RDF_TYPES])},
                          "404": error("not in the knowledge graph")}}},
        "/validate": {"post": {
            "summary": "validate a permit application against its jurisdiction's code",
            "description": "The Content-Type names the syntax. A body without one, or "
                           "text/plain, application/octet-stream or "
                           "application/x-www-form-urlencoded (what `curl --data` sends), "
                           "is read as the CLI reads a file: ?format=, else ?name='s "
                           "extension, else recognised from its first characters (<: "
                           "RDF/XML, { or [: JSON-LD, else Turtle, which also reads "
                           "N-Triples). The report's `input` (and the Docklaw-Input-Format "
                           "header) says which syntax was read and from what.",
            "parameters": [
                {"name": "against", "in": "query", "schema": {"type": "string", "enum": ["all"]},
                 "description": "all: the same application under every registered code, "
                                "parsed once and validated under each within ONE "
                                "VALIDATE_TIMEOUT budget; the answer is the matrix "
                                "(JSON: application, own_jurisdiction, matrix[] of "
                                "jurisdiction, status, violated_sections, "
                                "information_needed; HTML for browsers). Also a form field."},
                {"name": "format", "in": "query", "schema": {
                    "type": "string", "enum": ["turtle", "nt", "json-ld", "xml"]},
                 "description": "the application's syntax, overriding Content-Type"},
                {"name": "name", "in": "query", "schema": {"type": "string"},
                 "description": "the application's name in the report and in errors (its "
                                "extension may name the syntax)"},
                {"name": "compact", "in": "query", "schema": {
                    "type": "string", "enum": ["1", "0", "true", "false", "yes", "no"]},
                 "description": "1: the JSON report gives each cited section's text once, in "
                                "sections {section_iri: {citation, text, notes}}; its results "
                                "carry section and section_iri but no section_text or "
                                "section_notes, and compact is true. Otherwise (default) the "
                                "full report. Other forms (Turtle, HTML, against=all) are "
                                "unchanged."}],
            "requestBody": {"required": True, "content": {
                **{t: {"schema": {"type": "string"}} for t in [*RDF_TYPES, *SNIFFED_TYPES]},
                "multipart/form-data": {"schema": {
                    "type": "object", "properties": {
                        "application": {"type": "string", "format": "binary"},
                        "against": {"type": "string", "enum": ["all"]},
                        "text": {"type": "string",
                                 "description": "the application pasted as text"}}}}}},
            "responses": {
                "200": {"description": "the validation report (JSON: the public contract; "
                                       "Turtle; HTML for browsers), or with against=all the "
                                       "matrix of every code",
                        "content": {"application/json": {"schema": {"oneOf": [
                            {"$ref": "#/components/schemas/ValidationReport"},
                            {"type": "object", "required": ["application", "matrix"]}]}},
                            "text/turtle": {}, "text/html": {}}},
                "400": error("unparseable application (with line) or bad input (two values "
                             "of a single-valued property, more decimal places than read, "
                             "a WKT nested too deep ...), or a compact other than 1 or 0"),
                "413": error("application too large (bytes or triples)"),
                "415": error("a Content-Type that is not RDF (the accepted types are "
                             "listed above)"),
                "503": error("stopped at the VALIDATE_TIMEOUT budget (the whole request, "
                             "against=all and the wait for a free validation worker "
                             "included), past its memory cap, or refused at once when "
                             "VALIDATE_QUEUE requests already wait")}}},
        "/compare": {"get": {
            "summary": "the codes compared topic by topic: summary matrix, the envelope (with "
                       "parcel parameters), details per topic; as a page, Markdown, tidy CSV "
                       "or PDF",
            "parameters": [
                {"name": "topic", "in": "query", "schema": {"type": "array",
                                                            "items": {"type": "string"}}},
                {"name": "jurisdiction", "in": "query",
                 "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "format", "in": "query",
                 "schema": {"type": "string", "enum": ["html", "md", "csv", "pdf"]}},
                {"name": "print", "in": "query", "schema": {"type": "string", "enum": ["1"]},
                 "description": "print view: every topic's details open"},
                *PARCEL_PARAMS],
            "responses": {"200": {"description": "page or document", "content": content(
                ["text/html", "text/markdown", "text/csv", "application/pdf"])},
                "400": error("unknown topic or jurisdiction, or a bad parcel value"),
                "406": error("format other than html, md, csv or pdf"),
                "501": error("PDF asked for and no PDF renderer (WeasyPrint) installed")}}},
        "/envelope": {"get": {
            "summary": "the largest residential dock each code allows on a reference parcel, "
                       "each figure with its binding sections (found by running the "
                       "validator)",
            "parameters": [*PARCEL_PARAMS,
                           {"name": "format", "in": "query",
                            "schema": {"type": "string", "enum": ["html", "json", "csv"]}}],
            "responses": {"200": {"description": "figures per code (JSON for API clients, "
                                                 "HTML for browsers, tidy CSV)",
                                  "content": content(["application/json", "text/html",
                                                      "text/csv"])},
                          "400": error("a parcel value no parcel can have, or an unknown land "
                                       "use"),
                          "406": error("format other than html, json or csv")}}},
        "/chapter/{jid}": {"get": {
            "summary": "a code read whole: contents as a tree, the text continuous with its "
                       "amendment notes and linked cross-references, its source and how "
                       "current it is (HTML)",
            "parameters": [{"name": "jid", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "responses": {"200": {"description": "page", "content": content(["text/html"])},
                          "404": error("no such code")}}},
        "/search": {"get": {
            "summary": "full-text search of the law (ranked, highlighted)",
            "parameters": [
                {"name": "q", "in": "query", "schema": {"type": "string"},
                 "description": "words (stemmed, all required), \"phrases\", prefix*, OR, NOT"},
                {"name": "jurisdiction", "in": "query", "schema": {"type": "string"}},
                {"name": "kind", "in": "query", "schema": {"type": "array", "items": {
                    "type": "string", "enum": ["section", "definition", "rule", "note"]}}},
                {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1,
                                                            "maximum": 200, "default": 20}},
                {"name": "format", "in": "query",
                 "schema": {"type": "string", "enum": ["json", "html"]}}],
            "responses": {
                "200": {"description": "hits, best first (JSON for API clients, HTML for "
                                       "browsers)",
                        "content": {"application/json": {"schema": {
                            "$ref": "#/components/schemas/SearchResults"}},
                            "text/html": {}}},
                "400": error("empty search, unknown kind or jurisdiction, bad limit"),
                "406": error("format other than json or html")}}},
        "/apply": {
            "get": {"summary": "the application form generated from the law (HTML; ?code= picks "
                               "the code)",
                    "parameters": [{"name": "code", "in": "query", "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "page",
                                          "content": content(["text/html"])}}},
            "post": {"summary": "the form submitted without JavaScript: add or remove a "
                                "structure, upload a drawing, check (HTML with the verdict)",
                     "requestBody": {"required": True, "content": APPLY_FORM},
                     "responses": {"200": {"description": "page with the verdict",
                                           "content": content(["text/html"])},
                                   "413": error("form or drawing over VALIDATE_MAX_BYTES"),
                                   "503": error("validation over its time budget")}}},
        "/apply/check": {"post": {
            "summary": "the verdict of the form as it stands (JSON: status, violations with how "
                       "far off and the relief, information still needed with its field)",
            "requestBody": {"required": True, "content": APPLY_FORM},
            "responses": {"200": {"description": "the verdict",
                                  "content": content(["application/json"])},
                          "413": error("form over VALIDATE_MAX_BYTES"),
                          "503": error("validation over its time budget")}}},
        "/apply/download": {"post": {
            "summary": "the application the form describes, as Turtle or JSON-LD (attachment)",
            "parameters": [{"name": "format", "in": "query", "schema": {
                "type": "string", "enum": ["ttl", "jsonld"], "default": "ttl"}}],
            "requestBody": {"required": True, "content": APPLY_FORM},
            "responses": {"200": {"description": "the application",
                                  "content": content(["text/turtle", "application/ld+json"])},
                          "400": error("format other than ttl or jsonld"),
                          "413": error("form over VALIDATE_MAX_BYTES")}}},
        "/openapi.json": {"get": {
            "summary": "this description",
            "responses": {"200": {"description": "OpenAPI 3.1",
                                  "content": content(["application/json"])}}}},
    }
    for kind in LAW_KINDS:
        paths[f"/{kind}/{{rest}}"] = law_page(kind)
    return {
        "openapi": "3.1.0",
        "info": {"title": "docklaw", "version": __version__,
                 "description": "New York municipal dock and mooring law as a knowledge graph: "
                                "a read-only SPARQL endpoint, validation of permit "
                                "applications, full-text search and the browsable law. Every "
                                "route refuses SPARQL updates (403)."},
        "paths": paths,
        "components": {"schemas": SCHEMAS},
    }


SCHEMAS: dict[str, Any] = {
    "Error": {"type": "object", "required": ["error", "status"], "properties": {
        "error": {"type": "string"}, "status": {"type": "integer"},
        "line": {"type": "integer"}, "node": {"type": "string"}}},
    "ValidationReport": {"type": "object",
                         "required": ["conforms", "jurisdiction", "results",
                                      "information_needed"],
                         "properties": {
                             "conforms": {"type": "boolean"},
                             "jurisdiction": {"type": "string"},
                             "results": {"type": "array", "items": {
                                 "type": "object", "properties": {
                                     k: {} for k in (
                                         "section", "section_iri", "section_text", "severity",
                                         "message", "focus_node", "path", "value", "relief",
                                         "relief_authority", "shape", "rule",
                                         "discretionary", "relief_note", "relief_basis",
                                         "relief_basis_section", "relief_basis_note",
                                         "section_notes", "exceptions_not_held")}}},
                             "information_needed": {"type": "array"},
                             "findings_required": {"type": "array"},
                             "compact": {"type": "boolean",
                                         "description": "present (true) with ?compact=1"},
                             "sections": {
                                 "type": "object",
                                 "description": "with ?compact=1: section_iri -> the cited "
                                                "section's citation, text and notes",
                                 "additionalProperties": {"type": "object", "properties": {
                                     "citation": {}, "text": {}, "notes": {}}}},
                             "input": {"type": "object", "description": (
                                 "POST /validate only: the syntax the application was read "
                                 "as and what named it"), "properties": {
                                 "format": {"type": "string", "enum": [
                                     "Turtle", "N-Triples", "JSON-LD", "RDF/XML"]},
                                 "media_type": {"type": "string"},
                                 "from": {"type": "string", "enum": [
                                     "the format parameter", "the Content-Type",
                                     "the file name", "the content"]},
                                 "assumed": {"type": "boolean"}}}}},
    "SearchResults": {"type": "object", "properties": {
        "query": {"type": "string"}, "jurisdiction": {"type": ["string", "null"]},
        "kinds": {"type": "array", "items": {"type": "string"}},
        "limit": {"type": "integer"}, "total": {"type": "integer"},
        "matched": {"type": "string", "enum": ["all", "any"]},
        "results": {"type": "array", "items": {"$ref": "#/components/schemas/SearchHit"}},
        "related": {"type": "array", "items": {"$ref": "#/components/schemas/SearchHit"},
                    "description": "hits for what the concept graph relates to the text "
                                   "(match: related), never literal matches"},
        "facets": {"type": "object", "properties": {
            "jurisdiction": {"type": "object", "additionalProperties": {"type": "integer"}},
            "kind": {"type": "object", "additionalProperties": {"type": "integer"}}}}}},
    "SearchHit": {"type": "object", "properties": {
        k: {"type": "string"} for k in (
            "iri", "kind", "jurisdiction", "code", "section", "citation", "title", "term",
            "snippet", "snippet_html", "href", "section_href", "related")} | {
        "score": {"type": "number"},
        "match": {"type": "string", "enum": ["literal", "related"]}}},
}


@bp.route("/openapi.json")
def openapi() -> Response:
    return jsonify(spec())
