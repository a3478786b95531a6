"""Amendment and history brackets: "[Amended 12-16-2025 by L.L. No. 14-2025; 6-11-2026 by
L.L. No. 6-2026]", "[Adopted 9-12-2011 by L.L. No. 3-2011[1]]", "[HISTORY: Adopted ... 4-5-2016
by L.L. No. 1-2016;[1] amended in its entirety 10-16-2024 by L.L. No. 4-2024. ...]".
One entry per local law, each with its kind and date.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

ENTRY_RE = re.compile(
    r"(?P<m>\d{1,2})-(?P<d>\d{1,2})-(?P<y>\d{4})\s+by\s+L\.\s?L\.\s+No\.\s+(?P<no>\d+)-(?P<year>\d{4})"
)
KIND_RE = re.compile(r"\b(adopted|added|amended in its entirety|amended)\b", re.IGNORECASE)
KINDS = {"adopted": "Adopted", "added": "Added", "amended": "Amended",
         "amended in its entirety": "AmendedInEntirety"}


@dataclass(frozen=True)
class Entry:
    """One local law named in a bracket."""

    kind: str  # Adopted | Added | Amended | AmendedInEntirety
    date: date
    number: int
    year: int


def parse_bracket(text: str) -> list[Entry]:
    """Every (kind, date, local law) in a bracket; the kind carries over within a bracket."""
    entries: list[Entry] = []
    kind = "Amended"
    for clause in re.split(r";", text):
        k = KIND_RE.search(clause)
        if k:
            kind = KINDS[k.group(1).lower()]
        for m in ENTRY_RE.finditer(clause):
            entries.append(Entry(kind, date(int(m["y"]), int(m["m"]), int(m["d"])),
                                 int(m["no"]), int(m["year"])))
    return entries
