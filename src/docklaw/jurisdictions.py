"""The registry of jurisdictions: a code is its folder, found by its id.

Why one module: a code's identity (id, aliases, label, concept prefix) and the constructions
it uses (how a side setback is measured, which riparian lines it draws, whether allocations are
counted per parcel) are declared once, in ``ontology/codes/<id>/description.toml``. Everything
else (CLI, web, queries, compare, validation, geometry) asks this registry, so a sixth code is
a folder plus its shapes and no Python.

Folders are discovered under ``<root>/ontology/codes/`` for the repository root
(``DOCKLAW_HOME``) and every further root listed in ``DOCKLAW_PATH`` (``os.pathsep``-separated);
each root lays a code out the same way (``shapes/<id>.ttl`` or ``shapes/<id>/*.ttl``,
``examples/<id>/``, ``tests/cases/<id>/``). Loading fails closed: a description with a missing
or wrong field, or a folder with rules but no shapes, is refused naming the file.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docklaw import paths
from docklaw.errors import DataError, InputError

if TYPE_CHECKING:  # rdflib is imported only when an IRI is asked for (fast `--help`)
    from rdflib import URIRef

#: The IRI base (docklaw.namespaces.BASE, which imports rdflib; checked equal by the tests).
BASE = "https://w3id.org/docklaw/"
JURISDICTION_BASE = BASE + "jurisdiction/"
ID_RE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
PREFIX_RE = re.compile(r"^[a-z][a-z0-9]*$")
WATERS = ("tidal", "lake")
SIDE_SETBACK = ("same-axis", "greater-setback-of-same-axis-and-right-angle")
RIPARIAN = ("water-rights", "facility-area")
CHANNEL_FROM = ("nearest-point", "seaward-terminus")
FRONTAGE = ("tie-line", "tie-line-and-shore-length")
#: How a code measures a structure's width (``[features] width_measure``); without one, the
#: structure's own width across its long axis (docklaw.geometry.width).
WIDTH_METHODS = ("parallel-to-mhw",)
#: The mark ``docklaw new-code`` leaves on every passage of a scaffold still to write.
STUB_MARK = "STUB(new-code)"


@dataclass(frozen=True)
class RiparianLines:
    """The code draws lines dividing a lake's water between parcels (Keuka water rights lines,
    Canandaigua facility area lines) and sets structures back from them."""

    kind: str  # one of RIPARIAN
    #: a code that asks for the construction to be modified below a minimum length (the note the
    #: geometry stage writes cites this section; the length itself lives in geometry.ttl)
    minimum_length_section: str | None = None
    minimum_length_citation: str | None = None
    method_citation: str | None = None


@dataclass(frozen=True)
class ChannelDistance:
    """Where the code measures the distance to a channel from: ``seaward-terminus`` gives
    dl:distanceToChannel from the dock's seaward terminus (docklaw.geometry.derive, Kings Point
    Standards D(1)), ``nearest-point`` from any part of the structure."""

    measured_from: str  # one of CHANNEL_FROM
    section: str | None = None
    citation: str | None = None


@dataclass(frozen=True)
class Frontage:
    """The code defines the parcel's shoreline frontage by a construction the drawing can give
    (Canandaigua § 73-5 LINEAL FEET OF SHORELINE: "the distance of the tie line"), so a drawn
    parcel's frontage is derived, not asked for. A code whose frontage comes from elsewhere
    (Keuka: "based upon the Town or Village Tax Maps") declares none. A code that reads
    "shoreline frontage" without defining it (Kings Point Standards B and C, North Hempstead
    § 42-9B(7)) declares ``tie-line-and-shore-length``: the tie line and the length of the mean
    high water line between the lot lines are both measured where they differ, and each rule is
    held to the stricter (``reading`` says so)."""

    construction: str  # one of FRONTAGE
    section: str | None = None
    citation: str | None = None
    #: why the construction was chosen where the text does not define frontage (the note the
    #: geometry stage writes when the two lengths of ``tie-line-and-shore-length`` differ)
    reading: str | None = None
    #: the other sections reading the undefined term (Kings Point Standards B beside C): the
    #: note is cited under each, so a finding under either names it (blind review 92 F3)
    also_sections: tuple[str, ...] = ()


@dataclass(frozen=True)
class SurveyCrs:
    """The CRS the code's measurements are taken in (a State Plane zone of its county): a
    drawing in any other CRS is projected into it before measuring (docklaw.geometry.crs)."""

    crs: str  # an EPSG CRS IRI, one of the accepted CRSs of ontology/terms/geometry.ttl
    note: str | None = None


@dataclass(frozen=True)
class WidthExclusion:
    """The parts a code's width limit leaves out of a structure's width (Kings Point Standards
    D(2)(b) "A dock, excluding the float, if any, shall be no wider than eight feet"): a drawn
    structure's dl:width is measured without its parts of these classes, which have their own
    limits. ``leaves_out`` are CURIEs, ``dl:`` or the code's concept prefix; ``quote`` is the
    text's own words, printed in ``section`` (checked by tests/test_narrowing_quotes.py)."""

    leaves_out: tuple[str, ...]
    section: str
    citation: str
    quote: str


