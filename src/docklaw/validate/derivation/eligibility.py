"""Flags the law decides from stated measurements (``dl:derives``), not from the applicant's word.

Why: Keuka § 160-123A(1)(b)[2] and Canandaigua § 73-9C(1)(d) / § 73-13H let a dock go past the
line only "if a water depth of at least three feet is not attained" there. Eligibility is a
fact the stated depth decides; asking for a ``dl:depthExtension`` flag instead gave a false
violation when the flag was left out (2 feet at the line) and the wrong row when it was
claimed against the depth (4 feet). The rule carrying ``dl:derives`` holds the test (property,
comparison, limit, all in rules.ttl); here it is applied, and the flag the application states
is replaced (cite reports both). A rule marked ``dl:necessaryCondition`` holds one element of a
definition with others (Canandaigua § 73-5: a steep slope is 30 degrees or more, 20 feet high,
its toe within 10 feet of the water): a value failing it makes the flag false, a value meeting
it leaves the flag the application states (or asked for), no value leaves it as stated. A rule
marked ``dl:sufficientCondition`` is the converse: a value meeting its test makes the flag true
(Canandaigua § 73-3B: a structure reaching beyond the mean high-water mark is waterside of it), a
value failing it, or none, leaves the flag as stated (or asked for), and where the application
already states the flag true nothing is derived (Keuka: a roof stated with its pitch). A rule
carrying ``dl:flagWhenUnstated`` reads the silence of an application that states neither the
measurement nor the flag (Canandaigua § 73-5: a structure stating no enclosed side has none, an
application describes the walls it proposes): the flag takes that value, and a flag stated
without the measurement is kept. Where the rule names classes the flag decides
(``dl:flagDecidesClass``) and a structure states every other fact of a definition of one of
them, the silence is not read: the flag stays unstated and the rules of the class ask for it
where they would not hold either way (``defined.may_be_governed``; Canandaigua § 73-5: a
permanent dock or lift stated with a roof is a boathouse if walled, review 61). The flags the
other rules would derive were it otherwise are supposed while the definitions are read
(``would_derive``: a roofed structure stating slips keeps boats once walled), and the flags the
listed parts decide are read before (``derive.derive_application``: a listed canopy is a roof).
"""

from __future__ import annotations

from typing import Any

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.law.compile import CONDITION_OPS, limit_of, target_spec
from docklaw.law.prepare import Prepared
from docklaw.law.targets import COMPARE, condition_holds, parcel_matches, reachable
from docklaw.law.units import to_decimal
from docklaw.namespaces import DL, QUDT, RDF, TRUE
from docklaw.validate.derivation.defined import defined_classes, meeting


def deriving_rules(prepared: Prepared, jid: str) -> list[tuple[URIRef, URIRef]]:
    """(rule, flag) for each rule of the code that derives a flag."""
    law = prepared.knowledge
    return sorted(((r.iri, flag) for r in prepared.rules_of(jid)
                   if isinstance(flag := law.value(r.iri, DL.derives), URIRef)), key=str)


def flag_rules(prepared: Prepared, jid: str) -> tuple[tuple[Any, ...], ...]:
    """(rule, flag, property, comparison, limit, governed classes, necessary?, sufficient?,
    target spec, value when unstated, classes the flag decides, only where unstated?)
    of each rule of the code that derives a flag and can: law only, read once per code."""
    def read() -> tuple[tuple[Any, ...], ...]:
        law = prepared.knowledge
        out = []
        for rule, flag in deriving_rules(prepared, jid):
            prop = law.value(rule, DL.constrains)
            op = CONDITION_OPS.get(law.value(rule, DL.comparison))
            stated_limit = limit_of(prepared, rule, DL.limit)
            if not isinstance(prop, URIRef) or op is None or stated_limit is None:
                continue
            value, unit = stated_limit
            canonical = prepared.units.canonical_of_property.get(prop)
            limit = prepared.units.convert(value, unit, canonical) if unit is not None else value
            governs = frozenset(law.objects(rule, DL.governs))
            necessary = law.value(rule, DL.necessaryCondition) == TRUE
            sufficient = law.value(rule, DL.sufficientCondition) == TRUE
            unstated = law.value(rule, DL.flagWhenUnstated)
            decides = frozenset(law.objects(rule, DL.flagDecidesClass))
            only_unstated = law.value(rule, DL.derivesWhereUnstated) == TRUE
            out.append((rule, flag, prop, op, limit, governs, necessary, sufficient,
                        target_spec(prepared, rule),
                        unstated if isinstance(unstated, Literal) else None, decides,
                        only_unstated))
        return tuple(out)
    return prepared.memo(("eligibility.flag_rules", jid), read)


