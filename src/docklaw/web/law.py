"""Browsable law: a page for every jurisdiction, code, section, definition, rule and shape.

``/code/<jid>/<local>`` serves ``https://w3id.org/docklaw/code/<jid>/<local>`` (and so on for
``/rule``, ``/shape``, ``/jurisdiction``): HTML for browsers, the resource's description
(its triples with blank nodes followed) for ``Accept: text/turtle`` / ``application/ld+json``.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import OWL, RDF, RDFS, SKOS
from rdflib.term import Node

import docklaw.web.chapter as chapter
from docklaw.namespaces import BASE, DL, SH, bind_prefixes
from docklaw.sparql import formats
from docklaw.web.knowledge import knowledge
from docklaw.web.links import href
from docklaw.web.negotiation import rdf_requested

bp = Blueprint("law", __name__)

HIDDEN_TYPES = {OWL.Thing, RDFS.Resource, OWL.NamedIndividual}
NOTE_PROPERTIES = (DL.ambiguityNote, DL.numberingNote, SKOS.editorialNote, SKOS.scopeNote,
                   RDFS.comment, DL.note)


def label(graph: Graph, term: Node) -> str:
    """The most readable name: citation, label, term, else the IRI's last part."""
    for prop in (DL.citation, RDFS.label, SKOS.prefLabel, DL.term):
        value = graph.value(term, prop)
        if value is not None:
            return str(value)
    if isinstance(term, Literal):
        return str(term)
    text = str(term)
    return text.rsplit("#", 1)[-1].rsplit("/", 1)[-1] if isinstance(term, URIRef) else text


def link(graph: Graph, term: Node) -> dict[str, str | None]:
    if isinstance(term, URIRef):
        return {"text": label(graph, term), "href": href(term), "iri": str(term)}
    return {"text": str(term), "href": None, "iri": None}


def describe(graph: Graph, node: Node, depth: int = 0) -> list[dict[str, object]]:
    """(property, values) rows; blank nodes (limits, amendments) are followed."""
    rows: dict[Node, list[object]] = {}
    for p, o in sorted(graph.predicate_objects(node), key=lambda po: (str(po[0]), str(po[1]))):
        if (p == RDF.type and o in HIDDEN_TYPES) or (p == OWL.sameAs and o == node):
            continue
        if isinstance(o, BNode) and depth < 4:
            value: object = {"nested": describe(graph, o, depth + 1)}
        else:
            value = link(graph, o)
        rows.setdefault(p, []).append(value)
    return [{"property": link(graph, p), "values": v} for p, v in rows.items()]


def cbd(graph: Graph, node: Node) -> Graph:
    """Concise bounded description: the node's triples, blank nodes followed."""
    out = bind_prefixes(Graph())
    todo, seen = [node], set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        for p, o in graph.predicate_objects(current):
            out.add((current, p, o))
            if isinstance(o, BNode):
                todo.append(o)
    return out


def ancestors(graph: Graph, node: Node) -> list[Node]:
    chain, current = [], graph.value(node, DL.parent)
    while current is not None and current not in chain:
        chain.append(current)
        current = graph.value(current, DL.parent)
    return chain


def inherited(graph: Graph, node: Node, prop: URIRef) -> tuple[list[Node], Node | None]:
    """Values stated on the node, else on the nearest ancestor that states one (and which)."""
    own = sorted(graph.objects(node, prop))
    if own:
        return own, None
    for ancestor in ancestors(graph, node):
        found = sorted(graph.objects(ancestor, prop))
        if found:
            return found, ancestor
    return [], None


def section_context(graph: Graph, node: URIRef) -> dict[str, object]:
    children = sorted(graph.subjects(DL.parent, node),
                      key=lambda c: (int(graph.value(c, DL.order) or 0), str(c)))
    amendments = []
    for a in graph.objects(node, DL.amendment):
        amendments.append({
            "kind": label(graph, graph.value(a, DL.amendmentKind)) if graph.value(
                a, DL.amendmentKind) else "",
            "date": str(graph.value(a, DL.date) or ""),
            "law": link(graph, graph.value(a, DL.localLaw)) if graph.value(a, DL.localLaw)
            else None,
            "text": str(graph.value(a, DL.bracketText) or ""),
        })
    amendments.sort(key=lambda a: a["date"])  # type: ignore[arg-type,return-value]
    rules = sorted(r for r in graph.subjects(DL.section, node)
                   if (r, RDF.type, DL.Provision) in graph)  # not allocation tables
    shapes = sorted({s for r in rules for s in graph.subjects(DL.enforces, r)})
    concepts = {c for r in rules for c in graph.objects(r, DL.governs)}
    definitions = {d for c in concepts for d in graph.objects(c, DL.definedBy)}
    definitions |= set(graph.subjects(DL.definedIn, node))
    variance, variance_from = inherited(graph, node, DL.varianceClass)
    authority, authority_from = inherited(graph, node, DL.reliefAuthority)
    siblings = []
    parent = graph.value(node, DL.parent)
    if parent is not None:
        family = sorted(graph.subjects(DL.parent, parent),
                        key=lambda c: (int(graph.value(c, DL.order) or 0), str(c)))
        siblings = [dict(link(graph, c), current=c == node) for c in family]
    text = graph.value(node, DL.text)
    jid = chapter.jurisdiction_of_iri(str(node))
    text_html = None
    if text is not None and jid is not None:
        _, found = chapter.nodes_of(jid)
        text_html = chapter.linked_text(str(text), str(graph.value(node, DL.citation) or ""),
                                        jid, chapter.citation_index(found))
    return {
        "citation": str(graph.value(node, DL.citation) or label(graph, node)),
        "siblings": siblings,
        "text_html": text_html,
        "chapter_href": (f"/chapter/{jid}#n-{str(node).rsplit('/', 1)[-1]}"
                         if jid is not None else None),
        "heading": graph.value(node, DL.heading),
        "text": graph.value(node, DL.text),
        "parent": link(graph, graph.value(node, DL.parent))
        if graph.value(node, DL.parent) else None,
        "children": [dict(link(graph, c), gist=gist(graph, c)) for c in children],
        "amendments": amendments,
        "references": [link(graph, r) for r in sorted(graph.objects(node, DL.references))],
        "reference_texts": sorted(str(t) for t in graph.objects(node, DL.referenceText)),
        "unresolved": sorted(str(t) for t in graph.objects(node, DL.unresolvedReference)),
        "cited_by": [link(graph, r) for r in sorted(graph.subjects(DL.references, node))],
        "definitions": [dict(link(graph, d), body=str(graph.value(d, DL.text) or ""))
                        for d in sorted(definitions)],
        "variance": [link(graph, v) for v in variance],
        "variance_from": link(graph, variance_from) if variance_from is not None else None,
        "authority": [link(graph, a) for a in authority],
        "authority_from": link(graph, authority_from) if authority_from is not None else None,
        "rules": [link(graph, r) for r in rules],
        "shapes": [dict(link(graph, s), rule=link(graph, graph.value(s, DL.enforces)))
                   for s in shapes],
    }


