"""A pool of warm worker processes that run jobs under a per-job budget (issue 27).

Why: ``budget.run_limited`` forks a child per job, and a server paid that fork on every
request (~10 ms for a 150 MB process, then the copy-on-write faults and the caches the child
filled and lost: a validation took ~60 ms of which ~16 ms was the validation itself). Here
the children are forked once, after the caller warmed the process up (law prepared, shipped
examples validated), and each job is handed to an idle one over a pipe. The budget stays
hard, per job:

- **time**: the caller waits at most ``timeout`` seconds for the answer, counted from the
  moment the job was submitted (waiting for a free worker included); past it the worker is
  killed (SIGKILL), replaced, and the caller gets ``ResourceLimit`` (CLI exit 5, HTTP 503);
- **memory**: before each job the worker caps its own address space at its size plus
  ``memory`` bytes (``RLIMIT_AS``): an allocation past it fails inside the worker
  (``MemoryError``: ``ResourceLimit`` and the worker retires) or kills it (``ResourceLimit``,
  replaced);
- **network**: none (``budget.deny_network``, installed once per worker);
- the worker dies with the process that owns the pool (``budget.die_with_parent``, from a
  long-lived spawner thread: Linux ties PR_SET_PDEATHSIG to the forking *thread*).

A worker is also replaced after ``max_jobs`` jobs, or when its private memory (pages it copied
or allocated since the fork) passes ``recycle_bytes``; the replacement is forked off the
request path, on the spawner thread. At most ``max_waiting`` jobs wait for a worker; one more
is refused at once (``ResourceLimit``, "server busy"). Errors a job raises (``InputError`` ...)
are raised again in the caller unchanged; anything else becomes a ``RuntimeError`` naming only
its kind.

Jobs and their arguments cross a pipe, so they are pickled: a job is a module-level function,
found by name in the worker (which is a fork of the caller, so it has the same modules).
"""

from __future__ import annotations

import atexit
import collections
import gc
import multiprocessing
import os
import resource
import signal
import threading
import time
import weakref
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from docklaw.budget import DEFAULT_MEMORY, deny_network, die_with_parent, release_inherited
from docklaw.errors import DocklawError, ResourceLimit

#: jobs one worker runs before it is replaced (a slow leak never grows without bound)
DEFAULT_MAX_JOBS = 1000
#: private memory (bytes) past which a worker is replaced after the job it ran
DEFAULT_RECYCLE = 256 * 1024**2
#: a worker measures its private memory after its first job and every this many after
RECYCLE_CHECK_EVERY = 8
#: jobs that may wait for a free worker; one more is refused at once
DEFAULT_MAX_WAITING = 16
#: signals a server installs handlers for; a worker takes the defaults back (gunicorn's ignore
#: TERM in its workers, and a worker must die on it)
_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1,
            signal.SIGUSR2, signal.SIGCHLD, signal.SIGWINCH)


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


def _cap_memory(extra: int | None) -> None:
    """Soft ``RLIMIT_AS`` at this process's current size plus ``extra`` (None: the hard limit).

    Set before every job, so each job has the same headroom whatever earlier jobs left."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if not extra:
        resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
        return
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            current = int(statm.read().split()[0]) * resource.getpagesize()
    except OSError:
        return
    wanted = current + extra
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))


def _serve(conn: Connection, parent_end: Connection, parent: int, recycle: int | None,
           check_every: int = RECYCLE_CHECK_EVERY) -> None:
    """Worker loop: receive (job, args, kwargs, memory), send (status, payload, retire)."""
    parent_end.close()  # else our own copy keeps the pipe open after the parent dies
    for signum in _SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    die_with_parent()
    if os.getppid() != parent:  # the parent died before prctl took effect
        return
    deny_network()
    release_inherited(conn.fileno())
    gc.freeze()  # what the parent built is never walked (nor copied) by this worker's collector
    served = 0
    while True:
        try:
            job, args, kwargs, memory = conn.recv()
        except (EOFError, OSError):
            return
        retire = False
        try:
            _cap_memory(memory)
            reply: tuple[str, Any] = ("ok", job(*args, **kwargs))
        except DocklawError as exc:
            reply = ("error", exc)
        except MemoryError:
            retire = True  # what failed to allocate may have left state half-built
            reply = ("error", ResourceLimit("stopped: the job needed more memory than allowed"))
        except RecursionError:
            reply = ("error", RecursionError("input is nested too deeply"))
        except Exception as exc:  # reported as the caller would have, never a traceback
            reply = ("error", RuntimeError(f"{type(exc).__name__}: {exc}"))
        finally:
            try:
                _cap_memory(None)
            except (OSError, ValueError):
                retire = True
        served += 1
        if recycle and not retire and (served - 1) % check_every == 0:
            held = private_bytes(os.getpid())  # ~1 ms (/proc walks the page tables)
            retire = held is not None and held > recycle
        try:
            conn.send((*reply, retire))
        except (OSError, ValueError):
            return
        except Exception as exc:  # the result would not pickle: say so, stay alive
            conn.send(("error", RuntimeError(f"result not sendable: {type(exc).__name__}"),
                       retire))


class _Worker:
    """One forked worker and the parent's end of its pipe."""

    def __init__(self, ctx: Any, recycle: int | None, check_every: int) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(
            target=_serve, args=(child, self.conn, os.getpid(), recycle, max(1, check_every)),
            daemon=True, name="docklaw-worker")
        self.process.start()
        child.close()
        self.jobs = 0

    @property
    def pid(self) -> int | None:
        return self.process.pid  # type: ignore[no-any-return]

    def kill(self) -> None:
        try:
            self.process.kill()
            self.process.join(timeout=5)
        except (OSError, ValueError, AssertionError):
            pass
        self.conn.close()


