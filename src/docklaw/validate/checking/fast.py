"""The compiled shapes evaluated by specialised Python, pyshacl's semantics for the subset used.

Why: pyshacl builds constraint objects, a report graph, text descriptions and generic messages
for every shape on every run; the compiled shapes use a small part of SHACL Core (value
ranges, counts, sh:class, sh:in, sh:hasValue, sh:not/and/or, sh:property,
sh:qualifiedValueShape, the computed-limit SPARQL constraints of ``law.compile``) over
paths. Each shape is turned once into a plan of Python closures that reproduce, step by
step, what pyshacl 0.40 does for it (same value nodes, same conformance including its
severity rules, same result fields) and return the raw results ``cite`` reads.

Fail closed: a shape with any constraint, parameter or path form the plan does not know is
left to pyshacl (``Unsupported`` at plan time); a value the plan cannot compare the way
SPARQL or pyshacl would (``Unsupported`` at run time) sends that shape back to pyshacl for
the application. A shape is never skipped. ``DOCKLAW_SHACL_ENGINE=pyshacl`` runs every shape
with pyshacl (the reference engine; tests/test_fast_shacl.py compares the two).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import XSD

from docklaw.law.units import curie
from docklaw.namespaces import DL, QUDT, RDF, RDFS, SH

RDF_NIL = RDF.nil
ALLOWED = frozenset({SH.Info, SH.Warning})  # allow_infos and allow_warnings (check.OPTIONS)


class Unsupported(Exception):
    """A shape (or a value met at run time) the fast engine does not evaluate: use pyshacl."""


@dataclass(frozen=True)
class RawResult:
    """One SHACL validation result, as ``cite`` reads it.

    ``path`` and ``step`` are the result path's readable form and its first step
    (cite.readable_path, cite.first_step); ``messages`` are the result's messages, sorted,
    when the source shape (or its SPARQL constraint) declares one, else () (cite then uses
    the rule shape's own message and never the engine's generic text)."""

    source: Any
    focus: Any
    value: Any
    component: URIRef
    severity: Any
    path: str | None
    step: Any
    messages: tuple[str, ...]

    def key(self) -> tuple[str, ...]:
        """A total order within one rule shape's results (the engines enumerate sets)."""
        return (_term_key(self.focus), _term_key(self.source), str(self.component),
                _term_key(self.value), self.path or "", _term_key(self.step),
                "\x00".join(self.messages), _term_key(self.severity))


def _term_key(term: Any) -> str:
    if term is None:
        return ""
    return f"{type(term).__name__}:{term.n3() if hasattr(term, 'n3') else term}"


Values = list[tuple[Any, Any]]  # (focus node, its value nodes) in evaluation order
Report = RawResult
Outcome = tuple[bool, list[Report]]


# --------------------------------------------------------------------------- paths


PathFn = Callable[[Graph, Any], set]  # type: ignore[type-arg]


