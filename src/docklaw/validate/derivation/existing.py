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
from dataclasses import dataclass
from decimal import Decimal

from rdflib import RDF, RDFS, BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.errors import InputError
from docklaw.law.targets import comparable, self_and_parts
from docklaw.namespaces import DL, FALSE, TRUE
from docklaw.validate.derivation.parts import altered_parts, grown, maintenance, past_whole


def node_label(node: Node) -> str:
    return f"_:{node}" if isinstance(node, BNode) else str(node)


def imply_status(graph: Graph, name: str | None = None) -> None:
    """dl:nonconforming true -> dl:lawfullyExisting true (refused when stated false)."""
    for node in sorted(set(graph.subjects(DL.nonconforming, TRUE)), key=str):
        stated = [v for v in graph.objects(node, DL.lawfullyExisting) if isinstance(v, Literal)]
        if any(v.toPython() is False for v in stated):
            raise InputError("dl:nonconforming true means lawfully existing, but "
                             "dl:lawfullyExisting is stated false: state one or the other",
                             node=node_label(node), prop="dl:lawfullyExisting", source=name)
        if not stated:
            graph.add((node, DL.lawfullyExisting, TRUE))


@dataclass(frozen=True)
class AddedParts:
    """What a new part of a maintained structure may add (``part_adds``): the classes of a
    component bearing no area (``parts.component_classes``: a light, a railing, a pile) and
    those the parcel's slip totals sum dl:slipCount over or count (a lift, a hoist structure,
    a boat slip: the code's own, ``slip_classes``)."""

    components: frozenset[Node] = frozenset()
    slip_bearing: frozenset[Node] = frozenset()


#: what ``part_adds`` reads of a new part: it adds nothing, it may add a slip, or it adds
NOTHING, MAYBE, ADDS = "nothing", "maybe", "adds"


def part_adds(graph: Graph, part: Node, added: AddedParts) -> str:
    """Whether a new part of a structure that is otherwise only maintained "extend[s] or
    expand[s] the area occupied by the nonconformity" (South Bristol § 73-21A(1), Jerusalem
    § 160-126B(4): the proviso on "normal maintenance and repairs and incidental alteration"),
    decided from the facts (blind review 135 F3, reading chosen): a new component bearing no
    area (a light) that states no slips and reaches no farther than its whole did adds
    nothing; so does a new part of a class the slip totals read (a lift) stating dl:slipCount
    0 on a whole stating its slips no more than it had, where the whole's figure holds every
    such part (a part stating 0 stands in one of its whole's own slips, review 129 F1). One
    stating no slips may add one (``MAYBE``: its dl:slipCount is asked); one stating slips, or
    any other new part (a finger, a float: area), adds (``ADDS``). Before, any new part made
    the work more than maintenance: a nonconforming 3-slip dock repaired with a new light was
    cited under the 2-slip allocation (§ 73-8A)."""
    if (part, DL.workKind, DL.NewConstruction) not in graph or set(
            graph.objects(part, DL.workKind)) != {DL.NewConstruction} or grown(graph, part):
        return ADDS
    wholes = list(graph.subjects(DL.hasPart, part))
    if not wholes or any(past_whole(graph, part, w, None, frozenset()) for w in wholes):
        return ADDS
    slips = stated_slips(graph, part)
    if is_of(graph, part, added.components):
        return NOTHING if slips is None or slips == 0 else ADDS
    if not is_of(graph, part, added.slip_bearing):
        return ADDS
    if slips is None:
        return MAYBE
    if slips > 0:
        return ADDS
    return NOTHING if all(held_in_figure(graph, w, added) for w in wholes) else ADDS


def held_in_figure(graph: Graph, whole: Node, added: AddedParts) -> bool:
    """The whole states its slips, no more than the former figure it states (if any), and
    that figure holds every new part stating 0 slips listed on it (one slip each)."""
    own = stated_slips(graph, whole)
    if own is None:
        return False
    formers = [v for v in (comparable(graph, f) for f in graph.objects(
        whole, DL.preexistingSlipCount)) if isinstance(v, Decimal)]
    if any(own > f for f in formers):
        return False
    zero = [p for p in graph.objects(whole, DL.hasPart)
            if is_of(graph, p, added.slip_bearing) and stated_slips(graph, p) == 0
            and (p, DL.workKind, DL.NewConstruction) in graph]
    return len(zero) <= own


def stated_slips(graph: Graph, node: Node) -> Decimal | None:
    value = comparable(graph, graph.value(node, DL.slipCount)) \
        if (node, DL.slipCount, None) in graph else None
    return value if isinstance(value, Decimal) else None


def is_of(graph: Graph, node: Node, classes: frozenset[Node]) -> bool:
    return any(c in classes for c in graph.objects(node, RDF.type))


