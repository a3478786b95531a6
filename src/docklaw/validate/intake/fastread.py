"""Turtle read by Oxigraph's parser, into the same rdflib graph rdflib's parser
would have built, or nothing (the caller then runs rdflib's parser, the reference).

Why: rdflib's Turtle parser was a fifth of a validation's time (about 4.8 ms of 25 ms per
shipped example, for about 90 triples); Oxigraph's, with the terms turned into rdflib's,
takes under 1 ms (bench/RESULTS.md, issue 27, session of 2026-12-03). The graph must be the
one rdflib builds, term for term, so nothing downstream can tell, and every input Oxigraph
refuses, or might read otherwise than rdflib, goes to rdflib's parser unchanged: its
errors (line, reason) and its readings stay the contract. ``tests/test_fastread.py`` parses
the shipped applications (every third test case) and the inputs below both ways and compares
the graphs, their prefixes and the errors.

What is handed to rdflib instead (``None``), because the two parsers differ there:
- a ``@base``/``BASE`` directive, or a relative reference other than ``<>``, ``<#id>``,
  ``<name>`` or ``<name#id>`` (the two resolve them by different code: rdflib leaves
  ``<./c/../d>`` as it is and reads ``<?q>`` against the folder);
- a datatype written as ``...string`` (rdflib keeps ``"x"^^xsd:string`` apart from ``"x"``;
  Oxigraph, as RDF 1.1, makes them one term);
- a language tag with a capital letter (Oxigraph lowercases it, rdflib keeps it);
- a number longer than 4,000 characters (rdflib's parser refuses it: see ``huge_number``);
- a prefix declared twice, or two prefixes for one namespace (rdflib binds what it saw in
  its own order);
- more than ``MAX_BRACKETS`` opening brackets (rdflib refuses deep nesting);
- rdf:XMLLiteral and rdf:HTML values (rdflib parses and normalises them);
- a triple term (RDF 1.2) or anything else rdflib's graph does not hold.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef

from docklaw.kg.flatstore import FlatGraph

#: rdflib's format name -> Oxigraph's
OX_FORMATS = {"turtle": ox.RdfFormat.TURTLE}
_XSD = "http://www.w3.org/2001/XMLSchema#"
_XSD_STRING = _XSD + "string"
_RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
_LANG_STRING = _RDF + "langString"
_PARSED_BY_RDFLIB = frozenset({_RDF + "XMLLiteral", _RDF + "HTML"})
_NUMBERS = frozenset(_XSD + n for n in (
    "integer", "decimal", "double", "float", "int", "long", "short", "byte",
    "nonNegativeInteger", "positiveInteger", "nonPositiveInteger", "negativeInteger",
    "unsignedInt", "unsignedLong", "unsignedShort", "unsignedByte"))
#: opening brackets (``[`` and ``(``) past which an input goes to rdflib: that bounds how deep
#: it can nest, and rdflib's recursive parser refuses nesting deeper than about 120 levels
#: ("nested too deeply"), which Oxigraph reads; the shipped applications have at most 65
MAX_BRACKETS = 100
#: longest number handed on (Python's int() refuses more than 4,300 digits)
MAX_NUMBER = 4000
_BASE = re.compile(rb"@base\b|(?<![\w:])BASE\b", re.IGNORECASE)
_STRING_TYPE = re.compile(rb"\^\^\s*(?:<[^>]*string>|[^\s<>]*:string\b)", re.IGNORECASE)
_CAPITAL_TAG = re.compile(rb"[\"']@[A-Za-z0-9-]*[A-Z]")
#: an IRI reference without a scheme: relative (or a ``<`` in a string: referred all the same)
_RELATIVE = re.compile(rb"<(?![A-Za-z][A-Za-z0-9+.-]*:)([^<>\s]*)>")
#: the relative references both parsers resolve alike: empty, a fragment, one plain segment
_SIMPLE_RELATIVE = re.compile(rb"(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*)?(?:#[^#?/\\]*)?")
_PREFIX = re.compile(rb"@prefix\b|(?<![\w:])PREFIX\b", re.IGNORECASE)


class Refer(Exception):
    """This input goes to rdflib's parser."""


