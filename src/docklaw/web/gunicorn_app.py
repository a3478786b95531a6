"""Serve the app under gunicorn (several worker processes) from ``docklaw serve --server gunicorn``.

Why preload: the knowledge graph and the validator's compiled shapes take seconds to build;
building them once in the master lets every gunicorn worker fork them copy-on-write. Each
gunicorn worker then starts its own SPARQL query workers on first use (after the fork).

Why the asyncio worker (issue 23, slow clients): under ``gthread`` each connection took one of
the worker's threads as soon as its first bytes arrived, and kept it while the client trickled
its headers: 24 such connections (2 workers x 4 threads) stopped the server answering
anything. gunicorn's ``asgi`` worker reads and parses every request on its event loop (a slow
client costs a coroutine, up to ``worker_connections`` of them); only a complete request
reaches the Flask app, which ``a2wsgi.WSGIMiddleware`` runs in a pool of ``threads`` threads.
In front of the service, a reverse proxy with header and body timeouts (docs/web.md) bounds
the connections themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from gunicorn.app.base import BaseApplication


class DocklawGunicorn(BaseApplication):  # type: ignore[misc]
    """A gunicorn application wrapping an already created (and loaded) Flask app."""

    def __init__(self, app: Any, options: dict[str, Any]) -> None:
        self.application = app
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings and value is not None:
                self.cfg.set(key, value)

    def load(self) -> Any:
        return self.application


#: Connections one worker holds open at once (slow ones included); more wait in the backlog.
WORKER_CONNECTIONS = 1000


def asgi_app(app: Flask, threads: int) -> Any:
    """The Flask app as an ASGI app: each complete request runs in one of ``threads`` threads."""
    from a2wsgi import WSGIMiddleware

    return WSGIMiddleware(app, workers=max(1, threads))


def gunicorn_options(host: str, port: int, workers: int, timeout: float) -> dict[str, Any]:
    """gunicorn's settings: asyncio workers (requests parsed without a thread), its own
    timeout kept above the query timeout."""
    return {
        "bind": f"{host}:{port}", "workers": workers, "worker_class": "asgi",
        "worker_connections": WORKER_CONNECTIONS, "preload_app": True,
        "timeout": int(max(30, timeout * 3)), "accesslog": None, "graceful_timeout": 5,
        "keepalive": 5, "control_socket_disable": True,  # no shared ~/.gunicorn socket
    }


def run_gunicorn(app: Flask, host: str, port: int, workers: int, threads: int,
                 timeout: float, on_worker_start: Callable[[], None] | None = None) -> None:
    """Block serving ``app``; ``on_worker_start`` runs in each worker before it serves (the
    validation pool is forked there: a pool belongs to the process that forked it)."""
    options = gunicorn_options(host, port, workers, timeout)
    if on_worker_start is not None:
        options["post_worker_init"] = lambda _worker: on_worker_start()
    DocklawGunicorn(asgi_app(app, threads), options).run()
