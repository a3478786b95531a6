"""Data-driven cases: every tests/cases/<jid>/<sentence-name>.ttl is one application plus its
expectations (DESIGN.md "Test cases as data").

Vocabulary (prefix t: <https://w3id.org/docklaw/test#>), on the case node (a t:Case):
  t:expectCites "§ 56-2B"          a result (any severity) cites this section (citation or IRI),
                                   or names it as setting a condition an exception failed on
  t:expectNotCites "§ 56-2D"       no result (Violation, Warning or Info) cites it; a rule may still
                                   ask for an unstated fact (information needed)
  t:expectShape <shape>            this shape produced a result (or information-needed item)
  t:expectFocus <#node>            ... on this focus node (applies to every t:expectShape)
  t:expectNotFocus <#node>         ... and on this one not (one breach cited once, on the
                                   structure the rule reaches, not again on its part)
  t:expectNotShape <shape>         this shape produced no result (it may ask for a fact)
  t:expectMessage "words"          a result of an expected shape says these words in its message
                                   (the other structure a breach between two is named in)
  t:expectConforms true|false      the report's conforms flag (true only for status "conforms")
  t:expectStatus "incomplete"      the report's status: "conforms" | "violates" | "incomplete"
  t:expectInformationNeeded "§ X"  an information-needed item cites this section
  t:expectNoInformationNeeded "§ X"  no information-needed item cites this section
  t:expectNeeded <rule>            the report's accounting gives this rule the state "needed"
                                   (it may apply, and the fact that decides is unstated)
  t:expectState "<rule> state"     the report's accounting gives this rule (its IRI's last segment)
                                   this state ("42-9B-7-dock-count conforms")
  t:expectQuestion "words"         an information-needed item's message says these words
  t:expectNoQuestion "words"       no information-needed item's message says these words (a fact
                                   the text does not need is not asked)
  t:expectNote "words"             a result citing an expected section carries these words in a
                                   note of its section or of its relief's basis, or an Info
                                   result citing it says them (a lower bound's words)
  t:expectDiscrepancy "words"      a dl:Discrepancy Warning's message says these words
  t:expectNoDiscrepancy "words"    no dl:Discrepancy Warning's message says these words
  t:expectNotRead "<term> <node>"  the report lists the term stated on the node (its IRI's
                                   fragment) as not read (not_read: no rule of the code reads
                                   it there)
  t:expectMisplaced "<term> <node>"  a Warning says the term stated on the node (its IRI's fragment)
                                   was not used: this code reads it only on another kind of node
  t:expectDependsOnReading "§ X"  the report's readings say the verdict under § X depends on the
                                   reading (readings[].verdict_depends; the JSON's
                                   verdict_depends_on_reading is then true)
  t:expectNotDependsOnReading "§ X"  no reading of § X changes its verdict (it may be listed)
  t:expectMayDependOnReading "§ X"  the verdict under § X is decided under one reading and open
                                   under another (readings[].verdict_may_depend)
  t:expectNoReading "§ X"         no reading of § X is listed (none can change its verdict here:
                                   the report does not name it as deciding, nor as maybe deciding)
  t:boundary t:AtLimit | t:JustOver
      AtLimit: the application holds a value exactly at the limit of the case's expected
      (not-)shapes; JustOver: a value just beyond it, and the shape must fire.
The runner strips every triple of the case node and every t: triple before validating.
A second test fails when a shape in shapes/*.ttl has no case where it fires and no case where
it is absent, or (numeric limit) no AtLimit case and no JustOver case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF, SH

from docklaw import jurisdictions
from docklaw.kg.flatstore import FlatGraph
from docklaw.law.compile import COUNT_PARAMS, sparql_path
from docklaw.law.snapshot import get_prepared
from docklaw.law.units import to_decimal
from docklaw.namespaces import DL, QUDT, T
from docklaw.validate.findings.wording import engine_wording
from docklaw.validate.intake.parse import parse
from docklaw.validate.output.report import Report
from docklaw.validate.pipeline import derive, validate_graph
from docklaw.validate.values import node_name

#: every registered code's cases (tests/cases/<id>/, or cases/ in the code's folder)
CASE_FILES = [p for j in jurisdictions.all() for p in sorted(j.cases_dir.glob("*.ttl"))]
NUMERIC_PARAMS = (SH.maxInclusive, SH.maxExclusive, SH.minInclusive, SH.minExclusive)
MAX_PARAMS = (SH.maxInclusive, SH.maxExclusive, SH.maxCount, SH.qualifiedMaxCount)


@dataclass
class Case:
    path: Path
    jurisdiction: str
    graph: Graph
    comment: str = ""
    cites: list[str] = field(default_factory=list)
    not_cites: list[str] = field(default_factory=list)
    shapes: list[URIRef] = field(default_factory=list)
    not_shapes: list[URIRef] = field(default_factory=list)
    focus: list[str] = field(default_factory=list)
    not_focus: list[str] = field(default_factory=list)
    conforms: bool | None = None
    status: str | None = None
    information_needed: list[str] = field(default_factory=list)
    no_information_needed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    discrepancies: list[str] = field(default_factory=list)
    no_discrepancies: list[str] = field(default_factory=list)
    needed_rules: list[URIRef] = field(default_factory=list)
    rule_states: list[str] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)
    no_questions: list[str] = field(default_factory=list)
    misplaced: list[str] = field(default_factory=list)
    not_read: list[str] = field(default_factory=list)
    depends_on_reading: list[str] = field(default_factory=list)
    not_depends_on_reading: list[str] = field(default_factory=list)
    may_depend_on_reading: list[str] = field(default_factory=list)
    no_reading: list[str] = field(default_factory=list)
    boundary: URIRef | None = None
    #: the shapes the boundary is about (t:boundaryShape; unstated: every expected shape)
    boundary_shapes: list[URIRef] = field(default_factory=list)


def case_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


@cache
def load_case(path: Path) -> Case:
    """Split one case file into its application graph and its expectations."""
    full = parse(path.read_bytes(), "turtle", name=path.name)
    nodes = sorted(set(full.subjects(RDF.type, T.Case)), key=str)
    assert len(nodes) == 1, f"{path.name}: expected one t:Case node, found {len(nodes)}"
    node = nodes[0]
    # a Graph on the validator's own store: every worker loads every case at collection
    # (test_excess, test_geometry_inputs), and rdflib's default store adds slowly
    app, prefix = FlatGraph(), str(T)
    for triple in full:
        s, p, o = triple
        if s == node or p.startswith(prefix) or o.startswith(prefix):
            continue
        app.add(triple)

    def strs(prop: URIRef) -> list[str]:
        return sorted(str(o) for o in full.objects(node, prop))

    def iris(prop: URIRef) -> list[URIRef]:
        return sorted((o for o in full.objects(node, prop) if isinstance(o, URIRef)), key=str)

    conforms = full.value(node, T.expectConforms)
    boundary = full.value(node, T.boundary)
    return Case(
        path=path, jurisdiction=path.parent.name, graph=app,
        comment=str(full.value(node, URIRef("http://www.w3.org/2000/01/rdf-schema#comment")) or ""),
        cites=strs(T.expectCites), not_cites=strs(T.expectNotCites),
        shapes=iris(T.expectShape), not_shapes=iris(T.expectNotShape),
        focus=[node_name(f) for f in full.objects(node, T.expectFocus)],
        not_focus=[node_name(f) for f in full.objects(node, T.expectNotFocus)],
        conforms=bool(conforms.toPython()) if isinstance(conforms, Literal) else None,
        status=str(full.value(node, T.expectStatus)) if full.value(node, T.expectStatus) else None,
        information_needed=strs(T.expectInformationNeeded),
        no_information_needed=strs(T.expectNoInformationNeeded),
        notes=strs(T.expectNote),
        messages=strs(T.expectMessage),
        discrepancies=strs(T.expectDiscrepancy),
        no_discrepancies=strs(T.expectNoDiscrepancy),
        needed_rules=iris(T.expectNeeded),
        rule_states=strs(T.expectState),
        questions=strs(T.expectQuestion),
        no_questions=strs(T.expectNoQuestion),
        misplaced=strs(T.expectMisplaced),
        not_read=strs(T.expectNotRead),
        depends_on_reading=strs(T.expectDependsOnReading),
        not_depends_on_reading=strs(T.expectNotDependsOnReading),
        may_depend_on_reading=strs(T.expectMayDependOnReading),
        no_reading=strs(T.expectNoReading),
        boundary=boundary if isinstance(boundary, URIRef) else None,
        boundary_shapes=iris(T.boundaryShape),
    )


@cache
def run_case(path: Path) -> Report:
    """The case's report, validated once per process: test_excess reads the boundary cases'
    reports again (the validator gives the same report for the same graph; tests only read
    it), and runs in the same xdist group as this module (tests/conftest.py)."""
    case = load_case(path)
    return validate_graph(case.graph, name=case_id(path))


def cited(report: Report, section: str) -> bool:
    """A result cites the section: its own, or one of those it names (one Discrepancy Warning
    names every rule that reads the value; a Violation names the section setting the number an
    exception of its rule failed on, ``exceptions_not_held``)."""
    return any(section in (r.section, r.section_iri)
               or any(section in (s, i) for s, i, _rule in r.sections)
               or any(section in (u.section, u.section_iri) for u in r.exceptions_not_held)
               for r in report.results)


def mentioned(report: Report, section: str) -> bool:
    """Cited by a result (information needed for an unstated fact is not a citation)."""
    return cited(report, section)


def shape_hits(report: Report, shape: URIRef) -> list[str]:
    """Focus nodes on which a shape produced a result or an information-needed item."""
    hits = [r.focus_node for r in report.results if r.shape == str(shape)]
    hits += [n.focus_node for n in report.information_needed
             if str(shape) in {n.shape, *(a.shape for a in n.askers)}]
    return hits


def asks_for(item: object, section: str) -> bool:
    """An information-needed item cites the section: its own, or one its message names (one
    item may ask a fact for several sections)."""
    if section in (item.section, item.section_iri):  # type: ignore[attr-defined]
        return True
    if any(section in (a.section, a.section_iri) for a in item.askers):  # type: ignore[attr-defined]
        return True
    return re.search(re.escape(section) + r"(?![\w(])", item.message) is not None  # type: ignore[attr-defined]


def describe(report: Report) -> str:
    lines = [f"{r.severity} {r.section} {r.shape} on {r.focus_node}: {r.message}"
             for r in report.results]
    lines += [f"information needed {n.section} on {n.focus_node}: {n.message}"
              for n in report.information_needed]
    return "\n".join(lines) or "(no results)"


def case_params() -> list[object]:
    if not CASE_FILES:
        return [pytest.param(None, id="no-cases-yet")]
    return [pytest.param(path, id=case_id(path)) for path in CASE_FILES]


@pytest.mark.parametrize("path", case_params())
def test_case(path: Path | None) -> None:
    if path is None:  # nothing to run; the coverage test below fails if shapes lack cases
        assert not CASE_FILES
        return
    case = load_case(path)
    report = run_case(path)
    got = describe(report)
    assert report.jurisdiction == case.jurisdiction, f"case is filed under {case.jurisdiction}"
    for section in case.cites:
        assert cited(report, section), f"expected {section} to be cited; got:\n{got}"
    for section in case.not_cites:
        assert not mentioned(report, section), f"{section} must not be cited; got:\n{got}"
    for shape in case.shapes:
        hits = shape_hits(report, shape)
        assert hits, f"expected {shape} to fire; got:\n{got}"
        for focus in case.focus:
            assert focus in hits, f"expected {shape} on {focus}; it fired on {hits}"
        for focus in case.not_focus:
            assert focus not in hits, f"{shape} must not fire on {focus}; it fired on {hits}"
    said_by_shapes = [r.message for r in report.results if r.shape in {str(s) for s in case.shapes}]
    for words in case.messages:
        assert any(words in m for m in said_by_shapes), (
            f"no result of an expected shape says {words!r}; got:\n{got}")
    for shape in case.not_shapes:
        fired = [r.focus_node for r in report.results if r.shape == str(shape)]
        assert not fired, f"{shape} must not fire; got:\n{got}"
    if case.conforms is not None:
        assert report.conforms is case.conforms, f"conforms should be {case.conforms}; got:\n{got}"
    if case.status is not None:
        assert report.status == case.status, f"status should be {case.status}; got:\n{got}"
    for section in case.information_needed:
        assert any(asks_for(n, section) for n in report.information_needed), (
            f"expected information needed for {section}; got:\n{got}")
    for section in case.no_information_needed:
        assert not any(asks_for(n, section) for n in report.information_needed), (
            f"no information needed may cite {section}; got:\n{got}")
    states = {s.rule: s.state for s in report.accounting}
    for rule in case.needed_rules:
        assert states.get(str(rule)) == "needed", (
            f"{rule} should be 'needed'; it is {states.get(str(rule))!r}; got:\n{got}")
    by_name = {s.rule.rsplit("/", 1)[-1]: s.state for s in report.accounting}
    for expected in case.rule_states:
        rule, state = expected.split()
        assert by_name.get(rule) == state, (
            f"{rule} should be {state!r}; it is {by_name.get(rule)!r}; got:\n{got}")
    for words in case.questions:
        assert any(words in n.message for n in report.information_needed), (
            f"no information-needed item says {words!r}; got:\n{got}")
    for words in case.no_questions:
        assert not any(words in n.message for n in report.information_needed), (
            f"an information-needed item says {words!r}; got:\n{got}")
    for expected in case.misplaced:
        term, node = expected.split()
        assert any(r.component == "dl:UnreadTerm" and r.severity == "Warning" and r.path == term
                   and r.focus_node.endswith(f"#{node}") for r in report.results), (
            f"no Warning says {term} on {node} was not used; got:\n{got}")
    for expected in case.not_read:
        term, node = expected.split()
        assert any(n.path == term and n.focus_node.endswith(f"#{node}")
                   for n in report.not_read), (
            f"{term} on {node} is not listed as not read; not_read: {report.not_read}")
    depends = {o.section for o in report.readings if o.verdict_depends}
    for section in case.depends_on_reading:
        assert section in depends, f"the verdict under {section} should depend on the reading; " \
            f"readings: {[(o.section, o.summary) for o in report.readings]}"
        assert report.to_json()["verdict_depends_on_reading"] is True
    for section in case.not_depends_on_reading:
        assert section not in depends, f"no reading should change the verdict under {section}; " \
            f"readings: {[(o.section, o.summary) for o in report.readings]}"
    may_depend = {o.section for o in report.readings if o.verdict_may_depend}
    for section in case.may_depend_on_reading:
        assert section in may_depend, f"the verdict under {section} should be decided under " \
            f"one reading and open under another; " \
            f"readings: {[(o.section, o.summary) for o in report.readings]}"
    listed = {o.section for o in report.readings}
    for section in case.no_reading:
        assert section not in listed, f"no reading of {section} should be listed; " \
            f"readings: {[(o.section, o.summary) for o in report.readings]}"
    said = [r.message for r in report.results if r.component == "dl:Discrepancy"]
    for words in case.discrepancies:
        assert any(words in m for m in said), f"no Discrepancy says {words!r}; got:\n{got}"
    for words in case.no_discrepancies:
        assert not any(words in m for m in said), f"a Discrepancy says {words!r}; got:\n{got}"
    for text in (report.to_text(), report.to_json_text()):
        wording = engine_wording(text)
        assert not wording, "the SHACL engine's default wording in the report:\n" + "\n".join(
            wording)
    for words in case.notes:
        notes = [text for r in report.results if r.section in case.cites
                 for text in [*(n for _k, n in r.section_notes), r.relief_basis_note or "",
                              r.message if r.severity == "Info" else ""]]
        assert any(words in text for text in notes), f"no note says {words!r}; notes: {notes}"


# --------------------------------------------------------------------------- coverage


def shape_limits(jid: str) -> dict[URIRef, list[tuple[URIRef, Decimal | None, str]]]:
    """Shapes with a numeric limit parameter: shape -> [(parameter, compiled limit or None when
    computed, SPARQL path)], one per limited property (a whole and its parts: either path)."""
    compiled = get_prepared().compiled(jid)
    g = compiled.graph
    out: dict[URIRef, list[tuple[URIRef, Decimal | None, str]]] = {}
    computed = {c.shape: c.parameter for c in compiled.computed}
    for node, top in compiled.top_shape.items():
        parameter = g.value(node, DL.limitParameter)
        if not isinstance(top, URIRef) or not isinstance(parameter, URIRef):
            continue
        if parameter in COUNT_PARAMS and node not in computed:
            continue  # a count of values, not a measured number at a limit
        path = g.value(node, SH.path)
        if path is None:
            continue
        limit = None if node in computed else to_decimal(g.value(node, parameter))
        out.setdefault(top, []).append((parameter, limit, sparql_path(g, path)))
    return out


@cache
def derived_case(path: Path) -> Graph:
    """The case derived, once per process (read by the coverage and target tests, never
    changed: derive returns a new graph)."""
    return derive(load_case(path).graph, get_prepared())


def values_at(case: Case, path: str) -> list[tuple[object, Decimal, Decimal | None, object]]:
    """(node, value, computed limit for any rule, rule) for every value along ``path``."""
    derived = derived_case(case.path)
    rows = derived.query(f"SELECT ?n ?v WHERE {{ ?n {path} ?v }}")
    out = []
    for node, value in rows:  # type: ignore[misc]
        number = to_decimal(value)
        if number is None:
            continue
        limits = [(to_decimal(derived.value(cl, QUDT.numericValue)), derived.value(cl, DL.rule))
                  for cl in derived.objects(node, DL.computedLimitValue)] or [(None, None)]
        for limit, rule in limits:
            out.append((node, number, limit, rule))
    return out


def beyond(parameter: URIRef, value: Decimal, limit: Decimal) -> bool:
    """Beyond the limit in the violating direction, and only just (within 1 unit or 1 %)."""
    margin = max(Decimal(1), abs(limit) / 100)
    if parameter in MAX_PARAMS:
        return limit < value <= limit + margin
    return limit - margin <= value < limit


def coverage_problems() -> list[str]:
    """Shapes without a firing case, a non-firing case, or the two boundary cases."""
    problems: list[str] = []
    cases = [load_case(p) for p in CASE_FILES]
    every = {shape for jid in jurisdictions.ids() if jurisdictions.get(jid).shape_files()
             for shape in get_prepared().compiled(jid).shapes}
    for case in cases:  # a shape a case names must exist: a name of none asserts nothing
        for shape in sorted(set(case.shapes + case.not_shapes + case.boundary_shapes) - every):
            problems.append(f"{case.path.name}: names {shape}, which is no shape of any code")
    for jid in jurisdictions.ids():
        if not jurisdictions.get(jid).shape_files():
            continue
        compiled = get_prepared().compiled(jid)
        limits = shape_limits(jid)
        mine = [c for c in cases if c.jurisdiction == jid]
        for shape in compiled.shapes:
            fires = [c for c in mine if shape in c.shapes]
            absent = [c for c in mine if shape in c.not_shapes]
            if not fires:
                problems.append(f"{shape}: no case where it fires (t:expectShape)")
            if not absent:
                problems.append(f"{shape}: no case where it does not fire (t:expectNotShape)")
            if shape not in limits:
                continue
            rule = compiled.shape_rule.get(shape)
            at = [c for c in fires + absent if c.boundary == T.AtLimit]
            over = [c for c in fires if c.boundary == T.JustOver]
            if not any(at_limit(c, path, limit, rule) for c in at
                       for _parameter, limit, path in limits[shape]):
                problems.append(f"{shape}: no t:AtLimit case with a value exactly at the limit")
            if not any(just_over(c, path, parameter, limit, rule) for c in over
                       for parameter, limit, path in limits[shape]):
                problems.append(f"{shape}: no t:JustOver case (expectShape) beyond the limit")
    return problems


def at_limit(case: Case, path: str, limit: Decimal | None, rule: object) -> bool:
    for _node, value, computed, computed_rule in values_at(case, path):
        bound = limit if limit is not None else (computed if computed_rule == rule else None)
        if bound is not None and value == bound:
            return True
    return False


def just_over(
    case: Case, path: str, parameter: URIRef, limit: Decimal | None, rule: object
) -> bool:
    for _node, value, computed, computed_rule in values_at(case, path):
        bound = limit if limit is not None else (computed if computed_rule == rule else None)
        if bound is not None and beyond(parameter, value, bound):
            return True
    return False


def test_every_shape_has_firing_absent_and_boundary_cases() -> None:
    problems = coverage_problems()
    assert not problems, f"{len(problems)} coverage gap(s):\n" + "\n".join(problems)


@pytest.mark.parametrize("jid", jurisdictions.ids())
def test_real_shapes_compile_without_lint(jid: str) -> None:
    from docklaw.law.compile import lint

    assert lint(jid, get_prepared()) == []


@pytest.mark.parametrize("code", [j.id for j in jurisdictions.all()])
def test_direct_target_evaluation_agrees_with_the_sparql_targets(code: str) -> None:
    """derive evaluates generated targets without SPARQL; the published SPARQL is the reference.

    The reference runs each target's text once per code over a store holding every case of the
    code in its own named graph (``by_sparql_per_graph``): 69,000 queries became ~300, and a
    second test checks that this gives what one store per case gives. One test per code, so
    the parallel suite spreads them (one test over every code was its longest but two)."""
    from docklaw.law.targets import focus_nodes
    from docklaw.validate.intake.admit import find_application

    by_code: dict[str, list[tuple[Path, Graph, object]]] = {}
    for path in sorted(jurisdictions.get(code).cases_dir.glob("*.ttl")):
        derived = derived_case(path)
        app, jid = find_application(derived)
        by_code.setdefault(jid, []).append((path, derived, app))
    assert list(by_code) == [code]  # (a case is filed under its own code)
    disagreements = []
    for jid, cases in by_code.items():
        compiled = get_prepared().compiled(jid)
        references = by_sparql_per_graph([derived for _, derived, _ in cases], compiled)
        for (path, derived, app), reference in zip(cases, references, strict=True):
            fast = focus_nodes(derived, compiled, app)
            disagreements += [f"{case_id(path)}: {shape}" for shape in reference
                              if fast[shape] != reference[shape]]
    assert not disagreements, "\n".join(disagreements)


def test_the_sparql_targets_over_named_graphs_give_what_one_store_per_case_gives() -> None:
    """The batched reference above is the per-case reference (focus_nodes_by_sparql), on a case
    of every code and every case naming blank nodes."""
    from docklaw.law.targets import focus_nodes_by_sparql
    from docklaw.validate.intake.admit import find_application

    picked: dict[str, list[Graph]] = {}
    for path in CASE_FILES:
        derived = derived_case(path)
        _, jid = find_application(derived)
        has_blank = any(isinstance(s, BNode) for s in derived.subjects())
        if len(picked.setdefault(jid, [])) < 3 or (has_blank and len(picked[jid]) < 6):
            picked[jid].append(derived)
    assert len(picked) == len(jurisdictions.all())
    for jid, graphs in picked.items():
        compiled = get_prepared().compiled(jid)
        assert by_sparql_per_graph(graphs, compiled) == [
            focus_nodes_by_sparql(g, compiled) for g in graphs]


def by_sparql_per_graph(graphs: list[Graph], compiled: object) -> list[dict[object, list]]:
    """Every target of ``compiled`` evaluated by its SPARQL text, for each graph of ``graphs``:
    the graphs go into one Oxigraph store, each its own named graph (blank nodes apart), and
    each target's WHERE runs inside ``GRAPH ?g { ... }``, which evaluates it in every named
    graph alone (SPARQL 1.1 § 18.6, Graph) - the query as written, once per code."""
    import pyoxigraph as ox

    from docklaw.law.targets import Mirror

    store = ox.Store()
    names = [ox.NamedNode(f"urn:docklaw:test-case:{i}") for i in range(len(graphs))]
    back: dict[object, tuple[int, object]] = {}
    quads = []
    for i, (graph, name) in enumerate(zip(graphs, names, strict=True)):
        blanks: dict[object, object] = {}

        def term(node: object, blanks: dict[object, object] = blanks, i: int = i) -> object:
            if isinstance(node, BNode):
                if node not in blanks:
                    blanks[node] = ox.BlankNode()
                    back[blanks[node]] = (i, node)
                return blanks[node]
            return Mirror.convert(node)  # type: ignore[arg-type]
        quads += [ox.Quad(term(s), term(p), term(o), name) for s, p, o in graph]
    store.extend(quads)
    index = {name: i for i, name in enumerate(names)}
    out: list[dict[object, list]] = [{} for _ in graphs]
    for shape, query in compiled.targets.items():  # type: ignore[attr-defined]
        head, brace, body = query.partition("WHERE {")
        assert head.startswith("SELECT DISTINCT ?this ") and brace and body.rstrip().endswith("}")
        assert "GRAPH" not in body.upper(), f"{shape}: a target naming a graph"
        if "SELECT" in body.upper():
            # Oxigraph evaluates a subquery inside GRAPH ?g over the default graph, leaving ?g
            # unbound: such a target runs once per case, its case's graph as the default graph
            rows = [(name, solution["this"]) for name in names
                    for solution in store.query(query, default_graph=name)]
        else:
            batched = f"SELECT DISTINCT ?g ?this WHERE {{ GRAPH ?g {{ {body} }}"
            rows = [(solution["g"], solution["this"]) for solution in store.query(batched)]
        found: list[set[object]] = [set() for _ in graphs]
        for name, value in rows:
            i = index[name]
            if isinstance(value, ox.NamedNode):
                found[i].add(URIRef(value.value))
            elif isinstance(value, ox.BlankNode):
                owner, node = back[value]
                assert owner == i, f"{shape}: a blank node of case {owner} found in case {i}"
                found[i].add(node)
        for i, nodes in enumerate(found):
            out[i][shape] = sorted(nodes, key=str)
    return out
