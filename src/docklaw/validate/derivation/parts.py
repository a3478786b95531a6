"""Wholes and parts: what a code's definition makes part of a structure is part of it.

Why: Kings Point defines a dock to include "all structures, fixtures, or other mechanisms
appurtenant thereto, such as boat lifts, support piles, and mooring piles". An application
that lists a mooring pile beside the lot's one dock, without linking it, describes one dock,
not two (Standards A), and the pile's facts are the dock's. The code's data says which classes
are appurtenances of which whole (``<whole class> dl:appurtenance <class>``, concepts.ttl);
here each such structure that is a part of nothing becomes a part of the parcel's only whole
(``dl:hasPart``), recorded with a note the report shows. With several wholes on the parcel the
application must say which it belongs to; nothing is guessed.
"""

from __future__ import annotations

from decimal import Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw import jurisdictions
from docklaw.errors import InputError
from docklaw.law.prepare import Prepared
from docklaw.law.targets import GROWN, comparable, self_and_containers, self_and_parts
from docklaw.law.units import Units
from docklaw.namespaces import DL, FALSE, GEO, QUDT, RDF, RDFS, TRUE


def appurtenances(prepared: Prepared, jid: str) -> list[tuple[URIRef, frozenset[URIRef]]]:
    """(whole class, appurtenance classes) declared by the code's concepts."""
    own = jurisdictions.get(jid).concept_namespace
    found: dict[URIRef, set[URIRef]] = {}
    for whole, part in prepared.knowledge.subject_objects(DL.appurtenance):
        if isinstance(whole, URIRef) and isinstance(part, URIRef) and str(whole).startswith(own):
            found.setdefault(whole, set()).add(part)
    return sorted(((w, frozenset(p)) for w, p in found.items()), key=lambda x: str(x[0]))


def structures_of(graph: Graph, app: Node) -> list[Node]:
    """The parcel's structures and the proposed ones, with every part, each once."""
    stack = [*graph.objects(app, DL.proposes)]
    for parcel in graph.objects(app, DL.parcel):
        stack.extend(graph.objects(parcel, DL.hasStructure))
    seen: list[Node] = []
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.append(node)
            stack.extend(graph.objects(node, DL.hasPart))
    return sorted(seen, key=str)


def link_appurtenances(graph: Graph, prepared: Prepared, jid: str, app: Node) -> None:
    """Make each unattached appurtenance a part of the parcel's only whole (types must be
    materialised already)."""
    declared = appurtenances(prepared, jid)
    if not declared:
        return
    nodes = structures_of(graph, app)
    for whole_class, parts in declared:
        def is_part_kind(n: Node, parts: frozenset[URIRef] = parts) -> bool:
            return any((n, RDF.type, c) in graph for c in parts)

        wholes = [n for n in nodes if (n, RDF.type, whole_class) in graph and not is_part_kind(n)
                  and (None, DL.hasPart, n) not in graph]
        if len(wholes) != 1:
            continue
        whole = wholes[0]
        for node in nodes:
            if node == whole or not is_part_kind(node) or (None, DL.hasPart, node) in graph:
                continue
            graph.add((whole, DL.hasPart, node))
            note = BNode()
            graph.add((node, DL.partLinked, note))
            graph.add((note, DL.focus, whole))
            graph.add((note, DL.ofClass, whole_class))
            quote = prepared.knowledge.value(whole_class, DL.appurtenanceQuote)
            graph.add((note, RDFS.comment, Literal(
                "the code's definition makes it appurtenant to the parcel's only "
                f"{label_of(prepared, whole_class)}" + (f" ('{quote}')" if quote else "")
                + ": it is read as that structure's part, not as a second one")))


def read_listed_non_parts(graph: Graph, prepared: Prepared) -> None:
    """A member of a class that is no part of any structure (``<class> dl:partListingMeans
    <property>``: a vessel), listed as a structure's part (``dl:hasPart``), is read by the
    declared property from it to the structure listing it, and the listing is dropped; a
    ``dl:partListingRead`` note records it for the report. Run before the types are
    materialised (the class is read through the superclass closure): no class defined by a
    structure's parts, and no count of them, reads the member as a part.

    Why: a boat listed under a boat station was read as a portion of the station, so its
    height raised the station's (a false breach of a height limit measured "to the highest
    portion of a structure"), while the rules on the vessels berthed at a structure
    (``dl:mooredAt``) passed it by. A vessel is no part of a structure; listed on one, it is
    berthed there, and the rules on berthed vessels read it."""
    vocabulary = prepared.ontology
    for cls, prop in sorted(vocabulary.subject_objects(DL.partListingMeans), key=str):
        if not isinstance(prop, URIRef):
            continue
        for whole, part in sorted(graph.subject_objects(DL.hasPart), key=str):
            if not any(cls == t or cls in prepared.superclasses.get(t, frozenset())
                       for t in graph.objects(part, RDF.type)):
                continue
            graph.remove((whole, DL.hasPart, part))
            graph.add((part, prop, whole))
            note = BNode()
            graph.add((part, DL.partListingRead, note))
            graph.add((note, DL.focus, whole))
            graph.add((note, DL.property, prop))
            graph.add((note, DL.ofClass, cls))


