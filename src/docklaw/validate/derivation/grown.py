"""A whole grown by new parts: its value after the work is at least the value before it plus
the new parts' (``dl:beforeTheWork``, ``dl:addsToWhole``, ontology/terms/existing-structures.ttl)
and what each other part grew past its own stated former value, whatever its work is called;
a part inside one that states its own before and after is not counted again. A part stated
smaller than it was offsets nothing inside a structure stated nonconforming: a new part in a
new place extends the nonconformity's footprint whatever the total (Canandaigua § 73-21A(1)
"does not extend or expand the area"). Elsewhere the rules limit the total, so a deck part
stated smaller offsets another's growth (a dock whose fingers are rebuilt, one larger and one
smaller, is not read above its stated total); a boat station's open water is no deck.

Why: a nonconforming 800 sq ft dock whose work is stated "repair" and whose area is stated 800
while it lists a new 100 sq ft finger has grown to at least 900 sq ft; believing the stated 800
turns "shall not be enlarged or expanded" (Canandaigua § 73-21A) into a false "conforms". A
whole's area includes its listed parts (the vocabulary's definition), so a stated area below the
bound cannot be true: the rules read the bound and a ``dl:Discrepancy`` names both numbers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from decimal import ROUND_DOWN, Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw import jurisdictions
from docklaw.law.compile import REACH_OF_WHOLE, RULE_OPS, CompiledShapes, limit_of
from docklaw.law.prepare import Prepared, RuleInfo
from docklaw.law.targets import (
    COMPARE,
    AppFacts,
    condition_holds,
    generated_focus,
    self_and_containers,
)
from docklaw.law.units import curie, to_decimal
from docklaw.namespaces import DL, FALSE, PROV, QUDT, RDF, RDFS, TRUE, XSD
from docklaw.validate.derivation.parts import (
    component_classes,
    deck_classes,
    maintenance,
    removed_parts,
)
from docklaw.validate.derivation.samefact import identities, read_on
from docklaw.validate.derivation.totals import (
    add_quantity,
    bounded_by_parts,
    discrepancy_note,
    is_stated,
    number_of,
    parts_of,
    short,
    shown,
    withdrawn,
)

#: the boolean true of the law's flags, made once

#: (whole, property, part, the part's fact that would say how much it added)
Unknown = tuple[Node, URIRef, Node, URIRef]


def standing_apart(vocabulary: Graph) -> set[Node]:
    """The classes whose members stand apart from a whole that lists them (``dl:standsApart``):
    such a part has its own height, reach and size and bounds nothing of its whole."""
    return {c for c, v in vocabulary.subject_objects(DL.standsApart) if v == TRUE}


def grown_wholes(graph: Graph, prepared: Prepared) -> list[Unknown]:
    """Raise each stated whole value below (before the work + new parts) to that bound; return
    the parts whose growth is not known (a new part stating no value, a part stated enlarged
    stating no former value): the whole's value after the work is then not known either, and
    the rules reading it ask for that fact (``ask_unknown_growth``)."""
    vocabulary = prepared.ontology
    adding = {k for k in vocabulary.subjects(DL.addsToWhole, TRUE)}
    anew = set(vocabulary.subjects(DL.buildsAnew, TRUE))
    decks = deck_classes(vocabulary)
    components = component_classes(vocabulary)
    unknown: list[Unknown] = []
    for prop, before in sorted(vocabulary.subject_objects(DL.beforeTheWork), key=str):
        if not isinstance(prop, URIRef) or not isinstance(before, URIRef):
            continue
        # innermost wholes first: a part raised for its own new parts is read raised by its whole
        for whole in sorted(set(graph.subjects(before, None)),
                            key=lambda w: (-len(self_and_containers(graph, w)), str(w))):
            was = number_of(graph, whole, before)
            now = number_of(graph, whole, prop)
            if was is None:
                continue
            if now is None:  # unstated: a lower bound, its value still asked (``least_after``)
                if (whole, prop, None) not in graph and not set(
                        graph.objects(whole, DL.workKind)) & anew:
                    least_after(graph, prepared, whole, (prop, before), was, adding, decks)
                continue
            if not is_stated(graph, whole, prop):
                continue
            new: list[tuple[Node, Decimal]] = []
            shrunk = Decimal(0)  # credited only outside a nonconforming structure
            counted: set[Node] = set()
            for p in outermost_first(graph, whole, parts_of(graph, whole)):
                if self_and_containers(graph, p) & counted:
                    continue  # inside a part already counted: its value includes this one's
                n = number_of(graph, p, prop)
                works = set(graph.objects(p, DL.workKind))
                b = number_of(graph, p, before)
                if works & adding:
                    counted.add(p)
                    if n is None:  # new, of unstated size; a component bears no area
                        if not any((p, RDF.type, c) in graph for c in components):  # (r122)
                            unknown.append((whole, prop, p, prop))
                    else:
                        new.append((p, n))
                elif n is not None and b is not None:
                    counted.add(p)  # its own before and after cover what is inside it,
                    # except what is unknown inside it (raised innermost first: already found)
                    unknown += [(whole, prop, q, asked) for w, pr, q, asked in list(unknown)
                                if w == p and pr == prop]
                    if n > b:
                        new.append((p, n - b))  # a part grown past its own former value
                    elif any((p, RDF.type, c) in graph for c in decks):  # (no station)
                        shrunk += b - n
                elif DL.Enlargement in works:
                    counted.add(p)  # enlarged by an unstated amount: what it covers is asked
                    unknown.append((whole, prop, p, before if n is not None else prop))
            taken, gone, unsized = taken_away(graph, whole, prop, counted)
            bound = was + sum((n for _p, n in new), Decimal(0)) - taken
            if not any((w, DL.nonconforming, TRUE) in graph
                       for w in self_and_containers(graph, whole)):
                bound -= shrunk  # the total is what a conforming whole's rules limit
            # a whole built anew (dl:buildsAnew) may come out smaller than it was: its stated
            # value is believed, not raised (blind review 96 F1: a dock rebuilt at its former
            # 700 sq ft, a 60 sq ft T-head removed and a 100 sq ft finger built, was read at
            # 740); a removed part's unstated value is still asked wherever the bound is above
            # the stated value, whether its new parts enlarge it turning on it (``parts.swapped``)
            if new and now < bound and unsized:  # what the removed parts took is not known:
                unknown += [(whole, prop, r, prop) for r in unsized]  # asked, never read as 0
            elif new and now < bound and not set(graph.objects(whole, DL.workKind)) & anew:
                raise_to(graph, prepared, whole, prop, now, bound, [p for p, _n in new],
                         removed_why(prepared, whole, prop, now, was, bound, new, gone))
    return unknown


def taken_away(graph: Graph, whole: Node, prop: URIRef, counted: set[Node]
               ) -> tuple[Decimal, list[Node], list[Node]]:
    """What the parts the work takes away (``parts.take_away_removed``) from the whole, or from
    a part of it not counted by its own before and after, took of ``prop``: (the sum of their
    stated values, the parts stating one, the parts stating none). A removed part's value was
    in the whole's former one and is not in it after the work (blind review 94 F2)."""
    inside = [p for p in parts_of(graph, whole) if not self_and_containers(graph, p) & counted]
    taken, gone, unsized = Decimal(0), [], []
    for r in removed_parts(graph, whole, inside):
        n = number_of(graph, r, prop)
        if n is None:
            unsized.append(r)
        else:
            taken += n
            gone.append(r)
    return taken, gone, unsized


def removed_why(prepared: Prepared, whole: Node, prop: URIRef, stated: Decimal | None,
                was: Decimal, bound: Decimal, new: list[tuple[Node, Decimal]], gone: list[Node]
                ) -> str | None:
    """The note's reason where removed parts were taken from the bound (None: the usual one)."""
    if not gone:
        return None
    parts = ", ".join(short(p) for p, _n in new)
    removed = ", ".join(short(r) for r in gone)
    said = (f"the stated {curie(prop)} of {short(whole)} ({shown(prepared, prop, stated)}) is "
            "below" if stated is not None else
            f"{curie(prop)} of {short(whole)} is not stated, but it is at least")
    return (f"{said} what it was before the work ({shown(prepared, prop, was)}), less the "
            f"removed part{'s' if len(gone) > 1 else ''} ({removed}), plus the new or grown "
            f"part{'s' if len(new) > 1 else ''} ({parts}): at least "
            f"{shown(prepared, prop, bound)} (a whole's {curie(prop)} includes its listed parts)"
            + ("; the rules were checked with it; correct the area or the parts listed"
               if stated is not None else
               f"; a limit this already passes is cited, every other asks for {curie(prop)}"))


def least_after(graph: Graph, prepared: Prepared, whole: Node, props: tuple[URIRef, URIRef],
                was: Decimal, adding: set[Node], decks: frozenset[Node]) -> None:
    """A whole stating its value before the work (``dl:beforeTheWork``) but not after it is
    after the work at least that plus what its new parts and its parts grown past their own
    former values add (docs/applications.md, "A whole's area includes its listed parts"): a
    lower bound, not its value, so the rules the bound already breaks are cited and every other
    still asks for the value (``totals.bounded_by_parts``). A new part of unstated size adds at
    least nothing. Blind review 93 F3: a nonconforming 800 sq ft dock, repaired with a new 40
    sq ft finger and stating no area, was asked its area under the 720 sq ft of Keuka
    § 160-123A(1)(b), though stating 800 it was read at 840 and cited. Only a whole whose work
    keeps the structure is so bounded (``grown_wholes``): one reconstructed or replaced
    (``dl:buildsAnew``) may come out smaller than it was, so its area is asked (blind review
    94: a dock rebuilt after fire with a new finger, stating no area, was cited at the bound)."""
    prop, before = props
    new: list[tuple[Node, Decimal]] = []
    shrunk = Decimal(0)
    counted: set[Node] = set()
    for p in outermost_first(graph, whole, parts_of(graph, whole)):
        if self_and_containers(graph, p) & counted:
            continue
        n, b = number_of(graph, p, prop), number_of(graph, p, before)
        if set(graph.objects(p, DL.workKind)) & adding:
            counted.add(p)
            if n is not None:
                new.append((p, n))
        elif n is not None and b is not None:
            counted.add(p)
            if n > b:
                new.append((p, n - b))
            elif any((p, RDF.type, c) in graph for c in decks):
                shrunk += b - n
    taken, gone, unsized = taken_away(graph, whole, prop, counted)
    bound = was + sum((n for _p, n in new), Decimal(0)) - taken
    if not any((w, DL.nonconforming, TRUE) in graph
               for w in self_and_containers(graph, whole)):
        bound -= shrunk
    if not new or bound <= was or unsized:  # (a removed part of unstated size: no bound)
        return
    parts = [p for p, _n in new]
    bounded_by_parts(graph, prepared, whole, prop, bound, parts, removed_why(
        prepared, whole, prop, None, was, bound, new, gone) or (
        f"{curie(prop)} of {short(whole)} is not stated, but it was "
        f"{shown(prepared, prop, was)} before the work and its new or grown "
        f"part{'s' if len(parts) > 1 else ''} ({', '.join(short(p) for p in parts)}) add to it: "
        f"a whole's {curie(prop)} includes its listed parts, so it is at least "
        f"{shown(prepared, prop, bound)}; a limit this already passes is cited, every other "
        f"asks for {curie(prop)}"))


def unknown_reach(graph: Graph, prepared: Prepared) -> list[Unknown]:
    """Parts whose reach is not known, of an existing whole that states its reach: a part
    stating work other than maintenance (new, enlarged, altered, rebuilt, or larger than it
    was, whatever its work is called) and no reach may now reach past the whole's (a
    nonconforming dock keeps within its former reach only while no part reaches past it,
    ``REACH_OF_WHOLE``; "no part of the dock ... shall extend beyond a line"), so the rules
    reading the reach ask for it where an exception keeps the whole (``ask_unknown_growth``:
    a rule that applies reads the whole's stated reach, which is its parts' too), never read
    it as within. A new whole's stated reach is its parts' as built."""
    out: list[Unknown] = []
    for prop in sorted(REACH_OF_WHOLE, key=str):
        for whole in sorted(set(graph.subjects(prop, None)), key=str):
            if (whole, DL.workKind, DL.NewConstruction) in graph:
                continue
            for part in parts_of(graph, whole):
                if (part, prop, None) not in graph and (part, DL.workKind, None) in graph \
                        and not maintenance(graph, part):
                    out.append((whole, prop, part, prop))
    return out


