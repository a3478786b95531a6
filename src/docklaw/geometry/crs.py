"""Coordinate reference systems: read a drawing in any EPSG CRS (or CRS84), measure it in feet.

Why: county parcel data comes in EPSG:4326 / CRS84 or a NAD83 State Plane in metres, while the
codes measure in feet on the ground. A drawing whose every feature is in one accepted New York
State Plane CRS of the code's own zone (ontology/terms/geometry.ttl, ``dl:AcceptedCRS``) is
measured where it was drawn, as before. Any other drawing is projected into the code's survey
frame (``features.survey_crs`` in its description.toml) with PROJ (pyproj): by the frame's own
map projection applied on the drawing's datum, so no datum transformation is chosen (a choice
PROJ could make differently on a machine with other grids): same input, same measurements
everywhere. Distances within the drawing are then those of the survey frame; absolute positions
may differ from it by the shift between the two datums (a metre or two), which no measurement
reads. Features drawn on different datums are refused: their relative position would depend on
that shift. GeoSPARQL 1.1: a literal without a CRS is CRS84 (longitude, latitude).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry.base import BaseGeometry

from docklaw.errors import DataError, InputError
from docklaw.geometry.settings import GeometrySettings

if TYPE_CHECKING:  # pyproj loads PROJ's database: only when a drawing needs it
    import pyproj

CRS84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84"
EPSG = "http://www.opengis.net/def/crs/EPSG/0/"
_EPSG_IRI = re.compile(r"^https?://www\.opengis\.net/def/crs/EPSG/0/(\d{1,6})$")
#: how far (degrees) a drawing may lie outside the survey frame's area of use (its edge zones)
AREA_MARGIN = 0.25
FOOT = 0.3048  # metres in an international foot (unit:FT)


def short(iri: str, survey_frame: str | None = None) -> str:
    """'EPSG:2263', 'CRS84', or 'a local survey frame in feet'."""
    if iri == survey_frame:
        return "a local survey frame in feet"
    if iri == CRS84:
        return "CRS84"
    m = _EPSG_IRI.match(iri)
    return f"EPSG:{m.group(1)}" if m else f"<{iri}>"


@lru_cache(maxsize=256)
def lookup(iri: str) -> pyproj.CRS:
    """The pyproj CRS an IRI names; ValueError when it names none (the caller says where)."""
    import pyproj
    from pyproj.exceptions import CRSError

    if iri == CRS84:
        return pyproj.CRS.from_user_input("OGC:CRS84")
    m = _EPSG_IRI.match(iri)
    if m is None:
        raise ValueError(f"unknown CRS <{iri}>: give an EPSG CRS "
                         f"(<{EPSG}2263>) or CRS84 (<{CRS84}>)")
    try:
        crs = pyproj.CRS.from_epsg(int(m.group(1)))
    except CRSError:
        raise ValueError(f"unknown CRS <{iri}>: EPSG:{m.group(1)} is not in the EPSG "
                         "registry") from None
    if crs.geodetic_crs is None or not (crs.is_projected or crs.is_geographic) or \
            len(crs.axis_info) < 2:
        raise ValueError(f"CRS <{iri}> ({crs.name}) is not a horizontal CRS (projected or "
                         "geographic); give one a parcel can be drawn in")
    return crs


def describe(iri: str) -> str:
    """'EPSG:2263 (NAD83 / New York Long Island (ftUS))'."""
    try:
        return f"{short(iri)} ({lookup(iri).name})"
    except ValueError:
        return short(iri)


def datum(crs: pyproj.CRS) -> str:
    return crs.geodetic_crs.datum.name if crs.geodetic_crs is not None else crs.name


def northing_first(crs: pyproj.CRS) -> bool:
    """EPSG:4326 and EPSG:4269 list latitude first; CRS84 and the State Planes east first."""
    return crs.axis_info[0].direction.lower() in ("north", "south")


def axis_order(crs: pyproj.CRS) -> str:
    return ", ".join(a.name.lower() for a in crs.axis_info[:2])


def to_xy(geom: BaseGeometry, crs: pyproj.CRS) -> BaseGeometry:
    """The geometry with x = easting / longitude (the axis order of the CRS undone)."""
    if not northing_first(crs):
        return geom
    return shapely.transform(geom, lambda c: c[:, ::-1])


def metres_per_unit(crs: pyproj.CRS) -> float:
    return float(crs.axis_info[0].unit_conversion_factor)


@lru_cache(maxsize=64)
def _projection(source: str, frame: str) -> pyproj.Transformer:
    """Source (x = east) to the frame's projection on the source's datum (x = east)."""
    import pyproj
    from pyproj.crs import ProjectedCRS

    src, dst = lookup(source), lookup(frame)
    target = ProjectedCRS(conversion=dst.coordinate_operation, geodetic_crs=src.geodetic_crs,
                          cartesian_cs=dst.coordinate_system, name=f"{dst.name} on {datum(src)}")
    return pyproj.Transformer.from_crs(src, target, always_xy=True)


@lru_cache(maxsize=64)
def _to_lonlat(source: str) -> pyproj.Transformer:
    """Source (x = east) to longitude, latitude on its own datum."""
    import pyproj

    src = lookup(source)
    return pyproj.Transformer.from_crs(src, src.geodetic_crs, always_xy=True)


def apply(transformer: pyproj.Transformer) -> Callable[[np.ndarray], np.ndarray]:
    """For ``shapely.transform``: (n, 2) coordinates through a PROJ transformer (x = east)."""
    def run(coords: np.ndarray) -> np.ndarray:
        x, y = transformer.transform(coords[:, 0], coords[:, 1], errcheck=True)
        return np.column_stack([x, y])
    return run


def lonlat_bounds(geom: BaseGeometry, source: str) -> tuple[float, float, float, float]:
    """(west, south, east, north) of a geometry drawn in ``source`` (x = east)."""
    crs = lookup(source)
    if crs.is_geographic:
        return geom.bounds
    return shapely.transform(geom, apply(_to_lonlat(source))).bounds


@dataclass
class Frame:
    """The frame a drawing is measured in: an accepted CRS (or the local survey frame)."""

    iri: str
    label: str
    to_feet: float
    zone: str | None = None


@dataclass
class Reader:
    """Every geometry of one drawing, into one measuring frame, in international feet.

    ``sources``: the CRS IRI of each literal of the drawing with the first node drawn in it (a
    literal without CRS is the survey frame if its node says so, else CRS84)."""

    sources: dict[str, str]
    settings: GeometrySettings
    jurisdiction: str
    code_frame: str | None = None
    code_frame_note: str | None = None
    frame: Frame = field(init=False)
    reprojected: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        s = self.settings
        survey = s.survey_frame_iri
        crss = list(self.sources)
        if survey in self.sources and len(crss) > 1:
            other = next(c for c in crss if c != survey)
            raise InputError(
                f"geometry in {describe(other)} but the application is drawn in a local survey "
                "frame in feet, which has no georeference; draw every feature in one CRS",
                node=self.sources[other], jurisdiction=self.jurisdiction)
        for iri in crss:
            if iri in s.rejected:
                raise InputError(f"CRS <{iri}> not accepted: {s.rejected[iri]}",
                                 node=self.sources[iri], jurisdiction=self.jurisdiction)
            if iri != survey and iri not in s.accepted:
                try:
                    lookup(iri)
                except ValueError as exc:
                    raise InputError(str(exc), node=self.sources[iri],
                                     jurisdiction=self.jurisdiction) from None
        if len(crss) == 1 and crss[0] in s.accepted and self.measured_in_place(crss[0]):
            self.frame = self.accepted(crss[0])
            return
        if self.code_frame is None:
            raise InputError(
                f"the drawing is in {', '.join(describe(c) for c in crss)}, which is measured "
                f"only after projecting it into the code's survey frame, and {self.jurisdiction} "
                "names none (features.survey_crs in its description.toml); draw every feature "
                "in one accepted New York State Plane CRS (docs/geometry.md)",
                node=self.sources[crss[0]], jurisdiction=self.jurisdiction)
        datums: dict[str, str] = {}
        for iri in crss:
            datums.setdefault(datum(lookup(iri)), iri)
        if len(datums) > 1:
            names = "; ".join(f"{describe(iri)} on {name}" for name, iri in datums.items())
            raise InputError(
                f"features are drawn on different datums ({names}): their positions relative "
                "to each other would depend on a datum transformation; draw every feature in "
                "one CRS, or in CRSs on one datum",
                node=self.sources[list(datums.values())[1]], jurisdiction=self.jurisdiction)
        self.frame = self.accepted(self.code_frame)
        self.reprojected = True

    def measured_in_place(self, iri: str) -> bool:
        """A State Plane CRS of the code's own zone is measured as drawn (only the unit
        changes); a drawing in another zone is projected into the code's."""
        if iri == self.settings.survey_frame_iri or self.code_frame is None:
            return True
        own = self.settings.accepted.get(self.code_frame)
        crs = self.settings.accepted[iri]
        return own is not None and own.zone is not None and own.zone == crs.zone

    def accepted(self, iri: str) -> Frame:
        crs = self.settings.accepted.get(iri)
        if crs is None:
            raise DataError(f"the survey frame <{iri}> of {self.jurisdiction} is not an accepted "
                            "CRS of ontology/terms/geometry.ttl", source=self.jurisdiction)
        return Frame(iri, crs.label, crs.to_feet, crs.zone)

    # ---- one geometry ----------------------------------------------------------------
    def to_feet(self, geom: BaseGeometry, source: str, node: str | None = None,
                prop: str | None = None) -> BaseGeometry:
        """``geom`` (native coordinates of ``source``) in the frame, in international feet."""
        if source == self.frame.iri or not self.reprojected:
            return _scaled(geom, self.frame.to_feet)
        crs = lookup(source)
        xy = to_xy(geom, crs)
        if crs.is_geographic:
            west, south, east, north = xy.bounds
            if not (-180 <= west <= east <= 180 and -90 <= south <= north <= 90):
                raise InputError(
                    f"coordinates of {describe(source)} must be degrees (longitude -180..180, "
                    f"latitude -90..90; {axis_order(crs)}), found x {west:g}..{east:g}, "
                    f"y {south:g}..{north:g}; a literal without a CRS is CRS84 (GeoSPARQL "
                    "1.1): for feet in a local survey frame mark the geometry "
                    "dl:surveyFrameInFeet true", node=node, prop=prop,
                    jurisdiction=self.jurisdiction)
        self.check_area(xy, source, node, prop)
        try:
            projected = shapely.transform(xy, apply(_projection(source, self.frame.iri)))
        except Exception as exc:  # PROJ refuses a point it cannot project
            raise InputError(f"cannot project the geometry from {describe(source)} into "
                             f"{describe(self.frame.iri)}: {exc}", node=node, prop=prop,
                             jurisdiction=self.jurisdiction) from None
        if not all(math.isfinite(v) for v in projected.bounds):
            raise InputError(f"the geometry does not project from {describe(source)} into "
                             f"{describe(self.frame.iri)}", node=node, prop=prop,
                             jurisdiction=self.jurisdiction)
        if not projected.is_valid:
            raise InputError(f"the geometry is no longer valid once projected from "
                             f"{describe(source)} into {describe(self.frame.iri)} (draw it in "
                             "the survey frame)", node=node, prop=prop,
                             jurisdiction=self.jurisdiction)
        return _scaled(projected, self.frame.to_feet)

    def check_area(self, xy: BaseGeometry, source: str, node: str | None,
                   prop: str | None) -> None:
        """The drawing must lie where the survey frame is defined: catches a wrong CRS and
        swapped axes (EPSG:4326 lists latitude first)."""
        area = lookup(self.frame.iri).area_of_use
        if area is None:
            return
        west, south, east, north = lonlat_bounds(xy, source)
        m = AREA_MARGIN
        if west < area.west - m or east > area.east + m or south < area.south - m or \
                north > area.north + m:
            crs = lookup(source)
            hint = (" (a literal without a CRS is CRS84 under GeoSPARQL 1.1: for feet in a local "
                    "survey frame mark the geometry dl:surveyFrameInFeet true)"
                    if source == CRS84 else "")
            raise InputError(
                f"the geometry in {describe(source)}{'; degrees' if crs.is_geographic else ''} "
                f"lies at longitude {west:.4f}..{east:.4f}, latitude {south:.4f}..{north:.4f}, "
                f"outside the area of use of {describe(self.frame.iri)}, the code's survey "
                f"frame (longitude {area.west:g}..{area.east:g}, latitude "
                f"{area.south:g}..{area.north:g}); check the CRS and its axis order "
                f"({short(source)}: {axis_order(crs)}){hint}",
                node=node, prop=prop, jurisdiction=self.jurisdiction)

    # ---- what the report says ----------------------------------------------------------
    def statement(self) -> str:
        """Which CRS was read and how it was converted, in words (every drawn measurement)."""
        survey = self.settings.survey_frame_iri
        parts = []
        for iri in self.sources:
            if iri == survey:
                parts.append("drawn in a local survey frame in international feet; measured "
                             "as drawn")
            elif iri == self.frame.iri or not self.reprojected:
                parts.append(f"drawn in {describe(iri)}; measured in it, coordinates "
                             f"× {self.frame.to_feet:.6f} to international feet")
            else:
                parts.append(self.reprojection(iri))
        return "; ".join(parts)

    def reprojection(self, iri: str) -> str:
        import pyproj

        src, dst = lookup(iri), lookup(self.frame.iri)
        same = datum(src) == datum(dst)
        where = f"the survey frame of {self.jurisdiction}"
        if self.code_frame_note:
            where += f" ({self.code_frame_note})"
        shift = ("" if same else
                 f"; no datum shift ({datum(src)} to {datum(dst)}): distances are those of "
                 f"{short(self.frame.iri)}, absolute positions may differ from it by the shift "
                 "between the datums")
        return (f"drawn in {describe(iri)} (axes {axis_order(src)}); projected with PROJ "
                f"{pyproj.proj_version_str} into {describe(self.frame.iri)}, {where}, by "
                f"its map projection ({dst.coordinate_operation.name}) on the drawing's datum "
                f"{datum(src)}{shift}; coordinates × {self.frame.to_feet:.6f} to international "
                "feet")


