"""Ingest one code's source text into its section graph (DESIGN.md, "Code and section IRIs").

``build_section_graph(jid)`` reads ``ontology/codes/<jid>/source.txt`` and its
``description.toml`` and returns the jurisdiction, code, section, subsection, definition,
table, amendment and local-law nodes with their text, citations, structure and
cross-references. It runs at every cold load, so it is plain string work (no SPARQL).
"""

from __future__ import annotations

import re
from functools import lru_cache

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, RDF, RDFS, SKOS, XSD

from docklaw import jurisdictions
from docklaw.errors import InputError
from docklaw.kg.description import Description, load_description
from docklaw.kg.ingest_brackets import parse_bracket
from docklaw.kg.ingest_refs import find_references
from docklaw.kg.ingest_text import Node, ParsedCode, parse_source
from docklaw.namespaces import (
    DL,
    ELI,
    TRUE,
    authority_iri,
    bind_prefixes,
    code_iri,
    jurisdiction_iri,
    locallaw_iri,
    section_iri,
)

#: words that make an opening phrase a sentence, not a heading
VERBS = frozenset((
    "shall", "may", "must", "is", "are", "will", "be", "was", "were", "has", "have", "can",
    "should", "not", "does", "do",
))
#: openings of sentences and of imperative list items ("Connect the points ...")
NOT_FIRST = frozenset((
    "a", "an", "the", "if", "in", "for", "when", "where", "no", "all", "any", "each",
    "upon", "except", "only", "it", "there", "this", "connect", "bisect", "determine",
    "measure", "regulate", "protect", "ensure", "provide", "advance", "demonstrate", "hear",
    "include", "see",
))
HEADING_RE = re.compile(r"^([A-Z][^.:;§]{0,200}?)[.:](?:\s+(\S.*))?$")


def heading_of(text: str, has_children: bool) -> str | None:
    """A short heading that opens the text ("Width. Docks ..." -> "Width"), if any."""
    m = HEADING_RE.match(text)
    if not m:
        return None
    phrase, rest = m.group(1).strip(), m.group(2)
    words = phrase.replace(",", " ").split()
    if any(w.lower() in VERBS for w in words) or words[0].lower() in NOT_FIRST:
        return None
    if rest:
        return phrase if len(words) <= 12 else None
    if has_children and len(words) <= 20:
        return phrase
    return None


