"""Soak: ``docklaw serve --server gunicorn`` under mixed load, memory sampled (issue 23).

    python bench/soak.py --minutes 10 [--clients 4] [--port 8097]

Starts the server as a user does, then for the given time runs ``--clients`` threads that
each pick, in turn, a query-page GET, a SPARQL query, a search, a law page, a validation
(good and bad applications, ``?against=all``), the OpenAPI document, while 12 connections
trickle their headers (``bench/slowloris.py``). Every 5 s it samples the resident memory of
the server's whole process tree (gunicorn master, workers, query workers, validation
children: RSS and PSS from /proc). Prints JSON: requests by route and status, 5xx count,
latency percentiles, and the memory samples (first, last, peak). The figures of a run are
recorded in bench/LOAD.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from slowloris import Trickle  # noqa: E402

EXAMPLES = sorted((ROOT / "examples").glob("*/*.ttl"))
QUERIES = [
    "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }",
    "PREFIX dl: <https://w3id.org/docklaw/ontology#> SELECT ?r ?s WHERE { ?r dl:section ?s } "
    "LIMIT 200",
    "PREFIX dl: <https://w3id.org/docklaw/ontology#> SELECT ?c (COUNT(?r) AS ?n) WHERE "
    "{ ?r dl:varianceClass ?c } GROUP BY ?c",
    "SELECT * WHERE { ?a ?b ?c . ?c ?d ?e } LIMIT 5000",
]
BAD = [b"@prefix : <http://a/> .\n:s :p", b"", "caf\u00e9".encode("latin-1"),
       b"<?xml version='1.0'?><!DOCTYPE x [<!ENTITY a 'b'>]><x/>"]


def request(base: str, kind: str) -> tuple[str, int, float]:
    """One request of ``kind``: (route label, status, seconds); status 0 on a failure."""
    data: bytes | None = None
    headers = {"Accept": "application/json"}
    if kind == "page":
        url = base + "/"
        headers = {"Accept": "text/html"}
    elif kind == "sparql":
        url = base + "/sparql?" + urllib.parse.urlencode({"query": random.choice(QUERIES)})
        headers = {"Accept": "application/sparql-results+json"}
    elif kind == "search":
        url = base + "/search?format=json&" + urllib.parse.urlencode(
            {"q": random.choice(["dock", "float width", "boat lift", "mooring"])})
    elif kind == "law":
        url = base + random.choice(["/code/north-haven/56-2D", "/jurisdiction/kings-point",
                                    "/code/south-bristol/73-8A", "/compare"])
        headers = {"Accept": "text/html"}
    elif kind == "openapi":
        url = base + "/openapi.json"
    elif kind in ("validate", "against"):
        url = base + "/validate" + ("?against=all" if kind == "against" else "")
        data = random.choice(EXAMPLES).read_bytes()
        headers |= {"Content-Type": "text/turtle"}
    else:  # bad input
        url = base + "/validate"
        data = random.choice(BAD)
        headers |= {"Content-Type": "text/turtle"}
    started = time.monotonic()
    try:
        req = urllib.request.Request(url, data=data, headers=headers,
                                     method="POST" if data is not None else "GET")
        with urllib.request.urlopen(req, timeout=60) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except OSError:
        status = 0
    return kind, status, time.monotonic() - started


def tree(root: int) -> list[int]:
    """``root`` and every process below it."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def memory(root: int) -> dict[str, float]:
    """MiB: summed RSS and PSS of the process tree, and its process count."""
    rss = pss = 0
    pids = tree(root)
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Rss:"):
                    rss += int(line.split()[1])
                elif line.startswith("Pss:"):
                    pss += int(line.split()[1])
        except OSError:
            continue
    return {"rss_mib": round(rss / 1024, 1), "pss_mib": round(pss / 1024, 1),
            "processes": len(pids)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--port", type=int, default=8097)
    parser.add_argument("--trickle", type=int, default=12)
    args = parser.parse_args()
    base = f"http://127.0.0.1:{args.port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "docklaw.cli", "serve", "--server", "gunicorn", "--port",
         str(args.port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    try:
        for _ in range(300):
            if request(base, "openapi")[1] == 200:
                break
            time.sleep(1)
        kinds = ["page", "sparql", "sparql", "search", "law", "openapi", "validate",
                 "validate", "bad", "against"]
        counts: Counter[tuple[str, int]] = Counter()
        times: list[float] = []
        lock = threading.Lock()
        stop = threading.Event()

        def client() -> None:
            while not stop.is_set():
                kind, status, seconds = request(base, random.choice(kinds))
                with lock:
                    counts[(kind, status)] += 1
                    times.append(seconds)

        trickle = Trickle(base, args.trickle, interval=2.0).start()
        threads = [threading.Thread(target=client, daemon=True) for _ in range(args.clients)]
        samples = [memory(server.pid) | {"t": 0}]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        while time.monotonic() - started < args.minutes * 60:
            time.sleep(5)
            samples.append(memory(server.pid) | {"t": round(time.monotonic() - started)})
        stop.set()
        for thread in threads:
            thread.join(timeout=90)
        trickle.stop()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
    times.sort()
    by_status = Counter()
    for (_kind, status), n in counts.items():
        by_status[status] += n
    report = {
        "minutes": args.minutes, "clients": args.clients, "trickling": args.trickle,
        "requests": sum(counts.values()),
        "by_route_status": {f"{k} {s}": n for (k, s), n in sorted(counts.items())},
        "by_status": dict(sorted(by_status.items())),
        "server_errors_5xx": sum(n for s, n in by_status.items() if s >= 500),
        "failed_connections": by_status.get(0, 0),
        "latency_s": {"p50": round(times[len(times) // 2], 3),
                      "p95": round(times[int(len(times) * 0.95)], 3),
                      "max": round(times[-1], 3)} if times else {},
        "memory_first": samples[1] if len(samples) > 1 else samples[0],
        "memory_last": samples[-1],
        "memory_peak_rss_mib": max(s["rss_mib"] for s in samples),
        "memory_peak_pss_mib": max(s["pss_mib"] for s in samples),
        "samples": samples,
    }
    print(json.dumps(report, indent=2))
    return 0 if report["server_errors_5xx"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
