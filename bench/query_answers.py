"""Every saved query on a persistent store of N synthetic codes, in-process, p50.

Why: issue 17 item 3 asks every saved query to answer in < 500 ms at 1,000 codes with its
default parameters. ``docklaw load`` keeps those answers in the store
(``docklaw.queries.answers``); this times reading them (what ``docklaw query NAME --store
oxigraph:PATH`` and the web page do) beside evaluating the same text (``--evaluate``) and the
query bound to one code (evaluated: no answer is kept for it). The store is the one
``bench/serve_scale.py`` builds (run it first).

    python bench/query_answers.py --codes 1000 --runs 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine
from docklaw.kg.build import cache_dir, inputs_digest
from docklaw.queries.catalogue import catalogue
from docklaw.queries.run import run_saved
from docklaw.sparql.persistent import PersistentOxigraphStore


def p50(fn: object, runs: int) -> tuple[float, int]:
    times, count = [], 0
    for _ in range(runs):
        started = time.perf_counter()
        count = len(fn().rows)  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return statistics.median(times), count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--codes", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--evaluate-runs", type=int, default=1,
                        help="0: time only the kept answers")
    parser.add_argument("--code", default="jerusalem", help="the code bound per query")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    location = cache_dir() / f"store-percode-{inputs_digest()}-{args.codes}"
    if not (location / ".docklaw-answers.json").exists():
        raise SystemExit(f"no answered store at {location}: run bench/serve_scale.py first")
    store = PersistentOxigraphStore(location, execution="inline", read_only=True)
    out = []
    print(machine())
    print(f"\n{args.codes} codes, oxigraph:{location}; p50 of {args.runs} runs (kept answer), "
          f"{args.evaluate_runs} evaluated\n")
    print("| query | rows | kept answer p50 | evaluated | one code bound, evaluated |")
    print("| --- | --- | --- | --- | --- |")
    for name, query in sorted(catalogue().items()):
        kept, rows = p50(lambda q=query: run_saved(store, q), args.runs)
        evaluated: float | None = None
        if args.evaluate_runs:
            evaluated, _ = p50(lambda q=query: run_saved(store, q, evaluate=True),
                               args.evaluate_runs)
        bound: float | None = None
        if args.evaluate_runs and any(p.name == "jurisdiction" for p in query.params):
            bound, _ = p50(lambda q=query: run_saved(store, q, {"jurisdiction": args.code},
                                                       evaluate=True), args.evaluate_runs)
        out.append({"query": name, "rows": rows, "kept_p50_s": kept, "evaluated_s": evaluated,
                    "bound_evaluated_s": bound})
        shown = f"{evaluated * 1000:.0f} ms" if evaluated is not None else "—"
        print(f"| {name} | {rows} | {kept * 1000:.1f} ms | {shown} | "
              + (f"{bound * 1000:.0f} ms |" if bound is not None else "— |"))
    store.close()
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
