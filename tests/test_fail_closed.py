"""Issue 11: verdicts fail closed. Three outcomes and their exit codes, the per-rule accounting,
unknown and unread terms, and the README's example report against the real one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from docklaw import jurisdictions, paths
from docklaw.cli import main
from docklaw.errors import InputError
from docklaw.validate.pipeline import validate_bytes
from docklaw.validate.status import combine

ROOT = Path(__file__).resolve().parents[1]
NH_DOCK = """@prefix dl: <https://w3id.org/docklaw/ontology#> .
@prefix qudt: <http://qudt.org/schema/qudt/> .
@prefix unit: <http://qudt.org/vocab/unit/> .
@prefix : <https://example.org/fail-closed#> .
:application a dl:PermitApplication ;
    dl:jurisdiction <https://w3id.org/docklaw/jurisdiction/north-hempstead> ;
    dl:parcel :parcel ; dl:proposes :dock .
:parcel a dl:Parcel ; dl:landUse dl:SingleFamilyResidential ; dl:hasStructure :dock .
:dock a dl:FixedDock ; dl:workKind dl:NewConstruction ; dl:construction dl:Permanent ;
    EXTRA .
"""


def nh(extra: str) -> bytes:
    return NH_DOCK.replace("EXTRA", extra).encode()


def example(jid: str, name: str) -> Path:
    return paths.EXAMPLES_DIR / jid / f"{name}.ttl"


# --------------------------------------------------------------------------- outcomes


@pytest.mark.parametrize(("jid", "name", "status", "code"), [
    ("north-hempstead", "complete", "conforms", 0),
    ("north-haven", "several-violations", "violates", 1),
    ("north-haven", "geometry", "incomplete", 4),
])
def test_status_and_exit_code(jid: str, name: str, status: str, code: int,
                              capsys: pytest.CaptureFixture[str]) -> None:
    path = example(jid, name)
    report = validate_bytes(path.read_bytes(), name=path.name)
    assert report.status == status and report.conforms is (status == "conforms")
    assert report.exit_code == code
    assert main(["validate", str(path)]) == code
    headline = capsys.readouterr().out.splitlines()[0]
    assert headline.startswith({"conforms": "CONFORMS", "violates": "DOES NOT CONFORM",
                                "incomplete": "INCOMPLETE"}[status])
    data = json.loads(report.to_json_text())
    assert data["status"] == status and data["conforms"] is (status == "conforms")


def test_violations_take_precedence_over_information_needed() -> None:
    path = example("north-haven", "several-violations")
    report = validate_bytes(path.read_bytes(), name=path.name)
    assert report.information_needed and report.status == "violates"


def test_several_files_give_the_most_serious_code() -> None:
    assert combine([0, 4, 0]) == 4 and combine([4, 1]) == 1 and combine([1, 2]) == 2
    assert combine([3, 1]) == 3 and combine([]) == 0


def test_help_documents_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["validate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "4 incomplete" in text and "1 violates" in text and "2 bad input" in text


def test_batch_summary_counts_the_statuses(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    for jid, name in (("north-hempstead", "complete"), ("north-haven", "geometry"),
                      ("north-haven", "several-violations")):
        (tmp_path / f"{jid}-{name}.ttl").write_bytes(example(jid, name).read_bytes())
    code = main(["validate", str(tmp_path), "--format", "json"])
    summary = json.loads(capsys.readouterr().out)
    assert (summary["conforming"], summary["violating"], summary["incomplete"]) == (1, 1, 1)
    assert code == 1 == summary["exit_code"]
    statuses = sorted(f["status"] for f in summary["files"])
    assert statuses == ["conforms", "incomplete", "violates"]


# --------------------------------------------------------------------------- accounting


def test_every_rule_is_accounted_for() -> None:
    path = example("north-haven", "complete")
    report = validate_bytes(path.read_bytes(), name=path.name)
    data = report.to_json()["accounting"]
    assert sum(data["counts"].values()) == len(data["rules"]) > 50
    states = {r["state"] for r in data["rules"]}
    assert states <= {"conforms", "violates", "needed", "flagged", "unchecked", "not-applicable"}
    for rule in data["rules"]:
        if rule["state"] == "not-applicable":
            assert rule["reason"], rule
    text = report.to_text(explain=True)
    assert "Rules (" in text and "[not-applicable]" in text
    assert "<ul class=\"accounting\">" in report.to_html(explain=True)


def test_a_rule_whose_fact_is_unstated_is_needed_not_silent() -> None:
    report = validate_bytes(nh("dl:width [ a qudt:QuantityValue ; qudt:numericValue 4 ; "
                               "qudt:unit unit:FT ]"), name="nh.ttl")
    state = {a.rule.rsplit("/", 1)[-1]: a.state for a in report.accounting}
    assert state["42-9B-10-dock-width"] == "conforms"
    assert state["42-9B-2-b-deck-height"] == "needed"
    assert any(n.section == "§ 42-9B(2)(b)" and "dl:deckHeightAboveMHW is not stated" in n.message
               for n in report.information_needed)
    assert report.status == "incomplete"


def test_north_hempstead_passage_without_passage_facts_is_needed_not_a_violation() -> None:
    report = validate_bytes(nh("dl:width [ a qudt:QuantityValue ; qudt:numericValue 4 ; "
                               "qudt:unit unit:FT ]"), name="nh.ttl")
    assert not [r for r in report.results if r.section == "§ 42-9B(2)(a)"]
    [item] = [n for n in report.information_needed if n.section == "§ 42-9B(2)(a)"]
    assert "dl:clearanceBelow" in item.message and "dl:markedUplandPath" in item.message


# --------------------------------------------------------------------------- terms


def test_a_quantity_without_its_number_is_bad_input_not_a_pass(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A quantity's node stating only its unit (no qudt:numericValue, no QuantityValue type)
    was not read as a quantity at all, so it passed every limit: a North Haven float 120 feet
    out conformed once its number was gone (found by the property test of removed facts)."""
    data = nh("dl:width [ <http://qudt.org/schema/qudt/unit> unit:FT ]")
    error, err = refused(data, "unitonly.ttl", tmp_path, capsys)
    assert "not a quantity" in error and "dl:width" in error
    assert "qudt:numericValue" in err


