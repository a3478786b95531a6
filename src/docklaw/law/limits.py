"""Evaluate a rule's ``dl:limitExpression`` for one focus node (DESIGN.md "Computed limits").

Why Python and not SPARQL: the expressions (greater-of, allocation tables with increments) read
values of the focus node and of its parcel; a missing operand must become "information needed"
naming the property, which a SPARQL filter would silently swallow.
"""

from __future__ import annotations

import math
from decimal import Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.term import Node

from docklaw.law.units import Units, curie, display_number, quantize, to_decimal
from docklaw.namespaces import DL, QUDT, RDF, RDFS, XSD


def stated_first(data: Graph, subject: Node, prop: URIRef) -> Node | None:
    """The value an operand is read from: a stated value before one the geometry stage derived
    (dl:derived true). When both exist and disagree, the geometry stage has already reported a
    dl:Discrepancy naming both; a limit is computed from what the applicant states."""
    values = sorted(data.objects(subject, prop), key=lambda v: value_order(data, v))
    stated = [v for v in values if data.value(v, DL.derived) != Literal(True)]
    return (stated or values or [None])[0]


def value_order(data: Graph, value: Node) -> tuple[int, Decimal, str, str]:
    """A value's place among an operand's values: by its number (and unit), not by its node's
    name. Why: a value the geometry stage derives is a blank node named at random on every run,
    so ordering by name picked a different one of two equal limits on each run (two frontages,
    140 and 145 feet, both giving Kings Point's 60-foot floor: the construction named one or
    the other; same input, same report)."""
    number = value if isinstance(value, Literal) else data.value(value, QUDT.numericValue)
    decimal = to_decimal(number) if number is not None else None
    unit = "" if isinstance(value, Literal) else str(data.value(value, QUDT.unit) or "")
    name = "" if isinstance(value, BNode) else str(value)
    return (0, decimal, unit, name) if decimal is not None else (1, Decimal(0), unit, name)

def operand_values(data: Graph, subject: Node, prop: URIRef) -> list[Node]:
    """Every value of an operand a computed limit may be read from, one per number: the stated
    ones, then every derived one: one a dl:Discrepancy sets against them, one that agrees with
    them within the drawing tolerance (no Discrepancy: both stay, as for a checked value), and,
    where none is stated, each construction's (a code whose text admits two constructions of
    one quantity derives both: geometry ``tie-line-and-shore-length``). The limit is the
    stricter of those they give (``Evaluator.stricter``), a table's row each of theirs
    (``derive.footage_categories``). Why: a limit read from the stated value alone let a lot
    drawn 300 feet wide that states 150 be held to 40 % of 150 (review 54); a lot stating 100.0
    feet of frontage and drawn 100.4 (within the tolerance, across the 100-foot boundary of
    South Bristol Table 1) was read in Category C alone (review 60)."""
    values = sorted(data.objects(subject, prop), key=lambda v: value_order(data, v))
    stated = [v for v in values if data.value(v, DL.derived) != Literal(True)]
    picked = stated + [v for v in values if v not in stated]
    out: list[Node] = []
    numbers: set[object] = set()
    for v in picked:
        number = data.value(v, QUDT.numericValue) if not isinstance(v, Literal) else v
        decimal = to_decimal(number) if number is not None else None
        key = decimal if decimal is not None else v
        if key not in numbers:
            numbers.add(key)
            out.append(v)
    return out


def expression_reads(law: Graph, expr: Node) -> set[URIRef]:
    """The application properties a limit expression reads (its operands, conditions, sums and
    an allocation table's footage), so a disagreement over one of them cites the rule."""
    found: set[URIRef] = set()
    todo, seen = [expr], set()
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        for p in (DL.property, DL.footageProperty):
            found |= {v for v in law.objects(node, p) if isinstance(v, URIRef)}
        if DL.AllocationLookup in set(law.objects(node, RDF.type)):
            table = law.value(node, DL.table)
            found.add(law.value(table, DL.footageProperty) or DL.shorelineFrontage)
        for p in (DL.operand, DL.then, DL["else"], DL["if"], DL.excessOver, DL.shortfallUnder):
            todo.extend(law.objects(node, p))
        lst = law.value(node, DL.operands)
        if lst is not None:
            todo.extend(Collection(law, lst))
    return found


