"""The applicability sweep: how far each rule reaches, generated from the rules (issue 22).

Why: a rule applies as broadly as its text. Its reach is an allow-list (kinds of work,
structure classes, land uses, existing status) that can silently be written narrower than the
section, and a silent "not applicable" is a false "conforms". For every checked rule whose
shape is a Violation, the sweep starts from an application that violates it (the smallest of
the rule's own test cases that does) and varies one thing at a time: the kind of work
(including none stated), the structure (every class the section names, their subclasses, the
generic parent such as plain ``dl:Dock``, and the structure stated as a part of a dock), the
parcel's land use (every value, generic ones included, and none) and the existing status
(new, lawfully existing, nonconforming, existing but not lawfully). A variation that takes the
rule from "violates" to anything but "needed" must be explained by a quoted narrowing of the
matching kind (``law.narrowing``) whose words do not name what was tried: the words a
narrowing quotes are words the rule must reach. ``python -m docklaw.validate.reach --write``
writes the per-code table into docs/reach.md; tests/test_reach.py runs the sweep per rule.

The evaluation reuses the prepared law in-process with the code's compiled shapes restricted
to the one shape swept (``restricted``): the stages only ever read a rule's own shape, so its
state is the full pipeline's (a test checks this on every seed).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from docklaw import jurisdictions, paths
from docklaw.errors import DocklawError
from docklaw.kg.flatstore import FlatGraph
from docklaw.law.compile import CompiledShapes, without_portions
from docklaw.law.narrowing import Narrowing, condition_properties, narrowings
from docklaw.law.prepare import Prepared
from docklaw.law.snapshot import get_prepared
from docklaw.law.units import curie
from docklaw.namespaces import DL, RDF, RDFS, SH, SKOS, T

START = "<!-- reach:start (generated: python -m docklaw.validate.reach --write) -->"
END = "<!-- reach:end -->"
DOC = "reach.md"
#: States a variation may move a violating rule to without any explanation: it still violates,
#: or it asks for a fact (never silent).
KEPT = ("violates", "needed")
WORK_KINDS = (DL.NewConstruction, DL.Reconstruction, DL.Replacement, DL.Repair,
              DL.Enlargement, DL.Alteration)
#: The existing status of the structure: (label, dl:lawfullyExisting, dl:nonconforming).
STATUSES = (("new (no existing status)", None, None),
            ("lawfully existing", True, None),
            ("nonconforming", None, True),
            ("existing but not lawfully", False, None))
#: Kinds of work on an existing structure a nonconforming status is also tried with (the
#: continuation exceptions of the lake codes name them).
EXISTING_WORK = (DL.Repair, DL.Reconstruction)
STATUS_PROPS = frozenset((DL.lawfullyExisting, DL.nonconforming, DL.existsSince, DL.workKind,
                          DL.damageCause, DL.discontinuedFor, DL.incidentalAlteration,
                          DL.restorationCompletedWithin,
                          DL.onlyMaintenanceProposed))
PARCEL_CLASSES = frozenset((DL.Parcel,))
ROOTS = frozenset((DL.Structure, DL.Vessel))


# --------------------------------------------------------------------------- words


def phrases_of(law: Graph, node: URIRef) -> list[str]:
    """The words a term goes by: its labels and alternative labels, without the code's name in
    brackets, split at commas and "or" ("boat lift, vessel lift or boat hoist")."""
    out: list[str] = []
    for prop in (RDFS.label, SKOS.altLabel):
        for label in law.objects(node, prop):
            text = re.sub(r"\s*\([^)]*\)", "", str(label)).strip().lower()
            out.extend(p.strip() for p in re.split(r",\s*|\s+or\s+", text) if p.strip())
    return sorted(set(out))


class Lexicon:
    """Phrases -> the terms they name, matched longest first ("waterside structure" before
    "structure"), singular or plural, whole words. A phrase the code's own concepts use names
    the code's concept, not the generic term ("dock" in North Haven is nhc:Dock, which
    catwalks are not)."""

    def __init__(self, law: Graph, terms: Iterable[URIRef], own: str | None = None) -> None:
        self.index: dict[str, set[URIRef]] = {}
        for term in terms:
            for phrase in phrases_of(law, term):
                self.index.setdefault(phrase, set()).add(term)
        if own is not None:
            for phrase, found in self.index.items():
                local = {t for t in found if str(t).startswith(own)}
                if local:
                    self.index[phrase] = local
        ordered = sorted(self.index, key=lambda p: (-len(p), p))
        self.patterns = [(p, re.compile(r"(?<![\w-])" + re.escape(p) + r"(?:s|es)?(?![\w-])",
                                        re.IGNORECASE)) for p in ordered]

    def named(self, text: str) -> set[URIRef]:
        taken: list[tuple[int, int]] = []
        found: set[URIRef] = set()
        for phrase, pattern in self.patterns:
            for match in pattern.finditer(text):
                a, b = match.span()
                if any(a < y and x < b for x, y in taken):
                    continue
                taken.append((a, b))
                found |= self.index[phrase]
        return found


@dataclass
class CodeTerms:
    """What the sweep tries in one code: its structure classes, land uses and kinds of work,
    with the words for each."""

    classes: list[URIRef]
    supers: dict[URIRef, frozenset[URIRef]]
    subs: dict[URIRef, set[URIRef]]
    class_words: Lexicon
    land_uses: list[URIRef]
    use_words: Lexicon
    work_words: Lexicon
    narrower: dict[URIRef, frozenset[URIRef]]
    senses: dict[URIRef, URIRef]


@cache
def code_terms(jid: str) -> CodeTerms:
    prepared = get_prepared()
    return build_code_terms(prepared, jid)


def build_code_terms(prepared: Prepared, jid: str) -> CodeTerms:
    law = prepared.knowledge
    own = jurisdictions.get(jid).concept_namespace
    generic = str(DL)
    supers = prepared.superclasses
    every = {c for c in supers if isinstance(c, URIRef)}
    every |= {s for sups in supers.values() for s in sups if isinstance(s, URIRef)}
    mine = {c for c in every if str(c).startswith((generic, own))}
    structural = {c for c in mine if str(c).startswith(generic) and ROOTS & supers.get(c, {c})}
    concepts = {c for c in mine if str(c).startswith(own)
                and any(c in supers.get(s, ()) for s in structural)}
    classes = sorted(structural | concepts, key=str)
    subs: dict[URIRef, set[URIRef]] = {}
    for c in classes:
        for s in supers.get(c, frozenset({c})):
            subs.setdefault(s, set()).add(c)
    uses = sorted((u for u in law.subjects(RDF.type, DL.LandUse) if isinstance(u, URIRef)
                   and str(u).startswith(generic)), key=str)
    senses = {k: g for k, g in law.subject_objects(DL.senseOf)
              if isinstance(k, URIRef) and isinstance(g, URIRef) and str(k).startswith(own)}
    return CodeTerms(classes=classes, supers={c: supers.get(c, frozenset({c})) | {c}
                                              for c in classes},
                     subs=subs, class_words=Lexicon(law, classes, own), land_uses=uses,
                     use_words=Lexicon(law, uses), work_words=Lexicon(law, WORK_KINDS),
                     narrower=prepared.narrower, senses=senses)


# --------------------------------------------------------------------------- cases as seeds


@dataclass(frozen=True)
class Seed:
    """One test case of the code: its application graph and the shapes it expects to fire."""

    name: str
    graph: Graph
    shapes: frozenset[URIRef]


@cache
def seeds_of(jid: str) -> tuple[Seed, ...]:
    """The code's test cases (tests/cases/<jid>/), the t: expectations stripped."""
    from docklaw.validate.intake.parse import parse

    out = []
    for path in sorted(jurisdictions.get(jid).cases_dir.glob("*.ttl")):
        full = parse(path.read_bytes(), "turtle", name=path.name)
        cases = set(full.subjects(RDF.type, T.Case))
        app = FlatGraph(bind_namespaces="none")
        for s, p, o in full:
            if s in cases or str(p).startswith(str(T)) or str(o).startswith(str(T)):
                continue
            app.add((s, p, o))
        shapes = frozenset(o for c in cases for o in full.objects(c, T.expectShape)
                           if isinstance(o, URIRef))
        out.append(Seed(f"{jid}/{path.name}", app, shapes))
    return tuple(out)


