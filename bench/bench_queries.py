"""(d) Every saved query's latency (p50/p95) per backend, on the five-code graph and on a
synthetic graph of 1,000 jurisdictions, and docklaw's overhead over raw pyoxigraph.

docklaw's path is ``Store.query`` (safety check with rdflib's SPARQL parser, cached per
query text; the runner; conversion of every row to rdflib terms, memoised); "raw" is the
same query sent straight to the same ``pyoxigraph.Store`` with every solution materialised.
Execution modes: ``inline`` (calling thread, soft timeout) and ``process`` (forked worker,
hard timeout: what the web service uses).
rdflib runs on the five-code graph only (see RESULTS.md for why).

    python bench/bench_queries.py [--jurisdictions 1000] [--remote http://127.0.0.1:7878]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyoxigraph as ox

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import machine, ms, p50_p95
from docklaw import paths
from docklaw.kg.build import closure_graph
from docklaw.namespaces import LAW_GRAPH_IRI
from docklaw.sparql.backends import load_graph, open_store
from docklaw.sparql.persistent import PersistentOxigraphStore
from docklaw.sparql.safety import clear_cache
from docklaw.sparql.store import OxigraphStore, Store
from synth import synthetic_path

Timings = dict[str, list[float]]
#: Queries killed at the hard limit, per column (large graph).
TIMED_OUT: dict[str, list[str]] = {}


def queries() -> dict[str, str]:
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(paths.QUERIES_DIR.glob("*.rq"))}


def with_defaults() -> dict[str, str]:
    """Every saved query's text with its declared default parameters bound (a VALUES block,
    as ``docklaw query NAME`` and the web app send it): what a user's first question runs."""
    from docklaw.queries.catalogue import catalogue
    from docklaw.queries.run import bind_values, bindings_for

    return {name: bind_values(q.text, bindings_for(q, {})) for name, q in catalogue().items()}


class ReusedFork:
    """One forked child that runs query after query (the loaded store shared copy-on-write),
    replaced only when a run overruns the hard limit and has to be killed. Forking a
    multi-GB process for every run (as this script once did) cost more than many of the queries."""

    def __init__(self, run: Callable[[str], object]) -> None:
        self.run = run
        self.proc: Any = None

    def _start(self) -> None:
        ctx = multiprocessing.get_context("fork")
        self.send, child_receive = ctx.Pipe()
        run = self.run

        def child() -> None:
            while True:
                text = child_receive.recv()
                started = time.perf_counter()
                run(text)
                child_receive.send(time.perf_counter() - started)

        self.proc = ctx.Process(target=child, daemon=True)
        self.proc.start()

    def __call__(self, text: str, limit: float) -> float | None:
        if self.proc is None or not self.proc.is_alive():
            self._start()
        self.send.send(text)
        if self.send.poll(limit):
            return float(self.send.recv())
        self.close()
        return None

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.join()
            self.proc = None


def measure(run: Callable[[str], object], texts: dict[str, str], repeats: int,
            budget: float, hard_limit: float | None = None, label: str = "") -> Timings:
    """Each query ``repeats`` times after one warm-up, stopping early past ``budget`` s.
    With ``hard_limit`` every run is forked and killed past it (recorded as missing)."""
    out: Timings = {}
    worker = ReusedFork(run) if hard_limit is not None else None
    for name, text in texts.items():
        samples: list[float] = []
        if worker is None or hard_limit is None:
            run(text)  # warm-up: plan caches, page cache, worker fork
        elif worker(text, hard_limit) is None:
            print(f"  {label} {name}: over {hard_limit:g} s, killed", file=sys.stderr)
            TIMED_OUT.setdefault(label, []).append(name)
            continue
        spent = 0.0
        while len(samples) < repeats and (spent < budget or len(samples) < 3):
            if hard_limit is None:
                started = time.perf_counter()
                run(text)
                elapsed: float | None = time.perf_counter() - started
            else:
                assert worker is not None
                elapsed = worker(text, hard_limit)
            if elapsed is None:
                break
            samples.append(elapsed)
            spent += elapsed
        if samples:
            out[name] = samples
        print(f"  {label} {name}: {len(samples)} runs, p50 {ms(p50_p95(samples)[0])}",
              file=sys.stderr, flush=True)
    if worker is not None:
        worker.close()
    return out