def take_away_removed(graph: Graph, vocabulary: Graph) -> None:
    """A listed part whose work takes it away (``dl:takesAwayFromWhole``: dl:Removal) existed
    before the work and is no part of its whole after it: unlinked before anything reads the
    parts (``dl:hasPart`` becomes ``dl:removedPart``), its classes and those of its own parts
    taken off (kept as ``dl:removedAs``), so no rule measures, counts or limits it and it makes
    no work of its whole; ``grown`` takes its area from the whole's former one. Run first: no
    class defined by the parts, no count, no appurtenance link reads it.

    Why: blind review 94 F2. A dock losing its 60 sq ft T-head and gaining a new 60 sq ft L
    finger could not say so, and read as at least its former area plus the new finger's.
    Only a listed part may be removed: a whole removed is no application (exit 2), nor is a
    part removed from a structure stated new, itself or a structure it is part of (exit 2: a
    new structure had no parts before the work; refused, not warned, as the facts contradict
    each other and either reading of them could turn the verdict)."""
    kinds = {k for k, v in vocabulary.subject_objects(DL.takesAwayFromWhole) if v == TRUE}
    removed = sorted({n for k in kinds for n in graph.subjects(DL.workKind, k)}, key=str)
    for part in removed:
        wholes = sorted(graph.subjects(DL.hasPart, part), key=str)
        if not wholes:
            raise InputError(
                f"{part} states a kind of work that takes it away "
                f"({', '.join(sorted(str(k) for k in graph.objects(part, DL.workKind)))}), but it "
                "is no listed part of a structure: state the part removed with dl:hasPart on the "
                "structure it is taken from (a whole structure removed is no application)",
                node=str(part), prop="dl:workKind")
        new = sorted({w for whole in wholes for w in self_and_containers(graph, whole)
                      if (w, DL.workKind, DL.NewConstruction) in graph}, key=str)
        if new:  # (blind review 96 F6: a new dock listing a lift removed conformed silently)
            raise InputError(
                f"{part} states a kind of work that takes it away, but it is listed as a part "
                f"of {', '.join(str(w) for w in new)}, stated as new construction "
                "(dl:NewConstruction): a structure built new had no parts before the work to "
                "take away; state the existing structure's work (alteration, reconstruction, "
                "replacement) or leave the part out",
                node=str(part), prop="dl:workKind")
        for whole in wholes:
            graph.remove((whole, DL.hasPart, part))
            graph.add((whole, DL.removedPart, part))
        for p, o in [(DL.proposes, part), (DL.hasStructure, part)]:
            for s in list(graph.subjects(p, o)):
                graph.remove((s, p, o))
        for node in sorted(self_and_parts(graph, part), key=str):
            for cls in list(graph.objects(node, RDF.type)):
                graph.remove((node, RDF.type, cls))
                graph.add((node, DL.removedAs, cls))


def swapped(graph: Graph, whole: Node, parts: set[Node], units: Units | None) -> bool:
    """The whole's new parts (dl:NewConstruction) take the place of parts the work removes
    (``take_away_removed``): every new and every removed part states its area, and the new
    ones' together is no more than the removed ones' (blind review 94 F2: a 60 sq ft T-head
    taken away, a 60 sq ft L finger built). The whole is then altered by them, not enlarged;
    its stated values larger than its former ones still enlarge it (``grown``). A removed part
    stating no area may have taken as much as the new ones add: the swap is read, and the
    rules reading the whole's area ask that area where the stated one is below the former one
    plus the new parts' (``grown.grown_wholes``), so nothing turns on it unasked."""
    removed = removed_parts(graph, whole, sorted(parts, key=str))
    new = [p for p in parts if (p, DL.workKind, DL.NewConstruction) in graph]
    if not removed or not new:
        return False
    sums: list[Decimal] = []
    for nodes in (new, removed):
        total = Decimal(0)
        for node in nodes:
            areas = list(graph.objects(node, DL.area))
            if not areas and nodes is removed:
                return True  # what it took is not known: the whole's area is asked of it
                #              (``grown.taken_away``), never read as taken to nothing
            if len(areas) != 1:
                return False  # a new part's unstated (or stated twice): what it adds is unknown
            number, unit = comparable(graph, areas[0]), graph.value(areas[0], QUDT.unit)
            info = units.info(unit) if units is not None and isinstance(unit, URIRef) else None
            if not isinstance(number, Decimal) or info is None:
                return False
            total += info.to_canonical(number)
        sums.append(total)
    return sums[0] <= sums[1]