def maintenance_only(graph: Graph, app: Node, added: AddedParts | None = None) -> None:
    """dl:onlyMaintenanceProposed on the application's parcels: whether every proposed
    structure (a vessel listed is none), and every part of one that states work, is repaired
    or incidentally altered (unstated work: not shown, so false), a new part adding nothing
    counted so too
    (``part_adds``: a light, a lift stating 0 slips in its whole's unchanged figure). Run
    after ``parts.propose_worked``: a structure listed on the parcel whose part states new
    work is proposed work too. Where the only work not shown maintenance is an alteration not
    saying whether it is incidental (and not enlarging), or a new part that may add a slip,
    the flag is not written: whether the application only maintains is unknown, so a clause
    reading it with dl:absentAsked asks it (``ask_incidental`` moves the question to what
    decides it), never reads the silence as a non-incidental alteration (South Bristol
    § 73-21A(1), blind review fix-sb41) or a new slip (blind review 135 F3)."""
    # (a vessel the application lists is no work: a boat moored at a repaired buoy adds no
    # facility, blind review 151 F1)
    proposed = [n for n in graph.objects(app, DL.proposes) if (n, RDF.type, DL.Vessel) not in graph]
    if not proposed:
        return
    added = added or AddedParts()

    def maintained(node: Node, test: Callable[[Graph, Node], bool], *kinds: str) -> bool:
        """The node's own work is maintenance, and so is every work its parts state (a new
        hoist on a repaired dock adds to the parcel's count), or the part adds what
        ``kinds`` name."""
        return test(graph, node) and all(
            test(graph, p) or (p != node and part_adds(graph, p, added) in kinds)
            for p in self_and_parts(graph, node) if (p, DL.workKind, None) in graph)
    for parcel in graph.objects(app, DL.parcel):
        graph.remove((parcel, DL.onlyMaintenanceProposed, None))
    if all(maintained(n, maintenance, NOTHING) for n in proposed):
        flag = TRUE
    elif all(maintained(n, maybe_maintenance, NOTHING, MAYBE) for n in proposed):
        return  # (an alteration not saying whether it is incidental, a part's slips: unknown)
    else:
        flag = FALSE
    for parcel in graph.objects(app, DL.parcel):
        graph.add((parcel, DL.onlyMaintenanceProposed, flag))


def maybe_maintenance(graph: Graph, node: Node) -> bool:
    """Maintenance, or an alteration that does not say whether it is incidental
    (``dl:incidentalAlteration`` unstated) and that its stated values do not show enlarging."""
    return maintenance(graph, node) or (
        set(graph.objects(node, DL.workKind)) == {DL.Alteration}
        and (node, DL.incidentalAlteration, None) not in graph and not grown(graph, node))


def ask_incidental(graph: Graph, app: Node, added: AddedParts | None = None) -> None:
    """An unknown dl:onlyMaintenanceProposed (``maintenance_only`` left it unwritten) is asked
    as what decides it: whether each alteration not saying so is incidental, and how many
    slips each new part that may add one holds (``part_adds``: a lift stating none on a
    repaired dock; stating 0 it stands in one of the dock's own slips). Each note asking
    the flag of a parcel moves to those alterations and parts, asking dl:incidentalAlteration
    or dl:slipCount for its rule (the parcel's flag is written by derive, refused as input).
    So does a note asking a whole's dl:partsAlteredIncidentally
    (``parts.parts_altered_incidentally``): it moves to its parts altered not saying whether
    incidentally. Run after the undecided rules are
    recorded."""
    undecided = sorted({p for n in graph.objects(app, DL.proposes)
                        for p in self_and_parts(graph, n)
                        if maybe_maintenance(graph, p) and not maintenance(graph, p)}, key=str)
    slips = sorted({p for n in graph.objects(app, DL.proposes)
                    for p in self_and_parts(graph, n) - {n}
                    if part_adds(graph, p, added or AddedParts()) == MAYBE}, key=str)
    asked = [(p, DL.incidentalAlteration) for p in undecided] + [(p, DL.slipCount) for p in slips]
    for parcel in graph.objects(app, DL.parcel):
        move_asked(graph, parcel, DL.onlyMaintenanceProposed, asked,
                   "whether the alteration is incidental, and whether a new part adds a boat "
                   "slip (stating 0 slips it stands in one of its whole's own), decide whether "
                   "the application only maintains existing facilities "
                   "(dl:onlyMaintenanceProposed), which the parcel's counts leave unread")
    for whole in sorted(set(graph.subjects(DL.conditionUnknown, None)), key=str):
        unsaid = [p for p in altered_parts(graph, whole)
                  if (p, DL.incidentalAlteration, None) not in graph]
        move_asked(graph, whole, DL.partsAlteredIncidentally, unsaid,
                   "an alteration of a part is an alteration of its whole in part: whether it "
                   "is incidental decides whether the whole's work is the maintenance, repair "
                   "or incidental alteration an exception names (dl:partsAlteredIncidentally)")


def move_asked(graph: Graph, holder: Node, prop: Node,
               nodes: list[Node] | list[tuple[Node, URIRef]], why: str) -> None:
    """Each note on ``holder`` asking ``prop`` moves to ``nodes``, asking their
    dl:incidentalAlteration (or the property paired with a node) for its rules (none where
    ``nodes`` is empty)."""
    for note in list(graph.objects(holder, DL.conditionUnknown)):
        if graph.value(note, DL.property) != prop or not nodes:
            continue
        graph.remove((holder, DL.conditionUnknown, note))
        for item in nodes:
            node, fact = item if isinstance(item, tuple) else (item, DL.incidentalAlteration)
            ask = BNode()
            graph.add((node, DL.conditionUnknown, ask))
            graph.add((ask, DL.property, fact))
            for rule in graph.objects(note, DL.rule):
                graph.add((ask, DL.rule, rule))
            graph.add((ask, RDFS.comment, Literal(why)))
