"""GeoSPARQL functions for rdflib's SPARQL engine, computed with shapely and PROJ (pyproj).

``register()`` adds geof:distance, geof:sfIntersects, geof:sfWithin, geof:sfContains,
geof:buffer, geof:area and geof:length (GeoSPARQL 1.1). A literal names its CRS (any EPSG CRS, or
CRS84); a literal without one is CRS84 (GeoSPARQL 1.1, longitude and latitude in degrees).
Two literals in different CRSs are compared after projecting the second into the first's CRS.
In a projected CRS (or the local survey frame) distances, areas and lengths are planar, in the
CRS's unit converted; in a geographic CRS they are geodesic, on the CRS's ellipsoid (the least
distance between the nearest points, found in an azimuthal equidistant projection centred
between the geometries). Results are in the unit asked for (unit:FT by default, unit:M,
unit:FT_US, unit:FT2, unit:M2, or the OGC uom IRIs). A bad argument raises a SPARQL error, so a
FILTER is false and a BIND is unbound.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass

from rdflib import Literal, URIRef
from rdflib.namespace import XSD
from rdflib.plugins.sparql.operators import register_custom_function, unregister_custom_function
from rdflib.plugins.sparql.sparql import SPARQLError
from shapely.geometry.base import BaseGeometry

from docklaw.errors import InputError
from docklaw.geometry import crs as crs_module
from docklaw.geometry.settings import load
from docklaw.geometry.wkt import read_literal
from docklaw.namespaces import GEO, GEOF, UNIT

UOM = "http://www.opengis.net/def/uom/OGC/1.0/"
#: Feet per unit of a distance unit IRI.
LENGTH_UNITS: dict[str, float] = {
    str(UNIT.FT): 1.0,
    UOM + "foot": 1.0,
    str(UNIT.M): 1 / 0.3048,
    UOM + "metre": 1 / 0.3048,
    str(UNIT.FT_US): 1200 / 3937 / 0.3048,
    UOM + "US_survey_foot": 1200 / 3937 / 0.3048,
}
AREA_UNITS: dict[str, float] = {
    str(UNIT.FT2): 1.0,
    str(UNIT.M2): (1 / 0.3048) ** 2,
    UOM + "square_metre": (1 / 0.3048) ** 2,
}
FEET_PER_METRE = 1 / 0.3048


@dataclass(frozen=True)
class Geom:
    """A literal's geometry in its own coordinates, its CRS IRI and whether that is geographic."""

    geom: BaseGeometry
    crs: str
    geographic: bool


def _geom(arg: object) -> Geom:
    if not isinstance(arg, Literal):
        raise SPARQLError(f"expected a geo:wktLiteral, got {arg!r}")
    try:
        raw = read_literal(str(arg))
    except InputError as exc:
        raise SPARQLError(exc.message) from None
    if raw.crs == load().survey_frame_iri:
        return Geom(raw.geom, raw.crs, False)
    try:
        found = crs_module.lookup(raw.crs)
    except ValueError as exc:
        raise SPARQLError(str(exc)) from None
    if found.is_geographic:
        west, south, east, north = crs_module.to_xy(raw.geom, found).bounds
        if not (-180 <= west <= east <= 180 and -90 <= south <= north <= 90):
            raise SPARQLError(f"coordinates of {crs_module.short(raw.crs)} are not degrees "
                              f"(longitude -180..180, latitude -90..90)")
    return Geom(raw.geom, raw.crs, bool(found.is_geographic))


def _pair(a: object, b: object) -> tuple[Geom, Geom]:
    """Both geometries in the first one's CRS (the second projected if it is in another)."""
    ga, gb = _geom(a), _geom(b)
    if ga.crs == gb.crs:
        return ga, gb
    survey = load().survey_frame_iri
    if survey in (ga.crs, gb.crs):
        raise SPARQLError("a local survey frame has no georeference: it compares only with "
                          "another literal in the survey frame")
    try:
        moved = crs_module.reproject(gb.geom, gb.crs, ga.crs)
    except Exception as exc:  # PROJ could not transform: an error, never a crash
        raise SPARQLError(f"cannot project {crs_module.short(gb.crs)} into "
                          f"{crs_module.short(ga.crs)}: {exc}") from None
    return ga, Geom(moved, ga.crs, ga.geographic)


def _factor(unit: object, table: dict[str, float]) -> float:
    if unit is None:
        return 1.0
    if str(unit) not in table:
        raise SPARQLError(f"unsupported unit <{unit}>; use one of {sorted(table)}")
    return table[str(unit)]


def _feet(g: Geom) -> float:
    """International feet per coordinate unit of a projected literal."""
    return crs_module.feet_per_unit(g.crs, load())


def distance(a: Literal, b: Literal, unit: URIRef | None = None) -> Literal:
    """geof:distance: least distance between two geometries, in unit (feet by default); on a
    geographic CRS, geodesic."""
    ga, gb = _pair(a, b)
    factor = _factor(unit, LENGTH_UNITS)
    if ga.geographic:
        feet = crs_module.geodesic_distance(ga.geom, gb.geom, ga.crs) * FEET_PER_METRE
    else:
        feet = ga.geom.distance(gb.geom) * _feet(ga)
    return Literal(feet / factor, datatype=XSD.double)


