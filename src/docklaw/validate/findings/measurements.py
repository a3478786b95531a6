"""The measurements a verdict rests on, stated or derived, whether or not a rule failed.

Why: a board cannot act on "conforms" alone; a dock 10.01 ft from a facility area line conforms,
and the 10.01 must be in the report. Every quantity of the application after derive (stated values,
values the geometry stage measured, totals counted from the structures, footage categories looked
up in an allocation table, and computed limits such as max(0.4 x frontage, 60 ft)) becomes one
``Measurement``: value, unit, whether it was stated or derived, how it was derived (the
``dl:MeasurementConstruction`` and the sections that prescribe it, or the limit expression and its
rule's section) and what it was derived from. The JSON shape is documented in docs/reports.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import Decimal

from rdflib import Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.term import Node

from docklaw.geometry.derive import UNBOUNDED
from docklaw.law.limits import Bounds, Evaluator, MissingOperand, matching_row, value_branches
from docklaw.law.prepare import Prepared
from docklaw.law.units import (
    DISPLAY_QUANTUM,
    MAX_EXACT,
    WIDE,
    curie,
    display_number,
    to_decimal,
)
from docklaw.namespaces import DL, GEO, PROV, QUDT, RDF, RDFS, SKOS, TRUE
from docklaw.validate.values import node_name

#: Order of sources in a structure's list.
SOURCES = ("stated", "derived", "counted", "looked up", "computed limit")
#: Properties whose values are not measurements of the application (bookkeeping of derive).
SKIP = frozenset({DL.computedLimitValue, DL.declaredValue, DL.derivedValue, DL.tolerance})


@dataclass
class Measurement:
    """One quantity of the application; ``to_json`` is the public shape (docs/reports.md)."""

    node: str
    property: str
    label: str
    value: float | bool | str
    unit: str | None
    shown: str
    source: str
    construction: str | None = None
    construction_iri: str | None = None
    construction_text: str | None = None
    sections: list[tuple[str, str]] = field(default_factory=list)
    derived_from: list[str] = field(default_factory=list)
    stated_as: str | None = None
    rule: str | None = None
    discrepancy: str | None = None
    #: for a value measured from the drawing: which CRS was read and how it was converted
    coordinates: str | None = None
    #: for a value the drawing only bounds (a dl:UpperBoundTotal on it): the least and the most
    #: it may be (most None: no upper bound); ``shown`` then says it is not known
    bounds: tuple[float, float | None] | None = None

    node_label: str = ""

    def __post_init__(self) -> None:
        if not self.node_label:
            self.node_label = short_name(self.node)

    def to_json(self) -> dict[str, object]:
        return {
            "node": self.node, "node_label": self.node_label, "property": self.property,
            "label": self.label,
            "value": self.value, "unit": self.unit, "shown": self.shown, "source": self.source,
            "construction": self.construction, "construction_iri": self.construction_iri,
            "construction_text": self.construction_text,
            "sections": [{"section": c, "section_iri": i} for c, i in self.sections],
            "derived_from": self.derived_from, "stated_as": self.stated_as, "rule": self.rule,
            "discrepancy": self.discrepancy, "coordinates": self.coordinates,
            "bounds": None if self.bounds is None else {"least": self.bounds[0],
                                                        "most": self.bounds[1]},
        }


def _number(number: Decimal, shown: str) -> float | str:
    """A JSON number, or the words when the magnitude is beyond a float (never Infinity)."""
    value = float(number.quantize(DISPLAY_QUANTUM, context=WIDE)) \
        if abs(number) < MAX_EXACT else float(number)
    return value if math.isfinite(value) else shown


def short_name(node: str) -> str:
    """'dock' for https://example.org/app#dock; blank nodes stay as they are."""
    for sep in ("#", "/"):
        if sep in node and not node.startswith("_:"):
            tail = node.rsplit(sep, 1)[-1]
            if tail:
                return tail
    return node


def collect(raw: Graph, derived: Graph, prepared: Prepared) -> list[Measurement]:
    """Every measurement of one derived application (see the module docstring)."""
    return _Collector(raw, derived, prepared).run()