# --------------------------------------------------------------------------- evaluation


def restricted(prepared: Prepared, jid: str, shape: URIRef) -> Prepared:
    """The prepared law with the code's compiled shapes cut down to one shape (and its nested
    shapes): every stage reads only that rule, so it is decided as the full pipeline decides
    it, in a tenth of the time."""
    from docklaw.validate.checking.check import shape_index

    full = prepared.compiled(jid)
    shape_index(full)  # the parsed shapes are shared, built once on the full code
    keep = {n for n, top in full.top_shape.items() if top == shape}
    cut = CompiledShapes(
        jurisdiction=jid, graph=full.graph,
        shape_rule={n: r for n, r in full.shape_rule.items() if n in keep},
        top_shape={n: t for n, t in full.top_shape.items() if n in keep},
        info_needed={n for n in full.info_needed if n in keep},
        computed=[c for c in full.computed if c.shape in keep],
        targets={s: q for s, q in full.targets.items() if s == shape},
        lints=[], runtime_graph=full.runtime_graph,
        specs={s: v for s, v in full.specs.items() if s == shape},
        target_needs=full.target_needs, engine=full.engine,
        guards={s: v for s, v in full.guards.items() if s == shape},
        open_targets={s: q for s, q in full.open_targets.items() if s == shape},
        excepted={s: v for s, v in full.excepted.items() if s == shape})
    return prepared.with_compiled({jid: cut})


