"""Flask front-end: SPARQL Protocol endpoint, query page, validation API, browsable law.

``create_app(test_config)`` builds the app; the knowledge graph and SPARQL store load on
first use (``knowledge``). Read-only everywhere: any request carrying a SPARQL update is
refused before a route sees it.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request

from docklaw.errors import QueryError
from docklaw.web import errors
from docklaw.web.config import DEFAULTS

UPDATE_TYPE = "application/sparql-update"


def refuse_updates() -> None:
    """No route accepts an update: the ``update`` parameter or an update body is 403."""
    if request.mimetype == UPDATE_TYPE:
        raise QueryError("SPARQL updates are not allowed: this endpoint is read-only",
                         http_status=403)
    has_update = "update" in request.args
    if not has_update and request.mimetype == "application/x-www-form-urlencoded":
        has_update = "update" in request.form
    if has_update:
        raise QueryError("SPARQL updates are not allowed ('update' parameter): "
                         "this endpoint is read-only", http_status=403)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    if test_config:
        app.config.update(test_config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    from docklaw.web import compare, law, pages, sparql_routes, validate_routes

    for blueprint in (sparql_routes.bp, pages.bp, law.bp, validate_routes.bp, compare.bp):
        app.register_blueprint(blueprint)
    app.before_request(refuse_updates)
    errors.register(app)

    @app.template_filter("href")
    def href_filter(term: object) -> str:
        from docklaw.web.links import href

        return href(term)  # type: ignore[arg-type]

    return app
