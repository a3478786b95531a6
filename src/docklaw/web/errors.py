"""Every error becomes a short JSON or HTML answer (by Accept), never a traceback."""

from __future__ import annotations

import logging

from flask import Flask, Response, jsonify, render_template
from werkzeug.exceptions import HTTPException

from docklaw.errors import DocklawError, InputError
from docklaw.web.negotiation import wants_html

log = logging.getLogger(__name__)


def error_response(status: int, message: str, detail: dict[str, object] | None = None) -> Response:
    body: dict[str, object] = {"error": message, "status": status}
    if detail:
        body.update({k: v for k, v in detail.items() if v is not None})
    if wants_html():
        html = render_template("error.html", status=status, message=message, detail=body)
        return Response(html, status=status, mimetype="text/html")
    response = jsonify(body)
    response.status_code = status
    return response


def register(app: Flask) -> None:
    @app.errorhandler(DocklawError)
    def docklaw_error(exc: DocklawError) -> Response:
        detail = exc.to_dict() if isinstance(exc, InputError) else None
        message = getattr(exc, "message", None) or str(exc)
        if isinstance(exc, InputError):
            message = exc.describe()
        return error_response(exc.http_status, message, detail)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response:
        response = error_response(exc.code or 500, exc.description or exc.name)
        if exc.code == 405 and exc.response is None:
            allowed = getattr(exc, "valid_methods", None)
            if allowed:
                response.headers["Allow"] = ", ".join(allowed)
        return response

    @app.errorhandler(RecursionError)
    def too_deep(exc: RecursionError) -> Response:
        # only nesting in the request (JSON-LD, Turtle brackets, SPARQL groups) gets this deep
        log.warning("request nested too deeply: %s", exc)
        return error_response(400, "input is nested too deeply to process "
                                   "(brackets, lists or JSON objects); flatten it")

    @app.errorhandler(Exception)
    def internal(exc: Exception) -> Response:
        log.exception("internal error")
        return error_response(500, f"internal error: {type(exc).__name__}: {exc}")
