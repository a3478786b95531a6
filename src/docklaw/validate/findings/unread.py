"""No silently ignored input: what the code does not read is said, never dropped.

Why: a documented term that the jurisdiction's rules never read (``dl:permitSought`` in Kings
Point, ``dl:material`` in North Hempstead, a float's ``dl:area``) did not count, and the clerk
must be able to see that; but the docs ask applicants to state such terms for every code, so
a Warning for each made every "complete" application look faulty (issue 25). A known term no
rule or derivation of the code reads at all is listed in the report as "not read by this code"
(``not_read``: JSON, text, ``--explain``); a term the code reads, stated on a kind of node where
it does not (a parcel's fact stated on a structure), is a Warning naming where it is read: it
is probably misplaced. Unknown terms are refused at intake (``intake.vocabulary``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.namespace import OWL
from rdflib.term import Node

from docklaw import jurisdictions
from docklaw.law.components import described
from docklaw.law.prepare import (
    DISCREPANCY_FOCUS,
    DISCREPANCY_MESSAGE,
    DISCREPANCY_PROPERTY,
    Prepared,
)
from docklaw.law.targets import reachable
from docklaw.law.units import curie
from docklaw.namespaces import DL, RDF, SH, TRUE, jurisdiction_iri
from docklaw.validate.derivation.defined import defined_classes
from docklaw.validate.derivation.derive import code_senses
from docklaw.validate.findings.cite import Result
from docklaw.validate.intake.vocabulary import DOCKLAW
from docklaw.validate.values import node_name

#: Why a stated term is listed as not read (every other reason is a Warning: misplaced).
NOT_READ = "no rule of this code reads it"
IRI_IN_TEXT = re.compile(r"<(https://w3id\.org/docklaw/ontology#[A-Za-z0-9_]+)>")
#: Modules whose dl: terms the pipeline reads for every code (parse -> derive -> geometry).
#: totals.py runs only for codes declaring per-parcel allocation counts and is handled apart.
PIPELINE_SOURCES = ("validate/derivation/derive.py", "validate/derivation/applicability.py",
                    "validate/derivation/defaults.py", "law/targets.py",
                    "law/limits.py", "validate/intake/structures.py",
                    "law/monthday.py", "validate/intake/admit.py")
#: What the geometry stage reads (its other dl: terms are what it derives or compares), and
#: links every application has.
ALWAYS_READ = frozenset({DL.shoreline, DL.lotLine, DL.neighbourLotLine, DL.datum,
                         DL.waterRightsLine, DL.facilityAreaLine, DL.mooredAt,
                         DL.surveyFrameInFeet, DL.applicant, DL.jurisdiction, DL.parcel,
                         DL.proposes, DL.hasStructure, DL.hasPart})
#: What the geometry stage reads besides (the features it draws: lines, outlets, channels), for
#: the classes a stated type may name (``unread_types``).
GEOMETRY_SOURCES = ("geometry",)
DL_REFERENCE = re.compile(r"DL(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\"([A-Za-z0-9_]+)\"\])")


@cache
def pipeline_terms() -> frozenset[URIRef]:
    """dl: terms the validator's derivations read for every code (from their source)."""
    root = Path(__file__).resolve().parents[2]  # src/docklaw
    found: set[URIRef] = set()
    for rel in PIPELINE_SOURCES:
        path = root / rel
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            for a, b in DL_REFERENCE.findall(file.read_text(encoding="utf-8")):
                found.add(DL[a or b])
    return frozenset(found | ALWAYS_READ)


@cache
def geometry_terms() -> frozenset[URIRef]:
    """dl: terms the geometry stage reads for every code (from its source)."""
    root = Path(__file__).resolve().parents[2]  # src/docklaw
    found: set[URIRef] = set()
    for rel in GEOMETRY_SOURCES:
        for file in sorted((root / rel).rglob("*.py")):
            for a, b in DL_REFERENCE.findall(file.read_text(encoding="utf-8")):
                found.add(DL[a or b])
    return frozenset(found)


