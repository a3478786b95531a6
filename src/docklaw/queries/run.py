"""Run SPARQL against the knowledge graph with parameters bound as RDF terms, never pasted.

Parameters are converted to typed rdflib terms by their declared type. Queries run on the
same store abstraction as the web app (``docklaw.sparql``: embedded Oxigraph by default, a
few milliseconds per saved query); there the terms are bound by a VALUES block placed first
in the WHERE group, so FILTERs and BINDs of the top-level group see them. An rdflib graph
is still accepted (``initBindings``), for callers that hold one. A value that does not fit
its type is an input error naming the parameter.
"""

from __future__ import annotations

import csv
import io
import json
import re
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import TYPE_CHECKING

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import XSD
from rdflib.plugins.sparql import prepareQuery
from rdflib.term import Node

from docklaw import jurisdictions
from docklaw.errors import InputError, QueryError
from docklaw.namespaces import BASE, DL, ELI, GEO, GEOF, JUR, QUDT, RDF, RDFS, SH, SKOS, UNIT
from docklaw.queries.catalogue import Param, SavedQuery

if TYPE_CHECKING:
    from docklaw.sparql.store import Store

#: the column saved queries give every cited section: false when its number is inferred
NUMBER_PRINTED = "numberPrinted"

#: an xsd:date of a four-digit year, with an optional time zone
_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})?")

_WHERE = re.compile(r"\bWHERE\s*\{", re.IGNORECASE)

DEFAULT_NS: dict[str, object] = {
    "dl": DL, "jur": JUR, "qudt": QUDT, "unit": UNIT, "geo": GEO, "geof": GEOF, "eli": ELI,
    "rdfs": RDFS, "rdf": RDF, "skos": SKOS, "sh": SH, "xsd": XSD,
}


@dataclass
class Result:
    """Rows of one query run: variable names in order and one dict per row (Python values)."""

    variables: list[str]
    rows: list[dict[str, Node | None]]

    def plain(self) -> list[dict[str, str | None]]:
        return [{v: (None if r.get(v) is None else str(r[v])) for v in self.variables}
                for r in self.rows]

    def to_json(self) -> str:
        return json.dumps({"variables": self.variables, "rows": self.plain()}, indent=2,
                          ensure_ascii=False)

    def to_csv(self) -> str:
        buf = io.StringIO()
        writer = csv.DictWriter(buf, fieldnames=self.variables, lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.plain())
        return buf.getvalue()

    def to_table(self) -> str:
        from docklaw.clitools import text_table

        rows = self.plain()
        table = text_table(self.variables, [[r[v] or "" for v in self.variables] for r in rows],
                           max_width=60)
        legend = ("\nnumberPrinted false: the section number is not printed in the text; "
                  "docklaw inferred it (dl:numberingNote)."
                  if NUMBER_PRINTED in self.variables else "")
        return f"{table}\n({len(rows)} row{'s' if len(rows) != 1 else ''}){legend}"


def to_term(param: Param, value: str) -> Node:
    """Convert a textual parameter value to a typed RDF term, or raise an InputError."""
    kind = param.type
    try:
        if kind == "jurisdiction":
            return jurisdictions.resolve(value).iri
        if kind == "integer":
            return Literal(int(value), datatype=XSD.integer)
        if kind == "decimal":
            return Literal(Decimal(value), datatype=XSD.decimal)
        if kind == "boolean":
            if value.lower() not in {"true", "false"}:
                raise ValueError(value)
            return Literal(value.lower() == "true", datatype=XSD.boolean)
        if kind == "date":
            # checked here first: rdflib logs a warning with a traceback for an ill-formed
            # date (one line in the server log is the caller's, the 400 says it all)
            match = _DATE.fullmatch(value)
            if match is None:
                raise ValueError(value)
            date.fromisoformat(match.group(1))
            lit = Literal(value, datatype=XSD.date)
            if not lit.value or lit.ill_typed:
                raise ValueError(value)
            return lit
        if kind == "iri":
            bad = any(c in value for c in '<> "{}|\\^`')
            if not value.startswith(("http://", "https://", "urn:")) or bad:
                raise ValueError(value)
            return URIRef(value)
        return Literal(value)
    except (ValueError, InvalidOperation):
        raise InputError(f"parameter {param.name!r} expects {kind}, got {value!r}",
                         prop=param.name) from None


