"""A remote SPARQL 1.1 store: query via the Protocol, load via the Graph Store Protocol.

Why a separate backend: a deployment may keep the law graph in a shared triple store
(Oxigraph server, Fuseki, GraphDB ...) instead of in each process. docklaw talks to it only
through the standard protocols, only at the URL it was configured with (no redirects, no
proxies), always with a timeout, and runs the web service's safety check before anything
is sent (no updates, no SERVICE, no LOAD, no FROM / dataset naming a graph the store does
not hold; FROM clauses are resolved into protocol parameters). Every failure becomes a
``QueryError`` naming the endpoint.

Endpoints: ``sparql:http://host:port`` (or ``.../query``) means the Oxigraph server layout,
``/query``, ``/update`` and ``/store``. Other stores name their endpoints in the fragment
(never sent to the server): ``sparql:http://h/ds/sparql#update=http://h/ds/update&store=...``;
they must be on the same scheme, host and port as the query endpoint.
Without a Graph Store endpoint, loads fall back to SPARQL Update ``INSERT DATA`` in chunks.
"""

from __future__ import annotations

import http.client
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import XSD
from rdflib.term import Node

from docklaw.errors import QueryError, QueryTimeout
from docklaw.sparql.reads import could_read
from docklaw.sparql.results import QueryResult
from docklaw.sparql.safety import QueryPlan, check_query
from docklaw.sparql.specs import BOOKKEEPING_PREDICATES, law_graphs
from docklaw.sparql.store import LazyGraphNames, Store, effective_dataset
from docklaw.sparql.tsv import TSV
from docklaw.sparql.tsv import read as read_tsv

#: Triples per request when loading (blank-node islands are never split across requests).
DEFAULT_CHUNK = 20_000
DEFAULT_TIMEOUT = 30.0
#: Largest response docklaw reads from a store (a runaway CONSTRUCT must not exhaust memory).
MAX_RESPONSE_BYTES = 512 * 1024 * 1024

RESULTS_ACCEPT = "application/sparql-results+json"
#: what a SELECT asks for: TSV (smaller, read faster: ``sparql.tsv``), else SPARQL JSON
SELECT_ACCEPT = f"{TSV}, {RESULTS_ACCEPT};q=0.9"
GRAPH_ACCEPT = "application/n-triples, text/turtle;q=0.5"


@dataclass(frozen=True)
class Endpoints:
    """The three URLs of a remote store; ``store``/``update`` may be absent."""

    query: str
    update: str | None
    store: str | None
    #: ``#union=server``: the server's default graph is already the union of its graphs
    server_union: bool = False

    @classmethod
    def parse(cls, url: str) -> Endpoints:
        """Read ``http://host:port[/query][#update=..&store=..]``; reject anything not http(s)."""
        base, _, fragment = url.partition("#")
        extra = dict(urllib.parse.parse_qsl(fragment)) if fragment else {}
        unknown = set(extra) - {"update", "store", "union"}
        if unknown:
            raise QueryError(f"sparql store {url!r}: unknown endpoint option(s) "
                             f"{', '.join(sorted(unknown))} (use update=URL, store=URL, "
                             "union=server)")
        union = extra.pop("union", None)
        if union is not None and union != "server":
            raise QueryError(f"sparql store {url!r}: union={union!r} is not an option "
                             "(union=server: the server's default graph is the union of its "
                             "named graphs)")
        for candidate in (base, *extra.values()):
            parts = urllib.parse.urlsplit(candidate)
            if parts.scheme not in ("http", "https") or not parts.netloc:
                raise QueryError(f"sparql store: {candidate!r} is not an http(s) URL "
                                 "(expected e.g. sparql:http://127.0.0.1:7878)")
        origin = urllib.parse.urlsplit(base)[:2]
        for candidate in extra.values():
            if urllib.parse.urlsplit(candidate)[:2] != origin:
                raise QueryError(f"sparql store: {candidate!r} is not on {base!r}'s host and "
                                 "port (docklaw only talks to the store it is configured with)")
        stripped = base.rstrip("/")
        if stripped.endswith("/query"):
            root = stripped[: -len("/query")]
            query = stripped
        elif urllib.parse.urlsplit(stripped).path in ("", "/"):
            root = stripped
            query = f"{root}/query"
        else:  # a generic SPARQL endpoint: only what the fragment names besides it
            return cls(query=stripped, update=extra.get("update"), store=extra.get("store"),
                       server_union=union is not None)
        return cls(query=query, update=extra.get("update", f"{root}/update"),
                   store=extra.get("store", f"{root}/store"), server_union=union is not None)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Refuse redirects: docklaw only talks to the URL it was configured with."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        raise urllib.error.HTTPError(req.full_url, code, f"redirect to {newurl} refused",
                                     headers, fp)


