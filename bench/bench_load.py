"""(e) Load time and peak memory of serving the 1,000-jurisdiction graph, per backend.

Each backend is measured in a fresh child process (so peak RSS is its own): load the
synthetic graph (``bench/synth.py``), run one saved query (a served store answers queries),
report load seconds and ``ru_maxrss``. Backends: embedded Oxigraph in memory and on disk
(bulk loader); plain rdflib on a smaller synthetic graph, extrapolated linearly (rdflib
keeps ~1 KB per triple in Python objects: the full graph would need several GB and many
minutes); and, with ``--oxigraph-bin``, an Oxigraph server started fresh for the run, loaded
over the Graph Store Protocol, its peak RSS read from /proc (docklaw's own process then only
holds an HTTP client).

    python bench/bench_load.py [--jurisdictions 1000] [--rdflib-jurisdictions 50]
                               [--oxigraph-bin /tmp/oxvenv/bin/oxigraph]
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import machine, peak_rss_mib
from docklaw import paths
from docklaw.sparql.backends import LAW_GRAPH_IRI
from synth import synthetic_path

PROBE_QUERY = "area-variance.rq"


def child(backend: str, source: Path) -> dict[str, object]:
    """Runs in the child: load ``source`` into ``backend``, query once, report."""
    import pyoxigraph as ox
    from rdflib import Graph

    from docklaw.sparql.persistent import PersistentOxigraphStore
    from docklaw.sparql.store import OxigraphStore, RdflibStore

    query = (paths.QUERIES_DIR / PROBE_QUERY).read_text(encoding="utf-8")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        if backend == "memory":
            store = OxigraphStore(execution="inline")
            store.store.bulk_load(path=str(source), format=ox.RdfFormat.N_TRIPLES,
                                  to_graph=ox.NamedNode(LAW_GRAPH_IRI))
        elif backend == "oxigraph-disk":
            store = PersistentOxigraphStore(Path(tmp) / "db", execution="inline")
            store.load_file(LAW_GRAPH_IRI, source)
        else:
            store = RdflibStore(execution="inline")
            store.add_graph(LAW_GRAPH_IRI, Graph().parse(source, format="nt"))
        loaded = time.perf_counter() - started
        started = time.perf_counter()
        rows = len(store.query(query, timeout=3600).rows)
        queried = time.perf_counter() - started
        return {"backend": backend, "triples": store.triple_count(), "load_s": loaded,
                "query_s": queried, "rows": rows, "peak_rss_mib": peak_rss_mib()}


def in_child(backend: str, source: Path) -> dict[str, object]:
    out = subprocess.run([sys.executable, __file__, "--child", backend, "--source", str(source)],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        return {"backend": backend, "error": out.stderr.strip().splitlines()[-1:]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def vm_hwm_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM"):
            return int(line.split()[1]) / 1024
    return float("nan")


def remote_server(binary: str, source: Path) -> dict[str, object]:
    """Start an Oxigraph server, stream ``source`` to its Graph Store, measure, stop it."""
    from docklaw.sparql.remote import RemoteStore

    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen([binary, "serve", "--location", f"{tmp}/db",
                                   "--bind", f"127.0.0.1:{port}"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.1)
            started = time.perf_counter()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=3600)
            with source.open("rb") as body:
                conn.request("POST", f"/store?graph={LAW_GRAPH_IRI}", body=body,
                             headers={"Content-Type": "application/n-triples",
                                      "Content-Length": str(source.stat().st_size)})
                status = conn.getresponse().status
            loaded = time.perf_counter() - started
            store = RemoteStore(f"http://127.0.0.1:{port}", timeout=3600)
            query = (paths.QUERIES_DIR / PROBE_QUERY).read_text(encoding="utf-8")
            started = time.perf_counter()
            rows = len(store.query(query).rows)
            queried = time.perf_counter() - started
            return {"backend": "sparql (oxigraph server)", "http_status": status,
                    "triples": store.triple_count(), "load_s": loaded, "query_s": queried,
                    "rows": rows, "peak_rss_mib": vm_hwm_mib(server.pid)}
        finally:
            server.terminate()
            server.wait(timeout=30)


def row(result: dict[str, object], scale: float = 1.0, note: str = "") -> str:
    if "error" in result:
        return f"| {result['backend']} | failed: {result['error']} | | | |"
    rss = float(result["peak_rss_mib"])  # type: ignore[arg-type]
    load = float(result["load_s"])  # type: ignore[arg-type]
    extra = ""
    if scale != 1.0:
        extra = f" (x{scale:g} extrapolated: ~{load * scale:.0f} s, ~{rss * scale / 1024:.1f} GiB)"
    return (f"| {result['backend']}{note} | {result['triples']} | {load:.1f} s | "
            f"{float(result['query_s']):.2f} s ({result['rows']} rows) | "  # type: ignore[arg-type]
            f"{rss:.0f} MiB{extra} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jurisdictions", type=int, default=1000)
    parser.add_argument("--rdflib-jurisdictions", type=int, default=50)
    parser.add_argument("--oxigraph-bin", help="oxigraph server binary (pip install oxigraph)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--source", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child, args.source)))
        return 0
    big = synthetic_path(args.jurisdictions)
    small = synthetic_path(args.rdflib_jurisdictions)
    print(f"# Load time and peak memory, {args.jurisdictions} jurisdictions\n\n{machine()}\n")
    lines = ["| backend | triples | load | one query (" + PROBE_QUERY + ") | peak RSS |",
             "| --- | --- | --- | --- | --- |"]
    for backend in ("memory", "oxigraph-disk"):
        lines.append(row(in_child(backend, big)))
        print(lines[-1], file=sys.stderr, flush=True)
    scale = args.jurisdictions / args.rdflib_jurisdictions
    lines.append(row(in_child("rdflib", small), scale,
                     f" ({args.rdflib_jurisdictions} jurisdictions)"))
    if args.oxigraph_bin:
        lines.append(row(remote_server(args.oxigraph_bin, big), note=" server process"))
    print("\n".join(lines) + "\n\n- target: peak RSS under 2 GB (2048 MiB)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