@dataclass(frozen=True)
class WidthMeasure:
    """The code says how width is measured (Keuka § 160-123A(1)(b), Canandaigua § 73-9C(1):
    "width is measured parallel to the mean high water mark"). ``quote`` is the text's own
    words, printed in ``section`` (checked by tests/test_narrowing_quotes.py). A code that
    declares none measures a structure's own width (its widest cross-section across its long
    axis, docklaw.geometry.width)."""

    method: str  # one of WIDTH_METHODS
    section: str
    citation: str
    quote: str


@dataclass(frozen=True)
class Quoted:
    """A construction a code's text states in so many words (its section, citation and words)."""

    section: str
    citation: str
    quote: str


#: the lengths a code's ``[features] length_on_axis`` may read along a footprint's own axis
LENGTHS_ON_AXIS = ("length", "lengthFromMLW", "farthestExtentFromMHW")


@dataclass(frozen=True)
class LengthOnAxis(Quoted):
    """``[features] length_on_axis``: the code's words, and which of the drawn reaches its
    limit reads as a length (dl:length and dl:lengthFromMLW unless it says otherwise)."""

    reads: tuple[str, ...] = ("length", "lengthFromMLW")


@dataclass(frozen=True)
class Features:
    """The constructions a code uses, declared in its description (``[features]``)."""

    side_setback: str | None = None  # one of SIDE_SETBACK, or no side-line setback
    riparian_lines: RiparianLines | None = None
    channel_distance: ChannelDistance | None = None
    frontage: Frontage | None = None
    survey_crs: SurveyCrs | None = None
    width: WidthExclusion | None = None
    width_measure: WidthMeasure | None = None
    #: the parts whose open water a dock's area leaves out (Keuka § 160-123A(1)(b): "The open
    #: water space of boat hoist structures, or boat stations, is not included in the
    #: calculation of dock area"); the same shape as ``width``
    area: WidthExclusion | None = None
    #: the code limits the main walkway's share of the dock's length by the portion of it that
    #: extends from the mean high-water mark (Canandaigua § 73-9C(1)(b)): a drawn dock whose own
    #: deck, its walkway, begins out from the mark is read both from the mark and from where it
    #: begins (docklaw.geometry.derive walkway_to_mark)
    walkway_from_mark: Quoted | None = None
    #: the classes whose size limits are on their own length and width, not on how far they
    #: reach from the mean high water mark (Kings Point Standards G "eight feet wide and eight
    #: feet long" of a landing; South Bristol § 73-8B(1)(c) of a boathouse): a drawn one's
    #: dl:length and dl:width are its own extents (docklaw.geometry.width.own_size), its reach
    #: is dl:farthestExtentFromMHW only; the same shape as ``width``, the list under ``classes``
    own_size: WidthExclusion | None = None
    #: the side setback is measured from the side property line itself as well as its
    #: extension (Kings Point Standards C "a side property line or its seaward extension"; North
    #: Haven § 56-3A "the adjacent property line extended into the water"): the whole drawn
    #: structure, its part on land too, is measured against the line and its extension. Without
    #: it only the structure's part on the water side is (North Hempstead § 42-9B(9) "the portion
    #: of the waterway"). Blind review 144 F2.
    side_setback_whole: Quoted | None = None
    #: the code's length of a dock "from" a water line does not say it is measured perpendicular
    #: to the line (Kings Point Standards D(1) "overall length ... measured from the mean
    #: high-water line to the seaward terminus"; North Haven § 56-2B "a length of 100 feet from
    #: MLW"): a footprint askew to the mark is also read along its own axis, the greater reading
    #: a bound (docklaw.geometry.derive reach_length). Blind review 145 F1. ``reads``: which
    #: reaches (North Hempstead § 42-9A(2) "project ... to a length": dl:farthestExtentFromMHW,
    #: blind review 147 F4).
    length_on_axis: LengthOnAxis | None = None


