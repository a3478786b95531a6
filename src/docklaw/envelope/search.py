"""Find each envelope figure by running the validator on candidate applications.

For one code and one quantity the search holds every other quantity at the reference dock and
asks the validator (``validate.pipeline.validate_graph``) about candidate values: the largest
value (the smallest, for a setback) with no violation beyond those of the reference dock
itself, and the value one step beyond it, whose violations name the binding rules. The
validator's own variance figures (``nearest``: the nearest conforming value of a violated limit)
point to the next candidate, so a figure takes a handful of validations rather than a bisection
over every step; nothing here reads a limit. Every figure returned was validated at its value
and one step beyond it.

Three outcomes are kept apart: a figure is ``conforms`` (the code decided every rule at that
value), ``incomplete`` (no rule on the quantity is violated, but the code needs facts the
reference application cannot give: listed), or the quantity reaches the search's bound with no
rule violated (``unbounded``: the code sets no limit the reference application meets).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from rdflib import Graph, URIRef

from docklaw import jurisdictions as registry
from docklaw.envelope.application import Design, DoesNotFit, facts, numbers, to_graph
from docklaw.envelope.lawfacts import Requirements, Water, default_tier, requirements, water_of
from docklaw.envelope.parcel import Parcel, resolve_land_use
from docklaw.law.prepare import Prepared
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL
from docklaw.validate.pipeline import validate_graph


@dataclass(frozen=True)
class Quantity:
    """One figure of the envelope."""

    key: str
    label: str
    unit: str               # "feet", "square feet", "" for a count
    direction: str          # "max": the largest allowed; "min": the smallest allowed
    step: float             # the resolution the figure is found at
    note: str = ""

    @property
    def integer(self) -> bool:
        return self.step == 1


QUANTITIES: tuple[Quantity, ...] = (
    Quantity("length", "length from the shore", "feet", "max", 0.01,
             "from mean high water, straight out (the reference dock's area follows)"),
    Quantity("width", "width", "feet", "max", 0.01, "the reference length, centred"),
    Quantity("area", "area", "square feet", "max", 0.01,
             "at the largest length and width; at most their product"),
    Quantity("docks", "docks", "", "max", 1, "reference docks, evenly spaced, one boat slip each"),
    Quantity("slips", "boat slips", "", "max", 1, "at the reference dock"),
    Quantity("moorings", "mooring buoys", "", "max", 1, "beside the reference dock's one slip"),
    Quantity("setback", "side setback", "feet", "min", 0.01,
             "the smallest distance from the nearer side line (lot line extended, water "
             "rights or facility area line)"),
)
BY_KEY = {q.key: q for q in QUANTITIES}
#: how far the search looks (beyond: "no limit found up to ...")
LENGTH_CEILING, WIDTH_CEILING, COUNT_CEILING = 1500.0, 100.0, 40
#: the reference dock's width (feet) and the range the reference length is chosen from
REFERENCE_WIDTH = 4.0
GEOMETRY = "geometry"


@dataclass(frozen=True)
class Binding:
    """A rule violated one step beyond a figure."""

    section: str
    section_iri: str
    rule: str
    message: str
    limit: float | None = None
    property: str = ""

    def to_json(self) -> dict[str, object]:
        return {"section": self.section, "section_iri": self.section_iri, "rule": self.rule,
                "message": self.message, "limit": self.limit, "property": self.property}


@dataclass
class Outcome:
    """What the validator said about one candidate."""

    status: str
    violations: dict[str, Binding]       # key: shape (or section + message)
    guides: list[tuple[str, str, float, str]]   # (focus, property IRI, nearest, direction)
    needed: list[tuple[str, str]]        # (section, message)
    #: the rules that applied (any state but not-applicable)
    applied: frozenset[str] = frozenset()


@dataclass
class Figure:
    """One quantity under one code: its value, how it is bounded and by what.

    ``bound``: ``rule`` (the rules in ``binding`` are violated one step beyond), ``search``
    (no rule is violated up to the value, the end of the search), ``product`` (the area: no
    area rule binds, so the dock's length times its width), ``reference`` (the reference dock
    itself violates ``binding``: no figure)."""

    quantity: Quantity
    value: float | None
    status: str                          # conforms | incomplete | none
    bound: str
    binding: list[Binding] = field(default_factory=list)
    beyond: float | None = None          # the value one step beyond, that violates
    needed: list[tuple[str, str]] = field(default_factory=list)
    note: str = ""
    validations: int = 0

    def to_json(self) -> dict[str, object]:
        q = self.quantity
        return {"quantity": q.key, "label": q.label, "value": self.value, "unit": q.unit,
                "kind": "minimum" if q.direction == "min" else "maximum",
                "status": self.status, "bound": self.bound, "beyond": self.beyond,
                "binding": [b.to_json() for b in self.binding],
                "information_needed": [{"section": s, "message": m} for s, m in self.needed],
                "note": self.note or q.note}


@dataclass
class CodeEnvelope:
    jurisdiction: str
    name: str
    water: Water
    tier: int | None
    reference: Design
    reference_status: str
    reference_violations: list[Binding]
    figures: dict[str, Figure]
    #: what the code requires that the reference application states (with citations)
    required: list[str] = field(default_factory=list)
    validations: int = 0

    def to_json(self) -> dict[str, object]:
        return {
            "jurisdiction": self.jurisdiction, "name": self.name,
            "water": {"kind": self.water.kind, "name": self.water.name,
                      "range": self.water.range,
                      "high_water_elevation": self.water.high_water_elevation,
                      "extent_lines": list(self.water.extent_lines),
                      "required_depth": self.water.required_depth,
                      "sources": list(self.water.sources)},
            "tier": self.tier,
            "reference": {"length": self.reference.length, "width": self.reference.width,
                          "docks": self.reference.docks, "slips": self.reference.slips,
                          "moorings": self.reference.moorings},
            "reference_status": self.reference_status,
            "reference_violations": [b.to_json() for b in self.reference_violations],
            "figures": [f.to_json() for f in self.figures.values()],
            "requirements_met": self.required,
            "validations": self.validations,
        }


def _expand(curie_text: str) -> str:
    return str(DL) + curie_text[3:] if curie_text.startswith("dl:") else curie_text


class Runner:
    """Validates candidate designs for one code on one parcel (each design once)."""

    def __init__(self, jid: str, parcel: Parcel, prepared: Prepared) -> None:
        self.code = registry.resolve(jid)
        self.parcel = parcel
        self.prepared = prepared
        law = prepared.knowledge
        self.tier = default_tier(self.code, law)
        self.water = water_of(self.code, parcel, law, self.tier)
        self.land_use: URIRef = resolve_land_use(parcel.land_use, prepared.ontology)
        self.required: Requirements = requirements(self.code, law, prepared.ontology)
        self.cache: dict[Design, Outcome] = {}
        self.baseline: set[str] = set()
        #: design -> its numbers, or the DoesNotFit it raised: the search's bisections ask
        #: the same designs' numbers again and again (37,000 asks, 3,000 designs, per run of
        #: the envelope tests), and building one reads every fact of the application
        self._numbers: dict[Design, dict[tuple[str, str], float] | DoesNotFit] = {}

    def application(self, design: Design) -> dict[URIRef, dict[URIRef, object]]:
        return facts(self.parcel, self.water, self.land_use, design, self.required)

    def facts(self, design: Design) -> dict[tuple[str, str], float]:
        """(node, property) -> number of the design's application (read only: remembered)."""
        found = self._numbers.get(design)
        if found is None:
            try:
                found = numbers(self.application(design))
            except DoesNotFit as exc:
                found = exc
            self._numbers[design] = found
        if isinstance(found, DoesNotFit):
            raise DoesNotFit(*found.args)  # (a new one: the stored one keeps no traceback)
        return found

    def graph(self, design: Design) -> Graph:
        """The candidate application as the validator reads it."""
        return to_graph(self.code.id, self.application(design))

    def run(self, design: Design) -> Outcome:
        if design not in self.cache:
            self.cache[design] = self._run(design)
        return self.cache[design]

    def _run(self, design: Design) -> Outcome:
        try:
            graph = self.graph(design)
        except DoesNotFit as exc:
            return Outcome("violates", {GEOMETRY: Binding("", "", "", str(exc))}, [], [])
        report = validate_graph(graph, name="envelope", prepared=self.prepared, plan=False)
        violations: dict[str, Binding] = {}
        limits = {(v.shape, v.focus_node): v for v in report.variances}
        for r in report.results:
            if r.severity != "Violation":
                continue
            key = r.shape or f"{r.section}|{r.message}"
            var = limits.get((r.shape, r.focus_node))
            violations.setdefault(key, Binding(
                r.section or "", r.section_iri or "", r.rule or "", r.message,
                var.limit if var is not None else None,
                var.property if var is not None else (r.path or "")))
        guides = [(v.focus_node, _expand(v.property), v.nearest, v.direction)
                  for v in report.variances]
        needed = sorted({(n.section or "", n.message) for n in report.information_needed})
        applied = frozenset(s.rule for s in report.accounting if s.state != "not-applicable")
        return Outcome(report.status, violations, guides, needed, applied)

    def new(self, outcome: Outcome) -> dict[str, Binding]:
        """The violations the reference dock does not have."""
        return {k: b for k, b in outcome.violations.items() if k not in self.baseline}

    @property
    def validations(self) -> int:
        return len(self.cache)

    def applied(self) -> set[str]:
        """The rules that applied to some candidate (any state but not-applicable)."""
        return {rule for o in self.cache.values() for rule in o.applied}