def raised_by_parts(graph: Graph, prepared: Prepared) -> None:
    """A whole measured to its highest portion (``dl:highestOfParts``: dl:height) is at least as
    high as each listed part after the work, whatever the part's work: a part stated higher than
    its whole is stated shows that the whole's stated value is not its height. The two cannot
    both be true and believing the smaller is a false "conforms": the rules read the part's and a
    ``dl:Discrepancy`` names both (a finger raised from 3 to 12 ft makes its dock, stated 3 ft
    high, at least 12; a canopy repaired at 17 ft makes its boat station, stated 13, at least 17:
    blind review 68). A part that stands apart from its whole (``dl:partLinked``,
    ``dl:standsApart``) has a height of its own. The former height (dl:preexistingHeight, marked
    ``dl:highestOfParts`` too) is raised the same way from the parts' former heights, so a part
    unchanged by the work never reads as growth (blind review 69)."""
    vocabulary = prepared.ontology
    apart_classes = standing_apart(vocabulary)
    for prop in sorted(vocabulary.subjects(DL.highestOfParts, TRUE), key=str):
        if not isinstance(prop, URIRef):
            continue
        # innermost wholes first: a part raised for its own parts is read so by its whole
        for whole in sorted(set(graph.subjects(prop, None)),
                            key=lambda w: (-len(self_and_containers(graph, w)), str(w))):
            now = number_of(graph, whole, prop)
            if now is None or not is_stated(graph, whole, prop):
                continue
            higher = [(part, n) for part in joined_parts(graph, whole, apart_classes)
                      if (n := number_of(graph, part, prop)) is not None and n > now]
            if higher:
                top = max(n for _p, n in higher)
                parts = [p for p, n in higher if n == top]
                raise_to(graph, prepared, whole, prop, now, top, parts, why=(
                    f"the stated {curie(prop)} of {short(whole)} ({shown(prepared, prop, now)}) is "
                    f"below that of its part {', '.join(short(p) for p in parts)} "
                    f"({shown(prepared, prop, top)}): a structure's {curie(prop)} is measured to "
                    "its highest portion, so the two statements contradict each other; the rules "
                    "were checked with the part's; correct the value or the parts listed"))
        below_parts(graph, prepared, prop, apart_classes)


def joined_parts(graph: Graph, whole: Node, apart_classes: set[Node]) -> list[Node]:
    """The listed parts of ``whole`` (at any depth) that do not stand apart from it."""
    return [p for p in parts_of(graph, whole) if (p, DL.partLinked, None) not in graph
            and not any((p, RDF.type, c) in graph for c in apart_classes)]


def below_parts(graph: Graph, prepared: Prepared, prop: URIRef,
                apart_classes: set[Node]) -> None:
    """A whole stating no ``prop`` (``dl:highestOfParts``) is at least as high as each of its
    listed parts, whatever their work: that bound is no value of the whole (its own height is
    still asked), but a limit it already passes is cited (blind review 66: a boat station
    stating no height, listing a new canopy 18 feet high, was asked its height under a 15-foot
    limit; one 12 feet high leaves it asked). A whole stating its former value is left asked:
    whether a limit binds it may turn on a nonconformity exception comparing the two, which a
    bound cannot decide (blind review 69: a nonconforming station 18 feet high before, stating
    no height now, listing a repaired canopy of 16, was cited under a 15-foot limit)."""
    before = prepared.ontology.value(prop, DL.preexistingCounterpart)
    stating = set(graph.subjects(prop, None)) | (
        set(graph.subjects(before, None)) if isinstance(before, URIRef) else set())
    for whole in sorted({w for w in graph.subjects(DL.hasPart, None)} - stating, key=str):
        higher = [(part, n) for part in joined_parts(graph, whole, apart_classes)
                  if (n := number_of(graph, part, prop)) is not None]
        if not higher:
            continue
        top = max(n for _p, n in higher)
        parts = [p for p, n in higher if n == top]
        bounded_by_parts(graph, prepared, whole, prop, top, parts, (
            f"{curie(prop)} of {short(whole)} is not stated, but its part "
            f"{', '.join(short(p) for p in parts)} is {shown(prepared, prop, top)}: a "
            f"structure's {curie(prop)} is measured to its highest portion, so it is at least "
            f"that; a limit this already passes is cited, every other asks for {curie(prop)}"))


def widened_by_portions(graph: Graph, prepared: Prepared, jid: str) -> None:
    """A structure's width at its widest point (dl:width) is at least the width of each of its
    portions stated on it or on its listed parts (``dl:widthOfPortion``: dl:mainWalkwayWidth,
    dl:landingWidth; ``dl:widestOf`` names the width they bound): a stated dl:width below one
    cannot be true, and believing it is a false "conforms" with every limit on dl:width: a
    ``dl:Discrepancy`` names both and takes the stated value out of the rules' reach, and the
    width, no longer known, is bounded below by the portion's (``bounded_by_parts``: a limit the
    bound already passes is cited, every other asks for dl:width; reading the portion's as the
    width, as ``raised_by_parts`` does for a height, would pass a limit between the two). A
    structure stating no dl:width is bounded below the same way; a width the drawing measures
    stands; a structure stating its former width gets no bound and is asked (whether a limit
    binds it may turn on a nonconformity exception, which a bound cannot decide). A part that
    stands apart, or is (or is inside a part) of a class the code's width leaves out
    (``[features] width``: Kings Point Standards D(2)(b) "excluding the float, if any"), bounds
    nothing: its width has limits of its own. Why: a dock stating a 10-foot main walkway, or
    listing a main walkway or landing part stating its own, conformed with an 8-foot (Kings
    Point Standards D(2)(b)) or 4-foot (North Haven § 56-2D, § 56-4C) limit, and a dock stating
    dl:width 4 ft and a 6-foot main walkway conformed with no Discrepancy (blind review 70)."""
    vocabulary = prepared.ontology
    apart_classes = standing_apart(vocabulary)
    declared = jurisdictions.get(jid).features.width
    own = jurisdictions.get(jid).concept_namespace
    left_out = {DL[c.split(":", 1)[1]] if c.startswith("dl:") else URIRef(own + c.split(":", 1)[1])
                for c in (declared.leaves_out if declared is not None else ())}
    portions: dict[URIRef, list[URIRef]] = {}
    for prop, widest in vocabulary.subject_objects(DL.widestOf):
        if isinstance(prop, URIRef) and isinstance(widest, URIRef):
            portions.setdefault(widest, []).append(prop)
    for widest, props in sorted(portions.items(), key=str):
        before = vocabulary.value(widest, DL.preexistingCounterpart)
        wholes = {w for p in props for w in graph.subjects(p, None)} | set(
            graph.subjects(DL.hasPart, None))
        for whole in sorted(wholes, key=str):
            inner = parts_of(graph, whole)
            dropped = {p for p in inner if any((p, RDF.type, c) in graph for c in left_out)}
            members = [whole, *(p for p in joined_parts(graph, whole, apart_classes)
                                if not (self_and_containers(graph, p) & dropped))]
            found = [(node, prop, n) for node in members for prop in sorted(props, key=str)
                     if (n := number_of(graph, node, prop)) is not None
                     and is_stated(graph, node, prop)]
            if not found:
                continue
            top = max(n for _node, _prop, n in found)
            at_top = [(node, prop) for node, prop, n in found if n == top]
            names = ", ".join(f"{curie(prop)} of {short(node)}" for node, prop in at_top)
            sources = list(dict.fromkeys(node for node, _prop in at_top))
            limited = any(True for _r in prepared.knowledge.subjects(DL.constrains, widest))
            # (a whole stating its former width is asked: whether a limit binds it may turn on
            # a nonconformity exception comparing the two, which a bound cannot decide)
            bounded = limited and not (isinstance(before, URIRef)
                                       and (whole, before, None) in graph)
            contradicted = False
            now: Decimal | None = None
            if is_stated(graph, whole, widest):
                now = number_of(graph, whole, widest)
                if now is None or now >= top:
                    continue
                contradicted = True
                note = withdrawn(graph, whole, widest)
                for node in sources:
                    graph.add((note, PROV.wasDerivedFrom, node))
                graph.add((note, RDFS.comment, Literal(
                    f"the stated {curie(widest)} of {short(whole)} "
                    f"({shown(prepared, widest, now)}) is less than the {names} "
                    f"({shown(prepared, widest, top)}): {curie(widest)} is the width at the "
                    "widest point, so it is at least the width of each portion; the two "
                    "statements contradict each other, and the width is not known: "
                    + (f"a limit {shown(prepared, widest, top)} already passes is cited, every "
                       f"other asks for {curie(widest)}" if bounded else
                       f"{curie(widest)} is asked")
                    + "; correct the value or the parts listed")))
            elif (whole, widest, None) in graph:
                continue  # (measured by the drawing)
            if bounded:
                # (contradicted: the whole states a value, which the Discrepancy names; saying
                # it is "not known" read as if it were unstated: blind review 74, C1)
                said = (f"the stated {curie(widest)} of {short(whole)} "
                        f"({shown(prepared, widest, now)}) is contradicted by the {names} "
                        f"({shown(prepared, widest, top)}) and is not read"
                        if contradicted and now is not None else
                        f"{curie(widest)} of {short(whole)} is not stated, but the {names} is "
                        f"{shown(prepared, widest, top)}")
                bounded_by_parts(graph, prepared, whole, widest, top, sources, (
                    f"{said}: {curie(widest)} is the width at the widest point, so it is at "
                    f"least {shown(prepared, widest, top)}; a limit this already passes is "
                    f"cited, every other asks for {curie(widest)}"))


def portions_disagreeing(graph: Graph, prepared: Prepared) -> None:
    """A whole stating the width of one of its portions (``dl:widthOfPortion``:
    dl:mainWalkwayWidth, the width of its main walkway) and listing, directly and alone, a part
    of that portion's class (a dl:MainWalkway part) stating a different one: the part IS that
    portion of the whole (``dl:portionOf``: the whole stated as a part; ``cite.one_per_breach``
    cites the same value once for the two), so the two figures are one fact said twice and
    cannot both be true. A ``dl:Discrepancy`` names both nodes and both figures; the values are
    left where they are stated, each checked on its own node, so a limit between the two is
    broken by the one statement past it and cited there (the stricter decides, as for a stated
    value and a drawn one within the tolerance: ``cite.decisive_disagreements``), and never
    met on the other in silence. The part's own dl:width is its portion width
    (``parts.portion_widths``, run before). Not a contradiction, so not flagged: the whole's
    own dl:width above the portion's (a dock is as wide as its widest point, which may lie
    outside its main walkway; one below it is ``widened_by_portions``'s), and a whole listing
    two or more parts of the class directly (which one its figure gives is not said). Why: a
    South Bristol dock stating a 6-foot main walkway listing a main walkway part stating 9 feet
    (or the reverse) was cited on the 9 with no word of the 6 (blind review 85 F6)."""
    vocabulary, law = prepared.ontology, prepared.knowledge
    apart_classes = standing_apart(vocabulary)
    for prop, kind in sorted(vocabulary.subject_objects(DL.widthOfPortion), key=str):
        if not isinstance(prop, URIRef):
            continue
        kinds = {kind, *law.subjects(DL.senseOf, kind)}
        for whole in sorted(set(graph.subjects(prop, None)), key=str):
            now = number_of(graph, whole, prop)
            if now is None or not is_stated(graph, whole, prop) or any(
                    (whole, RDF.type, k) in graph for k in kinds):
                continue
            portions = [p for p in graph.objects(whole, DL.hasPart)
                        if any((p, RDF.type, k) in graph for k in kinds)
                        and p in joined_parts(graph, whole, apart_classes)]
            if len(portions) != 1:
                continue
            part = portions[0]
            theirs = number_of(graph, part, prop)
            if theirs is None or theirs == now or not is_stated(graph, part, prop):
                continue
            discrepancy_note(graph, whole, prop, list(graph.objects(whole, prop)),
                             list(graph.objects(part, prop)), [part], (
                                 f"{short(whole)} states its {curie(prop)} as "
                                 f"{shown(prepared, prop, now)} and its {curie(kind)} part "
                                 f"{short(part)} states {shown(prepared, prop, theirs)}: the part "
                                 f"is that portion of {short(whole)}, so the two figures are one "
                                 "fact and cannot both be true; each is checked where it is "
                                 "stated, and a limit one of them breaks is cited on it; correct "
                                 "one of them"))


def reached_by_parts(graph: Graph, prepared: Prepared) -> None:
    """A whole's reach (``dl:farthestOfParts``: dl:farthestExtentFromMHW, dl:lengthFromMLW) is
    measured to its farthest part, so it is at least each listed part's: a part
    stated to reach farther than its whole is stated shows that the whole's stated value is not
    its extent. Two such facts cannot both be true, and believing the smaller is a false
    "conforms" on every rule reading the whole alone: the rules read the part's (a lower bound
    of the whole's) and a ``dl:Discrepancy`` names both numbers, whatever the part's work. A part
    that stands apart from its whole (read into it by derive, ``dl:partLinked``, or of a class
    that stands apart by definition, ``dl:standsApart``) has a reach of its own and raises
    nothing."""
    beyond_parts(graph, prepared, DL.farthestOfParts, farther=True)
    reach_bounded_by_parts(graph, prepared)


