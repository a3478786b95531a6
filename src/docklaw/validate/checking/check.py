"""Run one jurisdiction's compiled shapes over one derived application.

Why its own module: the SHACL engine call is the one place to optimise (shapes graph reuse)
without touching the rest of the pipeline. The derived graph already carries the superclasses
and normalised units, so no inference is asked of pyshacl.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any

from pyshacl import Validator
from pyshacl.graph_abstraction import DataGraph
from pyshacl.shape import Shape
from pyshacl.shapes_graph import ShapesGraph
from rdflib import Graph, URIRef

from docklaw.law.compile import CompiledShapes, focus_marker
from docklaw.law.prepare import Prepared
from docklaw.namespaces import RDF
from docklaw.validate.checking.fast import (
    Planner,
    RawResult,
    TopPlan,
    Unsupported,
    from_report,
    plan_top,
    run_top,
)
from docklaw.validate.derivation.applicability import is_exempt

_LOCK = threading.RLock()


class _ParameterList(list):  # type: ignore[type-arg]
    """pyshacl's list of constraint parameters with a set behind ``in``.

    Why: for every shape on every run pyshacl tests each of the shape's predicates with
    ``p in <list of ~40 parameters>`` (``Shape.validate``), ~8 % of a validation in rdflib term
    comparisons. pyshacl caches that list on its ``shape`` module (``CONSTRAINT_PARAMS``);
    this fills the cache first with the same parameters, in the same order, and the same map.
    ``copy`` and ``append`` (used when advanced features are on) keep the set in step.
    """

    def __init__(self, items: Any = ()) -> None:
        super().__init__(items)
        self._members = set(self)

    def __contains__(self, item: object) -> bool:
        return item in self._members

    def copy(self) -> _ParameterList:
        return _ParameterList(self)

    def append(self, item: Any) -> None:
        super().append(item)
        self._members.add(item)


def _index_constraint_parameters() -> None:
    import pyshacl.shape as shape_module
    from pyshacl.constraints import ALL_CONSTRAINT_PARAMETERS, CONSTRAINT_PARAMETERS_MAP

    shape_module.CONSTRAINT_PARAMS = (  # type: ignore[attr-defined]
        _ParameterList(ALL_CONSTRAINT_PARAMETERS), CONSTRAINT_PARAMETERS_MAP)


_index_constraint_parameters()


def _patch_blank_node_lookup() -> None:
    """Let pyshacl describe a blank focus node of a single-graph DataGraph.

    Why: to word a generic message (``sh:hasValue`` ...) for a blank focus node pyshacl looks
    for the named graph that holds it (``find_node_named_graph``) through ``Dataset.quads``,
    which the validator's own store does not answer; every blank-node structure that failed
    such a constraint ended in ``LookupError`` (exit 3). A single graph is its own answer.
    """
    import pyshacl.rdfutil.stringify as stringify
    from pyshacl.graph_abstraction import RdfLibDataGraph

    original = stringify.find_node_named_graph
    if getattr(original, "docklaw_patched", False):
        return

    def find_node_named_graph(dataset: Any, node: Any) -> Any:
        if isinstance(dataset, RdfLibDataGraph) and not dataset.is_multi_graph:
            return dataset.impl
        return original(dataset, node)

    find_node_named_graph.docklaw_patched = True  # type: ignore[attr-defined]
    stringify.find_node_named_graph = find_node_named_graph


_patch_blank_node_lookup()
OPTIONS = {
    "inference": "none", "advanced": True, "allow_warnings": True, "allow_infos": True,
    "inplace": True, "abort_on_first": False,
}


@dataclass(frozen=True)
class ShapeIndex:
    """pyshacl's parsed shapes of one code, indexed by the focus marker each one targets.

    Why: a code has 50-200 shapes (nested ones included) but a typical application is the focus
    of a few; pyshacl still asks the data graph for every shape's targets on every run. Only the
    shapes whose marker occurs in the derived graph (plus any shape with another kind of
    target, and none exist today) can produce a result, so only those are run."""

    engine: ShapesGraph
    shapes: tuple[Shape, ...]
    always: frozenset[int]                  # positions of shapes with a non-marker target
    by_marker: dict[URIRef, frozenset[int]]  # marker class -> positions of shapes targeting it
    plans: tuple[TopPlan, ...] = ()          # the fast engine's plan of each shape (fast.py)

    def positions(self, graph: Graph) -> list[int]:
        """The positions of the shapes that have a focus node in ``graph``, in pyshacl's
        own order."""
        present = set(graph.objects(None, RDF.type))
        wanted = set(self.always)
        for marker, positions in self.by_marker.items():
            if marker in present:
                wanted |= positions
        return sorted(wanted)

    def relevant(self, graph: Graph) -> list[Shape]:
        """The shapes that have a focus node in ``graph``, in pyshacl's own order."""
        return [self.shapes[i] for i in self.positions(graph)]