_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())


class RemoteStore(Store):
    """The docklaw ``Store`` over HTTP to any SPARQL 1.1 endpoint.

    Same dataset semantics as the embedded stores: graphs are loaded as named graphs and a
    query that names none runs on their union (sent as default-graph-uri + named-graph-uri,
    which every SPARQL 1.1 endpoint understands). With ``#union=server`` nothing is sent and
    the server's own union default graph answers (``oxigraph serve --union-default-graph``,
    Fuseki's ``tdb2:unionDefaultGraph``): on a store of 1,000 codes the protocol list of
    1,001 graphs costs the server more than the query. That is checked before the first such
    query (a triple of a named graph must be in the default graph), never assumed. Queries
    run in the calling thread: the HTTP timeout bounds them, so no worker process is needed.
    """

    backend = "sparql"

    def __init__(self, url: str, *, timeout: float = DEFAULT_TIMEOUT,
                 chunk_triples: int = DEFAULT_CHUNK) -> None:
        super().__init__(execution="inline")
        self.url = url
        self.endpoints = Endpoints.parse(url)
        self.timeout = timeout
        self.chunk_triples = max(1, chunk_triples)
        self._graphs: frozenset[str] | None = None
        self._union_checked = False

    def __repr__(self) -> str:
        return f"RemoteStore({self.url!r})"

    # -- HTTP ---------------------------------------------------------------------------------
    def _send(self, url: str, *, method: str = "POST", body: bytes | None = None,
              content_type: str | None = None, accept: str | None = None,
              timeout: float | None = None) -> tuple[str, bytes]:
        """One request with a deadline; returns (content type, body) or raises QueryError."""
        headers = {"User-Agent": "docklaw"}
        if content_type:
            headers["Content-Type"] = content_type
        if accept:
            headers["Accept"] = accept
        limit = timeout if timeout is not None else self.timeout
        request = urllib.request.Request(url, data=body, method=method, headers=headers)
        where = url.split("?")[0]
        started = time.monotonic()
        try:
            with _OPENER.open(request, timeout=limit) as response:
                chunks: list[bytes] = []
                size = 0
                while chunk := response.read(1 << 16):
                    size += len(chunk)
                    if size > MAX_RESPONSE_BYTES:
                        raise QueryError(f"sparql store {where}: answer larger than "
                                         f"{MAX_RESPONSE_BYTES >> 20} MB", http_status=502)
                    if time.monotonic() - started > limit:
                        raise TimeoutError
                    chunks.append(chunk)
                ctype = response.headers.get("Content-Type", "").split(";")[0].strip().lower()
                return ctype, b"".join(chunks)
        except urllib.error.HTTPError as exc:
            if 300 <= exc.code < 400:
                raise QueryError(f"sparql store {where}: HTTP {exc.code}, {exc.msg}",
                                 http_status=502) from None
            detail = _error_text(exc)
            raise QueryError(f"sparql store {where}: HTTP {exc.code}"
                             f"{': ' + detail if detail else ''}",
                             http_status=502 if exc.code >= 500 else 400) from None
        except TimeoutError:
            raise QueryTimeout(f"sparql store {where}: no answer within {limit:.3g} s") from None
        except urllib.error.URLError as exc:
            reason = exc.reason
            if isinstance(reason, TimeoutError):
                raise QueryTimeout(
                    f"sparql store {where}: no answer within {limit:.3g} s") from None
            raise QueryError(f"sparql store {where} unreachable: {reason}",
                             http_status=502) from None
        except (OSError, ValueError, http.client.HTTPException) as exc:
            raise QueryError(f"sparql store {where}: {type(exc).__name__}: {exc}",
                             http_status=502) from None

    def _update(self, text: str) -> None:
        if not self.endpoints.update:
            raise QueryError(f"sparql store {self.url!r} has no update endpoint "
                             "(name one: sparql:URL#update=UPDATE_URL)")
        self._send(self.endpoints.update, body=text.encode("utf-8"),
                   content_type="application/sparql-update")

    def _select(self, sparql: str, **fields: Any) -> QueryResult:
        return self._post_query(sparql, "SELECT", fields.get("default", ()),
                                fields.get("named", ()), None, None)

    def _post_query(self, sparql: str, kind: str, default: Iterable[str],
                    named: Iterable[str], max_rows: int | None,
                    timeout: float | None) -> QueryResult:
        fields: list[tuple[str, str]] = [("query", sparql)]
        fields += [("default-graph-uri", g) for g in default]
        fields += [("named-graph-uri", g) for g in named]
        ctype, data = self._send(
            self.endpoints.query, body=urllib.parse.urlencode(fields).encode(),
            content_type="application/x-www-form-urlencoded",
            accept=GRAPH_ACCEPT if kind in ("CONSTRUCT", "DESCRIBE") else
            SELECT_ACCEPT if kind == "SELECT" else RESULTS_ACCEPT,
            timeout=timeout)
        return parse_answer(kind, ctype, data, max_rows, self.endpoints.query)

    # -- Store interface ----------------------------------------------------------------------
    def check(self, sparql: str, default_graph_uris: Any = (),
              named_graph_uris: Any = (), base_iri: str | None = None) -> QueryPlan:
        """The web service's safety check, before anything is sent to the store (the
        store's graph list is fetched only if the query or the protocol names a graph)."""
        return check_query(sparql, LazyGraphNames(self), default_graph_uris or (),
                           named_graph_uris or (), base_iri)

    def run_plan(self, plan: QueryPlan, timeout: float | None = None,
                 max_rows: int | None = None) -> QueryResult:
        started = time.monotonic()
        deadline = started + (timeout if timeout is not None else self.timeout)
        result = self.execute(plan, max_rows, deadline=deadline)
        result.elapsed = time.monotonic() - started
        result.max_rows = max_rows
        return result

    def execute(self, plan: QueryPlan, max_rows: int | None, *,
                deadline: float | None) -> QueryResult:
        """Send a checked query; the dataset is the loaded graphs' union unless it names one."""
        dataset = effective_dataset(plan)
        visible = law_graphs(self.graph_names()) if dataset is None else None
        if dataset is None and self.endpoints.server_union and (visible is None or not could_read(
                plan.text, plan.base_iri, BOOKKEEPING_PREDICATES)):
            # the server's default graph is the union; a query none of whose patterns could
            # match a bookkeeping triple reads the same rows from it as from the law's graphs
            self.check_server_union()
            default, named = [], []
        elif dataset is None:
            # every graph but docklaw's bookkeeping (answers kept at load) is the default;
            # a union server holding them is sent the list too where a pattern could read them
            names = sorted(self.graph_names())
            default = visible if visible is not None else names
            default, named = (default, names) if names else ([], [])
        else:
            default, named = dataset
        # FROM clauses are resolved into protocol parameters (which override them), so
        # the store only ever reads graphs it holds.
        order = client_order(plan.text) if plan.kind == "SELECT" else None
        if order is not None:
            text, keys = order
            result = self._post_query(text, plan.kind, default, named, None,
                                      _left(deadline))
            if sort_rows(result, keys, max_rows):
                return result
        return self._post_query(plan.text, plan.kind, default, named, max_rows,
                                _left(deadline))

    def add_graph(self, name: str, graph: Graph) -> None:
        """Add ``graph`` to the named graph ``name`` in chunks (Graph Store POST, else
        SPARQL Update INSERT DATA)."""
        self.load(graph, name)

    def load(self, graph: Graph, graph_uri: str | None = None) -> int:
        """Add every triple of ``graph``; returns how many were sent."""
        if not (self.endpoints.store or self.endpoints.update):
            raise QueryError(f"sparql store {self.url!r} has no update or graph store "
                             "endpoint: cannot load (name one: #update=URL or #store=URL)")
        self._graphs = None
        sent = 0
        for chunk in _chunks(graph, self.chunk_triples):
            data = chunk.serialize(format="nt", encoding="utf-8")
            if self.endpoints.store:
                self._send(self._store_url(graph_uri), body=data,
                           content_type="application/n-triples")
            else:
                text = data.decode("utf-8")
                self._update(f"INSERT DATA {{ GRAPH <{graph_uri}> {{\n{text}}} }}"
                             if graph_uri else f"INSERT DATA {{\n{text}}}")
            sent += len(chunk)
        return sent

    def load_ntriples(self, name: str, data: bytes) -> None:
        """Add N-Triples bytes to the named graph ``name`` in one request (Graph Store POST,
        else SPARQL Update INSERT DATA): the batch unit of a per-code load, whose blank
        nodes must arrive together (``docklaw.sparql.partition`` keeps each island in one graph)."""
        if not (self.endpoints.store or self.endpoints.update):
            raise QueryError(f"sparql store {self.url!r} has no update or graph store "
                             "endpoint: cannot load (name one: #update=URL or #store=URL)")
        self._graphs = None
        if self.endpoints.store:
            self._send(self._store_url(name), body=data, content_type="application/n-triples")
        else:
            self._update(f"INSERT DATA {{ GRAPH <{name}> {{\n{data.decode('utf-8')}}} }}")

    def _store_url(self, graph_uri: str | None) -> str:
        assert self.endpoints.store
        if graph_uri:
            return f"{self.endpoints.store}?graph={urllib.parse.quote(graph_uri, safe='')}"
        return f"{self.endpoints.store}?default"

    def drop_graph(self, name: str) -> None:
        """Remove the named graph ``name`` (``docklaw load --replace``)."""
        self._graphs = None
        if self.endpoints.update:
            self._update(f"DROP SILENT GRAPH <{name}>")
            return
        try:
            self._send(self._store_url(name), method="DELETE")
        except QueryError as exc:  # deleting an absent graph is a 404: nothing to drop
            if "HTTP 404" not in str(exc):
                raise

    def check_server_union(self) -> None:
        """Refuse ``#union=server`` on a server whose default graph is not the union of its
        named graphs (every query would silently read less than the loaded law)."""
        if self._union_checked:
            return
        probe = self._select("SELECT ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o "
                             "FILTER(isIRI(?s) && !isBlank(?o)) } } LIMIT 1")
        if not probe.rows:
            return  # no named graph yet: nothing to compare (checked again next time)
        s, p, o = probe.rows[0]
        answer = self._post_query(f"ASK {{ {s.n3()} {p.n3()} {o.n3()} }}",  # type: ignore[union-attr]
                                  "ASK", (), (), None, None)
        if not answer.boolean:
            raise QueryError(
                f"sparql store {self.url!r}: #union=server, but the server's default graph is "
                "not the union of its named graphs (start it with `oxigraph serve "
                "--union-default-graph`, or set Fuseki's tdb2:unionDefaultGraph; or drop "
                "#union=server to send the graph list with each query)", http_status=502)
        self._union_checked = True

    def graph_names(self) -> frozenset[str]:
        """Named graphs in the store (cached until this store loads or drops one)."""
        if self._graphs is None:
            result = self._select("SELECT DISTINCT ?g WHERE { GRAPH ?g { } }")
            self._graphs = frozenset(str(row[0]) for row in result.rows
                                     if isinstance(row[0], URIRef))
        return self._graphs

    def triple_count(self) -> int:
        """Triples in the default graph plus every named graph."""
        result = self._select("SELECT (COUNT(*) AS ?n) WHERE { { ?s ?p ?o } UNION "
                              "{ GRAPH ?g { ?s ?p ?o } } }")
        return int(result.rows[0][0])  # type: ignore[arg-type]

    def close(self) -> None:
        """Nothing to release: every request opens and closes its own connection."""