def rebuilt_within(graph: Graph, whole: Node, units: Units | None) -> bool:
    """The whole states its area and its former area, the one no larger than the other. Said of
    a whole built anew (a reconstruction or replacement, dl:buildsAnew), which may come out
    smaller than it was, its stated area is believed (``grown.grown_wholes``): its new parts
    are part of what was rebuilt within its former area and do not enlarge it (blind review 96
    F1: a nonconforming dock rebuilt after fire at its former 600 sq ft, with a new 100 sq ft
    finger, is restored "as before", Keuka § 160-126B(1) "shall not exceed the dimensions which
    existed prior to such damage"). A part reaching past the whole's former reach still
    enlarges it (``past_whole``), and one stated larger than it was (``grown``). A whole
    stating no area is not read so: whether its new parts enlarge it is not known."""
    areas = list(graph.objects(whole, DL.area))
    formers = list(graph.objects(whole, DL.preexistingArea))
    if len(areas) != 1 or len(formers) != 1:
        return False
    pair = in_one_unit(graph, areas[0], formers[0], units)
    return pair is not None and pair[0] <= pair[1]


def removed_parts(graph: Graph, whole: Node, inside: list[Node]) -> list[Node]:
    """The parts taken away (``take_away_removed``) from the whole or from its listed parts
    ``inside``, each once."""
    return sorted({r for n in [whole, *inside] for r in graph.objects(n, DL.removedPart)},
                  key=str)


def place_proposed(graph: Graph, app: Node) -> None:
    """A structure the application proposes stands on the application's parcel: each proposed
    structure that is a part of nothing and not listed among the parcel's structures is
    added to them (``dl:hasStructure``), with a note the report shows. Without this a second
    dock listed only in ``dl:proposes`` escaped every per-parcel count (one dock per lot,
    docks per foot of frontage): the fact is implied by the application, not asked for."""
    parcels = sorted(graph.objects(app, DL.parcel), key=str)
    if len(parcels) != 1:
        return  # no parcel, or several (intake refuses a second value): nothing to place on
    parcel = parcels[0]
    for node in sorted(graph.objects(app, DL.proposes), key=str):
        if (parcel, DL.hasStructure, node) in graph or (None, DL.hasPart, node) in graph:
            continue
        graph.add((parcel, DL.hasStructure, node))
        graph.add((node, DL.placedOnParcel, parcel))


def propose_worked(graph: Graph, app: Node) -> None:
    """A structure listed on the application's parcel that states work other than a repair
    (``dl:workKind`` new construction, enlargement, alteration, reconstruction, replacement),
    itself or on any of its parts, is work of this application, so the application proposes
    it (``dl:proposes``, with the note ``dl:proposedByWork`` the report shows), whether or not
    it was listed there: an application that lists a new boathouse only on its parcel had it
    counted and never checked (a silent "conforms"), and so had a new boat hoist listed as a
    part of the lot's existing dock. The whole is proposed, not the part alone: a part is
    checked through its whole (as for every proposed structure), and a new part changes the
    whole the rules on the whole measure. A repair stated on a listed structure stays a
    description of what exists (the structure is counted, and checked only where proposed)."""
    proposed = set(graph.objects(app, DL.proposes))
    inside = {p for node in proposed for p in self_and_parts(graph, node)}
    for parcel in sorted(graph.objects(app, DL.parcel), key=str):
        for node in sorted(graph.objects(parcel, DL.hasStructure), key=str):
            if node in inside or (None, DL.hasPart, node) in graph:
                continue
            if worked_parts(graph, node):
                graph.add((app, DL.proposes, node))
                graph.add((node, DL.proposedByWork, app))


