"""``POST /validate``: an application in any RDF syntax -> the validation report.

The body's Content-Type picks the syntax (or a file uploaded from the page's form, by its
name). The size cap is checked against Content-Length before the body is read.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request

from docklaw.errors import InputError, PayloadTooLarge

bp = Blueprint("validate", __name__)

REPORT_TYPES = ("application/json", "text/turtle", "text/html")


def read_upload(limit: int) -> tuple[bytes, str | None, str]:
    """The application bytes, its content type (None: by file name) and its name."""
    length = request.content_length
    if length is not None and length > limit:
        raise PayloadTooLarge(f"request body is {length} bytes; the limit is {limit} bytes")
    if request.mimetype == "multipart/form-data":
        upload = request.files.get("application")
        if upload is None or not upload.filename:
            raise InputError("choose an application file to upload (form field 'application')")
        data = upload.stream.read(limit + 1)
        if len(data) > limit:
            raise PayloadTooLarge(f"uploaded file exceeds the limit of {limit} bytes")
        ctype = upload.mimetype if upload.mimetype not in ("", "application/octet-stream") \
            else None
        return data, ctype, upload.filename
    if not request.mimetype:
        raise InputError("give the application's Content-Type (text/turtle, "
                         "application/n-triples, application/ld+json, application/rdf+xml)",
                         http_status=415)
    data = request.stream.read(limit + 1)
    if len(data) > limit:
        raise PayloadTooLarge(f"request body exceeds the limit of {limit} bytes")
    return data, request.content_type, request.args.get("name", "<upload>")


@bp.route("/validate", methods=["POST"])
def validate() -> Response:
    from docklaw.validate.api import validate_bytes_within

    limit = int(current_app.config["VALIDATE_MAX_BYTES"])
    data, ctype, name = read_upload(limit)
    fmt = request.args.get("format")
    # parse + validate in a child killed after VALIDATE_TIMEOUT s: 503, never a held CPU
    report = validate_bytes_within(
        data, fmt, name, content_type=ctype, max_bytes=limit,
        max_triples=int(current_app.config["VALIDATE_MAX_TRIPLES"]),
        timeout=current_app.config.get("VALIDATE_TIMEOUT"), warm=True)
    accept = request.accept_mimetypes
    best = accept.best_match(REPORT_TYPES, default="application/json") if accept else None
    if best == "text/html" and accept["text/html"] > accept["application/json"]:
        return Response(report.to_html(), mimetype="text/html")
    if best == "text/turtle":
        return Response(report.to_turtle(), mimetype="text/turtle")
    return jsonify(report.to_json())
