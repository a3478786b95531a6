"""The form's values as an application graph, the same one ``docklaw validate`` reads.

Why one builder: the page validates, and downloads as Turtle and JSON-LD, the graph built here,
so the verdict on the page and the verdict of ``docklaw validate`` on the download are the same
(a test holds them to it). Every value is checked as it is read: a number that is no number, a
unit of the wrong dimension, a value outside the allowed ones is a field error shown beside the
field, never a guess.

Form field names: ``code``, ``work``, ``name``; per structure ``s.<n>.class``, ``s.<n>.name``,
``s.<n>.partof`` (another structure's number), ``s.<n>.existing``; per fact
``v.<subject>.<curie>`` (repeatable facts repeat it) and ``u.<subject>.<curie>`` (its unit),
where the subject is ``application``, ``parcel``, ``s<n>`` or ``s<n>.boat``; ``finding``
(repeated rule IRIs); the drawing ``g.<feature>`` (WKT or GeoJSON) and ``g.crs``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from rdflib import BNode, Graph, Literal, Namespace, URIRef
from rdflib.namespace import RDF, RDFS, XSD

from docklaw.apply.drawing import add_drawing
from docklaw.apply.spec import APPLICATION, BOAT, PARCEL, Field, Spec
from docklaw.errors import InputError
from docklaw.namespaces import DL, QUDT, bind_prefixes, jurisdiction_iri

SLUG = re.compile(r"[^a-z0-9]+")
MAX_STRUCTURES = 60
MONTHDAY = re.compile(r"^(?:--)?(\d{2})-(\d{2})$")
#: drawn features besides the structures: (form key, label, what it is)
SITE_FEATURES = (
    ("parcel", "parcel (polygon)", "the upland parcel"),
    ("mhw", "mean high water (line)", "the mean high water line along the parcel"),
    ("mlw", "mean low water (line)", "the mean low water line"),
    ("lot1", "side lot line 1 (line)", "a side lot line, drawn from upland across the MHW line"),
    ("lot2", "side lot line 2 (line)", "the other side lot line"),
    ("nbr1", "neighbour's far lot line 1 (line)", "lake codes: the far lot line of a neighbour"),
    ("nbr2", "neighbour's far lot line 2 (line)", "the other neighbour's far lot line"),
    ("channel", "channel or fairway (any geometry)", "a designated channel, fairway, anchorage"),
    ("outlet", "lake outlet (any geometry)", "the edge of an outlet to the lake"),
)


@dataclass
class Structure:
    """One structure the applicant listed."""

    number: int
    cls: str
    name: str = ""
    part_of: int | None = None
    existing: bool = False

    @property
    def key(self) -> str:
        return f"s{self.number}"

    @property
    def local(self) -> str:
        return SLUG.sub("-", (self.name or "").lower()).strip("-") or self.key


@dataclass
class FormState:
    """What the applicant entered (strings as typed), read from a request's form."""

    code: str = ""
    work: str = ""
    name: str = ""
    structures: list[Structure] = field(default_factory=list)
    values: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    units: dict[tuple[str, str], str] = field(default_factory=dict)
    findings: list[str] = field(default_factory=list)
    drawing: dict[str, str] = field(default_factory=dict)
    crs: str = ""

    def value(self, subject: str, prop: str) -> str:
        found = self.values.get((subject, prop))
        return found[0] if found else ""

    def chosen(self, subject: str, prop: str) -> list[str]:
        return self.values.get((subject, prop), [])

    def unit(self, subject: str, prop: str) -> str:
        return self.units.get((subject, prop), "")

    def structure(self, number: int) -> Structure | None:
        return next((s for s in self.structures if s.number == number), None)

    @property
    def slug(self) -> str:
        return SLUG.sub("-", self.name.lower()).strip("-") or "application"


