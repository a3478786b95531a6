"""Write what the geometry stage found back into the application graph.

Derived values are ``qudt:QuantityValue`` nodes with ``dl:derived true`` and ``prov:wasDerivedFrom``
the geometries they were computed from. A declared value is never replaced: when it differs from
the derived one beyond the tolerance in geometry.ttl, a ``dl:Discrepancy`` says so and both stay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import PROV, RDF, RDFS, SH, XSD
from rdflib.term import Node
from shapely import affinity
from shapely.geometry.base import BaseGeometry

from docklaw.geometry.crs import Reader
from docklaw.geometry.settings import GeometrySettings, Tolerance
from docklaw.namespaces import DL, GEO, QUDT, UNIT


def _number(value: float, precision: float) -> Literal:
    """A value rounded to the reporting precision, as xsd:decimal."""
    quantum = Decimal(str(precision))
    rounded = (Decimal(repr(value)) / quantum).to_integral_value() * quantum
    if rounded == 0:
        rounded = Decimal(0).quantize(quantum)
    return Literal(rounded, datatype=XSD.decimal)


@dataclass
class Writer:
    graph: Graph
    settings: GeometrySettings
    crs: str | None = None
    jurisdiction: URIRef | None = None  # picks the code's own dl:MeasurementConstruction
    written: dict[tuple[Node, URIRef], list[Node]] = field(default_factory=dict)
    lines: int = 0
    conversion: Node | None = None  # the dl:CoordinateConversion every derived value went through

    def coordinates(self, reader: Reader) -> Node:
        """One dl:CoordinateConversion node: the CRSs read, the frame measured in, how."""
        if self.conversion is not None:
            return self.conversion
        g = self.graph
        node = BNode("docklaw-coordinate-conversion")
        g.add((node, RDF.type, DL.CoordinateConversion))
        for iri in reader.sources:
            g.add((node, DL.sourceCRS, URIRef(iri)))
        g.add((node, DL.measuringCRS, URIRef(reader.frame.iri)))
        g.add((node, RDFS.comment, Literal(reader.statement())))
        self.conversion = node
        return node

    def quantity(
        self, focus: Node, prop: URIRef, value: float, unit: URIRef, sources: list[Node],
        construction: URIRef | None = None,
    ) -> Node:
        """Add one derived QuantityValue on focus (measured by ``construction``, else the one
        geometry.ttl gives for the property)."""
        qv = BNode()
        g = self.graph
        g.add((focus, prop, qv))
        g.add((qv, RDF.type, QUDT.QuantityValue))
        precision = self.settings.precision if unit != UNIT.DEG else 0.01
        g.add((qv, QUDT.numericValue, _number(value, precision)))
        g.add((qv, QUDT.unit, unit))
        g.add((qv, DL.derived, Literal(True)))
        construction = construction or self.settings.construction(prop, self.jurisdiction)
        if construction is not None:
            g.add((qv, DL.measuredBy, construction))
        if self.conversion is not None:
            g.add((qv, DL.coordinatesFrom, self.conversion))
        for s in dict.fromkeys(sources):
            g.add((qv, PROV.wasDerivedFrom, s))
        self.written.setdefault((focus, prop), []).append(qv)
        return qv

    def upper_bound(self, focus: Node, prop: URIRef, most: float, text: str) -> Node:
        """A dl:UpperBoundTotal note: ``focus``'s ``prop`` as read (the least the drawing gives)
        may be as much as ``most``; the value itself is what is asked (dl:undecidedMember names
        the focus and the property) where a rule holds as read but fails at ``most``. The rules
        comparing it (dl:comparedBy) are the code's, written by the derivation stage."""
        g = self.graph
        note, entry = BNode(), BNode()
        g.add((note, RDF.type, DL.UpperBoundTotal))
        g.add((note, DL.focus, focus))
        g.add((note, DL.property, prop))
        g.add((note, DL.upperBound, _number(most, self.settings.precision)))
        g.add((note, DL.undecidedMember, entry))
        g.add((entry, DL.focus, focus))
        g.add((entry, DL.property, prop))
        g.add((entry, RDFS.comment, Literal(text)))
        g.add((note, RDFS.comment, Literal(text)))
        return note

    def stated_value(self, qv: Node, unit: URIRef) -> float | None:
        """A stated QuantityValue in ``unit`` (None where it cannot be read so)."""
        return self._in_unit(qv, unit)

    def flag(self, focus: Node, prop: URIRef, value: bool, sources: list[Node]) -> None:
        self.graph.add((focus, prop, Literal(value)))

    def note(
        self,
        focus: Node,
        text: str,
        section: URIRef | None = None,
        severity: URIRef = SH.Warning,
        sources: list[Node] | None = None,
    ) -> Node:
        """A dl:GeometryNote a reviewer must read (a condition of the text the stage does not
        settle).
        """
        n = BNode()
        g = self.graph
        g.add((n, RDF.type, DL.GeometryNote))
        g.add((n, DL.focus, focus))
        g.add((n, DL.note, Literal(text)))
        g.add((n, SH.resultSeverity, severity))
        if section is not None:
            g.add((n, DL.noteSection, section))
        for s in sources or []:
            g.add((n, PROV.wasDerivedFrom, s))
        return n

    def line_feature(
        self, parcel: Node, prop: URIRef, cls: URIRef, geom: BaseGeometry, sources: list[Node]
    ) -> Node:
        """A derived line (water rights / facility area line) with its geometry in the input CRS.

        Its blank node is named by the order of derivation, so the same application gives the
        same report (a report names the line's node)."""
        g = self.graph
        self.lines += 1
        node = BNode(f"docklaw-derived-{cls.fragment or 'line'}-{self.lines}")
        gnode = BNode(f"docklaw-derived-{cls.fragment or 'line'}-{self.lines}-geometry")
        g.add((parcel, prop, node))
        g.add((node, RDF.type, cls))
        g.add((node, GEO.hasGeometry, gnode))
        g.add((gnode, RDF.type, GEO.Geometry))
        factor = (
            self.settings.accepted[self.crs].to_feet if self.crs in self.settings.accepted else 1.0
        )
        native = affinity.scale(geom, xfact=1 / factor, yfact=1 / factor, origin=(0.0, 0.0))
        if self.crs == self.settings.survey_frame_iri:
            g.add((gnode, DL.surveyFrameInFeet, Literal(True)))
            text = native.wkt
        else:
            text = f"<{self.crs}> {native.wkt}"
        g.add((gnode, GEO.asWKT, Literal(text, datatype=GEO.wktLiteral)))
        for s in dict.fromkeys(sources):
            g.add((node, PROV.wasDerivedFrom, s))
        return node

    def discrepancies(self) -> list[Node]:
        """Compare every derived value with declared values of the same property on the same
        node. Where the drawing gives the property by two constructions (a term the code does
        not define: the tie line and the shore length of ``[features] frontage``), a stated
        value agreeing with one of them states that construction and is no discrepancy with
        the other: the readings say whether the verdict turns on the choice (blind review 90:
        a stated frontage equal to the drawn tie line was a Discrepancy with the shore length).
        """
        g = self.graph
        out: list[Node] = []
        for (focus, prop), derived_nodes in self.written.items():
            self._mark_agreement(focus, prop, derived_nodes)
            for derived in derived_nodes:
                unit = g.value(derived, QUDT.unit)
                tol = self.settings.tolerances.get(unit)
                if tol is None:
                    continue
                dval = float(g.value(derived, QUDT.numericValue))
                for declared in list(g.objects(focus, prop)):
                    if declared in derived_nodes or g.value(declared, DL.derived) == Literal(True):
                        continue
                    value = self._in_unit(declared, unit)
                    if value is None or tol.allows(value, dval) or \
                            self._states_other_construction(value, derived, derived_nodes, tol):
                        continue
                    d = BNode()
                    g.add((d, RDF.type, DL.Discrepancy))
                    g.add((d, DL.focus, focus))
                    g.add((d, DL.property, prop))
                    g.add((d, DL.declaredValue, declared))
                    g.add((d, DL.derivedValue, derived))
                    g.add((d, DL.tolerance, self.settings.tolerance_nodes[unit]))
                    for s in g.objects(derived, PROV.wasDerivedFrom):
                        g.add((d, PROV.wasDerivedFrom, s))
                    out.append(d)
        return out

    def _mark_agreement(self, focus: Node, prop: URIRef, derived_nodes: list[Node]) -> None:
        """Where the drawing gives the property of ``focus`` by more than one construction, tag
        each stated value with the constructions whose drawn value it agrees with within the
        tolerance, the nearest where it agrees with more than one (dl:agreesWithConstruction;
        equally near: each): it states that construction's figure, and a reading naming another
        construction sets it aside (readings.construction_view; blind review 92 F2: a stated
        frontage of 149.9 ft, the drawn tie line, stood in for the 151.23-ft shore length, both
        within the 1 % tolerance of it)."""
        g = self.graph
        if len({g.value(d, DL.measuredBy) for d in derived_nodes} - {None}) < 2:
            return
        for declared in list(g.objects(focus, prop)):
            if declared in derived_nodes or g.value(declared, DL.derived) == Literal(True):
                continue
            gaps: dict[Node, float] = {}
            for derived in derived_nodes:
                unit = g.value(derived, QUDT.unit)
                tol = self.settings.tolerances.get(unit)
                construction = g.value(derived, DL.measuredBy)
                value = self._in_unit(declared, unit) if isinstance(unit, URIRef) else None
                if tol is None or construction is None or value is None:
                    continue
                drawn = float(g.value(derived, QUDT.numericValue))
                if tol.allows(value, drawn):
                    gap = abs(value - drawn)
                    gaps[construction] = min(gap, gaps.get(construction, gap))
            nearest = min(gaps.values(), default=0.0)
            for construction, gap in gaps.items():
                if gap <= nearest + self.settings.precision / 2:
                    g.add((declared, DL.agreesWithConstruction, construction))

    def _states_other_construction(self, value: float, derived: Node, siblings: list[Node],
                                   tol: Tolerance) -> bool:
        """True when ``value`` agrees, within the tolerance, with a value derived for the same
        node and property by another construction than ``derived``'s."""
        g = self.graph
        mine = g.value(derived, DL.measuredBy)
        return any(
            other != derived and g.value(other, DL.measuredBy) != mine
            and g.value(other, QUDT.unit) == g.value(derived, QUDT.unit)
            and tol.allows(value, float(g.value(other, QUDT.numericValue)))
            for other in siblings)

    def _in_unit(self, qv: Node, unit: URIRef) -> float | None:
        """A declared QuantityValue expressed in unit, or None if it cannot be (the unit stage
        reports).
        """
        g = self.graph
        num, u = g.value(qv, QUDT.numericValue), g.value(qv, QUDT.unit)
        if num is None or not isinstance(u, URIRef) or u not in self.settings.unit_factors:
            return None
        canonical, factor = self.settings.unit_factors[u]
        if canonical != unit:
            return None
        try:
            return float(num.toPython()) * factor if isinstance(num, Literal) else None
        except (TypeError, ValueError):
            return None