def test_owl_same_as_is_bad_input_not_a_second_structure(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """Review 20: a float stated owl:sameAs the walkway was counted as a second deck (1,200
    square feet for 700) and asked whether it was an additional dock; docklaw does not merge
    nodes, so the input is refused, naming the node."""
    data = nh("dl:hasPart :float") + (
        b"\n:float a dl:Float ; <http://www.w3.org/2002/07/owl#sameAs> :dock .\n")
    error, err = refused(data, "same.ttl", tmp_path, capsys)
    assert "owl:sameAs" in error and "fail-closed#float" in error
    assert "describe each structure once" in err


def test_a_misspelt_term_is_bad_input_with_a_suggestion(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    data = nh("dl:widht [ a qudt:QuantityValue ; qudt:numericValue 9 ; qudt:unit unit:FT ]")
    error, err = refused(data, "typo.ttl", tmp_path, capsys)
    assert "unknown term dl:widht" in error and "dl:width" in error
    assert "did you mean dl:width" in err


def refused(data: bytes, name: str, tmp_path: Path,
            capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """(the InputError validate_bytes raises, what `docklaw validate` printed on stderr); the
    command must exit 2, bad input."""
    with pytest.raises(InputError) as info:
        validate_bytes(data, name=name)
    path = tmp_path / name
    path.write_bytes(data)
    assert main(["validate", str(path)]) == 2
    return str(info.value), capsys.readouterr().err


@pytest.mark.parametrize("extra", [
    "dl:hasSecondFloor true",
    "dl:appendageArea [ a qudt:QuantityValue ; qudt:numericValue 9 ; qudt:unit unit:FT2 ]",
])
def test_a_term_the_code_never_reads_is_listed_as_not_read_not_warned(extra: str) -> None:
    """Issue 25 item 3: a defined term this code does not read is listed ("not read by this
    code": JSON, text, --explain), never silently dropped, and is no Warning."""
    report = validate_bytes(nh(extra), name="nh.ttl")
    term = extra.split()[0]
    assert not [r for r in report.results if r.severity == "Warning"]
    listed = report.to_json()["not_read"]
    assert {"focus_node": "https://example.org/fail-closed#dock", "path": term,
            "reason": "no rule of this code reads it"} in listed  # type: ignore[operator]
    text = report.to_text()
    assert "Not read by this code" in text and term in text.split("Not read by this code")[1]


def test_a_term_stated_where_the_code_does_not_read_it_is_a_warning_naming_where() -> None:
    """Keuka reads dl:findingMade on the application only: stated on a structure it is
    probably misplaced, a Warning saying where it is read (not a silent "not read")."""
    path = example("jerusalem", "complete")
    text = path.read_text(encoding="utf-8").replace(
        ":dock a dl:FixedDock ;", ":dock a dl:FixedDock ; dl:findingMade "
        "<https://w3id.org/docklaw/rule/jerusalem/160-122F-hoist-roof-pitch> ;", 1)
    assert text != path.read_text(encoding="utf-8")
    report = validate_bytes(text.encode(), name="misplaced.ttl")
    (warned,) = [r for r in report.results if r.severity == "Warning"]
    assert warned.path == "dl:findingMade" and warned.focus_node.endswith("#dock")
    assert "reads it only on dl:PermitApplication" in warned.message
    assert report.status == "conforms"  # a Warning never decides the status


def test_a_structures_fact_stated_on_the_parcel_is_a_warning_naming_where() -> None:
    """Kings Point reads dl:rentedOrLeased on a dock or a structure listed on one (Standards A):
    stated on the lot it used to count as read, since every term a rule constrains was read on
    any node; it did not count, and nothing said so. Now a Warning, read only on structures."""
    path = example("kings-point", "complete")
    text = path.read_text(encoding="utf-8").replace(
        ":parcel a dl:BuildingLot ;", ":parcel a dl:BuildingLot ; dl:rentedOrLeased true ;", 1)
    assert text != path.read_text(encoding="utf-8")
    report = validate_bytes(text.encode(), name="misplaced.ttl")
    (warned,) = [r for r in report.results if r.severity == "Warning"]
    assert warned.path == "dl:rentedOrLeased" and warned.focus_node.endswith("#parcel")
    assert "reads it only on dl:Structure" in warned.message
    assert "dl:Vessel" not in warned.message  # (a boat is no structure: review kp4)
    assert report.status == "conforms"


@pytest.mark.parametrize("jid", [j.id for j in jurisdictions.all()])
def test_where_a_term_is_read_is_told_by_kind_and_a_rules_conditions_are_read_anywhere(
        jid: str) -> None:
    """``read_terms`` narrows a term only to kinds of node (the application, the parcel, a
    structure, a vessel), never to the classes a shape reaches: a lift of unstated kind may be
    the boat lift a rule reads, a main walkway's width is its dock's main walkway width. And
    whatever a rule names but the fact it constrains (a condition on the focus, its whole or
    its parts, its class) is read on any node."""
    from rdflib import URIRef

    from docklaw.law.snapshot import get_prepared
    from docklaw.namespaces import DL
    from docklaw.validate.findings.unread import _closure_iris, read_terms

    prepared = get_prepared()
    read = read_terms(prepared, jid)
    kinds = {frozenset({DL.PermitApplication}), frozenset({DL.Parcel}),
             frozenset({DL.Structure}), frozenset({DL.Vessel})}
    for term, where in read.items():
        assert where is None or any(k <= where for k in kinds), (term, where)
        assert where is None or where <= set().union(*kinds), (term, where)
    for rule in prepared.rules_of(jid):
        named: set[URIRef] = set()
        constrained = set(prepared.knowledge.objects(rule.iri, DL.constrains))
        _closure_iris(prepared.knowledge, rule.iri, named, set(),
                      skip={(DL.constrains, c) for c in constrained})
        narrowed = {t for t in named if read.get(t, None) is not None}
        assert not narrowed, f"{rule.iri} names {narrowed} beside what it constrains"


def concept_classes() -> list[tuple[str, str]]:
    """(code, class) for every class in each registered code's concept namespace."""
    from rdflib.namespace import OWL, RDF

    from docklaw import jurisdictions
    from docklaw.law.snapshot import get_prepared

    law = get_prepared().knowledge
    return [(j.id, str(c)) for j in jurisdictions.all()
            for c in sorted(set(law.subjects(RDF.type, OWL.Class)), key=str)
            if str(c).startswith(j.concept_namespace)]


@pytest.mark.parametrize(("jid", "cls"), concept_classes())
def test_every_concept_class_of_a_code_is_read_by_that_code(jid: str, cls: str) -> None:
    """Blind review 70 (A4): North Haven's own nhc:PermanentStructureOnDecking had no generic
    sense and no rule read it, so a part typed with it conformed with § 56-2O, and nothing said
    so. Each class of a code's words is read by that code (a rule, shape or derivation names
    it, a superclass of it, or the generic class it is the sense of), or a node an application
    types with it is listed as not read (Kings Point defines a bulkhead and regulates none)."""
    from rdflib import URIRef

    from docklaw.law.snapshot import get_prepared
    from docklaw.validate.findings.unread import class_read

    if class_read(get_prepared(), jid, URIRef(cls)):
        return
    path = example(jid, "complete")
    text = path.read_text(encoding="utf-8")
    changed = re.sub(r"(dl:hasStructure [^.]*?) \.", r"\1 , :unreadThing .", text, count=1)
    assert changed != text
    changed += f"\n:unreadThing a <{cls}> .\n"
    listed = validate_bytes(changed.encode(), name="unread-class.ttl").to_json()["not_read"]
    assert any(n["focus_node"].endswith("#unreadThing") and n["path"] == f"rdf:type {cls}"
               for n in listed), f"{cls} is read by nothing of {jid} and not listed: {listed}"


def test_a_structure_typed_with_another_codes_word_is_listed_as_not_read() -> None:
    """A node typed only with another code's word (North Haven's "permanent structure on
    decking" in a Kings Point application) is reached by no rule of this code: it is listed
    as not read, naming the code the word belongs to, never dropped silently."""
    path = example("kings-point", "complete")
    text = path.read_text(encoding="utf-8")
    changed = text.replace("dl:hasPart :ramp , :float , :lift .",
                           "dl:hasPart :ramp , :float , :lift , :x .", 1)
    assert changed != text
    changed += ("\n:x a <https://w3id.org/docklaw/concept/north-haven/PermanentStructureOnDecking>"
                " ; dl:workKind dl:NewConstruction .\n")
    listed = validate_bytes(changed.encode(), name="foreign.ttl").to_json()["not_read"]
    (entry,) = [n for n in listed if n["focus_node"].endswith("#x")]  # type: ignore[index]
    assert entry["path"].startswith("rdf:type ") and "PermanentStructureOnDecking" in entry["path"]
    assert "another code (north-haven)" in entry["reason"]


# --------------------------------------------------------------------------- README


def test_readme_example_report_is_real_output() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", readme, flags=re.S)
    assert block, "the README shows an example JSON report"
    shown = json.loads(block.group(1))
    path = example("north-haven", "several-violations")
    real = validate_bytes(path.read_bytes(), name=path.name).to_json()
    for key in ("status", "conforms", "jurisdiction"):
        assert shown[key] == real[key], key
    for item in shown["results"]:
        assert any(all(r.get(k) == v for k, v in item.items())
                   for r in real["results"]), item  # type: ignore[union-attr]
    for item in shown["information_needed"]:
        assert item in real["information_needed"], item  # type: ignore[operator]
    assert shown["accounting"]["counts"] == real["accounting"]["counts"]  # type: ignore[index]


# --------------------------------------------------------------------------- footage categories

SB_CASES = ROOT / "tests" / "cases" / "south-bristol"


@pytest.mark.parametrize(("case", "categories", "warned"), [
    # stated 100 ft (C), drawn 20 ft (A): both, with a Discrepancy naming both
    ("a-mooring-buoy-on-a-lot-drawn-20-feet-wide-that-states-100-feet-of-frontage-is-read-in-"
     "category-a-and-violates-73-8A-1", {"A", "C"}, True),
    # stated 20 ft (A), drawn 100 ft (C): both (the 10-foot setback of C is not met)
    ("a-dock-6-feet-from-the-facility-area-line-on-a-lot-stating-20-feet-of-frontage-drawn-100-"
     "feet-wide-is-held-to-10-feet-and-violates-73-9A", {"A", "C"}, True),
    # stated category C, drawn 20 ft (A)
    ("a-mooring-buoy-on-a-lot-stating-category-c-drawn-20-feet-wide-is-read-in-category-a-and-"
     "violates-73-8A-1", {"A", "C"}, True),
    # drawn exactly 25 ft (the last foot of A), stated 30 (B)
    ("a-mooring-buoy-on-a-lot-drawn-exactly-25-feet-wide-that-states-30-feet-of-frontage-is-read-"
     "in-category-a-and-violates-73-8A-1", {"A", "B"}, True),
    # drawn 25.01 ft and stated 30: disagreeing frontages in one row, no category discrepancy
    ("a-mooring-buoy-on-a-lot-drawn-25.01-feet-wide-that-states-30-feet-of-frontage-is-in-"
     "category-b-and-meets-73-8A-1", {"B"}, False),
    # agreeing frontages: as before
    ("a-mooring-buoy-on-a-lot-drawn-and-stated-100-feet-wide-is-in-category-c-and-meets-73-8A-1",
     {"C"}, False),
])
def test_a_stated_and_a_drawn_frontage_in_different_rows_put_the_parcel_in_both(
        case: str, categories: set[str], warned: bool) -> None:
    """fix-sb2: South Bristol's footage category (Table 1 row) followed the stated frontage over a
    disagreeing drawn one, so a lot drawn 20 feet wide that stated 100 was read as Category C
    and its mooring buoy conformed (§ 73-8A(1)). The categories do not order into stricter and
    laxer (Category A prohibits mooring buoys but sets 5-foot setbacks), so the parcel is read
    in each, every rule of either applies, and a Discrepancy on the category names both."""
    from docklaw.law.snapshot import get_prepared
    from docklaw.namespaces import DL, RDF
    from docklaw.validate.pipeline import derive, validate_graph
    from test_cases import load_case

    graph = load_case(SB_CASES / f"{case}.ttl").graph
    derived = derive(graph, get_prepared())
    parcel = next(derived.subjects(RDF.type, DL.Parcel))
    assert {str(c) for c in derived.objects(parcel, DL.footageCategory)} == categories
    report = validate_graph(graph)
    notes = [r for r in report.results if r.component == "dl:Discrepancy"
             and r.path == "dl:footageCategory"]
    assert bool(notes) == warned
    for r in notes:
        assert r.severity == "Warning" and r.section  # cites a rule the category decides
        assert all(f"category {c}" in r.message or f"is {c}" in r.message for c in categories)
