"""Which predicates a query can read: whether docklaw's bookkeeping triples could answer it.

Why: a store keeping the saved queries' answers (``docklaw load``) holds them in a named graph
of its own, which a query naming no graph must not see. On a server whose default graph is
the union of its named graphs (``#union=server``) the only way to leave it out was to send the
list of every other graph, 1,001 names on a store of 1,000 codes, and the server then took
minutes over a question it answers in a third of a second without the list (bench/RESULTS.md,
twenty-sixth session: use-variance 147 s against 0.3 s). The bookkeeping triples all have
predicates of their own namespace, so a query whose every pattern names its predicate, none of
them there, reads the same rows from the union with or without them: the list is sent only
when a pattern could match them (a variable or negated predicate, a GRAPH pattern, DESCRIBE,
or a zero-length path between two variables, which matches every node of the graph).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from rdflib import URIRef, Variable
from rdflib.paths import AlternativePath, InvPath, MulPath, NegatedPath, Path, SequencePath
from rdflib.plugins.sparql.algebra import translateQuery
from rdflib.plugins.sparql.parser import parseQuery
from rdflib.plugins.sparql.parserutils import CompValue

from docklaw.sparql.safety import PARSE_LOCK

#: algebra nodes under which any triple may be read (a graph named by a variable or an IRI)
OPEN_NODES = frozenset({"Graph", "ServiceGraphPattern", "DescribeQuery"})


def could_read(text: str, base_iri: str | None, namespaces: tuple[str, ...]) -> bool:
    """True unless every pattern of ``text`` names its predicate and none lies in one of
    ``namespaces`` (a text that does not parse: True, the caller's check refuses it)."""
    read = predicates_read(text, base_iri)
    return read is None or any(p.startswith(namespaces) for p in read)


@lru_cache(maxsize=512)
def predicates_read(text: str, base_iri: str | None = None) -> frozenset[str] | None:
    """The predicate IRIs the query's patterns name; None when a pattern may read any."""
    try:
        with PARSE_LOCK:
            algebra = translateQuery(parseQuery(text), base=base_iri).algebra
    except Exception:  # (refused with its reason by safety.check_query before it runs)
        return None
    found: set[str] = set()
    listed = values_joined(algebra)
    outer = bound_outside(algebra)
    for node in nodes(algebra):
        if node.name in OPEN_NODES:
            return None
        if node.name in ("BGP", "TriplesBlock"):
            triples = [bound_predicate(t, listed.get(id(node), {}), found)
                       for t in triples_of(node)]
            if not all(path_predicates(t, found, anchored(t, triples, outer.get(id(node))))
                       for t in triples):
                return None
    return frozenset(found)


def values_joined(algebra: Any) -> dict[int, dict[Any, frozenset[str]]]:
    """id(BGP) -> {variable: the IRIs a VALUES block joined with it allows}, where the BGP and
    the VALUES block are operands of one chain of plain joins (a variable predicate there
    matches only those IRIs: a row binding it to another is dropped by the join, with no
    OPTIONAL, UNION or MINUS between them to keep anything of it)."""
    out: dict[int, dict[Any, frozenset[str]]] = {}
    for node in nodes(algebra):
        if node.name != "Join":
            continue
        operands = join_operands(node)
        allowed: dict[Any, frozenset[str]] = {}
        for operand in operands:
            inner = operand.get("p") if operand.name == "ToMultiSet" else None
            if isinstance(inner, CompValue) and inner.name == "values":
                rows = inner.get("res") or []
                for var in {v for row in rows for v in row}:
                    if rows and all(isinstance(row.get(var), URIRef) for row in rows):
                        allowed[var] = frozenset(str(row[var]) for row in rows)
        for operand in operands:
            if operand.name == "BGP" and allowed:
                out.setdefault(id(operand), {}).update(allowed)
    return out


def join_operands(node: CompValue) -> list[CompValue]:
    """The operands of a chain of plain joins (Join of Join of ...), each once."""
    out: list[CompValue] = []
    stack = [node]
    while stack:
        current = stack.pop()
        for side in (current.get("p1"), current.get("p2")):
            if isinstance(side, CompValue) and side.name == "Join":
                stack.append(side)
            elif isinstance(side, CompValue):
                out.append(side)
    return out


def bound_predicate(triple: tuple[Any, ...], allowed: dict[Any, frozenset[str]],
                    found: set[str]) -> tuple[Any, ...]:
    """A triple whose variable predicate a joined VALUES block lists only IRIs for: those IRIs
    added to ``found``, and the triple returned with a stand-in predicate (named)."""
    if len(triple) == 3 and isinstance(triple[1], Variable) and triple[1] in allowed:
        found.update(allowed[triple[1]])
        return (triple[0], URIRef(sorted(allowed[triple[1]])[0]), triple[2])
    return triple


def triples_of(node: CompValue) -> Iterator[tuple[Any, ...]]:
    """A BGP's triples; a TriplesBlock's (an EXISTS pattern, left untranslated by rdflib) are
    flat lists, three terms a triple (any other length is yielded whole: read as open)."""
    for item in node.get("triples") or ():
        if node.name == "BGP" or len(item) % 3:
            yield tuple(item)
        else:
            yield from (tuple(item[i:i + 3]) for i in range(0, len(item), 3))


def nodes(node: Any) -> Iterator[CompValue]:
    """Every CompValue below ``node`` (algebra, expressions, EXISTS patterns), depth first."""
    stack = [node]
    seen: set[int] = set()
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, CompValue):
            yield current
            stack.extend(current.values())
        elif isinstance(current, list | tuple | set | frozenset):
            stack.extend(current)


