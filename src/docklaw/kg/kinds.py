"""Each rule's generic kinds (``dl:governsKind``), derived once when the law is loaded.

Why: a question across codes ("the widths of docks in each code's own meaning") asked
``?rule dl:governs/rdfs:subClassOf*/dl:senseOf? dl:Dock``. A code whose word is broader than the
generic term puts the generic classes under it (a "dock" that includes boat lifts:
``dl:BoatLift rdfs:subClassOf kpc:Dock``), so in a store of N codes each rule's walk up the
hierarchy meets every such code's word: N times N steps. Here the walk is done per rule and
keeps only the rule's own code's senses (``dl:senseOf`` of a class of another code says what
that code means, not this one).
"""

from __future__ import annotations

from rdflib import Graph
from rdflib.namespace import RDFS
from rdflib.term import Node, URIRef

from docklaw.namespaces import DL


def governed_kinds(law: Graph, schema: Graph) -> Graph:
    """``rule dl:governsKind G`` for each generic class G a rule's governed class falls under.

    ``schema`` is the terminology's OWL-RL closure (``rdfs:subClassOf`` there is transitive);
    ``law`` holds the rules and their sections (``dl:section/dl:jurisdiction``).
    """
    supers: dict[Node, set[Node]] = {}
    for a, b in schema.subject_objects(RDFS.subClassOf):
        supers.setdefault(a, set()).add(b)
    senses: dict[Node, list[tuple[Node, Node]]] = {}
    for local, generic in schema.subject_objects(DL.senseOf):
        for jid in schema.objects(local, DL.jurisdiction):
            senses.setdefault(local, []).append((jid, generic))
    out = Graph()
    for rule, governed in law.subject_objects(DL.governs):
        codes = {j for sec in law.objects(rule, DL.section)
                 for j in law.objects(sec, DL.jurisdiction)}
        for cls in {governed, *supers.get(governed, ())}:
            if _generic(cls):
                out.add((rule, DL.governsKind, cls))
            for jid, generic in senses.get(cls, ()):
                if jid in codes:
                    out.add((rule, DL.governsKind, generic))
    return out


def _generic(term: Node) -> bool:
    """A class of the shared vocabulary (not a code's own class, nor an OWL restriction)."""
    return isinstance(term, URIRef) and str(term).startswith(str(DL))
