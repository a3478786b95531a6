"""The validation pool (issue 27 item 1): warm worker processes, one budget per request.

A server no longer forks a child per upload: ``docklaw.workers.WorkerPool`` keeps warm
workers and hands each job to an idle one. The budget stays hard: a job past its time is
stopped and its worker killed and replaced, a job past its memory cap is stopped, a worker
that dies is replaced, the wait for a free worker counts in the budget, a full queue is
refused at once, workers have no network, and no worker outlives the pool or the server.
Through HTTP, every example's report is the in-process report byte for byte, and
``?compact=1`` gives the same content with each cited section's text once.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from docklaw import paths
from docklaw.errors import InputError, ResourceLimit
from docklaw.workers import WorkerPool

EXAMPLES = sorted(paths.EXAMPLES_DIR.glob("*/*.ttl"))
TURTLE = {"Content-Type": "text/turtle"}
pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux")


# ---------------------------------------------------------------------- jobs (run in workers)

def _pid() -> int:
    return os.getpid()


def _sleep(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


_HELD: list[bytes] = []


def _allocate(mib: int) -> int:
    """Hold ``mib`` MiB in this worker (touched, so it is private memory)."""
    _HELD.append(b"x" * (mib * 1024**2))
    return os.getpid()


def _die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def _bad_input() -> None:
    raise InputError("no application here", line=3)


def _connect() -> str:
    try:
        socket.socket(socket.AF_INET, socket.SOCK_STREAM).close()
    except OSError as exc:
        return f"refused: {exc.errno}"
    return "opened"


def alive(pid: int) -> bool:
    """A process that exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def gone(pids: list[int], within: float = 10.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not any(alive(p) for p in pids):
            return True
        time.sleep(0.1)
    return False


@pytest.fixture
def pool() -> Iterator[WorkerPool]:
    with WorkerPool(1, max_waiting=4, memory=512 * 1024**2) as found:
        found.start()
        yield found


# ---------------------------------------------------------------------- the pool

def test_workers_are_forked_before_the_first_job_and_reused(pool: WorkerPool) -> None:
    started = pool.pids()
    assert len(started) == 1 and alive(started[0])
    assert pool.run(_pid, timeout=10) == started[0] == pool.run(_pid, timeout=10)
    assert pool.stats["started"] == 1 and pool.stats["jobs"] == 2


def test_a_job_past_its_time_is_stopped_and_its_worker_replaced(pool: WorkerPool) -> None:
    first = pool.run(_pid, timeout=10)
    began = time.monotonic()
    with pytest.raises(ResourceLimit) as info:
        pool.run(_sleep, 30, timeout=0.5)
    assert time.monotonic() - began < 5
    assert "0.5 s (time limit)" in str(info.value)
    assert info.value.http_status == 503 and info.value.exit_code == 5
    assert gone([first]), "the worker past its budget was not killed"
    assert pool.stats["timed_out"] == 1
    assert pool.run(_pid, timeout=10) not in (first, None)  # a fresh worker answers


def test_the_wait_for_a_free_worker_counts_in_the_budget(pool: WorkerPool) -> None:
    """One worker busy for 1.5 s: a job with a 0.5 s budget is refused when its budget is
    spent waiting, and the busy worker (within its own budget) is not killed."""
    busy = threading.Thread(target=lambda: pool.run(_sleep, 1.5, timeout=10))
    busy.start()
    time.sleep(0.3)
    began = time.monotonic()
    with pytest.raises(ResourceLimit) as info:
        pool.run(_pid, timeout=0.5)
    assert 0.4 < time.monotonic() - began < 1.4
    assert "waiting for a free worker" in str(info.value)
    busy.join()
    assert pool.stats["timed_out"] == 0 and pool.stats["crashed"] == 0


def test_a_full_queue_is_refused_at_once() -> None:
    with WorkerPool(1, max_waiting=1) as small:
        small.start()
        threads = [threading.Thread(target=lambda: small.run(_sleep, 1.0, timeout=10))
                   for _ in range(2)]  # one runs, one waits
        for thread in threads:
            thread.start()
        time.sleep(0.3)
        began = time.monotonic()
        with pytest.raises(ResourceLimit) as info:
            small.run(_pid, timeout=10)
        assert time.monotonic() - began < 0.2 and "busy" in str(info.value)
        for thread in threads:
            thread.join()
        assert small.stats["refused"] == 1 and small.stats["jobs"] == 2


def test_a_job_past_its_memory_cap_is_stopped_and_the_worker_replaced(pool: WorkerPool) -> None:
    first = pool.run(_pid, timeout=10)
    with pytest.raises(ResourceLimit) as info:
        pool.run(_allocate, 256, timeout=20, memory=64 * 1024**2)
    assert "memory" in str(info.value)
    assert gone([first])
    assert pool.stats["recycled"] + pool.stats["crashed"] == 1
    assert pool.run(_allocate, 1, timeout=20) != first  # a fresh worker, its own cap


def _wait_until_dead(pid: int, limit: float = 30.0) -> None:
    """Until the kernel has ended ``pid`` (a zombie or gone): on a loaded machine a SIGKILLed
    process waits its turn to exit, and a pool cannot see a death that has not happened yet
    (a fixed 0.2 s sleep failed once in CI at load 6)."""
    stat = Path(f"/proc/{pid}/stat")
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            if stat.read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
                return
        except (FileNotFoundError, ProcessLookupError):
            return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} still running {limit:g} s after SIGKILL")