@dataclass(frozen=True)
class State:
    state: str
    reason: str
    nodes: tuple[tuple[str, str], ...] = ()   # (focus node, its state)

    def nodes_in(self, state: str) -> list[str]:
        return sorted(n for n, s in self.nodes if s == state)


def rule_state(graph: Graph, prepared: Prepared, shape: URIRef, name: str) -> State:
    """The swept rule's state in the report's own accounting (or the input error): the stages
    of ``validate_graph`` that decide it (derive, check, cite, account), without the report's
    extras (measurements, variance figures, readings)."""
    from docklaw.validate.checking.check import check
    from docklaw.validate.findings.accounting import account
    from docklaw.validate.findings.cite import cite
    from docklaw.validate.intake.admit import jurisdiction_of
    from docklaw.validate.pipeline import derive

    try:
        derived = derive(graph, prepared, name)
        jid = jurisdiction_of(derived)
        results, needed = cite(check(derived, prepared, jid), derived, prepared, jid)
        accounting = account(derived, prepared, jid, results, needed)
    except DocklawError as exc:
        return State("input error", str(exc))
    for item in accounting:
        if item.shape == str(shape):
            return State(item.state, item.reason,
                         tuple((n.focus_node, n.state) for n in item.nodes))
    return State("missing", "the rule is not in the accounting")


# --------------------------------------------------------------------------- variations


@dataclass(frozen=True)
class Variation:
    dimension: str           # "work" | "structure" | "land use" | "status"
    label: str
    value: URIRef | None     # the work kind, class or land use tried (None: none stated, a part)
    work: URIRef | None = None  # status variations: the work kind tried with it
    generic: bool = False    # a generic term of what the rule governs (plain dl:Dock)


def node_of(name: str) -> Node:
    return BNode(name[2:]) if name.startswith("_:") else URIRef(name)


def copy(graph: Graph) -> Graph:
    """A copy on a flat store (``kg.flatstore``) without prefixes: the sweep copies each seed
    dozens of times, and binding rdflib's default prefixes cost a fifth of its time (the
    rule's state does not depend on them)."""
    out = FlatGraph(bind_namespaces="none")
    out.store.add_all(graph)
    return out


def containers(graph: Graph, node: Node) -> set[Node]:
    seen = {node}
    stack = [node]
    while stack:
        for owner in graph.subjects(DL.hasPart, stack.pop()):
            if owner not in seen:
                seen.add(owner)
                stack.append(owner)
    return seen


def application(graph: Graph) -> Node | None:
    return next(iter(sorted(graph.subjects(RDF.type, DL.PermitApplication), key=str)), None)