def value_branches(law: Graph, expr: Node) -> list[Node]:
    """The sub-expressions whose values a limit expression's value is made of (its operands,
    its ``then`` and ``else`` branches, the items of its ``dl:operands`` list; not its
    condition): what a walk over the facts a limit reads descends into."""
    out: list[Node] = [sub for p in (DL.operand, DL.then, DL["else"])
                       for sub in law.objects(expr, p)]
    items = law.value(expr, DL.operands)
    if items is not None:
        out.extend(Collection(law, items))
    return out


class MissingOperand(Exception):
    """An operand of a computed limit is absent from the application."""

    def __init__(self, prop: URIRef | None, note: str) -> None:
        self.prop = prop
        self.note = note
        super().__init__(note)


class Contested(MissingOperand):
    """Two stated facts a computed limit reads contradict, and the limit under each reading
    (``Evaluator.contested_ends``) decides the rule differently: which is true is asked."""

    def __init__(self, prop: URIRef | None, note: str,
                 ends: tuple[Decimal, Decimal] = (Decimal(0), Decimal(0))) -> None:
        super().__init__(prop, note)
        #: the limit under the stricter and under the laxer reading (least, greatest)
        self.ends = ends


class TableGap(MissingOperand):
    """The frontage is stated but falls between two rows of an allocation table."""

    def __init__(self, prop: URIRef, table: Node, note: str,
                 neighbours: tuple[Node, ...] = ()) -> None:
        super().__init__(prop, note)
        self.table = table
        #: the rows on either side of the gap (both, or none when it is not between two rows)
        self.neighbours = neighbours