def _closure_iris(g: Graph, node: Node, out: set[URIRef], seen: set[Node],
                  skip: set[tuple[URIRef, URIRef]] | frozenset[tuple[URIRef, URIRef]]
                  = frozenset()) -> None:
    """Every IRI reachable from ``node`` through blank nodes (rule expressions, conditions),
    but for the objects of ``node``'s own (predicate, object) pairs in ``skip``."""
    if node in seen:
        return
    seen.add(node)
    for p, o in g.predicate_objects(node):
        if (p, o) in skip:
            out.add(p)
            continue
        if isinstance(p, URIRef):
            out.add(p)
        if isinstance(o, URIRef):
            out.add(o)
            if (o, RDF.type, DL.TotalDerivation) in g:  # a shared derivation (totals.ttl)
                _closure_iris(g, o, out, seen)
        elif isinstance(o, BNode):
            _closure_iris(g, o, out, seen)
        elif isinstance(o, Literal):
            out.update(URIRef(m) for m in IRI_IN_TEXT.findall(str(o)))


def read_terms(prepared: Prepared, jid: str) -> dict[URIRef, frozenset[URIRef] | None]:
    """property -> the classes on which the code reads it (None: on any node)."""
    return _read(prepared, jid)[0]


def read_only_on_parts(prepared: Prepared, jid: str) -> frozenset[URIRef]:
    """The facts the code reads only on a part of a structure its rules reach (a shape's path
    ``( [ sh:oneOrMorePath dl:hasPart ] P )``, nothing else reading P): stated on a structure
    that is a part of nothing, no rule reads it there (North Haven's § 56-4F reads the
    orientation of a catwalk's floats and extensions, not of the catwalk, blind review 130 F4)."""
    return _read(prepared, jid)[1]


