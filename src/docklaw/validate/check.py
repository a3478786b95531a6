"""Run one jurisdiction's compiled shapes over one derived application.

Why its own module: the SHACL engine call is the one place to optimise (shapes graph reuse)
without touching the rest of the pipeline. The derived graph already carries the superclasses
and normalised units, so no inference is asked of pyshacl.
"""

from __future__ import annotations

import threading

from pyshacl import Validator
from pyshacl.graph_abstraction import DataGraph
from pyshacl.shapes_graph import ShapesGraph
from rdflib import Graph

from docklaw.validate.applicability import is_exempt
from docklaw.validate.compile import CompiledShapes
from docklaw.validate.prepare import Prepared

_LOCK = threading.RLock()
OPTIONS = {
    "inference": "none", "advanced": True, "allow_warnings": True, "allow_infos": True,
    "inplace": True, "abort_on_first": False,
}


def shapes_graph_for(compiled: CompiledShapes) -> ShapesGraph:
    """pyshacl's parsed ShapesGraph, built once per compiled jurisdiction and kept on it (its
    shapes are harvested on first use and reused by every later run)."""
    with _LOCK:
        if compiled.engine is None:
            compiled.engine = ShapesGraph(compiled.runtime_graph)
        return compiled.engine


class _ReusingValidator(Validator):
    """A Validator that takes an already-built ShapesGraph instead of re-parsing the shapes."""

    def __init__(self, data_graph: DataGraph, shapes: ShapesGraph) -> None:
        super().__init__(data_graph, shacl_graph=Graph(), options=dict(OPTIONS))
        self.shacl_graph = shapes


def check(graph: Graph, prepared: Prepared, jid: str) -> Graph:
    """The pyshacl results graph (sh:ValidationReport) for one derived application."""
    compiled = prepared.compiled(jid)
    if len(compiled.runtime_graph) == 0 or is_exempt(graph):
        return Graph()  # no shapes, or the application is outside the code
    shapes = shapes_graph_for(compiled)
    validator = _ReusingValidator(DataGraph.from_rdflib_graph(graph), shapes)
    with _LOCK:  # pyshacl's shape objects hold per-run state; one run at a time per process
        _conforms, report, _text = validator.run()
    return report


def check_naive(graph: Graph, shapes: Graph, ontology: Graph) -> Graph:
    """The unprepared baseline the issue measured (for benchmarks only)."""
    import pyshacl

    _conforms, report, _text = pyshacl.validate(
        graph, shacl_graph=shapes, ont_graph=ontology, inference="owlrl",
        advanced=True, allow_warnings=True,
    )
    return report
