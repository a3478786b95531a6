"""``/apply``: the application form generated from the law (issue 25 item 5), without a browser.

The form asks, for the structures picked, the facts the code's rules read (the source of
docs/applications.md, ``docklaw.validate.needs.rule_needs``); filled with a shipped complete
example's facts it reaches a decided verdict; what it downloads, ``docklaw validate`` decides the
same way; every page works without JavaScript.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rdflib import Graph, URIRef

from docklaw import jurisdictions
from docklaw.apply.spec import BOAT, build_spec
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL
from docklaw.validate.intake.structures import short
from docklaw.validate.needs import code_needs
from docklaw.validate.pipeline import validate_bytes
from docklaw.web import create_app
from fixtures.apply import example_facts, form_data

FT, M = "http://qudt.org/vocab/unit/FT", "http://qudt.org/vocab/unit/M"
NEW = str(DL.NewConstruction)
KP_HEAD = {"code": "kings-point", "work": NEW, "name": "Kings Point dock",
           "s.1.class": str(DL.FixedDock), "s.1.name": "dock",
           "s.2.class": str(DL.BoatLift), "s.2.name": "lift", "s.2.partof": "1"}
NH_HEAD = {"code": "north-haven", "work": NEW, "name": "Harbor Lane dock",
           "s.1.class": str(DL.FixedDock), "s.1.name": "pier"}
FIXTURES = Path(__file__).parent / "fixtures" / "geometry" / "crs"


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    app = create_app({"TESTING": True, "SPARQL_EXECUTION": "inline"})
    return app.test_client()


def kings_point_form(length: str = "120") -> object:
    spec = build_spec(get_prepared(), "kings-point")
    facts = example_facts("kings-point", {"parcel": "parcel", "s1": "dock", "s2": "lift"})
    data, lacking = form_data(spec, KP_HEAD, facts, {"s1": str(DL.FixedDock),
                                                     "s2": str(DL.BoatLift)})
    assert lacking == []
    data.setlist("v.s1.dl:length", [length])  # type: ignore[attr-defined]
    data["u.s1.dl:length"] = FT  # type: ignore[index]
    # a dock with a lift and no float (the example's 480 sq ft of floats, with no float in the
    # form, would be floats not listed, whose facts the float rules ask)
    data.setlist("v.s1.dl:totalFloatArea", ["0"])  # type: ignore[attr-defined]
    return data


def north_haven_form() -> tuple[object, list[tuple[str, str]]]:
    spec = build_spec(get_prepared(), "north-haven")
    facts = example_facts("north-haven", {"application": "application", "parcel": "parcel",
                                          "s1": "pier"})
    return form_data(spec, NH_HEAD, facts, {"s1": str(DL.FixedDock)})


# --------------------------------------------------------------------------- generated


@pytest.mark.parametrize("jid", jurisdictions.ids())
def test_every_fact_of_the_generated_table_is_asked_of_its_structures(jid: str) -> None:
    """The form and docs/applications.md come from one source: every row of the code's table
    whose fact is a plain property is a field of a structure of a class the row names (or of
    the parcel, or of the application)."""
    prepared = get_prepared()
    spec = build_spec(prepared, jid)
    parcel = {f.prop for f in spec.parcel}
    application = {f.prop for f in spec.application}
    for (where, fact), _sections in code_needs(prepared, jid).items():
        if not re.fullmatch(r"dl:\w+", fact) or fact in ("dl:workKind", "dl:hasStructure",
                                                          "dl:hasPart", "dl:findingMade"):
            continue
        if where == "dl:Parcel":
            assert fact in parcel, (jid, fact)
        elif where == "dl:PermitApplication":
            assert fact in application, (jid, fact)
        else:
            for name in where.split(", "):
                cls = next((k.iri for k in spec.kinds if short(URIRef(k.iri)) == name), None)
                if cls is None:  # a code's own concept: asked of the shared classes under it
                    cls = next((k.iri for k in spec.kinds if URIRef(
                        "https://w3id.org/docklaw/" + name) in prepared.superclasses.get(
                            URIRef(k.iri), ())), None)
                if cls is None:
                    continue
                asked = {f.prop for f in spec.structure_fields(cls, alone=True)}
                assert fact in asked or fact in parcel or fact in application, (jid, name, fact)


def test_each_field_has_label_kind_unit_values_and_the_sections_it_serves() -> None:
    spec = build_spec(get_prepared(), "kings-point")
    fields = {f.prop: f for f in spec.structure_fields(str(DL.FixedDock))}
    length = fields["dl:length"]
    assert length.label == "length" and length.kind == "quantity"
    assert length.unit is not None and length.unit.curie == "unit:FT"
    metres = next(u for u in length.units if u.curie == "unit:M")
    assert metres.factor == pytest.approx(1 / 0.3048)  # metres convert to the canonical feet
    (section,) = length.sections
    assert section.citation == "Standards D(1)"
    assert section.iri == "https://w3id.org/docklaw/code/kings-point/standards-D-1"
    assert "navigable" in section.text  # the section's text, for hover and click
    assert fields["dl:hasLight"].kind == "boolean"
    material = fields["dl:material"]
    assert material.kind == "choice" and material.repeatable
    assert ("https://w3id.org/docklaw/ontology#UntreatedWood", "untreated wood") in \
        material.choices
    assert {f.prop: f for f in spec.parcel}["dl:landUse"].kind == "choice"
    lift = {f.prop: f for f in spec.structure_fields(str(DL.BoatLift))}
    assert lift["dl:useSeasonStart"].kind == "monthday"
    assert lift["dl:boatWeight"].unit.curie == "unit:LB"  # type: ignore[union-attr]


def test_what_the_form_asks_for_a_kings_point_dock_with_a_lift() -> None:
    """The questions, by subject (the report to the lead lists them)."""
    spec = build_spec(get_prepared(), "kings-point")
    parcel = [f.prop for f in spec.parcel]
    dock = [f.prop for f in spec.structure_fields(str(DL.FixedDock))]
    lift = [f.prop for f in spec.structure_fields(str(DL.BoatLift))]
    assert parcel == ["dl:dockCount", "dl:improvedWithResidence", "dl:landUse",
                      "dl:shorelineFrontage"]  # (a stated dock count is checked: Standards A)
    assert {"dl:length", "dl:distanceToNavigableDepth", "dl:width", "dl:sideSetback",
            "dl:deckHeightAboveMHW", "dl:railingHeight", "dl:totalFloatArea"} <= set(dock)
    assert {"dl:liftCapacity", "dl:boatLength", "dl:boatWeight", "dl:boatHeightAboveDeck",
            "dl:orientation", "dl:useSeasonStart", "dl:useSeasonEnd"} <= set(lift)
    assert "dl:liftCapacity" not in dock
    findings = {f.section.citation for f in spec.structure_findings(
        [str(DL.FixedDock), str(DL.BoatLift)])}
    assert findings == {"Boat lifts B(1)", "Boat lifts B(2)", "Boat lifts B(3)",
                        "Standards D(2)(a)[1]", "Standards E", "Standards H"}


def test_a_lift_is_not_asked_the_docks_railing_facts() -> None:
    """Kings Point's "dock" includes its boat lifts: the rules governing the dock ask the dock,
    once; the lift is asked the boat lift rules' facts. A lift that is its own whole (no dock
    to be part of) is asked the dock's facts too."""
    spec = build_spec(get_prepared(), "kings-point")
    lift = {f.prop for f in spec.structure_fields(str(DL.BoatLift))}
    assert not lift & {"dl:railingHeight", "dl:landingLength", "dl:lockerHeight",
                       "dl:lightHeight", "dl:deckHeightAboveMHW", "dl:sideSetback"}
    assert {"dl:liftCapacity", "dl:boatLength", "dl:useSeasonStart"} <= lift
    alone = {f.prop for f in spec.structure_fields(str(DL.BoatLift), alone=True)}
    assert {"dl:railingHeight", "dl:deckHeightAboveMHW", "dl:sideSetback"} <= alone


