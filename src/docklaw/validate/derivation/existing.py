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

from collections.abc import Callable

from rdflib import RDFS, BNode, Graph, Literal
from rdflib.term import Node

from docklaw.errors import InputError
from docklaw.law.targets import self_and_parts
from docklaw.namespaces import DL
from docklaw.validate.derivation.parts import altered_parts, grown, maintenance


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
    listed on the parcel whose part states new work is proposed work too. Where the only work
    not shown maintenance is an alteration not saying whether it is incidental (and not
    enlarging), the flag is not written: whether the application only maintains is unknown,
    so a clause reading it with dl:absentAsked asks it, never reads the silence as a
    non-incidental alteration (South Bristol § 73-21A(1), blind review fix-sb41)."""
    proposed = list(graph.objects(app, DL.proposes))
    if not proposed:
        return

    def maintained(node: Node, test: Callable[[Graph, Node], bool]) -> bool:
        """The node's own work is maintenance, and so is every work its parts state (a new
        hoist on a repaired dock adds to the parcel's count)."""
        return test(graph, node) and all(
            test(graph, p) for p in self_and_parts(graph, node)
            if (p, DL.workKind, None) in graph)
    for parcel in graph.objects(app, DL.parcel):
        graph.remove((parcel, DL.onlyMaintenanceProposed, None))
    if all(maintained(n, maintenance) for n in proposed):
        flag = Literal(True)
    elif all(maintained(n, maybe_maintenance) for n in proposed):
        return  # (an alteration not saying whether it is incidental: unknown)
    else:
        flag = Literal(False)
    for parcel in graph.objects(app, DL.parcel):
        graph.add((parcel, DL.onlyMaintenanceProposed, flag))


def maybe_maintenance(graph: Graph, node: Node) -> bool:
    """Maintenance, or an alteration that does not say whether it is incidental
    (``dl:incidentalAlteration`` unstated) and that its stated values do not show enlarging."""
    return maintenance(graph, node) or (
        set(graph.objects(node, DL.workKind)) == {DL.Alteration}
        and (node, DL.incidentalAlteration, None) not in graph and not grown(graph, node))


def ask_incidental(graph: Graph, app: Node) -> None:
    """An unknown dl:onlyMaintenanceProposed (``maintenance_only`` left it unwritten) is asked
    as what decides it: whether each alteration not saying so is incidental. Each note asking
    the flag of a parcel moves to those alterations, asking dl:incidentalAlteration for its
    rule (the parcel's flag is written by derive, refused as input). So does a note asking a
    whole's dl:partsAlteredIncidentally (``parts.parts_altered_incidentally``): it moves to its
    parts altered not saying whether incidentally. Run after the undecided rules are
    recorded."""
    undecided = sorted({p for n in graph.objects(app, DL.proposes)
                        for p in self_and_parts(graph, n)
                        if maybe_maintenance(graph, p) and not maintenance(graph, p)}, key=str)
    for parcel in graph.objects(app, DL.parcel):
        move_asked(graph, parcel, DL.onlyMaintenanceProposed, undecided,
                   "whether the alteration is incidental decides whether the application "
                   "only maintains existing facilities (dl:onlyMaintenanceProposed), which "
                   "the parcel's counts leave unread")
    for whole in sorted(set(graph.subjects(DL.conditionUnknown, None)), key=str):
        unsaid = [p for p in altered_parts(graph, whole)
                  if (p, DL.incidentalAlteration, None) not in graph]
        move_asked(graph, whole, DL.partsAlteredIncidentally, unsaid,
                   "an alteration of a part is an alteration of its whole in part: whether it "
                   "is incidental decides whether the whole's work is the maintenance, repair "
                   "or incidental alteration an exception names (dl:partsAlteredIncidentally)")


def move_asked(graph: Graph, holder: Node, prop: Node, nodes: list[Node], why: str) -> None:
    """Each note on ``holder`` asking ``prop`` moves to ``nodes``, asking their
    dl:incidentalAlteration for its rules (none where ``nodes`` is empty)."""
    for note in list(graph.objects(holder, DL.conditionUnknown)):
        if graph.value(note, DL.property) != prop or not nodes:
            continue
        graph.remove((holder, DL.conditionUnknown, note))
        for node in nodes:
            ask = BNode()
            graph.add((node, DL.conditionUnknown, ask))
            graph.add((ask, DL.property, DL.incidentalAlteration))
            for rule in graph.objects(note, DL.rule):
                graph.add((ask, DL.rule, rule))
            graph.add((ask, RDFS.comment, Literal(why)))
