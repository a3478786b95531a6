"""Issue 22: what the law lets an officer or board approve is an approval finding, not a
violation.

Where the text allows something "approved by" an officer (Kings Point Standards D(2)(f):
"wood, aluminum, or other suitable material approved by the Superintendent of the Building
Department"), the rule is a dl:RequiredFinding with dl:approvalAuthority; its result is Info,
names the approving officer or board and quotes the words of the section that allow it.
"""

from __future__ import annotations

import re

import pytest
from rdflib import URIRef

from docklaw import jurisdictions
from docklaw.law.narrowing import normalise, text_of
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL, RDF, RDFS, SH


def approval_rules() -> list[tuple[str, URIRef, URIRef]]:
    prepared = get_prepared()
    out = []
    for jid in jurisdictions.ids():
        compiled = prepared.compiled(jid)
        for shape in compiled.shapes:
            rule = compiled.shape_rule[shape]
            text = str(prepared.knowledge.value(rule, DL.ruleText) or "")
            if (rule, DL.approvalAuthority, None) in prepared.knowledge or re.search(
                    r"\bapproved by\b", text):
                out.append((jid, rule, shape))
    return out


@pytest.mark.parametrize(("jid", "rule", "shape"), [
    pytest.param(j, r, s, id=str(r).split("/rule/", 1)[1]) for j, r, s in approval_rules()])
def test_an_approval_is_a_finding_naming_the_officer_and_quoting_the_law(
        jid: str, rule: URIRef, shape: URIRef) -> None:
    prepared = get_prepared()
    law = prepared.knowledge
    compiled = prepared.compiled(jid)
    assert (rule, RDF.type, DL.RequiredFinding) in law, f"{rule}: an approval is a finding"
    authority = law.value(rule, DL.approvalAuthority)
    assert authority is not None, f"{rule}: no dl:approvalAuthority"
    assert compiled.graph.value(shape, SH.severity) == SH.Info, f"{shape}: not Info"
    message = str(compiled.graph.value(shape, SH.message))
    name = re.sub(r"\s*\([^)]*\)", "", prepared.label(authority) or "").split(" of the ")[0]
    assert name and name.lower() in message.lower(), f"{shape}: the message does not name {name}"
    quotes = re.findall(r"'([^']{20,})'", message)
    section = law.value(rule, DL.section)
    sources = [section, *law.objects(rule, RDFS.seeAlso)]  # a definition's words count too
    printed = " ".join(normalise(text_of(law, s) or "") for s in sources).lower()
    assert quotes and any(normalise(q).lower() in printed for q in quotes), (
        f"{shape}: the message quotes no words of {section}")


def test_the_approvals_the_issue_names_are_found() -> None:
    found = {str(r).rsplit("/", 1)[1] for _j, r, _s in approval_rules()}
    assert {"standards-D-2-f-material", "42-9C-3-a-pumpout", "56-3B-lights-approval"} <= found


@pytest.mark.parametrize(("jid", "rule", "shape"), [
    pytest.param(j, r, s, id=str(r).split("/rule/", 1)[1]) for j, r, s in approval_rules()])
def test_an_approval_is_reported_as_info_in_every_case_where_it_fires(
        jid: str, rule: URIRef, shape: URIRef) -> None:
    """The report's severity, not only the shape's: a nested shape without its own severity
    must not turn the finding into the engine's default Violation."""
    from rdflib import Graph

    from docklaw.namespaces import T
    from docklaw.validate.pipeline import validate_bytes

    fired = 0
    for path in sorted(jurisdictions.get(jid).cases_dir.glob("*.ttl")):
        if (None, T.expectShape, shape) not in Graph().parse(path, format="turtle"):
            continue
        report = validate_bytes(path.read_bytes(), name=path.name)
        for r in report.results:
            if r.shape == str(shape):
                fired += 1
                assert r.severity == "Info", (path.name, r.severity, r.message)
    assert fired, f"{shape}: no case where the approval is reported"
