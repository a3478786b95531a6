"""Exceptions a cited node fails only on a stated number: named in the result.

Why: a rule a text excepts (dl:exceptWhen) is cited where no exception holds. Where one would
have held but for a stated value past its threshold (Keuka § 160-126B(1): a nonconforming dock
restored after a fire, completed 18.5 months after it, where the text allows 18), the violation
rests on that condition as much as on the rule's own limit: the result names the exception, the
condition and the section that sets its number, so the applicant learns which fact failed and
where the text says so (the clause's dl:section, else its exception's; a clause neither names
is not the text's and is not named). An exception that fails on anything else as well (another
kind of work, another cause, a fact not stated) is not named: it was not the number that
defeated it. A repair or incidental alteration the stated values show enlarging the structure
(dl:enlargementDefeatsWork, dl:workByParts dl:Enlargement) failed on stated numbers too, and is
named so (South Bristol § 73-21A(1): a repair widening a dock is the enlargement § 73-21A
bars). Only the law's own words go in quotation marks: a clause carrying dl:clauseWords (words
its section prints) is quoted and credited to that section; a clause's label is the curators'
description and is given unquoted (blind review 82: a label in quotation marks read as words of
the law that neither subsection prints).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from rdflib import Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.kg.flatstore import remembered
from docklaw.law.compile import BEFORE_OPS, Condition, exception_clauses
from docklaw.law.prepare import Prepared
from docklaw.law.targets import condition_holds, condition_subjects, date_holds
from docklaw.law.units import curie, display_number, to_decimal
from docklaw.namespaces import DL, QUDT, RDFS
from docklaw.validate.intake.admit import find_application

#: a condition's operator, in words ("at most 18 months")
OP_WORDS = {"<=": "at most", "<": "less than", ">=": "at least", ">": "more than"}


@dataclass(frozen=True)
class UnmetException:
    """An exception that did not hold on the cited node only because of stated values past
    its conditions' thresholds (one entry per condition)."""

    section: str | None        # the section that sets the condition (its own, else the exception's)
    section_iri: str | None
    exception: str             # the exception's citation and label
    exception_section: str | None
    condition: str             # the law's words quoted, else the condition's label (else its
                               # property and threshold), unquoted
    fact: str                  # the property read ("dl:restorationCompletedWithin")
    value: str                 # the stated value ("18.5 months")

    def sentence(self) -> str:
        where = self.exception_section or self.section
        return (f" The exception of {where} does not hold: its condition {self.condition} is "
                f"not met ({self.fact} is {self.value}).")

    def to_json(self) -> dict[str, object]:
        return {"section": self.section, "section_iri": self.section_iri,
                "exception": self.exception, "exception_section": self.exception_section,
                "condition": self.condition, "fact": self.fact, "value": self.value}


def thresholded(cond: Condition) -> bool:
    """A condition comparing a stated number or date with a threshold of the text."""
    return (cond.op is not None and cond.than is None and not cond.unstated
            and (cond.threshold is not None or cond.date is not None))


def enlarged(data: Graph, app: Node, focus: Node, cond: Condition) -> bool:
    """A work clause (dl:enlargementDefeatsWork) failing only because the stated values show the
    structure enlarged (dl:workByParts dl:Enlargement): the work it names is stated."""
    return cond.enlargement_defeats and condition_holds(
        data, app, focus, dataclasses.replace(cond, enlargement_defeats=False))


def unmet_exceptions(data: Graph, prepared: Prepared, rule: URIRef | None,
                     focus: Node) -> tuple[UnmetException, ...]:
    """The exceptions of ``rule`` every clause of which holds on ``focus`` but those comparing
    a stated value with a threshold, which the stated values fail (each such clause once)."""
    if rule is None:
        return ()
    exceptions = remembered(prepared.knowledge, ("exception_clauses", rule),
                            lambda: exception_clauses(prepared, rule, []))
    if not exceptions:
        return ()
    app = find_application(data)
    out: dict[tuple[str | None, str, str], UnmetException] = {}
    for exception, clauses in exceptions:
        failed = [(node, c) for node, c in clauses if not condition_holds(data, app, focus, c)]
        if not failed or not all(thresholded(c) or enlarged(data, app, focus, c)
                                 for _n, c in failed):
            continue
        values = [(node, c, [curie(DL.Enlargement)] if c.enlargement_defeats
                   else stated(data, prepared, app, focus, c)) for node, c in failed]
        if any(not shown for _n, _c, shown in values):
            continue  # (not stated: the clause failed for want of the fact, not on a number)
        law = prepared.knowledge
        own_iri = law.value(exception, DL.section)
        own = citation(prepared, own_iri)
        label = str(law.value(exception, RDFS.label) or "")
        for node, c, shown in values:
            iri = law.value(node, DL.section) or own_iri
            if not isinstance(iri, URIRef):
                continue  # (no section of the text sets it: a device of the encoding, not named)
            words = law.value(node, DL.clauseWords)
            text = law.value(node, RDFS.label)
            if words is not None:  # the law's words, credited to the section printing them
                condition = f"'{words}' ({citation(prepared, iri)})"
            elif c.enlargement_defeats:  # the work stated, its enlargement read from the values
                condition = (f"that the work is {curie(c.equals)} and does not enlarge the "
                             f"structure (dl:enlargementDefeatsWork)")
            elif text is not None:
                condition = str(text)
            else:
                condition = (f"{curie(c.prop)} {OP_WORDS.get(c.op or '', c.op)} "
                             f"{c.date if c.date is not None else display_number(c.threshold)}")
            entry = UnmetException(
                section=citation(prepared, iri), section_iri=str(iri) if iri else None,
                exception=label or (own or str(exception)), exception_section=own,
                condition=condition,
                fact=curie(DL.workByParts if c.enlargement_defeats else c.prop),
                value=", ".join(shown))
            out.setdefault((entry.exception_section, entry.condition, entry.value), entry)
    return tuple(out.values())


def citation(prepared: Prepared, iri: Node | None) -> str | None:
    if not isinstance(iri, URIRef):
        return None
    info = prepared.sections.get(iri)
    return info.citation if info is not None else str(iri)


def stated(data: Graph, prepared: Prepared, app: Node, focus: Node, cond: Condition
           ) -> list[str]:
    """The values the condition compared, as stated ("18.5 months")."""
    out = []
    for subject in condition_subjects(data, app, focus, cond):
        for value in data.objects(subject, cond.prop):
            number = to_decimal(data.value(value, QUDT.numericValue))
            unit = data.value(value, QUDT.unit)
            if number is not None and isinstance(unit, URIRef):
                out.append(prepared.units.describe(number, unit))
            elif isinstance(value, Literal):
                number = to_decimal(value)
                out.append(display_number(number) if number is not None and value.datatype
                           and cond.date is None else str(value))
        if cond.bound is not None and cond.op in BEFORE_OPS:
            # a lower bound past the threshold (a part's later date: derivation/dated.py)
            out.extend(f"no earlier than {bound}, the latest date a part of it states: "
                       f"{curie(cond.bound)}"
                       for bound in data.objects(subject, cond.bound)
                       if isinstance(bound, Literal) and not date_holds(bound, cond))
    return sorted(set(out))
