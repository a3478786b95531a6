"""Units: each stated unit -> the canonical unit of its dimension, read from the ontology.

Kept apart from derive so compile (normalising rule limits) and derive (normalising application
values) convert with the same factors and the same rounding: a value stated exactly at a limit
must compare equal to the limit, whatever unit either was typed in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Context, Decimal, InvalidOperation, localcontext

from rdflib import Graph, Literal, URIRef

from docklaw.namespaces import DL, QUDT, RDF, RDFS, UNIT

#: Precision every normalised value is rounded to (6 decimal places of a foot is ~0.3 micron).
QUANTUM = Decimal("0.000001")
MAX_EXACT = Decimal("1e40")
#: 60 digits for rounding (a fixed context: ``localcontext`` per value cost more than the work)
_WIDE = Context(prec=60)


def to_decimal(value: object) -> Decimal | None:
    """A numeric literal as Decimal, or None when it is not a number."""
    if isinstance(value, Literal):
        if value.datatype is None and not isinstance(value.toPython(), int | float | Decimal):
            text = str(value).strip()
        else:
            py = value.toPython()
            text = str(py) if not isinstance(py, bool) else "x"
    else:
        text = str(value)
    try:
        number = Decimal(text)
    except (InvalidOperation, ValueError):
        return None
    return number if number.is_finite() else None


def quantize(value: Decimal) -> Decimal:
    """Round to QUANTUM and drop trailing zeros (``100.000000`` -> ``100``).

    Huge magnitudes are returned unrounded: the plausibility check rejects them with a message
    instead of Decimal raising InvalidOperation here."""
    if not value.is_finite() or abs(value) >= MAX_EXACT:
        return value
    rounded = value.quantize(QUANTUM, rounding=ROUND_HALF_EVEN, context=_WIDE)
    return rounded.normalize(context=_WIDE) if rounded != 0 else Decimal(0)


def format_number(value: Decimal) -> str:
    """Plain notation without exponent: 100, 2.5, 0.25."""
    if not value.is_finite() or abs(value) >= MAX_EXACT:
        return str(value)
    with localcontext() as ctx:
        ctx.prec = 60
        text = format(value.normalize(), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"


def multiplier(g: Graph, unit: object) -> Decimal | None:
    """QUDT's qudt:conversionMultiplier of a unit (its size in the coherent SI unit)."""
    found = {to_decimal(m) for m in g.objects(unit, QUDT.conversionMultiplier)}
    found.discard(None)
    return found.pop() if len(found) == 1 else None


def conversion_factor(g: Graph, unit: URIRef, canonical: object) -> Decimal | None:
    """Multiply a value in ``unit`` by this to express it in ``canonical``: the ratio of their
    QUDT multipliers (1 for the canonical unit itself, which then needs none)."""
    if unit == canonical:
        return Decimal(1)
    mine, theirs = multiplier(g, unit), multiplier(g, canonical)
    if mine is None or theirs is None or theirs == 0:
        return None
    with localcontext() as ctx:
        ctx.prec = 40
        return mine / theirs


@dataclass(frozen=True)
class UnitInfo:
    iri: URIRef
    canonical: URIRef
    factor: Decimal
    singular: str
    plural: str


@dataclass
class Units:
    """Unit table and per-property canonical units and plausibility bounds."""

    units: dict[URIRef, UnitInfo] = field(default_factory=dict)
    canonical_of_property: dict[URIRef, URIRef] = field(default_factory=dict)
    bounds: dict[URIRef, tuple[Decimal | None, Decimal | None]] = field(default_factory=dict)
    zero_allowed: set[URIRef] = field(default_factory=set)
    negative_allowed: set[URIRef] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)

    @classmethod
    def from_graph(cls, g: Graph) -> Units:
        table = cls()
        for unit in set(g.subjects(DL.dimension, None)):
            if not isinstance(unit, URIRef):
                continue
            targets = {c for d in g.objects(unit, DL.dimension)
                       for c in g.objects(d, DL.canonicalUnit)}
            targets = targets or set(g.objects(unit, DL.canonicalUnit)) or {unit}
            target = next(iter(targets))
            factor = conversion_factor(g, unit, target)
            if len(targets) != 1 or factor is None:
                table.problems.append(
                    f"unit {unit} has no single conversion to {targets} (each needs one "
                    "qudt:conversionMultiplier, as does the canonical unit of its dimension)")
                factor = factor or Decimal(1)
            table.units[unit] = UnitInfo(
                iri=unit, canonical=target if isinstance(target, URIRef) else unit,
                factor=factor,
                singular=str(_first(g, unit, DL.singularLabel, RDFS.label)),
                plural=str(_first(g, unit, DL.pluralLabel, RDFS.label)),
            )
        dimensions = set(g.subjects(RDF.type, DL.Dimension)) | set(g.objects(None, DL.dimension))
        for prop, canonical in g.subject_objects(DL.canonicalUnit):
            if (isinstance(prop, URIRef) and prop not in table.units and prop not in dimensions
                    and isinstance(canonical, URIRef)):
                table.canonical_of_property[prop] = canonical
        for node in set(g.subjects(DL.plausibleMin, None)) | set(g.subjects(DL.plausibleMax, None)):
            if isinstance(node, URIRef):
                table.bounds[node] = (
                    to_decimal(g.value(node, DL.plausibleMin)) if g.value(node, DL.plausibleMin)
                    is not None else None,
                    to_decimal(g.value(node, DL.plausibleMax)) if g.value(node, DL.plausibleMax)
                    is not None else None,
                )
        table.zero_allowed = {s for s in g.subjects(DL.zeroAllowed, Literal(True))
                              if isinstance(s, URIRef)}
        table.negative_allowed = {s for s in g.subjects(DL.negativeAllowed, Literal(True))
                                  if isinstance(s, URIRef)}
        return table

    def info(self, unit: URIRef) -> UnitInfo | None:
        """Conversion and labels of a unit (None when the ontology does not know it)."""
        return self.units.get(unit)

    def convert(self, value: Decimal, unit: URIRef, canonical: URIRef | None) -> Decimal | None:
        """Value in ``canonical``; None when the unit is unknown or of another dimension."""
        info = self.units.get(unit)
        if info is None:
            return None
        if canonical is not None and info.canonical != canonical:
            return None
        return quantize(value * info.factor)

    def describe(self, value: Decimal, unit: URIRef) -> str:
        """'100 feet', '1 foot', '34 inches', '40 percent' (how the rule states it); a unit
        whose label is empty (unit:UNITLESS) gives just the number ('2', never '2 unitless')."""
        info = self.units.get(unit)
        number = format_number(value)
        if info is None:
            return f"{number} {curie(unit)}"
        if unit == UNIT.USDollar:
            return f"${number}"
        singular, plural = info.singular.strip(), info.plural.strip()
        label = singular if value == 1 else plural
        if not label:  # an empty label in either number means the unit is not spoken
            return number
        return f"{number} {label}"


def _first(g: Graph, node: URIRef, *props: URIRef) -> object:
    """The first value among ``props`` (a label in any language), or ''."""
    for prop in props:
        value = g.value(node, prop)
        if value is not None:
            return value
    return ""


def curie(node: object) -> str:
    """Short readable name for the IRIs docklaw uses most."""
    text = str(node)
    for prefix, ns in (("dl:", str(DL)), ("unit:", str(UNIT)), ("qudt:", str(QUDT)),
                       ("sh:", "http://www.w3.org/ns/shacl#"),
                       ("rdf:", "http://www.w3.org/1999/02/22-rdf-syntax-ns#")):
        if text.startswith(ns):
            return prefix + text[len(ns):]
    return text
