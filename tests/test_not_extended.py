"""dl:NotExtendedCondition (ontology/terms/nonconformity.ttl): the exception clause "the work
does not extend the area or volume of space occupied by the nonconformity" (Keuka § 160-126B(4),
Canandaigua § 73-21A(1)), read the same way by its SPARQL text (the targets) and by
``targets.condition_holds`` (the fast path and the questions).

- Every value within every former one: a structure carrying two values of the fact (a stated
  height and a larger one read from its parts) keeps within its former value only if the larger
  does; one value within is not enough (a false "conforms" otherwise).
- dl:absentAsked: a former value not stated neither establishes nor defeats the exception: the
  clause holds (so the rule is not cited) and the former value is what is asked
  (``targets.exception_asks``); without it, the clause fails (the rule applies).
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF, XSD

from docklaw.law.compile import Condition
from docklaw.law.targets import AppFacts, condition_holds, exception_asks
from docklaw.namespaces import DL, QUDT

EX = "https://example.org/not-extended#"
APP, DOCK = URIRef(EX + "application"), URIRef(EX + "dock")
CLAUSE = Condition(DL.height, False, op="<=", than=DL.preexistingHeight)
ASKED = dataclasses.replace(CLAUSE, absent_holds=True, absent_asks=True)


def quantity(g: Graph, node: URIRef, prop: URIRef, number: str) -> None:
    q = BNode()
    g.add((node, prop, q))
    g.add((q, QUDT.numericValue, Literal(Decimal(number), datatype=XSD.decimal)))


def graph(heights: list[str], formers: list[str]) -> Graph:
    g = Graph()
    g.add((APP, RDF.type, DL.PermitApplication))
    g.add((APP, DL.proposes, DOCK))
    g.add((DOCK, RDF.type, DL.FixedDock))
    for h in heights:
        quantity(g, DOCK, DL.height, h)
    for f in formers:
        quantity(g, DOCK, DL.preexistingHeight, f)
    return g


def sparql_holds(g: Graph, cond: Condition) -> bool:
    store = ox.Store()
    for s, p, o in g:
        store.add(ox.Quad(*(to_ox(t) for t in (s, p, o))))
    query = f"SELECT ?this WHERE {{ BIND(<{DOCK}> AS ?this) {cond.sparql('T')} }}"
    return any(True for _row in store.query(query))


def to_ox(term: object) -> object:
    if isinstance(term, URIRef):
        return ox.NamedNode(str(term))
    if isinstance(term, BNode):
        return ox.BlankNode(str(term))
    assert isinstance(term, Literal)
    return ox.Literal(str(term), datatype=ox.NamedNode(str(term.datatype)))


@pytest.mark.parametrize(("heights", "formers", "plain", "asked"), [
    (["3"], ["3"], True, True),             # AtLimit: kept at its former height
    (["3.5"], ["3"], False, False),         # JustOver: half a foot over it
    (["3", "12"], ["3"], False, False),     # a larger value read from the parts: not within
    (["3"], [], False, True),               # former unstated: the rule applies / it is asked
    ([], ["3"], False, False),              # the value unstated: the rule asks it
])
def test_not_extended_reads_every_value(heights: list[str], formers: list[str], plain: bool,
                                        asked: bool) -> None:
    g = graph(heights, formers)
    for cond, expected in ((CLAUSE, plain), (ASKED, asked)):
        assert condition_holds(g, APP, DOCK, cond) is expected, (heights, formers, cond)
        assert sparql_holds(g, cond) is expected, (heights, formers, cond.sparql("T"))


def test_an_unstated_former_value_is_what_is_asked() -> None:
    g = graph(["12"], [])
    assert exception_asks(g, APP, DOCK, ((ASKED,),), AppFacts(g)) == [
        (DOCK, DL.preexistingHeight)]
    stated = graph(["12"], ["12"])
    assert exception_asks(stated, APP, DOCK, ((ASKED,),), AppFacts(stated)) == []


REACH_CASES = Path(__file__).parent / "cases" / "jerusalem"


@pytest.mark.parametrize("name, cited", [
    # the finger's 70 feet bound the dock's unstated reach within its former 80: the
    # restoration's exception holds at the bound, so nothing is cited and the reach is asked
    ("a-dock-restored-after-fire-stating-no-reach-with-a-new-finger-70-ft-out-within-its-"
     "former-80-is-asked-its-reach-for-160-123A-1-b-1", 0),
    # past the former 80: the exception fails at the bound and at every larger reach; the
    # dock's own figure and its part's are two findings, each listed once (blind review 97 F2)
    ("a-dock-restored-after-fire-stating-no-reach-with-a-new-finger-80.1-ft-out-past-its-"
     "former-80-violates-160-123A-1-b-1", 2),
])
def test_a_lower_bound_within_the_former_value_cites_nothing(name: str, cited: int) -> None:
    """A total only bounded below (a part's reach) is checked at its bound; where an exception
    comparing it with its former value (dl:NotExtendedCondition) holds there, the real value
    may still pass the former one, so the rule is asked, not cited (pipeline.excused_at_bound);
    the trial's repeats of the findings no bound decided are not listed again."""
    from docklaw.validate.pipeline import validate_bytes

    path = REACH_CASES / f"{name}.ttl"
    report = validate_bytes(path.read_bytes(), "turtle", name=path.name)
    mine = [r for r in report.results if r.severity == "Violation"
            and r.rule is not None and r.rule.endswith("/160-123A-1-b-1-extent")]
    assert len(mine) == cited
    keys = [(r.rule, r.focus_node, r.path, r.value, r.component, r.message) for r in mine]
    assert len(keys) == len(set(keys))
    asked = [n for n in report.information_needed if "dl:farthestExtentFromMHW" in n.facts]
    assert bool(asked) == (cited == 0)
