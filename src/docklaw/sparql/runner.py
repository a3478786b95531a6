"""Run queries with a hard timeout.

Neither pyoxigraph nor rdflib can cancel a running query, and a single ``next()`` on a
result iterator can run for ever (ORDER BY or COUNT over a cross product), so checking a
deadline between rows is not enough. Queries therefore run in forked worker processes that
inherit the loaded store copy-on-write; a worker that overruns the timeout is killed and
replaced, and the server keeps serving. ``InlineRunner`` runs in the calling thread (no
hard timeout: only a deadline checked between rows) for tests and tiny deployments.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from docklaw.budget import (
    deny_network,
    die_with_parent,
    limit_memory,
    no_crash_dump,
    release_inherited,
)
from docklaw.errors import DocklawError, QueryError, QueryTimeout

Execute = Callable[..., Any]
MEMORY_MESSAGE = "query stopped: it needed more memory than the server allows per query"
#: A worker that dies mid-query (most often its memory cap) is the server's limit, not a bug.
WORKER_DIED = ("query stopped: its worker ran out of memory or crashed (server limit); "
               "the query was not completed")


class InlineRunner:
    """Run in the calling thread; the executor itself checks the deadline between rows."""

    def __init__(self, execute: Execute) -> None:
        self.execute = execute

    def run(self, args: tuple[Any, ...], timeout: float | None) -> Any:
        deadline = (time.monotonic() + timeout) if timeout else None
        return self.execute(*args, deadline=deadline)

    def close(self) -> None:
        pass


def _serve(conn: Connection, execute: Execute, memory: int | None = None,
           parent_end: Connection | None = None) -> None:
    """Worker loop: receive argument tuples, send ("ok", result) or ("error", status, message)."""
    if parent_end is not None:  # else our own copy keeps the pipe open after the parent dies
        parent_end.close()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT,
                   signal.SIGUSR1, signal.SIGUSR2, signal.SIGCHLD, signal.SIGWINCH):
        signal.signal(signum, signal.SIG_DFL)  # not the server's handlers (gunicorn's ignore TERM)
    die_with_parent()
    if os.getppid() == 1:  # the parent died before prctl took effect
        return
    release_inherited(conn.fileno())
    deny_network()  # second line of defence behind the SERVICE check (``budget``)
    limit_memory(memory)
    no_crash_dump()
    while True:
        try:
            args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            result = execute(*args, deadline=None)
            conn.send(("ok", result))
        except QueryError as exc:
            conn.send(("error", exc.http_status, exc.message))
        except MemoryError:
            conn.send(("error", 503, MEMORY_MESSAGE))
        except DocklawError as exc:  # written for users (a store that cannot be opened ...)
            conn.send(("error", exc.http_status, getattr(exc, "message", None) or str(exc)))
        except Exception as exc:  # reported to the client as a query error, never a traceback
            conn.send(("error", 400, f"query failed: {type(exc).__name__}"))


def private_bytes(pid: int) -> int | None:
    """Memory only this process holds (private pages: what it copied or allocated since the
    fork), from /proc; None where /proc is missing. Shared copy-on-write pages don't count."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
            total = 0
            for line in rollup:
                if line.startswith(("Private_Clean:", "Private_Dirty:")):
                    total += int(line.split()[1]) * 1024
            return total
    except (OSError, ValueError):
        return None


class _Worker:
    def __init__(self, ctx: Any, execute: Execute, memory: int | None = None) -> None:
        self.conn, child = ctx.Pipe()
        self.process: BaseProcess = ctx.Process(
            target=_serve, args=(child, execute, memory, self.conn), daemon=True)
        self.process.start()
        child.close()
        self.served = 0

    def kill(self) -> None:
        self.process.kill()
        self.process.join(timeout=5)
        self.conn.close()


