"""N synthetic codes in a remote SPARQL store, one named graph per code (issue 17 item 6).

Loads the synthetic graph of N codes (``bench/synth.py``) into the store at ``--url`` with
``load_per_code`` (one Graph Store POST per code, plus the shared graph), then runs every saved
query with its default parameters and with ``jurisdiction`` bound to one code, and prints the
load time and each query's median. Start a store first, e.g.
``oxigraph serve --location /tmp/oxi --bind 127.0.0.1:7878``. A server started with
``--union-default-graph`` is asked all-code questions without the graph list when the URL ends
in ``#union=server`` (docs/web.md).

Loading 1,000 codes through the server's Graph Store endpoint takes ~17 minutes; the route
docs/web.md recommends is the offline bulk load: ``--build DIR`` writes the same layout (one
named graph per code plus the shared graph, ``docklaw.sparql.partition``) into an Oxigraph
directory with one bulk load, then serve that directory:

    python bench/remote_codes.py --build /tmp/oxi-1000 --jurisdictions 1000
    oxigraph serve-read-only --location /tmp/oxi-1000 --union-default-graph --bind 127.0.0.1:7878
    python bench/remote_codes.py --url 'http://127.0.0.1:7878#union=server' --skip-load
    python bench/remote_codes.py --url http://127.0.0.1:7878 --jurisdictions 100
    python bench/remote_codes.py --url 'http://127.0.0.1:7878#union=server' --skip-load --answers
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine
from docklaw.errors import QueryTimeout
from docklaw.queries.catalogue import catalogue, parse_header
from docklaw.queries.run import materialise, run_saved
from docklaw.sparql.backends import load_per_code, open_store
from synth import synthetic_path


def build(target: Path, jurisdictions: int) -> None:
    """The per-code layout of ``load_per_code`` in an Oxigraph directory, in one bulk load of
    N-Quads (what ``oxigraph load`` does offline; no answers are kept)."""
    import pyoxigraph as ox

    from docklaw.sparql.partition import partition_bytes

    if target.exists():
        raise SystemExit(f"{target} exists: remove it first")
    t0 = time.perf_counter()
    quads = target.with_suffix(".nq")
    graphs = 0
    with quads.open("wb") as out:
        for name, chunk in partition_bytes(synthetic_path(jurisdictions).read_bytes()):
            graph = f" <{name}> .\n".encode()
            out.write(b"".join(line.rstrip()[:-1].rstrip() + graph
                               for line in chunk.splitlines() if line.strip()))
            graphs += 1
    store = ox.Store(str(target))
    store.bulk_load(path=str(quads), format=ox.RdfFormat.N_QUADS)
    store.optimize()
    store.flush()
    quads.unlink()
    print(f"{len(store)} quads in {graphs} named graphs into {target} in "
          f"{time.perf_counter() - t0:.0f} s")


def cpu_seconds(pid: int | None) -> float:
    """User + system CPU time of process ``pid`` so far (0 without one)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def median_run(store: object, query: object, params: dict[str, str], repeats: int,
               evaluate: bool = False, server: int | None = None) -> float:
    return median_costs(store, query, params, repeats, evaluate, server)[0]


