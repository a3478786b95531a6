"""Read the law as law: ``/chapter/<code>`` shows a code whole (its table of contents as a
tree, then the text continuous with its amendment notes, every cross-reference a link), and
every law page names its source (the code's title, where the publisher's official text is,
and "current through": the latest amendment date in the text).

Everything is read from the store with a few queries per code (never a walk over the whole
graph), and kept per app: the law does not change while the app runs.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import lru_cache

from flask import Blueprint, abort, current_app, render_template
from markupsafe import Markup

from docklaw import jurisdictions
from docklaw.kg.description import load_description
from docklaw.kg.ingest_refs import find_references
from docklaw.namespaces import BASE
from docklaw.queries.run import run_text
from docklaw.web.knowledge import knowledge
from docklaw.web.links import href

bp = Blueprint("chapter", __name__)

PREFIXES = ("PREFIX dl: <https://w3id.org/docklaw/ontology#>\n"
            "PREFIX dcterms: <http://purl.org/dc/terms/>\n"
            "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n")


@dataclass
class Source:
    """Where a code's text comes from and how current it is."""

    jid: str
    title: str
    label: str
    publisher: str = ""
    url: str = ""
    note: str = ""
    current_through: str = ""
    chapter_href: str = ""


@dataclass
class Node:
    iri: str
    citation: str
    heading: str = ""
    text: str = ""
    parent: str = ""
    order: int = 0
    depth: int = 0
    printed: bool = True
    amendments: list[str] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return "n-" + self.iri.rsplit("/", 1)[-1] if "/" in self.iri else "n-top"


def _rows(text: str) -> list[dict[str, str | None]]:
    timeout = float(current_app.config.get("SPARQL_TIMEOUT") or 30)
    return run_text(knowledge().store, PREFIXES + text, timeout=timeout).plain()


def code_iri(jid: str) -> str:
    return f"{BASE}code/{jid}"


def source_of(jid: str) -> Source:
    """The code's source line (cached per app)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    cache: dict[str, Source] = app.extensions.setdefault("docklaw-sources", {})
    if jid not in cache:
        cache[jid] = _source(jid)
    return cache[jid]


def _source(jid: str) -> Source:
    code = code_iri(jid)
    rows = _rows(f"""SELECT ?title ?label ?publisher ?url ?note WHERE {{
      OPTIONAL {{ <{code}> dcterms:title ?title }} OPTIONAL {{ <{code}> rdfs:label ?label }}
      OPTIONAL {{ <{code}> dcterms:publisher ?publisher }}
      OPTIONAL {{ <{code}> dcterms:source ?url }} OPTIONAL {{ <{code}> dl:sourceNote ?note }}
    }} LIMIT 1""")
    row = rows[0] if rows else {}
    latest = _rows(f"""SELECT (MAX(?d) AS ?latest) WHERE {{
      ?n dl:amendment ?a . ?a dl:date ?d . FILTER(STRSTARTS(STR(?n), "{code}"))
    }}""")
    return Source(jid, str(row.get("title") or jid), str(row.get("label") or ""),
                  str(row.get("publisher") or ""), str(row.get("url") or ""),
                  str(row.get("note") or ""), str((latest[0] if latest else {}).get("latest")
                                                   or ""),
                  f"/chapter/{jid}")


def jurisdiction_of_iri(iri: str) -> str | None:
    """The code an IRI of ours belongs to (``.../code/<jid>/...``, ``.../rule/<jid>/...``)."""
    if not iri.startswith(BASE):
        return None
    parts = iri[len(BASE):].split("/")
    jid = parts[1] if len(parts) > 1 else ""
    return jid if jurisdictions.find(jid) is not None else None


def nodes_of(jid: str) -> tuple[list[Node], dict[str, Node]]:
    """Every section and subsection of the code, as a tree in document order (kept per
    app)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    cache: dict[str, tuple[list[Node], dict[str, Node]]] = app.extensions.setdefault(
        "docklaw-chapters", {})
    if jid not in cache:
        cache[jid] = _nodes(jid)
    return cache[jid]


