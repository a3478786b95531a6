"""The application's site: a rule that reads the parcel waits on the application naming it.

Why: every rule of a lot ("no building lot may have a dock unless ... a shoreline frontage of
not less than 150 feet", Kings Point Standards B) reaches the parcel through the application
(``?app dl:parcel ?this``), and a rule's condition on the lot (its land use, Tier, frontage)
reads it the same way. An application that names no parcel, with the lot described beside it
or not at all, had no parcel in reach: its lot rules found no focus node and the report said
"conforms" (found on a Kings Point case stating a 140-foot frontage, the dl:parcel link
dropped). Which lot is the site is the applicant's to say, not ours to guess from the graph (a
second lot, a neighbour's, may be described), so the link is asked, once per rule that reads
the parcel, on the application node: the report is "information needed", never "conforms".
A fact of the lot itself (its land use, whether it dispenses fuel: a property whose domain is a
lot) is then not asked of the application node as well (review 126 F5): the lot it belongs to is
the question, and the rules it decides are already listed under dl:parcel.
"""

from __future__ import annotations

from collections.abc import Iterator

from rdflib import BNode, Graph, URIRef
from rdflib.term import Node

from docklaw.law.prepare import Prepared
from docklaw.namespaces import DL, RDFS, SH

#: rule properties whose value on the parcel (or a condition of it) the rule reads
PARCEL_CONDITIONS = (DL.appliesToLandUse, DL.appliesToTier, DL.appliesToFootageCategory,
                     DL.appliesToSteepSlope)


def ask_site(graph: Graph, prepared: Prepared, jid: str, app: Node) -> list[URIRef]:
    """dl:conditionUnknown [ dl:property dl:parcel ; dl:rule R ] on ``app`` for each rule R of
    the code that reads the parcel, when the application names none; returns those rules."""
    if (app, DL.parcel, None) in graph:
        return []
    rules = parcel_rules(prepared, jid)
    for rule in rules:
        note = BNode()
        graph.add((app, DL.conditionUnknown, note))
        graph.add((note, DL.property, DL.parcel))
        graph.add((note, DL.rule, rule))
    lot_facts = parcel_facts(prepared)
    asked = set(rules)
    for note in list(graph.objects(app, DL.conditionUnknown)):
        if graph.value(note, DL.property) in lot_facts and graph.value(note, DL.rule) in asked:
            graph.remove((app, DL.conditionUnknown, note))
            graph.remove((note, None, None))
    return rules


def parcel_facts(prepared: Prepared) -> frozenset[Node]:
    """The properties whose domain is a lot (dl:landUse, dl:tier, ...): facts of the parcel."""
    def compute() -> frozenset[Node]:
        lots = parcel_classes(prepared)
        return frozenset(p for p, domain in prepared.knowledge.subject_objects(RDFS.domain)
                         if domain in lots)
    return prepared.law_memo("site.parcel_facts", compute)


def parcel_rules(prepared: Prepared, jid: str) -> list[URIRef]:
    """The code's rules that read the parcel: a shape governing a lot, a path or target
    through dl:parcel or up to the lot listing the structure (^dl:hasStructure), a condition
    on the lot, or a limit computed from a figure of the lot or a sum over its structures."""
    def compute() -> list[URIRef]:
        compiled = prepared.compiled(jid)
        lots = parcel_classes(prepared)
        found: set[URIRef] = set()
        for shape, rule in compiled.shape_rule.items():
            spec = compiled.specs.get(shape) or compiled.guards.get(shape)
            on_lot = spec is not None and (not lots.isdisjoint(spec.governs) or spec.uses
                                           or spec.tiers or spec.categories
                                           or spec.steep is not None)
            if on_lot or reads_lot(compiled.graph, shape):
                found.add(rule)
        for shape, text in compiled.targets.items():
            if str(DL.parcel) in text or f"^<{DL.hasStructure}>" in text:
                rule = compiled.shape_rule.get(shape)
                if rule is not None:
                    found.add(rule)
        for info in prepared.rules_of(jid):
            if rule_reads_lot(prepared.knowledge, info.iri, lots):
                found.add(info.iri)
        return sorted(found, key=str)
    return prepared.memo(("site.parcel_rules", jid), compute)


def parcel_classes(prepared: Prepared) -> frozenset[URIRef]:
    """dl:Parcel and every class under it (the codes' lots: dl:BuildingLot, ...)."""
    def compute() -> frozenset[URIRef]:
        seen = {DL.Parcel}
        stack = [DL.Parcel]
        while stack:
            for sub in prepared.knowledge.subjects(RDFS.subClassOf, stack.pop()):
                if isinstance(sub, URIRef) and sub not in seen:
                    seen.add(sub)
                    stack.append(sub)
        return frozenset(seen)
    return prepared.law_memo("site.parcel_classes", compute)


def under(g: Graph, node: Node) -> Iterator[tuple[Node, Node, Node]]:
    """The triples of ``node`` and of the blank nodes and shapes nested below it."""
    seen = {node}
    stack = [node]
    while stack:
        current = stack.pop()
        for p, o in g.predicate_objects(current):
            yield current, p, o
            if (isinstance(o, BNode) or p in (SH.property, SH.node, SH["not"])) \
                    and o not in seen:
                seen.add(o)
                stack.append(o)


def reads_lot(shapes: Graph, shape: Node) -> bool:
    """A path of the shape (or of a shape below it) steps through dl:parcel or climbs to
    the lot listing its focus (sh:inversePath dl:hasStructure)."""
    for _s, p, o in under(shapes, shape):
        if o == DL.parcel or (p == SH.inversePath and o == DL.hasStructure):
            return True
    return False


def rule_reads_lot(law: Graph, rule: URIRef, lots: frozenset[URIRef]) -> bool:
    """The rule governs a lot, states a condition on it, or computes its limit from a figure
    of the lot (dl:of dl:Parcel) or a sum over its structures (dl:ofClass)."""
    if any((rule, DL.governs, lot) in law for lot in lots):
        return True
    if any((rule, p, None) in law for p in PARCEL_CONDITIONS):
        return True
    return any((p == DL.of and o in lots) or p == DL.ofClass for _s, p, o in under(law, rule))
