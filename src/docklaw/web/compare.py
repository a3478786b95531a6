"""``/compare``: the side-by-side comparison report (``docklaw.queries.compare``) as a page of
this site: the summary matrix first (one figure per code per topic, linked to its section),
the envelope (the largest dock each code allows, ``docklaw.web.envelope``) with its parcel as a
form, the details folded per topic, a print view (``?print=1``: every detail open) and the same
report as Markdown, tidy CSV or PDF (``?format=md|csv|pdf``)."""

from __future__ import annotations

import importlib

from flask import Blueprint, Response, abort, current_app, render_template, request, url_for

import docklaw.web.envelope as envelope
from docklaw.errors import InputError
from docklaw.web.knowledge import knowledge
from docklaw.web.links import href

bp = Blueprint("compare", __name__)

DOWNLOADS = {"md": "text/markdown", "csv": "text/csv", "pdf": "application/pdf"}


@bp.route("/compare")
def compare() -> Response | str:
    try:
        module = importlib.import_module("docklaw.queries.compare")
    except ModuleNotFoundError as exc:
        if exc.name != "docklaw.queries.compare":
            raise
        abort(404, description="the comparison report is not available in this build "
                               "(docklaw.queries.compare is missing)")
    topics = request.args.getlist("topic") or None
    jurisdictions = request.args.getlist("jurisdiction") or None
    short = (request.args.get("format") or "").lower()
    if short not in ("", "html", *DOWNLOADS):
        raise InputError(f"format {short!r} is not available here: html, md, csv or pdf",
                         http_status=406)
    # on the app's own store (any backend), each query bounded by the query timeout
    report = module.build_report(topics, jurisdictions, graph=knowledge().store,
                                 timeout=float(current_app.config["SPARQL_TIMEOUT"]))
    if short in DOWNLOADS:
        response = Response(module.render_bytes(report, short), mimetype=DOWNLOADS[short])
        response.headers["Content-Disposition"] = f"inline; filename=docklaw-compare.{short}"
        return response
    summary = []
    for topic in report.topics:
        cells = []
        for jid in report.jurisdictions:
            s = topic.summary.get(jid)
            cells.append({"text": s.text if s else "", "citation": s.cited if s else "",
                          "href": href(s.section) if s and s.section else None,
                          "mark": s.mark if s else "", "aside": s.aside if s else "",
                          "why": module.MARKS.get(s.mark, "") if s else ""})
        summary.append({"key": topic.key, "title": topic.title, "compared": topic.compared,
                        "cells": cells})
    details = []
    for topic in report.topics:
        rows = []
        for jid in report.jurisdictions:
            cell = topic.cells[jid]
            rows.append({
                "jid": jid, "label": report.labels[jid], "mark": cell.mark,
                "why": module.MARKS.get(cell.mark, ""), "status": cell.status,
                "lines": [{"text": ln.text, "citation": ln.cited, "href": href(ln.section),
                           "what": ln.what, "mark": ln.mark} for ln in cell.lines],
                "reading": None if cell.reading is None else {
                    "note": cell.reading.note,
                    "sections": [{"text": c, "href": href(i)} for c, i in
                                 cell.reading.sections]}})
        details.append({"key": topic.key, "title": topic.title, "query": topic.query,
                        "differs": topic.differs, "rows": rows})
    parcel = envelope.parcel_from_request() if envelope.requested() else \
        envelope.Parcel()
    codes = envelope.computed(parcel) if envelope.requested() else None
    args = {k: request.args.getlist(k) for k in request.args if k not in ("format", "print")}
    return render_template(
        "compare.html", report=report, summary=summary, details=details, marks=module.MARKS,
        all_topics=module.TOPICS, chosen_topics=topics or [],
        chosen_jurisdictions=report.jurisdictions if jurisdictions else [],
        not_regulated=module.NOT_REGULATED,
        inferred_legend=module.compare_output.inferred_legend(), caption=module.CHART_CAPTION,
        omitted=module.omitted_text(report), print_view=request.args.get("print") == "1",
        report_downloads=[(name.upper(), url_for("compare.compare", format=name, **args))
                          for name in DOWNLOADS],
        print_href=url_for("compare.compare", print="1", **args),
        form_action=url_for("compare.compare"),
        **envelope.section_context(parcel, codes))
