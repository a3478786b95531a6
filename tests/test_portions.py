"""A portion of a dock is the dock stated as a part (issue 22: "every structure its section
names, and the same thing stated as a part").

A main walkway or appendage/finger (``dl:portionOf dl:Dock``) that is a part of a dock is
reached by the rules on that dock: a fact stated on it is checked and cited on it, a fact it
does not state is the dock's and is asked of the dock only, and it is never a second dock.
The boundary cases live in tests/cases (``*-part-of-a-dock-*``, ``*-part-with-decking-*``,
``a-dock-with-a-main-walkway-part-listed-*``); here what the cases cannot say: which node is
asked, the whole's class deciding which rules reach the portion, and the vocabulary.
"""

from __future__ import annotations

import json

from rdflib import URIRef

from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL, RDFS, SKOS
from docklaw.validate import validate_bytes

EX = "https://example.org/portions#"
HEAD = """@prefix : <https://example.org/portions#> .
@prefix dl: <https://w3id.org/docklaw/ontology#> .
@prefix qudt: <http://qudt.org/schema/qudt/> .
@prefix unit: <http://qudt.org/vocab/unit/> .
@prefix rule: <https://w3id.org/docklaw/rule/north-haven/> .
:application a dl:PermitApplication ;
    dl:jurisdiction <https://w3id.org/docklaw/jurisdiction/north-haven> ;
    dl:parcel :parcel ; dl:permitSought dl:SpecialUsePermit ; dl:proposes :whole .
:parcel a dl:Parcel ; dl:landUse dl:SingleFamilyResidential ; dl:hasStructure :whole .
"""


def ft(value: str) -> str:
    return f"[ a qudt:QuantityValue ; qudt:numericValue {value} ; qudt:unit unit:FT ]"


def report(whole: str) -> dict:
    data = (HEAD + whole).encode()
    return json.loads(json.dumps(validate_bytes(data, name="portions.ttl", plan=False).to_json()))


def state(rep: dict, shape_end: str) -> dict:
    return next(a for a in rep["accounting"]["rules"] if a["shape"].endswith(shape_end))


def test_a_fact_the_portions_do_not_state_is_asked_of_the_dock_only() -> None:
    rep = report(f""":whole a dl:FixedDock ; dl:workKind dl:NewConstruction ;
        dl:hasPart :walkway , :finger .
    :walkway a dl:MainWalkway ; dl:width {ft("3.5")} .
    :finger a dl:Finger .
    """)
    asked = {(i["focus_node"], i.get("fact")) for i in rep["information_needed"]
             if i["section"] == "§ 56-2D"}
    assert asked == {(EX + "whole", "dl:width")}
    nodes = {n["focus_node"]: n["state"] for n in state(rep, "/56-2D-width")["nodes"]}
    assert nodes[EX + "walkway"] == "conforms"  # its own width, checked
    assert EX + "finger" not in nodes  # it states nothing the rule reads: not reached
    assert nodes[EX + "whole"] == "needed"


def test_a_portion_stating_the_fact_is_cited_on_itself_and_asked_nothing_else() -> None:
    rep = report(f""":whole a dl:FixedDock ; dl:workKind dl:NewConstruction ;
        dl:width {ft("4")} ; dl:sideSetback {ft("60")} ;
        dl:hasPart :finger .
    :finger a dl:Finger ; dl:width {ft("4.5")} .
    """)
    cited = [(r["section"], r["focus_node"]) for r in rep["results"]
             if r["severity"] == "Violation"]
    assert ("§ 56-2D", EX + "finger") in cited
    assert not [i for i in rep["information_needed"] if i["focus_node"] == EX + "finger"]


def test_the_whole_decides_which_rules_reach_its_portion() -> None:
    """A main walkway of a North Haven catwalk is the catwalk stated as a part: § 56-4C (the
    catwalk's width) reaches it, § 56-2D (docks; catwalks are not docks there) does not."""
    rep = report(f""":whole a dl:Catwalk ; dl:workKind dl:NewConstruction ;
        dl:width {ft("4")} ; dl:hasPart :walkway .
    :walkway a dl:MainWalkway ; dl:width {ft("4.5")} .
    """)
    cited = {(r["section"], r["focus_node"]) for r in rep["results"]
             if r["severity"] == "Violation"}
    assert ("§ 56-4C", EX + "walkway") in cited
    assert not any(s == "§ 56-2D" for s, _n in cited)


def test_a_free_standing_walkway_is_no_portion_of_anything() -> None:
    """Part of nothing, a main walkway reaches only the rules on its own class."""
    rep = report(f""":whole a dl:MainWalkway ; dl:workKind dl:NewConstruction ;
        dl:width {ft("5")} .
    """)
    assert not [r for r in rep["results"] if r["section"] == "§ 56-2D"]


def test_every_portion_class_is_defined_as_a_portion_or_part_of_its_whole() -> None:
    law = get_prepared().knowledge
    pairs = list(law.subject_objects(DL.portionOf))
    assert (DL.MainWalkway, DL.Dock) in pairs and (DL.Appendage, DL.Dock) in pairs
    for portion, whole in pairs:
        assert isinstance(portion, URIRef) and isinstance(whole, URIRef)
        definition = str(law.value(portion, SKOS.definition) or "")
        whole_word = str(law.value(whole, RDFS.label) or "")
        portion_word = str(law.value(portion, RDFS.label) or "")
        # a code's own whole (North Haven's catwalk) says in a scope note which parts are its
        # portions, quoting its section; a generic one, in the portion's definition
        notes = [str(n) for n in law.objects(whole, SKOS.scopeNote)]
        grounded = whole_word and whole_word in definition and (
            "part of" in definition or "portion of" in definition)
        noted = portion_word and any(portion_word in n and "portion of" in n and "§" in n
                                     for n in notes)
        assert grounded or noted, (portion, whole, definition, notes)


def test_a_stated_width_a_portion_contradicts_is_said_stated_not_unknown() -> None:
    """Blind review 74 (C1): a dock stating 4 feet with a 5-foot main walkway part gets a
    Discrepancy and a line bounding its width below by the walkway's; that line said "dl:width
    of whole is not known", as if the dock stated none. It names the stated value instead."""
    rep = report(f""":whole a dl:FixedDock ; dl:workKind dl:NewConstruction ;
        dl:width {ft("4")} ; dl:hasPart :walkway .
    :walkway a dl:MainWalkway ; dl:width {ft("5")} .
    """)
    lines = [r["message"] for r in rep["results"]
             if r["focus_node"] == EX + "whole" and r["section"] == "§ 56-2D"
             and r["severity"] in ("Info", "Warning")]
    assert any("Discrepancy" in m for m in lines)
    bound = [m for m in lines if "Discrepancy" not in m]
    assert bound and all("not known" not in m and "not stated" not in m for m in bound)
    assert any("the stated dl:width of whole (4 feet) is contradicted" in m
               and "at least 5 feet" in m for m in bound)