@pytest.mark.parametrize(("structures", "expected"), [
    ({"s.1.class": str(DL.FixedDock), "s.2.class": str(DL.BoatLift), "s.2.partof": "1"}, False),
    ({"s.1.class": str(DL.FixedDock), "s.2.class": str(DL.BoatLift)}, False),  # derive links it
    ({"s.2.class": str(DL.BoatLift)}, True),  # no dock: the lift is the code's dock
    ({"s.1.class": str(DL.FixedDock), "s.3.class": str(DL.FixedDock),
      "s.2.class": str(DL.BoatLift)}, True)])  # two docks and no link: nothing is guessed
def test_a_lift_is_asked_the_docks_facts_only_when_it_is_its_own_dock(
        structures: dict[str, str], expected: bool) -> None:
    from werkzeug.datastructures import MultiDict

    from docklaw.apply.build import alone, read_form

    state = read_form(MultiDict({"code": "kings-point", "work": NEW, **structures}))
    lift = state.structure(2)
    assert lift is not None
    assert alone(build_spec(get_prepared(), "kings-point"), state, lift) is expected


#: the other codes' complete examples as forms: form subject -> (example node, class, part of)
EXAMPLE_FORMS: dict[str, dict[str, tuple[str, str, str | None]]] = {
    "north-hempstead": {"s1": ("dock", "FixedDock", None), "s2": ("ramp", "Ramp", "1"),
                        "s3": ("float", "FloatingDock", "1")},
    "jerusalem": {"s1": ("dock", "FixedDock", None), "s2": ("station", "BoatStation", None),
                  "s3": ("buoy", "MooringBuoy", None)},
    "south-bristol": {"s1": ("dock", "FixedDock", None), "s2": ("finger", "Finger", "1"),
                      "s3": ("boathouse", "Boathouse", None),
                      "s4": ("hoist", "BoatHoistStructure", None),
                      "s5": ("buoy", "MooringBuoy", None), "s1.boat": ("runabout", "", None),
                      "s5.boat": ("boat", "", None)},
}


