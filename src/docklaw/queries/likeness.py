"""What a compared limit is, so a comparison only sets like beside like.

For each rule a comparison shows, this module reads from the law (one small query per kind of
fact, on any store): the kind of limit (the largest or the smallest allowed, or a range), the
property measured and its baseline (``dl:measuredFrom``: mean high or low water, the deck, the
side lot line ...), the structure in the generic sense the codes share (``dl:senseOf``), the
land uses, Tiers, kinds of work and conditions it is narrowed to, and, for a computed limit,
its operands and the fixed bound they give ("the lesser of the distance to navigable depth or
200 feet" is at most 200 feet). Two limits are comparable when they have the same kind,
property (``dl:comparesAs``), baseline and structure; a highlight is drawn only among limits
that also apply to a new dock of a single-family residence (``eligible``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rdflib import Graph
from rdflib.collection import Collection
from rdflib.namespace import RDF, RDFS

from docklaw.namespaces import BASE, DL, QUDT

if TYPE_CHECKING:
    from docklaw.sparql.store import Store

MAX_KINDS = {"AtMost", "LessThan"}
MIN_KINDS = {"AtLeast", "MoreThan"}
#: unit local name -> (singular, plural, factor to the unit compared: feet, square feet ...)
UNIT_WORDS = {"FT": ("foot", "feet", 1.0), "IN": ("inch", "inches", 1 / 12),
              "FT2": ("square foot", "square feet", 1.0), "LB": ("pound", "pounds", 1.0),
              "PERCENT": ("percent", "percent", 1.0), "DEG": ("degree", "degrees", 1.0),
              "DAY": ("day", "days", 1.0), "UNITLESS": ("", "", 1.0)}
PREFIXES = ("PREFIX dl: <https://w3id.org/docklaw/ontology#>\n"
            "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"
            "PREFIX skos: <http://www.w3.org/2004/02/skos/core#>\n"
            "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\n")


@dataclass
class Likeness:
    """What one rule limits, from the law."""

    rule: str
    kind: str = ""                 # "max" | "min" | "range" | "" (not a numeric limit)
    prop: str = ""                 # the property compared (after dl:comparesAs)
    measure: str = ""              # its label ("length", "side setback")
    baseline: str = ""             # "mean high water", "the deck" ...
    structure: str = ""            # generic label ("dock", "catwalk")
    land_uses: list[str] = field(default_factory=list)
    tiers: list[str] = field(default_factory=list)
    works: list[str] = field(default_factory=list)
    conditional: bool = False      # dl:appliesWhen
    discretionary: bool = False
    #: a computed limit: its description and the fixed bound it gives (None: no fixed bound)
    operands: str = ""
    bound: float | None = None
    bound_unit: str = ""
    eligible: bool = False         # applies to a new single-family residential dock
    #: a class the rule governs includes docks (a rule on every structure reaches a dock)
    reaches_dock: bool = False

    @property
    def group(self) -> tuple[str, str, str, str]:
        return (self.kind, self.prop, self.baseline,
                "dock" if self.reaches_dock else self.structure)

    def what(self) -> str:
        """"maximum · length from mean high water · dock · residential use"."""
        parts = [{"max": "maximum", "min": "minimum", "range": "range"}.get(self.kind, "")]
        if self.measure:
            said = any(w in self.measure.split() for w in ("from", "above", "below"))
            parts.append(self.measure + (f" from {self.baseline}" if self.baseline and not said
                                         and self.baseline != "the structure's own outline"
                                         else ""))
        if self.structure:
            parts.append(self.structure)
        if self.land_uses:
            parts.append(", ".join(self.land_uses))
        if self.tiers:
            parts.append("Tier " + ", ".join(self.tiers))
        if self.conditional:
            parts.append("under a condition (see section)")
        return " · ".join(p for p in parts if p)


def _values(rules: list[str] | set[str], var: str = "rule") -> str:
    """The rules as a sub-select: rdflib drops every row when inline VALUES is followed by an
    OPTIONAL that does not match and a second OPTIONAL; a sub-select reads the same everywhere."""
    terms = " ".join(f"<{r}>" for r in sorted(rules))
    return f"{{ SELECT ?{var} WHERE {{ VALUES ?{var} {{ {terms} }} }} }}"


def _rows(graph: Store | Graph, text: str, timeout: float | None) -> list[dict[str, str | None]]:
    from docklaw.queries.run import run_text

    return run_text(graph, PREFIXES + text, timeout=timeout).plain()


def describe(graph: Store | Graph, rules: list[str], *,
             timeout: float | None = None) -> dict[str, Likeness]:
    """Likeness of every rule in ``rules`` (IRIs), read from ``graph``."""
    rules = sorted({r for r in rules if r and r.startswith(f"{BASE}rule/")})
    out = {r: Likeness(r) for r in rules}
    if not rules:
        return out
    values = _values(rules)
    for row in _rows(graph, f"""SELECT ?rule ?cmp ?prop ?same ?propLabel ?baseLabel ?unit
        ?discretionary WHERE {{ {values}
      OPTIONAL {{ ?rule dl:comparison ?cmp }}
      OPTIONAL {{ ?rule dl:constrains ?prop . OPTIONAL {{ ?prop dl:comparesAs ?same }}
        OPTIONAL {{ ?prop rdfs:label ?propLabel }} OPTIONAL {{ ?prop dl:canonicalUnit ?unit }}
        OPTIONAL {{ ?prop dl:measuredFrom ?base . OPTIONAL {{ ?base rdfs:label ?baseLabel }} }} }}
      OPTIONAL {{ ?rule dl:discretionary ?discretionary }} }}
      ORDER BY ?rule ?prop ?same ?propLabel ?baseLabel ?unit ?cmp ?discretionary""", timeout):
        like = out[str(row["rule"])]
        cmp = (row["cmp"] or "").rsplit("#", 1)[-1]
        like.kind = "max" if cmp in MAX_KINDS else "min" if cmp in MIN_KINDS else \
            "range" if cmp == "Between" else like.kind
        if row["prop"] and not like.prop:
            like.prop = row["same"] or row["prop"]
            like.measure = row["propLabel"] or row["prop"].rsplit("#", 1)[-1]
            like.baseline = row["baseLabel"] or ""
            if row["unit"]:
                like.bound_unit = UNIT_WORDS.get(row["unit"].rsplit("/", 1)[-1],
                                                 ("", "", 1.0))[1]
        like.discretionary = like.discretionary or row["discretionary"] == "true"
    same = {like.prop for like in out.values() if like.prop}
    if same:  # the label of the property compared as (dl:comparesAs), for one wording
        for row in _rows(graph, "SELECT ?p ?label WHERE { " + _values(same, "p")
                         + " ?p rdfs:label ?label }"
                         " ORDER BY ?p DESC(?label)",
                         timeout):
            for like in out.values():
                if like.prop == row["p"]:
                    like.measure = str(row["label"])
    for row in _rows(graph, f"""SELECT ?rule ?label ?dock WHERE {{ {values}
      ?rule dl:governs ?c . OPTIONAL {{ ?c dl:senseOf ?g }} BIND(COALESCE(?g, ?c) AS ?generic)
      OPTIONAL {{ dl:Dock rdfs:subClassOf* ?c . BIND(true AS ?dock) }}
      OPTIONAL {{ ?generic rdfs:label ?l }}
      BIND(COALESCE(STR(?l), REPLACE(STR(?generic), "^.*[#/]", "")) AS ?label) }}
      ORDER BY ?rule ?label""", timeout):
        like = out[str(row["rule"])]
        like.reaches_dock = like.reaches_dock or row["dock"] == "true"
        label = _plain_label(str(row["label"]))
        if label and label not in like.structure.split(" / "):
            like.structure = " / ".join(x for x in (like.structure, label) if x)
    single_family = single_family_uses(graph, timeout)
    residential: dict[str, bool] = {}
    for row in _rows(graph, f"""SELECT ?rule ?use ?label WHERE {{ {values}
      ?rule dl:appliesToLandUse ?use . OPTIONAL {{ ?use rdfs:label ?label }} }}""", timeout):
        like = out[str(row["rule"])]
        like.land_uses.append(str(row["label"] or row["use"]))
        residential[like.rule] = residential.get(like.rule, False) or row["use"] in single_family
    defaults = default_tiers(graph, timeout)
    works: dict[str, set[str]] = {}
    for row in _rows(graph, f"""SELECT ?rule ?tier ?work ?workLabel ?when WHERE {{ {values}
      {{ ?rule dl:appliesToTier ?tier }} UNION
      {{ ?rule dl:appliesToWork ?work . OPTIONAL {{ ?work rdfs:label ?workLabel }} }} UNION
      {{ ?rule dl:appliesWhen ?when }} }}
      ORDER BY ?rule ?tier ?work ?workLabel ?when""", timeout):
        like = out[str(row["rule"])]
        if row["tier"]:
            like.tiers.append(str(row["tier"]))
        if row["work"]:
            works.setdefault(like.rule, set()).add(row["work"].rsplit("#", 1)[-1])
            like.works.append(str(row["workLabel"] or row["work"]))
        if row["when"]:
            like.conditional = True
    _computed(graph, out, values, timeout)
    for like in out.values():
        like.land_uses.sort()
        like.tiers.sort()
        like.works.sort()
        tiers_ok = not like.tiers or bool(set(like.tiers) & defaults.get(_code_of(like.rule),
                                                                          set()))
        work_ok = like.rule not in works or "NewConstruction" in works[like.rule]
        like.eligible = (bool(like.kind) and not like.discretionary and tiers_ok and work_ok
                         and residential.get(like.rule, True))
    return out


def single_family_uses(graph: Store | Graph, timeout: float | None = None) -> set[str]:
    """The land uses a rule may name and still reach a single-family residence (itself and
    every broader use)."""
    return {str(r["u"]) for r in _rows(
        graph, "SELECT ?u WHERE { dl:SingleFamilyResidential skos:broader* ?u }", timeout)}


def default_tiers(graph: Store | Graph, timeout: float | None = None) -> dict[str, set[str]]:
    """Code id -> the Tiers it assigns by default (dl:defaultTier)."""
    out: dict[str, set[str]] = {}
    for row in _rows(graph, "SELECT ?p ?t WHERE { ?p dl:defaultTier ?t }", timeout):
        out.setdefault(_code_of(str(row["p"])), set()).add(str(row["t"]))
    return out


def allocation(graph: Store | Graph, tables: list[str], *,
               timeout: float | None = None) -> dict[tuple[str, str], Likeness]:
    """Likeness of allocation-table figures, per (table, facility label): the largest number
    of a facility allowed; comparable for a single-family residence when the table names no
    land use (or a residential one) and no Tier (or the code's default Tier)."""
    tables = sorted({t for t in tables if t})
    if not tables:
        return {}
    uses = single_family_uses(graph, timeout)
    defaults = default_tiers(graph, timeout)
    facts: dict[str, tuple[set[str], set[str], list[str]]] = {t: (set(), set(), [])
                                                               for t in tables}
    for row in _rows(graph, "SELECT ?table ?use ?useLabel ?tier WHERE { "
                     + _values(tables, "table") + " "
                     "OPTIONAL { ?table dl:appliesToLandUse ?use "
                     "OPTIONAL { ?use rdfs:label ?useLabel } } "
                     "OPTIONAL { ?table dl:appliesToTier ?tier } }", timeout):
        found, tiers, labels = facts[str(row["table"])]
        if row["use"]:
            found.add(str(row["use"]))
            labels.append(str(row["useLabel"] or row["use"]))
        if row["tier"]:
            tiers.add(str(row["tier"]))
    out: dict[tuple[str, str], Likeness] = {}
    for table, (found, tiers, labels) in facts.items():
        ok_use = not found or bool(found & uses)
        ok_tier = not tiers or bool(tiers & defaults.get(_code_of(table), set()))
        out[(table, "")] = Likeness(table, "max", land_uses=sorted(set(labels)),
                                    tiers=sorted(tiers), eligible=ok_use and ok_tier)
    return out


def _plain_label(label: str) -> str:
    """"dock (Keuka Lake)" -> "dock": the generic sense the codes share."""
    return label.split(" (", 1)[0].strip()


def _code_of(iri: str) -> str:
    rest = iri[len(BASE):] if iri.startswith(BASE) else iri
    parts = rest.split("/")
    return parts[1] if len(parts) > 1 else ""


# --------------------------------------------------------------------------- computed limits

#: the links an expression's structure is read through (``_operands``, ``Collection``, and
#: dl:then / dl:else of a dl:Conditional)
EXPRESSION_LINKS = "(dl:operands|dl:operand|rdf:first|rdf:rest|dl:then|dl:else)"


def _computed(graph: Store | Graph, out: dict[str, Likeness], values: str,
              timeout: float | None) -> None:
    """Describe every dl:limitExpression and its fixed bound (from the expression's triples,
    read in one query, terms kept as terms, and rebuilt here).

    The query follows only the links ``_text``, ``_upper`` and ``_lower`` follow (operands,
    their RDF list, then and else: ``EXPRESSION_LINKS``), and reads every triple of each node
    reached. Following any link (``(<none>|!<none>)*``) read the same nodes and, through the
    classes, tables and properties they name, most of the law besides: the compare report
    spent 0.8 of its 1 s here on Oxigraph and 5.9 of 12.6 s on rdflib."""
    from docklaw.queries.run import run_text

    result = run_text(graph, PREFIXES + f"""SELECT ?rule ?e ?s ?p ?o ?oLabel WHERE {{ {values}
      ?rule dl:limitExpression ?e . ?e {EXPRESSION_LINKS}* ?s . ?s ?p ?o
      OPTIONAL {{ ?o rdfs:label ?oLabel }} }}""", timeout=timeout)
    by_rule: dict[str, tuple[object, Graph, dict[str, str]]] = {}
    for row in result.rows:
        rule = str(row["rule"])
        _, g, labels = by_rule.setdefault(rule, (row["e"], Graph(), {}))
        g.add((row["s"], row["p"], row["o"]))  # type: ignore[arg-type]
        if row.get("oLabel") is not None:
            labels[str(row["o"])] = str(row["oLabel"])
    for rule, (node, g, labels) in by_rule.items():
        like = out[rule]
        like.operands = _text(g, node, labels)
        if like.kind == "max":
            bound = _upper(g, node)
            like.bound = bound if math.isfinite(bound) else None
        elif like.kind == "min":
            bound = _lower(g, node)
            like.bound = bound if math.isfinite(bound) and bound > 0 else None


def _types(g: Graph, node: object) -> set[str]:
    return {str(t).rsplit("#", 1)[-1] for t in g.objects(node, RDF.type)}  # type: ignore[arg-type]


def _operands(g: Graph, node: object) -> list[object]:
    head = g.value(node, DL.operands)  # type: ignore[arg-type]
    if head is None:
        single = g.value(node, DL.operand)  # type: ignore[arg-type]
        return [single] if single is not None else []
    try:
        return list(Collection(g, head))
    except Exception:  # a list not read whole: no operands rather than a wrong bound
        return []


def _number(g: Graph, node: object) -> float | None:
    value = g.value(node, QUDT.numericValue)  # type: ignore[arg-type]
    try:
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def _factor(g: Graph, node: object) -> float:
    unit = g.value(node, QUDT.unit)  # type: ignore[arg-type]
    return UNIT_WORDS.get(str(unit).rsplit("/", 1)[-1], ("", "", 1.0))[2] if unit else 1.0


def _upper(g: Graph, node: object) -> float:
    """The largest value the expression can take, an unstated property being unbounded."""
    kinds, ops = _types(g, node), _operands(g, node)
    number = _number(g, node)
    if number is not None:
        return number * _factor(g, node)
    if "LesserOf" in kinds:
        return min((_upper(g, o) for o in ops), default=math.inf)
    if "GreaterOf" in kinds:
        return max((_upper(g, o) for o in ops), default=math.inf)
    if "Sum" in kinds:
        return sum(_upper(g, o) for o in ops) if ops else math.inf
    if "Product" in kinds:
        factor = float(g.value(node, DL.factor) or 1)  # type: ignore[arg-type]
        if not ops:
            return math.inf
        return factor * (_upper(g, ops[0]) if factor >= 0 else _lower(g, ops[0]))
    if "Conditional" in kinds:
        return max(_upper(g, g.value(node, DL.then)), _upper(g, g.value(node, getattr(DL, "else"))))  # type: ignore[arg-type]
    return math.inf


def _lower(g: Graph, node: object) -> float:
    """The smallest value the expression can take, an unstated property being 0."""
    kinds, ops = _types(g, node), _operands(g, node)
    number = _number(g, node)
    if number is not None:
        return number * _factor(g, node)
    if "LesserOf" in kinds:
        return min((_lower(g, o) for o in ops), default=0.0)
    if "GreaterOf" in kinds:
        return max((_lower(g, o) for o in ops), default=0.0)
    if "Sum" in kinds:
        return sum(_lower(g, o) for o in ops)
    if "Product" in kinds:
        factor = float(g.value(node, DL.factor) or 1)  # type: ignore[arg-type]
        if not ops:
            return 0.0
        return factor * (_lower(g, ops[0]) if factor >= 0 else _upper(g, ops[0]))
    if "Conditional" in kinds:
        return min(_lower(g, g.value(node, DL.then)), _lower(g, g.value(node, getattr(DL, "else"))))  # type: ignore[arg-type]
    return 0.0


def _fmt(number: float) -> str:
    return f"{number:,g}" if number != int(number) else f"{int(number):,}"


def _text(g: Graph, node: object, labels: dict[str, str], depth: int = 0) -> str:
    """The expression in words."""
    if depth > 8 or node is None:
        return "…"
    kinds, ops = _types(g, node), _operands(g, node)
    number = _number(g, node)
    if number is not None:
        unit = g.value(node, QUDT.unit)  # type: ignore[arg-type]
        words = UNIT_WORDS.get(str(unit).rsplit("/", 1)[-1], ("", "", 1.0)) if unit else \
            ("", "", 1.0)
        return f"{_fmt(number)} {words[1] if number != 1 else words[0]}".strip()
    parts = [_text(g, o, labels, depth + 1) for o in ops]
    if "LesserOf" in kinds:
        return "the lesser of " + " or ".join(parts)
    if "GreaterOf" in kinds:
        return "the greater of " + " or ".join(parts)
    if "Sum" in kinds:
        return " plus ".join(parts)
    if "Product" in kinds:
        factor = float(g.value(node, DL.factor) or 1)  # type: ignore[arg-type]
        if factor == -1:
            return f"minus {parts[0] if parts else '…'}"
        return (f"{_fmt(factor * 100)}% of " if 0 < factor < 1 else f"{_fmt(factor)} x ") + \
            (parts[0] if parts else "…")
    if "PropertyOf" in kinds:
        prop = g.value(node, DL.property)  # type: ignore[arg-type]
        return "the " + labels.get(str(prop), str(prop).rsplit("#", 1)[-1])
    if "AllocationLookup" in kinds:
        return "the allocation table's number"
    if "SumOverParcel" in kinds:
        return "the parcel's total"
    if "Conditional" in kinds:
        return (f"{_text(g, g.value(node, DL.then), labels, depth + 1)} if a condition holds, "  # type: ignore[arg-type]
                f"else {_text(g, g.value(node, getattr(DL, 'else')), labels, depth + 1)}")  # type: ignore[arg-type]
    label = g.value(node, RDFS.label)  # type: ignore[arg-type]
    return str(label) if label else "a value from the application"
