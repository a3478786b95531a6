"""Concurrent requests in one process (gunicorn gthread, Flask threaded): no parser races.

pyparsing, under rdflib's SPARQL parser, guesses each parse action's arity on first use;
two threads doing that at once break the action for the life of the process (every later
query answered 500 "<lambda>() missing 1 required positional argument"). Seen in the load
test; the app now runs the grammar once at load time and serialises rdflib SPARQL parsing.
Run in a fresh interpreter so no earlier test has already warmed the grammar.
"""

from __future__ import annotations

import subprocess
import sys

SCRIPT = r"""
import threading
from rdflib import Graph, URIRef
from docklaw.web import create_app
from docklaw.web.knowledge import knowledge

g = Graph()
g.add((URIRef("http://e/s"), URIRef("http://e/p"), URIRef("http://e/o")))
app = create_app({"SPARQL_EXECUTION": "inline", "KG_LOADER": lambda: g})
knowledge(app)
QUERIES = [
    "SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?p HAVING (COUNT(?o) > 0)",
    "ASK { ?s <http://e/p>+ ?o FILTER(STRSTARTS(STR(?o), 'http')) }",
    "CONSTRUCT { ?o ?p ?s } WHERE { ?s ?p ?o OPTIONAL { ?o ?q ?r } }",
    "SELECT ?s (GROUP_CONCAT(?o; SEPARATOR='|') AS ?all) WHERE { ?s ?p ?o } GROUP BY ?s",
    "DESCRIBE <http://e/s>",
    "SELECT * WHERE { VALUES ?x { 1 2 } BIND(?x * 2 AS ?y) FILTER(?y IN (2, 4)) }",
]
statuses = []
def hammer(n):
    client = app.test_client()
    for i in range(12):
        q = QUERIES[(n + i) % len(QUERIES)]
        statuses.append(client.get("/sparql", query_string={"query": q}).status_code)
threads = [threading.Thread(target=hammer, args=(n,)) for n in range(12)]
for t in threads: t.start()
for t in threads: t.join()
print(sorted(set(statuses)), len(statuses))
"""


def test_concurrent_first_queries_never_500() -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         timeout=180, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[200] 144", out.stdout + out.stderr[-2000:]