def renewed_in_kind(graph: Graph, vocabulary: Graph) -> None:
    """``dl:renewedInKind`` on each node of a class of component renewed in kind (the
    vocabulary's: a pile, a railing, a light) that does not state it itself (a pile stated
    ``dl:renewedInKind false``, replaced by another kind of thing, keeps its statement). A node
    of any other class stating it true is not read so (the statement is taken off and kept as
    ``dl:renewalInKindNotRead``, which the report shows): a float, a finger, a walkway gives
    its whole its area or reach, and its replacement, even in kind, substitutes part of the
    structure (Keuka § 160-126B "substituted"), which the application's word does not make
    "normal maintenance and repairs" (as its word that an alteration is incidental does not:
    blind review 96 F2). Run after the types are materialised, before anything reads a part's
    date or work (``dated.dated_by_parts``, ``maintenance``).

    Why: blind review 120 F6/F7. A nonconforming 800 sq ft dock under repair listing a pile
    replaced in kind was read as substituted in part (dl:workByParts dl:Alteration) and lost
    the repair exception of Keuka § 160-126B(4) ("Normal maintenance and repairs"); the
    vocabulary's renewal in kind was read for the dates only."""
    kinds = set(vocabulary.subjects(DL.renewedInKind, TRUE))
    for node in sorted(set(graph.subjects(RDF.type, None)), key=str):
        stated = set(graph.objects(node, DL.renewedInKind))
        if set(graph.objects(node, RDF.type)) & kinds:
            if not stated:
                graph.add((node, DL.renewedInKind, TRUE))
        elif TRUE in stated:
            graph.remove((node, DL.renewedInKind, TRUE))
            graph.add((node, DL.renewalInKindNotRead, TRUE))


def maintenance(graph: Graph, node: Node) -> bool:
    """The node states a repair or an incidental alteration (``dl:incidentalAlteration``), or
    is a component replaced in kind (``dl:renewedInKind``, ``renewed_in_kind``: a pile
    replaced as it was is "normal maintenance and repairs", Keuka § 160-126B(4), South Bristol
    § 73-21A(1)), that does not enlarge it (its area or length no larger than the preexisting
    one it states: Canandaigua § 73-21A(1), Keuka § 160-126B(4) "provided that it does not
    extend or expand")."""
    kinds = set(graph.objects(node, DL.workKind))
    if grown(graph, node):
        return False
    return kinds == {DL.Repair} or (
        kinds == {DL.Alteration} and (node, DL.incidentalAlteration, TRUE) in graph
    ) or (kinds == {DL.Replacement} and (node, DL.renewedInKind, TRUE) in graph)


def grown(graph: Graph, node: Node, units: Units | None = None) -> bool:
    """A stated value (area, length, width, height, reach, slips) larger than the preexisting one
    the node states. This runs before units are normalised: stated in another unit than it, the
    two are compared in the property's canonical unit where ``units`` is given (28.956 m is 95
    ft, unchanged) and counted as changed where it is not or a unit is not convertible (not
    shown unchanged)."""
    for prop, before in GROWN:
        for value in graph.objects(node, prop):
            for former in graph.objects(node, before):
                now, was = comparable(graph, value), comparable(graph, former)
                if graph.value(value, QUDT.unit) != graph.value(former, QUDT.unit):
                    pair = in_one_unit(graph, value, former, units)
                    if pair is None:
                        return True  # (read before units are normalised: not shown unchanged)
                    now, was = pair
                if isinstance(now, Decimal) and isinstance(was, Decimal) and now > was:
                    return True
    return False


def in_one_unit(graph: Graph, value: Node, other: Node, units: Units | None
                ) -> tuple[Decimal, Decimal] | None:
    """Two stated quantities' numbers in their common canonical unit (None where they have
    none, or a unit is unknown)."""
    found = []
    for quantity in (value, other):
        number, unit = comparable(graph, quantity), graph.value(quantity, QUDT.unit)
        info = units.info(unit) if units is not None and isinstance(unit, URIRef) else None
        if not isinstance(number, Decimal) or info is None:
            return None
        found.append((info.canonical, info.to_canonical(number)))
    (first, now), (second, was) = found
    return (now, was) if first == second else None


def worked_parts(graph: Graph, node: Node) -> list[Node]:
    """The node, if it states work other than a repair, and its parts, at any depth, that state
    work other than maintenance (a repair or an incidental alteration of a part maintains
    the whole: it does not make the whole this application's work)."""
    def worked(n: Node) -> bool:
        works = set(graph.objects(n, DL.workKind))
        if n == node:
            return bool(works) and works != {DL.Repair}
        return bool(works) and not maintenance(graph, n)

    return sorted((n for n in self_and_parts(graph, node) if worked(n)), key=str)


#: What a part's work makes of its whole (the ontology's definitions of the kinds of work): a
#: new or enlarged part enlarges the whole ("Enlarging or extending an existing structure"), so
#: does a part stating a value larger than its preexisting one, whatever its work is called;
#: a part altered (not incidentally), reconstructed or replaced alters the whole in part (a
#: float rebuilt on a dock kept "in its present form", North Hempstead § 42-9A(3)); a part's
#: maintenance makes nothing of it. The rules on the kind of work read it beside the whole's
#: own; an exception's repair clause reads it where no not-extended clause guards it or the
#: code says so (dl:partsMustAgree).
WHOLE_WORK = {DL.NewConstruction: DL.Enlargement, DL.Enlargement: DL.Enlargement,
              DL.Alteration: DL.Alteration, DL.Reconstruction: DL.Alteration,
              DL.Replacement: DL.Alteration}

