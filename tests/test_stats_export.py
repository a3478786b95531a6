"""``docklaw stats`` and ``docklaw export``: exact JSON shape, counts, isomorphic round trips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.compare import isomorphic

from docklaw import jurisdictions
from docklaw.cli import main
from docklaw.kg.build import law_graph
from docklaw.kg.export import FORMATS, parse_export, same_graph, serialize
from docklaw.namespaces import DL, code_iri

KEYS = {"name", "sections", "subsections", "provisions", "definitions", "amendments",
        "cross_references"}


@pytest.fixture(scope="module")
def stats_json() -> dict:
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["stats", "--format", "json"]) == 0
    return json.loads(buf.getvalue())


def test_stats_json_shape(stats_json: dict) -> None:
    assert list(stats_json) == list(jurisdictions.ids())
    for jid, row in stats_json.items():
        assert set(row) == KEYS, jid
        assert isinstance(row["name"], str)
        assert all(isinstance(row[k], int) for k in KEYS - {"name"})
    assert stats_json["north-haven"]["name"] == "Village of North Haven"
    assert stats_json["south-bristol"]["name"] == "Town of South Bristol"


def test_stats_counts(stats_json: dict) -> None:
    assert {j: r["sections"] for j, r in stats_json.items()} == {
        "north-haven": 7, "kings-point": 8, "north-hempstead": 2, "jerusalem": 14,
        "south-bristol": 26}
    assert {j: r["definitions"] for j, r in stats_json.items()} == {
        "north-haven": 0, "kings-point": 16, "north-hempstead": 0, "jerusalem": 34,
        "south-bristol": 38}
    # North Haven: code history (2) + § 56-2 (2) + § 56-3 (2) + § 56-4 (1)
    assert stats_json["north-haven"]["amendments"] == 7
    assert stats_json["jerusalem"]["amendments"] == 1


def test_stats_provisions_match_the_law_graph(stats_json: dict) -> None:
    g = law_graph()
    for jid in jurisdictions.ids():
        q = """SELECT (COUNT(DISTINCT ?r) AS ?n) WHERE {
                 ?r a/rdfs:subClassOf* dl:Provision ; dl:section/dl:inCode ?code }"""
        n = next(iter(g.query(q, initNs={"dl": DL, "rdfs": "http://www.w3.org/2000/01/rdf-schema#"},
                              initBindings={"code": code_iri(jid)})))[0]
        assert stats_json[jid]["provisions"] == int(n), jid


def test_stats_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["jurisdiction", "sections", "subsections", "provisions",
                                "definitions", "amendments", "cross_references"]
    assert [line.split()[0] for line in lines[1:]] == list(jurisdictions.ids())


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_export_round_trip_is_isomorphic(fmt: str) -> None:
    g = law_graph()
    back = parse_export(serialize(g, fmt), fmt)
    assert len(back) == len(g)
    assert same_graph(back, g)


def test_export_to_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "kg.nt"
    assert main(["export", "--format", "nt", "-o", str(out)]) == 0
    assert capsys.readouterr().out == ""
    g = Graph().parse(out, format="nt")
    assert same_graph(g, law_graph())


def small_graph(shared: bool, value: float = 1.0) -> Graph:
    """Two rules whose limits are blank QuantityValues, shared or separate."""
    g = Graph()
    p, a, b = URIRef("urn:limit"), URIRef("urn:a"), URIRef("urn:b")
    x, y = BNode(), BNode()
    g.add((a, p, x))
    g.add((b, p, x if shared else y))
    for node in (x,) if shared else (x, y):
        g.add((node, URIRef("urn:value"), Literal(value)))
        g.add((node, URIRef("urn:unit"), URIRef("urn:FT")))
    return g


@pytest.mark.parametrize(("left", "right"), [
    (small_graph(False), small_graph(False)),
    (small_graph(True), small_graph(True)),
    (small_graph(False), small_graph(True)),
    (small_graph(False), small_graph(False, 2.0)),
])
def test_same_graph_agrees_with_rdflib(left: Graph, right: Graph) -> None:
    assert same_graph(left, right) == isomorphic(left, right)


def test_export_unwritable_file_is_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "-o", "/nonexistent-dir/kg.ttl"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("docklaw: cannot write /nonexistent-dir/kg.ttl")
    assert "Traceback" not in err


def test_export_bad_format_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as exc:
        main(["export", "--format", "rdfxml"])
    assert exc.value.code == 2