def reach_bounded_by_parts(graph: Graph, prepared: Prepared) -> None:
    """A whole stating no reach (a property marked ``dl:farthestOfParts``), listing parts that
    state one: its reach, measured to its farthest part, is at least the farthest of theirs
    (the same fact ``reached_by_parts`` reads where the whole states a smaller figure). A
    dl:LowerBoundTotal note carries that bound (``totals.bounded_by_parts``), so a rule holding
    the reach to a maximum the bound already passes is cited, and every other still asks for
    the whole's reach (it may reach farther than its parts say). A part that stands apart from
    its whole (``dl:partLinked``, a class ``dl:standsApart``) has a reach of its own and bounds
    nothing; a part the work removes is no part of the whole (``parts.take_away_removed``).

    Why: blind review 96 F3. A North Haven pier reconstructed within a preexisting length of 72
    feet, its own length from MLW unstated, listing a new float reaching 80 feet, was asked
    its length for "Reconstructed or replacement docks shall not exceed the length of the
    preexisting lawfully constructed dock" (§ 56-2B, docks "including floats"), though it
    reaches at least the float's 80 feet; a float reaching 105 feet was cited under the 100
    feet of new construction on its own node while the pier was still asked the 72."""
    vocabulary = prepared.ontology
    apart_classes = standing_apart(vocabulary)
    for prop in sorted(vocabulary.subjects(DL.farthestOfParts, TRUE), key=str):
        if not isinstance(prop, URIRef):
            continue
        for whole in sorted(set(graph.subjects(DL.hasPart, None)), key=str):
            if (whole, prop, None) in graph:
                continue  # stated or derived: read as it is (a smaller figure is raised above)
            reaches = [(part, n) for part in parts_of(graph, whole)
                       if (part, DL.partLinked, None) not in graph
                       and not any((part, RDF.type, c) in graph for c in apart_classes)
                       and (n := number_of(graph, part, prop)) is not None]
            if not reaches:
                continue
            top = max(n for _p, n in reaches)
            farthest = [p for p, n in reaches if n == top]
            named = ", ".join(short(p) for p in farthest)
            bounded_by_parts(graph, prepared, whole, prop, top, farthest, (
                f"{curie(prop)} of {short(whole)} is not stated, but its part {named} states "
                f"{shown(prepared, prop, top)}: a structure reaches at least as far as each of "
                f"its parts, so {short(whole)} reaches at least that; a limit this already "
                f"passes is cited, every other asks for {curie(prop)}"))


def neared_by_parts(graph: Graph, prepared: Prepared) -> None:
    """A whole's distance to a line or feature measured to its nearest part
    (``dl:nearestOfParts``: the setbacks from a side line, a water rights line, a facility area
    line or an outlet, and their former values; the separation from a resource) is at most each
    listed part's: a part stated nearer the line than its whole is stated shows that the
    whole's stated value is not its distance. Two such facts cannot both be true, and believing
    the larger is a false "conforms" on every rule reading the whole alone: the rules read the
    part's (an upper bound of the whole's) and a ``dl:Discrepancy`` names both numbers, as
    ``reached_by_parts`` does for a reach. A part that stands apart from its whole has a
    distance of its own."""
    beyond_parts(graph, prepared, DL.nearestOfParts, farther=False)


#: How ``beyond_parts`` words each direction: (the whole's value is "less"/"more" than its
#: part's, what a structure is to its parts, which bound of the whole's the part's value is).
BOUND_WORDS = {True: ("less", "a structure reaches at least as far as each of its parts",
                      "a lower bound"),
               False: ("more", "a structure is no farther from the line than its nearest part",
                       "an upper bound")}


def lengthened_by_parts(graph: Graph, prepared: Prepared, jid: str) -> None:
    """A whole's length (``dl:longestOfParts``: dl:length, measured from the mean high-water
    mark to the seaward end, and its former value) is at least each listed part's own length,
    the same measure of a piece of it: a part stated longer than its whole is stated shows that
    the whole's stated value is not its length. The two cannot both be true, and believing the
    smaller is a false "conforms" on every rule reading the whole's length alone (a maximum
    length, a restoration within former dimensions): the rules read the part's (a lower bound
    of the whole's) and a ``dl:Discrepancy`` names both, as ``reached_by_parts`` does for a
    reach. Run after the share of the length and the reach past own lengths are bounded: they
    read the stated length as the most a main walkway is and a part stating only its own length
    as possibly beyond the rest (end to end), which the raised value must not undo. A part that
    stands apart from its whole has a length of its own.

    A whole listed as no part of another, of a class a rule governs that reads the length from
    the datum to the seaward terminus with the structure's parts (``dl:measureIncludesFloats``:
    Kings Point Standards D(1), "measured from the mean high-water line to the seaward terminus
    of a dock"), is, as well, at least as long as each listed part reaches from that datum (a
    property marked ``dl:farthestOfParts`` that the vocabulary compares as the length,
    ``dl:comparesAs``, measured from the same datum, ``dl:measuredFrom``:
    dl:farthestExtentFromMHW for dl:length): no part of the whole lies beyond its seaward end.
    Only there: where the code reads a structure's length as its own building length (South
    Bristol § 73-8B(1)(c), a boathouse "40 feet in length", its rule not so marked), a
    boathouse 38 feet long standing out from the mark may hold a lift reaching 45 feet. A part
    stated to reach farther than the whole is stated long is the same contradiction, read the
    same way (the
    part's reach as a lower bound of the whole's length, a ``dl:Discrepancy`` naming both nodes
    and both figures), as it already was where the whole states its reach
    (``reached_by_parts``). Why: a Kings Point ramp stated to reach 160 feet from mean high
    water on a dock stated 150 feet long was read at 150 with no word of the contradiction,
    while the same ramp on a dock stating a 150-foot reach was (blind review 85 F6). A bound
    ``lengths_past_floats`` wrote from the stated length (its floats' own lengths added at the
    seaward end) is moved out with the raised length (``floats_past_raise``): the floats lie
    beyond the whole's seaward end, wherever that is. A part's own dl:length is its own; a
    whole that is itself a part has a length of its own too (not measured from the datum).

    Where the code measures the whole's length perpendicular to the mark
    (``length_from_mark``: Jerusalem, South Bristol) a part's own length is not compared at
    all: a ramp may run along the dock, fingers lie "in any configuration"; its reach past the
    whole is asked elsewhere, never cited (blind review 89 F2)."""
    beyond_parts(graph, prepared, DL.longestOfParts, farther=True, words=(
        "less", "a structure is at least as long as each of its parts", "a lower bound"),
        across=flagged(prepared, jid, DL.measureIncludesFloats),
        from_mark=lambda whole, prop: length_from_mark(graph, prepared, jid, whole, prop))


def length_from_mark(graph: Graph, prepared: Prepared, jid: str, whole: Node,
                     prop: URIRef) -> bool:
    """Whether the code measures ``whole``'s ``prop`` (a length, ``dl:longestOfParts``) as a
    distance from the mark, perpendicular to it, not along the structure: the code's data makes
    it one fact with a reach (a ``dl:FactIdentity`` pairing it with a property marked
    ``dl:farthestOfParts``, or with the former value of one: Jerusalem and South Bristol, "length
    is measured perpendicular to the mean high water mark", § 160-123A(1)(b), § 73-9C(1)) on a
    class ``whole`` is of (dl:onClass; none: any), ``whole`` being listed as no part of another.
    The identity's dl:exceptOnClass is not read here: it says a float's or a ramp's length may
    not start at the mark (it may lie out in the lake), not that it is measured along the
    structure; the direction is the section's, for every dock it reads. There a part's own
    length, along its own axis (a ramp may run along the dock, fingers lie "in any
    configuration", § 160-123A(1)(b)[3]), is no measure of the whole's: it neither raises the
    whole's length nor contradicts it; how far the part reaches past the whole is asked
    (``reach_past_own_lengths``, ``total_at_most``). Kings Point's length "measured from the
    mean high-water line to the seaward terminus" (Standards D(1)) is made one fact with no
    reach, so a part's own length still bounds it there."""
    if (None, DL.hasPart, whole) in graph:
        return False
    vocabulary = prepared.ontology
    for first, second, _on_parts, classes, _unless, _one_way in identities(prepared, jid):
        if prop not in (first, second):
            continue
        other = second if prop == first else first
        if not ((other, DL.farthestOfParts, TRUE) in vocabulary or any(
                (p, DL.farthestOfParts, TRUE) in vocabulary
                for p in vocabulary.subjects(DL.preexistingCounterpart, other))):
            continue
        if read_on(graph, whole, classes, ()):
            return True
    return False


def same_datum_reaches(prepared: Prepared, prop: URIRef) -> list[URIRef]:
    """The properties measuring how far a structure reaches to its farthest part
    (``dl:farthestOfParts``) that the vocabulary compares as ``prop`` (``dl:comparesAs``)
    from the same datum (``dl:measuredFrom``): dl:farthestExtentFromMHW for dl:length."""
    vocabulary = prepared.ontology
    datum = vocabulary.value(prop, DL.measuredFrom)
    if datum is None:
        return []
    return sorted((q for q in vocabulary.subjects(DL.comparesAs, prop)
                   if isinstance(q, URIRef)
                   and (q, DL.farthestOfParts, TRUE) in vocabulary
                   and vocabulary.value(q, DL.measuredFrom) == datum), key=str)


def beyond_parts(graph: Graph, prepared: Prepared, marker: URIRef, farther: bool,
                 words: tuple[str, str, str] | None = None,
                 across: list[RuleInfo] | None = None,
                 from_mark: Callable[[Node, URIRef], bool] | None = None) -> None:
    """For each property marked ``marker`` in the vocabulary, each whole stating it and a part
    stating a value beyond it (larger where ``farther``, else smaller): the whole read at its
    outermost part's value, with a ``dl:Discrepancy`` (``raise_to``; ``words`` in place of
    ``BOUND_WORDS``). ``across``: the rules measuring a whole from the datum to its seaward
    terminus with its parts; on a whole listed as no part of another, of a class one of them
    reading the property governs, a part's reach from the same datum (``same_datum_reaches``)
    counts as its value too. ``from_mark``: whether a whole's value is measured from the mark,
    perpendicular to it (``length_from_mark``): there a part's own value is not compared, only
    its reach from the same datum where ``across`` reads it."""
    vocabulary = prepared.ontology
    apart_classes = standing_apart(vocabulary)
    than, because, bound = words or BOUND_WORDS[farther]
    for prop in sorted(vocabulary.subjects(marker, TRUE), key=str):
        if not isinstance(prop, URIRef):
            continue
        seaward = {c for r in across or () if prop in r.constrains for c in r.governs}
        reaches = same_datum_reaches(prepared, prop) if seaward else []
        # innermost wholes first: a part moved for its own parts is read so by its whole
        for whole in sorted(set(graph.subjects(prop, None)),
                            key=lambda w: (-len(self_and_containers(graph, w)), str(w))):
            now = number_of(graph, whole, prop)
            if now is None or not is_stated(graph, whole, prop):
                continue
            # (a whole that is itself a part: its length is its own, not from the datum)
            compared = [*([] if from_mark is not None and from_mark(whole, prop) else [prop]),
                        *(reaches if (None, DL.hasPart, whole) not in graph and any(
                            (whole, RDF.type, c) in graph for c in seaward) else [])]
            if not compared:
                continue
            beyond: list[tuple[Node, URIRef, Decimal]] = []
            for part in parts_of(graph, whole):
                if (part, DL.partLinked, None) in graph or any(
                        (part, RDF.type, c) in graph for c in apart_classes):
                    continue
                for q in compared:
                    n = number_of(graph, part, q)
                    if n is not None and (n > now if farther else n < now):
                        beyond.append((part, q, n))
            if not beyond:
                continue
            edge = (max if farther else min)(n for _p, _q, n in beyond)
            parts = list(dict.fromkeys(p for p, _q, n in beyond if n == edge))
            said = {q for _p, q, n in beyond if n == edge}
            if said == {prop}:
                why = (f"the stated {curie(prop)} of {short(whole)} "
                       f"({shown(prepared, prop, now)}) is {than} than that of its part "
                       f"{', '.join(short(p) for p in parts)} ({shown(prepared, prop, edge)}): "
                       f"{because}, so the two statements contradict each other; the rules "
                       f"were checked with the part's ({bound} of the whole's); correct the "
                       "value or the parts listed")
            else:
                named = " and ".join(
                    f"the {curie(q)} of its part {short(p)} ({shown(prepared, q, n)})"
                    for p, q, n in beyond if n == edge)
                datum = datum_name(prepared, prop)
                why = (f"the stated {curie(prop)} of {short(whole)} "
                       f"({shown(prepared, prop, now)}) is {than} than {named}: both are "
                       f"measured from {datum}, and a structure's {curie(prop)} runs from it "
                       "to the seaward end, so it is at least as far as each of its parts "
                       "reaches from it; the two statements contradict each other; the rules "
                       f"were checked with the part's ({bound} of the whole's "
                       f"{curie(prop)}); correct the value or the parts listed")
            raise_to(graph, prepared, whole, prop, now, edge, parts, why=why)
            if across is not None:
                floats_past_raise(graph, prepared, whole, prop, now, edge)


