"""One distance between two structures, stated on one of them (``dl:mutualAmong``).

Why: "the docks shall be separated by at least 10 feet" (South Bristol § 73-9C(1)(g), Jerusalem
§ 160-123A(1)(c)) is read on each dock's distance to the nearest other dock. On a parcel with
two docks, one stating 20 feet from the other, the first dock was asked its own distance (blind
reviews 110 F6 and 115 F1), though with two docks each one's nearest other dock is the other and
the distance between them is one distance. A property the vocabulary marks ``dl:mutualAmong C``
(the distance from a structure to the nearest other structure of class C) is therefore given,
on a parcel whose structures include exactly two of class C that are no part of another, and
whose counted total of them (``dl:totalProperty`` of a code's derivation, e.g. dl:dockCount) is
two where it is known, to the one not stating it, at the value the other states (marked derived
from it). With three or more, the nearest other of each may differ: nothing is derived.

Three or more stating it (blind review 121 F1: three docks stating 12, 12 and 8 ft conformed in
silence, each read at its own figure, though the third's nearest other, 8 ft from it, would have
a nearest no farther). The property is the distance to the nearest other (its skos:definition),
so the least figure stated must be stated by two at least: the nearest pair see each other. One
alone stating it contradicts the others (``no_nearest``): a ``dl:Discrepancy`` names them, and
each is read between what the figures leave it. Any other may be the partner: read at its own
figure, with a ``dl:UpperBoundTotal`` at the least. The one stating the least, were its figure
wrong, would be at least as far from each other as that one's own figure: read at the least
other figure, with a ``dl:UpperBoundTotal`` at its own, where that reading meets every fixed
limit of the rules reading the property, else not read (how far it is is then unknown). A limit
both ends break is cited, one only the least breaks asks which is right, one both meet holds.
A structure stating none may be the partner: nothing is contradicted. Which structures the
rules reach is not changed: a structure the work neither proposes nor works on is reached by
none, so two existing docks 8 ft from each other beside a new one 12 ft from its nearest do not
make the new one's verdict (the two-dock case's existing partner is not cited either).

Three or more, the two alone at the least figure (stated or drawn) are each other's nearest: each
is that far from its nearest, whose own nearest is no farther (``nearest_pairs``; the findings
cite their breach once, blind review 124 F6). All but one with a figure (``one_unstated``): the
one without is, from each other X, at least X's own figure away, so its nearest at least the
least of the others' figures; where that meets every minimum of the rules it is read there, and
the rules are decided, not asked (blind review 124 F5), where every other states its figure:
a drawn figure measures nothing to a structure the drawing leaves out (blind review 127 F3).
Structures whose place is unknown (counted beyond those listed, or listed, neither drawn nor
stating it) leave every drawn-only figure an upper bound, asked where it meets the limit
(``undescribed``; blind review 127 F6).

Both stating it, at different values, state one fact two ways (blind review 116 F3: a dock
stating 20 feet from the other, the other 30 feet from it, was read at each dock's own figure,
in silence). Which is right cannot be read from the application: both statements are moved onto
one ``dl:Discrepancy`` naming both structures, and the distance is read as an interval, as
``samefact.disagreeing`` reads one structure's two spellings of a fact: each structure is read
at the laxer end for the rules reading the property (the greater where they are all minima, the
lesser where they are all maxima) and a ``dl:UpperBoundTotal`` note carries the stricter end, so
a limit both figures break is cited, one only the stricter breaks asks which is right, and one
both meet holds. Where the rules differ in direction (or no rule reads it), neither figure is
read and the rules ask for it. The breach is one fact between the two structures: the findings
cite it once (``findings.cite.one_per_pair``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from decimal import Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.law.prepare import Prepared
from docklaw.law.units import curie, format_number, to_decimal
from docklaw.namespaces import DL, QUDT, RDF, RDFS, TRUE, XSD
from docklaw.validate.derivation.samefact import stated_quantity
from docklaw.validate.derivation.totals import (
    add_quantity,
    asked_entry,
    short,
    shown,
    withdrawn,
)

#: The rule comparisons a distance's greater figure is the laxer for, and its lesser.
LOWER_LIMITS = frozenset({DL.AtLeast, DL.MoreThan})
UPPER_LIMITS = frozenset({DL.AtMost, DL.LessThan})


def groups(graph: Graph, vocabulary: Graph, app: Node
           ) -> Iterator[tuple[URIRef, URIRef, list[Node]]]:
    """(property, class, members) for each ``dl:mutualAmong`` property and parcel of ``app``:
    the structures of its class listed on the parcel (or proposed) that are no part of another,
    sorted by name, where their counted total (``dl:mutualCountedBy``) is their number where it
    is known (a code counting another structure among them leaves each one's nearest unknown)."""
    for prop, kind, members, totals in described(graph, vocabulary, app):
        if totals and totals != {Decimal(len(members))}:
            continue  # the code counts another structure among them: which is nearest?
        yield prop, kind, members


def described(graph: Graph, vocabulary: Graph, app: Node
              ) -> Iterator[tuple[URIRef, URIRef, list[Node], set[Decimal | None]]]:
    """(property, class, members, counted totals) for each ``dl:mutualAmong`` property and
    parcel of ``app``: the structures of its class listed on the parcel (or proposed) that are
    no part of another, sorted by name, and the parcel's counted totals of them
    (``dl:mutualCountedBy``; empty where it names none or the parcel has none)."""
    for prop, kind in sorted(vocabulary.subject_objects(DL.mutualAmong)):
        if not isinstance(prop, URIRef) or not isinstance(kind, URIRef):
            continue
        counted = vocabulary.value(prop, DL.mutualCountedBy)
        for parcel in sorted(set(graph.objects(app, DL.parcel)), key=str):
            listed = set(graph.objects(parcel, DL.hasStructure)) | set(
                graph.objects(app, DL.proposes))
            members = sorted((s for s in listed if (s, RDF.type, kind) in graph
                              and (None, DL.hasPart, s) not in graph), key=str)
            totals = ({to_decimal(v) for v in graph.objects(parcel, counted)}
                      if isinstance(counted, URIRef) else set())
            yield prop, kind, members, totals


def pairs(graph: Graph, vocabulary: Graph, app: Node
          ) -> Iterator[tuple[URIRef, URIRef, Node, Node]]:
    """(property, class, first, second) for each ``dl:mutualAmong`` property and parcel of ``app``
    whose structures (listed on it, or proposed) include exactly two of its class that are no
    part of another, and whose counted total of them (``dl:mutualCountedBy``) is two where it
    is known: each one's nearest other is the other, and the distance between them is one. The
    first is the one the application proposes where it proposes only one, else the one stating
    the property itself where only one does (docklaw derives the other's from it), else the
    first by name."""
    for prop, kind, members in groups(graph, vocabulary, app):
        if len(members) != 2:
            continue
        first, second = ordered(graph, app, prop, members)
        yield prop, kind, first, second


def ordered(graph: Graph, app: Node, prop: URIRef, two: list[Node]) -> tuple[Node, Node]:
    """Two structures, the one the application proposes first where it proposes only one, else
    the one stating ``prop`` itself where only one does, else by name."""
    first, second = sorted(two, key=lambda m: ((app, DL.proposes, m) not in graph,
                                               not stating(graph, m, prop), str(m)))
    return first, second


def figure(graph: Graph, node: Node, prop: URIRef) -> Decimal | None:
    """The one number ``node`` has for ``prop``, stated or derived (in its canonical unit once
    units are normalised), or, beside stated ones, the one docklaw derived (a drawn distance the
    shapes check beside the stated one: the drawing places the structures); None where it has
    none or several of either."""
    values = list(graph.objects(node, prop))
    if len(values) > 1:
        values = [v for v in values if graph.value(v, DL.derived) == TRUE]
    if len(values) != 1:
        return None
    number = to_decimal(graph.value(values[0], QUDT.numericValue))
    return number if isinstance(number, Decimal) else None


def nearest_pairs(graph: Graph, vocabulary: Graph, app: Node
                  ) -> Iterator[tuple[URIRef, URIRef, Node, Node, bool]]:
    """(property, class, first, second, only two) for each pair of structures known to be each
    other's nearest: a parcel's only two of the class (``pairs``), or, among three or more each
    with one figure (stated or drawn), the two alone at the least figure. Each of those two is
    that far from its nearest, whose own nearest is no farther, so at the least figure too: the
    other of the two (blind review 124 F6: three docks, two drawn 9.99 ft apart, cited the one
    breach twice). Three or more at the least figure may pair in more than one way: none."""
    for prop, kind, first, second in pairs(graph, vocabulary, app):
        yield prop, kind, first, second, True
    for prop, kind, members in groups(graph, vocabulary, app):
        figures = [figure(graph, m, prop) for m in members]
        if len(members) < 3 or any(f is None for f in figures):
            continue
        least = min(f for f in figures if f is not None)
        at = [m for m, f in zip(members, figures, strict=True) if f == least]
        if len(at) == 2:
            yield prop, kind, *ordered(graph, app, prop, at), False


def stating(graph: Graph, node: Node, prop: URIRef) -> bool:
    """Whether ``node`` states ``prop`` itself (a value docklaw did not derive)."""
    return any(graph.value(v, DL.derived) != TRUE for v in graph.objects(node, prop))


def mutual_distances(graph: Graph, prepared: Prepared, jid: str, app: Node) -> None:
    """Each ``dl:mutualAmong`` distance stated by one of a parcel's two structures of its class,
    given to the other; stated by both at different figures, read between them with a
    ``dl:Discrepancy`` (module docstring)."""
    undescribed(graph, prepared, jid, app)
    for prop, kind, members in groups(graph, prepared.ontology, app):
        if len(members) > 2:
            no_nearest(graph, prepared, jid, app, prop, kind, members)
            one_unstated(graph, prepared, jid, prop, members)
    for prop, kind, first, second in pairs(graph, prepared.ontology, app):
        with_value = [m for m in (first, second) if (m, prop, None) in graph]
        if len(with_value) == 2:
            disagreeing(graph, prepared, jid, prop, kind, first, second)
            continue
        if len(with_value) != 1:
            continue
        source = with_value[0]
        other = second if source == first else first
        values = list(graph.objects(source, prop))
        if len(values) != 1:
            continue
        number = to_decimal(graph.value(values[0], QUDT.numericValue))
        unit = graph.value(values[0], QUDT.unit)
        if not isinstance(number, Decimal):
            continue
        # (marked derived from the structure stating it, as a fact identity's value is)
        add_quantity(graph, other, prop, number,
                     unit if isinstance(unit, URIRef) else None, [source])


def disagreeing(graph: Graph, prepared: Prepared, jid: str, prop: URIRef, kind: URIRef,
                first: Node, second: Node) -> None:
    """The two structures each stating their distance to the other, at different figures (after
    units are normalised): one ``dl:Discrepancy`` on ``first`` (the one proposed, where only
    one is) holds both statements, and each
    is read at the laxer figure for the rules reading ``prop``, a ``dl:UpperBoundTotal`` at the
    stricter (one question, of ``first``, where a limit lies between); rules of both directions
    (or none): neither is read, the rules ask (module docstring)."""
    a, b = stated_quantity(graph, first, prop), stated_quantity(graph, second, prop)
    if a is None or b is None or a == b:
        return  # (a drawn distance, or one figure: one fact, nothing to choose)
    rules = [r.iri for r in prepared.rules_of(jid) if prop in r.constrains]
    directions = {prepared.knowledge.value(r, DL.comparison) for r in rules}
    said = (f"{short(first)} states {curie(prop)} {shown(prepared, prop, a[0])} and "
            f"{short(second)} {shown(prepared, prop, b[0])}, the parcel's only two "
            f"{curie(kind)} structures: each is the other's nearest, so the distance between "
            "them is one; which figure is right cannot be read from the application")
    note = withdrawn(graph, first, prop)
    for old in list(graph.objects(second, prop)):
        graph.remove((second, prop, old))
        graph.add((note, DL.declaredValue, old))
    if a[1] != b[1] or not rules or not (directions <= LOWER_LIMITS
                                         or directions <= UPPER_LIMITS):
        # (units the normalisation left apart, or rules of both directions: no end is laxer)
        graph.add((note, RDFS.comment, Literal(
            said + "; neither is used and the rules reading it ask for it")))
        return
    low, high = min(a[0], b[0]), max(a[0], b[0])
    read, other = (high, low) if directions <= LOWER_LIMITS else (low, high)
    question = (f"which is right: {short(first)}'s {curie(prop)} "
                f"{shown(prepared, prop, a[0])} or {short(second)}'s "
                f"{shown(prepared, prop, b[0])} (one distance between the two)?")
    graph.add((note, RDFS.comment, Literal(
        f"{said}; it is read as {shown(prepared, prop, low)} at least and "
        f"{shown(prepared, prop, high)} at most: a limit both break is cited, one only "
        f"{shown(prepared, prop, other)} breaks asks which is right; correct one of them")))
    entry = BNode()  # (one question for the one fact, asked of the structure noted)
    graph.add((entry, DL.focus, first))
    graph.add((entry, DL.property, prop))
    graph.add((entry, RDFS.comment, Literal(question)))
    for node in (first, second):
        add_quantity(graph, node, prop, read, a[1] if isinstance(a[1], URIRef) else None,
                     [first, second])
        bounded_by(graph, node, prop, other, entry, question, rules)


def no_nearest(graph: Graph, prepared: Prepared, jid: str, app: Node, prop: URIRef,
               kind: URIRef, members: list[Node]) -> None:
    """Three or more structures of ``kind``, each stating its distance to the nearest other, the
    least figure stated by one alone: that one's nearest other is that far from it, so has a
    nearest no farther, yet every other states more. One ``dl:Discrepancy`` names them all and
    each is read between what its own figure and the others' leave it (module docstring): each
    other one, any of which may be the partner, at its own figure and as near as the least
    (a ``dl:UpperBoundTotal``); the one stating the least, its figure wrong, is as far from
    every other as each other's own figure at least: it is read at the least of those and as
    near as its own figure, where that reading meets every limit of the rules reading it, and
    is otherwise not read (its distance were its figure wrong is unknown: the rules ask). A
    limit both ends break is cited, one only the least breaks asks which is right. A structure
    stating none may be the partner: nothing is contradicted. (Blind review 121 F1: three docks
    stating 12, 12 and 8 ft conformed in silence.)"""
    stated = {m: stated_quantity(graph, m, prop) for m in members}
    figures = {m: v[0] for m, v in stated.items() if v is not None}
    units = {v[1] for v in stated.values() if v is not None}
    if len(figures) != len(members) or len(units) != 1:
        return  # (one states none, or several, or units left apart: no contradiction read)
    least = min(figures.values())
    alone = [m for m, n in figures.items() if n == least]
    if len(alone) != 1:
        return  # (the least figure stated twice: the nearest pair see each other)
    low, unit = alone[0], units.pop()
    others = [m for m in members if m != low]
    nearest = min(figures[m] for m in others)
    proposed = [m for m in members if (app, DL.proposes, m) in graph]
    focus = proposed[0] if len(proposed) == 1 else low
    rules = [r.iri for r in prepared.rules_of(jid) if prop in r.constrains]
    directions = {prepared.knowledge.value(r, DL.comparison) for r in rules}
    listing = ", ".join(f"{short(m)} {shown(prepared, prop, figures[m])}" for m in others)
    said = (f"{short(low)} states {curie(prop)} {shown(prepared, prop, least)}, the distance to "
            f"its nearest other {curie(kind)}, and the others state more ({listing}): the one "
            f"nearest {short(low)} would then be no more than {shown(prepared, prop, least)} "
            f"from a {curie(kind)}, so one of the figures is wrong, and which cannot be read "
            "from the application")
    note = withdrawn(graph, low, prop)
    graph.set((note, DL.focus, focus))  # (on the structure the work proposes, where one)
    if not rules or not directions <= LOWER_LIMITS:
        graph.add((note, RDFS.comment, Literal(
            f"{said}; {short(low)}'s figure is not read and the rules reading it ask for it")))
        return
    question = (f"which is right: {short(low)}'s {curie(prop)} "
                f"{shown(prepared, prop, least)} or the others' ({listing})? If "
                f"{short(low)}'s, the nearest {curie(kind)} to it is no more than "
                f"{shown(prepared, prop, least)} from it")
    limits = [fixed_limit(prepared, r, prop) for r in rules]
    read_low = all(v is not None and nearest >= v for v in limits)
    graph.add((note, RDFS.comment, Literal(
        f"{said}; each other is read at its own figure and as near as "
        f"{shown(prepared, prop, least)} (it may be {short(low)}'s nearest), and {short(low)} "
        + (f"as far as {shown(prepared, prop, nearest)} (if its figure is wrong, it is at least "
           f"that far from each other) and as near as {shown(prepared, prop, least)}"
           if read_low else "is not read (if its figure is wrong, how far it is is unknown)")
        + f": a limit both break is cited, one only {shown(prepared, prop, least)} breaks asks "
        "which is right; correct one of them")))
    entry = BNode()  # (one question, asked of the structure noted)
    graph.add((entry, DL.focus, focus))
    graph.add((entry, DL.property, prop))
    graph.add((entry, RDFS.comment, Literal(question)))
    if read_low:
        add_quantity(graph, low, prop, nearest, unit if isinstance(unit, URIRef) else None,
                     members)
    for m in others + ([low] if read_low else []):
        bounded_by(graph, m, prop, least, entry, question, rules)


def one_unstated(graph: Graph, prepared: Prepared, jid: str, prop: URIRef,
                 members: list[Node]) -> None:
    """Three or more structures, all but one with one figure (stated or drawn): the one
    without is, from each other X, at least as far as X's nearest (X's own figure), so its own
    nearest is at least the least of the others' figures. Where every rule reading ``prop`` is
    a minimum that reading meets, it is read at that least figure (derived from the others), so
    the rules are decided rather than asking what the figures already settle (blind review 124
    F5: docks stating 10 and 12 ft beside one stating nothing asked the third; two docks already
    did this by ``pairs``). Below a limit the least figure says nothing of it: not read, asked.
    Two or more without a figure: how far they are from each other is unknown, nothing read.

    Only a figure stated bounds it: a drawn one (the drawing's least distance to another drawn
    structure) measures nothing to a structure the drawing leaves out, and the one without a
    figure is such a one (drawn, it would have one). So every other must state its figure
    (its drawn one, beside, is read too: the least of them bounds it), else nothing is read and
    the rules ask (blind review 127 F3: two docks drawn 10 ft apart beside a third listed, not
    drawn and stating nothing conformed, the third read at 10 ft "derived from" the two)."""
    missing = [m for m in members if (m, prop, None) not in graph]
    others = [m for m in members if m not in missing]
    numbers = [to_decimal(graph.value(v, QUDT.numericValue))
               for m in others for v in graph.objects(m, prop)]
    if len(missing) != 1 or not all(isinstance(n, Decimal) for n in numbers) or not all(
            stating(graph, m, prop) for m in others):
        return
    # (every figure a structure has, stated or drawn: the least of them all bounds it)
    least = min(n for n in numbers if isinstance(n, Decimal))
    rules = [r.iri for r in prepared.rules_of(jid) if prop in r.constrains]
    directions = {prepared.knowledge.value(r, DL.comparison) for r in rules}
    limits = [fixed_limit(prepared, r, prop) for r in rules]
    if not rules or not directions <= LOWER_LIMITS or not all(
            v is not None and least >= v for v in limits):
        return
    units = {graph.value(v, QUDT.unit) for m in others for v in graph.objects(m, prop)}
    unit = units.pop() if len(units) == 1 else None
    add_quantity(graph, missing[0], prop, least, unit if isinstance(unit, URIRef) else None,
                 others)


def undescribed(graph: Graph, prepared: Prepared, jid: str, app: Node) -> None:
    """Structures of the class whose place is unknown: those a parcel counts
    (``dl:mutualCountedBy``) beyond the ones it lists, and listed ones neither drawn nor
    stating the property. Each listed one's figure measured on the drawing (its distance to the
    nearest other *drawn* one) is then only an upper bound of its distance to the nearest
    other: read with a ``dl:UpperBoundTotal`` at 0, so a limit the drawing already breaks is
    cited and one it meets asks for the figure. One stating its own figure (the distance to the
    nearest of them all) is read at it. Which structures the rules reach is not changed: an
    unplaced one the work does not touch is not held itself, but it may be the nearest of one
    the work proposes. Why: blind review 127 F6, a parcel counting 3 docks beside two drawn
    10 ft apart conformed, the third dock's place unknown; and F3's variant, the third listed
    as existing, neither drawn nor stating (reading recorded at § 73-9C(1)(g), § 160-123A(1)(c))."""
    for prop, kind, members, totals in described(graph, prepared.ontology, app):
        numbers = [t for t in totals if isinstance(t, Decimal)]
        extra = max(numbers) - len(members) if numbers else 0
        unplaced = [m for m in members if (m, prop, None) not in graph]
        if extra <= 0 and not unplaced:
            continue
        why = "; ".join(
            ([f"the parcel counts {format_number(max(numbers))} and describes {len(members)}"]
             if extra > 0 else [])
            + ([f"{', '.join(short(m) for m in unplaced)} "
                f"{'is' if len(unplaced) == 1 else 'are'} neither drawn nor stating it"]
               if unplaced else []))
        rules = [r.iri for r in prepared.rules_of(jid) if prop in r.constrains]
        for m in members:
            if m in unplaced or stating(graph, m, prop):
                continue  # (its own figure read; none: the rules ask it anyway)
            question = (f"{short(m)}'s {curie(prop)} is measured on the drawing to the other "
                        f"{curie(kind)} structures drawn, but {why}: where the others stand is "
                        f"unknown. State {curie(prop)} of {short(m)} (to the nearest "
                        f"{curie(kind)} of them all), or describe the others")
            entry = asked_entry(graph, m, prop, question)
            bounded_by(graph, m, prop, Decimal(0), entry, question, rules)


def fixed_limit(prepared: Prepared, rule: URIRef, prop: URIRef) -> Decimal | None:
    """The rule's ``dl:limit`` in ``prop``'s canonical unit (None where it states no fixed one:
    a limit computed from other facts)."""
    limit = prepared.knowledge.value(rule, DL.limit)
    number = to_decimal(prepared.knowledge.value(limit, QUDT.numericValue)) \
        if limit is not None else None
    unit = prepared.knowledge.value(limit, QUDT.unit) if limit is not None else None
    if not isinstance(number, Decimal) or not isinstance(unit, URIRef):
        return None
    return prepared.units.convert(number, unit, prepared.units.canonical_of_property.get(prop))


def bounded_by(graph: Graph, node: Node, prop: URIRef, upper: Decimal, entry: Node,
               question: str, rules: Iterable[Node]) -> None:
    """``node``'s ``prop`` is at most ``upper`` (another structure's figure): a bound the rules
    comparing it read, undecided until the question ``entry`` is answered."""
    bound = BNode()
    graph.add((bound, RDF.type, DL.UpperBoundTotal))
    graph.add((bound, DL.focus, node))
    graph.add((bound, DL.property, prop))
    graph.add((bound, DL.upperBound, Literal(format_number(upper), datatype=XSD.decimal)))
    graph.add((bound, DL.undecidedMember, entry))
    graph.add((bound, RDFS.comment, Literal(question)))
    for rule in rules:
        graph.add((bound, DL.comparedBy, rule))
