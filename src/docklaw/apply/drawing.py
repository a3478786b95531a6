"""A drawing for the form: WKT or GeoJSON, per feature or as one uploaded file.

Why here and not in the geometry stage: the form only writes each feature's geometry as a
GeoSPARQL literal with its CRS (``"<crs> WKT"``); the validator's geometry stage reads it like any
application's (docs/geometry.md: any EPSG CRS or CRS84, projected into the code's survey frame).
GeoJSON is CRS84 (RFC 7946) unless it names a CRS the 2008 way (``"crs": {"properties": {"name":
"EPSG:2263"}}``, which county exports still write).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from rdflib import BNode, Literal, Namespace, URIRef
from rdflib.namespace import RDF

from docklaw.errors import InputError
from docklaw.namespaces import DL, GEO, TRUE

if TYPE_CHECKING:
    from docklaw.apply.build import Built, FormState
    from docklaw.apply.spec import Spec

EPSG = "http://www.opengis.net/def/crs/EPSG/0/"
CRS84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84"
SURVEY = "survey"
_EPSG_NAME = re.compile(r"(?:EPSG(?::|::|/0/)|urn:ogc:def:crs:EPSG::?)(\d{1,6})$", re.I)
#: site feature key -> (parcel property, class, datum)
SITE = {
    "mhw": (DL.shoreline, DL.Shoreline, DL.MeanHighWater),
    "mlw": (DL.shoreline, DL.Shoreline, DL.MeanLowWater),
    "lot1": (DL.lotLine, DL.LotLine, None), "lot2": (DL.lotLine, DL.LotLine, None),
    "nbr1": (DL.neighbourLotLine, DL.LotLine, None),
    "nbr2": (DL.neighbourLotLine, DL.LotLine, None),
    "channel": (None, DL.Channel, None), "outlet": (None, DL.LakeOutlet, None),
}
#: names a GeoJSON feature may carry (properties.feature / role / name) for each site key
ALIASES = {"parcel": "parcel", "mhw": "mhw", "mean high water": "mhw", "mlw": "mlw",
           "mean low water": "mlw", "lot1": "lot1", "lot2": "lot2", "lot line 1": "lot1",
           "lot line 2": "lot2", "nbr1": "nbr1", "nbr2": "nbr2", "channel": "channel",
           "outlet": "outlet"}


def crs_iri(choice: str, default: str | None) -> str | None:
    """The CRS IRI of the form's CRS choice ("" = the code's survey frame, "survey" = a local
    frame in feet: None, "CRS84", "EPSG:2263" or a bare EPSG number)."""
    text = choice.strip()
    if not text:
        return default
    if text == SURVEY:
        return None
    if text.upper() in ("CRS84", "OGC:CRS84", CRS84.upper()):
        return CRS84
    m = _EPSG_NAME.search(text) or re.fullmatch(r"(\d{1,6})", text)
    if m is None:
        raise InputError(f"CRS {choice!r}: give an EPSG code (EPSG:2263), CRS84, or 'survey'")
    return EPSG + m.group(1)


def to_wkt(text: str, crs: str | None) -> tuple[str, str | None]:
    """(WKT body, CRS IRI) of one feature given as WKT (optionally ``<crs> WKT``) or GeoJSON."""
    import shapely
    from shapely.geometry import shape

    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise InputError(f"not GeoJSON: {exc}") from None
        named = _geojson_crs(data)
        geometry = data.get("geometry") if data.get("type") == "Feature" else data
        if not isinstance(geometry, dict) or "type" not in geometry:
            raise InputError("GeoJSON: give a geometry or a Feature with a geometry")
        try:
            geom = shape(geometry)
        except (ValueError, TypeError, AttributeError, KeyError) as exc:
            raise InputError(f"GeoJSON geometry not readable: {exc}") from None
        return shapely.to_wkt(geom, rounding_precision=-1, trim=True), named or CRS84
    m = re.match(r"^\s*<([^>]*)>\s*(.*)$", text, re.S)
    if m:
        return m.group(2).strip(), m.group(1).strip()
    return text, crs


def _geojson_crs(data: object) -> str | None:
    if not isinstance(data, dict):
        return None
    named = data.get("crs")
    if isinstance(named, dict):
        name = str((named.get("properties") or {}).get("name", ""))
        m = _EPSG_NAME.search(name)
        if m:
            return EPSG + m.group(1)
        if "CRS84" in name.upper():
            return CRS84
        raise InputError(f"GeoJSON names a CRS docklaw cannot read: {name!r}")
    return None


def literal(body: str, crs: str | None) -> tuple[Literal, bool]:
    """The geo:wktLiteral and whether the geometry node is in the local survey frame."""
    if crs is None:
        return Literal(body, datatype=GEO.wktLiteral), True
    return Literal(f"<{crs}> {body}", datatype=GEO.wktLiteral), False


def add_geometry(out: Built, node: URIRef, text: str, crs: str | None, key: str) -> None:
    from docklaw.geometry.wkt import read_body

    try:
        body, own = to_wkt(text, crs)
        read_body(body)
    except InputError as exc:
        out.errors[f"g.{key}"] = exc.message
        return
    lit, survey = literal(body, own)
    gnode = BNode()
    out.graph.add((node, GEO.hasGeometry, gnode))
    out.graph.add((gnode, RDF.type, GEO.Geometry))
    out.graph.add((gnode, GEO.asWKT, lit))
    if survey:
        out.graph.add((gnode, DL.surveyFrameInFeet, TRUE))


def add_drawing(out: Built, state: FormState, spec: Spec, ns: Namespace) -> None:
    """Every drawn feature of the form as geometry on its node."""
    if not state.drawing:
        return
    from docklaw import jurisdictions

    survey = jurisdictions.get(spec.jid).features.survey_crs
    try:
        crs = crs_iri(state.crs, survey.crs if survey else None)
    except InputError as exc:
        out.errors["g.crs"] = exc.message
        return
    g, parcel = out.graph, out.nodes["parcel"]
    for key, text in sorted(state.drawing.items()):
        if key == "parcel":
            add_geometry(out, parcel, text, crs, key)
        elif key in SITE:
            prop, cls, datum = SITE[key]
            node = ns[key]
            g.add((node, RDF.type, cls))
            if datum is not None:
                g.add((node, DL.datum, datum))
            if prop is not None:
                g.add((parcel, prop, node))
            add_geometry(out, node, text, crs, key)
        elif key in out.nodes:  # a structure's footprint
            add_geometry(out, out.nodes[key], text, crs, key)


def split_upload(data: bytes, structures: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """An uploaded drawing (GeoJSON FeatureCollection, or WKT lines ``<feature>: <WKT>``) as
    the form's per-feature texts; ``structures``: a structure's name or number -> its key. The
    second value lists what could not be placed."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("the drawing must be UTF-8 text (GeoJSON or WKT)") from None
    names = {**ALIASES, **{k.lower(): v for k, v in structures.items()}}
    placed: dict[str, str] = {}
    unplaced: list[str] = []
    if text.lstrip().startswith("{"):
        try:
            data_json = json.loads(text)
        except ValueError as exc:
            raise InputError(f"the drawing is not GeoJSON: {exc}") from None
        named = _geojson_crs(data_json)
        features = data_json.get("features") if isinstance(data_json, dict) else None
        if data_json.get("type") == "Feature":
            features = [data_json]
        if not isinstance(features, list):
            raise InputError("a GeoJSON drawing is a FeatureCollection whose features say what "
                             "they draw (properties.feature: parcel, mhw, lot1 ... or a "
                             "structure's name)")
        for i, feature in enumerate(features):
            props = (feature or {}).get("properties") or {}
            label = next((str(props[k]) for k in ("feature", "role", "name", "id")
                          if props.get(k) not in (None, "")), "")
            key = names.get(label.strip().lower())
            if key is None or not isinstance(feature.get("geometry"), dict):
                unplaced.append(label or f"feature {i + 1}")
                continue
            if named:  # the collection's CRS goes with each feature
                placed[key] = json.dumps({"type": "Feature", "geometry": feature["geometry"],
                                          "crs": {"type": "name",
                                                  "properties": {"name": named}}})
            else:
                placed[key] = json.dumps(feature["geometry"])
        return placed, unplaced
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        label, sep, wkt = line.partition(":")
        if not sep or "(" in label:
            unplaced.append(f"line {number}")
            continue
        key = names.get(label.strip().lower())
        if key is None:
            unplaced.append(label.strip())
            continue
        placed[key] = wkt.strip()
    return placed, unplaced