def derive_flags(graph: Graph, prepared: Prepared, jid: str, app: Node) -> None:
    """Set each derived flag from the stated measurement; record a dl:DerivedFlag note."""
    for rule, flag, prop, op, limit, governs, necessary, sufficient, spec, unstated, decides, \
            only_unstated in flag_rules(prepared, jid):
        # (a condition on the flag itself is the check's, not the derivation's: Keuka's
        # extension rule applies where the flag it derives is true)
        reach = [c for c in spec.conditions if c.prop != flag]
        if spec.parcel_conditions and not any(parcel_matches(graph, p, spec)
                                              for p in graph.objects(app, DL.parcel)):
            continue  # another Tier's line (Canandaigua § 73-9C(1)(d) vs § 73-13H)
        for node in sorted(reachable(graph, app), key=str):
            if governs.isdisjoint(graph.objects(node, RDF.type)):
                continue
            if decided(graph, node, flag):
                continue  # another rule of the code decided it (one note, one Info)
            if reach and not any(condition_holds(graph, app, node, c) for c in reach):
                continue  # outside the rule's dl:appliesWhen (a lift already a boat lift)
            stated = [v for v in graph.objects(node, flag) if isinstance(v, Literal)]
            if only_unstated and stated:
                continue  # (dl:derivesWhereUnstated) the application's stated flag stands
            qv = graph.value(node, prop)
            # a count is stated as a number (dl:enclosedSides 3), a quantity as a QuantityValue
            number = (to_decimal(qv) if isinstance(qv, Literal) else
                      to_decimal(graph.value(qv, QUDT.numericValue)) if qv is not None else None)
            if unstated is not None and number is None:
                if not stated and not decisive(graph, prepared, jid, app, node, flag,
                                               unstated, decides):
                    graph.add((node, flag, unstated))  # silence read as the rule records
                continue  # a flag stated without the measurement is the application's
            if necessary and (number is None or limit is None
                              or COMPARE[op](number, limit)):
                continue  # the test is met or not measured: the flag is the application's
            if sufficient and (number is None or limit is None
                               or not COMPARE[op](number, limit)):
                continue  # the test is failed or not measured: the flag is the application's
            if sufficient and stated and all(v.eq(TRUE) for v in stated):
                continue  # the application states what the test gives: nothing is derived
            graph.remove((node, flag, None))
            note = BNode()
            graph.add((node, DL.derivedFlag, note))
            graph.add((note, RDF.type, DL.DerivedFlag))
            graph.add((note, DL.rule, rule))
            graph.add((note, DL.property, flag))
            graph.add((note, DL.basis, prop))
            for value_stated in stated:
                graph.add((note, DL.statedValue, value_stated))
            if number is None or limit is None:
                continue  # eligibility unknown: the rules conditioned on the flag ask for prop
            holds = COMPARE[op](number, limit)
            graph.add((node, flag, Literal(holds)))
            graph.add((note, RDF.value, Literal(holds)))


def decided(graph: Graph, node: Node, flag: URIRef) -> bool:
    """Whether a rule has already derived the flag's value on the node.

    Why: two definitions may decide one flag on the same structure (Kings Point: a lift of any
    name rated above 1,300 pounds is no personal watercraft lift, and a lift presented as one is
    decided by its own rule); the first to decide it is reported, not both."""
    return any(graph.value(note, DL.property) == flag and graph.value(note, RDF.value) is not None
               for note in graph.objects(node, DL.derivedFlag))


