"""SPARQL 1.1 Query Results TSV -> rows of rdflib terms, the terms the JSON reader makes.

Why: an all-code question on a remote store of 1,000 codes answers up to 23,400 rows; as
SPARQL JSON that was 8.4 MB, and reading it (json.loads, then a dictionary per cell) was
about 15 % of the question's wall time. The same rows as TSV are 3.9 MB, and each distinct
cell (a code's name, a label, a citation) is read once (bench/RESULTS.md, issue 27, session
of 2026-12-03). ``tests/test_remote_store.py`` reads every saved query's answer both ways,
``tests/test_remote_tsv.py`` each kind of cell.

Cells are RDF terms in Turtle's syntax (SPARQL 1.1 Query Results CSV and TSV Formats, 3.2):
``<iri>``, ``_:label``, ``"..."`` with ``@lang`` or ``^^<datatype>``, and the bare numbers
and booleans of Turtle; an empty cell is unbound. A plain string is typed xsd:string, as
the JSON reader types it. Anything else is a ``TSVError`` (the store's answer is broken).
"""

from __future__ import annotations

import re

from rdflib import BNode, Literal, URIRef
from rdflib.namespace import XSD
from rdflib.term import Node

#: the media type, and what a SELECT asks a store for (JSON still read when a store prefers it)
TSV = "text/tab-separated-values"
_ESCAPES = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "f": "\f", '"': '"', "'": "'",
            "\\": "\\"}
_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))", re.DOTALL)
_INTEGER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?[0-9]*\.[0-9]+")
_DOUBLE = re.compile(r"[+-]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)[eE][+-]?[0-9]+")
_LANG = re.compile(r"[A-Za-z]+(?:-[A-Za-z0-9]+)*")


class TSVError(ValueError):
    """The answer is not SPARQL TSV."""


def _escaped(match: re.Match[str]) -> str:
    short, long_, char = match.groups()
    if short or long_:
        return chr(int(short or long_, 16))
    if char in _ESCAPES:
        return _ESCAPES[char]
    raise TSVError(f"unknown escape \\{char}")


def _unescape(text: str) -> str:
    return _ESCAPE.sub(_escaped, text) if "\\" in text else text


def term(cell: str) -> Node | None:
    """One cell as an rdflib term (None: unbound)."""
    if not cell:
        return None
    head = cell[0]
    if head == "<":
        if not cell.endswith(">"):
            raise TSVError(f"unterminated IRI {cell[:60]!r}")
        return URIRef(_unescape(cell[1:-1]))
    if head == '"':
        end = cell.rfind('"')
        if end <= 0:
            raise TSVError(f"unterminated literal {cell[:60]!r}")
        value, suffix = _unescape(cell[1:end]), cell[end + 1:]
        if not suffix:
            return Literal(value, datatype=XSD.string)
        if suffix.startswith("@") and _LANG.fullmatch(suffix[1:]):
            return Literal(value, lang=suffix[1:])
        if suffix.startswith("^^<") and suffix.endswith(">"):
            return Literal(value, datatype=URIRef(_unescape(suffix[3:-1])))
        raise TSVError(f"literal with an unreadable suffix {cell[:60]!r}")
    if cell.startswith("_:"):
        return BNode(cell[2:])
    if cell in ("true", "false"):
        return Literal(cell, datatype=XSD.boolean)
    if _INTEGER.fullmatch(cell):
        return Literal(cell, datatype=XSD.integer)
    if _DECIMAL.fullmatch(cell):
        return Literal(cell, datatype=XSD.decimal)
    if _DOUBLE.fullmatch(cell):
        return Literal(cell, datatype=XSD.double)
    raise TSVError(f"unreadable term {cell[:60]!r}")


def read(data: bytes, max_rows: int | None) -> tuple[list[str], list[tuple[Node | None, ...]],
                                                      bool]:
    """(variables, rows, truncated) of a TSV answer; at most ``max_rows`` rows."""
    text = data.decode("utf-8")
    if "\r" in text:  # CRLF line ends (a raw CR is never inside a term: it is written \r)
        text = text.replace("\r\n", "\n")
    if not text.endswith("\n"):
        text += "\n"
    lines = text.split("\n")
    lines.pop()  # after the last newline
    if not lines:
        raise TSVError("no header line")
    header = lines[0]
    fields = header.split("\t") if header else []
    if any(len(f) < 2 or f[0] not in "?$" for f in fields):
        raise TSVError(f"header is not a list of ?variables: {header[:80]!r}")
    variables = [f[1:] for f in fields]
    width = len(variables)
    body = lines[1:]
    truncated = max_rows is not None and len(body) > max_rows
    if truncated:
        body = body[:max_rows]
    memo: dict[str, Node | None] = {"": None}
    rows: list[tuple[Node | None, ...]] = []
    for number, line in enumerate(body, start=2):
        cells = line.split("\t") if width else ([] if not line else [line])
        if len(cells) != width:
            raise TSVError(f"line {number} has {len(cells)} cells for {width} variables")
        row = []
        for cell in cells:
            found = memo.get(cell, memo)
            if found is memo:
                found = memo[cell] = term(cell)
            row.append(found)
        rows.append(tuple(row))
    return variables, rows, truncated