class _Spawner:
    """The one long-lived thread that forks every worker of a pool (see the module doc)."""

    def __init__(self, name: str) -> None:
        self.jobs: collections.deque[Callable[[], None] | None] = collections.deque()
        self.ready = threading.Condition()
        self.thread = threading.Thread(target=self._loop, name=f"{name}-spawner", daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while True:
            with self.ready:
                while not self.jobs:
                    self.ready.wait()
                job = self.jobs.popleft()
            if job is None:
                return
            job()

    def submit(self, job: Callable[[], None] | None) -> None:
        with self.ready:
            self.jobs.append(job)
            self.ready.notify()


_POOLS: weakref.WeakSet[WorkerPool] = weakref.WeakSet()
#: ``run(memory=...)`` default: the pool's own cap
POOL_MEMORY: Any = object()


class WorkerPool:
    """``size`` warm worker processes; ``run`` hands one job to an idle one (module doc)."""

    def __init__(self, size: int = 2, *, memory: int | None = DEFAULT_MEMORY,
                 max_jobs: int | None = DEFAULT_MAX_JOBS,
                 recycle_bytes: int | None = DEFAULT_RECYCLE,
                 max_waiting: int = DEFAULT_MAX_WAITING, name: str = "docklaw",
                 check_every: int = RECYCLE_CHECK_EVERY) -> None:
        self.size = max(1, size)
        self.memory = memory
        self.max_jobs = max_jobs
        self.recycle_bytes = recycle_bytes
        self.check_every = check_every
        self.max_waiting = max(0, max_waiting)
        self.name = name
        self.owner = os.getpid()
        self._ctx = multiprocessing.get_context("fork")
        self._cond = threading.Condition()
        self._idle: collections.deque[_Worker] = collections.deque()
        self._busy: set[_Worker] = set()
        self._pending = 0  # forks asked of the spawner, not yet idle
        self._waiting = 0
        self._closed = False
        self._spawner: _Spawner | None = None
        #: counts: forked, killed past a budget, crashed, retired (jobs, memory), jobs run
        self.stats = {"started": 0, "timed_out": 0, "crashed": 0, "recycled": 0, "jobs": 0,
                      "refused": 0}
        _POOLS.add(self)

    # ------------------------------------------------------------------ workers
    def start(self) -> WorkerPool:
        """Fork every worker now (and wait until they are ready), not on first use."""
        with self._cond:
            self._grow()
            deadline = time.monotonic() + 60
            while len(self._idle) + len(self._busy) < self.size and not self._closed:
                if not self._cond.wait(timeout=max(0.0, deadline - time.monotonic())):
                    break
        return self

    def _grow(self) -> None:
        """Ask the spawner for the workers missing (lock held)."""
        if self._closed or os.getpid() != self.owner:
            return
        missing = self.size - len(self._idle) - len(self._busy) - self._pending
        if missing <= 0:
            return
        if self._spawner is None:
            self._spawner = _Spawner(self.name)
        for _ in range(missing):
            self._pending += 1
            self._spawner.submit(self._fork_one)

    def _fork_one(self) -> None:
        """On the spawner thread: fork one worker and make it idle."""
        try:
            worker: _Worker | None = _Worker(self._ctx, self.recycle_bytes, self.check_every)
        except OSError:  # no fork now (EAGAIN, ENOMEM): the next run asks again
            worker = None
        with self._cond:
            self._pending -= 1
            if worker is None:
                self._cond.notify_all()
                return
            if self._closed:
                worker.kill()
                return
            self.stats["started"] += 1
            self._idle.append(worker)
            self._cond.notify_all()

    def _drop(self, worker: _Worker, reason: str) -> None:
        """Kill a worker, count why, and fork its replacement off the request path."""
        worker.kill()
        with self._cond:
            self._busy.discard(worker)
            self.stats[reason] += 1
            self._grow()
            self._cond.notify_all()

    def pids(self) -> list[int]:
        """The live workers' process ids (idle and busy)."""
        with self._cond:
            return [w.pid for w in [*self._idle, *self._busy] if w.pid is not None]

    # ------------------------------------------------------------------ jobs
    def _take(self, deadline: float | None, what: str, timeout: float | None) -> _Worker:
        with self._cond:
            if self._closed:
                raise ResourceLimit(f"{what} refused: the server is shutting down")
            if os.getpid() != self.owner:
                raise RuntimeError("a worker pool is used in the process that created it only")
            if not self._idle and self._waiting >= self.max_waiting:
                self.stats["refused"] += 1
                raise ResourceLimit(f"{what} refused: the server is busy ({self._waiting} "
                                    f"waiting for a worker); try again shortly")
            self._waiting += 1
            try:
                while True:
                    while self._idle:
                        worker = self._idle.popleft()
                        if worker.process.is_alive():
                            self._busy.add(worker)
                            return worker
                        worker.conn.close()  # died while idle (killed from outside)
                        self.stats["crashed"] += 1
                    self._grow()
                    if self._closed:
                        raise ResourceLimit(f"{what} refused: the server is shutting down")
                    left = None if deadline is None else deadline - time.monotonic()
                    if left is not None and left <= 0:
                        raise ResourceLimit(
                            f"{what} stopped after {timeout:g} s (time limit) waiting for a free "
                            f"worker: the server is busy; try again shortly")
                    self._cond.wait(timeout=left if left is not None else 1.0)
            finally:
                self._waiting -= 1

    def _give_back(self, worker: _Worker) -> None:
        with self._cond:
            self._busy.discard(worker)
            if self._closed:
                worker.kill()
                return
            self._idle.append(worker)
            self._cond.notify()

    def run(self, job: Callable[..., Any], *args: Any, timeout: float | None,
            memory: Any = POOL_MEMORY, what: str = "validation", **kwargs: Any) -> Any:
        """``job(*args, **kwargs)`` in a worker; its answer, or its error raised here.

        ``timeout`` (seconds, None: none) counts from now, the wait for a free worker
        included; ``memory``: bytes beyond the worker's size (None: no cap; default the
        pool's)."""
        cap = self.memory if memory is POOL_MEMORY else memory
        deadline = time.monotonic() + timeout if timeout else None
        worker = self._take(deadline, what, timeout)
        try:
            worker.conn.send((job, args, kwargs, cap))
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if left is not None and not worker.conn.poll(left):
                self._drop(worker, "timed_out")
                raise ResourceLimit(f"{what} stopped after {timeout:g} s (time limit); the "
                                    f"input is too large or too complex to check within the "
                                    f"budget")
            status, payload, retire = worker.conn.recv()
        except (EOFError, OSError):
            self._drop(worker, "crashed")
            raise ResourceLimit(f"{what} stopped: its worker process crashed or ran out of "
                                f"memory (limit {(cap or 0) // 1024**2} MiB); a fresh worker "
                                f"takes the next request") from None
        except BaseException:
            if worker in self._busy:
                self._drop(worker, "crashed")  # a pickling error, an interrupt: state unknown
            raise
        worker.jobs += 1
        with self._cond:
            self.stats["jobs"] += 1
        if retire or (self.max_jobs and worker.jobs >= self.max_jobs):
            self._drop(worker, "recycled")
        else:
            self._give_back(worker)
        if status == "ok":
            return payload
        raise payload

    # ------------------------------------------------------------------ shutdown
    def close(self) -> None:
        """Kill every worker (idle or busy) and stop the spawner; jobs waiting are refused."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            workers = [*self._idle, *self._busy]
            self._idle.clear()
            self._cond.notify_all()
            spawner, self._spawner = self._spawner, None
        if os.getpid() != self.owner:  # a fork of the owner: not ours to kill
            return
        for worker in workers:
            worker.kill()
        if spawner is not None:
            spawner.submit(None)
            spawner.thread.join(timeout=10)

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@atexit.register
def _close_all() -> None:
    for pool in list(_POOLS):
        pool.close()