class _Collector:
    def __init__(self, raw: Graph, derived: Graph, prepared: Prepared) -> None:
        self.raw = raw
        self.g = derived
        self.p = prepared
        self.owner = {gnode: owner for owner, gnode in derived.subject_objects(GEO.hasGeometry)}

    def run(self) -> list[Measurement]:
        out: list[Measurement] = []
        out += self.quantities()
        out += self.flags()
        out += self.counted()
        out += self.categories()
        out += self.limits()
        self.mark_discrepancies(out)
        self.name_lines(out)
        order = {s: i for i, s in enumerate(SOURCES)}
        # blank nodes (derived lines) have fresh ids each run: order them by their label
        return sorted(out, key=lambda m: (m.node_label if m.node.startswith("_:") else m.node,
                                          order.get(m.source, 9), m.property, m.shown))

    # ---- helpers --------------------------------------------------------------------
    def label(self, prop: Node) -> str:
        return self.p.label(prop) or curie(prop)

    def section(self, iri: Node) -> tuple[str, str] | None:
        info = self.p.sections.get(iri) if isinstance(iri, URIRef) else None
        return (info.citation, str(iri)) if info is not None else None

    def source_name(self, node: Node) -> str:
        """A geometry node is named by the feature it draws ('mhw', 'dock')."""
        owner = self.owner.get(node)
        return node_name(owner if owner is not None else node)

    def shown(self, qv: Node) -> tuple[Decimal | None, URIRef | None, str]:
        number = to_decimal(self.g.value(qv, QUDT.numericValue))
        unit = self.g.value(qv, QUDT.unit)
        if number is None:
            return None, None, str(self.g.value(qv, QUDT.numericValue))
        if isinstance(unit, URIRef):
            return number, unit, self.p.units.describe(number, unit)
        return number, None, display_number(number)

    # ---- stated and derived quantities -------------------------------------------------
    def quantities(self) -> list[Measurement]:
        out = []
        canonical = self.p.units.canonical_of_property
        for subject, prop, qv in self.g:
            if prop in SKIP or prop not in canonical or isinstance(qv, Literal):
                continue
            if (subject, RDF.type, QUDT.QuantityValue) in self.g:
                continue
            number, unit, shown = self.shown(qv)
            if number is None:
                continue
            m = Measurement(
                node=node_name(subject), property=curie(prop), label=self.label(prop),
                value=_number(number, shown), unit=curie(unit) if unit is not None else None,
                shown=shown, source="stated",
            )
            if self.g.value(qv, DL.derived) == TRUE:
                m.source = "derived"
                construction = self.g.value(qv, DL.measuredBy)
                if isinstance(construction, URIRef):
                    self.describe_construction(m, construction)
                m.derived_from = sorted({self.source_name(s)
                                         for s in self.g.objects(qv, PROV.wasDerivedFrom)})
                conversion = self.g.value(qv, DL.coordinatesFrom)
                if conversion is not None:
                    m.coordinates = str(self.g.value(conversion, RDFS.comment) or "") or None
                self.unknown(m, subject, prop, number, unit)
                self.at_most_read(m, subject, prop, number, unit)
            else:
                stated = to_decimal(self.g.value(qv, DL.statedValue))
                stated_unit = self.g.value(qv, DL.statedUnit)
                if stated is not None and isinstance(stated_unit, URIRef) and stated_unit != unit:
                    m.stated_as = self.p.units.describe(stated, stated_unit)
            out.append(m)
        return out

    def unknown(self, m: Measurement, subject: Node, prop: Node, number: Decimal,
                unit: URIRef | None) -> None:
        """A derived value the drawing gives only as one end of a range (a dl:UpperBoundTotal
        on it, geometry.derive ``bounded``: the other reading, or no upper bound where the
        structure lists parts it does not draw) is shown as unknown, with the range: never as
        the figure read alone. Why: a T read with its head as walkway showed "drawn head area: 0
        square feet" while the head's 324 square feet were asked (fix-sb9)."""
        other = None
        for note in self.g.subjects(DL.property, prop):
            if (note, RDF.type, DL.UpperBoundTotal) in self.g \
                    and self.g.value(note, DL.focus) == subject:
                other = to_decimal(self.g.value(note, DL.upperBound))
                break
        if other is None or other == number:
            return
        least, most = min(number, other), max(number, other)
        open_above = most >= Decimal(str(UNBOUNDED))

        def words(x: Decimal) -> str:
            return self.p.units.describe(x, unit) if unit is not None else display_number(x)

        m.shown = (f"unknown: at least {words(least)}" if open_above
                   else f"unknown: between {display_number(least)} and {words(most)}")
        m.bounds = (float(least), None if open_above else float(most))

    def at_most_read(self, m: Measurement, subject: Node, prop: Node, number: Decimal,
                     unit: URIRef | None) -> None:
        """A quantity not stated, read at the most another stated measure allows because every
        rule comparing it holds there (a dl:LowerBoundTotal with no generic members read at its
        dl:greatestBound, grown.reach_within_bounds and pipeline.held_at_greatest): shown as
        unknown, at most that, with the words saying why; never as the figure itself."""
        for note in self.g.subjects(DL.property, prop):
            if (note, RDF.type, DL.LowerBoundTotal) not in self.g \
                    or self.g.value(note, DL.focus) != subject \
                    or to_decimal(self.g.value(note, DL.greatestBound)) != number \
                    or self.g.value(note, DL.genericMember) is not None:
                continue
            least = to_decimal(self.g.value(note, DL.lowerBound))
            words = self.p.units.describe(number, unit) if unit is not None \
                else display_number(number)
            m.shown = (f"unknown: at most {words}" if least is None else
                       f"unknown: between {display_number(least)} and {words}")
            m.bounds = (float(least) if least is not None else 0.0, float(number))
            m.construction_text = str(self.g.value(note, RDFS.comment) or "") or None
            return

    def describe_construction(self, m: Measurement, construction: URIRef) -> None:
        law = self.p.knowledge
        m.construction_iri = str(construction)
        m.construction = str(law.value(construction, RDFS.label) or curie(construction))
        text = law.value(construction, SKOS.definition)
        m.construction_text = str(text) if text is not None else None
        sections = [self.section(s) for s in law.objects(construction, DL.prescribedBy)]
        jid_prefix = self.jurisdiction_prefix()
        m.sections = sorted(s for s in sections if s is not None and s[1].startswith(jid_prefix))

    def jurisdiction_prefix(self) -> str:
        app = next(iter(self.g.subjects(RDF.type, DL.PermitApplication)), None)
        jur = self.g.value(app, DL.jurisdiction) if app is not None else None
        jid = str(jur).rstrip("/").rsplit("/", 1)[-1] if jur is not None else ""
        return f"https://w3id.org/docklaw/code/{jid}/"

    def flags(self) -> list[Measurement]:
        """dl:withinRiparianLines: a derived yes/no (the geometry stage's only boolean)."""
        out = []
        for subject, value in self.g.subject_objects(DL.withinRiparianLines):
            out.append(Measurement(
                node=node_name(subject), property=curie(DL.withinRiparianLines),
                label=self.label(DL.withinRiparianLines), value=bool(value.toPython()),
                unit=None, shown="yes" if value.toPython() else "no", source="derived",
                construction="water-side footprint within the parcel's riparian lines",
            ))
        return out

    # ---- totals, categories, limits ----------------------------------------------------
    def counted(self) -> list[Measurement]:
        out = []
        for note in self.g.subjects(RDF.type, DL.CountedTotal):
            focus, prop = self.g.value(note, DL.focus), self.g.value(note, DL.property)
            value = self.g.value(focus, prop) if focus is not None else None
            number = to_decimal(value) if value is not None else None
            if number is None or prop is None:
                continue
            out.append(Measurement(
                node=node_name(focus), property=curie(prop), label=self.label(prop),
                value=_number(number, display_number(number)), unit=None,
                shown=display_number(number), source="counted",
                construction="the most the structures the application describes can count "
                "(each stated only with a generic class counted)" if self.at_most(focus, prop)
                else "counted from the structures the application describes",
                construction_text=str(self.g.value(note, RDFS.comment) or ""),
            ))
        return out

    def at_most(self, focus: Node, prop: Node) -> bool:
        """The total is read at the greatest bound of a dl:LowerBoundTotal (pipeline
        ``held_at_greatest``): the most it can be, not a count."""
        return any(self.g.value(note, DL.property) == prop
                   and self.g.value(note, DL.greatestBound) is not None
                   for note in self.g.subjects(DL.focus, focus)
                   if (note, RDF.type, DL.LowerBoundTotal) in self.g)

    def categories(self) -> list[Measurement]:
        """A footage category derive looked up (not stated) from the Tier's allocation table."""
        out = []
        law = self.p.knowledge
        for parcel, category in self.g.subject_objects(DL.footageCategory):
            if (parcel, DL.footageCategory, category) in self.raw:
                continue
            stated = sorted(self.g.objects(parcel, DL.tier), key=str)
            tables = [t for t in sorted(law.subjects(RDF.type, DL.AllocationTable), key=str)
                      if str(t).startswith(self.jurisdiction_prefix())
                      and any(to_decimal(s) in {to_decimal(x) for x in
                                                law.objects(t, DL.appliesToTier)}
                              for s in stated)]
            m = Measurement(
                node=node_name(parcel), property=curie(DL.footageCategory),
                label=self.label(DL.footageCategory), value=str(category), unit=None,
                shown=str(category), source="looked up",
                construction="the allocation table row of the parcel's Tier containing its "
                             "shoreline frontage",
                derived_from=[f"{curie(DL.tier)} {', '.join(str(t) for t in stated)}",
                              *self.frontages_in(parcel, tables, str(category))],
            )
            for table in tables:
                section = self.section(law.value(table, DL.section))
                if section is not None:
                    m.sections.append(section)
            out.append(m)
        return out

    def frontages_in(self, parcel: Node, tables: list[Node], category: str) -> list[str]:
        """'dl:shorelineFrontage 20 feet (derived)': the frontage values whose row is
        ``category`` where the parcel has several (a stated and a drawn one in different rows
        put the parcel in both, derive.footage_categories); else the property alone."""
        values = sorted(self.g.objects(parcel, DL.shorelineFrontage), key=str)
        if len(values) < 2:
            return [curie(DL.shorelineFrontage)]
        out = []
        for value in values:
            number = to_decimal(self.g.value(value, QUDT.numericValue))
            rows = [matching_row(self.p.knowledge, t, number) for t in tables] \
                if number is not None else []
            if any(r is not None and str(self.p.knowledge.value(r, DL.category)) == category
                   for r in rows):
                how = "derived" if self.g.value(value, DL.derived) == TRUE else "stated"
                out.append(f"{curie(DL.shorelineFrontage)} {self.shown(value)[2]} ({how})")
        return out or [curie(DL.shorelineFrontage)]

    def limits(self) -> list[Measurement]:
        out = []
        evaluator = Evaluator(self.p.knowledge, self.g, self.p.units)
        for focus, node in self.g.subject_objects(DL.computedLimitValue):
            rule_iri = self.g.value(node, DL.rule)
            rule = self.p.rules.get(rule_iri)
            number, unit, shown = self.shown(node)
            if number is None or rule is None:
                continue
            prop = rule.constrains[0] if rule.constrains else None
            expression = self.p.knowledge.value(rule.iri, DL.limitExpression)
            evaluator.pins = self.read_from(node)
            text = describe_expression(self.p.knowledge, evaluator, expression, focus) \
                if expression is not None else None
            evaluator.pins = {}
            m = Measurement(
                node=node_name(focus), property=curie(prop) if prop is not None else "",
                label=f"limit: {rule.label}", value=_number(number, shown),
                unit=curie(unit) if unit is not None else None, shown=shown,
                source="computed limit", construction=text, rule=str(rule.iri),
                derived_from=sorted(operands(self.p.knowledge, expression)) if expression else [],
            )
            section = self.section(rule.section)
            if section is not None:
                m.sections.append(section)
            out.append(m)
        return out

    def read_from(self, limit: Node) -> dict[tuple[Node, URIRef], Node]:
        """The operand value a computed limit was read from where it is not the stated one
        (dl:limitReadFrom: the stricter of disagreeing values), so its description shows it."""
        value = self.g.value(limit, DL.limitReadFrom)
        if value is None:
            return {}
        return {(s, p): value for s, p in self.g.subject_predicates(value)
                if isinstance(p, URIRef) and p != DL.limitReadFrom}

    def name_lines(self, found: list[Measurement]) -> None:
        """Derived riparian lines are blank nodes: name them '<parcel> facility area line 1'."""
        for prop in (DL.waterRightsLine, DL.facilityAreaLine):
            for parcel in set(self.g.subjects(prop, None)):
                lines = sorted(self.g.objects(parcel, prop), key=lambda n: str(
                    self.g.value(self.g.value(n, GEO.hasGeometry), GEO.asWKT)))
                for i, line in enumerate(lines, start=1):
                    name = f"{short_name(node_name(parcel))} {self.label(prop)} {i}"
                    for m in found:
                        if m.node == node_name(line):
                            m.node_label = name

    def mark_discrepancies(self, found: list[Measurement]) -> None:
        for note in self.g.subjects(RDF.type, DL.Discrepancy):
            focus, prop = self.g.value(note, DL.focus), self.g.value(note, DL.property)
            declared, derived = self.g.value(note, DL.declaredValue), self.g.value(note,
                                                                                   DL.derivedValue)
            # (a figure another node states, not one docklaw derived: a main walkway part's
            # width beside its dock's, grown.portions_disagreeing)
            elsewhere = [n for n in self.g.subjects(prop, derived) if n != focus] if (
                derived is not None and self.g.value(derived, DL.derived) != TRUE
                and isinstance(prop, URIRef)) else []
            text = (f"stated {self.value_text(declared)}; "
                    f"{short_name(node_name(elsewhere[0]))} states {self.value_text(derived)}"
                    if elsewhere else
                    f"stated {self.value_text(declared)} but derived {self.value_text(derived)}")
            for m in found:
                if m.node == node_name(focus) and m.property == curie(prop):
                    m.discrepancy = text

    def value_text(self, node: Node | None) -> str:
        if node is None:
            return "?"
        if isinstance(node, Literal):
            return str(node)
        return self.shown(node)[2]


