"""Embedded Oxigraph on disk: the law graph survives restarts and is loaded once.

Why: parsing and loading the closure costs seconds per process; a server (or many CLI
runs) can instead open a store that ``docklaw load --store oxigraph:PATH`` filled. Query
semantics are the in-memory ``OxigraphStore``'s (named graphs, default graph = their
union, same safety check, same forked runner); only the storage differs. Large N-Triples
files go through Oxigraph's bulk loader (``load_file``), not through rdflib.
"""

from __future__ import annotations

import time
from pathlib import Path

import pyoxigraph as ox
from rdflib import Graph

from docklaw.errors import InputError
from docklaw.sparql.runner import InlineRunner, ProcessRunner
from docklaw.sparql.store import Functions, OxigraphStore, QueryPlan, QueryResult

OPEN_ATTEMPTS = 5  # a query worker's read-only open, before the store is called broken


def broken_store(path: Path, exc: BaseException) -> str:
    """The message for a directory that is not a readable store, with the repairing command
    (a load killed mid-way before loads were atomic left such directories behind)."""
    first = (str(exc).splitlines() or [type(exc).__name__])[0][:200]
    return (f"cannot open oxigraph store at {path} ({first}); it is incomplete or damaged: "
            f"rebuild it with `docklaw load --store oxigraph:{path} --replace`")


class PersistentOxigraphStore(OxigraphStore):
    """``OxigraphStore`` backed by a RocksDB directory instead of memory."""

    backend = "oxigraph-disk"

    def __init__(self, path: str | Path, execution: str = "process", workers: int = 2, *,
                 read_only: bool = False) -> None:
        super().__init__(execution, workers)
        self.path = Path(path).expanduser()
        self.read_only = read_only
        if self.path.exists() and not self.path.is_dir():
            raise InputError(f"oxigraph store location {self.path} is a file, not a directory")
        if read_only and not self.path.is_dir():
            raise InputError(f"no oxigraph store at {self.path}: create and fill it with "
                             f"`docklaw load --store oxigraph:{self.path}`")
        try:
            self.store = (ox.Store.read_only(str(self.path)) if read_only
                          else ox.Store(str(self.path)))
        except Exception as exc:  # RocksDB reports a broken directory in several ways
            raise InputError(broken_store(self.path, exc)) from None

    def __repr__(self) -> str:
        return f"PersistentOxigraphStore({str(self.path)!r})"

    @property
    def runner(self) -> ProcessRunner | InlineRunner:
        """Query workers are spawned, not forked, and open the directory read-only.

        Why: a forked child inheriting this process's RocksDB handle can block forever if
        one of RocksDB's background threads held a lock at the moment of fork.
        """
        if self._runner is None:
            self._runner = (
                ProcessRunner(_DiskExecute(str(self.path), self.function_sets), self.workers,
                              self.worker_memory,
                              start_method="spawn", recycle_bytes=self.worker_recycle)
                if self.execution == "process" else InlineRunner(self.execute))
        return self._runner

    def add_graph(self, name: str, graph: Graph) -> None:
        """Add ``graph`` to the named graph ``name`` (persisted; adds to what is there)."""
        self._writable()
        super().add_graph(name, graph)
        self.store.flush()

    def _writable(self) -> None:
        if self.read_only:
            raise InputError(f"oxigraph store at {self.path} is open read-only")

    def drop_graph(self, name: str) -> None:
        """Remove the named graph ``name`` (``docklaw load --replace``)."""
        self._writable()
        self._names = None
        target = ox.NamedNode(name)
        if self.store.contains_named_graph(target):
            self.store.remove_graph(target)
        self.store.flush()

    def load_file(self, name: str, path: Path, fmt: ox.RdfFormat = ox.RdfFormat.N_TRIPLES) -> int:
        """Bulk-load a (large) RDF file into the named graph ``name``; returns the new size."""
        self._writable()
        self._names = None
        target = ox.NamedNode(name)
        self.store.add_graph(target)
        self.store.bulk_load(path=str(path), format=fmt, to_graph=target)
        self.store.flush()
        return len(self.store)

    def close(self) -> None:
        super().close()
        if not self.read_only:
            self.store.flush()


class _DiskExecute:
    """Picklable query executor for spawned workers: opens its own read-only handle (with
    the custom functions the parent's store was given)."""

    def __init__(self, path: str, function_sets: tuple[Functions, ...] = ()) -> None:
        self.path = path
        self.function_sets = function_sets
        self._store: PersistentOxigraphStore | None = None

    def __call__(self, plan: QueryPlan, max_rows: int | None, *,
                 deadline: float | None) -> QueryResult:
        if self._store is None:
            self._store = open_read_only(self.path)
            for functions in self.function_sets:
                self._store.add_functions(functions)
        return self._store.execute(plan, max_rows, deadline=deadline)


def open_read_only(path: str) -> PersistentOxigraphStore:
    """A read-only handle on a store another process may be writing.

    Why retry: RocksDB's read-only open lists the writer's table files and then reads them;
    a background compaction of the writer can delete one in between (seen once in CI as a
    query worker refusing a freshly loaded store). A store that stays unreadable over
    ``OPEN_ATTEMPTS`` tries (about 1.5 s) is broken and the error names it.
    """
    for attempt in range(OPEN_ATTEMPTS):
        try:
            return PersistentOxigraphStore(path, execution="inline", read_only=True)
        except InputError:
            if attempt == OPEN_ATTEMPTS - 1 or not Path(path).is_dir():
                raise
            time.sleep(0.1 * 2 ** attempt)
    raise AssertionError("unreachable")
