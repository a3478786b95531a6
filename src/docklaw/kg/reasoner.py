"""The OWL 2 RL closure of a terminology, as owlrl computes it, in a fraction of its time.

Why: a cold first use (new install, changed law) ran owlrl twice over the ~3,000-triple
terminology, ~3.5 s each, most of the cold start (issue 17). The result is owlrl's own; two
things that cost time and derive nothing are removed:

* rule eq-ref writes ``x owl:sameAs x`` for every term of every triple; each of those triples
  then runs eq-sym, eq-trans and eq-rep-s/p/o, which can only re-derive triples already in the
  graph (substituting x for x). ``_clean`` dropped them afterwards anyway.
* owlrl looks up ``OWL.sameAs``, ``RDF.type`` … on rdflib's closed namespaces for every rule
  and triple (a million ``__getattr__`` calls); during the closure its modules see the same
  IRIs through a plain attribute cache.

``tests/test_reasoner.py`` checks the closure equals stock owlrl's (cleaned) on the shipped
terminology and on graphs that use owl:sameAs.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import OWL, RDF, RDFS

_LOCK = threading.Lock()


class _CachedNamespace:
    """The IRIs of a closed rdflib namespace, looked up once each (same values, same types)."""

    def __init__(self, namespace: Any) -> None:
        self._namespace = namespace

    def __getattr__(self, name: str) -> URIRef:
        value = getattr(self._namespace, name)
        setattr(self, name, value)
        return value

    def __getitem__(self, key: str) -> URIRef:
        return self._namespace[key]


@contextmanager
def _fast_namespaces() -> Iterator[None]:
    """owlrl's rule modules read OWL, RDF and RDFS through the cache while the closure runs."""
    import owlrl.Closure
    import owlrl.OWLRL

    targets = [(owlrl.OWLRL, "OWL", OWL), (owlrl.OWLRL, "RDF", RDF),
               (owlrl.OWLRL, "RDFS", RDFS), (owlrl.Closure, "RDF", RDF)]
    with _LOCK:
        saved = [(module, name, getattr(module, name)) for module, name, _ in targets]
        try:
            for module, name, namespace in targets:
                setattr(module, name, _CachedNamespace(namespace))
            yield
        finally:
            for module, name, value in saved:
                setattr(module, name, value)


def _semantics() -> type:
    from owlrl.OWLRL import OWLRL_Semantics

    class _NoReflexiveSameAs(OWLRL_Semantics):  # type: ignore[misc,valid-type]
        """OWL RL without eq-ref's ``x owl:sameAs x`` (it entails nothing else)."""

        def store_triple(self, t: tuple[Any, Any, Any]) -> None:
            if t[0] == t[2] and t[1] == OWL.sameAs:
                return
            super().store_triple(t)

    return _NoReflexiveSameAs


def owl_rl_closure(graph: Graph) -> Graph:
    """Expand ``graph`` in place to its OWL 2 RL closure (no axiomatic triples; owlrl's own
    lexical datatype handling, which accepts xsd:gMonthDay), without literal-subject triples
    and reflexive owl:sameAs. Returns the graph."""
    import owlrl

    with _fast_namespaces():
        owlrl.DeductiveClosure(
            _semantics(), axiomatic_triples=False, improved_datatypes=False
        ).expand(graph)
    return clean(graph)


def clean(g: Graph) -> Graph:
    """Drop what OWL-RL derives that is not RDF: literal subjects and reflexive owl:sameAs."""
    junk = [t for t in g if isinstance(t[0], Literal) or (t[1] == OWL.sameAs and t[0] == t[2])]
    for t in junk:
        g.remove(t)
    return g
