"""Decide, before any evaluation, whether a query may run here.

The endpoint is read-only and makes no remote requests. The query is parsed with rdflib's
SPARQL parser (never a regex): text that parses as an update is refused, SERVICE is refused,
and every graph named by FROM / FROM NAMED or by the protocol's default-graph-uri /
named-graph-uri must be one of the graphs already loaded.

The text that is checked is exactly the text that is executed: ``normalise`` first rewrites
what rdflib and Oxigraph read differently (codepoint escapes, which rdflib expands
everywhere and Oxigraph only inside tokens; ``\r``, which ends a ``#`` comment for Oxigraph
but not for rdflib) and the plan carries the normalised text to the engine.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, TypeVar

from pyparsing import ParseBaseException
from rdflib.plugins.sparql.algebra import translatePName, translatePrologue, traverse
from rdflib.plugins.sparql.parser import parseQuery, parseUpdate
from rdflib.plugins.sparql.parserutils import CompValue

from docklaw.errors import QueryError, QueryTimeout

T = TypeVar("T")
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
#: pyparsing (under rdflib's SPARQL parser) is not thread-safe: the first call of each parse
#: action guesses its arity by trial and error, and two threads doing that at once leave it
#: wrong for the life of the process ("<lambda>() missing 1 required positional argument").
#: Every rdflib SPARQL parse in docklaw's web path holds this lock; ``warm_up_parser`` runs
#: the parse actions once before a server starts threads.
PARSE_LOCK = threading.RLock()
#: A fork (query worker, validation child) taken while another thread parses would copy the
#: lock held by a thread the child does not have: every later parse there would hang.
os.register_at_fork(before=PARSE_LOCK.acquire, after_in_parent=PARSE_LOCK.release,
                    after_in_child=PARSE_LOCK.release)
READ_ONLY = "this endpoint is read-only"
NO_REMOTE = "this endpoint makes no remote requests"
#: Deep nesting exhausts the (recursive) parser's stack: an input problem, answered 400.
TOO_DEEP = ("query is nested too deeply to parse (brackets, braces or parentheses); "
            "flatten it")
#: Distinct query texts whose analysis is remembered (saved queries, UI re-runs, clients
#: polling the same question); texts longer than CACHE_MAX_TEXT are analysed every time, so
#: the cache holds at most CACHE_SIZE * CACHE_MAX_TEXT characters.
CACHE_SIZE = 1024
CACHE_MAX_TEXT = 64 * 1024
#: Longest query text accepted (characters). rdflib's parser is pure Python and runs in the
#: request thread under PARSE_LOCK: a 3.8 MB VALUES query held it for ~100 s of CPU. The
#: longest saved query is under 4 KiB; longer texts are refused (413) before any parsing.
MAX_QUERY_CHARS = 64 * 1024
#: Texts longer than this are parsed in a forked child under PARSE_TIMEOUT seconds
#: (``in_child_if_long``); shorter ones (every saved query) parse here in milliseconds.
LONG_TEXT = 8 * 1024
PARSE_TIMEOUT = 10.0
#: SPARQL 1.1 section 19.2 codepoint escapes: \\u + 4 hex digits, \\U + 8 hex digits.
_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
#: What either parser could still read as an escape after one expansion (rdflib's own
#: pattern is case-insensitive and takes 4 or 8 digits after either letter).
_ANY_ESCAPE = re.compile(r"\\[uU][0-9A-Fa-f]{4}")
ESCAPE_AGAIN = ("a \\u or \\U escape in the query spells another escape; write the "
                "character itself")


def refuse_oversize(text: str) -> None:
    """413 for a query text longer than MAX_QUERY_CHARS, before anything parses it."""
    if len(text) > MAX_QUERY_CHARS:
        raise QueryError(f"query text is {len(text)} characters; the limit is "
                         f"{MAX_QUERY_CHARS} (bind long lists of values in several queries)",
                         http_status=413)


def _expand(match: re.Match[str]) -> str:
    code = int(match.group(1) or match.group(2), 16)
    if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        raise QueryError(f"malformed SPARQL query: {match.group(0)} is not a Unicode "
                         f"character")
    return chr(code)


def normalise(text: str) -> str:
    """The one text both the checker (rdflib) and the engine (Oxigraph) will read.

    Codepoint escapes are expanded once here, as SPARQL says they are before parsing, so
    neither parser meets one (rdflib expands them everywhere, Oxigraph only inside IRIs and
    strings: ``'\\u0027'`` or ``# \\u000a`` would tokenise differently); an expansion that
    spells a new escape is refused. Every line terminator becomes ``\\n``: Oxigraph ends a
    ``#`` comment at ``\\r`` too, rdflib only at ``\\n``, so ``# x\\rSERVICE ...`` was a
    comment to the checker and a remote call to the engine.
    """
    if "\\" in text:
        text = _ESCAPE.sub(_expand, text)
        if _ANY_ESCAPE.search(text):
            raise QueryError(f"malformed SPARQL query: {ESCAPE_AGAIN}")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


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


def update_operations(text: str) -> str | None:
    """The update operations ``text`` parses as ("LOAD, CLEAR"), or None if it is no update."""
    try:
        with PARSE_LOCK:
            parsed = parseUpdate(text)
    except ParseBaseException:
        return None
    except Exception:  # rdflib raises plain Exceptions (and RecursionError) for bad updates
        return None
    ops = [UPDATE_NAMES.get(getattr(r, "name", ""), str(getattr(r, "name", "update")))
           for r in parsed.get("request", [])]
    return ", ".join(dict.fromkeys(ops)) or "an update"


def in_child_if_long(func: Callable[..., T], text: str, *args: Any) -> T:
    """``func(text, *args)`` here for short texts; for texts over LONG_TEXT in a forked child
    killed after PARSE_TIMEOUT seconds (503), like query execution.

    Why: rdflib's parser is pure Python and holds PARSE_LOCK, so one long text (a 64 KiB
    VALUES list parses for several seconds) would stall every other request's check. A child
    holds only its own copy of the lock. A timeout raises (and so is not cached)."""
    if len(text) <= LONG_TEXT or not PARSE_TIMEOUT:
        return func(text, *args)
    from docklaw.budget import run_limited
    from docklaw.errors import ResourceLimit

    try:
        return run_limited(func, text, *args, timeout=PARSE_TIMEOUT, what="query parsing")
    except ResourceLimit as exc:
        raise QueryTimeout(f"{exc.message} (a query of {len(text)} characters)") from None


_cached_update_operations = lru_cache(maxsize=CACHE_SIZE)(
    partial(in_child_if_long, update_operations))


def refuse_update(text: str) -> None:
    """Raise 403 naming the operation if ``text`` is a SPARQL update (parsed, not grepped).

    Runs before every request that carries a query: the answer is cached per text.
    """
    refuse_oversize(text)
    if not text.strip():
        return  # an empty update is no operation: check_query answers "empty query" (400)
    try:
        text = normalise(text)
    except QueryError:
        return  # not a query either; check_query refuses it with the reason
    found = (_cached_update_operations(text) if len(text) <= CACHE_MAX_TEXT
             else update_operations(text))
    if found is not None:
        raise QueryError(f"SPARQL updates are not allowed ({found}): {READ_ONLY}",
                         http_status=403)


def walk(node: Any) -> Iterator[CompValue]:
    """Every CompValue in an rdflib parse tree, depth first."""
    if isinstance(node, CompValue):
        yield node
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list | tuple) or type(node).__name__ == "ParseResults":
        for item in node:
            yield from walk(item)


@dataclass(frozen=True)
class Analysis:
    """What parsing a text taught us (cached): its form and the graphs it names, or why it
    is refused (``error``/``status``)."""

    kind: str = ""
    from_graphs: tuple[str, ...] = ()
    from_named: tuple[str, ...] = ()
    error: str = ""
    status: int = 400


#: A text whose parse runs past Python's recursion limit here (rdflib's parser recurses per
#: triple pattern and per group: 900 triple patterns or 50 nested OPTIONALs, as generated
#: queries have) is parsed again in a forked child, in a thread with room for DEEP_FRAMES
#: frames, under PARSE_TIMEOUT: a legitimate long query passes, a deeper one is still refused,
#: and a stack overflow there ends only the child.
DEEP_FRAMES = 40_000
DEEP_STACK = 512 * 1024 * 1024
#: Brackets, braces and parentheses nested deeper than this are refused at once (a generated
#: query nests tens of levels; thousands is an attack, not a question).
MAX_NESTING = 200
_BRACKETS = re.compile(r"[{}()\[\]]")


def nesting(text: str) -> int:
    """The deepest nesting of brackets, braces and parentheses (literals not told apart: an
    over-count only refuses sooner)."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(text):
        depth += 1 if match.group() in "{([" else -1
        deepest = max(deepest, depth)
    return deepest