def kind_of(graph: Graph, prepared: Prepared, node: Node) -> str:
    """'application', 'parcel' or 'structure' (vessels count as structures here)."""
    if (node, RDF.type, DL.PermitApplication) in graph:
        return "application"
    types = set(graph.objects(node, RDF.type))
    if any(DL.Parcel in prepared.superclasses.get(t, {t}) for t in types) or (
            None, DL.parcel, node) in graph:
        return "parcel"
    return "structure"


def worked(graph: Graph, prepared: Prepared, focus: Node) -> list[Node]:
    """The structures whose kind of work or status a variation changes: the focus itself, or
    (a rule on the parcel or application) every structure the application proposes."""
    if kind_of(graph, prepared, focus) == "structure":
        return [focus]
    app = application(graph)
    return sorted(graph.objects(app, DL.proposes), key=str) if app is not None else []


def set_work(graph: Graph, targets: list[Node], kind: URIRef | None) -> None:
    for target in targets:
        for node in containers(graph, target):
            graph.remove((node, DL.workKind, None))
        if kind is not None:
            graph.add((target, DL.workKind, kind))


def set_status(graph: Graph, targets: list[Node], lawful: bool | None,
               nonconforming: bool | None) -> None:
    for target in targets:
        graph.remove((target, DL.lawfullyExisting, None))
        graph.remove((target, DL.nonconforming, None))
        if lawful is not None:
            graph.add((target, DL.lawfullyExisting, Literal(lawful)))
        if nonconforming is not None:
            graph.add((target, DL.nonconforming, Literal(nonconforming)))


@cache
def mentioned(jid: str) -> frozenset[URIRef]:
    """Every IRI the code's checked law can test a fact against: what its rules (and their
    conditions, limits and allocation tables) and its compiled shapes (targets included) name,
    and the classes the totals they compare count (dl:countedFrom). Two classes (or land uses)
    that agree on all of these are decided alike, so the sweep tries one of them."""
    prepared = get_prepared()
    law = prepared.knowledge
    compiled = prepared.compiled(jid)
    found: set[URIRef] = set()
    stack: list[Node] = [r for r in set(compiled.shape_rule.values())]
    seen: set[Node] = set()
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        for _p, o in law.predicate_objects(node):
            if isinstance(o, BNode) or (o, RDF.type, DL.AllocationTable) in law or (
                    o, RDF.type, DL.TotalDerivation) in law:
                stack.append(o)
            elif isinstance(o, URIRef):
                found.add(o)
    for _s, _p, o in compiled.graph:
        if isinstance(o, URIRef):
            found.add(o)
        elif isinstance(o, Literal):
            found.update(URIRef(i) for i in re.findall(r"<(https?://[^>\s]+)>",
                                                       without_portions(str(o))))
    for query in compiled.targets.values():
        found.update(URIRef(i) for i in re.findall(r"<(https?://[^>\s]+)>",
                                                   without_portions(query)))
    return frozenset(found)


def class_signature(terms: CodeTerms, jid: str, cls: URIRef) -> frozenset[URIRef]:
    return frozenset(terms.supers.get(cls, frozenset({cls})) & mentioned(jid))


def use_signature(terms: CodeTerms, jid: str, use: URIRef) -> tuple[frozenset[URIRef], ...]:
    said = mentioned(jid)
    above = frozenset(m for m in said if use in terms.narrower.get(m, frozenset({m})))
    below = frozenset(m for m in said if m in terms.narrower.get(use, frozenset({use})))
    return above, below


def distinct(items: Iterable[URIRef], signature: Callable[[URIRef], object]) -> list[URIRef]:
    """One item per signature (the first by name): the law cannot tell the others apart."""
    chosen: dict[object, URIRef] = {}
    for item in sorted(items, key=str):
        chosen.setdefault(signature(item), item)
    return sorted(chosen.values(), key=str)


def generic_parents(terms: CodeTerms, stated: set[URIRef]) -> set[URIRef]:
    """The generic classes right above the stated ones (dl:Dock above dl:FixedDock)."""
    out: set[URIRef] = set()
    for t in stated:
        above = {p for p in terms.supers.get(t, frozenset()) - {t}
                 if str(p).startswith(str(DL)) and p not in ROOTS}
        out |= {p for p in above if not any(p in terms.supers.get(q, frozenset()) - {q}
                                            for q in above)}
    return out


