"""Existing structures, one meaning: what an application's statement of status implies.

Why: ``dl:nonconforming true`` means lawfully existing and not conforming (the ontology's
definition); requiring ``dl:lawfullyExisting`` as well made a nonconforming structure that did
not repeat it lose the continuation the codes give it, and a structure stated both
nonconforming and not lawful cannot be read one way (refused, naming the node). And the
parcel's counts (docks, moorings, slips allotted to its frontage) limit what an application
builds: an application that only repairs or incidentally alters existing structures
(``dl:onlyMaintenanceProposed``, written on the parcel) adds nothing to them.
"""

from __future__ import annotations

from rdflib import BNode, Graph, Literal
from rdflib.term import Node

from docklaw.errors import InputError
from docklaw.law.targets import self_and_parts
from docklaw.namespaces import DL
from docklaw.validate.derivation.parts import maintenance


def node_label(node: Node) -> str:
    return f"_:{node}" if isinstance(node, BNode) else str(node)


def imply_status(graph: Graph, name: str | None = None) -> None:
    """dl:nonconforming true -> dl:lawfullyExisting true (refused when stated false)."""
    for node in sorted(set(graph.subjects(DL.nonconforming, Literal(True))), key=str):
        stated = [v for v in graph.objects(node, DL.lawfullyExisting) if isinstance(v, Literal)]
        if any(v.toPython() is False for v in stated):
            raise InputError("dl:nonconforming true means lawfully existing, but "
                             "dl:lawfullyExisting is stated false: state one or the other",
                             node=node_label(node), prop="dl:lawfullyExisting", source=name)
        if not stated:
            graph.add((node, DL.lawfullyExisting, Literal(True)))


def maintenance_only(graph: Graph, app: Node) -> None:
    """dl:onlyMaintenanceProposed on the application's parcels: whether every proposed
    structure, and every part of one that states work, is repaired or incidentally altered
    (unstated work: not shown, so false). Run after ``parts.propose_worked``: a structure
    listed on the parcel whose part states new work is proposed work too."""
    proposed = list(graph.objects(app, DL.proposes))
    if not proposed:
        return

    def maintained(node: Node) -> bool:
        """The node's own work is maintenance, and so is every work its parts state (a new
        hoist on a repaired dock adds to the parcel's count)."""
        return maintenance(graph, node) and all(
            maintenance(graph, p) for p in self_and_parts(graph, node)
            if (p, DL.workKind, None) in graph)
    flag = Literal(all(maintained(n) for n in proposed))
    for parcel in graph.objects(app, DL.parcel):
        graph.remove((parcel, DL.onlyMaintenanceProposed, None))
        graph.add((parcel, DL.onlyMaintenanceProposed, flag))