def compile_path(sg: Graph, path: Any, inverse: bool = False, recursion: int = 0) -> PathFn:
    """pyshacl's ``value_nodes_from_path`` for one path, resolved once against the shapes
    graph (same recursion, same treatment of an inverted sequence)."""
    if isinstance(path, URIRef):
        if inverse:
            return lambda g, f: set(g.subjects(path, f))
        return lambda g, f: set(g.objects(f, path))
    if not isinstance(path, BNode) or recursion >= 10:
        raise Unsupported(f"path {path!r}")
    firsts = set(sg.objects(path, RDF.first))
    if firsts:
        first = compile_path(sg, next(iter(firsts)), inverse, recursion + 1)
        rests = set(sg.objects(path, RDF.rest))
        if not rests or next(iter(rests)) == RDF_NIL:
            if recursion == 0:
                raise Unsupported("a sequence path of one item")
            return first
        rest = compile_path(sg, next(iter(rests)), inverse, recursion + 1)

        def sequence(g: Graph, f: Any) -> set:  # type: ignore[type-arg]
            found: set[Any] = set()
            for node in first(g, f):
                found.update(rest(g, node))
            return found
        return sequence
    kinds = [p for p, _o in sg.predicate_objects(path)]
    inv = set(sg.objects(path, SH.inversePath))
    if inv:
        return compile_path(sg, next(iter(inv)), not inverse, recursion + 1)
    alts = set(sg.objects(path, SH.alternativePath))
    if alts:
        members = [compile_path(sg, a, inverse, recursion + 1)
                   for a in sg.items(next(iter(alts)))]
        if len(members) < 2:
            raise Unsupported("an alternative path of fewer than two items")

        def alternative(g: Graph, f: Any) -> set:  # type: ignore[type-arg]
            found: set[Any] = set()
            for member in members:
                found.update(member(g, f))
            return found
        return alternative
    for prop, include_focus in ((SH.zeroOrMorePath, True), (SH.oneOrMorePath, False)):
        inner_nodes = set(sg.objects(path, prop))
        if inner_nodes:
            inner = compile_path(sg, next(iter(inner_nodes)), inverse, recursion + 1)

            def closure(g: Graph, f: Any, inner: PathFn = inner,
                        include_focus: bool = include_focus) -> set:  # type: ignore[type-arg]
                collected: set[Any] = {f} if include_focus else set()
                stack = set(inner(g, f))
                while stack:
                    node = stack.pop()
                    if node in collected:
                        continue
                    collected.add(node)
                    stack.update(inner(g, node))
                return collected
            return closure
    raise Unsupported(f"path form {kinds}")


def readable_path(graph: Graph, path: Any) -> str | None:
    """A CURIE for the path, or the first step of a sequence path (read on the shapes graph,
    or on a pyshacl report graph, which holds a copy of the path)."""
    if path is None:
        return None
    if isinstance(path, BNode):
        first = graph.value(path, RDF.first)
        if first is not None:
            return readable_path(graph, first)
        inverse = graph.value(path, SH.inversePath)
        if inverse is not None:
            return "^" + (readable_path(graph, inverse) or "")
        return None
    return curie(path)


def first_step(graph: Graph, path: Any) -> URIRef | None:
    """The path's first step where it is a property (cite reads nothing else of it: an
    inverse or other blank-node step is None, whichever graph holds its copy)."""
    step = graph.value(path, RDF.first) if isinstance(path, BNode) else path
    return step if isinstance(step, URIRef) else None


def declares_message(shapes: Graph, source: Any) -> bool:
    """The shape, or one of its SPARQL constraints, states sh:message (cite then shows the
    engine's rendering of it; otherwise the rule shape's own message)."""
    return source is not None and (
        (source, SH.message, None) in shapes
        or any((c, SH.message, None) in shapes for c in shapes.objects(source, SH.sparql)))


def from_report(report: Graph, shapes: Graph) -> list[RawResult]:
    """pyshacl's results graph read into RawResults (the reference engine)."""
    out = []
    for r in report.objects(None, SH.result):
        source = report.value(r, SH.sourceShape)
        path = report.value(r, SH.resultPath)
        messages = tuple(sorted({str(m) for m in report.objects(r, SH.resultMessage)})) \
            if declares_message(shapes, source) else ()
        out.append(RawResult(source, report.value(r, SH.focusNode), report.value(r, SH.value),
                             report.value(r, SH.sourceConstraintComponent),
                             report.value(r, SH.resultSeverity), readable_path(report, path),
                             first_step(report, path), messages))
    return out


# --------------------------------------------------------------------------- shapes


SHAPE_PREDICATES = frozenset({
    RDF.type, RDFS.comment, RDFS.label, SH.path, SH.message, SH.severity, SH.name,
    SH.description, SH.order, SH.group, SH.targetClass,
})
#: the constraint parameters the plan evaluates (any other SHACL parameter: pyshacl)
SUPPORTED = frozenset({
    SH["class"], SH.hasValue, SH["in"], SH.minCount, SH.maxCount, SH.minInclusive,
    SH.maxInclusive, SH.minExclusive, SH.maxExclusive, SH["not"], SH["and"], SH["or"],
    SH.property, SH.qualifiedValueShape, SH.qualifiedMinCount, SH.qualifiedMaxCount,
    SH.sparql,
})


