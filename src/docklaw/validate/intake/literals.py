"""Numbers stated directly on dl: properties (counts, tiers, days) must be finite and well formed.

Why: a quantity goes through the unit stage, which rejects what is not a number; a plain count
(``dl:slipCount "NaN"^^xsd:double``) or ``"abc"^^xsd:integer`` would reach the SHACL-SPARQL
comparisons, where NaN makes Python's Decimal raise (a 500) and an ill-typed integer silently
compares as nothing. Both are typing errors the user can fix, named by node and property.
"""

from __future__ import annotations

from rdflib import BNode, Graph, Literal

from docklaw.errors import InputError
from docklaw.law.targets import NUMERIC
from docklaw.law.units import curie, to_decimal
from docklaw.namespaces import DL, XSD

FLOATS = {XSD.double, XSD.float}


def check_numeric_literals(graph: Graph, name: str | None = None) -> None:
    """InputError for the first (sorted) dl: value typed as a number that is not a finite one."""
    bad = sorted(
        ((s, p, o) for s, p, o in graph
         if isinstance(o, Literal) and o.datatype in NUMERIC | FLOATS and str(p).startswith(str(DL))
         and to_decimal(o) is None),
        key=lambda t: (str(t[0]), str(t[1]), str(t[2])),
    )
    if not bad:
        return
    subject, prop, value = bad[0]
    kind = curie(value.datatype).replace(str(XSD), "xsd:")
    reason = "is not a finite number" if value.datatype in FLOATS and not value.ill_typed \
        else f"is not a valid {kind}"
    raise InputError(f"{str(value)!r} {reason}; give the number itself",
                     node=f"_:{subject}" if isinstance(subject, BNode) else str(subject),
                     prop=curie(prop), source=name)
