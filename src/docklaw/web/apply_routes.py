"""``/apply``: a permit application form generated from the law, validated as it is filled.

The applicant picks the code, the kind of work and the structures; the page asks the facts that
code's rules read for them (``docklaw.apply.spec``), builds the application graph
(``docklaw.apply.build``) and validates it as ``POST /validate`` does (same limits, same budget).
Without JavaScript every button submits the form and the page answers with the verdict; with
``static/apply.js`` each change is checked through ``POST /apply/check`` (JSON). ``POST
/apply/download?format=ttl|jsonld`` gives the application ``docklaw validate`` decides the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask import Blueprint, Response, current_app, jsonify, render_template, request

from docklaw import jurisdictions
from docklaw.apply.build import SITE_FEATURES, Built, FormState, Structure, alone, build, read_form
from docklaw.apply.spec import APPLICATION, BOAT, PARCEL, Spec, build_spec
from docklaw.errors import InputError, PayloadTooLarge

bp = Blueprint("apply", __name__)

HEADLINES = {"conforms": "conforms", "violates": "does not conform",
             "incomplete": "incomplete: information needed to decide"}
PROPERTY = re.compile(r"\b(dl:[A-Za-z][A-Za-z0-9]*)")
FORMATS = {"ttl": ("text/turtle", "ttl"), "jsonld": ("application/ld+json", "jsonld")}


def spec_for(jid: str) -> Spec:
    """The form of one code, generated once per process."""
    from docklaw.law.snapshot import get_prepared

    cache = current_app.extensions.setdefault("docklaw-apply", {})
    if jid not in cache:
        cache[jid] = build_spec(get_prepared(), jid)
    return cache[jid]  # type: ignore[no-any-return]


def element_id(subject: str, prop: str) -> str:
    """The HTML id of a field ('f-s1-boat-width')."""
    return "f-" + subject.replace(".", "-") + "-" + prop.split(":", 1)[-1]


def read_state() -> FormState:
    limit = int(current_app.config["VALIDATE_MAX_BYTES"])
    if request.content_length is not None and request.content_length > limit:
        raise PayloadTooLarge(f"request body is {request.content_length} bytes; the limit is "
                              f"{limit} bytes")
    state = read_form(request.form) if request.method == "POST" else FormState(
        code=request.args.get("code", ""))
    code = jurisdictions.find(state.code) if state.code else None
    state.code = code.id if code is not None else jurisdictions.ids()[0]
    return state


def apply_action(state: FormState) -> list[str]:
    """The button pressed (add or remove a structure, upload a drawing); notes for the page."""
    action = request.form.get("action", "")
    notes: list[str] = []
    if action == "add":
        cls = request.form.get("add.class", "").strip()
        if cls:
            number = max((s.number for s in state.structures), default=0) + 1
            part = request.form.get("add.partof", "").strip()
            state.structures.append(Structure(number, cls, request.form.get(
                "add.name", "").strip()[:60], int(part) if part.isdigit() else None))
    elif action.startswith("remove."):
        number = int(action.split(".", 1)[1]) if action.split(".", 1)[1].isdigit() else -1
        state.structures = [s for s in state.structures if s.number != number]
        for s in state.structures:
            if s.part_of == number:
                s.part_of = None
    upload = request.files.get("drawing")
    if upload is not None and upload.filename:
        from docklaw.apply.drawing import split_upload

        limit = int(current_app.config["VALIDATE_MAX_BYTES"])
        data = upload.stream.read(limit + 1)
        if len(data) > limit:
            raise PayloadTooLarge(f"the drawing exceeds the limit of {limit} bytes")
        names = {}
        for s in state.structures:
            names[s.key] = s.key
            names[str(s.number)] = s.key
            if s.name:
                names[s.name] = s.key
            names[s.local] = s.key
        placed, unplaced = split_upload(data, names)
        state.drawing.update(placed)
        notes.append(f"drawing {upload.filename}: {len(placed)} feature(s) placed"
                     + (f"; not placed (name them parcel, mhw, mlw, lot1, lot2, nbr1, nbr2, "
                        f"channel, outlet or a structure's name): {', '.join(unplaced)}"
                        if unplaced else ""))
    return notes


@dataclass
class Checked:
    """The page's verdict: the report (or the input error that stopped it) and the fields."""

    built: Built
    report: object | None = None
    error: str | None = None


def check(state: FormState, spec: Spec) -> Checked:
    """Build and validate, as POST /validate does (limits, budget, a warm worker)."""
    from docklaw.apply.build import serialize
    from docklaw.validate.pool import report_job
    from docklaw.web.validate_routes import budgeted

    built = build(state, spec)
    result = Checked(built)
    if not state.structures:
        return result
    try:
        result.report = budgeted(
            report_job, serialize(built.graph, "ttl"), "turtle", f"{state.slug}.ttl",
            form="report", plan=False,
            max_bytes=int(current_app.config["VALIDATE_MAX_BYTES"]),
            max_triples=int(current_app.config["VALIDATE_MAX_TRIPLES"]))
    except InputError as exc:
        result.error = exc.message
    return result