def _scaled(geom: BaseGeometry, factor: float) -> BaseGeometry:
    if factor == 1.0:
        return geom
    return affinity.scale(geom, xfact=factor, yfact=factor, origin=(0.0, 0.0))


# --------------------------------------------------------------------------- SPARQL helpers


def feet_per_unit(iri: str, settings: GeometrySettings) -> float:
    """International feet per coordinate unit of a projected CRS (or the survey frame)."""
    if iri in settings.accepted:
        return settings.accepted[iri].to_feet
    return metres_per_unit(lookup(iri)) / FOOT


def reproject(geom: BaseGeometry, source: str, target: str) -> BaseGeometry:
    """Native coordinates of ``source`` into native coordinates of ``target`` (PROJ's best
    transformation; used by the SPARQL functions only, where no verdict depends on it)."""
    import pyproj

    src, dst = lookup(source), lookup(target)
    t = pyproj.Transformer.from_crs(src, dst, always_xy=True)
    moved = shapely.transform(to_xy(geom, src), apply(t))
    return to_xy(moved, dst)  # back to the target's own axis order


def geodesic_distance(a: BaseGeometry, b: BaseGeometry, iri: str) -> float:
    """Least distance in metres between two geometries in a geographic CRS: the nearest points
    are found in an azimuthal equidistant projection centred between them, then measured on the
    ellipsoid (a geodesic)."""
    import pyproj
    from shapely.ops import nearest_points

    crs = lookup(iri)
    a, b = to_xy(a, crs), to_xy(b, crs)
    if a.intersects(b):
        return 0.0
    mid = a.union(b).centroid
    local = pyproj.CRS.from_proj4(f"+proj=aeqd +lat_0={mid.y} +lon_0={mid.x} +units=m "
                                  f"+ellps={_ellipsoid(crs)}")
    there = pyproj.Transformer.from_crs(crs.geodetic_crs, local, always_xy=True)
    back = pyproj.Transformer.from_crs(local, crs.geodetic_crs, always_xy=True)
    pa, pb = nearest_points(shapely.transform(a, apply(there)),
                            shapely.transform(b, apply(there)))
    (lon1, lat1), (lon2, lat2) = back.transform(pa.x, pa.y), back.transform(pb.x, pb.y)
    geod = crs.get_geod() or pyproj.Geod(ellps="WGS84")
    return float(geod.inv(lon1, lat1, lon2, lat2)[2])


