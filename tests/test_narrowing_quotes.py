"""Issue 22: every narrowing of a checked rule carries the words of the law that narrow it.

For every rule a shape enforces: each property that narrows its reach (the structures it
governs, kinds of work, construction, land use, Tier, footage category, steep slope,
dl:appliesWhen, dl:exceptWhen, and the shape's own explicit target) has a ``dl:narrowedBy``
whose ``dl:quote`` is printed in the rule's section, or in the section or definition named
by ``dl:quoteSource`` (a definition must be of a term the rule's section uses). A rule with no
narrowing applies to everything its shape can reach (docs/DESIGN.md, "Quoted narrowings").
"""

from __future__ import annotations

import pytest
from rdflib import URIRef

from docklaw import jurisdictions
from docklaw.law.narrowing import narrowings, normalise, problems
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL


def checked_rules() -> list[tuple[str, URIRef, bool]]:
    prepared = get_prepared()
    out = []
    for jid in jurisdictions.ids():
        compiled = prepared.compiled(jid)
        for shape in compiled.shapes:
            rule = compiled.shape_rule[shape]
            out.append((jid, rule, shape not in compiled.specs))
    return out


@pytest.mark.parametrize(("jid", "rule", "explicit"), [
    pytest.param(j, r, e, id=str(r).split("/rule/", 1)[1]) for j, r, e in checked_rules()])
def test_every_narrowing_is_quoted_from_the_text(jid: str, rule: URIRef, explicit: bool) -> None:
    found = problems(get_prepared(), rule, explicit_target=explicit)
    assert not found, "\n".join(found)


def test_a_quote_not_in_the_text_is_refused() -> None:
    """The check itself: words the section does not print are reported."""
    from rdflib import BNode, Literal

    from docklaw.law.prepare import build_prepared

    real = get_prepared()
    rule = URIRef("https://w3id.org/docklaw/rule/north-haven/56-2D-width")
    law = real.knowledge
    fake = law.__class__()
    for triple in law.triples((rule, None, None)):
        fake.add(triple)
    section = law.value(rule, DL.section)
    for triple in law.triples((section, None, None)):
        fake.add(triple)
    node = BNode()
    fake.add((rule, DL.narrowedBy, node))
    fake.add((node, DL.narrows, DL.appliesToWork))
    fake.add((node, DL.quote, Literal("Newly constructed")))
    prepared = build_prepared(real.ontology, fake, {}, superclasses=real.superclasses)
    found = problems(prepared, rule)
    assert any('"Newly constructed" is not in the text' in p for p in found), found


def test_quotes_compare_as_printed() -> None:
    """Whitespace and typographic quotes aside, a quote is the printed words."""
    assert normalise("the  lake\nshore  owner\u2019s") == "the lake shore owner's"


def test_every_code_quotes_its_narrowings() -> None:
    prepared = get_prepared()
    for jid in jurisdictions.ids():
        compiled = prepared.compiled(jid)
        rules = {compiled.shape_rule[s] for s in compiled.shapes}
        assert any(narrowings(prepared.knowledge, r) for r in rules), jid


def test_a_width_leaving_out_parts_quotes_its_section() -> None:
    """A code whose drawn widths leave parts out (``[features] width``: Kings Point Standards
    D(2)(b) "excluding the float, if any") quotes the words of the section that says so."""
    from docklaw.law.narrowing import text_of
    from docklaw.namespaces import section_iri

    law = get_prepared().knowledge
    declared = [j for j in jurisdictions.all() if j.features.width is not None]
    assert declared
    for j in declared:
        width = j.features.width
        assert width is not None
        text = text_of(law, section_iri(j.id, width.section))
        assert text is not None, (j.id, width.section)
        assert normalise(width.quote) in normalise(text), (j.id, width.quote)


def test_a_width_measure_or_area_exclusion_quotes_its_section() -> None:
    """A code that says how width is measured (``[features] width_measure``: Keuka
    § 160-123A(1)(b), Canandaigua § 73-9C(1) "width is measured parallel to the mean high water
    mark") or what a dock's area leaves out (``[features] area``: Keuka "The open water space
    of boat hoist structures, or boat stations, is not included in the calculation of dock
    area") or that its walkway share counts the walkway from the mark (``[features]
    walkway_from_mark``: Canandaigua § 73-9C(1)(b)) quotes the words of the section that says
    so."""
    from docklaw.law.narrowing import text_of
    from docklaw.namespaces import section_iri

    law = get_prepared().knowledge
    declared = [(j.id, d) for j in jurisdictions.all()
                for d in (j.features.width_measure, j.features.area,
                          j.features.walkway_from_mark, j.features.side_setback_whole,
                          j.features.length_on_axis)
                if d is not None]
    assert {jid for jid, _d in declared} >= {"jerusalem", "south-bristol"}
    for jid, d in declared:
        text = text_of(law, section_iri(jid, d.section))
        assert text is not None, (jid, d.section)
        assert normalise(d.quote) in normalise(text), (jid, d.quote)