class Evaluator:
    """Evaluates expressions against the rules graph (``law``) and one application (``data``)."""

    def __init__(self, law: Graph, data: Graph, units: Units) -> None:
        self.law = law
        self.data = data
        self.units = units
        #: allocation-table rows the last evaluations looked up (cite names the row's section)
        self.rows: list[Node] = []
        #: (subject, property) -> the value an operand is read from instead of the stated one
        #: (``stricter``: a limit computed from each value of an operand that has several)
        self.pins: dict[tuple[Node, URIRef], Node] = {}
        #: the (subject, property) operands the evaluations read, in order
        self.read: list[tuple[Node, URIRef]] = []

    def operand(self, subject: Node, prop: URIRef) -> Node | None:
        """The value an operand is read from: the pinned one, else ``stated_first``."""
        pinned = self.pins.get((subject, prop))
        value = pinned if pinned is not None else stated_first(self.data, subject, prop)
        if value is not None and (subject, prop) not in self.read:
            self.read.append((subject, prop))
        return value

    def stricter(self, expr: Node, focus: Node, value: Decimal, maximum: bool
                 ) -> tuple[Decimal, Node | None]:
        """The limit ``value`` (just evaluated from the stated operands) or, where an operand it
        read has other values (``operand_values``: a drawn frontage that disagrees with the
        stated one, two readings of one drawn quantity), the stricter limit computed from one of
        them (the lower for a maximum, the higher for a minimum), with the value it was read
        from (None: the stated one). The rows cited are the chosen evaluation's."""
        best, pinned, rows = value, None, list(self.rows)
        for subject, prop in list(self.read):
            default = stated_first(self.data, subject, prop)
            for other in operand_values(self.data, subject, prop):
                if other == default:
                    continue
                self.pins, self.rows = {(subject, prop): other}, []
                try:
                    candidate = self.evaluate(expr, focus)
                except MissingOperand:
                    continue
                finally:
                    self.pins = {}
                if (candidate < best) if maximum else (candidate > best):
                    best, pinned, rows = candidate, other, list(self.rows)
        self.rows = rows
        return best, pinned

    def contested_ends(self, expr: Node, focus: Node, value: Decimal
                       ) -> tuple[Decimal, Decimal] | None:
        """The limit ``value`` (just evaluated) and the limit under each contested reading of
        an operand it read (a ``dl:contestedReading`` on a ``dl:Discrepancy`` about that
        operand: two stated facts contradict and neither is believed, so the other reads the
        contradicting statement the other way, ``dl:readAs``), as (least, greatest); None where
        no operand it read is contested or every reading gives ``value``. Why: a stated count
        of steep slope parcels of 0 beside the applicant's parcel stated steep was read at one
        figure and cited or conformed on it (South Bristol § 73-10B(5), blind review 145 F6); a
        limit is judged at both ends: one both break is broken, one both meet is met, any other
        asks which statement is true."""
        read = list(self.read)
        ends = [value]
        for note in self.contested_readings(read):
            subject = self.data.value(note, DL.focus)
            prop = self.data.value(note, DL.property)
            other = self.data.value(note, DL.readAs)
            if subject is None or not isinstance(prop, URIRef) or other is None:
                continue
            saved = self.rows
            self.pins, self.rows = {(subject, prop): other}, []
            try:
                ends.append(self.evaluate(expr, focus))
            except MissingOperand:
                continue
            finally:
                self.pins, self.rows, self.read = {}, saved, read
        if min(ends) == max(ends):
            return None
        return min(ends), max(ends)

    def contested_readings(self, read: list[tuple[Node, URIRef]]) -> list[Node]:
        """The ``dl:contestedReading`` nodes of the ``dl:Discrepancy`` notes on the operands
        in ``read`` (the (subject, property) pairs an evaluation read), or on the statements
        they contradict, in a stable order."""
        found = []
        for note, reading in self.data.subject_objects(DL.contestedReading):
            # the contested operand, or the statement that contradicts it (either is in doubt)
            pairs = {(self.data.value(n, DL.focus), self.data.value(n, DL.property))
                     for n in (note, reading)}
            if any(pair in pairs for pair in read):
                found.append(reading)
        return sorted(set(found), key=str)

    def contested_question(self) -> tuple[URIRef | None, str]:
        """The operand the contested readings of the operands last read are about (the
        property of their dl:Discrepancy) and the question they ask (their rdfs:comment)."""
        props, words = set(), set()
        for reading in self.contested_readings(list(self.read)):
            note = self.data.value(None, DL.contestedReading, reading)
            prop = self.data.value(note, DL.property) if note is not None else None  # the count
            if isinstance(prop, URIRef):
                props.add(prop)
            if self.data.value(reading, RDFS.comment) is not None:
                words.add(str(self.data.value(reading, RDFS.comment)))
        return (min(props, key=str) if props else None), "; ".join(sorted(words))

    def parcel_of(self, focus: Node) -> Node | None:
        """The focus itself if a parcel; else the parcel of an application proposing it."""
        if (focus, RDF.type, DL.Parcel) in self.data:
            return focus
        parcel = self.data.value(focus, DL.parcel)
        if parcel is not None:
            return parcel
        node: Node | None = focus
        seen: set[Node] = set()
        while node is not None and node not in seen:
            seen.add(node)
            for app in self.data.subjects(DL.proposes, node):
                parcel = self.data.value(app, DL.parcel)
                if parcel is not None:
                    return parcel
            for owner in self.data.subjects(DL.hasStructure, node):
                return owner
            node = self.data.value(None, DL.hasPart, node)
        return None

    def hosts(self, focus: Node) -> list[Node]:
        """The focus, then the structures it is a part of (dl:hasPart, transitively) or, for a
        vessel, the structure it is berthed at (dl:mooredAt) and their wholes, nearest first."""
        out: list[Node] = []
        level = [focus]
        while level:
            out.extend(n for n in level if n not in out)
            nxt = {w for n in level for w in self.data.subjects(DL.hasPart, n)}
            nxt |= {h for n in level for h in self.data.objects(n, DL.mooredAt)}
            level = sorted((n for n in nxt if n not in out), key=str)
        return out

    def value_of(self, prop: URIRef, of: Node | None, focus: Node) -> Node:
        """The raw RDF value of ``prop`` on the focus or its parcel (``dl:of dl:FocusOrWhole``:
        the focus, else the nearest structure it is part of or berthed at that states it;
        ``dl:WholeOrFocus``: the outermost such structure that states it, else the focus)."""
        if of in (DL.FocusOrWhole, DL.WholeOrFocus):
            hosts = self.hosts(focus)
            for host in (hosts if of == DL.FocusOrWhole else hosts[::-1]):
                value = self.operand(host, prop)
                if value is not None:
                    return value
            raise MissingOperand(prop, f"{curie(prop)} is not stated (on the structure or on "
                                       "what it is part of or berthed at)")
        subject = self.parcel_of(focus) if of == DL.Parcel else focus
        if subject is None:
            raise MissingOperand(prop, f"no parcel to read {curie(prop)} from")
        value = self.operand(subject, prop)
        if value is None and of != DL.Parcel and self.shared_with_parts(prop):
            value = self.from_whole(prop, focus)
        if value is None:
            raise MissingOperand(prop, f"{curie(prop)} is not stated")
        return value

    def shared_with_parts(self, prop: URIRef) -> bool:
        """A fact of the whole's line that its parts share (dl:sharedWithParts: the distance
        to navigable depth along the line of the dock is the float's at its end too)."""
        return self.law.value(prop, DL.sharedWithParts) == Literal(True)

    def from_whole(self, prop: URIRef, focus: Node) -> Node | None:
        """The value the nearest structure ``focus`` is a part of states."""
        frontier, seen = [focus], {focus}
        while frontier:
            step = []
            for node in frontier:
                for whole in sorted(self.data.subjects(DL.hasPart, node), key=str):
                    if whole in seen:
                        continue
                    seen.add(whole)
                    value = self.operand(whole, prop)
                    if value is not None:
                        return value
                    step.append(whole)
            frontier = step
        return None

    def number_of(self, prop: URIRef, of: Node | None, focus: Node) -> Decimal:
        value = self.value_of(prop, of, focus)
        if not isinstance(value, Literal):
            value = self.data.value(value, QUDT.numericValue)  # normalised by derive
        number = to_decimal(value) if value is not None else None
        if number is None:
            raise MissingOperand(prop, f"{curie(prop)} has no numeric value")
        return number

    def evaluate(self, expr: Node, focus: Node) -> Decimal:
        law = self.law
        kinds = set(law.objects(expr, RDF.type))
        if law.value(expr, QUDT.numericValue) is not None:
            number = to_decimal(law.value(expr, QUDT.numericValue))
            unit = law.value(expr, QUDT.unit)
            if number is None:
                raise ValueError(f"constant {expr} is not numeric")
            if isinstance(unit, URIRef):
                converted = self.units.convert(number, unit, None)
                if converted is not None:
                    return converted
            return number
        if isinstance(expr, Literal):
            number = to_decimal(expr)
            if number is None:
                raise ValueError(f"constant {expr} is not numeric")
            return number
        if DL.PropertyOf in kinds:
            prop = law.value(expr, DL.property)
            return self.number_of(prop, law.value(expr, DL.of), focus)
        if kinds & {DL.GreaterOf, DL.LesserOf, DL.Sum}:
            operands = [self.evaluate(e, focus)
                        for e in Collection(law, law.value(expr, DL.operands))]
            if DL.GreaterOf in kinds:
                return max(operands)
            if DL.LesserOf in kinds:
                return min(operands)
            return sum(operands, Decimal(0))
        if DL.Product in kinds:
            factor = to_decimal(law.value(expr, DL.factor))
            operand = law.value(expr, DL.operand)
            if factor is None or operand is None:
                raise ValueError(f"product {expr} needs dl:factor and dl:operand")
            return quantize(factor * self.evaluate(operand, focus))
        if DL.Conditional in kinds:
            holds = self.holds(law.value(expr, DL["if"]), focus)
            branch = law.value(expr, DL.then if holds else DL["else"])
            if branch is None:
                raise ValueError(f"conditional {expr} lacks a branch")
            return self.evaluate(branch, focus)
        if DL.AllocationLookup in kinds:
            return self.allocation(expr, focus)
        if DL.SumOverParcel in kinds:
            return self.sum_over_parcel(expr, focus)
        raise ValueError(f"unknown limit expression {expr} (types {sorted(map(str, kinds))})")

    def holds(self, test: Node | None, focus: Node) -> bool:
        """Whether a condition (dl:property, dl:of, dl:equals: a ``dl:Conditional``'s dl:if)
        holds on ``focus``; an unstated fact raises ``MissingOperand`` unless the condition
        reads absent as not equal (dl:absentIsNotEqual true: where the text makes that default
        clear; otherwise information needed)."""
        law = self.law
        prop = law.value(test, DL.property)
        expected = law.value(test, DL.equals)
        typed = self.of_class(test, focus)
        if typed is not None:
            return typed
        try:
            actual = self.value_of(prop, law.value(test, DL.of), focus)
        except MissingOperand:
            if law.value(test, DL.absentIsNotEqual) != Literal(True):
                raise
            return False
        if isinstance(actual, Literal) and isinstance(expected, Literal):
            return bool(actual.toPython() == expected.toPython())
        return actual == expected

    def of_class(self, test: Node | None, focus: Node) -> bool | None:
        """A condition on the focus's class (dl:property rdf:type, dl:equals a class, dl:of
        dl:Focus or unstated): whether the focus is of it (types materialised), a class being
        always stated; None for any other condition. Why: a reading that holds one kind of a
        governed class to another limit (North Hempstead § 42-9B(10), a floating dock read as
        a dock: six feet, a float eight) compares a structure with several types, which
        ``value_of`` (one raw value) cannot test."""
        law = self.law
        if law.value(test, DL.property) != RDF.type or \
                law.value(test, DL.of) not in (None, DL.Focus):
            return None
        return (focus, RDF.type, law.value(test, DL.equals)) in self.data

    def parcel_structures(self, parcel: Node) -> list[Node]:
        """The parcel's structures (dl:hasStructure) and those its applications propose, with
        their parts, each once."""
        stack = [*self.data.objects(parcel, DL.hasStructure)]
        for app in self.data.subjects(DL.parcel, parcel):
            stack.extend(self.data.objects(app, DL.proposes))
        seen: list[Node] = []
        while stack:
            node = stack.pop()
            if node not in seen:
                seen.append(node)
                stack.extend(self.data.objects(node, DL.hasPart))
        return sorted(seen, key=str)

    def parts_of(self, node: Node) -> set[Node]:
        """The structures listed as parts of ``node`` (dl:hasPart), at any depth."""
        found: set[Node] = set()
        stack = list(self.data.objects(node, DL.hasPart))
        while stack:
            part = stack.pop()
            if part not in found:
                found.add(part)
                stack.extend(self.data.objects(part, DL.hasPart))
        return found

    def sum_over_parcel(self, expr: Node, focus: Node) -> Decimal:
        """Sum of ``dl:property`` over the parcel's structures of ``dl:ofClass`` (a structure
        that is part of another of that class is counted with it), optionally only the part of
        each value above ``dl:excessOver`` (or what each leaves unused below
        ``dl:shortfallUnder``), leaving out the focus (``dl:excludeFocus``), its parts
        (``dl:excludePartsOfFocus``) and structures that state ``dl:skipWhenStated`` (other than
        0 or false: ``claims``). Why: an
        allowance the text gives the parcel, not each structure (Canandaigua § 73-9D(2): 200
        square feet "distributed amongst the allowed docks", the boat accessory structure
        included)."""
        law = self.law
        cls = law.value(expr, DL.ofClass)
        prop = law.value(expr, DL.property)
        if not isinstance(cls, URIRef) or not isinstance(prop, URIRef):
            raise ValueError(f"sum over parcel {expr} needs dl:ofClass and dl:property")
        parcel = self.parcel_of(focus)
        if parcel is None:
            raise MissingOperand(DL.parcel, "no parcel to sum its structures over")
        excess = law.value(expr, DL.excessOver)
        floor = self.evaluate(excess, focus) if excess is not None else None
        under = law.value(expr, DL.shortfallUnder)
        ceiling = self.evaluate(under, focus) if under is not None else None
        skip = list(law.objects(expr, DL.skipWhenStated))
        members = [n for n in self.parcel_structures(parcel) if (n, RDF.type, cls) in self.data]
        inside = {part for owner in members for part in self.data.objects(owner, DL.hasPart)}
        if law.value(expr, DL.excludePartsOfFocus) == Literal(True):
            inside |= self.parts_of(focus)  # read as within the focus's own stated value
        total = Decimal(0)
        for node in members:
            if node in inside or any(claims(self.data.value(node, p)) for p in skip):
                continue
            if node == focus and law.value(expr, DL.excludeFocus) == Literal(True):
                continue
            number = self.number_of(prop, None, node)
            if ceiling is not None:
                total += max(Decimal(0), ceiling - number)
            else:
                total += max(Decimal(0), number - floor) if floor is not None else number
        return total

    def allocation(self, expr: Node, focus: Node) -> Decimal:
        """baseCount + incrementCount * floor((footage - incrementOver) / incrementPer)."""
        law = self.law
        table = law.value(expr, DL.table)
        facility = law.value(expr, DL.facility)
        footage_prop = law.value(table, DL.footageProperty) or DL.shorelineFrontage
        footage = self.number_of(footage_prop, DL.Parcel, focus)
        row = matching_row(law, table, footage)
        if row is None:
            raise TableGap(footage_prop, table, gap_description(law, table, footage),
                           gap_neighbours(law, table, footage))
        self.rows.append(row)
        return row_allowance(law, row, facility, footage)

    def gap_candidates(self, expr: Node, focus: Node, gap: TableGap) -> list[Decimal]:
        """What each row on either side of the gap the frontage falls in would allow it (its
        allowance computed at the frontage); empty when the gap is not between two rows."""
        law = self.law
        table = law.value(expr, DL.table)
        footage_prop = law.value(table, DL.footageProperty) or DL.shorelineFrontage
        footage = self.number_of(footage_prop, DL.Parcel, focus)
        facility = law.value(expr, DL.facility)
        return [row_allowance(law, row, facility, footage) for row in gap.neighbours]


