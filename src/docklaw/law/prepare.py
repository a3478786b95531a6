"""Everything that does not depend on the application, computed once per process.

Why: the naive way (``pyshacl.validate(..., ont_graph=..., inference="owlrl")``) recomputes the
ontology closure and re-reads the shapes for every application. Here the subclass map (OWL-RL
closure of ontology + concepts), the rules, the section citations and the compiled shapes of each
jurisdiction are built once and shared by every validation.
"""

from __future__ import annotations

import dataclasses
import hashlib
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TypeVar

from rdflib import BNode, Graph, Literal, URIRef

from docklaw import jurisdictions, paths
from docklaw.errors import DataError
from docklaw.kg.flatstore import FlatGraph, flat_graph
from docklaw.law.compile import CompiledShapes, compile_shapes
from docklaw.law.units import Units
from docklaw.namespaces import DL, OWL, RDF, RDFS, SKOS, TRUE, rule_ns

T = TypeVar("T")

_IGNORED_SUPERS = {OWL.Thing, RDFS.Resource, OWL.Class, RDFS.Class}


@dataclass(frozen=True)
class SectionInfo:
    """What a report needs about a section: its printed citation, text and relief."""

    iri: URIRef
    citation: str
    text: str | None
    parent: URIRef | None
    variance_classes: tuple[URIRef, ...]
    authorities: tuple[URIRef, ...]
    number_printed: bool | None
    lints: tuple[str, ...] = ()
    notes: tuple[tuple[str, str], ...] = ()  # (kind, text), see SECTION_NOTE_PROPS


@dataclass(frozen=True)
class RuleInfo:
    """The parts of a curated rule the validator reads on every result."""

    iri: URIRef
    jurisdiction: str
    section: URIRef | None
    label: str
    kinds: tuple[URIRef, ...]
    variance_classes: tuple[URIRef, ...]
    authorities: tuple[URIRef, ...]
    discretionary: bool
    constrains: tuple[URIRef, ...]
    governs: tuple[URIRef, ...]


