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

    python bench/http_compare.py --anchor-python /tmp/anchor-venv/bin/python --rounds 3
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
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--log", type=Path, default=None, help="servers' output (appended)")
    args = parser.parse_args()
    from docklaw.kg.build import cache_dir

    folder = (args.anchor_dir or cache_dir() / "anchor").resolve()
    workload = {"docklaw": ([p.read_bytes() for p in sorted((ROOT / "examples").glob("*/*.ttl"))],
                            "text/turtle")}
    derived = anchor_inputs(folder)
    log = args.log.open("ab") if args.log else subprocess.DEVNULL
    servers: dict[str, tuple[subprocess.Popen[bytes], str]] = {}
    try:
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "docklaw.cli", "serve", "--server", "gunicorn", "--host", HOST,
             "--port", str(port), "--workers", str(args.workers), "--threads",
             str(args.threads)], cwd=ROOT, stdout=log, stderr=log)
        servers["docklaw"] = (proc, f"http://{HOST}:{port}")
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
            probe = "/sparql?query=ASK%7B%7D" if name == "docklaw" else "/health"
            ready[name] = wait_ready(base + probe, proc, 300)
        print(f"ready: {', '.join(f'{k} {v:.1f} s' for k, v in ready.items())}; "
              f"load average {loadavg()}", flush=True)
        names = list(servers)
        rounds: list[dict[str, dict[str, object]]] = []
        for r in range(args.rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            measured: dict[str, dict[str, object]] = {}
            for name in order:
                bodies, ctype = workload[name]
                url = servers[name][1] + "/validate"
                run_load(url, bodies, ctype, concurrency=args.concurrency, duration=args.warmup)
                out = run_load(url, bodies, ctype, concurrency=args.concurrency,
                               duration=args.duration)
                out["loadavg"] = loadavg()
                measured[name] = out
                print(f"round {r + 1} {name}: {out['requests_per_s']} req/s, p50 "
                      f"{out['p50_ms']} ms, p95 {out['p95_ms']} ms, errors {out['errors']}, "
                      f"{out['mean_response_kb']} KB, load {out['loadavg']}", flush=True)
            rounds.append(measured)
    finally:
        for proc, _base in servers.values():
            stop(proc)
    print(table(rounds, names, args))
    if args.json:
        args.json.write_text(json.dumps({"rounds": rounds, "ready_s": ready}, indent=2) + "\n")
    return 0 if all(m["errors"] == 0 for rnd in rounds for m in rnd.values()) else 1


def table(rounds: list[dict[str, dict[str, object]]], names: list[str],
          args: argparse.Namespace) -> str:
    def med(name: str, key: str) -> float:
        return statistics.median(float(str(rnd[name][key])) for rnd in rounds)

    lines = [f"\nconcurrency {args.concurrency}, gunicorn {args.workers} workers × {args.threads} "
             f"threads each, {args.rounds} rounds × {args.duration:.0f} s per server (medians)\n",
             "| server | requests/s | p50 | p95 | response | docklaw / this (req/s) |",
             "| --- | --- | --- | --- | --- | --- |"]
    for name in names:
        ratio = "" if name == "docklaw" else "{:.2f}×".format(statistics.median(
            float(str(rnd["docklaw"]["requests_per_s"]))
            / max(float(str(rnd[name]["requests_per_s"])), 1e-9) for rnd in rounds))
        lines.append(f"| {name} | {med(name, 'requests_per_s'):.1f} | {med(name, 'p50_ms'):.0f} ms"
                     f" | {med(name, 'p95_ms'):.0f} ms | {med(name, 'mean_response_kb'):.1f} KB"
                     f" | {ratio} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
