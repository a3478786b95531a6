"""RDF results are written whole in every format (the SPARQL endpoint's CONSTRUCT/DESCRIBE and
the law pages): no triple is lost to a writer's layout."""

from __future__ import annotations

import json

import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.compare import isomorphic

from docklaw.sparql import formats

P = URIRef("https://example.org/p")


def tricky() -> Graph:
    """A blank node referencing itself (the OWL-RL closure's ``_:x owl:equivalentClass _:x``),
    one referenced once, a language tag and a typed literal."""
    g = Graph()
    x, y = BNode(), BNode()
    g.add((x, P, x))
    g.add((x, URIRef("https://example.org/q"), y))
    g.add((y, P, Literal("quai", lang="fr")))
    g.add((URIRef("https://example.org/s"), P, Literal("4.5", datatype=URIRef(
        "http://www.w3.org/2001/XMLSchema#decimal"))))
    return g


@pytest.mark.parametrize("media_type", formats.RDF_TYPES)
def test_a_self_referencing_blank_node_is_written_in_every_rdf_format(media_type: str) -> None:
    text = formats.serialize_graph(tricky(), media_type)
    back = Graph().parse(data=text, format=formats.RDFLIB_FORMATS[media_type])
    assert isomorphic(back, tricky())


def test_json_ld_states_each_triple_as_a_node_value() -> None:
    graph = tricky()
    document = json.loads(formats.to_jsonld(graph))
    values = sum(len(v) for node in document for k, v in node.items() if k != "@id")
    assert values == len(graph) == 4
    assert formats.to_jsonld(graph) == formats.to_jsonld(graph)  # same graph, same text
