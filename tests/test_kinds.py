"""Each rule's generic kinds (dl:governsKind), kept when the law is loaded (docklaw.kg.kinds).

Questions across codes read a rule's kinds instead of walking the class hierarchy, which other
codes' broad words widen (issue 27 item 3: the walk grew with the square of the codes).
"""

from __future__ import annotations

from rdflib import Graph, URIRef
from rdflib.namespace import RDFS

from docklaw.kg.build import law_graph, schema_closure
from docklaw.kg.kinds import governed_kinds
from docklaw.namespaces import DL

SMALL = """
@prefix dl: <https://w3id.org/docklaw/ontology#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix a: <https://example.org/a/> .
@prefix b: <https://example.org/b/> .
# code A's "dock" includes lifts (a broad sense: the generic lift falls under its word)
a:Dock dl:senseOf dl:Dock ; dl:jurisdiction a:code .
dl:BoatLift rdfs:subClassOf a:Dock .
dl:FixedDock rdfs:subClassOf dl:Dock .
a:lift-width dl:governs dl:BoatLift ; dl:section a:s1 . a:s1 dl:jurisdiction a:code .
b:lift-width dl:governs dl:BoatLift ; dl:section b:s1 . b:s1 dl:jurisdiction b:code .
b:dock-width dl:governs dl:FixedDock ; dl:section b:s2 . b:s2 dl:jurisdiction b:code .
b:nowhere dl:governs dl:FixedDock .
"""


def kinds(graph: Graph, rule: str) -> set[URIRef]:
    return set(graph.objects(URIRef(rule), DL.governsKind))


def test_a_codes_broad_sense_counts_for_its_own_rules_only() -> None:
    g = Graph().parse(data=SMALL, format="turtle")
    out = governed_kinds(g, g)  # the small schema is its own closure (no chains to close)
    assert kinds(out, "https://example.org/a/lift-width") == {DL.BoatLift, DL.Dock}
    # code B does not call lifts docks: its lift rule is not a dock rule
    assert kinds(out, "https://example.org/b/lift-width") == {DL.BoatLift}
    assert kinds(out, "https://example.org/b/dock-width") == {DL.FixedDock, DL.Dock}
    # a rule without a code keeps the generic kinds (the shared vocabulary is every code's)
    assert kinds(out, "https://example.org/b/nowhere") == {DL.FixedDock, DL.Dock}


def test_the_loaded_law_keeps_each_rules_kinds() -> None:
    """On the five codes, a rule's kinds among the ones the saved queries ask are what the walk
    over every code's hierarchy gave (the rows of max-width, max-area and max-length are
    unchanged: tests/test_query_rewrites.py); Kings Point's lift rules are dock rules."""
    law, schema = law_graph(), schema_closure()
    assert set(law.triples((None, DL.governsKind, None))) == set(governed_kinds(law, schema))
    asked = {DL.Dock, DL.MainWalkway, DL.Appendage, DL.Catwalk}
    for rule, cls in law.subject_objects(DL.governs):
        ups = {cls, *schema.objects(cls, RDFS.subClassOf)}
        walked = {g for c in ups for g in (c, *schema.objects(c, DL.senseOf))} & asked
        assert walked <= set(law.objects(rule, DL.governsKind)), (rule, cls)
    lift = URIRef("https://w3id.org/docklaw/concept/kings-point/Lift")
    kp_lifts = {r for r, c in law.subject_objects(DL.governs)
                if c == lift or (c, RDFS.subClassOf, lift) in schema}
    assert kp_lifts and kp_lifts <= set(law.subjects(DL.governsKind, DL.Dock))
