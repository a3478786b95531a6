"""Structures of a class the law splits between counts, past the sum of their maxima
(``dl:SplitCount``): the counts decided without the classes.

Why: two counts, each a maximum, may count the two classes a definition splits one class into
(every lift is a boat lift or a personal watercraft lift, none both). A structure stated only
with the class split is counted by exactly one of them, whichever it turns out to be. Where the
structures of undecided class are more than the room the counts leave together (the sum of each
maximum less what it already counts), every way of classing them breaks one of the counts: one
dock listing four lifts stated only as lifts, where one boat lift and two personal watercraft
lifts are allowed, was asked each lift's class (blind review 150 F3), though no classes could
make it conform. The reading (ontology/terms/rule-model.ttl, dl:SplitCount; each split's note in
its code's rules.ttl):

* where no count of the split is already broken on the node and the structures of undecided
  class are more than the room left: one joint finding on all the counts (``cite.
  one_per_disagreement`` merges them into one naming each rule), with the number of structures
  as its value; none of them is asked its class for those counts.
* otherwise nothing here: a count already broken is cited on its own, and a structure that may
  take another count over is asked its class there (``accounting``, ``decide.count_undecided``).

A structure is of undecided class for the split where it is of the split class and may be
counted by every count of it (``decide.generic_member``: stated only with a broader class, and
meeting the rest of what each counts). Only nodes every count reaches are read.
"""

from __future__ import annotations

from dataclasses import dataclass

from rdflib import Graph, URIRef
from rdflib.collection import Collection

from docklaw.law.decide import count_parts, generic_member
from docklaw.law.prepare import Prepared
from docklaw.law.units import curie
from docklaw.namespaces import DL, RDF, RDFS
from docklaw.validate.derivation.totals import short
from docklaw.validate.findings.accounting import count_broader
from docklaw.validate.findings.cite import InfoNeeded, Result, section_fields
from docklaw.validate.findings.sides import reached, shape_of, violation
from docklaw.validate.values import node_name

#: the component of the results made here (merged per split by ``cite.one_per_disagreement``)
COMPONENT = "dl:SplitCount"


@dataclass(frozen=True)
class Split:
    """One ``dl:SplitCount``: its count rules and the class their counted classes split."""

    rules: tuple[URIRef, ...]
    of: URIRef


def splits(prepared: Prepared) -> tuple[Split, ...]:
    """Every ``dl:SplitCount`` of the law with at least two count rules."""
    def read() -> tuple[Split, ...]:
        law = prepared.knowledge
        out = []
        for node in sorted(law.subjects(RDF.type, DL.SplitCount), key=str):
            head, of = law.value(node, DL.splitRules), law.value(node, DL.splitClass)
            if head is None or not isinstance(of, URIRef):
                continue
            rules = tuple(r for r in Collection(law, head) if isinstance(r, URIRef))
            if len(rules) >= 2:
                out.append(Split(rules, of))
        return tuple(out)
    return prepared.law_memo("split.splits", read)


def label(prepared: Prepared, rule: URIRef) -> str:
    """A count's section ('Boat lifts A'), else its rule."""
    return section_fields(prepared, prepared.rules.get(rule))[0] or curie(rule)


def over_split(data: Graph, prepared: Prepared, jid: str, results: list[Result],
               needed: list[InfoNeeded]) -> tuple[list[Result], list[InfoNeeded]]:
    """The results with each split's joint finding added (module docstring), and the questions
    of its counts on the nodes it decides dropped."""
    found = splits(prepared)
    if not found:
        return results, needed
    compiled = prepared.compiled(jid)
    checked = set(compiled.shape_rule.values())
    cited = {(r.focus_node, r.rule) for r in results if r.severity == "Violation"}
    added: list[Result] = []
    for split in found:
        if not checked.issuperset(split.rules):
            continue  # (another code's counts)
        nodes = set.intersection(*(reached(data, prepared, jid, r) for r in split.rules))
        for node in sorted(nodes, key=str):
            name = node_name(node)
            if any((name, str(r)) in cited for r in split.rules):
                continue  # (a count already broken is cited on its own)
            counts = []
            for rule in split.rules:
                top = shape_of(prepared, jid, rule, data, node)
                counted = None if top is None else count_parts(
                    compiled.graph, data, URIRef(top), node, generic_member(
                        compiled.graph, data, count_broader(prepared, compiled.graph,
                                                            URIRef(top))))
                if counted is None:
                    break
                counts.append(counted)
            if len(counts) != len(split.rules):
                continue
            open_ = set.intersection(*({v for v, _x in maybe} for _m, _l, maybe in counts))
            open_ = {v for v in open_ if (v, RDF.type, split.of) in data}
            room = sum(limit - matching for matching, limit, _maybe in counts)
            if len(open_) <= room:
                continue
            members = sorted(open_, key=str)
            known = "; ".join(f"{label(prepared, r)}: at most {limit}, {matching} counted"
                              for r, (matching, limit, _m) in zip(split.rules, counts,
                                                                  strict=True))
            said = prepared.knowledge.value(split.of, RDFS.label)
            one = len(members) == 1
            message = (
                f"{', '.join(short(m) for m in members)}, {len(members)} "
                f"structure{'' if one else 's'} stated only with a generic class, "
                f"{'is' if one else 'are each'} counted under exactly one of these limits, "
                f"whichever class {'it is' if one else 'each is'}: every "
                f"{said or curie(split.of)} is of exactly one of the classes they count (the "
                f"definitions). Together the limits leave room for {room} more ({known}): "
                f"whatever {'its class' if one else 'their classes'}, one of the limits is "
                f"exceeded, so {'it is not' if one else 'none of them is'} asked its class "
                "for them (one finding on the limits together).")
            for rule in split.rules:
                added.append(violation(data, prepared, jid, node, rule, message, DL.hasPart,
                                       str(len(members)), COMPONENT))
    if not added:
        return results, needed
    decided = {(r.focus_node, r.rule) for r in added}
    kept = [n for n in needed if (n.focus_node, n.rule) not in decided]
    return [*results, *added], kept
