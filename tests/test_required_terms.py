"""What a hand-written target query cannot match without (``law.required``): only patterns
every solution must match count, so an application lacking one has no focus node there and
the query need not run. Soundness over every case and example is test_cases'
``test_direct_target_evaluation_agrees_with_the_sparql_targets`` (focus nodes against every
target run in a full mirror); here, each algebra form on its own, and the skip happening."""

from __future__ import annotations

import pytest
from rdflib import Graph, Literal, URIRef

from docklaw import jurisdictions
from docklaw.law.required import required_terms, unmet
from docklaw.law.snapshot import get_prepared
from docklaw.law.targets import Mirror
from docklaw.namespaces import RDF

P, Q, R, T, U = (URIRef(f"urn:x:{n}") for n in "pqrtu")
C = URIRef("urn:x:C")

#: query -> what every solution needs ((predicate, class or None))
CASES = {
    "a triple pattern": ("SELECT ?s WHERE { ?s <urn:x:p> ?o }", {(P, None)}),
    "a class": ("SELECT ?s WHERE { ?s a <urn:x:C> }", {(RDF.type, C)}),
    "a class given by a variable is any type": ("SELECT ?s WHERE { ?s a ?c }",
                                                  {(RDF.type, None)}),
    "optional, minus and not-exists add nothing": (
        "SELECT ?s WHERE { ?s <urn:x:p> ?o OPTIONAL { ?s <urn:x:q> ?x } "
        "MINUS { ?s <urn:x:r> ?y } FILTER NOT EXISTS { ?s <urn:x:t> ?z } }", {(P, None)}),
    "a union needs what both branches need": (
        "SELECT ?s WHERE { { ?s <urn:x:p> ?o . ?s <urn:x:u> 1 } UNION { ?s <urn:x:p> ?o } }",
        {(P, None)}),
    "a sub-select with a limit": (
        "SELECT ?s WHERE { { SELECT ?s WHERE { ?s <urn:x:p> ?o } LIMIT 1 } BIND(1 AS ?k) }",
        {(P, None)}),
    "a join needs both sides": (
        "SELECT ?s WHERE { { SELECT ?s WHERE { ?s <urn:x:p> ?o } } ?s <urn:x:q> ?v }",
        {(P, None), (Q, None)}),
    "a property path needs nothing": ("SELECT ?s WHERE { ?s <urn:x:p>* ?o }", set()),
    "an aggregate answers over nothing": (
        "SELECT (COUNT(*) AS ?n) WHERE { ?s <urn:x:p> ?o }", set()),
    "a group answers nothing over nothing, but is not read": (
        "SELECT ?s WHERE { ?s <urn:x:p> ?o } GROUP BY ?s", set()),
    "a named graph is not the mirror's": ("SELECT ?s WHERE { GRAPH ?g { ?s <urn:x:p> ?o } }",
                                          set()),
    "values need nothing": ("SELECT ?s WHERE { VALUES ?s { <urn:x:a> } }", set()),
    "only an optional": ("SELECT ?s WHERE { OPTIONAL { ?s <urn:x:p> ?o } }", set()),
    "a text rdflib cannot read": ("SELECT ?s WHERE { ?s <urn:x:p> ", set()),
    # where rdflib and Oxigraph read one text differently (found by an independent review):
    "a \\u escape outside a string (rdflib expands it everywhere)": (
        'SELECT ?s WHERE { ?s a <urn:x:C> OPTIONAL { ?s <urn:x:q> "\\u0022 } '
        '?s <urn:x:zz> ?o . OPTIONAL { ?s <urn:x:q> \\u0022" } }', set()),
    "an escape in a prefixed name": ("PREFIX e: <urn:x:> SELECT ?s WHERE { ?s a e:C\\-1 }",
                                     set()),
    "a relative IRI under BASE": ("BASE <http://ex/x/> SELECT ?s WHERE { ?s a <../C> }", set()),
    "a prefixed name": ("PREFIX e: <urn:x:> SELECT ?s WHERE { ?s e:p ?o }", set()),
    "rdf:type written in full": (
        "SELECT ?s WHERE { ?s <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <urn:x:C> }",
        {(RDF.type, C)}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_required_terms(name: str) -> None:
    text, expected = CASES[name]
    assert required_terms(text) == frozenset(expected)


@pytest.mark.parametrize("name", [n for n, (_t, e) in CASES.items() if e])
def test_a_graph_without_a_need_answers_nothing_in_oxigraph(name: str) -> None:
    """The claim checked against Oxigraph itself: a graph stating every need answers; the
    same graph without one of them (every triple it names removed) answers nothing."""
    text, expected = CASES[name]
    s, o = URIRef("urn:x:s"), URIRef("urn:x:o")
    full = Graph()
    for prop in (P, Q, U):
        full.add((s, prop, o))
    full.add((s, U, Literal(1)))
    full.add((s, RDF.type, C))

    def answers(graph: Graph) -> int:
        return len(list(Mirror(graph).store.query(text)))

    assert not unmet(full, required_terms(text)) and answers(full), name
    for prop, cls in expected:
        graph = Graph()
        for t in full.triples((None, None, None)):
            if t[1] != prop or (cls is not None and t[2] != cls):
                graph.add(t)
        assert unmet(graph, required_terms(text)), (name, prop)
        assert answers(graph) == 0, (name, prop)


def test_every_hand_written_target_is_read_and_some_are_skipped() -> None:
    """Every code's explicit targets have their needs read at compile time (none left to a
    failed parse where one is known), and a South Bristol example without a consolidated
    parcel count skips the consolidated-dock targets."""
    prepared = get_prepared()
    for jid in jurisdictions.ids():
        compiled = prepared.compiled(jid)
        for shape, query in compiled.targets.items():
            if shape in compiled.specs:
                continue
            assert query in compiled.target_needs, shape
            assert compiled.target_needs[query], shape  # each needs at least one predicate
    compiled = prepared.compiled("south-bristol")
    consolidated = [q for s, q in compiled.targets.items() if "consolidated-dock" in str(s)]
    assert consolidated
    needs = [compiled.target_needs[q] for q in consolidated]
    count = URIRef("https://w3id.org/docklaw/ontology#consolidatedParcelCount")
    assert all((count, None) in n for n in needs)


def test_the_escaped_text_still_finds_its_focus_node() -> None:
    """The review's counterexample end to end: rdflib reads a required ``?s <zz> ?o`` that
    Oxigraph reads as part of a string; with no needs the target runs and finds the node."""
    text = ('SELECT DISTINCT ?this WHERE { ?this a <urn:x:C> OPTIONAL { ?this <urn:x:q> '
            '"\\u0022 } ?this <urn:x:zz> ?o . OPTIONAL { ?this <urn:x:q> \\u0022" } }')
    graph = Graph()
    graph.add((URIRef("urn:x:a"), RDF.type, C))
    assert required_terms(text) == frozenset()
    assert Mirror(graph).select(text) == [URIRef("urn:x:a")]


def test_a_mirror_keeps_what_a_list_in_a_query_reads() -> None:
    """``predicates_read`` keeps rdf:first and rdf:rest (a list written in a query reads
    them without naming them), and copies everything for a text with an escape."""
    from docklaw.law.targets import predicates_read

    text = "SELECT ?this WHERE { ?this <urn:x:q> ( <urn:x:b> ) }"
    graph = Graph().parse(data="<urn:x:a> <urn:x:q> ( <urn:x:b> ) .", format="turtle")
    assert Mirror(graph, predicates_read((text,))).select(text) == [URIRef("urn:x:a")]
    assert predicates_read(('SELECT ?this WHERE { ?this <urn:x:\\u0071> ?o }',)) is None
