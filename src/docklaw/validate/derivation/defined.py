"""The code's classes defined by what a structure states, and the structures that may be of one.

Why a module of its own: the classifier (``derive.classify_defined``) types a structure meeting
a definition; the totals (``totals.py``) ask which listed structure may yet be of a counted
class, its deciding facts unstated (a Canandaigua lift whose roof is not stated may be a boat
hoist structure). Both read the same definitions.
"""

from __future__ import annotations

from itertools import product

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.term import Node

from docklaw import jurisdictions
from docklaw.law.compile import CompiledShapes
from docklaw.law.prepare import Prepared
from docklaw.law.targets import AppFacts, generated_focus, reachable
from docklaw.namespaces import DL, OWL, RDF

#: A class definition the classifier reads: ("class", C), ("value", p, v), ("and", parts).
Definition = tuple


def defined_classes(prepared: Prepared, jid: str) -> tuple[tuple[URIRef, Definition], ...]:
    """The code's own classes defined by what their members state (``owl:equivalentClass`` an
    ``owl:intersectionOf`` of classes and ``owl:hasValue`` restrictions, the forms the ontology
    keeps to: OWL 2 RL's cls-int1 and cls-hv1), each with its definition; remembered per code
    on the prepared law.

    Why: a code may define its word by a fact rather than by a kind (Canandaigua § 73-5: a
    "boat hoist ... shall not have a roof"; a lift stated with one is a boat hoist structure
    if seasonal, a boat station if permanent). Without the classification, a structure stated
    with the generic class and those facts is never of the code's class, and every count and
    rule on that class passes it by: a false "conforms". Only the code's own namespace is
    read (another code's definitions never type this code's application); a definition using
    anything else is not read at all (never half-applied)."""
    def read() -> tuple[tuple[URIRef, Definition], ...]:
        own = jurisdictions.get(jid).concept_namespace
        law = prepared.knowledge
        out = []
        for cls, expr in law.subject_objects(OWL.equivalentClass):
            if not (isinstance(cls, URIRef) and str(cls).startswith(own)
                    and isinstance(expr, BNode)):
                continue
            definition = class_expression(law, expr)
            if definition is not None and definition[0] != "class":
                out.append((cls, definition))
        return tuple(sorted(set(out), key=lambda d: (str(d[0]), repr(d[1]))))
    return prepared.law_memo(("derive.defined_classes", jid), read)


def class_expression(law: Graph, expr: Node) -> Definition | None:
    """The definition an OWL class expression states, or None when it uses anything the
    classifier does not read."""
    if isinstance(expr, URIRef):
        return ("class", expr)
    head = law.value(expr, OWL.intersectionOf)
    if head is not None:
        parts = [class_expression(law, p) for p in Collection(law, head)]
        if not parts or any(p is None for p in parts):
            return None
        return ("and", tuple(parts))
    on = law.value(expr, OWL.onProperty)
    value = law.value(expr, OWL.hasValue)
    if isinstance(on, URIRef) and value is not None:
        return ("value", on, value)
    return None


def meets(graph: Graph, node: Node, definition: Definition) -> bool:
    """Whether the node is of the defined class by what the application states of it."""
    kind = definition[0]
    if kind == "class":
        return (node, RDF.type, definition[1]) in graph
    if kind == "and":
        return all(meets(graph, node, d) for d in definition[1])
    expected = definition[2]
    return any(v == expected or (isinstance(v, Literal) and isinstance(expected, Literal)
                                 and v.eq(expected))
               for v in graph.objects(node, definition[1]))



def may_become(graph: Graph, prepared: Prepared, jid: str, node: Node,
               classes: tuple[URIRef, ...]) -> frozenset[URIRef]:
    """The facts (properties) the node does not state on which it would be of one of
    ``classes`` by a definition of the code (``defined_classes``, a defined class under one of
    them); empty where it is of one already or no unstated fact could make it one (a fact it
    states otherwise rules the definition out).

    Why: a structure's class may turn on a fact the application does not state (§ 73-5: a boat
    hoist "shall not have a roof"; a seasonal lift with one is a boat hoist structure). Counted
    as what it is stated to be, it passes by a count it may belong to: a false "conforms"
    (review 50: a second lift, its roof unstated, beside the one boat hoist structure a one-slip
    parcel may have)."""
    if any((node, RDF.type, c) in graph for c in classes):
        return frozenset()
    wanted = set(classes)
    types = frozenset(graph.objects(node, RDF.type))
    stated: dict[URIRef, list[Node]] = {}
    options: set[frozenset[URIRef]] = set()
    for _cls, supers, apart, terms in expanded_definitions(prepared, jid):
        if wanted.isdisjoint(supers) or not apart.isdisjoint(types):
            continue
        for typed, values in terms:
            if not typed <= types:
                continue
            unstated = term_unstated(graph, node, values, stated)
            if unstated is not None:
                options.add(unstated)
    # the fewest facts that would make it one: a way needing more (a canopy besides the roof
    # stated, review 61) asks what the stated facts already settle
    minimal = [o for o in options if not any(other < o for other in options)]
    return frozenset(p for o in minimal for p in o)


