"""GeoSPARQL functions for rdflib's SPARQL engine, computed with shapely.

``register()`` adds geof:distance, geof:sfIntersects, geof:sfWithin, geof:sfContains,
geof:buffer, geof:area and geof:length (GeoSPARQL 1.1). Literals must carry one of the
accepted CRSs of ontology/terms/geometry.ttl (a CRS-less literal is CRS84, degrees, and is an
error); both arguments must be in the same CRS. Distances and areas are returned in the unit
asked for (unit:FT, unit:M, unit:FT2, unit:M2, or the OGC uom IRIs for metre/foot).
A bad argument raises a SPARQL error, so a FILTER is false and a BIND is unbound.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from rdflib import Literal, URIRef
from rdflib.namespace import XSD
from rdflib.plugins.sparql.operators import register_custom_function, unregister_custom_function
from rdflib.plugins.sparql.sparql import SPARQLError
from shapely import affinity

from docklaw.errors import InputError
from docklaw.geometry.settings import load
from docklaw.geometry.wkt import Parsed, parse_wkt
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


def _geom(arg: object) -> Parsed:
    if not isinstance(arg, Literal):
        raise SPARQLError(f"expected a geo:wktLiteral, got {arg!r}")
    try:
        return parse_wkt(str(arg))
    except InputError as exc:
        raise SPARQLError(exc.message) from None


def _pair(a: object, b: object) -> tuple[Parsed, Parsed]:
    ga, gb = _geom(a), _geom(b)
    if ga.crs != gb.crs:
        raise SPARQLError(f"geometries in different CRSs (<{ga.crs}>, <{gb.crs}>); no reprojection")
    return ga, gb


def _factor(unit: object, table: dict[str, float]) -> float:
    if unit is None:
        return 1.0
    if str(unit) not in table:
        raise SPARQLError(f"unsupported unit <{unit}>; use one of {sorted(table)}")
    return table[str(unit)]


def distance(a: Literal, b: Literal, unit: URIRef | None = None) -> Literal:
    """geof:distance: least distance between two geometries, in unit (feet by default)."""
    ga, gb = _pair(a, b)
    return Literal(ga.geom.distance(gb.geom) / _factor(unit, LENGTH_UNITS), datatype=XSD.double)


def sf_intersects(a: Literal, b: Literal) -> Literal:
    ga, gb = _pair(a, b)
    return Literal(ga.geom.intersects(gb.geom))


def sf_within(a: Literal, b: Literal) -> Literal:
    ga, gb = _pair(a, b)
    return Literal(ga.geom.within(gb.geom))


def sf_contains(a: Literal, b: Literal) -> Literal:
    ga, gb = _pair(a, b)
    return Literal(ga.geom.contains(gb.geom))


def buffer(a: Literal, radius: Literal, unit: URIRef | None = None) -> Literal:
    """geof:buffer: the geometry grown by radius (in unit), as a WKT literal in the input CRS."""
    g = _geom(a)
    try:
        r = float(radius.toPython()) * _factor(unit, LENGTH_UNITS)
    except (TypeError, ValueError, AttributeError):
        raise SPARQLError(f"buffer radius must be a number, got {radius!r}") from None
    grown = g.geom.buffer(r)
    to_feet = load().accepted[g.crs].to_feet
    native = affinity.scale(grown, xfact=1 / to_feet, yfact=1 / to_feet, origin=(0.0, 0.0))
    return Literal(f"<{g.crs}> {native.wkt}", datatype=GEO.wktLiteral)


def area(a: Literal, unit: URIRef | None = None) -> Literal:
    """geof:area (GeoSPARQL 1.1): area in unit (square feet by default)."""
    return Literal(_geom(a).geom.area / _factor(unit, AREA_UNITS), datatype=XSD.double)


def length(a: Literal, unit: URIRef | None = None) -> Literal:
    """geof:length (GeoSPARQL 1.1): length of a line, perimeter of a polygon, in unit (feet)."""
    return Literal(_geom(a).geom.length / _factor(unit, LENGTH_UNITS), datatype=XSD.double)


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
