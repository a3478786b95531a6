"""Does each saved query grow with the data, or faster? (issue 17 item 2)

Runs every saved query (with its default parameters) in-process on embedded Oxigraph loaded
with the synthetic graph of 20 and of 100 codes (``bench/synth.py``), and prints the best CPU time
of each and their ratio: a query linear in the number of codes gives ≈ 5, a quadratic one ≈ 25.
``--old DIR`` also runs the ``.rq`` files of DIR (e.g. the texts before a rewrite, kept in
``tests/fixtures/queries-before``) side by side. Not a test: timings vary with the machine.

    python bench/query_scaling.py --old tests/fixtures/queries-before --sizes 20 100
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine
from docklaw.namespaces import LAW_GRAPH_IRI
from docklaw.queries.catalogue import catalogue, parse_header
from docklaw.queries.run import run_saved
from docklaw.sparql.store import OxigraphStore
from synth import synthetic_path


def load(n: int) -> OxigraphStore:
    store = OxigraphStore(execution="inline")
    store.load_ntriples(LAW_GRAPH_IRI, synthetic_path(n).read_bytes())
    return store


def best(store: OxigraphStore, query: object, repeats: int, budget: float) -> float:
    """Best CPU time of up to ``repeats`` runs after one warm-up (fewer if a run is slow).
    CPU time of this process, not wall time, and the best run: on a shared, overloaded machine
    a run waits for a core for tens of milliseconds at random, which swamps a query of one
    millisecond (evaluation is single-threaded and in this process, so CPU time is its cost)."""
    wall = time.perf_counter()
    started = time.process_time()
    run_saved(store, query)  # warm-up: check cache, term memo
    times = [time.process_time() - started]
    while len(times) < repeats and time.perf_counter() - wall < budget:
        t0 = time.process_time()
        run_saved(store, query)
        times.append(time.process_time() - t0)
    return min(times[1:] if len(times) > 1 else times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs=2, default=(20, 100))
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per query and size")
    parser.add_argument("--old", type=Path, default=None, help="folder of older .rq texts")
    parser.add_argument("--only", nargs="*", default=None, help="query names")
    args = parser.parse_args()
    print(machine())
    saved = {name: q for name, q in catalogue().items() if not args.only or name in args.only}
    variants: dict[str, dict[str, object]] = {"now": saved}
    if args.old:
        variants["old"] = {p.stem: parse_header(p) for p in sorted(args.old.glob("*.rq"))
                           if p.stem in saved}
    small, large = args.sizes
    times: dict[tuple[str, str, int], float] = {}
    for n in (small, large):
        t0 = time.perf_counter()
        store = load(n)
        print(f"\n{n} codes: {store.triple_count()} triples loaded in "
              f"{time.perf_counter() - t0:.1f} s", flush=True)
        for variant, queries in variants.items():
            for name, query in queries.items():
                times[(variant, name, n)] = best(store, query, args.repeats, args.budget)
        store.close()
    head = f"| query | now {small} | now {large} | now ratio |"
    if args.old:
        head += f" old {small} | old {large} | old ratio |"
    print("\n" + head + "\n" + "| --- " * (head.count("|") - 1) + "|")
    for name in saved:
        row = f"| {name} |"
        for variant in variants:
            if (variant, name, small) not in times:
                row += " | | |"
                continue
            a, b = times[(variant, name, small)], times[(variant, name, large)]
            row += f" {a * 1000:.1f} ms | {b * 1000:.1f} ms | {b / a:.1f} |"
        print(row)


if __name__ == "__main__":
    main()
