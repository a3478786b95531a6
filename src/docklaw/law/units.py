"""Units: each stated unit -> the canonical unit of its dimension, read from the ontology.

Kept apart from derive so compile (normalising rule limits) and derive (normalising application
values) convert with the same arithmetic: a value stated exactly at a limit must compare equal
to the limit, whatever unit either was typed in, and a value beyond it must compare beyond it.

Exact, not rounded (issue 23: 4.00000000000000000001 feet passed a 4-foot limit when values
were rounded to a millionth). A stated number may have at most ``qudt:numericValue
dl:maxDecimalPlaces`` decimal places (8, validation.ttl; more is refused, saying so). A value
is converted as ``value × its unit's multiplier ÷ the canonical unit's`` (division last, so 48
inches is exactly 4 feet) and kept to EXACT_PLACES = 18 decimal places, the most an
``xsd:decimal`` has in Oxigraph (which evaluates the explicit targets). Two different
quantities, stated with at most 8 places and limits with at most 6, differ after conversion
by more than 1e-18 for every pair of units of one dimension except degrees and radians
(whose ratio is itself an approximation of pi): no comparison is decided by rounding
(``tests/test_exact_decimals.py`` computes the bound for every pair). Messages show numbers
rounded to a millionth (``display_number``); the graph keeps the exact ones (``format_number``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Context, Decimal, InvalidOperation

from rdflib import Graph, Literal, URIRef

from docklaw.namespaces import DL, QUDT, RDF, RDFS, TRUE, UNIT

#: Decimal places a converted value keeps: Oxigraph's xsd:decimal scale (more is ill-typed there).
EXACT_PLACES = 18
QUANTUM = Decimal(1).scaleb(-EXACT_PLACES)
#: Precision of messages and reports (6 decimal places of a foot is ~0.3 micron).
DISPLAY_QUANTUM = Decimal("0.000001")
MAX_EXACT = Decimal("1e40")
#: Decimal places a stated number may have when the vocabulary says nothing.
DEFAULT_MAX_PLACES = 8
#: 120 digits for conversion and rounding (a fixed context: ``localcontext`` per value cost
#: more than the work)
_WIDE = Context(prec=120)
WIDE = _WIDE
#: Digits beyond which a number is shown in scientific notation in a message.
SHOWN_DIGITS = 24


def to_decimal(value: object) -> Decimal | None:
    """A numeric literal as Decimal, or None when it is not a number."""
    if isinstance(value, Literal):
        if value.datatype is None and not isinstance(value.toPython(), int | float | Decimal):
            text = str(value).strip()
        else:
            py = value.toPython()
            text = str(py) if not isinstance(py, bool) and not isinstance(py, int) \
                else ("x" if isinstance(py, bool) else str(value).strip())
    else:
        text = str(value)
    try:
        number = Decimal(text)
    except (InvalidOperation, ValueError):
        return None
    return number if number.is_finite() else None


def decimal_places(value: Decimal) -> int:
    """Decimal places of a number as written, trailing zeros aside (``4.50`` -> 1)."""
    _sign, digits, exponent = value.as_tuple()
    if not isinstance(exponent, int) or exponent >= 0:
        return 0
    trailing = 0
    for digit in reversed(digits):
        if digit != 0 or trailing >= -exponent:
            break
        trailing += 1
    return max(0, -exponent - trailing)


def quantize(value: Decimal) -> Decimal:
    """Round to QUANTUM and drop trailing zeros (``100.000000`` -> ``100``).

    Huge magnitudes are returned unrounded: the plausibility check rejects them with a message
    instead of Decimal raising InvalidOperation here."""
    if not value.is_finite() or abs(value) >= MAX_EXACT:
        return value
    rounded = value.quantize(QUANTUM, rounding=ROUND_HALF_EVEN, context=_WIDE)
    return rounded.normalize(context=_WIDE) if rounded != 0 else Decimal(0)


def format_number(value: Decimal) -> str:
    """Plain notation without exponent, every digit kept: 100, 2.5, 0.25 (the text of the
    literals the pipeline writes; messages use ``display_number``)."""
    if not value.is_finite() or abs(value) >= MAX_EXACT:
        return str(value)
    text = format(value.normalize(context=_WIDE), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"


def display_number(value: Decimal) -> str:
    """A number for people: rounded to a millionth (a third of a foot is 0.333333), and a
    huge one in scientific notation instead of thousands of digits."""
    if not value.is_finite():
        return str(value)
    if abs(value) >= MAX_EXACT or len(value.as_tuple().digits) > 4 * SHOWN_DIGITS:
        return f"{value:.6E}" if abs(value) >= 1 else format_number(value)[:SHOWN_DIGITS] + "…"
    rounded = value.quantize(DISPLAY_QUANTUM, rounding=ROUND_HALF_EVEN, context=_WIDE)
    if rounded == 0 and value != 0:
        return f"{value:.6E}"
    return format_number(rounded)


def multiplier(g: Graph, unit: object) -> Decimal | None:
    """QUDT's qudt:conversionMultiplier of a unit (its size in the coherent SI unit)."""
    found = {to_decimal(m) for m in g.objects(unit, QUDT.conversionMultiplier)}
    found.discard(None)
    return found.pop() if len(found) == 1 else None