def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.001, deadline - time.monotonic())


# ----------------------------------------------------------------- ORDER BY, in docklaw

#: ``... } ORDER BY ?a ?b`` ending a query: no other modifier after the WHERE group, every
#: key a plain variable (ascending)
_TRAILING_ORDER = re.compile(r"\}\s*ORDER\s+BY((?:\s+\?[A-Za-z_][A-Za-z0-9_]*)+)\s*$",
                             re.IGNORECASE)
_EXACT_NUMBERS = frozenset({
    XSD.integer, XSD.decimal, XSD.int, XSD.long, XSD.short, XSD.byte,
    XSD.nonNegativeInteger, XSD.positiveInteger, XSD.nonPositiveInteger,
    XSD.negativeInteger, XSD.unsignedInt, XSD.unsignedLong, XSD.unsignedShort,
    XSD.unsignedByte})
_PLAIN = frozenset({None, XSD.string})
_BOOLEAN = XSD.boolean


def client_order(text: str) -> tuple[str, list[str]] | None:
    """``text`` without its final ``ORDER BY ?a ?b ...`` and the variables it sorted by, or
    None when the query ends otherwise (DESC, an expression, LIMIT/OFFSET, VALUES ...).

    Why: Oxigraph's ORDER BY reads each compared IRI or long string back from its string
    table on every comparison; on a store of 1,000 codes that was 30-50 % of the server's
    time for answers of 10,000-23,000 rows (1.4 s of relief-authorities' 3.0 s), and sorting
    the same rows in docklaw takes a few tens of milliseconds (bench/RESULTS.md, issue 27
    item 3, evening of 2026-12-02). The rows are the same; only who sorts them changes."""
    match = _TRAILING_ORDER.search(text)
    if match is None:
        return None
    return text[:match.start() + 1], [v[1:] for v in match.group(1).split()]


