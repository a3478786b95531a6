"""The envelope (docklaw envelope): every figure checked against the validator itself.

For three reference parcels and every code, each figure bounded by a rule is validated through
the public API (the application as Turtle bytes, ``validate_bytes``): at its value no rule is
violated (the status is "conforms", or "incomplete" with the facts listed, never "violates"),
and one unit beyond it (one foot, one square foot, one more dock, slip or buoy; one foot less
for the minimum setback) the report violates and cites every binding section. A figure with no
limit found is validated at the end of the search; an area bounded by length times width is
that product and conforms. The 150-foot single-family parcel's figures are also pinned to the
sections the law states.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from functools import cache

import pytest

from docklaw import jurisdictions
from docklaw.cli import main
from docklaw.envelope.application import Design
from docklaw.envelope.parcel import Parcel
from docklaw.envelope.render import CSV_COLUMNS, to_csv, to_json
from docklaw.envelope.search import QUANTITIES, CodeEnvelope, Figure, Runner, envelope
from docklaw.envelope.svg import chart_svg, sketches
from docklaw.errors import InputError
from docklaw.validate.pipeline import get_prepared, validate_bytes

PARCELS = {
    "150-ft-single-family": Parcel(),
    "320-ft-steep-bottom-6-ft-tide": Parcel(frontage=320, slope=0.1, tidal_range=6.0),
    "240-ft-flat-bottom-steep-slope": Parcel(frontage=240, slope=0.03, tidal_range=4.0,
                                             steep_slope=True),
}
CODES = list(jurisdictions.ids())
#: One worker: most tests read the same envelopes (``computed``, cached per process), which
#: would otherwise be searched again on the other worker.
pytestmark = pytest.mark.xdist_group("envelopes")
UNIT = {"length": 1.0, "width": 1.0, "area": 1.0, "docks": 1, "slips": 1, "moorings": 1,
        "setback": -1.0}


@cache
def computed(parcel_key: str, jid: str) -> CodeEnvelope:
    return envelope(jid, PARCELS[parcel_key], get_prepared())


def design_at(env: CodeEnvelope, figure: Figure, value: float) -> Design:
    """The candidate the figure describes, with its quantity at ``value``."""
    ref = env.reference
    key = figure.quantity.key
    if key == "area":
        length, width = env.figures["length"].value, env.figures["width"].value
        return replace(ref, length=float(length), width=float(width), area=value)
    if key in ("docks", "slips", "moorings"):
        return replace(ref, **{key: int(value)})
    return replace(ref, **{key: value})


def validate(jid: str, parcel: Parcel, design: Design):  # type: ignore[no-untyped-def]
    runner = Runner(jid, parcel, get_prepared())
    # N-Triples, which is Turtle too (rdflib writes it ~5x faster, and it is read in one pass)
    data = runner.graph(design).serialize(format="nt").encode()
    return validate_bytes(data, name=f"{jid}-envelope.ttl", plan=False)


@pytest.mark.cost(3)
@pytest.mark.parametrize("jid", CODES)
@pytest.mark.parametrize("parcel_key", list(PARCELS))
def test_every_figure_holds_at_its_value_and_breaks_one_unit_beyond(parcel_key: str,
                                                                   jid: str) -> None:
    env = computed(parcel_key, jid)
    parcel = PARCELS[parcel_key]
    assert env.reference_status in ("conforms", "incomplete"), env.reference_violations
    assert [f.quantity.key for f in env.figures.values()] == [q.key for q in QUANTITIES]
    for figure in env.figures.values():
        key = figure.quantity.key
        assert figure.value is not None, (key, figure.binding)
        at = validate(jid, parcel, design_at(env, figure, float(figure.value)))
        assert at.status != "violates", (key, figure.value, [r.section for r in at.results
                                                              if r.severity == "Violation"])
        assert at.status == figure.status, (key, at.status, figure.status)
        if figure.bound == "product":
            length, width = env.figures["length"], env.figures["width"]
            assert figure.value == pytest.approx(float(length.value) * float(width.value))
            continue
        if figure.bound == "search":
            assert not figure.binding
            continue
        assert figure.bound == "rule" and figure.binding, key
        beyond = float(figure.value) + UNIT[key]
        over = validate(jid, parcel, design_at(env, figure, beyond))
        cited = {r.section for r in over.results if r.severity == "Violation"}
        binding = {b.section for b in figure.binding if b.section}
        assert over.status == "violates" and binding and binding <= cited, \
            (key, figure.value, beyond, binding, cited)



@pytest.mark.parametrize("parcel_key", list(PARCELS))
def test_the_reference_application_never_contradicts_itself(parcel_key: str) -> None:
    """The application the envelope builds states no two facts that disagree (no
    dl:Discrepancy), at the reference design and at the largest width: a figure is the law's
    answer about a coherent dock, not about a contradiction it was made to ask about. (A 4-foot
    dock stating a 6-foot landing did: a landing's width is the dock's at some point,
    dl:landingWidth dl:widestOf dl:width, so North Haven's reference dock violated § 56-2D's
    4 feet and Kings Point's was asked its width.)"""
    parcel = PARCELS[parcel_key]
    for jid in CODES:
        env = computed(parcel_key, jid)
        designs = [env.reference]
        width = env.figures["width"]
        if width.value is not None:
            designs.append(design_at(env, width, float(width.value)))
        for design in designs:
            report = validate(jid, parcel, design)
            notes = [r.message for r in report.results if r.component == "dl:Discrepancy"]
            assert not notes, (jid, design, notes)

#: the 150-foot single-family parcel (bottom slope 1:20, 2.5 ft tide): value and binding
#: sections per code, from the law (North Haven: 100 feet from MLW, which lies 50 feet out)
EXPECTED_150 = {
    "north-haven": {"length": (150.0, {"§ 56-2B"}), "width": (4.0, {"§ 56-2D"}),
                    "docks": (1, {"§ 56-3H"}), "setback": (40.0, {"§ 56-3A"})},
    "kings-point": {"length": (130.0, {"Standards D(1)"}), "width": (8.0, {"Standards D(2)(b)"}),
                    "setback": (60.0, {"Standards C"})},
    "north-hempstead": {"length": (130.0, {"§ 42-9A(2)"}), "width": (6.0, {"§ 42-9B(10)"}),
                        "docks": (1, {"§ 42-9B(7)"}), "slips": (2, {"§ 42-9B(8)"}),
                        "setback": (15.0, {"§ 42-9B(9)"})},
    "jerusalem": {"length": (115.0, {"§ 160-123A(1)(b)[2]"}), "area": (720.0, {"§ 160-123A(1)(b)"}),
                  "docks": (2, {"§ 160-123A(1)(a)[2]"}), "slips": (6, {"§ 160-123A(1)(a)[2]"}),
                  "setback": (10.0, {"§ 160-122D"})},
    "south-bristol": {"length": (116.0, {"§ 73-9C(1)(d)"}), "area": (720.0, {"§ 73-9C(1)"}),
                      "docks": (2, {"§ 73-8A"}), "slips": (4, {"§ 73-8A"}),
                      "setback": (10.0, {"§ 73-9A"})},
}


@pytest.mark.parametrize("jid", sorted(EXPECTED_150))
def test_150_foot_single_family_parcel(jid: str) -> None:
    env = computed("150-ft-single-family", jid)
    for key, (value, sections) in EXPECTED_150[jid].items():
        figure = env.figures[key]
        assert figure.bound == "rule" and figure.value == value, (key, figure.value)
        assert {b.section for b in figure.binding} == sections, key


def test_a_code_with_no_limit_says_so() -> None:
    """North Haven's dock chapter counts no slips and no mooring buoys: no limit is found up to
    the end of the search, and the figure says so instead of inventing one."""
    env = computed("150-ft-single-family", "north-haven")
    for key in ("slips", "moorings"):
        assert env.figures[key].bound == "search" and not env.figures[key].binding


def test_no_conforming_dock_is_reported_with_its_reasons() -> None:
    """A 60-foot lot with a flat bottom: North Haven's 2.5-foot depth at MLW lies beyond its
    100-foot limit and its 40-foot setbacks leave no room; Kings Point needs more frontage."""
    narrow = Parcel(frontage=60, slope=0.02)
    nh = envelope("north-haven", narrow)
    assert nh.reference_status == "violates"
    assert {b.section for b in nh.reference_violations} >= {"§ 56-2A(1)", "§ 56-3A"}
    assert all(f.value is None and f.bound == "reference" for f in nh.figures.values())
    kp = envelope("kings-point", narrow)
    assert "Standards B" in {b.section for b in kp.reference_violations}


def test_the_water_comes_from_the_law() -> None:
    """Lake levels, the extent line and the depth deciding the extension are read from the law
    graph (Keuka: 715.3 / 712.55 feet, the 65-foot line, 3 feet)."""
    env = computed("150-ft-single-family", "jerusalem")
    assert env.water.kind == "lake" and env.water.high_water_elevation == 715.3
    assert env.water.range == pytest.approx(2.75)
    assert env.water.extent_lines == (65.0,) and env.water.required_depth == 3.0
    assert computed("150-ft-single-family", "north-haven").water.range == 2.5


def test_renderings() -> None:
    parcel = PARCELS["150-ft-single-family"]
    codes = [computed("150-ft-single-family", j) for j in CODES]
    rows = list(csv.DictReader(io.StringIO(to_csv(codes))))
    assert tuple(rows[0]) == CSV_COLUMNS and len(rows) == len(CODES) * len(QUANTITIES)
    nh_length = next(r for r in rows if r["jurisdiction"] == "north-haven"
                     and r["quantity"] == "length")
    assert nh_length["value"] == "150.0" and nh_length["binding_sections"] == "§ 56-2B"
    assert nh_length["binding_section_iris"] == "https://w3id.org/docklaw/code/north-haven/56-2B"
    data = json.loads(to_json(parcel, codes))
    assert data["parcel"]["frontage"] == 150.0 and len(data["codes"]) == len(CODES)
    chart = chart_svg(codes)
    assert chart.startswith("<svg") and "§ 56-2B" in chart and "Standards C" in chart
    drawn = sketches(parcel, codes)
    assert len(drawn) == len(CODES) and all(s.startswith("<svg") for s in drawn)
    assert "MLW" in drawn[0] and "65-ft line" in drawn[CODES.index("jerusalem")]


def test_cli_checks_the_parcel(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["envelope", "--frontage", "-5"]) == 2
    assert "frontage" in capsys.readouterr().err
    assert main(["envelope", "--land-use", "castle"]) == 2
    assert "unknown land use" in capsys.readouterr().err
    with pytest.raises(InputError):
        Parcel(slope=0).checked()