#: One way to meet a definition, read off the law alone: the classes the structure must be
#: stated of and the (property, value) facts it must state or leave unstated.
Term = tuple[frozenset[URIRef], tuple[tuple[URIRef, Node], ...]]


def expanded_definitions(prepared: Prepared, jid: str) -> tuple[
        tuple[URIRef, frozenset[Node], frozenset[Node], tuple[Term, ...]], ...]:
    """Each defined class of the code with its superclasses (itself included), the classes kept
    apart from one of them (``disjoint_pairs``) and its definition written out as ways
    (``Term``): every nested class replaced by the class itself (stated) or one of its defined
    subclasses, remembered per code.

    Why: ``may_become`` is asked of every listed structure for every rule's classes (a third of
    a validation, read recursively per structure and rule, bench/RESULTS.md 2026-12-05); the
    ways are fixed per code, so only their facts are read per structure. The ways are a
    superset of ``meeting``'s (a class stated still lists its subclasses' ways), each extra way
    needing more facts than one ``meeting`` gives, so the fewest facts (what ``may_become``
    keeps) are the same."""
    def read() -> tuple[tuple[URIRef, frozenset[Node], frozenset[Node], tuple[Term, ...]], ...]:
        definitions = dict(defined_classes(prepared, jid))
        pairs = disjoint_pairs(prepared)
        out = []
        for cls, definition in sorted(definitions.items(), key=lambda d: str(d[0])):
            supers = prepared.superclasses.get(cls, frozenset()) | {cls}
            apart = frozenset(b for a, b in pairs if a in supers)
            terms = expand(prepared, definitions, definition, frozenset({cls}))
            out.append((cls, supers, apart, tuple(sorted(set(terms), key=repr))))
        return tuple(out)
    return prepared.law_memo(("defined.expanded_definitions", jid), read)


def expand(prepared: Prepared, definitions: dict[URIRef, Definition], definition: Definition,
           seen: frozenset[URIRef]) -> list[Term]:
    """The ways (``Term``) of a definition, as ``meeting`` walks it without a graph."""
    kind = definition[0]
    if kind == "value":
        return [(frozenset(), ((definition[1], definition[2]),))]
    if kind == "and":
        ways = [expand(prepared, definitions, d, seen) for d in definition[1]]
        return [(frozenset().union(*(t for t, _v in combo)),
                 tuple(sorted({v for _t, vs in combo for v in vs}, key=repr)))
                for combo in product(*ways)]
    cls = definition[1]
    out: list[Term] = [(frozenset({cls}), ())]
    for sub, sub_definition in sorted(definitions.items(), key=lambda d: str(d[0])):
        if sub not in seen and cls in prepared.superclasses.get(sub, frozenset()) | {sub}:
            out += expand(prepared, definitions, sub_definition, seen | {sub})
    return out


def term_unstated(graph: Graph, node: Node, values: tuple[tuple[URIRef, Node], ...],
                  stated: dict[URIRef, list[Node]]) -> frozenset[URIRef] | None:
    """The properties of ``values`` the node leaves unstated, or None where one it states
    differs (``meets``' reading of a value)."""
    missing = []
    for prop, expected in values:
        found = stated.get(prop)
        if found is None:
            found = stated[prop] = list(graph.objects(node, prop))
        if not found:
            missing.append(prop)
        elif not any(v == expected or (isinstance(v, Literal) and isinstance(expected, Literal)
                                       and v.eq(expected)) for v in found):
            return None
    return frozenset(missing)


def disjoint_pairs(prepared: Prepared) -> frozenset[tuple[Node, Node]]:
    """(a, b) for classes declared disjoint (``owl:disjointWith``, both ways), remembered.

    Why: a structure of a class the law keeps apart from a defined one is never of it, whatever
    it leaves unstated (Canandaigua § 73-5: a boat station 'shall not be defined to mean a ...
    boathouse'); asked the facts that would make it one, a stated boat station was asked its
    roof and walls for the count of boathouses beside a lift whose walls are asked (review 61)."""
    def read() -> frozenset[tuple[Node, Node]]:
        law = prepared.knowledge
        pairs = set(law.subject_objects(OWL.disjointWith))
        return frozenset(pairs | {(b, a) for a, b in pairs})
    return prepared.law_memo(("defined.disjoint_pairs",), read)


