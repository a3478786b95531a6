"""One place that assembles the knowledge graph, so inference is paid for once.

``law_graph()`` is the asserted graph: ontology + terms + every code's section graph
(ingested from its source text) + curated Turtle (concepts, rules, curation) + shapes.
``closure_graph()`` adds the OWL-RL closure, computed once per process and cached on disk
keyed by a hash of every input file, so a warm start does not pay for inference again.
Both are plain rdflib graphs; the SPARQL store is loaded from them (see ``docklaw.kg.store``).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import OWL, RDF, RDFS
from rdflib.term import Node

from docklaw import jurisdictions, paths
from docklaw.jurisdictions import ontology_files  # the registry's list (kg reads it from there)
from docklaw.kg.cache import cache_dir, read_verified, write_verified
from docklaw.kg.flatstore import FlatGraph
from docklaw.kg.kinds import governed_kinds
from docklaw.namespaces import bind_prefixes

CURATED_FILES: tuple[str, ...] = ("concepts.ttl", "rules.ttl", "curation.ttl", "topics.ttl")


def code_files(jid: str) -> list[Path]:
    """Curated Turtle of one jurisdiction (its source text is ingested separately)."""
    folder = jurisdictions.get(jid).folder
    return [folder / name for name in CURATED_FILES if (folder / name).exists()]


def shape_files() -> list[Path]:
    """Every registered code's shapes (shapes/<id>.ttl or shapes/<id>/*.ttl)."""
    return [p for j in jurisdictions.all() for p in j.shape_files()]


def input_files() -> list[Path]:
    """Every file the knowledge graph is built from (for cache keys)."""
    files = ontology_files() + shape_files()
    for j in jurisdictions.all():
        folder = j.folder
        files += code_files(j.id)
        files += [p for p in (folder / "source.txt", folder / "description.toml") if p.exists()]
    files += sorted((paths.ROOT / "src" / "docklaw" / "kg").glob("*.py"))
    return files


def inputs_digest() -> str:
    h = hashlib.sha256()
    for path in input_files():
        h.update(_relative(path).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:20]


def _relative(path: Path) -> str:
    """A file's name for cache keys: relative to its registry root (codes may live elsewhere)."""
    for root in jurisdictions.search_roots():
        if path.is_relative_to(root):
            return str(path.relative_to(root))
    return str(path)


def load_turtle(graph: Graph, files: list[Path]) -> Graph:
    for path in files:
        graph.parse(path, format="turtle")
    return graph


@lru_cache(maxsize=1)
def ontology_graph() -> Graph:
    """The ontology and terms only."""
    return bind_prefixes(load_turtle(Graph(), ontology_files()))


def section_graph(jid: str) -> Graph:
    """One jurisdiction's section graph, ingested from its source text."""
    from docklaw.kg.ingest import build_section_graph

    return build_section_graph(jid)


@lru_cache(maxsize=1)
def schema_graph() -> Graph:
    """The terminology (ontology, terms, every code's concepts.ttl), parsed once so that
    law_graph() and schema_closure() share its blank nodes (OWL restrictions)."""
    return load_turtle(Graph(), schema_files())


@lru_cache(maxsize=1)
def law_graph() -> Graph:
    """Asserted knowledge graph: ontology, codes, curated rules and shapes (on a flat store:
    the validator reads it millions of times, ``docklaw.kg.flatstore``), and each rule's
    generic kinds (``dl:governsKind``)."""
    g = FlatGraph()
    g += schema_graph()
    for jid in jurisdictions.ids():
        g += section_graph(jid)
        load_turtle(g, [f for f in code_files(jid) if f.name != "concepts.ttl"])
    load_turtle(g, shape_files())
    # each rule's generic kinds, walked once here in its own code (docklaw.kg.kinds): questions
    # across codes read them instead of walking every code's class hierarchy
    g += governed_kinds(g, schema_closure())
    return bind_prefixes(g)


def schema_files() -> list[Path]:
    """The terminology: ontology, terms and every code's concepts (classes, definitions)."""
    files = ontology_files()
    for j in jurisdictions.all():
        concepts = j.file("concepts.ttl")
        if concepts.exists():
            files.append(concepts)
    return files