class Spawner:
    """One long-lived thread that starts every worker of a pool.

    Why: PR_SET_PDEATHSIG fires when the *thread* that forked the worker ends, not its
    process. Under a threaded server each request runs in a short-lived thread, so a worker
    forked there was killed as soon as that request ended (a quarter of the queries of the
    default ``docklaw serve`` were answered 503). This thread lives as long as the pool.
    """

    def __init__(self) -> None:
        self.requests: queue.Queue[tuple[Callable[[], Any], queue.Queue[Any]] | None] = (
            queue.Queue())
        self.thread = threading.Thread(target=self._loop, name="docklaw-query-spawner",
                                       daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while True:
            job = self.requests.get()
            if job is None:
                return
            make, box = job
            try:
                box.put((True, make()))
            except BaseException as exc:  # handed to the caller, which raises it
                box.put((False, exc))

    def start(self, make: Callable[[], Any]) -> Any:
        """Run ``make`` (which forks) on the spawner thread; return what it returned."""
        box: queue.Queue[Any] = queue.Queue(maxsize=1)
        self.requests.put((make, box))
        ok, value = box.get()
        if not ok:
            raise value
        return value

    def stop(self) -> None:
        self.requests.put(None)


class ProcessRunner:
    """A small pool of forked workers; a worker that overruns its timeout is killed.

    ``start_method="spawn"`` is for stores whose handle must not cross a fork (RocksDB on
    disk): ``execute`` must then be picklable and open its own store in the worker.
    Workers are started by one long-lived thread (``Spawner``), and a worker whose private
    memory grew past ``recycle_bytes`` is replaced after the request it served.
    """

    def __init__(self, execute: Execute, workers: int = 2, memory: int | None = None,
                 start_method: str = "fork", recycle_bytes: int | None = None) -> None:
        self.execute = execute
        self.size = max(1, workers)
        self.memory = memory
        self.recycle_bytes = recycle_bytes
        self.ctx = multiprocessing.get_context(start_method)
        self.idle: queue.Queue[_Worker] = queue.Queue()
        self.lock = threading.Lock()
        self.started = 0
        self.killed = 0
        self.recycled = 0
        self._spawner: Spawner | None = None

    def _new_worker(self) -> _Worker:
        if self._spawner is None:
            self._spawner = Spawner()
        return self._spawner.start(
            lambda: _Worker(self.ctx, self.execute, self.memory))  # type: ignore[no-any-return]

    def _take(self, timeout: float | None) -> _Worker:
        with self.lock:
            grow = self.idle.empty() and self.started < self.size
            if grow:
                self.started += 1
        if grow:
            try:
                return self._new_worker()
            except BaseException:
                with self.lock:
                    self.started -= 1
                raise
        try:
            worker = self.idle.get(timeout=timeout)
        except queue.Empty:
            raise QueryTimeout(
                f"server busy: no query worker became free within {timeout:g} s"
            ) from None
        if not worker.process.is_alive():  # killed from outside while idle: start a fresh one
            self._replace(worker)
            return self._take(timeout)
        return worker

    def _grown(self, worker: _Worker) -> bool:
        """True when the worker now holds more private memory than ``recycle_bytes``
        (results built, copy-on-write pages touched): it is replaced, not reused."""
        if not self.recycle_bytes or worker.process.pid is None:
            return False
        held = private_bytes(worker.process.pid)
        return held is not None and held > self.recycle_bytes

    def _replace(self, worker: _Worker, recycled: bool = False) -> None:
        worker.kill()
        with self.lock:
            self.started -= 1
            if recycled:
                self.recycled += 1
            else:
                self.killed += 1

    def run(self, args: tuple[Any, ...], timeout: float | None) -> Any:
        # Waiting for a free worker and running are bounded separately, each by ``timeout``:
        # charging the wait to the query would kill healthy workers whenever the server is
        # merely busy (a query that waited 9 s of 10 would be killed after running 1 s).
        worker = self._take(timeout)
        try:
            worker.conn.send(args)
            if not worker.conn.poll(timeout):
                self._replace(worker)
                raise QueryTimeout(
                    f"query timed out after {timeout:g} s (server limit); it was stopped"
                )
            status, *payload = worker.conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            self._replace(worker)
            raise QueryError(WORKER_DIED, http_status=503) from None
        worker.served += 1
        if self._grown(worker):
            self._replace(worker, recycled=True)
        else:
            self.idle.put(worker)
        if status == "ok":
            return payload[0]
        raise QueryError(payload[1], http_status=payload[0])

    def close(self) -> None:
        while not self.idle.empty():
            self.idle.get_nowait().kill()
        if self._spawner is not None:
            self._spawner.stop()
            self._spawner = None
