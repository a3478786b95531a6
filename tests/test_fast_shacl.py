"""The fast SHACL engine (validate/checking/fast.py) against pyshacl, the reference engine.

Why: the fast engine re-implements, for the compiled shapes' subset of SHACL, what pyshacl
does; a difference is a wrong citation or, worse, a false "conforms". Every example and every
test case (its t: expectations removed) is derived and checked by both engines, and the raw
results ``cite`` reads must be the same, in the same order (also on the graph checked with the
listed structures' lower bounds, ``pipeline.bounded``). A shape or a value the fast engine does
not handle must go to pyshacl, never be skipped (fail closed).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF, SH, XSD

from docklaw import jurisdictions
from docklaw.errors import DocklawError
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL, T
from docklaw.validate.checking import check as check_module
from docklaw.validate.checking.check import check, engine_name, shape_index
from docklaw.validate.checking.fast import Planner, Unsupported, plan_top
from docklaw.validate.derivation.derive import with_lower_bounds
from docklaw.validate.intake.admit import jurisdiction_of
from docklaw.validate.intake.parse import parse
from docklaw.validate.pipeline import derive
from test_cases import derived_case

CODES = [j.id for j in jurisdictions.all()]


def applications(jid: str) -> list[tuple[str, Graph]]:
    """The code's examples as shipped and its cases without their expectations."""
    code = jurisdictions.get(jid)
    out = []
    for path in sorted(code.examples_dir.glob("*.ttl")):
        out.append((path.name, parse(path.read_bytes(), "turtle", path.name)))
    for path in sorted(code.cases_dir.glob("*.ttl")):
        full = parse(path.read_bytes(), "turtle", path.name)  # (as the validator reads it)
        cases = set(full.subjects(RDF.type, T.Case))
        g = Graph()
        for s, p, o in full:
            if s not in cases and not str(p).startswith(str(T)):
                g.add((s, p, o))
        out.append((path.name, g))
    return out


def derived_applications(jid: str) -> Iterator[tuple[str, Graph]]:
    """The code's examples and cases derived (those derive refuses left out): a case as
    ``test_cases.derived_case`` derives it, once per process for this module, the case tests'
    coverage and the direct-target references (the same xdist group, tests/conftest.py)."""
    code = jurisdictions.get(jid)
    prepared = get_prepared()
    for path in sorted(code.examples_dir.glob("*.ttl")):
        try:
            yield path.name, derive(parse(path.read_bytes(), "turtle", path.name), prepared,
                                    path.name)
        except DocklawError:
            continue
    for path in sorted(code.cases_dir.glob("*.ttl")):
        try:
            yield path.name, derived_case(path)
        except DocklawError:
            continue


@pytest.mark.cost(20)  # pyshacl and the fast engine on every case of a code
@pytest.mark.parametrize("jid", CODES)
def test_fast_engine_gives_pyshacls_results_on_every_example_and_case(
        jid: str, monkeypatch: pytest.MonkeyPatch) -> None:
    prepared = get_prepared()
    fallbacks: list[str] = []
    reference = check_module.run_pyshacl

    def counted(graph: Graph, index: object, shapes: list[object]) -> list[object]:
        fallbacks.extend(str(s.node) for s in shapes)  # type: ignore[attr-defined]
        return reference(graph, index, shapes)  # type: ignore[arg-type]

    checked = 0
    for name, derived in derived_applications(jid):
        code = jurisdiction_of(derived)
        graphs = [derived]
        trial = with_lower_bounds(derived, prepared, code)
        if trial is not None:
            graphs.append(trial)
        for g in graphs:
            expected = check(g, prepared, code, engine="pyshacl")
            monkeypatch.setattr(check_module, "run_pyshacl", counted)
            found = check(g, prepared, code, engine="fast")
            monkeypatch.setattr(check_module, "run_pyshacl", reference)
            assert found == expected, name
            checked += 1
    assert checked
    # every shape of the shipped codes has a plan and no shipped value needs pyshacl
    assert not fallbacks, sorted(set(fallbacks))


