"""One place that assembles the knowledge graph, so inference is paid for once.

``law_graph()`` is the asserted graph: ontology + terms + every code's section graph
(ingested from its source text) + curated Turtle (concepts, rules, curation) + shapes.
``closure_graph()`` adds the OWL-RL closure, computed once per process and cached on disk
keyed by a hash of every input file, so a warm start does not pay for inference again.
Both are plain rdflib graphs; the SPARQL store is loaded from them (see ``docklaw.kg.store``).
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

from rdflib import Graph

from docklaw import paths
from docklaw.namespaces import bind_prefixes

CURATED_FILES: tuple[str, ...] = ("concepts.ttl", "rules.ttl", "curation.ttl")


def ontology_files() -> list[Path]:
    """The ontology proper: docklaw.ttl and every file in ontology/terms/."""
    return [paths.ONTOLOGY_FILE, *sorted(paths.TERMS_DIR.glob("*.ttl"))]


def code_files(jid: str) -> list[Path]:
    """Curated Turtle of one jurisdiction (its source text is ingested separately)."""
    folder = paths.code_dir(jid)
    return [folder / name for name in CURATED_FILES if (folder / name).exists()]


def shape_files() -> list[Path]:
    return sorted(paths.SHAPES_DIR.glob("*.ttl"))


def input_files() -> list[Path]:
    """Every file the knowledge graph is built from (for cache keys)."""
    files = ontology_files() + shape_files()
    for jid in paths.JURISDICTIONS:
        folder = paths.code_dir(jid)
        files += code_files(jid)
        files += [p for p in (folder / "source.txt", folder / "description.toml") if p.exists()]
    files += sorted((paths.ROOT / "src" / "docklaw" / "kg").glob("*.py"))
    return files


def inputs_digest() -> str:
    h = hashlib.sha256()
    for path in input_files():
        h.update(str(path.relative_to(paths.ROOT)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:20]


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
def law_graph() -> Graph:
    """Asserted knowledge graph: ontology, codes, curated rules and shapes."""
    g = Graph()
    g += ontology_graph()
    for jid in paths.JURISDICTIONS:
        g += section_graph(jid)
        load_turtle(g, code_files(jid))
    load_turtle(g, shape_files())
    return bind_prefixes(g)


def cache_dir() -> Path:
    base = os.environ.get("DOCKLAW_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "docklaw"
    )
    return Path(base)


@lru_cache(maxsize=1)
def closure_graph() -> Graph:
    """law_graph() plus its OWL-RL closure; cached on disk by input digest."""
    cached = cache_dir() / f"closure-{inputs_digest()}.nt"
    g = Graph()
    if cached.exists():
        g.parse(cached, format="nt")
        return bind_prefixes(g)
    import owlrl

    g += law_graph()
    owlrl.DeductiveClosure(owlrl.OWLRL_Semantics, axiomatic_triples=False).expand(g)
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(".tmp")
        g.serialize(tmp, format="nt", encoding="utf-8")
        tmp.replace(cached)
    except OSError:
        pass  # a read-only cache location only costs the warm start
    return bind_prefixes(g)