def subject_of(built: Built) -> dict[str, str]:
    """Node IRI -> the form's subject key (a boat at a structure: '<key>.boat')."""
    out = {str(node): key for key, node in built.nodes.items()}
    for key, node in built.nodes.items():
        out.setdefault(str(node) + "-boat", f"{key}.{BOAT}")
    from docklaw.namespaces import DL

    for boat, structure in built.graph.subject_objects(DL.mooredAt):
        key = out.get(str(structure))
        if key is not None:
            out[str(boat)] = f"{key}.{BOAT}"
    return out


def verdict(checked: Checked, state: FormState) -> dict[str, object]:
    """The verdict as the page and apply.js show it (JSON-ready)."""
    from docklaw.web.links import href

    errors = {key: msg for key, msg in checked.built.errors.items()}
    out: dict[str, object] = {"status": None, "headline": "", "summary": "", "violations": [],
                              "needed": [], "warnings": [], "findings": [], "errors": errors,
                              "error": checked.error}
    report = checked.report
    if report is None:
        out["headline"] = ("add a structure to check the application" if not state.structures
                           else "the application could not be checked")
        return out
    status = report.status  # type: ignore[attr-defined]
    out["status"] = status
    out["headline"] = HEADLINES.get(status, status)
    out["summary"] = report.summary()  # type: ignore[attr-defined]
    subjects = subject_of(checked.built)
    variances = {(v.focus_node, v.rule): v for v in report.variances}  # type: ignore[attr-defined]
    for r in report.results:  # type: ignore[attr-defined]
        item = {"section": r.section, "href": href(r.section_iri) if r.section_iri else None,
                "text": r.section_text, "message": r.message,
                "on": _short(r.focus_node), "relief": r.relief,
                "relief_authority": r.relief_authority}
        if r.severity == "Violation":
            v = variances.get((r.focus_node, r.rule))
            if v is not None:  # how far off, and the nearest value that conforms
                item["off"] = {"value": v.value_shown, "limit": v.limit_shown,
                               "excess": v.excess_shown, "percent": v.percent_shown,
                               "nearest": v.nearest_shown, "direction": v.direction}
            out["violations"].append(item)  # type: ignore[union-attr]
        elif r.finding:
            out["findings"].append(item)  # type: ignore[union-attr]
        elif r.severity == "Warning":
            out["warnings"].append(item)  # type: ignore[union-attr]
    for n in report.information_needed:  # type: ignore[attr-defined]
        subject = subjects.get(n.focus_node)
        m = PROPERTY.search(n.message)
        out["needed"].append({  # type: ignore[union-attr]
            "section": n.section, "href": href(n.section_iri) if n.section_iri else None,
            "message": n.message, "on": _short(n.focus_node),
            "field": element_id(subject, m.group(1)) if subject and m else None})
    return out


def _short(node: str) -> str:
    return node.rsplit("#", 1)[-1] if "#" in node else node


def fields_of(spec: Spec, state: FormState) -> list[dict[str, object]]:
    """The form's groups of fields: the application, the parcel, each structure."""
    kinds = {k.iri: k for k in spec.kinds}
    groups: list[dict[str, object]] = [
        {"subject": APPLICATION, "title": "The application", "fields": spec.application},
        {"subject": PARCEL, "title": "The parcel", "fields": spec.parcel}]
    for s in state.structures:
        kind = kinds.get(s.cls)
        fields = spec.structure_fields(s.cls, alone(spec, state, s))
        parent = state.structure(s.part_of) if s.part_of is not None else None
        groups.append({
            "subject": s.key, "structure": s,
            "title": f"{s.name or s.key}: {kind.label if kind else s.cls}"
                     + (f", part of {parent.name or parent.key}" if parent else ""),
            "fields": [f for f in fields if f.on != BOAT],
            "boat": [f for f in fields if f.on == BOAT]})
    return groups


def page(state: FormState, notes: list[str], checked: Checked | None) -> str:
    spec = spec_for(state.code)
    checked = checked or Checked(build(state, spec))
    return render_template(
        "apply.html", spec=spec, state=state, groups=fields_of(spec, state),
        findings=spec.structure_findings([s.cls for s in state.structures]),
        site=SITE_FEATURES, verdict=verdict(checked, state), notes=notes,
        codes=jurisdictions.all(), element_id=element_id, BOAT=BOAT)


@bp.route("/apply", methods=["GET", "POST"])
def apply_page() -> str | tuple[str, int]:
    state = read_state()
    try:
        notes = apply_action(state) if request.method == "POST" else []
    except InputError as exc:
        notes = [exc.message]
    checked = check(state, spec_for(state.code)) if request.method == "POST" else None
    return page(state, notes, checked)


@bp.route("/apply/check", methods=["POST"])
def apply_check() -> Response:
    """The verdict of the form as it stands (apply.js calls this on every change)."""
    state = read_state()
    return jsonify(verdict(check(state, spec_for(state.code)), state))


@bp.route("/apply/download", methods=["POST"])
def apply_download() -> Response:
    """The application the form describes, as Turtle or JSON-LD (attachment)."""
    from docklaw.apply.build import serialize

    fmt = request.args.get("format") or request.form.get("format") or "ttl"
    if fmt not in FORMATS:
        raise InputError(f"format takes ttl or jsonld (got {fmt!r})")
    state = read_state()
    built = build(state, spec_for(state.code))
    mimetype, ext = FORMATS[fmt]
    return Response(serialize(built.graph, fmt), mimetype=mimetype, headers={
        "Content-Disposition": f'attachment; filename="{state.slug}.{ext}"'})

