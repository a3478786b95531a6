"""The form's questions, generated from the rules and shapes: never written per code.

Why generated: a form kept by hand drifts from the law as encoded, and an applicant who is not
asked a fact the checks read gets "incomplete". The source is the one docs/applications.md is
generated from (``docklaw.validate.needs.rule_needs``: every fact every rule of a code reads,
with where it is stated); the ontology gives each fact its label, definition, kind, unit and
allowed values. A structure is asked the facts of every rule governing one of its classes under
the code's concepts (``Prepared.superclasses``), the parcel and the application theirs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rdflib import Literal, URIRef
from rdflib.namespace import OWL, RDF, RDFS, SKOS, XSD

from docklaw import jurisdictions
from docklaw.law.prepare import Prepared
from docklaw.law.units import curie
from docklaw.namespaces import DL, TRUE
from docklaw.validate.derivation.parts import appurtenances
from docklaw.validate.needs import Need, is_class_place, rule_needs

#: Stated by the form's own controls (the picker, the parts, the findings), not as fields.
STRUCTURAL = frozenset({"dl:workKind", "dl:hasPart", "dl:hasStructure", "dl:proposes",
                        "dl:parcel", "dl:jurisdiction", "dl:findingMade", "dl:shoreline",
                        "dl:lotLine", "dl:neighbourLotLine", "dl:mooredAt"})
#: A rule condition on a category a table looks up: the facts that decide it.
LOOKED_UP = {"dl:footageCategory": ("dl:tier", "dl:shorelineFrontage")}
#: The subjects a fact may be stated on besides the structures.
APPLICATION, PARCEL = "application", "parcel"
#: A fact read on a boat moored at the structure (``^dl:mooredAt``): asked under the structure.
BOAT = "boat"
KINDS = {XSD.boolean: "boolean", XSD.integer: "integer", XSD.nonNegativeInteger: "integer",
         XSD.positiveInteger: "integer", XSD.decimal: "decimal", XSD.double: "decimal",
         XSD.date: "date", XSD.gMonthDay: "monthday", XSD.string: "text"}


@dataclass(frozen=True)
class SectionRef:
    """A section a field serves: its citation, IRI, text (shown on hover or click), and the
    rules of that section reading the field (their labels say what is checked)."""

    citation: str
    iri: str | None
    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Unit:
    iri: str
    curie: str
    label: str
    factor: float  # canonical units per one of this unit (metres -> feet: 3.28084)


@dataclass(frozen=True)
class Field:
    """One question: a property of one subject (the application, the parcel, a structure or
    the boat at a structure)."""

    prop: str  # CURIE, dl:width
    iri: str
    label: str
    definition: str
    kind: str  # quantity, boolean, integer, decimal, date, monthday, text, choice
    sections: tuple[SectionRef, ...]
    on: str = ""  # "" or BOAT
    unit: Unit | None = None  # the canonical unit of a quantity
    units: tuple[Unit, ...] = ()
    choices: tuple[tuple[str, str], ...] = ()  # (IRI, label) of the allowed values
    repeatable: bool = False

    @property
    def key(self) -> str:
        return f"{self.on}.{self.prop}" if self.on else self.prop


@dataclass(frozen=True)
class Finding:
    """A finding the Board must make (a rule the application records as made)."""

    rule: str
    label: str
    section: SectionRef


@dataclass(frozen=True)
class StructureKind:
    """A structure class the picker offers, and whether any rule of the code governs it."""

    iri: str
    curie: str
    label: str
    definition: str
    governed: bool


@dataclass
class Spec:
    """Everything the form asks for one code."""

    jid: str
    label: str
    kinds: list[StructureKind]
    work_kinds: list[tuple[str, str]]
    application: list[Field]
    parcel: list[Field]
    by_rule_class: dict[str, list[tuple[Need, str]]] = field(default_factory=dict)
    findings: list[tuple[Need, tuple[str, ...]]] = field(default_factory=list)
    prepared: Prepared | None = None
    #: (whole class, the appurtenance classes its code's definition makes parts of it)
    appurtenances: list[tuple[str, frozenset[str]]] = field(default_factory=list)
    _fields: dict[tuple[str, str], Field] = field(default_factory=dict)

    def supers(self, cls: str) -> set[str]:
        """``cls`` and its superclasses (the code's concepts among them)."""
        assert self.prepared is not None
        out = {str(c) for c in self.prepared.superclasses.get(URIRef(cls), frozenset())}
        out.add(cls)
        return out

    def wholes_of(self, cls: str) -> list[str]:
        """The whole classes a structure of class ``cls`` is an appurtenance of (Kings Point:
        a boat lift, whose code's "dock" includes it, of kpc:Dock)."""
        supers = self.supers(cls)
        return [whole for whole, parts in self.appurtenances if supers & parts]

    def is_whole(self, cls: str, whole: str) -> bool:
        """A structure of class ``cls`` is a ``whole`` and not one of its appurtenances."""
        return whole in self.supers(cls) and not self.wholes_of(cls)

    def structure_fields(self, cls: str, alone: bool = False) -> list[Field]:
        """The facts the code's rules read on a structure of class ``cls`` (and on a boat
        moored at it), in label order. An appurtenance (which its code's definition makes a
        part of a whole) is not asked the facts of the rules governing the whole, unless
        ``alone`` (``build.alone``: a part of no whole): the whole is asked them, once
        (issue 25, one question per fact; ``validate.findings.redirect``)."""
        assert self.prepared is not None
        supers = self.supers(cls)
        asked_of_whole: set[str] = set()
        if not alone:
            for whole in self.wholes_of(cls):
                asked_of_whole |= self.supers(whole)
        # a fact a class has of its own (dl:ownMeasure, dl:ownCount: a Kings Point lift's
        # width) is asked of it even where its whole is asked the rule's other facts: the
        # validator never reads it from the whole (``compile.own_fact_classes``)
        law = self.prepared.knowledge
        own = {curie(p) for prop in (DL.ownMeasure, DL.ownCount)
               for c, p in law.subject_objects(prop) if str(c) in supers}
        chosen: dict[str, list[Need]] = {}
        for governed, items in self.by_rule_class.items():
            if governed in supers:
                for need, key in items:
                    if governed not in asked_of_whole or key in own:
                        chosen.setdefault(key, []).append(need)
        return sorted((self.field(key, needs) for key, needs in chosen.items()),
                      key=lambda f: (f.on, f.label))

    def structure_findings(self, classes: list[str]) -> list[Finding]:
        """The Board's findings for the structures picked (and the parcel and application)."""
        assert self.prepared is not None
        supers: set[str] = {str(DL.Parcel), str(DL.PermitApplication)}
        for cls in classes:
            supers.add(cls)
            supers.update(str(c) for c in self.prepared.superclasses.get(URIRef(cls), ()))
        found: dict[str, Finding] = {}
        for need, governs in self.findings:
            if not governs or supers & set(governs):
                rule = self.prepared.rules.get(need.rule)
                found.setdefault(str(need.rule), Finding(
                    str(need.rule), rule.label if rule is not None else curie(need.rule),
                    section_ref(self.prepared, [need])[0]))
        return sorted(found.values(), key=lambda f: (section_key(f.section.citation), f.label))

    def field(self, key: str, needs: list[Need]) -> Field:
        assert self.prepared is not None
        cached = self._fields.get((key, ",".join(sorted(str(n.rule) for n in needs))))
        if cached is not None:
            return cached
        on, _, prop = key.rpartition(".") if key.startswith(BOAT + ".") else ("", "", key)
        made = make_field(self.prepared, prop, needs, on)
        self._fields[(key, ",".join(sorted(str(n.rule) for n in needs)))] = made
        return made


# --------------------------------------------------------------------------- the facts


def fact_of(need: Need) -> list[tuple[str, str]]:
    """(on, property CURIE) the form asks for one need: the properties a path ends in, with
    ``on`` = BOAT for a path through the boats moored at the structure. Steps through the
    structure's parts (``(dl:hasPart)*``) are asked on the structure; a path of structure only
    (``^dl:hasPart``, the class) asks nothing."""
    steps = list(need.steps)
    if need.fact.split(" ", 1)[0] in LOOKED_UP:
        return [("", p) for p in LOOKED_UP[need.fact.split(" ", 1)[0]]]
    on = BOAT if any(s.startswith("^dl:mooredAt") for s in steps) else ""
    plain: list[str] = []
    for step in steps:
        for alternative in step.split(" or "):
            alternative = alternative.strip()
            if alternative.startswith(("^", "(")) or not alternative.startswith("dl:"):
                continue
            plain.append(alternative)
    plain = [p for p in plain if p != "dl:parcel"]
    return [(on, plain[-1])] if plain else []


def section_key(citation: str) -> list[object]:
    import re

    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", citation)]


def section_ref(prepared: Prepared, needs: list[Need]) -> list[SectionRef]:
    """The sections of the needs, each with its text and the labels of its rules."""
    by_section: dict[str, tuple[str | None, set[str]]] = {}
    for need in needs:
        rule = prepared.rules.get(need.rule)
        iri = str(need.section_iri) if need.section_iri is not None else None
        entry = by_section.setdefault(need.section, (iri, set()))
        if rule is not None:
            entry[1].add(rule.label)
    out = []
    for citation, (iri, rules) in sorted(by_section.items(), key=lambda i: section_key(i[0])):
        info = prepared.sections.get(URIRef(iri)) if iri else None
        out.append(SectionRef(citation, iri, (info.text or "") if info else "",
                              tuple(sorted(rules))))
    return out


def text_of(prepared: Prepared, node: URIRef, *props: URIRef) -> str:
    for prop in props:
        for graph in (prepared.ontology, prepared.knowledge):
            value = graph.value(node, prop)
            if isinstance(value, Literal):
                return str(value)
    return ""


def label_of(prepared: Prepared, node: URIRef) -> str:
    return prepared.label(node) or text_of(prepared, node, RDFS.label) or curie(node)


def expand(prop: str) -> URIRef:
    return DL[prop.split(":", 1)[1]] if prop.startswith("dl:") else URIRef(prop)


def make_field(prepared: Prepared, prop: str, needs: list[Need], on: str = "") -> Field:
    """A property as a question: its kind, unit and allowed values from the ontology."""
    iri = expand(prop)
    onto = prepared.ontology
    label = label_of(prepared, iri)
    definition = text_of(prepared, iri, SKOS.definition, RDFS.comment)
    sections = tuple(section_ref(prepared, needs))
    repeatable = (iri, DL.repeatable, TRUE) in onto
    canonical = prepared.units.canonical_of_property.get(iri)
    if canonical is not None:
        units = []
        for info in prepared.units.units.values():
            if info.canonical == canonical:
                units.append(Unit(str(info.iri), curie(info.iri), info.plural or curie(info.iri),
                                  float(info.factor)))
        units.sort(key=lambda u: (u.iri != str(canonical), u.factor))
        own = next(u for u in units if u.iri == str(canonical)) if any(
            u.iri == str(canonical) for u in units) else Unit(str(canonical), curie(canonical),
                                                              curie(canonical), 1.0)
        return Field(prop, str(iri), label, definition, "quantity", sections, on, own,
                     tuple(units), repeatable=repeatable)
    rng = onto.value(iri, RDFS.range)
    if rng in KINDS:
        return Field(prop, str(iri), label, definition, KINDS[rng], sections, on,
                     repeatable=repeatable)
    if isinstance(rng, URIRef):
        members = individuals(prepared, rng)
        if members:
            return Field(prop, str(iri), label, definition, "choice", sections, on,
                         choices=tuple(members), repeatable=repeatable)
    return Field(prop, str(iri), label, definition, "text", sections, on, repeatable=repeatable)


def individuals(prepared: Prepared, cls: URIRef) -> list[tuple[str, str]]:
    """The named individuals of a class and of its subclasses (the allowed values)."""
    onto = prepared.ontology
    found: dict[str, str] = {}
    for node in set(onto.subjects(RDF.type, None)):
        if not isinstance(node, URIRef):
            continue
        for kind in onto.objects(node, RDF.type):
            if kind in (OWL.NamedIndividual, OWL.Class, RDFS.Class):
                continue
            if kind == cls or cls in prepared.superclasses.get(kind, ()):  # type: ignore[arg-type]
                found[str(node)] = label_of(prepared, node)
    return sorted(found.items(), key=lambda i: i[1].lower())


# --------------------------------------------------------------------------- the spec


def structure_kinds(prepared: Prepared, governed: set[str]) -> list[StructureKind]:
    """Every named class of the shared structure taxonomy (dl:Structure and below, and
    dl:Vessel's), governed ones first."""
    out = []
    for cls, supers in prepared.superclasses.items():
        if not str(cls).startswith(str(DL)) or DL.Structure not in supers:
            continue
        if cls == DL.Structure:
            continue
        all_supers = {str(c) for c in supers}
        out.append(StructureKind(str(cls), curie(cls), label_of(prepared, cls),
                                 text_of(prepared, cls, SKOS.definition, RDFS.comment),
                                 bool(all_supers & governed)))
    return sorted(out, key=lambda k: (not k.governed, k.label.lower()))


def work_kinds(prepared: Prepared) -> list[tuple[str, str]]:
    """The kinds of work the form offers for its structures: all but those that take a listed
    part away (``dl:takesAwayFromWhole``: dl:Removal), which only a part may state, while the
    form's one kind of work is every proposed structure's (write a removed part in Turtle)."""
    away = {str(k) for k, v in prepared.ontology.subject_objects(DL.takesAwayFromWhole)
            if v == TRUE}
    return [(iri, label) for iri, label in individuals(prepared, DL.WorkKind) if iri not in away]


def build_spec(prepared: Prepared, jid: str) -> Spec:
    """The form for one code, from ``rule_needs`` and the ontology."""
    code = jurisdictions.resolve(jid)
    needs = rule_needs(prepared, code.id)
    spec = Spec(code.id, code.label, [], work_kinds(prepared), [], [], prepared=prepared)
    app: dict[str, list[Need]] = {}
    parcel: dict[str, list[Need]] = {}
    governed: set[str] = set()
    for need in needs:
        governs = tuple(str(g) for g in need.governs)
        facts = fact_of(need)
        vessels = {g for g in governs if DL.Vessel in prepared.superclasses.get(
            URIRef(g), frozenset({URIRef(g)}))}
        if vessels:  # a rule on the boats berthed at a structure (dl:mooredAt): asked of
            # each structure's boats, and of the structures the rule governs too, if any
            structures = tuple(g for g in governs if g not in vessels)
            facts = [*((on, prop) for on, prop in facts if structures),
                     *((BOAT, prop) for _on, prop in facts)]
        if any(prop == "dl:findingMade" for _, prop in facts):
            spec.findings.append((need, governs))
            continue
        for on, prop in facts:
            if prop in STRUCTURAL:
                continue
            if vessels:
                governs = (str(DL.Structure),) if on == BOAT else structures
            key = f"{on}.{prop}" if on else prop
            if need.place == "dl:Parcel" or (need.place is None and str(DL.Parcel) in governs):
                parcel.setdefault(prop, []).append(need)
            elif need.place == "dl:PermitApplication" or (
                    need.place is None and str(DL.PermitApplication) in governs):
                app.setdefault(prop, []).append(need)
            else:  # a parcel sum's fact is asked of the class it sums (is_class_place)
                for cls in (str(need.place),) if is_class_place(need.place) else governs:
                    spec.by_rule_class.setdefault(cls, []).append((need, key))
                    governed.add(cls)
    spec.application = sorted((make_field(prepared, k, v) for k, v in app.items()),
                              key=lambda f: f.label)
    spec.parcel = sorted((make_field(prepared, k, v) for k, v in parcel.items()),
                         key=lambda f: f.label)
    spec.kinds = structure_kinds(prepared, governed)
    spec.appurtenances = [(str(whole), frozenset(str(p) for p in parts))
                          for whole, parts in appurtenances(prepared, code.id)]
    return spec
