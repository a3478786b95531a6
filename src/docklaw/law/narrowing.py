"""Quoted narrowings: the words of the law that keep a rule from reaching further.

Why data: a rule applies to every kind of work, structure, land use and date its section
names unless the section's own words narrow it (docs/DESIGN.md, "Quoted narrowings"). A
narrowing written without its words is invisible, and a silent "not applicable" is a false
"conforms". Each narrowing of a checked rule carries the words (``dl:narrowedBy [ dl:narrows P ;
dl:quote "..." ; dl:quoteSource S ]``); ``problems`` lists every narrowing that lacks its words
or quotes words its source does not print, and the applicability sweep (``validate.reach``)
accepts a rule's dropping out of an application only where such a narrowing explains it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rdflib import Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.law.prepare import Prepared
from docklaw.namespaces import DL, RDF, SH, SKOS

#: Properties of a rule that narrow its reach, each of which must carry its words.
CONDITIONS = (DL.appliesToWork, DL.appliesToConstruction, DL.appliesToLandUse, DL.appliesToTier,
              DL.appliesToFootageCategory, DL.appliesToSteepSlope, DL.appliesWhen, DL.exceptWhen)
#: What a narrowing may narrow (the conditions, the governed classes, a shape's own target).
NARROWABLE = frozenset((*CONDITIONS, DL.governs, SH.target))
#: Governed classes that are not a narrowing: a rule on the application or on the parcel
#: applies to every application or parcel of its code.
BROAD = frozenset((DL.PermitApplication, DL.Parcel))


@dataclass(frozen=True)
class Narrowing:
    """One quoted narrowing of a rule."""

    node: Node
    narrows: URIRef | None
    quotes: tuple[str, ...]
    source: URIRef | None       # the stated dl:quoteSource (None: the rule's section)
    note: str | None = None

    def describe(self, prepared: Prepared, section: URIRef | None) -> str:
        """'"Newly constructed" (§ 56-2B)' for reports and the generated table."""
        where = self.source or section
        info = prepared.sections.get(where) if where is not None else None
        cited = info.citation if info is not None else (
            definition_name(prepared.knowledge, where) if where is not None else "")
        words = " ... ".join(f'"{q}"' for q in self.quotes) or "(no words)"
        return f"{words} ({cited})" if cited else words


def narrowings(law: Graph, rule: URIRef) -> list[Narrowing]:
    """The rule's quoted narrowings, in a stable order."""
    out = []
    for node in law.objects(rule, DL.narrowedBy):
        narrows = law.value(node, DL.narrows)
        source = law.value(node, DL.quoteSource)
        note = law.value(node, DL.interpretationNote)
        out.append(Narrowing(
            node=node, narrows=narrows if isinstance(narrows, URIRef) else None,
            quotes=tuple(sorted(str(q) for q in law.objects(node, DL.quote))),
            source=source if isinstance(source, URIRef) else None,
            note=str(note) if note is not None else None))
    return sorted(out, key=lambda n: (str(n.narrows), n.quotes))


def normalise(text: str) -> str:
    """Whitespace collapsed, typographic quotes and dashes made plain (exports differ)."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
    text = text.replace("\u201d", '"').replace("\u2013", "-").replace("\u2014", "-")
    return re.sub(r"\s+", " ", text).strip()


def text_of(law: Graph, node: URIRef) -> str | None:
    """The words a section prints: its own text and its subsections' (in order)."""
    value = law.value(node, DL.text)
    parts = [str(value)] if isinstance(value, Literal) else []
    children = sorted(law.subjects(DL.parent, node),
                      key=lambda c: (int(law.value(c, DL.order) or 0), str(c)))
    for child in children:
        if isinstance(child, URIRef) and (text := text_of(law, child)):
            parts.append(text)
    return " ".join(parts) if parts else None


def definition_name(law: Graph, node: URIRef) -> str:
    label = law.value(node, SKOS.prefLabel) or law.value(node, DL.term)
    return f'definition of "{label}"' if label is not None else str(node)


def code_prefix(rule: URIRef, prepared: Prepared) -> str:
    """The IRI prefix of the rule's code's sections (.../code/<jid>/)."""
    info = prepared.rules.get(rule)
    jid = info.jurisdiction if info is not None else str(rule).split("/rule/", 1)[-1].split("/")[0]
    return f"https://w3id.org/docklaw/code/{jid}/"


def term_used(law: Graph, definition: URIRef, text: str) -> bool:
    """The definition's term (or its plural) appears in the text."""
    lowered = text.lower()
    for prop in (SKOS.prefLabel, DL.term):
        for label in law.objects(definition, prop):
            word = str(label).lower()
            if re.search(r"\b" + re.escape(word) + r"(s|es)?\b", lowered):
                return True
    return False


def rule_needs(law: Graph, rule: URIRef, explicit_target: bool) -> list[URIRef]:
    """The properties of a rule that narrow it and so need quoted words."""
    needs = [p for p in CONDITIONS if (rule, p, None) in law]
    if any(g not in BROAD for g in law.objects(rule, DL.governs)):
        needs.append(DL.governs)
    if explicit_target:
        needs.append(SH.target)
    return needs


def problems(prepared: Prepared, rule: URIRef, explicit_target: bool = False) -> list[str]:
    """Every missing or unfounded quote of one checked rule (empty when all its narrowings are
    quoted from the text)."""
    law = prepared.knowledge
    info = prepared.rules.get(rule)
    section = info.section if info is not None else None
    found = narrowings(law, rule)
    out: list[str] = []
    for need in rule_needs(law, rule, explicit_target):
        if not any(n.narrows == need and n.quotes for n in found):
            out.append(f"{rule}: {need} narrows the rule but no dl:narrowedBy quotes its words")
    prefix = code_prefix(rule, prepared)
    section_text = text_of(law, section) if section is not None else None
    for n in found:
        if n.narrows not in NARROWABLE:
            out.append(f"{rule}: a narrowing of {n.narrows}, which is no rule condition")
        if not n.quotes:
            out.append(f"{rule}: a narrowing of {n.narrows} without dl:quote")
        source = n.source or section
        if source is None:
            out.append(f"{rule}: no section to quote from")
            continue
        if not str(source).startswith(prefix):
            out.append(f"{rule}: quote source {source} is not a part of the rule's code")
        text = text_of(law, source)
        if text is None:
            out.append(f"{rule}: quote source {source} has no text")
            continue
        defined_here = law.value(source, DL.definedIn) == section
        if (source, RDF.type, DL.Definition) in law and section_text is not None and not (
                term_used(law, source, section_text)) and not defined_here:
            out.append(f"{rule}: quotes {definition_name(law, source)}, a term its section "
                       "does not use")
        printed = normalise(text)
        for quote in n.quotes:
            if normalise(quote) not in printed:
                out.append(f'{rule}: "{quote}" is not in the text of {source}')
    return out


def condition_properties(law: Graph, rule: URIRef, prop: URIRef) -> set[URIRef]:
    """The fact properties a rule's dl:appliesWhen / dl:exceptWhen conditions read."""
    out: set[URIRef] = set()
    for node in law.objects(rule, prop):
        clauses = list(law.objects(node, DL.clause)) if prop == DL.exceptWhen else [node]
        for clause in clauses:
            read = law.value(clause, DL.property)
            if isinstance(read, URIRef):
                out.add(read)
    return out

