"""Search: what a person types -> a safe FTS5 expression -> ranked, highlighted hits.

Words are ANDed; ``"a phrase"`` matches words in order; ``lif*`` is a prefix; ``OR`` and
``NOT`` (upper case) combine terms. Everything else a person might type (§, hyphens in
``56-2D``, apostrophes) is quoted, so no input is an FTS5 syntax error.
"""

from __future__ import annotations

import html
import re
import sqlite3
from dataclasses import asdict, dataclass, field

from docklaw.errors import InputError
from docklaw.search.index import Index, default_index

#: kind -> what it covers (the CLI and the API list these)
KIND_HELP: dict[str, str] = {
    "section": "sections and subsections of the codes (heading and text)",
    "definition": "defined terms and their definitions",
    "rule": "curated rules: their label, the law they quote and the messages of their shapes",
    "note": "curation notes: ambiguities, interpretations, lints, numbering, editorial notes",
}
KINDS: tuple[str, ...] = tuple(KIND_HELP)
#: bm25 weights of the indexed columns (title counts more than body)
TITLE_WEIGHT, BODY_WEIGHT = 4.0, 1.0
#: the law itself ranks above what is said about it, other things equal
KIND_WEIGHT: dict[str, float] = {"section": 1.0, "definition": 1.0, "rule": 0.8, "note": 0.6}
DEFAULT_LIMIT = 20
MAX_LIMIT = 200


def checked_limit(value: object) -> int:
    """A hit count asked for: a whole number from 1, more than MAX_LIMIT read as MAX_LIMIT;
    0, a negative or a non-number is bad input (it used to give one hit)."""
    from docklaw.errors import InputError

    try:
        limit = int(str(value).strip())
    except ValueError:
        raise InputError(f"limit must be a whole number from 1 to {MAX_LIMIT} (got "
                         f"{str(value)[:40]!r})") from None
    if limit < 1:
        raise InputError(f"limit must be at least 1 (at most {MAX_LIMIT}); got {limit}")
    return min(limit, MAX_LIMIT)
MAX_QUERY = 500
OPEN, CLOSE = "\x02", "\x03"
#: the text's snippet (its start when only the title matched: more telling than the title
#: again), the title's when there is no text
SNIPPET = ("CASE WHEN body = '' THEN snippet(docs, 5, char(2), char(3), '…', 28) "
           "ELSE snippet(docs, 6, char(2), char(3), '…', 28) END")
TOKEN = re.compile(r'"([^"]*)"?|(\S+)')
WORD = re.compile(r"\w", re.UNICODE)
#: words too common to require in every hit ("width of docks"); kept inside quoted phrases
STOPWORDS = frozenset({"a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in",
                       "is", "it", "of", "on", "or", "the", "to", "with"})


