"""Per-jurisdiction ingestion descriptions (``ontology/codes/<jid>/description.toml``).

The law texts are eCode360 exports with headings stripped in places. What the text cannot
say about itself (which section starts where, inferred numbers, recovered headwords, where an
ambiguous amendment bracket belongs) is stated once, here, in a small TOML file, so adding a
sixth code is a text file plus a description and no Python.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docklaw import jurisdictions
from docklaw.errors import InputError

KINDS = ("village", "town")
SCHEMES = ("chapter-section", "article-path")


@dataclass(frozen=True)
class SectionSpec:
    """One section: where it starts and what is known about its number."""

    local: str
    citation: str
    anchor: str | None
    title: str | None = None
    title_printed: bool = False
    printed: bool = False
    note: str | None = None


@dataclass(frozen=True)
class DefinitionSpec:
    """A definition whose headword was stripped: anchor (first words) and recovered headword."""

    anchor: str
    term: str
    inferred: bool = True
    evidence: str | None = None


@dataclass(frozen=True)
class AttachmentSpec:
    """Where an ambiguous amendment bracket belongs (overrides the positional rule)."""

    section: str
    bracket: str
    occurrence: int
    attach_to: str
    note: str


@dataclass(frozen=True)
class TableSpec:
    """A table printed in the text (kept as a node so curated allocation data can attach)."""

    number: str
    section: str  # local name of the section the table belongs to (IRI .../<section>/table-<n>)
    subject: str  # local name of the node the table serves (dl:inSection)


@dataclass
class Description:
    """Everything ingestion needs to know about one code that the text does not print."""

    jid: str
    name: str
    kind: str
    county: str
    code_title: str
    code_label: str
    chapter: str | None
    article: str | None
    enacted_by_slug: str
    enacted_by_label: str
    scheme: str
    inline_markers: bool
    heading_pattern: str | None
    numbering_note: str
    sections: list[SectionSpec] = field(default_factory=list)
    definitions_section: str | None = None
    definitions_style: str = "headwords"
    definitions: list[DefinitionSpec] = field(default_factory=list)
    attachments: list[AttachmentSpec] = field(default_factory=list)
    tables: list[TableSpec] = field(default_factory=list)
    notes: dict[str, list[str]] = field(default_factory=dict)
    source: Path | None = None
    #: where the official text is published ([source] publisher, url, note)
    publisher: str | None = None
    official_url: str | None = None
    source_note: str | None = None


def _req(data: dict[str, Any], key: str, where: str, src: Path) -> Any:
    if key not in data:
        raise InputError(f"missing key {key!r} in {where}", source=str(src))
    return data[key]


def load_description(jid: str, path: Path | None = None) -> Description:
    """Read and check one description; a bad file is an InputError naming the key."""
    src = path or jurisdictions.get(jid).description
    if not src.exists():
        raise InputError("no description.toml for this code", jurisdiction=jid, source=str(src))
    try:
        data = tomllib.loads(src.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"invalid TOML: {exc}", jurisdiction=jid, source=str(src)) from exc
    code = _req(data, "code", "top level", src)
    numbering = _req(data, "numbering", "top level", src)
    kind = _req(data, "kind", "top level", src)
    if kind not in KINDS:
        raise InputError(f"kind must be one of {KINDS}, not {kind!r}", source=str(src))
    scheme = _req(numbering, "scheme", "[numbering]", src)
    if scheme not in SCHEMES:
        raise InputError(f"numbering.scheme must be one of {SCHEMES}", source=str(src))
    enacted = _req(code, "enacted_by", "[code]", src)
    desc = Description(
        jid=jid,
        name=_req(data, "name", "top level", src),
        kind=kind,
        county=_req(data, "county", "top level", src),
        code_title=_req(code, "title", "[code]", src),
        code_label=_req(code, "label", "[code]", src),
        chapter=code.get("chapter"),
        article=code.get("article"),
        enacted_by_slug=_req(enacted, "slug", "[code.enacted_by]", src),
        enacted_by_label=_req(enacted, "label", "[code.enacted_by]", src),
        scheme=scheme,
        inline_markers=bool(numbering.get("inline_markers", False)),
        heading_pattern=numbering.get("heading_pattern"),
        numbering_note=numbering.get("note", ""),
        source=src,
    )
    published = data.get("source", {})
    if published:
        desc.publisher = _req(published, "publisher", "[source]", src)
        desc.official_url = published.get("url")
        desc.source_note = published.get("note")
        if desc.official_url and not str(desc.official_url).startswith("https://"):
            raise InputError("[source] url must be an https:// address", source=str(src))
    for i, sec in enumerate(data.get("section", [])):
        where = f"[[section]] #{i + 1}"
        local = str(_req(sec, "local", where, src))
        desc.sections.append(
            SectionSpec(
                local=local,
                citation=sec.get("citation") or f"§ {local}",
                anchor=sec.get("anchor"),
                title=sec.get("title"),
                title_printed=bool(sec.get("title_printed", False)),
                printed=bool(sec.get("printed", False)),
                note=sec.get("note"),
            )
        )
    if not desc.sections and not desc.heading_pattern:
        raise InputError("description lists no [[section]] and no heading_pattern", source=str(src))
    defs = data.get("definitions", {})
    desc.definitions_section = defs.get("section")
    desc.definitions_style = defs.get("style", "headwords")
    for i, d in enumerate(defs.get("entry", [])):
        where = f"[[definitions.entry]] #{i + 1}"
        desc.definitions.append(
            DefinitionSpec(
                anchor=_req(d, "anchor", where, src),
                term=_req(d, "term", where, src),
                inferred=bool(d.get("inferred", True)),
                evidence=d.get("evidence"),
            )
        )
    for i, a in enumerate(data.get("attachment", [])):
        where = f"[[attachment]] #{i + 1}"
        desc.attachments.append(
            AttachmentSpec(
                section=_req(a, "section", where, src),
                bracket=_req(a, "bracket", where, src),
                occurrence=int(a.get("occurrence", 1)),
                attach_to=_req(a, "attach_to", where, src),
                note=_req(a, "note", where, src),
            )
        )
    for i, t in enumerate(data.get("table", [])):
        where = f"[[table]] #{i + 1}"
        desc.tables.append(
            TableSpec(
                number=str(_req(t, "number", where, src)),
                section=_req(t, "section", where, src),
                subject=_req(t, "subject", where, src),
            )
        )
    for i, n in enumerate(data.get("note", [])):
        where = f"[[note]] #{i + 1}"
        desc.notes.setdefault(_req(n, "node", where, src), []).append(_req(n, "text", where, src))
    return desc