def floats_past_raise(graph: Graph, prepared: Prepared, whole: Node, prop: URIRef,
                      stated: Decimal, raised: Decimal) -> None:
    """A ``dl:UpperBoundTotal`` on ``whole``'s ``prop`` written from its stated figure with
    floats' own lengths added at the seaward end (``floats_past_length``), moved out by what
    the whole was raised (its floats lie beyond its seaward end, wherever its parts put it);
    one with no upper end stays."""
    for note in sorted(graph.subjects(DL.focus, whole), key=str):
        if (note, RDF.type, DL.UpperBoundTotal) not in graph or (
                note, DL.property, prop) not in graph:
            continue
        most = to_decimal(graph.value(note, DL.upperBound))
        if not isinstance(most, Decimal) or most >= Decimal(1000000):
            continue
        moved = most + raised - stated
        graph.set((note, DL.upperBound, Literal(str(moved), datatype=XSD.decimal)))
        text = (f" ({short(whole)}'s {curie(prop)} is read as {shown(prepared, prop, raised)}, "
                f"not the {shown(prepared, prop, stated)} it states, a part of it reaching "
                f"that far: so it may be as much as {shown(prepared, prop, moved)})")
        for n in [note, *graph.objects(note, DL.undecidedMember)]:
            comment = graph.value(n, RDFS.comment)
            if comment is not None:
                graph.set((n, RDFS.comment, Literal(str(comment) + text)))


def outermost_first(graph: Graph, whole: Node, parts: list[Node]) -> list[Node]:
    """The parts, each after every part it is inside (fewest containers first)."""
    return sorted(parts, key=lambda p: (len(self_and_containers(graph, p)), str(p)))


def raise_to(graph: Graph, prepared: Prepared, whole: Node, prop: URIRef, stated: Decimal,
             bound: Decimal, parts: list[Node], why: str | None = None) -> None:
    unit = prepared.units.canonical_of_property.get(prop)
    note = withdrawn(graph, whole, prop)
    graph.add((note, DL.derivedValue, add_quantity(graph, whole, prop, bound, unit, parts)))
    for part in parts:
        graph.add((note, PROV.wasDerivedFrom, part))
    graph.add((note, RDFS.comment, Literal(why or (
        f"the stated {curie(prop)} of {short(whole)} ({shown(prepared, prop, stated)}) leaves out "
        f"its new part{'s' if len(parts) > 1 else ''} ({', '.join(short(p) for p in parts)}): "
        f"what existed before the work plus the new parts is at least "
        f"{shown(prepared, prop, bound)}, so the rules were checked with it (a whole's "
        f"{curie(prop)} includes its listed parts); correct the area or the parts listed"))))


#: How a part's stated work reads in a question about it.
WORK_WORDS = {DL.NewConstruction: "new", DL.Enlargement: "enlarged", DL.Alteration: "altered",
              DL.Reconstruction: "reconstructed", DL.Replacement: "replaced",
              DL.Repair: "repaired", DL.Removal: "removed"}


def ask_unknown_growth(graph: Graph, prepared: Prepared, compiled: CompiledShapes,
                       unknown: list[Unknown], focus: dict[object, list[Node]], app: Node,
                       facts: AppFacts) -> None:
    """For each part whose growth is not known (``grown_wholes``), ask its missing fact for
    every rule reading the whole's value (``dl:conditionUnknown`` on the part, which the report
    turns into "information needed"): a nonconforming dock stated as repaired at its former
    area, with a finger stated enlarged and no former area, has grown by an amount no one
    stated, and its stated area decides nothing (Canandaigua § 73-21A, Keuka § 160-126B(4)).
    Only rules that apply to the whole, or would but for an exception (whose not-extended
    clause the unknown growth leaves undecided), ask; a whole stated larger than it was is
    asked too: its stated growth may or may not be the part's."""
    for whole, prop, part, asked in unknown:
        kind = " and ".join(sorted(WORK_WORDS.get(w, curie(w)) for w in graph.objects(
            part, DL.workKind))) or "worked"
        for shape, rule_iri in sorted(compiled.shape_rule.items(), key=lambda kv: str(kv[0])):
            rule = prepared.rules.get(rule_iri)
            if rule is None or prop not in rule.constrains:
                continue  # a rule not reading this value
            spec = compiled.specs.get(shape)
            applies = whole in focus.get(shape, [])
            if prop in REACH_OF_WHOLE and (applies or spec is None or not any(
                    any(c.than is not None and c.prop == prop for c in clauses) and all(
                        condition_holds(graph, app, whole, c) for c in clauses
                        if not (c.than is not None and c.prop == prop))
                    for clauses in spec.exceptions)):
                continue  # the rule reads the whole's stated reach (its parts' too), or no
                #           exception keeping the whole within its former reach is in play
            if prop in REACH_OF_WHOLE and reach_within_limit(graph, prepared, rule_iri, whole,
                                                             prop):
                continue  # the rule read without the exception holds on the whole's stated
                #           reach, its parts' too: the exception decides nothing (blind review
                #           91 F3: a 90-ft pier stated enlarged was asked its new float's length
                #           under the 100 ft of North Haven § 56-2B, the same pier
                #           reconstructed was not)
            if not applies and (spec is None or not spec.exceptions or (
                    whole not in generated_focus(graph, app, {whole}, dataclasses.replace(
                        spec, exceptions=()), facts))):
                continue  # a rule not applying to the whole, even but for its exceptions
            note = BNode()
            graph.add((part, DL.conditionUnknown, note))
            graph.add((note, DL.property, asked))
            graph.add((note, DL.rule, rule_iri))
            graph.add((note, RDFS.comment, Literal(
                f"{short(part)} is stated as {kind} "
                f"without {'its ' + curie(asked) if asked == prop else 'its former ' + curie(prop)}"
                f", so how much {short(whole)}'s {curie(prop)} grew is not known")))


def reach_within_limit(graph: Graph, prepared: Prepared, rule: URIRef, whole: Node,
                       prop: URIRef) -> bool:
    """The whole's stated reach meets the rule's own constant limit (dl:limit, dl:comparison;
    a rule whose limit is another fact, dl:limitExpression, has none here)."""
    law = prepared.knowledge
    op = RULE_OPS.get(law.value(rule, DL.comparison))
    stated = limit_of(prepared, rule, DL.limit)
    now = number_of(graph, whole, prop)
    if op is None or stated is None or now is None or not is_stated(graph, whole, prop) \
            or (rule, DL.limitExpression, None) in law:
        return False
    value, unit = stated
    canonical = prepared.units.canonical_of_property.get(prop)
    limit = prepared.units.convert(value, unit, canonical) if unit is not None \
        and canonical is not None else value
    return limit is not None and COMPARE[op](now, limit)


def share_within_length(graph: Graph, prepared: Prepared, jid: str) -> None:
    """A main walkway's share of the total length (dl:mainWalkwayShare) where nothing measured
    it (the geometry stage's share is left to it): the walkway reaches at most what the stated
    facts allow, and the total length, "measured perpendicular to the mean high-water mark", is
    at least how far the whole and each listed part that does not stand apart reach from the
    mark (dl:farthestExtentFromMHW) and, where the code measures the whole's length along it
    (not perpendicular to the mark, ``length_from_mark``), each such part's own dl:length; where
    it measures perpendicular, a part's own length bounds the total only from above (it may run
    along the dock, or lie past its end: ``total_at_most``), so a part longer than the total read
    asks the share (blind review 89 F2: a 70-foot ramp on a 40-foot dock was cited at a total of
    70 feet under South Bristol § 73-9C(1)(b)); the share is at most the
    one over the other (``walkway_bound``). A stated share above that bound cannot be true: the
    rules read the bound and a ``dl:Discrepancy`` names both numbers. No share stated: the
    bound is written (derived) with a dl:UpperBoundTotal note carrying 0, so that a minimum the
    bound breaks is cited and one it meets asks for the share. A stated length below the reach
    is raised to it the same way. Why: a dock stating a length of 20 ft, a reach of 50 ft and a
    100 % share, listing a float reaching 50 ft, met Canandaigua § 73-9C(1)(b) (fix-sb10); a
    dock stating a 70 % share listing a main walkway part stating its 20-foot length and a lift
    reaching 55 ft met it, and one stating 70 % of its 40-foot length with a lift reaching 58
    ft was read at 40 / 58 (the whole 40 feet taken for walkway, contradicting the 70 %); a
    walkway part of 20 ft beside a finger reaching 45 ft was asked the share (fix-sb11)."""
    if not any(DL.mainWalkwayShare in rule.constrains for rule in prepared.rules_of(jid)):
        return  # no rule of the code reads a share
    vocabulary = prepared.ontology
    apart_classes = standing_apart(vocabulary)
    walkways = {DL.MainWalkway, *prepared.knowledge.subjects(DL.senseOf, DL.MainWalkway)}
    wholes = set(graph.subjects(DL.mainWalkwayShare, None)) | set(graph.subjects(DL.hasPart, None))
    for whole in sorted(wholes, key=str):
        if any(graph.value(v, DL.derived) == TRUE
               for v in graph.objects(whole, DL.mainWalkwayShare)) or any(
                (whole, RDF.type, k) in graph for k in walkways):
            continue
        parts = [p for p in parts_of(graph, whole) if (p, DL.partLinked, None) not in graph
                 and not any((p, RDF.type, c) in graph for c in apart_classes)]
        stated = is_stated(graph, whole, DL.mainWalkwayShare)
        share = number_of(graph, whole, DL.mainWalkwayShare) if stated else None
        length = number_of(graph, whole, DL.length) \
            if is_stated(graph, whole, DL.length) else None
        reaches = [(node, n) for node in [whole, *parts]
                   if (n := number_of(graph, node, DL.farthestExtentFromMHW)) is not None]
        if share is not None and length is not None and length > 0 and reaches \
                and (total := max(n for _p, n in reaches)) > length:
            farthest = [p for p, n in reaches if n == total]
            raise_to(graph, prepared, whole, DL.length, length, total, farthest, why=(
                f"the stated {curie(DL.length)} of {short(whole)} "
                f"({shown(prepared, DL.length, length)}) is less than {reached(farthest)} from "
                f"the mean high-water mark ({curie(DL.farthestExtentFromMHW)}, "
                f"{shown(prepared, DL.farthestExtentFromMHW, total)})"
                f": the length of {short(whole)} and its associated structures, measured "
                "perpendicular to the mark, is at least that, so the two statements contradict "
                "each other; the rules were checked with the reach; correct the value or the "
                "parts listed"))
        lengths = [(p, n) for p in parts if (n := number_of(graph, p, DL.length)) is not None]
        # (a part's own length, along its own axis, is no length perpendicular to the mark:
        # where the code measures the whole so, it bounds the total from above only)
        across = length_from_mark(graph, prepared, jid, whole, DL.length)
        longest = [*reaches, *([] if across else lengths),
                   *([(whole, length)] if length is not None else [])]
        walkway = walkway_bound(graph, prepared, whole, [p for p in parts if any(
            (p, RDF.type, k) in graph for k in walkways)], length, share)
        if walkway is None or not longest:
            continue
        total = max(n for _p, n in longest)
        if total <= 0:
            continue
        most, why, sources = walkway
        bound = min(Decimal(100), Decimal(100) * most / total).quantize(
            Decimal("0.01"), rounding=ROUND_DOWN)  # (down: never over a minimum it is under)
        farthest = [p for p, n in longest if n == total and p != whole]
        of_total = (f"the total length of {short(whole)} and its associated structures, "
                    "measured perpendicular to the mean high-water mark, is at least "
                    f"{shown(prepared, DL.length, total)}"
                    + (f" ({reached(farthest)} that far)" if farthest else ""))
        if share is not None and share > bound:
            raise_to(graph, prepared, whole, DL.mainWalkwayShare, share, bound,
                     list(dict.fromkeys([*sources, *farthest])), why=(
                f"the stated {curie(DL.mainWalkwayShare)} of {short(whole)} "
                f"({shown(prepared, DL.mainWalkwayShare, share)}) is more than its main walkway "
                f"can be: {why}, at most {shown(prepared, DL.length, most)}, and {of_total}, so "
                f"the walkway's share is at most {shown(prepared, DL.mainWalkwayShare, bound)}; "
                "the rules were checked with it; correct the values or the parts listed"))
            least, open_text = least_share(graph, prepared, whole, parts, length, reaches,
                                           lengths, total, most, bound)
            if least < bound:
                share_bound_note(graph, whole, least, (
                    f"the stated {curie(DL.mainWalkwayShare)} of {short(whole)} "
                    f"({shown(prepared, DL.mainWalkwayShare, share)}) cannot be right, so the "
                    f"share is not known: at most {shown(prepared, DL.mainWalkwayShare, bound)} "
                    f"(its main walkway at most {shown(prepared, DL.length, most)} of a total "
                    f"length of at least {shown(prepared, DL.length, total)}), and {open_text}"
                    f"{shown(prepared, DL.mainWalkwayShare, least)}; state a share the "
                    "facts allow, or how far its parts reach from the mean high-water mark "
                    f"({curie(DL.farthestExtentFromMHW)})"))
        elif share is not None and across and any(n > total for _p, n in lengths):
            # a part stating only its own length, longer than the total read: it may lie
            # across the mark's perpendicular within it, or begin at the seaward end
            least, open_text = least_share(graph, prepared, whole, parts, length, reaches,
                                           lengths, max(n for _p, n in [*longest, *lengths]),
                                           most, share)
            if least < share:
                share_bound_note(graph, whole, least, (
                    f"the share of {short(whole)}'s main walkway is read as the stated "
                    f"{shown(prepared, DL.mainWalkwayShare, share)} of a total length of "
                    f"{shown(prepared, DL.length, total)} measured perpendicular to the mean "
                    f"high-water mark, and {open_text}"
                    f"{shown(prepared, DL.mainWalkwayShare, least)}; a part's own "
                    f"{curie(DL.length)} is no length perpendicular to the mark (it may run "
                    "along the dock): state how far it reaches from the mean high-water mark "
                    f"({curie(DL.farthestExtentFromMHW)})"))
        elif share is None and bound < 100:
            add_quantity(graph, whole, DL.mainWalkwayShare, bound,
                         prepared.units.canonical_of_property.get(DL.mainWalkwayShare),
                         list(dict.fromkeys([*sources, *farthest])))
            text = (f"{curie(DL.mainWalkwayShare)} of {short(whole)} is not stated: {why}, at "
                    f"most {shown(prepared, DL.length, most)}, and {of_total}, so the walkway's "
                    f"share is at most {shown(prepared, DL.mainWalkwayShare, bound)}, and how "
                    "much less is not known; state it")
            share_bound_note(graph, whole, Decimal(0), text)