def _read(prepared: Prepared, jid: str
          ) -> tuple[dict[URIRef, frozenset[URIRef] | None], frozenset[URIRef]]:
    cache_name = f"_vocabulary_read_parts_{jid}"
    cached = getattr(prepared, cache_name, None)
    if cached is not None:
        return cached
    compiled = prepared.compiled(jid)
    g = compiled.graph
    anywhere: set[URIRef] = set(pipeline_terms())  # and what cite reads on stated notes
    anywhere.update(DISCREPANCY_FOCUS + DISCREPANCY_MESSAGE + DISCREPANCY_PROPERTY)
    on: dict[URIRef, set[URIRef]] = {}
    #: rule -> the facts its own shapes read on the classes they reach (a path's first step)
    own_reads: dict[URIRef, set[URIRef]] = {}
    #: the facts a shape reads only on the parts of the structures it reaches
    through_parts: set[URIRef] = set()
    for top in compiled.shapes:
        spec = compiled.specs.get(top)
        # the classes the shape reaches: its generated target's, else (a hand-written target)
        # the classes its rule governs, which that target narrows (a vessel moored at a
        # catwalk is read as a vessel: fix-nh7); a rule governing nothing reads anywhere
        rule_of_shape = compiled.shape_rule.get(top)
        reached: frozenset[URIRef] = (
            spec.reach_classes if spec is not None
            else frozenset(c for c in prepared.knowledge.objects(rule_of_shape, DL.governs)
                           if isinstance(c, URIRef)) if isinstance(rule_of_shape, URIRef)
            else frozenset())
        iris: set[URIRef] = set()
        _closure_iris(g, top, iris, set())
        first_steps: set[URIRef] = set()
        part_steps: set[URIRef] = set()  # read on the focus's parts only: ( [+ hasPart] P )
        for node in [top, *g.objects(top, SH.property)]:
            path = g.value(node, SH.path)
            if isinstance(path, URIRef):
                first_steps.add(path)
            elif isinstance(path, BNode) and g.value(path, RDF.first) is not None:
                steps = list(Collection(g, path))
                if isinstance(steps[0], URIRef):
                    first_steps.add(steps[0])
                elif len(steps) == 2 and isinstance(steps[1], URIRef) and g.value(
                        steps[0], SH.oneOrMorePath) == DL.hasPart:
                    part_steps.add(steps[1])
        for iri in iris:
            if reached and iri in part_steps and iri not in first_steps:
                through_parts.add(iri)
                rule = compiled.shape_rule.get(top)
                if isinstance(rule, URIRef):
                    own_reads.setdefault(rule, set()).add(iri)
            elif reached and iri in first_steps and iri not in anywhere:
                on.setdefault(iri, set()).update(reached)
                rule = compiled.shape_rule.get(top)
                if isinstance(rule, URIRef):
                    own_reads.setdefault(rule, set()).add(iri)
            else:
                anywhere.add(iri)
    for rule in prepared.rules_of(jid):
        # what a rule names is read anywhere (its conditions, on a whole or a part), except the
        # fact it constrains where its own shapes read that on the classes they reach: there
        # the shapes say on which kind of node (Kings Point's dl:rentedOrLeased on a dock or a
        # structure listed on one: stated on the lot, it is probably misplaced)
        skip = own_reads.get(rule.iri, set())
        _closure_iris(prepared.knowledge, rule.iri, anywhere, set(),
                      skip={(DL.constrains, p) for p in skip})
    prefix = f"{DOCKLAW}code/{jid}/"
    for table in prepared.knowledge.subjects(RDF.type, DL.AllocationTable):
        if str(table).startswith(prefix):
            _closure_iris(prepared.knowledge, table, anywhere, set())
    for kind in (DL.FactIdentity, DL.FactLowerBound):  # (samefact.py)
        for identity in prepared.knowledge.subjects(RDF.type, kind):
            if (identity, DL.jurisdiction, jurisdiction_iri(jid)) in prepared.knowledge:
                _closure_iris(prepared.knowledge, identity, anywhere, set())
    # the facts a definition of the code classifies by (a boathouse or gazebo waterside of the
    # high-water line is of a class the rules reach: dl:locatedWaterside decided that)
    stack = [d for _c, d in defined_classes(prepared, jid)]
    while stack:
        definition = stack.pop()
        if definition[0] == "value" and isinstance(definition[1], URIRef):
            anywhere.add(definition[1])
        elif definition[0] == "and":
            stack.extend(definition[1])
    read = anywhere | set(on)
    for fact, what in described(prepared.ontology).items():  # the flags saying a part is absent
        if DL[fact.split(":", 1)[1]] in read:
            anywhere.update(what.flags)
    for portion, widest in prepared.ontology.subject_objects(DL.widestOf):
        if widest in read and isinstance(portion, URIRef):  # (it bounds the width read)
            anywhere.add(portion)
    for reach in prepared.ontology.subjects(DL.farthestOfParts, TRUE):
        if reach in read:  # (a part's own length and place bound the reach read:
            anywhere.update((DL.length, DL.atSeawardEnd))  # grown.reach_past_own_lengths)
    for rule in prepared.rules_of(jid):  # (a float's reach and place bound a length read with
        if (rule.iri, DL.measureIncludesFloats, TRUE) in prepared.knowledge:  # floats:
            for length in rule.constrains:  # grown.lengths_past_floats)
                if (length, DL.longestOfParts, TRUE) in prepared.ontology:
                    anywhere.add(DL.atSeawardEnd)
                    anywhere.update(q for q in prepared.ontology.subjects(DL.comparesAs, length)
                                    if isinstance(q, URIRef))
    for p, q in prepared.ontology.subject_objects(OWL.inverseOf):  # written both ways at intake
        if isinstance(p, URIRef) and isinstance(q, URIRef) and (p in read or q in read):
            anywhere.update((p, q))
    out: dict[URIRef, frozenset[URIRef] | None] = {p: None for p in anywhere}
    for prop, classes in on.items():
        if prop not in anywhere:
            out[prop] = frozenset(k for c in classes for k in kind_of(prepared, c))
    only_parts = frozenset(p for p in through_parts if p not in out)
    out.update((p, None) for p in only_parts)
    object.__setattr__(prepared, cache_name, (out, only_parts))
    return out, only_parts


#: The kinds of node a shape's reading is told by (``read_terms``): the application, the parcel,
#: what stands on it (a structure, its part) and what lies at a structure (a vessel).
APPLICATION, PARCEL = (DL.PermitApplication,), (DL.Parcel,)
STRUCTURE, VESSEL = (DL.Structure,), (DL.Vessel,)


