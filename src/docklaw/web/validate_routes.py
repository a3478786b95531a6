"""``POST /validate``: an application in any RDF syntax -> the validation report.

The body's Content-Type picks the syntax (or a file uploaded from the page's form, by its
name, or text pasted into the page's box). A body whose type names no RDF syntax (none,
``text/plain``, ``application/octet-stream``, or the form type ``curl --data`` sends) is
read the way the CLI reads a file: ``?format=``, else ``?name=``'s extension, else sniffed
from its first characters; the report says which syntax was read and why (``input``, and
the ``Docklaw-Input-Format`` header). The size cap is checked against Content-Length before
the body is read.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any
from urllib.parse import parse_qs

from flask import Blueprint, Response, current_app, jsonify, render_template, request
from markupsafe import Markup

from docklaw.errors import InputError, PayloadTooLarge

bp = Blueprint("validate", __name__)

REPORT_TYPES = ("application/json", "text/turtle", "text/html")
#: Body types that say nothing about the RDF syntax: the syntax is read from the content.
UNTYPED = frozenset({"", "text/plain", "application/octet-stream",
                     "application/x-www-form-urlencoded"})
#: rdflib's format name -> (the name a report shows, its media type).
FORMAT_NAMES = {"turtle": ("Turtle", "text/turtle"), "nt": ("N-Triples", "application/n-triples"),
                "json-ld": ("JSON-LD", "application/ld+json"),
                "xml": ("RDF/XML", "application/rdf+xml")}
PASTE_FIELD = "text"  # the page's paste box (multipart or form-encoded)


def read_upload(limit: int) -> tuple[bytes, str | None, str]:
    """The application bytes, its content type (None: by file name or content) and its name."""
    length = request.content_length
    if length is not None and length > limit:
        raise PayloadTooLarge(f"request body is {length} bytes; the limit is {limit} bytes")
    if request.mimetype == "multipart/form-data":
        upload = request.files.get("application")
        pasted = request.form.get(PASTE_FIELD, "")
        if upload is not None and upload.filename:
            if pasted.strip():
                raise InputError("give either a file or pasted text, not both")
            data = upload.stream.read(limit + 1)
            if len(data) > limit:
                raise PayloadTooLarge(f"uploaded file exceeds the limit of {limit} bytes")
            ctype = upload.mimetype if upload.mimetype not in UNTYPED \
                else None
            return data, ctype, upload.filename
        if pasted.strip():
            return pasted_bytes(pasted, limit), None, "<pasted>"
        raise InputError("choose an application file to upload (form field 'application') "
                         f"or paste one (form field '{PASTE_FIELD}')")
    form_encoded = request.mimetype == "application/x-www-form-urlencoded"
    # a form-encoded body was read (and kept) by the update guard (docklaw.web.app)
    data = request.get_data(cache=True) if form_encoded else request.stream.read(limit + 1)
    if len(data) > limit:
        raise PayloadTooLarge(f"request body exceeds the limit of {limit} bytes")
    if form_encoded and \
            data.startswith(PASTE_FIELD.encode() + b"="):  # the paste box, form-encoded
        pasted = parse_qs(data.decode("utf-8", "replace")).get(PASTE_FIELD, [""])[0]
        return pasted_bytes(pasted, limit), None, "<pasted>"
    if request.mimetype in UNTYPED:  # e.g. `curl --data-binary @app.ttl`: the body itself
        return data, None, request.args.get("name", "<upload>")
    return data, request.content_type, request.args.get("name", "<upload>")


def pasted_bytes(text: str, limit: int) -> bytes:
    data = text.encode("utf-8")
    if len(data) > limit:
        raise PayloadTooLarge(f"pasted text exceeds the limit of {limit} bytes")
    return data


def input_format(data: bytes, fmt: str | None, ctype: str | None,
                 name: str) -> dict[str, object]:
    """Which syntax the application is read as, and from what (``input`` in the report).

    The order is the CLI's (``docklaw.validate.intake.parse.resolve_format``): ``?format=``,
    the Content-Type, the file name's extension, else the content's first characters
    (``<``: RDF/XML, ``{``/``[``: JSON-LD, else Turtle, which also reads N-Triples)."""
    from docklaw.validate.intake.parse import EXTENSIONS, resolve_format

    rdf_format = resolve_format(fmt, content_type=ctype, name=name, data=data)
    if fmt:
        basis = "the format parameter"
    elif ctype and ctype.split(";")[0].strip().lower() not in UNTYPED | {"multipart/form-data"}:
        basis = "the Content-Type"
    elif PurePath(name).suffix.lower() in EXTENSIONS:
        basis = "the file name"
    else:
        basis = "the content"
    label, media = FORMAT_NAMES[rdf_format]
    return {"format": label, "media_type": media, "from": basis,
            "assumed": basis in ("the file name", "the content")}


def format_header(found: dict[str, object]) -> str:
    return f"{found['media_type']}; from={str(found['from']).removeprefix('the ')}"


def wants_html() -> bool:
    accept = request.accept_mimetypes
    best = accept.best_match(REPORT_TYPES, default="application/json") if accept else None
    return best == "text/html" and accept["text/html"] > accept["application/json"]


def wants_compact() -> bool:
    """``?compact=1`` (true, yes; 0, false, no, empty: the full report): the JSON report gives
    each cited section's text once, in ``sections`` (``Report.to_json(compact=True)``)."""
    raw = (request.args.get("compact") or "").strip().lower()
    if raw in ("", "0", "false", "no"):
        return False
    if raw in ("1", "true", "yes"):
        return True
    raise InputError(f"compact takes 1 or 0 (got {raw[:40]!r})")


def pool_settings(config: Any) -> Any:
    """The validation pool's settings from the app's config (``VALIDATE_*``)."""
    from docklaw.validate.pool import PoolSettings

    return PoolSettings(workers=int(config["VALIDATE_WORKERS"]),
                        max_jobs=config.get("VALIDATE_WORKER_JOBS") or None,
                        recycle_bytes=config.get("VALIDATE_WORKER_RECYCLE") or None,
                        max_waiting=int(config["VALIDATE_QUEUE"]),
                        memory=config.get("VALIDATE_WORKER_MEMORY") or None)


def start_pool(app: Any) -> None:
    """Fork the validation workers now, warm (``docklaw serve``, each gunicorn worker), so
    the first request does not wait for them."""
    from docklaw.validate.pool import shared

    if app.config.get("VALIDATE_TIMEOUT") and app.config["VALIDATE_EXECUTION"] == "pool":
        shared(pool_settings(app.config))


def budgeted(job: Any, *args: Any, what: str = "validation", **kwargs: Any) -> Any:
    """``job`` under this request's one budget (VALIDATE_TIMEOUT), where VALIDATE_EXECUTION
    says: a warm worker of the pool, or a child forked for it."""
    from docklaw.validate.pool import budgeted as run

    config = current_app.config
    return run(job, *args, timeout=config.get("VALIDATE_TIMEOUT") or None,
               execution=config["VALIDATE_EXECUTION"], settings=pool_settings(config),
               what=what, **kwargs)


def validate_against(data: bytes, fmt: str | None, name: str, ctype: str | None, limit: int,
                     against: str, found: dict[str, object]) -> Response:
    """The same application under every registered code (HTML matrix or JSON): parsed once,
    then validated under each code, all in one worker under one VALIDATE_TIMEOUT (one
    request, one budget: a hostile upload holds a CPU no longer than a plain validation)."""
    from docklaw.validate.pool import matrix_job

    if against != "all":
        raise InputError(f"against takes 'all' (got {against!r})")
    html = wants_html()
    answer = budgeted(matrix_job, data, fmt, name, what="validation under every code",
                      form="html" if html else "json", content_type=ctype, max_bytes=limit,
                      max_triples=int(current_app.config["VALIDATE_MAX_TRIPLES"]))
    if html:
        response = Response(render_template(
            "matrix_page.html", title=f"{name} under every code", body=Markup(answer),
            input_format=found), mimetype="text/html")
    else:
        response = jsonify({**answer, "input": found})
    response.headers["Docklaw-Input-Format"] = format_header(found)
    return response


@bp.route("/validate", methods=["POST"])
def validate() -> Response:
    from docklaw.validate.pool import report_job

    limit = int(current_app.config["VALIDATE_MAX_BYTES"])
    data, ctype, name = read_upload(limit)
    found = input_format(data, request.args.get("format"), ctype, name)
    fmt = {label: key for key, (label, _) in FORMAT_NAMES.items()}[str(found["format"])]
    compact = wants_compact()
    against = request.args.get("against") or request.form.get("against")
    if against:
        return validate_against(data, fmt, name, ctype, limit, against, found)
    accept = request.accept_mimetypes
    best = accept.best_match(REPORT_TYPES, default="application/json") if accept else None
    if best == "text/html" and accept["text/html"] > accept["application/json"]:
        form = "report"
    elif best == "text/turtle":
        form = "turtle"
    else:
        form = "json-compact" if compact else "json"
    # parse + validate in a warm worker, killed past VALIDATE_TIMEOUT s: 503, never a held CPU
    answer = budgeted(report_job, data, fmt, name, form=form, plan=form == "report",
                      content_type=ctype, max_bytes=limit,
                      max_triples=int(current_app.config["VALIDATE_MAX_TRIPLES"]),
                      encode={"input": found} if form.startswith("json") else None)
    if form == "report":
        response = Response(report_page(answer, found), mimetype="text/html")
    elif form == "turtle":
        response = Response(answer, mimetype="text/turtle")
    else:  # the body, written in the worker as jsonify would write it
        response = Response(answer, mimetype=current_app.json.mimetype)  # type: ignore[attr-defined]
    response.headers["Docklaw-Input-Format"] = format_header(found)
    return response


def report_page(report: object, found: dict[str, object] | None = None) -> str:
    """The report as a page of this site: its layout, citations linked to local pages."""
    from flask import render_template

    from docklaw.namespaces import jurisdiction_iri
    from docklaw.validate.status import DISCRETION_NOTE
    from docklaw.web.links import href

    groups = []
    for section, items in report._groups():  # type: ignore[attr-defined]
        first = items[0]
        groups.append({"section": section, "href": href(first.section_iri)
                       if first.section_iri else None, "text": first.section_text,
                       "notes": first.section_notes, "results": items})
    needed = [{"section": n.section, "message": n.message, "focus_node": n.focus_node,
               "href": href(n.section_iri) if getattr(n, "section_iri", None) else None}
              for n in report.information_needed]  # type: ignore[attr-defined]
    jid = getattr(report, "jurisdiction", "")
    from docklaw.validate.output.html_report import render_extras

    return render_template(
        "validation_report.html", report=report, groups=groups, needed=needed,
        input_format=found,
        extra=Markup(render_extras(report)),  # plan, variance figures, readings, measurements
        discretion_note=DISCRETION_NOTE if any(
            r.severity != "Violation" for r in report.results) else "",  # type: ignore[attr-defined]
        jurisdiction_href=href(jurisdiction_iri(jid)) if jid else None)
