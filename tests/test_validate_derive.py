"""derive(): jurisdiction, superclasses, unit normalisation and the input errors it raises."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF, XSD

from docklaw.errors import InputError
from docklaw.namespaces import DL, QUDT, UNIT
from docklaw.validate.intake.parse import parse
from docklaw.validate.pipeline import derive
from fixtures.validate.support import app, fixture_prepared

DOCK = URIRef("https://example.org/app#dock")
LENGTH = "dl:lengthFromMLW [ a qudt:QuantityValue ; qudt:numericValue 80 ; qudt:unit unit:FT ]"
NH = "<https://w3id.org/docklaw/jurisdiction/north-haven>"


def derived(edits=None, extra=""):
    return derive(parse(app(edits, extra)), fixture_prepared())


def error(edits=None, extra="") -> InputError:
    with pytest.raises(InputError) as info:
        derived(edits, extra)
    return info.value


def test_superclasses_from_the_cached_closure_are_materialised():
    g = derived()
    types = set(g.objects(DOCK, RDF.type))
    assert {DL.FixedDock, DL.Dock, DL.Structure,
            URIRef("https://w3id.org/docklaw/concept/north-haven/Dock")} <= types


def test_inches_are_converted_to_feet_keeping_the_stated_value():
    g = derived([(LENGTH, LENGTH.replace("80 ; qudt:unit unit:FT", "30 ; qudt:unit unit:IN"))])
    qv = g.value(DOCK, DL.lengthFromMLW)
    assert g.value(qv, QUDT.numericValue) == Literal("2.5", datatype=XSD.decimal)
    assert g.value(qv, QUDT.unit) == UNIT.FT
    assert g.value(qv, DL.statedValue) == Literal(30)
    assert g.value(qv, DL.statedUnit) == UNIT.IN


def test_input_graph_is_not_modified():
    source = parse(app())
    before = len(source)
    derive(source, fixture_prepared())
    assert len(source) == before


def test_unknown_unit_names_node_property_and_unit():
    err = error([(LENGTH, LENGTH.replace("unit:FT", "unit:FURLONG"))])
    assert (err.node, err.prop) == (str(DOCK), "dl:lengthFromMLW")
    assert "unknown unit unit:FURLONG" in err.message


def test_wrong_dimension_is_an_input_error():
    err = error([(LENGTH, LENGTH.replace("unit:FT", "unit:FT2"))])
    assert err.prop == "dl:lengthFromMLW"
    assert "unit:FT2 is not a unit of this quantity" in err.message and "unit:FT" in err.message


@pytest.mark.parametrize(("value", "text"), [
    ('"ten feet"', "'ten feet' is not a number"),
    ("-5", "is negative"),
    ("0", "is zero"),
    ("50000", "outside the plausible range"),
    ("true", "is not a number"),
])
def test_implausible_or_non_numeric_values_are_input_errors(value, text):
    err = error([(LENGTH, LENGTH.replace("numericValue 80", f"numericValue {value}"))])
    assert err.node == str(DOCK) and err.prop == "dl:lengthFromMLW"
    assert text in err.message


def test_zero_is_allowed_where_it_is_a_real_measurement():
    g = derived(extra=":dock dl:sideSetback [ a qudt:QuantityValue ; qudt:numericValue 0 ; "
                      "qudt:unit unit:FT ] .")
    assert g.value(g.value(DOCK, DL.sideSetback), QUDT.numericValue) == Literal(
        "0", datatype=XSD.decimal)


def test_bare_number_without_unit_is_refused():
    err = error([(LENGTH, "dl:lengthFromMLW 80")])
    assert err.prop == "dl:lengthFromMLW" and "has no unit" in err.message


def test_quantity_without_unit_is_refused():
    err = error([(LENGTH, LENGTH.replace(" ; qudt:unit unit:FT", ""))])
    assert "has no qudt:unit" in err.message


def test_missing_jurisdiction_lists_the_known_ids():
    err = error([(f"dl:jurisdiction {NH} ;", "")])
    assert "no dl:jurisdiction" in err.message and "south-bristol" in err.message


def test_unknown_jurisdiction_is_named():
    err = error([(NH, "<https://w3id.org/docklaw/jurisdiction/atlantis>")])
    assert err.jurisdiction.endswith("atlantis") and "known: north-haven" in err.message


def test_jurisdiction_may_be_an_alias_literal():
    g = derive(parse(app([(NH, '"north-haven"')])), fixture_prepared())
    app_node = URIRef("https://example.org/app#application")
    assert g.value(app_node, DL.jurisdiction) == URIRef(NH[1:-1])


def test_no_application_or_two_applications():
    with pytest.raises(InputError, match="no dl:PermitApplication"):
        derive(parse(b"<urn:a> <urn:b> <urn:c> ."), fixture_prepared())
    err = error(extra=f":other a dl:PermitApplication ; dl:jurisdiction {NH} .")
    assert "one application at a time" in err.message


@settings(max_examples=150, deadline=None)
@given(value=st.one_of(
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.floats().map(repr), st.integers().map(str),
    st.text(alphabet="0123456789eE+-.naifNIF ", max_size=12),
))
def test_any_stated_number_gives_a_report_or_an_input_error(value):
    from docklaw.validate import validate_bytes

    literal = '"' + value.replace('"', "") + '"'
    data = app([(LENGTH, LENGTH.replace("numericValue 80", f"numericValue {literal}"))])
    try:
        report = validate_bytes(data, prepared=fixture_prepared())
    except InputError as exc:
        assert exc.prop == "dl:lengthFromMLW"
    else:
        assert report.jurisdiction == "north-haven"


def test_no_application_names_the_input():
    with pytest.raises(InputError) as info:
        derive(parse(b"<urn:a> <urn:b> <urn:c> ."), fixture_prepared(), name="nothing.ttl")
    assert str(info.value) == ("nothing.ttl: no dl:PermitApplication in the input "
                               "(one application per file)")


@pytest.mark.parametrize(("old", "new", "shown", "close"), [
    (":dock a dl:FixedDock", ":dock a dl:Spaceport", "dl:Spaceport", None),
    (":dock a dl:FixedDock", ":dock a dl:FixedDok", "dl:FixedDok", "dl:FixedDock"),
    (":dock a dl:FixedDock", ":dock a <https://example.org/Jetty>", "https://example.org/Jetty",
     None),
])
def test_structure_of_unknown_class_is_refused_naming_node_and_type(old, new, shown, close):
    err = error([(old, new)])
    assert (err.node, err.prop) == (str(DOCK), "rdf:type")
    assert err.message.startswith(f"unknown class {shown} (rdf:type of a structure, object of ")
    assert "close known classes: " in err.message
    if close:
        assert err.message.split("close known classes: ")[1].startswith(close)


def test_untyped_structure_is_refused():
    err = error([(":dock a dl:FixedDock ;", ":dock ")])
    assert (err.node, err.prop) == (str(DOCK), "rdf:type")
    assert "has no rdf:type" in err.message


def test_unknown_part_reached_by_has_part_is_refused():
    err = error(extra=":dock dl:hasPart :thing . :thing a dl:Teleporter .")
    assert err.node == "https://example.org/app#thing" and "dl:Teleporter" in err.message
    assert "object of dl:hasPart" in err.message


@pytest.mark.parametrize(("extra", "loop"), [
    (":dock dl:hasPart :dock .", "#dock -> https://example.org/app#dock"),
    (":dock dl:hasPart :float . :float a dl:Float ; dl:hasPart :dock .",
     "#dock -> https://example.org/app#float -> https://example.org/app#dock"),
])
def test_a_structure_that_is_a_part_of_itself_is_refused_naming_the_loop(extra, loop):
    """A whole that is its own part has no top-level structure: nothing around it would be
    proposed or counted, and the rules reaching parts through their whole would miss it."""
    err = error(extra=extra)
    assert (err.node, err.prop) == (str(DOCK), "dl:hasPart")
    assert "a structure is a part of itself" in err.message and loop in err.message


def test_work_on_a_part_at_the_end_of_a_long_chain_is_found_without_recursion():
    """A chain of parts deeper than Python's recursion limit: the whole is read as worked by
    the new part at its end (an internal error before: rdflib's transitive walk recursed)."""
    from docklaw.validate.derivation.parts import worked_parts

    g = Graph()
    chain = [URIRef(f"https://example.org/app#p{i}") for i in range(3000)]
    for whole, part in itertools.pairwise(chain):
        g.add((whole, DL.hasPart, part))
    g.add((chain[-1], DL.workKind, DL.NewConstruction))
    assert worked_parts(g, chain[0]) == [chain[-1]]


def test_a_foreign_type_beside_a_known_class_is_accepted():
    g = derived([(":dock a dl:FixedDock", ":dock a dl:FixedDock, <https://example.org/Jetty>")])
    assert DL.Dock in set(g.objects(DOCK, RDF.type))


@pytest.mark.parametrize(("value", "text"), [
    ('"NaN"^^xsd:double', "'nan' is not a finite number"),  # rdflib normalises the lexical form
    ('"INF"^^xsd:double', "'inf' is not a finite number"),
    ('"abc"^^xsd:integer', "'abc' is not a valid xsd:integer"),
])
def test_non_finite_or_ill_typed_plain_numbers_are_refused(value, text):
    err = error([("dl:tier 3", f"dl:tier {value}"),
                 ("@prefix : <https://example.org/app#> .",
                  "@prefix : <https://example.org/app#> .\n"
                  "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .")])
    assert (err.node, err.prop) == ("https://example.org/app#parcel", "dl:tier")
    assert err.message.startswith(text)


def test_validator_sparql_parsing_takes_the_shared_parse_lock():
    """rdflib's SPARQL parser is not thread-safe: the validator parses under PARSE_LOCK, the
    lock the SPARQL endpoint takes, so gunicorn threads never parse at the same time."""
    import threading
    import uuid

    from docklaw.sparql.safety import PARSE_LOCK
    from docklaw.validate.values import PreparedQueryGraph

    g = PreparedQueryGraph()
    g.add((DOCK, RDF.type, DL.FixedDock))
    held, release, rows = threading.Event(), threading.Event(), []

    def hold() -> None:
        with PARSE_LOCK:
            held.set()
            release.wait(5)

    holder = threading.Thread(target=hold)
    holder.start()
    assert held.wait(5)
    text = f"SELECT ?s WHERE {{ ?s ?p ?o }} # {uuid.uuid4()}"  # never cached before
    asker = threading.Thread(target=lambda: rows.extend(g.query(text)))
    asker.start()
    asker.join(0.3)
    assert asker.is_alive() and not rows  # waiting for the lock
    release.set()
    asker.join(5)
    holder.join(5)
    assert [r[0] for r in rows] == [DOCK]


# --- existing structures, one meaning (issue 22; derivation.existing) ----------------------
WORK = "    dl:workKind dl:NewConstruction ;"


def test_a_nonconforming_structure_is_lawfully_existing():
    g = derived([(WORK, "    dl:workKind dl:Repair ;\n    dl:nonconforming true ;")])
    assert (DOCK, DL.lawfullyExisting, Literal(True)) in g


def test_nonconforming_but_not_lawfully_existing_is_refused_naming_the_node():
    e = error([(WORK, "    dl:workKind dl:Repair ;\n    dl:nonconforming true ;\n"
                      "    dl:lawfullyExisting false ;")])
    assert e.node == str(DOCK) and e.prop == "dl:lawfullyExisting"


def test_an_application_that_only_repairs_adds_nothing_to_the_parcels_counts():
    parcel = URIRef("https://example.org/app#parcel")
    repaired = derived([(WORK, "    dl:workKind dl:Repair ;")])
    assert (parcel, DL.onlyMaintenanceProposed, Literal(True)) in repaired
    incidental = derived([(WORK, "    dl:workKind dl:Alteration ;\n"
                                 "    dl:incidentalAlteration true ;")])
    assert (parcel, DL.onlyMaintenanceProposed, Literal(True)) in incidental
    # an alteration not saying whether it is incidental leaves the flag unwritten: the
    # question goes to its dl:incidentalAlteration (fix-sb41, § 73-21A(1)); stated not
    # incidental, it is not maintenance
    altered = derived([(WORK, "    dl:workKind dl:Alteration ;")])
    assert not list(altered.objects(parcel, DL.onlyMaintenanceProposed))
    structural = derived([(WORK, "    dl:workKind dl:Alteration ;\n"
                                 "    dl:incidentalAlteration false ;")])
    assert (parcel, DL.onlyMaintenanceProposed, Literal(False)) in structural
    unstated = derived([(WORK, "")])
    assert (parcel, DL.onlyMaintenanceProposed, Literal(False)) in unstated


def test_a_whole_stating_removal_is_refused():
    """dl:Removal (dl:takesAwayFromWhole) takes a listed part away; a structure that is no
    listed part has no whole to be taken from (blind review 94 F2)."""
    err = error([("dl:workKind dl:NewConstruction ;", "dl:workKind dl:Removal ;")])
    assert (err.node, err.prop) == (str(DOCK), "dl:workKind")
    assert "no listed part of a structure" in err.message


def test_a_removed_part_is_unlinked_and_its_classes_kept_aside():
    """A removed part is none of its whole after the work: no dl:hasPart, no class a rule
    targets (its classes kept as dl:removedAs), linked by dl:removedPart for the report."""
    g = derived([(WORK, "    dl:workKind dl:Alteration ;")],
                extra=":dock dl:hasPart :old . :old a dl:Float ; dl:workKind dl:Removal .")
    old = URIRef("https://example.org/app#old")
    assert (DOCK, DL.hasPart, old) not in g and (DOCK, DL.removedPart, old) in g
    assert not list(g.objects(old, RDF.type)) and (old, DL.removedAs, DL.Float) in g


def test_a_part_removed_from_a_new_structure_is_refused_naming_the_part():
    """A structure built new had no parts before the work: a part of it (at any depth) stated
    removed contradicts it, and is refused (exit 2) naming the part (blind review 96 F6: a new
    Kings Point dock listing a second lift removed conformed silently)."""
    extra = ":dock dl:hasPart :float . :float a dl:Float ; dl:hasPart :old . " \
            ":old a dl:Float ; dl:workKind dl:Removal ."
    err = error(extra=extra)
    assert (err.node, err.prop) == ("https://example.org/app#old", "dl:workKind")
    assert "stated as new construction" in err.message and str(DOCK) in err.message
    derived([(WORK, "    dl:workKind dl:Alteration ;")], extra=extra)  # an existing one: read