def docklaw_runner(store: Store) -> Callable[[str], object]:
    def run(text: str) -> object:
        return store.query(text, timeout=600)
    return run


def cold_runner(store: Store) -> Callable[[str], object]:
    """docklaw with the safety check's cache emptied before every run: what a query text
    seen for the first time costs (rdflib's pyparsing SPARQL parse)."""
    def run(text: str) -> object:
        clear_cache()
        return store.query(text, timeout=600)
    return run


def raw_runner(ox_store: ox.Store) -> Callable[[str], object]:
    def run(text: str) -> object:
        answer = ox_store.query(text, use_default_graph_as_union=True)
        if isinstance(answer, ox.QuerySolutions):
            width = len(answer.variables)
            return [tuple(s[i] for i in range(width)) for s in answer]
        if isinstance(answer, ox.QueryBoolean):
            return bool(answer)
        return list(answer)
    return run


def table(title: str, columns: dict[str, Timings]) -> str:
    names = sorted({n for timings in columns.values() for n in timings})
    head = "| query | " + " | ".join(f"{c} p50 / p95" for c in columns) + " |"
    lines = [f"### {title}", "", head, "|" + " --- |" * (len(columns) + 1)]
    for name in names:
        cells = []
        for timings in columns.values():
            if name in timings:
                p50, p95 = p50_p95(timings[name])
                cells.append(f"{ms(p50)} / {ms(p95)}")
            else:
                cells.append("-")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    summary = []
    for column, timings in columns.items():
        p50s = [p50_p95(v)[0] for v in timings.values()]
        if p50s:
            summary.append(f"{column}: median of p50s {ms(statistics.median(p50s))}, "
                           f"worst p50 {ms(max(p50s))} "
                           f"({max(timings, key=lambda n: p50_p95(timings[n])[0])})")
    return "\n".join([*lines, "", *[f"- {s}" for s in summary], ""])


def overhead(docklaw: Timings, raw: Timings, label: str) -> str:
    ratios = {n: p50_p95(docklaw[n])[0] / p50_p95(raw[n])[0] for n in docklaw if n in raw}
    if not ratios:
        return f"- docklaw ({label}): no query finished on both sides"
    worst = max(ratios, key=ratios.__getitem__)
    added = [p50_p95(docklaw[n])[0] - p50_p95(raw[n])[0] for n in ratios]
    return (f"- docklaw ({label}) / raw pyoxigraph, p50 per query: median "
            f"{statistics.median(ratios.values()):.2f}x, worst {ratios[worst]:.2f}x ({worst}); "
            f"median time added {ms(statistics.median(added))}")


