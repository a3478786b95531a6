"""Saved-query answers computed once when a store is loaded, read back instead of evaluated.

Why: on a store of 1,000 codes the cross-code saved queries take about a second each (every
code's rules are joined), yet the store is read-only between loads. ``docklaw load`` (and
``docklaw answers --store SPEC``) evaluates every saved query once with its default
parameters and keeps the rows in the store's named graph ``ANSWERS_GRAPH``, keyed by the
digest of the exact text evaluated; a later run of that same text on that store reads the
rows (milliseconds) instead of evaluating it. Any other text (other parameters, an edited
query) is evaluated as before.

The answers are computed by ``docklaw.queries.run.materialise`` (it runs the queries; this
module only keeps and reads their rows, so the two do not import each other).

Fail-closed rules: every load drops the answers before it writes the law, so an answer is
never read after a docklaw load changed the data; answers are only read from persistent and
remote stores (an in-memory store is filled in this process and never has any); the rows are
kept with the number of rows and the query's name and are refused if they do not decode. The
rows' JSON is kept in numbered pieces (``PIECE`` characters each: a store's parser caps one
literal), and an answer missing a piece is refused too. A
store changed by something other than ``docklaw load`` must be re-answered (documented in
docs/web.md); ``docklaw query --evaluate`` always evaluates.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

if TYPE_CHECKING:
    from docklaw.queries.run import Result
    from docklaw.sparql.store import Store

from docklaw.sparql.specs import (  # a named graph outside the default graph
    ANSWERS_GRAPH,
    BOOKKEEPING_PREDICATES,
)

NS = BOOKKEEPING_PREDICATES[0]  # (every predicate written here: sparql.reads relies on it)
ROWS, VARIABLES, COUNT, NAME = (URIRef(NS + p) for p in ("rows", "variables", "count", "query"))


def key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def subject(text: str) -> URIRef:
    return URIRef(f"{ANSWERS_GRAPH}/{key(text)}")


def encode(term: Node | None) -> list[str] | None:
    if term is None:
        return None
    if isinstance(term, URIRef):
        return ["u", str(term)]
    if isinstance(term, BNode):
        return ["b", str(term)]
    if isinstance(term, Literal):
        return ["l", str(term), str(term.datatype or ""), term.language or ""]
    raise TypeError(f"not an RDF term: {term!r}")


def decode(cell: Any) -> Node | None:
    if cell is None:
        return None
    kind = cell[0]
    if kind == "u":
        return URIRef(cell[1])
    if kind == "b":
        return BNode(cell[1])
    if kind == "l":
        if cell[3]:
            return Literal(cell[1], lang=cell[3])
        return Literal(cell[1], datatype=URIRef(cell[2]) if cell[2] else None)
    raise ValueError(f"unknown cell kind {kind!r}")


def decode_rows(raw: list[list[Any]]) -> list[tuple[Node | None, ...]]:
    """Rows of cells, each distinct cell made an rdflib term once (building terms is most of
    the time: an answer repeats its codes, labels and datatypes on every row)."""
    memo: dict[tuple[str, ...], Node | None] = {}
    out = []
    for row in raw:
        values = []
        for cell in row:
            if cell is None:
                values.append(None)
                continue
            found_key = tuple(cell)
            term = memo.get(found_key)
            if term is None:
                term = memo[found_key] = decode(cell)
            values.append(term)
        out.append(tuple(values))
    return out


def holds_answers(store: Store) -> bool:
    """Only stores loaded by ``docklaw load`` (persistent or remote) carry answers."""
    return store.backend in ("oxigraph-disk", "sparql")


def lookup(store: Store, text: str) -> tuple[list[str], list[tuple[Node | None, ...]]] | None:
    """The stored (variables, rows) of exactly ``text`` on ``store``, or None."""
    if not holds_answers(store) or ANSWERS_GRAPH not in store.graph_names():
        return None
    node = subject(text)
    found = store.execute(store.check(
        f"SELECT ?v ?r ?n WHERE {{ GRAPH <{ANSWERS_GRAPH}> {{ <{node}> <{VARIABLES}> ?v ; "
        f"<{ROWS}> ?r ; <{COUNT}> ?n }} }}"), None, deadline=None).rows
    # one row per piece of the rows' JSON; one variables list and one count
    if not found or len({(str(f[0]), str(f[2])) for f in found}) != 1:
        return None
    try:
        variables = json.loads(str(found[0][0]))
        rows = decode_rows(json.loads(joined([str(f[1]) for f in found])))
        if len(rows) != int(str(found[0][2])) or any(len(r) != len(variables) for r in rows):
            return None
    except (ValueError, TypeError, IndexError):
        return None  # undecodable: evaluate instead
    return variables, rows


def drop(store: Store) -> None:
    """Remove every stored answer (first step of every load)."""
    dropper = getattr(store, "drop_graph", None)
    if dropper is not None and ANSWERS_GRAPH in store.graph_names():
        dropper(ANSWERS_GRAPH)


#: characters of the rows' JSON per literal: a store's parser caps one term (Oxigraph server:
#: 16 MiB, "Reached the buffer maximal size"), and at 1,000 codes one answer's JSON is larger
PIECE = 1_000_000


def pieces(text: str, size: int | None = None) -> list[str]:
    """``text`` cut into literals "i/n:..." (i of n), read back in order by ``joined``."""
    size = size or PIECE
    parts = [text[i:i + size] for i in range(0, len(text), size)] or [""]
    return [f"{i}/{len(parts)}:{part}" for i, part in enumerate(parts)]


def joined(values: list[str]) -> str:
    """The text of ``pieces``; ValueError unless every piece of one cut is there once."""
    found: dict[int, str] = {}
    totals: set[int] = set()
    for value in values:
        head, colon, part = value.partition(":")
        index, slash, total = head.partition("/")
        if not (colon and slash):
            raise ValueError("not a piece of kept rows")
        found[int(index)] = part
        totals.add(int(total))
    if len(totals) != 1 or len(found) != len(values) or set(found) != set(range(totals.pop())):
        raise ValueError("the kept rows are incomplete")
    return "".join(found[i] for i in sorted(found))


def keep(out: Graph, name: str, text: str, result: Result) -> None:
    node = subject(text)
    out.add((node, NAME, Literal(name)))
    out.add((node, VARIABLES, Literal(json.dumps(result.variables))))
    rows = json.dumps([[encode(r.get(v)) for v in result.variables] for r in result.rows],
                      ensure_ascii=False)
    for piece in pieces(rows):
        out.add((node, ROWS, Literal(piece)))
    out.add((node, COUNT, Literal(len(result.rows))))