def meeting(graph: Graph, prepared: Prepared, definitions: dict[URIRef, Definition], node: Node,
            definition: Definition, seen: frozenset[URIRef]) -> list[frozenset[URIRef]]:
    """The sets of unstated facts on which the node would meet the definition, one per way
    ([frozenset()]: it meets it as stated; []: what it states rules it out)."""
    kind = definition[0]
    if kind == "value":
        values = list(graph.objects(node, definition[1]))
        if not values:
            return [frozenset({definition[1]})]
        return [frozenset()] if meets(graph, node, definition) else []
    if kind == "and":
        ways = [meeting(graph, prepared, definitions, node, d, seen) for d in definition[1]]
        return sorted({frozenset().union(*combo) for combo in product(*ways)}, key=sorted)
    cls = definition[1]
    if (node, RDF.type, cls) in graph:
        return [frozenset()]
    out: list[frozenset[URIRef]] = []
    for sub, sub_definition in sorted(definitions.items(), key=lambda d: str(d[0])):
        if sub not in seen and cls in prepared.superclasses.get(sub, frozenset()) | {sub}:
            out += meeting(graph, prepared, definitions, node, sub_definition, seen | {sub})
    return out


class Supposed(AppFacts):
    """The application's facts with some structures supposed of further classes (those a
    definition of the code would make them were their unstated facts so): targets evaluated
    with it say which rules would reach them."""

    def __init__(self, graph: Graph, supposed: dict[Node, frozenset[Node]]) -> None:
        super().__init__(graph)
        self.supposed = supposed

    def types(self, node: Node) -> frozenset[Node]:
        return super().types(node) | self.supposed.get(node, frozenset())


def may_be_governed(graph: Graph, prepared: Prepared, jid: str, compiled: CompiledShapes,
                    app: Node, facts: AppFacts) -> dict[object, list[tuple[Node, URIRef]]]:
    """shape -> (structure, fact) for each listed structure the shape's rule would reach were
    it of the class one of the code's definitions would make it, the deciding fact unstated
    (``may_become``), and that fact. The rule's other conditions (Tier, work, construction,
    exceptions) are read as its target reads them, with the structure supposed of the class.

    Why: a structure's class may turn on a fact it does not state (Canandaigua § 73-5: a
    permanent lift with a roof is a boat station). The counts it may join ask that fact
    (``totals.undecided_members``, ``accounting.may_join_count``); the rules binding each
    structure of the class must too, or a permanent lift of three slips, its roof unstated,
    conforms where as a boat station it breaks § 73-8B(3)'s two slips (a false "conforms")."""
    definitions = defined_classes(prepared, jid)
    if not definitions:
        return {}
    candidates = reachable(graph, app)
    # (each class apart: a lift already of one, a lift with a roof, may become another, a
    # boathouse were it walled)
    if not any(may_become(graph, prepared, jid, n, (c,))
               for n in candidates for c, _d in definitions if (n, RDF.type, c) not in graph):
        return {}
    # many rules govern the same classes: each structure read once per set of classes
    known: dict[tuple[Node, tuple[URIRef, ...]], frozenset[URIRef]] = {}

    def becomes(node: Node, governs: tuple[URIRef, ...]) -> frozenset[URIRef]:
        found = known.get((node, governs))
        if found is None:
            found = known[(node, governs)] = may_become(graph, prepared, jid, node, governs)
        return found

    out: dict[object, list[tuple[Node, URIRef]]] = {}
    for shape, spec in compiled.specs.items():
        governs = tuple(sorted((c for c in spec.governs if isinstance(c, URIRef)), key=str))
        open_nodes = {n: found for n in candidates if not facts.reaches(n, spec)
                      and (found := becomes(n, governs))}
        supposing: frozenset[Node] = frozenset(spec.governs)
        kinds = focus_kinds(spec)
        if not open_nodes and kinds:
            # a rule reaching only the structures of a class its condition names (Kings Point
            # Standards D(2)(h): an off-shore structure, or one on it) reaches one the code's
            # definition would make of that class (a gazebo waterside of the high-water line,
            # its side unstated: blind review 72)
            open_nodes = {n: found for n in candidates if (found := becomes(n, kinds))}
            if open_nodes:
                already = set(generated_focus(graph, app, set(open_nodes), spec, facts))
                open_nodes = {n: f for n, f in open_nodes.items() if n not in already}
            supposing = frozenset(kinds)
        if not open_nodes:
            continue
        supposed = Supposed(graph, {n: supposing for n in open_nodes})
        if kinds and supposing == frozenset(kinds):
            # the condition reads the class off the facts themselves: supposed there a while
            added = [(n, RDF.type, k) for n in open_nodes for k in kinds
                     if (n, RDF.type, k) not in graph]
            for triple in added:
                graph.add(triple)
            try:
                reached = generated_focus(graph, app, set(open_nodes), spec, supposed)
            finally:
                for triple in added:
                    graph.remove(triple)
        else:
            reached = generated_focus(graph, app, set(open_nodes), spec, supposed)
        pairs = [(n, f) for n in reached for f in sorted(open_nodes[n], key=str)]
        if pairs:
            out[shape] = pairs
    return out


