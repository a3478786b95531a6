"""The law's counts (VoID): one SPARQL aggregate each, over the law graphs only.

Why here: the web tier asks them for ``/.well-known/void`` and ``docklaw load`` keeps their
answers with the saved queries' (``docklaw.queries.answers``): on 1,000 codes counting the
distinct subjects of 4.4 million triples takes ~25 s and ~900 MiB, once per load instead of
once per web worker.
"""

from __future__ import annotations

from docklaw.namespaces import DL
from docklaw.sparql.view import LAW_FILTER

#: name -> SELECT text; "triples", "classes" and "subjects" give one number, "partitions"
#: (class, entities) and "members" (jurisdiction, entities) give rows
TEXTS: dict[str, str] = {
    "triples": "SELECT (COUNT(*) AS ?n) WHERE { SELECT DISTINCT ?s ?p ?o WHERE "
               f"{{ GRAPH ?g {{ ?s ?p ?o }} {LAW_FILTER} }} }}",
    "classes": f"SELECT (COUNT(DISTINCT ?c) AS ?n) WHERE {{ GRAPH ?g {{ ?s a ?c }} {LAW_FILTER} }}",
    "subjects": f"SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE {{ GRAPH ?g {{ ?s ?p ?o }} "
                f"{LAW_FILTER} }}",
    "partitions": f"SELECT ?c (COUNT(DISTINCT ?s) AS ?n) WHERE {{ GRAPH ?g {{ ?s a ?c }} "
                  f'FILTER(isIRI(?c) && STRSTARTS(STR(?c), "{DL}")) {LAW_FILTER} }} GROUP BY ?c',
    "members": f"SELECT ?j (COUNT(DISTINCT ?s) AS ?n) WHERE {{ GRAPH ?g {{ ?s <{DL.jurisdiction}> "
               f"?j }} {LAW_FILTER} }} GROUP BY ?j",
}