@dataclass(frozen=True)
class Jurisdiction:
    """One code: its id, how people name it, where its files are and what it uses."""

    id: str
    label: str
    aliases: tuple[str, ...]
    order: int
    concept_prefix: str
    water: str
    waterbody: str | None
    folder: Path
    root: Path
    description: Path
    features: Features = field(default_factory=Features)

    @property
    def iri(self) -> URIRef:
        from docklaw.namespaces import JUR

        return JUR[self.id]

    @property
    def concept_namespace(self) -> str:
        return f"{BASE}concept/{self.id}/"

    def shape_files(self) -> list[Path]:
        """``shapes/<id>.ttl`` and/or every Turtle file in ``shapes/<id>/``."""
        base = self.root / "shapes"
        files = [base / f"{self.id}.ttl"] if (base / f"{self.id}.ttl").is_file() else []
        if (base / self.id).is_dir():
            files += sorted((base / self.id).glob("*.ttl"))
        return files

    def file(self, name: str) -> Path:
        return self.folder / name

    def stubs(self) -> list[str]:
        """``file:line`` of every scaffold stub left in the code's Turtle files and shapes."""
        return [f"{path}:{number}" for path in [*sorted(self.folder.glob("*.ttl")),
                                                *self.shape_files()]
                for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if STUB_MARK in line]

    @property
    def examples_dir(self) -> Path:
        """``examples/`` in the code's folder if it has one, else ``<root>/examples/<id>/``."""
        own = self.folder / "examples"
        return own if own.is_dir() else self.root / "examples" / self.id

    @property
    def cases_dir(self) -> Path:
        """``cases/`` in the code's folder if it has one, else ``<root>/tests/cases/<id>/``."""
        own = self.folder / "cases"
        return own if own.is_dir() else self.root / "tests" / "cases" / self.id


# --------------------------------------------------------------------------- reading


def _field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], src: Path,
           where: str = "", required: bool = True) -> Any:
    """One field of a description, checked; the error names the file and the field."""
    name = f"{where}.{key}" if where else key
    if key not in data:
        if required:
            raise DataError(f"missing field {name!r}", source=str(src))
        return None
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        kinds = kind if isinstance(kind, tuple) else (kind,)
        raise DataError(f"field {name!r} must be {' or '.join(k.__name__ for k in kinds)}, "
                        f"not {value!r}", source=str(src))
    return value


def _choice(value: str | None, choices: tuple[str, ...], name: str, src: Path) -> str | None:
    if value is not None and value not in choices:
        raise DataError(f"field {name!r} must be one of {', '.join(choices)}, not {value!r}",
                        source=str(src))
    return value


def _cited_choice(feats: dict[str, Any], key: str, name: str, choices: tuple[str, ...],
                  src: Path) -> tuple[str, str | None, str | None] | None:
    """A feature table ``{ <name> = one of choices, section, citation }``, checked."""
    table = _field(feats, key, dict, src, "features", False)
    if table is None:
        return None
    w = f"features.{key}"
    value = _choice(_field(table, name, str, src, w), choices, f"{w}.{name}", src) or ""
    return (value, _field(table, "section", str, src, w, False),
            _field(table, "citation", str, src, w, False))


def _width(feats: dict[str, Any], prefix: str, src: Path, key: str = "width",
           classes_key: str = "leaves_out") -> WidthExclusion | None:
    table = _field(feats, key, dict, src, "features", False)
    if table is None:
        return None
    w = f"features.{key}"
    classes = _field(table, classes_key, list, src, w)
    pattern = re.compile(rf"^(dl|{re.escape(prefix)}):[A-Za-z][A-Za-z0-9]*$")
    if not classes or [c for c in classes if not (isinstance(c, str) and pattern.match(c))]:
        raise DataError(f"field '{w}.{classes_key}' must list classes as dl:<Name> or "
                        f"{prefix}:<Name>, not {classes!r}", source=str(src))
    return WidthExclusion(tuple(classes), _field(table, "section", str, src, w),
                          _field(table, "citation", str, src, w),
                          _field(table, "quote", str, src, w))


