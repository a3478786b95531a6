"""Blind review 82: a result naming the clause of an exception it failed on quotes only the
law's words, credited to the subsection that prints them.

A clause's dl:clauseWords must be printed in its section (its dl:section, else its exception's);
a result quotes those words and names that section, and a clause without them is described by
its label, unquoted (the label "a repair or incidental alteration of damage by natural disaster,
fire or vandalism completed within 18 months of the damage", quoted under "the exception of
§ 160-126B(4)", read as words neither subsection prints and credited (1)'s 18 months to (4)).
"""

from __future__ import annotations

from pathlib import Path

from rdflib import URIRef

from docklaw.law.narrowing import normalise, text_of
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL
from docklaw.validate.pipeline import validate_graph
from test_cases import load_case

CASES = Path(__file__).parent / "cases" / "jerusalem"


def test_every_clause_quotes_words_its_section_prints() -> None:
    law = get_prepared().knowledge
    found = list(law.subject_objects(DL.clauseWords))
    assert found, "no clause carries dl:clauseWords"
    for clause, words in found:
        section = law.value(clause, DL.section)
        if section is None:
            exception = law.value(None, DL.clause, clause)
            section = law.value(exception, DL.section) if exception is not None else None
        assert isinstance(section, URIRef), f"{clause}: no section for {words!r}"
        text = text_of(law, section)
        assert text is not None, f"{section} has no text"
        assert normalise(str(words)) in normalise(text), f"{words!r} is not printed in {section}"


def message_of(name: str) -> str:
    case = load_case(CASES / name)
    report = validate_graph(case.graph, name=name)
    cited = [r for r in report.results if r.exceptions_not_held]
    assert cited, [r.message for r in report.results]
    return cited[0].message


def test_a_repair_past_18_months_after_vandalism_quotes_126B_1_and_credits_it() -> None:
    message = message_of("a-repair-of-a-nonconforming-boat-station-24-months-after-vandalism-"
                         "violates-160-122G-naming-160-126B-1.ttl")
    assert ("The exception of § 160-126B(1) does not hold: its condition 'it be completed within "
            "18 months of such happening' (§ 160-126B(1)) is not met") in message, message
    assert "160-126B(4)" not in message, message


def test_an_incidental_alteration_past_18_months_quotes_126B_1_and_credits_it() -> None:
    message = message_of("an-incidental-alteration-of-a-nonconforming-boat-station-24-months-"
                         "after-vandalism-violates-160-122G-naming-160-126B-1.ttl")
    assert "'it be completed within 18 months of such happening' (§ 160-126B(1))" in message
    assert "160-126B(4)" not in message, message
