"""Load test: ``docklaw serve`` (Flask's threaded server or gunicorn) on loopback.

Why a script (not a test): it runs for a fixed wall-clock time and reports throughput,
p50/p99 latency per request kind and overall, errors (503s counted apart) and the server's
memory (RSS and PSS of the whole process tree: server, workers and their query worker
processes, read from /proc) after warm-up, half-way and at the end. Loopback only;
bounded in time (``--duration``) and in clients (``--clients``).

    python bench/load.py --server flask --clients 8 --duration 60 --json flask.json
    python bench/load.py --server gunicorn --workers 2 --threads 4 --json gunicorn.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
ERROR_SAMPLES: list[str] = []
ADHOC = [
    "PREFIX dl: <https://w3id.org/docklaw/ontology#> SELECT ?s ?c WHERE { ?s a dl:Section ; "
    "dl:citation ?c } ORDER BY ?c LIMIT 50",
    "PREFIX dl: <https://w3id.org/docklaw/ontology#> SELECT ?j (COUNT(?s) AS ?n) WHERE { "
    "?s dl:jurisdiction ?j } GROUP BY ?j",
    "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }",
    "PREFIX dl: <https://w3id.org/docklaw/ontology#> CONSTRUCT { ?r ?p ?o } WHERE { "
    "?r a dl:Requirement ; ?p ?o } LIMIT 200",
    "ASK { ?s ?p ?o }",
]


def descendants(pid: int) -> list[int]:
    """``pid`` and every process below it (gunicorn workers, their query workers)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