def analyse(text: str, base_iri: str | None) -> Analysis:
    """Parse ``text`` once: the query form and FROM graphs, or the reason to refuse it."""
    found = _analyse(text, base_iri)
    if found.error != TOO_DEEP or not PARSE_TIMEOUT or nesting(text) > MAX_NESTING:
        return found
    import multiprocessing

    from docklaw.budget import run_limited
    from docklaw.errors import ResourceLimit

    try:
        if multiprocessing.current_process().daemon:  # already a budgeted child (long text)
            return with_deep_stack(_analyse, text, base_iri)
        return run_limited(with_deep_stack, _analyse, text, base_iri, timeout=PARSE_TIMEOUT,
                           what="query parsing")
    except ResourceLimit as exc:
        if "time limit" in exc.message:
            raise QueryTimeout(f"{exc.message} (a query of {len(text)} characters)") from None
        return found  # the child ran out of stack or memory: nested too deeply after all
    except RecursionError:
        return found


def with_deep_stack(func: Callable[..., T], *args: Any) -> T:
    """``func(*args)`` in a new thread with a large stack and recursion limit (run in a forked
    child only: the limit is the whole process's)."""
    import sys

    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = func(*args)
        except BaseException as exc:  # handed to the caller's thread
            outcome["error"] = exc

    sys.setrecursionlimit(DEEP_FRAMES)
    threading.stack_size(DEEP_STACK)
    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]  # type: ignore[no-any-return]


