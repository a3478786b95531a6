"""A one-graph in-memory rdflib store without per-triple context bookkeeping.

Why: rdflib's default ``Memory`` store records, for every triple, the contexts it belongs to
and consults that record on every lookup; a derived application is one graph, and those
lookups were a third of a validation. ``SimpleMemory`` keeps only the three indices, but
rdflib refuses it under pyshacl's data-graph wrapper (a Dataset needs a context- and
graph-aware store) and it iterates live dictionaries (adding while iterating would fail).
This store is ``SimpleMemory`` with both fixed; it ignores contexts, so it must only ever
back a single ``Graph``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any, TypeVar

from rdflib import RDF, Graph, URIRef
from rdflib.plugins.stores.memory import SimpleMemory
from rdflib.term import Node

_NO_CONTEXTS: tuple[()] = ()
T = TypeVar("T")


def _unlink(index: dict, first: Any, second: Any, third: Any) -> None:  # type: ignore[type-arg]
    """Delete index[first][second][third], and the dictionaries it leaves empty."""
    inner = index[first]
    del inner[second][third]
    if not inner[second]:
        del inner[second]
        if not inner:
            del index[first]


class FlatMemory(SimpleMemory):
    """SimpleMemory that snapshots what it iterates and passes pyshacl's wrapper check."""

    context_aware = True  # accepted by pyshacl's DataGraph (Dataset) wrapper; one graph only
    graph_aware = True

    def __init__(self, configuration: Any = None, identifier: Any = None) -> None:
        super().__init__(configuration, identifier)
        self.changes = 0  # bumped by every add and remove: FlatGraph.memo's validity
        self.size = 0
        self._spo: dict = self._SimpleMemory__spo  # type: ignore[attr-defined]
        self._pos: dict = self._SimpleMemory__pos  # type: ignore[attr-defined]
        self._osp: dict = self._SimpleMemory__osp  # type: ignore[attr-defined]

    def add(self, triple: Any, context: Any = None, quoted: bool = False) -> None:
        s, p, o = triple
        by_p = self._spo.get(s)
        if by_p is None:
            by_p = self._spo[s] = {}
        objects = by_p.get(p)
        if objects is None:
            objects = by_p[p] = {}
        elif o in objects:
            return
        self.changes += 1
        self.size += 1
        objects[o] = 1
        by_o = self._pos.get(p)
        if by_o is None:
            by_o = self._pos[p] = {}
        by_o.setdefault(o, {})[s] = 1
        by_s = self._osp.get(o)
        if by_s is None:
            by_s = self._osp[o] = {}
        by_s.setdefault(s, {})[p] = 1

    def add_all(self, triples: Iterable[Any]) -> None:
        """``add`` each triple, in order (the same indices, in the same order), in one call.

        Why: building a graph a triple at a time (parse, admit, renaming blank nodes, the
        bounds' copies) paid a method call and six empty dictionaries (``setdefault``'s
        defaults) per triple; each index level is now created only when missing."""
        spo = self._spo
        new = []
        for triple in triples:
            s, p, o = triple
            by_p = spo.get(s)
            if by_p is None:
                by_p = spo[s] = {}
            objects = by_p.get(p)
            if objects is None:
                objects = by_p[p] = {}
            elif o in objects:
                continue
            objects[o] = 1
            new.append(triple)
        self._index_rest(new)
        self.changes += len(new)
        self.size += len(new)

    def copy_from(self, other: FlatMemory) -> None:
        """Into this empty store, every triple of ``other``: what ``add`` of each triple of
        ``other`` in its order gives (the subject index copied level by level; the other two
        filled in that order, as those adds fill them, not copied from ``other``, whose
        orders may differ)."""
        if self.size or self._spo:
            raise ValueError("copy_from needs an empty store")
        spo = {s: {p: dict(objects) for p, objects in by_p.items()}
               for s, by_p in other._spo.items()}
        self._index_rest((s, p, o) for s, by_p in spo.items()
                         for p, objects in by_p.items() for o in objects)
        self._spo.update(spo)  # (the same dictionary SimpleMemory reads: filled, not replaced)
        self.size = other.size
        self.changes += other.size

    def _index_rest(self, triples: Iterable[Any]) -> None:
        """The predicate and object indices of triples just put in the subject index, in their
        order (the orders ``add`` one by one gives): one loop for the bulk adds and the copy."""
        pos, osp = self._pos, self._osp
        for s, p, o in triples:
            by_o = pos.get(p)
            if by_o is None:
                by_o = pos[p] = {}
            subjects = by_o.get(o)
            if subjects is None:
                by_o[o] = {s: 1}
            else:
                subjects[s] = 1
            by_s = osp.get(o)
            if by_s is None:
                osp[o] = {s: {p: 1}}
            else:
                preds = by_s.get(s)
                if preds is None:
                    by_s[s] = {p: 1}
                else:
                    preds[p] = 1

    def addN(self, quads: Iterable[Any]) -> None:
        self.add_all((s, p, o) for s, p, o, _ in quads)

    def copy_prefixes(self, graph: Graph) -> None:
        """Bind every prefix of ``graph`` here as it is (into a store with none bound yet: the
        maps copied, what ``bind(..., override=False)`` one by one gives; else one by one)."""
        pairs = list(graph.namespaces())
        namespaces: dict = self._SimpleMemory__namespace  # type: ignore[attr-defined]
        prefixes: dict = self._SimpleMemory__prefix  # type: ignore[attr-defined]
        if namespaces or prefixes or len({p for p, _ in pairs}) != len(pairs) or len(
                {n for _, n in pairs}) != len(pairs):
            for prefix, namespace in pairs:
                self.bind(prefix, namespace, override=False)
            return
        for prefix, namespace in pairs:
            namespaces[prefix] = namespace
            prefixes[namespace] = prefix

    def add_graph(self, graph: Any) -> None:
        """One graph: nothing to record."""

    def remove_graph(self, graph: Any) -> None:
        """One graph: nothing to record."""

    def contexts(self, triple: Any = None) -> Iterator[Any]:
        return iter(_NO_CONTEXTS)

    def remove(self, triple_pattern: Any, context: Any = None) -> None:
        s, p, o = triple_pattern
        if s is not None and p is not None and o is None:  # (s, p, *): derive's usual removal
            by_p = self._spo.get(s)
            objects = by_p.get(p) if by_p is not None else None
            for obj in list(objects) if objects else ():
                self.changes += 1
                self.size -= 1
                _unlink(self._spo, s, p, obj)
                _unlink(self._pos, p, obj, s)
                _unlink(self._osp, obj, s, p)
            return
        for (s, p, o), _ in list(self.triples(triple_pattern)):
            self.changes += 1
            self.size -= 1
            _unlink(self._spo, s, p, o)
            _unlink(self._pos, p, o, s)
            _unlink(self._osp, o, s, p)

    def __len__(self, context: Any = None) -> int:
        return self.size

    def triples(self, triple_pattern: Any, context: Any = None) -> Iterator[Any]:
        """Matching triples; the keys are copied first, so callers may add while iterating."""
        s, p, o = triple_pattern
        none = _NO_CONTEXTS
        if s is not None:
            by_p = self._spo.get(s)
            if by_p is None:
                return
            if p is not None:
                objects = by_p.get(p)
                if objects is None:
                    return
                if o is not None:
                    if o in objects:
                        yield (s, p, o), none
                    return
                for obj in list(objects):
                    yield (s, p, obj), none
                return
            for pred, objects in list(by_p.items()):
                if o is not None:
                    if o in objects:
                        yield (s, pred, o), none
                    continue
                for obj in list(objects):
                    yield (s, pred, obj), none
            return
        if p is not None:
            by_o = self._pos.get(p)
            if by_o is None:
                return
            if o is not None:
                subjects = by_o.get(o)
                if subjects is None:
                    return
                for subj in list(subjects):
                    yield (subj, p, o), none
                return
            for obj, subjects in list(by_o.items()):
                for subj in list(subjects):
                    yield (subj, p, obj), none
            return
        if o is not None:
            by_s = self._osp.get(o)
            if by_s is None:
                return
            for subj, preds in list(by_s.items()):
                for pred in list(preds):
                    yield (subj, pred, o), none
            return
        for subj, by_p in list(self._spo.items()):
            for pred, objects in list(by_p.items()):
                for obj in list(objects):
                    yield (subj, pred, obj), none