# --------------------------------------------------------------------------- one figure

def _satisfied(value: float | None, nearest: float, direction: str) -> bool:
    if value is None:
        return True
    return value <= nearest + 1e-9 if direction == "max" else value >= nearest - 1e-9


def _grid(x: float, step: float) -> int:
    return round(x / step)


def guide(runner: Runner, at: Callable[[float], Design], outcome: Outcome, ok_k: int,
          bad_k: int, step: float) -> int | None:
    """The grid point between ``ok_k`` and ``bad_k`` (exclusive of ``ok_k``) nearest to
    ``bad_k`` at which every violated limit the validator reported a nearest conforming value
    for is met by the facts the design states; None when no reported limit explains the
    violation. Only the cheap application builder runs here, no validation."""
    sign = 1 if bad_k > ok_k else -1
    best: int | None = None
    for focus, prop, nearest, direction in outcome.guides:
        def sat(k: int, key: tuple[str, str] = (focus, prop), limit: float = nearest,
                way: str = direction) -> bool:
            try:
                value = runner.facts(at(k * step)).get(key)
            except DoesNotFit:
                return False
            return _satisfied(value, limit, way)
        if sat(bad_k) or not sat(ok_k):
            continue  # this limit does not move with the quantity
        lo, hi = ok_k, bad_k  # sat(lo), not sat(hi)
        while abs(hi - lo) > 1:
            mid = (lo + hi) // 2 if sign > 0 else -((-lo - hi) // 2)
            if sat(mid):
                lo = mid
            else:
                hi = mid
        if best is None or (lo - best) * sign < 0:
            best = lo
    if best is None or (best - ok_k) * sign <= 0:
        return None
    return best