def slug(term: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", term.lower()).strip("-")


@lru_cache(maxsize=16)
def parse_code(jid: str) -> tuple[Description, ParsedCode]:
    """Parse (cached): the description and the tree of one code."""
    jid = jurisdictions.resolve(jid).id
    desc = load_description(jid)
    text = jurisdictions.get(jid).file("source.txt").read_text(encoding="utf-8")
    parsed = parse_source(text, desc)
    _check(desc, parsed)
    _apply_attachments(desc, parsed)
    return desc, parsed


def _check(desc: Description, parsed: ParsedCode) -> None:
    seen: dict[str, int] = {}
    for node in parsed.nodes():
        if node.local in seen:
            raise InputError(
                f"marker {node.citation} appears twice in one parent (first at line "
                f"{seen[node.local]})", line=node.line, jurisdiction=desc.jid,
            )
        seen[node.local] = node.line
    if desc.definitions_style == "anchors" and desc.definitions_section:
        sec = next(s for s in parsed.sections if s.local == desc.definitions_section)
        if len(sec.definitions) != len(desc.definitions):
            missing = desc.definitions[len(sec.definitions)]
            raise InputError(
                f"definition anchor {missing.anchor!r} ({missing.term}) not found in order",
                jurisdiction=desc.jid, source=str(desc.source),
            )


def _apply_attachments(desc: Description, parsed: ParsedCode) -> None:
    """Move ambiguous brackets where the description says, with its note."""
    by_local = {n.local: n for n in parsed.nodes()}
    for spec in desc.attachments:
        sec = by_local.get(spec.section)
        target = by_local.get(spec.attach_to)
        if sec is None or target is None:
            raise InputError(
                f"attachment names unknown node {spec.section!r} or {spec.attach_to!r}",
                source=str(desc.source), jurisdiction=desc.jid,
            )
        hits = [(n, b) for n in sec.walk() for b in n.brackets if b.text == spec.bracket]
        hits.sort(key=lambda nb: nb[1].line)
        if len(hits) < spec.occurrence:
            raise InputError(f"attachment bracket {spec.bracket!r} not found in {spec.section}",
                             source=str(desc.source), jurisdiction=desc.jid)
        owner, bracket = hits[spec.occurrence - 1]
        owner.brackets.remove(bracket)
        bracket.note = spec.note
        target.brackets.append(bracket)


def build_section_graph(jid: str) -> Graph:
    """The section graph of one code (a fresh graph each call; parsing is cached)."""
    desc, parsed = parse_code(jid)
    return _Builder(desc, parsed).build()


class _Builder:
    """Turns a parsed code into triples."""

    def __init__(self, desc: Description, parsed: ParsedCode) -> None:
        self.d = desc
        self.p = parsed
        self.g = bind_prefixes(Graph())
        self.jur = jurisdiction_iri(desc.jid)
        self.code = code_iri(desc.jid)
        self.iri_by_citation: dict[str, URIRef] = {}
        self.section_of: dict[URIRef, URIRef] = {}
        self.attested: set[URIRef] = set()

    def iri(self, node: Node) -> URIRef:
        return section_iri(self.d.jid, node.local)

    def build(self) -> Graph:
        self._code()
        for node in self.p.nodes():
            self.iri_by_citation[node.citation] = self.iri(node)
        for order, sec in enumerate(self.p.sections, start=1):
            self._node(sec, None, order, sec)
        for table in self.p.tables:
            self._table(table)
        for sec in self.p.sections:
            for node in [*sec.walk(), *sec.definitions]:
                self._references(node, sec)
        for iri in self.attested:
            self.g.add((iri, DL.numberAttested, TRUE))
        return self.g

    # -- code and jurisdiction ------------------------------------------------------------------
    def _code(self) -> None:
        g, d = self.g, self.d
        g.add((self.jur, RDF.type, DL.Village if d.kind == "village" else DL.Town))
        g.add((self.jur, RDFS.label, Literal(d.name)))
        g.add((self.jur, DL.county, Literal(f"{d.county} County")))
        auth = authority_iri(d.jid, d.enacted_by_slug)
        g.add((auth, RDF.type, DL.Authority))
        g.add((auth, RDFS.label, Literal(d.enacted_by_label)))
        g.add((auth, DL.jurisdiction, self.jur))
        g.add((self.code, RDF.type, DL.Code))
        g.add((self.code, RDF.type, ELI.LegalResource))
        g.add((self.code, DCTERMS.title, Literal(d.code_title)))
        g.add((self.code, RDFS.label, Literal(d.code_label)))
        g.add((self.code, DL.jurisdiction, self.jur))
        g.add((self.code, DL.enactedBy, auth))
        if d.chapter:
            g.add((self.code, DL.chapter, Literal(d.chapter)))
        if d.article:
            g.add((self.code, DL.article, Literal(d.article)))
        g.add((self.code, DL.numberingNote, Literal(d.numbering_note)))
        if d.publisher:  # where the official text is published (description [source])
            g.add((self.code, DCTERMS.publisher, Literal(d.publisher)))
        if d.official_url:
            g.add((self.code, DCTERMS.source, URIRef(d.official_url)))
        if d.source_note:
            g.add((self.code, DL.sourceNote, Literal(d.source_note)))
        for b in self.p.preamble_brackets:
            if b.text.startswith("[HISTORY"):
                g.add((self.code, DL.editorialNote, Literal(b.text)))
            self._amendments(self.code, [b])
        for note in self.p.preamble_notes:
            g.add((self.code, DL.editorialNote, Literal(note)))

    def _amendments(self, subject: URIRef, brackets: list) -> None:
        g = self.g
        for b in brackets:
            for n, entry in enumerate(parse_bracket(b.text), start=1):
                am = URIRef(f"{subject}/amendment/{entry.year}-{entry.number}-{n}")
                law = locallaw_iri(self.d.jid, entry.year, entry.number)
                g.add((subject, DL.amendment, am))
                g.add((am, RDF.type, DL.Amendment))
                kind = "Amended" if entry.kind == "AmendedInEntirety" else entry.kind
                g.add((am, DL.amendmentKind, DL[kind]))
                if entry.kind == "AmendedInEntirety":
                    g.add((am, DL.editorialNote, Literal("Amended in its entirety.")))
                g.add((am, DL.date, Literal(entry.date.isoformat(), datatype=XSD.date)))
                g.add((am, DL.localLaw, law))
                g.add((am, DL.bracketText, Literal(b.text)))
                g.add((am, DL.sourceLine, Literal(b.line)))
                if b.note:
                    g.add((am, DL.attachmentNote, Literal(b.note)))
                g.add((law, RDF.type, DL.LocalLaw))
                g.add((law, DL.lawNumber, Literal(entry.number)))
                g.add((law, DL.lawYear, Literal(entry.year)))
                g.add((law, RDFS.label, Literal(f"L.L. No. {entry.number}-{entry.year}")))
                g.add((law, DL.jurisdiction, self.jur))

    # -- sections and subsections ---------------------------------------------------------------
    def _node(self, node: Node, parent: URIRef | None, order: int, sec: Node) -> None:
        g, d = self.g, self.d
        iri = self.iri(node)
        spec = d.sections[sec.spec_index or 0]
        self.section_of[iri] = self.iri(sec)
        g.add((iri, RDF.type, DL.Section if parent is None else DL.Subsection))
        g.add((iri, RDF.type, ELI.LegalResourceSubdivision))
        g.add((iri, DL.jurisdiction, self.jur))
        g.add((iri, DL.inCode, self.code))
        g.add((iri, DL.citation, Literal(node.citation)))
        g.add((iri, RDFS.label, Literal(node.citation)))
        number = node.citation[2:] if node.citation.startswith("§ ") else node.citation
        g.add((iri, DL.number, Literal(number)))
        g.add((iri, DL.order, Literal(order)))
        g.add((iri, DL.sourceLine, Literal(node.line)))
        g.add((iri, DL.numberPrinted, Literal(spec.printed)))
        text = node.text
        if text:
            g.add((iri, DL.text, Literal(text)))
        heading = node.heading or (heading_of(text, bool(node.children)) if text else None)
        if heading:
            g.add((iri, DL.heading, Literal(heading)))
        if parent is None:
            g.add((iri, DCTERMS.isPartOf, self.code))
            g.add((self.code, DL.hasPart, iri))
            if spec.title and spec.title_printed:
                g.add((iri, DCTERMS.title, Literal(spec.title)))
            elif spec.title:
                g.add((iri, DL.curationNote, Literal(
                    f"Subject (inferred, no heading is printed): {spec.title}.")))
            if spec.note:
                g.add((iri, DL.numberingNote, Literal(spec.note)))
        else:
            g.add((iri, DL.parent, parent))
            g.add((iri, DCTERMS.isPartOf, parent))
            g.add((parent, DL.hasPart, iri))
            g.add((iri, DL.inSection, self.iri(sec)))  # dl:section is the rule's link
            if not spec.printed:
                g.add((iri, DL.numberingNote, Literal(
                    f"The subsection marker {node.marker} is printed; the section number "
                    f"({sec.citation}) is not: " + (spec.note or d.numbering_note))))
        if text.endswith(":") and not node.children and not node.definitions:
            g.add((iri, DL.textIncomplete, TRUE))
            g.add((iri, DL.curationNote, Literal(
                f"The text ends with {text.split()[-1]!r} but no list follows in the source.")))
        for note in node.editorial:
            g.add((iri, DL.editorialNote, Literal(note)))
        for note in d.notes.get(node.local, []):
            g.add((iri, SKOS.note, Literal(note)))
        self._amendments(iri, node.brackets)
        self._gaps(iri, node)
        for k, child in enumerate(node.children, start=1):
            self._node(child, iri, k, sec)
        for k, dnode in enumerate(node.definitions, start=1):
            self._definition(dnode, iri, k)

    def _gaps(self, iri: URIRef, node: Node) -> None:
        labels = [c.marker or "" for c in node.children]
        if not labels:
            return
        first = labels[0]
        if first.isdigit():
            expected = [str(n) for n in range(1, len(labels) + 1)]
        else:
            base = "A" if first.isupper() else "a"
            expected = [chr(ord(base) + n) for n in range(len(labels))]
        if labels != expected:
            fmt = {2: "({})", 3: "({})", 4: "[{}]"}.get(node.children[0].level, "{}")
            shown = ", ".join(fmt.format(x) for x in labels)
            missing = [x for x in self._span(labels) if x not in labels]
            miss = ", ".join(fmt.format(x) for x in missing) or "the expected first marker"
            self.g.add((iri, DL.gapNote, Literal(
                f"{node.citation} has {shown}: no {miss} in the text (not invented here).")))

    @staticmethod
    def _span(labels: list[str]) -> list[str]:
        if labels[0].isdigit():
            nums = [int(x) for x in labels]
            return [str(n) for n in range(1, max(nums) + 1)]
        base = ord("A") if labels[0].isupper() else ord("a")
        return [chr(c) for c in range(base, max(ord(x) for x in labels) + 1)]

    def _definition(self, node: Node, section: URIRef, order: int) -> None:
        g = self.g
        term = node.term or ""
        iri = URIRef(f"{section}/def/{slug(term)}")
        node.local = str(iri)[len(str(self.code)) + 1:]
        g.add((iri, RDF.type, DL.Definition))
        g.add((iri, DL["term"], Literal(term)))
        g.add((iri, SKOS.prefLabel, Literal(term.lower())))
        g.add((iri, DL.text, Literal(node.text)))
        g.add((iri, DL.definedIn, section))
        g.add((iri, DL.jurisdiction, self.jur))
        g.add((iri, DL.inCode, self.code))
        g.add((iri, DL.order, Literal(order)))
        g.add((iri, DL.sourceLine, Literal(node.line)))
        if node.term_inferred:
            g.add((iri, DL.headwordInferred, TRUE))
            if node.evidence:
                g.add((iri, DL.curationNote, Literal(
                    f"Headword recovered (not printed): {node.evidence}")))
        for note in node.editorial:
            g.add((iri, DL.editorialNote, Literal(note)))
        self._amendments(iri, node.brackets)

    def _table(self, table) -> None:
        g = self.g
        iri = section_iri(self.d.jid, f"{table.section}/table-{table.number}")
        spec = next(t for t in self.d.tables if t.number == table.number)
        g.add((iri, RDF.type, DL.Table))
        g.add((iri, RDFS.label, Literal(table.label)))
        g.add((iri, DL.text, Literal(table.text)))
        g.add((iri, DL.inSection, section_iri(self.d.jid, spec.subject)))
        g.add((iri, DL.jurisdiction, self.jur))
        g.add((iri, DL.inCode, self.code))
        g.add((iri, DL.sourceLine, Literal(table.line)))

    # -- cross-references -----------------------------------------------------------------------
    def _references(self, node: Node, sec: Node) -> None:
        text = node.text
        if not text or ("§" not in text and "Section" not in text and "Subsection" not in text
                        and "Chapter" not in text):
            return
        iri = (URIRef(f"{self.code}/{node.local}") if node.kind == "definition"
               else self.iri(node))
        chapter = self.d.chapter if self.d.scheme == "chapter-section" else None
        for ref in find_references(text, sec.citation, chapter):
            if ref.external:
                self.g.add((iri, DL.externalReference, Literal(ref.text)))
                continue
            self.g.add((iri, DL.referenceText, Literal(ref.text)))
            for target in ref.targets:
                t = self.iri_by_citation.get(target)
                if t is None:
                    self.g.add((iri, DL.unresolvedReference, Literal(target)))
                    continue
                self.g.add((iri, DL.references, t))
                if ref.absolute:
                    self.attested.add(t)
                    self.attested.add(self.section_of[t])


__all__ = ["build_section_graph", "heading_of", "parse_code"]
