"""No silently ignored input: unknown docklaw terms are errors (unread ones are warnings,
``findings.unread``).

Why: a misspelt property (``dl:widht``) matches no shape, so the width is never checked and the
report looked clean. A term in the docklaw namespaces that the ontology does not define is
bad input naming it with the closest known terms.
"""

from __future__ import annotations

import difflib

from rdflib import Graph, URIRef
from rdflib.namespace import OWL

from docklaw.errors import InputError
from docklaw.law.prepare import Prepared, known_terms
from docklaw.law.units import curie
from docklaw.namespaces import T

DOCKLAW = "https://w3id.org/docklaw/"
#: Namespaces checked elsewhere (jurisdiction IRIs by find_application) or never data (tests).
NOT_CHECKED = (f"{DOCKLAW}jurisdiction/", str(T))


def suggestions(term: URIRef, known: frozenset[URIRef], n: int = 3) -> list[str]:
    """The known terms nearest to ``term`` by spelling (difflib), in the same namespace."""
    text = str(term)
    base = text.rsplit("#", 1)[0] + "#" if "#" in text else text.rsplit("/", 1)[0] + "/"
    local = text[len(base):]
    candidates = {str(k)[len(base):]: k for k in known if str(k).startswith(base)}
    matches = difflib.get_close_matches(local, sorted(candidates), n=n, cutoff=0.6)
    if not matches:  # case-insensitive second try (dl:Width for dl:width)
        lowered = {c.lower(): c for c in candidates}
        matches = [lowered[m] for m in difflib.get_close_matches(local.lower(), sorted(lowered),
                                                                 n=n, cutoff=0.6)]
    return [curie(candidates[m]) for m in matches]


def check_terms(graph: Graph, prepared: Prepared, name: str | None = None) -> None:
    """InputError for the first (sorted) term in a docklaw namespace the ontology does not
    define, naming the node, the term and close matches; and for owl:sameAs, which would make
    one structure two (its area counted twice, a float asked whether it is a second dock):
    each structure is described once, under one name."""
    same = sorted(graph.subject_objects(OWL.sameAs), key=lambda t: (str(t[0]), str(t[1])))
    if same:
        s, o = same[0]
        raise InputError(f"owl:sameAs {o} is not read: docklaw does not merge nodes, so the two "
                         "would be counted as two structures; describe each structure once, "
                         "under one name", node=str(s), prop="owl:sameAs", source=name)
    known = known_terms(prepared)
    unknown: list[tuple[str, str, URIRef]] = []
    for s, p, o in graph:
        for role, term in (("property", p), ("value", o), ("node", s)):
            if (isinstance(term, URIRef) and str(term).startswith(DOCKLAW)
                    and not str(term).startswith(NOT_CHECKED) and term not in known):
                unknown.append((str(s), role, term))
    if not unknown:
        return
    node, role, term = sorted(unknown, key=lambda u: (str(u[2]), u[0]))[0]
    close = suggestions(term, known)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    raise InputError(f"unknown term {curie(term)} ({role}): docklaw does not define it, so it "
                     f"would be ignored{hint}", node=node,
                     prop=curie(term) if role == "property" else None, source=name)