class _Unsortable(Exception):
    """A value whose SPARQL order docklaw does not reproduce: the store sorts."""


def _literal_kind(v: Literal) -> str | None:
    if v.language is None and v.datatype in _PLAIN:
        return "string"
    if v.datatype in _EXACT_NUMBERS:
        return "number"
    if v.datatype == _BOOLEAN and not v.ill_typed:
        return "boolean"
    return None


def _literal_key(kind: str, v: Literal) -> Any:
    if kind == "number":
        try:
            number = Decimal(str(v).strip())
        except InvalidOperation:
            raise _Unsortable from None
        if not number.is_finite():
            raise _Unsortable
        return number
    if kind == "boolean":  # by value: "1" is true and "0" false, as "true" and "false"
        value = v.toPython()
        if not isinstance(value, bool):
            raise _Unsortable
        return value
    return str(v)  # by code point


def _column_key(values: list[Node | None]) -> list[tuple[int, Any]]:
    """SPARQL 1.1 order (section 15.1) of one column, as the store sorts it: unbound, then
    IRIs, then literals. Reproduced exactly only where it is a total order: IRIs by their
    text, literals when the column's are all of one kind: plain strings (by code point, as
    Oxigraph and Python compare), exact numbers (by value) or booleans. Anything else is
    _Unsortable: blank nodes (their order is the store's own), language tags, doubles,
    dates (rdflib drops a date's time zone when it reads one), ill-typed values, mixed
    kinds. Each distinct term is keyed once (the answer reader shares them between rows)."""
    distinct = {id(v): v for v in values}
    kinds = {_literal_kind(v) for v in distinct.values() if isinstance(v, Literal)}
    if None in kinds or len(kinds) > 1:
        raise _Unsortable
    kind = next(iter(kinds), "string")
    keys: dict[int, tuple[int, Any]] = {}
    for ident, v in distinct.items():
        if v is None:
            keys[ident] = (0, "")
        elif isinstance(v, URIRef):
            keys[ident] = (1, str(v))
        elif isinstance(v, Literal):
            keys[ident] = (2, _literal_key(kind, v))
        else:
            raise _Unsortable
    return [keys[id(v)] for v in values]


