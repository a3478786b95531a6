"""Standard SHACL out: compiled shapes and derived applications any SHACL engine can run.

Why: ``shapes/<id>.ttl`` are templates (limits live in the rules, targets are generated from
the rules' conditions), so a stock engine run on them finds nothing. ``docklaw shapes export``
writes the compiled shapes in SHACL Core plus SHACL-SPARQL constraints (for computed limits);
``docklaw derive`` writes the application as the validator checks it: units normalised,
geometry measured, superclasses and computed limits written, and every shape's focus nodes
typed with that shape's target class (``<shape>#focus``). Stock pyshacl (no inference, no
advanced features) run on the two files reports the same focus nodes and shapes as
``docklaw validate`` (a test proves it for every shipped example); the citations, relief and
the "information needed" reading of some results stay docklaw's.
"""

from __future__ import annotations

from pathlib import Path

from rdflib import Graph, Literal
from rdflib.namespace import RDF, RDFS

from docklaw.clitools import emit
from docklaw.namespaces import DL, bind_prefixes
from docklaw.validate.applicability import is_exempt
from docklaw.validate.compile import focus_marker
from docklaw.validate.derive import derive, jurisdiction_of
from docklaw.validate.export_commands import FORMATS
from docklaw.validate.prepare import Prepared, get_prepared


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
    compiled = prepared.compiled(jurisdiction_of(derived))
    made = set(derived.objects(None, DL.findingMade))
    for shape in compiled.targets:
        if is_exempt(derived) or compiled.shape_rule.get(shape) in made:
            derived.remove((None, RDF.type, focus_marker(shape)))
    out = bind_prefixes(Graph())
    out += derived
    for prefix, ns in graph.namespaces():
        out.bind(prefix, ns, override=False)
    return out


def write(g: Graph, fmt: str, output: Path | None) -> None:
    emit(g.serialize(format=FORMATS[fmt]), output)
