"""POST bodies to one HTTP endpoint at a fixed concurrency for a fixed time (issue 27 item 1).

Why its own script: the same load must be put on docklaw's ``POST /validate`` and on the anchor
endpoint (``bench/anchor/``) so their requests per second can be compared; this knows nothing
about either. Each of ``--concurrency`` client threads posts the bodies in turn (thread k
starts at body k), one request at a time, a new connection per request, until the time is up;
it reports requests per second, p50/p95 latency, errors and the mean response size.

    python bench/http_load.py --url http://127.0.0.1:8080/validate \\
        --content-type text/turtle examples/*/*.ttl --concurrency 2 --duration 20
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path


def post(url: str, body: bytes, content_type: str, timeout: float) -> tuple[int, int]:
    """(HTTP status, response bytes); status 0 when the connection failed."""
    req = urllib.request.Request(url, data=body, headers={"Content-Type": content_type,
                                                          "Accept": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, len(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, len(exc.read())
    except OSError:
        return 0, 0


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of ``values``."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def run_load(url: str, bodies: list[bytes], content_type: str, *, concurrency: int = 2,
             duration: float = 20.0, timeout: float = 60.0) -> dict[str, object]:
    """``concurrency`` threads posting ``bodies`` round-robin to ``url`` for ``duration`` s."""
    if not bodies:
        raise ValueError("no bodies to post")
    samples: list[tuple[int, float, int]] = []
    lock = threading.Lock()
    stop = time.monotonic() + duration

    def client(k: int) -> None:
        i = k
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            status, size = post(url, bodies[i % len(bodies)], content_type, timeout)
            elapsed = time.perf_counter() - t0
            with lock:
                samples.append((status, elapsed, size))
            i += 1

    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(k,)) for k in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - started
    ok = [s for s in samples if s[0] == 200]
    latencies = [s[1] for s in ok]
    return {
        "url": url, "concurrency": concurrency, "seconds": round(wall, 2),
        "requests": len(samples), "ok": len(ok), "errors": len(samples) - len(ok),
        "error_statuses": sorted({s[0] for s in samples if s[0] != 200}),
        "requests_per_s": round(len(ok) / wall, 2),
        "p50_ms": round(percentile(latencies, 50) * 1000, 1),
        "p95_ms": round(percentile(latencies, 95) * 1000, 1),
        "mean_response_kb": round(statistics.fmean(s[2] for s in ok) / 1024, 1) if ok else 0.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("files", nargs="+", type=Path, help="bodies to post, in turn")
    parser.add_argument("--content-type", default="text/turtle")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds, not counted")
    args = parser.parse_args()
    if not 1 <= args.concurrency <= 64 or not 1 <= args.duration <= 900:
        parser.error("concurrency 1..64, duration 1..900 s")
    bodies = [p.read_bytes() for p in args.files]
    if args.warmup:
        run_load(args.url, bodies, args.content_type, concurrency=args.concurrency,
                 duration=args.warmup)
    out = run_load(args.url, bodies, args.content_type, concurrency=args.concurrency,
                   duration=args.duration)
    print(json.dumps(out, indent=2))
    return 0 if out["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