def sort_rows(result: QueryResult, keys: list[str], max_rows: int | None) -> bool:
    """Sort ``result``'s rows by ``keys`` (variables, ascending) as the store's ORDER BY
    would, then cut them at ``max_rows``; False (rows untouched) when it cannot be done
    exactly: a key not among the answer's variables, or a value _column_key refuses. Rows
    equal on every key keep the store's order (SPARQL leaves their order open)."""
    try:
        columns = [result.variables.index(k) for k in keys]
        ordered = [_column_key([row[c] for row in result.rows]) for c in columns]
    except (ValueError, _Unsortable):
        return False
    by_row = list(zip(*ordered, strict=True)) if ordered else [()] * len(result.rows)
    order = sorted(range(len(result.rows)), key=by_row.__getitem__)
    rows = [result.rows[i] for i in order]
    if max_rows is not None and len(rows) > max_rows:
        rows, result.truncated = rows[:max_rows], True
    result.rows = rows
    return True


def _error_text(exc: urllib.error.HTTPError) -> str:
    try:
        text = exc.read(2000).decode("utf-8", "replace")
    except Exception:  # the body is only a courtesy
        return ""
    return " ".join(text.split())[:300]


def _term(value: dict[str, str]) -> Node:
    """One SPARQL JSON results term -> rdflib (plain literals typed xsd:string, as RDF 1.1
    and the embedded stores have them)."""
    kind = value.get("type")
    if kind == "uri":
        return URIRef(value["value"])
    if kind == "bnode":
        return BNode(value["value"])
    if kind in ("literal", "typed-literal"):
        if "xml:lang" in value:
            return Literal(value["value"], lang=value["xml:lang"])
        return Literal(value["value"], datatype=URIRef(value.get("datatype", str(XSD.string))))
    raise ValueError(f"unknown term type {kind!r}")