def free_standing_lengths(graph: Graph, prepared: Prepared, jid: str) -> None:
    """A structure a rule on a share of the total length measures with its whole where it
    stands free (``dl:measuredWith`` on the rule: a class whose members on the whole's parcel,
    listed as a part of nothing, may be the whole's), reaching farther from the mean high-water
    mark than everything the whole's total is read from: the application does not say whether
    it is the whole's, so the share read (the whole's main walkway over its own total) is one
    end, and the walkway over the free-standing structure's reach the other; a
    dl:UpperBoundTotal note carries the other end, so a minimum between them asks, one the read
    share already breaks is cited, one both meet holds. Listed as the whole's part, it is
    measured with it (``share_within_length``). One stating no reach bounds nothing: a rule
    holding it to a line from the mark asks its reach where it applies (a proposed one), and
    its reach stated, the bound follows. Why: a dock stating 30 feet and a 100 % walkway share
    with a boat hoist standing free beside it reaching 60.1 feet met Canandaigua § 73-9C(1)(b)
    ("the total length of the dock and associated structures and equipment") in silence: the
    hoist is no listed part."""
    measured = {c for rule in prepared.rules_of(jid) if DL.mainWalkwayShare in rule.constrains
                for c in prepared.knowledge.objects(rule.iri, DL.measuredWith)}
    if not measured:
        return
    governs = {c for rule in prepared.rules_of(jid) if DL.mainWalkwayShare in rule.constrains
               for c in rule.governs}
    for parcel in sorted(set(graph.subjects(DL.hasStructure, None)), key=str):
        on_parcel = sorted(set(graph.objects(parcel, DL.hasStructure)), key=str)
        free = [n for n in on_parcel if (None, DL.hasPart, n) not in graph
                and any((n, RDF.type, c) in graph for c in measured)
                and not any((n, RDF.type, c) in graph for c in governs)]
        wholes = [n for n in on_parcel if (None, DL.hasPart, n) not in graph
                  and any((n, RDF.type, c) in graph for c in governs)]
        for whole in wholes:
            share = number_of(graph, whole, DL.mainWalkwayShare)
            if share is None:
                continue  # asked already: the rule reads no share
            parts = [p for p in parts_of(graph, whole) if (p, DL.partLinked, None) not in graph]
            read = [n for node in [whole, *parts] for prop in (DL.length, DL.farthestExtentFromMHW)
                    if (n := number_of(graph, node, prop)) is not None]
            total = max(read) if read else None
            beyond = [(other, reach) for other in free
                      if (reach := number_of(graph, other, DL.farthestExtentFromMHW)) is not None
                      and (total is None or reach > total)]
            if not beyond:
                continue
            farthest = max(r for _o, r in beyond)
            open_ = total is None
            least = Decimal(0) if total is None else (share * total / farthest).quantize(
                Decimal("0.01"), rounding=ROUND_DOWN)  # (down: never over a minimum it is under)
            if least >= share:
                continue
            named = ", ".join(short(o) for o, _r in beyond)
            reaches = ", ".join(f"{short(o)} {shown(prepared, DL.farthestExtentFromMHW, r)}"
                                for o, r in beyond)
            text = (f"{named} {'stands' if len(beyond) == 1 else 'stand'} free on the parcel of "
                    f"{short(whole)}, listed as no part of it, and "
                    f"{'reaches' if len(beyond) == 1 else 'reach'} from the mean high-water "
                    f"mark ({curie(DL.farthestExtentFromMHW)}: {reaches})"
                    + ("" if total is None else
                       f", farther than the {shown(prepared, DL.length, total)} the total length "
                       f"of {short(whole)} is read from")
                    + f": where {'it is' if len(beyond) == 1 else 'they are'} among the "
                    f"structures measured with {short(whole)} ({curie(DL.measuredWith)}), the "
                    "total length is at least that reach and the main walkway's "
                    f"share at most {shown(prepared, DL.mainWalkwayShare, least)}"
                    + (f" (nothing {short(whole)} states bounds its own total)" if open_ else
                       f" ({shown(prepared, DL.mainWalkwayShare, share)} of "
                       f"{shown(prepared, DL.length, total)} over "
                       f"{shown(prepared, DL.farthestExtentFromMHW, farthest)})")
                    + f", not the {shown(prepared, DL.mainWalkwayShare, share)} read; the "
                    "application does not say whether it is: list it as a part of "
                    f"{short(whole)} if it stands with it")
            lower_share_bound(graph, whole, least, text)


def lower_share_bound(graph: Graph, whole: Node, least: Decimal, text: str) -> None:
    """``share_bound_note``, or, where ``whole``'s share already has a dl:UpperBoundTotal note
    (the geometry stage's, share_within_length's), that note's bound lowered to ``least`` with
    ``text`` added: one note per value read, carrying the least of its other ends."""
    for note in sorted(graph.subjects(DL.focus, whole), key=str):
        if (note, RDF.type, DL.UpperBoundTotal) in graph \
                and (note, DL.property, DL.mainWalkwayShare) in graph:
            bound = to_decimal(graph.value(note, DL.upperBound))
            if bound is not None and bound <= least:
                return
            graph.set((note, DL.upperBound, Literal(str(least), datatype=XSD.decimal)))
            graph.add((note, RDFS.comment, Literal(text)))
            entry = BNode()
            graph.add((note, DL.undecidedMember, entry))
            graph.add((entry, DL.focus, whole))
            graph.add((entry, DL.property, DL.mainWalkwayShare))
            graph.add((entry, RDFS.comment, Literal(text)))
            return
    share_bound_note(graph, whole, least, text)


def float_like(graph: Graph, prepared: Prepared, jid: str, whole: Node) -> set[Node]:
    """The classes of part read as ``whole``'s floats for its stated reach and length
    (``reach_past_own_lengths``, ``lengths_past_floats``): dl:Float, and each class that a class
    of the code ``jid`` (its concept namespace: the data carries every code's types) that
    ``whole`` belongs to names with dl:partAskedAsFloat (a swim float, where the code's text does
    not make the dock's figure include it, so the whole's figure may or may not; the data says
    which codes: ontology/terms/parts.ttl)."""
    own = jurisdictions.get(jid).concept_namespace
    return {DL.Float} | {c for d, c in prepared.knowledge.subject_objects(DL.partAskedAsFloat)
                         if str(d).startswith(own) and (whole, RDF.type, d) in graph}


def stated_landward(graph: Graph, part: Node) -> bool:
    """Whether ``part`` is stated landward of the mean high-water mark (dl:locatedWaterside
    false, as stated or as derived) and states no reach past it (no dl:farthestExtentFromMHW
    above 0): it reaches nowhere beyond the mark, so nowhere past a line measured out from the
    mark (or from mean low water, farther out), and no limit on the whole's reach asks its own
    (blind review 105 N1: a swim float or float stated landward, listed on a dock, was asked its
    reach in three codes, where a structure standing so on its own is not)."""
    if graph.value(part, DL.locatedWaterside) != FALSE:
        return False
    reach = number_of(graph, part, DL.farthestExtentFromMHW)
    return reach is None or reach <= 0


def reach_past_own_lengths(graph: Graph, prepared: Prepared, jid: str) -> None:
    """A whole stating how far it reaches from a datum to its farthest or seaward end (each
    property marked ``dl:farthestOfParts``: dl:farthestExtentFromMHW, dl:lengthFromMLW, which
    include its parts) listing a part that states only its own dl:length, not its own reach:
    the part, not said to reach any distance from the datum, may begin at the seaward end of
    the rest (as ``total_at_most`` reads it for the walkway's share). A dl:UpperBoundTotal note
    carries the stated reach with such parts end to end beyond it, asking those parts' reach
    where a limit lies between: so a rule does not conform (nor "hold regardless", when its
    applicability is unstated: ``held_at_bounds``) on one reading of the applicant's figure.

    Two cases. A part longer than the whole's stated reach: the stated reach cannot be right,
    every such part is counted, and the bound is open where another part states neither its
    length nor its reach. Why: a dock stating a 30-foot reach listing a lift stating its own
    31-foot length held Canandaigua § 73-9C(1)(c)'s 60-foot line "whether or not it applies",
    though at the dock's end the lift reaches 61 feet (review 67). Otherwise, a waterside part
    (dl:WatersideStructure: a float, a ramp, a lift; not what stands on the deck) not stated
    off the seaward end (dl:atSeawardEnd false): the stated reach may or may not include it
    (the vocabulary measures the whole "to the seaward end", parts included, but an applicant
    may state the pier alone), so both readings are kept: the stated figure is read and the
    note carries it plus those parts' own lengths. A float stating neither (nor a measure
    bounding its reach) leaves the note without an upper end (1,000,000): a limit the figure
    meets asks its reach, as it asks a float stating 10.01 feet (blind review 81: a 90-foot pier
    with a float of unstated size conformed to § 56-2B where that one was asked; knowing less
    must not give the better verdict); any other part stating neither (a pile, stairs, a slip)
    is read within the whole's figure. Only a stated reach is so read: a drawn
    one is the drawing's (the geometry stage bounds the undrawn parts). Why: a new 95-foot pier
    (dl:lengthFromMLW) listing a 20-foot float at its seaward end conformed to North Haven
    § 56-2B's 100 feet "including floats", though the float may reach 115 (blind review 76)."""
    vocabulary = prepared.ontology
    apart_classes = standing_apart(vocabulary)
    props = sorted((p for p in vocabulary.subjects(DL.farthestOfParts, TRUE)
                    if isinstance(p, URIRef)), key=str)
    for prop in props:
        # the rules whose text measures the structure with its floats (dl:measureIncludesFloats)
        # the rules of a code whose dock includes its parts (dl:statedFigureIncludesParts): the
        # whole's stated figure covers a part stating no reach of its own (blind review 101 F5)
        covered = covering_rules(prepared, jid, prop)
        with_floats = flagged_rules(prepared, jid, prop, DL.measureIncludesFloats)
        others = sorted(r.iri for r in prepared.rules_of(jid) if prop in r.constrains
                        and r.iri not in covered) if covered else None
        for whole in sorted(set(graph.subjects(DL.hasPart, None)), key=str):
            past_own_length(graph, prepared, jid, whole, prop, apart_classes, with_floats,
                            (covered, others) if covered and others is not None else None)
    lengths_past_floats(graph, prepared, jid, apart_classes)


def flagged(prepared: Prepared, jid: str, flag: URIRef) -> list[RuleInfo]:
    """The code's rules carrying ``flag`` true, in the rules' order: a fact of the law, read
    once (every application asked it of every rule, a new ``Literal(True)`` each time)."""
    def compute() -> tuple[RuleInfo, ...]:
        law = prepared.knowledge
        return tuple(r for r in prepared.rules_of(jid) if (r.iri, flag, TRUE) in law)
    return list(prepared.law_memo(("grown.flagged", jid, flag), compute))


def flagged_rules(prepared: Prepared, jid: str, prop: URIRef, flag: URIRef) -> list[URIRef]:
    """The code's rules comparing ``prop`` that carry ``flag`` true, in IRI order:
    dl:measureIncludesFloats (the text measures the structure with its floats) or
    dl:statedFigureIncludesParts (the whole's stated figure includes its listed parts: Kings
    Point, DOCK 'shall include ... floats')."""
    return sorted(r.iri for r in flagged(prepared, jid, flag) if prop in r.constrains)


def covering_rules(prepared: Prepared, jid: str, prop: URIRef) -> set[URIRef]:
    """The code's rules comparing ``prop`` that read the whole's stated figure as including its
    listed parts (dl:statedFigureIncludesParts)."""
    return set(flagged_rules(prepared, jid, prop, DL.statedFigureIncludesParts))