def search(runner: Runner, quantity: Quantity, at: Callable[[float], Design], start: float,
           end: float, *, unbounded_note: str = "") -> Figure:
    """The figure for ``quantity``: ``start`` must be free of new violations; ``end`` is how
    far the search looks (below ``start`` for a minimum)."""
    step = quantity.step
    ok_k, bad_k = _grid(start, step), _grid(end, step)
    before = runner.validations
    first = runner.run(at(ok_k * step))
    if runner.new(first):
        return Figure(quantity, None, "none", "reference", list(runner.new(first).values()),
                      note="the reference dock itself violates these rules",
                      validations=runner.validations - before)
    out_bad = runner.run(at(bad_k * step))
    if not runner.new(out_bad):
        value = round(bad_k * step, 2)
        return Figure(quantity, int(value) if quantity.integer else value,
                      "conforms" if out_bad.status == "conforms" else "incomplete", "search",
                      needed=out_bad.needed,
                      note=unbounded_note or f"no rule is violated up to {value:g}"
                      + (f" {quantity.unit}" if quantity.unit else ""),
                      validations=runner.validations - before)
    sign = 1 if bad_k > ok_k else -1
    probed: set[int] = set()
    for _ in range(80):
        if abs(bad_k - ok_k) <= 1:
            break
        k = guide(runner, at, out_bad, ok_k, bad_k, step)
        if k is None or not (0 < (k - ok_k) * sign < (bad_k - ok_k) * sign) or k in probed:
            k = None
        if k is None and ok_k + sign not in probed:
            k = ok_k + sign
        if k is None:
            k = (ok_k + bad_k) // 2
        probed.add(k)
        outcome = runner.run(at(k * step))
        if runner.new(outcome):
            bad_k, out_bad = k, outcome
        else:
            ok_k = k
    bad_k = ok_k + sign
    out_bad = runner.run(at(bad_k * step))
    at_value = runner.run(at(ok_k * step))
    value = round(ok_k * step, 2)
    return Figure(quantity, int(value) if quantity.integer else value,
                  "conforms" if at_value.status == "conforms" else "incomplete", "rule",
                  sorted(runner.new(out_bad).values(), key=lambda b: (b.section, b.message)),
                  round(bad_k * step, 2), at_value.needed, "",
                  runner.validations - before)


# --------------------------------------------------------------------------- the reference

