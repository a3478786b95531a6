"""End to end: geometry-only applications through the validator
(tests/cases/<jid>/geometry-*.ttl).

Why: the geometry stage and the shapes are written by different hands; these cases prove that a
drawing alone (no declared lengths, setbacks or "within the lines" flags) makes the right sections
fire, and that a drawing just inside a limit does not. test_cases.py runs the same files for
their t: expectations; here we also pin what was measured and that nothing was declared.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF

from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL, QUDT, T
from docklaw.validate import pipeline as api
from docklaw.validate.intake.parse import parse
from docklaw.validate.output.report import Report
from docklaw.validate.pipeline import derive

CASES_DIR = Path(__file__).parent / "cases"
CASES = sorted(CASES_DIR.glob("*/geometry-*.ttl"))
#: Properties the geometry stage derives; a geometry-only case must not declare any of them.
DERIVED = (DL.length, DL.lengthFromMLW, DL.farthestExtentFromMHW, DL.width, DL.area,
           DL.setbackFromWaterRightsLine, DL.setbackFromFacilityAreaLine, DL.withinRiparianLines,
           DL.sideSetback, DL.distanceToChannel, DL.setbackFromOutlet, DL.separationFromOtherDock)


def case_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


@cache
def split(path: Path) -> tuple[Graph, Graph, URIRef]:
    """(whole file, application without the case node and t: triples, case node)."""
    full = parse(path.read_bytes(), "turtle", name=path.name)
    case = next(iter(full.subjects(RDF.type, T.Case)))
    app = Graph()
    for s, p, o in full:
        if s != case and not str(p).startswith(str(T)) and not str(o).startswith(str(T)):
            app.add((s, p, o))
    return full, app, case


@cache
def report_of(path: Path) -> Report:
    return api.validate_graph(split(path)[1], name=case_id(path))


@pytest.mark.parametrize("path", CASES, ids=[case_id(p) for p in CASES])
def test_geometry_case(path: Path) -> None:
    full, _app, case = split(path)
    report = report_of(path)
    fired = {(r.shape, r.focus_node) for r in report.results}
    shapes = {s for s, _ in fired}
    cited = {r.section for r in report.results}
    focus = [str(f) for f in full.objects(case, T.expectFocus)]
    for shape in full.objects(case, T.expectShape):
        assert str(shape) in shapes, (shape, sorted(fired))
        for node in focus:
            assert (str(shape), node) in fired, (shape, node, sorted(fired))
    for shape in full.objects(case, T.expectNotShape):
        assert str(shape) not in shapes, (shape, sorted(fired))
    for section in full.objects(case, T.expectCites):
        assert str(section) in cited, (section, sorted(cited, key=str))
    for section in full.objects(case, T.expectNotCites):
        assert str(section) not in cited, (section, sorted(cited, key=str))
    conforms = full.value(case, T.expectConforms)
    if isinstance(conforms, Literal):
        assert report.conforms is conforms.toPython()


@pytest.mark.parametrize("path", CASES, ids=[case_id(p) for p in CASES])
def test_only_geometry_is_given(path: Path) -> None:
    _full, app, _case = split(path)
    declared = sorted({str(p) for p in DERIVED for _ in app.subject_objects(p)})
    assert declared == [], f"{path.name} declares {declared}: the drawing must say it"


#: (case, node, property, value measured from the drawing) - hand-computed in each file's header.
MEASURED = [
    ("south-bristol/geometry-a-dock-drawn-reaching-60-feet-from-mean-high-water-meets-73-9C-1-c",
     "dock", DL.farthestExtentFromMHW, "60"),
    ("south-bristol/geometry-a-dock-drawn-reaching-60.5-feet-from-mean-high-water-violates-73-9C-1-c",
     "dock", DL.farthestExtentFromMHW, "60.5"),
    ("south-bristol/geometry-a-dock-drawn-10-feet-from-a-facility-area-line-meets-73-9A",
     "dock", DL.setbackFromFacilityAreaLine, "10"),
    ("south-bristol/geometry-a-dock-drawn-9.5-feet-from-a-facility-area-line-violates-73-9A",
     "dock", DL.setbackFromFacilityAreaLine, "9.5"),
    ("south-bristol/geometry-a-boat-drawn-docked-across-a-facility-area-line-violates-73-9A-1",
     "boat", DL.setbackFromFacilityAreaLine, "-2"),
    ("jerusalem/geometry-a-permanent-dock-drawn-10-feet-from-a-water-rights-line-meets-160-122D",
     "dock", DL.setbackFromWaterRightsLine, "10"),
    ("jerusalem/geometry-a-permanent-dock-drawn-9.5-feet-from-a-water-rights-line-violates-160-122D",
     "dock", DL.setbackFromWaterRightsLine, "9.5"),
    ("jerusalem/geometry-a-dock-drawn-reaching-65-feet-from-mean-high-water-meets-160-123A-1-b-1",
     "dock", DL.farthestExtentFromMHW, "65"),
    ("jerusalem/geometry-a-dock-drawn-reaching-65.5-feet-from-mean-high-water-violates-160-123A-1-b-1",
     "dock", DL.farthestExtentFromMHW, "65.5"),
    ("jerusalem/geometry-a-dock-drawn-across-a-water-rights-line-violates-160-122C-1-and-160-122D",
     "dock", DL.setbackFromWaterRightsLine, "-2"),
    ("jerusalem/geometry-a-boat-drawn-swinging-outside-the-water-rights-lines-at-a-buoy-violates-160-122E",
     "boat", DL.withinRiparianLines, "false"),
    ("jerusalem/geometry-a-boat-drawn-within-the-water-rights-lines-at-a-buoy-meets-160-122E",
     "boat", DL.withinRiparianLines, "true"),
]


@pytest.mark.parametrize("name,node,prop,expected", MEASURED, ids=[m[0] for m in MEASURED])
def test_the_drawing_measures_what_the_file_says(name: str, node: str, prop: URIRef,
                                                 expected: str) -> None:
    path = CASES_DIR / f"{name}.ttl"
    _full, app, case = split(path)
    derived = derive(app, get_prepared())
    focus = URIRef(f"{str(case).split('#')[0]}#{node}")
    values = list(derived.objects(focus, prop))
    assert len(values) == 1, values
    value = values[0]
    if prop == DL.withinRiparianLines:
        assert str(value) == expected
        return
    assert derived.value(value, DL.derived) == Literal(True)
    assert Decimal(str(derived.value(value, QUDT.numericValue))) == Decimal(expected)
