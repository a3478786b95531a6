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

import argparse
from pathlib import Path

from rdflib import Graph, Literal
from rdflib.namespace import RDF, RDFS

from docklaw import jurisdictions
from docklaw.clitools import add_output, emit
from docklaw.errors import InputError
from docklaw.namespaces import DL, bind_prefixes
from docklaw.validate.applicability import is_exempt
from docklaw.validate.compile import focus_marker
from docklaw.validate.derive import derive, jurisdiction_of
from docklaw.validate.parse import parse
from docklaw.validate.prepare import Prepared, get_prepared

FORMATS = {"turtle": "turtle", "nt": "nt", "xml": "xml", "json-ld": "json-ld"}


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


def run_export(args: argparse.Namespace) -> int:
    jid = jurisdictions.resolve(args.jurisdiction).id
    write(exported_shapes(jid), args.format, args.output)
    return 0


def run_derive(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if not path.is_file():
        raise InputError("no such file", source=args.file)
    graph = parse(path.read_bytes(), args.input_format, args.file)
    try:
        derived = derived_application(graph, name=args.file)
    except InputError as exc:
        if exc.source is None:
            exc.source = args.file
            exc.args = (exc.describe(),)
        raise
    write(derived, args.format, args.output)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    shapes = sub.add_parser("shapes", help="the compiled shapes as standard SHACL")
    inner = shapes.add_subparsers(dest="shapes_command", metavar="ACTION", required=True,
                                  help="export: write one code's compiled shapes")
    export = inner.add_parser(
        "export", help="write one code's compiled shapes (SHACL Core + SHACL-SPARQL)",
        description="Write a code's compiled shapes: limits filled from the rules, targets as "
                    "sh:targetClass <shape>#focus (the classes `docklaw derive` gives the "
                    "focus nodes), computed limits as SHACL-SPARQL constraints. Any SHACL "
                    "engine run on these and a derived application reports what docklaw "
                    "validate reports.")
    export.add_argument("jurisdiction", help="a code's id or alias")
    add_output(export)
    export.add_argument("--format", choices=sorted(FORMATS), default="turtle",
                        help="RDF serialisation")
    export.set_defaults(func=run_export)
    der = sub.add_parser(
        "derive", help="write an application as the shapes check it",
        description="Write the derived application graph (units normalised, geometry "
                    "measured, superclasses, computed limits, focus classes) for any SHACL "
                    "engine, together with `docklaw shapes export`.")
    der.add_argument("file", help="the application (Turtle, JSON-LD, RDF/XML, N-Triples)")
    der.add_argument("--input-format", default=None, help="input RDF format (default: guess)")
    add_output(der)
    der.add_argument("--format", choices=sorted(FORMATS), default="turtle",
                     help="RDF serialisation")
    der.set_defaults(func=run_derive)
