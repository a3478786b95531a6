"""SHACL results -> results a person can act on: which section, what it says, what relief.

Why: a SHACL result names a shape and a node; a permit applicant needs the section of the code,
its text, and whether the Board can vary it (area/use variance, waiver) or not. Relief comes
from the rule, else its section, else the nearest ancestor section; where the code lists a
section under two variance classes the report says so instead of picking one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rdflib import Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.term import Node

from docklaw.law.compile import CompiledShapes, focus_marker
from docklaw.law.decide import Unsupported, path_label, unstated_cause, values_at
from docklaw.law.limits import expression_reads
from docklaw.law.monthday import describe as describe_month_day
from docklaw.law.monthday import month_day_properties
from docklaw.law.prepare import (
    DISCREPANCY_FOCUS,
    DISCREPANCY_MESSAGE,
    DISCREPANCY_PROPERTY,
    Prepared,
    RuleInfo,
    SectionInfo,
)
from docklaw.law.targets import AppFacts, parcel_checks
from docklaw.law.units import curie, display_number, to_decimal
from docklaw.namespaces import DL, PROV, QUDT, RDF, RDFS, SH, TRUE
from docklaw.validate.checking.fast import RawResult, from_report
from docklaw.validate.derivation.applicability import exemption_notes
from docklaw.validate.derivation.defaults import default_notes
from docklaw.validate.derivation.derive import PAST_BOUND
from docklaw.validate.derivation.parts import WHOLE_WORK_WHY, worked_parts
from docklaw.validate.findings.excepted import UnmetException, unmet_exceptions
from docklaw.validate.findings.relief import NO_BASIS, Basis, basis_of, route_for
from docklaw.validate.intake.admit import find_application
from docklaw.validate.values import iri_of, node_name, node_of

SEVERITIES = {SH.Violation: "Violation", SH.Warning: "Warning", SH.Info: "Info"}
RELIEF_NAMES = {
    DL.AreaVariance: "area variance", DL.UseVariance: "use variance",
    DL.Waiver: "waiver", DL.NotVariable: "not variable",
}


@dataclass
class Result:
    """One reported finding; the JSON keys are the public contract (see report.py)."""

    section: str | None
    section_iri: str | None
    section_text: str | None
    severity: str
    message: str
    focus_node: str
    path: str | None
    value: str | None
    relief: str | None
    relief_authority: str | None
    relief_note: str | None = None
    shape: str | None = None
    rule: str | None = None
    discretionary: bool = False
    finding: bool = False
    component: str | None = None
    relief_iris: tuple[str, ...] = field(default_factory=tuple)
    section_notes: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    relief_basis: str | None = None
    relief_basis_section: str | None = None
    relief_basis_note: str | None = None
    #: every (section, section_iri, rule) a merged result cites (``one_per_disagreement``:
    #: one Discrepancy Warning per disagreement, naming every rule that reads the value);
    #: () for a result of one rule
    sections: tuple[tuple[str | None, str | None, str | None], ...] = ()
    #: the exceptions of the rule the node fails only on stated values past their thresholds
    #: (``excepted.unmet_exceptions``): each named in the message, with the section setting it
    exceptions_not_held: tuple[UnmetException, ...] = ()
    #: the shape that produced the result (a nested property shape of a rule's node shape, or
    #: the rule shape itself): where its limit is (excess.py); not part of the JSON contract
    source_shape: Node | None = field(default=None, compare=False, repr=False)

    def read_by(self) -> str | None:
        """The sections and rules a merged result cites, for a person ("§ 56-2B
        (56-2B-length-new, 56-2B-length-repair)"); None for a result of one rule."""
        if not self.sections:
            return None
        by_section: dict[str, list[str]] = {}
        for section, _iri, rule in self.sections:
            names = by_section.setdefault(section or "(no section)", [])
            if rule and (name := rule.rsplit("/", 1)[-1]) not in names:
                names.append(name)
        return "; ".join(f"{section} ({', '.join(rules)})" if rules else section
                         for section, rules in by_section.items())

    def set_basis(self, basis: Basis) -> None:
        """Record where the relief comes from (relief.py)."""
        self.relief_basis = basis.basis
        self.relief_basis_section = basis.section
        self.relief_basis_note = basis.note


@dataclass(frozen=True)
class Asker:
    """One section (and rule) an information-needed item serves, and what the fact is for
    ("decide 'Railing height at most 42 inches' (Standards D(2)(a)[4])")."""

    section: str | None
    section_iri: str | None
    rule: str | None
    shape: str | None
    purpose: str


#: How a question says the fact is stated but does not decide the rule (a count that may or may
#: not include a part's): ``questions.one_per_fact`` keeps it when it merges the questions.
STATED_OPEN = "as stated does not decide it"


@dataclass
class InfoNeeded:
    """One fact to state about one node (``facts``: the fact, or several a rule needs together;
    none for a gap that is no fact, such as a structure linked to nothing). After
    ``questions.one_per_fact`` an item asks one (node, fact) and ``askers`` names every section
    that needs it; ``section``/``rule``/``shape`` are the first of them."""

    section: str | None
    section_iri: str | None
    focus_node: str
    message: str
    rule: str | None = None
    shape: str | None = None
    facts: tuple[str, ...] = ()
    purpose: str = ""
    askers: tuple[Asker, ...] = ()

    def asker(self) -> Asker:
        """This item's own section and purpose (before merging)."""
        return Asker(self.section, self.section_iri, self.rule, self.shape,
                     self.purpose or self.message)

    @property
    def fact(self) -> str | None:
        return self.facts[0] if len(self.facts) == 1 else None


def ancestors(prepared: Prepared, section: URIRef | None) -> list[SectionInfo]:
    """The section and its ancestors, nearest first."""
    chain: list[SectionInfo] = []
    while section is not None and section in prepared.sections and len(chain) < 20:
        info = prepared.sections[section]
        chain.append(info)
        section = info.parent
    return chain


def relief_of(prepared: Prepared, rule: RuleInfo | None, data: Graph | None = None,
              focus: Node | None = None) -> tuple[
        str | None, str | None, str | None, tuple[str, ...], Basis]:
    """(relief, relief_authority, relief_note, relief IRIs, basis) per DESIGN.md precedence:
    the rule, else the nearest section that states a class or relief routes (relief.py)."""
    if rule is None:
        return None, None, None, (), NO_BASIS
    chain = ancestors(prepared, rule.section)
    classes: tuple[URIRef, ...] = rule.variance_classes
    source, lints = "the rule", ()
    holder: URIRef = rule.iri
    route = route_for(prepared, rule.iri, rule, data, focus)
    if route is None:  # relief a section gives only to some structures comes first
        for info in chain:
            route = route_for(prepared, info.iri, rule, data, focus, conditional_only=True)
            if route is not None:
                holder = info.iri
                break
    if not classes and route is None:
        for info in chain:
            route = route_for(prepared, info.iri, rule, data, focus)
            if route is not None:
                holder = info.iri
                break
            if info.variance_classes:
                classes, source, lints, holder = (info.variance_classes, info.citation,
                                                  info.lints, info.iri)
                break
    if route is not None:
        classes = route.classes
    authorities = (route.authorities if route is not None and route.authorities else
                   rule.authorities or next((i.authorities for i in chain if i.authorities), ()))
    names_of = [prepared.label(a) or str(a).rsplit("/", 1)[-1] for a in authorities]
    authority = "; ".join(names_of) or None
    names = [RELIEF_NAMES.get(c, prepared.label(c) or curie(c)) for c in classes]
    iris = tuple(str(c) for c in classes)
    if route is not None:
        basis = route.basis
    else:
        basis = basis_of(prepared, holder, rule, classes) if classes else NO_BASIS
    if route is not None and not classes:
        return None, None, basis.note, (), basis
    if len(names) > 1:
        note = (f"{source} is listed under more than one kind of relief ({' and '.join(names)}); "
                "the code does not say which applies, so none is reported")
        if lints:
            note += ". " + " ".join(lints)
        return None, authority, note, iris, basis
    return (names[0] if names else None), authority, None, iris, basis


def readable_value(data: Graph, value: Node | None, prepared: Prepared,
                   focus: Node | None = None, first_step: Node | None = None) -> str | None:
    """The offending value as the application stated it ('35 inches (2.916667 feet)')."""
    if value is None:
        return None
    units = prepared.units
    if isinstance(value, Literal) and first_step in month_day_properties(prepared.ontology):
        number = to_decimal(value)
        if number is not None:
            return describe_month_day(int(number))
    if isinstance(value, Literal) and focus is not None and isinstance(first_step, URIRef):
        for qv in data.objects(focus, first_step):
            if data.value(qv, QUDT.numericValue) == value:
                return readable_value(data, qv, prepared)
    if isinstance(value, Literal):
        number = to_decimal(value)
        return display_number(number) if number is not None and value.datatype else str(value)
    number = to_decimal(data.value(value, QUDT.numericValue))
    unit = data.value(value, QUDT.unit)
    if number is not None and isinstance(unit, URIRef):
        if data.value(value, DL.lowerBoundExclusive) == TRUE:
            # a total only known to be more than a bound (derive.with_lower_bounds)
            return "more than " + units.describe(number - PAST_BOUND, unit)
        shown = units.describe(number, unit)
        stated = to_decimal(data.value(value, DL.statedValue))
        stated_unit = data.value(value, DL.statedUnit)
        if stated is not None and isinstance(stated_unit, URIRef) and stated_unit != unit:
            return f"{units.describe(stated, stated_unit)} ({shown})"
        return shown
    return curie(value) if isinstance(value, URIRef) else node_name(value)


def section_fields(
    prepared: Prepared, rule: RuleInfo | None
) -> tuple[str | None, str | None, str | None]:
    if rule is None or rule.section is None:
        return None, None, None
    info = prepared.sections.get(rule.section)
    if info is None:
        return None, str(rule.section), None
    return info.citation, str(info.iri), info.text


def own_section_fields(prepared: Prepared, data: Graph, note: Node, rule: RuleInfo | None
                       ) -> tuple[str | None, str | None, str | None]:
    """The rule's section fields, else (no rule) those of the section the note names itself
    (dl:section: a dl:CountBound's, on the Discrepancy and the flag it writes). Why: a count
    on a single-parcel consolidated dock, read by no rule, was cited under no section (blind
    review 146 F5)."""
    if rule is not None:
        return section_fields(prepared, rule)
    section = data.value(note, DL.section)
    info = prepared.sections.get(section) if isinstance(section, URIRef) else None
    if info is None:
        return None, None, None
    return info.citation, str(info.iri), info.text


def cite(results: list[RawResult] | Graph, data: Graph, prepared: Prepared, jid: str) -> tuple[
        list[Result], list[InfoNeeded]]:
    """Turn the SHACL results (``check``'s, or a pyshacl results graph) + derive's notes into
    cited Results and information-needed items."""
    exempt = exemption_notes(data)
    if exempt:
        return with_section_notes([exemption_result(prepared, app, rule)
                                   for app, rule in exempt], prepared), []
    compiled = prepared.compiled(jid)
    if isinstance(results, Graph):
        results = from_report(results, compiled.graph)
    findings_made = set(data.objects(None, DL.findingMade))
    out: list[Result] = []
    needed: list[InfoNeeded] = []
    for r in results:
        source = r.source
        rule_iri = compiled.shape_rule.get(source)
        top = compiled.top_shape.get(source, source)
        if rule_iri is not None and rule_iri in findings_made:
            continue
        rule = prepared.rules.get(rule_iri) if rule_iri is not None else None
        section, section_iri, text = section_fields(prepared, rule)
        focus_term = r.focus
        section, section_iri, text = row_section(data, focus_term, rule, prepared) or (
            section, section_iri, text)
        focus = node_name(focus_term)
        message = result_message(r, compiled.graph, source, top, rule)
        message += bound_note(data, focus_term, rule_iri, prepared)
        if source in compiled.info_needed or top in compiled.info_needed:
            path = compiled.graph.value(source, SH.path)
            needed.append(InfoNeeded(section, section_iri, focus, message,
                                     str(rule_iri) if rule_iri else None, str(top),
                                     facts=(path_label(compiled.graph, path),)
                                     if path is not None else (),
                                     purpose=purpose_of(rule, section)))
            continue
        severity = result_severity(r, compiled.graph, source, top)
        component = r.component
        unstated = unstated_cause(compiled.graph, data, source, focus_term, component) \
            if severity == "Violation" else []
        if unstated:  # a failure resting on facts never stated is not a Violation (DESIGN.md)
            needed.append(InfoNeeded(section, section_iri, focus,
                                     needed_message(unstated, rule, section),
                                     str(rule_iri) if rule_iri else None, str(top),
                                     facts=tuple(unstated), purpose=purpose_of(rule, section)))
            continue
        broader = broader_cause(compiled.graph, data, source, focus_term, component,
                                prepared.narrower) if severity == "Violation" else None
        if broader is not None:  # stated only as a broader concept: which one is not said
            fact, text = broader
            needed.append(InfoNeeded(section, section_iri, focus,
                                     f"{text}: needed to {purpose_of(rule, section)}",
                                     str(rule_iri) if rule_iri else None, str(top),
                                     facts=(fact,), purpose=purpose_of(rule, section)))
            continue
        relief, authority, note, iris, basis = relief_of(prepared, rule, data, focus_term)
        unmet = unmet_exceptions(data, prepared, rule_iri, focus_term) \
            if severity == "Violation" and focus_term is not None else ()
        message += "".join(u.sentence() for u in unmet)
        out.append(result := Result(
            section=section, section_iri=section_iri, section_text=text, severity=severity,
            message=message, focus_node=focus,
            path=r.path,
            value=readable_value(data, r.value, prepared, focus_term, r.step),
            relief=relief, relief_authority=authority, relief_note=note,
            shape=str(top) if top is not None else None,
            rule=str(rule_iri) if rule_iri else None,
            discretionary=bool(rule.discretionary) if rule else False,
            finding=bool(rule and DL.RequiredFinding in rule.kinds),
            component=curie(component) if component is not None else None, relief_iris=iris,
            source_shape=source, exceptions_not_held=unmet,
        ))
        result.set_basis(basis)
    needed.extend(missing_operands(data, prepared, compiled))
    needed.extend(unknown_conditions(data, prepared))
    out.extend(gap_limits_met(data, prepared, out))
    out.extend(defaults_applied(data, prepared))
    out.extend(counted_totals(data, prepared, jid))
    out.extend(discrepancies(data, prepared, jid))
    out.extend(geometry_notes(data, prepared))
    out.extend(derived_flags(data, prepared))
    out.extend(linked_parts(data, prepared))
    out.extend(listings_read(data, prepared))
    out.extend(removed_listed(data))
    out.extend(renewals_not_read(data))
    out.extend(unlisted_parts(data))
    out.extend(placed_structures(data))
    needed.sort(key=lambda n: (n.section or "", n.focus_node, n.message))
    return sort_results(with_section_notes(out, prepared)), needed


def row_section(data: Graph, focus: Node | None, rule: RuleInfo | None,
                prepared: Prepared) -> tuple[str | None, str | None, str | None] | None:
    """The most specific provision: when the limit was one allocation-table row that is a
    subsection of the rule's own section (Keuka § 160-123A(1)(a)[2] under § 160-123A(1)(a)),
    that subsection. A row read by another section's rule (§ 160-122F counts hoists against the
    moorings of § 160-123A(1)(a)) leaves that rule's own section cited."""
    if focus is None or rule is None or rule.section is None:
        return None
    for node in data.objects(focus, DL.computedLimitValue):
        if data.value(node, DL.rule) != rule.iri:
            continue
        row = data.value(node, DL.limitRow)
        section = prepared.knowledge.value(row, DL.section) if row is not None else None
        info = prepared.sections.get(section) if section is not None else None
        if info is not None and str(info.iri).startswith(f"{rule.section}-"):
            return info.citation, str(info.iri), info.text
    return None


def bound_note(data: Graph, focus: Node | None, rule_iri: URIRef | None,
               prepared: Prepared) -> str:
    """For a computed limit decided although an operand is unstated (limits.Bounds): say which
    operand is unknown and that the stated ones already decide the rule."""
    if focus is None or rule_iri is None:
        return ""
    for node in data.objects(focus, DL.computedLimitValue):
        if data.value(node, DL.rule) == rule_iri and data.value(node, DL.limitBound) is not None:
            prop = data.value(node, DL.property)
            bound = to_decimal(data.value(node, QUDT.numericValue))
            unit = data.value(node, QUDT.unit)
            shown = prepared.units.describe(bound, unit) if bound is not None and isinstance(
                unit, URIRef) else str(bound)
            if data.value(node, DL.allocationTableGap) is not None:
                gap = str(data.value(node, RDFS.comment) or "the frontage is in no row")
                other = "" if prepared.knowledge.value(rule_iri, DL.alternativeReading) is None \
                    else (" under the table as encoded; another recorded reading of the table "
                          "may allow more (see Readings)")
                return (f" ({gap[0].upper()}{gap[1:]}; read under either row beside the gap, "
                        f"the limit is at most {shown}, so the stated value violates it either "
                        f"way{other}.)")
            return (f" ({curie(prop) if prop is not None else 'An operand'} is not stated; "
                    f"whatever it is, the limit cannot pass {shown}, so the stated value "
                    "decides the rule.)")
    return ""


#: pyshacl's own message for sh:in lists the members in set order (hash-seed dependent)
_IN_LIST = re.compile(r"not in list \[([^\]]*)\]")


def stable_message(text: str) -> str:
    """A SHACL engine's message made the same on every run: an ``sh:in`` list sorted."""
    return _IN_LIST.sub(lambda m: "not in list [" + ", ".join(sorted(
        item.strip() for item in m.group(1).split(","))) + "]", text)


def broader_cause(shapes: Graph, data: Graph, source: Node, focus: Node,
                  component: Node | None, narrower: dict[URIRef, frozenset[URIRef]]
                  ) -> tuple[str, str] | None:
    """(the fact, why it is undecided) where a failure of sh:hasValue or sh:in rests on a value
    stated only as a broader concept of the one required (dl:ResidentialUse where Kings Point
    Standards B requires dl:SingleFamilyResidential): the narrower value may be the case, so
    the rule is undecided, not violated (docs/DESIGN.md: a generic land use is asked what it
    is). None when the failure stands."""
    def listed(node: Node | None) -> list[URIRef]:
        members = shapes.value(node, SH["in"]) if node is not None else None
        return [v for v in Collection(shapes, members) if isinstance(v, URIRef)] \
            if members is not None else []

    at_least_one = component in (SH.HasValueConstraintComponent,
                                 SH.QualifiedMinCountConstraintComponent)
    if component == SH.HasValueConstraintComponent:
        required = [v for v in shapes.objects(source, SH.hasValue) if isinstance(v, URIRef)]
    elif component == SH.InConstraintComponent:
        required = listed(source)
    elif component == SH.QualifiedMinCountConstraintComponent:
        # "at least one value is one of these" (sh:qualifiedValueShape [ sh:in (...) ])
        inner = shapes.value(source, SH.qualifiedValueShape)
        if inner is None or any(str(p).startswith(str(SH)) and p not in (SH["in"], SH.hasValue)
                                for p in shapes.predicates(inner)):
            return None  # (a value shape testing more than the value itself)
        required = [*listed(inner), *(v for v in shapes.objects(inner, SH.hasValue)
                                      if isinstance(v, URIRef))]
    else:
        return None
    path = shapes.value(source, SH.path)
    if not required or path is None:
        return None
    try:
        stated = sorted((v for v in values_at(data, shapes, path, focus)
                         if isinstance(v, URIRef)), key=str)
    except Unsupported:
        return None
    if at_least_one and any(v in required for v in stated):
        return None
    failing = [v for v in stated if v not in required]
    open_ = [v for v in failing if any(r != v and r in narrower.get(v, ()) for r in required)]
    if not open_ or len(open_) < len(failing):
        return None  # a value no required one falls under fails whatever the others are
    wanted = " or ".join(curie(r) for r in sorted(required, key=str)
                         if any(r in narrower.get(v, ()) for v in open_))
    said = ", ".join(curie(v) for v in open_)
    fact = path_label(shapes, path)
    return fact, (f"{fact} is stated as {said}, which includes {wanted} and other values: "
                  f"state which it is")


def needed_message(facts: list[str], rule: RuleInfo | None, section: str | None) -> str:
    """'dl:landUse is not stated: it decides "Single-family use only" (§ 56-3E).'"""
    names = " and ".join(facts)
    verb = "is" if len(facts) == 1 else "are"
    return f"{names} {verb} not stated: needed to {purpose_of(rule, section)}"


def purpose_of(rule: RuleInfo | None, section: str | None) -> str:
    """What a fact is needed for: "decide 'Single-family use only' (§ 56-3E)"."""
    label = f"'{rule.label}'" if rule else "this rule"
    cited = f" ({section})" if section else ""
    return f"decide {label}{cited}"


def with_section_notes(results: list[Result], prepared: Prepared) -> list[Result]:
    """Attach the cited section's notes (lints, ambiguities, interpretations ...) to each result."""
    for r in results:
        info = prepared.sections.get(URIRef(r.section_iri)) if r.section_iri else None
        if info is not None:
            r.section_notes = info.notes
    return results


def exemption_result(prepared: Prepared, app: Node, rule_iri: URIRef) -> Result:
    """An Info result: the application is outside the code under this exemption."""
    rule = prepared.rules.get(rule_iri)
    section, section_iri, text = section_fields(prepared, rule)
    label = rule.label if rule else str(rule_iri)
    cited = f" ({section})" if section else ""
    return Result(
        section=section, section_iri=section_iri, section_text=text, severity="Info",
        message=(f"The article does not apply to this application: {label}{cited}. "
                 "None of its rules was checked."),
        focus_node=node_name(app), path=None, value=None, relief=None, relief_authority=None,
        rule=str(rule_iri), component="dl:Exemption",
    )


def gap_limits_met(data: Graph, prepared: Prepared, results: list[Result]) -> list[Result]:
    """An Info result for each allocation a frontage in a gap of its table (between two rows)
    meets whichever row beside the gap is read (``derive.decided_by_bounds`` wrote the
    strictest row's limit, dl:limitBound with dl:allocationTableGap): the rule is met, and the
    report says it was decided across the gap, not read from one row (blind review 151 F2)."""
    failing = {(r.focus_node, r.rule) for r in results if r.severity == "Violation"}
    out = []
    for focus, node in sorted(data.subject_objects(DL.computedLimitValue), key=str):
        rule_iri = data.value(node, DL.rule)
        if data.value(node, DL.limitBound) is None or \
                data.value(node, DL.allocationTableGap) is None or \
                (node_name(focus), str(rule_iri)) in failing:
            continue
        rule = prepared.rules.get(rule_iri)
        section, section_iri, text = section_fields(prepared, rule)
        label = rule.label if rule else str(rule_iri)
        gap = str(data.value(node, RDFS.comment) or "the frontage is in no row")
        bound = to_decimal(data.value(node, QUDT.numericValue))
        shown = display_number(bound) if bound is not None else "?"
        out.append(Result(
            section=section, section_iri=section_iri, section_text=text, severity="Info",
            message=(f"{gap[0].upper()}{gap[1:]}; the stated value is within what every row "
                     f"beside the gap allows ({shown} under the strictest), so "
                     f"'{label}' is met whichever row is read."),
            focus_node=node_name(focus), path=None, value=None, relief=None,
            relief_authority=None, rule=str(rule_iri) if rule_iri else None,
            component="dl:allocationTableGap",
        ))
    return out


def defaults_applied(data: Graph, prepared: Prepared) -> list[Result]:
    """An Info result for each value derive took from a default the law fixes (§ 73-6A(1))."""
    out = []
    for node, note in default_notes(data):
        rule_iri = data.value(note, DL.rule)
        rule = prepared.rules.get(rule_iri)
        section, section_iri, text = section_fields(prepared, rule)
        prop = data.value(note, DL.property)
        value = data.value(note, RDF.value)
        label = rule.label if rule else str(rule_iri)
        cited = f", {section}" if section else ""
        out.append(Result(
            section=section, section_iri=section_iri, section_text=text, severity="Info",
            message=(f"No {curie(prop)} is stated: {value} is applied ('{label}'{cited}). "
                     f"The rules were checked with it; if another value has been assigned, "
                     f"state {curie(prop)}."),
            focus_node=node_name(node), path=curie(prop), value=str(value), relief=None,
            relief_authority=None, rule=str(rule_iri) if rule_iri else None,
            component="dl:defaultApplied",
        ))
    return out


def missing_operands(data: Graph, prepared: Prepared,
                     compiled: CompiledShapes | None = None) -> list[InfoNeeded]:
    """Computed limits derive could not evaluate -> information needed."""
    shape_of = {rule: shape for shape, rule in compiled.shape_rule.items()
                if compiled.top_shape.get(shape) == shape} if compiled is not None else {}
    needed = []
    for focus, note in data.subject_objects(DL.limitOperandMissing):
        rule_iri = data.value(note, DL.rule)
        rule = prepared.rules.get(rule_iri)
        section, section_iri, _text = section_fields(prepared, rule)
        prop = data.value(note, DL.property)
        detail = data.value(note, RDFS.comment)
        what = curie(prop) if prop is not None else "an operand"
        label = rule.label if rule else str(rule_iri)
        if data.value(note, DL.allocationTableGap) is not None:
            message = f"The limit of '{label}' cannot be computed: {detail}"
        else:
            message = (f"{what} is needed to compute the limit of '{label}'"
                       + (f" ({detail})" if detail is not None else ""))
        shape = shape_of.get(rule_iri)
        gap = data.value(note, DL.allocationTableGap) is not None
        needed.append(InfoNeeded(
            section, section_iri, node_name(focus), message,
            str(rule_iri) if rule_iri else None, str(shape) if shape is not None else None,
            facts=(curie(prop),) if prop is not None and not gap else (),
            purpose=f"compute the limit of '{label}'" + (f" ({section})" if section else ""),
        ))
    return needed


FACT_NAMES = {DL.footageCategory: "dl:footageCategory (or dl:tier with dl:shorelineFrontage, "
                                   "from which the allocation table gives it)",
              RDF.type: "a narrower class of structure (rdf:type: the structure is stated only "
                        "with a generic class, which may or may not be what these sections "
                        "regulate)"}


def derived_basis(data: Graph, node: Node, prop: Node) -> Node | None:
    """For a flag the law derives (dl:derives): the measurement that decides it."""
    for note in data.objects(node, DL.derivedFlag):
        if data.value(note, DL.property) == prop:
            return data.value(note, DL.basis)
    return None


def derived_fact_name(data: Graph, node: Node, prop: Node, prepared: Prepared) -> str | None:
    """For a flag the law derives (dl:derives): the measurement to state instead."""
    for note in data.objects(node, DL.derivedFlag):
        if data.value(note, DL.property) == prop:
            basis = data.value(note, DL.basis)
            rule = prepared.rules.get(data.value(note, DL.rule))
            section = section_fields(prepared, rule)[0]
            return (f"{curie(basis)} (it decides {curie(prop)}"
                    + (f", {section}" if section else "") + ")")
    return None


def unknown_conditions(data: Graph, prepared: Prepared) -> list[InfoNeeded]:
    """One item per (node, missing fact), naming every section whose applicability it decides."""
    grouped: dict[tuple[Node, Node], list[RuleInfo]] = {}
    why: dict[tuple[Node, Node], set[str]] = {}  # a note saying what the fact decides
    for node, note in data.subject_objects(DL.conditionUnknown):
        rule = prepared.rules.get(data.value(note, DL.rule))
        if rule is not None:
            grouped.setdefault((node, data.value(note, DL.property)), []).append(rule)
            if (comment := data.value(note, RDFS.comment)) is not None:
                why.setdefault((node, data.value(note, DL.property)), set()).add(str(comment))
    needed = []
    for (node, prop), rules in sorted(grouped.items(), key=lambda kv: (str(kv[0][0]),
                                                                       str(kv[0][1]))):
        cited = sorted({section_fields(prepared, r)[:2] for r in rules},
                       key=lambda c: (c[0] or "", c[1] or ""))
        names = ", ".join(c[0] or c[1] or "?" for c in cited)
        verb = f"appl{'ies' if len(cited) == 1 else 'y'}"
        gaps = [str(data.value(g, RDFS.comment)) for g in data.objects(node, DL.footageGap)]
        if prop == DL.footageCategory and gaps:
            message = (f"The footage category, which decides whether {names} {verb}, is "
                       f"undefined: {'; '.join(sorted(gaps))}")
        elif (node, prop) in why:
            message = (f"{curie(prop)} is not stated: {'; '.join(sorted(why[node, prop]))}; "
                       f"needed to decide {names}")
        else:
            fact = FACT_NAMES.get(prop) or derived_fact_name(data, node, prop, prepared) \
                or curie(prop)
            message = f"{fact} is needed to decide whether {names} {verb}"
        undefined = prop == DL.footageCategory and bool(gaps)
        asked = derived_basis(data, node, prop) or prop
        decide = "decide " if (node, prop) in why else "decide whether "
        needed.append(InfoNeeded(cited[0][0], cited[0][1], node_name(node), message,
                                 facts=() if undefined else (curie(asked),),
                                 purpose=decide + names + ("" if decide == "decide " else
                                                           f" {verb}"),
                                 askers=tuple(Asker(c[0], c[1], None, None, decide
                                                    + (c[0] or c[1] or "?")
                                                    + ("" if decide == "decide " else
                                                       " applies"))
                                              for c in cited)))
    return needed


def first_value(g: Graph, node: Node, props: tuple[URIRef, ...]) -> Node | None:
    for prop in props:
        value = g.value(node, prop)
        if value is not None:
            return value
    return None


#: the parcel facts a rule's applicability reads, and the rule property that names them
APPLICABILITY = {DL.footageCategory: DL.appliesToFootageCategory, DL.tier: DL.appliesToTier,
                 DL.landUse: DL.appliesToLandUse, DL.steepSlope: DL.appliesToSteepSlope}


def rules_reading(data: Graph, prepared: Prepared, jid: str, prop: Node | None,
                  focus: Node | None) -> list[RuleInfo]:
    """The jurisdiction's rules on ``prop``; only those whose shape targets ``focus`` when any
    does (a Tier 1 parcel's total is not reported under the Tier 2 and 3 tables)."""
    rules = [r for r in prepared.rules_of(jid) if prop is not None and prop in r.constrains]
    compiled = prepared.compiled(jid)
    if not rules and prop is not None:
        # a total no rule compares itself, read through a limit (dl:totalOf: the walkways
        # inside a boathouse, read by the dock area rules): the rules counting it, those that
        # check something in this application first
        law = prepared.knowledge
        rules = [r for r in prepared.rules_of(jid)
                 if any(law.value(d, DL.totalProperty) == prop
                        for d in law.objects(r.iri, DL.countedFrom))]
        # a fact read only as an operand of computed limits (North Hempstead § 42-9B(7) counts
        # docks by the frontage): the rules whose limit reads it
        rules = rules or [r for r in prepared.rules_of(jid)
                          if (e := law.value(r.iri, DL.limitExpression)) is not None
                          and prop in expression_reads(law, e)]
        # a parcel fact read only by the rules' applicability (the footage category a stated
        # and a drawn frontage put in different rows, derive.footage_categories): those rules
        if prop in APPLICABILITY and not rules:
            rules = [r for r in prepared.rules_of(jid)
                     if (r.iri, APPLICABILITY[prop], None) in law]
            running = {compiled.shape_rule.get(shape) for shape in compiled.targets
                       if any(True for _ in data.subjects(RDF.type, focus_marker(shape)))}
            by_section: dict[object, RuleInfo] = {}  # once per section, not per rule in it
            for r in [r for r in rules if r.iri in running] or rules:
                by_section.setdefault(r.section or r.iri, r)
            return list(by_section.values())
        running = {compiled.shape_rule.get(shape) for shape in compiled.targets
                   if any(True for _ in data.subjects(RDF.type, focus_marker(shape)))}
        return [r for r in rules if r.iri in running] or rules
    if focus is None:
        return rules
    targeted = {compiled.shape_rule.get(shape) for shape in compiled.targets
                if (focus, RDF.type, focus_marker(shape)) in data}
    return [r for r in rules if r.iri in targeted] or rules_of_focus(
        data, prepared, jid, prop, focus, targeted) or rules


def rules_of_focus(data: Graph, prepared: Prepared, jid: str, prop: Node | None, focus: Node,
                   targeted: set[object]) -> list[RuleInfo]:
    """Where no rule on ``prop`` targets ``focus`` (a rule left undecided by an unstated fact
    has no focus yet): the rules targeting it whose shape reads ``prop`` otherwise (a condition,
    a limit's operand), else the rules reading ``prop`` that govern one of its classes and
    whose parcel conditions the parcel does not rule out, else none (the caller falls back on
    every rule on ``prop``). Why: a dock's Discrepancy on its reach was cited under the gazebo
    ban and its length under the boathouse limit, the first rules on those values by number
    (review 71, D1)."""
    compiled = prepared.compiled(jid)
    rule_of = {r.iri: r for r in prepared.rules_of(jid)}
    reading = [shape for shape, spec in compiled.specs.items() if prop in spec.reads]
    found = [rule_of[i] for shape in reading
             if (i := compiled.shape_rule.get(shape)) in targeted and i in rule_of]
    if found:
        return list(dict.fromkeys(found))
    types = set(data.objects(focus, RDF.type))
    app, _jid = find_application(data)
    facts = AppFacts(data)
    constraining = {r.iri for r in rule_of.values() if prop in r.constrains}
    for shape in reading + [s for s in compiled.specs
                            if compiled.shape_rule.get(s) in constraining]:
        spec = compiled.specs[shape]
        rule = rule_of.get(compiled.shape_rule.get(shape))
        if rule is None or spec.governs.isdisjoint(types):
            continue
        if spec.parcel_conditions and any(
                used and state is False for used, _p, state in parcel_checks(app, spec, facts)):
            continue
        found.append(rule)
    return list(dict.fromkeys(found))


def counted_totals(data: Graph, prepared: Prepared, jid: str) -> list[Result]:
    """dl:CountedTotal (a total derive counted or summed from the listed structures) -> Info on
    each rule that reads it, so the applicant sees which number was checked."""
    out: list[Result] = []
    for node in data.subjects(RDF.type, DL.CountedTotal):
        prop = data.value(node, DL.property)
        focus = data.value(node, DL.focus)
        text = str(data.value(node, RDFS.comment))
        rules = rules_reading(data, prepared, jid, prop, focus)
        for rule in rules or [None]:
            section, section_iri, section_text = section_fields(prepared, rule)
            out.append(Result(
                section=section, section_iri=section_iri, section_text=section_text,
                severity="Info", message=text, focus_node=node_name(focus),
                path=curie(prop) if prop is not None else None,
                value=readable_value(data, data.value(focus, prop), prepared, focus, prop),
                relief=None, relief_authority=None,
                rule=str(rule.iri) if rule else None, component="dl:CountedTotal",
            ))
    return out


def discrepancies(data: Graph, prepared: Prepared, jid: str) -> list[Result]:
    """dl:Discrepancy (stated vs drawn) -> Warnings citing the rules on that property."""
    out: list[Result] = []
    for node in data.subjects(RDF.type, DL.Discrepancy):
        prop = first_value(data, node, DISCREPANCY_PROPERTY)
        focus = first_value(data, node, DISCREPANCY_FOCUS)
        message = first_value(data, node, DISCREPANCY_MESSAGE)
        declared = readable_value(data, data.value(node, DL.declaredValue), prepared)
        derived = readable_value(data, data.value(node, DL.derivedValue), prepared)
        text = str(message) if message is not None else (
            f"the stated {curie(prop)} ({declared or 'as stated'}) differs from the value derived "
            f"from the geometry ({derived or 'see drawing'})")
        rules = rules_reading(data, prepared, jid, prop, focus)
        if focus is not None and (node, DL.section, None) in data:
            # a note naming its own section: the rules reading the value that reach its node,
            # else that section (not every rule on the value: blind review 146 F5)
            compiled = prepared.compiled(jid)
            rules = [r for r in rules if any(
                compiled.shape_rule.get(shape) == r.iri
                and (focus, RDF.type, focus_marker(shape)) in data for shape in compiled.targets)]
        for rule in rules or [None]:
            section, section_iri, section_text = own_section_fields(prepared, data, node, rule)
            relief, authority, note, iris, basis = relief_of(prepared, rule, data)
            out.append(result := Result(
                section=section, section_iri=section_iri, section_text=section_text,
                severity="Warning", message=f"Discrepancy: {text}",
                focus_node=node_name(focus if focus is not None else node),
                path=curie(prop) if prop is not None else None, value=None,
                relief=relief, relief_authority=authority, relief_note=note,
                rule=str(rule.iri) if rule else None, component="dl:Discrepancy",
                relief_iris=iris,
            ))
            result.set_basis(basis)
    return out


#: results made once per rule reading one fact, merged into one per (node, fact, words) by
#: ``one_per_disagreement``: a Discrepancy, and an area past what two side limits allow
#: (``findings.sides``: one finding on the two rules together)
MERGED_COMPONENTS = frozenset({"dl:Discrepancy", "dl:AreaOverSides", "dl:SplitCount"})


def one_per_disagreement(results: list[Result]) -> list[Result]:
    """The results with each Discrepancy Warning made once per disagreement: the Warnings
    ``discrepancies`` (and ``decisive_disagreements``) make once per rule reading the value,
    alike in node, property and words, become one that names every rule in
    ``sections`` (its own section and rule the first of them, by section). Run after the
    accounting and every stage that reads results per rule (``moot``): each rule's result
    counted there; only the report lists it once. Why: a pier whose float reached farther than
    its stated length showed the same "reaches at least as far as each of its parts" Warning
    once per rule reading the length (review 60). Where the rules differ in relief, its
    relief note says each."""
    groups: dict[tuple[object, ...], list[Result]] = {}
    out: list[Result] = []
    for r in results:
        if r.component not in MERGED_COMPONENTS:
            out.append(r)
            continue
        key = (r.severity, r.focus_node, r.path, r.message)
        if key not in groups:
            out.append(r)
        groups.setdefault(key, []).append(r)
    for members in groups.values():
        if len(members) == 1:
            continue
        index = next(i for i, r in enumerate(out) if r is members[0])
        members.sort(key=lambda m: (section_key(m.section), m.rule or ""))
        first = out[index] = members[0]
        first.sections = tuple(dict.fromkeys(
            c for m in members for c in (m.sections or ((m.section, m.section_iri, m.rule),))))
        reliefs = {(m.relief, m.relief_authority) for m in members}
        if len(reliefs) > 1:  # the relief of each rule, where they differ
            by_relief: dict[str, list[str]] = {}
            for m in members:
                cited_in = by_relief.setdefault(relief_words(m), [])
                if (m.section or "the rule") not in cited_in:
                    cited_in.append(m.section or "the rule")
            said = "; ".join(f"{relief} under {', '.join(cited)}"
                             for relief, cited in by_relief.items())
            first.relief_note = "; ".join(filter(None, (
                first.relief_note, f"the rules reading it differ in relief ({said})")))
    return sort_results(out)


def portion_classes(prepared: Prepared) -> dict[Node, frozenset[Node]]:
    """Each property giving the width of one portion of a structure (dl:widthOfPortion) with
    the classes of that portion (the class and the code's words for it, dl:senseOf): a part of
    such a class IS that portion of the structure listing it (``one_per_breach``)."""
    law = prepared.knowledge
    return {prop: frozenset({kind, *law.subjects(DL.senseOf, kind)})
            for prop, kind in prepared.ontology.subject_objects(DL.widthOfPortion)}


def one_per_breach(results: list[Result], data: Graph,
                   portions: dict[Node, frozenset[Node]] | None = None) -> list[Result]:
    """The results with one breach cited once: where the same rule's shape cites a part and a
    structure it belongs to (dl:hasPart, at any depth) with the same property, value and words,
    and the two values are one measurement, the part's result goes and the whole's stands for
    both. One measurement: the part's value is the whole's own (copied onto the part, as a main
    walkway part stating no width has its dock's), or both are measured (dl:derived) and the
    whole's from everything the part's is (prov:wasDerivedFrom: the drawing gives the whole's
    from the part's outline). A value the part states itself is its
    own statement and is cited on it as well (a landing stating its width beside the dock it
    widens). Run after the accounting (each node's state is counted there; only the report
    lists the breach once). Why: a rule governing a dock and its main walkway part cited a
    9-foot drawn main walkway twice, on the dock and on the part, because the dock's main
    walkway width is the part's measured one (blind review 80 B5).

    Also one breach: a part that IS the portion the property measures (``portions``: the
    property's dl:widthOfPortion class, a dl:MainWalkway for dl:mainWalkwayWidth), listed
    directly on the whole, stating the same value the whole states. The dock's main walkway
    width and its main walkway part's width are one fact said twice, so the one walkway is
    cited once, on the dock (blind review 84 C1: a dock and its main walkway part each
    stating 8.1 feet were two Violations of South Bristol § 73-9C(1)(a)).

    And one citation per rule and node: where the same rule's shape cites one node's property
    with the same words at two or more values (a lot's two drawn frontages, tie line and shore
    length, both short of Kings Point Standards B's 150 feet), one result stands, naming every
    value (blind review 90: Standards B cited twice, 140 and 145 feet)."""
    def key(r: Result) -> tuple[object, ...]:
        return (r.rule, r.shape, r.path, r.value, r.message)

    def breach(r: Result) -> bool:
        return r.severity == "Violation" and r.value is not None and r.path is not None

    def measured(values: list[Node]) -> frozenset[Node] | None:
        """What the values were all measured from (None: one is not measured)."""
        if not values or any(data.value(v, DL.derived) != TRUE for v in values):
            return None
        return frozenset(s for v in values for s in data.objects(v, PROV.wasDerivedFrom))

    by_key: dict[tuple[object, ...], dict[str, Result]] = {}
    for r in results:
        if breach(r):
            by_key.setdefault(key(r), {})[r.focus_node] = r
    dropped: set[int] = set()
    for group in by_key.values():
        if len(group) < 2:
            continue
        for name, r in group.items():
            node = node_of(name)
            prop = iri_of(r.path or "")
            mine = list(data.objects(node, prop))
            for whole in data.transitive_subjects(DL.hasPart, node):
                if whole == node or node_name(whole) not in group:
                    continue
                theirs = list(data.objects(whole, prop))
                sources, whole_sources = measured(mine), measured(theirs)
                if any(v in theirs for v in mine) or (
                        sources is not None and whole_sources is not None
                        and sources <= whole_sources) or (
                        (whole, DL.hasPart, node) in data and any(
                            (node, RDF.type, k) in data for k in (portions or {}).get(prop, ()))):
                    dropped.add(id(r))
                    break
    kept = [r for r in results if id(r) not in dropped]
    by_node: dict[tuple[object, ...], list[Result]] = {}
    for r in kept:
        if breach(r):
            by_node.setdefault((r.rule, r.shape, r.focus_node, r.path, r.message), []).append(r)
    for members in by_node.values():
        values = list(dict.fromkeys(m.value for m in members))
        if len(values) < 2:
            continue
        members[0].value = ", ".join(v for v in values if v is not None)
        dropped.update(id(m) for m in members[1:])
    return [r for r in kept if id(r) not in dropped]


def relief_words(r: Result) -> str:
    """A result's relief as the text report says it."""
    relief = r.relief or ("a variance, its class not stated" if r.relief_authority
                          else "none stated")
    return relief + (f" ({r.relief_authority})" if r.relief_authority else "")


def section_key(citation: str | None) -> list[object]:
    """A citation's sort key: its numbers as numbers (§ 56-2B before § 56-10)."""
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", citation or "~")]


def decisive_disagreements(data: Graph, prepared: Prepared, results: list[Result]
                           ) -> tuple[list[Result], dict[tuple[str, str], str]]:
    """A stated value and the value drawn for it that differ by less than the drawing tolerance
    (no dl:Discrepancy, so both stay and every rule checks both: the stricter decides) where a
    rule's limit lies between them: the rule fails on one and holds on the other, so the verdict
    depends on which is right. A Warning per such rule names both and the one that decided, and
    the measurements list notes it beside the value ((node, property) -> text). Why: a dock
    stated 4 feet wide and drawn 4.2 was cited under North Haven § 56-2D with 4.2 feet while
    the measurements list showed 'width: 4 feet - stated' and no disagreement (review 60)."""
    failing: dict[tuple[str, str, str], set[str]] = {}
    for r in results:
        if (r.severity in ("Violation", "Warning") and r.rule and r.path and r.value
                and r.component != "dl:Discrepancy"):
            failing.setdefault((r.focus_node, r.path, r.rule), set()).add(r.value)
    if not failing:
        return [], {}
    noted = {(data.value(d, DL.focus), data.value(d, DL.property))
             for d in data.subjects(RDF.type, DL.Discrepancy)}
    pairs: set[tuple[Node, Node]] = set()
    for qv in data.subjects(DL.derived, TRUE):
        for subject, prop in data.subject_predicates(qv):
            if (subject, prop) not in noted:
                pairs.add((subject, prop))
    out: list[Result] = []
    marks: dict[tuple[str, str], str] = {}
    for subject, prop in sorted(pairs, key=str):
        values = list(data.objects(subject, prop))
        drawn = [v for v in values if data.value(v, DL.derived) == TRUE]
        stated = [v for v in values if v not in drawn]
        if len(drawn) != 1 or len(stated) != 1:
            continue
        shown_stated = readable_value(data, stated[0], prepared)
        shown_drawn = readable_value(data, drawn[0], prepared)
        if shown_stated is None or shown_drawn is None or shown_stated == shown_drawn:
            continue
        focus, path = node_name(subject), curie(prop)
        for (f, p, rule_iri), values_failing in sorted(failing.items()):
            if (f, p) != (focus, path):
                continue
            fails = {shown_stated, shown_drawn} & values_failing
            if len(fails) != 1:
                continue  # both fail or neither is the value cited: the verdict does not turn
            deciding = next(iter(fails))
            which = "drawn" if deciding == shown_drawn else "stated"
            rule = prepared.rules.get(URIRef(rule_iri))
            section, section_iri, section_text = section_fields(prepared, rule)
            cited_as = section or "the rule"
            relief, authority, note, iris, basis = relief_of(prepared, rule, data)
            out.append(result := Result(
                section=section, section_iri=section_iri, section_text=section_text,
                severity="Warning",
                message=f"Discrepancy: the stated {path} ({shown_stated}) and the value derived "
                        f"from the geometry ({shown_drawn}) differ by less than the drawing "
                        f"tolerance, but the limit of {cited_as} lies between them: the "
                        f"{which} value ({deciding}) does not meet it and the other does. "
                        "The rules check both and the stricter decides; correct the value or "
                        "the drawing",
                focus_node=focus, path=path, value=None,
                relief=relief, relief_authority=authority, relief_note=note,
                rule=rule_iri, component="dl:Discrepancy", relief_iris=iris))
            result.set_basis(basis)
            marks[(focus, path)] = (
                f"stated {shown_stated} but derived {shown_drawn} (within the drawing "
                f"tolerance; the limit of {cited_as} lies between them, and the rules read "
                f"the stricter, the {which} {deciding})")
    return out, marks


def limits_from_drawn_operands(data: Graph, prepared: Prepared, results: list[Result]
                               ) -> list[Result]:
    """A computed limit read from a value derived from the drawing that agrees with the stated
    one within the drawing tolerance (no dl:Discrepancy) but gives the stricter limit
    (dl:limitReadFrom, ``limits.operand_values``: a lot stating 200 feet of frontage and drawn
    200.4 is held to 40 % of 200.4), where the rule fails on the focus: a Warning names both
    values, since the verdict may turn on which is right. Why: a stated frontage within the
    tolerance of the drawn one was read alone, and a drawn frontage in another row of a
    frontage table was ignored (review 60)."""
    failing = {(r.focus_node, r.rule) for r in results
               if r.severity in ("Violation", "Warning") and r.rule
               and r.component != "dl:Discrepancy"}
    if not failing:
        return []
    noted = {(data.value(d, DL.focus), data.value(d, DL.property))
             for d in data.subjects(RDF.type, DL.Discrepancy)}
    out: list[Result] = []
    for focus, limit in sorted(data.subject_objects(DL.computedLimitValue), key=str):
        drawn = data.value(limit, DL.limitReadFrom)
        rule_iri = data.value(limit, DL.rule)
        if drawn is None or (node_name(focus), str(rule_iri)) not in failing or \
                data.value(drawn, DL.derived) != TRUE:
            continue
        for subject, prop in sorted(data.subject_predicates(drawn), key=str):
            if not isinstance(prop, URIRef) or prop == DL.limitReadFrom or \
                    (subject, prop) in noted:
                continue
            values = list(data.objects(subject, prop))
            stated = [v for v in values if data.value(v, DL.derived) != TRUE]
            # a stated value that is the value another construction drew (a stated frontage
            # equal to the drawn tie line, the limit read from the shore length) states that
            # construction: the readings say whether the verdict turns on it (blind review 90)
            others = {readable_value(data, v, prepared) for v in values
                      if v not in stated and v != drawn
                      and data.value(v, DL.measuredBy) != data.value(drawn, DL.measuredBy)}
            stated = [v for v in stated if readable_value(data, v, prepared) not in others]
            if not stated:
                continue
            rule = prepared.rules.get(URIRef(str(rule_iri)))
            section, section_iri, section_text = section_fields(prepared, rule)
            relief, authority, note, iris, basis = relief_of(prepared, rule, data)
            shown_limit = readable_value(data, limit, prepared)
            out.append(result := Result(
                section=section, section_iri=section_iri, section_text=section_text,
                severity="Warning",
                message=f"Discrepancy: the stated {curie(prop)} of {short_name(subject)} "
                        f"({readable_value(data, stated[0], prepared)}) and the value derived "
                        f"from the geometry ({readable_value(data, drawn, prepared)}) differ by "
                        "less than the drawing tolerance, but give different limits: "
                        f"{section or 'the rule'} was checked with the stricter, {shown_limit}, "
                        f"from the drawn value, and is not met. Correct the value or the "
                        "drawing",
                focus_node=node_name(focus), path=curie(prop), value=None,
                relief=relief, relief_authority=authority, relief_note=note,
                rule=str(rule_iri), component="dl:Discrepancy", relief_iris=iris))
            result.set_basis(basis)
    return out


def short_name(node: Node) -> str:
    text = str(node)
    return text.rsplit("#", 1)[-1] if "#" in text else text.rsplit("/", 1)[-1]


def result_severity(r: RawResult, shapes: Graph, source: Node | None,
                    top: Node | None) -> str:
    """The law's severity for a result, never the engine's default: a nested shape that
    declares none (the engine reports sh:Violation) takes its rule shape's (an approval finding
    on a dock's material is Info, Kings Point D(2)(f))."""
    stated = r.severity
    if (source is None or (source, SH.severity, None) not in shapes) and top is not None:
        stated = shapes.value(top, SH.severity) or stated
    return SEVERITIES.get(stated, "Violation")


def result_message(r: RawResult, shapes: Graph, source: Node | None, top: Node | None,
                   rule: RuleInfo | None) -> str:
    """The law's words for a result, never the SHACL engine's: the message the shape (or its
    SPARQL constraint) declares, as the engine rendered it; for a nested shape without one, the
    enclosing rule's shape's message; else the rule's label."""
    messages = sorted(stable_message(m) for m in r.messages)  # () unless the shape declares one
    if messages:
        return messages[0]
    if top is not None:
        own = sorted(str(m) for m in shapes.objects(top, SH.message))
        if own:
            return own[0]
    return rule.label if rule else "a rule of the code is not met"


def linked_parts(data: Graph, prepared: Prepared) -> list[Result]:
    """An Info result for each appurtenance derive made a part of the parcel's only whole
    (``derivation.parts``), citing the definition's section."""
    out: list[Result] = []
    for node, note in sorted(data.subject_objects(DL.partLinked), key=lambda t: str(t[0])):
        whole = data.value(note, DL.focus)
        section = section_iri = text = None
        cls = data.value(note, DL.ofClass)
        definition = prepared.knowledge.value(cls, DL.definedBy) if cls is not None else None
        parent = prepared.knowledge.value(definition, DL.definedIn) if definition else None
        info = prepared.sections.get(parent) if parent is not None else None
        if info is not None:
            section, section_iri, text = info.citation, str(info.iri), info.text
        out.append(Result(
            section=section, section_iri=section_iri, section_text=text, severity="Info",
            message=f"{node_name(node)} is read as a part of {node_name(whole)}: "
                    f"{data.value(note, RDFS.comment)}.",
            focus_node=node_name(node), path="dl:hasPart", value=node_name(whole),
            relief=None, relief_authority=None, component="dl:PartOfWhole"))
    return out


def listings_read(data: Graph, prepared: Prepared) -> list[Result]:
    """An Info result for each member of a class that is no part of a structure (a vessel)
    listed as a structure's part, which derive read by the class's ``dl:partListingMeans``
    (``derivation.parts.read_listed_non_parts``: a boat listed under a station is berthed at
    it)."""
    out: list[Result] = []
    for node, note in sorted(data.subject_objects(DL.partListingRead), key=lambda t: str(t[0])):
        whole, prop, cls = (data.value(note, p) for p in (DL.focus, DL.property, DL.ofClass))
        kind = prepared.ontology.value(cls, RDFS.label) if cls is not None else None
        out.append(Result(
            section=None, section_iri=None, section_text=None, severity="Info",
            message=f"{node_name(node)} is listed as a part of {node_name(whole)}, but a "
                    f"{kind or 'member of its class'} is no part of a structure: it is read as "
                    f"{curie(prop)} {node_name(whole)} (the rules on it read it there), and no "
                    f"height, reach, area or count of the parts of {node_name(whole)} "
                    "includes it.",
            focus_node=node_name(node), path=curie(prop), value=node_name(whole),
            relief=None, relief_authority=None, component="dl:PartListingRead"))
    return out


def removed_listed(data: Graph) -> list[Result]:
    """An Info result for each listed part the work takes away (``derivation.parts.
    take_away_removed``): it is none of its whole after the work, so no rule read it."""
    return [Result(section=None, section_iri=None, section_text=None, severity="Info",
                   message=f"{node_name(part)} is removed by the work: it was a part of "
                           f"{node_name(whole)} and is none of it after the work, so no rule "
                           "measures, counts or limits it, and its stated area is taken from "
                           f"the former area of {node_name(whole)} where new parts are added "
                           "to it.",
                   focus_node=node_name(part), path="dl:removedPart", value=node_name(whole),
                   relief=None, relief_authority=None, component="dl:RemovedPart")
            for whole, part in sorted(data.subject_objects(DL.removedPart),
                                      key=lambda t: (str(t[1]), str(t[0])))]


def renewals_not_read(data: Graph) -> list[Result]:
    """An Info result for each part stating dl:renewedInKind true that is of no class of
    component renewed in kind (``derivation.parts.renewed_in_kind``): the statement was not
    read, and the report says what that does."""
    return [Result(section=None, section_iri=None, section_text=None, severity="Info",
                   message=f"{node_name(part)} is stated renewed in kind (dl:renewedInKind), but "
                           "only a component (a pile, a railing, a light) is read so: a part "
                           "that gives its whole its area or reach is part of the structure's "
                           "form, so its replacement, even in kind, alters (substitutes) its "
                           "whole in part and is not read as maintenance. Renewed in kind, it "
                           "keeps the form it had, so its date (dl:existsSince) is its "
                           "renewal's and does not date its whole.",
                   focus_node=node_name(part), path="dl:renewedInKind", value=None,
                   relief=None, relief_authority=None, component="dl:RenewalInKindNotRead")
            for part in sorted(set(data.subjects(DL.renewalInKindNotRead, TRUE)),
                               key=str)]


def unlisted_parts(data: Graph) -> list[Result]:
    """An Info result for each part derive added for a whole's unlisted parts (a dock stating
    more float area than its listed floats have: ``derivation.totals.unlisted_parts``), so
    the questions asked of it say where it comes from."""
    return [Result(section=None, section_iri=None, section_text=None, severity="Info",
                   message=f"{node_name(node)} stands for {data.value(node, RDFS.label)}: "
                           f"{data.value(node, RDFS.comment)}.",
                   focus_node=node_name(node), path="dl:impliedBy", value=node_name(whole),
                   relief=None, relief_authority=None, component="dl:UnlistedParts")
            for node, whole in sorted(data.subject_objects(DL.impliedBy),
                                      key=lambda t: str(t[0]))]


def placed_structures(data: Graph) -> list[Result]:
    """An Info result for each structure derive placed: a proposed structure added to the
    parcel's structures (``derivation.parts.place_proposed``: the counts per parcel include
    it), a parcel's structure stating work read as proposed (``propose_worked``), and the work
    an existing whole's parts make of it (``work_by_parts``)."""
    def placed(node: Node, path: str, value: Node, component: str, message: str) -> Result:
        return Result(section=None, section_iri=None, section_text=None, severity="Info",
                      message=message, focus_node=node_name(node), path=path,
                      value=node_name(value), relief=None, relief_authority=None,
                      component=component)

    out = [placed(node, "dl:hasStructure", parcel, "dl:PlacedOnParcel",
                  f"{node_name(node)} is proposed by the application and not listed among the "
                  f"structures of {node_name(parcel)}: it is counted among them "
                  f"(dl:hasStructure), as a structure the application builds on its parcel.")
           for node, parcel in sorted(data.subject_objects(DL.placedOnParcel),
                                      key=lambda t: str(t[0]))]
    for node, app in sorted(data.subject_objects(DL.proposedByWork), key=lambda t: str(t[0])):
        stated = ", and ".join(
            ("states" if part == node else f"its part {node_name(part)} states")
            + " work (" + ", ".join(sorted(curie(w) for w in data.objects(part, DL.workKind)))
            + ")" for part in worked_parts(data, node))
        out.append(placed(node, "dl:proposes", app, "dl:ProposedByWork",
                          f"{node_name(node)} is listed among the parcel's structures, not in "
                          f"dl:proposes, and {stated}: it is read as proposed by "
                          f"the application and checked like every proposed structure"
                          + ("" if (node, DL.workKind, None) in data else
                             " (it states no work of its own: where it is only repaired or "
                             "restored, state so, dl:workKind, for the exceptions that "
                             "protect what lawfully exists)") + "."))
    for node in sorted(set(data.subjects(DL.workByParts, None)), key=str):
        made = sorted(data.objects(node, DL.workByParts), key=str)
        parts = ", ".join(
            f"{node_name(p)} ({', '.join(sorted(curie(w) for w in data.objects(p, DL.workKind)))})"
            for p in worked_parts(data, node) if p != node)
        kinds = ", ".join(curie(m) for m in made)
        why = "; ".join(WHOLE_WORK_WHY[m] for m in made if m in WHOLE_WORK_WHY)
        out.append(placed(node, "dl:workByParts", Literal(kinds), "dl:WorkByParts",
                          f"{node_name(node)} is read as worked by {kinds} too, besides the "
                          f"work it states itself: "
                          + (f"its parts state work, {parts}, and " if parts else
                             "its stated values or its parts' are larger than it states it "
                             "was, and ")
                          + f"{why}. The "
                          "rules on the kind of work read both; an exception for a repair or an "
                          "incidental alteration of it (and, where the code reads it so, for "
                          "its restoration 'as before') holds only where its stated values, its "
                          "parts' growth included, keep within what lawfully existed"
                          + ("; and where the code bars a nonconforming structure's "
                             "substitution or structural alteration in part (dl:partsMustAgree),"
                             " a part altered, replaced or new in place of removed ones makes "
                             "the work no repair and no incidental alteration, whatever the "
                             "sizes, so those exceptions do not hold"
                             if DL.Alteration in made else "") + "."))
    return out


def value_source(data: Graph, qv: Node | None) -> str:
    """Where a quantity the report names came from: "drawn" (geometry measured it: the
    geometry stage marks its values with the construction or the coordinate conversion it
    read), "derived" (another derivation computed it from stated values), else "stated".
    Why: a flag derived from a reach measured from the drawing was said to come from "the
    stated" reach (blind review 88 F2)."""
    if qv is None or data.value(qv, DL.derived) != TRUE:
        return "stated"
    if (qv, DL.measuredBy, None) in data or (qv, DL.coordinatesFrom, None) in data:
        return "drawn"
    return "derived"


def derived_flags(data: Graph, prepared: Prepared) -> list[Result]:
    """What eligibility.derive_flags decided: an Info result naming the measurement and the
    section; a Warning where the application stated the flag otherwise (it was not used)."""
    out: list[Result] = []
    for node, note in sorted(data.subject_objects(DL.derivedFlag), key=lambda t: str(t[0])):
        rule = prepared.rules.get(data.value(note, DL.rule))
        section, section_iri, text = own_section_fields(prepared, data, note, rule)
        flag, basis = data.value(note, DL.property), data.value(note, DL.basis)
        value = data.value(note, RDF.value)
        stated = [v for v in data.objects(note, DL.statedValue) if isinstance(v, Literal)]
        qv = data.value(node, basis) if basis is not None else None
        shown = readable_value(data, qv, prepared) if qv is not None else None
        cited = f" ({section})" if section else ""
        source = value_source(data, qv)
        basis_said = (f"the {curie(basis)} of {shown} measured from the drawing"
                      if source == "drawn" else f"the {source} {curie(basis)} of {shown}")
        why = data.value(note, RDFS.comment)  # a flag another fact implies says how
        if value is not None:
            message = (f"{curie(flag)} is {str(value).lower()}: "
                       + (str(why) if why is not None else f"derived from {basis_said}")
                       + f"{cited}.")
            out.append(Result(
                section=section, section_iri=section_iri, section_text=text, severity="Info",
                message=message, focus_node=node_name(node), path=curie(flag),
                value=str(value).lower(), relief=None, relief_authority=None,
                rule=str(rule.iri) if rule else None, component="dl:DerivedFlag"))
        for claimed in stated:
            if value is not None and claimed.toPython() == value.toPython():
                continue
            because = (f"{basis_said} makes it {str(value).lower()}"
                       if value is not None else f"{curie(basis)}, which decides it, is not stated")
            out.append(Result(
                section=section, section_iri=section_iri, section_text=text,
                severity="Warning", message=(
                    f"{curie(flag)} {str(claimed).lower()} is stated but not used: "
                    f"{because}{cited}."),
                focus_node=node_name(node), path=curie(flag), value=str(claimed).lower(),
                relief=None, relief_authority=None, rule=str(rule.iri) if rule else None,
                component="dl:DerivedFlag"))
    return out


def geometry_notes(data: Graph, prepared: Prepared) -> list[Result]:
    """dl:GeometryNote (a condition the geometry stage will not settle) -> a result for review."""
    out: list[Result] = []
    for node in data.subjects(RDF.type, DL.GeometryNote):
        section_iri = data.value(node, DL.noteSection)
        info = prepared.sections.get(section_iri) if isinstance(section_iri, URIRef) else None
        chain = ancestors(prepared, section_iri) if isinstance(section_iri, URIRef) else []
        holder = next((i for i in chain if i.variance_classes), None)
        classes = holder.variance_classes if holder else ()
        names = [RELIEF_NAMES.get(c, curie(c)) for c in classes]
        focus = first_value(data, node, DISCREPANCY_FOCUS)
        out.append(result := Result(
            section=info.citation if info else None,
            section_iri=str(section_iri) if section_iri is not None else None,
            section_text=info.text if info else None,
            severity=SEVERITIES.get(data.value(node, SH.resultSeverity), "Info"),
            message=str(first_value(data, node, DISCREPANCY_MESSAGE) or "geometry note"),
            focus_node=node_name(focus if focus is not None else node), path=None, value=None,
            relief=names[0] if len(names) == 1 else None, relief_authority=None,
            relief_note=("listed under more than one kind of relief: " + " and ".join(names))
            if len(names) > 1 else None,
            component="dl:GeometryNote", relief_iris=tuple(str(c) for c in classes),
        ))
        result.set_basis(basis_of(prepared, holder.iri) if holder else NO_BASIS)
    return out


SEVERITY_ORDER = {"Violation": 0, "Warning": 1, "Info": 2}


def sort_results(results: list[Result]) -> list[Result]:
    return sorted(results, key=lambda r: (SEVERITY_ORDER.get(r.severity, 3), r.section or "~",
                                          r.focus_node, r.shape or "", r.message,
                                          r.rule or ""))
