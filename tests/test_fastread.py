"""Oxigraph's Turtle reader (``intake.fastread``) builds the graph rdflib's parser builds, or
hands the input to rdflib: every shipped application and a list of inputs where the two
parsers differ, parsed both ways."""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import BNode, Graph
from rdflib.compare import isomorphic

from docklaw.errors import InputError
from docklaw.validate.intake import fastread
from docklaw.validate.intake import parse as intake

ROOT = Path(__file__).resolve().parents[1]
#: the examples, the docs' and benchmarks' applications, the fixtures, and every third test
#: case (the cases are written alike; all of them cost the suite ten seconds more)
_CASES = sorted((ROOT / "tests" / "cases").rglob("*.ttl"))
SHIPPED = sorted({p for folder in ("examples", "tests", "docs", "bench")
                  for p in (ROOT / folder).rglob("*.ttl")} - set(_CASES) | set(_CASES[::3]))
PRE = "@prefix ex: <http://example.org/> .\n"
#: inputs where the two parsers could differ: each is either read alike or handed to rdflib
EDGES = {
    "explicit xsd:string": PRE + '@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n'
                                 'ex:a ex:p "x"^^xsd:string .',
    "xsd:string as an IRI": PRE + 'ex:a ex:p "x"^^<http://www.w3.org/2001/XMLSchema#string> .',
    "plain string": PRE + 'ex:a ex:p "x" .',
    "capital language tag": PRE + 'ex:a ex:p "x"@EN-us .',
    "small language tag": PRE + 'ex:a ex:p "x"@en-us .',
    "leading zeros": PRE + "ex:a ex:p 007, 1.50, 1E3, true .",
    "huge number": PRE + "ex:a ex:p " + "9" * 5000 + " .",
    "huge quoted number": PRE + '@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n'
                                'ex:a ex:p "' + "9" * 5000 + '"^^xsd:integer .',
    "base directive": "@base <http://example.org/a/b> .\n<../c> <p> <#d> .",
    "sparql base": "BASE <http://example.org/a/b>\n<../c> <p> <#d> .",
    "relative IRIs": "<#dock> <p> <a>, <../b>, <./c/../d>, <?q>, <> .",
    "plain relative IRIs": "<#dock> <p> <a>, <b#c>, <>, <d.e> .",
    "prefix twice": "@prefix ex: <http://a/> .\n@prefix ex: <http://b/> .\nex:s ex:p ex:o .",
    "two prefixes, one namespace": "@prefix a: <http://a/> .\n@prefix b: <http://a/> .\n"
                                   "a:s b:p a:o .",
    "prefix word in a string": PRE + 'ex:a ex:p "@prefix x: <y> ." .',
    "rdf prefix redefined": "@prefix rdf: <http://example.org/notrdf#> .\nrdf:s rdf:p rdf:o .",
    "xml literal": PRE + '@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .\n'
                         'ex:a ex:p "<b>x</b>"^^rdf:XMLLiteral .',
    "blank nodes": PRE + "ex:a ex:p [ ex:q [ ex:r _:x ] ] . _:x ex:s ( 1 2 ) .",
    "duplicates": PRE + "ex:a ex:p 1 . ex:a ex:p 1 .",
    "escapes": PRE + 'ex:a ex:p "tab\\there\\u00e9\\U0001F600", """multi\nline""" .',
    "local name with dots and escapes": PRE + r"ex:a.b ex:p ex:c\-d, ex:1x .",
    "N3 variable": PRE + "ex:a ex:p ?o .",
    "N3 formula": PRE + "{ ex:a ex:p ex:o } ex:q ex:r .",
    "unterminated": PRE + 'ex:a ex:p "x',
    "IRI with a space": "<http://a b> <http://p> <http://o> .",
    "byte-order mark": "\ufeff" + PRE + "ex:a ex:p ex:o .",
    "triple term": PRE + "ex:a ex:p <<( ex:s ex:p ex:o )>> .",
    "keyword a as object": PRE + "ex:a a ex:Dock .",
    "deep blank nodes": PRE + "ex:a ex:p " + "[ ex:q " * 200 + "ex:o" + " ]" * 200 + " .",
    "101 brackets": PRE + "ex:a ex:p " + "[ ex:q " * 101 + "ex:o" + " ]" * 101 + " .",
    "100 brackets": PRE + "ex:a ex:p " + "[ ex:q " * 100 + "ex:o" + " ]" * 100 + " .",
    "a default prefix for another namespace": "@prefix schema: <http://example.org/s#> .\n"
                                              "@prefix owl: <http://example.org/o#> .\n"
                                              "schema:a owl:p schema:b .",
    "a default namespace under another prefix": (
        "@prefix s: <https://schema.org/> .\n"
        "@prefix r: <http://www.w3.org/2000/01/rdf-schema#> .\ns:a r:label \"x\" ."),
    "empty prefix": "@prefix : <http://example.org/> .\n:a :p :o .",
}


