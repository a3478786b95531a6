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
"""

from __future__ import annotations

from decimal import Decimal

from rdflib import Graph, URIRef
from rdflib.term import Node

from docklaw.law.units import to_decimal
from docklaw.namespaces import DL, QUDT, RDF
from docklaw.validate.derivation.totals import add_quantity


def mutual_distances(graph: Graph, vocabulary: Graph, app: Node) -> None:
    """Each ``dl:mutualAmong`` distance stated by one of a parcel's two structures of its class,
    given to the other (module docstring)."""
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
            stating = [m for m in members if (m, prop, None) in graph]
            if len(stating) != 1:
                continue
            source = stating[0]
            other = members[1] if source == members[0] else members[0]
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
