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
its class.
"""

from __future__ import annotations

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.law.prepare import Prepared
from docklaw.law.units import curie
from docklaw.namespaces import DL, PROV, RDF, RDFS, XSD
from docklaw.validate.derivation.totals import parts_of, short, top_level


def part_flags(prepared: Prepared, jid: str
               ) -> tuple[tuple[URIRef, tuple[URIRef, ...],
                                tuple[tuple[tuple[URIRef, ...], Literal, frozenset[Node], bool],
                                      ...]],
                          ...]:
    """(the property, the governed classes, (part classes, value, unless constructions, on the
    direct whole) per flag) for each rule of the code with dl:flaggedByPart: the same for every
    application, read once per law."""
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
            read_flags = []
            for flag in flags:
                value = law.value(flag, DL.flagValue)
                if not isinstance(value, Literal):
                    continue
                classes = tuple(c for c in law.objects(flag, DL.partClass)
                                if isinstance(c, URIRef))
                read_flags.append((classes, value,
                                   frozenset(law.objects(flag, DL.unlessConstruction)),
                                   law.value(flag, DL.flagOnDirectWhole) == Literal(True)))
            out.append((props[0], governs, tuple(read_flags)))
        return tuple(out)
    return prepared.memo(("partflags.part_flags", jid), read)  # type: ignore[no-any-return]


def flags_from_parts(graph: Graph, prepared: Prepared, jid: str) -> None:
    """Write each flag a listed part decides on the outermost governed whole that lists it (or,
    with dl:flagOnDirectWhole, on each structure listing it directly)."""
    for prop, governs, flags in part_flags(prepared, jid):
        outermost = top_level(graph, sorted({n for g in governs
                                             for n in graph.subjects(RDF.type, g)}, key=str))
        for classes, value, unless, direct in flags:
            listing = sorted({w for c in classes for p in graph.subjects(RDF.type, c)
                              for w in graph.subjects(DL.hasPart, p)}, key=str)
            for whole in listing if direct else outermost:
                parts = [p for p in (sorted(graph.objects(whole, DL.hasPart), key=str)
                                     if direct else parts_of(graph, whole))
                         if any((p, RDF.type, c) in graph for c in classes)]
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


def decide(graph: Graph, whole: Node, prop: URIRef, value: Literal, parts: list[Node]) -> None:
    stated = [v for v in graph.objects(whole, prop) if v != value]
    if stated:
        note(graph, whole, prop, stated, value, parts,
             f"{short(whole)} states {curie(prop)} {', '.join(str(s) for s in stated)}, but lists "
             f"{', '.join(short(p) for p in parts)} as its part: the listed part decides, so the "
             f"rules read {curie(prop)} {value}; correct the statement or the parts listed")
    graph.add((whole, prop, Literal(value.toPython(), datatype=XSD.boolean)))


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