def rss_mib(pid: int) -> dict[str, float]:
    """Total and per-process resident memory (MiB) of the server's process tree."""
    per: dict[str, float] = {}
    per_pss: dict[str, float] = {}
    for p in descendants(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    per[str(p)] = int(line.split()[1]) / 1024
            for line in Path(f"/proc/{p}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    per_pss[str(p)] = int(line.split()[1]) / 1024
        except OSError:
            continue
    # RSS counts pages shared copy-on-write after fork once per process; PSS splits them
    return {"total": round(sum(per.values()), 1), "pss_total": round(sum(per_pss.values()), 1),
            "processes": len(per), **{k: round(v, 1) for k, v in sorted(per.items())},
            "pss": {k: round(v, 1) for k, v in sorted(per_pss.items())}}


def request(base: str, kind: str, rng: random.Random, saved: list[str],
            apps: list[bytes]) -> tuple[str, int]:
    if kind == "saved":
        url = f"{base}/?" + urllib.parse.urlencode({"saved": rng.choice(saved)})
        req = urllib.request.Request(url, headers={"Accept": "text/html"})
    elif kind == "adhoc":
        url = f"{base}/sparql?" + urllib.parse.urlencode({"query": rng.choice(ADHOC)})
        req = urllib.request.Request(url)
    else:
        req = urllib.request.Request(f"{base}/validate", data=rng.choice(apps),
                                     headers={"Content-Type": "text/turtle"})
    try:
        with urllib.request.urlopen(req, timeout=60) as response:
            response.read()
            return kind, response.status
    except urllib.error.HTTPError as exc:
        body = exc.read()
        if len(ERROR_SAMPLES) < 10:
            ERROR_SAMPLES.append(f"{kind} {exc.code}: {body[:200]!r}")
        return kind, exc.code
    except OSError as exc:
        if len(ERROR_SAMPLES) < 10:
            ERROR_SAMPLES.append(f"{kind} connection: {exc}")
        return kind, 0


def phase(base: str, clients: int, seconds: float, saved: list[str],
          apps: list[bytes]) -> list[tuple[str, int, float]]:
    """``clients`` threads sending the request mix for ``seconds``: (kind, status, latency)."""
    results: list[tuple[str, int, float]] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(n: int) -> None:
        local = random.Random(n)
        while time.monotonic() < stop:
            kind = local.choices(["saved", "adhoc", "validate"], weights=[2, 2, 1])[0]
            t0 = time.monotonic()
            kind, status = request(base, kind, local, saved, apps)
            with lock:
                results.append((kind, status, time.monotonic() - t0))

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def stop_server(proc: subprocess.Popen[bytes], grace: float = 20) -> None:
    """SIGTERM (gunicorn and Flask shut down their workers), SIGKILL after ``grace`` s."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        proc.kill()


def wait_ready(base: str, proc: subprocess.Popen[bytes], limit: float) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{base}/sparql?query=ASK%7B%7D", timeout=5) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise SystemExit("server did not become ready")


def run(args: argparse.Namespace) -> dict[str, object]:
    base = f"http://{HOST}:{args.port}"
    cmd = [sys.executable, "-m", "docklaw.cli", "serve", "--server", args.server, "--host",
           HOST, "--port", str(args.port), "--workers", str(args.workers), "--threads",
           str(args.threads)]
    log = open(args.log, "wb") if args.log else subprocess.DEVNULL  # noqa: SIM115
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    try:
        started = time.monotonic()
        wait_ready(base, proc, 300)
        ready_s = time.monotonic() - started
        saved = sorted(p.stem for p in (ROOT / "queries").glob("*.rq"))
        apps = [p.read_bytes() for p in sorted((ROOT / "examples").glob("*/*.ttl"))]
        phase(base, args.clients, args.warmup, saved, apps)  # caches, all query workers
        rss_start = rss_mib(proc.pid)
        t0 = time.monotonic()
        mid: dict[str, float] = {}

        def sample_mid() -> None:
            time.sleep(args.duration / 2)
            mid.update(rss_mib(proc.pid))

        sampler = threading.Thread(target=sample_mid, daemon=True)
        sampler.start()
        results = phase(base, args.clients, args.duration, saved, apps)
        sampler.join(timeout=5)
        wall = time.monotonic() - t0
        rss_end = rss_mib(proc.pid)
    finally:
        stop_server(proc)
    latencies = sorted(r[2] for r in results)
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    per_kind = {}
    for kind in ("saved", "adhoc", "validate"):
        ks = sorted(r[2] for r in results if r[0] == kind)
        kq = statistics.quantiles(ks, n=100) if len(ks) > 1 else [0.0] * 99
        per_kind[kind] = {"requests": len(ks), "p50_ms": round(kq[49] * 1000, 1),
                          "p99_ms": round(kq[98] * 1000, 1),
                          "p99_over_p50": round(kq[98] / kq[49], 2) if kq[49] else None,
                          "errors": sum(1 for r in results if r[0] == kind and r[1] != 200)}
    errors = [r for r in results if r[1] != 200]
    return {
        "server": args.server,
        "clients": args.clients, "warmup_s": args.warmup, "duration_s": round(wall, 1),
        "workers": args.workers, "threads": args.threads, "server_ready_s": round(ready_s, 1),
        "requests": len(results), "throughput_rps": round(len(results) / wall, 2),
        "p50_ms": round(q[49] * 1000, 1), "p99_ms": round(q[98] * 1000, 1),
        "p99_over_p50": round(q[98] / q[49], 2) if q[49] else None,
        "errors": len(errors), "error_statuses": sorted({r[1] for r in errors}),
        "status_503": sum(1 for r in errors if r[1] == 503),
        "error_samples": ERROR_SAMPLES,
        "per_kind": per_kind, "rss_mib_start": rss_start, "rss_mib_mid": mid,
        "rss_mib_end": rss_end, "cpus": os.cpu_count(),
        "loadavg_end": Path("/proc/loadavg").read_text().split()[:3],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=15.0, help="seconds before measuring")
    parser.add_argument("--server", choices=("flask", "gunicorn"), default="gunicorn")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--port", type=int, default=18931)
    parser.add_argument("--json", help="also write the results here")
    parser.add_argument("--log", help="server log file")
    args = parser.parse_args()
    if not 1 <= args.clients <= 64 or not 1 <= args.duration <= 900:
        parser.error("clients 1..64, duration 1..900 s")
    out = run(args)
    text = json.dumps(out, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")
    return 0 if out["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
