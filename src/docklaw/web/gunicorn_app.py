"""Serve the app under gunicorn (several worker processes) from ``docklaw serve --server gunicorn``.

Why preload: the knowledge graph and the validator's compiled shapes take seconds to build;
building them once in the master lets every gunicorn worker fork them copy-on-write. Each
gunicorn worker then starts its own SPARQL query workers on first use (after the fork).
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from gunicorn.app.base import BaseApplication


class DocklawGunicorn(BaseApplication):  # type: ignore[misc]
    """A gunicorn application wrapping an already created (and loaded) Flask app."""

    def __init__(self, app: Flask, options: dict[str, Any]) -> None:
        self.application = app
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings and value is not None:
                self.cfg.set(key, value)

    def load(self) -> Flask:
        return self.application


def run_gunicorn(app: Flask, host: str, port: int, workers: int, threads: int,
                 timeout: float) -> None:
    """Block serving ``app``; gunicorn's own timeout is kept above the query timeout."""
    options = {
        "bind": f"{host}:{port}", "workers": workers, "threads": threads,
        "worker_class": "gthread" if threads > 1 else "sync",
        "preload_app": True, "timeout": int(max(30, timeout * 3)), "accesslog": None,
        "graceful_timeout": 5,
    }
    DocklawGunicorn(app, options).run()
