"""Shared by the benchmark scripts: the machine description, percentiles, timing, inputs.

Why one module: every benchmark prints the same machine block and computes p50/p95 the same
way, so results from different scripts in one RESULTS.md can be compared.
"""

from __future__ import annotations

import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

from docklaw import paths

BENCH_DIR = Path(__file__).resolve().parent
LIBRARIES = ("rdflib", "pyshacl", "owlrl", "pyoxigraph", "oxrdflib", "shapely", "flask")


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def memory_total() -> str:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                kib = int(line.split()[1])
                return f"{kib / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    return "unknown"


def machine() -> str:
    """nproc, CPU model, memory, OS, Python and library versions, as a Markdown block."""
    versions = []
    for name in LIBRARIES:
        try:
            versions.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name} (not installed)")
    return "\n".join([
        f"- nproc: {os.cpu_count()} (usable: {len(os.sched_getaffinity(0))})",
        f"- CPU: {cpu_model()}",
        f"- memory: {memory_total()}",
        f"- OS: {platform.platform()}",
        f"- Python: {sys.version.split()[0]} ({platform.python_implementation()})",
        f"- libraries: {', '.join(versions)}",
        f"- load average at start (1/5/15 min): {loadavg()} (the machine is shared: other "
        "processes running during a benchmark skew it, parallel speed-ups most)",
    ])


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank-interpolated percentile (q in 0..100)."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(sorted(values), n=100, method="inclusive")[int(q) - 1]


def p50_p95(values: list[float]) -> tuple[float, float]:
    return percentile(values, 50), percentile(values, 95)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms" if seconds < 10 else f"{seconds:.1f} s"


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    started = time.perf_counter()
    out = fn()
    return time.perf_counter() - started, out


def peak_rss_mib() -> float:
    """This process's peak resident set size (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def application_files() -> list[Path]:
    """The example applications and the test cases (one application each)."""
    files = sorted(paths.EXAMPLES_DIR.glob("*/*.ttl"))
    files += sorted((paths.ROOT / "tests" / "cases").glob("*/*.ttl"))
    return files


def spread(files: list[Path], count: int) -> list[Path]:
    """``count`` files spread evenly over the list (every jurisdiction represented)."""
    if count >= len(files):
        return list(files)
    step = len(files) / count
    return [files[int(i * step)] for i in range(count)]


def docklaw_cli() -> list[str]:
    """The ``docklaw`` command of this interpreter (works without the console script)."""
    return [sys.executable, "-m", "docklaw.cli"]


def run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload]
