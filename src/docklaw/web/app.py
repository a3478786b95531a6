"""The Flask app factory (re-exported as ``docklaw.web.create_app``).

``create_app(test_config)`` builds the app; the knowledge graph and SPARQL store load on
first use (``knowledge``). Read-only everywhere: any request carrying a SPARQL update is
refused before a route sees it.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request

import docklaw.web.errors as errors
from docklaw.errors import QueryError
from docklaw.sparql.backends import default_spec
from docklaw.sparql.safety import refuse_update
from docklaw.web.config import DEFAULTS

UPDATE_TYPE = "application/sparql-update"


FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def refuse_updates() -> None:
    """No route accepts an update, whatever the route or the parameter that carries it.

    Refused with 403: an ``update`` parameter (query string or form), an
    ``application/sparql-update`` body, and a ``query`` parameter or
    ``application/sparql-query`` body that parses as an update (LOAD, DROP, INSERT ...),
    also on routes that would otherwise ignore it (/validate, law pages).
    """
    if request.mimetype == UPDATE_TYPE:
        raise QueryError("SPARQL updates are not allowed: this endpoint is read-only",
                         http_status=403)
    if request.mimetype == FORM_TYPES[0]:  # keep the raw body (bounded by MAX_CONTENT_LENGTH):
        request.get_data(cache=True)  # /validate reads it as the application `curl -d` sent
    form = request.form if request.mimetype in FORM_TYPES else None
    if "update" in request.args or (form is not None and "update" in form):
        raise QueryError("SPARQL updates are not allowed ('update' parameter): "
                         "this endpoint is read-only", http_status=403)
    texts = request.args.getlist("query") + (form.getlist("query") if form is not None else [])
    if request.mimetype == "application/sparql-query":
        texts.append(request.get_data(cache=True).decode("utf-8", "replace"))
    for text in texts:
        refuse_update(text)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask("docklaw.web")  # the package: templates/ and static/ live beside it
    app.config.update(DEFAULTS)
    app.config["SPARQL_BACKEND"] = default_spec()  # $DOCKLAW_STORE, else memory
    if test_config:
        app.config.update(test_config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    # the route modules themselves, not names of the package (its __init__ hands out
    # create_app from here: importing from it would tie the two in a knot)
    import docklaw.web.apply_routes as apply_routes
    import docklaw.web.chapter as chapter
    import docklaw.web.compare as compare
    import docklaw.web.envelope as envelope
    import docklaw.web.law as law
    import docklaw.web.openapi as openapi
    import docklaw.web.pages as pages
    import docklaw.web.search_routes as search_routes
    import docklaw.web.site as site
    import docklaw.web.sparql_routes as sparql_routes
    import docklaw.web.validate_routes as validate_routes

    for blueprint in (sparql_routes.bp, pages.bp, law.bp, chapter.bp, validate_routes.bp,
                      compare.bp, envelope.bp, search_routes.bp, openapi.bp, apply_routes.bp):
        app.register_blueprint(blueprint)
    app.context_processor(site.context)
    app.before_request(refuse_updates)
    app.after_request(errors.security_headers)
    errors.register(app)

    @app.template_filter("href")
    def href_filter(term: object) -> str:
        from docklaw.web.links import href

        return href(term) or ""  # type: ignore[arg-type]

    return app