def anchored(triple: tuple[Any, ...], triples: list[tuple[Any, ...]],
             outside: set[Any] | None = None) -> bool:
    """Another triple of the same basic pattern, naming its predicate, binds the triple's
    subject or object, or the pattern is optional to one that binds it (``bound_outside``): a
    path of length zero there joins to what that triple matches, not to every node."""
    ends = {t for t in (triple[0], triple[-1]) if isinstance(t, Variable)} \
        if len(triple) == 3 else set()
    return bool(ends & (outside or set())) or any(
        other is not triple and len(other) == 3 and isinstance(other[1], URIRef)
        and ends & {other[0], other[2]} for other in triples)


def named_ends(pattern: CompValue) -> set[Any]:
    """The variables every row of ``pattern`` binds through a triple naming its predicate: a
    BGP's, or those of the operands of a chain of plain joins of BGPs (else none)."""
    parts = join_operands(pattern) if pattern.name == "Join" else [pattern]
    if not all(part.name == "BGP" for part in parts):
        return set()
    return {t for part in parts for triple in part.get("triples") or ()
            if len(triple) == 3 and isinstance(triple[1], URIRef)
            for t in (triple[0], triple[2]) if isinstance(t, Variable)}


def bound_outside(algebra: Any) -> dict[int, set[Any]]:
    """id(BGP) -> variables bound in every row it can extend: the BGP lies in the optional
    side of a LeftJoin (through plain joins, filters and the required side of inner
    LeftJoins), and the required side binds them by named predicates. A row of the optional
    side binding such a variable to a node the required side never gives is dropped."""
    out: dict[int, set[Any]] = {}
    for node in nodes(algebra):
        if node.name != "LeftJoin" or not isinstance(node.get("p1"), CompValue) \
                or not isinstance(node.get("p2"), CompValue):
            continue
        bound = named_ends(node["p1"])
        if not bound:
            continue
        stack = [node["p2"]]
        while stack:
            current = stack.pop()
            if current.name == "BGP":
                out.setdefault(id(current), set()).update(bound)
            elif current.name == "Join":
                stack.extend(join_operands(current))
            elif current.name in ("Filter", "LeftJoin"):
                inner = current.get("p") if current.name == "Filter" else current.get("p1")
                if isinstance(inner, CompValue):
                    stack.append(inner)
    return out


def path_predicates(triple: tuple[Any, ...], found: set[str], anchored: bool = False) -> bool:
    """Add the triple's predicate IRIs to ``found``; False when it may match any predicate."""
    if len(triple) != 3:
        return False
    s, p, o = triple
    if isinstance(p, URIRef):
        found.add(str(p))
        return True
    if isinstance(p, Path):
        both_open = isinstance(s, Variable) and isinstance(o, Variable) and not anchored
        return walk_path(p, found, both_open)
    return False  # a variable (or anything unforeseen) in the predicate's place


def walk_path(path: Any, found: set[str], both_open: bool) -> bool:
    """The IRIs of a property path; False for a negated set, or a path that may be of length
    zero between two variables (it binds every node of the graph)."""
    if isinstance(path, URIRef):
        found.add(str(path))
        return True
    if isinstance(path, NegatedPath):
        return False
    if isinstance(path, MulPath):
        if both_open and path.zero:
            return False
        return walk_path(path.path, found, both_open)
    if isinstance(path, InvPath):
        return walk_path(path.arg, found, both_open)
    if isinstance(path, SequencePath | AlternativePath):
        return all(walk_path(a, found, both_open) for a in path.args)
    return False