def _features(data: dict[str, Any], src: Path) -> Features:
    feats = _field(data, "features", dict, src, required=False) or {}
    known = {"side_setback", "riparian_lines", "channel_distance", "frontage", "survey_crs",
             "width", "width_measure", "area", "walkway_from_mark", "own_size",
             "side_setback_whole", "length_on_axis"}
    for key in feats:
        if key not in known:
            raise DataError(f"unknown field 'features.{key}' (known: {', '.join(sorted(known))})",
                            source=str(src))
    side = _choice(_field(feats, "side_setback", str, src, "features", False), SIDE_SETBACK,
                   "features.side_setback", src)
    riparian = None
    if (rip := _field(feats, "riparian_lines", dict, src, "features", False)) is not None:
        w = "features.riparian_lines"
        riparian = RiparianLines(
            kind=_choice(_field(rip, "kind", str, src, w), RIPARIAN, f"{w}.kind", src) or "",
            minimum_length_section=_field(rip, "minimum_length_section", str, src, w, False),
            minimum_length_citation=_field(rip, "minimum_length_citation", str, src, w, False),
            method_citation=_field(rip, "method_citation", str, src, w, False),
        )
    channel = None
    if (ch := _cited_choice(feats, "channel_distance", "measured_from", CHANNEL_FROM, src)):
        channel = ChannelDistance(*ch)
    frontage = None
    if (fr := _cited_choice(feats, "frontage", "construction", FRONTAGE, src)):
        reading = _field(feats["frontage"], "reading", str, src, "features.frontage", False)
        if fr[0] == "tie-line-and-shore-length" and not reading:
            raise DataError("field 'features.frontage.reading' must say why both lengths are "
                            "read (the text does not define frontage)", source=str(src))
        also = _field(feats["frontage"], "also_sections", list, src, "features.frontage", False)
        if also is not None and [a for a in also if not (isinstance(a, str) and a)]:
            raise DataError("field 'features.frontage.also_sections' must list section ids",
                            source=str(src))
        frontage = Frontage(*fr, reading=reading, also_sections=tuple(also or ()))
    survey = None
    if (sv := _field(feats, "survey_crs", dict, src, "features", False)) is not None:
        w = "features.survey_crs"
        iri = _field(sv, "crs", str, src, w)
        if not re.fullmatch(r"http://www\.opengis\.net/def/crs/EPSG/0/\d+", iri):
            raise DataError(f"field '{w}.crs' must be an EPSG CRS IRI "
                            f"(http://www.opengis.net/def/crs/EPSG/0/<code>), not {iri!r}",
                            source=str(src))
        survey = SurveyCrs(iri, _field(sv, "note", str, src, w, False))
    prefix = data.get("concept_prefix")
    width = _width(feats, prefix if isinstance(prefix, str) else "dl", src)
    area = _width(feats, prefix if isinstance(prefix, str) else "dl", src, "area")
    own = _width(feats, prefix if isinstance(prefix, str) else "dl", src, "own_size", "classes")
    measure = None
    if (wm := _field(feats, "width_measure", dict, src, "features", False)) is not None:
        w = "features.width_measure"
        measure = WidthMeasure(
            _choice(_field(wm, "method", str, src, w), WIDTH_METHODS, f"{w}.method", src) or "",
            _field(wm, "section", str, src, w), _field(wm, "citation", str, src, w),
            _field(wm, "quote", str, src, w))
    return Features(side_setback=side, riparian_lines=riparian, channel_distance=channel,
                    frontage=frontage, survey_crs=survey, width=width, width_measure=measure,
                    area=area, walkway_from_mark=_quoted(feats, "walkway_from_mark", src),
                    own_size=own, side_setback_whole=_quoted(feats, "side_setback_whole", src),
                    length_on_axis=_length_on_axis(feats, src))


