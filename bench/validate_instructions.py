"""Instructions executed per validated application (valgrind's callgrind), this tree beside
another: a measure of validation cost that other processes on the machine do not change.

Why: CPU time on a shared two-core machine moved by 5-10 % between identical runs while the
changes measured were 2-5 % each; callgrind counts the same instructions for the same binary and
inputs whatever else runs (bench/RESULTS.md). Each tree validates the same applications (every
fourth of bench_validate's: the examples and cases without their expectations), warm (30
validated first); the count of a run validating none is subtracted, so start-up, imports and
loading the prepared law are left out. Needs valgrind (Debian: ``apt-get install valgrind``);
each tree takes about a minute.

    python bench/validate_instructions.py [--baseline DIR] [--count 100] [--cpu-rounds R]

``--cpu-rounds R``: no valgrind; instead R rounds, each running both trees natively one after
the other and reading the CPU time of the counted validations; the median per tree and the
median of the rounds' ratios (the trees alternate, so a load that drifts over the run weighs
on both alike; the instruction count stays the measure to quote when valgrind can run).

``--baseline DIR``: another checkout (``git worktree add DIR REV``), run with this venv and
``PYTHONPATH=DIR/src`` and its own cache.
"""

from __future__ import annotations

import argparse
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parents[1]

RUNNER = '''
import pickle, sys
from docklaw.errors import DocklawError
from docklaw.law.snapshot import get_prepared
from docklaw.validate.pipeline import validate_bytes

apps = pickle.load(open(sys.argv[1], "rb"))
prepared = get_prepared()
for name, data in apps[:30]:  # warm: every code's shapes compiled, caches filled
    try:
        validate_bytes(data, "turtle", name, prepared=prepared)
    except DocklawError:
        pass
import time
start = time.process_time()
for name, data in apps[:int(sys.argv[2])]:
    try:
        validate_bytes(data, "turtle", name, prepared=prepared)
    except DocklawError:
        pass
print(f"cpu {time.process_time() - start:.6f}")
'''


def _runner(tree: Path, cache: Path, work: Path) -> tuple[Path, dict[str, str]]:
    """The runner script written under ``work`` and the environment running ``tree``."""
    runner = work / "runner.py"
    runner.write_text(RUNNER, encoding="utf-8")
    return runner, {**os.environ, "PYTHONPATH": str(tree / "src"), "DOCKLAW_CACHE": str(cache)}


def instructions(tree: Path, apps: Path, count: int, cache: Path, work: Path) -> int:
    """Instructions callgrind counts for one run validating ``count`` applications."""
    runner, env = _runner(tree, cache, work)
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={work}/callgrind.out",
         sys.executable, str(runner), str(apps), str(count)],
        cwd=tree, env=env, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{tree}: valgrind failed ({done.returncode}): {done.stderr[-800:]}")
    return int(found.group(1))


def fill_cache(tree: Path, apps: Path, cache: Path, work: Path) -> None:
    """The law prepared and every code's shapes compiled into ``cache``, without valgrind: a
    cold compile under callgrind took most of an hour on a loaded machine (thirtieth
    session), and the counted runs read the cache either way."""
    runner, env = _runner(tree, cache, work)
    done = subprocess.run([sys.executable, str(runner), str(apps), "0"], cwd=tree, env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: filling the cache failed ({done.returncode}): "
                         f"{done.stderr[-800:]}")


def per_applications(tree: Path, apps: Path, count: int) -> int:
    """Instructions of validating ``count`` applications (a run of none subtracted)."""
    with tempfile.TemporaryDirectory(prefix="docklaw-instr-") as folder:
        work = Path(folder)
        cache = work / "cache"
        fill_cache(tree, apps, cache, work)  # natively: both runs below read it
        busy = instructions(tree, apps, count, cache, work)
        idle = instructions(tree, apps, 0, cache, work)
    return busy - idle


def cpu_seconds(tree: Path, apps: Path, count: int, cache: Path, work: Path) -> float:
    """CPU seconds of validating ``count`` applications natively (warm, cache filled)."""
    runner, env = _runner(tree, cache, work)
    done = subprocess.run([sys.executable, str(runner), str(apps), str(count)], cwd=tree,
                          env=env, capture_output=True, text=True, check=False)
    found = re.search(r"^cpu ([0-9.]+)$", done.stdout, re.M)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{tree}: the run failed ({done.returncode}): {done.stderr[-800:]}")
    return float(found.group(1))


def cpu_rounds(trees: list[tuple[str, Path]], apps: Path, count: int, rounds: int) -> None:
    """The trees run alternately ``rounds`` times; medians and the median ratio printed."""
    import statistics

    with tempfile.TemporaryDirectory(prefix="docklaw-cpu-") as folder:
        work = Path(folder)
        caches = {label: work / f"cache-{i}" for i, (label, _tree) in enumerate(trees)}
        for label, tree in trees:
            fill_cache(tree, apps, caches[label], work)
        times: dict[str, list[float]] = {label: [] for label, _tree in trees}
        for _ in range(rounds):
            for label, tree in trees:
                times[label].append(cpu_seconds(tree, apps, count, caches[label], work))
    print(f"| tree | CPU ms per application ({count} validated, median of {rounds} rounds) |")
    print("| --- | --- |")
    for label, tree in trees:
        print(f"| {label} ({tree}) | {statistics.median(times[label]) / count * 1000:.2f} |")
    if len(trees) == 2:
        (first, a), (second, b) = times.items()
        ratios = [y / x for x, y in zip(a, b, strict=True)]
        print(f"\n{second} / {first}: median {statistics.median(ratios):.3f} "
              f"(rounds: {', '.join(f'{r:.3f}' for r in ratios)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout")
    parser.add_argument("--count", type=int, default=100, help="applications validated")
    parser.add_argument("--cpu-rounds", type=int, default=0,
                        help="native CPU time in alternating rounds instead of callgrind")
    args = parser.parse_args()
    if not args.cpu_rounds and shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    from bench_validate import load_apps

    with tempfile.TemporaryDirectory(prefix="docklaw-instr-apps-") as folder:
        apps = Path(folder) / "apps.pickle"
        chosen = list(load_apps().items())[::4]
        apps.write_bytes(pickle.dumps(chosen))
        count = min(args.count, len(chosen))
        if args.cpu_rounds:
            trees = [(label, tree.resolve()) for label, tree in
                     (("baseline", args.baseline), ("this tree", ROOT)) if tree is not None]
            cpu_rounds(trees, apps, count, args.cpu_rounds)
            return 0
        rows = []
        for label, tree in (("baseline", args.baseline), ("this tree", ROOT)):
            if tree is None:
                continue
            total = per_applications(tree.resolve(), apps, count)
            rows.append((label, tree, total))
    print(f"| tree | instructions per application ({count} validated, callgrind) |")
    print("| --- | --- |")
    for label, tree, total in rows:
        print(f"| {label} ({tree}) | {total / count / 1e6:.1f} M |")
    if len(rows) == 2:
        print(f"\nthis tree / baseline: {rows[1][2] / rows[0][2]:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
