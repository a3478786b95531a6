"""`docklaw serve` over a persistent store of N synthetic codes: memory and page times.

Why: at 1,000 codes the web tier must not hold a copy of the law (issue 17 item 3: < 2 GB
RSS in total). The store (``oxigraph:DIR``) is filled once from ``bench/synth.py``'s graph
(reused while the inputs are unchanged); the server is started for real (gunicorn, its
workers and their query workers), every kind of page is requested, and the resident memory
of the whole process tree is read from /proc after each step.

    python bench/serve_scale.py --codes 1000 --json serve-1000.json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine
from docklaw.kg.build import cache_dir, inputs_digest
from docklaw.queries.catalogue import catalogue
from docklaw.queries.run import materialise
from docklaw.sparql.backends import load_per_code
from docklaw.sparql.persistent import PersistentOxigraphStore
from load import rss_mib, stop_server, wait_ready
from synth import synthetic_path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [  # (what, path): real and synthetic codes alike
    ("home page", "/"),
    ("section, real code", "/code/north-haven/56-2D"),
    ("section, synthetic copy 137", "/code/north-haven-s137/56-2D"),
    ("saved query bound to one code (page)", "/?saved=permit-path&p-jurisdiction=jerusalem"),
    ("rule with limit blank nodes", "/rule/kings-point/standards-C-side-setback"),
    ("jurisdiction contents", "/jurisdiction/south-bristol-s42"),
    ("saved query use-variance (page)", "/?saved=use-variance"),
    ("ad-hoc SPARQL (one code)", "/sparql?query=" + urllib.parse.quote(
        "PREFIX dl: <https://w3id.org/docklaw/ontology#> SELECT ?s ?c WHERE { ?s dl:jurisdiction "
        "<https://w3id.org/docklaw/jurisdiction/north-haven-s99> ; dl:citation ?c } LIMIT 50")),
    ("VoID (counts over the whole store)", "/.well-known/void"),
]


def filled_store(codes: int) -> tuple[Path, dict[str, float]]:
    """A persistent Oxigraph directory holding the synthetic law as ``docklaw load`` lays it
    out (one named graph per code plus the shared graph) and the saved queries' default
    answers it keeps (built once, reused); the seconds each answer took to compute."""
    target = cache_dir() / f"store-percode-{inputs_digest()}-{codes}"
    done = target / ".docklaw-filled"
    answered = target / ".docklaw-answers.json"
    if not done.exists():
        source = synthetic_path(codes)
        started = time.monotonic()
        store = PersistentOxigraphStore(target, execution="inline")
        sent = load_per_code(store, source.read_bytes())
        store.close()
        del store
        done.write_text(f"{source.name}: {sum(sent.values())} triples in {len(sent)} graphs, "
                        f"loaded in {time.monotonic() - started:.0f} s\n")
        print(done.read_text(), file=sys.stderr, flush=True)
    if not answered.exists():
        store = PersistentOxigraphStore(target, execution="inline")
        seconds = materialise(store, catalogue().values(), progress=lambda name, s: print(
            f"answer kept: {name} {s:.1f} s", file=sys.stderr, flush=True))
        store.close()
        del store
        answered.write_text(json.dumps(seconds, indent=2))
    return target, json.loads(answered.read_text())


def fetch(base: str, path: str) -> tuple[int, float, int]:
    started = time.monotonic()
    try:
        with urllib.request.urlopen(base + path, timeout=600) as response:
            body = response.read()
            status = response.status
    except urllib.error.HTTPError as exc:
        body, status = exc.read(), exc.code
    return status, time.monotonic() - started, len(body)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--codes", type=int, default=1000)
    parser.add_argument("--port", type=int, default=5093)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    t0 = time.monotonic()
    store, answer_seconds = filled_store(args.codes)
    fill_s = time.monotonic() - t0
    base = f"http://127.0.0.1:{args.port}"
    cmd = [sys.executable, "-m", "docklaw.cli", "serve", "--store", f"oxigraph:{store}",
           "--server", "gunicorn", "--host", "127.0.0.1", "--port", str(args.port),
           "--workers", str(args.workers), "--threads", str(args.threads)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    steps: list[dict[str, object]] = []
    try:
        started = time.monotonic()
        wait_ready(base, proc, 600)
        ready_s = time.monotonic() - started
        steps.append({"step": "ready", "seconds": round(ready_s, 2), **rss_mib(proc.pid)})
        for what, path in PAGES:
            timings = []
            for _ in range(3):  # gunicorn spreads requests over workers: each loads once
                status, seconds, size = fetch(base, path)
                timings.append(seconds)
            steps.append({"step": what, "status": status, "bytes": size,
                          "first_s": round(timings[0], 3), "best_s": round(min(timings), 3),
                          **rss_mib(proc.pid)})
    finally:
        stop_server(proc, grace=30)
    out = {"codes": args.codes, "store": str(store), "store_fill_s": round(fill_s, 1),
           "answers_s": {k: round(v, 3) for k, v in answer_seconds.items()},
           "workers": args.workers, "threads": args.threads, "steps": steps}
    print(machine())
    print(f"\n{args.codes} codes in oxigraph:{store} (fill/reuse {fill_s:.0f} s)\n")
    print("| step | status | first | best | RSS total (MiB) |\n| --- | --- | --- | --- | --- |")
    for s in steps:
        print(f"| {s['step']} | {s.get('status', '')} | {s.get('first_s', s.get('seconds'))} s "
              f"| {s.get('best_s', '')} | {s.get('total', '')} |")
    print(f"\nanswers kept at load: {sum(answer_seconds.values()):.0f} s in all; slowest "
          + ", ".join(f"{k} {v:.1f} s" for k, v in sorted(
              answer_seconds.items(), key=lambda kv: -kv[1])[:5]))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
