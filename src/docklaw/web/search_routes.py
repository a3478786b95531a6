"""``/search``: full-text search of the law as a page (browsers) or JSON (API clients).

The page and the API take the same parameters: ``q`` (the search text), ``jurisdiction``,
``kind`` (repeatable) and ``limit``; ``format=json`` or ``Accept: application/json`` gives
JSON. Every hit links to this site's page for the node and its section.
"""

from __future__ import annotations

import os

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    render_template,
    request,
    url_for,
)

from docklaw import jurisdictions
from docklaw.errors import InputError
from docklaw.search.index import Index, default_index, in_memory
from docklaw.search.query import DEFAULT_LIMIT, KIND_HELP, checked_limit, search
from docklaw.sparql.backends import in_memory as memory_spec
from docklaw.web.knowledge import knowledge
from docklaw.web.links import href
from docklaw.web.negotiation import wants_html
from docklaw.web.site import name_of as site_name

bp = Blueprint("search", __name__)

#: shown on the search page: search combined with structure in SPARQL
SPARQL_EXAMPLE = """PREFIX dl: <https://w3id.org/docklaw/ontology#>
PREFIX dlf: <https://w3id.org/docklaw/function#>
SELECT ?section ?citation ?score ?snippet WHERE {
  ?section a dl:Subsection ; dl:citation ?citation ; dl:varianceClass ?variance .
  BIND(dlf:textScore(?section, "boat lift") AS ?score)
  FILTER(BOUND(?score))
  BIND(dlf:textSnippet(?section, "boat lift") AS ?snippet)
} ORDER BY DESC(?score) LIMIT 20
"""


def search_index(app: Flask | None = None) -> Index:
    """The bundled law's cached index, or, when the app serves another graph (a configured
    loader, extra graphs, an external store), an index of the graph its pages render."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    found = app.extensions.get("docklaw-search")
    if found is None or found.pid != os.getpid():  # no SQLite connection crosses a fork
        standard = (app.config.get("KG_LOADER") is None and not app.config.get("SPARQL_GRAPHS")
                    and memory_spec(str(app.config["SPARQL_BACKEND"] or "memory")))
        found = default_index() if standard else in_memory(knowledge(app).graph)
        app.extensions["docklaw-search"] = found
    return found


def resolve_jurisdiction(value: str) -> str | None:
    """The code to search in (the registry's resolve(): 400 naming the known codes), or None."""
    return jurisdictions.resolve(value).id if value else None


def wants_json() -> bool:
    short = (request.args.get("format") or "").lower()
    if short:
        if short not in ("json", "html"):
            raise InputError(f"format {short!r} is not available here: json or html",
                             http_status=406)
        return short == "json"
    return not wants_html()


@bp.route("/search")
def search_page() -> Response | str:
    text = request.args.get("q", "").strip()
    kinds = [k for k in request.args.getlist("kind") if k]
    jid = resolve_jurisdiction(request.args.get("jurisdiction", "").strip())
    limit = checked_limit(request.args.get("limit") or DEFAULT_LIMIT)  # the limit applied
    as_json = wants_json()
    hits, total, mode, related, facets = [], 0, "all", [], {}
    if text or as_json:
        found = search(text, jurisdiction=jid, kinds=kinds, limit=limit, index=search_index())
        hits, total, mode = found.hits, found.total, found.mode
        related, facets = found.related, found.facets

    def shaped(found_hits: list) -> list[dict[str, object]]:
        return [dict(h.to_dict(), href=href(h.iri),
                     section_href=href(h.section) if h.section else None,
                     code=names.get(h.jurisdiction, h.jurisdiction)) for h in found_hits]

    names = {j.id: site_name(j) for j in jurisdictions.all()}
    results, related_results = shaped(hits), shaped(related)
    if as_json:
        return jsonify({"query": text, "jurisdiction": jid, "kinds": kinds, "limit": limit,
                        "total": total, "matched": mode, "results": results,
                        "related": related_results, "facets": facets})
    facet_links = {
        "jurisdiction": [{"key": k, "label": names.get(k, k), "count": n,
                          "href": url_for("search.search_page", q=text, jurisdiction=k,
                                          kind=kinds, limit=limit),
                          "chosen": k == jid} for k, n in facets.get("jurisdiction", {}).items()
                         if k in names],
        "kind": [{"key": k, "label": k, "count": n,
                  "href": url_for("search.search_page", q=text, jurisdiction=jid or "",
                                  kind=[k], limit=limit), "chosen": k in kinds}
                 for k, n in facets.get("kind", {}).items()]}
    return render_template("search.html", q=text, jurisdiction=jid or "", kinds=kinds,
                           kind_help=KIND_HELP, results=results, related=related_results,
                           facets=facet_links, sparql_example=SPARQL_EXAMPLE, total=total,
                           limit=limit, mode=mode)
