"""One value per functional property (issue 23): a second value is refused, never picked.

The vocabulary declares which properties take one value (ontology/terms/cardinality.ttl);
these tests hold the declarations to what the pipeline reads, and check that intake refuses a
second value with the node, the property and both values (CLI exit 2, HTTP 400).
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from rdflib import Graph, URIRef
from rdflib.term import Node

from docklaw import jurisdictions
from docklaw.cli import main
from docklaw.errors import InputError
from docklaw.kg import flatstore
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL, OWL, RDF, RDFS, XSD
from docklaw.paths import EXAMPLES_DIR
from docklaw.validate.intake.parse import parse
from docklaw.validate.pipeline import validate_bytes, validate_graph

BASE = (EXAMPLES_DIR / "north-haven" / "complete.ttl").read_text(encoding="utf-8")
GEOMETRY = (EXAMPLES_DIR / "jerusalem" / "geometry.ttl").read_text(encoding="utf-8")
PIER_WIDTH = ("dl:width [ a qudt:QuantityValue ; qudt:numericValue 4 ; qudt:unit unit:FT ] ;\n"
              "    dl:waterDepthAtMLW [ a qudt:QuantityValue ; qudt:numericValue 3.2")
SEVERAL_NOTE = DL.severalValuesNote
APPLICATION_FILES = sorted(
    [p for j in jurisdictions.all() for p in j.examples_dir.glob("*.ttl")]
    + [p for j in jurisdictions.all() for p in j.cases_dir.glob("*.ttl")])


def edit(text: str, old: str, new: str) -> bytes:
    assert old in text, old
    return text.replace(old, new, 1).encode("utf-8")


#: (name, application, property named, both values named)
TWO_VALUES = [
    ("two-units", edit(BASE, PIER_WIDTH, PIER_WIDTH.replace("unit:FT", "unit:FT , unit:IN")),
     "qudt:unit", ("unit:FT", "unit:IN")),
    ("two-numbers", edit(BASE, PIER_WIDTH, PIER_WIDTH.replace(
        "qudt:numericValue 4 ;", "qudt:numericValue 4 , 6 ;")), "qudt:numericValue", ("4", "6")),
    ("two-widths", edit(BASE, PIER_WIDTH, PIER_WIDTH.replace(
        "unit:FT ] ;", "unit:FT ] , [ qudt:numericValue 50 ; qudt:unit unit:IN ] ;", 1)),
     "dl:width", ("[4 unit:FT]", "[50 unit:IN]")),
    ("flag-true-and-false", edit(BASE, "dl:hasLight false ;", "dl:hasLight false , true ;"),
     "dl:hasLight", ("'false'", "'true'")),
    ("two-work-kinds", edit(BASE, "dl:workKind dl:NewConstruction ;\n    dl:construction "
                                  "dl:Permanent",
                            "dl:workKind dl:NewConstruction , dl:Repair ;\n    dl:construction "
                            "dl:Permanent"), "dl:workKind", ("dl:NewConstruction", "dl:Repair")),
    ("two-jurisdictions", edit(BASE, "jurisdiction/north-haven> ;",
                               "jurisdiction/north-haven> , "
                               "<https://w3id.org/docklaw/jurisdiction/kings-point> ;"),
     "dl:jurisdiction", ("jurisdiction/north-haven", "jurisdiction/kings-point")),
    ("survey-frame-true-and-false", edit(GEOMETRY, "dl:surveyFrameInFeet true",
                                         "dl:surveyFrameInFeet true , false"),
     "dl:surveyFrameInFeet", ("'true'", "'false'")),
]


@pytest.mark.parametrize("name,data,prop,values", TWO_VALUES, ids=[c[0] for c in TWO_VALUES])
def test_a_second_value_is_refused_naming_node_property_and_values(
        name: str, data: bytes, prop: str, values: tuple[str, ...]) -> None:
    with pytest.raises(InputError) as caught:
        validate_bytes(data, "turtle", name=f"{name}.ttl")
    error = caught.value
    assert error.prop == prop
    assert error.node  # which node
    for value in values:
        assert value in str(error), (value, str(error))
    assert "rdflib" not in str(error) and "Literal(" not in str(error)


def test_the_same_refusal_every_run(tmp_path: Path) -> None:
    """The message names a quantity by the path that reaches it, not a blank node label."""
    target = tmp_path / "two-units.ttl"
    target.write_bytes(TWO_VALUES[0][1])
    messages = set()
    for _ in range(2):
        with pytest.raises(InputError) as caught:
            validate_bytes(target.read_bytes(), "turtle", name=target.name)
        messages.add(str(caught.value))
    assert len(messages) == 1
    assert "#pier dl:width [ ]" in messages.pop()


def test_cli_exit_2_and_http_400(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  law_app: object) -> None:
    target = tmp_path / "two-units.ttl"
    target.write_bytes(TWO_VALUES[0][1])
    assert main(["validate", str(target)]) == 2
    assert "qudt:unit takes one value" in capsys.readouterr().err
    client = law_app.test_client()  # type: ignore[attr-defined]
    answer = client.post("/validate", data=TWO_VALUES[0][1],
                         headers={"Content-Type": "text/turtle"})
    assert answer.status_code == 400
    assert "unit:FT and unit:IN" in answer.get_json()["error"]


# --------------------------------------------------------------------------- the declarations


def vocabulary() -> Graph:
    return get_prepared().ontology


def declared(graph: Graph, prop: URIRef) -> bool:
    return (prop, RDF.type, OWL.FunctionalProperty) in graph or \
        graph.value(prop, SEVERAL_NOTE) is not None


def application_predicates() -> set[URIRef]:
    """Every dl: property a shipped example or case states."""
    found: set[URIRef] = set()
    for path in APPLICATION_FILES:
        g = Graph().parse(path, format="turtle")
        found.update(p for p in g.predicates() if isinstance(p, URIRef)
                     and str(p).startswith(str(DL)))
    return found


@pytest.mark.cost(8)
def test_every_quantity_flag_count_and_date_property_states_its_cardinality() -> None:
    """The rule, not a list: each quantity, flag, count, date and every property an
    application uses is functional, or says why it takes several values."""
    g = vocabulary()
    props: set[Node] = set(g.subjects(RDF.type, DL.QuantityProperty))
    for datatype in (XSD.boolean, XSD.gMonthDay, XSD.date):
        props.update(g.subjects(RDFS.range, datatype))
    props.update(application_predicates())
    missing = sorted(str(p) for p in props if isinstance(p, URIRef) and not declared(g, p))
    assert not missing, f"declare owl:FunctionalProperty or dl:severalValuesNote: {missing}"
    both = sorted(str(p) for p in props if (p, RDF.type, OWL.FunctionalProperty) in g
                  and g.value(p, SEVERAL_NOTE) is not None)
    assert not both


def test_properties_the_rules_read_as_one_value_are_functional() -> None:
    """A computed limit's operand (dl:PropertyOf), the test of a dl:Conditional and an
    allocation table's footage property are each read as one value (``limits.stated_first``).
    Conditions compiled to SPARQL (dl:appliesWhen, dl:exceptWhen clauses) read every value."""
    prepared = get_prepared()
    law, g = prepared.knowledge, vocabulary()
    read: set[Node] = set()
    for node in law.subjects(RDF.type, DL.PropertyOf):
        read.update(law.objects(node, DL.property))
    for node in law.subjects(RDF.type, DL.Conditional):
        test = law.value(node, DL["if"])
        if law.value(test, DL.property) == RDF.type and law.value(test, DL.of) in (None, DL.Focus):
            continue  # a class test on the focus asks whether it is of the class among all its
            # types (``limits.Evaluator.of_class``), never one value
        read.update(law.objects(test, DL.property))
    read.update(law.objects(None, DL.footageProperty))
    read.discard(DL.tier)  # several Tiers are read as a set (§ 73-6A(2); cardinality.ttl)
    assert read
    missing = sorted(str(p) for p in read if (p, RDF.type, OWL.FunctionalProperty) not in g)
    assert not missing, missing


@contextlib.contextmanager
def recording_value_reads(nodes: set[Node]) -> Iterator[Counter[URIRef]]:
    """Count ``Graph.value(s, p)`` calls on the application's own nodes."""
    seen: Counter[URIRef] = Counter()
    flat, plain = flatstore.FlatGraph.value, Graph.value

    def wrap(original):  # type: ignore[no-untyped-def]
        def value(self, subject=None, predicate=RDF.value, *args, **kwargs):  # type: ignore[no-untyped-def]
            if subject in nodes and isinstance(predicate, URIRef):
                seen[predicate] += 1
            return original(self, subject, predicate, *args, **kwargs)
        return value

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(flatstore.FlatGraph, "value", wrap(flat))
        mp.setattr(Graph, "value", wrap(plain))
        yield seen


