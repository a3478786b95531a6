"""The query page at ``/``: saved queries, an editor, results as a linked HTML table.

Everything is a GET form, so the page URL is the permalink that reproduces a run; a query
too long for a URL is POSTed instead (static/app.js switches the form).
"""

from __future__ import annotations

import json
from urllib.parse import urlencode

from flask import Blueprint, current_app, render_template, request, url_for

from docklaw.errors import DocklawError
from docklaw.queries.catalogue import SavedQuery
from docklaw.sparql import formats
from docklaw.web.answers import stored_answer
from docklaw.web.editor import PREFIXES, editor_data, with_prefixes
from docklaw.web.knowledge import knowledge
from docklaw.web.links import href, is_iri
from docklaw.web.saved import bound_text, saved_queries, saved_query

bp = Blueprint("pages", __name__)

EXAMPLE = """PREFIX dl: <https://w3id.org/docklaw/ontology#>
SELECT ?section ?citation ?heading WHERE {
  ?section a dl:Section ; dl:citation ?citation .
  OPTIONAL { ?section dl:heading ?heading }
} ORDER BY ?citation LIMIT 25
"""


def cell(term: object) -> dict[str, str | None]:
    if term is None:
        return {"text": "", "href": None}
    return {"text": str(term), "href": href(term) if is_iri(term) else None}  # type: ignore[arg-type]


@bp.route("/", methods=["GET", "POST"])
def index() -> str | tuple[str, int]:
    """GET is the permalink; POST (form-encoded) carries a query too long for a URL."""
    values = request.values
    name = values.get("saved", "")
    chosen = saved_query(name) if name else None
    params = {k[len("p-"):]: v for k, v in values.items() if k.startswith("p-")}
    text = values.get("query")
    if text is None and chosen is not None:
        text = bound_text(chosen, params)
    if text is not None:
        text = with_prefixes(text)  # dl:, rdfs: ... need no declaration on this page
    context: dict[str, object] = {
        "saved": saved_queries(), "chosen": chosen, "params": params,
        "query": text if text is not None else EXAMPLE, "ran": text is not None,
        "editor": editor_attributes(), "prefix_names": list(PREFIXES),
    }
    if text is not None:
        context.update(run_for_page(text, saved_dataset(chosen, params, text)))
    page = render_template("index.html", **context)
    # a refused or failed query is shown on the page, with its status (403, 400, 503 ...)
    status = context.get("error_status")
    return (page, int(status)) if isinstance(status, int) else page


def editor_attributes() -> dict[str, str]:
    """The editor's prefixes and completion terms (computed once per app)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    found = app.extensions.get("docklaw-editor")
    if found is None:
        try:
            found = editor_data(knowledge().graph)
        except DocklawError:  # the page still works, without completion
            return {"prefixes": json.dumps(PREFIXES), "terms": "[]"}
        app.extensions["docklaw-editor"] = found
    return found


def saved_dataset(chosen: SavedQuery | None, params: dict[str, str], text: str) -> list[str]:
    """A saved query run as saved (its text not edited) with ``jurisdiction`` bound reads
    that code's graph and the shared graph only, as ``docklaw query`` does
    (``docklaw.queries.run.code_dataset``); anything else reads every graph."""
    if chosen is None:
        return []
    from docklaw.queries.run import bindings_for, code_dataset

    values = {k: v for k, v in params.items() if v}
    try:
        if text != bound_text(chosen, values):
            return []
        return code_dataset(knowledge().store, bindings_for(chosen, values))
    except DocklawError:
        return []  # a bad parameter is reported when the text runs


def run_for_page(text: str, dataset: list[str] | None = None) -> dict[str, object]:
    """Run and shape the result for the template; errors are shown on the page."""
    cap = int(current_app.config["PAGE_MAX_ROWS"])
    try:
        result, _ = run_unnegotiated(text, cap, dataset or [])
    except DocklawError as exc:
        return {"error": getattr(exc, "message", None) or str(exc),
                "error_status": exc.http_status}
    out: dict[str, object] = {"result": result, "elapsed_ms": round(result.elapsed * 1000, 1)}
    if result.kind == "SELECT":
        out["columns"] = result.variables
        out["rows"] = [[cell(t) for t in row] for row in result.rows]
        downloads = ("csv", "json", "tsv", "xml")
    elif result.kind == "ASK":
        downloads = ("json", "xml")
    else:
        out["columns"] = ["subject", "predicate", "object"]
        out["rows"] = [[cell(s), cell(p), cell(o)] for s, p, o in sorted(result.graph or [])]
        downloads = ("ttl", "nt", "jsonld", "rdfxml")
    out["downloads"] = [
        (short.upper(), url_for("sparql.endpoint") + "?"
         + urlencode({"query": text, "format": short, "download": "1"}))
        for short in downloads
    ]
    out["formats"] = formats
    return out


def run_unnegotiated(text: str, max_rows: int,
                     dataset: list[str] | None = None) -> tuple[object, str]:
    store = knowledge().store
    plan = store.check(text, default_graph_uris=dataset or ())
    stored = stored_answer(store, text, max_rows)
    if stored is not None:
        return stored, ""
    result = store.run_plan(plan, timeout=current_app.config["SPARQL_TIMEOUT"],
                            max_rows=max_rows)
    return result, ""