def lengths_past_floats(graph: Graph, prepared: Prepared, jid: str,
                        apart_classes: set[Node]) -> None:
    """``reach_past_own_lengths`` for a length (a property marked ``dl:longestOfParts``:
    dl:length, 'from mean high water to the seaward end', and its former value) that a rule
    marked ``dl:measureIncludesFloats`` reads: a whole stating it (stated, not drawn) listing a
    float not stated off the seaward end (dl:atSeawardEnd false) and not stating how far it
    reaches (a property the vocabulary compares as the length, ``dl:comparesAs``:
    dl:farthestExtentFromMHW). The float, not said where it lies, may begin at the seaward end of
    the rest: a dl:UpperBoundTotal compared by those rules alone carries the stated length plus
    the floats' own lengths, or no upper end where a float states neither its length nor its
    reach; a limit the stated length meets asks the float's reach (or that the stated length
    includes it), one it breaks is cited on the stated figure.

    Reading chosen (the vocabulary's definition decides): dl:length measures a structure from
    mean high water to its seaward end, the same measure as the reach (dl:farthestExtentFromMHW
    dl:comparesAs dl:length) and, from mean low water, dl:lengthFromMLW, whose stated figure a
    float may or may not be inside (``reach_past_own_lengths``: the vocabulary measures the whole
    with its parts, but an applicant may state the pier alone); one measure is read one way:
    both readings are kept, for a float stating its own length as for one stating nothing. Only
    floats, and only for the marked rules (their words measure the dock with its floats); other
    rules reading a whole's length read the stated figure, a part stated longer raising it
    (``lengthened_by_parts``). Why: a Kings Point dock stating a 150-foot length and no reach,
    listing a float of unstated size, conformed to Standards D(1)'s 200 feet 'to the seaward
    terminus of a dock' at any stated length up to the limit, as did one listing a float stating
    its own 10 feet at 195 (fix-kplen; the reach was opened by fix-float)."""
    vocabulary = prepared.ontology
    for prop in sorted((p for p in vocabulary.subjects(DL.longestOfParts, TRUE)
                        if isinstance(p, URIRef)), key=str):
        covered = covering_rules(prepared, jid, prop)
        every = flagged_rules(prepared, jid, prop, DL.measureIncludesFloats)
        if not every:
            continue
        reaches = sorted((q for q in vocabulary.subjects(DL.comparesAs, prop)
                          if isinstance(q, URIRef)), key=str)
        ask = reaches[0] if reaches else prop  # (what places the float: its reach from the datum)
        for whole in sorted(set(graph.subjects(DL.hasPart, None)), key=str):
            length = number_of(graph, whole, prop)
            if length is None or not is_stated(graph, whole, prop) or any(
                    (n, RDF.type, DL.UpperBoundTotal) in graph and (n, DL.property, prop) in graph
                    for n in graph.subjects(DL.focus, whole)):
                continue  # (a drawn length is the drawing's; a bound already written stands)
            kinds = float_like(graph, prepared, jid, whole)
            floats = [p for p in parts_of(graph, whole)
                      if any((p, RDF.type, k) in graph for k in kinds)
                      and (p, DL.partLinked, None) not in graph
                      and not any((p, RDF.type, c) in graph for c in apart_classes)
                      and graph.value(p, DL.atSeawardEnd) != FALSE
                      and not stated_landward(graph, p)
                      and not any(number_of(graph, p, q) is not None for q in reaches)]
            # the whole's stated length read as including its parts (dl:statedFigureIncludes
            # Parts), unless a part reaches past it: then the figure is wrong, and says nothing
            # of what it includes (blind review 85 F6, grown.floats_past_raise)
            raised = any(n > length for p in parts_of(graph, whole) for q in reaches
                         if (n := number_of(graph, p, q)) is not None)
            with_floats = every if raised else [r for r in every if r not in covered]
            if floats and with_floats:
                floats_past_length(graph, prepared, whole, prop, length, floats, ask,
                                   with_floats)


def floats_said(prepared: Prepared, own: dict[Node, Decimal], unsized: list[Node],
                length: URIRef, reach: URIRef, datum: str, reach_untold: bool) -> list[str]:
    """What the floats state, for the question asking their reach: those stating only their
    own ``length`` (and, ``reach_untold``, not how far they reach), and those stating neither."""
    def verb(nodes: object, one: str, many: str) -> str:
        return one if len(nodes) == 1 else many  # type: ignore[arg-type]

    said = []
    if own:
        text = (f"{', '.join(short(p) for p in own)} {verb(own, 'states', 'state')} only "
                f"{verb(own, 'its', 'their')} own {curie(length)} ("
                f"{', '.join(shown(prepared, length, n) for n in own.values())})")
        if reach_untold:
            text += (f", not how far from {datum} {verb(own, 'it reaches', 'they reach')} "
                     f"({curie(reach)})")
        said.append(text)
    if unsized:
        said.append(f"{', '.join(short(p) for p in unsized)} "
                    f"{verb(unsized, 'states', 'state')} neither "
                    f"{verb(unsized, 'its', 'their')} own {curie(length)} nor how far from "
                    f"{datum} {verb(unsized, 'it reaches', 'they reach')} ({curie(reach)})")
    return said


def floats_past_length(graph: Graph, prepared: Prepared, whole: Node, prop: URIRef,
                       length: Decimal, floats: list[Node], ask: URIRef,
                       with_floats: list[URIRef]) -> None:
    """``lengths_past_floats`` for one whole: the note, its entries asking ``ask`` of each
    float, compared by ``with_floats``."""
    own = {p: n for p in floats if (n := number_of(graph, p, prop)) is not None}
    unsized = [p for p in floats if p not in own]
    most = Decimal(1000000) if unsized else length + sum(own.values(), Decimal(0))
    datum = datum_label(prepared, prop) or "the datum it is measured from"
    said = floats_said(prepared, own, unsized, prop, ask, datum, reach_untold=False)
    text = floats_question(prepared, whole, prop, length, "", said, floats, (
        "may be any length" if unsized else f"is {shown(prepared, prop, most)} long"), ask)
    # (the rules measuring the dock with its floats, no other)
    upper_bound_note(graph, whole, prop, most, text, with_floats, floats, ask)


def applicants_figure(graph: Graph, prepared: Prepared, whole: Node, prop: URIRef,
                      value: Decimal | None) -> str | None:
    """How the application gives ``whole``'s ``prop`` (``value``, the figure the rules read),
    None where the figure is not the applicant's (a drawn one: the geometry stage bounds its
    undrawn parts): "" where stated; else the words saying where the figure comes from: the
    same fact stated under another name (a dl:FactIdentity: Jerusalem reads a dock's stated
    dl:length as its reach) or a stated figure raised to a listed part's (``reached_by_parts``:
    the dock stating 149 feet, its lift 150). Either way a float not said to lie within the
    figure may lie beyond it (blind review 84, F1 and F2: a float of unstated size was asked
    where the dock stated its reach, not where it stated only its length, nor where a lift
    stated a greater reach: knowing less, or stating a contradiction, gave "conforms")."""
    if value is None:
        return None
    if is_stated(graph, whole, prop):
        return ""
    law = prepared.knowledge
    within = set(parts_of(graph, whole))
    for qv in graph.objects(whole, prop):
        if (qv, DL.measuredBy, None) in graph or (qv, DL.coordinatesFrom, None) in graph:
            return None
        sources = set(graph.objects(qv, PROV.wasDerivedFrom))
        if sources == {whole}:
            same = [q for i in law.subjects(DL.identifies, prop)
                    if (i, RDF.type, DL.FactIdentity) in law
                    for q in law.objects(i, DL.identifies)
                    if q != prop and isinstance(q, URIRef) and is_stated(graph, whole, q)]
            if same:
                return (f"read from its stated {curie(same[0])} "
                        f"({shown(prepared, same[0], number_of(graph, whole, same[0]))}): the "
                        "code measures the two alike")
        elif sources and sources <= within and any(
                (n, RDF.type, DL.Discrepancy) in graph and (n, DL.declaredValue, None) in graph
                for n in graph.subjects(DL.focus, whole)
                if (n, DL.property, prop) in graph):
            return (f"that of its part {', '.join(short(p) for p in sorted(sources, key=str))}"
                    ", more than the figure it states")
    return None


def floats_question(prepared: Prepared, whole: Node, prop: URIRef, value: Decimal,
                    figure: str, said: list[str], asked: list[Node], beyond: str,
                    ask: URIRef | None = None) -> str:
    """The question a part of unknown reach raises (``past_own_length``,
    ``floats_past_length``): what is stated (``said``; the whole's figure and, in ``figure``,
    where it comes from when not stated as such), what is not known (whether the figure
    includes the parts ``asked``), and what to state (their reach, or that it does)."""
    names = ", ".join(short(p) for p in asked)
    one = len(asked) == 1
    ask = ask or prop
    read = (f"{short(whole)} states its {curie(prop)} as {shown(prepared, prop, value)}"
            if not figure else
            f"{short(whole)}'s {curie(prop)} is read as {shown(prepared, prop, value)} "
            f"({figure})")
    return (f"{'; '.join(said)}. {read}, but the application does not say whether that "
            f"figure includes {names}: if {'it lies' if one else 'they lie'} beyond it, at the "
            f"seaward end, {short(whole)} {beyond}. State how far {names} "
            f"{'reaches' if one else 'reach'} ({curie(ask)}), or that the figure "
            f"({shown(prepared, prop, value)}) includes {'it' if one else 'them'}")


def past_own_length(graph: Graph, prepared: Prepared, jid: str, whole: Node, prop: URIRef,
                    apart_classes: set[Node], with_floats: list[URIRef],
                    covering: tuple[set[URIRef], list[URIRef]] | None = None) -> None:
    """``reach_past_own_lengths`` for one whole and one reach property; ``with_floats``: the
    rules reading the reach with the structure's floats, for which a float stating nothing of
    its size or reach leaves the reach open (the note is compared by them alone, unless a part
    stating its own length opens it for every rule). ``covering``: where some rules read the
    whole's stated figure as including its parts (dl:statedFigureIncludesParts), those rules
    and every other rule comparing the reach: the whole stating the figure itself, a part
    within it opens it for the others alone; a figure not the applicant's as stated (raised to
    a part's reach past it) says nothing of what it includes, and is read as before."""
    reach = number_of(graph, whole, prop)
    if reach is None or any(
            (n, RDF.type, DL.UpperBoundTotal) in graph and (n, DL.property, prop) in graph
            for n in graph.subjects(DL.focus, whole)):
        return  # (the geometry stage's bound on a drawn whole stands)
    parts = [p for p in parts_of(graph, whole) if (p, DL.partLinked, None) not in graph
             and not any((p, RDF.type, c) in graph for c in apart_classes)
             and not stated_landward(graph, p)]
    own = {p: n for p in parts if number_of(graph, p, prop) is None
           and (n := number_of(graph, p, DL.length)) is not None}
    # a float stating nothing of its size or reach (neither dl:length, nor ``prop``, nor a
    # measure bounding it: reach_within_bounds reads that one), not stated off the seaward end
    bounding = set(prepared.ontology.objects(prop, DL.boundedAboveBy)) - {DL.length}
    kinds = float_like(graph, prepared, jid, whole)
    unsized = [p for p in parts if with_floats and p not in own
               and any((p, RDF.type, k) in graph for k in kinds)
               and number_of(graph, p, prop) is None
               and not any(number_of(graph, p, b) is not None for b in bounding)
               and graph.value(p, DL.atSeawardEnd) != FALSE]
    figure = applicants_figure(graph, prepared, whole, prop, reach)
    others: list[URIRef] | None = None
    if covering is not None and figure == "":
        # the whole's own stated figure, read as including its parts for the covering rules
        with_floats = [r for r in with_floats if r not in covering[0]]
        others = covering[1]
    unsized = [p for p in unsized if with_floats]
    if not own and not (unsized and figure is not None):
        return
    datum = datum_label(prepared, prop) or "the datum it is measured from"
    if own and max(own.values()) > reach:
        asked = list(own)
        silent = [p for p in parts if p not in own and number_of(graph, p, prop) is None]
        most = Decimal(1000000) if silent else reach + sum(own.values(), Decimal(0))
        names = ", ".join(short(p) for p in own)
        text = (f"{names} {'states' if len(own) == 1 else 'state'} only its own "
                f"{curie(DL.length)} ("
                f"{', '.join(shown(prepared, DL.length, n) for n in own.values())}"
                f"), more than the stated {curie(prop)} of {short(whole)} "
                f"({shown(prepared, prop, reach)}), and not how far from {datum} it reaches: "
                f"placed at the seaward end of the rest of {short(whole)}, "
                + (f"{short(whole)} reaches {shown(prepared, prop, most)}" if not silent else
                   f"{short(whole)} may reach any distance "
                   f"({', '.join(short(p) for p in silent)} stating neither its length nor its "
                   "reach)")
                + f"; state {curie(prop)} of {names}")
    else:
        if figure is None:
            return  # (a drawn reach is the drawing's, its undrawn parts bounded there)
        own = {p: n for p, n in own.items()
               if (p, RDF.type, DL.WatersideStructure) in graph
               and graph.value(p, DL.atSeawardEnd) != FALSE}
        if not own and not unsized:
            return
        most = Decimal(1000000) if unsized else reach + sum(own.values(), Decimal(0))
        asked = [*own, *unsized]
        said = floats_said(prepared, own, unsized, DL.length, prop, datum, reach_untold=True)
        text = floats_question(prepared, whole, prop, reach, figure, said, asked, (
            "may reach any distance" if unsized else
            f"reaches {shown(prepared, prop, most)}"))
    # (only the rules measuring floats; else every rule: compared_bounds; where some rules read
    # the figure with its parts, every other rule, none left: no note)
    rules: Iterable[Node] = with_floats if unsized and not own else (
        others if others is not None else ())
    if others is not None and not rules:
        return
    upper_bound_note(graph, whole, prop, most, text, rules, asked, prop)


