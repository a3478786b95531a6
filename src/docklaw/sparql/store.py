"""The SPARQL store behind one small interface, so backends can be swapped.

``Store.query(sparql, default_graph_uris, named_graph_uris, timeout, max_rows)`` checks the
query (``safety``), runs it through a runner that enforces the timeout, and returns a
``QueryResult`` capped at ``max_rows``. Every graph is loaded as a named graph; the default
graph is their union (sd:UnionDefaultGraph) unless FROM / default-graph-uri say otherwise.
Backends now: embedded Oxigraph (default) and plain rdflib. A persistent Oxigraph or a
remote SPARQL endpoint would subclass ``Store`` the same way.

Custom functions from packages above the store (full-text search's ``dlf:textScore``) are
registered by whoever opens the store (``Store.add_functions``, with a ``Functions``): the
store imports no package that builds on it. GeoSPARQL's ``geof:`` functions come from
``docklaw.geometry``, below it.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Any

import pyoxigraph as ox
from rdflib import BNode, Dataset, Graph, Literal, URIRef
from rdflib.plugins.sparql.algebra import translateQuery
from rdflib.plugins.sparql.evaluate import evalQuery
from rdflib.plugins.sparql.parser import parseQuery
from rdflib.term import Node

from docklaw.errors import QueryError, QueryTimeout
from docklaw.sparql.results import QueryResult
from docklaw.sparql.runner import InlineRunner, ProcessRunner
from docklaw.sparql.safety import PARSE_LOCK, QueryPlan, check_query
from docklaw.sparql.specs import law_graphs


def check_deadline(deadline: float | None, count: int) -> None:
    """Between rows only: the inline runner's soft timeout."""
    if deadline is not None and count % 64 == 0 and time.monotonic() > deadline:
        raise QueryTimeout("query timed out (server limit) while producing results")


def effective_dataset(plan: QueryPlan) -> tuple[list[str], list[str]] | None:
    """Protocol parameters override FROM / FROM NAMED; None means the service default."""
    if plan.protocol_dataset:
        return list(plan.default_graph_uris), list(plan.named_graph_uris)
    if plan.from_graphs or plan.from_named:
        return list(plan.from_graphs), list(plan.from_named)
    return None