def index_shapes(compiled: CompiledShapes) -> ShapeIndex:
    """Parse the runtime shapes once and sort them by target (see ShapeIndex)."""
    engine = ShapesGraph(compiled.runtime_graph)
    shapes = tuple(engine.shapes)
    markers = {focus_marker(shape) for shape in compiled.targets}
    always: set[int] = set()
    by_marker: dict[URIRef, set[int]] = {}
    try:
        planner: Planner | None = Planner(engine)
    except Unsupported:
        planner = None
    plans: list[TopPlan] = []
    for i, shape in enumerate(shapes):
        nodes, classes, implicit, objects_of, subjects_of = shape.target()
        advanced = shape.advanced_target()
        classes = set(classes) | set(implicit)
        if set(nodes) or set(objects_of) or set(subjects_of) or advanced or (classes - markers):
            always.add(i)
        for cls in classes & markers:
            by_marker.setdefault(cls, set()).add(i)
        only = next(iter(classes)) if len(classes) == 1 and i not in always else None
        if planner is None or only not in markers:
            plans.append(TopPlan(None, None, "no plan"))
        else:
            plans.append(plan_top(planner, shape, only))
    return ShapeIndex(engine=engine, shapes=shapes, always=frozenset(always),
                      by_marker={k: frozenset(v) for k, v in by_marker.items()},
                      plans=tuple(plans))


def shape_index(compiled: CompiledShapes) -> ShapeIndex:
    """The ShapeIndex of a compiled code, built once and kept on it (pyshacl harvests the
    shapes on first use and reuses them in every later run)."""
    with _LOCK:
        if compiled.engine is None:
            compiled.engine = index_shapes(compiled)
        return compiled.engine


def shapes_graph_for(compiled: CompiledShapes) -> ShapesGraph:
    """pyshacl's parsed ShapesGraph of a compiled code (built once, see shape_index)."""
    return shape_index(compiled).engine


class _ShapesView:
    """A ShapesGraph restricted to some of its shapes (everything else delegated)."""

    def __init__(self, engine: ShapesGraph, shapes: list[Shape]) -> None:
        self._engine = engine
        self.shapes = shapes

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)


class _ReusingValidator(Validator):
    """A Validator that takes an already-built ShapesGraph instead of re-parsing the shapes."""

    def __init__(self, data_graph: DataGraph, shapes: ShapesGraph | _ShapesView) -> None:
        super().__init__(data_graph, shacl_graph=Graph(), options=dict(OPTIONS))
        self.shacl_graph = shapes

    @classmethod
    def create_validation_report(cls, sg: Any, conforms: bool, results: list[Any]) -> Any:
        """pyshacl's report graph without the shapes graph's prefixes bound into it (the only
        thing pyshacl reads of ``sg`` here): the report is read as triples (``from_report``,
        paths named by ``units.curie``), never written out, and binding ~50 prefixes into
        every report was a third of each pyshacl run (one run per shape it checks)."""
        return super().create_validation_report(_NO_PREFIXES, conforms, results)


class _NoPrefixes:
    """What ``create_validation_report`` reads of a shapes graph: its prefixes, here none."""

    class graph:  # (pyshacl reads ``sg.graph.namespace_manager.namespaces()``)
        class namespace_manager:
            @staticmethod
            def namespaces() -> Iterator[tuple[str, URIRef]]:
                return iter(())


