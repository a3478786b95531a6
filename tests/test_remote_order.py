"""A remote store's ORDER BY done in docklaw (issue 27 item 3): same rows, same order.

Oxigraph's server sorted 10,000-23,000 rows of an all-code question by reading each compared
IRI and string back from its string table, 30-50 % of its time on 1,000 codes;
``docklaw.sparql.remote`` sends a query ending in ``ORDER BY ?a ?b ...`` without it and sorts
the rows itself where it can reproduce the order exactly. The oracle is the same engine
(embedded Oxigraph) sorting the same values.
"""

from __future__ import annotations

import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import XSD

from docklaw.sparql.remote import RemoteStore, client_order, sort_rows
from docklaw.sparql.results import QueryResult
from docklaw.sparql.store import OxigraphStore

EX = "https://example.org/"
DATA = f"""
@prefix ex: <{EX}> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:r1 ex:a ex:b ; ex:s "zeta" ; ex:n 10 ; ex:d "2021-03-01"^^xsd:date ; ex:t true .
ex:r2 ex:a ex:B ; ex:s "Zeta" ; ex:n 9.5 ; ex:d "1999-12-31"^^xsd:date ; ex:t false .
ex:r3 ex:a ex:b ; ex:s "été" ; ex:n "2"^^xsd:integer ; ex:d "2021-02-28"^^xsd:date .
ex:r4 ex:a ex:a2 ; ex:s "\U0001d518 astral" ; ex:n 2.0 .
ex:r5 ex:a ex:%C3%A9 ; ex:s "e\u0301 combining" ; ex:n -3 .
ex:r6 ex:a ex:b ; ex:s "" .
ex:r7 ex:s ex:iri-among-strings ; ex:n ex:iri-among-numbers .
ex:r8 ex:a ex:b ; ex:s "zeta" ; ex:n 10.00 .
"""
SELECT = ("SELECT ?r ?a ?s ?n ?d ?t WHERE { ?r <%ss> ?s "
          "OPTIONAL { ?r <%sa> ?a } OPTIONAL { ?r <%sn> ?n } OPTIONAL { ?r <%sd> ?d } "
          "OPTIONAL { ?r <%st> ?t } }" % ((EX,) * 5))


@pytest.fixture(scope="module")
def embedded() -> OxigraphStore:
    store = OxigraphStore(execution="inline")
    store.add_graph(EX + "g", Graph().parse(data=DATA, format="turtle"))
    return store


def value(term: object) -> object:
    return term.toPython() if isinstance(term, Literal) else term


def answer(store: OxigraphStore, text: str) -> QueryResult:
    return store.run_plan(store.check(text))


@pytest.mark.parametrize("keys", [["r"], ["a"], ["s"], ["n"], ["a", "s"], ["a", "n", "r"],
                                  ["s", "a"], ["n", "s"], ["t", "s"]])
def test_docklaw_sorts_as_the_store_does(embedded: OxigraphStore, keys: list[str]) -> None:
    text = f"{SELECT} ORDER BY {' '.join('?' + k for k in keys)}"
    stripped, parsed = client_order(text)  # type: ignore[misc]
    assert stripped == SELECT and parsed == keys
    by_store = answer(embedded, text)
    mine = answer(embedded, stripped)
    mine.rows.reverse()  # start from another order than the store's
    assert sort_rows(mine, keys, None)
    columns = [mine.variables.index(k) for k in keys]
    # rows equal on every key may come in either order (2 and 2.0 are equal as numbers)
    assert ([tuple(value(r[c]) for c in columns) for r in mine.rows]
            == [tuple(value(r[c]) for c in columns) for r in by_store.rows])
    assert sorted(mine.rows, key=repr) == sorted(by_store.rows, key=repr)


def test_the_row_cap_applies_after_sorting(embedded: OxigraphStore) -> None:
    mine = answer(embedded, SELECT)
    mine.rows.reverse()
    assert sort_rows(mine, ["r"], 3)
    assert mine.truncated
    assert [str(r[0]) for r in mine.rows] == [EX + "r1", EX + "r2", EX + "r3"]


