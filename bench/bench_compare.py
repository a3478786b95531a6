"""(g) The legal comparison report (``docklaw compare``): build time per store backend, warm.

The report runs every topic's saved query and describes each rule it cites (``likeness``);
the first build also fills the kept answers and parses each text once, so the figure is the
median CPU time of the builds after it. Run a baseline tree beside this one with the same venv:
``PYTHONPATH=<tree>/src .venv/bin/python bench/bench_compare.py``.

    .venv/bin/python bench/bench_compare.py [--rounds 3] [--backends memory rdflib]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import machine
from docklaw.kg.build import closure_graph
from docklaw.queries.compare import build_report
from docklaw.sparql.backends import knowledge_store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--backends", nargs="+", default=["memory", "rdflib"])
    args = parser.parse_args()
    print(machine())
    print("| backend | first build | warm build (median CPU) |\n| --- | --- | --- |")
    for backend in args.backends:
        store = knowledge_store(backend, graph=closure_graph)
        start = time.process_time()
        build_report(None, None, graph=store)
        first = time.process_time() - start
        times = []
        for _ in range(args.rounds):
            start = time.process_time()
            build_report(None, None, graph=store)
            times.append(time.process_time() - start)
        print(f"| {backend} | {first:.2f} s | {statistics.median(times):.2f} s |")
        store.close()


if __name__ == "__main__":
    main()
