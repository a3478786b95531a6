"""Decide, before any evaluation, whether a query may run here.

The endpoint is read-only and makes no remote requests. The query is parsed with rdflib's
SPARQL parser (never a regex): text that parses as an update is refused, SERVICE is refused,
and every graph named by FROM / FROM NAMED or by the protocol's default-graph-uri /
named-graph-uri must be one of the graphs already loaded.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from pyparsing import ParseBaseException
from rdflib.plugins.sparql.algebra import translatePName, translatePrologue, traverse
from rdflib.plugins.sparql.parser import parseQuery, parseUpdate
from rdflib.plugins.sparql.parserutils import CompValue

from docklaw.errors import QueryError

QUERY_KINDS: dict[str, str] = {
    "SelectQuery": "SELECT",
    "AskQuery": "ASK",
    "ConstructQuery": "CONSTRUCT",
    "DescribeQuery": "DESCRIBE",
}
#: Update operations, by the rdflib parse-tree name, as users know them.
UPDATE_NAMES: dict[str, str] = {
    "Load": "LOAD", "Clear": "CLEAR", "Drop": "DROP", "Create": "CREATE", "Add": "ADD",
    "Move": "MOVE", "Copy": "COPY", "InsertData": "INSERT DATA", "DeleteData": "DELETE DATA",
    "DeleteWhere": "DELETE WHERE", "Modify": "DELETE/INSERT",
}
READ_ONLY = "this endpoint is read-only"
NO_REMOTE = "this endpoint makes no remote requests"
#: Deep nesting exhausts the (recursive) parser's stack: an input problem, answered 400.
TOO_DEEP = ("query is nested too deeply to parse (brackets, braces or parentheses); "
            "flatten it")


@dataclass(frozen=True)
class QueryPlan:
    """What the checker learnt: the query form and the dataset it will run on."""

    text: str
    kind: str
    from_graphs: tuple[str, ...] = ()
    from_named: tuple[str, ...] = ()
    default_graph_uris: tuple[str, ...] = ()
    named_graph_uris: tuple[str, ...] = ()
    base_iri: str | None = None

    @property
    def protocol_dataset(self) -> bool:
        """True when the protocol parameters override the query's FROM clauses."""
        return bool(self.default_graph_uris or self.named_graph_uris)


def describe_parse_error(exc: ParseBaseException) -> str:
    return f"line {exc.lineno}, column {exc.col}: {exc.msg}"


def refuse_update(text: str) -> None:
    """Raise 403 naming the operation if ``text`` is a SPARQL update (parsed, not grepped)."""
    try:
        parsed = parseUpdate(text)
    except ParseBaseException:
        return
    except Exception:  # rdflib raises plain Exceptions (and RecursionError) for bad updates
        return
    ops = [UPDATE_NAMES.get(getattr(r, "name", ""), str(getattr(r, "name", "update")))
           for r in parsed.get("request", [])]
    found = ", ".join(dict.fromkeys(ops)) or "an update"
    raise QueryError(f"SPARQL updates are not allowed ({found}): {READ_ONLY}", http_status=403)


def walk(node: Any) -> Iterator[CompValue]:
    """Every CompValue in an rdflib parse tree, depth first."""
    if isinstance(node, CompValue):
        yield node
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list | tuple) or type(node).__name__ == "ParseResults":
        for item in node:
            yield from walk(item)


def check_query(
    text: str,
    known_graphs: Collection[str] | None = None,
    default_graph_uris: Iterable[str] = (),
    named_graph_uris: Iterable[str] = (),
    base_iri: str | None = None,
) -> QueryPlan:
    """Parse ``text`` and refuse it (QueryError) unless it is a safe, local, read-only query.

    ``known_graphs`` None skips the graph check (a caller with its own dataset policy).
    """
    default_graph_uris = tuple(default_graph_uris)
    named_graph_uris = tuple(named_graph_uris)
    if not text or not text.strip():
        raise QueryError("empty query: give a SPARQL query in the 'query' parameter")
    try:
        parsed = parseQuery(text)
    except ParseBaseException as exc:
        refuse_update(text)
        raise QueryError(f"malformed SPARQL query: {describe_parse_error(exc)}") from None
    except RecursionError:
        raise QueryError(TOO_DEEP) from None
    try:
        prologue = translatePrologue(parsed[0], base_iri)
        body = traverse(parsed[1], visitPost=partial(translatePName, prologue=prologue))
    except RecursionError:
        raise QueryError(TOO_DEEP) from None
    except Exception as exc:  # undefined prefix, bad IRI ...
        raise QueryError(f"malformed SPARQL query: {exc}") from None
    try:
        return _plan(text, body, known_graphs, default_graph_uris, named_graph_uris, base_iri)
    except RecursionError:
        raise QueryError(TOO_DEEP) from None


def _plan(text: str, body: Any, known_graphs: Collection[str] | None,
          default_graph_uris: tuple[str, ...], named_graph_uris: tuple[str, ...],
          base_iri: str | None) -> QueryPlan:
    """Refuse SERVICE and graphs that are not loaded; record the dataset the query names."""
    kind = QUERY_KINDS.get(getattr(body, "name", ""), "")
    if not kind:
        raise QueryError("not a SELECT, ASK, CONSTRUCT or DESCRIBE query")
    from_graphs: list[str] = []
    from_named: list[str] = []
    for node in walk(body):
        if node.name == "ServiceGraphPattern":
            raise QueryError(
                f"SERVICE <{node.get('term', '?')}> is not allowed: {NO_REMOTE}",
                http_status=403,
            )
        if node.name == "DatasetClause":
            if "default" in node:
                from_graphs.append(str(node["default"]))
            if "named" in node:
                from_named.append(str(node["named"]))
    plan = QueryPlan(text, kind, tuple(from_graphs), tuple(from_named),
                     default_graph_uris, named_graph_uris, base_iri)
    if plan.protocol_dataset:
        named = [("default-graph-uri", g) for g in default_graph_uris]
        named += [("named-graph-uri", g) for g in named_graph_uris]
    else:
        named = [("FROM", g) for g in from_graphs] + [("FROM NAMED", g) for g in from_named]
    for source, graph in named:
        if known_graphs is not None and graph not in known_graphs:
            loaded = ", ".join(f"<{g}>" for g in sorted(known_graphs)) or "none"
            raise QueryError(
                f"{source} <{graph}> names a graph that is not loaded here; {NO_REMOTE} "
                f"(loaded graphs: {loaded})",
                http_status=403,
            )
    return plan
