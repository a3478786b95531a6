"""Geometry data read from Turtle (ontology/terms/geometry.ttl): accepted CRSs, tolerances,
settings.

Kept in Turtle so that every number the geometry stage uses sits next to its reason or citation;
this module only reads it (once per process).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from rdflib import Graph, URIRef
from rdflib.namespace import RDF, RDFS

from docklaw import paths
from docklaw.namespaces import DL, QUDT, UNIT

GEOMETRY_TTL = paths.TERMS_DIR / "geometry.ttl"


@dataclass(frozen=True)
class Crs:
    iri: str
    label: str
    to_feet: float
    zone: str | None = None  # dl:projectionZone: CRSs of one zone measure alike


@dataclass(frozen=True)
class Tolerance:
    absolute: float
    relative: float

    def allows(self, declared: float, derived: float) -> bool:
        """True when the two values agree within the larger of the absolute and relative
        tolerance.
        """
        return abs(declared - derived) <= self.limit(derived) + 1e-9

    def limit(self, derived: float) -> float:
        return max(self.absolute, self.relative * abs(derived))


@dataclass
class GeometrySettings:
    accepted: dict[str, Crs] = field(default_factory=dict)
    rejected: dict[str, str] = field(default_factory=dict)
    tolerances: dict[URIRef, Tolerance] = field(default_factory=dict)
    tolerance_nodes: dict[URIRef, URIRef] = field(default_factory=dict)
    unit_factors: dict[URIRef, tuple[URIRef, float]] = field(default_factory=dict)
    precision: float = 0.01
    densify_step: float = 0.05
    max_nesting: int = 8
    max_coordinate: float = 1.0e8
    projection_length: float = 1500.0
    projection_sections: tuple[URIRef, ...] = ()
    min_riparian_length: float = 200.0
    min_riparian_sections: tuple[URIRef, ...] = ()
    survey_frame_iri: str = str(DL.SurveyFrameFeet)
    #: (quantity property, jurisdiction IRI or None) -> the dl:MeasurementConstruction used
    constructions: dict[tuple[URIRef, URIRef | None], URIRef] = field(default_factory=dict)

    def construction(self, prop: URIRef, jurisdiction: URIRef | None) -> URIRef | None:
        """The construction measuring ``prop`` in a code (its own override, else the common one)."""
        return self.constructions.get((prop, jurisdiction)) or self.constructions.get((prop, None))


def _quantity(g: Graph, subject: URIRef, prop: URIRef) -> tuple[float, tuple[URIRef, ...]]:
    node = g.value(subject, prop)
    if node is None:
        raise RuntimeError(f"geometry.ttl: {prop} missing on {subject}")
    unit = g.value(node, QUDT.unit)
    if unit != UNIT.FT:
        raise RuntimeError(f"geometry.ttl: {prop} must be in unit:FT, found {unit}")
    sections = tuple(s for s in g.objects(node, DL.section) if isinstance(s, URIRef))
    return float(g.value(node, QUDT.numericValue)), sections


@lru_cache(maxsize=1)
def load() -> GeometrySettings:
    """Read the geometry settings (and unit conversion factors) once."""
    g = Graph().parse(GEOMETRY_TTL, format="turtle")
    s = GeometrySettings()
    for crs in g.subjects(RDF.type, DL.AcceptedCRS):
        zone = g.value(crs, DL.projectionZone)
        s.accepted[str(crs)] = Crs(
            str(crs), str(g.value(crs, RDFS.label)), float(g.value(crs, DL.toFeet)),
            str(zone) if zone is not None else None,
        )
    for crs in g.subjects(RDF.type, DL.RejectedCRS):
        s.rejected[str(crs)] = str(g.value(crs, DL.rejectionReason))
    for tol in g.subjects(RDF.type, DL.DiscrepancyTolerance):
        unit = g.value(tol, DL.forUnit)
        if isinstance(unit, URIRef) and isinstance(tol, URIRef):
            s.tolerances[unit] = Tolerance(
                float(g.value(tol, DL.absoluteTolerance)), float(g.value(tol, DL.relativeTolerance))
            )
            s.tolerance_nodes[unit] = tol
    cfg = DL.geometrySettings
    s.precision = float(g.value(cfg, DL.reportingPrecision))
    s.densify_step = float(g.value(cfg, DL.densifyStep))
    s.max_nesting = int(g.value(cfg, DL.maxWktNesting))
    s.max_coordinate = float(g.value(cfg, DL.maxCoordinate))
    s.projection_length, s.projection_sections = _quantity(g, cfg, DL.projectionLength)
    s.min_riparian_length, s.min_riparian_sections = _quantity(g, cfg, DL.minimumRiparianLineLength)
    for c in g.subjects(RDF.type, DL.MeasurementConstruction):
        if not isinstance(c, URIRef):
            continue
        places = [j for j in g.objects(c, DL.inJurisdiction) if isinstance(j, URIRef)] or [None]
        for prop in g.objects(c, DL.measures):
            for place in places:
                s.constructions[(prop, place)] = c  # type: ignore[index]
    for unit in (UNIT.FT, UNIT.FT2, UNIT.PERCENT):
        s.unit_factors.setdefault(unit, (unit, 1.0))
    s.unit_factors.update(_unit_factors(s.unit_factors))
    return s


def _unit_factors(canonical: dict[URIRef, tuple[URIRef, float]]
                  ) -> dict[URIRef, tuple[URIRef, float]]:
    """Every unit of the vocabulary (ontology/docklaw.ttl: dl:dimension, QUDT's
    qudt:conversionMultiplier) whose dimension's canonical unit is one the stage measures in
    (``canonical``): (that unit, the factor to it). Why: a stated dl:mainWalkwayWidth of 48
    inches was not read by the stage (it read feet only), so a drawn L stating its 4-foot stem
    in inches was asked which reading its drawing is, while the same width in feet decided it
    and was cited (fix-sb11); a declared value in metres was never compared with the drawing."""
    g = Graph().parse(paths.ONTOLOGY_FILE, format="turtle")
    out: dict[URIRef, tuple[URIRef, float]] = {}
    for unit, dimension in g.subject_objects(DL.dimension):
        target = g.value(dimension, DL.canonicalUnit)
        mine, theirs = (g.value(u, QUDT.conversionMultiplier) for u in (unit, target))
        if not isinstance(unit, URIRef) or target not in canonical or unit in canonical \
                or mine is None or theirs is None or float(theirs) == 0:
            continue
        out[unit] = (target, float(mine) / float(theirs))  # type: ignore[index]
    return out