def operands(law: Graph, expr: Node) -> set[str]:
    """The application properties a limit expression reads ('dl:shorelineFrontage of the
    parcel')."""
    found: set[str] = set()
    kinds = set(law.objects(expr, RDF.type))
    if DL.PropertyOf in kinds:
        prop = law.value(expr, DL.property)
        subject = law.value(expr, DL.of)
        of = "the parcel" if subject == DL.Parcel else (
            "the outermost structure the checked node is a part of, else of the checked node"
            if subject == DL.WholeOrFocus else
            "the checked node, else of the structure it is a part of"
            if subject == DL.FocusOrWhole or law.value(prop, DL.sharedWithParts) == TRUE
            else "the checked node")
        found.add(f"{curie(prop)} of {of}")
    for sub in value_branches(law, expr):
        found |= operands(law, sub)
    if DL.AllocationLookup in kinds:
        found.add(f"{curie(DL.shorelineFrontage)} of the parcel")
    return found


def describe_expression(law: Graph, ev: Evaluator, expr: Node, focus: Node) -> str:
    """The limit as arithmetic a reader can redo: 'greater of (0.4 x dl:shorelineFrontage
    (150 feet) = 60; 60 feet) = 60'."""
    try:
        value = display_number(ev.evaluate(expr, focus))
    except (MissingOperand, ValueError):
        value = "?"
    kinds = set(law.objects(expr, RDF.type))
    if law.value(expr, QUDT.numericValue) is not None:
        unit = law.value(expr, QUDT.unit)
        number = to_decimal(law.value(expr, QUDT.numericValue))
        return ev.units.describe(number, unit) if number is not None and isinstance(
            unit, URIRef) else value
    if DL.PropertyOf in kinds:
        prop = law.value(expr, DL.property)
        unit = ev.units.canonical_of_property.get(prop)
        number = to_decimal(value)
        shown = ev.units.describe(number, unit) if unit is not None and number is not None \
            else value
        least = Bounds(ev).listed_at_least(law.value(expr, DL.of), focus, prop) \
            if number is None and isinstance(prop, URIRef) else None
        if least is not None:  # (an unstated total the listed structures bound below)
            shown = (f"not stated; at least {display_number(least)}, what the structures "
                     "listed add up to")
        return f"{curie(prop)} ({shown})"
    names = {DL.GreaterOf: "greater of", DL.LesserOf: "lesser of", DL.Sum: "sum of"}
    for kind, name in names.items():
        if kind in kinds:
            parts = [describe_expression(law, ev, e, focus)
                     for e in Collection(law, law.value(expr, DL.operands))]
            return f"{name} ({'; '.join(parts)}) = {value}"
    if DL.Product in kinds:
        inner = describe_expression(law, ev, law.value(expr, DL.operand), focus)
        factor = to_decimal(law.value(expr, DL.factor))  # "0.40" and "0.4" read alike
        shown_factor = display_number(factor) if factor is not None else str(
            law.value(expr, DL.factor))
        return f"{shown_factor} x {inner} = {value}"
    if DL.Conditional in kinds:
        test = law.value(expr, DL["if"])
        prop = curie(law.value(test, DL.property))
        try:
            actual = ev.value_of(law.value(test, DL.property), law.value(test, DL.of), focus)
        except MissingOperand:
            actual = None
        expected = law.value(test, DL.equals)
        if actual is None and law.value(test, DL.absentIsNotEqual) != TRUE:
            # unstated: the limit lies between the branches (limits.Bounds), both shown
            then, other = (describe_expression(law, ev, law.value(expr, k), focus)
                           for k in (DL.then, DL["else"]))
            return f"{prop} is not stated, so {then} if it is {expected}, else {other}"
        holds = actual is not None and str(actual) == str(expected)
        branch = law.value(expr, DL.then if holds else DL["else"])
        inner = describe_expression(law, ev, branch, focus) if branch is not None else value
        shown = str(actual) if actual is not None else "not stated"
        return f"{prop} is {shown}, so {inner}"
    if DL.AllocationLookup in kinds:
        table = law.value(expr, DL.table)
        return (f"{law.value(table, RDFS.label) or curie(table)}: allowance of "
                f"{curie(law.value(expr, DL.facility))} = {value}")
    return value


