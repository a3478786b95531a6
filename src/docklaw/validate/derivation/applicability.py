"""Whether the code applies at all: exemptions (``dl:Exemption`` with ``dl:exemptWhen``).

Why a stage of its own: an exemption (Kings Point "Federal exemption", Keuka § 160-120C and
§ 160-120D) places the application outside the article, so no shape of the code may be run on
it and the report must say why instead of listing violations of rules that do not apply. The
condition is data (rules.ttl); a missing flag means the premises are not exempt, since every
exemption is stated as an exception for premises the applicant would have to claim.
"""

from __future__ import annotations

from rdflib import Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.law.prepare import Prepared
from docklaw.namespaces import DL


def condition_holds(law: Graph, data: Graph, condition: Node, app: Node) -> bool:
    """A dl:BooleanCondition (dl:property, dl:of dl:Parcel | dl:Focus, dl:equals) on the
    application's parcel (dl:of dl:Parcel) or on the application itself."""
    prop = law.value(condition, DL.property)
    expected = law.value(condition, DL.equals)
    if not isinstance(prop, URIRef) or expected is None:
        return False
    subjects = list(data.objects(app, DL.parcel)) if law.value(condition, DL.of) == DL.Parcel \
        else [app]
    for subject in subjects:
        for value in data.objects(subject, prop):
            if isinstance(value, Literal) and isinstance(expected, Literal):
                if value.toPython() == expected.toPython():
                    return True
            elif value == expected:
                return True
    return False


def exemptions_holding(data: Graph, prepared: Prepared, jid: str, app: Node) -> list[URIRef]:
    """The jurisdiction's exemptions whose dl:exemptWhen condition holds for this application."""
    law = prepared.knowledge
    out = []
    for rule in prepared.rules_of(jid):
        if DL.Exemption not in rule.kinds:
            continue
        if any(condition_holds(law, data, c, app) for c in law.objects(rule.iri, DL.exemptWhen)):
            out.append(rule.iri)
    return sorted(out, key=str)


def record_exemptions(data: Graph, prepared: Prepared, jid: str, app: Node) -> list[URIRef]:
    """Write ``app dl:exemptUnder rule`` for each exemption that holds; returns them."""
    rules = exemptions_holding(data, prepared, jid, app)
    for rule in rules:
        data.add((app, DL.exemptUnder, rule))
    return rules


def is_exempt(data: Graph) -> bool:
    """True when derive found the application outside the code (check runs no shape then)."""
    return (None, DL.exemptUnder, None) in data


def exemption_notes(data: Graph) -> list[tuple[Node, URIRef]]:
    """(application, exemption rule) pairs recorded by derive."""
    return sorted(((a, r) for a, r in data.subject_objects(DL.exemptUnder)
                   if isinstance(r, URIRef)), key=str)

