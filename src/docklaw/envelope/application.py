"""The reference application: one parcel, its docks, slips and moorings, for one code.

Why every fact below: a figure is only worth printing if the code decides it, so the
application states everything the five codes ask of a new, permanent, residential fixed dock
(heights, piles, railings, materials, approvals...), each at a modest, ordinary value that no
envelope quantity depends on (``REFERENCE_DOCK``). The quantities the envelope varies
(``Design``) and everything that follows from them and the parcel (lengths from each datum,
depths, distances, setbacks, parcel totals) are computed together in ``facts`` so the
application never contradicts itself. Nothing here is a limit: the validator decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF, XSD

from docklaw.envelope.lawfacts import Requirements, Water
from docklaw.envelope.parcel import Parcel
from docklaw.kg.flatstore import FlatGraph
from docklaw.namespaces import DL, QUDT, UNIT, jurisdiction_iri

BASE = "https://example.org/docklaw/envelope#"


def node(name: str) -> URIRef:
    return URIRef(BASE + name)


@dataclass(frozen=True)
class Design:
    """The quantities the envelope varies (feet, square feet, counts). ``area`` None: the
    dock's length times its width; ``setback`` None: the docks evenly spaced along the
    frontage (one dock: centred)."""

    length: float
    width: float = 4.0
    area: float | None = None
    docks: int = 1
    slips: int = 1
    moorings: int = 0
    setback: float | None = None

    @property
    def footprint(self) -> float:
        return self.length * self.width if self.area is None else self.area


class DoesNotFit(ValueError):
    """The design cannot be placed on the parcel (wider than the frontage)."""


#: A quantity: value in a unit (QUDT), or a plain value (boolean, IRI, integer).
Q = tuple[float, URIRef]

FT, IN, FT2, PERCENT = UNIT.FT, UNIT.IN, UNIT.FT2, UNIT.PERCENT

#: What every reference dock states whatever its size: an ordinary, modest design (aluminium
#: deck 4 feet above high water on 8-inch piles, open grating, a 36-inch railing with two rails,
#: a 30-inch storage locker and a landing 6 feet long, no lights, roof, canopy or stairs,
#: straight and perpendicular to the shore, water dependent, for the owner's own use). The
#: landing is 6 feet wide or, on a narrower dock, as wide as the dock (``facts``): a landing
#: is a portion of the dock, its width the dock's at some point (dl:landingWidth dl:widestOf
#: dl:width), so a 4-foot dock stating a 6-foot landing contradicts itself.
REFERENCE_DOCK: dict[URIRef, object] = {
    DL.workKind: DL.NewConstruction,
    DL.construction: DL.Permanent,
    DL.material: DL.Aluminum,
    DL.configuration: DL.Straight,
    DL.orientation: DL.PerpendicularToShore,
    DL.deckHeightAboveMHW: (4.0, FT),
    DL.deckHeightAboveGrade: (4.0, FT),
    DL.postProjectionAboveDeck: (30.0, IN),
    DL.postsProjectBeforeEnd: False,
    DL.pileDiameter: (8.0, IN),
    DL.mooringPileDiameter: (8.0, IN),
    DL.openSpacePercent: (60.0, PERCENT),
    DL.solidDeck: False,
    DL.planktonGap: (0.5, IN),
    DL.railingHeight: (36.0, IN),
    DL.horizontalRailCount: 2,
    DL.railingOpacityPercent: (15.0, PERCENT),
    DL.railingSupportSpacing: (6.0, FT),
    DL.lockerHeight: (30.0, IN),
    DL.landingLength: (6.0, FT),
    DL.totalFloatArea: (0.0, FT2),
    DL.clearanceBelow: (3.0, FT),
    DL.freewayClearance: (18.0, IN),
    DL.providesAccessAcrossDock: True,
    DL.providesAlternateRoute: True,
    DL.waterDependent: True,
    DL.hydraulicJetPlacement: False,
    DL.hasBatterBoards: False,
    DL.hasStairs: False,
    DL.permanentStructureOnDeck: False,
    DL.bisectsBeach: False,
    DL.hasLight: False,
    DL.hasNavigationLight: False,
    DL.hasCanopy: False,
    DL.hasRoof: False,
    DL.commercialUse: False,
    DL.servesMultipleOwners: False,
    DL.rentedOrLeased: False,
    DL.withinRiparianLines: True,
    DL.locatedWaterside: True,
    DL.additionalSmallDock: False,
    DL.consolidatedDock: False,
}

#: the landing's width (feet) where the dock is at least as wide
REFERENCE_LANDING_WIDTH = 6.0

REFERENCE_BUOY: dict[URIRef, object] = {
    DL.workKind: DL.NewConstruction,
    DL.construction: DL.Seasonal,
    DL.withinRiparianLines: True,
    DL.locatedWaterside: True,
    DL.commercialUse: False,
    DL.rentedOrLeased: False,
    DL.waterDependent: True,
}

#: Every permit the codes name for a residential dock and the other agencies' approvals:
#: the envelope is what each code allows once its own procedure is followed.
APPLICATION_FACTS: dict[URIRef, object] = {
    DL.permitSought: (DL.SpecialUsePermit, DL.BuildingPermit, DL.StructurePermit,
                      DL.UniformDocksAndMooringPermit),
    DL.otherAgencyApproval: (DL.NYSDECPermit, DL.USACEPermit),
    DL.ownersNotifiedCertified: True,
    DL.interestHoldersNotified: True,
}

PARCEL_FACTS: dict[URIRef, object] = {
    DL.improvedWithResidence: True,
    DL.ownedByApplicant: True,
    DL.ownedByFederalGovernment: False,
    DL.municipallyOwned: False,
    DL.onLakeOutlet: False,
    DL.claimsAdditionalSmallDock: False,
    DL.boatHoistStructureCount: 0,
}


def depth_at(parcel: Parcel, water: Water, distance: float) -> float:
    """Depth below mean low water at ``distance`` feet from mean high water (0 if dry)."""
    return max(0.0, parcel.slope * distance - water.range)


def facts(parcel: Parcel, water: Water, land_use: URIRef, design: Design,
          required: Requirements | None = None) -> dict[URIRef, dict[URIRef, object]]:
    """Node -> property -> value (a ``(number, unit)`` pair, a literal value, an IRI or a
    tuple of several) for the whole application, with what the code ``required`` (its permit,
    other approvals, equipment) stated. DoesNotFit when the docks cannot be placed."""
    required = required or Requirements()
    n, width = design.docks, design.width
    if n < 1 or width <= 0 or design.length <= 0:
        raise DoesNotFit("a dock needs a length, a width and a count of at least one")
    spare = parcel.frontage - n * width
    if spare < 0:
        raise DoesNotFit(f"{n} dock(s) {width:g} feet wide do not fit on "
                         f"{parcel.frontage:g} feet of frontage")
    gap = spare / (n + 1)
    if design.setback is not None:
        if n != 1 or design.setback > spare:
            raise DoesNotFit(f"a setback of {design.setback:g} feet leaves no room for the dock")
        side = design.setback
    else:
        side = gap
    others = gap if n > 1 else parcel.neighbours
    length = design.length
    from_mlw = length - (water.range / parcel.slope)
    end_depth = depth_at(parcel, water, length)
    dock: dict[URIRef, object] = dict(REFERENCE_DOCK)
    elsewhere = {*PARCEL_FACTS, *APPLICATION_FACTS}
    dock.update({p: True for p, _ in required.dock_flags if p not in elsewhere})
    dock.update({
        DL.length: (length, FT),
        DL.farthestExtentFromMHW: (length, FT),
        DL.width: (width, FT),
        DL.mainWalkwayWidth: (width, FT),
        # 6 feet where the dock is that wide; never wider than the dock (dl:widestOf dl:width)
        DL.landingWidth: (min(REFERENCE_LANDING_WIDTH, width), FT),
        DL.mainWalkwayShare: (100.0, PERCENT),
        DL.area: (design.footprint, FT2),
        DL.waterDepthAtMLW: (end_depth, FT),
        DL.waterDepthAtEnd: (end_depth, FT),
        DL.distanceToNavigableDepth: ((parcel.navigable_depth + water.range) / parcel.slope, FT),
        DL.distanceToChannel: (max(0.0, parcel.channel_distance - length), FT),
        DL.sideSetback: (side, FT),
        DL.setbackFromWaterRightsLine: (side, FT),
        DL.setbackFromFacilityAreaLine: (side, FT),
        DL.setbackFromOutlet: (parcel.outlet_distance, FT),
        DL.separationFromOtherDock: (others, FT),
        DL.terminusDistanceToOtherDock: (others, FT),
    })
    if from_mlw > 0:
        dock[DL.lengthFromMLW] = (from_mlw, FT)
    if water.high_water_elevation is not None:
        dock[DL.bottomElevationAtEnd] = (water.high_water_elevation - parcel.slope * length, FT)
    if water.extent_lines:
        # the line the dock crosses (the nearest one beyond the shore it reaches, else the last)
        line = next((x for x in water.extent_lines if x <= length), water.extent_lines[0])
        dock[DL.waterDepthAtLimitLine] = (depth_at(parcel, water, line), FT)
    if water.required_depth is not None:
        dock[DL.distanceToRequiredDepth] = (
            (water.required_depth + water.range) / parcel.slope, FT)
    out: dict[URIRef, dict[URIRef, object]] = {}
    docks = [node(f"dock-{i + 1}") for i in range(n)]
    buoys = [node(f"buoy-{i + 1}") for i in range(design.moorings)]
    slips = [design.slips] + [1] * (n - 1)  # every further dock moors one boat
    for d, count in zip(docks, slips, strict=True):
        out[d] = {RDF.type: DL.FixedDock, **dock, DL.slipCount: count}
    for b in buoys:
        out[b] = {RDF.type: DL.MooringBuoy, **REFERENCE_BUOY,
                  DL.farthestExtentFromMHW: (length, FT),
                  DL.distanceToNavigableDepth: dock[DL.distanceToNavigableDepth],
                  DL.sideSetback: (side, FT), DL.setbackFromWaterRightsLine: (side, FT),
                  DL.setbackFromFacilityAreaLine: (side, FT),
                  DL.setbackFromOutlet: (parcel.outlet_distance, FT),
                  DL.distanceToChannel: (max(0.0, parcel.channel_distance - length), FT)}
    boats = [(node(f"boat-{d.rsplit('-', 1)[-1]}-{i + 1}"), d)
             for d, count in zip(docks, slips, strict=True) for i in range(count)]
    boats += [(node(f"buoy-boat-{i + 1}"), b) for i, b in enumerate(buoys)]
    for boat, at in boats:
        # a boat lies alongside the structure it is berthed at, within its outline: it reaches
        # as far out, and stands as far from the channel and the side lines, as that structure
        where = {p: v for p, v in out[at].items() if p in BERTH_POSITION}
        out[boat] = {RDF.type: DL.Boat, DL.mooredAt: at, DL.withinRiparianLines: True, **where}
    structures = tuple(docks + buoys)
    out[node("parcel")] = {
        RDF.type: DL.Parcel, **PARCEL_FACTS,
        DL.shorelineFrontage: (parcel.frontage, FT),
        DL.landUse: land_use,
        DL.steepSlope: parcel.steep_slope,
        DL.dockCount: n,
        DL.boatSlipCount: sum(slips),
        DL.mooringBuoyCount: design.moorings,
        DL.mooringCount: sum(slips) + design.moorings,
        DL.hasStructure: structures,
    }
    out[node("owner")] = {RDF.type: DL.Applicant}
    application: dict[URIRef, object] = {RDF.type: DL.PermitApplication, **APPLICATION_FACTS}
    for prop, items in ((DL.permitSought, required.permits),
                        (DL.otherAgencyApproval, required.approvals)):
        stated = application[prop]
        application[prop] = tuple(dict.fromkeys([*stated, *(i for i, _ in items)]))  # type: ignore[misc]
    application.update({p: True for p, _ in required.application_flags})
    application.update({DL.applicant: node("owner"), DL.parcel: node("parcel"),
                        DL.proposes: structures})
    out[node("application")] = application
    return out


#: where a berthed boat is, read from the structure it lies alongside (the reference design)
BERTH_POSITION = frozenset({
    DL.farthestExtentFromMHW, DL.distanceToChannel, DL.distanceToNavigableDepth, DL.sideSetback,
    DL.setbackFromWaterRightsLine, DL.setbackFromFacilityAreaLine, DL.setbackFromOutlet,
})


def _literal(value: object) -> Literal:
    if isinstance(value, bool):
        return Literal(value)
    if isinstance(value, int):
        return Literal(value, datatype=XSD.integer)
    return Literal(value)


def to_graph(jurisdiction: str, application: dict[URIRef, dict[URIRef, object]]) -> Graph:
    """The application as RDF, for the code ``jurisdiction`` (in the flat store the validator
    reads: a search builds hundreds of these, and rdflib's default store kept a context
    record per triple that nothing reads)."""
    g = FlatGraph(bind_namespaces="none")
    g.add((node("application"), DL.jurisdiction, jurisdiction_iri(jurisdiction)))
    for subject, props in application.items():
        for prop, value in props.items():
            for v in value if isinstance(value, tuple) and not _is_quantity(value) else (value,):
                if _is_quantity(v):
                    number, unit = v  # type: ignore[misc]
                    qv = BNode()
                    g.add((subject, prop, qv))
                    g.add((qv, RDF.type, QUDT.QuantityValue))
                    g.add((qv, QUDT.numericValue, Literal(decimal_text(number),
                                                          datatype=XSD.decimal)))
                    g.add((qv, QUDT.unit, unit))
                elif isinstance(v, URIRef):
                    g.add((subject, prop, v))
                else:
                    g.add((subject, prop, _literal(v)))
    return g


def decimal_text(number: float) -> str:
    """A number as an xsd:decimal lexical form, to four places ("60", "132.5")."""
    text = format(Decimal(f"{number:.4f}").normalize(), "f")
    return "0" if text in ("-0", "") else text


def _is_quantity(value: object) -> bool:
    return (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], (int, float))
            and not isinstance(value[0], bool) and isinstance(value[1], URIRef))


def numbers(application: dict[URIRef, dict[URIRef, object]]) -> dict[tuple[str, str], float]:
    """(node IRI, property IRI) -> number, for every quantity and count: what the search
    compares with the validator's figures."""
    out: dict[tuple[str, str], float] = {}
    for subject, props in application.items():
        for prop, value in props.items():
            kind = type(value)  # (read for every candidate of a search: the common kinds first)
            if kind is URIRef or kind is bool or kind is float or kind is str:
                continue  # neither a quantity nor a count
            if kind is int:
                out[(str(subject), str(prop))] = float(value)  # type: ignore[arg-type]
            elif _is_quantity(value):
                out[(str(subject), str(prop))] = float(value[0])  # type: ignore[index]
            elif isinstance(value, int) and not isinstance(value, bool):
                out[(str(subject), str(prop))] = float(value)
    return out