class ShapePlan:
    """One shape (top-level or nested) ready to evaluate."""

    def __init__(self, planner: Planner, shape: Any) -> None:
        sg = planner.sg
        self.node = shape.node
        self.severity = shape.severity
        self.allow_conform = self.severity in ALLOWED
        self.deactivated = shape.deactivated
        self.is_property = shape.is_property_shape
        path = shape.path() if self.is_property else None
        self.values: PathFn | None = compile_path(sg, path) if self.is_property else None
        self.result_path = readable_path(sg, path) if path is not None else None
        self.result_step = first_step(sg, path) if path is not None else None
        self.path = path
        self.own_messages = list(shape.message)
        own = bool(self.own_messages)
        self.declared = declares_message(sg, self.node)
        predicates = [p for p, _o in sg.predicate_objects(self.node)]
        self.constraints: list[Callable[[Graph, Values], Outcome]] = []
        done: set[str] = set()
        has_sparql = SH.sparql in predicates
        params = [p for p in predicates if p in planner.parameters]
        if has_sparql and not own and any(p != SH.sparql for p in params):
            raise Unsupported("a shape with SPARQL messages and other constraints")
        for p in predicates:
            if p in planner.parameters:
                if p not in SUPPORTED:
                    raise Unsupported(f"constraint parameter {p}")
                kind = planner.component_of[p]
                if kind in done:
                    continue
                done.add(kind)
                self.constraints.append(planner.constraint(self, kind))
            elif str(p).startswith(str(SH)) and p not in SHAPE_PREDICATES:
                raise Unsupported(f"shape predicate {p}")
            elif p == SH.targetClass and planner.nested_in.get(self.node):
                raise Unsupported("a nested shape with a target")

    def result(self, focus: Any, value: Any, component: URIRef,
               messages: Iterable[str] | None = None) -> RawResult:
        if messages is None:
            messages = [str(m) for m in self.own_messages]
        return RawResult(self.node, focus, value, component, self.severity, self.result_path,
                         self.result_step,
                         tuple(sorted(set(messages))) if self.declared else ())

    def value_nodes(self, g: Graph, focus: list[Any]) -> Values:
        if self.values is None:
            return [(f, (f,)) for f in focus]
        return [(f, self.values(g, f)) for f in focus]

    def validate(self, g: Graph, focus: list[Any]) -> Outcome:
        """Shape.validate for the given focus nodes: (conforms, results)."""
        if self.deactivated or not focus:
            return True, []
        fvn = self.value_nodes(g, focus)
        reports: list[Report] = []
        non_conformant = False
        for constraint in self.constraints:
            is_conform, found = constraint(g, fvn)
            if is_conform or self.allow_conform:
                pass
            else:  # filter_reports: only results of a disallowed severity break conformance
                all_allow = all(r.severity in ALLOWED for r in found)
                non_conformant = non_conformant or not all_allow
            reports.extend(found)
        return not non_conformant, reports


