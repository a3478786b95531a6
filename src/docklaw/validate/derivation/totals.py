"""Parcel totals counted from the parcel's structures (South Bristol allocation, § 73-8A).

Why: the Table 1 to 4 checks compare parcel totals (dl:boatSlipCount, dl:mooringBuoyCount,
dl:dockCount, dl:boatHoistStructureCount) with the allocation; an applicant who describes every
structure but not the totals would otherwise only get "information needed". The counting follows
the text: a mooring buoy is counted apart from the boat slips (§ 73-5 adds it to the allotment:
the rule does), and "the boat storage capacity of existing boathouses or boat stations shall be
included in the total number of permitted boat slips" (§ 73-8A(4)). A stated total is never
replaced. An application may describe only some structures (the proposed ones) and state totals
that include the rest, so a count from the described structures is a lower bound: a stated total
below it is a dl:Discrepancy (like the geometry stage), one above it is not. A counted total the
applicant did not state is written with a dl:CountedTotal note the report shows. A total is
counted only when every structure it needs states its own number (dl:slipCount).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw import jurisdictions
from docklaw.law.units import to_decimal
from docklaw.namespaces import DL, RDF, RDFS, XSD

#: Structures whose slips count toward dl:boatSlipCount (each must state dl:slipCount).
SLIP_BEARING = (DL.Dock, DL.Boathouse, DL.BoatStation)


@dataclass(frozen=True)
class Count:
    prop: URIRef
    value: int | None  # None when a structure's own number is missing
    basis: str


def parcel_structures(graph: Graph, app: Node, parcel: Node) -> list[Node]:
    """The parcel's structures (dl:hasStructure) and the application's proposed ones, with
    their parts, each once."""
    seen: list[Node] = []
    stack = [*graph.objects(parcel, DL.hasStructure), *graph.objects(app, DL.proposes)]
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.append(node)
            stack.extend(graph.objects(node, DL.hasPart))
    return sorted(seen, key=str)


def is_a(graph: Graph, node: Node, classes: tuple[URIRef, ...]) -> bool:
    return any((node, RDF.type, c) in graph for c in classes)


def top_level(graph: Graph, nodes: list[Node], classes: tuple[URIRef, ...]) -> list[Node]:
    """Nodes of these classes that are not part of another node of these classes (a float of a
    dock, a consolidated dock's sections: counted once, with what contains them)."""
    members = [n for n in nodes if is_a(graph, n, classes)]
    inside = {part for owner in members for part in graph.objects(owner, DL.hasPart)}
    return [n for n in members if n not in inside]


def slip_count(graph: Graph, structures: list[Node], citation: str | None = None) -> Count:
    bearers = top_level(graph, structures, SLIP_BEARING)
    slips = [n for n in structures if (n, RDF.type, DL.BoatSlip) in graph
             and not is_a(graph, n, (*SLIP_BEARING, DL.MooringBuoy))]
    total = 0
    for node in bearers:
        number = to_decimal(graph.value(node, DL.slipCount))
        if number is None:
            return Count(DL.boatSlipCount, None, "")
        total += int(number)
    total += len(slips)
    basis = (f"dl:slipCount of {len(bearers)} dock(s), boathouse(s) and boat station(s), "
             f"existing and proposed" + (f", and {len(slips)} boat slip(s)" if slips else "")
             + "; mooring buoys excluded" + (f" ({citation})" if citation else ""))
    return Count(DL.boatSlipCount, total, basis)


COUNTERS: tuple[Callable[[Graph, list[Node], str | None], Count], ...] = (
    slip_count,
    lambda g, s, _c: Count(DL.mooringBuoyCount, len([n for n in s if (n, RDF.type, DL.MooringBuoy)
                                                 in g]), "mooring buoys"),
    lambda g, s, _c: Count(DL.dockCount, len(top_level(g, s, (DL.Dock,))),
                       "docks (a dock's floats and other parts counted with it)"),
    lambda g, s, _c: Count(DL.boatHoistStructureCount,
                       len([n for n in s if (n, RDF.type, DL.BoatHoistStructure) in g]),
                       "boat hoist structures"),
)


def count_totals(graph: Graph, jid: str, app: Node, read: set[URIRef] | None = None) -> None:
    """Write counted totals the applicant did not state; a dl:Discrepancy where they differ.

    Only for a code that declares ``[features] allocation_counts = { per_parcel = true }``,
    and (``read``) only the totals the code's rules read."""
    declared = jurisdictions.get(jid).features.allocation_counts
    if declared is None or not declared.per_parcel:
        return
    for parcel in sorted(graph.objects(app, DL.parcel), key=str):
        structures = parcel_structures(graph, app, parcel)
        if not structures:
            continue
        for counter in COUNTERS:
            count = counter(graph, structures, declared.buoys_excluded_citation)
            if count.value is None or (read is not None and count.prop not in read):
                continue
            stated = graph.value(parcel, count.prop)
            counted = Literal(count.value, datatype=XSD.integer)
            if stated is None:
                graph.add((parcel, count.prop, counted))
                add_counted_note(graph, parcel, count)
                continue
            number = to_decimal(stated)
            if number is not None and number < count.value:
                add_discrepancy(graph, parcel, count, stated, counted)


def add_counted_note(graph: Graph, parcel: Node, count: Count) -> None:
    note = BNode()
    name = str(count.prop).rsplit("#", 1)[-1]
    graph.add((note, RDF.type, DL.CountedTotal))
    graph.add((note, DL.focus, parcel))
    graph.add((note, DL.property, count.prop))
    graph.add((note, RDFS.comment, Literal(
        f"dl:{name} is not stated: {count.value} is counted from the structures the application "
        f"describes ({count.basis}) and checked; if the parcel has other docking and mooring "
        f"facilities, state the total")))


def add_discrepancy(graph: Graph, parcel: Node, count: Count, stated: Node,
                    counted: Literal) -> None:
    note = BNode()
    graph.add((note, RDF.type, DL.Discrepancy))
    graph.add((note, DL.focus, parcel))
    graph.add((note, DL.property, count.prop))
    graph.add((note, DL.declaredValue, stated))
    graph.add((note, DL.derivedValue, counted))
    name = str(count.prop).rsplit("#", 1)[-1]
    graph.add((note, RDFS.comment, Literal(
        f"the stated dl:{name} ({stated}) is less than the number counted from the structures "
        f"the application describes ({counted}: {count.basis}); the stated number is checked")))