def kind_of(prepared: Prepared, cls: URIRef) -> tuple[URIRef, ...]:
    """The kind of node a class a shape reaches is of (``APPLICATION``, ``PARCEL``,
    ``STRUCTURE`` or ``VESSEL``): where the code reads a fact is told by kind only, never by
    the class itself. A structure of a class the rule does not reach may yet be of one it does
    (a lift of unstated kind, a roofed lift that may be a boathouse), or answer for one (a main
    walkway's width is its dock's main walkway width, a canopy's deck its boat station's): the
    shapes' classes would call such facts misplaced when they are read. A vessel is no
    structure (dl:Vessel: "A floating means of conveyance"): a fact the code reads on
    structures only, stated on a boat (Kings Point's dl:rentedOrLeased, the letting of a dock's
    slips), did not count there and is said to be misplaced (review kp4, finding 2); one read
    on vessels (a rule governing dl:Vessel) is read there. A class above both kinds (neither a
    structure's nor a vessel's, with members of both) is both."""
    supers = prepared.superclasses.get(cls, frozenset({cls})) | {cls}
    if DL.PermitApplication in supers:
        return APPLICATION
    if DL.Parcel in supers:
        return PARCEL
    if DL.Vessel in supers:
        return VESSEL
    if DL.Structure in supers:
        return STRUCTURE
    above_vessel = cls in prepared.superclasses.get(DL.Vessel, frozenset())
    return STRUCTURE + VESSEL if above_vessel else STRUCTURE


def unread_terms(raw: Graph, derived: Graph, prepared: Prepared, jid: str
                 ) -> list[tuple[Node, URIRef, str]]:
    """(node, property, why) for each stated docklaw property the code never reads there."""
    read = read_terms(prepared, jid)
    parts_only = read_only_on_parts(prepared, jid)
    removed = set(derived.subjects(DL.removedAs, None))  # (the report says none of it counts)
    out: list[tuple[Node, URIRef, str]] = []
    for s, p in sorted({(s, p) for s, p, _o in raw}, key=lambda t: (str(t[0]), str(t[1]))):
        if not str(p).startswith(str(DL)) or p == RDF.type or s in removed:
            continue
        if p not in read or (p in parts_only and (None, DL.hasPart, s) not in derived):
            out.append((s, p, NOT_READ))
            continue
        classes = read[p]
        if classes is not None and set(derived.objects(s, RDF.type)).isdisjoint(classes):
            kinds = ", ".join(sorted(curie(c) for c in classes))
            out.append((s, p, f"this code reads it only on {kinds}"))
    return out


@dataclass(frozen=True)
class NotRead:
    """A stated term of the vocabulary that no rule or derivation of this code reads."""

    focus_node: str
    path: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"focus_node": self.focus_node, "path": self.path, "reason": self.reason}


def class_read(prepared: Prepared, jid: str, cls: URIRef) -> bool:
    """Whether anything of the code reads a node stated of the class: the class, one of its
    superclasses or (a class of the code's own) the generic class it is the sense of
    (``dl:senseOf``, with that class's superclasses) is named by a shape, rule or allocation
    table of the code, or read by the pipeline's derivations or the geometry stage."""
    read = read_terms(prepared, jid)
    senses = code_senses(prepared, jid)
    closure = set(prepared.superclasses.get(cls, frozenset({cls}))) | {cls}
    for generic in {g for c in closure for g in senses.get(c, ())}:
        closure |= set(prepared.superclasses.get(generic, frozenset({generic}))) | {generic}
    return any(c in read or c in geometry_terms() for c in closure)