class Planner:
    """Builds the ShapePlans of one pyshacl ShapesGraph (shared between shapes)."""

    def __init__(self, engine: Any) -> None:
        from pyshacl.constraints import ALL_CONSTRAINT_PARAMETERS, CONSTRAINT_PARAMETERS_MAP

        self.engine = engine
        self.sg: Graph = engine.graph
        self.parameters = set(ALL_CONSTRAINT_PARAMETERS)
        self.component_of = {p: c.__name__ for p, c in CONSTRAINT_PARAMETERS_MAP.items()}
        self.plans: dict[Any, ShapePlan | None] = {}
        self.building: set[Any] = set()
        self.nested_in: dict[Any, bool] = {}
        for prop in (SH.property, SH["not"], SH.qualifiedValueShape, SH.node):
            for _s, o in self.sg.subject_objects(prop):
                self.nested_in[o] = True
        for prop in (SH["and"], SH["or"], SH.xone):
            for _s, head in self.sg.subject_objects(prop):
                for o in self.sg.items(head):
                    self.nested_in[o] = True
        if getattr(engine, "custom_constraints", None):
            raise Unsupported("custom constraint components")

    def plan(self, node: Any) -> ShapePlan:
        if node in self.plans:
            found = self.plans[node]
            if found is None:
                raise Unsupported(f"shape {node}")
            return found
        if node in self.building:
            raise Unsupported("recursive shapes")
        if self.engine.is_filtered_out_shape(node):
            raise Unsupported("a filtered-out shape")
        try:
            shape = self.engine.lookup_shape_from_node(node)
        except KeyError as exc:
            raise Unsupported(f"no shape {node}") from exc
        self.building.add(node)
        try:
            made = ShapePlan(self, shape)
        except Unsupported:
            self.plans[node] = None
            raise
        finally:
            self.building.discard(node)
        self.plans[node] = made
        return made

    # ------------------------------------------------------------------ constraints

    def constraint(self, shape: ShapePlan, kind: str) -> Callable[[Graph, Values], Outcome]:
        maker = getattr(self, "_" + kind, None)
        if maker is None:
            raise Unsupported(kind)
        return maker(shape)  # type: ignore[no-any-return]

    def _objects(self, shape: ShapePlan, prop: URIRef) -> list[Any]:
        return list(self.sg.objects(shape.node, prop))

    def _ClassConstraintComponent(self, shape: ShapePlan) -> Callable[[Graph, Values], Outcome]:
        classes = self._objects(shape, SH["class"])
        component = SH.ClassConstraintComponent

        def evaluate(g: Graph, fvn: Values) -> Outcome:
            reports = []
            # no rdfs:subClassOf in the data: each type's closure is the type itself
            flat = (None, RDFS.subClassOf, None) not in g
            for cls in classes:
                for f, values in fvn:
                    for v in values:
                        found = False
                        if flat:
                            found = not isinstance(v, Literal) and (v, RDF.type, cls) in g
                        elif not isinstance(v, Literal):
                            for ctype in g.objects(v, RDF.type):
                                if ctype == cls:
                                    found = True
                                    break
                                if cls in g.transitive_objects(ctype, RDFS.subClassOf):
                                    found = True
                                    break
                        if not found:
                            reports.append(shape.result(f, v, component))
            return not reports, reports
        return evaluate

    def _count(self, shape: ShapePlan, prop: URIRef, component: URIRef,
               too_few: bool) -> Callable[[Graph, Values], Outcome]:
        limits = self._objects(shape, prop)
        if len(limits) != 1 or not isinstance(limits[0], Literal) or \
                limits[0].datatype != XSD.integer or not shape.is_property:
            raise Unsupported(f"{prop} {limits}")
        limit = int(limits[0].value)
        if limit < 0:
            raise Unsupported(f"{prop} {limit}")

        def evaluate(g: Graph, fvn: Values) -> Outcome:
            if too_few and limit == 0:
                return True, []
            reports = [shape.result(f, None, component) for f, values in fvn
                       if (len(values) < limit if too_few else len(values) > limit)]
            return not reports, reports
        return evaluate

    def _MinCountConstraintComponent(self, shape: ShapePlan) -> Callable[[Graph, Values], Outcome]:
        return self._count(shape, SH.minCount, SH.MinCountConstraintComponent, True)

    def _MaxCountConstraintComponent(self, shape: ShapePlan) -> Callable[[Graph, Values], Outcome]:
        return self._count(shape, SH.maxCount, SH.MaxCountConstraintComponent, False)

    def _range(self, shape: ShapePlan, prop: URIRef, component: URIRef,
               passes: Callable[[int], bool]) -> Callable[[Graph, Values], Outcome]:
        from pyshacl.rdfutil.compare import compare_literal

        bounds = self._objects(shape, prop)
        if not bounds or not all(isinstance(b, Literal) for b in bounds):
            raise Unsupported(f"{prop} {bounds}")

        def evaluate(g: Graph, fvn: Values) -> Outcome:
            reports = []
            for bound in bounds:
                bound_is_string = isinstance(bound.value, str)
                for f, values in fvn:
                    for v in values:
                        flag = False
                        if isinstance(v, Literal):
                            v_is_string = isinstance(v.value, str)
                            if bound_is_string == v_is_string:
                                try:
                                    flag = passes(compare_literal(v, bound))
                                except (TypeError, NotImplementedError):
                                    flag = False
                        elif not isinstance(v, (BNode, URIRef)):
                            raise Unsupported(f"a value node {v!r}")
                        if not flag:
                            reports.append(shape.result(f, v, component))
            return not reports, reports
        return evaluate

    def _MinInclusiveConstraintComponent(self, shape: ShapePlan) -> Any:
        return self._range(shape, SH.minInclusive, SH.MinInclusiveConstraintComponent,
                           lambda c: c >= 0)

    def _MaxInclusiveConstraintComponent(self, shape: ShapePlan) -> Any:
        return self._range(shape, SH.maxInclusive, SH.MaxInclusiveConstraintComponent,
                           lambda c: c <= 0)

    def _MinExclusiveConstraintComponent(self, shape: ShapePlan) -> Any:
        return self._range(shape, SH.minExclusive, SH.MinExclusiveConstraintComponent,
                           lambda c: c > 0)

    def _MaxExclusiveConstraintComponent(self, shape: ShapePlan) -> Any:
        return self._range(shape, SH.maxExclusive, SH.MaxExclusiveConstraintComponent,
                           lambda c: c < 0)

    def _InConstraintComponent(self, shape: ShapePlan) -> Callable[[Graph, Values], Outcome]:
        lists = self._objects(shape, SH["in"])
        if len(lists) != 1:
            raise Unsupported("sh:in")
        members = set(self.sg.items(lists[0]))
        component = SH.InConstraintComponent

        def evaluate(g: Graph, fvn: Values) -> Outcome:
            reports = [shape.result(f, v, component) for f, values in fvn for v in values
                       if v not in members]
            return not reports, reports
        return evaluate

    def _HasValueConstraintComponent(self, shape: ShapePlan) -> Callable[[Graph, Values], Outcome]:
        wanted = set(self._objects(shape, SH.hasValue))
        component = SH.HasValueConstraintComponent

        def evaluate(g: Graph, fvn: Values) -> Outcome:
            reports = []
            for hv in wanted:
                for f, values in fvn:
                    if not any(v == hv for v in values):
                        reports.append(shape.result(f, None, component))
            return not reports, reports
        return evaluate

    def _NotConstraintComponent(self, shape: ShapePlan) -> Callable[[Graph, Values], Outcome]:
        inner = [self.plan(n) for n in self._objects(shape, SH["not"])]
        component = SH.NotConstraintComponent

        def evaluate(g: Graph, fvn: Values) -> Outcome:
            reports = []
            for other in inner:
                for f, values in fvn:
                    for v in values:
                        conforms, _r = other.validate(g, [v])
                        if conforms:
                            reports.append(shape.result(f, v, component))
            return not reports, reports
        return evaluate

    def _logical(self, shape: ShapePlan, prop: URIRef, component: URIRef,
                 need_all: bool) -> Callable[[Graph, Values], Outcome]:
        groups = [[self.plan(n) for n in set(self.sg.items(head))]
                  for head in self._objects(shape, prop)]
        if any(not group for group in groups):
            raise Unsupported(f"an empty {prop} list")

        def evaluate(g: Graph, fvn: Values) -> Outcome:
            reports = []
            for group in groups:
                for f, values in fvn:
                    for v in values:
                        outcomes = [other.validate(g, [v])[0] for other in group]
                        passed = all(outcomes) if need_all else any(outcomes)
                        if not passed:
                            reports.append(shape.result(f, v, component))
            return not reports, reports
        return evaluate

    def _AndConstraintComponent(self, shape: ShapePlan) -> Any:
        return self._logical(shape, SH["and"], SH.AndConstraintComponent, True)

    def _OrConstraintComponent(self, shape: ShapePlan) -> Any:
        return self._logical(shape, SH["or"], SH.OrConstraintComponent, False)

    def _PropertyConstraintComponent(self, shape: ShapePlan) -> Any:
        nested = [self.plan(n) for n in self._objects(shape, SH.property)]
        if not all(p.is_property for p in nested):
            raise Unsupported("sh:property to a node shape")

        def evaluate(g: Graph, fvn: Values) -> Outcome:
            if not any(values for _f, values in fvn):
                return True, []
            reports: list[Report] = []
            non_conformant = False
            for prop_shape in nested:
                for _f, values in fvn:
                    for v in values:
                        conforms, found = prop_shape.validate(g, [v])
                        non_conformant = non_conformant or not conforms
                        reports.extend(found)
            return not non_conformant, reports
        return evaluate

    def _QualifiedValueShapeConstraintComponent(self, shape: ShapePlan) -> Any:
        def one_int(prop: URIRef) -> int | None:
            found = set(self.sg.objects(shape.node, prop))
            if not found:
                return None
            value = next(iter(found))
            if len(found) > 1 or not isinstance(value, Literal) or not isinstance(value.value, int):
                raise Unsupported(f"{prop} {found}")
            return value.value

        min_count, max_count = one_int(SH.qualifiedMinCount), one_int(SH.qualifiedMaxCount)
        if min_count is None and max_count is None:
            raise Unsupported("sh:qualifiedValueShape without counts")
        if any(isinstance(d, Literal) and d.value is True
               for d in self.sg.objects(shape.node, SH.qualifiedValueShapesDisjoint)):
            raise Unsupported("sh:qualifiedValueShapesDisjoint")
        value_shapes = [self.plan(n) for n in self._objects(shape, SH.qualifiedValueShape)]

        def evaluate(g: Graph, fvn: Values) -> Outcome:
            count = sum(len(values) for _f, values in fvn)
            if count < 1 and (min_count is None or min_count < 1):
                return True, []
            reports = []
            for other in value_shapes:
                for f, values in fvn:
                    number = sum(1 for v in values if other.validate(g, [v])[0])
                    if max_count is not None and number > max_count:
                        reports.append(shape.result(
                            f, None, SH.QualifiedMaxCountConstraintComponent))
                    if min_count is not None and number < min_count:
                        reports.append(shape.result(
                            f, None, SH.QualifiedMinCountConstraintComponent))
            return not reports, reports
        return evaluate

    def _SPARQLBasedConstraint(self, shape: ShapePlan) -> Any:
        constraints = [limit_query(self.sg, shape, node)
                       for node in self._objects(shape, SH.sparql)]

        def evaluate(g: Graph, fvn: Values) -> Outcome:
            reports = []
            for query in constraints:
                for f, _values in fvn:
                    for value, limit in query.violations(g, f):
                        reports.append(query.result(shape, f, value, limit))
            return not reports, reports
        return evaluate