def test_every_shipped_rule_shape_has_a_fast_plan() -> None:
    prepared = get_prepared()
    for jid in CODES:
        compiled = prepared.compiled(jid)
        index = shape_index(compiled)
        tops = {str(s) for s in compiled.shapes}
        for shape, top in zip(index.shapes, index.plans, strict=True):
            if str(shape.node) in tops:
                assert top.plan is not None, (str(shape.node), top.reason)


def test_the_engine_is_chosen_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOCKLAW_SHACL_ENGINE", raising=False)
    assert engine_name() == "fast"
    monkeypatch.setenv("DOCKLAW_SHACL_ENGINE", "pyshacl")
    assert engine_name() == "pyshacl"
    monkeypatch.setenv("DOCKLAW_SHACL_ENGINE", "other")
    with pytest.raises(ValueError):
        engine_name()


EX = "https://example.org/fast#"


def shapes_with(extra: list[tuple[object, object, object]]) -> tuple[object, Graph]:
    """A one-shape ShapesGraph: ex:S targets ex:Marker, property dl:length, plus ``extra``."""
    from pyshacl.shapes_graph import ShapesGraph

    g = Graph()
    shape, prop = URIRef(EX + "S"), BNode()
    g.add((shape, RDF.type, SH.NodeShape))
    g.add((shape, SH.targetClass, URIRef(EX + "Marker")))
    g.add((shape, SH.property, prop))
    g.add((prop, SH.path, DL.length))
    for s, p, o in extra:
        g.add((prop if s == "prop" else s, p, o))  # type: ignore[arg-type]
    return ShapesGraph(g), g


def test_a_shape_with_a_constraint_the_fast_engine_lacks_has_no_plan() -> None:
    engine, _g = shapes_with([("prop", SH.datatype, XSD.decimal)])
    planner = Planner(engine)
    [shape] = [s for s in engine.shapes if s.node == URIRef(EX + "S")]
    top = plan_top(planner, shape, URIRef(EX + "Marker"))
    assert top.plan is None and "sh:datatype" in top.reason.replace(str(SH), "sh:")


def with_results() -> tuple[str, Graph, list[object]]:
    """The first example of the first code whose check has results (a skipped shape shows)."""
    prepared = get_prepared()
    for name, graph in applications(CODES[0]):
        derived = derive(graph, prepared, name)
        expected = check(derived, prepared, CODES[0], engine="pyshacl")
        if len(expected) > 2:
            return CODES[0], derived, expected  # type: ignore[return-value]
    raise AssertionError("no example with results")


def test_a_shape_without_a_plan_is_run_by_pyshacl_never_skipped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every example checked with no plans at all gives pyshacl's results (fail closed)."""
    prepared = get_prepared()
    jid, derived, expected = with_results()
    compiled = prepared.compiled(jid)
    index = shape_index(compiled)
    unplanned = dataclasses.replace(index, plans=tuple(type(p)(p.marker, None, "off")
                                                       for p in index.plans))
    monkeypatch.setattr(compiled, "engine", unplanned)
    assert check(derived, prepared, jid, engine="fast") == expected


def test_a_value_it_does_not_compare_itself_goes_to_pyshacl() -> None:
    """A double (or any literal outside integer/decimal) in a computed-limit comparison is
    Unsupported at run time: check then runs pyshacl for that shape."""
    from docklaw.validate.checking.fast import _number

    assert _number(Literal("3", datatype=XSD.integer)) == 3
    assert _number(URIRef(EX + "x")) is None
    for odd in (Literal("3.5", datatype=XSD.double), Literal("3"), Literal("x", lang="en"),
                Literal("abc", datatype=XSD.decimal)):
        with pytest.raises(Unsupported):
            _number(odd)


def test_a_shape_meeting_such_a_value_is_run_by_pyshacl(monkeypatch: pytest.MonkeyPatch) -> None:
    prepared = get_prepared()
    jid, derived, expected = with_results()

    def unsupported(top: object, g: Graph) -> list[object]:
        raise Unsupported("a value")

    monkeypatch.setattr(check_module, "run_top", unsupported)
    assert check(derived, prepared, jid, engine="fast") == expected