def focus_kinds(spec: object) -> tuple[URIRef, ...]:
    """The classes a rule's dl:appliesWhen conditions ask of the focus itself (rdf:type on
    dl:Focus), in order."""
    return tuple(sorted({c.equals for c in getattr(spec, "conditions", ())
                         if c.prop == RDF.type and isinstance(c.equals, URIRef)
                         and not c.on_whole and not c.on_parcel and not c.whole_first
                         and not c.unstated}, key=str))


def closed_by_definition(prepared: Prepared, jid: str, cls: URIRef) -> bool:
    """Every class below ``cls`` is one of the code's defined classes (or below one): a
    structure is of ``cls`` only where it is stated so or meets one of those definitions
    (Canandaigua's lift with a roof: a lift stated with a roof or a canopy)."""
    defined = {c for c, _d in defined_classes(prepared, jid)}
    below = [c for c, supers in prepared.superclasses.items()
             if isinstance(c, URIRef) and cls in supers and c != cls and c != OWL.Nothing]
    return bool(below) and all(
        c in defined or not defined.isdisjoint(prepared.superclasses.get(c, frozenset()))
        for c in below)


def closed_for(prepared: Prepared, jid: str, classes: tuple[URIRef, ...],
               types: frozenset[Node]) -> bool:
    """Every class (the ontology's or the code's) below every one the structure is stated with
    and below one of ``classes`` is one of the code's defined classes (or below one): the structure
    is of ``classes`` only by meeting one of those definitions (Kings Point: a boathouse is a
    dock only where it stands waterside of the high-water line, kpc:WatersideBoathouse).

    Why: a governed class with other subclasses is not closed for every structure (a plain
    dl:Structure may be a dock of any kind), but it may be for one stated with a narrower
    class (blind review 70: a boathouse stated landward of the line was asked its class under
    every rule on docks)."""
    own = jurisdictions.get(jid).concept_namespace
    defined = {c for c, _d in defined_classes(prepared, jid)}
    wanted = set(classes)
    ours = {t for t in types if str(t).startswith((str(DL), own))}
    below = [c for c, supers in prepared.superclasses.items()
             if isinstance(c, URIRef) and c != OWL.Nothing and c not in types
             and str(c).startswith((str(DL), own))
             and not supers.isdisjoint(wanted) and ours <= supers]
    return bool(below) and all(
        c in defined or not defined.isdisjoint(prepared.superclasses.get(c, frozenset()))
        for c in below)


def class_questions(graph: Graph, prepared: Prepared, jid: str, governs: frozenset[Node],
                    pairs: list[tuple[Node, URIRef]]) -> list[tuple[Node, URIRef]]:
    """``pairs`` (structure, fact deciding whether a rule reaches it) with each class question
    (rdf:type: a structure stated only with a class broader than the rule's) replaced by the
    facts that decide it, where every class the rule governs is closed by the code's
    definitions (``closed_by_definition``): the facts those definitions read that the
    structure does not state (``may_become``), or none where what it states rules them out.

    Why: "a narrower class" asks what the definitions already decide (review 53: a boat
    station under repair, its construction unstated, was asked it under the rule for a lift
    with a roof; a boat station is no lift, so that rule does not reach it)."""
    classes = tuple(sorted((c for c in governs if isinstance(c, URIRef)), key=str))
    if not classes or not any(p == RDF.type for _n, p in pairs):
        return pairs
    closed = all(closed_by_definition(prepared, jid, c) for c in classes)
    out: list[tuple[Node, URIRef]] = []
    for node, prop in pairs:
        if prop != RDF.type or not (closed or closed_for(
                prepared, jid, classes, frozenset(graph.objects(node, RDF.type)))):
            out.append((node, prop))
            continue
        out += [(node, f) for f in sorted(may_become(graph, prepared, jid, node, classes),
                                          key=str) if (node, f) not in out]
    return out
