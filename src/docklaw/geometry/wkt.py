"""GeoSPARQL WKT literals -> shapely geometries, or a clear error.

A literal is ``"<crs-iri> WKT"`` (GeoSPARQL 1.1). ``read_literal`` gives the geometry in the
literal's own coordinates and its CRS: a literal without a CRS is CRS84 (GeoSPARQL 1.1), or the
local survey frame in feet when its geometry node says ``dl:surveyFrameInFeet true``.
``docklaw.geometry.crs`` brings it into feet (the drawing's measuring frame).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import shapely
from shapely.errors import ShapelyError
from shapely.geometry.base import BaseGeometry
from shapely.validation import explain_validity

from docklaw.errors import InputError
from docklaw.geometry.settings import load

CRS84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84"
_CRS_PREFIX = re.compile(r"^\s*<([^>]*)>\s*(.*)$", re.DOTALL)


@dataclass(frozen=True)
class Parsed:
    """A geometry in feet and the CRS it was drawn in (two geometries compare only within one)."""

    geom: BaseGeometry
    crs: str


def split_literal(text: str) -> tuple[str | None, str]:
    """Separate the optional leading ``<crs>`` from the WKT body."""
    m = _CRS_PREFIX.match(text)
    if m:
        return m.group(1).strip(), m.group(2).strip()
    return None, text.strip()


def literal_crs(text: str, survey_frame: bool = False) -> str:
    """The CRS IRI of a literal: its own, else the survey frame (flagged) or CRS84."""
    crs, _ = split_literal(text)
    if crs is not None:
        return crs
    return load().survey_frame_iri if survey_frame else CRS84


def read_literal(
    text: str, *, node: str | None = None, survey_frame: bool = False, prop: str | None = None
) -> Parsed:
    """One ``geo:asWKT`` value in its own coordinates (not scaled) with its CRS IRI."""
    crs = literal_crs(text, survey_frame)
    return Parsed(read_body(split_literal(text)[1], node=node, prop=prop), crs)


def read_body(body: str, *, node: str | None = None, prop: str | None = None) -> BaseGeometry:
    """The WKT text (without CRS) as a valid 2D shapely geometry, or an InputError."""
    if not body:
        raise InputError("empty WKT literal", node=node, prop=prop)
    settings = load()
    check_bounds(body, settings.max_nesting, settings.max_coordinate, node=node, prop=prop)
    try:
        geom = shapely.from_wkt(body)
    except (ShapelyError, ValueError) as exc:
        raise InputError(
            f"unparseable WKT ({_first_line(exc)}): {body[:80]!r}", node=node, prop=prop
        ) from None
    if geom is None or geom.is_empty:
        raise InputError(f"empty geometry: {body[:80]!r}", node=node, prop=prop)
    if geom.has_z:
        geom = shapely.force_2d(geom)
    if not geom.is_valid:
        raise InputError(f"invalid geometry ({explain_validity(geom)})", node=node, prop=prop)
    if geom.geom_type in ("LineString", "MultiLineString") and not geom.is_simple:
        raise InputError("self-intersecting line", node=node, prop=prop)
    return geom


_PARENS = re.compile(r"[()]")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|(?i:nan|inf(?:inity)?)")


def check_bounds(body: str, max_nesting: int, max_coordinate: float, *,
                 node: str | None = None, prop: str | None = None) -> None:
    """Refuse, before shapely reads it, a WKT body nested deeper than ``max_nesting`` (30,000
    nested GEOMETRYCOLLECTIONs overflowed the library's stack: a segfault, no message) or
    with a coordinate beyond ``max_coordinate`` or not finite (1e308 overflowed its
    arithmetic)."""
    depth = deepest = 0
    for match in _PARENS.finditer(body):
        depth += 1 if match.group() == "(" else -1
        if depth > deepest:
            deepest = depth
            if deepest > max_nesting:
                raise InputError(
                    f"WKT nested more than {max_nesting} levels deep (parentheses); a drawing "
                    "needs at most a collection of multipolygons: flatten it",
                    node=node, prop=prop)
    for match in _NUMBER.finditer(body):
        token = match.group()
        try:
            value = float(token)
        except ValueError:
            continue
        if not math.isfinite(value) or abs(value) > max_coordinate:
            shown = token if len(token) <= 30 else token[:30] + "…"
            raise InputError(
                f"WKT coordinate {shown} is beyond {max_coordinate:g} (the largest magnitude "
                "a coordinate of an accepted CRS may have) or not a number",
                node=node, prop=prop)


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