def bindings_for(query: SavedQuery, given: Mapping[str, str]) -> dict[str, Node]:
    """Typed bindings: declared defaults overridden by given values; unknown names rejected."""
    unknown = sorted(set(given) - {p.name for p in query.params})
    if unknown:
        names = ", ".join(p.name for p in query.params) or "none"
        raise InputError(f"{query.name}: unknown parameter(s) {', '.join(unknown)}; "
                         f"it takes: {names}")
    out: dict[str, Node] = {}
    for p in query.params:
        value = given.get(p.name, p.default)
        if value is not None and value != "":
            out[p.name] = to_term(p, value)
    return out


@lru_cache(maxsize=64)
def _prepared(text: str):
    try:
        return prepareQuery(text, initNs=DEFAULT_NS)
    except Exception as exc:  # pyparsing raises many kinds; all mean "bad SPARQL"
        raise QueryError(f"SPARQL syntax error: {exc}") from None


def bind_values(text: str, bindings: Mapping[str, Node]) -> str:
    """``text`` with a VALUES block for ``bindings`` first in its WHERE group.

    A trailing VALUES clause would be joined after the WHERE group's FILTERs and BINDs ran,
    so a filter on a parameter (``FILTER(?frontage >= ?min)``) would see it unbound.
    """
    if not bindings:
        return text
    names = " ".join(f"?{name}" for name in bindings)
    terms = " ".join(term.n3() for term in bindings.values())
    lines = text.splitlines(keepends=True)
    offset = 0
    for line in lines:  # skip comment lines: a header may say "where {" in prose
        if not line.lstrip().startswith("#") and (m := _WHERE.search(line)):
            at = offset + m.end()
            return f"{text[:at]}\n  VALUES ({names}) {{ ({terms}) }}{text[at:]}"
        offset += len(line)
    brace = text.find("{")
    if brace < 0:
        raise QueryError("the query has no WHERE group to bind parameters in")
    return f"{text[:brace + 1]}\n  VALUES ({names}) {{ ({terms}) }}{text[brace + 1:]}"


def code_dataset(source: Store, bindings: Mapping[str, Node]) -> list[str]:
    """With ``jurisdiction`` bound on a store that keeps one named graph per code: that code's
    graph and the shared graph, so the question reads one code's data, not every code's
    (``docklaw.sparql.partition`` puts everything a code owns in its graph;
    ``tests/test_per_code_graphs.py`` checks every saved query answers the same). Otherwise
    no restriction (the union of all graphs)."""
    from docklaw.namespaces import JUR, LAW_GRAPH_IRI
    from docklaw.sparql.partition import code_graph

    jurisdiction = bindings.get("jurisdiction")
    if not isinstance(jurisdiction, URIRef) or not str(jurisdiction).startswith(str(JUR)):
        return []
    graph = code_graph(str(jurisdiction)[len(str(JUR)):])
    names = source.graph_names()
    return [LAW_GRAPH_IRI, graph] if graph in names and LAW_GRAPH_IRI in names else []


def run_text(source: Store | Graph, text: str,
             bindings: Mapping[str, Node] | None = None, *,
             timeout: float | None = None, evaluate: bool = False,
             narrow: bool = True) -> Result:
    """Run SPARQL SELECT text on a store (or an rdflib graph) with ``bindings`` bound.

    ``timeout`` (seconds) bounds the run on a store (the web tier passes its query timeout).
    The store's safety check caches its parse per text (``docklaw.sparql.safety``). A store
    loaded by ``docklaw load`` keeps the rows of each saved query's default text
    (``docklaw.queries.answers``): exactly that text is read back unless ``evaluate``.
    """
    if isinstance(source, Graph):
        return _run_rdflib(source, text, bindings)
    bound = bind_values(text, dict(bindings or {}))
    if not evaluate:
        from docklaw.queries.answers import lookup

        stored = lookup(source, bound)
        if stored is not None:
            variables, stored_rows = stored
            return Result(variables, [dict(zip(variables, row, strict=True))
                                      for row in stored_rows])
    dataset = code_dataset(source, dict(bindings or {})) if narrow else []
    plan = source.check(bound, default_graph_uris=dataset)
    if plan.kind != "SELECT":
        raise QueryError("only SELECT queries are supported here")
    answer = source.run_plan(plan, timeout=timeout)
    variables = list(answer.variables)
    rows = [dict(zip(variables, row, strict=True)) for row in answer.rows]
    return Result(variables, rows)