@dataclass
class Prepared:
    """Cached, read-only inputs of the pipeline (compiled shapes are built lazily per code)."""

    ontology: Graph
    knowledge: Graph
    shape_sources: dict[str, Graph]
    superclasses: dict[URIRef, frozenset[URIRef]]
    narrower: dict[URIRef, frozenset[URIRef]]
    units: Units
    sections: dict[URIRef, SectionInfo]
    rules: dict[URIRef, RuleInfo]
    labels: dict[URIRef, str]
    _compiled: dict[str, CompiledShapes] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _known_classes: frozenset[URIRef] | None = None
    _functional: frozenset[URIRef] | None = None
    #: digest of the sources when this is the real, snapshotted Prepared (``snapshot``):
    #: compiled shapes are then cached on disk per code too; None for fixture Prepareds
    snapshot_digest: str | None = None
    #: per code, the geometry stage's class hierarchy (``geometry.features``), snapshotted
    class_hierarchies: dict[str, Graph] = field(default_factory=dict)
    #: every IRI the vocabulary, law and shapes mention (``known_terms``), computed once and
    #: snapshotted with the rest
    _vocabulary_known: frozenset[URIRef] | None = None
    #: on the snapshotted Prepared, ``law.snapshot.load_or_compile`` (set by the snapshot,
    #: never stored in it): a code's compiled shapes from their verified snapshot
    _load_or_compile: Callable[..., CompiledShapes] | None = None

    def compiled(self, jid: str) -> CompiledShapes:
        """The compiled shapes of one jurisdiction (compiled on first use, then reused;
        from a verified per-code snapshot when this Prepared is the snapshotted one)."""
        with self._lock:
            if jid not in self._compiled:
                if self._load_or_compile is None:
                    self._compiled[jid] = compile_shapes(jid, self)
                else:
                    self._compiled[jid] = self._load_or_compile(jid, self, compile_shapes)
            return self._compiled[jid]

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, computed once per Prepared and kept under ``key``: facts of a code
        that no application changes (what the accounting reads of each rule shape ...).

        Why not a field: a copy made with ``dataclasses.replace`` (the snapshot's portable
        copy, ``validate.reach.restricted``'s cut-down code) starts without them, so a
        pickle never holds them and a different set of compiled shapes never sees another's."""
        return self._kept("_memo_cache", key, compute)

    def law_memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()`` once for the law itself (the vocabulary, knowledge and rule records,
        never the compiled shapes), kept where a copy with other compiled shapes
        (``with_compiled``) finds it.

        Why: the applicability sweep validates each rule against its own cut-down code (one
        copy per rule); a fact of the law alone, recomputed per copy, was two fifths of South
        Bristol's sweep (the defined classes' ways, ``defined.expanded_definitions``)."""
        return self._kept("_law_memo_cache", key, compute)

    def _kept(self, cache: str, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()`` kept under ``key`` in the instance's dictionary ``cache`` (not a
        field: ``dataclasses.replace`` never copies it)."""
        found = self.__dict__.get(cache)
        if found is None:
            found = self.__dict__.setdefault(cache, {})
        try:
            return found[key]  # type: ignore[no-any-return]
        except KeyError:
            value = found[key] = compute()
            return value

    def with_compiled(self, compiled: dict[str, CompiledShapes]) -> Prepared:
        """A copy of the law reading ``compiled`` as its codes' shapes: the per-copy memos
        (``memo``) start empty, the law's own (``law_memo``) are shared."""
        copy = dataclasses.replace(self, _compiled=compiled)
        copy.__dict__["_law_memo_cache"] = self.__dict__.setdefault("_law_memo_cache", {})
        return copy

    def known_classes(self) -> frozenset[URIRef]:
        """Every class of the ontology and concepts (declared owl:Class / rdfs:Class, or in the
        subclass closure): an application's structure must be typed with one of them."""
        if self._known_classes is None:
            found: set[URIRef] = set()
            for kind in (OWL.Class, RDFS.Class):
                found.update(c for c in self.ontology.subjects(RDF.type, kind)
                             if isinstance(c, URIRef))
            for cls, supers in self.superclasses.items():
                found.add(cls)
                found.update(supers)
            self._known_classes = frozenset(found)
        return self._known_classes

    def functional(self) -> frozenset[URIRef]:
        """Properties the vocabulary declares owl:FunctionalProperty (one value per node)."""
        if self._functional is None:
            self._functional = frozenset(
                p for p in self.ontology.subjects(RDF.type, OWL.FunctionalProperty)
                if isinstance(p, URIRef))
        return self._functional

    def rules_of(self, jid: str) -> list[RuleInfo]:
        """The code's rules, in ``rules`` order (a new list; the selection is made once)."""
        return list(self.law_memo(("rules_of", jid), lambda: tuple(
            r for r in self.rules.values() if r.jurisdiction == jid)))

    def label(self, node: object) -> str | None:
        return self.labels.get(node) if isinstance(node, URIRef) else None


# --------------------------------------------------------------------------- building


def subclass_map(ontology: Graph, closure: bool = True) -> dict[URIRef, frozenset[URIRef]]:
    """class -> every superclass (itself included), from the OWL-RL closure of ``ontology``."""
    g = Graph()
    g += ontology
    if closure:
        from docklaw.kg.reasoner import owl_rl_closure

        owl_rl_closure(g)
    direct: dict[URIRef, set[URIRef]] = {}
    for sub, sup in g.subject_objects(RDFS.subClassOf):
        if isinstance(sub, URIRef) and isinstance(sup, URIRef) and sup not in _IGNORED_SUPERS:
            direct.setdefault(sub, set()).add(sup)
    for a, b in g.subject_objects(OWL.equivalentClass):
        if isinstance(a, URIRef) and isinstance(b, URIRef):
            direct.setdefault(a, set()).add(b)
            direct.setdefault(b, set()).add(a)
    return reachable(direct)


