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

from collections.abc import Iterator
from decimal import Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.law.prepare import Prepared
from docklaw.law.units import curie, format_number, to_decimal
from docklaw.namespaces import DL, QUDT, RDF, RDFS, XSD
from docklaw.validate.derivation.samefact import stated_quantity
from docklaw.validate.derivation.totals import add_quantity, short, shown, withdrawn

#: The rule comparisons a distance's greater figure is the laxer for, and its lesser.
LOWER_LIMITS = frozenset({DL.AtLeast, DL.MoreThan})
UPPER_LIMITS = frozenset({DL.AtMost, DL.LessThan})


def pairs(graph: Graph, vocabulary: Graph, app: Node
          ) -> Iterator[tuple[URIRef, URIRef, Node, Node]]:
    """(property, class, first, second) for each ``dl:mutualAmong`` property and parcel of ``app``
    whose structures (listed on it, or proposed) include exactly two of its class that are no
    part of another, and whose counted total of them (``dl:mutualCountedBy``) is two where it
    is known: each one's nearest other is the other, and the distance between them is one. The
    first is the one the application proposes where it proposes only one, else the one stating
    the property itself where only one does (docklaw derives the other's from it), else the
    first by name."""
    for prop, kind in sorted(vocabulary.subject_objects(DL.mutualAmong)):
        if not isinstance(prop, URIRef) or not isinstance(kind, URIRef):
            continue
        counted = vocabulary.value(prop, DL.mutualCountedBy)
        for parcel in sorted(set(graph.objects(app, DL.parcel)), key=str):
            listed = set(graph.objects(parcel, DL.hasStructure)) | set(
                graph.objects(app, DL.proposes))
            members = sorted((s for s in listed if (s, RDF.type, kind) in graph
                              and (None, DL.hasPart, s) not in graph), key=str)
            if len(members) != 2:
                continue
            if isinstance(counted, URIRef):
                totals = {to_decimal(v) for v in graph.objects(parcel, counted)}
                if totals and totals != {Decimal(2)}:
                    continue  # the code counts another structure among them: which is nearest?
            members.sort(key=lambda m: ((app, DL.proposes, m) not in graph,
                                        not stating(graph, m, prop), str(m)))
            yield prop, kind, members[0], members[1]


def stating(graph: Graph, node: Node, prop: URIRef) -> bool:
    """Whether ``node`` states ``prop`` itself (a value docklaw did not derive)."""
    return any(graph.value(v, DL.derived) != Literal(True) for v in graph.objects(node, prop))


def mutual_distances(graph: Graph, prepared: Prepared, jid: str, app: Node) -> None:
    """Each ``dl:mutualAmong`` distance stated by one of a parcel's two structures of its class,
    given to the other; stated by both at different figures, read between them with a
    ``dl:Discrepancy`` (module docstring)."""
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
        bound = BNode()
        graph.add((bound, RDF.type, DL.UpperBoundTotal))
        graph.add((bound, DL.focus, node))
        graph.add((bound, DL.property, prop))
        graph.add((bound, DL.upperBound, Literal(format_number(other), datatype=XSD.decimal)))
        graph.add((bound, DL.undecidedMember, entry))
        graph.add((bound, RDFS.comment, Literal(question)))
        for rule in rules:
            graph.add((bound, DL.comparedBy, rule))
