"""Three-valued reading of a shape on one focus node: holds, fails, or cannot be told.

Why: SHACL is two-valued. A value constraint on a property the application never states passes
vacuously (``sh:maxInclusive`` on an absent length), and ``sh:hasValue``/``sh:minCount`` on an
absent fact fails. Both are wrong for a permit review: a rule whose facts are not stated is
"information needed" (DESIGN.md "Unstated facts"), never silence and never a Violation. This
module re-reads a compiled shape against the derived application and says which stated facts
decide it; ``None`` means "undecided", with the missing paths named.

Absence is judged at the levels a rule reads directly: the shape's own path, its
``sh:property`` children and the alternatives of ``sh:or``/``sh:and``. Inside ``sh:not``,
``sh:node`` and ``sh:qualifiedValueShape`` plain SHACL semantics apply (there an absent
part-of link or flag is how the shape says "is not").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal

from rdflib import Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.paths import AlternativePath, InvPath, MulPath, Path, SequencePath
from rdflib.term import Node

from docklaw.kg.flatstore import FlatGraph, remembered
from docklaw.law.units import curie, to_decimal
from docklaw.namespaces import DL, QUDT, RDF, SH, TRUE

#: Parameters that read the values themselves (nothing to read when absent).
VALUE_PARAMS = {SH["in"], SH.hasValue, SH.minInclusive, SH.maxInclusive, SH.minExclusive,
                SH.maxExclusive, SH["class"], SH.datatype, SH.minCount, SH.qualifiedMinCount,
                SH.sparql, SH["not"], SH.node, SH.pattern, SH.minLength, SH.maxLength,
                SH.equals, SH.lessThan, SH.nodeKind}
COMPARE = {SH.minInclusive: lambda v, lim: v >= lim, SH.maxInclusive: lambda v, lim: v <= lim,
           SH.minExclusive: lambda v, lim: v > lim, SH.maxExclusive: lambda v, lim: v < lim}
#: Parameter of a computed limit -> how a value meets it.
COMPUTED_OK = {SH.maxInclusive: lambda v, lim: v <= lim, SH.maxExclusive: lambda v, lim: v < lim,
               SH.minInclusive: lambda v, lim: v >= lim, SH.minExclusive: lambda v, lim: v > lim,
               SH.maxCount: lambda v, lim: v <= lim, SH.minCount: lambda v, lim: v >= lim}


class Unsupported(Exception):
    """A constraint this reader does not evaluate (the SHACL engine's verdict stands)."""


@dataclass
class Verdict:
    """True holds, False fails, None undecided (``missing`` names the unstated paths)."""

    value: bool | None
    missing: list[str] = field(default_factory=list)


def shacl_path(shapes: Graph, path: Node) -> URIRef | Path:
    """A SHACL path node as an rdflib path (for ``Graph.objects``); remembered per compiled
    shapes graph (it is read for every rule and node of every application)."""
    if isinstance(path, URIRef):
        return path
    return remembered(shapes, ("shacl_path", path), lambda: _shacl_path(shapes, path))


def _shacl_path(shapes: Graph, path: Node) -> URIRef | Path:
    if shapes.value(path, RDF.first) is not None:
        steps = [shacl_path(shapes, p) for p in Collection(shapes, path)]
        return steps[0] if len(steps) == 1 else SequencePath(*steps)
    inverse = shapes.value(path, SH.inversePath)
    if inverse is not None:
        return InvPath(shacl_path(shapes, inverse))
    for prop, mod in ((SH.zeroOrMorePath, "*"), (SH.oneOrMorePath, "+"), (SH.zeroOrOnePath, "?")):
        inner = shapes.value(path, prop)
        if inner is not None:
            return MulPath(shacl_path(shapes, inner), mod)
    alt = shapes.value(path, SH.alternativePath)
    if alt is not None:
        return AlternativePath(*[shacl_path(shapes, p) for p in Collection(shapes, alt)])
    raise Unsupported(f"path {path}")


def parameters(shapes: Graph, shape: Node) -> frozenset[Node]:
    """The predicates a shape node uses (remembered per compiled shapes graph)."""
    return remembered(shapes, ("parameters", shape),
                      lambda: frozenset(p for p, _o in shapes.predicate_objects(shape)))


def path_label(shapes: Graph, path: Node) -> str:
    """The property a person must state: the last named step of the path that is not a unit
    or number ('dl:landUse' for (^hasPart* ^proposes dl:parcel dl:landUse)); remembered per
    compiled shapes graph."""
    return remembered(shapes, ("path_label", path), lambda: _path_label(shapes, path))


def _path_label(shapes: Graph, path: Node) -> str:
    names: list[str] = []

    def walk(node: Node) -> None:
        if isinstance(node, URIRef):
            if node not in (QUDT.numericValue, QUDT.unit):
                names.append(curie(node))
        elif shapes.value(node, RDF.first) is not None:
            for step in Collection(shapes, node):
                walk(step)
        elif (alt := shapes.value(node, SH.alternativePath)) is not None:
            for option in Collection(shapes, alt):  # the first one that names a fact
                before = len(names)
                walk(option)
                if len(names) > before:
                    break
    walk(path)
    return names[-1] if names else "a value"


def structural(shapes: Graph, path: Node) -> bool:
    """See _structural (remembered per compiled shapes graph)."""
    return remembered(shapes, ("structural", path), lambda: _structural(shapes, path))


def _structural(shapes: Graph, path: Node) -> bool:
    """A path made only of inverse links (^dl:hasPart: "is part of something"), or only of the
    links that list a structure's parts (dl:hasPart: "its parts"): that nothing is linked is
    itself the fact (the parts listed are all there are, docs/DESIGN.md), so absence is judged
    as SHACL judges it."""
    compiled = shacl_path(shapes, path)

    def links_only(p: object) -> bool:
        if isinstance(p, InvPath) or p in LISTING:
            return True
        if isinstance(p, MulPath):
            return links_only(p.path)
        if isinstance(p, SequencePath):
            return all(links_only(x) for x in p.args)
        return False
    return links_only(compiled)


#: The link that lists what a structure has (its parts).
LISTING = frozenset({DL.hasPart})


def parts_read(shapes: Graph, shape: Node | None) -> frozenset[URIRef]:
    """The kinds of part a shape reading the node's parts reads (``dl:partsRead``); empty: every
    part. Why: a text about some of a structure's parts ("No floats or catwalk extensions",
    North Haven § 56-4F) says nothing of its piles, stairs or lights, which are never asked the
    fact (blind review 74, B1: a catwalk listing its piles was asked their orientation)."""
    if shape is None:
        return frozenset()
    return remembered(shapes, ("parts_read", shape), lambda: frozenset(
        c for c in shapes.objects(shape, DL.partsRead) if isinstance(c, URIRef)))


def _of_kinds(data: Graph, part: Node, kinds: frozenset[URIRef]) -> bool:
    """``part`` is of one of ``kinds`` (every part, where none are named); the data's types
    are materialised with their superclasses."""
    return not kinds or any((part, RDF.type, k) in data for k in kinds)


def parts_without(shapes: Graph, data: Graph, path: Node, focus: Node,
                  kinds: frozenset[URIRef] = frozenset()) -> list[Node]:
    """For a path that reads the node's parts (``( [ sh:oneOrMorePath dl:hasPart ] P )``): the
    parts (of ``kinds``, the shape's ``dl:partsRead``, where it names any) that state nothing
    on the rest of the path (the fact is theirs to state); [] for any other path."""
    compiled = shacl_path(shapes, path)
    if not isinstance(compiled, SequencePath) or len(compiled.args) < 2:
        return []
    first = compiled.args[0]
    if not (isinstance(first, MulPath) and first.path == DL.hasPart and first.mod == "+"):
        return []
    rest = compiled.args[1] if len(compiled.args) == 2 else SequencePath(*compiled.args[1:])
    return sorted((part for part in set(data.objects(focus, first))
                   if _of_kinds(data, part, kinds)
                   and next(iter(data.objects(part, rest)), None) is None), key=str)


def reads_parts(shapes: Graph, path: Node | None) -> bool:
    """The path reads the node's parts (``( [ sh:oneOrMorePath dl:hasPart ] P )``)."""
    if path is None:
        return False
    compiled = shacl_path(shapes, path)
    first = compiled.args[0] if isinstance(compiled, SequencePath) else None
    return isinstance(first, MulPath) and first.path == DL.hasPart and first.mod == "+"


def through_parts(shapes: Graph, data: Graph, path: Node, focus: Node,
                  kinds: frozenset[URIRef] = frozenset()) -> bool:
    """A path that reads the node's parts on a node that lists none (none of ``kinds``, the
    shape's ``dl:partsRead``, where it names any): there is nothing to compare (the parts
    listed are all there are)."""
    if not reads_parts(shapes, path):
        return False
    if not kinds:
        return (focus, DL.hasPart, None) not in data
    first = shacl_path(shapes, path).args[0]  # type: ignore[attr-defined]
    return not any(_of_kinds(data, part, kinds) for part in data.objects(focus, first))


def not_claimed(shapes: Graph, shape: Node) -> bool:
    """The shape's path is an applicant's claim (dl:absentMeansNotClaimed): unstated, the
    provision is not claimed and the rule does not apply."""
    return remembered(shapes, ("not_claimed", shape),
                      lambda: shapes.value(shape, DL.absentMeansNotClaimed) == TRUE)


def nothing_if_absent(shapes: Graph, shape: Node) -> bool:
    """A path where no value means nothing to compare (dl:absentIsNothing: the extents of the
    structures attached to a dock; one that states none is measured with the dock)."""
    return remembered(shapes, ("nothing_if_absent", shape),
                      lambda: shapes.value(shape, DL.absentIsNothing) == TRUE)


def alone(shapes: Graph, data: Graph, shape: Node) -> bool:
    """The shape compares a structure with another of its kind on the parcel
    (dl:onlyWithSeveral <total>) and the parcel's total is one: there is nothing to compare."""
    total = shapes.value(shape, DL.onlyWithSeveral)
    if total is None:
        return False
    for app in data.subjects(RDF.type, DL.PermitApplication):
        for parcel in data.objects(app, DL.parcel):
            for value in data.objects(parcel, total):
                number = to_decimal(value) if isinstance(value, Literal) else None
                if number is not None and number <= 1:
                    return True
    return False


def values_at(data: Graph, shapes: Graph, path: Node, focus: Node) -> list[Node]:
    return list(dict.fromkeys(path_objects(data, focus, shacl_path(shapes, path))))


def path_objects(data: Graph, focus: Node, path: URIRef | Path) -> list[Node]:
    """``list(data.objects(focus, path))``, in the same order (duplicates kept); a sequence of
    plain properties on a flat graph read step by step from its index.

    Why: rdflib evaluates a sequence path through nested generators per step; the rules read
    ``( dl:width qudt:numericValue )`` and the like for every rule and node of every
    application. Level by level gives rdflib's depth-first order: each level lists the next
    values of each node of the level before, in that order."""
    if isinstance(data, FlatGraph) and isinstance(path, SequencePath) and all(
            type(step) is URIRef for step in path.args):
        spo = data._flat._spo
        level = [focus]
        for step in path.args:
            following: list[Node] = []
            for node in level:
                by_p = spo.get(node)
                found = by_p.get(step) if by_p is not None else None
                if found:
                    following.extend(found)
            if not following:
                return following
            level = following
        return level
    return list(data.objects(focus, path))


def and3(verdicts: Iterable[Verdict]) -> Verdict:
    out = Verdict(True)
    for v in verdicts:
        if v.value is False:
            return Verdict(False)
        if v.value is None:
            out = Verdict(None, out.missing + v.missing)
    return out


def or3(verdicts: Iterable[Verdict]) -> Verdict:
    """Alternatives: undecided while one that could hold is unstated; what is missing is one
    fact to state, any of them ("dl:a or dl:b")."""
    options: list[str] = []
    undecided = False
    for v in verdicts:
        if v.value is True:
            return Verdict(True)
        if v.value is None:
            undecided = True
            option = " and ".join(sorted(set(v.missing)))
            if option and option not in options:
                options.append(option)
    if not undecided:
        return Verdict(False)
    return Verdict(None, [" or ".join(sorted(options))] if options else [])


class Reader:
    """Reads compiled shapes (``shapes``) against one derived application (``data``)."""

    def __init__(self, shapes: Graph, data: Graph,
                 interval: Callable[[Node, Node], tuple[Decimal, Decimal | None] | None]
                 | None = None) -> None:
        self.shapes = shapes
        self.data = data
        self.interval = interval  # (rule, focus) -> what a computed limit can be, if known

    # ------------------------------------------------------------- three-valued (rule level)
    def verdict(self, shape: Node, focus: Node) -> Verdict:
        """Whether ``shape`` holds on ``focus``, judging absence as undecided."""
        g = self.shapes
        parts: list[Verdict] = []
        path = g.value(shape, SH.path)
        if path is not None:
            parts.append(self.property_verdict(shape, path, focus))
        else:
            parts += [self.verdict(child, focus) for child in g.objects(shape, SH.property)
                      if g.value(child, DL.informationNeeded) != TRUE]
            parts += [self.two_valued_node(shape, focus)]
        for head in g.objects(shape, SH["or"]):
            parts.append(or3(self.verdict(s, focus) for s in Collection(g, head)))
        for head in g.objects(shape, SH["and"]):
            parts.append(and3(self.verdict(s, focus) for s in Collection(g, head)))
        return and3(parts)

    def property_verdict(self, shape: Node, path: Node, focus: Node) -> Verdict:
        g = self.shapes
        params = parameters(g, shape)
        values = values_at(self.data, g, path, focus)
        if not values and (structural(g, path) or not_claimed(g, shape)
                           or alone(g, self.data, shape) or nothing_if_absent(g, shape)
                           or through_parts(g, self.data, path, focus, parts_read(g, shape))):
            return Verdict(self.check_values(shape, values, focus))
        if not values:
            if params & VALUE_PARAMS or g.value(shape, DL.computedLimit) is not None:
                return Verdict(None, [path_label(g, path)])
            return Verdict(True)  # only a maximum number of values: none stated meets it
        held = self.check_values(shape, values, focus)
        if held and (kinds := parts_read(g, shape)) and parts_without(
                g, self.data, path, focus, kinds):
            # a part the text speaks of states nothing: what the others state does not
            # decide it (a second float of unstated orientation may be the parallel one)
            return Verdict(None, [path_label(g, path)])
        return Verdict(held)

    # ------------------------------------------------------------- two-valued (plain SHACL)
    def two_valued_node(self, shape: Node, focus: Node, with_class: bool = True) -> Verdict:
        """The node-level constraints of a shape without a path (class, not, node, in ...);
        ``with_class`` False leaves its ``sh:class`` out (``holds_but_class``)."""
        g = self.shapes
        ok = True
        for cls in g.objects(shape, SH["class"]) if with_class else ():
            ok = ok and (focus, RDF.type, cls) in self.data
        for inner in g.objects(shape, SH["not"]):
            ok = ok and not self.holds(inner, focus)
        for inner in g.objects(shape, SH.node):
            ok = ok and self.holds(inner, focus)
        for head in g.objects(shape, SH["in"]):
            ok = ok and focus in list(Collection(g, head))
        for value in g.objects(shape, SH.hasValue):
            ok = ok and focus == value
        if (shape, SH.sparql, None) in g and g.value(shape, DL.computedLimit) is None:
            raise Unsupported("SPARQL constraint")
        return Verdict(ok)

    def holds_but_class(self, shape: Node, focus: Node) -> bool:
        """``holds`` of a shape without a path, its ``sh:class`` left out: would ``focus``
        conform if it were of the class (``count_undecided``)."""
        return self.two_valued_node(shape, focus, with_class=False).value is True \
            and self.nested_hold(shape, focus)

    def holds(self, shape: Node, focus: Node) -> bool:
        """Plain SHACL: does ``focus`` conform to ``shape`` (absence as SHACL judges it)."""
        g = self.shapes
        ok = self.two_valued_node(shape, focus).value is True if g.value(shape, SH.path) is None \
            else self.check_values(shape, values_at(self.data, g, g.value(shape, SH.path), focus),
                                   focus)
        return bool(ok) and self.nested_hold(shape, focus)

    def nested_hold(self, shape: Node, focus: Node) -> bool:
        """The shape's sh:property, sh:or and sh:and shapes hold on ``focus`` (plain SHACL)."""
        g = self.shapes
        ok = True
        for child in g.objects(shape, SH.property):
            ok = ok and self.holds(child, focus)
        for head in g.objects(shape, SH["or"]):
            ok = ok and any(self.holds(s, focus) for s in Collection(g, head))
        for head in g.objects(shape, SH["and"]):
            ok = ok and all(self.holds(s, focus) for s in Collection(g, head))
        return bool(ok)

    def check_values(self, shape: Node, values: list[Node], focus: Node) -> bool:
        """Plain SHACL value constraints of a property shape over ``values``."""
        g = self.shapes
        params = parameters(g, shape)  # a parameter the shape does not use reads nothing
        ok = True
        for param, test in COMPARE.items():
            if param not in params:
                continue
            for limit in g.objects(shape, param):
                lim = to_decimal(limit)
                for v in values:
                    number = to_decimal(v) if isinstance(v, Literal) else None
                    ok = ok and number is not None and lim is not None and test(number, lim)
        count = len(values)
        if SH.minCount in params:
            for limit in g.objects(shape, SH.minCount):
                ok = ok and count >= int(limit)
        if SH.maxCount in params:
            for limit in g.objects(shape, SH.maxCount):
                ok = ok and count <= int(limit)
        if SH["in"] in params:
            for head in g.objects(shape, SH["in"]):
                allowed = list(Collection(g, head))
                ok = ok and all(_member(v, allowed) for v in values)
        if SH.hasValue in params:
            for expected in g.objects(shape, SH.hasValue):
                ok = ok and _member(expected, values)
        if SH["class"] in params:
            for cls in g.objects(shape, SH["class"]):
                ok = ok and all((v, RDF.type, cls) in self.data for v in values)
        if SH["not"] in params:
            for inner in g.objects(shape, SH["not"]):
                ok = ok and not any(self.holds(inner, v) for v in values)
        if SH.node in params:
            for inner in g.objects(shape, SH.node):
                ok = ok and all(self.holds(inner, v) for v in values)
        qualified = g.value(shape, SH.qualifiedValueShape) \
            if SH.qualifiedValueShape in params else None
        if qualified is not None:
            matching = sum(1 for v in values if self.holds(qualified, v))
            for limit in g.objects(shape, SH.qualifiedMaxCount):
                ok = ok and matching <= int(limit)
            for limit in g.objects(shape, SH.qualifiedMinCount):
                ok = ok and matching >= int(limit)
        if DL.computedLimit in params and g.value(shape, DL.computedLimit) is not None:
            ok = ok and self.computed_ok(shape, values, focus)
        elif SH.sparql in params:
            raise Unsupported("SPARQL constraint")
        for param in (SH.datatype, SH.pattern, SH.equals, SH.lessThan, SH.nodeKind,
                      SH.minLength, SH.maxLength):
            if param in params:
                raise Unsupported(str(param))
        return bool(ok)

    def computed_ok(self, shape: Node, values: list[Node], focus: Node) -> bool:
        """A computed limit: the value against derive's dl:computedLimitValue for the rule
        (no limit written means the limit is not known: the caller reports it as needed)."""
        g = self.shapes
        parameter = g.value(shape, DL.limitParameter)
        test = COMPUTED_OK.get(parameter)
        rule = g.value(shape, DL.enforces)
        limits = []
        for node in self.data.objects(focus, DL.computedLimitValue):
            if rule is None or self.data.value(node, DL.rule) == rule:
                limits.append(to_decimal(self.data.value(node, QUDT.numericValue)))
        if test is not None and not limits and self.interval is not None and rule is not None:
            known = self.interval(rule, focus)  # no limit written: what can it be?
            if known is not None and parameter not in (SH.maxCount, SH.minCount):
                low, high = known
                maximum = parameter in (SH.maxInclusive, SH.maxExclusive)
                bound = low if maximum else high
                if bound is not None and all(
                        (m := to_decimal(v)) is not None and test(m, bound) for v in values):
                    return True
        if test is None or not limits:
            raise Unsupported("computed limit not evaluated")
        if parameter in (SH.maxCount, SH.minCount):
            measured = [Decimal(len(values))]
        else:
            measured = [to_decimal(v) for v in values]
        return all(m is not None and lim is not None and test(m, lim)
                   for m in measured for lim in limits)


def _member(value: Node, allowed: list[Node]) -> bool:
    for a in allowed:
        if isinstance(value, Literal) and isinstance(a, Literal):
            if value.toPython() == a.toPython():
                return True
        elif value == a:
            return True
    return False


def undecided_paths(shapes: Graph, data: Graph, shape: Node, focus: Node,
                    rule: URIRef | None = None) -> list[str] | None:
    """The unstated paths that leave ``shape`` undecided on ``focus``; None when decided (or
    when the shape uses a constraint this reader does not evaluate)."""
    try:
        if all(path_objects(data, focus, shacl_path(shapes, path))
               for path in read_paths(shapes, shape)) and not (
                (kinds := parts_read(shapes, shape)) and any(
                    parts_without(shapes, data, path, focus, kinds)
                    for path in read_paths(shapes, shape))):
            return None  # every fact it reads is stated: no part of its reading is undecided
    except Unsupported:
        pass
    reader = Reader(shapes, data)
    try:
        verdict = reader.verdict(shape, focus)
    except Unsupported:
        return None
    if verdict.value is None:
        return sorted(set(verdict.missing))
    return None


def count_undecided(shapes: Graph, data: Graph, shape: Node, focus: Node,
                    broader: frozenset[URIRef]) -> list[Node]:
    """The values a ``sh:qualifiedMaxCount`` count may be missing: each stated only with
    classes (of the ontology and the counted classes' code) among ``broader``, the classes
    broader than one counted, and meeting the rest of what is counted (a part of a dock is no
    second dock), when with them the count would exceed its maximum ([] otherwise). What is
    counted is the qualified shape, or one of its ``sh:or`` alternatives, naming a class.

    Why: SHACL counts what is stated to be of the class; a plain waterside structure beside a
    dock on a lot allowed one dock may be a second dock (review 48: North Haven § 56-3H and
    Kings Point Standards A counted one dock and conformed; review 50: a lift stated only as a
    vessel lift on a dock with a boat lift, Boat lifts A). The count is then undecided."""
    if not broader:
        return []
    return [v for v, _x in count_over(shapes, data, shape, focus,
                                      generic_member(shapes, data, broader))]


def generic_member(shapes: Graph, data: Graph, broader: frozenset[URIRef]
                   ) -> Callable[[Reader, Node, list[Node]], bool]:
    """``may_be`` of ``count_over`` for a structure stated only with classes among ``broader``
    (of the ontology and the counted classes' code) and meeting the rest of what is counted."""
    def may_be(reader: Reader, value: Node, kinds: list[Node]) -> bool:
        own = own_vocabularies(c for kind in kinds for c in shapes.objects(kind, SH["class"]))
        ours = {t for t in data.objects(value, RDF.type) if str(t).startswith(own)}
        return bool(ours) and ours <= broader and any(
            reader.holds_but_class(k, value) for k in kinds)
    return may_be


def count_over(shapes: Graph, data: Graph, shape: Node, focus: Node,
               may_be: Callable[[Reader, Node, list[Node]], object]) -> list[tuple[Node, object]]:
    """(value, what ``may_be`` said) for each value of a ``sh:qualifiedMaxCount`` shape that
    is not counted but ``may_be(reader, value, counted kinds)`` says may be, when with them
    the count would exceed its maximum ([] otherwise, or when the shape names no class)."""
    counted = count_parts(shapes, data, shape, focus, may_be)
    if counted is None:
        return []
    matching, limit, maybe = counted
    return maybe if maybe and matching + len(maybe) > limit else []


def count_parts(shapes: Graph, data: Graph, shape: Node, focus: Node,
                may_be: Callable[[Reader, Node, list[Node]], object]
                ) -> tuple[int, int, list[tuple[Node, object]]] | None:
    """(values counted, the maximum, (value, what ``may_be`` said) for each value not counted
    that ``may_be`` says may be) of a ``sh:qualifiedMaxCount`` shape on ``focus``; None where
    the shape is no such count or names no class."""
    qualified = shapes.value(shape, SH.qualifiedValueShape)
    limit = shapes.value(shape, SH.qualifiedMaxCount)
    path = shapes.value(shape, SH.path)
    if qualified is None or limit is None or path is None:
        return None
    kinds = counted_kinds(shapes, qualified)
    if not kinds:
        return None
    reader = Reader(shapes, data)
    matching = 0
    maybe: list[tuple[Node, object]] = []
    for value in values_at(data, shapes, path, focus):
        if reader.holds(qualified, value):
            matching += 1
        elif found := may_be(reader, value, kinds):
            maybe.append((value, found))
    return matching, int(limit), maybe


def counted_kinds(shapes: Graph, qualified: Node) -> list[Node]:
    """The shapes without a path naming the class of what a qualified count counts: the
    qualified shape itself, or each of its top-level ``sh:or`` alternatives that does."""
    candidates = [qualified]
    for head in shapes.objects(qualified, SH["or"]):
        candidates += list(Collection(shapes, head))
    return [k for k in candidates if shapes.value(k, SH.path) is None
            and shapes.value(k, SH["class"]) is not None]


def own_vocabularies(classes: Iterable[Node]) -> tuple[str, ...]:
    """The ontology's namespace and the concept schemes of ``classes``: a structure's classes
    read against a code's class (another code's concepts a shared class is under say nothing
    of this code's)."""
    return tuple(sorted({str(DL)} | {str(c).rsplit("/", 1)[0] + "/" for c in classes
                                     if "/concept/" in str(c)}))


def shapes_under(shapes: Graph, shape: Node, links: tuple[Node, ...],
                 lists: tuple[Node, ...]) -> Iterator[Node]:
    """``shape`` and every shape under it through ``links`` (one shape each) and ``lists``
    (an RDF list of shapes each), each once, cycles included."""
    seen: set[Node] = set()
    todo = [shape]
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        yield node
        for link in links:
            todo.extend(shapes.objects(node, link))
        for link in lists:
            for head in shapes.objects(node, link):
                todo.extend(shapes.items(head))


def read_paths(shapes: Graph, shape: Node) -> tuple[Node, ...]:
    """The sh:path of ``shape`` and of every shape under it through sh:property, sh:or and
    sh:and (remembered per compiled shapes graph): a superset of the property shapes
    ``Reader.verdict`` reads three-valued. Only one of those without a value can make the
    verdict undecided, so where each has one, ``undecided_paths`` need not read the shape."""
    return remembered(shapes, ("read_paths", shape), lambda: tuple(
        path for node in shapes_under(shapes, shape, (SH.property,), (SH["or"], SH["and"]))
        if (path := shapes.value(node, SH.path)) is not None))


#: Components whose failure may only mean "not stated" (a value required, none given).
ABSENCE_COMPONENTS = {SH.MinCountConstraintComponent, SH.HasValueConstraintComponent,
                      SH.QualifiedMinCountConstraintComponent}
#: Components combining alternatives: undecided when the alternatives that would hold are unstated.
LOGICAL_COMPONENTS = {SH.OrConstraintComponent, SH.AndConstraintComponent,
                      SH.XoneConstraintComponent}


def unstated_cause(shapes: Graph, data: Graph, source: Node, focus: Node,
                   component: Node | None) -> list[str]:
    """Why a SHACL failure is not a Violation: the unstated facts it rests on ([] when the
    failure rests on stated facts and stands)."""
    path = shapes.value(source, SH.path)
    try:
        if path is not None and component in ABSENCE_COMPONENTS:
            return [] if values_at(data, shapes, path, focus) else [path_label(shapes, path)]
        if component in LOGICAL_COMPONENTS:
            verdict = Reader(shapes, data).verdict(source, focus)
            return sorted(set(verdict.missing)) if verdict.value is None else []
    except Unsupported:
        return []
    return []
