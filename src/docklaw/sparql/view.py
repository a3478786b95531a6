"""The law in a store, seen as a read-only rdflib Graph: the web pages read the store itself.

Why: a page needs a few hundred pattern lookups (a section, its children, the labels of what
it links to). Reading the whole law back into an rdflib graph for that (what earlier versions
did) cost ~180 MiB per 50 codes, several GiB at 1,000 (issue 17). Here every lookup goes to the
store: an embedded Oxigraph store (memory or ``oxigraph:PATH``) answers it from its indexes
in this process; any other store (``sparql:URL``) answers one SELECT per pattern, and a
named subject's description is fetched with its blank nodes in one CONSTRUCT (blank-node
labels from a remote store cannot be asked about in a later query).

Only the law graphs count (``LAW_GRAPH_IRI`` and the per-code graphs under it); a triple
stored in two of them is seen once.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import Any

import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.store import Store as RdflibStore
from rdflib.term import Node

from docklaw.namespaces import LAW_GRAPH_IRI
from docklaw.sparql.safety import QueryPlan
from docklaw.sparql.store import Store, to_rdflib

CODE_GRAPHS = f"{LAW_GRAPH_IRI}/code/"
LAW_FILTER = f'FILTER(?g = <{LAW_GRAPH_IRI}> || STRSTARTS(STR(?g), "{CODE_GRAPHS}"))'
#: blank-node depth fetched with a remote subject (``describe`` follows four levels)
BNODE_DEPTH = 4
#: remote subjects whose descriptions are kept (a page asks about the same ones repeatedly)
REMOTE_CACHE = 512
Pattern = tuple[Node | None, Node | None, Node | None]


def is_law_graph(name: Any) -> bool:
    return isinstance(name, ox.NamedNode) and (
        name.value == LAW_GRAPH_IRI or name.value.startswith(CODE_GRAPHS))


#: what an IRI never contains (RFC 3987): controls, space, and <>"{}|\^`
_NOT_IN_IRI = re.compile(r'[\x00-\x20<>"{}|\\^`\x7f]')


def valid_iri(term: URIRef) -> bool:
    return not _NOT_IN_IRI.search(str(term))


def to_oxigraph(term: Node | None) -> Any:
    """rdflib term -> pyoxigraph term (None stays None: a wildcard)."""
    if term is None:
        return None
    if isinstance(term, URIRef):
        return ox.NamedNode(str(term))
    if isinstance(term, BNode):
        return ox.BlankNode(str(term))
    if isinstance(term, Literal):
        if term.language:
            return ox.Literal(str(term), language=term.language)
        if term.datatype is not None:
            return ox.Literal(str(term), datatype=ox.NamedNode(str(term.datatype)))
        return ox.Literal(str(term))
    raise TypeError(f"not an RDF term: {term!r}")


class StoreView(RdflibStore):
    """rdflib Store over a docklaw Store: read-only, every lookup answered by the store."""

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.docklaw_store = store
        self.embedded: Any = getattr(store, "store", None)
        if not isinstance(self.embedded, ox.Store):
            self.embedded = None
        self._described: dict[Node, list[tuple[Node, Node, Node]]] = {}
        self._bnodes: dict[Node, list[tuple[Node, Node, Node]]] = {}
        self._owned: dict[Node, set[Node]] = {}  # subject -> the blank nodes fetched with it
        self._lock = threading.Lock()  # request threads share the remote descriptions

    # -- rdflib Store API (read side) ---------------------------------------------------

    def triples(self, triple_pattern: Any, context: Any = None) -> Iterator[Any]:
        for triple in self._matches(tuple(triple_pattern)):  # type: ignore[arg-type]
            yield triple, iter([None])

    def __len__(self, context: Any = None) -> int:
        rows = self._select(f"SELECT (COUNT(*) AS ?n) WHERE {{ SELECT DISTINCT ?s ?p ?o "
                            f"WHERE {{ GRAPH ?g {{ ?s ?p ?o }} {LAW_FILTER} }} }}")
        return int(rows[0][0]) if rows and rows[0][0] is not None else 0  # type: ignore[arg-type]

    def contexts(self, triple: Any = None) -> Iterator[Any]:
        return iter([])

    def add(self, triple: Any, context: Any, quoted: bool = False) -> None:
        raise TypeError("the law seen from a store is read-only")

    def remove(self, triple: Any, context: Any = None) -> None:
        raise TypeError("the law seen from a store is read-only")

    # -- lookups -------------------------------------------------------------------------

    def _matches(self, pattern: Pattern) -> Iterator[tuple[Node, Node, Node]]:
        if any(term is not None and not isinstance(term, URIRef | BNode | Literal)
               for term in pattern):
            return  # a path or a graph as a term: never stored
        if isinstance(pattern[0], Literal) or isinstance(pattern[1], BNode | Literal):
            return
        if any(isinstance(term, URIRef) and not valid_iri(term) for term in pattern) or any(
                isinstance(term, Literal) and term.datatype is not None
                and not valid_iri(term.datatype) for term in pattern):
            return  # not an IRI a store can hold (a NUL, a space ... from a request path)
        if self.embedded is not None:
            yield from self._embedded(pattern)
        else:
            yield from self._remote(pattern)

    def _embedded(self, pattern: Pattern) -> Iterator[tuple[Node, Node, Node]]:
        s, p, o = (to_oxigraph(t) for t in pattern)
        seen: set[tuple[Any, Any, Any]] = set()
        for quad in self.embedded.quads_for_pattern(s, p, o, None):
            if not is_law_graph(quad.graph_name):
                continue
            key = (quad.subject, quad.predicate, quad.object)
            if key in seen:
                continue
            seen.add(key)
            yield (to_rdflib(quad.subject), to_rdflib(quad.predicate),  # type: ignore[misc]
                   to_rdflib(quad.object))

    def _remote(self, pattern: Pattern) -> Iterator[tuple[Node, Node, Node]]:
        s, p, o = pattern
        if isinstance(s, BNode):  # only known from a description fetched with its subject
            for triple in self._bnodes.get(s, []):
                if (p is None or triple[1] == p) and (o is None or triple[2] == o):
                    yield triple
            return
        if isinstance(s, URIRef):
            for triple in self._description(s):
                if (p is None or triple[1] == p) and (o is None or triple[2] == o):
                    yield triple
            return
        if isinstance(o, BNode):
            return  # a remote blank node cannot be named in a query
        where = " ".join(t.n3() if t is not None else v
                         for t, v in zip(pattern, ("?s", "?p", "?o"), strict=True))
        rows = self._select(f"SELECT DISTINCT ?s ?p ?o WHERE {{ GRAPH ?g {{ {where} }} "
                            f"{LAW_FILTER} }}")
        for row in rows:
            yield tuple(  # type: ignore[misc]
                bound if bound is not None else row[i] for i, bound in enumerate(pattern))

    def _description(self, subject: URIRef) -> list[tuple[Node, Node, Node]]:
        """The subject's triples and its blank nodes' (to BNODE_DEPTH), fetched once."""
        found = self._described.get(subject)
        if found is not None:
            return found
        branches = [f"{{ BIND({subject.n3()} AS ?a) ?a ?p ?o }}"]
        for depth in range(1, BNODE_DEPTH + 1):
            steps, source = [], subject.n3()
            for level in range(1, depth + 1):
                steps.append(f"{source} ?q{level} ?b{level} . FILTER(isBlank(?b{level}))")
                source = f"?b{level}"
            branches.append("{ " + " ".join(steps) + f" ?b{depth} ?p ?o BIND(?b{depth} AS ?a) }}")
        text = ("CONSTRUCT { ?a ?p ?o } WHERE { GRAPH ?g { " + " UNION ".join(branches)
                + f" }} {LAW_FILTER} }}")
        graph = self.docklaw_store.execute(own_plan(text, "CONSTRUCT"), None,
                                           deadline=None).graph or Graph()
        triples: list[tuple[Node, Node, Node]] = []
        by_blank: dict[Node, list[tuple[Node, Node, Node]]] = {}
        for s, p, o in graph:
            if s == subject:
                triples.append((s, p, o))
            else:
                by_blank.setdefault(s, []).append((s, p, o))
        with self._lock:
            self._remember(subject, triples, by_blank)
        return triples

    def _remember(self, subject: URIRef, triples: list[tuple[Node, Node, Node]],
                  by_blank: dict[Node, list[tuple[Node, Node, Node]]]) -> None:
        while len(self._described) >= REMOTE_CACHE:  # bounded: the oldest subject goes first
            oldest = next(iter(self._described))
            for blank in self._owned.pop(oldest, ()):
                self._bnodes.pop(blank, None)
            del self._described[oldest]
        self._bnodes.update(by_blank)
        self._described[subject] = triples
        self._owned[subject] = set(by_blank)

    def _select(self, text: str) -> list[tuple[Node | None, ...]]:
        return list(self.docklaw_store.execute(own_plan(text, "SELECT"), None,
                                               deadline=None).rows)


def own_plan(text: str, kind: str) -> QueryPlan:
    """The plan of a query this view wrote itself, without the safety check's parse.

    Why: the check (``docklaw.sparql.safety``) is for queries from outside; it parses every
    text with rdflib's SPARQL grammar, and the view's lookups are all different texts (one
    per subject), so on a remote store a page paid ~0.1-1 s of parsing per lookup, ten times
    the request itself. What the view writes is only its fixed patterns over terms that
    ``_matches`` let through: IRIs without the characters that could end one (``valid_iri``)
    and literals written by rdflib's ``n3()`` escaping; no SERVICE, no FROM, no update."""
    return QueryPlan(text=text, kind=kind)


def law_view(store: Store) -> Graph:
    """The law graphs of ``store`` as a read-only rdflib Graph (no copy of the triples)."""
    return Graph(store=StoreView(store), identifier=URIRef(LAW_GRAPH_IRI))