def _analyse(text: str, base_iri: str | None) -> Analysis:
    try:
        try:
            with PARSE_LOCK:
                parsed = parseQuery(text)
        except ParseBaseException as exc:
            refuse_update(text)
            return Analysis(error=f"malformed SPARQL query: {describe_parse_error(exc)}")
        try:
            with PARSE_LOCK:
                prologue = translatePrologue(parsed[0], base_iri)
                body = traverse(parsed[1], visitPost=partial(translatePName, prologue=prologue))
        except RecursionError:
            raise
        except Exception as exc:  # undefined prefix, bad IRI ...
            return Analysis(error=f"malformed SPARQL query: {exc}")
        return _analyse_body(body)
    except RecursionError:
        return Analysis(error=TOO_DEEP)
    except QueryError as exc:  # an update, refused by refuse_update
        return Analysis(error=exc.message, status=exc.http_status)


_cached_analyse = lru_cache(maxsize=CACHE_SIZE)(partial(in_child_if_long, analyse))


def cache_info() -> tuple[object, object]:
    """(query analysis, update check) cache statistics, for tests and benchmarks."""
    return _cached_analyse.cache_info(), _cached_update_operations.cache_info()


def clear_cache() -> None:
    _cached_analyse.cache_clear()
    _cached_update_operations.cache_clear()


def _analyse_body(body: Any) -> Analysis:
    """Refuse SERVICE; record the query form and the graphs FROM / FROM NAMED name."""
    kind = QUERY_KINDS.get(getattr(body, "name", ""), "")
    if not kind:
        return Analysis(error="not a SELECT, ASK, CONSTRUCT or DESCRIBE query")
    from_graphs: list[str] = []
    from_named: list[str] = []
    for node in walk(body):
        if node.name == "ServiceGraphPattern":
            return Analysis(error=f"SERVICE <{node.get('term', '?')}> is not allowed: "
                                  f"{NO_REMOTE}", status=403)
        if node.name == "DatasetClause":
            if "default" in node:
                from_graphs.append(str(node["default"]))
            if "named" in node:
                from_named.append(str(node["named"]))
    return Analysis(kind, tuple(from_graphs), tuple(from_named))


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
    refuse_oversize(text)
    text = normalise(text)  # checked here and carried in the plan: what runs is what was checked
    found = (_cached_analyse(text, base_iri) if len(text) <= CACHE_MAX_TEXT
             else analyse(text, base_iri))
    if found.error:
        raise QueryError(found.error, http_status=found.status)
    plan = QueryPlan(text, found.kind, found.from_graphs, found.from_named,
                     default_graph_uris, named_graph_uris, base_iri)
    if plan.protocol_dataset:
        named = [("default-graph-uri", g) for g in default_graph_uris]
        named += [("named-graph-uri", g) for g in named_graph_uris]
    else:
        named = [("FROM", g) for g in plan.from_graphs]
        named += [("FROM NAMED", g) for g in plan.from_named]
    if named and known_graphs is not None:
        for source, graph in named:
            if graph not in known_graphs:
                loaded = ", ".join(f"<{g}>" for g in sorted(known_graphs)) or "none"
                raise QueryError(
                    f"{source} <{graph}> names a graph that is not loaded here; {NO_REMOTE} "
                    f"(loaded graphs: {loaded})",
                    http_status=403,
                )
    return plan