def read_form(form: object) -> FormState:
    """A FormState from a werkzeug MultiDict (``request.form``)."""
    get = form.get  # type: ignore[attr-defined]
    getlist = form.getlist  # type: ignore[attr-defined]
    state = FormState(code=get("code", "").strip(), work=get("work", "").strip(),
                      name=get("name", "").strip()[:80], crs=get("g.crs", "").strip())
    numbers = sorted({int(m.group(1)) for key in form for m in  # type: ignore[attr-defined]
                      [re.match(r"^s\.(\d{1,3})\.class$", key)] if m})
    if len(numbers) > MAX_STRUCTURES:
        raise InputError(f"{len(numbers)} structures: the form takes at most {MAX_STRUCTURES} "
                         "(validate a larger application as a file)")
    for n in numbers:
        cls = get(f"s.{n}.class", "").strip()
        if not cls:
            continue
        part = get(f"s.{n}.partof", "").strip()
        state.structures.append(Structure(
            n, cls, get(f"s.{n}.name", "").strip()[:60],
            int(part) if part.isdigit() and int(part) != n else None,
            get(f"s.{n}.existing", "") == "yes"))
    for key in form:  # type: ignore[attr-defined]
        kind, _, rest = key.partition(".")
        subject, sep, local = rest.partition(".dl:")
        if kind == "v" and sep:
            values = [v.strip() for v in getlist(key) if v.strip()]
            if values:
                state.values[(subject, "dl:" + local)] = values
        elif kind == "u" and sep:
            state.units[(subject, "dl:" + local)] = get(key, "").strip()
        elif kind == "g" and rest != "crs":
            text = get(key, "").strip()
            if text:
                state.drawing[rest] = text
    state.findings = [f for f in getlist("finding") if f.strip()]
    return state


# --------------------------------------------------------------------------- the graph


@dataclass
class Built:
    """The application graph and the problems found reading the form (field key -> message)."""

    graph: Graph
    errors: dict[str, str] = field(default_factory=dict)
    nodes: dict[str, URIRef] = field(default_factory=dict)  # subject key -> node


def base_of(state: FormState) -> Namespace:
    return Namespace(f"https://example.org/applications/{state.slug}#")


def build(state: FormState, spec: Spec) -> Built:
    """The application graph for the state, under the spec's code."""
    ns = base_of(state)
    g = bind_prefixes(Graph())
    g.bind("", ns)
    out = Built(g)
    app, parcel = ns.application, ns.parcel
    out.nodes[APPLICATION], out.nodes[PARCEL] = app, parcel
    g.add((app, RDF.type, DL.PermitApplication))
    g.add((app, DL.jurisdiction, jurisdiction_iri(spec.jid)))
    g.add((app, DL.parcel, parcel))
    g.add((parcel, RDF.type, DL.Parcel))
    if state.name:
        g.add((app, RDFS.label, Literal(state.name)))
    work = URIRef(state.work) if state.work else None
    if work is not None and state.work not in {w for w, _ in spec.work_kinds}:
        out.errors["work"] = f"unknown kind of work {state.work!r}"
        work = None
    kinds = {k.iri for k in spec.kinds}
    for s in state.structures:
        node = ns[s.local]
        if node in out.nodes.values():
            node = ns[f"{s.local}-{s.key}"]
        out.nodes[s.key] = node
        if s.cls not in kinds:
            out.errors[f"s.{s.number}.class"] = f"unknown structure class {s.cls!r}"
            continue
        g.add((node, RDF.type, URIRef(s.cls)))
        if s.name:
            g.add((node, RDFS.label, Literal(s.name)))
        g.add((parcel, DL.hasStructure, node))  # every structure, proposed or existing
        if not s.existing and work is not None:
            g.add((node, DL.workKind, work))
    for s in state.structures:
        node = out.nodes.get(s.key)
        parent = state.structure(s.part_of) if s.part_of is not None else None
        if node is None:
            continue
        if parent is not None and parent.key in out.nodes and not _cycle(state, s):
            g.add((out.nodes[parent.key], DL.hasPart, node))
        elif not s.existing:
            g.add((app, DL.proposes, node))
    for finding in state.findings:
        if finding in {f.rule for f in spec.structure_findings([s.cls for s in
                                                                state.structures])}:
            g.add((app, DL.findingMade, URIRef(finding)))
    for f in spec.application:
        state_fact(out, state, APPLICATION, app, f)
    for f in spec.parcel:
        state_fact(out, state, PARCEL, parcel, f)
    for s in state.structures:
        node = out.nodes.get(s.key)
        if node is None or (node, RDF.type, None) not in g:
            continue
        boat: URIRef | None = None
        for f in spec.structure_fields(s.cls, alone(spec, state, s)):
            if f.on == BOAT:
                if not state.chosen(f"{s.key}.{BOAT}", f.prop):
                    continue
                if boat is None:
                    boat = ns[f"{s.local}-boat"]
                    g.add((boat, RDF.type, DL.Boat))
                    g.add((boat, DL.mooredAt, node))
                state_fact(out, state, f"{s.key}.{BOAT}", boat, f)
            else:
                state_fact(out, state, s.key, node, f)
    add_drawing(out, state, spec, ns)
    return out