#: What each kind the parts make of a whole means, for the report (cite.placed_structures): a
#: part's reconstruction or replacement in kind alters its whole, it enlarges nothing (review 60:
#: the report had said every part's work "enlarges its whole").
WHOLE_WORK_WHY = {
    DL.Enlargement: "a new or enlarged part, or one (or the whole) larger than it was, "
                    "enlarges its whole",
    DL.Alteration: "a part altered (not incidentally), reconstructed or replaced, or one new "
                   "in place of removed parts covering no less area, alters its whole in part, "
                   "without enlarging it",
    DL.Reconstruction: "a part reconstructed after the damage it states restores its whole in "
                       "part",
}


def work_by_parts(graph: Graph, app: Node, units: Units | None = None,
                  decks: frozenset[Node] = frozenset(),
                  anew: frozenset[Node] = frozenset(),
                  components: frozenset[Node] = frozenset()) -> None:
    """``dl:workByParts`` on an existing whole whose parts state work (read by the rules'
    kinds of work beside its own ``dl:workKind``): a dock stated as a repair that gains a new
    finger is enlarged, and a rule on "construction" of docks reaches it; so is a whole that
    states a size larger than the preexisting one it states, whatever its work is called.
    Written only where the whole states its own work, other than new construction: a whole
    whose own work is unstated may be new, or only repaired around a replaced part, so its
    work is asked, not derived. A repair or incidental-alteration clause of an exception that
    no not-extended condition guards holds only where the parts make nothing else of the
    whole (``compile.exceptions_of``, ``targets.condition_holds``). A whole built anew
    (``anew``: its own work dl:buildsAnew) stating an area no larger than its former one is
    rebuilt within it: its new parts take their place in it (``rebuilt_within``). A new
    component of a class bearing no area (``components``: ``component_classes``) enlarges
    nothing by being added (``made_by``)."""
    for node in structures_of(graph, app):  # (a part stating its own work too: its parts')
        own = set(graph.objects(node, DL.workKind))
        if not own or DL.NewConstruction in own:
            continue
        parts = self_and_parts(graph, node) - {node}
        built = set(graph.objects(node, DL.construction))
        made: set[Node] = set()
        like: set[Node] = set()  # made by the parts stating the whole's own construction
        swap = swapped(graph, node, parts, units) or (
            bool(own & anew) and rebuilt_within(graph, node, units))
        for part in sorted(parts, key=str):
            by_part = made_by(graph, part, node, units, decks, swap, components)
            for kind in sorted(by_part, key=str):
                graph.add((part, DL.makesOfWhole, kind))
            made |= by_part
            if built & set(graph.objects(part, DL.construction)):
                like |= by_part
        if grown(graph, node, units) or more_slips_listed(graph, node, parts):
            made.add(DL.Enlargement)  # the whole itself: 4 slips made 6 in a "repair" is an
            like.add(DL.Enlargement)  # increase (North Hempstead § 42-9C(3))
        if (node, DL.incidentalAlteration, FALSE) not in graph:
            # a structural alteration of a part is no incidental one; read so too where the
            # whole does not say whether its alteration is incidental: stated so, the parts
            # would defeat it, stated not, it is none, so the question decides nothing and is
            # not asked (blind review 96 F2: a swap of parts was asked it, and "true" changed
            # nothing). A whole stating its alteration not incidental is altered already.
            own = own - {DL.Alteration}
        for kind in sorted(made - own, key=str):
            graph.add((node, DL.workByParts, kind))
        for kind in sorted(like - own, key=str):  # (dl:workOfPartsByConstruction reads it)
            graph.add((node, DL.workByPartsOfItsConstruction, kind))


def altered_parts(graph: Graph, node: Node) -> list[Node]:
    """The node's parts, at any depth, stating an alteration (dl:workKind dl:Alteration)."""
    return sorted((p for p in self_and_parts(graph, node) - {node}
                   if (p, DL.workKind, DL.Alteration) in graph), key=str)


