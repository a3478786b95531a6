"""Booleans the listed parts decide (``dl:flaggedByPart`` on a rule, ontology/terms/part-flags.ttl).

Why: a rule that forbids something on a structure reads a boolean the structure states (North
Haven § 56-2O "No permanent structures shall be constructed on decking":
``dl:permanentStructureOnDeck``). An application that lists such a structure as a part of the
dock has said it is there; believing the whole's "false" over the listed part is a false
"conforms". The listed part decides; a stated value it contradicts is moved onto a
``dl:Discrepancy`` that names both (a Warning on the rules reading it). A part whose
construction is unstated may or may not be the forbidden thing: nothing is derived, but the
stated value it may contradict is not believed either, so the rule asks for it.

A flag marked ``dl:flagOnDirectWhole`` is a fact of the part's own whole, not of the outermost
one (South Bristol § 73-5: a canopy listed on a dock is the dock's roof; one listed on a lift the
dock carries is the lift's): it is decided on each structure listing the part directly, whatever
its class, and through a part that is its whole's own (``dl:listsForWhole``: a canopy is the
roof of the structure listing it, so a sundeck listed on the canopy of a boat station is the
station's, blind review 73 A1). Such a part stating the flag itself says it of its whole (a
canopy stating dl:hasSecondFloorDeck true: the station has one). A flag with
``dl:onlyListedOnPart`` is decided only by parts listed on a part of that kind the whole lists (a
porch on a boat station's canopy is a deck on its roof; a porch listed on the station itself
may be at the water, and is no second-floor deck). A flag with ``dl:flagWholeClass`` follows the
part chain (``chained``): it is decided on the nearest structure of those kinds above the part,
through wholes of any kind (a porch on the canopy of a dock inside a boat station is on a roof
inside the station, blind review 80 A1). A part that decides a flag on a whole says so
(``dl:decidesWholeFlag``), so a rule citing it on its own can leave it to the whole's rule by
that fact, and never by a reach of its own that may differ from the flag's.

A quantity marked ``dl:readFromPart`` is a fact of the whole stated on the part that is it (a
canopy is the roof of the structure listing it directly, so its dl:roofPitch is that
structure's roof pitch: blind review 65, a lift listing a canopy of 8/12 was asked its own
pitch, and one stating 3/12 beside it would have been read at 3/12). A whole stating none is
read with its part's; a whole stating another, or parts stating different values, states two
values of one fact: a ``dl:Discrepancy`` names them and none is read, so the rules ask for it
(never the one that conforms). The part's value holds under every reading (the part is the
whole's, or one more of the same beside the whole's own: a canopy is the structure's roof, or a
second roof, and "a roof ... must not have a pitch greater than a 3/12" holds either way), so
the least a part states bounds the whole below: a maximum that bound already passes is cited
(blind review 67: a boat station stating 3/12 listing a canopy of 5/12 was asked its pitch),
every other is asked. A boolean marked so is read the same way (``booleans_from_parts``: a
canopy stating dl:hasSecondFloorDeck false says its structure has no deck on its roof, blind
review 78 C3); a part stating true holds whichever is meant.

A count or quantity marked ``dl:leastFromPart`` is at least what such a part states (a canopy's
enclosed sides are sides of the structure it covers, enclosed "in any manner": blind review 66,
a lift stating 0 enclosed sides listing a canopy stating 2 conformed). A whole stating less is
read with the part's value (a ``dl:Discrepancy`` names both); a whole stating none is bounded
below by it, so a limit the bound already passes is cited and every other asks for the value.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.law.prepare import Prepared
from docklaw.law.units import curie
from docklaw.namespaces import DL, PROV, RDF, RDFS, TRUE, XSD
from docklaw.validate.derivation.totals import (
    add_quantity,
    bounded_by_parts,
    is_a,
    number_of,
    parts_of,
    short,
    shown,
    top_level,
    withdrawn,
)


def carriers(prepared: Prepared) -> frozenset[URIRef]:
    """The kinds of part that are their whole's own (``<class> dl:listsForWhole true``, with
    their subclasses: a canopy is the roof of the structure listing it): a part listed on one is
    listed on that structure through it."""
    def read() -> frozenset[URIRef]:
        vocabulary = prepared.ontology
        tops = [c for c in vocabulary.subjects(DL.listsForWhole, TRUE)
                if isinstance(c, URIRef)]
        return frozenset(c for t in tops for c in (t, *vocabulary.transitive_subjects(
            RDFS.subClassOf, t)) if isinstance(c, URIRef))
    return prepared.memo(("partflags.carriers", ""), read)  # type: ignore[no-any-return]


def is_carrier(graph: Graph, node: Node, through: frozenset[URIRef]) -> bool:
    return any((node, RDF.type, c) in graph for c in through)


def listed_on(graph: Graph, whole: Node, through: frozenset[URIRef]) -> list[Node]:
    """The parts ``whole`` lists directly, and those listed on such a part that is its whole's
    own (``carriers``: a canopy's), at any depth through such parts, each once."""
    seen: list[Node] = []
    stack = sorted(graph.objects(whole, DL.hasPart), key=str)
    while stack:
        part = stack.pop(0)
        if part in seen or part == whole:
            continue
        seen.append(part)
        if is_carrier(graph, part, through):
            stack.extend(sorted(graph.objects(part, DL.hasPart), key=str))
    return sorted(seen, key=str)


def listing(graph: Graph, part: Node, through: frozenset[URIRef]) -> set[Node]:
    """The structures listing ``part`` directly, or through parts that are their own
    (``listed_on``'s inverse)."""
    out: set[Node] = set()
    stack = list(graph.subjects(DL.hasPart, part))
    while stack:
        whole = stack.pop()
        if whole in out or whole == part:
            continue
        out.add(whole)
        if is_carrier(graph, whole, through):
            stack.extend(graph.subjects(DL.hasPart, whole))
    return out


def part_flags(prepared: Prepared, jid: str
               ) -> tuple[tuple[URIRef, tuple[URIRef, ...],
                                tuple[tuple[tuple[URIRef, ...], Literal, frozenset[Node], bool,
                                            frozenset[URIRef], tuple[URIRef, ...], bool],
                                      ...]],
                          ...]:
    """(the property, the governed classes, (part classes, value, unless constructions, on the
    direct whole, the kinds of part it must be listed on, the kinds of whole it is decided on:
    none, any; decided only by a part stating it, dl:flagStatedOnPart) per flag) for each rule
    of the code with dl:flaggedByPart: the same for every application, read once per law."""
    def read() -> tuple:  # type: ignore[type-arg]
        law = prepared.knowledge
        out = []
        for rule in prepared.rules_of(jid):
            flags = sorted(law.objects(rule.iri, DL.flaggedByPart), key=str)
            props = [p for p in law.objects(rule.iri, DL.constrains) if isinstance(p, URIRef)]
            if not flags or len(props) != 1:
                continue
            governs = tuple(g for g in law.objects(rule.iri, DL.governs)
                            if isinstance(g, URIRef))
            by_prop: dict[URIRef, list] = {}  # type: ignore[type-arg]
            for flag in flags:
                value = law.value(flag, DL.flagValue)
                if not isinstance(value, Literal):
                    continue
                classes = tuple(c for c in law.objects(flag, DL.partClass)
                                if isinstance(c, URIRef))
                # (dl:flagProperty: another boolean the rule reads, decided by the same parts)
                own = law.value(flag, DL.flagProperty)
                by_prop.setdefault(own if isinstance(own, URIRef) else props[0], []).append(
                    (classes, value, frozenset(law.objects(flag, DL.unlessConstruction)),
                     law.value(flag, DL.flagOnDirectWhole) == TRUE,
                     with_subclasses(prepared, frozenset(
                         c for c in law.objects(flag, DL.onlyListedOnPart)
                         if isinstance(c, URIRef))),
                     tuple(sorted(c for c in law.objects(flag, DL.flagWholeClass)
                                  if isinstance(c, URIRef))),
                     law.value(flag, DL.flagStatedOnPart) == TRUE))
            for prop, read_flags in sorted(by_prop.items(), key=lambda kv: str(kv[0])):
                # a flag deciding however its parts are built first, the same order every run:
                # a part it decides is not reported as open (a Discrepancy "without its
                # construction") by another flag of the rule
                read_flags.sort(key=lambda f: (bool(f[2]), sorted(map(str, f[0]))))
                out.append((prop, governs, tuple(read_flags)))
        return tuple(out)
    return prepared.law_memo(("partflags.part_flags", jid), read)  # type: ignore[no-any-return]


def flags_from_parts(graph: Graph, prepared: Prepared, jid: str) -> None:
    """Write each flag a listed part decides on the outermost governed whole that lists it (or,
    with dl:flagOnDirectWhole, on each structure listing it directly or through a part that is
    its own, ``listed_on``; such a part stating the flag's value decides it too)."""
    through = carriers(prepared)
    for prop, governs, flags in part_flags(prepared, jid):
        outermost = top_level(graph, sorted({n for g in governs
                                             for n in graph.subjects(RDF.type, g)}, key=str))
        for classes, value, unless, direct, only, kinds, stating in flags:
            if direct and kinds and stating:
                for whole, parts in stated_inside(graph, prop, classes, value, kinds):
                    settle(graph, whole, prop, value, parts, unless)
                continue
            if direct and kinds:
                for whole, parts in chained(graph, prop, classes, value, only, kinds, through):
                    settle(graph, whole, prop, value, parts, unless)
                continue
            if direct:
                said = [p for p in graph.subjects(prop, value) if is_carrier(graph, p, through)]
                wholes = sorted({w for c in classes for p in graph.subjects(RDF.type, c)
                                 for w in listing(graph, p, through)}
                                | {w for p in said for w in listing(graph, p, through)}, key=str)
            for whole in wholes if direct else outermost:
                listed = listed_on(graph, whole, through) if direct else parts_of(graph, whole)
                parts = [p for p in listed
                         if (any((p, RDF.type, c) in graph for c in classes)
                             and (not only or on_part(graph, p, listed, only)))
                         or (direct and (p, prop, value) in graph
                             and is_carrier(graph, p, through))]
                settle(graph, whole, prop, value, parts, unless)


def settle(graph: Graph, whole: Node, prop: URIRef, value: Literal, parts: list[Node],
           unless: frozenset[Node]) -> None:
    """Decide the flag on ``whole`` from the listed ``parts`` that decide it (those of an
    ``unless`` construction do not; those stating none leave the stated value in doubt)."""
    if not unless:  # every listed part of those classes decides, however built
        deciding, open_ = parts, []
    else:
        deciding = [p for p in parts if graph.value(p, DL.construction) is not None
                    and graph.value(p, DL.construction) not in unless]
        open_ = [p for p in parts if graph.value(p, DL.construction) is None]
    if deciding:
        decide(graph, whole, prop, value, deciding)
    elif open_:
        doubt(graph, whole, prop, value, open_)


def chained(graph: Graph, prop: URIRef, classes: tuple[URIRef, ...], value: Literal,
            only: frozenset[URIRef], kinds: tuple[URIRef, ...], through: frozenset[URIRef]
            ) -> list[tuple[Node, list[Node]]]:
    """(whole, deciding parts) for a flag with ``dl:flagWholeClass``: the part chain. A part of
    ``classes`` (with ``dl:onlyListedOnPart``, only one listed directly on a part of those
    kinds), or a part that is its whole's own (a canopy) stating the flag's value, decides it on
    the nearest structure of ``kinds`` on each chain of wholes above it (dl:hasPart, through
    wholes of any kind), and on none further out: a sundeck on the canopy of a dock inside a
    boat station is the station's second-floor sundeck (blind review 80 A1: listed through the
    dock it was the station's nowhere, and cited nowhere), one on a lift inside the station the
    lift's."""
    candidates = sorted({p for c in classes for p in graph.subjects(RDF.type, c)}
                        | {p for p in graph.subjects(prop, value)
                           if is_carrier(graph, p, through)}, key=str)
    out: dict[Node, list[Node]] = {}
    for part in candidates:
        of_class = any((part, RDF.type, c) in graph for c in classes)
        said = (part, prop, value) in graph and is_carrier(graph, part, through)
        for direct in sorted(graph.subjects(DL.hasPart, part), key=str):
            if of_class and only and not said \
                    and not any((direct, RDF.type, c) in graph for c in only):
                continue
            for whole in nearest(graph, direct, kinds, part):
                if part not in out.setdefault(whole, []):
                    out[whole].append(part)
    return sorted(out.items(), key=lambda kv: str(kv[0]))


def stated_inside(graph: Graph, prop: URIRef, classes: tuple[URIRef, ...], value: Literal,
                  kinds: tuple[URIRef, ...]) -> list[tuple[Node, list[Node]]]:
    """(whole, deciding parts) for a flag with ``dl:flagStatedOnPart``: a part of ``classes``,
    itself of none of ``kinds``, stating the flag's value of itself decides it on the nearest
    structure of ``kinds`` above it (the part chain, ``nearest``): a dock stating a second-floor
    level inside a boat station is a second-floor level inside the station (Keuka § 160-122G,
    blind review 80 B2). A part of ``kinds`` stating it is held by its own rule."""
    out: dict[Node, list[Node]] = {}
    for part in sorted(graph.subjects(prop, value), key=str):
        if not is_a(graph, part, classes) or is_a(graph, part, kinds):
            continue
        for direct in sorted(graph.subjects(DL.hasPart, part), key=str):
            for whole in nearest(graph, direct, kinds, part):
                if part not in out.setdefault(whole, []):
                    out[whole].append(part)
    return sorted(out.items(), key=lambda kv: str(kv[0]))


def nearest(graph: Graph, start: Node, kinds: tuple[URIRef, ...], part: Node) -> list[Node]:
    """The structures of ``kinds`` nearest ``part`` on each chain of wholes from ``start`` (its
    direct whole) outwards: ``start`` itself if it is one, else the nearest above it."""
    found: set[Node] = set()
    seen: set[Node] = set()
    stack = [start]
    while stack:
        node = stack.pop()
        if node in seen or node == part:
            continue
        seen.add(node)
        if is_a(graph, node, kinds):
            found.add(node)
        else:
            stack.extend(graph.subjects(DL.hasPart, node))
    return sorted(found, key=str)


def with_subclasses(prepared: Prepared, classes: frozenset[URIRef]) -> frozenset[URIRef]:
    vocabulary = prepared.ontology
    return frozenset(c for t in classes for c in (t, *vocabulary.transitive_subjects(
        RDFS.subClassOf, t)) if isinstance(c, URIRef))


def on_part(graph: Graph, part: Node, listed: list[Node], only: frozenset[URIRef]) -> bool:
    """``part`` is listed on a part of the whole (one of ``listed``) of a kind in ``only``
    (dl:onlyListedOnPart: a porch on a station's canopy is on its roof, one listed on the
    station itself may stand at the water)."""
    return any(w in listed and any((w, RDF.type, c) in graph for c in only)
               for w in graph.subjects(DL.hasPart, part))


def decide(graph: Graph, whole: Node, prop: URIRef, value: Literal, parts: list[Node]) -> None:
    stated = [v for v in graph.objects(whole, prop) if v != value]
    if stated:
        note(graph, whole, prop, stated, value, parts,
             f"{short(whole)} states {curie(prop)} {', '.join(str(s) for s in stated)}, but lists "
             f"{', '.join(short(p) for p in parts)} as its part: the listed part decides, so the "
             f"rules read {curie(prop)} {value}; correct the statement or the parts listed")
    graph.add((whole, prop, Literal(value.toPython(), datatype=XSD.boolean)))
    for part in parts:  # (read by the exceptions of a rule citing the part on its own: it is
        # cited on its whole instead, Keuka § 160-122H's sundeck on a boat station)
        graph.add((part, DL.decidesWholeFlag, prop))


def doubt(graph: Graph, whole: Node, prop: URIRef, value: Literal, parts: list[Node]) -> None:
    stated = [v for v in graph.objects(whole, prop) if v != value]
    if stated:
        note(graph, whole, prop, stated, None, parts,
             f"{short(whole)} states {curie(prop)} {', '.join(str(s) for s in stated)}, but lists "
             f"{', '.join(short(p) for p in parts)} as its part without its dl:construction: the "
             f"statement is not believed until the part's construction is stated")


def note(graph: Graph, whole: Node, prop: URIRef, stated: list[Node], value: Literal | None,
         parts: list[Node], text: str) -> None:
    bad = BNode()
    graph.add((bad, RDF.type, DL.Discrepancy))
    graph.add((bad, DL.focus, whole))
    graph.add((bad, DL.property, prop))
    for old in stated:
        graph.remove((whole, prop, old))
        graph.add((bad, DL.declaredValue, old))
    if value is not None:
        graph.add((bad, DL.derivedValue, value))
    graph.add((bad, RDFS.comment, Literal(text)))
    for part in parts:
        graph.add((bad, PROV.wasDerivedFrom, part))


def inside_kinds(prepared: Prepared, jid: str) -> dict[URIRef, tuple[URIRef, ...]]:
    """{property: the kinds of whole} for each rule of the code constraining a property with
    ``dl:readFromPartInside``: the property is read from such a part on the nearest structure
    of those kinds above it too (``inside``), read once per law."""
    def read() -> dict[URIRef, tuple[URIRef, ...]]:
        law = prepared.knowledge
        out: dict[URIRef, set[URIRef]] = {}
        for rule in prepared.rules_of(jid):
            kinds = {c for c in law.objects(rule.iri, DL.readFromPartInside)
                     if isinstance(c, URIRef)}
            for prop in law.objects(rule.iri, DL.constrains):
                if kinds and isinstance(prop, URIRef):
                    out.setdefault(prop, set()).update(kinds)
        return {p: tuple(sorted(k)) for p, k in out.items()}
    return prepared.law_memo(("partflags.inside_kinds", jid), read)  # type: ignore[no-any-return]


def inside(graph: Graph, parts: list[Node], kinds: tuple[URIRef, ...],
           through: frozenset[URIRef]) -> dict[Node, list[Node]]:
    """{whole: parts} for ``dl:readFromPartInside``: each part on the nearest structure of
    ``kinds`` above it (the part chain, ``nearest``), where that structure does not already
    list it directly or through its own parts (a canopy on a dock inside a boat station is a
    roof in the station, blind review 80 A2; one on a lift inside it is the lift's)."""
    out: dict[Node, list[Node]] = {}
    for part in parts:
        own = listing(graph, part, through)
        for direct in sorted(graph.subjects(DL.hasPart, part), key=str):
            for whole in nearest(graph, direct, kinds, part):
                if whole not in own and part not in out.setdefault(whole, []):
                    out[whole].append(part)
    return out


def parts_stating(graph: Graph, prepared: Prepared, marker: URIRef
                  ) -> Iterator[tuple[URIRef, URIRef, Node, list[tuple[Node, Decimal]]]]:
    """(property, class, whole, [(part, value)]) for each ``property marker class`` of the
    vocabulary (``dl:readFromPart``, ``dl:leastFromPart``) and each structure listing directly
    a part of the class (or below it) that states the property, or through a part that is its
    own (``listed_on``: a canopy inside the station's canopy covers the station, blind review 73
    A2): what both readings start from (yielded one at a time: each whole is read after the one
    before it was written)."""
    vocabulary = prepared.ontology
    through = carriers(prepared)
    for prop, cls in sorted(vocabulary.subject_objects(marker), key=str):
        if not isinstance(prop, URIRef) or not isinstance(cls, URIRef) or is_flag(prepared, prop):
            continue  # (a boolean is read by booleans_from_parts)
        classes = {cls, *vocabulary.transitive_subjects(RDFS.subClassOf, cls)}
        flags = sorted(f for f in vocabulary.objects(prop, DL.countFlag) if isinstance(f, URIRef))
        wholes = sorted({w for c in classes for p in graph.subjects(RDF.type, c)
                         for w in listing(graph, p, through)}, key=str)
        for whole in wholes:
            parts = [(p, n) for p in listed_on(graph, whole, through)
                     if any((p, RDF.type, c) in graph for c in classes)
                     and (n := least_stated(graph, p, prop, flags)) is not None]
            if parts:
                yield prop, cls, whole, parts


def is_flag(prepared: Prepared, prop: URIRef) -> bool:
    return (prop, RDFS.range, XSD.boolean) in prepared.ontology


def flag_of(graph: Graph, node: Node, prop: URIRef) -> bool | None:
    value = graph.value(node, prop)
    return bool(value.toPython()) if isinstance(value, Literal) else None


def booleans_from_parts(graph: Graph, prepared: Prepared) -> None:
    """Read each boolean marked ``dl:readFromPart`` on the structure listing such a part
    directly (or through a part that is its own, ``listed_on``): the part says it of that
    structure (a canopy is its roof: a canopy stating dl:hasSecondFloorDeck false says the
    structure has no deck on its roof, blind review 78 C3). A whole stating none is read with
    its parts' value where they agree. A part stating true holds whichever is meant (the part
    is the whole's own, or one beside it: the whole has what it has), so the whole reads true
    and a stated false is moved onto a ``dl:Discrepancy`` (``decide``). A whole stating true
    whose parts all state false states two values of one fact: a ``dl:Discrepancy`` names them
    and neither is read, so the rules ask for it (never the value that conforms), as
    ``facts_from_parts`` reads two values of a quantity."""
    vocabulary = prepared.ontology
    through = carriers(prepared)
    for prop, cls in sorted(vocabulary.subject_objects(DL.readFromPart), key=str):
        if not isinstance(prop, URIRef) or not isinstance(cls, URIRef) \
                or not is_flag(prepared, prop):
            continue
        classes = {cls, *vocabulary.transitive_subjects(RDFS.subClassOf, cls)}
        wholes = sorted({w for c in classes for p in graph.subjects(RDF.type, c)
                         for w in listing(graph, p, through)}, key=str)
        for whole in wholes:
            parts = [(p, v) for p in listed_on(graph, whole, through)
                     if any((p, RDF.type, c) in graph for c in classes)
                     and (v := flag_of(graph, p, prop)) is not None]
            if not parts:
                continue
            own = flag_of(graph, whole, prop)
            values = {v for _p, v in parts} | ({own} if own is not None else set())
            if len(values) == 1:
                if own is None:
                    graph.add((whole, prop, Literal(parts[0][1], datatype=XSD.boolean)))
                continue
            if any(v for _p, v in parts):
                decide(graph, whole, prop, Literal(True, datatype=XSD.boolean),
                       [p for p, v in parts if v])
                continue
            kind = vocabulary.value(cls, RDFS.label) or short(cls)
            note(graph, whole, prop, [graph.value(whole, prop)], None, [p for p, _v in parts],
                 f"two values of {curie(prop)} for {short(whole)}: it states true, its part "
                 f"{', '.join(short(p) for p, _v in parts)} states false; a {kind} listed as a "
                 f"structure's part is that structure's, so what it states of "
                 f"{curie(prop)} is the structure's: neither value is read, so the rules ask "
                 f"for it; correct the statement or the parts listed")


def least_stated(graph: Graph, node: Node, prop: URIRef, flags: list[URIRef]) -> Decimal | None:
    """The count ``prop`` the node states, or the least its count flag says (``dl:countFlag``:
    dl:hasEnclosedSide true, one enclosed side or more) where it states none or fewer."""
    n = number_of(graph, node, prop)
    if any((node, f, TRUE) in graph for f in flags):
        return max(n, Decimal(1)) if n is not None else Decimal(1)
    return n


def facts_from_parts(graph: Graph, prepared: Prepared, jid: str) -> None:
    """Read each quantity marked ``dl:readFromPart`` on the structure listing such a part
    directly: the part's value where the whole states none and its parts agree, else (two
    values of one fact) no value and a ``dl:Discrepancy`` naming them, with the least value a
    part states as a lower bound (``bounded_by_parts``: the part's value holds whichever is
    meant, so a maximum it passes is cited, every other rule asks). Run after the units are
    normalised (the values are compared in the canonical unit). A boolean marked so is read
    by ``booleans_from_parts``, first; a part inside a structure of the kinds a rule of the code
    names (``dl:readFromPartInside``) by ``facts_from_inside``, last."""
    booleans_from_parts(graph, prepared)
    direct_facts(graph, prepared)
    facts_from_inside(graph, prepared, jid)


def direct_facts(graph: Graph, prepared: Prepared) -> None:
    """The quantities of ``facts_from_parts`` read from the parts a structure lists itself."""
    vocabulary = prepared.ontology
    for prop, cls, whole, parts in parts_stating(graph, prepared, DL.readFromPart):
        own = number_of(graph, whole, prop)
        values = {n for _p, n in parts} | ({own} if own is not None else set())
        if len(values) == 1:
            if own is None:
                add_quantity(graph, whole, prop, parts[0][1],
                             prepared.units.canonical_of_property.get(prop),
                             [p for p, _n in parts])
            continue
        bad = withdrawn(graph, whole, prop)
        for part, _n in parts:
            graph.add((bad, PROV.wasDerivedFrom, part))
        said = [f"{short(whole)} states {shown(prepared, prop, own)}"] if own is not None \
            else []
        said += [f"its part {short(p)} states {shown(prepared, prop, n)}" for p, n in parts]
        kind = vocabulary.value(cls, RDFS.label) or short(cls)
        graph.add((bad, RDFS.comment, Literal(
            f"two values of {curie(prop)} for {short(whole)}: {'; '.join(said)}; a {kind} "
            f"listed as a structure's part is that structure's, so its {curie(prop)} is the "
            f"structure's: neither value is read as the structure's; the part's holds of it "
            f"whichever is meant (the part is its {kind}, or one beside its own), so a maximum "
            f"it passes is cited and every other rule asks for the value; correct the value "
            f"or the parts listed")))
        least = min(n for _p, n in parts)
        bounded_by_parts(graph, prepared, whole, prop, least,
                         [p for p, n in parts if n == least], (
            f"{curie(prop)} of {short(whole)} is stated twice, but whichever is meant its part "
            f"{', '.join(short(p) for p, n in parts if n == least)} is a {kind} of it stating "
            f"{shown(prepared, prop, least)} (its own, or one beside the structure's): a limit "
            f"this already passes is cited under every reading, every other asks for "
            f"{curie(prop)}"))


def facts_from_inside(graph: Graph, prepared: Prepared, jid: str) -> None:
    """Read each quantity marked ``dl:readFromPart`` that a rule of the code reads with
    ``dl:readFromPartInside`` on the nearest structure of those kinds above such a part that
    does not list it directly (``inside``: a canopy on a dock inside a boat station is a roof in
    the station, Keuka § 160-122G, blind review 80 A2). The part is no roof of the structure's
    own but one more inside it, each held to the same maximum ('A roof ... must not have a
    pitch greater than a 3/12'), so the structure's value is at least each such part's: a
    smaller value it states is moved onto a ``dl:Discrepancy`` and the part's read; one stating
    none is bounded below by it (``bounded_by_parts``: a maximum it passes is cited, every other
    asks). A part inside it stating none leaves the structure's value unknown: a stated value
    is not read (a ``dl:Discrepancy`` says why), so the rules ask for it, never read it as met."""
    vocabulary = prepared.ontology
    through = carriers(prepared)
    chains = inside_kinds(prepared, jid)
    for prop, cls in sorted(vocabulary.subject_objects(DL.readFromPart), key=str):
        if prop not in chains or not isinstance(prop, URIRef) or not isinstance(cls, URIRef) \
                or is_flag(prepared, prop):
            continue
        classes = {cls, *vocabulary.transitive_subjects(RDFS.subClassOf, cls)}
        kind = vocabulary.value(cls, RDFS.label) or short(cls)
        of_class = sorted({p for c in classes for p in graph.subjects(RDF.type, c)}, key=str)
        for whole, parts in sorted(inside(graph, of_class, chains[prop], through).items(),
                                   key=lambda kv: str(kv[0])):
            stated = [(p, n) for p in parts if (n := number_of(graph, p, prop)) is not None]
            silent = [p for p in parts if number_of(graph, p, prop) is None]
            own = number_of(graph, whole, prop)
            where = "; ".join(
                f"{short(p)} is a {kind} listed on "
                f"{', '.join(short(w) for w in sorted(graph.subjects(DL.hasPart, p), key=str))}"
                f" inside {short(whole)}" for p in parts)
            top = max((n for _p, n in stated), default=None)
            most = [p for p, n in stated if n == top]
            if silent:
                if own is not None:
                    bad = withdrawn(graph, whole, prop)
                    for part in silent:
                        graph.add((bad, PROV.wasDerivedFrom, part))
                    graph.add((bad, RDFS.comment, Literal(
                        f"{where}: it is no {kind} of {short(whole)}'s own but one more inside "
                        f"it, held to the same limit, and "
                        f"{', '.join(short(p) for p in silent)} states no {curie(prop)}: the "
                        f"{shown(prepared, prop, own)} {short(whole)} states is its own and "
                        f"does not answer it, so the rules ask for {curie(prop)}; state it on "
                        f"the {kind}")))
                if top is not None:
                    bounded_by_parts(graph, prepared, whole, prop, top, most, (
                        f"{where}: {curie(prop)} of {short(whole)} is at least the "
                        f"{shown(prepared, prop, top)} of {', '.join(short(p) for p in most)}; "
                        f"a limit this already passes is cited, every other asks for "
                        f"{curie(prop)}"))
                continue
            if top is None or (own is not None and own >= top):
                continue
            if own is None:
                bounded_by_parts(graph, prepared, whole, prop, top, most, (
                    f"{where}: it is no {kind} of {short(whole)}'s own but one more inside it, "
                    f"held to the same limit, so {curie(prop)} of {short(whole)} is at least "
                    f"its {shown(prepared, prop, top)}; a limit this already passes is cited, "
                    f"every other asks for {curie(prop)}"))
                continue
            bad = withdrawn(graph, whole, prop)
            value = add_quantity(graph, whole, prop, top,
                                 prepared.units.canonical_of_property.get(prop), most)
            graph.add((bad, DL.derivedValue, value))
            for part in most:
                graph.add((bad, PROV.wasDerivedFrom, part))
            graph.add((bad, RDFS.comment, Literal(
                f"{where}: it is no {kind} of {short(whole)}'s own but one more inside it, held "
                f"to the same limit; {short(whole)} states {curie(prop)} "
                f"{shown(prepared, prop, own)}, {', '.join(short(p) for p in most)} "
                f"{shown(prepared, prop, top)}: the rules read the greater, "
                f"{shown(prepared, prop, top)}")))


def least_from_parts(graph: Graph, prepared: Prepared) -> None:
    """Raise each whole's ``dl:leastFromPart`` value to the greatest its directly listed parts
    of that kind state (a stated smaller value is moved onto a ``dl:Discrepancy``); a whole
    stating none gets a dl:LowerBoundTotal note of it (``totals.bounded_by_parts``)."""
    vocabulary = prepared.ontology
    for prop, cls, whole, parts in parts_stating(graph, prepared, DL.leastFromPart):
        kind = vocabulary.value(cls, RDFS.label) or short(cls)
        top = max(n for _p, n in parts)
        most = [p for p, n in parts if n == top]
        named = ", ".join(short(p) for p in most)
        says = f"states {shown(prepared, prop, top)}"
        if all(number_of(graph, p, prop) != top for p in most):  # read from its flag
            flags = sorted(f for f in vocabulary.objects(prop, DL.countFlag)
                           if (most[0], f, TRUE) in graph)
            says = (f"states {' and '.join(f'{curie(f)} true' for f in flags)}, so "
                    f"{shown(prepared, prop, top)} at least")
        own = number_of(graph, whole, prop)
        if own is None:
            bounded_by_parts(graph, prepared, whole, prop, top, most, (
                f"{curie(prop)} of {short(whole)} is not stated, but its part {named} "
                f"{says}: a {kind} listed as a structure's "
                f"part is that structure's, so its {curie(prop)} is at least that; a limit "
                f"this already passes is cited, every other asks for {curie(prop)}"))
            continue
        if own >= top:
            continue
        bad = withdrawn(graph, whole, prop)
        unit = prepared.units.canonical_of_property.get(prop)
        if unit is None and top == int(top):
            value: Node = Literal(int(top), datatype=XSD.integer)
            graph.add((whole, prop, value))
        else:
            value = add_quantity(graph, whole, prop, top, unit, most)
        graph.add((bad, DL.derivedValue, value))
        for part in most:
            graph.add((bad, PROV.wasDerivedFrom, part))
        graph.add((bad, RDFS.comment, Literal(
            f"{short(whole)} states {curie(prop)} {shown(prepared, prop, own)}, but its part "
            f"{named} {says}: a {kind} listed as a structure's "
            f"part is that structure's, so its {curie(prop)} is at least the part's; the "
            f"rules were checked with the part's; correct the value or the parts listed")))


def counts_from_flags(graph: Graph, prepared: Prepared, jid: str) -> None:
    """A structure stating a count's flag true (``dl:countFlag``: dl:hasEnclosedSide true, one
    enclosed side or more) has at least one: a count of 0 stated beside it contradicts it and
    is not believed (moved onto a ``dl:Discrepancy`` naming both) and, like a count not
    stated, the count is bounded below by 1 (``bounded_by_parts``: a maximum the bound passes
    is cited, every other rule asks). Run after ``least_from_parts`` (a part's count may
    already have raised the whole's). A code whose own rule derives the flag from the count
    (``dl:derives``) has chosen how the two are read (Canandaigua § 73-5: the count decides
    and a stated flag it contradicts is replaced, with a Warning): nothing is done there."""
    vocabulary, law = prepared.ontology, prepared.knowledge
    derived = {p for rule in prepared.rules_of(jid) for p in law.objects(rule.iri, DL.derives)}
    for count, flag in sorted(vocabulary.subject_objects(DL.countFlag), key=str):
        if not isinstance(count, URIRef) or not isinstance(flag, URIRef) or flag in derived:
            continue
        for node in sorted(set(graph.subjects(flag, TRUE)), key=str):
            n = number_of(graph, node, count)
            if n is not None and n >= 1:
                continue
            said = f"{short(node)} states {curie(flag)} true"
            if n is not None:
                bad = withdrawn(graph, node, count)
                graph.add((bad, RDFS.comment, Literal(
                    f"{said} and {curie(count)} {shown(prepared, count, n)}: the two "
                    f"statements contradict each other (the flag says {curie(count)} is one or "
                    f"more); neither {shown(prepared, count, n)} nor any other count is read, "
                    f"the flag's least, 1, holds: a limit it already passes is cited, every "
                    f"other rule asks for {curie(count)}; correct the value or the flag")))
            bounded_by_parts(graph, prepared, node, count, Decimal(1), [node], (
                f"{said}, so its {curie(count)} is at least 1"
                + (f" (the {shown(prepared, count, n)} stated beside it is not believed)"
                   if n is not None else " (no count stated)")
                + f": a limit this already passes is cited, every other asks for "
                f"{curie(count)}"))
