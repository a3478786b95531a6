"""Which facts each code needs, generated from the rules and shapes (docs/applications.md).

Why generated: a hand-kept list drifts from the law as encoded; a clerk preparing an
application needs exactly the facts the checks read, or the report comes back "incomplete".
``python -m docklaw.validate.needs`` prints the section; ``--write`` replaces it in
docs/applications.md between its markers; a test checks the committed text is current.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from rdflib import BNode, Graph, URIRef
from rdflib.collection import Collection
from rdflib.term import Node

from docklaw import jurisdictions, paths
from docklaw.law.prepare import Prepared
from docklaw.law.snapshot import get_prepared
from docklaw.law.units import curie
from docklaw.namespaces import DL, QUDT, RDF, SH
from docklaw.validate.derivation.eligibility import deriving_rules
from docklaw.validate.intake.structures import short

START = "<!-- facts-each-code-needs:start (generated: python -m docklaw.validate.needs --write) -->"
END = "<!-- facts-each-code-needs:end -->"
#: rule condition -> the fact it reads (and where)
CONDITION_FACTS = ((DL.appliesToWork, "dl:workKind", None),
                   (DL.appliesToConstruction, "dl:construction", None),
                   (DL.appliesToLandUse, "dl:landUse", DL.Parcel),
                   (DL.appliesToTier, "dl:tier", DL.Parcel),
                   (DL.appliesToFootageCategory, "dl:footageCategory (or dl:tier and "
                                                 "dl:shorelineFrontage)", DL.Parcel),
                   (DL.appliesToSteepSlope, "dl:steepSlope", DL.Parcel))


def path_steps(g: Graph, path: Node) -> list[str]:
    """A SHACL path as the steps a reader states: ['dl:parcel', 'dl:landUse']."""
    if isinstance(path, URIRef):
        return [] if path in (QUDT.numericValue, QUDT.unit) else [curie(path)]
    if g.value(path, RDF.first) is not None:
        return [s for p in Collection(g, path) for s in path_steps(g, p)]
    inverse = g.value(path, SH.inversePath)
    if inverse is not None:
        return ["^" + "/".join(path_steps(g, inverse))]
    for prop in (SH.zeroOrMorePath, SH.oneOrMorePath, SH.zeroOrOnePath):
        inner = g.value(path, prop)
        if inner is not None:
            return ["(" + "/".join(path_steps(g, inner)) + ")*"]
    alt = g.value(path, SH.alternativePath)
    if alt is not None:
        return [" or ".join("/".join(path_steps(g, p)) for p in Collection(g, alt))]
    return []


def place_of(steps: list[str]) -> tuple[str | None, str]:
    """(where the fact is stated, the fact): a path through dl:parcel, or climbing to the parcel
    that lists the structure (^dl:hasStructure), reads the parcel; one climbing to the
    application (^dl:proposes) reads the application."""
    for marker, place in (("dl:parcel", "dl:Parcel"), ("^dl:hasStructure", "dl:Parcel"),
                          ("^dl:proposes", "dl:PermitApplication")):
        if marker in steps:
            rest = steps[steps.index(marker) + 1:]
            return place, " / ".join(rest) if rest else marker
    plain = [s for s in steps if not s.startswith(("(^", "^"))]
    return None, " / ".join(plain)


def shape_paths(g: Graph, shape: Node, seen: set[Node] | None = None
                ) -> Iterator[tuple[str | None, str]]:
    """(place, fact) for the paths a shape reads (its own, sh:property, sh:or/sh:and)."""
    for place, fact, _steps in shape_steps(g, shape, seen):
        yield place, fact


def shape_steps(g: Graph, shape: Node, seen: set[Node] | None = None
                ) -> Iterator[tuple[str | None, str, tuple[str, ...]]]:
    """(place, fact, the path's steps) for the paths a shape reads."""
    seen = seen if seen is not None else set()
    if shape in seen:
        return
    seen.add(shape)
    path = g.value(shape, SH.path)
    if path is not None:
        steps = path_steps(g, path)
        place, fact = place_of(steps)
        if fact:
            yield place, fact, tuple(steps)
    for child in g.objects(shape, SH.property):
        yield from shape_steps(g, child, seen)
    for prop in (SH["or"], SH["and"]):
        for head in g.objects(shape, prop):
            for item in Collection(g, head):
                yield from shape_steps(g, item, seen)


def expression_facts(law: Graph, node: Node,
                     out: set[tuple[str, URIRef | str | None]]) -> None:
    """Properties a dl:limitExpression or condition reads, with where (focus or parcel)."""
    if isinstance(node, BNode) or (node, RDF.type, None) in law:
        prop = law.value(node, DL.property)
        summed = law.value(node, DL.ofClass)  # a sum over the parcel's structures of a class:
        if isinstance(prop, URIRef) and isinstance(summed, URIRef):  # theirs to state
            out.add((curie(prop), summed))
        elif isinstance(prop, URIRef):
            out.add((curie(prop), DL.Parcel if law.value(node, DL.of) == DL.Parcel else None))
        table = law.value(node, DL.table)
        if table is not None:
            footage = law.value(table, DL.footageProperty) or DL.shorelineFrontage
            out.add((curie(footage), DL.Parcel))
        for p, o in law.predicate_objects(node):
            if p in (DL.operands,):
                for item in Collection(law, o):
                    expression_facts(law, item, out)
            elif isinstance(o, BNode) and p != RDF.type:
                expression_facts(law, o, out)


@dataclass(frozen=True)
class Need:
    """One fact one rule reads: on what (``place``: ``dl:Parcel``, ``dl:PermitApplication``, or
    None for the structures the rule governs), the fact as the table prints it, and the path's
    steps as read (``('^dl:mooredAt', 'dl:withinRiparianLines')``; one step for a rule
    condition or a limit's operand). The form at /apply is generated from these records."""

    rule: URIRef
    section: str
    section_iri: URIRef | None
    governs: tuple[URIRef, ...]
    place: str | None  # (or the IRI of the class whose structures a parcel sum reads)
    fact: str
    steps: tuple[str, ...]
    decides: str | None = None  # a measured fact that decides this flag (dl:derives)


def rule_needs(prepared: Prepared, jid: str) -> list[Need]:
    """Every (rule, fact) of one code, from its compiled shapes and its rules."""
    compiled = prepared.compiled(jid)
    law = prepared.knowledge
    out: list[Need] = []

    def citation(rule_section: URIRef | None) -> str:
        return prepared.sections[rule_section].citation \
            if rule_section in prepared.sections else str(rule_section)

    for top in compiled.shapes:
        rule_iri = compiled.shape_rule.get(top)
        rule = prepared.rules.get(rule_iri) if rule_iri is not None else None
        if rule is None:
            continue
        facts: dict[tuple[str, str | None], tuple[str, ...]] = {}
        for place, fact, steps in shape_steps(compiled.graph, top):
            facts.setdefault((fact, place), steps)
        expressed: set[tuple[str, URIRef | str | None]] = set()
        for prop in (DL.limitExpression, DL.appliesWhen):
            for expr in law.objects(rule.iri, prop):
                expression_facts(law, expr, expressed)
        for condition, fact, on in CONDITION_FACTS:
            if (rule.iri, condition, None) in law:
                expressed.add((fact, on))
        for fact, on in expressed:
            place = "dl:Parcel" if on == DL.Parcel else (on if isinstance(on, str) else None)
            facts.setdefault((fact, place), (fact,))
        for (fact, place), steps in facts.items():
            out.append(Need(rule.iri, citation(rule.section), rule.section, rule.governs,
                            place, fact, steps))
    for rule_iri, flag in deriving_rules(prepared, jid):  # a measurement that decides a flag
        rule = prepared.rules[rule_iri]
        for prop in law.objects(rule_iri, DL.constrains):
            out.append(Need(rule.iri, citation(rule.section), rule.section, rule.governs, None,
                            f"{curie(prop)} (decides {curie(flag)})", (curie(prop),),
                            decides=curie(flag)))
    return out


def is_class_place(place: str | None) -> bool:
    """A Need's place naming a class (the structures a sum over the parcel adds up), not the
    parcel, the application or the rule's own structures."""
    # (str(): rdflib's URIRef answers startswith with a tuple of prefixes False)
    return place is not None and str(place).startswith(("http://", "https://"))


def code_needs(prepared: Prepared, jid: str) -> dict[tuple[str, str], set[str]]:
    """(where, fact) -> the sections whose rules read it."""
    needs: dict[tuple[str, str], set[str]] = {}
    for need in rule_needs(prepared, jid):
        where = ", ".join(sorted(short(c) for c in need.governs)) or "(its target)"
        place = short(URIRef(need.place)) if is_class_place(need.place) else need.place
        needs.setdefault((place or where, need.fact), set()).add(need.section)
    return needs


def section_key(citation: str) -> list[object]:
    import re

    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", citation)]


def render(prepared: Prepared | None = None) -> str:
    """The generated markdown section (between the markers)."""
    prepared = prepared or get_prepared()
    lines = [START, "", "## Facts each code needs", "",
             "Generated from the rules and shapes (`python -m docklaw.validate.needs`); do not "
             "edit by hand. Each row is a fact an application states on the node named in "
             "\"on\" (a structure of that class, or the parcel); \"sections\" are the provisions "
             "that read it. A fact that is not stated leaves those provisions undecided: the "
             "report is \"incomplete\" and lists it under information needed, unless the stated "
             "facts decide the rule anyway (docs/DESIGN.md, \"Unstated facts\"). Facts a rule "
             "reads only where another condition holds (a light's height where there is a "
             "light) are needed only then.", ""]
    for jid in jurisdictions.ids():
        needs = code_needs(prepared, jid)
        lines += [f"### {jid}", "", "| on | fact | sections |", "| --- | --- | --- |"]
        for (place, fact), sections in sorted(needs.items()):
            cited = ", ".join(sorted(sections, key=section_key))
            lines.append(f"| {place} | {fact} | {cited} |")
        lines.append("")
    lines.append(END)
    return "\n".join(lines) + "\n"


def replace_section(document: str, section: str) -> str:
    """``document`` with the text between the markers (inclusive) replaced, or appended."""
    if START in document and END in document:
        head, rest = document.split(START, 1)
        _old, tail = rest.split(END, 1)
        return head + section.rstrip("\n") + tail
    return document.rstrip("\n") + "\n\n" + section


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m docklaw.validate.needs",
                                     description="Print (or --write into docs/applications.md) "
                                                 "the facts each code needs.")
    parser.add_argument("--write", action="store_true", help="update docs/applications.md")
    args = parser.parse_args(argv)
    text = render()
    if args.write:
        doc = paths.ROOT / "docs" / "applications.md"
        doc.write_text(replace_section(doc.read_text(encoding="utf-8"), text), encoding="utf-8")
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