def parts_altered_incidentally(graph: Graph, app: Node) -> None:
    """``dl:partsAlteredIncidentally`` on each structure of the application: false where a part
    of it states an alteration stated not incidental (``dl:incidentalAlteration false``), true
    where every part stating an alteration states it incidental (or none states one), unwritten
    where a part's alteration does not say (asked as that part's ``dl:incidentalAlteration``:
    ``existing.ask_incidental``). A stated value is replaced (the validator writes it).

    Why: blind review 124 F1. A nonconforming 800 sq ft dock stated repaired, whose finger is
    stated altered not incidentally, conformed with Canandaigua § 73-9C(1) under the repair
    exception of § 73-21A(1), while the same dock stated altered not incidentally violated it:
    "Normal maintenance and repairs and incidental alteration ... is permitted" excepts only an
    incidental alteration, and a part's alteration is the alteration of its whole in part. A
    code reads the flag in its exceptions (a dl:BooleanCondition), none is made to."""
    for node in structures_of(graph, app):
        graph.remove((node, DL.partsAlteredIncidentally, None))
        said = [graph.value(p, DL.incidentalAlteration) for p in altered_parts(graph, node)]
        if FALSE in said:
            graph.add((node, DL.partsAlteredIncidentally, FALSE))
        elif all(v == TRUE for v in said):
            graph.add((node, DL.partsAlteredIncidentally, TRUE))


def made_by(graph: Graph, part: Node, whole: Node, units: Units | None,
            decks: frozenset[Node], swap: bool = False,
            components: frozenset[Node] = frozenset()) -> set[Node]:
    """The kinds of work one part makes of its whole (``WHOLE_WORK``): its own work unless it
    is maintenance, and an enlargement where it is larger than it states it was (whatever its
    work is called) or reaches past what the whole was (review 15). A new part in place of
    removed ones covering no less area (``swapped``) alters its whole, as a part replaced
    does: it enlarges nothing. A new component of a class bearing no area (``components``:
    a light, a railing, a pile) makes nothing of its whole by being added: it is an
    incidental alteration, which neither extends nor expands the area the whole occupies
    (Keuka § 160-126B(4), Canandaigua § 73-21A(1)); its stated reach or size past the whole's
    former one still enlarges it (blind review 122 F2: a light added to a nonconforming
    800 sq ft dock under repair made it "enlarged" and cited under the 720 sq ft)."""
    made: set[Node] = set()
    added = DL.NewConstruction if any((part, RDF.type, c) in graph for c in components) else None
    if not maintenance(graph, part):
        made |= {DL.Reconstruction if restored(graph, part) else
                 DL.Alteration if swap and w == DL.NewConstruction else WHOLE_WORK[w]
                 for w in graph.objects(part, DL.workKind) if w in WHOLE_WORK and w != added}
    if grown(graph, part, units) or past_whole(graph, part, whole, units, decks):
        made.add(DL.Enlargement)
    return made


#: A whole's values that include its parts': a part reaching (or covering) more than the
#: whole's stated former reach (area) shows the whole larger than it was, whatever the whole
#: states now (a float reaching 110 ft on a dock stated 95 ft before and after).
WHOLE_OF_PARTS = ((DL.farthestExtentFromMHW, DL.preexistingExtentFromMHW),
                  (DL.area, DL.preexistingArea))


def past_whole(graph: Graph, part: Node, whole: Node, units: Units | None,
               decks: frozenset[Node]) -> bool:
    """The part states a reach, or (a deck part: ``deck_classes``) an area, larger than its
    whole's stated former one, and no former value of its own as large (a float that reached
    98 ft before and after is no expansion of a dock stated 95 ft before); values that cannot
    be compared in one unit are not compared here. A slip's or a station's area is open water,
    no deck (review 16)."""
    for prop, before in WHOLE_OF_PARTS:
        if prop == DL.area and not any((part, RDF.type, c) in graph for c in decks):
            continue
        for value in graph.objects(part, prop):
            if any((pair := in_one_unit(graph, value, own, units)) is not None
                   and pair[0] <= pair[1] for own in graph.objects(part, before)):
                continue  # as far as it was itself
            for former in graph.objects(whole, before):
                pair = in_one_unit(graph, value, former, units)
                if pair is not None and pair[0] > pair[1]:
                    return True
    return False


def deck_classes(vocabulary: Graph) -> frozenset[Node]:
    """The classes of a part whose area is the whole's deck: a dock of its own (a float) or a
    portion of a dock (a finger, a main walkway: ``dl:portionOf``). Only such a part stated
    smaller offsets another's growth; a boat station or hoist stated smaller does not (its
    open water space is no dock area, Keuka § 160-123A(1)(b))."""
    return frozenset({DL.Dock, *vocabulary.subjects(DL.portionOf, None)})


def component_classes(vocabulary: Graph) -> frozenset[Node]:
    """The classes of a component that bears no area of its whole (``<class> dl:addsNoArea
    true``: a light, a railing, a pile): one added new does not enlarge its whole
    (``made_by``)."""
    return frozenset(vocabulary.subjects(DL.addsNoArea, TRUE))