def test_what_the_pipeline_reads_as_one_value_is_functional() -> None:
    """Validate every shipped example watching ``graph.value`` on the application's nodes:
    each property so read must be declared functional (else the value read is a coin toss)."""
    g = vocabulary()
    examples = sorted(p for j in jurisdictions.all() for p in j.examples_dir.glob("*.ttl"))
    read: Counter[URIRef] = Counter()
    for path in examples:
        graph = parse(path.read_bytes(), "turtle", path.name)
        with recording_value_reads(set(graph.subjects())) as seen:
            validate_graph(graph, name=path.name)
        read.update(seen)
    written_by_docklaw = {DL.derived, DL.statedValue, DL.statedUnit, DL.footageCategory}
    assert read[DL.jurisdiction] and read[URIRef("http://qudt.org/schema/qudt/unit")]
    missing = sorted(str(p) for p in read if p not in written_by_docklaw
                     and (p, RDF.type, OWL.FunctionalProperty) not in g)
    assert not missing, missing


# --------------------------------------------------------------- several values in two units

PIER_SETBACK = ("dl:sideSetback [ a qudt:QuantityValue ; qudt:numericValue 60 ; "
                "qudt:unit unit:FT ] ;\n    dl:material")
#: Blind review 87 F1: the pier states its side setback as 40 ft and as 12 m (39.37 ft).
SETBACK_2UNITS = edit(BASE, PIER_SETBACK, PIER_SETBACK.replace(
    "numericValue 60 ; qudt:unit unit:FT ]",
    "numericValue 40 ; qudt:unit unit:FT ] , [ a qudt:QuantityValue ; qudt:numericValue 12 ; "
    "qudt:unit unit:M ]"))