def _topology(a: Literal, b: Literal) -> tuple[BaseGeometry, BaseGeometry]:
    ga, gb = _pair(a, b)
    if ga.geographic:  # one axis order for both (EPSG:4326 lists latitude first)
        found = crs_module.lookup(ga.crs)
        return crs_module.to_xy(ga.geom, found), crs_module.to_xy(gb.geom, found)
    return ga.geom, gb.geom


def sf_intersects(a: Literal, b: Literal) -> Literal:
    x, y = _topology(a, b)
    return Literal(x.intersects(y))


def sf_within(a: Literal, b: Literal) -> Literal:
    x, y = _topology(a, b)
    return Literal(x.within(y))


def sf_contains(a: Literal, b: Literal) -> Literal:
    x, y = _topology(a, b)
    return Literal(x.contains(y))


def buffer(a: Literal, radius: Literal, unit: URIRef | None = None) -> Literal:
    """geof:buffer: the geometry grown by radius (in unit), as a WKT literal in the input CRS
    (on a geographic CRS grown on the ground)."""
    g = _geom(a)
    try:
        feet = float(radius.toPython()) * _factor(unit, LENGTH_UNITS)
    except (TypeError, ValueError, AttributeError):
        raise SPARQLError(f"buffer radius must be a number, got {radius!r}") from None
    if g.geographic:
        grown = crs_module.geodesic_buffer(g.geom, feet / FEET_PER_METRE, g.crs)
    else:
        grown = g.geom.buffer(feet / _feet(g))
    return Literal(f"<{g.crs}> {grown.wkt}", datatype=GEO.wktLiteral)


def area(a: Literal, unit: URIRef | None = None) -> Literal:
    """geof:area (GeoSPARQL 1.1): area in unit (square feet by default)."""
    g = _geom(a)
    if g.geographic:
        square_feet = crs_module.geodesic_area(g.geom, g.crs) * FEET_PER_METRE ** 2
    else:
        square_feet = g.geom.area * _feet(g) ** 2
    return Literal(square_feet / _factor(unit, AREA_UNITS), datatype=XSD.double)


def length(a: Literal, unit: URIRef | None = None) -> Literal:
    """geof:length (GeoSPARQL 1.1): length of a line, perimeter of a polygon, in unit (feet)."""
    g = _geom(a)
    if g.geographic:
        feet = crs_module.geodesic_length(g.geom, g.crs) * FEET_PER_METRE
    else:
        feet = g.geom.length * _feet(g)
    return Literal(feet / _factor(unit, LENGTH_UNITS), datatype=XSD.double)


FUNCTIONS: dict[URIRef, Callable[..., Literal]] = {
    GEOF.distance: distance,
    GEOF.sfIntersects: sf_intersects,
    GEOF.sfWithin: sf_within,
    GEOF.sfContains: sf_contains,
    GEOF.buffer: buffer,
    GEOF.area: area,
    GEOF.length: length,
}


def register() -> None:
    """Register the geof: functions on rdflib's SPARQL engine (idempotent)."""
    for iri, func in FUNCTIONS.items():
        register_custom_function(iri, func, override=True)


def unregister() -> None:
    for iri, func in FUNCTIONS.items():
        with contextlib.suppress(KeyError):
            unregister_custom_function(iri, func)


# --------------------------------------------------------------------------- Oxigraph


def _to_rdflib(term: object) -> object:
    import pyoxigraph as ox

    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        return Literal(term.value, datatype=URIRef(term.datatype.value))
    return term  # blank nodes and triples: no geof: function accepts them (SPARQLError)


def _to_oxigraph(term: Literal) -> object:
    import pyoxigraph as ox

    datatype = ox.NamedNode(str(term.datatype)) if term.datatype is not None else None
    return ox.Literal(str(term), datatype=datatype)


def _for_oxigraph(func: Callable[..., Literal]) -> Callable[..., object]:
    """``func`` on pyoxigraph terms; a SPARQL error (bad literal, CRS, unit) returns None,
    which Oxigraph treats as an error too: a FILTER is false, a BIND leaves the variable unbound."""
    def call(*args: object) -> object:
        try:
            return _to_oxigraph(func(*(_to_rdflib(a) for a in args)))
        except Exception:  # any failure of a function is a SPARQL error, never a crash
            return None

    call.__name__ = func.__name__
    call.__doc__ = func.__doc__
    return call


def oxigraph_functions() -> dict[object, Callable[..., object]]:
    """The same geof: functions for pyoxigraph's ``custom_functions`` (the default store), so
    the SPARQL endpoint answers GeoSPARQL function calls whatever the backend."""
    import pyoxigraph as ox

    return {ox.NamedNode(str(iri)): _for_oxigraph(func) for iri, func in FUNCTIONS.items()}
