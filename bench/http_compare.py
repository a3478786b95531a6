"""docklaw's ``POST /validate`` beside the anchor endpoints, same machine, same run (issue 27).

Starts ``docklaw serve --server gunicorn`` (2 workers) and the anchor (``bench/anchor/app.py``
under gunicorn, 2 workers, once with pyshacl-turbo and once with tuned pyshacl, from the
anchor's own venv) on free loopback ports, then puts the same load on each in turn
(``bench/http_load.py``: concurrency 2, a fixed time, after a warm-up), for several rounds
with the order rotated, so a drift in the machine's speed reaches every server alike. docklaw
is sent the shipped examples (``examples/*/*.ttl``); the anchors the same applications as
``bench/anchor/fixtures.py`` derives them (materialised, N-Triples) with the same law's
compiled shapes. Prints a Markdown table: medians over the rounds and docklaw / anchor
(requests per second, per round, median).

``--docklaw LABEL=DIR`` (repeatable) serves the docklaw of another checkout beside this one
(``git worktree add`` or ``git archive REV | tar -x -C DIR``, run with this venv and
``PYTHONPATH=DIR/src``), so a change is measured before and after in the same run, rounds
interleaved; every docklaw row then gets its ratio to each anchor.

    python bench/http_compare.py --anchor-python /tmp/anchor-venv/bin/python --rounds 3
    python bench/http_compare.py --anchor-python ... --docklaw before=/tmp/main --docklaw after=.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from http_load import run_load

ROOT = Path(__file__).resolve().parent.parent
ANCHOR = ROOT / "bench" / "anchor"
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def wait_ready(url: str, proc: subprocess.Popen[bytes], limit: float) -> float:
    started = time.monotonic()
    while time.monotonic() - started < limit:
        if proc.poll() is not None:
            raise SystemExit(f"server for {url} exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.status == 200:
                    return time.monotonic() - started
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"{url} did not become ready in {limit:.0f} s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def tree_cpu(root: int) -> float:
    """CPU seconds (user + system) of ``root`` and every live descendant, with the children
    each has reaped (a fork per request is counted in its parent once it ends); Linux /proc.

    Why: on a shared machine requests per second move with the other jobs' load; the CPU a
    server spends per request moves much less, so it is recorded beside them."""
    ticks = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = sum(int(f) for f in fields[11:15]) / ticks
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        total += times.get(pid, 0.0)
        todo.extend(child for child, parent in parents.items() if parent == pid)
    return total


def anchor_inputs(folder: Path) -> list[bytes]:
    if not (folder / "manifest.json").exists():
        sys.path.insert(0, str(ANCHOR))
        from fixtures import write

        write(folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    return [(folder / "apps" / a["file"]).read_bytes() for a in manifest["apps"]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--anchor-python", type=Path, required=True,
                        help="python of the anchor's venv (bench/anchor/README.md)")
    parser.add_argument("--engines", nargs="+", default=["turbo", "pyshacl"],
                        choices=["turbo", "pyshacl"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds per measurement")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before each")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4, help="gunicorn threads per worker")
    parser.add_argument("--anchor-dir", type=Path, default=None,
                        help="the anchor's inputs (default: <docklaw cache>/anchor)")
    parser.add_argument("--compact", action="store_true",
                        help="also measure each docklaw with ?compact=1 (each cited section's "
                             "text once), as LABEL-compact on the same server")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--log", type=Path, default=None, help="servers' output (appended)")
    parser.add_argument("--docklaw", action="append", default=None, metavar="LABEL=DIR",
                        help="a docklaw checkout to serve (repeatable; default: this one, "
                             "labelled docklaw)")
    args = parser.parse_args()
    trees = docklaw_trees(args.docklaw)
    from docklaw.kg.build import cache_dir

    folder = (args.anchor_dir or cache_dir() / "anchor").resolve()
    examples = [p.read_bytes() for p in sorted((ROOT / "examples").glob("*/*.ttl"))]
    workload = {label: (examples, "text/turtle") for label in trees}
    derived = anchor_inputs(folder)
    log = args.log.open("ab") if args.log else subprocess.DEVNULL
    servers: dict[str, tuple[subprocess.Popen[bytes], str]] = {}
    try:
        for label, tree in trees.items():
            port = free_port()
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(
                [str(tree / "src"), *filter(None, [os.environ.get("PYTHONPATH")])])}
            proc = subprocess.Popen(
                [sys.executable, "-m", "docklaw.cli", "serve", "--server", "gunicorn", "--host",
                 HOST, "--port", str(port), "--workers", str(args.workers), "--threads",
                 str(args.threads)], cwd=tree, env=env, stdout=log, stderr=log)
            servers[label] = (proc, f"http://{HOST}:{port}")
        for engine in args.engines:
            port = free_port()
            env = {**os.environ, "ANCHOR_DIR": str(folder), "ANCHOR_ENGINE": engine}
            proc = subprocess.Popen(
                [str(args.anchor_python), "-m", "gunicorn", "--workers", str(args.workers),
                 "--threads", str(args.threads), "--bind", f"{HOST}:{port}", "--chdir",
                 str(ANCHOR), "--timeout", "120", "app:app"], env=env, stdout=log, stderr=log)
            name = f"anchor-{engine}"
            servers[name] = (proc, f"http://{HOST}:{port}")
            workload[name] = (derived, "application/n-triples")
        ready = {}
        for name, (proc, base) in servers.items():
            probe = "/sparql?query=ASK%7B%7D" if name in trees else "/health"
            ready[name] = wait_ready(base + probe, proc, 300)
        print(f"ready: {', '.join(f'{k} {v:.1f} s' for k, v in ready.items())}; "
              f"load average {loadavg()}", flush=True)
        names = list(servers)
        paths = {name: "/validate" for name in names}
        if args.compact:
            for label in trees:
                names.append(f"{label}-compact")
                servers[f"{label}-compact"] = servers[label]
                paths[f"{label}-compact"] = "/validate?compact=1"
                workload[f"{label}-compact"] = workload[label]
        rounds: list[dict[str, dict[str, object]]] = []
        for r in range(args.rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            measured: dict[str, dict[str, object]] = {}
            for name in order:
                bodies, ctype = workload[name]
                url = servers[name][1] + paths[name]
                run_load(url, bodies, ctype, concurrency=args.concurrency, duration=args.warmup)
                cpu = tree_cpu(servers[name][0].pid)
                out = run_load(url, bodies, ctype, concurrency=args.concurrency,
                               duration=args.duration)
                cpu = tree_cpu(servers[name][0].pid) - cpu
                out["loadavg"] = loadavg()
                out["cpu_ms_per_request"] = round(1000 * cpu / max(1, int(str(out["ok"]))), 1)
                measured[name] = out
                print(f"round {r + 1} {name}: {out['requests_per_s']} req/s, p50 "
                      f"{out['p50_ms']} ms, p95 {out['p95_ms']} ms, errors {out['errors']}, "
                      f"{out['mean_response_kb']} KB, CPU {out['cpu_ms_per_request']} ms/request, "
                      f"load {out['loadavg']}", flush=True)
            rounds.append(measured)
    finally:
        for proc, _base in {id(v[0]): v for v in servers.values()}.values():
            stop(proc)
    docklaws = [*trees, *(f"{label}-compact" for label in trees if args.compact)]
    print(table(rounds, names, docklaws, args))
    if args.json:
        args.json.write_text(json.dumps({"rounds": rounds, "ready_s": ready}, indent=2) + "\n")
    return 0 if all(m["errors"] == 0 for rnd in rounds for m in rnd.values()) else 1


def docklaw_trees(given: list[str] | None) -> dict[str, Path]:
    """LABEL -> checkout root, from ``--docklaw LABEL=DIR`` (default: this checkout)."""
    if not given:
        return {"docklaw": ROOT}
    trees: dict[str, Path] = {}
    for item in given:
        label, sep, folder = item.partition("=")
        tree = Path(folder).resolve()
        if not sep or not label or not (tree / "src" / "docklaw").is_dir():
            raise SystemExit(f"--docklaw {item}: give LABEL=DIR, DIR a docklaw checkout")
        trees[label] = tree
    return trees


def table(rounds: list[dict[str, dict[str, object]]], names: list[str], docklaws: list[str],
          args: argparse.Namespace) -> str:
    def med(name: str, key: str) -> float:
        return statistics.median(float(str(rnd[name][key])) for rnd in rounds)

    def ratio(ours: str, theirs: str) -> str:
        return "{:.2f}×".format(statistics.median(
            float(str(rnd[ours]["requests_per_s"]))
            / max(float(str(rnd[theirs]["requests_per_s"])), 1e-9) for rnd in rounds))

    anchors = [n for n in names if n not in docklaws]
    lines = [f"\nconcurrency {args.concurrency}, gunicorn {args.workers} workers × {args.threads} "
             f"threads each, {args.rounds} rounds × {args.duration:.0f} s per server (medians; "
             f"ratios: median of the per-round ratios)\n",
             "| server | requests/s | p50 | p95 | response | CPU per request | load (1 min) | "
             + " | ".join(f"÷ {a} (req/s)" for a in anchors) + " |",
             "| --- | --- | --- | --- | --- | --- | --- |" + " --- |" * len(anchors)]
    for name in names:
        load = statistics.median(float(str(rnd[name]["loadavg"]).split()[0]) for rnd in rounds)
        cells = [ratio(name, a) if name in docklaws else "" for a in anchors]
        lines.append(f"| {name} | {med(name, 'requests_per_s'):.1f} | {med(name, 'p50_ms'):.0f} ms"
                     f" | {med(name, 'p95_ms'):.0f} ms | {med(name, 'mean_response_kb'):.1f} KB"
                     f" | {med(name, 'cpu_ms_per_request'):.1f} ms | {load:.1f} | "
                     + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