class TooManyTriples(Exception):
    """Raised from inside a parser when the triple cap is passed (turned into PayloadTooLarge)."""


def read(data: bytes, rdf_format: str, base: str, cap: int | None) -> Graph | None:
    """``data``'s graph with its prefixes bound, as rdflib's parser would build it (on a
    ``FlatGraph``: the stages after intake copy it once, and read it without rdflib's
    per-triple context records); None when the input is for rdflib's parser (module doc).
    More than ``cap`` triples (counted as rdflib's parser adds them, duplicates included):
    ``TooManyTriples``."""
    ox_format = OX_FORMATS.get(rdf_format)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a UTF-8 byte-order mark, which decode_utf8 accepted and drops
    if (ox_format is None or data.count(b"[") + data.count(b"(") > MAX_BRACKETS
            or _BASE.search(data) or _STRING_TYPE.search(data)
            or _CAPITAL_TAG.search(data)):
        return None
    if any(not _SIMPLE_RELATIVE.fullmatch(ref) for ref in _RELATIVE.findall(data)):
        return None
    try:
        triples, prefixes = _parse(data, ox_format, base, cap)
    except Refer:
        return None
    except (SyntaxError, ValueError, OSError):
        return None  # rdflib's parser says what is wrong, and where
    declared = len(_PREFIX.findall(data))
    if declared != len(prefixes) or len(set(prefixes.values())) != len(prefixes):
        return None  # a prefix declared twice (or the word in a string): rdflib's order
    if cap is not None and len(triples) > cap:
        raise TooManyTriples
    graph = FlatGraph(bind_namespaces="none")
    graph.store.copy_prefixes(_defaults())  # rdflib's default prefixes, as a new Graph binds
    graph.store.add_all(triples)
    for prefix, namespace in prefixes.items():
        graph.bind(prefix, namespace)
    return graph


@functools.cache
def _defaults() -> Graph:
    """A graph with only the prefixes every new rdflib Graph binds (``bind_namespaces``'s
    default): copied into each graph read here, not bound one by one again (each bind
    checks the store and rebuilds a lookup tree: a third of reading an application)."""
    graph = Graph()
    graph.namespace_manager  # noqa: B018  (binds them)
    return graph


def _parse(data: bytes, ox_format: Any, base: str,
           cap: int | None) -> tuple[list[tuple[Any, Any, Any]], dict[str, str]]:
    parser = ox.parse(data, format=ox_format, base_iri=base)
    iris: dict[str, URIRef] = {}
    blanks: dict[str, BNode] = {}
    literals: dict[tuple[str, str | None, str | None], Literal] = {}

    def iri(value: str) -> URIRef:
        term = iris.get(value)
        if term is None:
            term = iris[value] = URIRef(value)
        return term

    def node(term: Any) -> Any:
        kind = type(term)
        if kind is ox.NamedNode:
            return iri(term.value)
        if kind is ox.BlankNode:
            found = blanks.get(term.value)
            if found is None:
                found = blanks[term.value] = BNode()  # fresh, as rdflib's parser makes them
            return found
        if kind is ox.Literal:
            lang = term.language
            datatype = term.datatype.value
            key = (term.value, lang, datatype)
            found = literals.get(key)
            if found is None:
                found = literals[key] = literal(term.value, lang, datatype)
            return found
        raise Refer  # a triple term: rdflib's graph has none

    triples = []
    for seen, quad in enumerate(parser, start=1):
        if cap is not None and seen > cap + 1:
            break  # the store refuses at cap + 1: no need to read further
        triples.append((node(quad.subject), iri(quad.predicate.value), node(quad.object)))
    return triples, dict(parser.prefixes)


def literal(value: str, lang: str | None, datatype: str) -> Literal:
    """rdflib's literal for what Oxigraph read (module doc: what is refused)."""
    if lang is not None or datatype == _LANG_STRING:
        if lang is None:
            raise Refer
        return Literal(value, lang=lang)
    if datatype == _XSD_STRING:
        return Literal(value)
    if datatype in _PARSED_BY_RDFLIB:
        raise Refer
    if datatype in _NUMBERS and len(value) > MAX_NUMBER:
        raise Refer
    return Literal(value, datatype=URIRef(datatype))
