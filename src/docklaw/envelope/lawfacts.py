"""What the law graph fixes about the reference application, read per code.

Never typed in Python: a lake's mean high and low water levels (``dl:LakeDatum``), the code's
maximum-extent lines past which a dock may be extended only in shallow water and the depth that
decides that extension, the Tier the code assigns by default, and what the code requires of
every application or dock (``dl:comparison dl:Required``: the permit it issues, the other
agencies' approvals, equipment such as a navigation light) so the envelope is what the code
allows once its own requirements are met.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF, RDFS

from docklaw.envelope.parcel import Parcel
from docklaw.jurisdictions import Jurisdiction
from docklaw.namespaces import BASE, DL, QUDT


@dataclass(frozen=True)
class Water:
    """What one code's water body fixes (read from the law graph)."""

    kind: str                       # "tidal" | "lake"
    name: str                       # the water body as the code names it, or "tidal waters"
    #: mean high minus mean low water (feet): the parcel's tidal range, or the lake's levels
    range: float
    #: mean high water above mean sea level (lakes that state it), for bottom elevations
    high_water_elevation: float | None = None
    #: the code's maximum-extent lines (feet from mean high water) beyond which a dock may be
    #: extended only where the water is shallow, with the depth that decides it
    extent_lines: tuple[float, ...] = ()
    required_depth: float | None = None
    #: where each number came from (citations), for the report
    sources: tuple[str, ...] = field(default_factory=tuple)


def _number(graph: Graph, node: object) -> float | None:
    value = graph.value(node, QUDT.numericValue)  # type: ignore[arg-type]
    try:
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def _citation(graph: Graph, node: object) -> str:
    section = graph.value(node, DL.section)  # type: ignore[arg-type]
    return str(graph.value(section, DL.citation) or "") if section is not None else ""


def water_of(code: Jurisdiction, parcel: Parcel, law: Graph, tier: int | None) -> Water:
    """The code's water as the reference application describes it."""
    code_iri = URIRef(f"{BASE}code/{code.id}")
    levels: dict[URIRef, float] = {}
    sources: list[str] = []
    for datum in law.subjects(DL.inCode, code_iri):
        if (datum, RDF.type, DL.LakeDatum) not in law:
            continue
        kind, value = law.value(datum, DL.datum), _number(law, datum)
        if isinstance(kind, URIRef) and value is not None and kind in (DL.MeanHighWater,
                                                                        DL.MeanLowWater):
            levels[kind] = value
            sources.append(f"{law.value(datum, RDFS.label)}: {value:g} feet")
    if code.water == "lake" and DL.MeanHighWater in levels and DL.MeanLowWater in levels:
        span = levels[DL.MeanHighWater] - levels[DL.MeanLowWater]
        high: float | None = levels[DL.MeanHighWater]
    else:
        span, high = (parcel.tidal_range if code.water == "tidal" else 0.0), None
    lines, depth = extension_rules(code, law, tier)
    return Water(code.water, code.waterbody or ("tidal waters" if code.water == "tidal"
                                                else "the lake"),
                 span, high, lines, depth, tuple(sources))


def _rules_of(code: Jurisdiction, law: Graph) -> list[URIRef]:
    base = f"{BASE}rule/{code.id}/"
    return [r for r in law.subjects(DL.section, None)
            if isinstance(r, URIRef) and str(r).startswith(base)]


def extension_rules(code: Jurisdiction, law: Graph,
                    tier: int | None) -> tuple[tuple[float, ...], float | None]:
    """The maximum-extent lines that apply unless the dock is eligible for a shallow-water
    extension (rules constraining dl:farthestExtentFromMHW with a constant limit and
    ``dl:appliesWhen dl:depthExtension false``, for the parcel's Tier), and the depth that
    decides eligibility (the limit of the rule that ``dl:derives dl:depthExtension`` from the
    depth at the line, ``dl:waterDepthAtLimitLine``)."""
    lines: set[float] = set()
    depth: float | None = None
    for rule in _rules_of(code, law):
        tiers = {int(t) for t in law.objects(rule, DL.appliesToTier)}
        if tiers and tier is not None and tier not in tiers:
            continue
        if (rule, DL.derives, DL.depthExtension) in law:
            if (rule, DL.constrains, DL.waterDepthAtLimitLine) not in law:
                continue  # (derived from another fact: the distance to the depth, a length)
            limit = law.value(rule, DL.limit)
            if limit is not None and _number(law, limit) is not None:
                depth = _number(law, limit)
            continue
        if (rule, DL.constrains, DL.farthestExtentFromMHW) not in law:
            continue
        gated = any(law.value(c, DL.property) == DL.depthExtension
                    and str(law.value(c, DL.equals)).lower() == "false"
                    for c in law.objects(rule, DL.appliesWhen))
        limit = law.value(rule, DL.limit)
        if gated and limit is not None and _number(law, limit) is not None:
            lines.add(_number(law, limit))  # type: ignore[arg-type]
    return tuple(sorted(lines)), depth


