"""A stated value must be of the kind its property takes (``rdfs:range`` in the ontology).

Why: a rule's condition reads its fact as the ontology types it. ``dl:steepSlope "false"`` (a
string), ``dl:tier "2"`` or a land use the vocabulary does not know (``ex:Cottage``) compared
as something else: one stage read a string as a true flag, another as no Tier at all, and a
land use it could not place made the residential rules silently not apply ("conforms"). What
cannot be read one way is refused, naming the node, the property and what it takes.
"""

from __future__ import annotations

from rdflib import BNode, Graph, Literal, URIRef

from docklaw.errors import InputError
from docklaw.law.prepare import Prepared
from docklaw.law.targets import NUMERIC
from docklaw.law.units import curie, to_decimal
from docklaw.namespaces import DL, RDF, RDFS, XSD

INTEGERS = NUMERIC - {XSD.decimal, XSD.double, XSD.float}
#: The facts whose value decides whether a rule applies (``dl:appliesToLandUse``,
#: ``dl:appliesToWork``, ``dl:appliesToConstruction``): a value the vocabulary does not list would
#: silently rule every such rule out, so it must be one the vocabulary lists. Other enumerated
#: ranges stay open (Kings Point's "or other suitable material", an applicant's own permit):
#: there only a literal where a node is expected is refused.
CLOSED = (DL.landUse, DL.workKind, DL.construction)
#: what a property of each literal range takes, as the error names it
KINDS = {XSD.boolean: "true or false", XSD.decimal: "a number", XSD.double: "a number",
         XSD.float: "a number", **{i: "a whole number" for i in INTEGERS}}
#: the integer ranges that bound a value's sign (a count: ``xsd:nonNegativeInteger``), and what
#: the error names it. Why: a count of -1 parcels or slips was read as a number and took a dock
#: out of the rules a count of 1 or more reaches, or lowered a parcel's total (blind review 141 F1).
SIGNED = {XSD.nonNegativeInteger: (0, "a whole number 0 or more"),
          XSD.positiveInteger: (1, "a whole number 1 or more")}
KINDS.update({r: kind for r, (_, kind) in SIGNED.items()})


def value_ranges(prepared: Prepared) -> dict[URIRef, object]:
    """property -> its literal range (an xsd datatype), or the named individuals of its class
    range (a land use, a kind of work): only ranges an application's value can be held to."""
    def compute() -> dict[URIRef, object]:
        ontology = prepared.ontology
        of_class: dict[object, set[URIRef]] = {}  # class -> its named individuals, subclasses'
        for s, cls in ontology.subject_objects(RDF.type):
            if isinstance(s, URIRef):
                for c in (cls, *prepared.superclasses.get(cls, frozenset())):
                    of_class.setdefault(c, set()).add(s)
        out: dict[URIRef, object] = {}
        for prop, range_ in ontology.subject_objects(RDFS.range):
            if not (isinstance(prop, URIRef) and str(prop).startswith(str(DL))):
                continue
            if range_ in KINDS:
                out[prop] = range_
                continue
            members = frozenset(of_class.get(range_, ()))
            if members:
                out[prop] = (range_, members, prop in CLOSED)
        return out
    return prepared.law_memo("intake.value_ranges", compute)


def problem(value: object, range_: object) -> str | None:
    """Why ``value`` is not of ``range_`` (None when it is)."""
    if isinstance(range_, tuple):
        cls, members, closed = range_
        if value in members or (not closed and not isinstance(value, Literal)):
            return None
        shown = curie(value) if isinstance(value, URIRef) else repr(str(value))
        choices = ", ".join(sorted(curie(m) for m in members))
        if not closed:
            return f"{shown} is a literal; give a node (one of {choices}, or your own)"
        return f"{shown} is not a {curie(cls)} docklaw knows; give one of {choices}"
    kind = KINDS[range_]  # type: ignore[index]
    if not isinstance(value, Literal):
        return f"{curie(value) if isinstance(value, URIRef) else value} is not {kind}"
    typed = curie(value.datatype).replace(str(XSD), "xsd:") if value.datatype else None
    shown = f"{str(value)!r} ({typed or 'a plain string'})"
    if range_ == XSD.boolean:
        ok = value.datatype == XSD.boolean and not value.ill_typed
        return None if ok else f"{shown} is not true or false; write true or false unquoted"
    number = to_decimal(value) if value.datatype in NUMERIC else None
    if number is None:
        return f"{shown} is not {kind}; write the number unquoted"
    if range_ in INTEGERS and number != number.to_integral_value():
        return f"{shown} is not {kind}"
    if range_ in SIGNED and number < SIGNED[range_][0]:  # type: ignore[index]
        return f"{shown} is not {kind}"
    return None


def check_value_ranges(graph: Graph, prepared: Prepared, name: str | None = None) -> None:
    """InputError for the first (sorted) stated value not of its property's range."""
    ranges = value_ranges(prepared)
    bad = sorted(((s, p, o) for s, p, o in graph if p in ranges
                  and problem(o, ranges[p]) is not None),
                 key=lambda t: (str(t[0]), str(t[1]), str(t[2])))
    if not bad:
        return
    subject, prop, value = bad[0]
    raise InputError(str(problem(value, ranges[prop])),
                     node=f"_:{subject}" if isinstance(subject, BNode) else str(subject),
                     prop=curie(prop), source=name)
