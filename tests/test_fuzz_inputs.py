"""Fuzzing: mutated valid applications and random queries never crash the validator or a route.

Mutations start from the shipped examples and the test cases (dropped triples, swapped
datatypes, extreme numbers, broken WKT). Every outcome must be a report or an InputError /
4xx naming its cause; never an uncaught exception or a 500. Bounded: ~50 examples each.
"""

from __future__ import annotations

import contextlib
import random
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import Graph, Literal, Namespace
from rdflib.namespace import XSD

from docklaw.errors import DocklawError
from docklaw.paths import EXAMPLES_DIR, ROOT
from docklaw.validate.pipeline import validate_bytes

T = Namespace("https://w3id.org/docklaw/test#")
GEO_WKT = "http://www.opengis.net/ont/geosparql#wktLiteral"
SOURCES = sorted(EXAMPLES_DIR.glob("*/*.ttl")) + sorted(
    (ROOT / "tests" / "cases").glob("*/*.ttl"))[::25]
FUZZ = settings(max_examples=50, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
EXTREMES = [Literal(v) for v in (Decimal("1e308"), Decimal("-1e308"), 10**4000 // 10**3990,
                                 0, -1, Decimal("0.0000000001"))] + [
    Literal("NaN", datatype=XSD.double), Literal("INF", datatype=XSD.double),
    Literal("-INF", datatype=XSD.double), Literal("ten feet"), Literal(True),
    Literal("2026-01-01", datatype=XSD.date), Literal("12", datatype=XSD.string),
    Literal("abc", datatype=XSD.integer)]


def load(path: object) -> list[tuple[object, object, object]]:
    g = Graph().parse(path, format="turtle")  # type: ignore[arg-type]
    return [t for t in g if not (str(t[1]).startswith(str(T)) or str(t[2]).startswith(str(T)))]


TRIPLES = {str(p): load(p) for p in SOURCES}


def mutate(triples: list[tuple[object, object, object]], seed: int, how: list[str]) -> bytes:
    rng = random.Random(seed)
    out = list(triples)
    for op in how:
        if not out:
            break
        i = rng.randrange(len(out))
        s, p, _o = out[i]
        if op == "drop":
            out.pop(i)
        elif op == "extreme":
            literals = [j for j, t in enumerate(out) if isinstance(t[2], Literal)]
            if literals:
                j = rng.choice(literals)
                out[j] = (out[j][0], out[j][1], rng.choice(EXTREMES))
        elif op == "wkt":
            wkts = [j for j, t in enumerate(out) if str(getattr(t[2], "datatype", "")) == GEO_WKT]
            if wkts:
                j = rng.choice(wkts)
                text = str(out[j][2])
                cut = rng.randrange(len(text))
                broken = rng.choice([text[:cut], text.replace(",", " ", 1),
                                     text.replace("0", "nan", 1), text + ")", "POINT EMPTY"])
                out[j] = (out[j][0], out[j][1], Literal(broken, datatype=GEO_WKT))
        elif op == "swap":
            out[i] = (s, p, rng.choice([*EXTREMES, s]))
    g = Graph()
    for t in out:
        g.add(t)  # type: ignore[arg-type]
    # N-Triples (also valid Turtle): rdflib's Turtle serialiser sorts objects and cannot
    # order a huge xsd:decimal against an xsd:double NaN (a harness crash, not ours).
    return g.serialize(format="nt", encoding="utf-8")


mutations = st.tuples(st.sampled_from(sorted(TRIPLES)), st.integers(0, 2**32),
                      st.lists(st.sampled_from(["drop", "extreme", "wkt", "swap"]),
                               min_size=1, max_size=4))


@FUZZ
@given(mutations)
def test_fuzz_validator_api(case: tuple[str, int, list[str]]) -> None:
    source, seed, how = case
    data = mutate(TRIPLES[source], seed, how)
    try:
        report = validate_bytes(data, name="fuzz.ttl", max_bytes=4 * 1024 * 1024)
    except DocklawError as exc:
        assert str(exc).strip() and exc.exit_code == 2, exc
    else:
        assert isinstance(report.to_json(), dict)


@pytest.fixture(scope="module")
def client(law_app):  # type: ignore[no-untyped-def]
    return law_app.test_client()


@FUZZ
@given(mutations, st.sampled_from(["text/turtle", "application/n-triples",
                                   "application/ld+json", "application/rdf+xml"]))
def test_fuzz_validate_route(client, case: tuple[str, int, list[str]], ctype: str) -> None:  # type: ignore[no-untyped-def]
    source, seed, how = case
    g = Graph().parse(data=mutate(TRIPLES[source], seed, how), format="turtle")
    fmt = {"text/turtle": "turtle", "application/n-triples": "nt",
           "application/ld+json": "json-ld", "application/rdf+xml": "xml"}[ctype]
    data = g.serialize(format=fmt, encoding="utf-8")
    r = client.post("/validate", data=data, content_type=ctype)
    assert r.status_code in (200, 400, 413), (r.status_code, r.data[:300])
    if r.status_code != 200:
        assert r.get_json()["error"].strip()


TOKENS = ["SELECT", "*", "WHERE", "{", "}", "?s", "?p", "?o", "(", ")", ".", ";", ",", "FILTER",
          "OPTIONAL", "UNION", "GRAPH", "SERVICE", "FROM", "NAMED", "<http://a/>", "dl:x",
          "PREFIX", "dl:", "<https://w3id.org/docklaw/ontology#>", "LIMIT", "1", "\"x\"",
          "ASK", "CONSTRUCT", "DESCRIBE", "INSERT", "DATA", "DELETE", "LOAD", "DROP", "ALL",
          "COUNT", "AS", "?n", "BIND", "VALUES", "ORDER", "BY", "GROUP", "*", "+", "/", "|",
          "^", "!", "a", "EXISTS", "NOT", "MINUS", "BASE", "<file:///etc/passwd>", "\\u0041"]
queries = st.one_of(st.text(max_size=200),
                    st.lists(st.sampled_from(TOKENS), max_size=30).map(" ".join))


@FUZZ
@given(queries, st.sampled_from(["json", "xml", "csv", "tsv", "ttl", "nt"]))
def test_fuzz_sparql_route(client, query: str, fmt: str) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/sparql", query_string={"query": query, "format": fmt})
    assert r.status_code in (200, 400, 403, 406, 503), (query, r.status_code, r.data[:300])
    if r.status_code != 200:
        assert r.get_json()["error"].strip()
    r = client.post("/sparql", data=query.encode("utf-8", "surrogatepass"),
                    content_type="application/sparql-query")
    assert r.status_code in (200, 400, 403, 406, 503), (query, r.status_code, r.data[:300])


# ------------------------------------------------------------------ issue 13 standing checks


class _Accepts:
    """A loopback listener that only counts connections (the engine must make none)."""

    def __init__(self) -> None:
        import socket
        import threading

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.sock.settimeout(0.1)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/"
        self.count = 0
        self.running = True
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while self.running:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.count += 1
            conn.close()

    def close(self) -> None:
        self.running = False
        self.thread.join(timeout=2)
        self.sock.close()


@pytest.fixture(scope="module")
def accepts():  # type: ignore[no-untyped-def]
    found = _Accepts()
    yield found
    found.close()


#: Pieces that the checker and the engine could read differently: a comment ended by each
#: line terminator (raw or escaped), escapes that spell quotes, long-string quotes.
ENDS = ["\r", "\n", "\r\n", "\\u000d", "\\u000D", "\\u000a", "\\U0000000d", "\u2028",
        "\u0085", "\x0b", "\x0c", "\\u005cu000d"]
HIDING = [f"# x{end}" for end in ENDS] + [
    "'\\u0027' ", '"\\u0022" ', "'''", '"""', "BIND('\\u0027' AS ?z) ", "\\\\", " ", "{ } "]


@FUZZ
@given(st.lists(st.sampled_from(HIDING), max_size=3), st.lists(st.sampled_from(HIDING),
                                                                max_size=3))
def test_fuzz_checked_text_never_hides_a_service(accepts, before: list[str],  # type: ignore[no-untyped-def]
                                                  after: list[str]) -> None:
    """Whatever surrounds a SERVICE, a query the checker accepts makes no remote call when
    the engine runs the plan's text (issue 13, item 1)."""
    import pyoxigraph as ox

    from docklaw.errors import QueryError
    from docklaw.sparql.safety import check_query

    query = ("SELECT * WHERE { " + "".join(before) + f"SERVICE <{accepts.url}> {{ ?a ?b ?c }}"
             + "".join(after) + "\n}")  # a line end before the last brace, as in the attack
    try:
        plan = check_query(query)
    except QueryError:
        return
    seen = accepts.count
    with contextlib.suppress(SyntaxError, OSError, ValueError):
        list(ox.Store().query(plan.text))
    assert accepts.count == seen, repr(query)


LAUGH = ('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
         '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
         "<rdf:Description rdf:about='http://a/s'><rdf:value>&b;</rdf:value>"
         "</rdf:Description></rdf:RDF>")


@FUZZ
@given(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32",
                        "utf-32-le", "utf-32-be"]),
       st.sampled_from(["", "UTF-8", "UTF-16", "utf-32", "ISO-8859-1"]),
       st.sampled_from(["DOCTYPE", "doctype", "DocType"]),
       st.text(alphabet=" \t\r\n", max_size=4))
def test_fuzz_dtd_refused_in_any_encoding(encoding: str, declared: str, keyword: str,
                                          lead: str) -> None:
    """A DTD is refused before any parser, however the document is encoded (item 2)."""
    from docklaw.errors import InputError
    from docklaw.validate.intake.parse import parse

    text = LAUGH.replace("DOCTYPE", keyword)
    if declared:
        text = text.replace('version="1.0"', f'version="1.0" encoding="{declared}"')
    with pytest.raises(InputError):
        parse((lead + text).encode(encoding), None, "fuzz.rdf",
              content_type="application/rdf+xml")
