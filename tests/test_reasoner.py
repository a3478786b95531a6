"""The fast terminology closure (``docklaw.kg.reasoner``) is owlrl's closure, triple for triple.

Why it matters: the subclass map decides which shapes reach a structure; a closure that
lost a subclass entailment would let a structure escape the shapes of its class.
"""

from __future__ import annotations

import owlrl
import owlrl.Closure
import owlrl.OWLRL
import pytest
from rdflib import Graph, URIRef
from rdflib.namespace import OWL, RDF, RDFS

from docklaw.kg import build
from docklaw.kg.reasoner import clean, owl_rl_closure

EQUALITY_CASE = """
@prefix ex: <http://example.org/> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Dock owl:sameAs ex:Pier .
ex:Pier rdfs:subClassOf ex:Structure .
ex:owner a owl:FunctionalProperty .
ex:d1 ex:owner ex:alice ; ex:owner ex:alicia .
ex:Both owl:intersectionOf ( ex:Dock ex:Floating ) .
ex:Either owl:unionOf ( ex:Dock ex:Lift ) .
ex:Lifted owl:equivalentClass [ a owl:Restriction ; owl:onProperty ex:on ;
                                owl:someValuesFrom ex:Lift ] .
"""


def stock_closure(source: Graph) -> Graph:
    g = Graph()
    g += source
    owlrl.DeductiveClosure(owlrl.OWLRL_Semantics, axiomatic_triples=False,
                           improved_datatypes=False).expand(g)
    return clean(g)


def fast_closure(source: Graph) -> Graph:
    g = Graph()
    g += source
    return owl_rl_closure(g)


@pytest.mark.cost(7)
def test_the_shipped_terminology_closes_exactly_as_stock_owlrl_closes_it() -> None:
    source = build.schema_graph()
    expected, got = set(stock_closure(source)), set(fast_closure(source))
    assert got == expected
    assert len(got) > len(set(source))  # it did entail something


def test_equality_functional_and_class_constructors_close_as_stock_owlrl() -> None:
    source = Graph().parse(data=EQUALITY_CASE, format="turtle")
    got = set(fast_closure(source))
    assert got == set(stock_closure(source))
    ex = "http://example.org/"
    assert (URIRef(ex + "Dock"), RDFS.subClassOf, URIRef(ex + "Structure")) in got
    assert (URIRef(ex + "alicia"), OWL.sameAs, URIRef(ex + "alice")) in got
    assert (URIRef(ex + "Both"), RDFS.subClassOf, URIRef(ex + "Dock")) in got


def test_owlrl_sees_rdflibs_own_namespaces_again_after_the_closure() -> None:
    fast_closure(Graph().parse(data=EQUALITY_CASE, format="turtle"))
    assert owlrl.OWLRL.OWL is OWL and owlrl.OWLRL.RDF is RDF and owlrl.OWLRL.RDFS is RDFS
    assert owlrl.Closure.RDF is RDF
