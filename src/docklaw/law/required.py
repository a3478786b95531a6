"""What a SPARQL target query cannot match without: the predicates (and rdf:type classes) that
every one of its solutions reads.

Why: a code's hand-written targets (``sh:target`` with ``sh:select``) run in an Oxigraph mirror
of each application, and Oxigraph parses and plans each text on every call (0.1-0.6 ms each,
a third of South Bristol's focus-node time) even when the application states none of what it
asks for (no vessel berthed, no consolidated parcel count). When the application has no
triple with a predicate the query requires, its answer is empty without asking. Read once per
compiled code (``compile.CompiledShapes.target_needs``), from rdflib's algebra of the text.

Sound where rdflib and Oxigraph read the text alike (a text with a backslash, BASE or PREFIX
gets no needs, and a need names an IRI written as such in the text); then only patterns every
solution must match count. A BGP's triples with an
IRI predicate (and ``?x a <Class>``) are required; a join requires both sides, a union only
what both branches require, OPTIONAL and MINUS only their left side; FILTER (NOT EXISTS
included) requires nothing more; property paths, GRAPH, SERVICE, VALUES and aggregates (one row
even over no input) require nothing. Anything else, or a text rdflib cannot read, requires
nothing: the query runs.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from rdflib import URIRef
from rdflib.plugins.sparql.algebra import translateQuery
from rdflib.plugins.sparql.parser import parseQuery

from docklaw.namespaces import RDF

#: (predicate, class): the application needs a triple with the predicate, and for rdf:type
#: with that class as its object; class None for any other predicate
Need = tuple[URIRef, URIRef | None]

#: where rdflib and Oxigraph can read one text differently (an independent review, issue
#: 27): rdflib expands ``\u`` escapes across the whole text (Oxigraph only inside strings and
#: IRIs), keeps escapes in prefixed names, and resolves relative IRIs its own way. A text with a
#: backslash, BASE or PREFIX gets no needs: it always runs.
_PROLOGUE = re.compile(r"\b(?:BASE|PREFIX)\b", re.IGNORECASE)
#: an IRI written in a query's text
IRI = re.compile(r"<([^<>\s]*)>")

#: algebra nodes whose solutions are some of their one operand's (``p``) solutions, extended
PASS_THROUGH = {"SelectQuery", "Project", "Distinct", "Reduced", "Slice", "OrderBy", "Filter",
                "Extend", "ToMultiSet"}


@lru_cache(maxsize=1024)
def required_terms(text: str) -> frozenset[Need]:
    """What every solution of the SELECT ``text`` reads (empty: nothing known). Remembered per
    text: each compile of a code (``docklaw lint``, a test's cut-down code) reads the same."""
    if "\\" in text or _PROLOGUE.search(text):
        return frozenset()  # where rdflib and Oxigraph may read the text differently
    try:
        algebra = translateQuery(parseQuery(text)).algebra
    except Exception:  # rdflib cannot read it (Oxigraph may): nothing known, the query runs
        return frozenset()
    written = set(IRI.findall(text))  # a need names an IRI as the text writes it
    return frozenset(need for need in _required(algebra)
                     if (str(need[0]) in written or need[0] == RDF.type)
                     and (need[1] is None or str(need[1]) in written))


def _required(node: Any) -> set[Need]:
    name = getattr(node, "name", None)
    if name == "BGP":
        out: set[Need] = set()
        for _s, p, o in node.get("triples") or ():
            if isinstance(p, URIRef):
                out.add((p, o if p == RDF.type and isinstance(o, URIRef) else None))
        return out
    if name in PASS_THROUGH:
        return _required(node.get("p"))
    if name == "Join":
        return _required(node.get("p1")) | _required(node.get("p2"))
    if name in ("LeftJoin", "Minus"):
        return _required(node.get("p1"))
    if name == "Union":
        return _required(node.get("p1")) & _required(node.get("p2"))
    return set()  # Group and AggregateJoin (a row even over nothing), values, Graph ...


def unmet(graph: Any, needs: frozenset[Need]) -> bool:
    """Whether ``graph`` lacks something ``needs`` names (then the query matches nothing)."""
    for prop, cls in needs:
        pattern = (None, prop, cls)
        if next(iter(graph.triples(pattern)), None) is None:
            return True
    return False