# --------------------------------------------------------------------------- computed limits

#: the SELECT of law.compile.add_computed_constraint, value form and count form
_VALUE_FORM = re.compile(
    r"^SELECT \$this \?value \?limit WHERE \{ \$this "
    r"(?P<path>(?:\(<[^<>\s]+>\)\+/)*<[^<>\s]+>(?:/<[^<>\s]+>)*) "
    r"\?value \. "
    r"\$this <(?P<clv>[^<>]+)> \?cl \. \?cl <(?P<rule_p>[^<>]+)> <(?P<rule>[^<>]+)> ; "
    r"<(?P<num>[^<>]+)> \?limit \. FILTER \(\?value (?P<op>[<>]=?) \?limit\) \}$")
_STEP = re.compile(r"\(<([^<>\s]+)>\)\+|<([^<>\s]+)>")
_COUNT_FORM = re.compile(
    r"^SELECT \$this \?value \?limit WHERE \{ \$this <(?P<clv>[^<>]+)> \?cl \. "
    r"\?cl <(?P<rule_p>[^<>]+)> <(?P<rule>[^<>]+)> ; <(?P<num>[^<>]+)> \?limit \. "
    r" \{ SELECT \$this \(COUNT\(\?v\) AS \?value\) WHERE \{ \$this (?P<path><[^<>\s]+>) \?v \} "
    r"GROUP BY \$this \} FILTER \(\?value (?P<op>[<>]=?) \?limit\) \}$")