def test_a_worker_that_dies_is_replaced(pool: WorkerPool) -> None:
    first = pool.run(_pid, timeout=10)
    with pytest.raises(ResourceLimit) as info:
        pool.run(_die, timeout=10)
    assert "crashed" in str(info.value) and pool.stats["crashed"] == 1
    killed = pool.run(_pid, timeout=10)
    os.kill(killed, signal.SIGKILL)  # killed from outside while idle
    _wait_until_dead(killed)
    assert pool.run(_pid, timeout=10) not in (first, None)
    assert pool.stats["crashed"] == 2


def test_errors_keep_their_kind_and_details(pool: WorkerPool) -> None:
    with pytest.raises(InputError) as info:
        pool.run(_bad_input, timeout=10)
    assert info.value.line == 3 and "no application here" in str(info.value)
    assert pool.stats["crashed"] == 0  # an answer, not a failure: the worker stays


def test_jobs_run_at_once_up_to_the_pool_size() -> None:
    with WorkerPool(2) as two:
        two.start()
        answers: list[int] = []
        threads = [threading.Thread(target=lambda: answers.append(two.run(_sleep, 0.5,
                                                                          timeout=20)))
                   for _ in range(4)]
        began = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - began
        assert len(answers) == 4 and len(set(answers)) == 2, answers
        assert 0.95 < elapsed < 4.0, elapsed  # two at a time: two rounds of 0.5 s


