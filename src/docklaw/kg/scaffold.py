"""``docklaw new-code ID --text FILE``: scaffold a code's folder from its text.

Why: a sixth code is a folder plus its shapes and no Python (docs/adding-a-code.md). The
scaffold copies the text, writes a description the registry and ingestion accept (sections
found by their printed "§ N-M Title" headings), and leaves the law itself -- concepts, rules,
curation and shapes -- as commented stubs, one per section that states a requirement. Each stub
carries STUB_MARK, which a test refuses in any registered code: a scaffold fails the coverage
test until every stub is written (or deleted with a reason in curation.ttl). The coverage report
printed at the end says what was ingested and which sections still wait for rules.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from docklaw import jurisdictions, paths
from docklaw.errors import InputError
from docklaw.jurisdictions import BASE

if TYPE_CHECKING:  # rdflib only when a code is scaffolded (fast `--help`)
    from rdflib import Graph

#: Marks a line the author must still write; a registered code may not contain it.
STUB_MARK = jurisdictions.STUB_MARK  # one mark: the registry refuses to validate under a stub
#: Printed headings "§ 160-118 Title." (the Keuka export's form; most eCode360 exports).
HEADING = r"^§ (?P<number>\d+[A-Za-z]?-\d+[A-Za-z]?) (?P<title>.+?)\.?$"
#: Words that make a passage a requirement someone must check.
NORMATIVE = re.compile(r"\b(shall|must|may not|no person|prohibited|not exceed|maximum|minimum|"
                       r"at least|at most|no more than|no less than)\b", re.I)


@dataclass(frozen=True)
class Scaffold:
    jid: str
    folder: Path
    shapes: Path


#: A law text docklaw will read (the five codes' texts are 30-200 KB each).
MAX_TEXT_BYTES = 16 * 1024 * 1024


def prefix_for(jid: str) -> str:
    """A concept prefix from the id's initials ("lake-george" -> "lgc")."""
    return "".join(part[0] for part in jid.split("-")) + "c"


def description_text(jid: str, args: argparse.Namespace, order: int) -> str:
    water = f'water = "{args.water}"\n'
    waterbody = f'waterbody = "{args.waterbody}"\n' if args.waterbody else ""
    return f'''# Registry entry and ingestion description of {args.name} (docs/adding-a-code.md).
# Scaffolded by `docklaw new-code`: check every value against the text.
id = "{jid}"
aliases = []
order = {order}
concept_prefix = "{prefix_for(jid)}"
{water}{waterbody}name = "{args.name}"
kind = "{args.kind}"
county = "{args.county}"

# The constructions the code uses (docs/DESIGN.md, "The registry"); declare what its text says:
# side_setback = "same-axis" | "greater-setback-of-same-axis-and-right-angle"
# riparian_lines = {{ kind = "water-rights" | "facility-area" }}
# survey_crs = {{ crs = "http://www.opengis.net/def/crs/EPSG/0/2261" }}  (the county's zone)
# width = {{ leaves_out = ["dl:Float"], section, citation, quote }}  (parts a width leaves out)
[features]

[code]
title = "{args.title}"
label = "{args.name}, {args.title}"
enacted_by = {{ slug = "{args.enacted_by_slug}", label = "{args.enacted_by}" }}

[numbering]
scheme = "chapter-section"
inline_markers = false
heading_pattern = '{HEADING}'
note = "Section numbers and titles are printed in the text."
'''


def turtle_head(jid: str, what: str) -> str:
    return (f"@prefix dl:   <{BASE}ontology#> .\n"
            "@prefix sh:   <http://www.w3.org/ns/shacl#> .\n"
            "@prefix qudt: <http://qudt.org/schema/qudt/> .\n"
            "@prefix unit: <http://qudt.org/vocab/unit/> .\n"
            "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
            "@prefix owl:  <http://www.w3.org/2002/07/owl#> .\n"
            "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n"
            f"@prefix jur:  <{BASE}jurisdiction/> .\n"
            f"@prefix sec:  <{BASE}code/{jid}/> .\n"
            f"@prefix {prefix_for(jid)}: <{BASE}concept/{jid}/> .\n"
            f"@prefix auth: <{BASE}authority/{jid}/> .\n"
            f"@prefix rule: <{BASE}rule/{jid}/> .\n"
            f"@prefix shp:  <{BASE}shape/{jid}/> .\n\n"
            f"# {what} (docs/adding-a-code.md). Lines marked {STUB_MARK} are still to write.\n")


