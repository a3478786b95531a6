"""Where a result's relief comes from: the section that states it, or the curators' inference.

Why: "area variance" on a report is only as good as its source. North Haven § 56-3D and
§ 56-4P list the sections a variance reaches; Canandaigua § 73-22D limits variances; the Kings
Point Waiver section and North Hempstead § 42-9A(4) / § 42-9C(1) state a waiver; elsewhere the
class is the curators' reading. Each result therefore carries ``relief_basis`` ("stated" with the
section, or "inferred" with the curation note that explains it). Relief that the text gives
only to some land uses and some kinds of standard (North Hempstead: § 42-9A(4) residential
structures "in any respect", § 42-9C(1) "number, configuration, width and length" for other
uses) is data too (``dl:reliefRoute``); a result outside every route's reach gets no relief and
a note saying so, never more than the text gives.
"""

from __future__ import annotations

from dataclasses import dataclass

from rdflib import Graph, URIRef
from rdflib.term import Node

from docklaw.law.prepare import Prepared, RuleInfo
from docklaw.namespaces import DL, RDFS


@dataclass(frozen=True)
class Basis:
    """Where the relief of one result comes from."""

    basis: str | None  # "stated" | "inferred" | None (no relief reported)
    section: str | None  # citation of the section that states it
    note: str | None  # the curation note explaining an inference or a missing relief


@dataclass(frozen=True)
class Route:
    """A dl:ReliefRoute chosen for an application: its classes, authorities and basis."""

    classes: tuple[URIRef, ...]
    authorities: tuple[URIRef, ...]
    basis: Basis


NO_BASIS = Basis(None, None, None)


def citation(prepared: Prepared, section: Node | None) -> str | None:
    info = prepared.sections.get(section) if isinstance(section, URIRef) else None
    return info.citation if info else (str(section) if section is not None else None)


def basis_of(prepared: Prepared, node: URIRef, rule: RuleInfo | None = None,
             classes: tuple[URIRef, ...] = ()) -> Basis:
    """The basis of the variance class that ``node`` (a rule or section) supplied: the first of
    the node, the rule, the rule's section and its ancestors, and the code itself that records
    one (dl:reliefStatedIn, or dl:reliefInferenceNote for the curators' reading), skipping a
    section that records another class than ``classes``."""
    law = prepared.knowledge
    candidates: list[Node] = [node]
    section = rule.section if rule is not None else (node if node in prepared.sections else None)
    if rule is not None:
        candidates.append(rule.iri)
    candidates.extend(_chain(prepared, section))
    code = law.value(section, DL.inCode) if section is not None else None
    if code is not None:
        candidates.append(code)
    for candidate in candidates:
        own = set(law.objects(candidate, DL.varianceClass))
        if classes and own and own != set(classes):
            continue
        stated = sorted(law.objects(candidate, DL.reliefStatedIn), key=str)
        if stated:
            return Basis("stated",
                         "; ".join(c for s in stated if (c := citation(prepared, s))) or None,
                         _first(law, candidate, DL.reliefBasisNote))
        inferred = _first(law, candidate, DL.reliefInferenceNote)
        if inferred:
            return Basis("inferred", None, inferred)
    return Basis("inferred", None, "The variance class is the curators' reading; no section "
                 "of the code states it.")


def _chain(prepared: Prepared, section: Node | None) -> list[Node]:
    out: list[Node] = []
    while isinstance(section, URIRef) and section in prepared.sections and section not in out:
        out.append(section)
        section = prepared.sections[section].parent
    return out


def _first(law: Graph, node: Node, prop: URIRef) -> str | None:
    values = sorted(str(v) for v in law.objects(node, prop))
    return values[0] if values else None


def land_uses(data: Graph | None) -> set[Node]:
    """The land uses of the application's parcel(s)."""
    if data is None:
        return set()
    return {u for app in data.subjects(DL.parcel, None)
            for parcel in data.objects(app, DL.parcel) for u in data.objects(parcel, DL.landUse)}