@dataclass
class Hit:
    """One ranked result; ``snippet`` marks matches with ``**``, ``snippet_html`` with mark."""

    iri: str
    kind: str
    jurisdiction: str
    section: str
    citation: str
    title: str
    snippet: str
    snippet_html: str
    score: float
    #: "literal" (the text matched) or "related" (the concept graph relates it to the text)
    match: str = "literal"
    #: a definition's defined term ("" for other kinds)
    term: str = ""
    #: for a related hit: the related concept and why ("boat hoist: a boat lift is a kind of it")
    related: str = ""

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def quote(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def fts_expression(text: str, any_word: bool = False) -> str:
    """Translate a search box string into FTS5 syntax; empty when nothing is searchable.

    ``any_word`` joins the terms with OR (the fallback when no document has them all).
    """
    if len(text) > MAX_QUERY:
        raise InputError(f"search text too long ({len(text)} characters, at most {MAX_QUERY})")
    parts: list[str] = []
    tokens = TOKEN.findall(text)
    content = [w for p, w in tokens if p or (w and w.lower().strip("*") not in STOPWORDS
                                                and w not in ("OR", "NOT", "AND"))]
    for phrase, word in tokens:
        if phrase:
            if WORD.search(phrase):
                parts.append(quote(phrase))
            continue
        if word in ("OR", "NOT", "AND"):
            if parts and parts[-1] not in ("OR", "NOT", "AND"):
                parts.append(word)
            continue
        prefix = word.endswith("*")
        word = word.strip("*").strip(".,;:!?()[]{}'\u2018\u2019")
        if not WORD.search(word) or (content and word.lower() in STOPWORDS and not prefix):
            continue
        parts.append(quote(word) + (" *" if prefix else ""))
    while parts and parts[-1] in ("OR", "NOT", "AND"):
        parts.pop()
    if any_word:
        if any(p in ("OR", "NOT", "AND") for p in parts):
            return ""  # the person chose the operators: no fallback
        return " OR ".join(parts) if len(parts) > 1 else ""
    return " ".join(parts)


def resolve_kinds(kinds: list[str] | tuple[str, ...] | None) -> tuple[str, ...]:
    chosen = tuple(k.strip().lower() for k in kinds or () if k.strip())
    unknown = [k for k in chosen if k not in KINDS]
    if unknown:
        raise InputError(f"unknown kind {unknown[0]!r}: one of {', '.join(KINDS)}")
    return chosen


def mark(snippet: str) -> tuple[str, str]:
    plain = snippet.replace(OPEN, "**").replace(CLOSE, "**")
    rich = html.escape(snippet).replace(OPEN, "<mark>").replace(CLOSE, "</mark>")
    return " ".join(plain.split()), " ".join(rich.split())


@dataclass
class Results:
    """Hits (best first), how many documents matched, and whether all words had to match
    (``all``) or, because no document has them all, any of them (``any``); ``related``: hits
    for what the concept graph relates to the text (labelled, never mixed with the literal
    hits); ``facets``: the literal matches counted by code and by kind (each count with the
    other filter applied)."""

    hits: list[Hit]
    total: int
    mode: str
    related: list[Hit] = field(default_factory=list)
    facets: dict[str, dict[str, int]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        return {"total": self.total, "matched": self.mode,
                "results": [h.to_dict() for h in self.hits],
                "related": [h.to_dict() for h in self.related], "facets": self.facets}


def search(text: str, *, jurisdiction: str | None = None,
           kinds: list[str] | tuple[str, ...] | None = None, limit: int = DEFAULT_LIMIT,
           index: Index | None = None) -> Results:
    """Ranked hits for ``text``: documents with every word, else (several plain words, none
    matching together) documents with any of them, the ones with more of them first."""
    expression = fts_expression(text)
    if not expression:
        raise InputError("nothing to search for: type one or more words")
    limit = max(1, min(int(limit), MAX_LIMIT))
    chosen = resolve_kinds(kinds)
    index = index or default_index()
    hits, total = run(index, expression, text, jurisdiction, chosen, limit)
    mode = "all"
    if not total:
        fallback = fts_expression(text, any_word=True)
        if fallback:
            expression, mode = fallback, "any"
            hits, total = run(index, fallback, text, jurisdiction, chosen, limit)
    return Results(hits, total, mode,
                   related_hits(index, text, jurisdiction, chosen, hits),
                   facets(index, expression, jurisdiction, chosen))


#: at most this many related hits per related concept, and in all
RELATED_PER_CONCEPT, RELATED_MAX = 3, 24


def related_hits(index: Index, text: str, jurisdiction: str | None,
                 chosen: tuple[str, ...], literal: list[Hit]) -> list[Hit]:
    """Hits for the concepts the graph relates to ``text`` (when ``text`` names a concept):
    each related concept's definitions, then its best documents (in its own code), each
    labelled with the concept and the relation. A definition already among the ``literal``
    hits stays there, its relation noted on it (Keuka's BOAT HOIST, "to raise or lift a boat",
    matches "boat lift" literally, and ranks in or out of the first hits as the corpus grows)."""
    by_iri = {h.iri: h for h in literal}
    seen = set(by_iri)
    from docklaw.search.concepts import normalise

    term = normalise(text.replace('"', " "))
    if not term:
        return []
    try:
        relations = index.execute(
            "SELECT DISTINCT related_label, jurisdiction, via, definitions FROM concepts "
            "WHERE term = ? ORDER BY jurisdiction = '', jurisdiction, related_label", [term])
    except sqlite3.OperationalError:  # an index without concepts: no related hits
        return []
    out: list[Hit] = []
    for label, jid, via, definitions in relations:
        if jurisdiction and jid and jid != jurisdiction:
            continue
        why = f"{label}{f' ({_code_name(jid)})' if jid else ''}: {via}"
        found: list[Hit] = []
        for iri in definitions.split():
            if iri in by_iri and not by_iri[iri].related:
                by_iri[iri].related = why  # (a literal hit: its match stays "literal")
            for hit in _by_iri(index, iri, chosen):
                found.append(hit)
        expression = quote(label)
        if expression.strip('"'):
            hits, _ = run(index, expression, label, jid or jurisdiction, chosen,
                          RELATED_PER_CONCEPT + len(found))
            found.extend(hits)
        for hit in found:
            if hit.iri in seen or len(out) >= RELATED_MAX:
                continue
            seen.add(hit.iri)
            hit.match, hit.related = "related", why
            out.append(hit)
            if sum(1 for h in out if h.related == why) >= RELATED_PER_CONCEPT:
                break
    return out


def _code_name(jid: str) -> str:
    """The code's water body or municipality, as people name it."""
    from docklaw import jurisdictions

    found = jurisdictions.find(jid)
    return (found.waterbody or found.label) if found is not None else jid


def _by_iri(index: Index, iri: str, chosen: tuple[str, ...]) -> list[Hit]:
    where, params = ["iri = ?"], [iri]
    if chosen:
        where.append(f"kind IN ({', '.join('?' for _ in chosen)})")
        params.extend(chosen)
    rows = index.execute("SELECT iri, kind, jurisdiction, section, citation, title, body "
                         f"FROM docs WHERE {' AND '.join(where)} LIMIT 1", params)
    out = []
    for iri_, kind, jid, section, citation, title, body in rows:
        text = " ".join(str(body).split())
        text = text if len(text) <= 220 else text[:219] + "…"
        out.append(Hit(iri_, kind, jid, section, citation, title, text, html.escape(text), 0.0,
                       term=title if kind == "definition" else ""))
    return out


def facets(index: Index, expression: str, jurisdiction: str | None,
           chosen: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """The matches counted per code (with the kind filter) and per kind (with the code
    filter): what choosing one of them would leave."""
    out: dict[str, dict[str, int]] = {"jurisdiction": {}, "kind": {}}
    if not expression:
        return out
    base, params = ["docs MATCH ?"], [expression]
    by_code, code_params = list(base), list(params)
    if chosen:
        by_code.append(f"kind IN ({', '.join('?' for _ in chosen)})")
        code_params.extend(chosen)
    by_kind, kind_params = list(base), list(params)
    if jurisdiction:
        by_kind.append("jurisdiction = ?")
        kind_params.append(jurisdiction)
    try:
        for jid, n in index.execute(f"SELECT jurisdiction, count(*) FROM docs WHERE "
                                    f"{' AND '.join(by_code)} GROUP BY jurisdiction "
                                    "ORDER BY jurisdiction", code_params):
            out["jurisdiction"][jid or "(shared)"] = int(n)
        for kind, n in index.execute(f"SELECT kind, count(*) FROM docs WHERE "
                                     f"{' AND '.join(by_kind)} GROUP BY kind ORDER BY kind",
                                     kind_params):
            out["kind"][kind] = int(n)
    except sqlite3.OperationalError:
        return {"jurisdiction": {}, "kind": {}}
    return out


def run(index: Index, expression: str, text: str, jurisdiction: str | None,
        chosen: tuple[str, ...], limit: int) -> tuple[list[Hit], int]:
    where, params = ["docs MATCH ?"], [expression]
    if jurisdiction:
        where.append("jurisdiction = ?")
        params.append(jurisdiction)
    if chosen:
        where.append(f"kind IN ({', '.join('?' for _ in chosen)})")
        params.extend(chosen)
    weight = " ".join(f"WHEN '{k}' THEN {w}" for k, w in KIND_WEIGHT.items())
    sql = (
        "SELECT iri, kind, jurisdiction, section, citation, title, "
        f"{SNIPPET}, "
        f"bm25(docs, 0, 0, 0, 0, 0, {TITLE_WEIGHT}, {BODY_WEIGHT}) * "
        f"(CASE kind {weight} ELSE 1.0 END) AS score "
        f"FROM docs WHERE {' AND '.join(where)} ORDER BY score, iri LIMIT ?"
    )
    try:
        rows = index.execute(sql, [*params, limit])
        (total,) = index.execute(
            f"SELECT count(*) FROM docs WHERE {' AND '.join(where)}", params)[0]
    except sqlite3.OperationalError as exc:
        raise InputError(f"cannot search for {text!r}: {exc}") from None
    hits = []
    for iri, kind, jid, section, citation, title, snippet, score in rows:
        plain, rich = mark(snippet)
        hits.append(Hit(iri, kind, jid, section, citation, title, plain, rich,
                        round(-score, 3), term=title if kind == "definition" else ""))
    return hits, int(total)


def matches(text: str, kinds: list[str] | tuple[str, ...] | None = None,
            index: Index | None = None) -> dict[str, tuple[float, str]]:
    """Every matching node -> (best score, its snippet): what the SPARQL functions look up."""
    expression = fts_expression(text)
    if not expression:
        return {}
    chosen = resolve_kinds(kinds)
    where, params = ["docs MATCH ?"], [expression]
    if chosen:
        where.append(f"kind IN ({', '.join('?' for _ in chosen)})")
        params.extend(chosen)
    sql = (f"SELECT iri, {SNIPPET}, "
           f"bm25(docs, 0, 0, 0, 0, 0, {TITLE_WEIGHT}, {BODY_WEIGHT}) AS score "
           f"FROM docs WHERE {' AND '.join(where)} ORDER BY score DESC")
    try:
        rows = (index or default_index()).execute(sql, params)
    except sqlite3.OperationalError as exc:
        raise InputError(f"cannot search for {text!r}: {exc}") from None
    # ascending by quality: a later (better) row of the same node overwrites an earlier one
    return {iri: (round(-score, 3), mark(snippet)[0]) for iri, snippet, score in rows}
