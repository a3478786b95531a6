"""``/envelope``: the largest dock each code allows on a parcel (``docklaw.envelope``), as a
page, JSON or tidy CSV; the compare page shows the same section with the parcel as a form.

The figures take a few dozen validations per code, so each parcel's answer is kept for the
life of the process (a small LRU: the law does not change while the app runs).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from flask import Blueprint, Response, render_template, request, url_for

from docklaw.envelope.defaults import DEFAULTS
from docklaw.envelope.parcel import Parcel
from docklaw.envelope.render import (
    STATUS_WORDS,
    bound_text,
    parcel_text,
    to_csv,
    to_json,
    value_text,
)
from docklaw.envelope.search import QUANTITIES, CodeEnvelope, envelopes
from docklaw.envelope.svg import chart_svg, sketches
from docklaw.errors import InputError
from docklaw.web.links import href
from docklaw.web.negotiation import wants_html

bp = Blueprint("envelope", __name__)

#: query parameter -> (Parcel field, type)
FIELDS: dict[str, tuple[str, type]] = {
    "frontage": ("frontage", float), "land-use": ("land_use", str), "slope": ("slope", float),
    "tidal-range": ("tidal_range", float), "navigable-depth": ("navigable_depth", float),
    "channel-distance": ("channel_distance", float),
    "outlet-distance": ("outlet_distance", float),
}
_cache: OrderedDict[Parcel, list[CodeEnvelope]] = OrderedDict()
_lock = threading.Lock()
#: one envelope is computed at a time per process (each is a few hundred validations): a burst
#: of parcels queues instead of taking every core
_compute = threading.Lock()
KEEP = 16


def requested() -> bool:
    """A parcel was asked for (any parcel parameter, or ``envelope=1``)."""
    return bool(request.args.get("envelope")) or any(k in request.args for k in FIELDS)


def parcel_from_request() -> Parcel:
    values: dict[str, Any] = {}
    for name, (field, kind) in FIELDS.items():
        raw = request.args.get(name, "").strip()
        if not raw:
            continue
        try:
            values[field] = kind(raw)
        except ValueError:
            raise InputError(f"{name} must be a number, got {raw!r}") from None
    values["steep_slope"] = request.args.get("steep-slope") in ("1", "true", "on", "yes")
    return Parcel(**values).checked()


def computed(parcel: Parcel) -> list[CodeEnvelope]:
    with _lock:
        if parcel in _cache:
            _cache.move_to_end(parcel)
            return _cache[parcel]
    with _compute:
        with _lock:
            if parcel in _cache:
                return _cache[parcel]
        codes = envelopes(parcel)
    with _lock:
        _cache[parcel] = codes
        while len(_cache) > KEEP:
            _cache.popitem(last=False)
    return codes


def section_context(parcel: Parcel, codes: list[CodeEnvelope] | None) -> dict[str, object]:
    """What the envelope section of a page needs (the form always; figures when computed)."""
    ctx: dict[str, object] = {"parcel": parcel, "defaults": DEFAULTS,
                              "parcel_text": parcel_text(parcel), "codes": codes}
    if codes:
        rows = []
        for q in QUANTITIES:
            cells = []
            for env in codes:
                fig = env.figures[q.key]
                cells.append({"value": value_text(fig), "bound": fig.bound,
                              "status": STATUS_WORDS.get(fig.status, fig.status),
                              "why": bound_text(fig),
                              "links": [{"text": b.section, "href": href(b.section_iri)}
                                        for b in fig.binding if b.section_iri],
                              "needed": sorted({s for s, _ in fig.needed if s})})
            rows.append({"label": q.label + (" (smallest allowed)" if q.direction == "min"
                                             else ""),
                         "note": q.note, "cells": cells})
        args = {k: v for k, v in request.args.items() if k in FIELDS or k == "steep-slope"}
        ctx.update(rows=rows, chart=chart_svg(codes), sketches=sketches(parcel, codes),
                   downloads=[(name.upper(), url_for("envelope.envelope_page", format=name,
                                                     **args)) for name in ("json", "csv")])
    return ctx


@bp.route("/envelope")
def envelope_page() -> Response | str:
    parcel = parcel_from_request()
    short = (request.args.get("format") or "").lower()
    if short not in ("", "html", "json", "csv"):
        raise InputError(f"format {short!r} is not available here: html, json or csv",
                         http_status=406)
    if short == "csv":
        return Response(to_csv(computed(parcel)), mimetype="text/csv")
    if short == "json" or (not short and not wants_html()):
        return Response(to_json(parcel, computed(parcel)), mimetype="application/json")
    return render_template("envelope.html", **section_context(parcel, computed(parcel)))
