"""The SPARQL 1.1 Protocol query operation at ``/sparql`` (read-only).

GET ``?query=``, POST form-encoded or ``application/sparql-query``; ``default-graph-uri`` /
``named-graph-uri`` override FROM / FROM NAMED. Without a query, GET answers the Service
Description. Updates never reach the store (see ``before_request`` in ``create_app``).
"""

from __future__ import annotations

import re

from flask import Blueprint, Response, current_app, redirect, request, url_for
from werkzeug.exceptions import BadRequest, UnsupportedMediaType

from docklaw.errors import QueryError
from docklaw.sparql import formats
from docklaw.sparql.results import QueryResult
from docklaw.web.answers import stored_answer
from docklaw.web.describe import service_description, void_description
from docklaw.web.knowledge import knowledge
from docklaw.web.negotiation import choose, explicit_accept

bp = Blueprint("sparql", __name__)

FORM = "application/x-www-form-urlencoded"
DIRECT = "application/sparql-query"


def read_query() -> tuple[str | None, list[str], list[str]]:
    """The query text and protocol dataset from a GET or POST, checked per the Protocol."""
    default = request.args.getlist("default-graph-uri")
    named = request.args.getlist("named-graph-uri")
    if request.method in ("GET", "HEAD"):
        queries = request.args.getlist("query")
    else:
        mimetype = request.mimetype
        if mimetype == FORM:
            queries = request.args.getlist("query") + request.form.getlist("query")
            default += request.form.getlist("default-graph-uri")
            named += request.form.getlist("named-graph-uri")
        elif mimetype == DIRECT:
            charset = request.mimetype_params.get("charset", "utf-8").lower()
            if charset not in ("utf-8", "utf8"):
                raise UnsupportedMediaType(
                    f"a SPARQL query body must be UTF-8 (got charset={charset})")
            try:
                queries = [request.get_data().decode("utf-8")]
            except UnicodeDecodeError as exc:
                raise BadRequest(f"query body is not valid UTF-8 (byte {exc.start})") from None
        else:
            raise UnsupportedMediaType(
                f"POST a query as {FORM} (query=...) or as {DIRECT}; got "
                f"{mimetype or 'no Content-Type'}")
    if len(queries) > 1:
        raise BadRequest(f"give exactly one 'query' parameter (got {len(queries)})")
    return (queries[0] if queries else None), default, named


def result_response(result: QueryResult, media_type: str) -> Response:
    body = formats.serialize(result, media_type)
    response = Response(body, mimetype=media_type)
    if media_type.startswith("text/") or media_type.endswith(("+json", "+xml")):
        response.mimetype_params["charset"] = "utf-8"
    response.headers["X-Docklaw-Rows"] = str(len(result))
    response.headers["X-Docklaw-Elapsed-Ms"] = f"{result.elapsed * 1000:.1f}"
    if result.truncated:
        response.headers["X-Docklaw-Truncated"] = f"true; max-rows={result.max_rows}"
    if request.values.get("download"):
        name = f"results.{formats.FILE_SUFFIX[media_type]}"
        response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.vary.add("Accept")
    return response


def run(sparql: str, default: list[str], named: list[str],
        max_rows: int | None = None) -> tuple[QueryResult, str]:
    """Check, negotiate (406 before evaluating), run; shared with the query page."""
    store = knowledge().store
    plan = store.check(sparql, default, named, base_iri=endpoint_url())
    media_type = choose(formats.offered(plan.kind))
    cap = max_rows or current_app.config["SPARQL_MAX_ROWS"]
    if plan.kind == "SELECT" and not default and not named:
        stored = stored_answer(store, sparql, cap)
        if stored is not None:
            return stored, media_type
    result = store.run_plan(plan, timeout=current_app.config["SPARQL_TIMEOUT"],
                            max_rows=max_rows or current_app.config["SPARQL_MAX_ROWS"])
    return result, media_type


#: A host[:port] as a Host header may carry it (names, IPv4, bracketed IPv6).
_HOST = re.compile(r"^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])"
                   r"(?::[0-9]{1,5})?$")


def public_base() -> str:
    """This service's base URL for what it publishes (sd:endpoint, the query base IRI).

    ``PUBLIC_BASE_URL`` (``docklaw serve --public-url``; by default the address served) wins;
    without it the Host header is used only if it is a plain host[:port], else localhost.
    """
    configured = str(current_app.config.get("PUBLIC_BASE_URL") or "").strip()
    if configured:
        return configured.rstrip("/") + "/"
    host = request.host if _HOST.match(request.host or "") else "localhost"
    scheme = "https" if request.scheme == "https" else "http"
    return f"{scheme}://{host}/"


def endpoint_url() -> str:
    """The canonical endpoint URL (``/sparql``, below any script root)."""
    return public_base() + f"{request.script_root}/sparql".lstrip("/")


def browser_wants_page() -> bool:
    """A browser (explicit Accept preferring text/html) rather than a SPARQL client."""
    if not explicit_accept():
        return False
    best = request.accept_mimetypes.best_match(
        ["text/html", *formats.TABULAR_TYPES, *formats.RDF_TYPES])
    return best == "text/html"


@bp.route("/sparql", methods=["GET", "POST"])
@bp.route("/sparql/", methods=["GET", "POST"])
def endpoint() -> Response:
    sparql, default, named = read_query()
    if sparql is None:
        if request.method == "POST":
            raise QueryError("no 'query' given in the POST body")
        if browser_wants_page():  # a browser opening /sparql: the query page
            return redirect(url_for("pages.index"), code=303)
        return description_response(service_description(endpoint_url()))
    if request.method in ("GET", "HEAD") and browser_wants_page():
        # a browser following a link: the query page, which shows and runs the query
        return redirect(url_for("pages.index", query=sparql), code=303)
    result, media_type = run(sparql, default, named)
    return result_response(result, media_type)


def description_response(graph: object) -> Response:
    media_type = choose(formats.RDF_TYPES)
    response = Response(formats.serialize_graph(graph, media_type),  # type: ignore[arg-type]
                        mimetype=media_type)
    response.vary.add("Accept")
    return response


@bp.route("/.well-known/void")
def void() -> Response:
    return description_response(void_description(public_base(), knowledge()))