def example_form(jid: str) -> tuple[object, list[tuple[str, str]]]:
    """The form filled, field by field, with the code's shipped complete example."""
    listed = EXAMPLE_FORMS[jid]
    head = {"code": jid, "work": NEW, "name": f"{jid} example"}
    structures = {}
    for subject, (name, cls, part) in listed.items():
        if not cls:  # a boat moored at a structure: its facts only
            continue
        n = subject[1:]
        head |= {f"s.{n}.class": str(DL[cls]), f"s.{n}.name": name}
        if part:
            head[f"s.{n}.partof"] = part
        structures[subject] = str(DL[cls])
    nodes = {"application": "application", "parcel": "parcel",
             **{subject: name for subject, (name, _, _) in listed.items()}}
    return form_data(build_spec(get_prepared(), jid), head, example_facts(jid, nodes),
                     structures)


# --------------------------------------------------------------------------- decided


def test_kings_point_120_ft_dock_with_a_lift_filled_conforms(client) -> None:  # type: ignore[no-untyped-def]
    verdict = client.post("/apply/check", data=kings_point_form()).get_json()
    assert verdict["errors"] == {} and verdict["error"] is None
    assert verdict["status"] == "conforms", verdict["needed"]
    assert verdict["violations"] == [] and verdict["needed"] == []