def gist(graph: Graph, node: Node, limit: int = 90) -> str:
    """A subdivision in a few words: its heading, else the start of its text."""
    heading = graph.value(node, DL.heading)
    if heading is not None:
        return str(heading)
    text = " ".join(str(graph.value(node, DL.text) or "").split())
    return text if len(text) <= limit else text[:limit - 1].rsplit(" ", 1)[0] + " …"


def top_level(graph: Graph, node: Node) -> bool:
    """A whole section: typed dl:Section with no parent, or whose parent is the code."""
    if (node, RDF.type, DL.Section) not in graph:
        return False
    parent = graph.value(node, DL.parent)
    return parent is None or (parent, RDF.type, DL.Code) in graph


#: how the curation states the subject of a section whose heading is not printed
INFERRED_SUBJECT = "Subject (inferred, no heading is printed): "


def member_heading(graph: Graph, node: Node) -> dict[str, object]:
    """A section's heading for the jurisdiction's contents, else its subject as the curation
    inferred it (marked as inferred: the law prints no heading there)."""
    heading = graph.value(node, DL.heading)
    if heading is not None:
        return {"heading": str(heading), "inferred": False}
    for note in graph.objects(node, DL.curationNote):
        if str(note).startswith(INFERRED_SUBJECT):
            return {"heading": str(note)[len(INFERRED_SUBJECT):], "inferred": True}
    return {"heading": "", "inferred": False}


def notes(graph: Graph, node: Node) -> list[dict[str, str]]:
    return [{"kind": label(graph, p), "text": str(o)}
            for p in NOTE_PROPERTIES for o in sorted(graph.objects(node, p))]


def rdf_response(graph: Graph, node: URIRef, media_type: str) -> Response:
    response = Response(formats.serialize_graph(cbd(graph, node), media_type),
                        mimetype=media_type)
    response.vary.add("Accept")
    return response


@bp.route("/<any(code, rule, shape, jurisdiction):kind>/<path:rest>")
def page(kind: str, rest: str) -> Response | str:
    graph = knowledge().graph
    node = URIRef(f"{BASE}{kind}/{rest}")
    if (node, None, None) not in graph:
        abort(404, description=f"{kind} <{node}> is not in the knowledge graph")
    return render_node(graph, node, kind)


@bp.route("/resource")
def resource() -> Response | str:
    iri = request.args.get("iri", "")
    graph = knowledge().graph
    node = URIRef(iri)
    if not iri or (node, None, None) not in graph:
        abort(404, description=f"<{iri}> is not described in the knowledge graph")
    return render_node(graph, node, "resource")


def render_node(graph: Graph, node: URIRef, kind: str) -> Response | str:
    media_type = rdf_requested()
    if media_type:
        return rdf_response(graph, node, media_type)
    types = {o for o in graph.objects(node, RDF.type)}
    context: dict[str, object] = {
        "kind": kind, "iri": str(node), "title": label(graph, node),
        "types": [link(graph, t) for t in sorted(types - HIDDEN_TYPES)],
        "properties": describe(graph, node), "notes": notes(graph, node),
        "section": None, "enforces": None, "members": [], "source": None,
    }
    jid = chapter.jurisdiction_of_iri(str(node))
    if jid is not None:
        context["source"] = chapter.source_of(jid)
    if (kind == "code" and graph.value(node, DL.text) is not None) or types & {
            DL.Section, DL.Subsection, DL.Definition}:
        context["section"] = section_context(graph, node)
    if kind == "shape" or SH.PropertyShape in types or SH.NodeShape in types:
        rule = graph.value(node, DL.enforces)
        if rule is not None:
            section = graph.value(rule, DL.section)
            context["enforces"] = {"rule": link(graph, rule),
                                   "section": link(graph, section) if section else None}
    if kind == "rule":
        context["shapes"] = [link(graph, s) for s in sorted(graph.subjects(DL.enforces, node))]
    if kind == "jurisdiction" or DL.Code in types:
        prop = DL.inCode if DL.Code in types else DL.jurisdiction
        members = [s for s in graph.subjects(prop, node) if top_level(graph, s)]
        members.sort(key=lambda s: (int(graph.value(s, DL.order) or 0), str(s)))
        context["members"] = [dict(link(graph, s), **member_heading(graph, s)) for s in members]
    return render_template("law.html", **context)
