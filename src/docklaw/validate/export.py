"""Standard SHACL out: compiled shapes and derived applications any SHACL engine can run.

Why: ``shapes/<id>.ttl`` are templates (limits live in the rules, targets are generated from
the rules' conditions), so a stock engine run on them finds nothing. ``docklaw shapes export``
writes the compiled shapes in SHACL Core plus SHACL-SPARQL constraints (for computed limits);
``docklaw derive`` writes the application as the validator checks it: units normalised,
geometry measured, superclasses and computed limits written, and every shape's focus nodes
typed with that shape's target class (``<shape>#focus``). Stock pyshacl (no inference, no
advanced features) run on the two files reports the same focus nodes and shapes as
``docklaw validate`` (a test proves it for every shipped example). A node a shape fails on
only for want of a stated fact ("information needed" in docklaw's report) is left untargeted,
so a stock engine does not call it a violation; the citations, relief and the list of what is
needed stay docklaw's.
"""

from __future__ import annotations

from rdflib import Graph, Literal

from docklaw.law.compile import focus_marker
from docklaw.law.prepare import Prepared
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL, RDF, RDFS, bind_prefixes
from docklaw.validate.derivation.applicability import is_exempt
from docklaw.validate.intake.admit import jurisdiction_of
from docklaw.validate.pipeline import cited, derive
from docklaw.validate.values import node_name


def exported_shapes(jid: str, prepared: Prepared | None = None) -> Graph:
    """One code's compiled shapes, each targeting its focus class (``<shape>#focus``)."""
    prepared = prepared or get_prepared()
    compiled = prepared.compiled(jid)
    g = bind_prefixes(Graph())
    g += compiled.runtime_graph
    for prefix, ns in compiled.runtime_graph.namespaces():
        g.bind(prefix, ns, override=False)
    for shape in compiled.targets:
        g.add((focus_marker(shape), RDF.type, RDFS.Class))
        g.add((focus_marker(shape), RDFS.comment, Literal(
            "Focus nodes of this shape, typed by `docklaw derive` from the rule's conditions")))
    return g


def derived_application(graph: Graph, prepared: Prepared | None = None,
                        name: str | None = None) -> Graph:
    """The application as the shapes check it (see the module docstring).

    Focus classes are left off where docklaw runs no shape: an application outside the code
    (an exemption applies) and a required finding the application records as made."""
    prepared = prepared or get_prepared()
    derived = derive(graph, prepared, name)
    jid = jurisdiction_of(derived)
    compiled = prepared.compiled(jid)
    made = set(derived.objects(None, DL.findingMade))
    # A shape that fails on a node only for want of a stated fact is "information needed" in
    # docklaw's report, not a violation: that node is not a focus of the shape here either.
    _results, needed = cited(derived, prepared, jid)
    undecided = {(n.shape, n.focus_node) for n in needed if n.shape}
    for shape in compiled.targets:
        marker = focus_marker(shape)
        if is_exempt(derived) or compiled.shape_rule.get(shape) in made:
            derived.remove((None, RDF.type, marker))
            continue
        for node in list(derived.subjects(RDF.type, marker)):
            if (str(shape), node_name(node)) in undecided:
                derived.remove((node, RDF.type, marker))
    out = bind_prefixes(Graph())
    out += derived
    for prefix, ns in graph.namespaces():
        out.bind(prefix, ns, override=False)
    return out


def derived_text(data: bytes, input_format: str | None, name: str, rdf_format: str) -> str:
    """Parse (safely), derive and serialise (in rdflib's ``rdf_format``) one application: the
    whole of ``docklaw derive``, one job for the time budget (``budget.run_limited``)."""
    from docklaw.errors import InputError
    from docklaw.validate.intake.parse import parse

    graph = parse(data, input_format, name)
    try:
        derived = derived_application(graph, name=name)
    except InputError as exc:
        if exc.source is None:
            exc.source = name
            exc.args = (exc.describe(),)
        raise
    return derived.serialize(format=rdf_format)

