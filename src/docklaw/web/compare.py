"""``/compare``: the side-by-side comparison report (``docklaw.queries.compare``) as a page of
this site: the site's layout, links to its own section pages, a form to choose topics and
codes, the legend of what is highlighted and which codes the chart leaves out."""

from __future__ import annotations

import importlib

from flask import Blueprint, abort, current_app, render_template, request

from docklaw.web.knowledge import knowledge
from docklaw.web.links import href

bp = Blueprint("compare", __name__)


@bp.route("/compare")
def compare() -> str:
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
    rows = []
    for topic in report.topics:
        cells = []
        for jid in report.jurisdictions:
            cell = topic.cells[jid]
            cells.append({"mark": cell.mark, "why": module.MARKS.get(cell.mark, ""),
                          "lines": [{"text": ln.text, "citation": ln.citation,
                                     "href": href(ln.section)} for ln in cell.lines]})
        rows.append({"key": topic.key, "title": topic.title, "query": topic.query,
                     "differs": topic.differs, "cells": cells})
    return render_template(
        "compare.html", report=report, rows=rows, marks=module.MARKS,
        all_topics=module.TOPICS, chosen_topics=topics or [],
        chosen_jurisdictions=report.jurisdictions if jurisdictions else [],
        not_regulated=module.NOT_REGULATED, caption=module.CHART_CAPTION,
        omitted=module.omitted_text(report))