def both(data: bytes, name: str, cap: int | None = None) -> tuple[object, object, bool]:
    """(the parse with the fast reader, the parse with rdflib's only, fast reader used):
    each a Graph or the InputError's text."""
    used: list[bool] = []

    def spy(*args: object, **kwargs: object) -> Graph | None:
        done = fastread.read(*args, **kwargs)  # type: ignore[arg-type]
        used.append(done is not None)
        return done

    outcomes = []
    for reader in (spy, lambda *a, **k: None):
        patch = pytest.MonkeyPatch()
        patch.setattr(intake, "read", reader)
        try:
            outcomes.append(intake.parse(data, "turtle", name, max_triples=cap))
        except InputError as exc:
            outcomes.append(f"{type(exc).__name__}: {exc}")
        finally:
            patch.undo()
    return outcomes[0], outcomes[1], bool(used and used[0])


def same(fast: object, slow: object) -> None:
    if isinstance(slow, Graph):
        assert isinstance(fast, Graph), fast
        assert len(fast) == len(slow)
        if any(isinstance(term, BNode) for triple in slow for term in triple):
            assert isomorphic(fast, slow)
        else:
            assert set(fast) == set(slow)
        assert sorted(fast.namespaces()) == sorted(slow.namespaces())
    else:
        assert fast == slow


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_application_is_read_as_rdflib_reads_it(path: Path) -> None:
    fast, slow, _used = both(path.read_bytes(), path.name)
    same(fast, slow)


def test_the_shipped_examples_take_the_fast_reader() -> None:
    examples = sorted((ROOT / "examples").glob("*/*.ttl"))
    assert examples
    assert all(both(p.read_bytes(), p.name)[2] for p in examples)


@pytest.mark.parametrize("label", sorted(EDGES))
def test_an_input_the_parsers_could_read_differently_is_read_alike(label: str) -> None:
    fast, slow, _used = both(EDGES[label].encode("utf-8"), "edge.ttl")
    same(fast, slow)


@pytest.mark.parametrize("label", ["explicit xsd:string", "xsd:string as an IRI",
                                   "capital language tag", "huge number", "base directive",
                                   "sparql base", "prefix twice", "two prefixes, one namespace",
                                   "prefix word in a string", "xml literal", "N3 variable",
                                   "unterminated", "huge quoted number", "relative IRIs",
                                   "deep blank nodes", "101 brackets"])
def test_where_the_parsers_differ_rdflib_reads_it(label: str) -> None:
    assert not both(EDGES[label].encode("utf-8"), "edge.ttl")[2]


@pytest.mark.parametrize("label", ["plain string", "plain relative IRIs", "blank nodes",
                                   "leading zeros", "escapes", "byte-order mark",
                                   "100 brackets"])
def test_plain_turtle_takes_the_fast_reader(label: str) -> None:
    assert both(EDGES[label].encode("utf-8"), "edge.ttl")[2]


@pytest.mark.parametrize("cap", [3, 4])
def test_the_triple_cap_is_the_same_at_and_over_the_limit(cap: int) -> None:
    data = (PRE + "ex:a ex:p 1, 2, 3, 4 .").encode()
    fast, slow, _used = both(data, "cap.ttl", cap)
    same(fast, slow)
    if cap == 3:
        assert isinstance(fast, str) and "more than 3 triples" in fast
    else:
        assert isinstance(fast, Graph) and len(fast) == 4