def median_costs(store: object, query: object, params: dict[str, str], repeats: int,
                 evaluate: bool = False, server: int | None = None
                 ) -> tuple[float, float, float]:
    """Median wall time, server CPU time (``server``: the store's process id) and this
    process's CPU time of ``repeats`` runs. CPU times do not depend on how busy the machine
    is (on two shared cores the wall time does, several-fold); the server's is its
    evaluation and serialisation, this process's the reading of the answer."""
    walls, servers, clients = [], [], []
    for _ in range(repeats):
        s0, c0, t0 = cpu_seconds(server), time.process_time(), time.perf_counter()
        run_saved(store, query, params, evaluate=evaluate)  # type: ignore[arg-type]
        walls.append(time.perf_counter() - t0)
        clients.append(time.process_time() - c0)
        servers.append(cpu_seconds(server) - s0)
    return statistics.median(walls), statistics.median(servers), statistics.median(clients)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url")
    parser.add_argument("--build", type=Path, metavar="DIR",
                        help="write the N codes into a new Oxigraph directory and stop")
    parser.add_argument("--jurisdictions", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--skip-load", action="store_true", help="the store already holds them")
    parser.add_argument("--all-runs", type=int, default=1,
                        help="runs of each all-code query, evaluated (median)")
    parser.add_argument("--server-pid", type=int, default=None,
                        help="the store server's process id: report its CPU time per query")
    parser.add_argument("--no-bound", action="store_true", help="skip the one-code runs")
    parser.add_argument("--only", nargs="*", default=None, help="query names")
    parser.add_argument("--old", type=Path, default=None,
                        help="folder of older .rq texts, run beside (all codes, evaluated)")
    parser.add_argument("--answers", action="store_true",
                        help="keep the saved queries' default answers after the load, as "
                             "`docklaw load` does, and time reading them")
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds one query may take (one that takes longer is reported)")
    args = parser.parse_args()
    print(machine())
    if args.build:
        build(args.build, args.jurisdictions)
        return
    if not args.url:
        parser.error("--url or --build is required")
    store = open_store(f"sparql:{args.url}", timeout=args.timeout)
    if not args.skip_load:
        data = synthetic_path(args.jurisdictions).read_bytes()
        t0 = time.perf_counter()
        sent = load_per_code(store, data, replace=True)
        print(f"\nloaded {sum(sent.values())} triples as {len(sent)} named graphs "
              f"({len(sent) - 1} codes + shared) in {time.perf_counter() - t0:.1f} s")
    if args.answers:
        t0 = time.perf_counter()
        materialise(store, catalogue().values())
        print(f"\nanswers kept (docklaw load's last step) in {time.perf_counter() - t0:.1f} s")
    print(f"\nall codes evaluated: median of {args.all_runs} run(s); load average "
          f"{' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    old_head = " old text: wall / server CPU |" if args.old else ""
    print(f"\n| query | rows | all codes, kept answer | all codes, evaluated: wall / server CPU "
          f"/ docklaw CPU |{old_head} one code bound (that code's graph) |")
    print("| --- " * (5 + bool(args.old)) + "|")
    for name, query in catalogue().items():
        if args.only and name not in args.only:
            continue
        kept = median_run(store, query, {}, args.repeats) if args.answers else None
        try:
            rows = len(run_saved(store, query, {}, evaluate=True).rows)
        except QueryTimeout:  # (reported, and the run goes on to the next question)
            print(f"| {name} | — | {f'{kept * 1000:.0f} ms' if kept is not None else '—'} | "
                  f"no answer within {args.timeout:g} s | |", flush=True)
            continue
        wall, server, client = median_costs(store, query, {}, args.all_runs, True,
                                            args.server_pid)
        everything = f"{wall * 1000:.0f} ms / {server * 1000:.0f} ms / {client * 1000:.0f} ms"
        old = ""
        if args.old:
            before = args.old / f"{name}.rq"
            if before.exists() and parse_header(before).text == query.text:
                old = " (same text) |"
            elif before.exists():
                wall, server, _ = median_costs(store, parse_header(before), {}, args.all_runs,
                                               True, args.server_pid)
                old = f" {wall * 1000:.0f} ms / {server * 1000:.0f} ms |"
            else:
                old = " |"
        one = ""
        if not args.no_bound and any(p.name == "jurisdiction" for p in query.params):
            seconds = median_run(store, query, {"jurisdiction": "north-haven"}, args.repeats)
            one = f"{seconds * 1000:.0f} ms"
        print(f"| {name} | {rows} | {f'{kept * 1000:.0f} ms' if kept is not None else '—'} | "
              f"{everything} |{old} {one} |", flush=True)
    store.close()


if __name__ == "__main__":
    main()