def reachable(edges: dict[URIRef, set[URIRef]]) -> dict[URIRef, frozenset[URIRef]]:
    """node -> itself and every node its edges reach, transitively (each node with edges)."""
    result: dict[URIRef, frozenset[URIRef]] = {}
    for start in edges:
        seen: set[URIRef] = {start}
        stack = [start]
        while stack:
            for nxt in edges.get(stack.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        result[start] = frozenset(seen)
    return result


def narrower_map(g: Graph) -> dict[URIRef, frozenset[URIRef]]:
    """concept -> itself and every concept below it (skos:broader / skos:narrower, transitive)."""
    below: dict[URIRef, set[URIRef]] = {}
    for child, parent in g.subject_objects(SKOS.broader):
        below.setdefault(parent, set()).add(child)
    for parent, child in g.subject_objects(SKOS.narrower):
        below.setdefault(parent, set()).add(child)
    return reachable(below)


#: Curated and ingested notes on a section, shown with every result citing it (kind, property).
SECTION_NOTE_PROPS = (
    ("lint", DL.lint), ("ambiguity", DL.ambiguityNote),
    ("interpretation", DL.interpretationNote), ("attachment", DL.attachmentNote),
    ("comment", RDFS.comment),
)
TEXT_INCOMPLETE_NOTE = ("The text of this section is incomplete in the source: it ends with a "
                        "colon but no list follows.")


def section_notes(g: Graph, node: URIRef) -> tuple[tuple[str, str], ...]:
    """(kind, text) of every note on a section: lints first, then ambiguities, readings ...

    Why all of them: the report must show where the curators read an unclear text one way
    (interpretation), where the text is defective (lint) or ambiguous, not only the lints."""
    notes: list[tuple[str, str]] = []
    for kind, prop in SECTION_NOTE_PROPS:
        notes.extend((kind, str(n)) for n in sorted(g.objects(node, prop), key=str))
    if g.value(node, DL.textIncomplete) == TRUE:
        notes.append(("text incomplete", TEXT_INCOMPLETE_NOTE))
    return tuple(notes)


def section_infos(g: Graph) -> dict[URIRef, SectionInfo]:
    """Every node with a dl:citation (sections, subsections) or referenced as a rule's section."""
    nodes = {s for s in g.subjects(DL.citation, None) if isinstance(s, URIRef)}
    nodes |= {o for o in g.objects(None, DL.section) if isinstance(o, URIRef)}
    infos: dict[URIRef, SectionInfo] = {}
    for node in nodes:
        citation = g.value(node, DL.citation)
        parent = g.value(node, DL.parent)
        printed = g.value(node, DL.numberPrinted)
        infos[node] = SectionInfo(
            iri=node,
            citation=str(citation) if citation is not None else fallback_citation(node),
            text=str(g.value(node, DL.text)) if g.value(node, DL.text) is not None else None,
            parent=parent if isinstance(parent, URIRef) else None,
            variance_classes=tuple(sorted(o for o in g.objects(node, DL.varianceClass)
                                          if isinstance(o, URIRef))),
            authorities=tuple(sorted(o for o in g.objects(node, DL.reliefAuthority)
                                     if isinstance(o, URIRef))),
            number_printed=bool(printed.toPython()) if isinstance(printed, Literal) else None,
            lints=tuple(sorted(str(n) for n in g.objects(node, DL.lint))),
            notes=section_notes(g, node),
        )
    return infos


def fallback_citation(node: URIRef) -> str:
    """The section's IRI tail when the section graph lacks it (shown as-is, never re-typeset)."""
    return str(node).rsplit("/code/", 1)[-1]


def rule_infos(g: Graph) -> dict[URIRef, RuleInfo]:
    """Every rule of every jurisdiction (subjects in a rule namespace with a type or section)."""
    rules: dict[URIRef, RuleInfo] = {}
    for jid in jurisdictions.ids():
        ns = str(rule_ns(jid))
        for s in sorted(set(g.subjects()), key=str):  # (one order, whatever the hash seed)
            if not (isinstance(s, URIRef) and str(s).startswith(ns)):
                continue
            section = g.value(s, DL.section)
            disc = g.value(s, DL.discretionary)
            rules[s] = RuleInfo(
                iri=s, jurisdiction=jid,
                section=section if isinstance(section, URIRef) else None,
                label=str(g.value(s, RDFS.label) or str(s).rsplit("/", 1)[-1]),
                kinds=tuple(sorted(o for o in g.objects(s, RDF.type) if isinstance(o, URIRef))),
                variance_classes=tuple(sorted(o for o in g.objects(s, DL.varianceClass)
                                              if isinstance(o, URIRef))),
                authorities=tuple(sorted(o for o in g.objects(s, DL.reliefAuthority)
                                         if isinstance(o, URIRef))),
                discretionary=bool(disc.toPython()) if isinstance(disc, Literal) else False,
                constrains=tuple(o for o in g.objects(s, DL.constrains) if isinstance(o, URIRef)),
                governs=tuple(o for o in g.objects(s, DL.governs) if isinstance(o, URIRef)),
            )
    return rules


def build_prepared(
    ontology: Graph, knowledge: Graph, shape_sources: dict[str, Graph],
    superclasses: dict[URIRef, frozenset[URIRef]] | None = None,
) -> Prepared:
    """Assemble a Prepared from graphs (tests pass small fixture graphs here)."""
    # One flat store (docklaw.kg.flatstore): validation reads it millions of times. The law
    # graph is one already and holds the terminology: used as it is, no copy.
    if all(t in knowledge for t in ontology):
        merged = knowledge if isinstance(knowledge, FlatGraph) else flat_graph(knowledge)
    else:
        merged = flat_graph(ontology, knowledge)
    labels = {s: str(o) for s, o in merged.subject_objects(RDFS.label) if isinstance(s, URIRef)}
    for s, o in merged.subject_objects(SKOS.prefLabel):
        if isinstance(s, URIRef):
            labels.setdefault(s, str(o))
    units = Units.from_graph(ontology)
    if units.problems:  # a unit without its factor would compare values unconverted
        raise DataError("; ".join(units.problems), source=str(paths.ONTOLOGY_FILE))
    return Prepared(
        ontology=ontology,
        knowledge=merged,
        shape_sources=shape_sources,
        superclasses=superclasses if superclasses is not None else subclass_map(ontology),
        narrower=narrower_map(merged),
        units=units,
        sections=section_infos(merged),
        rules=rule_infos(merged),
        labels=labels,
    )


# --------------------------------------------------------------------------- real files


def _parse_files(files: list[Path]) -> Graph:
    g = Graph()
    for path in files:
        g.parse(path, format="turtle")
    return g


def concept_files() -> list[Path]:
    return [p for j in jurisdictions.all() if (p := j.file("concepts.ttl")).exists()]


def curated_files() -> list[Path]:
    return [p for j in jurisdictions.all() for name in ("rules.ttl", "curation.ttl")
            if (p := j.file(name)).exists()]


def load_ontology() -> Graph:
    """Ontology + terms (via kg.build) + every jurisdiction's concepts."""
    from docklaw.kg.build import schema_graph

    g = Graph()
    if paths.ONTOLOGY_FILE.exists():
        g += schema_graph()  # the same files, parsed once per process, shared blank nodes
        return g
    g += _parse_files(sorted(paths.TERMS_DIR.glob("*.ttl")))
    g += _parse_files(concept_files())
    return g


def load_knowledge() -> Graph:
    """The law graph (sections with citations and text, rules, curation); without the section
    graph if ingestion is not available, so validation still works (citations then fall back)."""
    from docklaw.kg import build

    try:
        return build.law_graph()
    except (ModuleNotFoundError, ImportError, FileNotFoundError):
        return _parse_files(curated_files())


def shape_sources() -> dict[str, Graph]:
    """Each code's shapes parsed once (empty graph for a code with no rules and no shapes yet).

    Fails closed: a shapes file that does not parse is refused naming it (the registry already
    refused a code with rules but no shapes)."""
    out: dict[str, Graph] = {}
    for j in jurisdictions.all():
        g = Graph()
        for path in j.shape_files():
            try:
                g.parse(path, format="turtle")
            except Exception as exc:  # rdflib raises several kinds; all mean "broken file"
                raise DataError(f"the shapes do not parse: {exc}", source=str(path)) from exc
        out[j.id] = g
    return out


def check_shapes_enforce_rules(sources: dict[str, Graph], rules: dict[URIRef, RuleInfo]) -> None:
    """Fail closed: a shape whose dl:enforces names no rule would check a limit no rule states
    (or nothing at all). Refused naming the shapes file and the shape."""
    for jid, g in sources.items():
        for shape, rule in g.subject_objects(DL.enforces):
            if rule not in rules:
                files = ", ".join(str(p) for p in jurisdictions.get(jid).shape_files())
                raise DataError(f"shape {shape} enforces {rule}, which is no rule of any code",
                                source=files)


def subclass_inputs_digest() -> str:
    """Digest of what the subclass map is computed from (ontology, terms, concepts, this code)."""
    from docklaw.kg.build import ontology_files

    h = hashlib.sha256()
    for path in [*ontology_files(), *concept_files()]:
        if path.exists():
            h.update(path.name.encode())
            h.update(path.read_bytes())
    h.update(Path(__file__).read_bytes())
    return h.hexdigest()[:20]


def cached_subclass_map(ontology: Graph) -> dict[URIRef, frozenset[URIRef]]:
    """subclass_map() cached on disk by a digest of the ontology files (OWL-RL costs seconds).

    The cache verifies its own content (``docklaw.kg.cache``): an empty, truncated or altered
    file is rebuilt from the ontology, never read as a smaller taxonomy (that would let a
    structure escape the shapes of its class and a violating application "conform")."""
    from docklaw.kg.cache import cache_dir, read_verified, write_verified

    digest = subclass_inputs_digest()
    cached = cache_dir() / f"subclasses-{digest}.nt"
    body = read_verified(cached, "subclasses", digest)
    if body is not None:
        try:
            g = Graph().parse(data=body, format="nt")
        except Exception:  # verified but unparseable (hand-edited): rebuild
            g = None
        if g is not None:
            found: dict[URIRef, set[URIRef]] = {}
            for s, o in g.subject_objects(RDFS.subClassOf):
                found.setdefault(s, set()).add(o)
            return {k: frozenset(v) for k, v in found.items()}
    result_map = subclass_map(ontology)
    out = Graph()
    for cls, supers in result_map.items():
        for sup in supers:
            out.add((cls, RDFS.subClassOf, sup))
    write_verified(cached, "subclasses", digest, out.serialize(format="nt", encoding="utf-8"))
    return result_map


def build_real_prepared() -> Prepared:
    """The Prepared for the real ontology, rules and shapes, built from the sources."""
    ontology = load_ontology()
    sources = shape_sources()
    prepared = build_prepared(ontology, load_knowledge(), sources,
                              superclasses=cached_subclass_map(ontology))
    check_shapes_enforce_rules(sources, prepared.rules)
    return prepared


def jurisdiction_id(value: object) -> str | None:
    """The canonical id from a jurisdiction IRI, an id or an alias (None if unknown)."""
    found = jurisdictions.find(value)
    return found.id if found is not None else None


# --------------------------------------------------------------------------- vocabulary

#: Properties a note stated in an application may use (cite reports them as discrepancies).
DISCREPANCY_PROPERTY = (DL.property, DL.onProperty, DL.discrepancyProperty, DL.constrains)
DISCREPANCY_FOCUS = (DL.focus, DL.focusNode, DL.about, DL.subject, DL.onNode)
DISCREPANCY_MESSAGE = (DL.message, DL.note, RDFS.comment, SKOS.note, RDFS.label)


@cache
def vocabulary_terms() -> frozenset[URIRef]:
    """Every IRI the shipped ontology and terms define or mention (the docklaw vocabulary,
    whichever law a Prepared holds)."""
    return frozenset(t for triple in load_ontology() for t in triple if isinstance(t, URIRef))


def known_terms(prepared: Prepared) -> frozenset[URIRef]:
    """Every IRI the vocabulary, the ontology, the curated law and the shapes mention."""
    cached = getattr(prepared, "_vocabulary_known", None)
    if cached is not None:
        return cached
    found: set[URIRef] = set()
    if prepared.snapshot_digest is None:
        # a Prepared built on other inputs (a fixture, rules read back from a store): the
        # shipped vocabulary still counts. The real, snapshotted one was built on it and holds
        # every term already (re-parsing it cost half a second of every validation).
        found.update(vocabulary_terms())
    found.update(DISCREPANCY_FOCUS + DISCREPANCY_MESSAGE + DISCREPANCY_PROPERTY)
    graphs = [prepared.ontology, prepared.knowledge, *prepared.shape_sources.values()]
    for g in graphs:
        for triple in g:
            found.update(t for t in triple if isinstance(t, URIRef))
    frozen = frozenset(found)
    object.__setattr__(prepared, "_vocabulary_known", frozen)
    return frozen


__all__ = ["BNode", "Prepared", "RuleInfo", "SectionInfo", "build_prepared", "jurisdiction_id",
           "known_terms"]
