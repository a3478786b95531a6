"""A store's size and content hash, to prove that nothing (no update, no load) changed it.

Why: the endpoint is read-only by design; the test suite and the load test compare the
fingerprint before and after and fail if a single quad was added or removed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from rdflib import Graph

from docklaw.sparql.store import OxigraphStore, RdflibStore, Store


def _digest(lines: Iterable[str]) -> str:
    sha = hashlib.sha256()
    for line in sorted(lines):
        sha.update(line.encode("utf-8"))
        sha.update(b"\n")
    return sha.hexdigest()


def store_fingerprint(store: Store) -> tuple[int, str]:
    """(quad count, sha256 of the sorted quads) of an in-process store."""
    if isinstance(store, OxigraphStore):
        quads = [str(q) for q in store.store.quads_for_pattern(None, None, None, None)]
    elif isinstance(store, RdflibStore):
        quads = [" ".join(t.n3() for t in (s, p, o, getattr(g, "identifier", g))
                          if t is not None)
                 for s, p, o, g in store.dataset.quads((None, None, None, None))]
    else:
        raise TypeError(f"cannot fingerprint a {type(store).__name__} (not an in-process store)")
    return len(quads), _digest(quads)


def graph_fingerprint(graph: Graph) -> tuple[int, str]:
    """(triple count, sha256 of the sorted triples) of an rdflib graph."""
    return len(graph), _digest(f"{s.n3()} {p.n3()} {o.n3()}" for s, p, o in graph)
