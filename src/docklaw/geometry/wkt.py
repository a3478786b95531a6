"""GeoSPARQL WKT literals -> shapely geometries in international feet, or a clear error.

A literal is ``"<crs-iri> WKT"`` (GeoSPARQL 1.1). Only the projected CRSs listed in
ontology/terms/geometry.ttl are accepted (distances must be in feet or metres, never degrees);
a literal without a CRS is accepted only when its geometry node says ``dl:surveyFrameInFeet true``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import shapely
from shapely import affinity
from shapely.errors import ShapelyError
from shapely.geometry.base import BaseGeometry
from shapely.validation import explain_validity

from docklaw.errors import InputError
from docklaw.geometry.settings import load

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


def parse_wkt(
    text: str, *, node: str | None = None, survey_frame: bool = False, prop: str | None = None
) -> Parsed:
    """Parse one ``geo:asWKT`` value; every problem is an ``InputError`` naming the node."""
    settings = load()
    crs, body = split_literal(text)
    if crs is None:
        if not survey_frame:
            raise InputError(
                "WKT literal has no CRS, so GeoSPARQL reads it as CRS84 (degrees); give a New York "
                "State Plane CRS IRI (e.g. <http://www.opengis.net/def/crs/EPSG/0/2263>) or mark "
                "the geometry dl:surveyFrameInFeet true",
                node=node,
                prop=prop,
            )
        crs = settings.survey_frame_iri
    if crs in settings.rejected:
        raise InputError(
            f"CRS <{crs}> not accepted: {settings.rejected[crs]}", node=node, prop=prop
        )
    if crs not in settings.accepted:
        accepted = ", ".join(sorted(c.rsplit("/", 1)[-1] for c in settings.accepted))
        raise InputError(
            f"unknown CRS <{crs}>; accepted: EPSG {accepted} (feet or metres) or a survey frame "
            "in feet",
            node=node,
            prop=prop,
        )
    if not body:
        raise InputError("empty WKT literal", node=node, prop=prop)
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
    factor = settings.accepted[crs].to_feet
    if factor != 1.0:
        geom = affinity.scale(geom, xfact=factor, yfact=factor, origin=(0.0, 0.0))
    return Parsed(geom, crs)


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