def parents_of(terms: CodeTerms, rule_governs: set[URIRef], stated: set[URIRef]) -> set[URIRef]:
    """Generic terms the structure may be stated as: the generic sense of a governed class and
    the generic class right above the stated one. A rule never silently skips these."""
    return {terms.senses[g] for g in rule_governs if g in terms.senses} | \
        generic_parents(terms, stated)


def structure_candidates(prepared: Prepared, jid: str, rule: URIRef, graph: Graph,
                         focus: Node) -> list[URIRef]:
    """The classes a structure is tried as: every class the section (or a quote of the rule)
    names, each subclass of those and of the governed classes, and the generic parents (the
    generic term the governed class is the code's sense of, the parent of the stated class);
    classes the code's law cannot tell apart are tried once."""
    law = prepared.knowledge
    terms = code_terms(jid)
    info = prepared.rules.get(rule)
    texts = []
    if info is not None and info.section is not None:
        section = prepared.sections.get(info.section)
        if section is not None and section.text:
            texts.append(section.text)
    texts += [q for n in narrowings(law, rule) for q in n.quotes]
    named: set[URIRef] = set()
    for text in texts:
        named |= terms.class_words.named(text)
    governed = {g for g in law.objects(rule, DL.governs) if isinstance(g, URIRef)}
    out: set[URIRef] = set(named)
    for c in named | governed:
        out |= terms.subs.get(c, set())
    for g in governed:
        if g in terms.senses:
            out.add(terms.senses[g])
    stated = {t for t in graph.objects(focus, RDF.type) if isinstance(t, URIRef)}
    out |= generic_parents(terms, stated)
    keep = {c for c in out if c in terms.supers}
    vessel = any(DL.Vessel in terms.supers[t] for t in stated if t in terms.supers)
    keep = {c for c in keep if (DL.Vessel in terms.supers[c]) == vessel}
    stated_sigs = {class_signature(terms, jid, t) for t in stated if t in terms.supers}
    return [c for c in distinct(keep - stated, lambda c: class_signature(terms, jid, c))
            if class_signature(terms, jid, c) not in stated_sigs or c in named]


def variations(prepared: Prepared, jid: str, rule: URIRef, seed: Graph,
               focus: Node) -> list[tuple[Variation, Graph]]:
    """Every one-thing-at-a-time variation of the seed for the rule swept."""
    out: list[tuple[Variation, Graph]] = []
    targets = worked(seed, prepared, focus)
    if targets:
        for kind in (*WORK_KINDS, None):
            g = copy(seed)
            set_work(g, targets, kind)
            out.append((Variation("work", curie(kind) if kind else "none stated", kind), g))
        tried = [(s, None) for s in STATUSES] + [(STATUSES[2], w) for w in EXISTING_WORK]
        for (label, lawful, nonconforming), work in tried:
            if True:
                g = copy(seed)
                set_status(g, targets, lawful, nonconforming)
                text = label
                if work is not None:
                    set_work(g, targets, work)
                    text = f"{label}, {curie(work)}"
                out.append((Variation("status", text, None, work), g))
    if kind_of(seed, prepared, focus) == "structure":
        governed = {g for g in prepared.knowledge.objects(rule, DL.governs)
                    if isinstance(g, URIRef)}
        stated = {t for t in seed.objects(focus, RDF.type) if isinstance(t, URIRef)}
        generic = parents_of(code_terms(jid), governed, stated)
        for cls in structure_candidates(prepared, jid, rule, seed, focus):
            g = copy(seed)
            g.remove((focus, RDF.type, None))
            g.add((focus, RDF.type, cls))
            label = short(cls) + (" (generic)" if cls in generic else "")
            out.append((Variation("structure", label, cls, generic=cls in generic), g))
        out.append((Variation("structure", "stated as part of a dl:FixedDock", None),
                    as_part(seed, focus)))
    app = application(seed)
    parcels = sorted(seed.objects(app, DL.parcel), key=str) if app is not None else []
    if parcels:
        terms = code_terms(jid)
        uses = distinct(terms.land_uses, lambda u: use_signature(terms, jid, u))
        for use in (*uses, None):
            g = copy(seed)
            for parcel in parcels:
                g.remove((parcel, DL.landUse, None))
                if use is not None:
                    g.add((parcel, DL.landUse, use))
            out.append((Variation("land use", curie(use) if use else "none stated", use), g))
    return out