def unread_types(raw: Graph, prepared: Prepared, jid: str) -> list[tuple[Node, URIRef, str]]:
    """(node, class, why) for each class of structure (``dl:Structure`` or below) or of a
    code's words stated as a node's type that nothing of the code reads (``class_read``); the
    classes of what a property links (a person, a lot line) are read through the property.

    Why: a structure typed only with such a class (North Haven's own "permanent structure on
    decking" before the rule read it, blind review 70; another code's word, ``nhc:Float`` in a
    Kings Point application) is reached by no rule and changes no verdict: the clerk must see
    that it did not count, as with a property no rule reads."""
    own = jurisdictions.get(jid).concept_namespace
    concept_base = own[: own.rstrip("/").rfind("/") + 1]  # .../concept/
    out: list[tuple[Node, URIRef, str]] = []
    for node, cls in sorted(raw.subject_objects(RDF.type), key=lambda t: (str(t[0]), str(t[1]))):
        if not isinstance(cls, URIRef) or not (  # a structure, or a code's word
                str(cls).startswith(concept_base)
                or DL.Structure in prepared.superclasses.get(cls, frozenset())):
            continue
        if class_read(prepared, jid, cls):
            continue
        text = str(cls)
        if text.startswith(concept_base) and not text.startswith(own):
            other = text[len(concept_base):].split("/", 1)[0]
            out.append((node, cls, f"a class of another code ({other}); {NOT_READ}"))
        else:
            out.append((node, cls, NOT_READ))
    return out


def not_read(raw: Graph, derived: Graph, prepared: Prepared, jid: str) -> list[NotRead]:
    """The stated terms this code does not read at all (listed, not warned about): properties,
    and classes stated as a node's type (path ``rdf:type <class>``)."""
    return [*(NotRead(node_name(node), curie(prop), why)
              for node, prop, why in unread_terms(raw, derived, prepared, jid)
              if why == NOT_READ),
            *(NotRead(node_name(node), f"rdf:type {curie(cls)}", why)
              for node, cls, why in unread_types(raw, prepared, jid))]


def unread_warnings(raw: Graph, derived: Graph, prepared: Prepared, jid: str) -> list[Result]:
    """A Warning per stated term the code reads, but not on that kind of node (probably
    misplaced), so a clerk knows it did not count."""
    terms = unread_terms(raw, derived, prepared, jid)
    out = [unread_warning(node, prop, why) for node, prop, why in terms if why != NOT_READ]
    flagged = {(node, prop) for node, prop, _why in terms}
    out += [unread_warning(node, prop, UNREACHED_VESSEL)
            for node, prop in unreached_vessel_terms(raw, derived)
            if (node, prop) not in flagged]  # (listed as not read, or warned as misplaced)
    return out


def unread_warning(node: Node, prop: URIRef, why: str) -> Result:
    """The Warning that a stated term did not count, and why."""
    return Result(
        section=None, section_iri=None, section_text=None, severity="Warning",
        message=f"{curie(prop)} is stated but was not used: {why}, so it did not count in this "
                "report.",
        focus_node=node_name(node), path=curie(prop), value=None, relief=None,
        relief_authority=None, component="dl:UnreadTerm",
    )


#: Why a vessel's stated facts did not count (``unreached_vessel_terms``).
UNREACHED_VESSEL = ("the vessel is moored at a structure the application neither proposes nor "
                    "works on, and no rule reaches a vessel there (the standards bind the work "
                    "applied for)")


def unreached_vessel_terms(raw: Graph, derived: Graph) -> list[tuple[Node, URIRef]]:
    """(vessel, property) for each docklaw fact stated on a vessel moored (dl:mooredAt) at a
    structure the application neither proposes nor works on, the vessel itself reached by no
    rule (``targets.reachable``: not moored at proposed work, not listed on the parcel).

    Why: such a vessel is not held to the standards, as its dock is not (the reading recorded
    on the rules on vessels, e.g. North Hempstead § 42-9's chapeau "No structure shall be
    constructed ... unless it shall comply"); but a skipped node must be visible. Blind review
    85 F3: a boat at an existing, untouched dock stating 49 feet from a channel conformed with
    its facts neither used nor said to be unused. No status changes: a Warning decides none."""
    reached: set[Node] = set()
    for app in derived.subjects(RDF.type, DL.PermitApplication):
        reached |= reachable(derived, app)
    out: list[tuple[Node, URIRef]] = []
    for vessel in sorted(set(derived.subjects(RDF.type, DL.Vessel)), key=str):
        if vessel in reached or (vessel, DL.mooredAt, None) not in derived:
            continue
        for prop in sorted(set(raw.predicates(vessel, None)), key=str):
            if (isinstance(prop, URIRef) and str(prop).startswith(str(DL))
                    and prop not in ALWAYS_READ):
                out.append((vessel, prop))
    return out