def several_valued_measures() -> list[str]:
    """Every property an application may state several quantities of: a quantity property
    (dl:QuantityProperty, or ranging over qudt:QuantityValue) that is not functional and says
    why it takes several values (dl:severalValuesNote)."""
    g = vocabulary()
    quantity = URIRef("http://qudt.org/schema/qudt/QuantityValue")
    props = set(g.subjects(RDF.type, DL.QuantityProperty)) | set(g.subjects(RDFS.range, quantity))
    return sorted(f"dl:{p[len(DL):]}" for p in props
                  if isinstance(p, URIRef) and p.startswith(DL)
                  and (p, RDF.type, OWL.FunctionalProperty) not in g
                  and g.value(p, SEVERAL_NOTE) is not None)


#: The several-valued measures blind review 87 F1 checked for the two-units hole (the refusal is
#: generic, cardinality.check_one_unit_per_measure; the list keeps each one tested).
SEVERAL_VALUED_MEASURES = ["dl:mooringPileDiameter", "dl:pileDiameter", "dl:planktonGap",
                           "dl:railingSupportSpacing", "dl:sideSetback"]


def test_the_several_valued_measures_are_listed() -> None:
    """A new several-valued measure joins SEVERAL_VALUED_MEASURES, so its two-units input is
    tested below."""
    assert several_valued_measures() == SEVERAL_VALUED_MEASURES


@pytest.mark.parametrize("prop", SEVERAL_VALUED_MEASURES)
def test_a_several_valued_measure_stated_in_two_units_is_refused(prop: str) -> None:
    """Several values of a non-functional measure are each checked, but nothing in the
    vocabulary says which side or pile each is for: in two units (40 ft and 12 m) they may be
    one fact stated twice, and which reading decides would be picked, not read."""
    data = edit(BASE, "    dl:material dl:Aluminum",
                f"    {prop} [ a qudt:QuantityValue ; qudt:numericValue 40 ; qudt:unit unit:FT ] ,"
                f" [ a qudt:QuantityValue ; qudt:numericValue 12 ; qudt:unit unit:M ] ;\n"
                "    dl:material dl:Aluminum")
    with pytest.raises(InputError) as caught:
        validate_bytes(data, "turtle", name="two-units.ttl")
    error = caught.value
    assert error.prop == prop and error.node and error.node.endswith("#pier")
    assert " units (" in str(error) and "unit:FT" in str(error) and "unit:M)" in str(error)
    assert "[40 unit:FT]" in str(error) and "[12 unit:M]" in str(error)
    assert "state every value in one unit" in str(error)


def test_the_reviewed_setback_in_two_units_is_refused_at_the_cli_and_the_web(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], law_app: object) -> None:
    """nh/setback_2units.ttl of review 87: exit 2 and HTTP 400, one message (not a Violation of
    § 56-3A on the 12 m read as a second side's setback)."""
    target = tmp_path / "setback-2units.ttl"
    target.write_bytes(SETBACK_2UNITS)
    messages = set()
    for _ in range(2):
        assert main(["validate", str(target)]) == 2
        messages.add(capsys.readouterr().err)
    assert len(messages) == 1
    message = messages.pop()
    assert "#pier, property dl:sideSetback" in message and "unit:FT and unit:M" in message
    client = law_app.test_client()  # type: ignore[attr-defined]
    answer = client.post("/validate", data=SETBACK_2UNITS,
                         headers={"Content-Type": "text/turtle"})
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert "dl:sideSetback is stated in 2 units (unit:FT and unit:M)" in error


def test_several_values_in_one_unit_are_kept_and_each_checked() -> None:
    """The same two setbacks in one unit are two sides' (the nearer decides § 56-3A; the
    boundary cases are tests/cases/north-haven/a-dock-stating-side-setbacks-of-*)."""
    data = edit(BASE, PIER_SETBACK, PIER_SETBACK.replace(
        "numericValue 60 ; qudt:unit unit:FT ]",
        "numericValue 40 ; qudt:unit unit:FT ] , [ a qudt:QuantityValue ; "
        "qudt:numericValue 39.37 ; qudt:unit unit:FT ]"))
    report = validate_bytes(data, "turtle", name="two-sides.ttl")
    assert report.status == "violates"
    assert "39.37" in report.to_json_text() and "56-3A" in report.to_json_text()