def claims(value: Node | None) -> bool:
    """Whether a stated ``dl:skipWhenStated`` value claims what it names: stated, and neither 0
    nor false. Why: a dock stating it consolidates 0 parcels consolidates none; it is an
    ordinary dock, not one with its own allowance (South Bristol § 73-9C(1), blind review 141
    F1)."""
    if value is None:
        return False
    if isinstance(value, Literal) and value.datatype == XSD.boolean:
        return value.toPython() is True
    number = to_decimal(value) if isinstance(value, Literal) else None
    return number is None or number != 0


def row_allowance(law: Graph, row: Node, facility: Node | None, footage: Decimal) -> Decimal:
    """One row's allowance of ``facility`` at ``footage``."""
    for allowance in law.objects(row, DL.allowance):
        if law.value(allowance, DL.facility) != facility:
            continue
        count = to_decimal(law.value(allowance, DL.baseCount)) or Decimal(0)
        inc = to_decimal(law.value(allowance, DL.incrementCount))
        per = to_decimal(law.value(allowance, DL.incrementPer))
        over = to_decimal(law.value(allowance, DL.incrementOver))
        if inc is not None and per and over is not None and footage > over:
            steps = (footage - over) / per
            rounded = math.ceil(steps) if law.value(
                allowance, DL.incrementRounding) == DL.RoundUp else math.floor(steps)
            count += inc * rounded
        return count
    return Decimal(0)  # the row allows none of this facility