def _nodes(jid: str) -> tuple[list[Node], dict[str, Node]]:
    code = code_iri(jid)
    found: dict[str, Node] = {}
    for row in _rows(f"""SELECT ?n ?citation ?heading ?text ?parent ?order ?printed WHERE {{
      ?n dl:jurisdiction ?j ; dl:citation ?citation .
      FILTER(STRSTARTS(STR(?n), "{code}/"))
      {{ ?n a dl:Section }} UNION {{ ?n a dl:Subsection }}
      OPTIONAL {{ ?n dl:heading ?heading }} OPTIONAL {{ ?n dl:text ?text }}
      OPTIONAL {{ ?n dl:parent ?parent }} OPTIONAL {{ ?n dl:order ?order }}
      OPTIONAL {{ ?n dl:numberPrinted ?printed }}
    }}"""):
        iri = str(row["n"])
        if iri in found:
            continue
        found[iri] = Node(iri, str(row["citation"]), str(row["heading"] or ""),
                          str(row["text"] or ""), str(row["parent"] or ""),
                          int(float(row["order"] or 0)), printed=row["printed"] != "false")
    for row in _rows(f"""SELECT ?n ?date ?bracket WHERE {{
      ?n dl:amendment ?a . OPTIONAL {{ ?a dl:date ?date }} OPTIONAL {{ ?a dl:bracketText ?bracket }}
      FILTER(STRSTARTS(STR(?n), "{code}/"))
    }} ORDER BY ?n ?date"""):
        node = found.get(str(row["n"]))
        text = str(row["bracket"] or row["date"] or "")
        if node is not None and text and text not in node.amendments:
            node.amendments.append(text)
    roots: list[Node] = []
    for node in found.values():
        parent = found.get(node.parent)
        (parent.children if parent is not None else roots).append(node)

    def order(items: list[Node], depth: int) -> None:
        items.sort(key=lambda n: (n.order, n.iri))
        for n in items:
            n.depth = depth
            order(n.children, depth + 1)
    order(roots, 0)
    return roots, found


def linked_text(text: str, citation: str, jid: str, index: dict[str, str]) -> Markup:
    """The text, HTML-escaped, with every cross-reference to a node of this code a link to
    it (``index``: citation -> local page); a reference to nothing the text contains is
    marked, not linked."""
    chapter = _chapter(jid)
    pieces: list[str] = []
    pos = 0
    refs = sorted((r for r in find_references(text, citation, chapter) if not r.external),
                  key=lambda r: text.find(r.text))
    for ref in refs:
        start = text.find(ref.text, pos)
        if start < 0 or not ref.text.strip():
            continue
        pieces.append(html.escape(text[pos:start]))
        parts = SEPARATORS.split(ref.text)
        names = parts[0::2]
        if len(names) == len(ref.targets) > 1:  # "§ 56-2A, B and C": one link per item
            for i, part in enumerate(parts):
                pieces.append(_link(part, ref.targets[i // 2], index) if i % 2 == 0
                              else html.escape(part))
        else:
            pieces.append(_link(ref.text, ref.targets[0] if ref.targets else "", index,
                                ref.targets))
        pos = start + len(ref.text)
    pieces.append(html.escape(text[pos:]))
    return Markup("".join(pieces))  # every piece is escaped above


#: what separates the items of a printed list of references ("A, B and C", "A through C")
SEPARATORS = re.compile(r"(,\s*(?:and\s+|or\s+)?|\s+(?:and|or|through)\s+)")


def _link(shown: str, target: str, index: dict[str, str],
          named: list[str] | None = None) -> str:
    """One reference: a link to its target's page, or marked when the text has no such node."""
    names = named or ([target] if target else [])
    local = index.get(target) or next((index[t] for t in names if t in index), None)
    title = html.escape(", ".join(names))
    if local:
        return f'<a class="xref" href="{html.escape(local)}" title="{title}">' \
               f"{html.escape(shown)}</a>"
    return (f'<span class="xref unresolved" title="the text contains no {title}">'
            f"{html.escape(shown)}</span>")


@lru_cache(maxsize=64)
def _chapter(jid: str) -> str | None:
    try:
        return load_description(jid).chapter
    except Exception:  # a code without a readable description: references by number only
        return None


def citation_index(found: dict[str, Node]) -> dict[str, str]:
    return {n.citation: href(n.iri) or "" for n in found.values()}


@bp.route("/chapter/<jid>")
def chapter(jid: str) -> str:
    code = jurisdictions.find(jid)
    if code is None:
        abort(404, description=f"no code {jid!r}; known: {jurisdictions.known()}")
    roots, found = nodes_of(code.id)
    index = {n.citation: f"#{n.anchor}" for n in found.values()}

    def flat(items: list[Node]) -> list[Node]:
        out: list[Node] = []
        for n in items:
            out.append(n)
            out.extend(flat(n.children))
        return out

    ordered = flat(roots)
    texts = {n.iri: linked_text(n.text, n.citation, code.id, index) for n in ordered}
    return render_template("chapter.html", code=code, roots=roots, nodes=ordered, texts=texts,
                           source=source_of(code.id), inferred=any(not n.printed
                                                                    for n in ordered))
