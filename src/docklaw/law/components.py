"""What exists: a fact about a part the structure does not have describes nothing.

Why: a rule on a railing, a landing, a storage locker or a light has nothing to decide on a
dock that has none, and asking its height makes the applicant guess (issue 25). An application
that lists a structure's parts (``dl:hasPart``) lists all of them, as it lists all the parcel's
structures (docs/DESIGN.md, "Unstated facts"); a presence flag stated false (``dl:hasLight
false``) says the same without a list. The vocabulary declares which facts describe which kind
of part (``dl:describesPart``) and which flag says a kind of part is absent
(``dl:presenceFlag``, ``ontology/terms/parts.ttl``). Fail closed: a part whose presence is
unknown (parts not listed, flag not stated) is asked about, and so is one whose flag is stated
true, or a fact of whose kind is stated, anywhere in the same structure (the node, what it is part
of, their parts); a stated fact is always read. A class whose definition leaves no room for a
kind of part (``dl:lacksPart``: a mooring pile is "a pole or post") settles that its members
have none, as a flag stated false does (blind review 150 F4).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import OWL
from rdflib.term import Node

from docklaw.law.units import curie
from docklaw.namespaces import DL, RDF, RDFS


@dataclass(frozen=True)
class Described:
    """What one property describes: a kind of part (or None) and the flags saying it is absent."""

    part: URIRef | None
    flags: tuple[URIRef, ...]
    label: str
    #: (class, its label, the words saying so) for each class whose members have no such part
    #: by definition (``dl:lacksPart``: Kings Point's MOORING PILE, "a pole or post")
    lacking: tuple[tuple[URIRef, str, str], ...] = ()


def described(ontology: Graph) -> dict[str, Described]:
    """fact (CURIE, as the accounting names it) -> what it describes."""
    props = set(ontology.subjects(DL.describesPart, None))
    props |= {p for p in ontology.subjects(DL.presenceFlag, None)
              if (p, RDF.type, OWL.Class) not in ontology}
    out: dict[str, Described] = {}
    for prop in sorted(props, key=str):
        if not isinstance(prop, URIRef):
            continue
        part = ontology.value(prop, DL.describesPart)
        part = part if isinstance(part, URIRef) else None
        flags = [f for f in ontology.objects(prop, DL.presenceFlag) if isinstance(f, URIRef)]
        if part is not None:
            flags += [f for f in ontology.objects(part, DL.presenceFlag) if isinstance(f, URIRef)]
        label = str(ontology.value(part, RDFS.label) or curie(part)) if part is not None \
            else curie(prop)
        lacking = tuple(sorted(
            (c, str(ontology.value(c, RDFS.label) or curie(c)),
             str(ontology.value(c, DL.lacksPartQuote) or ""))
            for c in ontology.subjects(DL.lacksPart, part) if isinstance(c, URIRef)
        )) if part is not None else ()
        out[curie(prop)] = Described(part, tuple(sorted(set(flags), key=str)), label, lacking)
    return out


def wholes(data: Graph, node: Node) -> list[Node]:
    """The structures ``node`` is a part of, nearest first (dl:hasPart read transitively)."""
    out: list[Node] = []
    frontier = [node]
    while frontier:
        step = []
        for n in frontier:
            for whole in sorted(data.subjects(DL.hasPart, n), key=str):
                if whole not in out and whole != node:
                    out.append(whole)
                    step.append(whole)
        frontier = step
    return out


def listed_parts(data: Graph, node: Node) -> set[Node]:
    """The parts the application lists for ``node``, and theirs: not the links derive made
    (an appurtenance joined to the parcel's only dock, ``derivation.parts``), which list
    nothing the applicant said."""
    out: set[Node] = set()
    stack = [node]
    while stack:
        whole = stack.pop()
        for part in data.objects(whole, DL.hasPart):
            if part in out or linked_by_derive(data, whole, part):
                continue
            out.add(part)
            stack.append(part)
    return out


def all_parts(data: Graph, node: Node) -> set[Node]:
    """Every part of ``node``, at any depth, however linked."""
    out: set[Node] = set()
    stack = [node]
    while stack:
        for part in data.objects(stack.pop(), DL.hasPart):
            if part not in out:
                out.add(part)
                stack.append(part)
    return out


def linked_by_derive(data: Graph, whole: Node, part: Node) -> bool:
    return any(data.value(note, DL.focus) == whole for note in data.objects(part, DL.partLinked))


@dataclass(frozen=True)
class Apart:
    """What says a part stands apart from its whole: the facts of where a structure stands
    (dl:locatesStructure) and the classes whose members stand apart by definition
    (dl:standsApart: Kings Point's MOORING PILE, "not connected or attached in any way to a
    dock"); the facts of a structure's own decking (dl:ownToEachPart: its height above grade or
    water, the openness of its grate), which every part listed on a whole has of its own (a
    float moored to a fixed pier rides the water), but for a portion (dl:portionOf: a landing
    or main walkway is the dock stated as a part)."""

    facts: frozenset[str]
    classes: frozenset[Node]
    own: frozenset[str] = frozenset()
    #: (portion class, whole class) pairs (dl:portionOf)
    portions: frozenset[tuple[Node, Node]] = frozenset()


def apart(ontology: Graph) -> Apart:
    """The facts (CURIEs) that say where a structure stands, and the classes standing apart;
    the facts each part has of its own, and the portion classes."""
    return Apart(frozenset(curie(p) for p, v in ontology.subject_objects(DL.locatesStructure)
                           if _true(v) and isinstance(p, URIRef)),
                 frozenset(c for c, v in ontology.subject_objects(DL.standsApart) if _true(v)),
                 frozenset(curie(p) for p, v in ontology.subject_objects(DL.ownToEachPart)
                           if _true(v) and isinstance(p, URIRef)),
                 frozenset(ontology.subject_objects(DL.portionOf)))


def stands_apart(data: Graph, part: Node, facts: Iterable[str], where: Apart) -> bool:
    """``facts`` include where ``part`` stands, and the whole's stated position does not
    describe it: its class stands apart by definition (a mooring pile the application lists
    as the dock's part is still not within the pier's stated setback). A part derive made a
    whole's part (``derivation.parts``: the code's definition makes it appurtenant to the
    parcel's only dock) is read as a listed one is, the whole's position describing it (blind
    review 150 F5: lifts on the lot read as parts of the only dock were asked their own side
    setback and distances, the same lifts listed on the dock were not). Or ``facts``
    include one of its own decking (``dl:ownToEachPart``): the pier's deck height is not the
    height of the float listed on it; a portion (a landing, a main walkway) keeps its whole's.
    It answers for itself."""
    facts = {f.strip() for fact in facts for f in fact.split(" or ")}
    if not where.own.isdisjoint(facts) and not portion(data, part, where):
        return True
    if where.facts.isdisjoint(facts):
        return False
    return any((part, RDF.type, c) in data for c in where.classes)


def portion(data: Graph, part: Node, where: Apart) -> bool:
    """``part`` is a portion of a structure it is a part of (dl:portionOf: a landing of a dock,
    a dock of a North Haven catwalk): that whole stated as a part."""
    kinds = [w for p, w in where.portions if (part, RDF.type, p) in data]
    return bool(kinds) and any((whole, RDF.type, w) in data
                               for whole in wholes(data, part) for w in kinds)


def _false(value: Node | None) -> bool:
    return isinstance(value, Literal) and value.toPython() is False


def _true(value: Node | None) -> bool:
    return isinstance(value, Literal) and value.toPython() is True


def absent_one(data: Graph, facts: dict[str, Described], node: Node, fact: str) -> str | None:
    """Why ``fact`` describes nothing on ``node`` (None: it may describe something, ask it).
    ``fact`` may be alternatives ("dl:a or dl:b"): one that describes nothing settles it."""
    if " or " in fact:
        for alternative in fact.split(" or "):
            reason = absent_one(data, facts, node, alternative.strip())
            if reason is not None:
                return reason
        return None
    what = facts.get(fact)
    if what is None:
        return None
    if what.part is not None and (node, RDF.type, what.part) in data:
        return None  # the part's own fact
    chain = [node, *wholes(data, node)]
    if any(_true(data.value(holder, flag)) for flag in what.flags for holder in chain):
        return None  # stated present on the node or a structure it is part of: it may be here
    if _described_elsewhere(data, facts, what, chain):
        return None  # a fact of that kind of part is stated in the same structure: it exists
    for flag in what.flags:
        for holder in chain:
            if _false(data.value(holder, flag)):
                where = "" if holder == node else f" on {_name(holder)}"
                return f"{curie(flag)} is false{where}: there is no {what.label}"
    for cls, cls_label, quote in what.lacking:
        if (node, RDF.type, cls) in data:  # (its class has none: stated facts are still read)
            return (f"{_name(node)} is a {cls_label}, which has no {what.label} by its definition"
                    + (f" ('{quote}')" if quote else ""))
    if what.part is None:
        return None
    holder = next((h for h in chain if listed_parts(data, h)), None)
    if holder is None:
        return None  # no parts listed here or above: whether it has one is unknown
    if any((p, RDF.type, what.part) in data for p in all_parts(data, node)):
        return None
    where = f"among the parts of {_name(node)}" if listed_parts(data, node) else \
        f"on {_name(node)}, a part of {_name(holder)}"
    return f"no {what.label} is listed {where} (the parts listed are all there are)"


def _described_elsewhere(data: Graph, facts: dict[str, Described], what: Described,
                         chain: list[Node]) -> bool:
    """A fact describing the same kind of part (or read under the same presence flag) is
    stated on the node, a structure it is part of, or any part of the outermost one (landing
    dimensions stated on a stairway of the dock): the application says such a part exists."""
    kin = [prop for prop, d in facts.items()
           if (what.part is not None and d.part == what.part)
           or (what.part is None and d.part is None and set(d.flags) & set(what.flags))]
    family = {*chain, *all_parts(data, chain[-1])}
    for prop in kin:
        iri = _expand(prop)
        if iri is not None and any(not _false(v) for n in family for v in data.objects(n, iri)):
            return True  # (a flag stated false says the opposite)
    return False


def _expand(prop: str) -> URIRef | None:
    return DL[prop.split(":", 1)[1]] if prop.startswith("dl:") else None


def absent(data: Graph, facts: dict[str, Described], node: Node,
           missing: list[str] | tuple[str, ...]) -> tuple[list[str], list[str]]:
    """(the facts still to ask, the reasons the others describe nothing)."""
    ask: list[str] = []
    reasons: list[str] = []
    for fact in missing:
        reason = absent_one(data, facts, node, fact)
        if reason is None:
            ask.append(fact)
        elif reason not in reasons:
            reasons.append(reason)
    return ask, reasons


def _name(node: Node) -> str:
    text = str(node)
    return text.rsplit("#", 1)[-1] if "#" in text else text