def _run_rdflib(graph: Graph, text: str, bindings: Mapping[str, Node] | None) -> Result:
    query = _prepared(text)
    try:
        res = graph.query(query, initBindings=dict(bindings or {}))
    except Exception as exc:
        raise QueryError(f"query failed: {type(exc).__name__}: {exc}") from None
    if res.type != "SELECT":
        raise QueryError("only SELECT queries are supported here")
    variables = [str(v) for v in res.vars]
    rows = [{v: row[i] for i, v in enumerate(variables)} for row in res]
    return Result(variables, rows)


def run_saved(source: Store | Graph, query: SavedQuery,
              params: Mapping[str, str] | None = None, *,
              timeout: float | None = None, evaluate: bool = False) -> Result:
    return run_text(source, query.text, bindings_for(query, params or {}), timeout=timeout,
                    evaluate=evaluate)


@lru_cache(maxsize=8)
def store_for(spec: str) -> Store:
    """The knowledge graph's store named by ``spec`` (``docklaw.sparql.backends``), opened
    once per process; queries run inline (the CLI and the comparison report are not a
    server). In-memory specs are filled with the closure, as ``docklaw load`` fills a store,
    so every backend gives the same answers; ``oxigraph:PATH`` / ``sparql:URL`` must hold it."""
    from docklaw.kg.build import closure_graph, closure_ntriples
    from docklaw.search.sparql import install
    from docklaw.sparql.backends import knowledge_store

    # Oxigraph takes the cached N-Triples (no rdflib copy of the law); rdflib takes the graph
    return install(knowledge_store(spec, execution="inline", graph=closure_graph,
                                   ntriples=closure_ntriples))


def default_store() -> Store:
    """The store of ``$DOCKLAW_STORE`` (default: embedded Oxigraph in memory)."""
    from docklaw.sparql.backends import default_spec

    return store_for(default_spec())


def default_graph() -> Graph:
    """The asserted knowledge graph (queries use property paths where they need hierarchy)."""
    from docklaw.kg.build import law_graph

    return law_graph()


def is_section(graph: Graph, iri: Node | None) -> bool:
    return isinstance(iri, URIRef) and str(iri).startswith(BASE + "code/") and (
        iri, DL.citation, None) in graph


# --------------------------------------------------------------------------- kept answers


def texts_of(query: SavedQuery) -> list[str]:
    """The text a default run evaluates, the same in the CLI, the comparison report and on
    the query page: the saved text with its declared defaults bound."""
    return [bind_values(query.text, bindings_for(query, {}))]


def materialise(store: Store, queries: Iterable[SavedQuery],
                progress: Callable[[str, float], None] | None = None) -> dict[str, float]:
    """Evaluate every saved query's default texts on ``store`` and store the rows; returns
    seconds per query name (``progress(name, seconds)`` after each). Answers from an earlier
    load are dropped first."""
    from docklaw.queries.answers import ANSWERS_GRAPH, drop, keep

    drop(store)
    out = Graph()
    seconds: dict[str, float] = {}
    for query in queries:
        started = time.perf_counter()
        for text in texts_of(query):
            keep(out, query.name, text, run_text(store, text, evaluate=True))
        seconds[query.name] = time.perf_counter() - started
        if progress is not None:
            progress(query.name, seconds[query.name])
    from docklaw.sparql.statistics import TEXTS

    for name, text in TEXTS.items():  # VoID's counts: the costliest aggregates of all
        started = time.perf_counter()
        keep(out, f"statistics:{name}", text, run_text(store, text, evaluate=True))
        seconds[f"statistics:{name}"] = time.perf_counter() - started
        if progress is not None:
            progress(f"statistics:{name}", seconds[f"statistics:{name}"])
    store.add_graph(ANSWERS_GRAPH, out)
    return seconds