def small_graph_runs(texts: dict[str, str], repeats: int, budget: float,
                     remote: str | None) -> str:
    graph = closure_graph()
    out = [f"## Five-code graph ({len(graph)} triples), {repeats} runs per query\n"]
    columns: dict[str, Timings] = {}
    inline = open_store("memory", execution="inline")
    load_graph(inline, graph)
    assert isinstance(inline, OxigraphStore)
    columns["raw pyoxigraph"] = measure(raw_runner(inline.store), texts, repeats, budget)
    columns["memory inline"] = measure(docklaw_runner(inline), texts, repeats, budget)
    columns["memory inline, first sight (check not cached)"] = measure(
        cold_runner(inline), texts, max(3, repeats // 4), budget)
    process = open_store("memory", execution="process", workers=1)
    load_graph(process, graph)
    columns["memory process"] = measure(docklaw_runner(process), texts, repeats, budget)
    process.close()
    with tempfile.TemporaryDirectory() as tmp:
        disk = open_store(f"oxigraph:{tmp}/db", execution="inline")
        load_graph(disk, graph)
        columns["oxigraph:PATH inline"] = measure(docklaw_runner(disk), texts, repeats, budget)
        disk.close()
    rdf = open_store("rdflib", execution="inline")
    load_graph(rdf, graph)
    columns["rdflib inline"] = measure(docklaw_runner(rdf), texts, max(3, repeats // 4), budget)
    if remote:
        store = open_store(f"sparql:{remote}", timeout=600)
        load_graph(store, graph, replace=True)
        columns["sparql: (remote)"] = measure(docklaw_runner(store), texts, repeats, budget)
    out.append(table("Latency per saved query", columns))
    out.append(overhead(columns["memory inline"], columns["raw pyoxigraph"], "memory, inline"))
    out.append(overhead(columns["memory process"], columns["raw pyoxigraph"],
                        "memory, process runner"))
    out.append(overhead(columns["memory inline, first sight (check not cached)"],
                        columns["raw pyoxigraph"], "memory, inline, a text seen the first time"))
    inline.close()
    return "\n".join(out) + "\n"


def large_graph_runs(texts: dict[str, str], n: int, repeats: int, budget: float,
                     hard_limit: float) -> str:
    source = synthetic_path(n)
    out = []
    columns: dict[str, Timings] = {}
    memory = OxigraphStore(execution="inline")
    started = time.perf_counter()
    memory.store.bulk_load(path=str(source), format=ox.RdfFormat.N_TRIPLES,
                           to_graph=ox.NamedNode(LAW_GRAPH_IRI))
    load_memory = time.perf_counter() - started
    size = memory.triple_count()
    out.append(f"## Synthetic graph: {n} jurisdictions ({size} triples), up to {repeats} runs "
               f"per query (fewer past {budget:g} s per query)\n")
    out.append(f"- bulk load into memory Oxigraph: {load_memory:.1f} s\n")
    # (the safety check costs the same as on the small graph: not repeated here)
    for label, runner in (("raw pyoxigraph", raw_runner(memory.store)),
                          ("memory inline", docklaw_runner(memory))):
        columns[label] = measure(runner, texts, repeats, budget, hard_limit, label)
    memory.close()
    del memory
    with tempfile.TemporaryDirectory() as tmp:
        disk = PersistentOxigraphStore(Path(tmp) / "db", execution="inline")
        started = time.perf_counter()
        disk.load_file(LAW_GRAPH_IRI, source)
        out.append(f"- bulk load into oxigraph:PATH: {time.perf_counter() - started:.1f} s\n")
        columns["oxigraph:PATH inline"] = measure(docklaw_runner(disk), texts, repeats, budget,
                                                  hard_limit, "oxigraph:PATH inline")
        disk.close()
    out.append(table(f"Latency per saved query, {n} jurisdictions", columns))
    for label, names in TIMED_OUT.items():
        out.append(f"- {label}: killed after {hard_limit:g} s: {', '.join(names)}")
    out.append(overhead(columns["memory inline"], columns["raw pyoxigraph"], "memory, inline"))
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jurisdictions", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=20, help="runs per query, small graph")
    parser.add_argument("--large-repeats", type=int, default=5, help="runs per query, large")
    parser.add_argument("--budget", type=float, default=8.0, help="seconds per query and backend")
    parser.add_argument("--remote", metavar="URL", help="also a remote store (Oxigraph server)")
    parser.add_argument("--hard-limit", type=float, default=30.0,
                        help="large graph: a run past this many seconds is killed")
    parser.add_argument("--skip-large", action="store_true")
    parser.add_argument("--skip-small", action="store_true")
    args = parser.parse_args(argv)
    texts = queries()
    print(f"# Saved-query latency ({len(texts)} queries)\n\n{machine()}\n")
    if not args.skip_small:
        print(small_graph_runs(texts, args.repeats, args.budget, args.remote), flush=True)
    if not args.skip_large:
        print(large_graph_runs(with_defaults(), args.jurisdictions, args.large_repeats, args.budget,
                               args.hard_limit), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