def test_a_225_ft_kings_point_dock_violates_standards_d1_with_how_far_off(client) -> None:  # type: ignore[no-untyped-def]
    verdict = client.post("/apply/check", data=kings_point_form("225")).get_json()
    assert verdict["status"] == "violates"
    (v,) = [v for v in verdict["violations"] if v["section"] == "Standards D(1)"]
    assert v["on"] == "dock" and v["href"] == "/code/kings-point/standards-D-1"
    # the lesser of the length to navigable depth (160 ft) or 200 ft
    assert v["off"] == {"value": "225 feet", "limit": "160 feet", "excess": "65 feet",
                        "percent": "40.62 %", "nearest": "160 feet", "direction": "max"}
    assert v["relief"] == "waiver"
    assert v["relief_authority"] == "Board of Trustees of the Village of Kings Point"


def test_north_haven_dock_filled_from_the_example_conforms(client) -> None:  # type: ignore[no-untyped-def]
    data, lacking = north_haven_form()
    verdict = client.post("/apply/check", data=data).get_json()
    assert verdict["status"] == "conforms", verdict["needed"]
    # asked, not stated by the example, and not needed for a new dock: the verdict is decided
    assert ("s1", "dl:preexistingLength") in lacking


@pytest.mark.parametrize("jid", sorted(EXAMPLE_FORMS))
def test_each_codes_complete_example_filled_in_the_form_conforms(client, jid: str) -> None:  # type: ignore[no-untyped-def]
    """North Hempstead (a dock with its ramp and float), Keuka (dock, boat station, buoy) and
    Canandaigua (dock with a finger, boathouse, hoist structure, buoy, boats moored at the dock
    and the buoy): every field the form asks, filled from the example, reaches a decision."""
    data, _ = example_form(jid)
    verdict = client.post("/apply/check", data=data).get_json()
    assert verdict["errors"] == {} and verdict["error"] is None
    assert verdict["status"] == "conforms", verdict["needed"]
    assert verdict["violations"] == [] and verdict["needed"] == []


@pytest.mark.parametrize("fmt", ["ttl", "jsonld"])
@pytest.mark.parametrize("form", ["kings-point-120", "kings-point-225", "north-haven",
                                  "kings-point-bare",
                                  *sorted(EXAMPLE_FORMS)])
def test_the_download_is_decided_the_same_by_docklaw_validate(client, fmt: str, form: str) -> None:  # type: ignore[no-untyped-def]
    data = {"kings-point-120": lambda: kings_point_form(),
            "kings-point-225": lambda: kings_point_form("225"),
            "north-haven": lambda: north_haven_form()[0],
            "kings-point-bare": lambda: KP_HEAD,
            **{jid: (lambda jid=jid: example_form(jid)[0]) for jid in EXAMPLE_FORMS}}[form]()
    verdict = client.post("/apply/check", data=data).get_json()
    response = client.post(f"/apply/download?format={fmt}", data=data)
    assert response.status_code == 200
    assert response.headers["Content-Disposition"].endswith(f'.{fmt}"')
    report = validate_bytes(response.data, "json-ld" if fmt == "jsonld" else "turtle",
                            name=f"download.{fmt}")
    assert report.status == verdict["status"]
    assert sorted(r.section for r in report.results if r.severity == "Violation") == \
        sorted(v["section"] for v in verdict["violations"])
    assert sorted((n.section, n.message) for n in report.information_needed) == \
        sorted((n["section"], n["message"]) for n in verdict["needed"])
    if fmt == "jsonld":
        json.loads(response.data)


