"""One site per proposed structure: the lot the application names is the lot it is built on.

Why refuse and not pick: the lot rules (a frontage, a count of slips or docks per lot) are read
on the parcel the application names (``dl:parcel``). A proposed dock that the input lists
(``dl:hasStructure``) on another lot only, not on the named one, places the work on two lots at
once: read on the named lot, the other lot's stated figures were silently dropped (blind review
126 F2: the dock listed on a lot stating 4 slips, the application naming an empty lot, and the
report said "conforms"); read on the other, a lot the applicant did not name would be judged.
Two answers to one question are refused, as two values of one fact are. A structure listed on
the named lot and on another too (a dock shared by neighbours) is on the named lot: accepted.
"""

from __future__ import annotations

from rdflib import Graph
from rdflib.term import Node

from docklaw.errors import InputError
from docklaw.namespaces import DL
from docklaw.validate.intake.structures import node_label


def check_site(graph: Graph, app: Node, name: str | None = None) -> None:
    """InputError naming the structure and the lots when a proposed structure (or a whole or
    part of it) is listed on some lot and on none the application names."""
    named = set(graph.objects(app, DL.parcel))
    if not named:
        return  # asked for, rule by rule (derivation.site)
    for structure in sorted(graph.objects(app, DL.proposes), key=str):
        lots = {lot for node in connected(graph, structure)
                for lot in graph.subjects(DL.hasStructure, node)}
        if lots and lots.isdisjoint(named):
            listed = ", ".join(node_label(lot) for lot in sorted(lots, key=str))
            parcels = ", ".join(node_label(p) for p in sorted(named, key=str))
            raise InputError(
                f"the application names {parcels} as its parcel (dl:parcel), but the proposed "
                f"{node_label(structure)} is listed on {listed} (dl:hasStructure) and not on it: "
                "say which lot the work is on (list the structure on the parcel the "
                "application names, or name its lot)",
                node=node_label(structure), prop="dl:hasStructure", source=name)


def connected(graph: Graph, node: Node) -> set[Node]:
    """The node, its parts and the wholes it is a part of (dl:hasPart, both ways, any depth)."""
    seen = {node}
    stack = [node]
    while stack:
        current = stack.pop()
        for other in (*graph.objects(current, DL.hasPart), *graph.subjects(DL.hasPart, current)):
            if other not in seen:
                seen.add(other)
                stack.append(other)
    return seen