@pytest.mark.parametrize("values", [
    [Literal("a"), Literal(1)],                      # strings and numbers: no total order
    [Literal("a", lang="en"), Literal("b")],         # language tags
    [Literal(1.5), Literal(2)],                      # a double
    [Literal("2026-12-02", datatype=XSD.date)],      # dates (their time zone is lost)
    [Literal("01", datatype=XSD.boolean)],           # an ill-typed boolean
    [Literal(True), Literal("a")],
    [BNode("x"), URIRef(EX)],                        # blank nodes: the store's own order
])
def test_values_whose_order_docklaw_does_not_reproduce_are_left_to_the_store(
        values: list[object]) -> None:
    result = QueryResult("SELECT", variables=["v"], rows=[(v,) for v in values])
    before = list(result.rows)
    assert not sort_rows(result, ["v"], None)
    assert result.rows == before


def test_a_key_outside_the_projection_is_left_to_the_store() -> None:
    result = QueryResult("SELECT", variables=["v"], rows=[(Literal("b"),), (Literal("a"),)])
    assert not sort_rows(result, ["w"], None)


@pytest.mark.parametrize("text", [
    "SELECT ?a WHERE { ?a ?b ?c } ORDER BY DESC(?a)",
    "SELECT ?a WHERE { ?a ?b ?c } ORDER BY ?a LIMIT 10",
    "SELECT ?a WHERE { ?a ?b ?c } ORDER BY ?a OFFSET 1",
    "SELECT ?a WHERE { ?a ?b ?c } ORDER BY STR(?a)",
    "SELECT ?a WHERE { ?a ?b ?c } ORDER BY ?a VALUES ?a { 1 }",
    "SELECT ?a WHERE { ?a ?b ?c } GROUP BY ?a ORDER BY ?a",
    "SELECT ?a WHERE { { SELECT ?a WHERE { ?a ?b ?c } ORDER BY ?a } }",
    "SELECT ?a WHERE { ?a ?b ?c }",
])
def test_only_a_final_plain_order_by_is_taken_over(text: str) -> None:
    assert client_order(text) is None


def test_the_store_is_sent_the_query_without_order_by_and_sorts_only_when_needed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    store = RemoteStore("http://127.0.0.1:9#union=server")
    monkeypatch.setattr(store, "graph_names", lambda: frozenset())
    monkeypatch.setattr(store, "check_server_union", lambda: None)
    sent: list[str] = []
    answers = {"plain": [(Literal("b"),), (Literal("a"),)],
               "mixed": [(Literal("b"),), (Literal(1),)]}
    current = {"rows": answers["plain"]}

    def post(text: str, kind: str, *args: object) -> QueryResult:
        sent.append(text)
        return QueryResult(kind, variables=["x"], rows=list(current["rows"]))

    monkeypatch.setattr(store, "_post_query", post)
    text = "SELECT ?x WHERE { ?s ?p ?x } ORDER BY ?x"
    result = store.run_plan(store.check(text))
    assert sent == ["SELECT ?x WHERE { ?s ?p ?x }"]
    assert result.rows == [(Literal("a"),), (Literal("b"),)]
    sent.clear()
    current["rows"] = answers["mixed"]  # no total order: asked again, the store sorts
    store.run_plan(store.check(text))
    assert sent == ["SELECT ?x WHERE { ?s ?p ?x }", text]


def test_booleans_are_sorted_by_value_whatever_their_lexical_form() -> None:
    """"1"^^xsd:boolean is true and "0" false (XSD): sorted with "true" and "false"."""
    true1, false0 = Literal("1", datatype=XSD.boolean), Literal("0", datatype=XSD.boolean)
    false, true = Literal(False), Literal(True)
    mine = QueryResult("SELECT", ["t"], [(true1,), (false,), (true,), (false0,)])
    assert sort_rows(mine, ["t"], None)
    assert [r[0].toPython() for r in mine.rows] == [False, False, True, True]
