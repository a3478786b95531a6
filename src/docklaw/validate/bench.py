"""Per-application latency: the prepared pipeline against naive pyshacl with OWL-RL.

Run ``python -m docklaw.validate.bench [--naive N] [--limit N]``. The applications are the
shipped test cases and examples; the naive baseline is what the issue measured:
``pyshacl.validate(app, shacl_graph=shapes, ont_graph=ontology, inference="owlrl")``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from rdflib import Graph

from docklaw import jurisdictions
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import RDF, T
from docklaw.validate.checking.check import check_naive, naive_input
from docklaw.validate.intake.admit import find_application
from docklaw.validate.intake.parse import parse
from docklaw.validate.pipeline import derive, validate_graph


def applications(limit: int | None = None) -> list[tuple[str, Graph]]:
    """Every case and example application (case expectations stripped)."""
    codes = jurisdictions.all()
    files = [p for j in codes for p in sorted(j.cases_dir.glob("*.ttl"))]
    files += [p for j in codes for p in sorted(j.examples_dir.glob("*.ttl"))]
    apps: list[tuple[str, Graph]] = []
    for path in files[:limit] if limit else files:
        g = parse(path.read_bytes(), "turtle", name=path.name)
        for node in list(g.subjects(RDF.type, T.Case)):
            g.remove((node, None, None))
        for triple in [t for t in g if str(t[1]).startswith(str(T))]:
            g.remove(triple)
        apps.append((f"{path.parent.name}/{Path(path).stem}", g))
    return apps


def ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"median {statistics.median(samples) * 1000:.1f} ms, mean "
            f"{statistics.mean(samples) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms (n={len(samples)})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--naive", type=int, default=10, help="applications for the naive run")
    parser.add_argument("--limit", type=int, default=None, help="at most this many applications")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    prepared = get_prepared()
    print(f"prepare (ontology closure, rules, sections): {time.perf_counter() - start:.2f} s")
    apps = applications(args.limit)
    jids = sorted({find_application(g)[1] for _n, g in apps})
    start = time.perf_counter()
    for jid in jids:
        prepared.compiled(jid)
    print(f"compile shapes of {len(jids)} codes: {time.perf_counter() - start:.2f} s")
    for _name, g in apps[:3]:  # warm pyshacl's shape objects and query caches
        validate_graph(g, prepared=prepared)
    samples = []
    for _name, g in apps:
        t0 = time.perf_counter()
        validate_graph(g, prepared=prepared)
        samples.append(time.perf_counter() - t0)
    print(f"prepared pipeline: {ms(samples)}")
    naive = []
    ontology = prepared.ontology
    for _name, g in apps[: args.naive]:
        jid = find_application(g)[1]
        shapes = prepared.compiled(jid).graph
        t0 = time.perf_counter()  # same split as bench/bench_validate.py (check.naive_input)
        check_naive(naive_input(derive(g, prepared), g, prepared, jid), shapes, ontology)
        naive.append(time.perf_counter() - t0)
    if naive:
        print(f"naive pyshacl + OWL-RL: {ms(naive)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