def matching_row(law: Graph, table: Node, footage: Decimal) -> Node | None:
    """The allocation row whose inclusive [minFootage, maxFootage] contains ``footage``."""
    for row in law.objects(table, DL.row):
        low = to_decimal(law.value(row, DL.minFootage))
        high = to_decimal(law.value(row, DL.maxFootage))
        if (low is None or footage >= low) and (high is None or footage <= high):
            return row
    return None


def _feet(value: Decimal | None) -> str:
    return display_number(value) if value is not None else "?"


def row_description(law: Graph, row: Node) -> str:
    """'row A (250 to 299.99 feet)', 'row B (300.01 feet and more)'."""
    low = to_decimal(law.value(row, DL.minFootage))
    high = to_decimal(law.value(row, DL.maxFootage))
    span = f"{_feet(low)} feet and more" if high is None else f"{_feet(low)} to {_feet(high)} feet"
    category = law.value(row, DL.category)
    return f"row {category} ({span})" if category is not None else f"a row ({span})"


def gap_description(law: Graph, table: Node, footage: Decimal) -> str:
    """Why no row applies: the frontage lies between two rows (or below/above every row),
    naming the table and its neighbouring rows."""
    name = str(law.value(table, RDFS.label) or table)
    below, above = nearest_rows(law, table, footage)
    shown = f"a shoreline frontage of {display_number(footage)} feet"
    if below is not None and above is not None:
        where = (f"falls in a gap of {name}, between {row_description(law, below)} and "
                 f"{row_description(law, above)}")
    elif above is not None:
        where = f"is below the first row of {name}, {row_description(law, above)}"
    elif below is not None:
        where = f"is beyond the last row of {name}, {row_description(law, below)}"
    else:
        where = f"is covered by no row of {name}"
    return f"{shown} {where}: the table gives no allocation for it"