def _length_on_axis(feats: dict[str, Any], src: Path) -> LengthOnAxis | None:
    """``[features] length_on_axis``: ``{ section, citation, quote }`` and optionally ``reads``,
    the drawn reaches its limit reads (of ``LENGTHS_ON_AXIS``)."""
    quoted = _quoted(feats, "length_on_axis", src)
    if quoted is None:
        return None
    reads = _field(feats["length_on_axis"], "reads", list, src, "features.length_on_axis",
                   False)
    if reads is None:
        return LengthOnAxis(quoted.section, quoted.citation, quoted.quote)
    if not reads or [r for r in reads if r not in LENGTHS_ON_AXIS]:
        raise DataError("field 'features.length_on_axis.reads' must list some of "
                        f"{', '.join(LENGTHS_ON_AXIS)}, not {reads!r}", source=str(src))
    return LengthOnAxis(quoted.section, quoted.citation, quoted.quote, tuple(reads))


def _quoted(feats: dict[str, Any], key: str, src: Path) -> Quoted | None:
    """A ``[features]`` construction stated in the code's words (``{ section, citation,
    quote }``), or None where it is not declared."""
    if (table := _field(feats, key, dict, src, "features", False)) is None:
        return None
    w = f"features.{key}"
    return Quoted(_field(table, "section", str, src, w), _field(table, "citation", str, src, w),
                  _field(table, "quote", str, src, w))


def read_description(folder: Path, root: Path) -> Jurisdiction:
    """The registry entry of one folder; DataError naming the file and field if it is wrong."""
    src = folder / "description.toml"
    if not src.is_file():
        raise DataError("a code folder needs a description.toml", source=str(src))
    try:
        data = tomllib.loads(src.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DataError(f"invalid TOML: {exc}", source=str(src)) from exc
    jid = _field(data, "id", str, src)
    if jid != folder.name:
        raise DataError(f"field 'id' is {jid!r} but the folder is {folder.name!r}: they must "
                        "be the same", source=str(src))
    if not ID_RE.match(jid):
        raise DataError(f"field 'id' {jid!r} must be lower-case words joined by '-'",
                        source=str(src))
    aliases = _field(data, "aliases", list, src, required=False) or []
    for a in aliases:
        if not isinstance(a, str) or not ID_RE.match(a):
            raise DataError(f"field 'aliases': {a!r} must be lower-case words joined by '-'",
                            source=str(src))
    prefix = _field(data, "concept_prefix", str, src)
    if not PREFIX_RE.match(prefix):
        raise DataError(f"field 'concept_prefix' {prefix!r} must be a lower-case word",
                        source=str(src))
    waterbody = _field(data, "waterbody", str, src, required=False)
    return Jurisdiction(
        id=jid,
        label=_field(data, "name", str, src),
        aliases=tuple(aliases),
        order=_field(data, "order", int, src, required=False) or 10_000,
        concept_prefix=prefix,
        water=_choice(_field(data, "water", str, src), WATERS, "water", src) or "",
        waterbody=waterbody,
        folder=folder,
        root=root,
        description=src,
        features=_features(data, src),
    )


def check_files(j: Jurisdiction) -> None:
    """Fail closed: a code with rules but no shapes would validate everything as conforming."""
    if not (j.folder / "source.txt").is_file():
        raise DataError("a code folder needs its text, source.txt", source=str(j.folder))
    if (j.folder / "rules.ttl").is_file() and not j.shape_files():
        raise DataError(f"the code has rules but no shapes (expected {j.root / 'shapes'}/"
                        f"{j.id}.ttl or {j.root / 'shapes'}/{j.id}/)",
                        source=str(j.folder / "rules.ttl"), )


def search_roots() -> list[Path]:
    """The repository root, then every root in ``DOCKLAW_PATH``."""
    roots = [paths.ROOT]
    for part in os.environ.get("DOCKLAW_PATH", "").split(os.pathsep):
        if part.strip():
            root = Path(part).expanduser().resolve()
            if root not in roots:
                roots.append(root)
    return roots


class Registry:
    """Every known code, in declared order, with one way to resolve a name to it."""

    def __init__(self, entries: list[Jurisdiction]) -> None:
        # declared order; ties keep discovery order (search roots in turn, folders by name)
        self.entries = sorted(entries, key=lambda j: j.order)
        self.by_id = {j.id: j for j in self.entries}
        self.names: dict[str, Jurisdiction] = {}
        for j in self.entries:
            for name in (j.id, *j.aliases):
                if name in self.names:
                    raise DataError(f"{name!r} names both {self.names[name].id} and {j.id}",
                                    source=str(j.description))
                self.names[name] = j
        self._stubs: dict[str, list[str]] = {}

    def unwritten(self, jid: str) -> str | None:
        """Why the code cannot decide an application yet, or None: a scaffold (``docklaw
        new-code``) whose stubs remain, each a passage stating a requirement with no rule yet
        (a "conforms" under it would be false). Read once per registry."""
        j = self.find(jid)
        if j is None:
            return None
        if j.id not in self._stubs:
            self._stubs[j.id] = j.stubs()
        stubs = self._stubs[j.id]
        if not stubs:
            return None
        return (f"{j.id} is a scaffold, not yet a code: {len(stubs)} {STUB_MARK} stub(s) "
                f"remain (the first at {stubs[0]}); write its rules and shapes before "
                "validating against it (docs/adding-a-code.md)")

    def refuse_unwritten(self, jid: str) -> None:
        """Refuse (DataError, naming the code's folder) to validate under a scaffold."""
        why = self.unwritten(jid)
        if why:
            raise DataError(why, source=str(self.by_id[self.names[jid].id].folder)
                            if jid in self.names else None)

    @classmethod
    def discover(cls, roots: list[Path] | None = None) -> Registry:
        entries: list[Jurisdiction] = []
        for root in roots or search_roots():
            codes = root / "ontology" / "codes"
            if not codes.is_dir():
                continue
            for folder in sorted(p for p in codes.iterdir() if p.is_dir()):
                if folder.name.startswith((".", "_")):
                    continue
                j = read_description(folder, root)
                check_files(j)
                entries.append(j)
        return cls(entries)

    def ids(self) -> tuple[str, ...]:
        return tuple(j.id for j in self.entries)

    def find(self, value: object) -> Jurisdiction | None:
        """The code named by an id, an alias or a jurisdiction IRI (any case), or None."""
        text = str(value).strip()
        if text.startswith(JURISDICTION_BASE):
            text = text[len(JURISDICTION_BASE):]
        return self.names.get(text.lower())

    def resolve(self, value: object) -> Jurisdiction:
        """Like find(), but an unknown name is an InputError listing the known ones."""
        found = self.find(value)
        if found is None:
            raise InputError(f"unknown jurisdiction {str(value)!r} ({self.known()})",
                             jurisdiction=str(value))
        return found

    def known(self) -> str:
        aliases = sorted(a for j in self.entries for a in j.aliases)
        text = f"known: {', '.join(self.ids())}"
        return text + (f"; aliases: {', '.join(aliases)}" if aliases else "")

    def __iter__(self) -> Iterator[Jurisdiction]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)


