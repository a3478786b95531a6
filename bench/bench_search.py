"""(f) Full-text search: index build time (cold, from the law graph; warm, verified open) and
search latency per question (p50/p95 over repeated runs), plus the same question through
SPARQL (``dlf:textScore`` on the embedded Oxigraph store).

Run: ``python bench/bench_search.py`` (builds into a temporary cache, leaves the real one).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import loadavg, machine, ms, p50_p95

QUESTIONS = ["boat lift", "eelgrass", '"water rights line"', "moor*", "width of docks",
             "how long may a boat on a boat lift be", "catwalk OR float", "§ 56-2D"]
ROUNDS = 200


def main() -> None:
    os.environ["DOCKLAW_CACHE"] = tempfile.mkdtemp(prefix="docklaw-bench-search-")
    from docklaw.kg.build import law_graph
    from docklaw.search import index
    from docklaw.search.query import search

    print(machine())
    print(f"load average before: {loadavg()}")
    started = time.perf_counter()
    graph = law_graph()
    parse = time.perf_counter() - started
    started = time.perf_counter()
    built = index.cached(lambda: graph)
    build = time.perf_counter() - started
    built.close()
    started = time.perf_counter()
    warm = index.cached()
    reopen = time.perf_counter() - started
    print(f"law graph parse: {ms(parse)}; index build (documents, FTS5, verify, rename): "
          f"{ms(build)} for {warm.count} documents; verified warm open: {ms(reopen)}")
    print(f"{'question':44s} {'hits':>5s} {'p50':>9s} {'p95':>9s}")
    for q in QUESTIONS:
        times = []
        for _ in range(ROUNDS):
            t0 = time.perf_counter()
            found = search(q, index=warm)
            times.append(time.perf_counter() - t0)
        p50, p95 = p50_p95(times)
        print(f"{q:44s} {found.total:5d} {ms(p50):>9s} {ms(p95):>9s}")

    from docklaw.kg.build import closure_graph
    from docklaw.namespaces import LAW_GRAPH_IRI
    from docklaw.search.sparql import install
    from docklaw.sparql.backends import open_store

    store = install(open_store("memory", execution="inline"))
    store.add_graph(LAW_GRAPH_IRI, closure_graph())
    text = """PREFIX dl: <https://w3id.org/docklaw/ontology#>
PREFIX dlf: <https://w3id.org/docklaw/function#>
SELECT ?s ?score WHERE { ?s dl:citation ?c .
  BIND(dlf:textScore(?s, "boat lift") AS ?score) FILTER(BOUND(?score)) } ORDER BY DESC(?score)"""
    times = []
    for _ in range(20):
        t0 = time.perf_counter()
        rows = store.query(text, timeout=60).rows
        times.append(time.perf_counter() - t0)
    p50, p95 = p50_p95(times)
    print(f"SPARQL dlf:textScore over every cited node ({len(rows)} rows): "
          f"p50 {ms(p50)}, p95 {ms(p95)}")
    print(f"load average after: {loadavg()}")


if __name__ == "__main__":
    main()