def more_slips_listed(graph: Graph, whole: Node, parts: set[Node]) -> bool:
    """More boat slips listed as its parts than the whole states it had (a dock's slip count
    and its listed slips are one number, the larger: docs/applications.md)."""
    listed = sum(1 for p in parts if (p, RDF.type, DL.BoatSlip) in graph)
    formers = [v for v in (comparable(graph, f) for f in graph.objects(
        whole, DL.preexistingSlipCount)) if isinstance(v, Decimal)]
    return bool(listed) and any(listed > f for f in formers)


def incidental(graph: Graph, node: Node) -> bool:
    return (node, DL.incidentalAlteration, TRUE) in graph


def restored(graph: Graph, part: Node) -> bool:
    """A part reconstructed after damage it states (dl:damageCause: a disaster, a fire,
    vandalism): read as a reconstruction of its whole in part, not as a structural alteration;
    where a not-extended clause guards a repair exception it is judged by its dimensions
    (Keuka § 160-126B(1) "may be restored, reconstructed or used as before"), elsewhere it
    changes the whole's form (North Hempstead § 42-9A(3) "in their present form")."""
    return (set(graph.objects(part, DL.workKind)) == {DL.Reconstruction}
            and (part, DL.damageCause, None) in graph)


def label_of(prepared: Prepared, cls: URIRef) -> str:
    import re

    label = prepared.label(cls) or str(cls).rsplit("/", 1)[-1]
    return re.sub(r"\s*\([^)]*\)", "", label)


def walkway_widths(graph: Graph, prepared: Prepared, app: Node) -> None:
    """A main walkway stated as a structure: its main walkway width is its stated width (the
    rule on the main walkway reads it there, and its dock is decided by it). One stating no
    width, listed undrawn as the part of a structure stating its main walkway width, has that
    width: the whole's main walkway is this part. Why: a main walkway part stating only its
    length was asked its width under Canandaigua § 73-9C(1)(a), though its dock stated the
    main walkway 6 feet wide (fix-sb11)."""
    law = prepared.knowledge
    kinds = {DL.MainWalkway, *law.subjects(DL.senseOf, DL.MainWalkway)}
    for node in structures_of(graph, app):
        if any((node, RDF.type, k) in graph for k in kinds) and (
                node, DL.mainWalkwayWidth, None) not in graph:
            for width in list(graph.objects(node, DL.width)):
                graph.add((node, DL.mainWalkwayWidth, width))
            if (node, DL.width, None) in graph or (node, GEO.hasGeometry, None) in graph:
                continue
            for whole in sorted(graph.subjects(DL.hasPart, node), key=str):
                for width in list(graph.objects(whole, DL.mainWalkwayWidth)):
                    graph.add((node, DL.mainWalkwayWidth, width))


def portion_widths(graph: Graph, prepared: Prepared, app: Node) -> None:
    """A portion stated as a structure (a dl:Landing or dl:MainWalkway part): its own width and
    the width of that portion (``dl:widthOfPortion``: dl:landingWidth, dl:mainWalkwayWidth) are
    one value, so whichever it states is the other where that other is not stated or measured
    (each rule reads its own property; the same fact said either way gets one verdict). Why: a
    landing stating dl:width 9 ft was cited under Kings Point Standards D(2)(b) and asked its
    landing width under Standards G; one stating dl:landingWidth 100 inches was cited under G
    and not D(2)(b); a main walkway stating dl:mainWalkwayWidth 10 ft conformed with D(2)(b)
    (blind review 70). Runs after the geometry stage: a drawn portion's measured width stands."""
    vocabulary, law = prepared.ontology, prepared.knowledge
    nodes = structures_of(graph, app)
    # (and another dimension of the portion, dl:dimensionOfPortion: a landing's own length is
    # its landing length, blind review 72; that way only: a landing length stated is not made
    # the part's own length, which the reach of a whole's parts reads as stated)
    pairs = [(prop, kind, vocabulary.value(prop, DL.widestOf), True)
             for prop, kind in vocabulary.subject_objects(DL.widthOfPortion)]
    pairs += [(prop, kind, vocabulary.value(prop, DL.ownDimension), False)
              for prop, kind in vocabulary.subject_objects(DL.dimensionOfPortion)]
    for prop, kind, widest, both in sorted(pairs, key=str):
        if not isinstance(prop, URIRef) or not isinstance(widest, URIRef):
            continue
        kinds = {kind, *law.subjects(DL.senseOf, kind)}
        for node in nodes:
            if not any((node, RDF.type, k) in graph for k in kinds):
                continue
            from_whole(graph, node, prop, widest, kinds)
            for have, lack in ((widest, prop), (prop, widest))[:2 if both else 1]:
                if (node, lack, None) not in graph:
                    for value in list(graph.objects(node, have)):
                        graph.add((node, lack, value))
                    bounds_carried(graph, node, have, lack)