def as_part(seed: Graph, focus: Node) -> Graph:
    """The seed with the focus stated as a part of a new fixed dock (proposed in its place)."""
    g = copy(seed)
    dock = URIRef("urn:docklaw:reach:whole-dock")
    g.add((dock, RDF.type, DL.FixedDock))
    for app in list(g.subjects(DL.proposes, focus)):
        g.remove((app, DL.proposes, focus))
        g.add((app, DL.proposes, dock))
    for parcel in list(g.subjects(DL.hasStructure, focus)):
        g.remove((parcel, DL.hasStructure, focus))
        g.add((parcel, DL.hasStructure, dock))
    for owner in list(g.subjects(DL.hasPart, focus)):
        g.remove((owner, DL.hasPart, focus))
        g.add((owner, DL.hasPart, dock))
    if (None, DL.hasPart, dock) not in g and (None, DL.proposes, dock) not in g:
        app = application(g)
        if app is not None:
            g.add((app, DL.proposes, dock))
    g.add((dock, DL.hasPart, focus))
    return g


def short(term: URIRef) -> str:
    text = str(term)
    if "/concept/" in text:
        return text.split("/concept/", 1)[1]
    return curie(term)


# --------------------------------------------------------------------------- explanation


def names(terms: CodeTerms, quotes: tuple[str, ...], variation: Variation) -> bool:
    """Whether the quoted words name what the variation tried (or something broader)."""
    value = variation.value if variation.dimension != "status" else variation.work
    if value is None:
        return False
    text = " ".join(quotes)
    if variation.dimension == "structure":
        return bool(terms.class_words.named(text) & terms.supers.get(value, frozenset({value})))
    if variation.dimension == "land use":
        return any(value in terms.narrower.get(u, frozenset({u}))
                   for u in terms.use_words.named(text))
    return value in terms.work_words.named(text)


#: The facts a dimension varies: a rule that compares one of them (dl:constrains) is decided
#: by the variation, not narrowed by it.
COMPARED = {"work": frozenset((DL.workKind,)), "structure": frozenset((RDF.type,)),
            "land use": frozenset((DL.landUse,)),
            "status": frozenset((DL.lawfullyExisting, DL.nonconforming))}
#: For each dimension: the rule properties whose narrowing can explain a drop, and for
#: dl:appliesWhen / dl:exceptWhen the facts their conditions must read.
OWN_PROPERTY = {"work": DL.appliesToWork, "structure": DL.governs,
                "land use": DL.appliesToLandUse, "status": DL.appliesToWork}
CONDITION_FACTS = {"work": frozenset((DL.workKind, DL.onlyMaintenanceProposed)),
                   "structure": frozenset((RDF.type, DL.hasPart)),
                   "land use": frozenset((DL.landUse,)),
                   "status": STATUS_PROPS}


def explaining(prepared: Prepared, jid: str, rule: URIRef,
               variation: Variation) -> list[Narrowing]:
    """The rule's quoted narrowings that explain the variation's taking the rule out: one of
    the dimension's own property whose words do not name what was tried, an explicit target,
    or a condition or exception reading the varied fact."""
    law = prepared.knowledge
    terms = code_terms(jid)
    out = []
    for n in narrowings(law, rule):
        if not n.quotes:
            continue
        own = OWN_PROPERTY[variation.dimension]
        if n.narrows == own and not (variation.dimension == "status" and variation.work is None):
            if variation.dimension == "structure" and (variation.value is None
                                                       or variation.generic):
                continue  # a part, or the generic word, is still what the rule governs
            if not names(terms, n.quotes, variation):
                out.append(n)
        elif n.narrows == SH.target or (n.narrows in (DL.appliesWhen, DL.exceptWhen) and (
                condition_properties(law, rule, n.narrows)
                & CONDITION_FACTS[variation.dimension])):
            out.append(n)
    return out