def conversion_factor(g: Graph, unit: URIRef, canonical: object) -> tuple[Decimal, Decimal] | None:
    """(numerator, denominator): a value in ``unit`` times the first, divided by the second,
    is in ``canonical`` (their QUDT multipliers; 1/1 for the canonical unit itself)."""
    if unit == canonical:
        return Decimal(1), Decimal(1)
    mine, theirs = multiplier(g, unit), multiplier(g, canonical)
    if mine is None and theirs is None:  # calendar units: counted in months, exactly
        mine, theirs = (to_decimal(g.value(u, DL.calendarMonths)) for u in (unit, canonical))
    if mine is None or theirs is None or theirs == 0:
        return None
    return mine, theirs


@dataclass(frozen=True)
class UnitInfo:
    iri: URIRef
    canonical: URIRef
    factor: Decimal  # numerator / denominator, for display; conversions use both
    singular: str
    plural: str
    numerator: Decimal = Decimal(1)
    denominator: Decimal = Decimal(1)

    def to_canonical(self, value: Decimal) -> Decimal:
        """``value`` in the canonical unit, exact to EXACT_PLACES (division last)."""
        if self.numerator == self.denominator:
            return value
        return _WIDE.divide(_WIDE.multiply(value, self.numerator), self.denominator)


@dataclass
class Units:
    """Unit table and per-property canonical units and plausibility bounds."""

    units: dict[URIRef, UnitInfo] = field(default_factory=dict)
    canonical_of_property: dict[URIRef, URIRef] = field(default_factory=dict)
    bounds: dict[URIRef, tuple[Decimal | None, Decimal | None]] = field(default_factory=dict)
    zero_allowed: set[URIRef] = field(default_factory=set)
    #: property -> the least pure number (unit:UNITLESS) that reads two ways for it
    #: (``dl:unitlessReadsTwoWaysFrom``: a roof pitch of 3 is a ratio of 3 or 3 in 12)
    unitless_two_ways: dict[URIRef, Decimal] = field(default_factory=dict)
    negative_allowed: set[URIRef] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)
    #: decimal places a stated number may have (``qudt:numericValue dl:maxDecimalPlaces``)
    max_places: int = DEFAULT_MAX_PLACES
    #: property -> units of another dimension that state it by their multipliers (dl:alsoStatedIn)
    also_in: dict[URIRef, set[URIRef]] = field(default_factory=dict)
    #: property (a rise over run) -> units of angle it may be stated in (dl:statedAsAngleIn)
    angle_in: dict[URIRef, set[URIRef]] = field(default_factory=dict)
    #: unit of angle -> how many make a turn (dl:unitsPerTurn)
    per_turn: dict[URIRef, Decimal] = field(default_factory=dict)
    #: unit of time -> its days (dl:calendarDays), for periods the law counts in calendar months
    calendar_days: dict[URIRef, Decimal] = field(default_factory=dict)

    @classmethod
    def from_graph(cls, g: Graph) -> Units:
        table = cls()
        for unit in set(g.subjects(DL.dimension, None)):
            if not isinstance(unit, URIRef):
                continue
            targets = {c for d in g.objects(unit, DL.dimension)
                       for c in g.objects(d, DL.canonicalUnit)}
            targets = targets or set(g.objects(unit, DL.canonicalUnit)) or {unit}
            target = sorted(targets, key=str)[0]
            ratio = conversion_factor(g, unit, target)
            if len(targets) != 1 or ratio is None:
                table.problems.append(
                    f"unit {unit} has no single conversion to {targets} (each needs one "
                    "qudt:conversionMultiplier, as does the canonical unit of its dimension)")
                ratio = ratio or (Decimal(1), Decimal(1))
            table.units[unit] = UnitInfo(
                iri=unit, canonical=target if isinstance(target, URIRef) else unit,
                factor=_WIDE.divide(*ratio),
                singular=str(_first(g, unit, DL.singularLabel, RDFS.label)),
                plural=str(_first(g, unit, DL.pluralLabel, RDFS.label)),
                numerator=ratio[0], denominator=ratio[1],
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
        places = to_decimal(g.value(QUDT.numericValue, DL.maxDecimalPlaces))
        table.max_places = int(places) if places is not None else DEFAULT_MAX_PLACES
        for prop, least in g.subject_objects(DL.unitlessReadsTwoWaysFrom):
            number = to_decimal(least)
            if isinstance(prop, URIRef) and number is not None:
                table.unitless_two_ways[prop] = number
        for prop, unit in g.subject_objects(DL.alsoStatedIn):
            if isinstance(prop, URIRef) and isinstance(unit, URIRef):
                table.also_in.setdefault(prop, set()).add(unit)
        for prop, unit in g.subject_objects(DL.statedAsAngleIn):
            if isinstance(prop, URIRef) and isinstance(unit, URIRef):
                table.angle_in.setdefault(prop, set()).add(unit)
        for key, prop in ((table.per_turn, DL.unitsPerTurn),
                          (table.calendar_days, DL.calendarDays)):
            for unit, number in g.subject_objects(prop):
                value = to_decimal(number)
                if isinstance(unit, URIRef) and value is not None and value > 0:
                    key[unit] = value
        table.zero_allowed = {s for s in g.subjects(DL.zeroAllowed, TRUE)
                              if isinstance(s, URIRef)}
        table.negative_allowed = {s for s in g.subjects(DL.negativeAllowed, TRUE)
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
        return quantize(info.to_canonical(value))

    def describe(self, value: Decimal, unit: URIRef) -> str:
        """'100 feet', '1 foot', '34 inches', '40 percent' (how the rule states it); a unit
        whose label is empty (unit:UNITLESS) gives just the number ('2', never '2 unitless')."""
        info = self.units.get(unit)
        number = display_number(value)
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