def test_workers_are_replaced_after_max_jobs_and_past_their_memory_bound() -> None:
    with WorkerPool(1, max_jobs=3) as counted:
        counted.start()
        pids = [counted.run(_pid, timeout=10) for _ in range(4)]
        assert pids[0] == pids[1] == pids[2] != pids[3]
        assert counted.stats["recycled"] == 1
    # The memory bound, in a small owner of its own: a worker's private memory counts the
    # pages its owner dirtied since the fork (copy-on-write), and a pytest worker holding the
    # law dirties far more than 64 MiB in one garbage collection under load.
    done = subprocess.run([sys.executable, "-c", MEMORY_BOUND], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    first, answered, recycled, after = json.loads(done.stdout)
    assert answered == first  # answered, then retired
    assert recycled == 1 and after != first and not alive(first)


MEMORY_BOUND = """
import json, os, time
from docklaw.workers import WorkerPool

def pid():
    return os.getpid()

def allocate(mib):
    global HELD
    HELD = b"x" * (mib * 1024**2)
    return os.getpid()

with WorkerPool(1, recycle_bytes=64 * 1024**2, check_every=1) as bounded:
    bounded.start()
    first = bounded.run(pid, timeout=10)
    answered = bounded.run(allocate, 128, timeout=20)
    after = bounded.run(pid, timeout=10)
    print(json.dumps([first, answered, bounded.stats["recycled"], after]))
"""


def test_workers_have_no_network(pool: WorkerPool) -> None:
    import errno

    assert pool.run(_connect, timeout=10) == f"refused: {errno.EACCES}"


def test_close_leaves_no_process() -> None:
    spare = WorkerPool(2)
    spare.start()
    pids = spare.pids()
    assert len(pids) == 2
    spare.close()
    assert gone(pids, within=5)
    with pytest.raises(ResourceLimit):
        spare.run(_pid, timeout=5)


def test_workers_die_with_the_process_that_owns_them() -> None:
    """The owner killed outright (no atexit, no close): its workers die too."""
    script = ("import os, sys, time\n"
              "from docklaw.workers import WorkerPool\n"
              "pool = WorkerPool(2).start()\n"
              "print(*pool.pids(), flush=True)\n"
              "time.sleep(60)\n")
    owner = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
    try:
        pids = [int(p) for p in owner.stdout.readline().split()]  # type: ignore[union-attr]
        assert len(pids) == 2 and all(alive(p) for p in pids)
        owner.kill()
        owner.wait(timeout=10)
        assert gone(pids), "a worker outlived its owner"
    finally:
        if owner.poll() is None:
            owner.kill()


def test_same_input_same_report_from_any_worker_in_any_order() -> None:
    """No state leaks from one job to the next: every example, and the matrix of two, give
    the in-process answer byte for byte from a fresh worker, from one that validated the
    other examples first (forward, backward, shuffled), and from two workers at once."""
    import random

    from docklaw.validate.matrix import against_all_bytes
    from docklaw.validate.pipeline import validate_bytes, warm_once
    from docklaw.validate.pool import matrix_job, report_job

    warm_once()  # as a server does before it forks its workers
    names = {path: f"<{path.parent.name}/{path.name}>" for path in EXAMPLES}
    inline = {path: json.dumps(validate_bytes(path.read_bytes(), None, names[path],
                                              content_type="text/turtle").to_json())
              for path in EXAMPLES}
    matrices = EXAMPLES[:2]
    inline_matrix = {path: json.dumps(against_all_bytes(
        path.read_bytes(), None, names[path], content_type="text/turtle", plan=False).to_json())
        for path in matrices}

    def report(on: WorkerPool, path: Path) -> str:
        return json.dumps(on.run(report_job, path.read_bytes(), None, names[path],
                                 content_type="text/turtle", timeout=120))

    def matrix(on: WorkerPool, path: Path) -> str:
        return json.dumps(on.run(matrix_job, path.read_bytes(), None, names[path],
                                 content_type="text/turtle", timeout=120))

    shuffled = list(EXAMPLES)
    random.Random(27).shuffle(shuffled)
    for order in (list(EXAMPLES), list(reversed(EXAMPLES)), shuffled):
        with WorkerPool(1) as one:  # one worker: each answer follows every earlier job
            one.start()
            for path in order:
                assert report(one, path) == inline[path], (order.index(path), path)
            for path in matrices:
                assert matrix(one, path) == inline_matrix[path], path
            for path in order[:3]:  # and again, after the matrices
                assert report(one, path) == inline[path], path
            assert one.stats["started"] == 1 and one.stats["crashed"] == 0
    with WorkerPool(2) as two:
        two.start()
        mismatches: list[str] = []
        seen: set[int] = set()

        def check(paths: list[Path]) -> None:
            for path in paths:
                if report(two, path) != inline[path]:
                    mismatches.append(str(path))
            seen.add(two.run(_pid, timeout=30))

        threads = [threading.Thread(target=check, args=(paths,))
                   for paths in (list(EXAMPLES), list(reversed(EXAMPLES)))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not mismatches and two.stats["jobs"] == 2 * len(EXAMPLES) + 2
        assert two.stats["started"] == 2


# ---------------------------------------------------------------------- through HTTP

@pytest.fixture(scope="module")
def apps() -> tuple[Any, Any]:
    """The same app twice: validating in the pool, and in-process (no budget)."""
    from docklaw.web import create_app

    return create_app({}), create_app({"VALIDATE_TIMEOUT": None})


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_gives_the_in_process_report(apps: tuple[Any, Any], path: Path) -> None:
    """Byte for byte: what the pool answers is what validating in the request gives, and what
    the route answered before the pool (the report, plan drawn, as JSON)."""
    from docklaw.validate.pipeline import validate_bytes

    pooled, inline = apps
    data = path.read_bytes()
    answer = pooled.test_client().post("/validate", data=data, headers=TURTLE)
    assert answer.status_code == 200
    assert answer.data == inline.test_client().post("/validate", data=data, headers=TURTLE).data
    report = validate_bytes(data, name="<upload>", content_type="text/turtle")
    with pooled.app_context():
        before = pooled.json.response({**report.to_json(), "input": answer.get_json()["input"]})
    assert answer.data == before.data


def test_compact_json_has_the_same_content_with_each_text_once(apps: tuple[Any, Any]) -> None:
    client = apps[0].test_client()
    seen_shared = False
    for path in EXAMPLES:
        data = path.read_bytes()
        full = client.post("/validate", data=data, headers=TURTLE).get_json()
        compact = client.post("/validate?compact=1", data=data, headers=TURTLE).get_json()
        assert "sections" not in full and "compact" not in full
        assert compact.pop("compact") is True
        sections = compact.pop("sections")
        cited = {r["section_iri"] for r in full["results"] if r["section_iri"]}
        assert set(sections) == cited
        for result in compact["results"]:
            if not result["section_iri"]:  # no section to refer to: the result keeps its own
                assert "section_text" in result
                continue
            assert "section_text" not in result and "section_notes" not in result
            entry = sections[result["section_iri"]]
            assert entry["citation"] == result["section"]
            result["section_text"] = entry["text"]
            if entry.get("notes"):
                result["section_notes"] = entry["notes"]
        restored = [{k: r[k] for k in full_r} for r, full_r in
                    zip(compact["results"], full["results"], strict=True)]
        assert restored == full["results"] and compact | {"results": restored} == full
        seen_shared |= len(cited) < len(full["results"])
    assert seen_shared, "no example cites one section twice: the map was not exercised"


def test_compact_takes_1_or_0(apps: tuple[Any, Any]) -> None:
    client = apps[0].test_client()
    data = EXAMPLES[0].read_bytes()
    assert client.post("/validate?compact=0", data=data, headers=TURTLE).data == \
        client.post("/validate", data=data, headers=TURTLE).data
    refused = client.post("/validate?compact=maybe", data=data, headers=TURTLE)
    assert refused.status_code == 400 and "compact" in refused.get_json()["error"]


def test_a_request_past_its_budget_is_503_and_the_server_keeps_serving(
        apps: tuple[Any, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    from docklaw.validate import pool as validation
    from docklaw.web.validate_routes import pool_settings

    app = apps[0]
    data = EXAMPLES[0].read_bytes()
    assert app.test_client().post("/validate", data=data, headers=TURTLE).status_code == 200
    shared = validation.shared(pool_settings(app.config))
    before = shared.pids()
    monkeypatch.setitem(app.config, "VALIDATE_TIMEOUT", 0.001)
    stopped = app.test_client().post("/validate", data=data, headers=TURTLE)
    assert stopped.status_code == 503 and "time limit" in stopped.get_json()["error"]
    monkeypatch.setitem(app.config, "VALIDATE_TIMEOUT", 20.0)
    assert app.test_client().post("/validate", data=data, headers=TURTLE).status_code == 200
    deadline = time.monotonic() + 10
    while len(shared.pids()) < len(before) and time.monotonic() < deadline:
        time.sleep(0.05)  # the replacement is forked off the request path
    assert shared.stats["timed_out"] >= 1 and len(shared.pids()) == len(before)
    assert set(shared.pids()) != set(before)


# ---------------------------------------------------------------------- servers


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return [c for c in found if alive(c)]


def descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        for child in children(todo.pop()):
            out.append(child)
            todo.append(child)
    return out


@pytest.fixture(scope="module")
def servers() -> Iterator[dict[str, tuple[subprocess.Popen[bytes], str]]]:
    """``docklaw serve`` (Flask's threaded server) and ``--server gunicorn`` (1 worker),
    started at once, each with 2 validation workers."""
    started: dict[str, tuple[subprocess.Popen[bytes], str]] = {}
    try:
        for name, extra in (("flask", []), ("gunicorn", ["--server", "gunicorn", "--workers",
                                                         "1", "--threads", "2"])):
            port = free_port()
            process = subprocess.Popen(
                [sys.executable, "-m", "docklaw.cli", "serve", "--port", str(port),
                 "--validate-workers", "2", *extra], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, start_new_session=True)
            started[name] = (process, f"http://127.0.0.1:{port}")
        deadline = time.monotonic() + 300
        for name, (process, url) in started.items():
            while True:
                try:
                    with urllib.request.urlopen(url + "/openapi.json", timeout=2):
                        break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        pytest.fail(f"{name} server did not start")
                    time.sleep(0.5)
        yield started
    finally:
        for process, _url in started.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=30)


def big_application(copies: int) -> bytes:
    """A North Haven application with ``copies`` more docks and floats (about 79 triples
    each; 230 copies come to about 18,300 triples, under the 20,000 limit): over a second of
    validation, so a request is still running when its worker is killed. (60 copies took
    about 0.4 s once validation got faster, and CI killed a worker that had just answered.)"""
    text = (paths.EXAMPLES_DIR / "north-haven" / "complete.ttl").read_text(encoding="utf-8")
    pier = ":pier a dl:FixedDock" + text.split("\n:pier a dl:FixedDock", 1)[1]
    more = [pier.replace(":pier", f":pier{k}").replace(":float", f":float{k}")
            + f"\n:application dl:proposes :pier{k} , :float{k} .\n" for k in range(copies)]
    return (text + "\n" + "\n".join(more)).encode()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.parametrize("name", ["flask", "gunicorn"])
def test_a_worker_killed_mid_request_is_503_at_once_and_replaced(
        servers: dict[str, tuple[subprocess.Popen[bytes], str]], name: str) -> None:
    """SIGKILL the validation worker running a request: that request is answered 503 with a
    message at once (not after the 20 s budget, never a hang), the worker is replaced off the
    request path, and the server answers the next request as before."""
    process, url = servers[name]
    owners = [process.pid] if name == "flask" else children(process.pid)
    small = EXAMPLES[0].read_bytes()

    def post(data: bytes) -> tuple[int, bytes]:
        request = urllib.request.Request(url + "/validate", data=data, headers=TURTLE,
                                         method="POST")
        try:
            with urllib.request.urlopen(request, timeout=120) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read()

    status, before = post(small)
    assert status == 200
    workers = [c for owner in owners for c in children(owner)]
    assert len(workers) == 2 * len(owners)
    spent = {pid: cpu_seconds(pid) for pid in workers}
    answers: list[tuple[int, bytes, float]] = []

    def send() -> None:
        status, body = post(big_application(230))
        answers.append((status, body, time.monotonic()))

    sender = threading.Thread(target=send)
    sender.start()
    busy = None
    deadline = time.monotonic() + 60
    while busy is None and sender.is_alive() and time.monotonic() < deadline:
        time.sleep(0.02)
        busy = next((p for p in workers if cpu_seconds(p) - spent[p] > 0.3), None)
    assert busy is not None, "no worker took the request (or it finished within 0.3 s)"
    os.kill(busy, signal.SIGKILL)
    killed = time.monotonic()
    sender.join(timeout=60)
    assert answers, "the request was never answered"
    status, body, answered = answers[0]
    assert status == 503 and answered - killed < 5, (status, answered - killed)
    error = json.loads(body)["error"]
    assert "validation stopped" in error and "crashed" in error, error
    assert gone([busy])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        now = [c for owner in owners for c in children(owner)]
        if len(now) == len(workers) and busy not in now:
            break
        time.sleep(0.1)
    assert len(now) == len(workers) and busy not in now, (workers, now)
    assert post(small) == (200, before)


@pytest.mark.parametrize("name", ["flask", "gunicorn"])
def test_servers_validate_in_warm_workers_and_leave_no_process_behind(
        servers: dict[str, tuple[subprocess.Popen[bytes], str]], name: str) -> None:
    process, url = servers[name]
    # forked at start, before any validation: the server's own children (gunicorn: each
    # worker's) are the validation workers (no query has started a SPARQL worker yet)
    owners = [process.pid] if name == "flask" else children(process.pid)
    assert owners and all(len(children(owner)) == 2 for owner in owners), \
        {o: children(o) for o in owners}
    pool_pids = [c for owner in owners for c in children(owner)]
    for path in EXAMPLES[:3]:
        request = urllib.request.Request(url + "/validate", data=path.read_bytes(),
                                         headers=TURTLE, method="POST")
        with urllib.request.urlopen(request, timeout=120) as answer:
            report = json.loads(answer.read())
            assert report["status"] in ("conforms", "violates", "incomplete")
    assert sorted(c for owner in owners for c in children(owner)) == sorted(pool_pids)
    everything = descendants(process.pid)
    process.send_signal(signal.SIGTERM)  # the server alone, as a service manager stops it
    process.wait(timeout=60)
    assert gone(everything), [p for p in everything if alive(p)]


# ---------------------------------------------------------------------- inherited descriptors


def _echo(value: int, deadline: float | None = None) -> int:
    return value


def _end_of_file_within(read_end: int, seconds: float) -> bool:
    import select

    ready, _, _ = select.select([read_end], [], [], seconds)
    return bool(ready) and os.read(read_end, 1) == b""


def test_a_worker_holds_no_pipe_the_parent_had_open_when_it_forked() -> None:
    """The CI hang (pytest-timeout named it): a pool worker forked while another thread was
    starting a subprocess kept that subprocess's error pipe open, and ``subprocess.run``
    waited for ever for its end of file. A pipe open in the parent at the fork (close-on-exec,
    as subprocess makes them) must reach end of file once the parent closes its write end."""
    from docklaw.sparql.runner import ProcessRunner

    read_end, write_end = os.pipe()
    try:
        with WorkerPool(1) as validation:
            validation.start()
            assert validation.run(_echo, 7, timeout=30) == 7  # the worker is forked and serving
            runner = ProcessRunner(_echo, workers=1)
            try:
                assert runner.run((8,), timeout=30) == 8
                os.close(write_end)
                write_end = -1
                assert _end_of_file_within(read_end, 5), "a worker holds the pipe's write end"
            finally:
                runner.close()
    finally:
        os.close(read_end)
        if write_end >= 0:
            os.close(write_end)
