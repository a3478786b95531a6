"""A synthetic law graph of N jurisdictions, for measuring queries and loads at scale.

Why re-issue the real codes instead of random data: the saved queries then meet the same
shapes of data (sections, rules, limits, shapes, allocation tables) a real deployment of
many municipalities would hold. Copy k (k >= 1) renames every jurisdiction-owned IRI
(``.../code/north-haven/...`` -> ``.../code/north-haven-s<k>/...``, likewise jurisdiction,
rule, shape, concept, authority, local law IRIs, and the same names inside literals such as
generated SPARQL targets) and every blank node hanging off them; the ontology is shared and
written once. Copy 0 is the real five-code graph, so N must be a multiple of five.

Streaming N-Triples (no rdflib graph of the result is built): 1,000 jurisdictions is a few
million triples, written to the docklaw cache and reused while the inputs are unchanged.

    python bench/synth.py --jurisdictions 1000            # prints the path and triple count
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path

from rdflib import BNode, Graph, URIRef

from docklaw import jurisdictions
from docklaw.kg.build import cache_dir, closure_graph, inputs_digest

JID_PATTERN = re.compile(
    r"https://w3id\.org/docklaw/(?:jurisdiction|code|rule|shape|concept|authority|locallaw)/(?:"
    + "|".join(re.escape(j) for j in jurisdictions.ids())
    + r")(?=[/#>\s\"]|$)"
)
BNODE_LABEL = re.compile(r"_:[A-Za-z0-9_\-.]*[A-Za-z0-9_\-]")
LABEL_LINE = re.compile(
    r"^<https://w3id\.org/docklaw/jurisdiction/[^>]+> "
    r"<(?:http://www\.w3\.org/2000/01/rdf-schema#label|"
    r"http://www\.w3\.org/2004/02/skos/core#prefLabel)> \"[^\"]*(?=\")"
)


def owned_bnodes(graph: Graph) -> set[BNode]:
    """Blank nodes reachable from (or reaching) a jurisdiction-owned IRI: they are copied."""
    def owned_iri(term: object) -> bool:
        return isinstance(term, URIRef) and JID_PATTERN.search(str(term)) is not None

    owned: set[BNode] = set()
    edges: dict[BNode, set[BNode]] = {}
    for s, p, o in graph:
        nodes = [t for t in (s, o) if isinstance(t, BNode)]
        if any(owned_iri(t) for t in (s, p, o)):
            owned.update(nodes)
        if len(nodes) == 2:
            edges.setdefault(nodes[0], set()).add(nodes[1])
            edges.setdefault(nodes[1], set()).add(nodes[0])
    todo = list(owned)
    while todo:
        node = todo.pop()
        for other in edges.get(node, ()):
            if other not in owned:
                owned.add(other)
                todo.append(other)
    return owned


def split_template(line: str) -> list[str]:
    """Cut ``line`` at every point where copy k inserts its suffix ``-s<k>``."""
    cuts = [m.end() for m in JID_PATTERN.finditer(line)]
    cuts += [m.end() for m in BNODE_LABEL.finditer(_mask_literal(line))]
    label = LABEL_LINE.match(line)
    if label:
        cuts.append(label.end())
    cuts = sorted(set(cuts))
    pieces, start = [], 0
    for cut in cuts:
        pieces.append(line[start:cut])
        start = cut
    pieces.append(line[start:])
    return pieces


def _mask_literal(line: str) -> str:
    """Hide a quoted literal so "_:" inside text is not taken for a blank node."""
    first = line.find('"')
    if first < 0:
        return line
    last = line.rfind('"')
    return line[:first] + " " * (last - first + 1) + line[last + 1:]


def write_synthetic(n: int, target: Path) -> int:
    """Write an N-Triples graph of ``n`` jurisdictions to ``target``; returns the triple count."""
    if n < 5 or n % 5:
        raise SystemExit(f"--jurisdictions must be a positive multiple of 5 (got {n})")
    graph = closure_graph()
    owned = {f"_:{b}" for b in owned_bnodes(graph)}
    shared: list[str] = []
    templates: list[list[str]] = []
    text = graph.serialize(format="nt", encoding="utf-8").decode("utf-8")
    for line in text.splitlines():
        if not line.strip():
            continue
        labels = BNODE_LABEL.findall(_mask_literal(line))
        if JID_PATTERN.search(line) or any(label in owned for label in labels):
            templates.append(split_template(line))
        else:
            shared.append(line)
    count = 0
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    with tmp.open("w", encoding="utf-8") as out:
        out.write("\n".join(shared))
        out.write("\n")
        count += len(shared)
        for k in range(n // 5):
            suffix = f"-s{k}" if k else ""
            out.write("\n".join(suffix.join(pieces) for pieces in templates))
            out.write("\n")
            count += len(templates)
    tmp.replace(target)
    return count


def synthetic_path(n: int) -> Path:
    """Where the graph of ``n`` jurisdictions lives (generated on first use)."""
    target = cache_dir() / f"synth-{inputs_digest()}-{n}.nt"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        for stale in target.parent.glob(f"synth-*-{n}.nt"):  # older inputs: hundreds of MB
            if time.time() - stale.stat().st_mtime > 6 * 3600:  # not one a running bench uses
                stale.unlink(missing_ok=True)
        write_synthetic(n, target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jurisdictions", type=int, default=1000)
    parser.add_argument("-o", "--output", type=Path, help="write here instead of the cache")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.output:
        count = write_synthetic(args.jurisdictions, args.output)
        path = args.output
    else:
        path = synthetic_path(args.jurisdictions)
        with path.open("rb") as fh:
            count = sum(1 for _ in fh)
    print(f"{path}\t{count} triples\t{args.jurisdictions} jurisdictions\t"
          f"{time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