def normative_nodes(g: Graph) -> list[tuple[str, str, str]]:
    """(local name, citation, text) of every section or subsection that states a requirement
    and has no subsection of its own (the most specific place a rule cites)."""
    from docklaw.namespaces import DL, RDF

    out = []
    for kind in (DL.Section, DL.Subsection):
        for node in g.subjects(RDF.type, kind):
            if any(g.subjects(DL.parent, node)):
                continue
            text = str(g.value(node, DL.text) or "")
            if NORMATIVE.search(text):
                local = str(node).rsplit("/", 1)[-1]
                out.append((local, str(g.value(node, DL.citation)), text))
    return sorted(out, key=lambda t: [int(p) if p.isdigit() else p
                                      for p in re.split(r"(\d+)", t[0])])


def stubs(jid: str, nodes: list[tuple[str, str, str]]) -> tuple[str, str]:
    rules = [turtle_head(jid, "Curated provisions: one rule per checkable requirement")]
    shapes = [turtle_head(jid, "One SHACL shape per checkable rule; limits live in the rules")]
    for local, citation, text in nodes:
        quote = " ".join(text.split())
        quote = quote if len(quote) <= 160 else quote[:157] + "..."
        rules.append(
            f"\n# {STUB_MARK} {citation}: {quote}\n"
            f"# rule:{local}-NAME a dl:Requirement ;\n"
            f'#     rdfs:label "..." ; dl:section sec:{local} ;\n'
            f"#     dl:governs {prefix_for(jid)}:Dock ; dl:constrains dl:length ;\n"
            "#     dl:comparison dl:AtMost ;\n"
            "#     dl:limit [ a qudt:QuantityValue ; qudt:numericValue 100 ;"
            " qudt:unit unit:FT ] ;\n"
            "#     dl:varianceClass dl:AreaVariance ; dl:discretionary false .\n")
        shapes.append(
            f"\n# {STUB_MARK} {citation}\n"
            f"# shp:{local}-NAME a sh:PropertyShape ; dl:enforces rule:{local}-NAME ;\n"
            "#     sh:path ( dl:length qudt:numericValue ) ; dl:limitParameter sh:maxInclusive ;\n"
            f'#     sh:severity sh:Violation ; sh:message "... {{limit}} ({citation})." .\n')
    return "".join(rules), "".join(shapes)


def concepts_text(jid: str, name: str) -> str:
    p = prefix_for(jid)
    return (turtle_head(jid, f"What {name} means by its structure words") +
            f"\n# {STUB_MARK} the code's own classes, each with its definition and dl:senseOf:\n"
            f"# {p}:Dock a owl:Class ; rdfs:label \"dock ({name})\"@en ;\n"
            f"#     skos:definition \"...\"@en ; dl:jurisdiction jur:{jid} ;\n"
            f"#     dl:regulatedIn sec:... ; dl:senseOf dl:Dock .\n"
            f"# dl:FixedDock rdfs:subClassOf {p}:Dock .\n")


def curation_text(jid: str) -> str:
    return (turtle_head(jid, "Curated facts about sections: variance classes, authorities, notes")
            + f"\n# {STUB_MARK} who grants relief, and from what:\n"
            "# auth:zba a dl:ZoningBoardOfAppeals ; rdfs:label \"...\" ; "
            f"dl:jurisdiction jur:{jid} .\n"
            "# sec:... dl:varianceClass dl:AreaVariance ; dl:reliefAuthority auth:zba .\n")


def scaffold(jid: str, text: Path, args: argparse.Namespace, root: Path) -> Scaffold:
    """Write the folder and the shapes file; refuse to overwrite anything."""
    if not jurisdictions.ID_RE.match(jid):
        raise InputError(f"id {jid!r} must be lower-case words joined by '-' (e.g. lake-george)")
    if jurisdictions.find(jid) is not None:
        raise InputError(f"{jid!r} already names a code ({jurisdictions.known()})")
    if not text.is_file():
        raise InputError("no such file", source=str(text))
    folder = root / "ontology" / "codes" / jid
    shapes = root / "shapes" / f"{jid}.ttl"
    for path in (folder, shapes):
        if path.exists():
            raise InputError("already exists; not overwritten", source=str(path))
    from docklaw.capped import read_text_capped

    source = read_text_capped(str(text), MAX_TEXT_BYTES)
    if not re.search(HEADING, source, re.M):
        raise InputError("no printed section heading ('§ 56-2 Title.') found: write the "
                         "description's [[section]] anchors by hand (docs/adding-a-code.md)",
                         source=str(text))
    order = max((j.order for j in jurisdictions.all() if j.order < 10_000), default=0) + 1
    folder.mkdir(parents=True)
    shapes.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(text, folder / "source.txt")
    (folder / "description.toml").write_text(description_text(jid, args, order), encoding="utf-8")
    (folder / "concepts.ttl").write_text(concepts_text(jid, args.name), encoding="utf-8")
    (folder / "curation.ttl").write_text(curation_text(jid), encoding="utf-8")
    # rules.ttl and the shapes are written once the text is ingested (one stub per requirement)
    (folder / "rules.ttl").write_text(turtle_head(jid, "Curated provisions"), encoding="utf-8")
    shapes.write_text(turtle_head(jid, "Shapes"), encoding="utf-8")
    return Scaffold(jid, folder, shapes)


