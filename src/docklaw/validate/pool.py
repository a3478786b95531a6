"""Validation in warm worker processes: how a server validates under its budget (issue 27).

Why: ``pipeline.validate_bytes_within`` forks a child per upload (the hard time and memory
budget), which cost a server most of each request: the fork, the copy-on-write faults, and
every cache the child filled and lost. A server validates in a ``docklaw.workers.WorkerPool``
instead: its workers are forked once per server process, after the law is prepared and the
shipped examples validated (``pipeline.warm_once``), so they start warm and stay warm; each
upload is one job with the same budget as before (a time limit counted from the request's
arrival, waiting for a free worker included; a memory cap; no network), a worker past its
budget is killed and replaced, and the answer is what the in-process pipeline gives.

The jobs (``report_job``, ``matrix_job``) run in the worker and hand back only what the
response needs: the JSON document, Turtle, the HTML fragment, or the ``Report`` for the
page (drawing the plan only when it is shown). ``budgeted`` picks the execution: the pool
(default), a forked child per job (``"fork"``, as before), or in-process when there is no
budget.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from docklaw.budget import DEFAULT_MEMORY, run_limited
from docklaw.validate.intake.parse import DEFAULT_MAX_BYTES, DEFAULT_MAX_TRIPLES
from docklaw.validate.pipeline import validate_bytes, warm_once
from docklaw.workers import DEFAULT_MAX_JOBS, DEFAULT_MAX_WAITING, DEFAULT_RECYCLE, WorkerPool

#: what a job hands back: the JSON document, the compact one, Turtle text, or the Report
FORMS = ("json", "json-compact", "turtle", "report")
EXECUTIONS = ("pool", "fork")


@dataclass(frozen=True)
class PoolSettings:
    """How many workers, and when one is replaced (``docklaw.workers``)."""

    workers: int = 2
    max_jobs: int | None = DEFAULT_MAX_JOBS
    recycle_bytes: int | None = DEFAULT_RECYCLE
    max_waiting: int = DEFAULT_MAX_WAITING
    memory: int | None = DEFAULT_MEMORY


_lock = threading.Lock()
_shared: tuple[int, PoolSettings, WorkerPool] | None = None


def shared(settings: PoolSettings | None = None) -> WorkerPool:
    """This process's validation pool, its workers forked warm on first use.

    One per process (a server has one app; tests make many): asked again with other
    settings, the old pool is closed and a new one started."""
    global _shared
    settings = settings or PoolSettings()
    found = _shared
    if found is not None and found[0] == os.getpid() and found[1] == settings:
        return found[2]
    with _lock:
        found = _shared
        if found is not None and found[0] == os.getpid():
            if found[1] == settings:
                return found[2]
            found[2].close()
        warm_once()  # before the fork: every worker starts with the caches filled
        pool = WorkerPool(settings.workers, memory=settings.memory, max_jobs=settings.max_jobs,
                          recycle_bytes=settings.recycle_bytes,
                          max_waiting=settings.max_waiting, name="docklaw-validation")
        pool.start()
        _shared = (os.getpid(), settings, pool)
        return pool


def reset() -> None:
    """Close this process's pool: the next validation forks fresh workers from the process
    as it is then (a test that patches the pipeline; a server shutting down)."""
    global _shared
    with _lock:
        found, _shared = _shared, None
    if found is not None and found[0] == os.getpid():
        found[2].close()


def worker_pids() -> list[int]:
    """The process ids of this process's validation workers (none before the first use)."""
    found = _shared
    return found[2].pids() if found is not None and found[0] == os.getpid() else []


def budgeted(job: Callable[..., Any], *args: Any, timeout: float | None,
             execution: str = "pool", settings: PoolSettings | None = None,
             what: str = "validation", **kwargs: Any) -> Any:
    """``job(*args, **kwargs)`` under one budget of ``timeout`` seconds (None: none, here).

    ``execution``: ``"pool"`` (a warm worker of ``shared(settings)``) or ``"fork"`` (a child
    forked for this job, ``budget.run_limited``). Past the budget: ``ResourceLimit``."""
    if not timeout:
        return job(*args, **kwargs)
    if execution not in EXECUTIONS:
        raise ValueError(f"execution is one of {', '.join(EXECUTIONS)} (got {execution!r})")
    memory = (settings or PoolSettings()).memory
    if execution == "fork":
        warm_once()
        return run_limited(job, *args, timeout=timeout, memory=memory, what=what, **kwargs)
    return shared(settings).run(job, *args, timeout=timeout, memory=memory, what=what, **kwargs)


# ---------------------------------------------------------------------- jobs (in a worker)

def report_job(data: bytes, fmt: str | None, name: str, *, form: str = "json",
               plan: bool = False, content_type: str | None = None,
               max_bytes: int = DEFAULT_MAX_BYTES,
               max_triples: int | None = DEFAULT_MAX_TRIPLES,
               encode: dict[str, Any] | None = None) -> Any:
    """Parse and validate one upload; hand back ``form`` (``FORMS``). ``plan``: draw the
    plan (only a ``Report`` shown as a page uses it). ``encode`` (JSON forms): the response
    body itself, the document with these keys added, as the web's ``jsonify`` writes it
    (``json_body``): a string crosses the pipe for less than the nested document, and the
    server's thread does not encode it again (issue 27 item 1)."""
    if form not in FORMS:
        raise ValueError(f"form is one of {', '.join(FORMS)} (got {form!r})")
    report = validate_bytes(data, fmt, name, content_type=content_type, max_bytes=max_bytes,
                            max_triples=max_triples, plan=plan and form == "report")
    if form in ("json", "json-compact"):
        document = report.to_json(compact=form == "json-compact")
        return document if encode is None else json_body({**document, **encode})
    if form == "turtle":
        return report.to_turtle()
    return report


def json_body(document: dict[str, Any]) -> str:
    """``document`` as the web's ``jsonify`` writes it (Flask's default provider, keys in
    their order: ``web.app``): compact separators, ASCII escapes, a final newline."""
    from flask.json.provider import _default

    return json.dumps(document, default=_default, ensure_ascii=True,
                      separators=(",", ":")) + "\n"


def matrix_job(data: bytes, fmt: str | None, name: str, *, form: str = "json",
               content_type: str | None = None, max_bytes: int | None = None,
               max_triples: int | None = None) -> Any:
    """The same upload under every registered code, parsed once (``matrix``): the JSON
    document (``form="json"``) or the matrix as an HTML fragment (``"html"``)."""
    from docklaw.validate.matrix import against_all_bytes

    matrix = against_all_bytes(data, fmt, name, content_type=content_type, max_bytes=max_bytes,
                               max_triples=max_triples, plan=False)  # the matrix shows none
    if form == "json":
        return matrix.to_json()
    from docklaw.validate.output.html_report import render_matrix_fragment

    return render_matrix_fragment(matrix)
