"""One question per fact: information needed is one item per (node, fact).

Why: a fact several sections need (a dock's width for its width limit and its area rule, a
lift's capacity for Boat lifts B and the definition) was asked once per section, and a clerk
counted the items as things to do (issue 25). Each item the findings stage made asks one or
more facts of one node for one section; here every (node, fact) becomes one item naming every
section that needs it (``askers``), worst first by section. An item asking several facts a rule
needs together is split into one item per fact; alternatives ("dl:a or dl:b": state either)
stay one fact. Items that ask no fact (a structure linked to nothing, a limit the allocation
table leaves undefined) are kept as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rdflib import Graph

from docklaw.law.components import Described
from docklaw.law.units import curie
from docklaw.namespaces import RDF
from docklaw.validate.findings.cite import STATED_OPEN, Asker, InfoNeeded
from docklaw.validate.values import node_of

#: How a fact is named where its property name alone would not tell the applicant.
FACT_NAMES = {
    "dl:footageCategory": "dl:footageCategory (or dl:tier with dl:shorelineFrontage, from which "
                          "the allocation table gives it)",
    "rdf:type": "a narrower class of structure (rdf:type: the structure is stated only with a "
                "generic class)",
}


def section_key(citation: str | None) -> list[object]:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", citation or "~")]


def one_per_fact(needed: list[InfoNeeded],
                 hint: Callable[[str, str], str | None] | None = None) -> list[InfoNeeded]:
    """The items merged by (node, fact), in a stable order (section, node, message).
    ``hint(node, fact)``: how to say there is nothing the fact describes (appended)."""
    groups: dict[tuple[str, str], list[tuple[InfoNeeded, Asker]]] = {}
    kept: list[InfoNeeded] = []
    for item in needed:
        if not item.facts:
            kept.append(item)
            continue
        for fact in dict.fromkeys(item.facts):
            for asker in item.askers or (item.asker(),):
                groups.setdefault((item.focus_node, fact), []).append((item, asker))
    for (node, fact), members in groups.items():
        askers = sorted(dict.fromkeys(a for _i, a in members),
                        key=lambda a: (section_key(a.section), a.rule or "", a.purpose))
        first = askers[0]
        items = list({id(i): i for i, _a in members}.values())
        stated = f"{fact} {STATED_OPEN}: "
        if len(items) == 1 and len(items[0].facts) == 1:
            message = items[0].message  # as the rule's own words put it
        elif open_ := [i for i in items if i.message.startswith(stated)]:
            # the node states the fact, which does not decide the rules (a station's slips,
            # which may or may not include an inner station's): never "is not stated"; each
            # rule's own question kept, and the purposes of the others (review 73 C5)
            said = [i.message[len(stated):] for i in open_]
            said += [f"needed to {a.purpose}" for i in items if i not in open_
                     for a in (i.askers or (i.asker(),))]
            message = stated + "; ".join(dict.fromkeys(said))
        else:
            purposes = list(dict.fromkeys(a.purpose for a in askers))
            message = (f"{FACT_NAMES.get(fact, fact)} is not stated: needed to "
                       + "; to ".join(purposes))
        extra = hint(node, fact) if hint is not None else None
        if extra and extra not in message:
            message += f" ({extra})"
        kept.append(InfoNeeded(first.section, first.section_iri, node, message,
                               first.rule, first.shape, facts=(fact,),
                               purpose=first.purpose, askers=tuple(askers)))
    kept.sort(key=lambda n: (n.section or "", n.focus_node, n.message))
    return kept


def sections_of(item: InfoNeeded) -> list[dict[str, str | None]]:
    """The JSON form of the sections an item serves: section, section_iri, rule."""
    askers = item.askers or (item.asker(),)
    out: list[dict[str, str | None]] = []
    for a in askers:
        entry = {"section": a.section, "section_iri": a.section_iri, "rule": a.rule}
        if entry not in out and (a.section or a.rule):
            out.append(entry)
    return out


def absence_hint(data: Graph, described: dict[str, Described]) -> Callable[[str, str],
                                                                          str | None]:
    """hint(node, fact) -> "if there is no railing: dl:hasRailing false, or list the
    structure's parts", for a fact that describes a kind of part the node is not
    (``law.components``)."""
    def hint(name: str, fact: str) -> str | None:
        what = described.get(fact)
        if what is None or (what.part is not None
                            and (node_of(name), RDF.type, what.part) in data):
            return None
        ways = [" or ".join(f"{curie(f)} false" for f in what.flags)]
        if what.part is not None:
            ways.append("list the structure's parts")
        ways = [w for w in ways if w]
        return f"if there is no {what.label}: " + ", or ".join(ways) if ways else None
    return hint
