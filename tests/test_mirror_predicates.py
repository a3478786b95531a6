"""The per-application Oxigraph mirror holds only the triples whose predicates the code's
explicit SPARQL targets name (``targets.predicates_read``), unless a text may read any
predicate; ``tests/test_cases.py::test_direct_target_evaluation_agrees_with_the_sparql_targets``
checks the focus nodes on every case against a mirror of every triple."""

from __future__ import annotations

import pytest
from rdflib import RDF, URIRef

from docklaw.law.snapshot import get_prepared
from docklaw.law.targets import predicates_read

OPEN = {
    "a variable predicate": "SELECT ?this WHERE { ?this ?p ?o }",
    "a variable predicate after an IRI subject": 'SELECT ?this WHERE { <a:s> ?p "x" }',
    "a variable predicate after ;": "SELECT ?this WHERE { ?this <a:p> ?o ; ?p 1 }",
    "a variable predicate after a blank node": "SELECT ?this WHERE { [] ?p ?this }",
    "a variable predicate in a nested group": "SELECT ?this WHERE { ?this <a:p> ?o "
                                              "FILTER NOT EXISTS { ?o ?q <a:b> } }",
    "a negated property": "SELECT ?this WHERE { ?this !<a:p> ?o }",
    "a negated property set": "SELECT ?this WHERE { ?this (!(<a:p>|^<a:q>)) ?o }",
    "a negated type in a path": "SELECT ?this WHERE { ?this <a:p>/!a ?o }",
    "a named graph": "SELECT ?this WHERE { GRAPH ?g { ?this <a:p> ?o } }",
    "prefixed names": "PREFIX x: <a:> SELECT ?this WHERE { ?this x:p ?o }",
}
CLOSED = {
    "negations in filters": "SELECT ?this WHERE { ?this <a:p> ?o FILTER(!(?o = 1)) "
                            "FILTER(?o != 2) FILTER(!BOUND(?z)) }",
    "paths and nested groups": "SELECT DISTINCT ?this WHERE { ?this a <a:C> ; <a:p>/<a:q> ?v "
                               "FILTER NOT EXISTS { ?this (^<a:r>)*/<a:s> <a:T> } }",
}


@pytest.mark.parametrize("label", sorted(OPEN))
def test_a_text_that_may_read_any_predicate_copies_every_triple(label: str) -> None:
    assert predicates_read((OPEN[label],)) is None
    assert predicates_read(("SELECT ?this WHERE { ?this <a:p> ?o }", OPEN[label])) is None


def test_the_named_predicates_and_rdf_type_are_copied() -> None:
    """And rdf:first / rdf:rest, which a list written in a query reads without naming."""
    lists = {RDF.type, RDF.first, RDF.rest}
    assert predicates_read((CLOSED["paths and nested groups"],)) == lists | {
        URIRef("a:C"), URIRef("a:p"), URIRef("a:q"), URIRef("a:r"), URIRef("a:s"),
        URIRef("a:T")}
    assert predicates_read((CLOSED["negations in filters"],)) == lists | {URIRef("a:p")}


def test_every_code_with_explicit_targets_copies_only_what_they_read() -> None:
    prepared = get_prepared()
    seen = 0
    for jid in ("jerusalem", "kings-point", "south-bristol"):
        compiled = prepared.compiled(jid)
        texts = tuple(q for shape, q in compiled.targets.items()
                      if compiled.specs.get(shape) is None)
        assert texts, jid
        found = predicates_read(texts)
        assert found is not None, jid
        assert RDF.type in found and URIRef("https://w3id.org/docklaw/ontology#proposes") in found
        seen += 1
    assert seen == 3
