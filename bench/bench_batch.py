"""(c) Applications per second of the ``docklaw validate`` command, 1 job vs 2 jobs.

Every example application and test case (expectations removed) is written to a temporary
folder and validated by one ``docklaw validate -o DIR FILE...`` run. With ``--jobs`` (when the
validator has it) the two runs are ``--jobs 1`` and ``--jobs 2``; without it, the 2-job
figure is a stand-in: two ``docklaw validate`` processes started together, each given half
the files (what a process pool can at best achieve on 2 cores, start-up included).
Wall times include process start-up and preparation, so a start-up-only run (one file) is
measured too and the steady rate reported beside the end-to-end rate.

    python bench/bench_batch.py [--limit 0]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_validate import application_bytes
from common import application_files, docklaw_cli, loadavg, machine, spread


def has_jobs_flag() -> bool:
    out = subprocess.run([*docklaw_cli(), "validate", "--help"], capture_output=True, text=True,
                         check=False)
    return "--jobs" in out.stdout


def timed_runs(commands: list[list[str]]) -> tuple[float, list[int]]:
    """Start every command at once; wall time until the last one exits, and exit codes."""
    started = time.perf_counter()
    procs = [subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
             for cmd in commands]
    codes = [p.wait() for p in procs]
    return time.perf_counter() - started, codes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=0, help="at most this many applications")
    args = parser.parse_args(argv)
    sources = application_files()
    if args.limit:
        sources = spread(sources, args.limit)
    print(f"# Batch validation throughput\n\n{machine()}\n", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "apps"
        folder.mkdir()
        files: list[str] = []
        for i, path in enumerate(sources):
            target = folder / f"{i:04d}-{path.stem[:80]}.ttl"
            target.write_bytes(application_bytes(path))
            files.append(str(target))
        base = [*docklaw_cli(), "validate", "--format", "json"]

        def to(name: str) -> list[str]:  # each run its own output (a file, then folders)
            return [*base, "-o", str(Path(tmp) / name)]

        startup, _ = timed_runs([[*to("startup.json"), files[0]]])
        jobs = has_jobs_flag()
        if jobs:
            one, codes1 = timed_runs([[*to("jobs1/"), "--jobs", "1", *files]])
            two, codes2 = timed_runs([[*to("jobs2/"), "--jobs", "2", *files]])
            how = "`docklaw validate --jobs N`"
        else:
            one, codes1 = timed_runs([[*to("one/"), *files]])
            half = len(files) // 2
            two, codes2 = timed_runs([[*to("a/"), *files[:half]], [*to("b/"), *files[half:]]])
            how = ("no `--jobs` flag yet: 1 job = one `docklaw validate` process; 2 jobs = two "
                   "processes started together with half the files each")
    n = len(files)
    bad = [c for c in codes1 + codes2 if c not in (0, 1, 4)]  # conforms, violates, incomplete
    print("\n".join([
        f"## (c) {n} applications, {how}", "",
        "| | wall time | applications/s (end to end) | applications/s (start-up removed) |",
        "| --- | --- | --- | --- |",
        f"| start-up + 1 application | {startup:.1f} s | | |",
        f"| 1 job | {one:.1f} s | {n / one:.1f} | {n / max(1e-9, one - startup):.1f} |",
        f"| 2 jobs | {two:.1f} s | {n / two:.1f} | {n / max(1e-9, two - startup):.1f} |",
        "", f"- 2 jobs / 1 job: {one / two:.2f}x end to end, "
        f"{(one - startup) / max(1e-9, two - startup):.2f}x with start-up removed "
        "(target: at least 1.7x)",
        f"- runs ending in an exit code other than 0/1/4 (bad input or crash): {len(bad)}",
        f"- load average at the end (1/5/15 min): {loadavg()}", "",
    ]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
