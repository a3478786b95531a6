"""Find cross-references in a node's text: "§ 56-3D", "§ 56-2A, B, C", "§ 42-7A or 42-7B",
"Subsection C(1)(a) through (d)", "Section 73-8"; and references to other laws
("§ 267-a of the Town Law", "General Municipal Law § 239-m"), which stay literals.

Each printed reference yields one ``Reference``: its text as printed and the absolute
citations it names (lists and ranges expanded), or, for other laws, ``external=True``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

PATH = r"(?P<letter>[A-Z](?![A-Za-z]))?(?P<num>\(\d+\))?(?P<low>\([a-z]\))?(?P<br>\[\d+\])?"
START_RE = re.compile(
    r"(?P<kw>§|\bSections?\b|\bSubsections?\b|\bChapter\b)\s*"
)
NUMBER_RE = re.compile(r"(?P<ch>\d+)-(?P<sec>\d+)(?![\d-])" + PATH)
EXT_TOKEN_RE = re.compile(r"[0-9A-Za-z]+(?:-[0-9A-Za-z]+)*(?:\(\w+\))*")
REL_RE = re.compile(PATH)
SEP_RE = re.compile(r"(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)")
THROUGH_RE = re.compile(r"\s+through\s+")
CONT_NUMBER_RE = re.compile(r"(?:§\s*)?" + NUMBER_RE.pattern)
CONT_LETTER_RE = re.compile(r"(?P<letter>[A-Z](?![A-Za-z]))" + PATH[PATH.index("(?P<num>"):])
COMPONENT_RE = re.compile(r"\((?P<num>\d+)\)|\((?P<low>[a-z])\)|\[(?P<br>\d+)\]")
EXT_SUFFIX_RE = re.compile(
    r"(?:,\s+(?:Subdivision\s+\S+|[A-Z][a-z][^,.;]*,))?,?\s+of\s+(?:the\s+|said\s+)?"
    r"(?:[A-Z][\w\-]*\s+)*(?:Law|Code|law)\b"
)
EXT_PREFIX_RE = re.compile(r"(?:(?:[A-Z][\w\-]*|of|the)\s+)*?(?:[A-Z][\w\-]*\s+)*Law,?\s+$")


@dataclass
class Reference:
    """One printed reference and what it names."""

    text: str
    targets: list[str] = field(default_factory=list)  # absolute citations, e.g. "§ 56-2G"
    external: bool = False
    absolute: bool = True  # printed with its section number (so it attests that number)


def _path_parts(m: re.Match[str]) -> list[tuple[str, str]]:
    parts = []
    for key in ("letter", "num", "low", "br"):
        v = m.group(key)
        if v:
            parts.append((key, v.strip("()[]")))
    return parts


def _render(section: str, parts: list[tuple[str, str]]) -> str:
    out = section
    for key, v in parts:
        out += v if key == "letter" else (f"[{v}]" if key == "br" else f"({v})")
    return out


def _expand_range(first: list[tuple[str, str]], last: tuple[str, str]) -> list[list]:
    """'C(1)(a) through (d)' -> C(1)(a), C(1)(b), C(1)(c), C(1)(d)."""
    key, lo = first[-1]
    hi = last[1]
    if key != last[0]:
        return [first, [*first[:-1], last]]
    if lo.isdigit() and hi.isdigit():
        values = [str(n) for n in range(int(lo), int(hi) + 1)]
    elif len(lo) == 1 and len(hi) == 1:
        values = [chr(c) for c in range(ord(lo), ord(hi) + 1)]
    else:
        values = [lo, hi]
    return [[*first[:-1], (key, v)] for v in values]


def find_references(text: str, section_citation: str, chapter: str | None) -> list[Reference]:
    """Every reference printed in ``text`` (whitespace already normalised)."""
    refs: list[Reference] = []
    pos = 0
    while True:
        m = START_RE.search(text, pos)
        if not m:
            break
        kw = m.group("kw")
        at = m.end()
        if kw.startswith("Subsection"):
            rel = REL_RE.match(text, at)
            if not rel or not rel.group(0):
                pos = at
                continue
            items = [_path_parts(rel)]
            end = _continue(text, rel.end(), items, None)
            refs.append(Reference(text[m.start():end],
                                  [_render(section_citation, p) for p in items], absolute=False))
            pos = end
            continue
        num = NUMBER_RE.match(text, at)
        internal = (
            kw != "Chapter" and num is not None and chapter is not None
            and num.group("ch") == chapter and not _followed_by_other_law(text, num.end())
        )
        if internal:
            assert num is not None
            sec = f"§ {num.group('ch')}-{num.group('sec')}"
            items = [[("section", sec), *_path_parts(num)]]
            end = _continue(text, num.end(), items, sec)
            targets = [_render(p[0][1], p[1:]) for p in items]
            refs.append(Reference(text[m.start():end], targets))
            pos = end
            continue
        tok = EXT_TOKEN_RE.match(text, at)
        if not tok or not any(c.isdigit() for c in tok.group(0)):
            pos = at
            continue
        end = tok.end()
        suffix = EXT_SUFFIX_RE.match(text, end)
        if suffix:
            end = suffix.end()
        begin = m.start()
        prefix = EXT_PREFIX_RE.search(text[max(0, begin - 80):begin])
        if prefix and not suffix:
            begin = begin - len(text[max(0, begin - 80):begin]) + prefix.start()
        refs.append(Reference(text[begin:end].rstrip(",. "), external=True))
        pos = end
    return refs


def _followed_by_other_law(text: str, end: int) -> bool:
    m = EXT_SUFFIX_RE.match(text, end)
    return bool(m and m.group(0).lower().endswith("law"))


def _continue(text: str, pos: int, items: list[list], section: str | None) -> int:
    """Consume list continuations (", B", " and H", " or 42-7B", " through (d)")."""
    while True:
        th = THROUGH_RE.match(text, pos)
        if th:
            comp = COMPONENT_RE.match(text, th.end())
            if comp:
                key = next(k for k in ("num", "low", "br") if comp.group(k))
                last = items.pop()
                head = last[:1] if last and last[0][0] == "section" else []
                body = last[len(head):]
                items.extend([*head, *p] for p in _expand_range(body, (key, comp.group(key))))
                pos = comp.end()
                continue
        sep = SEP_RE.match(text, pos)
        if not sep:
            return pos
        after = sep.end()
        if section is not None:
            cn = CONT_NUMBER_RE.match(text, after)
            if cn and cn.group("ch") == section[2:].split("-")[0]:
                sec = f"§ {cn.group('ch')}-{cn.group('sec')}"
                items.append([("section", sec), *_path_parts(cn)])
                pos = cn.end()
                continue
        cl = CONT_LETTER_RE.match(text, after)
        if cl and items and _letters_continue(items[-1]):
            head = [p for p in items[-1] if p[0] == "section"]
            items.append([*head, *_path_parts(cl)])
            pos = cl.end()
            continue
        return pos


def _letters_continue(prev: list[tuple[str, str]]) -> bool:
    """A bare capital continues a list only after an item that itself has a letter."""
    return any(k == "letter" for k, _ in prev)