def by_node(measurements: list[Measurement]) -> list[tuple[str, list[Measurement]]]:
    """Measurements grouped per structure or parcel, in report order."""
    groups: dict[str, list[Measurement]] = {}
    for m in measurements:
        groups.setdefault(m.node, []).append(m)
    return list(groups.items())


def coordinate_statements(measurements: list[Measurement]) -> list[str]:
    """How the drawing's coordinates were read (once, not per value)."""
    return list(dict.fromkeys(m.coordinates for m in measurements if m.coordinates))


def text_lines(measurements: list[Measurement]) -> list[str]:
    """The text report's "Measurements" block, per structure."""
    if not measurements:
        return []
    lines = ["Measurements (stated and derived; every value the rules read):"]
    for text in coordinate_statements(measurements):
        lines.append(f"  coordinates: {text}")
    for node, items in by_node(measurements):
        lines.append(f"  {items[0].node_label} [{node}]")
        for m in items:
            how = f"{m.source}"
            if m.construction:
                how += f": {m.construction}"
            if m.sections:
                how += f" ({', '.join(c for c, _ in m.sections)})"
            line = f"    {m.label}: {m.shown}"
            if m.stated_as:
                line += f" (stated as {m.stated_as})"
            lines.append(f"{line} - {how}")
            if m.derived_from:
                lines.append(f"      from: {', '.join(short_name(s) for s in m.derived_from)}")
            if m.discrepancy:
                lines.append(f"      DISCREPANCY: {m.discrepancy}")
    lines.append("")
    return lines
