"""Content negotiation helpers shared by the blueprints."""

from __future__ import annotations

from flask import request
from werkzeug.exceptions import NotAcceptable

from docklaw.sparql import formats


def explicit_accept() -> bool:
    """True when the client named types (not absent, not just */*)."""
    accept = request.accept_mimetypes
    return bool(accept) and any(value != "*/*" for value, _ in accept)


def wants_html() -> bool:
    """Browsers get HTML; API clients (no Accept, */*, JSON) get JSON."""
    accept = request.accept_mimetypes
    best = accept.best_match(["application/json", "text/html"])
    return best == "text/html" and accept["text/html"] > accept["application/json"]


def choose(offered: tuple[str, ...], default: str | None = None) -> str:
    """The best offered type for this request (``format=`` / ``output=`` win); 406 if none."""
    short = request.values.get("format") or request.values.get("output")
    if short:
        media = formats.SHORT_NAMES.get(short.lower(), short.lower())
        if media in offered:
            return media
        raise NotAcceptable(f"format {short!r} is not available here; use one of "
                            + ", ".join(offered))
    if not explicit_accept():
        return default or offered[0]
    best = request.accept_mimetypes.best_match(offered)
    if best is None:
        raise NotAcceptable("none of the requested media types ("
                            + request.headers.get("Accept", "") + ") is available; offered: "
                            + ", ".join(offered))
    return best


def rdf_requested() -> str | None:
    """For law pages: the RDF type asked for, or None (HTML)."""
    short = request.args.get("format")
    if short and formats.SHORT_NAMES.get(short.lower()) in formats.RDF_TYPES:
        return formats.SHORT_NAMES[short.lower()]
    offered = ("text/html", *formats.RDF_TYPES)
    best = request.accept_mimetypes.best_match(offered, default="text/html")
    if best == "text/html" or not explicit_accept():
        return None
    return best