WARM_UP = [
    """PREFIX ex: <http://example.org/> BASE <http://example.org/base/>
    SELECT DISTINCT ?s (COUNT(DISTINCT ?o) AS ?n) (SAMPLE(?o) AS ?one)
    (GROUP_CONCAT(STR(?o); SEPARATOR=",") AS ?all) (MAX(?x) AS ?mx) (MIN(?x) AS ?mn)
    (SUM(?x) AS ?sm) (AVG(?x) AS ?av)
    FROM <http://example.org/g> FROM NAMED <http://example.org/h>
    WHERE { ?s a ex:C ; ex:p/ex:q* ?o ; ^ex:r|!ex:t ?x . ?s ex:p+ [ ex:q ?z ] , ( 1 2 ) .
      OPTIONAL { ?s ex:l ?l FILTER(LANGMATCHES(LANG(?l), "en") && REGEX(?l, "^a", "i")) }
      { ?s ex:a ?b } UNION { ?s ex:c ?b } MINUS { ?s ex:d 1.5e0 }
      GRAPH ?g { ?s ?p "x"@en , "y"^^ex:t , true , -3 , 4.5 }
      FILTER NOT EXISTS { ?s ex:e ?e } FILTER EXISTS { ?s ex:f ?f }
      FILTER(?x IN (1, 2) || ?x NOT IN (3) || !BOUND(?q) || isIRI(?s) || ?x >= 2 * (3 - 1) / 4)
      BIND(IF(COALESCE(?x, 0) > 1, CONCAT(STR(?s), "a"), UCASE(SUBSTR("abc", 1, 2))) AS ?c)
      BIND(STRDT("1", ex:t) AS ?d) BIND(YEAR(NOW()) AS ?y)
      VALUES (?v ?w) { (1 UNDEF) (ex:a "b") }
      { SELECT ?s WHERE { ?s ?p ?o } LIMIT 1 } }
    GROUP BY ?s HAVING (COUNT(?o) > 0) ORDER BY DESC(?n) ?s LIMIT 10 OFFSET 1""",
    "ASK { ?s ?p ?o }",
    "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }",
    "CONSTRUCT WHERE { ?s ?p ?o }",
    "DESCRIBE ?s <http://example.org/x> WHERE { ?s ?p ?o }",
]
WARM_UP_UPDATES = [
    "LOAD <http://example.org/x> ; CLEAR ALL ; DROP GRAPH <http://example.org/g> ; "
    "CREATE GRAPH <http://example.org/g> ; ADD DEFAULT TO <http://example.org/g> ; "
    "MOVE <http://example.org/g> TO DEFAULT ; COPY DEFAULT TO <http://example.org/g> ; "
    "INSERT DATA { <http://a/s> <http://a/p> 1 } ; DELETE DATA { <http://a/s> <http://a/p> 1 } ; "
    "DELETE WHERE { ?s ?p ?o } ; WITH <http://a/g> DELETE { ?s ?p ?o } INSERT { ?s ?p 2 } "
    "USING <http://a/g> WHERE { ?s ?p ?o }",
]


def warm_up_parser(extra: Iterable[str] = ()) -> int:
    """Run rdflib's SPARQL grammar (and its parse actions) once, before serving threads.

    Returns how many texts parsed. ``extra`` adds the saved queries of the catalogue.
    """
    parsed = 0
    with PARSE_LOCK:
        for text in [*WARM_UP, *extra]:
            try:
                check_query(text)
                parsed += 1
            except QueryError:
                pass
        for text in WARM_UP_UPDATES:
            try:
                parseUpdate(text)
                parsed += 1
            except ParseBaseException:
                pass
    return parsed