def _ellipsoid(crs: pyproj.CRS) -> str:
    name = crs.ellipsoid.name if crs.ellipsoid is not None else ""
    return "GRS80" if "GRS 1980" in name else "WGS84"


def geodesic_area(geom: BaseGeometry, iri: str) -> float:
    """Area in square metres on the ellipsoid."""
    import pyproj

    crs = lookup(iri)
    geod = crs.get_geod() or pyproj.Geod(ellps="WGS84")
    return abs(float(geod.geometry_area_perimeter(to_xy(geom, crs))[0]))


def geodesic_length(geom: BaseGeometry, iri: str) -> float:
    """Length in metres on the ellipsoid (a polygon's perimeter)."""
    import pyproj

    crs = lookup(iri)
    geod = crs.get_geod() or pyproj.Geod(ellps="WGS84")
    g = to_xy(geom, crs)
    if g.geom_type in ("Polygon", "MultiPolygon"):
        return float(geod.geometry_area_perimeter(g)[1])
    return float(geod.geometry_length(g))


def geodesic_buffer(geom: BaseGeometry, metres: float, iri: str) -> BaseGeometry:
    """The geometry grown by ``metres`` on the ground, back in the CRS's own coordinates."""
    import pyproj

    crs = lookup(iri)
    xy = to_xy(geom, crs)
    c = xy.centroid
    local = pyproj.CRS.from_proj4(f"+proj=aeqd +lat_0={c.y} +lon_0={c.x} +units=m "
                                  f"+ellps={_ellipsoid(crs)}")
    there = pyproj.Transformer.from_crs(crs.geodetic_crs, local, always_xy=True)
    back = pyproj.Transformer.from_crs(local, crs.geodetic_crs, always_xy=True)
    grown = shapely.transform(xy, apply(there)).buffer(metres)
    return to_xy(shapely.transform(grown, apply(back)), crs)
