"""Per-jurisdiction counts of what the knowledge graph holds (``docklaw stats``)."""

from __future__ import annotations

import json
from collections import Counter

from rdflib import Graph, URIRef
from rdflib.namespace import RDF, RDFS

from docklaw import jurisdictions
from docklaw.namespaces import DL, code_iri, jurisdiction_iri

KEYS = ("sections", "subsections", "provisions", "definitions", "amendments", "cross_references")


def provision_classes(g: Graph) -> set[URIRef]:
    """dl:Provision and every class declared (transitively) a subclass of it."""
    classes = {DL.Provision}
    frontier = [DL.Provision]
    while frontier:
        cls = frontier.pop()
        for sub in g.subjects(RDFS.subClassOf, cls):
            if isinstance(sub, URIRef) and sub not in classes:
                classes.add(sub)
                frontier.append(sub)
    return classes


def compute_stats(g: Graph) -> dict[str, dict[str, object]]:
    """Counts per jurisdiction, in the JSON shape of ``docklaw stats --format json``.

    cross_references counts the targets named by internal references (resolved links plus
    unresolved ones); references to other laws are not counted.
    """
    jur_of: dict[URIRef, str] = {jurisdiction_iri(j): j for j in jurisdictions.ids()}
    code_of = {code_iri(j): j for j in jurisdictions.ids()}
    node_jid: dict[object, str] = {}
    for node, jur in g.subject_objects(DL.jurisdiction):
        if jur in jur_of:
            node_jid[node] = jur_of[jur]
    for node, code in g.subject_objects(DL.inCode):
        if code in code_of:
            node_jid.setdefault(node, code_of[code])
    counts: dict[str, Counter] = {j: Counter() for j in jurisdictions.ids()}
    for kind, key in ((DL.Section, "sections"), (DL.Subsection, "subsections"),
                      (DL.Definition, "definitions")):
        for node in g.subjects(RDF.type, kind):
            if node in node_jid:
                counts[node_jid[node]][key] += 1
    for node, _am in g.subject_objects(DL.amendment):
        jid = node_jid.get(node) or code_of.get(node)
        if jid:
            counts[jid]["amendments"] += 1
    for pred in (DL.references, DL.unresolvedReference):
        for node, _o in g.subject_objects(pred):
            if node in node_jid:
                counts[node_jid[node]]["cross_references"] += 1
    classes = provision_classes(g)
    seen: set = set()
    for cls in classes:
        for rule in g.subjects(RDF.type, cls):
            if rule in seen:
                continue
            section = g.value(rule, DL.section)
            if section is not None and section in node_jid:
                seen.add(rule)
                counts[node_jid[section]]["provisions"] += 1
    out: dict[str, dict[str, object]] = {}
    for jid in jurisdictions.ids():
        name = g.value(jurisdiction_iri(jid), RDFS.label)
        out[jid] = {"name": str(name) if name else jid, **{k: counts[jid][k] for k in KEYS}}
    return out


def format_stats(stats: dict[str, dict[str, object]], fmt: str) -> str:
    if fmt == "json":
        return json.dumps(stats, indent=2, ensure_ascii=False)
    header = ["jurisdiction", *KEYS]
    rows = [[jid, *(str(v[k]) for k in KEYS)] for jid, v in stats.items()]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in
                       enumerate(zip(r, widths, strict=True))) for r in [header, *rows]]
    return "\n".join(lines)