def alone(spec: Spec, state: FormState, s: Structure) -> bool:
    """An appurtenance that is its own whole: it is asked the whole's facts. Not alone when it
    is (through other parts) a part of one of its wholes, or a part of nothing on a parcel with
    exactly one such whole (derive makes it that whole's part, ``derivation.parts``)."""
    wholes = spec.wholes_of(s.cls)
    if not wholes:
        return True
    seen = {s.number}
    part = s.part_of
    while part is not None and part not in seen:
        seen.add(part)
        parent = state.structure(part)
        if parent is None:
            break
        if any(spec.is_whole(parent.cls, w) for w in wholes):
            return False
        part = parent.part_of
    if s.part_of is not None:
        return True
    for whole in wholes:
        found = [o for o in state.structures if o is not s and o.part_of is None
                 and spec.is_whole(o.cls, whole)]
        if len(found) == 1:
            return False
    return True


def _cycle(state: FormState, s: Structure) -> bool:
    seen = {s.number}
    part = s.part_of
    while part is not None:
        if part in seen:
            return True
        seen.add(part)
        parent = state.structure(part)
        part = parent.part_of if parent is not None else None
    return False


def field_key(subject: str, f: Field) -> str:
    return f"v.{subject}.{f.prop}"


def state_fact(out: Built, state: FormState, subject: str, node: URIRef, f: Field) -> None:
    """Add one fact the applicant entered (nothing when left empty)."""
    values = state.chosen(subject, f.prop)
    if not values:
        return
    g, key, prop = out.graph, field_key(subject, f), URIRef(f.iri)
    if not f.repeatable and len(values) > 1:
        out.errors[key] = "one value"
        return
    for text in values:
        literal = convert(f, text, state.unit(subject, f.prop))
        if isinstance(literal, Problem):
            out.errors[key] = str(literal)
            return
        if f.kind == "quantity":
            assert isinstance(literal, tuple)
            number, unit = literal
            qv = BNode()
            g.add((node, prop, qv))
            g.add((qv, RDF.type, QUDT.QuantityValue))
            g.add((qv, QUDT.numericValue, number))
            g.add((qv, QUDT.unit, unit))
        else:
            g.add((node, prop, literal))  # type: ignore[arg-type]


class Problem(str):
    """Why a typed value is not a value of its field (rdflib terms are str too: a type apart)."""


def convert(f: Field, text: str, unit: str) -> Literal | URIRef | tuple[Literal, URIRef] | Problem:
    """The RDF term for one typed value, or the Problem saying why it is not one."""
    if f.kind in ("quantity", "decimal", "integer"):
        try:
            number = Decimal(text.replace(",", ""))
        except InvalidOperation:
            return Problem(f"{text!r} is not a number")
        if not number.is_finite():
            return Problem(f"{text!r} is not a number")
        if f.kind == "integer":
            if number != number.to_integral_value():
                return Problem(f"{text!r} is not a whole number")
            return Literal(int(number), datatype=XSD.integer)
        if f.kind == "decimal":
            return Literal(number, datatype=XSD.decimal)
        chosen = unit or (f.unit.iri if f.unit else "")
        if chosen not in {u.iri for u in f.units}:
            return Problem(f"unit {chosen!r} is not a unit of {f.label}")
        return Literal(number, datatype=XSD.decimal), URIRef(chosen)
    if f.kind == "boolean":
        if text not in ("true", "false"):
            return Problem(f"{text!r}: answer yes or no")
        return Literal(text == "true")
    if f.kind == "choice":
        if text not in {iri for iri, _ in f.choices}:
            return Problem(f"{text!r} is not one of the allowed values")
        return URIRef(text)
    if f.kind == "date":
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            return Problem(f"{text!r}: give a date as YYYY-MM-DD")
        return Literal(text, datatype=XSD.date)
    if f.kind == "monthday":
        m = MONTHDAY.match(text)
        if m is None or not (1 <= int(m.group(1)) <= 12 and 1 <= int(m.group(2)) <= 31):
            return Problem(f"{text!r}: give a day of the year as MM-DD (04-15)")
        return Literal(f"--{m.group(1)}-{m.group(2)}", datatype=XSD.gMonthDay)
    return Literal(text)


def serialize(graph: Graph, fmt: str) -> bytes:
    """Turtle or JSON-LD (compacted with the project's prefixes)."""
    if fmt == "jsonld":
        context = {p: str(ns) for p, ns in graph.namespaces() if p}
        return graph.serialize(format="json-ld", context=context, indent=2).encode("utf-8")
    return graph.serialize(format="turtle").encode("utf-8")

