"""Values the law supplies when an application is silent, applied before any shape runs.

Why data and not code: South Bristol § 73-6A(1) ("In the absence of a Tier assignment by the
Town Board, the default Tier classification shall be Tier One") is stated in rules.ttl as
``dl:defaultTier 1`` on the provision citing it. Derive applies it and leaves a note, so the report
says the Tier was assumed and which section supplied it (an applicant who omitted a Tier 2 or 3
assignment must see that the Tier 1 rules were applied).
"""

from __future__ import annotations

from rdflib import BNode, Graph, Literal
from rdflib.term import Node

from docklaw.errors import InputError
from docklaw.law.prepare import Prepared
from docklaw.namespaces import DL, RDF, XSD

#: default-bearing property of a provision -> the application property it fills on the parcel.
DEFAULTS = ((DL.defaultTier, DL.tier),)


def apply_defaults(graph: Graph, prepared: Prepared, jid: str, app: Node) -> list[Node]:
    """Fill unstated parcel values from the jurisdiction's defaults; returns the notes written."""
    law = prepared.knowledge
    notes: list[Node] = []
    parcels = sorted(graph.objects(app, DL.parcel), key=str)
    for parcel in parcels:
        if isinstance(parcel, Literal):  # a literal cannot carry the parcel's facts
            raise InputError(f"dl:parcel is the literal {str(parcel)!r}; give the parcel node",
                             node=str(app), prop="dl:parcel")
    for rule in sorted(prepared.rules_of(jid), key=lambda r: str(r.iri)):
        for default_prop, target in DEFAULTS:
            value = law.value(rule.iri, default_prop)
            if not isinstance(value, Literal):
                continue
            for parcel in parcels:
                if (parcel, target, None) in graph:  # stated (one value or several)
                    continue
                graph.add((parcel, target, Literal(int(value), datatype=XSD.integer)))
                note = BNode()
                graph.add((parcel, DL.defaultApplied, note))
                graph.add((note, DL.rule, rule.iri))
                graph.add((note, DL.property, target))
                graph.add((note, RDF.value, Literal(int(value), datatype=XSD.integer)))
                notes.append(note)
    return notes


def default_notes(graph: Graph) -> list[tuple[Node, Node]]:
    """(node, note) for every default derive applied."""
    return sorted(graph.subject_objects(DL.defaultApplied), key=str)