# --------------------------------------------------------------------------- the sweep


@dataclass
class Outcome:
    variation: Variation
    state: str
    reason: str
    explained_by: list[Narrowing] = field(default_factory=list)
    compared: bool = False   # the varied fact is the one the rule compares (not its reach)

    @property
    def silent(self) -> bool:
        return self.state not in KEPT and not self.compared

    @property
    def unexplained(self) -> bool:
        return self.silent and not self.explained_by


@dataclass
class RuleReach:
    jid: str
    rule: URIRef
    shape: URIRef
    section: URIRef | None
    seed: str | None = None
    focus: str | None = None
    seed_state: str | None = None
    problem: str | None = None
    outcomes: list[Outcome] = field(default_factory=list)

    def failures(self) -> list[str]:
        out = [f"{self.rule}: {self.problem}"] if self.problem else []
        out += [f"{self.rule} on {self.seed}, {o.variation.dimension} {o.variation.label}: "
                f"violates -> {o.state} ({o.reason}) and no quoted narrowing explains it"
                for o in self.outcomes if o.unexplained]
        return out


def swept_shapes(prepared: Prepared, jid: str) -> list[URIRef]:
    """Shapes whose result is a Violation: rules that limit a number or forbid something."""
    compiled = prepared.compiled(jid)
    out = []
    for shape in compiled.shapes:
        severity = compiled.graph.value(shape, SH.severity)
        if isinstance(shape, URIRef) and severity in (None, SH.Violation):
            out.append(shape)
    return out


def sweep_rule(prepared: Prepared, jid: str, shape: URIRef,
               progress: Callable[[str], None] | None = None) -> RuleReach:
    """The sweep of one rule: its seed, then every variation's state and explanation."""
    compiled = prepared.compiled(jid)
    rule = compiled.shape_rule[shape]
    info = prepared.rules.get(rule)
    found = RuleReach(jid, rule, shape, info.section if info is not None else None)
    cut = restricted(prepared, jid, shape)
    # A seed whose application names what it proposes first: where the proposal is read from
    # the work a structure states (``parts.propose_worked``), varying that work unproposes it
    candidates = sorted((s for s in seeds_of(jid) if shape in s.shapes),
                        key=lambda s: ((None, DL.proposes, None) not in s.graph,
                                       len(s.graph), s.name))
    tried = [(seed, rule_state(seed.graph, cut, shape, seed.name)) for seed in candidates[:8]]
    for wanted in KEPT:  # a violating seed; else one where the rule applies but asks
        chosen = next(((seed, st) for seed, st in tried if st.nodes_in(wanted)), None)
        if chosen is not None:
            found.seed, found.focus = chosen[0].name, chosen[1].nodes_in(wanted)[0]
            found.seed_state = wanted
            break
    else:
        found.problem = ("no test case of the rule has it violated or undecided (a case with "
                         "t:expectShape where the rule applies)")
        return found
    graph = next(s.graph for s in candidates if s.name == found.seed)
    focus = node_of(found.focus)
    constrained = set(prepared.knowledge.objects(rule, DL.constrains))
    for variation, varied in variations(prepared, jid, rule, graph, focus):
        state = rule_state(varied, cut, shape, f"{found.seed} ({variation.label})")
        outcome = Outcome(variation, state.state, state.reason,
                          compared=bool(constrained & COMPARED[variation.dimension]))
        if outcome.silent:
            outcome.explained_by = explaining(prepared, jid, rule, variation)
        found.outcomes.append(outcome)
    if progress is not None:
        progress(str(rule))
    return found


@cache
def sweep_code(jid: str) -> tuple[RuleReach, ...]:
    """Every swept rule of one code (computed once per process)."""
    prepared = get_prepared()
    return tuple(sweep_rule(prepared, jid, shape) for shape in swept_shapes(prepared, jid))


def reach_of(jid: str, shape: URIRef) -> RuleReach:
    for item in sweep_code(jid):
        if item.shape == shape:
            return item
    raise KeyError(shape)


# --------------------------------------------------------------------------- the document


