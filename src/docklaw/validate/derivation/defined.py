"""The code's classes defined by what a structure states, and the structures that may be of one.

Why a module of its own: the classifier (``derive.classify_defined``) types a structure meeting
a definition; the totals (``totals.py``) ask which listed structure may yet be of a counted
class, its deciding facts unstated (a Canandaigua lift whose roof is not stated may be a boat
hoist structure). Both read the same definitions.
"""

from __future__ import annotations

from itertools import product

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.term import Node

from docklaw import jurisdictions
from docklaw.law.prepare import Prepared
from docklaw.namespaces import OWL, RDF

#: A class definition the classifier reads: ("class", C), ("value", p, v), ("and", parts).
Definition = tuple


def defined_classes(prepared: Prepared, jid: str) -> tuple[tuple[URIRef, Definition], ...]:
    """The code's own classes defined by what their members state (``owl:equivalentClass`` an
    ``owl:intersectionOf`` of classes and ``owl:hasValue`` restrictions, the forms the ontology
    keeps to: OWL 2 RL's cls-int1 and cls-hv1), each with its definition; remembered per code
    on the prepared law.

    Why: a code may define its word by a fact rather than by a kind (Canandaigua § 73-5: a
    "boat hoist ... shall not have a roof"; a lift stated with one is a boat hoist structure
    if seasonal, a boat station if permanent). Without the classification, a structure stated
    with the generic class and those facts is never of the code's class, and every count and
    rule on that class passes it by: a false "conforms". Only the code's own namespace is
    read (another code's definitions never type this code's application); a definition using
    anything else is not read at all (never half-applied)."""
    def read() -> tuple[tuple[URIRef, Definition], ...]:
        own = jurisdictions.get(jid).concept_namespace
        law = prepared.knowledge
        out = []
        for cls, expr in law.subject_objects(OWL.equivalentClass):
            if not (isinstance(cls, URIRef) and str(cls).startswith(own)
                    and isinstance(expr, BNode)):
                continue
            definition = class_expression(law, expr)
            if definition is not None and definition[0] != "class":
                out.append((cls, definition))
        return tuple(sorted(set(out), key=lambda d: (str(d[0]), repr(d[1]))))
    return prepared.memo(("derive.defined_classes", jid), read)


def class_expression(law: Graph, expr: Node) -> Definition | None:
    """The definition an OWL class expression states, or None when it uses anything the
    classifier does not read."""
    if isinstance(expr, URIRef):
        return ("class", expr)
    head = law.value(expr, OWL.intersectionOf)
    if head is not None:
        parts = [class_expression(law, p) for p in Collection(law, head)]
        if not parts or any(p is None for p in parts):
            return None
        return ("and", tuple(parts))
    on = law.value(expr, OWL.onProperty)
    value = law.value(expr, OWL.hasValue)
    if isinstance(on, URIRef) and value is not None:
        return ("value", on, value)
    return None


def meets(graph: Graph, node: Node, definition: Definition) -> bool:
    """Whether the node is of the defined class by what the application states of it."""
    kind = definition[0]
    if kind == "class":
        return (node, RDF.type, definition[1]) in graph
    if kind == "and":
        return all(meets(graph, node, d) for d in definition[1])
    expected = definition[2]
    return any(v == expected or (isinstance(v, Literal) and isinstance(expected, Literal)
                                 and v.eq(expected))
               for v in graph.objects(node, definition[1]))



def may_become(graph: Graph, prepared: Prepared, jid: str, node: Node,
               classes: tuple[URIRef, ...]) -> frozenset[URIRef]:
    """The facts (properties) the node does not state on which it would be of one of
    ``classes`` by a definition of the code (``defined_classes``, a defined class under one of
    them); empty where it is of one already or no unstated fact could make it one (a fact it
    states otherwise rules the definition out).

    Why: a structure's class may turn on a fact the application does not state (§ 73-5: a boat
    hoist "shall not have a roof"; a seasonal lift with one is a boat hoist structure). Counted
    as what it is stated to be, it passes by a count it may belong to: a false "conforms"
    (review 50: a second lift, its roof unstated, beside the one boat hoist structure a one-slip
    parcel may have)."""
    if any((node, RDF.type, c) in graph for c in classes):
        return frozenset()
    definitions = dict(defined_classes(prepared, jid))
    wanted = set(classes)
    options: list[frozenset[URIRef]] = []
    for cls, definition in sorted(definitions.items(), key=lambda d: str(d[0])):
        if wanted & (prepared.superclasses.get(cls, frozenset()) | {cls}):
            options += meeting(graph, prepared, definitions, node, definition, frozenset({cls}))
    return frozenset(p for o in options for p in o)


def meeting(graph: Graph, prepared: Prepared, definitions: dict[URIRef, Definition], node: Node,
            definition: Definition, seen: frozenset[URIRef]) -> list[frozenset[URIRef]]:
    """The sets of unstated facts on which the node would meet the definition, one per way
    ([frozenset()]: it meets it as stated; []: what it states rules it out)."""
    kind = definition[0]
    if kind == "value":
        values = list(graph.objects(node, definition[1]))
        if not values:
            return [frozenset({definition[1]})]
        return [frozenset()] if meets(graph, node, definition) else []
    if kind == "and":
        ways = [meeting(graph, prepared, definitions, node, d, seen) for d in definition[1]]
        return sorted({frozenset().union(*combo) for combo in product(*ways)}, key=sorted)
    cls = definition[1]
    if (node, RDF.type, cls) in graph:
        return [frozenset()]
    out: list[frozenset[URIRef]] = []
    for sub, sub_definition in sorted(definitions.items(), key=lambda d: str(d[0])):
        if sub not in seen and cls in prepared.superclasses.get(sub, frozenset()) | {sub}:
            out += meeting(graph, prepared, definitions, node, sub_definition, seen | {sub})
    return out
