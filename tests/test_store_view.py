"""The web pages read the law from the store itself (issue 17 item 3): ``docklaw.sparql.view``.

Every section's page context, every rule's description (blank-node limits followed) and
every concise bounded description are the same whether read from the rdflib closure graph,
from an embedded Oxigraph store holding one law graph, from one holding a graph per code, or
(``DOCKLAW_TEST_SPARQL_URL``, the Oxigraph server CI starts) from a remote store.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF

from docklaw import jurisdictions
from docklaw.kg.build import closure_graph, closure_ntriples
from docklaw.namespaces import DL, LAW_GRAPH_IRI
from docklaw.sparql.backends import load_per_code, open_store
from docklaw.sparql.partition import code_graph
from docklaw.sparql.store import OxigraphStore
from docklaw.sparql.view import StoreView, law_view
from docklaw.web.law import cbd, describe, section_context

BNODE_LABEL = re.compile(r"N?[0-9a-f]{16,}")
NUMBER = re.compile(r"-?\d+\.\d+")


def plain(value: Any) -> Any:
    """A page context with blank nodes anonymised (their labels differ between stores)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, BNode):
        return "_:"
    if isinstance(value, Literal | URIRef):
        value = str(value)
    if isinstance(value, str) and BNODE_LABEL.fullmatch(value):
        return "_:"  # a blank node's label shown as link text (rdflib's or Oxigraph's)
    if isinstance(value, str) and NUMBER.fullmatch(value):
        return str(Decimal(value).normalize())  # Oxigraph stores "0.40" as canonical "0.4"
    return value


def shape_of(graph: Graph) -> list[tuple[str, str, str]]:
    return sorted(tuple(plain(t) for t in triple) for triple in graph)


@pytest.fixture(autouse=True)
def request_context() -> Iterator[None]:
    """Page links are made with url_for: a request context of an app (not loaded)."""
    from docklaw.web import create_app

    with create_app({"TESTING": True}).test_request_context("/"):
        yield


@pytest.fixture(scope="module")
def reference() -> Graph:
    return closure_graph()


@pytest.fixture(scope="module", params=["one-graph", "graph-per-code"])
def view(request: pytest.FixtureRequest) -> Iterator[Graph]:
    store = OxigraphStore(execution="inline")
    if request.param == "one-graph":
        store.load_ntriples(LAW_GRAPH_IRI, closure_ntriples())
    else:
        load_per_code(store, closure_ntriples())
    yield law_view(store)
    store.close()


def sections(graph: Graph) -> list[URIRef]:
    return sorted(s for s in graph.subjects(DL.citation, None) if isinstance(s, URIRef))


def test_every_section_page_reads_the_same_from_the_store(reference: Graph, view: Graph) -> None:
    found = sections(reference)
    assert len(found) > 400 and sections(view) == found
    for node in found:
        assert plain(section_context(view, node)) == plain(section_context(reference, node)), node


def test_every_rule_description_follows_its_blank_nodes_in_the_store(
        reference: Graph, view: Graph) -> None:
    rules = sorted(s for s in reference.subjects(RDF.type, DL.Provision) if isinstance(s, URIRef))
    assert len(rules) > 100
    nested = 0
    for rule in rules:
        expected = plain(describe(reference, rule))
        assert plain(describe(view, rule)) == expected, rule
        assert shape_of(cbd(view, rule)) == shape_of(cbd(reference, rule)), rule
        nested += "nested" in repr(expected)
    assert nested > 50  # limits and amendments are blank nodes: they were followed


def test_the_view_is_read_only_and_counts_distinct_law_triples(reference: Graph,
                                                                view: Graph) -> None:
    assert isinstance(view.store, StoreView)
    with pytest.raises(TypeError):
        view.add((URIRef("urn:x"), RDF.type, DL.Section))
    assert len(view) == len(reference)


def test_the_app_serves_pages_from_the_store_without_an_rdflib_copy() -> None:
    from docklaw.web import create_app
    from docklaw.web.knowledge import knowledge

    app = create_app({"TESTING": True, "SPARQL_EXECUTION": "inline"})
    know = knowledge(app)
    assert isinstance(know.graph.store, StoreView)
    page = app.test_client().get("/code/north-haven/56-2D")
    assert page.status_code == 200 and "Docks and piers shall not exceed four feet" in page.text


@pytest.mark.remote
def test_pages_read_the_same_from_a_remote_store(reference: Graph, remote_url: str) -> None:
    store = open_store(f"sparql:{remote_url}", timeout=120)
    try:
        load_per_code(store, closure_ntriples(), replace=True)
        view = law_view(store)
        found = sections(reference)
        for node in found[::20]:  # every 20th section: one HTTP request per lookup
            assert plain(section_context(view, node)) == plain(section_context(reference, node))
        rules = sorted(s for s in reference.subjects(RDF.type, DL.Provision)
                       if isinstance(s, URIRef))
        for rule in rules[::10]:
            assert plain(describe(view, rule)) == plain(describe(reference, rule)), rule
    finally:
        for name in (code_graph(j) for j in jurisdictions.ids()):
            store.drop_graph(name)  # type: ignore[attr-defined]
        store.close()


def test_a_lookup_for_what_is_no_iri_finds_nothing(view: Graph) -> None:
    """A page path can carry a NUL or a space (``/code/north-haven/%00``): the store is not
    asked (Oxigraph refuses such an IRI) and the page is a 404, not a 500."""
    for text in ("https://w3id.org/docklaw/code/north-haven/\x00", "https://w3id.org/a b",
                 'https://w3id.org/docklaw/code/x"y'):
        assert (URIRef(text), None, None) not in view
        assert list(view.objects(URIRef(text), None)) == []
        assert list(view.subjects(None, URIRef(text))) == []