def rule_row(prepared: Prepared, item: RuleReach) -> str:
    """One row of the table: the seed, how many variations keep the rule, and for each quoted
    narrowing the variations it takes the rule out of (unexplained ones in bold)."""
    section = prepared.sections.get(item.section) if item.section is not None else None
    cited = section.citation if section is not None else ""
    name = str(item.rule).rsplit("/", 1)[-1]
    if item.problem:
        return f"| {name} | {cited} | — | {item.problem} | |"
    tried = len(item.outcomes)
    kept = sum(1 for o in item.outcomes if o.state == item.seed_state)
    by_words: dict[str, list[str]] = {}
    for o in item.outcomes:
        if not o.silent:
            continue
        tried_text = f"{o.variation.dimension} {o.variation.label} ({o.state})"
        own = [n for n in o.explained_by if n.narrows == OWN_PROPERTY[o.variation.dimension]]
        for n in own or o.explained_by or [None]:
            key = n.describe(prepared, item.section) if n is not None else "**unexplained**"
            by_words.setdefault(key, []).append(tried_text)
    stops = "<br>".join(f"{words}: " + ", ".join(v) for words, v in sorted(by_words.items())) \
        or "reaches every variation tried"
    asks = ", ".join(sorted({f"{o.variation.dimension} {o.variation.label}"
                             for o in item.outcomes if o.state == "needed"}))
    seed = (item.seed or "").split("/", 1)[-1].removesuffix(".ttl")
    verb = "violate" if item.seed_state == "violates" else "ask (the seed asks)"
    return f"| {name} | {cited} | {seed} | {kept} of {tried} {verb}; {stops} | {asks or '—'} |"


def render(prepared: Prepared | None = None) -> str:
    prepared = prepared or get_prepared()
    lines = [START, "", "## How far each rule reaches", "",
             "Generated by the applicability sweep (`python -m docklaw.validate.reach --write`; "
             "docs/DESIGN.md, \"Quoted narrowings\"); do not edit by hand. For every rule whose "
             "result is a Violation, the sweep takes the smallest test case that violates it "
             "(\"seed\") and varies one thing at a time: the kind of work, the structure (each "
             "class the section names, their subclasses, the generic parent, and the structure "
             "as a part of a dock), the parcel's land use, and the structure's existing status. "
             "\"Where it stops\" gives, for each quoted narrowing, the variations it takes the "
             "rule out of; \"asks\" lists the variations that leave it undecided (information "
             "needed). A variation of the fact the rule itself compares (the land use a rule "
             "requires) is not a narrowing and is not listed.", ""]
    for jid in jurisdictions.ids():
        lines.append(code_table(prepared, jid))
    lines.append(END)
    return "\n".join(lines) + "\n"


def code_table(prepared: Prepared, jid: str) -> str:
    """One code's part of the document (its heading, table and a blank line)."""
    lines = [f"### {jid}", "", "| rule | section | seed | where it stops | asks |",
             "| --- | --- | --- | --- | --- |"]
    lines += [rule_row(prepared, item) for item in sweep_code(jid)]
    return "\n".join(lines) + "\n"


def replace_section(document: str, section: str) -> str:
    if START in document and END in document:
        head, rest = document.split(START, 1)
        _old, tail = rest.split(END, 1)
        return head + section.rstrip("\n") + tail
    return document.rstrip("\n") + "\n\n" + section


def doc_path() -> Path:
    return paths.ROOT / "docs" / DOC


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m docklaw.validate.reach",
                                     description="Print (or --write into docs/reach.md) how "
                                                 "far each rule reaches.")
    parser.add_argument("--write", action="store_true", help="update docs/reach.md")
    parser.add_argument("--failures", action="store_true",
                        help="print only the unexplained drops (exit 1 when there are any)")
    args = parser.parse_args(argv)
    if args.failures:
        failures = [f for jid in jurisdictions.ids() for item in sweep_code(jid)
                    for f in item.failures()]
        sys.stdout.write("\n".join(failures) + ("\n" if failures else ""))
        return 1 if failures else 0
    text = render()
    if args.write:
        doc = doc_path()
        old = doc.read_text(encoding="utf-8") if doc.exists() else "# How far each rule reaches\n"
        doc.write_text(replace_section(old, text), encoding="utf-8")
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
