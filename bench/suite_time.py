"""The README's test command, timed: wall clock and CPU, and the tests that cost the most CPU.

Why CPU as well as wall: the suite is measured on machines shared with other work, where the
wall clock says more about the neighbours than about the suite. CPU time (user + system of
pytest and every process it waited for: workers, CLI subprocesses) does not depend on them;
the wall clock of a quiet two-core machine is about CPU / 2 plus what the tests wait for.

    .venv/bin/python bench/suite_time.py                       # this tree, as the README runs it
    .venv/bin/python bench/suite_time.py --baseline /tmp/base  # and an older tree (git archive)
    .venv/bin/python bench/suite_time.py -- tests/test_examples.py   # a subset

Each tree runs with its own ``src`` first on the path and a fresh ``DOCKLAW_CACHE`` (a fresh
clone's cold caches); the environment (``CI``, ``DOCKLAW_TEST_SPARQL_URL`` ...) is passed on.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Loaded into pytest (and its xdist workers) with PYTEST_PLUGINS: CPU per test, per process.
PLUGIN = '''
import json, os, resource, time
import pytest

ROWS = []

def _cpu():
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    wall, cpu = time.perf_counter(), _cpu()
    yield
    ROWS.append([item.nodeid, _cpu() - cpu, time.perf_counter() - wall])

def pytest_sessionfinish(session):
    folder = os.environ["SUITE_TIME_DIR"]
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(os.path.join(folder, worker + ".json"), "w") as out:
        json.dump({"process_cpu": _cpu(), "tests": ROWS}, out)
'''


def run(tree: Path, pytest_args: list[str], python: str) -> dict[str, object]:
    """Run the suite in ``tree``; its wall clock, CPU and per-test CPU."""
    with tempfile.TemporaryDirectory(prefix="suite-time-") as work:
        plugin_dir = Path(work) / "plugin"
        plugin_dir.mkdir()
        (plugin_dir / "suite_time_plugin.py").write_text(PLUGIN, encoding="utf-8")
        reports = Path(work) / "reports"
        reports.mkdir()
        env = {**os.environ, "DOCKLAW_CACHE": str(Path(work) / "cache"),
               "PYTHONPATH": os.pathsep.join([str(tree / "src"), str(plugin_dir)]),
               "PYTEST_PLUGINS": "suite_time_plugin", "SUITE_TIME_DIR": str(reports)}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        load_before = os.getloadavg()
        started = time.perf_counter()
        done = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               *pytest_args], cwd=tree, env=env, capture_output=True,
                              text=True, check=False)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        tests: list[tuple[str, float, float]] = []
        workers: dict[str, dict[str, float]] = {}
        for path in sorted(reports.glob("*.json")):
            found = json.loads(path.read_text())
            tests += [tuple(row) for row in found["tests"]]
            workers[path.stem] = {"tests": len(found["tests"]),
                                  "cpu_s": found["process_cpu"],
                                  "test_wall_s": sum(row[2] for row in found["tests"])}
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    summary = (done.stdout.strip().splitlines() or [""])[-1]
    failed = [line for line in done.stdout.splitlines() if line.startswith(("FAILED ", "ERROR "))]
    return {"tree": str(tree), "exit": done.returncode, "summary": summary, "failed": failed,
            "wall_s": wall,
            "cpu_s": cpu, "load_before": load_before, "load_after": os.getloadavg(),
            "workers": workers,
            "tests": sorted(tests, key=lambda t: -t[1])}


def report(result: dict[str, object], top: int) -> str:
    lines = [f"{result['tree']}: {result['summary']} (exit {result['exit']})",
             f"  wall {result['wall_s']:.0f} s, CPU {result['cpu_s']:.0f} s "
             f"(user + system, pytest and every process it waited for); load average "
             f"{result['load_before'][0]:.1f} before, {result['load_after'][0]:.1f} after",
             *(f"  worker {name}: {w['tests']} tests, {w['test_wall_s']:.0f} s in tests, "
               f"{w['cpu_s']:.0f} s CPU (its own and its children's)"
               for name, w in result.get("workers", {}).items()),  # type: ignore[union-attr]
             *(f"  {line}" for line in result.get("failed", [])),  # type: ignore[attr-defined]
             f"  the {top} tests costing the most CPU (setup of their fixtures included):"]
    for nodeid, cpu, wall in result["tests"][:top]:  # type: ignore[index]
        lines.append(f"    {cpu:6.1f} s CPU {wall:7.1f} s wall  {nodeid}")
    files: dict[str, list[float]] = {}
    for nodeid, cpu, wall in result["tests"]:  # type: ignore[attr-defined]
        row = files.setdefault(nodeid.split("::")[0], [0.0, 0.0, 0])
        row[0] += cpu
        row[1] += wall
        row[2] += 1
    lines.append(f"  the {top} test files costing the most CPU:")
    for name, (cpu, wall, count) in sorted(files.items(), key=lambda kv: -kv[1][0])[:top]:
        lines.append(f"    {cpu:6.1f} s CPU {wall:7.1f} s wall {count:5d} tests  {name}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=ROOT, help="the tree to time")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="an older tree to time first (e.g. `git archive REV | tar -x`)")
    parser.add_argument("--top", type=int, default=15, help="tests listed per tree")
    parser.add_argument("--json", type=Path, default=None, help="also write the results here")
    parser.add_argument("pytest_args", nargs="*", help="after --: passed to pytest")
    args = parser.parse_args()
    results = []
    for tree in ([args.baseline] if args.baseline else []) + [args.tree]:
        result = run(tree.resolve(), args.pytest_args, sys.executable)
        print(report(result, args.top), flush=True)
        results.append(result)
    if len(results) == 2:
        old, new = results
        print(f"after / before: wall {new['wall_s'] / old['wall_s']:.2f}, "  # type: ignore[operator]
              f"CPU {new['cpu_s'] / old['cpu_s']:.2f}")  # type: ignore[operator]
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0 if all(r["exit"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