@lru_cache(maxsize=1)
def schema_closure() -> Graph:
    """OWL-RL closure of the terminology only (~3k triples; the whole law graph would cost
    ~11 s). ``docklaw.kg.reasoner`` says why it is owlrl's closure, computed faster."""
    from docklaw.kg.reasoner import owl_rl_closure

    g = Graph()
    g += schema_graph()
    return owl_rl_closure(g)


def instance_entailments(data: Graph | list[Graph], schema: Graph) -> Graph:
    """What the terminology entails about the instance data (sections, rules, shapes):
    super-properties, inverses, domain/range types and super-classes, to a fixpoint.

    This is the part of OWL-RL the queries use; running the full reasoner over the whole law
    graph costs ~11 s and doubles it with literal-subject and reflexive sameAs triples.
    """
    def closure_map(pred: URIRef, symmetric: bool = False) -> dict[Node, set[Node]]:
        out: dict[Node, set[Node]] = {}
        for a, b in schema.subject_objects(pred):
            if a != b and not isinstance(b, Literal):
                out.setdefault(a, set()).add(b)
                if symmetric:
                    out.setdefault(b, set()).add(a)
        return out

    supers = closure_map(RDFS.subClassOf)
    for a, bs in closure_map(OWL.equivalentClass, symmetric=True).items():
        supers.setdefault(a, set()).update(bs)
    superprops = closure_map(RDFS.subPropertyOf)
    for a, bs in closure_map(OWL.equivalentProperty, symmetric=True).items():
        superprops.setdefault(a, set()).update(bs)
    inverse = closure_map(OWL.inverseOf, symmetric=True)
    domain = closure_map(RDFS.domain)
    range_ = closure_map(RDFS.range)
    parts = data if isinstance(data, list) else [data]  # read together, never copied
    out = Graph()
    todo = [t for part in parts for t in part]
    while todo:
        fresh = []
        for s, p, o in todo:
            if isinstance(s, Literal):
                continue
            derived = [(s, q, o) for q in superprops.get(p, ())]
            if not isinstance(o, Literal):
                derived += [(o, q, s) for q in inverse.get(p, ())]
                derived += [(o, RDF.type, c) for c in range_.get(p, ())]
            derived += [(s, RDF.type, c) for c in domain.get(p, ())]
            if p == RDF.type:
                derived += [(s, RDF.type, c) for c in supers.get(o, ())]
            for t in derived:
                if t not in out and not any(t in part for part in parts):
                    out.add(t)
                    fresh.append(t)
        todo = fresh
    return out


def compute_inferred() -> Graph:
    """The inferred triples computed from the sources (no cache)."""
    law = law_graph()
    schema = schema_closure()
    delta = Graph()
    for t in schema:
        if t not in law:
            delta.add(t)
    delta += instance_entailments([law, delta], schema)
    from docklaw.kg.reasoner import clean

    return clean(delta)


@lru_cache(maxsize=1)
def closure_graph() -> Graph:
    """law_graph() plus inference (split closure, see ``instance_entailments``), read from
    ``closure_ntriples()``.

    OWL-RL runs over the terminology only (ontology, terms, concepts); the instance data
    (sections, rules, curation, shapes) gets the entailments of that terminology in plain
    Python. One N-Triples document holds both, so an inferred triple about a blank node (a
    limit's, a condition's type) stays on that blank node in every process.
    """
    return bind_prefixes(Graph().parse(data=closure_ntriples(), format="nt"))


def closure_ntriples() -> bytes:
    """The closure as N-Triples, from a verified disk cache keyed by the input digest.

    Why: a store is filled by handing these bytes to Oxigraph's own parser (milliseconds per
    ten thousand triples), so ``docklaw query`` on a warm cache never builds an rdflib copy
    of the law. Built from law_graph() and the entailments computed on it in this process
    (never from a separately cached delta: blank-node labels do not survive a process)."""
    digest = inputs_digest()
    cached = cache_dir() / f"closure-{digest}.nt"
    body = read_verified(cached, "closure", digest)
    if body is not None:
        return body
    law = law_graph()
    # the two share blank-node objects: their N-Triples side by side are the closure's,
    # without a 40,000-triple rdflib copy
    body = b"".join(part.serialize(format="nt", encoding="utf-8")
                    for part in (law, compute_inferred()))
    write_verified(cached, "closure", digest, body)
    return body