def gap_neighbours(law: Graph, table: Node, footage: Decimal) -> tuple[Node, ...]:
    """The rows just below and just above a frontage no row contains (both, or none when it
    is below the first row or beyond the last)."""
    below, above = nearest_rows(law, table, footage)
    return (below, above) if below is not None and above is not None else ()


def nearest_rows(law: Graph, table: Node, footage: Decimal) -> tuple[Node | None, Node | None]:
    """The row ending nearest below a frontage and the row starting nearest above it."""
    below, above = None, None
    for row in law.objects(table, DL.row):
        low = to_decimal(law.value(row, DL.minFootage))
        high = to_decimal(law.value(row, DL.maxFootage))
        if high is not None and high < footage and (
                below is None or high > to_decimal(law.value(below, DL.maxFootage))):
            below = row
        if low is not None and low > footage and (
                above is None or low < to_decimal(law.value(above, DL.minFootage))):
            above = row
    return below, above


#: An interval of possible limit values: (low, high); None = unbounded on that side (an
#: unstated amount subtracted, ``dl:Product`` with a negative factor, leaves no lower bound).
Interval = tuple[Decimal | None, Decimal | None]


def _add(values: list[Decimal | None]) -> Decimal | None:
    return None if None in values else sum((v for v in values if v is not None), Decimal(0))


