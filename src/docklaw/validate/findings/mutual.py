"""One breach of a distance between two structures, cited once (``dl:mutualAmong``).

Why: on a parcel with two docks the distance between them is one distance
(``derivation.mutual``), and both docks read it; a separation too small (South Bristol
§ 73-9C(1)(g), Jerusalem § 160-123A(1)(c): "the docks shall be separated by at least 10 feet")
was cited on each dock, two Violations for one breach (blind review 116 F4). The reading
(ontology/terms/parts.ttl, dl:mutualAmong): the breach is one fact between the two structures,
cited once, on the one the work proposes where it proposes one and the other exists (what the
application asks for), else on the first of the two as derivation.mutual orders them; its
message names the other. The accounting has counted each node already; only the report lists
the breach once.
"""

from __future__ import annotations

from rdflib import Graph

from docklaw.law.units import curie
from docklaw.namespaces import DL
from docklaw.validate.derivation.mutual import figure, nearest_pairs
from docklaw.validate.derivation.totals import short
from docklaw.validate.findings.cite import Result
from docklaw.validate.values import node_name


def one_per_pair(results: list[Result], data: Graph, vocabulary: Graph) -> list[Result]:
    """The results with each Violation of a ``dl:mutualAmong`` distance between two structures
    each the other's nearest (``derivation.mutual.nearest_pairs``) cited once, naming the other
    structure (module docstring). The two Violations are one breach where the two read the same
    quantity (units normalised: a figure stated in inches and read in feet on the other is the
    same distance, blind review 124 F6), whatever each value's display."""
    app = min(data.subjects(DL.jurisdiction, None), key=str, default=None)
    if app is None:
        return results
    dropped: set[int] = set()
    for prop, kind, first, second, only in nearest_pairs(data, vocabulary, app):
        path, names = curie(prop), (node_name(first), node_name(second))
        numbers = {names[0]: figure(data, first, prop), names[1]: figure(data, second, prop)}
        groups: dict[tuple[object, ...], dict[str, Result]] = {}
        for r in results:
            if r.severity == "Violation" and r.path == path and r.focus_node in names:
                key = (r.rule, r.shape, r.path, numbers[r.focus_node])
                groups.setdefault(key, {})[r.focus_node] = r
        for group in groups.values():
            kept = group.get(names[0]) or group[names[1]]
            other = second if kept.focus_node == names[0] else first
            cited = first if other == second else second
            both = len(group) == 2
            if both:
                dropped.add(id(group[node_name(other)]))
            pair = (f"the parcel's only two {curie(kind)} structures" if only else
                    f"each the other's nearest {curie(kind)} (the two alone at the least of "
                    "the parcel's figures)")
            kept.message += (
                f" {path} is one distance between {short(cited)} and {short(other)}, {pair}: "
                + (f"one breach, cited once, on {short(cited)}" if both else
                   f"cited on {short(cited)}, the one the work "
                   f"{'proposes' if (app, DL.proposes, cited) in data else 'concerns'}")
                + ".")
    return [r for r in results if id(r) not in dropped]