class LazyGraphNames(Collection[str]):
    """A store's named graphs, asked for only when the safety check needs them (a query with
    FROM, or default-graph-uri / named-graph-uri): most queries name no graph and pay nothing
    (listing graphs costs an HTTP request on a remote store, a scan on a persistent one)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def __contains__(self, item: object) -> bool:
        return item in self.store.graph_names()

    def __iter__(self) -> Iterator[str]:
        return iter(self.store.graph_names())

    def __len__(self) -> int:
        return len(self.store.graph_names())


@dataclass(frozen=True)
class Functions:
    """Custom SPARQL functions of a package above the store, as each engine takes them:
    ``oxigraph()`` builds the ``custom_functions`` of pyoxigraph's query (called on first use,
    in the process that evaluates), ``rdflib()`` registers them in rdflib's SPARQL engine (one
    table per process). Module-level functions, so a spawned query worker can be given them."""

    oxigraph: Callable[[], dict[Any, Any]]
    rdflib: Callable[[], None]


class Store(ABC):
    """A read-only SPARQL store: load named graphs, then query them safely."""

    backend = "abstract"

    def __init__(self, execution: str = "process", workers: int = 2) -> None:
        if execution not in ("process", "inline"):
            raise ValueError(f"unknown execution mode {execution!r} (process or inline)")
        self.execution = execution
        self.workers = workers
        #: address space each forked query worker may add (bytes); None: unlimited
        self.worker_memory: int | None = None
        #: private memory (bytes) past which a worker is replaced after its request
        self.worker_recycle: int | None = None
        self._runner: ProcessRunner | InlineRunner | None = None
        #: custom functions registered by whoever opened the store (``add_functions``)
        self.function_sets: tuple[Functions, ...] = ()

    def add_functions(self, functions: Functions) -> None:
        """Let every query on this store call ``functions`` (register before the first
        query: query workers start with what the store holds then)."""
        if functions not in self.function_sets:
            self.function_sets = (*self.function_sets, functions)

    @abstractmethod
    def add_graph(self, name: str, graph: Graph) -> None:
        """Load ``graph`` as the named graph ``name`` (before the first query)."""

    @abstractmethod
    def graph_names(self) -> frozenset[str]: ...

    @abstractmethod
    def triple_count(self) -> int: ...

    @abstractmethod
    def execute(self, plan: QueryPlan, max_rows: int | None, *,
                deadline: float | None) -> QueryResult:
        """Evaluate an already checked query (runs inside the runner)."""

    @property
    def runner(self) -> ProcessRunner | InlineRunner:
        if self._runner is None:  # created lazily so workers fork after loading
            self._runner = (ProcessRunner(self.execute, self.workers, self.worker_memory,
                                          recycle_bytes=self.worker_recycle)
                            if self.execution == "process" else InlineRunner(self.execute))
        return self._runner

    def check(self, sparql: str, default_graph_uris: Any = (),
              named_graph_uris: Any = (), base_iri: str | None = None) -> QueryPlan:
        """Refuse unsafe queries; ``base_iri`` resolves relative IRIs (the endpoint URL)."""
        return check_query(sparql, LazyGraphNames(self), default_graph_uris or (),
                           named_graph_uris or (), base_iri)

    def query(self, sparql: str, default_graph_uris: Any = (), named_graph_uris: Any = (),
              timeout: float | None = None, max_rows: int | None = None) -> QueryResult:
        """Check, run with the timeout, cap at ``max_rows`` (``truncated`` says so)."""
        plan = self.check(sparql, default_graph_uris, named_graph_uris)
        return self.run_plan(plan, timeout=timeout, max_rows=max_rows)

    def run_plan(self, plan: QueryPlan, timeout: float | None = None,
                 max_rows: int | None = None) -> QueryResult:
        """Run a plan from ``check`` (lets a caller negotiate formats before evaluating)."""
        started = time.monotonic()
        result: QueryResult = self.runner.run((plan, max_rows), timeout)
        result.elapsed = time.monotonic() - started
        result.max_rows = max_rows
        return result

    def close(self) -> None:
        if self._runner is not None:
            self._runner.close()
            self._runner = None


# --------------------------------------------------------------------------- Oxigraph


#: pyoxigraph term -> rdflib term, shared by every query: building an rdflib Literal parses
#: its lexical form and costs more than Oxigraph's evaluation of many saved queries, and the
#: same IRIs and literals (citations, labels, units) come back again and again. Terms are
#: immutable, so sharing them is safe; the cache is emptied when it reaches TERM_CACHE_SIZE.
TERM_CACHE_SIZE = 200_000
_TERMS: dict[Any, Node] = {}


def _convert(term: Any) -> Node:
    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.BlankNode):
        return BNode(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        return Literal(term.value, datatype=URIRef(term.datatype.value))
    raise QueryError(f"unsupported term in result: {term!r}")


def to_rdflib(term: Any) -> Node | None:
    """pyoxigraph term -> rdflib term (memoised)."""
    if term is None:
        return None
    found = _TERMS.get(term)
    if found is None:
        found = _convert(term)
        if len(_TERMS) >= TERM_CACHE_SIZE:
            _TERMS.clear()
        _TERMS[term] = found
    return found


GEOF_IRI = "http://www.opengis.net/def/function/geosparql/"


def uses_geof(text: str) -> bool:
    """Whether a query may call a GeoSPARQL function (its namespace IRI appears in it); only
    then are shapely and the functions loaded."""
    return GEOF_IRI in text


_GEOF: dict[Any, Any] = {}


def geof_functions() -> dict[Any, Any]:
    """geof: functions for Oxigraph (``docklaw.geometry.sparql``), built once per process."""
    if not _GEOF:
        from docklaw.geometry.sparql import oxigraph_functions

        _GEOF.update(oxigraph_functions())
    return _GEOF


#: Words in an engine message that mean it may quote something fetched from elsewhere.
REMOTE_WORDS = ("http", "service", "://", "body", "response", "server")


def engine_error(exc: BaseException) -> str:
    """A short, safe message for an evaluation error: its first line (at most 200
    characters), or only its kind if it could carry a remote endpoint's answer (SERVICE is
    refused before evaluation; this is the second line of defence)."""
    first = (str(exc).splitlines() or [""])[0][:200]
    if not first or any(word in first.lower() for word in REMOTE_WORDS):
        return (f"query evaluation failed ({type(exc).__name__}); "
                "remote requests are not made and their answers are never shown")
    return f"query evaluation failed: {first}"


class OxigraphStore(Store):
    """Embedded in-memory Oxigraph; the default backend."""

    backend = "oxigraph"

    def __init__(self, execution: str = "process", workers: int = 2) -> None:
        super().__init__(execution, workers)
        self.store = ox.Store()

    _functions: dict[Any, Any] | None = None

    def functions(self) -> dict[Any, Any]:
        """Custom functions every query may call (those registered with ``add_functions``:
        full-text search's ``dlf:textScore`` ...), built on first use."""
        if self._functions is None:
            found: dict[Any, Any] = {}
            for functions in self.function_sets:
                found.update(functions.oxigraph())
            self._functions = found
        return self._functions

    def add_functions(self, functions: Functions) -> None:
        super().add_functions(functions)
        self._functions = None

    _names: frozenset[str] | None = None

    def add_graph(self, name: str, graph: Graph) -> None:
        self._names = None
        target = ox.NamedNode(name)
        self.store.add_graph(target)
        if len(graph):
            data = graph.serialize(format="nt", encoding="utf-8")
            self.store.load(data, format=ox.RdfFormat.N_TRIPLES, to_graph=target)

    def load_ntriples(self, name: str, data: bytes) -> None:
        """Bulk-load N-Triples bytes into the named graph ``name`` with Oxigraph's own
        parser (no rdflib graph in between: the fast path for cached closures)."""
        self._names = None
        target = ox.NamedNode(name)
        self.store.add_graph(target)
        if data:
            self.store.bulk_load(data, format=ox.RdfFormat.N_TRIPLES, to_graph=target)

    def graph_names(self) -> frozenset[str]:
        """Named graphs in the store (remembered until this store adds or drops one)."""
        if self._names is None:
            self._names = frozenset(g.value for g in self.store.named_graphs()
                                    if isinstance(g, ox.NamedNode))
        return self._names

    def triple_count(self) -> int:
        return len(self.store)

    def execute(self, plan: QueryPlan, max_rows: int | None, *,
                deadline: float | None) -> QueryResult:
        """Evaluate; an engine error is reported by kind, never with a remote party's text."""
        try:
            return self._evaluate(plan, max_rows, deadline=deadline)
        except (OSError, RuntimeError, ValueError) as exc:
            raise QueryError(engine_error(exc)) from None

    def _evaluate(self, plan: QueryPlan, max_rows: int | None, *,
                  deadline: float | None) -> QueryResult:
        kwargs: dict[str, Any] = {"use_default_graph_as_union": True,
                                  "base_iri": plan.base_iri}
        dataset = effective_dataset(plan)
        if dataset is None:  # the union, without docklaw's bookkeeping (answers kept at load)
            names = self.graph_names()
            visible = law_graphs(names)
            if visible is not None:
                dataset = (visible, sorted(names))
        if dataset is not None:
            kwargs = {"base_iri": plan.base_iri,
                      "default_graph": [ox.NamedNode(g) for g in dataset[0]],
                      "named_graphs": [ox.NamedNode(g) for g in dataset[1]]}
        functions = self.functions()
        if uses_geof(plan.text):
            functions = {**functions, **geof_functions()}
        kwargs["custom_functions"] = functions
        try:
            answer = self.store.query(plan.text, **kwargs)
        except SyntaxError as exc:
            raise QueryError(f"malformed SPARQL query: {exc}") from None
        if plan.kind == "ASK":
            return QueryResult("ASK", boolean=bool(answer))
        result = QueryResult(plan.kind)
        if plan.kind == "SELECT":
            result.variables = [v.value for v in answer.variables]
            rows = result.rows
            for count, solution in enumerate(answer):
                if count % 64 == 0:
                    check_deadline(deadline, count)
                if max_rows is not None and count >= max_rows:
                    result.truncated = True
                    break
                rows.append(tuple([to_rdflib(term) for term in solution]))
            return result
        graph = Graph()
        for count, triple in enumerate(answer):
            check_deadline(deadline, count)
            if max_rows is not None and count >= max_rows:
                result.truncated = True
                break
            graph.add((to_rdflib(triple.subject), to_rdflib(triple.predicate),
                       to_rdflib(triple.object)))
        result.graph = graph
        return result


# --------------------------------------------------------------------------- rdflib


class RdflibStore(Store):
    """Plain rdflib Dataset; slower, but needs nothing beyond rdflib."""

    backend = "rdflib"

    def __init__(self, execution: str = "process", workers: int = 2) -> None:
        super().__init__(execution, workers)
        self.dataset = Dataset(default_union=True)

    def add_functions(self, functions: Functions) -> None:
        super().add_functions(functions)
        functions.rdflib()  # rdflib's engine has one function table per process

    def add_graph(self, name: str, graph: Graph) -> None:
        target = self.dataset.graph(URIRef(name))
        for triple in graph:
            target.add(triple)

    def graph_names(self) -> frozenset[str]:
        default = self.dataset.default_graph.identifier
        return frozenset(str(g.identifier) for g in self.dataset.graphs()
                         if isinstance(g.identifier, URIRef) and g.identifier != default)

    def triple_count(self) -> int:
        return len(self.dataset)

    def _dataset_for(self, plan: QueryPlan) -> Dataset:
        """FROM / protocol dataset as a fresh Dataset built from the loaded graphs only."""
        dataset = effective_dataset(plan)
        if dataset is None:
            return self.dataset
        scratch = Dataset(default_union=False)
        for name in dataset[0]:
            for triple in self.dataset.graph(URIRef(name)):
                scratch.default_graph.add(triple)
        for name in dataset[1]:
            target = scratch.graph(URIRef(name))
            for triple in self.dataset.graph(URIRef(name)):
                target.add(triple)
        return scratch

    def execute(self, plan: QueryPlan, max_rows: int | None, *,
                deadline: float | None) -> QueryResult:
        with PARSE_LOCK:  # inline execution runs in the request thread
            query = translateQuery(parseQuery(plan.text), base=plan.base_iri)
        query.algebra["datasetClause"] = None  # already resolved by _dataset_for: never fetched
        answer = evalQuery(self._dataset_for(plan), query, {})
        if plan.kind == "ASK":
            return QueryResult("ASK", boolean=bool(answer.get("askAnswer")))
        result = QueryResult(plan.kind)
        if plan.kind == "SELECT":
            variables = list(answer.get("vars_") or [])
            result.variables = [str(v) for v in variables]
            for count, row in enumerate(answer["bindings"]):
                check_deadline(deadline, count)
                if max_rows is not None and count >= max_rows:
                    result.truncated = True
                    break
                result.rows.append(tuple(row.get(v) for v in variables))
            return result
        graph = Graph()
        for count, triple in enumerate(answer["graph"]):
            check_deadline(deadline, count)
            if max_rows is not None and count >= max_rows:
                result.truncated = True
                break
            graph.add(triple)
        result.graph = graph
        return result


BACKENDS: dict[str, type[Store]] = {"oxigraph": OxigraphStore, "rdflib": RdflibStore}


def make_store(backend: str = "oxigraph", graphs: dict[str, Graph] | None = None,
               execution: str = "process", workers: int = 2) -> Store:
    """A store of the named backend with ``graphs`` (name -> graph) loaded."""
    try:
        cls = BACKENDS[backend]
    except KeyError:
        raise ValueError(
            f"unknown SPARQL backend {backend!r}: one of {', '.join(BACKENDS)}"
        ) from None
    store = cls(execution=execution, workers=workers)
    for name, graph in (graphs or {}).items():
        store.add_graph(name, graph)
    return store