def upper_bound_note(graph: Graph, whole: Node, prop: URIRef, most: Decimal, text: str,
                     rules: Iterable[Node], members: Iterable[Node], member_prop: URIRef) -> None:
    """A dl:UpperBoundTotal note: ``whole``'s ``prop`` may be as much as ``most``, compared by
    ``rules`` (none named: every rule reading it), each of ``members`` asked ``member_prop``
    (``pipeline.opened`` asks them where a limit lies between), ``text`` saying why."""
    note = BNode()
    graph.add((note, RDF.type, DL.UpperBoundTotal))
    graph.add((note, DL.focus, whole))
    graph.add((note, DL.property, prop))
    graph.add((note, DL.upperBound, Literal(str(most), datatype=XSD.decimal)))
    graph.add((note, RDFS.comment, Literal(text)))
    for rule in rules:
        graph.add((note, DL.comparedBy, rule))
    for member in members:
        entry = BNode()
        graph.add((note, DL.undecidedMember, entry))
        graph.add((entry, DL.focus, member))
        graph.add((entry, DL.property, member_prop))
        graph.add((entry, RDFS.comment, Literal(text)))


def share_bound_note(graph: Graph, whole: Node, least: Decimal, text: str) -> None:
    """A dl:UpperBoundTotal note on ``whole``'s dl:mainWalkwayShare carrying ``least``, the
    other end of the share read (the most it can be): a minimum between the two asks for it."""
    note, entry = BNode(), BNode()
    graph.add((note, RDF.type, DL.UpperBoundTotal))
    graph.add((note, DL.focus, whole))
    graph.add((note, DL.property, DL.mainWalkwayShare))
    graph.add((note, DL.upperBound, Literal(str(least), datatype=XSD.decimal)))
    graph.add((note, DL.undecidedMember, entry))
    graph.add((entry, DL.focus, whole))
    graph.add((entry, DL.property, DL.mainWalkwayShare))
    graph.add((entry, RDFS.comment, Literal(text)))
    graph.add((note, RDFS.comment, Literal(text)))


def least_share(graph: Graph, prepared: Prepared, whole: Node, parts: list[Node],
                length: Decimal | None, reaches: list[tuple[Node, Decimal]],
                lengths: list[tuple[Node, Decimal]], total: Decimal, most: Decimal,
                cap: Decimal) -> tuple[Decimal, str]:
    """The least main-walkway share the facts allow (its walkway at most ``most`` of the
    longest total ``total_at_most`` gives, capped at ``cap``; 0 where the total is open) and
    the words saying what leaves the total open."""
    longest_total, open_text = total_at_most(graph, prepared, whole, parts, length, reaches,
                                             lengths, total)
    least = Decimal(0) if longest_total is None else min(cap, (
        Decimal(100) * most / longest_total).quantize(Decimal("0.01"), rounding=ROUND_DOWN))
    return least, open_text


def total_at_most(graph: Graph, prepared: Prepared, whole: Node, parts: list[Node],
                  length: Decimal | None, reaches: list[tuple[Node, Decimal]],
                  lengths: list[tuple[Node, Decimal]], least: Decimal
                  ) -> tuple[Decimal | None, str]:
    """The most the total length of ``whole`` and its associated structures can be (None:
    nothing bounds it) and words saying why, ending where the least share is written. The
    whole's stated dl:length includes its parts, so where it is no less than everything the
    parts state it is the total; else each part stating only its own dl:length, not how far it
    reaches from the mark, may begin at the seaward end of the rest (the geometry stage reads
    an undrawn one so, ``total_length``), end to end with the others; a part stating neither,
    or a whole stating neither its length nor its reach, leaves it open. Why: a dock stating a
    100 % share of its 20-foot length with a lift stating its own 35-foot length was read at
    the 57.14 % bound as exact and met Canandaigua § 73-9C(1)(b), though at the dock's end the
    total is 55 feet and the share 36.36 % (review 67)."""
    if length is not None and length >= least:
        return least, "the whole's stated length is the total, so it is at least "
    reaching = {p for p, _n in reaches}
    sized = {p for p, _n in lengths}
    silent = [p for p in parts if p not in reaching and p not in sized]
    own = {p: n for p, n in lengths if p not in reaching}
    base = [n for p, n in reaches if p not in own] + ([length] if length is not None else [])
    if silent or not base:
        why = (f"{', '.join(short(p) for p in silent)} "
               f"{'states' if len(silent) == 1 else 'state'} neither its length nor its reach"
               if silent else f"{short(whole)} states neither its length nor its reach")
        return None, f"{why}, so the total is open and the share may be as little as "
    most = max(base) + sum(own.values(), Decimal(0))
    return max(most, least), (
        f"{', '.join(short(p) for p in own)} "
        f"{'states' if len(own) == 1 else 'state'} only its own {curie(DL.length)}, not how far "
        f"from the mark, so may begin at the seaward end: the total may be "
        f"{shown(prepared, DL.length, max(most, least))} and the share as little as ")


def reached(nodes: list[Node]) -> str:
    """'float reaches' / 'float, lift reach'."""
    return ", ".join(short(p) for p in nodes) + (" reaches" if len(nodes) == 1 else " reach")


def walkway_bound(graph: Graph, prepared: Prepared, whole: Node, walkways: list[Node],
                  length: Decimal | None, share: Decimal | None
                  ) -> tuple[Decimal, str, list[Node]] | None:
    """The most the main walkway of ``whole`` can reach from the mean high-water mark, why, and
    the nodes it rests on; None where nothing stated bounds it. The walkway is part of the
    whole: no longer than the whole's stated dl:length, and, where the whole states its share
    too, that share of it (the stated facts' own reading: 70 % of a stated 40 feet is 28 feet,
    never the whole 40). Its parts of a main walkway class reach no farther than the farthest
    of their stated dl:farthestExtentFromMHW and are no longer than their stated dl:length
    together (each only where every such part states it). The least of these."""
    found: list[tuple[Decimal, str, list[Node]]] = []
    if length is not None:
        if share is not None and share < 100:
            found.append((length * share / Decimal(100),
                          f"it is the stated {shown(prepared, DL.mainWalkwayShare, share)} of "
                          f"the stated {curie(DL.length)} of {short(whole)} "
                          f"({shown(prepared, DL.length, length)})",
                          [whole]))
        found.append((length, f"it is part of {short(whole)}, whose stated {curie(DL.length)} "
                      f"is {shown(prepared, DL.length, length)}", [whole]))
    one = len(walkways) == 1
    for prop, combine, words in (
            (DL.farthestExtentFromMHW, max, "reaches" if one else "reach at most"),
            (DL.length, sum, "is long" if one else "are long together")):
        values = [number_of(graph, w, prop) for w in walkways]
        if walkways and all(v is not None for v in values):
            total = combine(v for v in values if v is not None)
            found.append((total, f"{'its part' if one else 'its parts'} "
                          f"{', '.join(short(w) for w in walkways)} of a main walkway class "
                          f"{'states it' if one else 'state they'} {words} "
                          f"{shown(prepared, prop, total)} ({curie(prop)})", list(walkways)))
    return min(found, key=lambda f: f[0]) if found else None


#: Comparisons an upper bound of the value decides (where it meets them).
UPPER_LIMITS = {DL.AtMost, DL.LessThan}


def reach_within_bounds(graph: Graph, prepared: Prepared, jid: str) -> None:
    """A reach bounded above by another stated measure of the same structure
    (``dl:boundedAboveBy``: the length from mean low water is at most the reach from mean high
    water, MLW lying seaward of MHW), where the code's rules compare the reach with maxima only.

    A structure not stating the reach, nor listed in one that does: a dl:LowerBoundTotal note
    carries the bound (dl:greatestBound), so the reach stays asked unless every rule comparing
    it holds at the bound (``pipeline.held_at_greatest``), never cited for it (MLW may lie far
    enough seaward). Why: a pier stating a 95-foot reach from MHW was asked its length from MLW
    for North Haven § 56-2B's 100 feet (blind review 77, C1).

    A part not stating the reach, listed in a whole that states it (stated, not drawn) and
    whose bound lies past the whole's figure: the figure may or may not include the part (the
    vocabulary measures the whole to its seaward end, parts included, but an applicant may state
    the pier alone), so it is read and a dl:UpperBoundTotal carries the part's bound, asking the
    part's reach where a limit lies between (``pipeline.opened``), as
    ``reach_past_own_lengths`` does for a part stating only its own length. Why: a new pier
    stating 90 feet from MLW listing a float stating a 120-foot reach from MHW conformed to
    § 56-2B, the float read as within the pier's 90 feet (blind review 77, A3)."""
    vocabulary = prepared.ontology
    apart_classes, bounded = bounded_reaches(prepared, jid)
    for prop, bounds, rules in bounded:
        for node in sorted({n for by in bounds for n in graph.subjects(by, None)}, key=str):
            if (node, prop, None) in graph:
                continue  # stated or derived: read as it is
            bound = bound_of(graph, vocabulary, node, list(bounds))
            if bound is None:
                continue
            most, by = bound
            wholes = [w for w in sorted(set(graph.subjects(DL.hasPart, None)), key=str)
                      if node in parts_of(graph, w) and (w, prop, None) in graph]
            if not wholes:
                lone_bound(graph, prepared, node, prop, most, by, rules)
                continue
            if (node, DL.partLinked, None) in graph or any(
                    (node, RDF.type, c) in graph for c in apart_classes):
                continue  # stands apart: no whole's figure includes it (its rules ask it)
            for whole in wholes:
                reach = number_of(graph, whole, prop)
                if reach is not None and is_stated(graph, whole, prop) and most > reach:
                    part_bound(graph, prepared, whole, node, prop, reach, most, by)
        for whole in sorted(set(graph.subjects(DL.hasPart, None)), key=str):
            bound = bound_of(graph, vocabulary, whole, list(bounds))
            if bound is not None:
                for part in sorted(set(graph.objects(whole, DL.hasPart)), key=str):
                    if inside_bound(graph, vocabulary, part, prop, list(bounds), bound[0],
                                    apart_classes):
                        lone_bound(graph, prepared, part, prop, *bound, rules, whole)


def bounded_reaches(prepared: Prepared, jid: str) -> tuple[
        frozenset[Node], tuple[tuple[URIRef, tuple[URIRef, ...], list[URIRef]], ...]]:
    """The classes standing apart (dl:standsApart) and, for each reach the vocabulary bounds
    above (dl:boundedAboveBy) that the code's rules compare with maxima only, its bounding
    properties and those rules: facts of the law, read once per code, not per application."""
    def read() -> tuple[frozenset[Node], tuple[tuple[URIRef, tuple[URIRef, ...],
                                                       list[URIRef]], ...]]:
        vocabulary, law = prepared.ontology, prepared.knowledge
        apart = frozenset(c for c, v in vocabulary.subject_objects(DL.standsApart)
                          if v == TRUE)
        pairs: dict[URIRef, list[URIRef]] = {}
        for prop, by in vocabulary.subject_objects(DL.boundedAboveBy):
            if isinstance(prop, URIRef) and isinstance(by, URIRef):
                pairs.setdefault(prop, []).append(by)
        out = []
        for prop in sorted(pairs, key=str):
            rules = sorted((r.iri for r in prepared.rules_of(jid) if prop in r.constrains),
                           key=str)
            if not rules or any(law.value(r, DL.comparison) not in UPPER_LIMITS for r in rules):
                continue  # no rule reads it, or one an upper bound does not decide
            out.append((prop, tuple(pairs[prop]), rules))
        return apart, tuple(out)

    return prepared.law_memo(("grown.bounded_reaches", jid), read)


def bound_of(graph: Graph, vocabulary: Graph, node: Node, by: list[URIRef]
             ) -> tuple[Decimal, URIRef] | None:
    """The least stated value bounding ``node``'s reach and its property (a property marked
    dl:longestOfParts only where ``node`` is listed as no part: a part's length is its own)."""
    found: list[tuple[Decimal, URIRef]] = []
    for p in sorted(by, key=str):
        if (p, DL.longestOfParts, TRUE) in vocabulary \
                and (None, DL.hasPart, node) in graph:
            continue
        n = (number_of if is_stated(graph, node, p) else drawn_bound)(graph, node, p)
        if n is not None:
            found.append((n, p))
    return min(found, key=lambda f: (f[0], str(f[1]))) if found else None


