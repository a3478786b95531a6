"""Every error becomes a short JSON or HTML answer (by Accept), never a traceback."""

from __future__ import annotations

import json
import logging

from flask import Flask, Response, render_template
from werkzeug.exceptions import HTTPException

from docklaw.errors import DocklawError, InputError
from docklaw.web.negotiation import wants_html

log = logging.getLogger(__name__)


#: Longest error message sent: parser messages can quote a long stretch of the input.
MAX_MESSAGE = 500
#: JSON escapes for the characters that make markup: an error quoting a parameter
#: (``unknown format '<script>'``) is never markup, even to a client that sniffs.
_INERT = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "'": "\\u0027"})


def clip(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 1] + "…"


def error_response(status: int, message: str, detail: dict[str, object] | None = None) -> Response:
    message = clip(message)
    body: dict[str, object] = {"error": message, "status": status}
    if detail:
        body.update({k: clip(v) if isinstance(v, str) else v
                     for k, v in detail.items() if v is not None})
    if wants_html():  # autoescaped by Jinja
        html = render_template("error.html", status=status, message=message, detail=body)
        return Response(html, status=status, mimetype="text/html")
    text = json.dumps(body, ensure_ascii=False).translate(_INERT)
    return Response(text + "\n", status=status, mimetype="application/json")


def register(app: Flask) -> None:
    @app.errorhandler(DocklawError)
    def docklaw_error(exc: DocklawError) -> Response:
        detail = exc.to_dict() if isinstance(exc, InputError) else None
        message = getattr(exc, "message", None) or str(exc)
        if isinstance(exc, InputError):
            message = exc.describe()
        log.info("%s %s: %s", exc.http_status, type(exc).__name__, message)  # one line
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
        log.exception("internal error")  # the detail goes to the log, not to the client
        return error_response(500, f"internal error ({type(exc).__name__}); see the server log")


#: Sent with every response. No inline script or style anywhere (templates load
#: static/app.js and static/style.css), so the policy needs no 'unsafe-inline' or hashes.
SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; script-src 'self'; style-src 'self'; "
                                "img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                                "form-action 'self'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def security_headers(response: Response) -> Response:
    """after_request: the headers above, unless a route set its own; and a redirect's
    Location never names the host the client claimed (``local_location``)."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if 300 <= response.status_code < 400 and response.headers.get("Location"):
        response.headers["Location"] = local_location(response.headers["Location"])
    return response


def local_location(location: str) -> str:
    """A redirect target as a path on this site. Werkzeug builds the redirects of its URL map
    (``/static//x`` -> ``/static/x``, a missing trailing slash) from the request's Host
    header, so ``Host: evil.example`` was echoed as ``Location: http://evil.example/...``;
    a path (with query and fragment) goes to the same place on whatever host was asked."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(location)
    if not parts.scheme and not parts.netloc:
        return location
    path = "/" + parts.path.lstrip("/")  # never '//host': that is another host again
    return urlunsplit(("", "", path, parts.query, parts.fragment))
