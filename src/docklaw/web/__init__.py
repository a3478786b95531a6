"""Flask front-end: SPARQL Protocol endpoint, query page, validation API, browsable law.

``create_app(test_config)`` (in ``docklaw.web.app``) builds the app. This package file imports
nothing itself: ``docklaw serve --help`` and every other subcommand register through
``docklaw.web.commands`` without paying for Flask (see ``docklaw.cli``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app", "refuse_updates"]


def __getattr__(name: str) -> Any:
    if name in {"create_app", "refuse_updates", "UPDATE_TYPE", "FORM_TYPES"}:
        from docklaw.web import app

        return getattr(app, name)
    raise AttributeError(f"module 'docklaw.web' has no attribute {name!r}")
