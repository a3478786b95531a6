"""Start-up of the CLI as a user feels it, as a ratio to the import floor (issue 17 item 1).

The floor is ``python -c "import rdflib, pyshacl, shapely, pyoxigraph"`` started the same
way (same interpreter, fresh process). Each command runs ``--runs`` times, interleaved with the
floor so machine load hits both alike; medians are compared. Warm runs share one cache folder
filled beforehand; cold runs get an empty cache folder each (the first use after install or
after the law changed). ``--baseline DIR`` also runs the same commands on another source tree
(e.g. ``git archive <commit> | tar -x -C DIR``) in the same rounds, for a side-by-side table.
``--breakdown`` prints where the time of a warm ``validate`` and ``query`` goes, by phase.

    python bench/startup.py --runs 5 --baseline /tmp/docklaw-baseline --breakdown
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine
from docklaw import paths

FLOOR = [sys.executable, "-c", "import rdflib, pyshacl, shapely, pyoxigraph"]
EXAMPLE = str(paths.EXAMPLES_DIR / "north-haven" / "several-violations.ttl")
COMMANDS: dict[str, tuple[list[str], bool]] = {  # name -> (docklaw arguments, cold cache)
    "docklaw --help": (["--help"], False),
    "docklaw validate FILE": (["validate", EXAMPLE], False),
    "docklaw query use-variance": (["query", "use-variance"], False),
    "cold validate FILE (empty cache)": (["validate", EXAMPLE], True),
    "cold query use-variance (empty cache)": (["query", "use-variance"], True),
}
TARGETS = {"docklaw --help": 1.0, "docklaw validate FILE": 3.0,
           "docklaw query use-variance": 3.0, "cold validate FILE (empty cache)": 10.0,
           "cold query use-variance (empty cache)": 10.0}

BREAKDOWN = r"""
import time, sys
t0 = time.perf_counter()
import docklaw.cli
t1 = time.perf_counter()
parser = docklaw.cli.build_parser()
t2 = time.perf_counter()
if sys.argv[1] == "validate":
    from docklaw.validate.pipeline import validate_bytes
    from docklaw.law.snapshot import get_prepared
    t3 = time.perf_counter()
    prepared = get_prepared()
    t4 = time.perf_counter()
    data = open(sys.argv[2], "rb").read()
    validate_bytes(data, name=sys.argv[2])
    t5 = time.perf_counter()
    validate_bytes(data, name=sys.argv[2])
    t6 = time.perf_counter()
    phases = [("import docklaw.cli", t1 - t0), ("register subcommands", t2 - t1),
              ("import the validation pipeline", t3 - t2),
              ("prepared state (snapshot load or build)", t4 - t3),
              ("first validation (compile one code, run)", t5 - t4),
              ("a second validation (warm)", t6 - t5)]
else:
    from docklaw.queries.catalogue import catalogue
    from docklaw.queries.run import run_saved, store_for
    t3 = time.perf_counter()
    store = store_for("memory")
    t4 = time.perf_counter()
    run_saved(store, catalogue()[sys.argv[2]])
    t5 = time.perf_counter()
    run_saved(store, catalogue()[sys.argv[2]])
    t6 = time.perf_counter()
    phases = [("import docklaw.cli", t1 - t0), ("register subcommands", t2 - t1),
              ("import the query modules", t3 - t2),
              ("fill the store (closure N-Triples into Oxigraph)", t4 - t3),
              ("first run (check + evaluate)", t5 - t4), ("a second run", t6 - t5)]
for name, seconds in phases:
    print(f"{name}\t{seconds}")
"""


def run_once(cmd: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False, timeout=900)
    return time.perf_counter() - started


def env_for(src: Path | None, cache: str) -> dict[str, str]:
    env = {**os.environ, "DOCKLAW_CACHE": cache}
    env.pop("DOCKLAW_STORE", None)
    if src is not None:
        env["PYTHONPATH"] = str(src / "src")
    return env


def measure(runs: int, baseline: Path | None) -> dict[tuple[str, str], list[float]]:
    trees: dict[str, Path | None] = {"now": None}
    if baseline is not None:
        trees["baseline"] = baseline
    warm = {tree: tempfile.mkdtemp(prefix=f"docklaw-bench-{tree}-") for tree in trees}
    docklaw = [sys.executable, "-m", "docklaw.cli"]
    for tree, src in trees.items():  # fill the warm caches
        for args in (["validate", EXAMPLE], ["query", "use-variance"]):
            run_once(docklaw + args, env_for(src, warm[tree]))
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(runs):
        times.setdefault(("floor", "-"), []).append(run_once(FLOOR, dict(os.environ)))
        for name, (args, cold) in COMMANDS.items():
            for tree, src in trees.items():
                cache = tempfile.mkdtemp(prefix="docklaw-cold-") if cold else warm[tree]
                times.setdefault((name, tree), []).append(
                    run_once(docklaw + args, env_for(src, cache)))
    return times


def breakdown(kind: str, arg: str) -> list[tuple[str, float]]:
    done = subprocess.run([sys.executable, "-c", BREAKDOWN, kind, arg], capture_output=True,
                          text=True, check=True, env=env_for(None, warm_cache()))
    return [(line.split("\t")[0], float(line.split("\t")[1]))
            for line in done.stdout.splitlines() if "\t" in line]


def warm_cache() -> str:
    return os.environ.get("DOCKLAW_CACHE") or str(Path.home() / ".cache" / "docklaw")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another source tree to run side by side (its src/ is used)")
    parser.add_argument("--breakdown", action="store_true")
    args = parser.parse_args()
    print(machine())
    times = measure(args.runs, args.baseline)
    floor = statistics.median(times[("floor", "-")])
    print(f"\nfloor `{' '.join(FLOOR[1:])}`: median {floor:.2f} s over {args.runs} runs\n")
    head = "| command | target | now: median (ratio) |"
    if args.baseline:
        head += " baseline: median (ratio) |"
    print(head)
    print("| --- | --- | --- |" + (" --- |" if args.baseline else ""))
    for name in COMMANDS:
        now = statistics.median(times[(name, "now")])
        row = f"| {name} | ≤ {TARGETS[name]:g}× | {now:.2f} s ({now / floor:.2f}×) |"
        if args.baseline:
            base = statistics.median(times[(name, "baseline")])
            row += f" {base:.2f} s ({base / floor:.2f}×) |"
        print(row)
    if args.breakdown:
        for kind, arg in (("validate", EXAMPLE), ("query", "use-variance")):
            print(f"\nwhere a warm `docklaw {kind}` spends its time (in-process phases):\n")
            for name, seconds in breakdown(kind, arg):
                print(f"- {name}: {seconds * 1000:.0f} ms")
    print(f"\nload average at the end: {Path('/proc/loadavg').read_text().split()[:3]}")


if __name__ == "__main__":
    main()
