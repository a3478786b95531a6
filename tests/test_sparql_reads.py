"""Which predicates a query can read (``docklaw.sparql.reads``): a query is "closed" when every
pattern names its predicate, and only then may a union server answer it without the graph list
that hides docklaw's bookkeeping (``remote.RemoteStore.execute``). Each row: the query, and
whether it is closed; an open query must never be read as closed."""

from __future__ import annotations

import pytest

from docklaw import paths
from docklaw.sparql.reads import could_read, predicates_read
from docklaw.sparql.specs import BOOKKEEPING_PREDICATES

P, Q = "<http://x/p>", "<http://x/q>"
ROWS = f"<{BOOKKEEPING_PREDICATES[0]}rows>"

CASES = [
    (f"SELECT ?s WHERE {{ ?s {P} ?o }}", True),
    ("SELECT ?s WHERE { ?s ?p ?o }", False),
    (f"SELECT ?s WHERE {{ GRAPH ?g {{ ?s {P} ?o }} }}", False),
    (f"SELECT ?s WHERE {{ ?s {P} ?o FILTER NOT EXISTS {{ ?s ?q ?z }} }}", False),
    (f"SELECT ?s WHERE {{ ?s {P} ?o FILTER NOT EXISTS {{ ?s {Q} [ {P} 1 ] }} }}", True),
    (f"SELECT ?s WHERE {{ ?s {P}* ?o }}", False),  # length zero: every node of the graph
    (f"SELECT ?s WHERE {{ ?s {P}* ?o . ?o {Q} 1 }}", True),  # joined to a named predicate
    (f"SELECT ?s WHERE {{ {{ ?s {P}* ?o }} UNION {{ ?o {Q} 1 }} }}", False),
    (f"SELECT ?s WHERE {{ ?s {P}* <http://x/c> }}", True),
    (f"SELECT ?s WHERE {{ ?s !{P} ?o }}", False),
    (f"SELECT ?s WHERE {{ ?s ^{P}/{Q} ?o }}", True),
    (f"SELECT ?s WHERE {{ ?s {P}|{Q} ?o }}", True),
    ("DESCRIBE <http://x/a>", False),
    (f"SELECT ?s WHERE {{ {{ SELECT ?s WHERE {{ ?s ?p ?o }} }} ?s {P} 1 }}", False),
    ("SELECT ?s WHERE { OPTIONAL { ?s ?p ?o } }", False),
    ("ASK { ?s a ?t }", True),
    ("SELECT ?s WHERE { ?s", False),  # does not parse: open (check_query refuses it)
    # a variable predicate that a VALUES block joined with it lists only IRIs for
    (f"SELECT * {{ VALUES ?p {{ {P} {Q} }} ?s ?p ?o }}", True),
    (f"SELECT * {{ VALUES ?p {{ {P} UNDEF }} ?s ?p ?o }}", False),
    (f"SELECT * {{ VALUES ?p {{ {P} }} OPTIONAL {{ ?s ?p ?o }} }}", False),
    (f"SELECT * {{ VALUES ?p {{ {P} }} {{ ?s ?p ?o }} UNION {{ ?s {Q} ?o }} }}", False),
    ("SELECT * { VALUES ?p { 1 } ?s ?p ?o }", False),
    # a path of length zero in an OPTIONAL whose required side binds one of its ends
    (f"SELECT * {{ ?a {Q} ?l OPTIONAL {{ ?l {P}* ?c }} }}", True),
    (f"SELECT * {{ ?a {Q} ?l OPTIONAL {{ ?l {P}* ?c OPTIONAL {{ ?c {Q} ?d }} }} }}", True),
    (f"SELECT * {{ OPTIONAL {{ ?a {Q} ?l }} OPTIONAL {{ ?l {P}* ?c }} }}", False),
    (f"SELECT * {{ ?a {Q} ?x OPTIONAL {{ ?l {P}* ?c }} }}", False),
    (f"SELECT * {{ ?a {Q} ?l OPTIONAL {{ {{ ?l {P}* ?c }} UNION {{ ?z {Q} 1 }} }} }}", False),
    (f"SELECT * {{ {{ VALUES ?p {{ {P} }} }} UNION {{ ?s {Q} ?o }} ?s ?p ?o }}", False),
]


@pytest.mark.parametrize(("text", "closed"), CASES, ids=[c[0][:60] for c in CASES])
def test_a_query_is_closed_only_when_every_pattern_names_its_predicate(
        text: str, closed: bool) -> None:
    assert (predicates_read(text) is not None) is closed


def test_a_values_block_listing_a_bookkeeping_predicate_could_read_them() -> None:
    assert could_read(f"SELECT * {{ VALUES ?p {{ {P} {ROWS} }} ?s ?p ?o }}", None,
                      BOOKKEEPING_PREDICATES)


def test_a_closed_query_naming_a_bookkeeping_predicate_could_read_them() -> None:
    assert could_read(f"SELECT ?o WHERE {{ ?s {ROWS} ?o }}", None, BOOKKEEPING_PREDICATES)
    assert could_read(f"SELECT ?s WHERE {{ ?s {P} ?o FILTER EXISTS {{ ?s {ROWS} ?z }} }}",
                      None, BOOKKEEPING_PREDICATES)
    assert not could_read(f"SELECT ?o WHERE {{ ?s {P} ?o }}", None, BOOKKEEPING_PREDICATES)


def test_prefixed_names_are_read_as_the_iris_they_stand_for() -> None:
    text = f"PREFIX a: <{BOOKKEEPING_PREDICATES[0]}> SELECT ?o WHERE {{ ?s a:rows ?o }}"
    assert predicates_read(text) == frozenset({BOOKKEEPING_PREDICATES[0] + "rows"})


def test_every_saved_query_is_closed_and_none_reads_the_bookkeeping() -> None:
    """The saved all-code questions are what a union server answers without the list (a new
    one that is open is answered right, but slowly there: rewrite it or teach reads.py)."""
    texts = {p.stem: p.read_text(encoding="utf-8") for p in paths.QUERIES_DIR.glob("*.rq")}
    closed = [name for name, text in texts.items() if predicates_read(text) is not None]
    assert len(closed) == len(texts), sorted(set(texts) - set(closed))
    assert not any(could_read(texts[name], None, BOOKKEEPING_PREDICATES) for name in closed)