def default_tier(code: Jurisdiction, law: Graph) -> int | None:
    """The Tier the code assigns by default (``dl:defaultTier``), if it has Tiers."""
    for rule in _rules_of(code, law):
        value = law.value(rule, DL.defaultTier)
        if value is not None:
            return int(value)
    return None


@dataclass(frozen=True)
class Requirements:
    """What the code requires that the reference application then states, each with the
    section requiring it: approvals and permits (IRIs added to ``dl:otherAgencyApproval`` /
    ``dl:permitSought``) and flags required true (set on the application or on the docks)."""

    approvals: tuple[tuple[URIRef, str], ...] = ()
    permits: tuple[tuple[URIRef, str], ...] = ()
    application_flags: tuple[tuple[URIRef, str], ...] = ()
    dock_flags: tuple[tuple[URIRef, str], ...] = ()
    labels: dict[URIRef, str] = field(default_factory=dict)
    #: item -> (rule, citation) of every rule requiring it
    rules: dict[URIRef, tuple[tuple[str, str], ...]] = field(default_factory=dict)

    def described(self, applied: set[str] | None = None) -> list[str]:
        """One phrase per item, with its citation ("NYS anchorage permit (§ ...)"); with
        ``applied``, only the items whose rule applied to some candidate (the rest were stated
        but never asked for)."""
        out = []
        for items, flag in ((self.permits, False), (self.approvals, False),
                            (self.application_flags, True), (self.dock_flags, True)):
            for item, _ in items:
                cites = [c for r, c in self.rules.get(item, ())
                         if applied is None or r in applied]
                if not cites:
                    continue
                name = self.labels.get(item, str(item).rsplit("#", 1)[-1])
                out.append(f"{name}{': yes' if flag else ''} ({', '.join(cites)})")
        return out


def requirements(code: Jurisdiction, law: Graph, ontology: Graph) -> Requirements:
    """Every ``dl:Required`` rule of the code with a required value the reference application
    can state (a permit or approval IRI, or ``true``)."""
    approvals: dict[URIRef, str] = {}
    permits: dict[URIRef, str] = {}
    rules: dict[URIRef, list[tuple[str, str]]] = {}
    app_flags: dict[URIRef, str] = {}
    dock_flags: dict[URIRef, str] = {}
    for rule in sorted(_rules_of(code, law)):
        if (rule, DL.comparison, DL.Required) not in law:
            continue
        required = law.value(rule, DL.requiredValue)
        props = list(law.objects(rule, DL.constrains))
        if required is None or len(props) != 1:
            continue
        prop, cite = props[0], _citation(law, rule)
        item = required if isinstance(required, URIRef) else prop
        on_application = (rule, DL.governs, DL.PermitApplication) in law
        if prop == DL.otherAgencyApproval and isinstance(required, URIRef):
            approvals.setdefault(required, cite)
        elif prop == DL.permitSought and isinstance(required, URIRef):
            permits.setdefault(required, cite)
        elif isinstance(required, Literal) and required.toPython() is True and \
                isinstance(prop, URIRef):
            (app_flags if on_application else dock_flags).setdefault(prop, cite)
        else:
            continue
        if isinstance(item, URIRef):
            rules.setdefault(item, []).append((str(rule), cite))
    labels = {}
    for term in [*approvals, *permits, *app_flags, *dock_flags]:
        label = ontology.value(term, RDFS.label) or law.value(term, RDFS.label)
        if label is not None:
            labels[term] = str(label)
    return Requirements(tuple(approvals.items()), tuple(permits.items()),
                        tuple(app_flags.items()), tuple(dock_flags.items()), labels,
                        {k: tuple(v) for k, v in rules.items()})
