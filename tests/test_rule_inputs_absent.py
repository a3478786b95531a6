"""Issue 11, generated from the rules: a rule whose inputs are absent is never silent and never
a violation.

For every code and every structure class its rules govern, the application proposes one bare
structure of that class (new construction, nothing else stated). Every rule that governs the
class and constrains a stated property must then be, in the report's own accounting,
"needed" (named in "information needed" with its section), "unchecked" (a Warning/Info finding
the Board decides, whose facts are not stated) or "not-applicable" with its reason; never
"conforms", never "violates", never missing. The report itself is never "conforms".
Two kinds of "conforms" are decisions, not silence, and are allowed: a rule on what the
application lists (``dl:hasPart`` / ``dl:hasStructure``: the structures listed are all that is
proposed, docs/DESIGN.md) and a rule the accounting shows "holds whether or not it applies".
Rules that only derive a fact (``dl:derives``) have no shape and are checked through the rules
that read the fact.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache

import pytest
from rdflib import Graph, Namespace, URIRef
from rdflib.namespace import RDF

from docklaw import jurisdictions
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL
from docklaw.validate.pipeline import validate_graph

EX = Namespace("https://example.org/inputs-absent#")
ALLOWED = {"needed", "unchecked", "not-applicable"}
#: Rules on the application's own list of structures are decided by the list.
LISTED = {DL.hasPart, DL.hasStructure}


@cache
def governed() -> dict[tuple[str, URIRef], list[URIRef]]:
    """(code, concept class) -> the rules governing it that constrain a property (read from the
    prepared law: every test worker collects this module, and its snapshot is built once)."""
    law = get_prepared().knowledge
    out: dict[tuple[str, URIRef], list[URIRef]] = defaultdict(list)
    for j in jurisdictions.all():
        prefix = f"https://w3id.org/docklaw/rule/{j.id}/"
        for rule in sorted({r for r in law.subjects(DL.section, None)
                            if str(r).startswith(prefix)}, key=str):
            constrained = set(law.objects(rule, DL.constrains))
            if not constrained or constrained <= LISTED or law.value(rule, DL.derives):
                continue
            for cls in law.objects(rule, DL.governs):
                if isinstance(cls, URIRef) and str(cls).startswith(j.concept_namespace):
                    out[(j.id, cls)].append(rule)
    return dict(out)


def bare(jid: str, cls: URIRef) -> Graph:
    g = Graph()
    g.add((EX.application, RDF.type, DL.PermitApplication))
    g.add((EX.application, DL.jurisdiction, jurisdictions.get(jid).iri))
    g.add((EX.application, DL.parcel, EX.parcel))
    g.add((EX.application, DL.proposes, EX.structure))
    g.add((EX.parcel, RDF.type, DL.Parcel))
    g.add((EX.parcel, DL.hasStructure, EX.structure))
    g.add((EX.structure, RDF.type, cls))
    g.add((EX.structure, DL.workKind, DL.NewConstruction))
    return g


def params() -> list[object]:
    return [pytest.param(jid, cls, id=f"{jid}-{str(cls).rsplit('/', 1)[-1]}")
            for (jid, cls) in sorted(governed(), key=str)]


def test_the_rules_give_classes_to_try() -> None:
    assert len({jid for jid, _ in governed()}) == len(jurisdictions.all())


@pytest.mark.parametrize(("jid", "cls"), params())
def test_a_bare_structure_leaves_its_rules_needed_never_silent(jid: str, cls: URIRef) -> None:
    report = validate_graph(bare(jid, cls), name=f"bare {cls}")
    assert report.status != "conforms", "nothing is stated: the report cannot conform"
    states = {a.rule: a for a in report.accounting}
    needed_text = [f"{n.section} {n.message}" for n in report.information_needed]
    wrong = []
    for rule in governed()[(jid, cls)]:
        state = states.get(str(rule))
        if state is None:
            wrong.append(f"{rule}: missing from the accounting")
        elif state.state == "conforms" and "holds whether or not it applies" in state.reason:
            continue
        elif state.state not in ALLOWED:
            wrong.append(f"{rule}: {state.state} {state.reason}")
        elif state.state == "needed" and not any(str(state.section) in x for x in needed_text):
            wrong.append(f"{rule}: needed but no information-needed item cites {state.section}")
        elif state.state == "not-applicable" and not state.reason:
            wrong.append(f"{rule}: not applicable without a reason")
    assert not wrong, "\n".join(wrong)
