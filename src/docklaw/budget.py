"""Process limits: time, memory and network, for every job docklaw runs in a child process.

One module at the ground, imported by both ``docklaw.validate`` (an application parsed and
validated under its budget) and ``docklaw.sparql`` (query workers, long query texts parsed
apart): ``run_limited`` runs one job in a forked child killed past its time, and every child
(a job here, a query worker in ``docklaw.sparql.runner``) calls ``die_with_parent``,
``deny_network`` and ``limit_memory`` first. A server does not fork per job: its validations run
in warm workers that apply the same limits to each job (``docklaw.workers``).

Why a process: parsers and the SHACL engine cannot be interrupted from another thread, and
one hostile upload (an 18,000-triple application, a pathological document) could hold a
CPU for minutes. The job runs in a forked child that inherits the prepared shapes
copy-on-write; past ``timeout`` seconds the child is killed and the caller gets a
``ResourceLimit`` (CLI exit 5, HTTP 503). Errors raised in the child (InputError ...) are
raised again in the caller unchanged.

No network (``deny_network``, Linux seccomp filter): the query checker refuses SERVICE, but
the engine (Oxigraph) has its own HTTP client. If the checker and the engine ever read a text
differently again (issue 13: a ``\\r`` ended a comment for one and not the other), the worker
still cannot reach the network: ``socket(AF_INET | AF_INET6, ...)`` fails with EACCES. Unix
sockets (the pipe to the parent) and files keep working. Best effort: on other architectures
or kernels the filter is not installed and ``deny_network`` returns False.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import multiprocessing
import os
import platform
import resource
import signal
import stat
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from docklaw.errors import DocklawError, ResourceLimit

T = TypeVar("T")
#: seconds one validation may take (parse included); the largest shipped case takes < 1 s
DEFAULT_TIMEOUT = 20.0
#: bytes the child may allocate beyond the parent's size
DEFAULT_MEMORY = 1024**3
ENV_TIMEOUT = "DOCKLAW_VALIDATE_TIMEOUT"


def default_timeout() -> float | None:
    """``$DOCKLAW_VALIDATE_TIMEOUT`` seconds (0: no limit), else DEFAULT_TIMEOUT."""
    raw = os.environ.get(ENV_TIMEOUT, "").strip()
    if not raw:
        return DEFAULT_TIMEOUT
    try:
        value = float(raw)
    except ValueError:
        return DEFAULT_TIMEOUT
    return value if value > 0 else None


def release_inherited(keep: int) -> None:
    """Point every inherited socket and pipe but ``keep`` (and 0-2) at /dev/null.

    Why: a worker is a fork that never execs, so it inherits every descriptor the parent held
    at that moment, close-on-exec or not. Sockets: a server's client connections and listening
    socket would stay open for the worker's whole life (a closed connection sends no FIN, the
    port stays bound). Pipes: when another thread of the parent was starting a subprocess at
    the moment of the fork, the worker held that subprocess's error pipe and output pipes, so
    ``subprocess.run`` in the parent waited for ever for an end of file (seen as a hung test
    in CI: the parent blocked in ``Popen._execute_child``, the pool worker holding the write
    end of its error pipe). The descriptor numbers stay taken (by /dev/null), so an object
    collected here later closes nothing of ours. The multiprocessing sentinel pipe goes too:
    the pools end a worker by killing it before joining, so an early sentinel changes nothing."""
    try:
        fds = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        return
    null = os.open(os.devnull, os.O_RDWR)
    try:
        for fd in fds:
            if fd <= 2 or fd in (keep, null):
                continue
            try:
                mode = os.fstat(fd).st_mode
                if stat.S_ISSOCK(mode) or stat.S_ISFIFO(mode):
                    os.dup2(null, fd)
            except OSError:
                continue
    finally:
        os.close(null)


def _child(conn: Connection, job: Callable[..., Any], args: tuple[Any, ...],
           kwargs: dict[str, Any], memory: int | None) -> None:
    die_with_parent()
    release_inherited(conn.fileno())
    deny_network()  # validation never needs the network (remote JSON-LD contexts are refused)
    limit_memory(memory)
    no_crash_dump()
    try:
        conn.send(("ok", job(*args, **kwargs)))
    except DocklawError as exc:
        conn.send(("error", exc))
    except MemoryError:
        conn.send(("error", ResourceLimit("stopped: the job needed more memory than allowed")))
    except RecursionError:
        conn.send(("error", RecursionError("input is nested too deeply")))
    except BaseException as exc:  # reported as the parent would have, never a traceback
        conn.send(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))
    finally:
        conn.close()


def run_limited(job: Callable[..., T], *args: Any, timeout: float | None,
                memory: int | None = DEFAULT_MEMORY, what: str = "validation",
                **kwargs: Any) -> T:
    """``job(*args, **kwargs)`` in a forked child, killed after ``timeout`` seconds.

    ``timeout`` None (or no fork on this platform) runs it here, unlimited.
    """
    if not timeout or not hasattr(os, "fork"):
        return job(*args, **kwargs)
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    process = ctx.Process(target=_child, args=(send, job, args, kwargs, memory), daemon=True)
    process.start()
    send.close()
    try:
        if not receive.poll(timeout):
            raise ResourceLimit(f"{what} stopped after {timeout:g} s (time limit); the input "
                                f"is too large or too complex to check within the budget")
        status, payload = receive.recv()
    except (EOFError, OSError):
        raise ResourceLimit(f"{what} stopped: it ran out of memory or crashed (limit "
                            f"{(memory or 0) // 1024**2} MiB)") from None
    finally:
        if process.is_alive():
            process.kill()
        process.join(timeout=5)
        receive.close()
    if status == "ok":
        return payload  # type: ignore[no-any-return]
    raise payload


# --------------------------------------------------------------------------- memory

PR_SET_PDEATHSIG = 1  # linux/prctl.h


def limit_memory(extra_bytes: int | None) -> None:
    """Cap this (worker) process's address space at its current size plus ``extra_bytes``.

    Why: a few BINDs of CONCAT(?x, ?x) double a string each time, so one query can ask for
    terabytes within the timeout; with the cap the allocation fails inside the worker (it
    dies or raises MemoryError) and only that worker is lost.
    """
    if not extra_bytes:
        return
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            current = int(statm.read().split()[0]) * resource.getpagesize()
    except OSError:  # no /proc: leave the process unlimited
        return
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = current + extra_bytes
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))


def no_crash_dump() -> None:
    """Turn off the interpreter's fatal-error dump (faulthandler) in this capped worker.

    Why: an allocation refused by the memory cap inside native code (Oxigraph's Rust, expat)
    aborts the worker; that is the cap working, and the parent reports it (503, exit 5). With
    faulthandler on (pytest enables it, so does ``python -X faulthandler``) the abort would
    also print "Fatal Python error: Aborted" and a traceback to the server's stderr, as if
    the server itself had crashed.
    """
    import faulthandler

    faulthandler.disable()


def die_with_parent() -> None:
    """Ask Linux to kill this worker when its parent dies (gunicorn workers leave by _exit).

    Without it an orphaned worker lives on, holding copies of the parent's sockets (the
    server's listening port stays bound after shutdown).
    """
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the closed pipe still ends the loop
        pass


# --------------------------------------------------------------------------- network

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000
AF_INET, AF_INET6 = 2, 10
#: machine -> (AUDIT_ARCH_*, the socket syscall number)
ARCHES = {"x86_64": (0xC000003E, 41), "aarch64": (0xC00000B7, 198)}
X32_BIT = 0x40000000  # x86-64's x32 ABI numbers: refused wholesale, docklaw never uses them
# classic BPF opcodes
LD_W_ABS, JEQ_K, JGE_K, RET_K = 0x20, 0x15, 0x35, 0x06


class SockFilter(ctypes.Structure):
    _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte),
                ("k", ctypes.c_uint)]


class SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(SockFilter))]


def program(arch: int, socket_nr: int) -> list[tuple[int, int, int, int]]:
    """The filter: deny socket(AF_INET/AF_INET6) and x32 calls, allow everything else."""
    deny = SECCOMP_RET_ERRNO | errno.EACCES
    return [
        (LD_W_ABS, 0, 0, 4),               # 0 A = seccomp_data.arch
        (JEQ_K, 0, 6, arch),               # 1 another ABI: allow (8)
        (LD_W_ABS, 0, 0, 0),               # 2 A = seccomp_data.nr
        (JGE_K, 5, 0, X32_BIT),            # 3 x32: deny (9)
        (JEQ_K, 0, 3, socket_nr),          # 4 not socket(): allow (8)
        (LD_W_ABS, 0, 0, 16),              # 5 A = args[0] (domain, low 32 bits)
        (JEQ_K, 2, 0, AF_INET),            # 6 deny (9)
        (JEQ_K, 1, 0, AF_INET6),           # 7 deny (9), else allow
        (RET_K, 0, 0, SECCOMP_RET_ALLOW),  # 8
        (RET_K, 0, 0, deny),               # 9
    ]


def deny_network() -> bool:
    """Install the filter in this process (irreversible, inherited by its children)."""
    found = ARCHES.get(platform.machine())
    if found is None:
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:
        return False
    code = program(*found)
    filters = (SockFilter * len(code))(*[SockFilter(*ins) for ins in code])
    prog = SockFprog(len(code), ctypes.cast(filters, ctypes.POINTER(SockFilter)))
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return False
    return bool(libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0) == 0)