def test_the_download_validates_the_same_through_the_cli(client, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from docklaw.cli import main

    response = client.post("/apply/download?format=ttl", data=kings_point_form("225"))
    path = tmp_path / "kings-point.ttl"
    path.write_bytes(response.data)
    assert main(["validate", str(path)]) == 1
    assert "Standards D(1)" in capsys.readouterr().out


# --------------------------------------------------------------------------- the page


def test_without_javascript_the_buttons_build_the_form_and_the_page_decides(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/apply?code=kings-point").get_data(as_text=True)
    assert 'id="apply-form"' in page and "Village of Kings Point" in page
    step = client.post("/apply", data={"code": "kings-point", "work": NEW, "action": "add",
                                       "add.class": str(DL.FixedDock), "add.name": "dock"})
    page = step.get_data(as_text=True)
    assert 'id="f-s1-length-input"' in page and 'data-status="incomplete"' in page
    assert re.search(r'<a class="to-field" href="#f-s1-distanceToChannel">', page)
    data = dict(kings_point_form("225"))
    data["action"] = "check"
    page = client.post("/apply", data=data).get_data(as_text=True)
    assert 'data-status="violates"' in page and "65 feet over the limit of 160 feet" in page
    removed = client.post("/apply", data={**KP_HEAD, "action": "remove.2"})
    assert 'name="s.2.class"' not in removed.get_data(as_text=True)


def test_a_value_that_is_no_value_is_shown_beside_its_field(client) -> None:  # type: ignore[no-untyped-def]
    data = {**KP_HEAD, "v.s1.dl:length": "long", "v.s1.dl:width": "4",
            "u.s1.dl:width": "http://qudt.org/vocab/unit/FT2", "v.s2.dl:useSeasonStart": "13-40",
            "v.parcel.dl:landUse": "https://example.org/not-a-use"}
    verdict = client.post("/apply/check", data=data).get_json()
    assert verdict["errors"] == {
        "v.s1.dl:length": "'long' is not a number",
        "v.s1.dl:width": "unit 'http://qudt.org/vocab/unit/FT2' is not a unit of width",
        "v.s2.dl:useSeasonStart": "'13-40': give a day of the year as MM-DD (04-15)",
        "v.parcel.dl:landUse": "'https://example.org/not-a-use' is not one of the allowed values"}
    assert verdict["status"] == "incomplete"  # what was not read is still needed, not guessed


def test_metres_are_converted_and_the_report_keeps_what_was_stated(client) -> None:  # type: ignore[no-untyped-def]
    data = {**KP_HEAD, "v.s1.dl:length": "36.576", "u.s1.dl:length": M}
    graph = Graph().parse(data=client.post("/apply/download", data=data).data, format="turtle")
    report = validate_bytes(graph.serialize(format="turtle").encode(), "turtle")
    (length,) = [m for m in report.measurements if m.property == "dl:length"]
    assert length.shown == "120 feet" and length.stated_as == "36.576 metres"


def test_a_drawing_uploaded_as_geojson_is_measured(client) -> None:  # type: ignore[no-untyped-def]
    """The Kings Point fixture lot (tests/fixtures/geometry/crs) as a GeoJSON FeatureCollection
    in CRS84: each feature names what it draws; the dock measures 120 ft from mean high water."""
    from shapely import wkt
    from shapely.geometry import mapping

    g = Graph().parse(FIXTURES / "kings-point-crs84.ttl")
    base = "https://example.org/applications/kings-point-crs#"
    names = {"parcel": "parcel", "mhw": "mhw", "west": "lot1", "east": "lot2", "dock": "dock",
             "lift": "lift"}
    features = []
    for local, name in names.items():
        literal = str(g.value(g.value(URIRef(base + local), URIRef(
            "http://www.opengis.net/ont/geosparql#hasGeometry")), URIRef(
            "http://www.opengis.net/ont/geosparql#asWKT")))
        geom = wkt.loads(literal.split("> ", 1)[1])
        features.append({"type": "Feature", "properties": {"feature": name},
                         "geometry": mapping(geom)})
    upload = json.dumps({"type": "FeatureCollection", "features": features}).encode()
    import io

    page = client.post("/apply", data={**KP_HEAD, "action": "upload",
                                       "drawing": (io.BytesIO(upload), "lot.geojson")},
                       content_type="multipart/form-data").get_data(as_text=True)
    assert "drawing lot.geojson: 6 feature(s) placed" in page
    data = {**KP_HEAD}
    for name in names.values():
        data[f"g.{name if name not in ('dock', 'lift') else {'dock': 's1', 'lift': 's2'}[name]}"] \
            = json.dumps(next(f["geometry"] for f in features
                              if f["properties"]["feature"] == name))
    response = client.post("/apply/download", data=data)
    report = validate_bytes(response.data, "turtle")
    lengths = [m for m in report.measurements if m.property == "dl:length" and m.node.endswith(
        "#dock")]
    assert [m.shown for m in lengths] == ["120 feet"]
    assert lengths[0].coordinates.startswith("drawn in CRS84")


def test_a_drawing_uploaded_as_wkt_lines_is_placed_by_name(client) -> None:  # type: ignore[no-untyped-def]
    import io

    text = ("# the dock in the local survey frame\n"
            "dock: POLYGON((0 0, 4 0, 4 60, 0 60, 0 0))\n"
            "mhw: LINESTRING(-100 0, 100 0)\n"
            "shed: POLYGON((0 0, 1 0, 1 1, 0 0))\n")
    page = client.post("/apply", data={**KP_HEAD, "g.crs": "survey", "action": "upload",
                                       "drawing": (io.BytesIO(text.encode()), "dock.wkt")},
                       content_type="multipart/form-data").get_data(as_text=True)
    assert "2 feature(s) placed; not placed" in page and "shed" in page
    assert "POLYGON((0 0, 4 0, 4 60, 0 60, 0 0))" in page  # in the dock's footprint field


def test_the_home_and_validate_pages_link_to_the_form(client) -> None:  # type: ignore[no-untyped-def]
    assert 'href="/apply"' in client.get("/").get_data(as_text=True)
    example = Path(__file__).resolve().parents[1] / "examples" / "kings-point" / "complete.ttl"
    page = client.post("/validate", data=example.read_bytes(), content_type="text/turtle",
                       headers={"Accept": "text/html"}).get_data(as_text=True)
    assert 'href="/apply?code=kings-point"' in page


def test_the_page_keeps_the_site_policy(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/apply", data={**KP_HEAD, "action": "check"})
    page = response.get_data(as_text=True)
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)  # no inline script
    assert " style=" not in page and "<style" not in page  # no inline style
    assert 'id="site-nav"' in page


def test_a_boat_fact_is_asked_under_its_structure() -> None:
    """South Bristol § 73-9A(1) reads dl:withinRiparianLines on the boat moored at the dock."""
    spec = build_spec(get_prepared(), "south-bristol")
    boat = [f for f in spec.structure_fields(str(DL.FixedDock)) if f.on == BOAT]
    assert "dl:withinRiparianLines" in {f.prop for f in boat}


def test_an_existing_structure_is_on_the_parcel_not_proposed(client) -> None:  # type: ignore[no-untyped-def]
    data = {**KP_HEAD, "s.3.class": str(DL.Boathouse), "s.3.name": "old boathouse",
            "s.3.existing": "yes"}
    g = Graph().parse(data=client.post("/apply/download", data=data).data, format="turtle")
    base = "https://example.org/applications/kings-point-dock#"
    boathouse, dock, lift = (URIRef(base + n) for n in ("old-boathouse", "dock", "lift"))
    app, parcel = URIRef(base + "application"), URIRef(base + "parcel")
    assert set(g.objects(app, DL.proposes)) == {dock}            # the lift is the dock's part
    assert set(g.objects(dock, DL.hasPart)) == {lift}
    assert set(g.objects(parcel, DL.hasStructure)) == {dock, lift, boathouse}
    assert g.value(boathouse, DL.workKind) is None
    assert g.value(dock, DL.workKind) == DL.NewConstruction


def test_the_form_offers_every_kind_of_work_but_the_removal_of_a_part() -> None:
    """The form's one kind of work is every proposed structure's; dl:Removal takes a listed
    part away (only a part may state it), so the form does not offer it (blind review 94 F2)."""
    offered = {iri for iri, _label in build_spec(get_prepared(), "jerusalem").work_kinds}
    assert str(DL.NewConstruction) in offered and str(DL.Repair) in offered
    assert str(DL.Removal) not in offered
