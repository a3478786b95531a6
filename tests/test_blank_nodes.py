"""Blank nodes are ordinary nodes: a structure, parcel, boat or application written as a blank
node is validated like a named one, never crashes, and is named the same on every run.

Why: JSON-LD producers and hand-written Turtle (``[ a dl:BoatLift ; … ]``, ``_:lift``) use
blank nodes routinely; a blank-node part once ended in an internal error (exit 3), and a
parser's random labels would make the report differ from run to run.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from rdflib import BNode, Graph, URIRef

from docklaw import jurisdictions
from docklaw.namespaces import DL, RDF
from docklaw.validate.intake.blanks import stable_blank_nodes, stable_names
from docklaw.validate.pipeline import validate_graph
from docklaw.validate.values import node_name

#: classes that are not structures (the "structures only" rewrite keeps them named)
NOT_STRUCTURES = {"PermitApplication", "Applicant", "Person", "Parcel", "BuildingLot", "Boat"}


def examples() -> list[Path]:
    return [p for j in jurisdictions.all() for p in sorted(j.examples_dir.glob("*.ttl"))]


def rewritten(graph: Graph, which: str) -> tuple[Graph, dict[URIRef, BNode]]:
    """The graph with the application's own IRIs (its ``:`` namespace) made blank nodes:
    every one (``all``), or only the structures'."""
    ns = str(dict(graph.namespaces())[""])
    nodes = {t for triple in graph for t in (triple[0], triple[2])
             if isinstance(t, URIRef) and str(t).startswith(ns)}
    if which == "structures":
        nodes = {n for n in nodes
                 if any(str(c).startswith(str(DL)) for c in graph.objects(n, RDF.type))
                 and not {str(c)[len(str(DL)):] for c in graph.objects(n, RDF.type)}
                 & NOT_STRUCTURES}
    blank = {n: BNode() for n in sorted(nodes)}
    out = Graph()
    for prefix, namespace in graph.namespaces():
        out.bind(prefix, namespace)
    for s, p, o in graph:
        out.add((blank.get(s, s), p, blank.get(o, o)))  # type: ignore[arg-type]
    return out, blank


def verdict(report: dict[str, object], rename: dict[str, str]) -> dict[str, object]:
    """What must not change when nodes are written as blank nodes: the status, every result
    (section, severity, shape, focus, path, value), every question and finding asked."""
    def text(item: object) -> str:
        dumped = json.dumps(item, sort_keys=True, ensure_ascii=False)
        for iri in sorted(rename, key=len, reverse=True):
            dumped = dumped.replace(json.dumps(iri)[1:-1], rename[iri])
        return dumped

    return {
        "status": report["status"],
        "results": sorted(text({k: r.get(k) for k in ("section", "severity", "shape",
                                                       "focus_node", "path", "value")})
                          for r in report["results"]),  # type: ignore[attr-defined]
        "needed": sorted(text({k: r.get(k) for k in ("section", "focus_node", "fact")})
                         for r in report["information_needed"]),  # type: ignore[attr-defined]
        "findings": sorted(text(f) for f in report["findings_required"]),  # type: ignore[attr-defined]
        "counts": report["accounting"]["counts"],  # type: ignore[index]
    }


@pytest.mark.parametrize("which", ["structures", "all"])
@pytest.mark.parametrize("path", examples(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_example_written_in_blank_nodes_gets_the_named_examples_verdict(
        path: Path, which: str) -> None:
    graph = Graph().parse(path, format="turtle")
    blank_graph, blank = rewritten(graph, which)
    assert blank, "the rewrite made no blank node"
    names = stable_names(blank_graph)
    rename = {str(iri): node_name(names[b]) for iri, b in blank.items()}
    named = validate_graph(graph, name=path.name, plan=False).to_json()
    as_blank = validate_graph(blank_graph, name=path.name, plan=False).to_json()
    assert verdict(as_blank, {}) == verdict(named, rename)


def test_blank_node_names_depend_on_the_facts_not_on_labels_or_triple_order() -> None:
    path = jurisdictions.get("kings-point").examples_dir / "complete.ttl"
    graph, _ = rewritten(Graph().parse(path, format="turtle"), "all")
    lines = graph.serialize(format="nt").splitlines()
    random.Random(7).shuffle(lines)
    shuffled = Graph().parse(data="\n".join(lines), format="nt")  # fresh labels, new order
    first, second = stable_blank_nodes(graph), stable_blank_nodes(shuffled)
    assert set(first) == set(second)
    assert set(stable_blank_nodes(first)) == set(first)  # renaming twice changes nothing
    lift = [n for n in first.subjects(RDF.type, DL.BoatLift)]
    assert len(lift) == 1 and node_name(lift[0]).startswith("_:BoatLift-")


def test_two_identical_blank_nodes_get_two_names_in_a_fixed_order() -> None:
    graph = Graph().parse(data="""
        @prefix dl: <https://w3id.org/docklaw/ontology#> .
        <urn:x:dock> dl:hasPart [ a dl:Float ] , [ a dl:Float ] .
        """, format="turtle")
    names = stable_names(graph)
    assert len(set(names.values())) == 2
    again = stable_names(Graph().parse(data=graph.serialize(format="nt"), format="nt"))
    assert sorted(map(str, names.values())) == sorted(map(str, again.values()))


def test_blank_nodes_in_a_cycle_are_named_and_never_crash(tmp_path: Path) -> None:
    source = (jurisdictions.get("kings-point").examples_dir / "complete.ttl").read_text()
    cyclic = source + "\n_:a dl:hasPart _:b . _:b dl:hasPart _:a .\n" \
        "_:a a dl:Float . _:b a dl:Float .\n:dock dl:hasPart _:a .\n"
    target = tmp_path / "cycle.ttl"
    target.write_text(cyclic, encoding="utf-8")
    graph = Graph().parse(target, format="turtle")
    assert len(set(stable_names(graph).values())) == len(stable_names(graph))
    outputs = []
    for seed in ("1", "2"):
        run = subprocess.run([sys.executable, "-m", "docklaw.cli", "validate", str(target),
                              "--format", "json"], capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": seed})
        assert run.returncode in (0, 1, 2, 4), run.stderr
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1]


def test_a_blank_node_part_is_cited_under_its_stable_name_on_every_run(tmp_path: Path) -> None:
    case = Path(__file__).parent / "cases" / "kings-point" / (
        "a-boat-lift-written-as-a-blank-node-part-carrying-a-60-foot-boat-violates-boat-lifts-C-1.ttl")
    outputs = []
    for seed in ("1", "2"):
        run = subprocess.run([sys.executable, "-m", "docklaw.cli", "validate", str(case),
                              "--format", "json"], capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": seed})
        assert run.returncode == 1, run.stderr
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1]
    cited = [r for r in json.loads(outputs[0])["results"] if r["section"] == "Boat lifts C(1)"]
    assert [r["focus_node"][:11] for r in cited] == ["_:BoatLift-"]
