"""No saved query keys an OPTIONAL on a variable only optionally bound (issue 27 item 3).

Why: Oxigraph evaluates an OPTIONAL's group on its own and joins it afterwards; where every
variable it shares with the pattern before it may be unbound there, the join cannot use them as
a key and compares each row with every row of the group, which grows with the store: a
cross product. ``OPTIONAL { ?section dl:numberPrinted ?numberPrinted }`` after a chain binding
``?section`` inside nested OPTIONALs made thirteen saved queries quadratic in the number of codes
(``max-width`` 140 ms on 20 synthetic codes, 3.7 s on 100: 27x where linear is 5x;
``bench/query_scaling.py``). docs/DESIGN.md, "Writing saved queries that scale", states the
rule; this test reads each query's algebra (rdflib) and names the OPTIONAL that breaks it.
"""

from __future__ import annotations

from typing import Any

import pytest
from rdflib.plugins.sparql.algebra import translateQuery
from rdflib.plugins.sparql.parser import parseQuery
from rdflib.term import Variable

from docklaw.queries.catalogue import catalogue

#: algebra nodes whose solutions are their one operand's (``p``), some of them extended
PASS = {"SelectQuery", "Project", "Distinct", "Reduced", "Slice", "OrderBy", "Filter",
        "ToMultiSet", "Graph", "Group", "AggregateJoin"}


def terms(triple: Any) -> set[Variable]:
    return {t for t in triple if isinstance(t, Variable)}


def bound(node: Any) -> tuple[set[Variable], set[Variable]]:
    """(variables every solution of ``node`` binds, variables some solution may bind)."""
    name = getattr(node, "name", None)
    if name == "BGP":
        found = set().union(*(terms(t) for t in node.get("triples") or ())) if \
            node.get("triples") else set()
        return found, set(found)
    if name in PASS:
        return bound(node.get("p"))
    if name == "Extend":
        certain, maybe = bound(node.get("p"))
        return certain | {node.get("var")}, maybe | {node.get("var")}
    if name == "Join":
        (c1, m1), (c2, m2) = bound(node.get("p1")), bound(node.get("p2"))
        return c1 | c2, m1 | m2
    if name in ("LeftJoin", "Minus"):
        c1, m1 = bound(node.get("p1"))
        if name == "Minus":
            return c1, m1
        _c2, m2 = bound(node.get("p2"))
        return c1, m1 | m2
    if name == "Union":
        (c1, m1), (c2, m2) = bound(node.get("p1")), bound(node.get("p2"))
        return c1 & c2, m1 | m2
    if name == "values":
        rows = node.get("res") or []
        keys = set().union(*(set(r) for r in rows)) if rows else set()
        return {k for k in keys if all(k in r for r in rows)}, keys
    return set(), set()


def loose_optionals(node: Any, found: list[str]) -> list[str]:
    """Each OPTIONAL (LeftJoin) whose shared variables are all only optionally bound before it."""
    name = getattr(node, "name", None)
    if name is None:
        return found
    if name == "LeftJoin":
        certain, maybe = bound(node.get("p1"))
        _c2, right = bound(node.get("p2"))
        shared = right & maybe
        if shared and not shared & certain:
            found.append("OPTIONAL keyed only on " + ", ".join(sorted("?" + v for v in shared)))
    for key in ("p", "p1", "p2"):
        child = node.get(key) if hasattr(node, "get") else None
        if child is not None:
            loose_optionals(child, found)
    return found


@pytest.mark.parametrize("name", sorted(catalogue()))
def test_no_saved_query_keys_an_optional_on_an_optionally_bound_variable(name: str) -> None:
    algebra = translateQuery(parseQuery(catalogue()[name].text)).algebra
    assert loose_optionals(algebra, []) == [], name


def test_the_check_finds_the_pattern_that_made_the_queries_quadratic() -> None:
    text = """PREFIX dl: <https://w3id.org/docklaw/ontology#>
    SELECT ?rule ?n WHERE { ?rule a dl:Requirement
      OPTIONAL { ?rule dl:section ?section }
      OPTIONAL { ?section dl:numberPrinted ?n } }"""
    assert loose_optionals(translateQuery(parseQuery(text)).algebra, []) == [
        "OPTIONAL keyed only on ?section"]
    nested = text.replace("OPTIONAL { ?rule dl:section ?section }\n      OPTIONAL { ?section "
                          "dl:numberPrinted ?n } }", "OPTIONAL { ?rule dl:section ?section "
                          "OPTIONAL { ?section dl:numberPrinted ?n } } }")
    assert nested != text
    assert loose_optionals(translateQuery(parseQuery(nested)).algebra, []) == []