_OPS: dict[str, Callable[[Any, Any], bool]] = {
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
}
#: literals compared exactly as numbers (Python's int/Decimal order is SPARQL's numeric order)
_EXACT = frozenset({
    XSD.integer, XSD.decimal, XSD.int, XSD.long, XSD.short, XSD.byte,
    XSD.nonNegativeInteger, XSD.nonPositiveInteger, XSD.positiveInteger,
    XSD.negativeInteger, XSD.unsignedLong, XSD.unsignedInt, XSD.unsignedShort,
    XSD.unsignedByte,
})


def _number(term: Any) -> int | Decimal | None:
    """A numeric literal's exact value; None for anything SPARQL would not compare (an IRI,
    a blank node, a string); Unsupported for what this engine does not compare itself
    (doubles, floats, ill-typed or language-tagged literals)."""
    if not isinstance(term, Literal):
        if isinstance(term, (URIRef, BNode)):
            return None
        raise Unsupported(f"a value {term!r}")
    if term.datatype in _EXACT and not term.ill_typed:
        value = term.value
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            raise Unsupported(f"a numeric literal {term!r}")
        return value
    raise Unsupported(f"a literal {term!r}")


class LimitQuery:
    """One computed-limit SPARQL constraint (``law.compile.add_computed_constraint``)."""

    def __init__(self, sg: Graph, shape: ShapePlan, node: Any, match: re.Match[str],
                 count: bool) -> None:
        self.node = node
        self.count = count
        # each step a property, or ``(<p>)+`` (one or more: a structure's parts at any depth)
        self.steps = [(URIRef(plus or one), bool(plus))
                      for plus, one in _STEP.findall(match["path"])]
        if count and len(self.steps) != 1:
            raise Unsupported("COUNT over a sequence path")
        self.limit_link = URIRef(match["clv"])
        self.rule_link = URIRef(match["rule_p"])
        self.rule = URIRef(match["rule"])
        self.number = URIRef(match["num"])
        self.op = _OPS[match["op"]]
        self.messages = [m for m in sg.objects(node, SH.message) if isinstance(m, Literal)]
        if len(self.messages) != len(list(sg.objects(node, SH.message))):
            raise Unsupported("a SPARQL constraint message that is not a literal")
        own = [shape.path] if isinstance(shape.path, URIRef) else list(sg.items(shape.path))
        own_steps = [(sg.value(p, SH.oneOrMorePath), True)
                     if isinstance(p, BNode) and sg.value(p, SH.oneOrMorePath) is not None
                     else (p, False) for p in own]
        if own_steps != self.steps:  # the constraint reads the shape's own path
            raise Unsupported("a SPARQL constraint on another path")

    def violations(self, g: Graph, focus: Any) -> list[tuple[Any, Any]]:
        """(value, limit) rows, deduplicated as pyshacl does."""
        limits = []
        for cl in g.objects(focus, self.limit_link):
            if (cl, self.rule_link, self.rule) in g:
                limits.extend(g.objects(cl, self.number))
        if not limits:
            return []
        rows: list[tuple[Any, Any]] = []
        if self.count:
            values = list(g.objects(focus, self.steps[0][0]))
            if not values:
                raise Unsupported("COUNT over no values")  # SPARQL grouping: left to pyshacl
            counted = len(values)
            for limit in limits:
                bound = _number(limit)
                if bound is not None and self.op(counted, bound):
                    rows.append((Literal(counted), limit))
        else:
            for value in self.values(g, focus):
                number = _number(value)
                if number is None:
                    continue
                for limit in limits:
                    bound = _number(limit)
                    if bound is not None and self.op(number, bound):
                        rows.append((value, limit))
        out: list[tuple[Any, Any]] = []
        for row in rows:
            if row not in out:
                out.append(row)
        return out

    def values(self, g: Graph, focus: Any) -> list[Any]:
        """The SPARQL sequence path's values (a bag: duplicates are dropped with the rows)."""
        nodes = [focus]
        for step, repeated in self.steps:
            if not repeated:
                nodes = [o for n in nodes for o in g.objects(n, step)]
                continue
            reached: list[Any] = []
            frontier = nodes
            while frontier:
                frontier = [o for n in frontier for o in g.objects(n, step) if o not in reached]
                reached.extend(dict.fromkeys(frontier))
            nodes = reached
        return nodes

    def result(self, shape: ShapePlan, focus: Any, value: Any, limit: Any) -> RawResult:
        from pyshacl.constraints.constraint_component import ConstraintComponent

        bound = (focus, None, value, {"limit": limit})
        fmt = ConstraintComponent._format_sparql_based_result_message
        texts = [fmt(None, str(m.value), bound)  # type: ignore[arg-type]
                 for m in [*shape.own_messages, *self.messages]]
        return shape.result(focus, value, SH.SPARQLConstraintComponent, texts)


