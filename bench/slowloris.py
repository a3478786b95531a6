"""Slow clients against a running docklaw server: N connections trickle their headers, one
byte-line at a time, while ordinary requests are timed (issue 23).

    python bench/slowloris.py --url http://127.0.0.1:8080 --connections 24 --seconds 30

Prints, as JSON, how long each ordinary request took while the trickling connections were
open. A server that gives a thread to an unfinished request stops answering (the gthread
worker with 2 workers x 4 threads answered nothing for 24 s); one that parses headers
without a thread answers in milliseconds. Also imported by tests/test_slow_clients.py and
bench/soak.py.
"""

from __future__ import annotations

import argparse
import json
import socket
import threading
import time
import urllib.request
from urllib.parse import urlsplit


class Trickle:
    """``connections`` sockets that send a request line and then one header line every
    ``interval`` seconds, never finishing the request, until ``stop()``."""

    def __init__(self, url: str, connections: int, interval: float = 1.0) -> None:
        parts = urlsplit(url)
        self.address = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.connections = connections
        self.interval = interval
        self.sockets: list[socket.socket] = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.refused = 0

    def start(self) -> Trickle:
        for _ in range(self.connections):
            try:
                sock = socket.create_connection(self.address, timeout=5)
                sock.sendall(b"GET /openapi.json HTTP/1.1\r\nHost: localhost\r\n")
                self.sockets.append(sock)
            except OSError:
                self.refused += 1
        self.thread.start()
        return self

    def _run(self) -> None:
        k = 0
        while not self.done.wait(self.interval):
            k += 1
            for sock in list(self.sockets):
                try:
                    sock.sendall(b"X-Trickle-%d: x\r\n" % k)
                except OSError:
                    self.sockets.remove(sock)  # the server closed it (a header timeout)

    def open(self) -> int:
        return len(self.sockets)

    def stop(self) -> None:
        self.done.set()
        self.thread.join(timeout=5)
        for sock in self.sockets:
            sock.close()


def timed_get(url: str, timeout: float = 30.0) -> tuple[int, float]:
    """(status, seconds) of one GET; status 0 when it failed or timed out."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except OSError:
        status = 0
    return status, time.monotonic() - started


def measure(url: str, connections: int, seconds: float, path: str = "/openapi.json",
            timeout: float = 30.0) -> dict[str, object]:
    """Open the trickling connections, then GET ``path`` once a second for ``seconds``."""
    trickle = Trickle(url, connections).start()
    samples = []
    try:
        time.sleep(1.0)  # the trickling connections are accepted and waiting first
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            samples.append(timed_get(url.rstrip("/") + path, timeout))
            time.sleep(1.0)
        still_open = trickle.open()
    finally:
        trickle.stop()
    times = sorted(t for _s, t in samples)
    return {"connections": connections, "requests": len(samples),
            "ok": sum(1 for s, _t in samples if s == 200),
            "slowest_s": round(times[-1], 3) if times else None,
            "median_s": round(times[len(times) // 2], 3) if times else None,
            "trickling_still_open": still_open, "refused": trickle.refused}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--connections", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    print(json.dumps(measure(args.url, args.connections, args.seconds), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