def route_holds(prepared: Prepared, route: Node, data: Graph | None, focus: Node | None) -> bool:
    """A route's dl:appliesWhen conditions (any of them) on the result's focus node: relief the
    text gives only to some structures (Canandaigua § 73-10B(1): a dock consolidating contiguous
    parcels). A route without conditions holds for every focus."""
    from docklaw.law.compile import condition_of
    from docklaw.law.targets import condition_holds

    conditions = list(prepared.knowledge.objects(route, DL.appliesWhen))
    if not conditions:
        return True
    if data is None or focus is None:
        return False
    app = next(iter(data.subjects(DL.parcel, None)), None)
    for node in conditions:
        cond = condition_of(prepared, route, node, "dl:appliesWhen", [])  # type: ignore[arg-type]
        if cond is not None and condition_holds(data, app, focus, cond):
            return True
    return False


def route_for(prepared: Prepared, holder: URIRef, rule: RuleInfo,
              data: Graph | None, focus: Node | None = None,
              conditional_only: bool = False) -> Route | None:
    """The dl:reliefRoute of ``holder`` that reaches this rule for this application's land use
    (and focus: routes with dl:appliesWhen are tried first); a Route without classes (and a
    note) when the holder has routes but none reaches it. ``conditional_only``: only the routes
    with dl:appliesWhen, and None when none of them reaches the rule."""
    law = prepared.knowledge
    routes = sorted(law.objects(holder, DL.reliefRoute),
                    key=lambda r: ((r, DL.appliesWhen, None) not in law, str(r)))
    if conditional_only:
        routes = [r for r in routes if (r, DL.appliesWhen, None) in law]
    if not routes:
        return None
    routes = [r for r in routes if route_holds(prepared, r, data, focus)]
    if conditional_only:
        found = route_for_routes(prepared, holder, rule, data, routes) if routes else None
        return found if found is not None and found.classes else None
    return route_for_routes(prepared, holder, rule, data, routes)


def route_for_routes(prepared: Prepared, holder: URIRef, rule: RuleInfo, data: Graph | None,
                     routes: list[Node]) -> Route:
    law = prepared.knowledge
    uses = land_uses(data)
    if not uses and any((r, DL.appliesToLandUse, None) in law for r in routes):
        detail = _first(law, holder, DL.noReliefNote)
        return Route((), (), Basis(None, None, "The relief depends on the parcel's land use, "
                                   "which the application does not state"
                                   + (f": {detail}" if detail else ".")))
    quantity = law.value(rule.iri, DL.quantity)
    for route in routes:
        allowed: set[Node] = set()
        for use in law.objects(route, DL.appliesToLandUse):
            allowed |= prepared.narrower.get(use, frozenset({use}))  # type: ignore[arg-type]
        if allowed and uses.isdisjoint(allowed):
            continue
        within = set(law.objects(route, DL.reliefWithin))
        if within and not within & _ancestors(prepared, rule.section):
            continue
        reach = set(law.objects(route, DL.reliefReach))
        if reach and quantity not in reach and reach.isdisjoint(rule.constrains):
            continue
        stated = sorted(law.objects(route, DL.reliefStatedIn), key=str)
        basis = Basis("stated" if stated else "inferred",
                      "; ".join(c for s in stated if (c := citation(prepared, s))) or None,
                      _first(law, route, DL.reliefBasisNote) or _first(law, route, RDFS.comment))
        return Route(tuple(sorted(o for o in law.objects(route, DL.varianceClass)
                                  if isinstance(o, URIRef))),
                     tuple(sorted(o for o in law.objects(route, DL.reliefAuthority)
                                  if isinstance(o, URIRef))), basis)
    return Route((), (), Basis(None, None, _first(law, holder, DL.noReliefNote)))


def _ancestors(prepared: Prepared, section: URIRef | None) -> set[Node]:
    return set(_chain(prepared, section))