def _scaled(factor: Decimal, value: Decimal | None) -> Decimal | None:
    return None if value is None else quantize(factor * value)


class Bounds:
    """What a computed limit can be when an operand is unstated (DESIGN.md "Unstated facts").

    Why: "the lesser of navigable depth or 200 feet" is at most 200 feet whatever the depth, so a
    225-foot dock violates it; "the greater of 40 % of frontage or 60 feet" is at least 60 feet,
    so a 50-foot setback violates it. An unstated quantity ranges over its plausible values
    (validation.ttl bounds, else zero to unbounded); a condition over both branches."""

    def __init__(self, evaluator: Evaluator, table_gaps: bool = False) -> None:
        self.ev = evaluator
        #: with ``table_gaps``: an allocation looked up for a frontage between two rows ranges
        #: over what either row would allow (each gap met is kept in ``gaps``)
        self.table_gaps = table_gaps
        self.gaps: list[TableGap] = []

    def interval(self, expr: Node, focus: Node) -> Interval:
        law = self.ev.law
        kinds = set(law.objects(expr, RDF.type))
        if self.table_gaps and DL.AllocationLookup in kinds:
            try:
                value = self.ev.evaluate(expr, focus)
                return value, value
            except TableGap as gap:
                values = self.ev.gap_candidates(expr, focus, gap)
                if not values:
                    return Decimal(0), None
                self.gaps.append(gap)
                return min(values), max(values)
            except MissingOperand:
                return Decimal(0), None
        if DL.PropertyOf in kinds:
            prop = law.value(expr, DL.property)
            try:
                value = self.ev.evaluate(expr, focus)
                return value, value
            except MissingOperand:
                low, high = self.ev.units.bounds.get(prop, (None, None))
                low = max(low, Decimal(0)) if low is not None else Decimal(0)
                listed = self.listed_at_least(law.value(expr, DL.of), focus, prop)
                return (max(low, listed) if listed is not None else low), high
        if kinds & {DL.GreaterOf, DL.LesserOf, DL.Sum}:
            parts = [self.interval(e, focus)
                     for e in Collection(law, law.value(expr, DL.operands))]
            lows = [p[0] for p in parts]
            highs = [p[1] for p in parts]
            if DL.GreaterOf in kinds:  # at least the greatest known low
                known_lows = [v for v in lows if v is not None]
                return (max(known_lows) if known_lows else None,
                        None if None in highs else max(h for h in highs if h is not None))
            if DL.LesserOf in kinds:  # at most the least known high
                known = [h for h in highs if h is not None]
                return (None if None in lows else min(v for v in lows if v is not None),
                        min(known) if known else None)
            return _add(lows), _add(highs)
        if DL.Product in kinds:
            factor = to_decimal(law.value(expr, DL.factor)) or Decimal(0)
            low, high = self.interval(law.value(expr, DL.operand), focus)
            if factor < 0:  # the bounds change places (and an unbounded high, sides)
                return _scaled(factor, high), _scaled(factor, low)
            return _scaled(factor, low), _scaled(factor, high)
        if DL.Conditional in kinds:
            test = law.value(expr, DL["if"])
            expected = law.value(test, DL.equals)
            typed = self.ev.of_class(test, focus)
            if typed is not None:
                return self.interval(law.value(expr, DL.then if typed else DL["else"]), focus)
            try:
                actual = self.ev.value_of(law.value(test, DL.property), law.value(test, DL.of),
                                          focus)
            except MissingOperand:
                if self.never_equal(test, focus):  # (a bound past the value tested)
                    return self.interval(law.value(expr, DL["else"]), focus)
                if law.value(test, DL.absentIsNotEqual) != Literal(True):  # either branch
                    a = self.interval(law.value(expr, DL.then), focus)
                    b = self.interval(law.value(expr, DL["else"]), focus)
                    return (None if None in (a[0], b[0]) else min(a[0], b[0]),  # type: ignore[type-var]
                            None if None in (a[1], b[1]) else max(a[1], b[1]))  # type: ignore[type-var]
                actual = None
            holds = actual is not None and (
                actual.toPython() == expected.toPython()
                if isinstance(actual, Literal) and isinstance(expected, Literal)
                else actual == expected)
            return self.interval(law.value(expr, DL.then if holds else DL["else"]), focus)
        try:
            value = self.ev.evaluate(expr, focus)
        except MissingOperand:
            return Decimal(0), None
        return value, value

    def never_equal(self, test: Node, focus: Node) -> bool:
        """Whether a condition's unstated operand is known to be above the value it is tested
        against (a dl:LowerBoundTotal past it): the condition fails for every value it may
        have, so only the other branch is open. Why: a boathouse stating 1 slip over two lifts
        stating 1 each holds 2 or 3 slips; § 73-8B(1)(c)'s one-slip width (19 feet) is no
        reading of it, and 25 feet meets the 34 of every other (blind review 135 F2)."""
        law = self.ev.law
        prop, expected = law.value(test, DL.property), to_decimal(law.value(test, DL.equals))
        if not isinstance(prop, URIRef) or expected is None:
            return False
        listed = self.listed_at_least(law.value(test, DL.of), focus, prop)
        return listed is not None and listed > expected

    def listed_at_least(self, of: Node | None, focus: Node, prop: URIRef) -> Decimal | None:
        """The greatest lower bound a dl:LowerBoundTotal note gives an unstated total (what the
        structures the application lists add up to at least): the real total is no smaller,
        so a limit computed from it is no smaller either (blind review 117 F6: one hoist on a
        parcel whose listed structures give at least one slip meets § 73-8B(2)'s one per slip
        whatever the total, and was asked it)."""
        if of in (DL.FocusOrWhole, DL.WholeOrFocus):
            return None
        subject = self.ev.parcel_of(focus) if of == DL.Parcel else focus
        data = self.ev.data
        found = [to_decimal(data.value(note, DL.lowerBound))
                 for note in data.subjects(DL.focus, subject)
                 if (note, RDF.type, DL.LowerBoundTotal) in data
                 and (note, DL.property, prop) in data]
        known = [v for v in found if v is not None]
        return max(known) if known else None


def decide_by_bounds(interval: Interval, measured: Decimal, maximum: bool, strict: bool
                     ) -> tuple[bool | None, Decimal]:
    """(violates?, the bound that decides) for a measured value against a limit known only to
    lie in ``interval``; (None, _) when the interval does not decide it. ``maximum``: the value
    may not exceed the limit (``strict``: must stay below it)."""
    low, high = interval
    if maximum:
        if high is not None and (measured > high or (strict and measured >= high)):
            return True, high
        if low is not None and (measured < low or (not strict and measured == low)):
            return False, low
        return None, low if low is not None else Decimal(0)
    if low is not None and (measured < low or (strict and measured <= low)):
        return True, low
    if high is not None and (measured > high or (not strict and measured == high)):
        return False, high
    return None, low if low is not None else Decimal(0)
