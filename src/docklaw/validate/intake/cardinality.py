"""One value per functional property: a second value is bad input, never a coin toss.

Why: the pipeline reads a width, a unit, a flag as one value (``graph.value``); given two
(``qudt:unit unit:FT, unit:IN``, ``dl:surveyFrameInFeet true, false``) rdflib returns whichever
its set yields first, which changes with the hash seed and between two requests to one server:
the same application conformed or violated § 56-2D at random. The vocabulary says which
properties take one value (``owl:FunctionalProperty``, ontology/terms/cardinality.ttl); this
refuses a node stating two, naming the node, the property and both values.
"""

from __future__ import annotations

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw.errors import InputError
from docklaw.law.units import curie
from docklaw.namespaces import QUDT, RDF


def describe_value(graph: Graph, value: Node) -> str:
    """A value as the applicant wrote it: a literal's text, a quantity's number and unit,
    an IRI's short name, a blank node's label."""
    if isinstance(value, Literal):
        return repr(str(value))
    if isinstance(value, BNode):
        numbers = sorted(str(n) for n in graph.objects(value, QUDT.numericValue))
        units = sorted(curie(u) for u in graph.objects(value, QUDT.unit))
        if numbers or units:
            return f"[{' / '.join(numbers) or '?'} {' / '.join(units) or '(no unit)'}]"
        types = sorted(curie(t) for t in graph.objects(value, RDF.type))
        return f"[ a {', '.join(types)} ]" if types else "[ ]"
    return curie(value)


def node_label(graph: Graph, node: Node, depth: int = 3) -> str:
    """A node's name; a blank node by the path that reaches it from a named node
    (``<…#dock> dl:width [ ]``), so the message is the same on every run (blank node
    labels are not)."""
    if not isinstance(node, BNode):
        return str(node)
    if depth > 0:
        refs = sorted(graph.subject_predicates(node), key=lambda r: (str(r[1]), str(r[0])))
        named = [r for r in refs if not isinstance(r[0], BNode)] or refs
        if named:
            subject, prop = named[0]
            return f"{node_label(graph, subject, depth - 1)} {curie(prop)} [ ]"
    return "[ ]"


def check_single_values(graph: Graph, functional: frozenset[URIRef],
                        name: str | None = None) -> None:
    """InputError for the first (sorted) node stating two values of a functional property."""
    clashes: list[tuple[str, str, Node, URIRef, list[Node]]] = []
    present = set(graph.predicates(unique=True))  # a property the input never uses: no clash
    for prop in functional:
        if prop not in present:
            continue
        seen: dict[Node, list[Node]] = {}
        for subject, value in graph.subject_objects(prop):
            seen.setdefault(subject, []).append(value)
        for subject, values in seen.items():
            if len(values) > 1:
                clashes.append((node_label(graph, subject), str(prop), subject, prop, values))
    if not clashes:
        return
    _s, _p, subject, prop, values = min(clashes, key=lambda c: (c[0], c[1]))
    shown = sorted(describe_value(graph, v) for v in values)
    listed = " and ".join(shown) if len(shown) == 2 else ", ".join(shown)
    raise InputError(f"{curie(prop)} takes one value, found {len(shown)}: {listed}; "
                     "state one (the vocabulary declares it functional)",
                     node=node_label(graph, subject), prop=curie(prop), source=name)


def check_one_unit_per_measure(graph: Graph, functional: frozenset[URIRef],
                               name: str | None = None) -> None:
    """InputError for the first (sorted) node stating several quantities of one property
    that is not functional (``dl:sideSetback``, ``dl:pileDiameter`` ...) in different units.

    Why: such a property may carry several values (a setback per side, a diameter per pile)
    and each is checked, but the vocabulary has no way to say which side or pile a value is
    for; ``40 unit:FT`` and ``12 unit:M`` (39.37 ft) on one pier read as two sides' setbacks
    and as one setback stated twice, and the verdict (a Violation on 39.37 ft, or a choice
    between 40 and 39.37) is picked, not read (blind review 87, F1). Values in one unit are
    kept as several (every pile stated in inches); values in two units are refused, naming
    the node, the property and the units, as a second value of a functional property is.
    Functional properties are left to ``check_single_values`` (it runs first)."""
    units_of: dict[tuple[Node, URIRef], set[Node]] = {}
    for quantity, unit in graph.subject_objects(QUDT.unit):
        for subject, prop in graph.subject_predicates(quantity):
            if isinstance(prop, URIRef) and prop not in functional:
                units_of.setdefault((subject, prop), set()).add(unit)
    clashes = [(node_label(graph, subject), str(prop), subject, prop, units)
               for (subject, prop), units in units_of.items() if len(units) > 1]
    if not clashes:
        return
    _s, _p, subject, prop, units = min(clashes, key=lambda c: (c[0], c[1]))
    values = sorted(describe_value(graph, v) for v in graph.objects(subject, prop)
                    if graph.value(v, QUDT.unit) is not None)
    names = sorted(curie(u) for u in units)
    shown_units = " and ".join(names) if len(names) == 2 else ", ".join(names)
    raise InputError(f"{curie(prop)} is stated in {len(units)} units ({shown_units}): "
                     f"{', '.join(values)}; several values of it are each checked, but values "
                     "in different units may be one fact stated twice and cannot be read one "
                     "way: state every value in one unit",
                     node=node_label(graph, subject), prop=curie(prop), source=name)
