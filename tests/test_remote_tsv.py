"""A remote store's SELECT answers read as SPARQL TSV (``sparql.tsv``) are the terms the
SPARQL JSON reader makes: cell by cell here, and through a real Oxigraph server for values
chosen to be hard to write (escapes, languages, numbers, datatypes, blank nodes, unbound)."""

from __future__ import annotations

import pytest
from rdflib import BNode, Literal, URIRef
from rdflib.namespace import XSD
from rdflib.term import Node

from docklaw.sparql import remote as remote_module
from docklaw.sparql.remote import RemoteStore
from docklaw.sparql.tsv import TSVError, read, term

CELLS: list[tuple[str, Node | None]] = [
    ("", None),
    ("<http://e/a%20b>", URIRef("http://e/a%20b")),
    ("<http://e/\\u00e9>", URIRef("http://e/\u00e9")),
    ("_:b0", BNode("b0")),
    ('""', Literal("", datatype=XSD.string)),
    ('"x\\ty\\n\\"z\\\\"', Literal('x\ty\n"z\\', datatype=XSD.string)),
    ('"\\u00e9\\U0001F600"', Literal("\u00e9\U0001F600", datatype=XSD.string)),
    ('"a"@en-us', Literal("a", lang="en-us")),
    ('"2"^^<http://www.w3.org/2001/XMLSchema#double>', Literal("2", datatype=XSD.double)),
    ('"x"^^<http://e/dt>', Literal("x", datatype=URIRef("http://e/dt"))),
    ("1", Literal("1", datatype=XSD.integer)),
    ("-5", Literal("-5", datatype=XSD.integer)),
    ("1.5", Literal("1.5", datatype=XSD.decimal)),
    ("1.0E3", Literal("1.0E3", datatype=XSD.double)),
    ("true", Literal("true", datatype=XSD.boolean)),
]


@pytest.mark.parametrize(("cell", "expected"), CELLS, ids=[c for c, _ in CELLS])
def test_each_kind_of_cell_is_read_as_its_term(cell: str, expected: Node | None) -> None:
    found = term(cell)
    assert found == expected
    assert type(found) is type(expected)
    if isinstance(found, Literal):
        assert (str(found), found.datatype, found.language) == (
            str(expected), expected.datatype, expected.language)  # type: ignore[union-attr]


@pytest.mark.parametrize("cell", ['"open', "<http://e/open", "maybe", '"x"@', '"x"^^http://e',
                                  '"\\q"'])
def test_a_broken_cell_is_refused(cell: str) -> None:
    with pytest.raises(TSVError):
        term(cell)


def test_rows_unbound_cells_and_the_row_cap() -> None:
    variables, rows, truncated = read(b"?a\t?b\n<http://e/x>\t\n\t1\n", None)
    assert variables == ["a", "b"]
    assert rows == [(URIRef("http://e/x"), None), (None, Literal("1", datatype=XSD.integer))]
    assert not truncated
    assert read(b"?a\t?b\n<http://e/x>\t\n\t1\n", 1)[1:] == ([(URIRef("http://e/x"), None)], True)
    assert read(b"?a\t?b\r\n<http://e/x>\t\r\n\t1\r\n", None)[1] == rows  # CRLF
    assert read(b"\n\n", None) == ([], [()], False)  # SELECT * WHERE {}: one empty row
    assert read(b"?x\n", None) == (["x"], [], False)
    with pytest.raises(TSVError, match="line 2 has 1 cells for 2 variables"):
        read(b"?a\t?b\n<http://e/x>\n", None)
    with pytest.raises(TSVError, match="header"):
        read(b"a\tb\n", None)


HARD = (
    'SELECT ?a ?b ?c ?d ?e WHERE { VALUES (?a ?b ?c ?d ?e) { '
    '("x\\ty\\n\\"z\\\\" 1 1.50 "2"^^<http://www.w3.org/2001/XMLSchema#double> <http://e/a%20b>) '
    '("\\u00e9\\U0001F600"@EN-us true "01"^^<http://www.w3.org/2001/XMLSchema#integer> '
    '"abc"^^<http://www.w3.org/2001/XMLSchema#integer> UNDEF) '
    '("1e3"^^<http://www.w3.org/2001/XMLSchema#double> -5 '
    '".5"^^<http://www.w3.org/2001/XMLSchema#decimal> '
    '"x"^^<http://e/dt> "\\r\\u0001 ") '
    '("" false 1.0e0 "+7"^^<http://www.w3.org/2001/XMLSchema#integer> '
    '"2026-12-03"^^<http://www.w3.org/2001/XMLSchema#date>) } }')


def exact(rows: list[tuple[Node | None, ...]]) -> list[tuple[object, ...]]:
    return [tuple(None if t is None else (type(t).__name__, str(t),
                                          getattr(t, "datatype", None),
                                          getattr(t, "language", None)) for t in row)
            for row in rows]


def test_hard_values_read_alike_from_a_real_store(remote_url: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    store = RemoteStore(remote_url, timeout=30)
    store._graphs = frozenset()
    sent: list[str] = []
    send = store._send

    def spy(*args: object, **kwargs: object) -> tuple[str, bytes]:
        ctype, data = send(*args, **kwargs)  # type: ignore[arg-type]
        sent.append(ctype)
        return ctype, data

    monkeypatch.setattr(store, "_send", spy)
    tsv = store.query(HARD)
    monkeypatch.setattr(remote_module, "SELECT_ACCEPT", remote_module.RESULTS_ACCEPT)
    json_answer = store.query(HARD)
    assert sent == ["text/tab-separated-values", "application/sparql-results+json"]
    assert tsv.variables == json_answer.variables == ["a", "b", "c", "d", "e"]
    assert exact(tsv.rows) == exact(json_answer.rows)
    assert len(tsv.rows) == 4 and tsv.rows[1][4] is None
