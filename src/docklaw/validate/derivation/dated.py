"""A whole in its present form is no older than its parts: a date a structure as a whole has
(a dl:WholeFact ranging over xsd:date: the date from which it has existed in its present form)
is at the earliest the latest such date a listed part states of itself.

Why: a nonconforming dock stated "in its present form since 1990" listing a finger stated to
exist only since 2015 was read as it stood when the article took effect, and conformed at 800
sq ft (South Bristol § 73-21A "Upon the effective date of this article, an existing
nonconforming building, structure or use shall not be enlarged or expanded"; blind review 110
F1). The part's own date was dropped, since a part's whole fact only falls back on its whole's.
A part added after the whole's stated date changed the whole's form then: the whole has
existed in its present form only since the part's date, whatever it states, so a date
condition reads the later date (a bound: the whole is no older than that, so an "on or
before" condition it fails and an "on or after" one it meets are decided by it). The stated
earlier date is moved onto a dl:Discrepancy naming both (the rules read the later one). A whole
stating no date is given none: its part's date only bounds it (the whole is no older), written
as that lower bound (the date property's dl:boundedBelowBy, dl:existsNoEarlierThan), which
decides an "existed by" condition only where it falls after the condition's date
(``compile.Condition``, ``targets.bound_decides``): a nonconforming South Bristol dock stating
no date, with a finger since 2015, is not shown to have existed in its present form upon the
article's effective date (§ 73-21A), while a North Hempstead dock stating none, with a float
since 1985, is not thereby shown to have existed so by October 1, 1991 (§ 42-9A(3): the part's
date given as the whole's had excepted it; a bound on or before a clause's date leaves the
whole's unstated date to the clause's own handling). A part the
work builds anew (its work dl:addsToWhole) is no part of the present form: its enlargement of
the whole is read by the work by parts (``parts.work_by_parts``), not here. Nor does a
component renewed in kind as normal maintenance (its class dl:renewedInKind: a pile, a railing,
a light; blind review 113 F2): its date is its renewal's, not the whole's new form. The mark is
read on the part (``parts.renewed_in_kind`` writes its class's; a pile stated not renewed in kind
dates its whole). A float (a finger, a walkway) stated renewed in kind does not date its whole
either (blind review 122 F4, which reverses 120 F7 for the date): renewed in kind, it has the
form it had, so the whole's present form is the one it had before; a float dated 2024 replaced
in kind on a dock since 1990 left the dock read as new since 2024 and cited under the 720 sq ft.
Its replacement is still read as the substitution of part of the whole (its renewal in kind is
not read as maintenance: ``parts.renewed_in_kind``), which the work by parts decides.

A part of any other class dates its whole, whatever it is (blind review 120 F7: a boat lift
added in 2015 to a dock "since 2000" dates the dock 2015, though a lift's open water is no dock
area, Keuka § 160-123A(1)(b)): the whole's present form includes each listed part (the codes'
structure, not only its deck: Kings Point's dock includes "boat lifts"), and a part added after
the effective date changed the structure then ("enlarged, extended, ... or structurally
altered", Keuka § 160-126B; "enlarged or expanded", South Bristol § 73-21A); the owner bears the
burden of showing what existed (Keuka § 160-126C). The reading not chosen (only a part giving
the whole its area or reach dates it) is recorded in the codes' curation notes.
"""

from __future__ import annotations

from datetime import date

from rdflib import Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.law.targets import self_and_parts
from docklaw.law.units import curie
from docklaw.namespaces import DL, PROV, RDF, RDFS, TRUE, XSD
from docklaw.validate.derivation.totals import short, withdrawn


def dated(value: Node) -> date | None:
    if isinstance(value, Literal) and value.datatype == XSD.date:
        got = value.toPython()
        return got if isinstance(got, date) else None
    return None


def renewed(graph: Graph, part: Node) -> bool:
    """The part is stated (or its class makes it) renewed in kind, read as maintenance or not
    (``parts.renewed_in_kind``): it was renewed in the form it had."""
    return ((part, DL.renewedInKind, TRUE) in graph
            or (part, DL.renewalInKindNotRead, TRUE) in graph)


def dated_by_parts(graph: Graph, vocabulary: Graph) -> None:
    """Each whole's date facts raised to the latest its parts state (module docstring)."""
    props = sorted(p for p in vocabulary.subjects(RDF.type, DL.WholeFact)
                   if isinstance(p, URIRef) and (p, RDFS.range, XSD.date) in vocabulary)
    adding = set(vocabulary.subjects(DL.addsToWhole, TRUE))
    for prop in props:
        wholes = {w for w in graph.subjects(DL.hasPart, None)}
        for whole in sorted(wholes, key=str):
            # a part renewed in kind (a pile, a railing: dl:renewedInKind, written on the part
            # by parts.renewed_in_kind; a float stated so: dl:renewalInKindNotRead) dates only
            # itself: the whole keeps its form (blind review 122 F4)
            parts = [p for p in self_and_parts(graph, whole) - {whole}
                     if not set(graph.objects(p, DL.workKind)) & adding
                     and not renewed(graph, p)]
            found = [(d, v, p) for p in parts for v in graph.objects(p, prop)
                     if (d := dated(v)) is not None]
            if not found:
                continue
            latest, value, _ = max(found, key=lambda f: (f[0], str(f[2])))
            sources = sorted({p for d, _v, p in found if d == latest}, key=str)
            own = [d for v in graph.objects(whole, prop) if (d := dated(v)) is not None]
            if not own:
                # a whole stating no date: its part's date is only a lower bound (no older
                # than it), not its date; given as the whole's date it made a North Hempstead
                # dock stating none, with a float "since 1985", look excepted by § 42-9A(3)
                # (lead check). The bound is written where the vocabulary names its property;
                # the whole's date stays unstated.
                bound = vocabulary.value(prop, DL.boundedBelowBy)
                if isinstance(bound, URIRef):
                    graph.add((whole, bound, value))
                continue
            if min(own) >= latest:
                continue
            names = ", ".join(short(p) for p in sources)
            note = withdrawn(graph, whole, prop)
            graph.add((note, DL.derivedValue, value))
            text = (f"{short(whole)} is stated to exist in its present form since "
                    f"{min(own).isoformat()} ({curie(prop)}), but its part {names} is "
                    f"stated to exist only since {latest.isoformat()}: a whole is in its "
                    f"present form no earlier than its parts, so the rules were checked "
                    f"with {latest.isoformat()}; correct the dates or the parts listed")
            for source in sources:
                graph.add((note, PROV.wasDerivedFrom, source))
            graph.add((note, RDFS.comment, Literal(text)))
            graph.add((whole, prop, value))