def drawn_bound(graph: Graph, node: Node, prop: URIRef) -> Decimal | None:
    """The greatest value the geometry stage measured for ``node``'s ``prop`` where the
    application states none, unless the drawing gives it only as one end of a range (a
    dl:UpperBoundTotal or dl:LowerBoundTotal on it: undrawn parts may reach farther). Why: a
    new dock drawn 60 feet out from mean high water with no mean low water line drawn was asked
    its length from mean low water for North Haven § 56-2B's 100 feet, which the drawn reach
    already settles, MLW lying seaward of MHW (blind review 142 F4)."""
    if any((n, DL.property, prop) in graph and (
            (n, RDF.type, DL.UpperBoundTotal) in graph or (n, RDF.type, DL.LowerBoundTotal)
            in graph) for n in graph.subjects(DL.focus, node)):
        return None
    values = [to_decimal(graph.value(v, QUDT.numericValue)) for v in graph.objects(node, prop)]
    known = [v for v in values if v is not None]
    return max(known) if known and len(known) == len(values) else None


def inside_bound(graph: Graph, vocabulary: Graph, part: Node, prop: URIRef,
                 by: list[URIRef], most: Decimal, apart_classes: set[Node]) -> bool:
    """``part`` (listed directly on a whole whose stated measure bounds the whole's reach at
    ``most``) lies inside that bound, and nothing else decides its reach: it is stated not at
    the whole's seaward end (dl:atSeawardEnd false: it does not form the terminus, so its
    seaward end is within the whole's figure), states neither the reach nor a bounding measure
    of its own (``reach_within_bounds`` reads those), nor an own dl:length past the bound, does
    not stand apart, and no whole it is listed in states the reach (that whole decides it).

    Why: a float stated not at the seaward end of a new catwalk ending 4 feet seaward of mean
    high water was asked its length from mean low water for North Haven § 56-2B's 100 feet,
    which the catwalk's 4 feet settles (MLW lies seaward of MHW), while the same float on a pier
    was not asked (blind review 83, F2)."""
    if graph.value(part, DL.atSeawardEnd) != FALSE or (part, prop, None) in graph:
        return False
    if bound_of(graph, vocabulary, part, by) is not None:
        return False  # a measure of its own bounds it: read on its own
    own = number_of(graph, part, DL.length)
    if own is not None and own > most:
        return False  # longer than the whole reaches: where it lies is not known
    if (part, DL.partLinked, None) in graph or any(
            (part, RDF.type, c) in graph for c in apart_classes):
        return False
    return not any((w, prop, None) in graph and part in parts_of(graph, w)
                   for w in set(graph.subjects(DL.hasPart, None)))


def lone_bound(graph: Graph, prepared: Prepared, node: Node, prop: URIRef, most: Decimal,
               by: URIRef, rules: list[URIRef], whole: Node | None = None) -> None:
    """``reach_within_bounds`` for a structure no whole's figure includes; or (``whole``) for
    a part lying inside the bound its whole's stated measure sets (``inside_bound``)."""
    known = [n for p in parts_of(graph, node) if (n := number_of(graph, p, prop)) is not None]
    least = max(known) if known else None
    if least is not None and least > most:
        return  # its parts say otherwise: left to the rules (they ask it)
    note = BNode()
    graph.add((note, RDF.type, DL.LowerBoundTotal))
    graph.add((note, DL.focus, node))
    graph.add((note, DL.property, prop))
    graph.add((note, DL.greatestBound, Literal(str(most), datatype=XSD.decimal)))
    if least is not None:
        graph.add((note, DL.lowerBound, Literal(str(least), datatype=XSD.decimal)))
    for rule in rules:
        graph.add((note, DL.comparedBy, rule))
    how = "stated" if is_stated(graph, node if whole is None else whole, by) else "drawn"
    whose = f"its {how} {curie(by)} ({shown(prepared, by, most)})" if whole is None else (
        f"the {how} {curie(by)} of {short(whole)} ({shown(prepared, by, most)}), whose "
        f"seaward end it is stated not to be at ({curie(DL.atSeawardEnd)} false)")
    graph.add((note, RDFS.comment, Literal(
        f"{curie(prop)} of {short(node)} is not stated; it is at most {whose}, as "
        f"{datum_words(prepared, prop, by)}; every rule comparing it holds at "
        f"{shown(prepared, prop, most)}, so it is read at most that")))


def part_bound(graph: Graph, prepared: Prepared, whole: Node, part: Node, prop: URIRef,
               reach: Decimal, most: Decimal, by: URIRef) -> None:
    """``reach_within_bounds`` for a part whose bound lies past its whole's stated figure: the
    whole's dl:UpperBoundTotal note on ``prop`` (``reach_past_own_lengths``'s, raised) or a new
    one, carrying ``most`` with the part an undecided member."""
    text = (f"{short(part)} states its {curie(by)} ({shown(prepared, by, most)}), not its "
            f"{curie(prop)}; {datum_words(prepared, prop, by)}, so it reaches at most "
            f"{shown(prepared, prop, most)} from {datum_name(prepared, prop)}: the stated "
            f"{curie(prop)} of {short(whole)} "
            f"({shown(prepared, prop, reach)}) is measured to its seaward end, parts included, "
            f"but whether it includes {short(part)} is not stated; state {curie(prop)} of "
            f"{short(part)} (or that the stated {shown(prepared, prop, reach)} includes it)")
    note = next((n for n in sorted(graph.subjects(DL.focus, whole), key=str)
                 if (n, RDF.type, DL.UpperBoundTotal) in graph
                 and (n, DL.property, prop) in graph), None)
    if note is None:
        note = BNode()
        graph.add((note, RDF.type, DL.UpperBoundTotal))
        graph.add((note, DL.focus, whole))
        graph.add((note, DL.property, prop))
        graph.add((note, DL.upperBound, Literal(str(most), datatype=XSD.decimal)))
    else:
        was = to_decimal(graph.value(note, DL.upperBound))
        if was is None or was < most:
            graph.set((note, DL.upperBound, Literal(str(most), datatype=XSD.decimal)))
    graph.add((note, RDFS.comment, Literal(text)))
    entry = BNode()
    graph.add((note, DL.undecidedMember, entry))
    graph.add((entry, DL.focus, part))
    graph.add((entry, DL.property, prop))
    graph.add((entry, RDFS.comment, Literal(text)))


def datum_words(prepared: Prepared, prop: URIRef, by: URIRef) -> str:
    """'mean low water (dl:MeanLowWater) lies seaward of mean high water (dl:MeanHighWater)'."""
    return f"{datum_name(prepared, prop)} lies seaward of {datum_name(prepared, by)}"


def datum_name(prepared: Prepared, prop: URIRef) -> str:
    """'mean low water (dl:MeanLowWater)': the datum ``prop`` is measured from."""
    return datum_label(prepared, prop) or f"the datum of {curie(prop)}"


def datum_label(prepared: Prepared, prop: URIRef) -> str | None:
    """'label (curie)' of the datum ``prop`` is measured from (dl:measuredFrom), or None when
    the vocabulary names none or gives it no label."""
    datum = prepared.ontology.value(prop, DL.measuredFrom)
    label = prepared.ontology.value(datum, RDFS.label) if datum is not None else None
    return f"{label} ({curie(datum)})" if isinstance(datum, URIRef) and label else None


def reach_identity_follows(graph: Graph, prepared: Prepared, jid: str) -> None:
    """Where the code's text makes a whole's reach (a property marked ``dl:farthestOfParts``)
    one fact with another of its properties (``dl:FactIdentity``: Jerusalem's length "measured
    perpendicular to the mean high water mark" is its farthest extent from the mark), what its
    parts settle of the reach settles the other too: a reach raised to a part's
    (``reached_by_parts``) raises the other where it was read lower (derived from the stated
    reach by ``samefact.same_facts``, or stated: then a ``dl:Discrepancy`` names it too), and
    a reach only bounded below by the parts (``reach_bounded_by_parts``) bounds the other, not
    stated, the same. Why: blind review 97 F3. A Jerusalem dock restored after fire, its former
    reach 80 feet, stating a reach of 80 with a finger reaching 90, was read at 90 on the 65-foot
    line but at a length of 80 (derived from the stated 80) under § 160-126B(1) ("shall not
    exceed the dimensions which existed prior"), which it passed; the same dock stating no reach
    was asked its length, though the finger already shows it is past 80; stating only its length
    of 80, its reach was derived at 80 and the finger's 90 contradicted nothing."""
    vocabulary = prepared.ontology
    for first, second, on_parts, classes, unless, one_way in identities(prepared, jid):
        for reach, other in ((first, second), (second, first)):
            if (reach, DL.farthestOfParts, TRUE) not in vocabulary or (
                    one_way is not None and one_way != reach):
                continue
            stated_other_beyond(graph, prepared, reach, other, on_parts, classes, unless)
            for note in sorted(set(graph.subjects(DL.property, reach)), key=str):
                whole = graph.value(note, DL.focus)
                if whole is None or (not on_parts and (None, DL.hasPart, whole) in graph) or (
                        not read_on(graph, whole, classes, unless)):
                    continue
                parts = [p for p in graph.objects(note, PROV.wasDerivedFrom) if p != whole]
                if (note, RDF.type, DL.Discrepancy) in graph and (
                        note, DL.derivedValue, None) in graph:
                    raised = number_of(graph, whole, reach)
                    now = number_of(graph, whole, other)
                    if raised is None or now is None or now >= raised:
                        continue
                    if is_stated(graph, whole, other):
                        raise_to(graph, prepared, whole, other, now, raised, parts, why=(
                            f"the stated {curie(other)} of {short(whole)} "
                            f"({shown(prepared, other, now)}) is its {curie(reach)} under this "
                            f"code's text (one fact, dl:FactIdentity), which its part "
                            f"{', '.join(short(p) for p in parts)} shows is at least "
                            f"{shown(prepared, reach, raised)}: a structure reaches at least as "
                            "far as each of its parts, so the rules were checked with that; "
                            "correct the value or the parts listed"))
                        continue
                    for old in list(graph.objects(whole, other)):
                        graph.remove((whole, other, old))
                    add_quantity(graph, whole, other, raised,
                                 prepared.units.canonical_of_property.get(other), parts)
                elif (note, RDF.type, DL.LowerBoundTotal) in graph and (
                        whole, other, None) not in graph:
                    bound = to_decimal(graph.value(note, DL.lowerBound))
                    if not isinstance(bound, Decimal):
                        continue
                    bounded_by_parts(graph, prepared, whole, other, bound, parts, (
                        f"{curie(other)} of {short(whole)} is not stated; under this code's "
                        f"text it is its {curie(reach)} (one fact, dl:FactIdentity), which its "
                        f"part {', '.join(short(p) for p in parts)} shows is at least "
                        f"{shown(prepared, reach, bound)}: a limit this already passes is "
                        f"cited, every other asks for {curie(other)}"))


def stated_other_beyond(graph: Graph, prepared: Prepared, reach: URIRef, other: URIRef,
                        on_parts: bool, classes: tuple[URIRef, ...],
                        unless: tuple[URIRef, ...]) -> None:
    """A whole stating ``other`` (its length) and not its reach, the reach derived from it
    (``samefact.same_facts``), listing a part that reaches farther: ``reached_by_parts`` reads
    only a stated reach, so the two statements (the whole's ``other``, the part's reach) are
    the contradiction it reports: the reach and ``other`` are read at the part's, and a
    ``dl:Discrepancy`` names the stated ``other``. A part standing apart from its whole
    (``dl:partLinked``, a class ``dl:standsApart``) has a reach of its own."""
    apart_classes = standing_apart(prepared.ontology)
    for whole in sorted(set(graph.subjects(DL.hasPart, None)), key=str):
        if (not on_parts and (None, DL.hasPart, whole) in graph) or (
                not read_on(graph, whole, classes, unless)) or is_stated(graph, whole, reach) \
                or not is_stated(graph, whole, other):
            continue
        values = list(graph.objects(whole, reach))
        if len(values) != 1 or set(graph.objects(values[0], PROV.wasDerivedFrom)) != {whole}:
            continue  # (a reach not derived from the whole's own statement)
        now, said = number_of(graph, whole, reach), number_of(graph, whole, other)
        if now is None or said is None:
            continue
        beyond = [(part, n) for part in parts_of(graph, whole)
                  if (part, DL.partLinked, None) not in graph
                  and not any((part, RDF.type, c) in graph for c in apart_classes)
                  and (n := number_of(graph, part, reach)) is not None and n > now]
        if not beyond:
            continue
        edge = max(n for _p, n in beyond)
        parts = [p for p, n in beyond if n == edge]
        named = ", ".join(short(p) for p in parts)
        graph.remove((whole, reach, values[0]))
        add_quantity(graph, whole, reach, edge,
                     prepared.units.canonical_of_property.get(reach), parts)
        raise_to(graph, prepared, whole, other, said, edge, parts, why=(
            f"the stated {curie(other)} of {short(whole)} ({shown(prepared, other, said)}) is "
            f"its {curie(reach)} under this code's text (one fact, dl:FactIdentity), and its "
            f"part {named} reaches {shown(prepared, reach, edge)}: a structure reaches at "
            "least as far as each of its parts, so the two statements contradict each other; "
            "the rules were checked with the part's (a lower bound of the whole's); correct "
            "the value or the parts listed"))