def reference_length(runner: Runner) -> float:
    """A length the code accepts for the reference dock: where the water reaches the
    navigable depth, moved (on a one-foot grid) to the nearest length meeting every limit the
    validator reports as violated that moves with the length, until none is violated (or no
    length meets them all: then the code allows no reference dock, and the caller says why)."""
    parcel, water = runner.parcel, runner.water
    x = round(min(max((parcel.navigable_depth + water.range) / parcel.slope, 10.0),
                  LENGTH_CEILING / 2))
    grid = list(range(5, int(LENGTH_CEILING) + 1, 1))
    values = {y: runner.facts(Design(float(y), REFERENCE_WIDTH)) for y in grid}
    constraints: list[tuple[str, str, float, str]] = []
    for _ in range(10):
        outcome = runner.run(Design(float(x), REFERENCE_WIDTH))
        if not outcome.violations:
            break
        moving = [g for g in outcome.guides if g not in constraints and len(
            {_satisfied(values[y].get((g[0], g[1])), g[2], g[3]) for y in grid}) > 1]
        if not moving:
            break
        constraints += moving
        fits = [y for y in grid if all(_satisfied(values[y].get((f, p)), n, d)
                                       for f, p, n, d in constraints)]
        if not fits:
            break
        x = min(fits, key=lambda y: (abs(y - x), y))
    return float(x)


def envelope(jid: str, parcel: Parcel, prepared: Prepared | None = None) -> CodeEnvelope:
    """Every figure of one code's envelope on ``parcel``."""
    prepared = prepared or get_prepared()
    runner = Runner(jid, parcel.checked(), prepared)
    length = reference_length(runner)
    ref = Design(length, REFERENCE_WIDTH)
    base = runner.run(ref)
    if base.violations:  # no dock of the reference design conforms on this parcel
        bindings = sorted(base.violations.values(), key=lambda b: (b.section, b.message))
        figures = {q.key: Figure(q, None, "none", "reference", bindings,
                                 note="no conforming reference dock on this parcel")
                   for q in QUANTITIES}
        return CodeEnvelope(runner.code.id, runner.code.label, runner.water, runner.tier, ref,
                            base.status, bindings, figures,
                            runner.required.described(runner.applied()), runner.validations)
    figures: dict[str, Figure] = {}
    figures["length"] = search(runner, BY_KEY["length"], lambda v: replace(ref, length=v),
                               length, LENGTH_CEILING)
    width_end = min(WIDTH_CEILING, parcel.frontage)
    figures["width"] = search(runner, BY_KEY["width"], lambda v: replace(ref, width=v),
                              REFERENCE_WIDTH, width_end)
    figures["area"] = area_figure(runner, ref, figures["length"], figures["width"])
    figures["docks"] = search(runner, BY_KEY["docks"], lambda v: replace(ref, docks=int(v)),
                              1, COUNT_CEILING)
    figures["slips"] = search(runner, BY_KEY["slips"], lambda v: replace(ref, slips=int(v)),
                              1, COUNT_CEILING)
    figures["moorings"] = search(runner, BY_KEY["moorings"],
                                 lambda v: replace(ref, moorings=int(v)), 0, COUNT_CEILING)
    centred = (parcel.frontage - REFERENCE_WIDTH) / 2
    figures["setback"] = search(runner, BY_KEY["setback"], lambda v: replace(ref, setback=v),
                                math.floor(centred * 100) / 100, 0.0,
                                unbounded_note="no side setback is required")
    base = runner.run(ref)
    return CodeEnvelope(runner.code.id, runner.code.label, runner.water, runner.tier, ref,
                        base.status, list(base.violations.values()), figures,
                        runner.required.described(runner.applied()), runner.validations)


def _value(figure: Figure, fallback: float) -> float:
    return float(figure.value) if figure.value is not None else fallback


def area_figure(runner: Runner, ref: Design, length: Figure, width: Figure) -> Figure:
    """The area at the largest length and width: the search looks up to the product of the
    two values one step beyond them, so an area rule that binds there is found; when none
    does, the area is the length times the width (bounded by their rules)."""
    top = replace(ref, length=_value(length, ref.length), width=_value(width, ref.width))
    product = round(top.length * top.width, 2)
    start = min(ref.footprint, product)
    if runner.new(runner.run(replace(top, area=start))):
        top, product, start = ref, round(ref.footprint, 2), ref.footprint
    end = round((length.beyond or top.length) * (width.beyond or top.width), 2)
    figure = search(runner, BY_KEY["area"], lambda v: replace(top, area=v), start, end)
    if figure.bound == "search":
        at = runner.run(replace(top, area=product))
        return Figure(figure.quantity, product,
                      "conforms" if at.status == "conforms" else "incomplete", "product",
                      [*length.binding, *width.binding], None, at.needed,
                      f"no area rule binds: the largest length times the largest width "
                      f"({top.length:g} x {top.width:g} feet)", figure.validations + 1)
    return figure


def envelopes(parcel: Parcel, jurisdictions: list[str] | None = None,
              prepared: Prepared | None = None) -> list[CodeEnvelope]:
    """The envelope under every requested code (default: every registered code)."""
    prepared = prepared or get_prepared()
    jids = [registry.resolve(j).id for j in jurisdictions] if jurisdictions else \
        list(registry.ids())
    return [envelope(jid, parcel, prepared) for jid in jids]