def limit_query(sg: Graph, shape: ShapePlan, node: Any) -> LimitQuery:
    selects = list(sg.objects(node, SH.select))
    extra = {p for p, _o in sg.predicate_objects(node)} - {RDF.type, SH.select, SH.message}
    if len(selects) != 1 or extra or shape.path is None:
        raise Unsupported("a SPARQL constraint not of the computed-limit form")
    if (node, RDF.type, SH.SPARQLConstraint) not in sg:
        raise Unsupported("a SPARQL constraint without its type")
    text = str(selects[0])
    for pattern, count in ((_VALUE_FORM, False), (_COUNT_FORM, True)):
        match = pattern.match(text)
        if match:
            if (match["clv"], match["rule_p"], match["num"]) != (
                    str(DL.computedLimitValue), str(DL.rule), str(QUDT.numericValue)):
                raise Unsupported("a SPARQL constraint reading other properties")
            return LimitQuery(sg, shape, node, match, count)
    raise Unsupported("a SPARQL constraint not of the computed-limit form")


# --------------------------------------------------------------------------- top level


@dataclass
class TopPlan:
    """A top-level shape's plan: its focus marker and the plan (None: pyshacl runs it)."""

    marker: URIRef | None
    plan: ShapePlan | None
    reason: str = ""


def plan_top(planner: Planner, shape: Any, marker: URIRef | None) -> TopPlan:
    if marker is None:
        return TopPlan(None, None, "a target other than one focus marker")
    try:
        return TopPlan(marker, planner.plan(shape.node))
    except Unsupported as exc:
        return TopPlan(marker, None, str(exc))


def run_top(top: TopPlan, g: Graph) -> list[RawResult]:
    """One top-level shape on one derived application (raises Unsupported: use pyshacl)."""
    assert top.plan is not None and top.marker is not None
    if (None, RDFS.subClassOf, top.marker) in g:
        raise Unsupported("a subclass of the focus marker")
    focus = list(g.subjects(RDF.type, top.marker))
    _conforms, reports = top.plan.validate(g, focus)
    return reports
