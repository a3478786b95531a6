"""The anchor's inputs, generated from docklaw's own law: like with like (issue 27 item 1).

Why generated, not hand-made: the anchor endpoint (``bench/anchor/app.py``) must validate the
same applications against the same law as ``docklaw serve``'s ``POST /validate``, so the
comparison measures the engines and what is around them, not different workloads. This
writes, with docklaw's standard SHACL export (docs/DESIGN.md, "Standard SHACL out"):

- ``shapes/<jid>.nt``: each code's compiled shapes (``docklaw shapes export``: limits filled,
  targets as ``sh:targetClass <shape>#focus``, computed limits as SHACL-SPARQL constraints);
- ``apps/<jid>--<name>.nt``: each shipped example (``examples/*/*.ttl``) derived and
  materialised (``docklaw derive``: units normalised, geometry measured, every superclass type
  the OWL-RL closure of the ontology gives, computed limits, focus classes), so the anchor runs
  no inference per request;
- ``manifest.json``: per application its code, triple count, the code's shape count and the
  (focus node, shape) pairs docklaw reports, which the anchor checks at start.

Stock SHACL engines on these two files report the same (focus node, shape) pairs as
``docklaw validate`` (``tests/test_shacl_export.py``). Run with docklaw's venv:

    python bench/anchor/fixtures.py            # writes into <docklaw cache>/anchor/
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rdflib import Graph
from rdflib.namespace import RDF, SH

ROOT = Path(__file__).resolve().parents[2]


def shape_count(graph: Graph) -> int:
    """Node and property shapes, nested ones included (what an engine compiles)."""
    shapes = set(graph.subjects(RDF.type, SH.NodeShape))
    shapes |= set(graph.subjects(RDF.type, SH.PropertyShape))
    shapes |= set(graph.subjects(SH.path, None))
    shapes |= set(graph.objects(None, SH.property))
    return len(shapes)


def expected_pairs(path: Path) -> list[list[str]]:
    """(focus node, shape) of each violation, warning or info docklaw reports for ``path``."""
    from docklaw.validate.pipeline import validate_bytes

    report = validate_bytes(path.read_bytes(), name=path.name).to_json()
    pairs = {(r["focus_node"], r["shape"]) for r in report["results"]
             if r.get("focus_node") and r.get("shape")}
    return sorted([list(p) for p in pairs])


def write(target: Path) -> dict[str, object]:
    from docklaw.kg.build import cache_dir  # noqa: F401  (fails early without docklaw)
    from docklaw.law.snapshot import get_prepared
    from docklaw.validate.export import derived_application, exported_shapes
    from docklaw.validate.intake.admit import jurisdiction_of
    from docklaw.validate.intake.parse import parse

    prepared = get_prepared()
    (target / "shapes").mkdir(parents=True, exist_ok=True)
    (target / "apps").mkdir(parents=True, exist_ok=True)
    shapes_of: dict[str, int] = {}
    apps: list[dict[str, object]] = []
    for example in sorted((ROOT / "examples").glob("*/*.ttl")):
        graph = parse(example.read_bytes(), None, example.name)
        derived = derived_application(graph, prepared, name=example.name)
        jid = jurisdiction_of(derived)
        if jid not in shapes_of:
            shapes = exported_shapes(jid, prepared)
            (target / "shapes" / f"{jid}.nt").write_bytes(shapes.serialize(format="nt",
                                                                             encoding="utf-8"))
            shapes_of[jid] = shape_count(shapes)
        name = f"{jid}--{example.stem}.nt"
        (target / "apps" / name).write_bytes(derived.serialize(format="nt", encoding="utf-8"))
        apps.append({"file": name, "source": str(example.relative_to(ROOT)), "code": jid,
                     "triples": len(derived), "raw_triples": len(graph),
                     "shapes": shapes_of[jid], "expected": expected_pairs(example)})
    manifest = {"apps": apps, "shapes": shapes_of}
    (target / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, default=None,
                        help="folder (default: <docklaw cache>/anchor)")
    args = parser.parse_args()
    from docklaw.kg.build import cache_dir

    target = args.output or cache_dir() / "anchor"
    manifest = write(target)
    apps = manifest["apps"]
    assert isinstance(apps, list)
    triples = sorted(int(a["triples"]) for a in apps)
    print(f"{target}: {len(apps)} applications ({triples[0]}–{triples[-1]} triples, median "
          f"{triples[len(triples) // 2]}), shapes per code {manifest['shapes']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
