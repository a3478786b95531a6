"""The saved-query catalogue: each ``queries/*.rq`` file describes itself in header comments.

A header is ``# title: ...``, ``# question: ...`` and any number of
``# param: NAME TYPE DEFAULT - DESCRIPTION`` lines (DEFAULT ``-`` means optional, unbound).
Reading the header here keeps the catalogue, the CLI and the web form in step with the files.
Only the catalogue requires the title and question: a user's own ``.rq`` file (``docklaw query
my.rq``) runs as it is, named by its file, with any ``# param:`` lines it declares.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from docklaw import paths
from docklaw.errors import InputError

PARAM_TYPES: frozenset[str] = frozenset(
    {"string", "integer", "decimal", "boolean", "date", "iri", "jurisdiction"})
_PARAM = re.compile(r"^#\s*param:\s*(\S+)\s+(\S+)\s+(\S+)\s*(?:-\s*(.*))?$")
_FIELD = re.compile(r"^#\s*(title|question):\s*(.*)$")


@dataclass(frozen=True)
class Param:
    """One declared parameter of a saved query."""

    name: str
    type: str
    default: str | None
    description: str


@dataclass(frozen=True)
class SavedQuery:
    """A saved query file with its parsed header."""

    name: str
    path: Path
    title: str
    question: str
    params: tuple[Param, ...] = field(default_factory=tuple)

    @property
    def text(self) -> str:
        return read_query(self.path)

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


def read_query(path: Path) -> str:
    """A query file's text (UTF-8; a byte-order mark, as some editors write, is dropped)."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path.name}: not UTF-8 text (byte offset {exc.start})") from None
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from None


def parse_header(path: Path, *, saved: bool = True) -> SavedQuery:
    """Read a query file's header comment; a malformed header is an input error naming the line.

    ``saved`` (the catalogue in ``queries/``): the title and question lines are required.
    Otherwise (a user's own file) they are optional: the title defaults to the file's name."""
    fields: dict[str, str] = {}
    params: list[Param] = []
    for number, line in enumerate(read_query(path).splitlines(), start=1):
        if not line.startswith("#"):
            break
        if m := _FIELD.match(line):
            fields[m.group(1)] = m.group(2).strip()
        elif line.lstrip("# ").startswith("param:"):
            m = _PARAM.match(line)
            if not m or m.group(2) not in PARAM_TYPES:
                raise InputError(f"{path.name}: bad parameter declaration {line!r}"
                                 f" (expected '# param: name type default - description',"
                                 f" type one of {', '.join(sorted(PARAM_TYPES))})", line=number)
            default = None if m.group(3) == "-" else m.group(3)
            params.append(Param(m.group(1), m.group(2), default, (m.group(4) or "").strip()))
    for required in ("title", "question") if saved else ():
        if required not in fields:
            raise InputError(f"{path.name}: header has no '# {required}:' line", line=1)
    return SavedQuery(path.stem, path, fields.get("title", path.name),
                      fields.get("question", ""), tuple(params))


@lru_cache(maxsize=1)
def catalogue() -> dict[str, SavedQuery]:
    """Every saved query by name (file stem), in name order."""
    files = sorted(paths.QUERIES_DIR.glob("*.rq"))
    return {q.name: q for q in (parse_header(f) for f in files)}


def get(name: str) -> SavedQuery:
    try:
        return catalogue()[name]
    except KeyError:
        known = ", ".join(catalogue())
        raise InputError(f"no saved query named {name!r}; known: {known}") from None
