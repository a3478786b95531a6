"""A breach certain whichever class an undecided structure has (a code's classes dividing a
generic one between them: ``dl:allOtherThan``).

Why: Kings Point defines a BOAT LIFT as any structure or mechanism raising a vessel "other than
a personal watercraft lift": every lift is one or the other. A dock with one boat lift, two
personal watercraft lifts and a lift stated only as a lift breaks Boat lifts A (a second boat
lift) or Boat lifts D (a third personal watercraft lift), whichever it is. Each count alone is
undecided (each asks the lift's class), and the report said "incomplete" where a breach is
certain on the stated facts. Here every class each undecided structure may have is tried (the
code's division of its generic class, nothing else: a structure that may be of neither is
never forced into one); where every choice breaks some count, the breach is a Violation, cited
under the section holding the counts, and the counts keep asking the class beside it.
"""

from __future__ import annotations

from itertools import product

from rdflib import Graph, URIRef
from rdflib.term import Node

from docklaw import jurisdictions
from docklaw.law.decide import Reader, counted_kinds, values_at
from docklaw.law.prepare import Prepared
from docklaw.namespaces import DL, RDF, SH
from docklaw.validate.findings.accounting import RuleShape, rule_shapes
from docklaw.validate.findings.cite import Result, ancestors, relief_of, with_section_notes
from docklaw.validate.findings.redirect import short
from docklaw.validate.values import node_name

#: at most this many undecided structures on one count are tried (2**6 choices of two classes)
MOST_UNDECIDED = 6


def divisions(prepared: Prepared, jid: str) -> tuple[tuple[URIRef, tuple[URIRef, ...], str],
                                                      ...]:
    """(generic class, the code's classes dividing it, the words that divide it) for each
    ``<class> dl:allOtherThan <other> ; dl:allOtherWithin <generic>`` of the code."""
    def read() -> tuple[tuple[URIRef, tuple[URIRef, ...], str], ...]:
        law = prepared.knowledge
        own = jurisdictions.get(jid).concept_namespace
        out = []
        for cls, other in law.subject_objects(DL.allOtherThan):
            within = law.value(cls, DL.allOtherWithin)
            if not (isinstance(cls, URIRef) and isinstance(other, URIRef)
                    and isinstance(within, URIRef) and str(cls).startswith(own)):
                continue
            quote = str(law.value(cls, DL.allOtherQuote) or "")
            out.append((within, tuple(sorted((cls, other), key=str)), quote))
        return tuple(sorted(out, key=str))
    return prepared.memo(("eitherway.divisions", jid), read)


def certain_breaches(derived: Graph, prepared: Prepared, jid: str,
                     results: list[Result]) -> list[Result]:
    """A Violation for each structure whose counts (``sh:qualifiedMaxCount`` rules reaching it)
    are broken by every class its undecided members may have, none of them broken as read."""
    split = divisions(prepared, jid)
    if not split:
        return []
    compiled = prepared.compiled(jid)
    shapes = compiled.graph
    violated = {(r.focus_node, r.rule) for r in results if r.severity == "Violation"}
    groups: dict[Node, list[RuleShape]] = {}
    for shape in rule_shapes(prepared, jid):
        if shape.severity == "Violation" and shapes.value(
                shape.top, SH.qualifiedMaxCount) is not None:
            for focus in derived.subjects(RDF.type, shape.marker):
                groups.setdefault(focus, []).append(shape)
    out: list[Result] = []
    for focus in sorted(groups, key=str):
        group = groups[focus]
        if len(group) < 2 or any((node_name(focus), s.rule_name) in violated for s in group):
            continue
        for within, classes, quote in split:
            found = breach(derived, prepared, shapes, focus, group, within, classes)
            cited = result_of(derived, prepared, focus, *found, classes, quote) \
                if found is not None else None
            if cited is not None:
                out.append(cited)
                break
    return with_section_notes(out, prepared) if out else out


