"""The search index: an SQLite FTS5 table, built once and cached beside the graph caches.

Why SQLite FTS5: it ships with Python (no service to run), ranks with bm25, highlights
snippets, and its porter tokenizer stems ("lifts", "lifting" -> "lift"). The index is keyed by
the digest of every input of the knowledge graph plus this package's own code, written to a
temporary file, verified (row count, FTS5 integrity check) and only then renamed into place;
a file that fails verification on open is rebuilt, so a partial index is never served.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from docklaw.errors import DocklawError

if TYPE_CHECKING:  # rdflib is imported only when an index must be built
    from rdflib import Graph

    from docklaw.search.concepts import Relation
    from docklaw.search.documents import Document

#: bump when the table layout changes (the code digest covers the rest)
SCHEMA_VERSION = "2"  # 2: the concepts table (docklaw.search.concepts)
COLUMNS = ("iri", "kind", "jurisdiction", "section", "citation", "title", "body")
TOKENIZER = "porter unicode61 remove_diacritics 2"
CREATE = (
    "CREATE VIRTUAL TABLE docs USING fts5("
    "iri UNINDEXED, kind UNINDEXED, jurisdiction UNINDEXED, section UNINDEXED, "
    f"citation UNINDEXED, title, body, tokenize='{TOKENIZER}')"
)


class IndexUnavailable(DocklawError):
    """SQLite lacks FTS5 or the porter tokenizer, or the index cannot be built."""

    exit_code = 3
    http_status = 503


def check_fts5() -> None:
    """Refuse clearly when this Python's SQLite cannot do what the index needs."""
    try:
        with sqlite3.connect(":memory:") as conn:
            conn.execute(f"CREATE VIRTUAL TABLE t USING fts5(a, tokenize='{TOKENIZER}')")
    except sqlite3.OperationalError as exc:
        raise IndexUnavailable(
            f"full-text search needs SQLite with FTS5 and the porter tokenizer "
            f"(SQLite {sqlite3.sqlite_version}: {exc})") from None


def code_digest() -> str:
    h = hashlib.sha256(SCHEMA_VERSION.encode())
    for path in sorted(Path(__file__).parent.glob("*.py")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def default_key() -> str:
    """Inputs of the knowledge graph + this package's code."""
    from docklaw.kg.build import inputs_digest

    return f"{inputs_digest()}-{code_digest()}"


def default_path(key: str | None = None) -> Path:
    from docklaw.kg.build import cache_dir

    return cache_dir() / f"search-{key or default_key()}.sqlite"


CONCEPT_COLUMNS = ("term", "label", "related", "related_label", "jurisdiction", "via",
                   "definitions")


def write(conn: sqlite3.Connection, docs: Iterable[Document], key: str,
          relations: Iterable[Relation] = ()) -> int:
    """Create the tables, insert the documents and the concept relations, record key and
    count; returns the count of documents."""
    conn.execute(CREATE)
    conn.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute(f"CREATE TABLE concepts ({', '.join(CONCEPT_COLUMNS)})")
    conn.execute("CREATE INDEX concepts_term ON concepts (term)")
    conn.executemany(f"INSERT INTO concepts VALUES ({', '.join('?' for _ in CONCEPT_COLUMNS)})",
                     sorted({tuple(getattr(r, c) for c in CONCEPT_COLUMNS) for r in relations}))
    rows = [tuple(getattr(d, c) for c in COLUMNS) for d in docs]
    conn.executemany(f"INSERT INTO docs ({', '.join(COLUMNS)}) VALUES (?,?,?,?,?,?,?)", rows)
    conn.execute("INSERT INTO docs(docs) VALUES ('optimize')")
    conn.executemany("INSERT INTO meta VALUES (?, ?)",
                     [("key", key), ("count", str(len(rows))), ("complete", "1")])
    conn.commit()
    return len(rows)


def verify(conn: sqlite3.Connection, key: str, *, deep: bool = False) -> None:
    """Raise sqlite3.DatabaseError unless this is a complete index for ``key``.

    ``deep`` (at build time, needs a writable connection) adds FTS5's own integrity check of
    the full-text index against its content; every open checks the file and the counts.
    """
    meta = dict(conn.execute("SELECT name, value FROM meta").fetchall())
    if meta.get("key") != key or meta.get("complete") != "1":
        raise sqlite3.DatabaseError(f"index is for {meta.get('key')!r}, not {key!r}")
    (count,) = conn.execute("SELECT count(*) FROM docs").fetchone()
    if str(count) != meta.get("count") or not count:
        raise sqlite3.DatabaseError(f"index holds {count} documents, expected {meta['count']}")
    if deep:
        conn.execute("INSERT INTO docs(docs, rank) VALUES ('integrity-check', 1)")
    conn.execute("SELECT count(*) FROM docs WHERE docs MATCH 'dock'").fetchone()
    (ok,) = conn.execute("PRAGMA quick_check").fetchone()
    if ok != "ok":
        raise sqlite3.DatabaseError(f"index damaged: {ok}")


class Index:
    """An open, verified index; safe to share between threads (one lock, short queries)."""

    def __init__(self, conn: sqlite3.Connection, source: str, count: int) -> None:
        self.conn = conn
        self.source = source
        self.count = count
        self.lock = threading.Lock()
        self.pid = os.getpid()

    def execute(self, sql: str, params: Iterable[object] = ()) -> list[tuple]:
        with self.lock:
            return self.conn.execute(sql, tuple(params)).fetchall()

    def close(self) -> None:
        self.conn.close()


def in_memory(graph: Graph) -> Index:
    """An index of ``graph`` (a test graph, a store snapshot) built in memory."""
    from docklaw.search.concepts import rows
    from docklaw.search.documents import documents

    check_fts5()
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    count = write(conn, documents(graph), "memory", rows(graph))
    return Index(conn, "memory", count)


def open_file(path: Path, key: str) -> Index:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    try:
        verify(conn, key)
    except Exception:
        conn.close()
        raise
    (count,) = conn.execute("SELECT count(*) FROM docs").fetchone()
    return Index(conn, str(path), count)


def build_file(path: Path, key: str, graph: Graph) -> int:
    """Write the index to a temporary file, verify it, then rename it into place."""
    from docklaw.search.concepts import rows
    from docklaw.search.documents import documents

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.unlink(missing_ok=True)
    try:
        with sqlite3.connect(tmp) as conn:
            count = write(conn, documents(graph), key, rows(graph))
            verify(conn, key, deep=True)
        conn.close()
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
    return count


def cached(loader: Callable[[], Graph] | None = None, key: str | None = None,
           path: Path | None = None) -> Index:
    """The index of the law graph, from the cache when a verified one is there.

    A missing, stale or damaged file is rebuilt from ``loader()`` (default: the asserted law
    graph); where the cache cannot be written the index is built in memory instead.
    """
    check_fts5()
    key = key or default_key()
    path = path or default_path(key)
    if path.exists():
        try:
            return open_file(path, key)
        except sqlite3.DatabaseError:
            path.unlink(missing_ok=True)  # damaged or partial: rebuilt below
    if loader is None:
        from docklaw.kg.build import law_graph

        loader = law_graph
    graph = loader()
    try:
        build_file(path, key, graph)
        return open_file(path, key)
    except (OSError, sqlite3.DatabaseError):
        return in_memory(graph)  # read-only cache location: pay the build, serve the same


_default: Index | None = None
_default_lock = threading.Lock()


def default_index() -> Index:
    """This process's index of the bundled law (reopened after a fork)."""
    global _default
    with _default_lock:
        if _default is None or _default.pid != os.getpid():
            _default = cached()
        return _default