_NO_PREFIXES = _NoPrefixes()


#: ``DOCKLAW_SHACL_ENGINE``: "fast" (default: fast.py, pyshacl for what it does not plan) or
#: "pyshacl" (the reference engine for every shape)
ENGINES = ("fast", "pyshacl")


def engine_name() -> str:
    name = os.environ.get("DOCKLAW_SHACL_ENGINE", "fast").strip().lower() or "fast"
    if name not in ENGINES:
        raise ValueError(f"DOCKLAW_SHACL_ENGINE={name!r}: expected one of {', '.join(ENGINES)}")
    return name


def run_pyshacl(graph: Graph, index: ShapeIndex, shapes: list[Shape]) -> list[RawResult]:
    """pyshacl over some of the code's shapes, its results read into RawResults."""
    view = _ShapesView(index.engine, shapes)
    validator = _ReusingValidator(DataGraph.from_rdflib_graph(graph), view)
    with _LOCK:  # pyshacl's shape objects hold per-run state; one run at a time per process
        _conforms, report, _text = validator.run()
    return from_report(report, index.engine.graph)


def check(graph: Graph, prepared: Prepared, jid: str,
          engine: str | None = None, only: Collection[object] | None = None) -> list[RawResult]:
    """The raw SHACL results for one derived application: shape by shape in pyshacl's
    order, each shape's results in RawResult.key order (both engines enumerate sets, so the
    order within a shape is otherwise the hash seed's).

    ``engine`` (default ``DOCKLAW_SHACL_ENGINE``): "fast" evaluates each planned shape in
    Python (fast.py) and runs pyshacl for a shape it has no plan for or meets a value it
    does not compare itself; "pyshacl" runs pyshacl for every shape. ``only``: the top
    shapes to run (a trial re-check reads the results of a few rules only)."""
    compiled = prepared.compiled(jid)
    if len(compiled.runtime_graph) == 0 or is_exempt(graph):
        return []  # no shapes, or the application is outside the code
    index = shape_index(compiled)
    fast = (engine or engine_name()) == "fast"
    out: list[RawResult] = []
    for i in index.positions(graph):
        if only is not None and index.shapes[i].node not in only:
            continue
        top = index.plans[i] if fast and index.plans else None
        found: list[RawResult] | None = None
        if top is not None and top.plan is not None:
            try:
                found = run_top(top, graph)
            except Unsupported:
                found = None
        if found is None:  # fail closed: a shape without a plan is pyshacl's, never skipped
            found = run_pyshacl(graph, index, [index.shapes[i]])
        out.extend(sorted(found, key=RawResult.key))
    return out


def naive_input(derived: Graph, raw: Graph, prepared: Prepared, jid: str) -> Graph:
    """The derived application as a user would hand it to plain pyshacl (benchmarks only).

    Keeps what derive adds without any SHACL engine (normalised units, geometry, defaults,
    totals, computed limits, undecided conditions) and drops what stands in for pyshacl's own
    work: the focus-marker types (pyshacl evaluates the published SPARQL targets instead) and
    the superclass types derive materialised from the cached closure (OWL-RL infers them)."""
    markers = {focus_marker(shape) for shape in prepared.compiled(jid).targets}
    out = Graph()
    out += derived
    for node, cls in list(derived.subject_objects(RDF.type)):
        if cls in markers:
            out.remove((node, RDF.type, cls))
    for node in set(raw.subjects(RDF.type, None)):
        stated = set(raw.objects(node, RDF.type))
        implied: set[object] = set()
        for cls in stated:
            implied |= prepared.superclasses.get(cls, frozenset())
        for cls in implied - stated:
            out.remove((node, RDF.type, cls))
    return out


def check_naive(graph: Graph, shapes: Graph, ontology: Graph) -> Graph:
    """The unprepared baseline: published shapes (SPARQL targets), OWL-RL (benchmarks only)."""
    import pyshacl

    _conforms, report, _text = pyshacl.validate(
        graph, shacl_graph=shapes, ont_graph=ontology, inference="owlrl",
        advanced=True, allow_warnings=True, allow_infos=True,
    )
    return report