def breach(derived: Graph, prepared: Prepared, shapes: Graph, focus: Node,
           group: list[RuleShape], within: URIRef, classes: tuple[URIRef, ...]
           ) -> tuple[list[Node], list[RuleShape]] | None:
    """(the undecided members, the counts some choice of their classes breaks) where every
    choice breaks one; None otherwise."""
    reader = Reader(shapes, derived)
    table = []
    members: set[Node] = set()
    for shape in group:
        qualified = shapes.value(shape.top, SH.qualifiedValueShape)
        limit = shapes.value(shape.top, SH.qualifiedMaxCount)
        if qualified is None or limit is None or shape.path is None:
            return None
        values = values_at(derived, shapes, shape.path, focus)
        open_ = [v for v in values if (v, RDF.type, within) in derived
                 and not any((v, RDF.type, c) in derived for c in classes)]
        members.update(open_)
        matching = sum(1 for v in values if reader.holds(qualified, v))
        kinds = counted_kinds(shapes, qualified)
        joins = {(m, c) for m in open_ for c in classes for k in kinds
                 if covers(prepared, shapes.value(k, SH["class"]), c)
                 and reader.holds_but_class(k, m)}
        table.append((shape, matching, int(limit), joins))
    ordered = sorted(members, key=str)
    if not ordered or len(ordered) > MOST_UNDECIDED:
        return None
    broken: list[RuleShape] = []
    for choice in product(classes, repeat=len(ordered)):
        here = [shape for shape, matching, limit, joins in table
                if matching + sum((m, c) in joins for m, c in zip(ordered, choice, strict=True))
                > limit]
        if not here:
            return None  # a choice that breaks nothing: undecided, asked
        broken += [s for s in here if s not in broken]
    return ordered, broken


def covers(prepared: Prepared, counted: Node, cls: URIRef) -> bool:
    """Whether a structure of ``cls`` is of the class a count counts."""
    return counted == cls or counted in prepared.superclasses.get(cls, frozenset())


def result_of(derived: Graph, prepared: Prepared, focus: Node, members: list[Node],
              broken: list[RuleShape], classes: tuple[URIRef, ...], quote: str
              ) -> Result | None:
    """The Violation, cited under the nearest section holding every broken count (None where
    no section holds them all: nothing is cited that might not be broken)."""
    rules = [s.rule for s in broken]
    chains = [[i.iri for i in ancestors(prepared, r.section)] if r is not None else []
              for r in rules]
    common = next((iri for iri in chains[0] if all(iri in c for c in chains[1:])), None) \
        if chains else None
    info = prepared.sections.get(common) if common is not None else None
    if info is None:
        return None
    names = ", ".join(short(m) for m in members)
    kinds = " or a ".join(prepared.label(c) or str(c) for c in classes)
    counts = "; ".join(f"{s.rule.label if s.rule else s.rule_name} ({s.section})"
                       for s in broken)
    message = (f"{names} {'is' if len(members) == 1 else 'are each'} a {kinds}"
               + (f" (the code's definitions divide every such structure between them: "
                  f"'{quote}')" if quote else "")
               + f"; whichever {'it is' if len(members) == 1 else 'they are'}, one of these "
               f"limits is exceeded: {counts}. Which one turns on the class, asked beside this.")
    texts = [f"{s.section}: {prepared.sections[s.rule.section].text}" for s in broken
             if s.rule is not None and s.rule.section in prepared.sections]
    relief = [relief_of(prepared, r, derived, focus) for r in rules]
    same = all(r[:4] == relief[0][:4] for r in relief)
    chosen = relief[0] if relief and same else (None, None, None, (), None)
    result = Result(
        section=info.citation, section_iri=str(info.iri),
        section_text=" ".join(texts) or None, severity="Violation", message=message,
        focus_node=node_name(focus), path=None, value=None, relief=chosen[0],
        relief_authority=chosen[1], relief_note=chosen[2], relief_iris=chosen[3],
        rule=None, shape=None, component="dl:EitherClass")
    if same and relief:
        result.set_basis(relief[0][4])
    return result