def parse_answer(kind: str, ctype: str, data: bytes, max_rows: int | None,
                 where: str) -> QueryResult:
    """Turn the store's answer into a ``QueryResult`` (rows of rdflib terms, or a graph)."""
    try:
        if kind == "SELECT" and ctype == TSV:
            variables, rows, truncated = read_tsv(data, max_rows)
            result = QueryResult("SELECT", variables=variables)
            result.rows, result.truncated = rows, truncated
            return result
        if kind in ("SELECT", "ASK"):
            if ctype not in ("application/sparql-results+json", "application/json"):
                wanted = "SPARQL JSON or TSV" if kind == "SELECT" else "SPARQL JSON"
                raise QueryError(f"sparql store {where}: expected {wanted} results, got "
                                 f"{ctype or 'no content type'}", http_status=502)
            payload = json.loads(data)
            if kind == "ASK":
                return QueryResult("ASK", boolean=bool(payload["boolean"]))
            variables = list(payload["head"].get("vars", []))
            result = QueryResult("SELECT", variables=variables)
            # each distinct term is made once: an answer over many codes repeats its codes,
            # labels and datatypes on every row, and building rdflib terms was most of the
            # time of reading it (18,800 rows: 1.3 s)
            memo: dict[tuple[tuple[str, str], ...], Node] = {}
            for count, binding in enumerate(payload["results"]["bindings"]):
                if max_rows is not None and count >= max_rows:
                    result.truncated = True
                    break
                row = []
                for v in variables:
                    value = binding.get(v)
                    if value is None:
                        row.append(None)
                        continue
                    key = tuple(value.items())
                    term = memo.get(key)
                    if term is None:
                        term = memo[key] = _term(value)
                    row.append(term)
                result.rows.append(tuple(row))
            return result
        fmt = {"application/n-triples": "nt", "text/turtle": "turtle",
               "text/plain": "nt"}.get(ctype)
        if fmt is None:
            raise QueryError(f"sparql store {where}: expected RDF, got "
                             f"{ctype or 'no content type'}", http_status=502)
        graph = Graph().parse(data=data, format=fmt)
        result = QueryResult(kind)
        if max_rows is not None and len(graph) > max_rows:
            kept = Graph()
            for triple in list(graph)[:max_rows]:
                kept.add(triple)
            graph, result.truncated = kept, True
        result.graph = graph
        return result
    except QueryError:
        raise
    except Exception as exc:  # a broken answer is the store's fault, reported as such
        raise QueryError(f"sparql store {where}: unreadable answer ({type(exc).__name__}: "
                         f"{exc})", http_status=502) from None

def _chunks(graph: Graph, size: int) -> Iterator[Graph]:
    """Split ``graph`` into graphs of about ``size`` triples, keeping every blank-node island
    (triples connected through blank nodes) in one piece: each request to a store mints
    fresh blank nodes, so an island split across requests would fall apart."""
    parent: dict[Node, Node] = {}

    def find(node: Node) -> Node:
        root = node
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(node, node) != root:
            parent[node], node = root, parent[node]
        return root

    for s, _, o in graph:
        if isinstance(s, BNode) and isinstance(o, BNode):
            a, b = find(s), find(o)
            if a != b:
                parent[a] = b
    islands: dict[Node, list[tuple[Node, Node, Node]]] = {}
    current = Graph()
    for triple in graph:
        s, _, o = triple
        anchor = s if isinstance(s, BNode) else o if isinstance(o, BNode) else None
        if anchor is None:
            current.add(triple)
            if len(current) >= size:
                yield current
                current = Graph()
        else:
            islands.setdefault(find(anchor), []).append(triple)
    for triples in islands.values():
        for triple in triples:
            current.add(triple)
        if len(current) >= size:
            yield current
            current = Graph()
    if len(current):
        yield current
