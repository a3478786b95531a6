"""Admit an application: one application, of a known code, in the ontology's vocabulary.

Why a step of its own: every later stage reads the application through what is checked here
(its ``dl:PermitApplication`` node, its code, its structures' classes, its terms, its numbers);
bad input is refused naming the file, node and property before anything is derived from it.
The checks run on the copy derivation then fills (``values.PreparedQueryGraph``), so the first
error reported is the same whichever graph the input came in.
"""

from __future__ import annotations

from collections.abc import Iterator

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import OWL
from rdflib.term import Node

from docklaw import jurisdictions
from docklaw.errors import InputError
from docklaw.law.prepare import Prepared, jurisdiction_id
from docklaw.namespaces import DL, RDF, interned
from docklaw.validate.intake.cardinality import check_one_unit_per_measure, check_single_values
from docklaw.validate.intake.literals import check_numeric_literals
from docklaw.validate.intake.ranges import check_value_ranges
from docklaw.validate.intake.site import check_site
from docklaw.validate.intake.structures import check_part_cycles, check_structure_classes
from docklaw.validate.intake.vocabulary import check_terms
from docklaw.validate.values import Application, PreparedQueryGraph, node_name


def admit(graph: Graph, prepared: Prepared, name: str | None = None) -> Application:
    """A checked copy of the parsed application (InputError naming ``name``, the file or
    upload, otherwise)."""
    out = PreparedQueryGraph(bind_namespaces="none")
    out.store.add_all(interned_triples(graph))
    out.store.copy_prefixes(graph)  # the input's prefixes, as they are (no re-checks)
    add_inverse_links(out, prepared)
    check_single_values(out, prepared.functional(), name)  # two units, two flags: refused
    check_one_unit_per_measure(out, prepared.functional(), name)  # 40 FT and 12 M: refused
    app, jid = find_application(out, name)
    check_structure_classes(out, prepared, name)
    check_part_cycles(out, name)
    check_site(out, app, name)  # (after the cycles: a part's wholes are walked)
    check_terms(out, prepared, name)
    check_numeric_literals(out, name)
    check_value_ranges(out, prepared, name)
    return Application(out, app, jid)


def inverse_pairs(prepared: Prepared) -> tuple[tuple[URIRef, URIRef], ...]:
    """(p, q) for each ``p owl:inverseOf q`` of the vocabulary between docklaw properties, both
    ways round (remembered on the prepared law)."""
    def read() -> tuple[tuple[URIRef, URIRef], ...]:
        pairs = {(p, q) for p, q in prepared.ontology.subject_objects(OWL.inverseOf)
                 if isinstance(p, URIRef) and isinstance(q, URIRef)
                 and str(p).startswith(str(DL)) and str(q).startswith(str(DL))}
        return tuple(sorted(pairs | {(q, p) for p, q in pairs}, key=str))
    return prepared.law_memo("admit.inverse_pairs", read)


def add_inverse_links(graph: Graph, prepared: Prepared) -> None:
    """Each link stated through a declared inverse written the other way too (OWL 2 RL
    prp-inv1/prp-inv2): ``:lift dl:parent :pier`` is ``:pier dl:hasPart :lift``.

    Why: every stage reads a structure's parts through dl:hasPart; a lift listed through its
    declared inverse (``dl:hasPart owl:inverseOf dl:parent``) was reported as described but
    linked to nothing, no rule checked on it, while the same lift listed by the pier violated
    North Haven § 56-2M and Kings Point's boat-lift standards (blind review 70, C2): the same
    facts said two ways must get one verdict."""
    for p, q in inverse_pairs(prepared):
        for s, o in list(graph.subject_objects(p)):
            if not isinstance(o, Literal):  # (a literal is refused by the checks that follow)
                graph.add((o, q, s))


def interned_triples(graph: Graph) -> Iterator[tuple[Node, Node, Node]]:
    """The graph's triples with each IRI one object: the code's own (``namespaces.interned``)
    or, for the application's own IRIs, the first occurrence (see ``interned``'s why); the
    graph's terms are rdflib terms (it was parsed), as a store's ``add`` expects."""
    seen: dict[str, Node] = {}  # an IRI's text -> its one object

    def one(term: Node) -> Node:
        if type(term) is not URIRef:
            return term
        text = str(term)  # a plain str: found by the str's own comparison, not rdflib's
        found = seen.get(text)
        if found is None:
            found = seen[text] = interned(term)
        return found

    for s, p, o in graph:
        yield one(s), one(p), one(o)


def find_application(graph: Graph, name: str | None = None) -> tuple[Node, str]:
    """The one dl:PermitApplication and its jurisdiction id; InputError (naming the input
    ``name``, so a multi-file run says which file) otherwise."""
    apps = sorted(set(graph.subjects(RDF.type, DL.PermitApplication)), key=str)
    known = jurisdictions.known()
    if not apps:
        raise InputError("no dl:PermitApplication in the input (one application per file)",
                         source=name)
    if len(apps) > 1:
        raise InputError(f"{len(apps)} dl:PermitApplication nodes in one input; "
                         "validate one application at a time", node=node_name(apps[1]),
                         source=name)
    app = apps[0]
    values = list(graph.objects(app, DL.jurisdiction))
    if not values:
        raise InputError(f"the application has no dl:jurisdiction ({known})",
                         node=node_name(app), prop="dl:jurisdiction", source=name)
    if len(values) > 1:
        shown = " and ".join(sorted(str(v) for v in values))
        raise InputError(f"an application is filed under one code; dl:jurisdiction has "
                         f"{len(values)} values: {shown}", node=node_name(app),
                         prop="dl:jurisdiction", source=name)
    ids = {jurisdiction_id(v) for v in values}
    if None in ids:
        bad = str(values[0])
        raise InputError(f"unknown jurisdiction {bad!r} ({known})",
                         node=node_name(app), prop="dl:jurisdiction", jurisdiction=bad,
                         source=name)
    return app, ids.pop()


def jurisdiction_of(graph: Graph) -> str:
    """The (already validated) jurisdiction id of a derived graph."""
    return find_application(graph)[1]