class FlatGraph(Graph):
    """A Graph on a FlatMemory whose most frequent lookups read the store's indices directly.

    Why: ``value(s, p)`` on rdflib's Graph goes through ``objects``, ``triples``, the store's
    generator and ``next``; validation makes ~6,000 such lookups per application. The
    shortcuts below answer the same questions (same results, same order) with one or two
    dictionary reads; anything else (property paths, unbound positions, ``any=False``) is
    rdflib's own code.
    """

    def __init__(self, store: FlatMemory | None = None, identifier: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(store=store if store is not None else FlatMemory(),
                         identifier=identifier, **kwargs)
        self._flat: FlatMemory = self.store  # type: ignore[assignment]
        self._memo: dict[Hashable, Any] = {}
        self._memo_at = -1

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, remembered under ``key`` until the graph next changes (for facts
        derived from a graph that is read far more often than written, like compiled shapes)."""
        if self._memo_at != self._flat.changes:
            self._memo = {}
            self._memo_at = self._flat.changes
        try:
            return self._memo[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._memo[key] = compute()
            return value

    def query(self, query_object: Any, processor: Any = "sparql", result: Any = "sparql",
              initNs: Mapping[str, Any] | None = None,
              initBindings: Mapping[str, Any] | None = None,
              use_store_provided: bool = True, **kwargs: Any) -> Any:
        """rdflib's ``Graph.query``, a query text parsed and translated once per process for
        the same text, namespaces and base (``prepared``), not on every call.

        Why: pyshacl asks a SPARQL-based constraint once per focus node with the same text and
        ``$this`` bound; rdflib parses the text every time, and parsing was nine tenths of the
        reference engine's time on the compiled limits (tests/test_fast_shacl.py)."""
        if isinstance(query_object, str) and processor == "sparql" and result == "sparql" \
                and set(kwargs) <= {"base"}:
            namespaces = initNs or dict(self.namespaces())
            query_object = prepared(query_object, tuple(sorted(namespaces.items())),
                                    kwargs.get("base"))
        return super().query(query_object, processor, result, initNs, initBindings,
                             use_store_provided, **kwargs)

    def __reduce__(self) -> Any:  # rdflib's Graph pickles as a plain Graph
        return (type(self), (self.store, self.identifier))

    def add(self, triple: Any) -> FlatGraph:
        """rdflib's ``Graph.add`` (its terms checked the same way) without its per-call
        helpers: derivation adds a few hundred triples per application."""
        s, p, o = triple
        if not (isinstance(s, Node) and isinstance(p, Node) and isinstance(o, Node)):
            return super().add(triple)  # type: ignore[return-value]  # (rdflib's own error)
        self._flat.add(triple)
        return self

    def remove(self, triple: Any) -> FlatGraph:
        """rdflib's ``Graph.remove`` (the store's removal, this graph as its context) in one
        call: derivation replaces a few hundred values per application."""
        self._flat.remove(triple)
        return self

    def triples(self, triple: Any) -> Iterator[Any]:  # type: ignore[override]
        """Every triple (a pattern of three None) read in one pass over the index, in the
        store's own order and as a snapshot (a caller may add while iterating); any other
        pattern is rdflib's."""
        s, p, o = triple
        if s is None and p is None and o is None:
            return iter([(subj, pred, obj) for subj, by_p in self._flat._spo.items()
                         for pred, objects in by_p.items() for obj in objects])
        return super().triples(triple)

    def __iter__(self) -> Iterator[Any]:
        return self.triples((None, None, None))

    def objects(self, subject: Any = None, predicate: Any = None,
                unique: bool = False) -> Iterator[Any]:
        if subject is not None and type(predicate) is URIRef:
            by_p = self._flat._spo.get(subject)
            found = by_p.get(predicate) if by_p is not None else None
            return iter(list(found)) if found else iter(_NO_CONTEXTS)
        return super().objects(subject, predicate, unique)

    def subjects(self, predicate: Any = None, object: Any = None,
                 unique: bool = False) -> Iterator[Any]:
        if object is not None and type(predicate) is URIRef:
            by_o = self._flat._pos.get(predicate)
            found = by_o.get(object) if by_o is not None else None
            return iter(list(found)) if found else iter(_NO_CONTEXTS)
        return super().subjects(predicate, object, unique)

    def value(self, subject: Any = None, predicate: Any = RDF.value,
              object: Any = None, default: Any = None,
              any: bool = True) -> Any:
        if any and subject is not None and object is None and type(predicate) is URIRef:
            by_p = self._flat._spo.get(subject)
            found = by_p.get(predicate) if by_p is not None else None
            return next(iter(found)) if found else default
        return super().value(subject, predicate, object, default, any)

    def __contains__(self, triple: Any) -> bool:
        s, p, o = triple
        if s is not None and o is not None and type(p) is URIRef:
            by_p = self._flat._spo.get(s)
            found = by_p.get(p) if by_p is not None else None
            return bool(found) and o in found
        return super().__contains__(triple)


@lru_cache(maxsize=256)
def prepared(text: str, namespaces: tuple[tuple[str, Any], ...], base: str | None) -> Any:
    """A query text parsed and translated into rdflib's algebra (what ``Graph.query`` does to
    a text on every call); the result is reusable with any graph and bindings (rdflib's own
    ``prepareQuery``)."""
    from rdflib.plugins.sparql.algebra import translateQuery
    from rdflib.plugins.sparql.parser import parseQuery

    return translateQuery(parseQuery(text), base, dict(namespaces))


def remembered(graph: Graph, key: Hashable, compute: Callable[[], T]) -> T:
    """``graph.memo(key, compute)`` on a FlatGraph; on any other graph, computed every time."""
    return graph.memo(key, compute) if isinstance(graph, FlatGraph) else compute()


def flat_graph(*sources: Graph, override: bool = False) -> Graph:
    """A new Graph on a FlatMemory holding every triple of ``sources`` and their prefixes
    (``override``: a source's prefix replaces one already bound).

    For graphs that are read far more than written: the law and the compiled shapes read
    ~4 million times per 600 validations."""
    out = FlatGraph()
    for source in sources:
        for prefix, namespace in source.namespaces():
            out.bind(prefix, namespace, override=override)
        out.store.add_all(source)
    return out
