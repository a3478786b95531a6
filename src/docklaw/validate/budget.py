"""Run one job (parse + validate an application) under a hard time and memory budget.

Why a process: parsers and the SHACL engine cannot be interrupted from another thread, and
one hostile upload (an 18,000-triple application, a pathological document) could hold a
CPU for minutes. The job runs in a forked child that inherits the prepared shapes
copy-on-write; past ``timeout`` seconds the child is killed and the caller gets a
``ResourceLimit`` (CLI exit 5, HTTP 503). Errors raised in the child (InputError ...) are
raised again in the caller unchanged.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from docklaw.errors import DocklawError, ResourceLimit
from docklaw.sparql.nonet import deny_network
from docklaw.sparql.runner import die_with_parent, limit_memory, no_crash_dump

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


def _child(conn: Connection, job: Callable[..., Any], args: tuple[Any, ...],
           kwargs: dict[str, Any], memory: int | None) -> None:
    die_with_parent()
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
