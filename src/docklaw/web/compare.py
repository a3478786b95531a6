"""``/compare``: the side-by-side comparison report (``docklaw.queries.compare``)."""

from __future__ import annotations

import importlib

from flask import Blueprint, Response, abort, current_app, request

from docklaw.web.knowledge import knowledge

bp = Blueprint("compare", __name__)


@bp.route("/compare")
def compare() -> Response:
    try:
        module = importlib.import_module("docklaw.queries.compare")
    except ModuleNotFoundError as exc:
        if exc.name != "docklaw.queries.compare":
            raise
        abort(404, description="the comparison report is not available in this build "
                               "(docklaw.queries.compare is missing)")
    topics = request.args.getlist("topic") or None
    jurisdictions = request.args.getlist("jurisdiction") or None
    # on the app's own store (any backend), each query bounded by the query timeout
    report = module.build_report(topics, jurisdictions, graph=knowledge().store,
                                 timeout=float(current_app.config["SPARQL_TIMEOUT"]))
    return Response(module.render(report, "html"), mimetype="text/html")