@lru_cache(maxsize=1)
def registry() -> Registry:
    """The process-wide registry (discovered once)."""
    return Registry.discover()


def all() -> list[Jurisdiction]:
    """Every code, in declared order."""
    return list(registry())


def ids() -> tuple[str, ...]:
    """Every code's id, in declared order."""
    return registry().ids()


def get(jid: str) -> Jurisdiction:
    """A code by its canonical id (KeyError if unknown: a programming error, not input)."""
    return registry().by_id[jid]


def find(value: object) -> Jurisdiction | None:
    return registry().find(value)


def resolve(value: object) -> Jurisdiction:
    """The code named by an id, alias or IRI; InputError naming the known codes otherwise."""
    return registry().resolve(value)


def known() -> str:
    return registry().known()


def ontology_files() -> list[Path]:
    """The ontology proper: docklaw.ttl, every file in ontology/terms/, and the terms only one
    code needs (``ontology/codes/<id>/terms.ttl``, kept with that code).

    Here, in the registry, so that every package reading the ontology (the knowledge graph,
    the geometry stage's class hierarchy) takes the same list from below it."""
    own = [p for j in all() if (p := j.file("terms.ttl")).is_file()]
    return [paths.ONTOLOGY_FILE, *sorted(paths.TERMS_DIR.glob("*.ttl")), *own]


__all__ = ["ChannelDistance", "Features", "Jurisdiction", "Registry",
           "RiparianLines", "WidthExclusion", "WidthMeasure", "find", "get", "ids", "known",
           "ontology_files", "registry", "resolve"]