def decisive(graph: Graph, prepared: Prepared, jid: str, app: Node, node: Node, flag: URIRef,
             unstated: Literal, classes: frozenset[Node]) -> bool:
    """Whether the unstated ``flag`` alone decides whether ``node`` is of one of ``classes`` (a
    rule's ``dl:flagDecidesClass``): the node states every other fact of a definition of the
    code under one of them (``defined.meeting``) that wants the flag otherwise than the silence
    is read. Its silence is then not read: the rules of the class ask for the flag where they
    would not hold on it either way. Why: a permanent dock with three slips stated with a roof,
    its sides unstated, conformed on 180 feet, where walled it is a boathouse and § 73-8B(1)
    wants 200 (review 61; Keuka asks the sides of a roofed permanent structure, § 160-122H)."""
    if not classes:
        return False
    definitions = dict(defined_classes(prepared, jid))
    # the flags the code's other rules would derive from what the node states, were the flag
    # otherwise (a structure stating two slips keeps boats once walled: rule
    # 73-5-stores-boat-by-slips reads the walls), supposed while the definitions are read
    supposed = [(node, other, value) for other, value in would_derive(graph, prepared, jid, app,
                                                                        node, flag)]
    for triple in supposed:
        graph.add(triple)
    try:
        for cls, definition in sorted(definitions.items(), key=lambda d: str(d[0])):
            supers = prepared.superclasses.get(cls, frozenset()) | {cls}
            if classes.isdisjoint(supers) or not wants_otherwise(definition, flag, unstated):
                continue
            if frozenset({flag}) in meeting(graph, prepared, definitions, node, definition,
                                            frozenset({cls})):
                return True
        return False
    finally:
        for triple in supposed:
            graph.remove(triple)


def would_derive(graph: Graph, prepared: Prepared, jid: str, app: Node, node: Node,
                 flag: URIRef) -> list[tuple[URIRef, Literal]]:
    """(flag, value) each other deriving rule of the code would give ``node`` from the
    measurement it states, where the node does not state that flag; the rule's conditions on
    ``flag`` itself are set aside (they are what is being decided), its others read as the
    derivation reads them.

    Why: a rule may derive its flag only once ``flag`` is known (Canandaigua § 73-5: a
    structure keeps boats, dl:storesBoat, where it states slips and is walled); read before
    it, the definition wanting both looks two facts short, and the walls never decisive: a
    permanent roofed structure stating two slips on 150 feet conformed as unwalled."""
    out = []
    for _rule, other, prop, op, limit, governs, necessary, sufficient, spec, *_rest in \
            flag_rules(prepared, jid):
        if other == flag or graph.value(node, other) is not None or limit is None:
            continue
        if governs.isdisjoint(graph.objects(node, RDF.type)) or (
                spec.parcel_conditions and not any(parcel_matches(graph, p, spec)
                                                   for p in graph.objects(app, DL.parcel))):
            continue
        reach = [c for c in spec.conditions if c.prop not in (flag, other)]
        if reach and not any(condition_holds(graph, app, node, c) for c in reach):
            continue
        qv = graph.value(node, prop)
        number = (to_decimal(qv) if isinstance(qv, Literal) else
                  to_decimal(graph.value(qv, QUDT.numericValue)) if qv is not None else None)
        if number is None:
            continue
        holds = COMPARE[op](number, limit)
        if (necessary and holds) or (sufficient and not holds):
            continue  # the test leaves the flag to the application
        out.append((other, Literal(holds)))
    return out


def wants_otherwise(definition: tuple, flag: URIRef, unstated: Literal) -> bool:
    """The definition reads ``flag`` at a value other than ``unstated``."""
    if definition[0] == "and":
        return any(wants_otherwise(d, flag, unstated) for d in definition[1])
    return definition[0] == "value" and definition[1] == flag and definition[2] != unstated


def asked_as(prepared: Prepared, jid: str, fact: URIRef) -> URIRef:
    """The fact to ask in place of ``fact``: the measurement a rule of the code decides the flag
    from both ways (neither a necessary nor a sufficient condition: dl:enclosedSides decides
    dl:hasEnclosedSide), which the application states; else ``fact`` itself."""
    for _rule, flag, prop, _op, _limit, _governs, necessary, sufficient, *_rest in \
            flag_rules(prepared, jid):
        if flag == fact and not necessary and not sufficient:
            return prop
    return fact
