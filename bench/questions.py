"""What the validator asks: information-needed items and Warnings per shipped application.

Why: issue 25 ("ask only what matters") is measured, before and after, by how many facts the
report asks of every shipped example and of every application docs/*.md shows, how many
Warnings it gives, and whether any fact is asked twice of one node. Run it on two trees (the
same script; an older tree's items carry no ``facts``, so they are read from the message):

    python bench/questions.py [--cases] [--kings-point-lift]

Columns: status, items of information needed, Warnings, duplicates (two items asking one
(node, fact)), part repeats (a fact asked of a part that its whole is asked too), items
naming no fact, and terms listed as not read by the code
(``not_read``; "-" on a tree without the list). ``--kings-point-lift`` prints the items asked
of a Kings Point 120-ft dock with a boat lift written from docs/applications.md
(``bench/data/kings-point-120-ft-dock-with-lift.ttl``); ``--cases`` adds the totals over
tests/cases.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

from rdflib import Graph, URIRef
from rdflib.namespace import RDF

from docklaw import paths
from docklaw.validate import validate_graph

try:  # public since issue 23; older trees kept parse in the intake stage only
    from docklaw.validate import parse
except ImportError:  # pragma: no cover - an older tree
    from docklaw.validate.intake.parse import parse

HERE = Path(__file__).resolve().parent
KINGS_POINT_LIFT = HERE / "data" / "kings-point-120-ft-dock-with-lift.ttl"
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)
FACT = re.compile(r"(?:dl|rdf):\w+")
T = "https://w3id.org/docklaw/test#"
DL_HAS_PART = URIRef("https://w3id.org/docklaw/ontology#hasPart")


def facts_of(item: object) -> tuple[str, ...]:
    """The facts an item asks: its own list, else the terms its message names before
    "is/are not stated" or "is needed" (an older tree)."""
    own = getattr(item, "facts", None)
    if own:
        return tuple(own)
    message = str(getattr(item, "message", ""))
    head = re.split(r" (?:is|are) (?:not stated|needed)", message, maxsplit=1)[0]
    if head == message:
        return ()
    return tuple(dict.fromkeys(FACT.findall(head)))


def wholes(graph: Graph) -> dict[str, set[str]]:
    """node -> the structures it is (transitively) a part of, as the report names nodes."""
    part_of: dict[str, set[str]] = {}
    for whole, part in graph.subject_objects(DL_HAS_PART):
        part_of.setdefault(str(part), set()).add(str(whole))
    out: dict[str, set[str]] = {}
    for node in part_of:
        seen: set[str] = set()
        stack = list(part_of[node])
        while stack:
            w = stack.pop()
            if w not in seen:
                seen.add(w)
                stack.extend(part_of.get(w, ()))
        out[node] = seen
    return out


def measure(graph: Graph, name: str) -> dict[str, object]:
    report = validate_graph(graph, name=name, plan=False)
    keys: Counter[tuple[str, str]] = Counter()
    factless = 0
    for item in report.information_needed:
        facts = facts_of(item)
        factless += not facts
        keys.update((item.focus_node, f) for f in facts)
    duplicates = sum(n - 1 for n in keys.values() if n > 1)
    containers = wholes(graph)
    repeats = sum(1 for node, fact in keys
                  if any((w, fact) in keys for w in containers.get(node, ())))
    not_read = getattr(report, "not_read", None)
    return {"name": name, "status": report.status, "needed": len(report.information_needed),
            "warnings": len(report.by_severity("Warning")), "duplicates": duplicates,
            "repeats": repeats, "factless": factless,
            "not_read": "-" if not_read is None else len(not_read),
            "report": report}


def examples() -> list[tuple[str, Graph]]:
    out = []
    for path in sorted(paths.EXAMPLES_DIR.glob("*/*.ttl")):
        out.append((f"examples/{path.parent.name}/{path.name}",
                    parse(path.read_bytes(), "turtle", name=path.name)))
    return out


def doc_applications() -> list[tuple[str, Graph]]:
    """Every application docs/*.md shows (a fenced Turtle block with a dl:PermitApplication),
    but the vocabulary sketches marked ``not run``; each variant is the docs' own business."""
    out = []
    for doc in sorted((paths.ROOT / "docs").glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            body = m.group(2)
            if "@prefix" not in body or not re.search(r"\ba\s+dl:PermitApplication\b", body):
                continue
            before = text[:m.start()].rstrip("\n").splitlines()[-3:]
            if any("not run" in line for line in before):
                continue
            line = text[:m.start()].count("\n") + 1
            out.append((f"docs/{doc.name}:{line}", parse(body.encode(), "turtle", name=doc.name)))
    return out


def cases() -> list[tuple[str, Graph]]:
    out = []
    for path in sorted((paths.ROOT / "tests" / "cases").glob("*/*.ttl")):
        full = parse(path.read_bytes(), "turtle", name=path.name)
        case = {s for s in full.subjects(RDF.type, URIRef(T + "Case"))}
        app = Graph()
        for s, p, o in full:
            if s in case or str(p).startswith(T) or str(o).startswith(T):
                continue
            app.add((s, p, o))
        out.append((f"{path.parent.name}/{path.stem}", app))
    return out


def table(rows: list[dict[str, object]]) -> str:
    lines = ["| application | status | needed | Warnings | duplicates | part repeats | no fact "
             "| not read |", "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        lines.append(f"| {r['name']} | {r['status']} | {r['needed']} | {r['warnings']} | "
                     f"{r['duplicates']} | {r['repeats']} | {r['factless']} | {r['not_read']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", action="store_true", help="also total over tests/cases")
    parser.add_argument("--kings-point-lift", action="store_true",
                        help="list the items asked of the Kings Point dock with a lift")
    args = parser.parse_args(argv)
    rows = [measure(g, n) for n, g in examples() + doc_applications()]
    print(table(rows))
    lift = measure(parse(KINGS_POINT_LIFT.read_bytes(), "turtle", name=KINGS_POINT_LIFT.name),
                   "Kings Point 120-ft dock with a lift")
    print(table([lift]).split("\n", 2)[2])
    if args.kings_point_lift:
        print()
        for item in lift["report"].information_needed:  # type: ignore[attr-defined]
            print(f"- [{item.focus_node.rsplit('#', 1)[-1]}] {item.section}: {item.message}")
    if args.cases:
        measured = [measure(g, n) for n, g in cases()]
        total = {k: sum(int(r[k]) for r in measured) for k in ("needed", "warnings",
                                                              "duplicates", "repeats",
                                                              "factless")}
        with_dup = sum(1 for r in measured if int(r["duplicates"]))
        print(f"\ncases: {len(measured)}; needed {total['needed']}, Warnings "
              f"{total['warnings']}, duplicates {total['duplicates']} (in {with_dup} cases), "
              f"part repeats {total['repeats']}, items naming no fact {total['factless']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