def coverage_report(made: Scaffold) -> str:
    """Ingest the new code and say what was found and what is still to write."""
    from docklaw.kg.ingest import build_section_graph
    from docklaw.namespaces import DL, RDF

    g = build_section_graph(made.jid)
    nodes = normative_nodes(g)
    rules, shapes = stubs(made.jid, nodes)
    (made.folder / "rules.ttl").write_text(rules, encoding="utf-8")
    made.shapes.write_text(shapes, encoding="utf-8")
    count = {kind: len(set(g.subjects(RDF.type, getattr(DL, kind))))
             for kind in ("Section", "Subsection", "Definition", "Amendment")}
    refs = len(list(g.subject_objects(DL.references)))
    unresolved = sorted({str(o) for o in g.objects(None, DL.unresolvedReference)})
    lines = [
        f"Scaffolded {made.jid}: {made.folder} and {made.shapes}",
        f"ingested: {count['Section']} sections, {count['Subsection']} subsections, "
        f"{count['Definition']} definitions, {count['Amendment']} amendments, "
        f"{refs} cross-references"
        + (f" ({len(unresolved)} unresolved: {', '.join(unresolved)})" if unresolved else ""),
        f"coverage: 0 of {len(nodes)} passages stating a requirement have a rule and a shape; "
        f"each has a {STUB_MARK} stub in rules.ttl and the shapes:",
        *(f"  {citation}" for _local, citation, _text in nodes),
        "Until every stub is written, the coverage test fails (docs/adding-a-code.md).",
    ]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Scaffold, then ingest and report. A ``--root`` outside ``DOCKLAW_PATH`` is a search
    root for the rest of this run (the stubs and the coverage report need the code
    registered), and the report ends with the line that makes every later command find it."""
    root = Path(args.root).expanduser().resolve() if args.root else paths.ROOT
    made = scaffold(args.id, Path(args.text), args, root)
    hint = ""
    if root not in jurisdictions.search_roots():
        os.environ["DOCKLAW_PATH"] = os.pathsep.join(
            p for p in (os.environ.get("DOCKLAW_PATH", ""), str(root)) if p)
        hint = (f"\n{root} is not in DOCKLAW_PATH: for docklaw (validate, stats, query, "
                f"serve ...) to find {made.jid}, run\n"
                f"  export DOCKLAW_PATH={shlex.quote(os.environ['DOCKLAW_PATH'])}")
    jurisdictions.registry.cache_clear()
    print(coverage_report(made) + hint)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new-code", help="scaffold a new code's folder from its text",
                       description="Create ontology/codes/ID/ (text, description, concepts, "
                                   "rules and curation stubs) and shapes/ID.ttl, ingest the "
                                   "text and print a coverage report. See "
                                   "docs/adding-a-code.md.")
    p.add_argument("id", help="the new code's id: lower-case words joined by '-'")
    p.add_argument("--text", required=True, help="the code's text (plain text, eCode360 export)")
    p.add_argument("--name", default="TODO municipality", help="e.g. 'Town of Lake George'")
    p.add_argument("--kind", choices=("village", "town"), default="town",
                   help="the kind of municipality")
    p.add_argument("--county", default="TODO county", help="the county")
    p.add_argument("--title", default="TODO title of the law", help="the law's title")
    p.add_argument("--enacted-by", default="TODO enacting board",
                   help="the board that enacted it, as the text names it")
    p.add_argument("--enacted-by-slug", default="town-board",
                   help="short id of that board in IRIs (authority/<id>/<slug>)")
    p.add_argument("--water", choices=jurisdictions.WATERS, default="lake",
                   help="the water the code regulates")
    p.add_argument("--waterbody", default=None, help="the lake or water the text names")
    p.add_argument("--root", default=None,
                   help="registry root to write into (default: the repository)")
    p.set_defaults(func=run)