def from_whole(graph: Graph, node: Node, prop: URIRef, own: URIRef, kinds: set[Node]) -> None:
    """A portion listed as the only part of its kind on a whole that states the portion's
    figure (a dock's dl:landingWidth, listing one dl:Landing part) and stating none of its own
    (neither ``prop`` nor ``own``): the whole's figure is the part's. Why: a dock stating its
    landing 8 feet wide and listing a landing part stating only 72 square feet was cited on
    'its width or its length' jointly and its width rule accounted broken, though the dock gives
    the width; the length, at least 9 feet, is what is over (blind review 137 F6)."""
    if (node, prop, None) in graph or (node, own, None) in graph:
        return
    for whole in sorted(graph.subjects(DL.hasPart, node), key=str):
        alike = [p for p in graph.objects(whole, DL.hasPart)
                 if any((p, RDF.type, k) in graph for k in kinds)]
        if alike == [node]:
            for value in list(graph.objects(whole, prop)):
                graph.add((node, prop, value))


def bounds_carried(graph: Graph, node: Node, have: URIRef, lack: URIRef) -> None:
    """The drawing's bounds on ``node``'s ``have`` (a dl:UpperBoundTotal the geometry stage
    wrote: a landing drawn askew to the shore reads its own length two ways) bound ``lack``, the
    same fact spelled as the portion's (dl:landingLength), so the rules reading it ask where a
    limit falls between the readings rather than pass the lesser (blind review 137 F2)."""
    for note in sorted(graph.subjects(DL.focus, node), key=str):
        if (note, RDF.type, DL.UpperBoundTotal) not in graph or \
                graph.value(note, DL.property) != have:
            continue
        copy = BNode()
        for p, o in list(graph.predicate_objects(note)):
            if p == DL.property:
                o = lack
            elif p == DL.undecidedMember:
                entry = BNode()
                for ep, eo in list(graph.predicate_objects(o)):
                    graph.add((entry, ep, lack if ep == DL.property else eo))
                o = entry
            elif p == DL.comparedBy:
                continue
            graph.add((copy, p, o))


def facts_from_wholes(graph: Graph, prepared: Prepared) -> None:
    """A part lies where its whole lies, where the whole's value says where all of it lies
    (``dl:readFromWhole``, ``dl:readFromWholeValue``).

    Why: a whole stated landward is wholly landward, and so are its parts; a whole "wholly or
    partly waterside" says nothing of a part (a dock crosses the mark), so a part of one stating
    no side is still asked (blind review 82 B3 asked that it be read waterside; a missing fact is
    information needed, never a violation).
    A structure listed as a part (``dl:hasPart``) that states none of such a property reads the
    value of its nearest whole that has one, stated or derived (from the whole's own reach:
    run after the flags the law derives from measurements), at any depth. A part stating its
    own keeps it (a dock stated waterside may reach back over the land, and a part the
    application places landward is read there). Not through a part derive linked to its whole
    (``dl:partLinked``: listed on the parcel, it stands where it stands) nor for a class whose
    members stand apart from their whole by definition (``dl:standsApart``). Wholes at the same
    distance stating different values decide nothing: the rules ask the part."""
    vocabulary = prepared.ontology
    props = sorted((p for p in vocabulary.subjects(DL.readFromWhole, TRUE)
                    if isinstance(p, URIRef)), key=str)
    if not props:
        return
    apart = {c for c, v in vocabulary.subject_objects(DL.standsApart) if v == TRUE}

    def joined(part: Node) -> bool:
        return ((part, DL.partLinked, None) not in graph
                and not any((part, RDF.type, c) in graph for c in apart))

    for prop in props:
        found: dict[Node, Node] = {}
        # the values saying something of every part (none named: every value)
        passing = set(vocabulary.objects(prop, DL.readFromWholeValue))
        for part in sorted({p for p in graph.objects(None, DL.hasPart)}, key=str):
            if graph.value(part, prop) is not None or not joined(part):
                continue
            layer, seen = [part], {part}
            values: set[Node] = set()
            while layer and not values:
                wholes = sorted({w for n in layer if n == part or joined(n)
                                 for w in graph.subjects(DL.hasPart, n)} - seen, key=str)
                seen.update(wholes)
                values = {v for w in wholes for v in graph.objects(w, prop)
                          if isinstance(v, Literal)}
                layer = wholes
            if len(values) == 1 and (not passing or values <= passing):
                found[part] = values.pop()
        for part, value in found.items():
            graph.add((part, prop, value))
