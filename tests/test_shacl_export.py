"""Standard SHACL out: stock pyshacl on `docklaw shapes export` + `docklaw derive` output
reports the same focus nodes and shapes as `docklaw validate`, for every shipped example."""

from __future__ import annotations

from pathlib import Path

import pyshacl
import pytest
from rdflib import BNode, Graph
from rdflib.namespace import SH

from docklaw import jurisdictions
from docklaw.cli import main
from docklaw.law.compile import descendants, top_level_shapes
from docklaw.validate.pipeline import validate_bytes

EXAMPLES = [p for j in jurisdictions.all() for p in sorted(j.examples_dir.glob("*.ttl"))]


def name(node: object) -> str:
    return "_:blank" if isinstance(node, BNode) else str(node)


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every code's shapes, written by the command a user runs."""
    folder = tmp_path_factory.mktemp("shapes")
    out = {}
    for j in jurisdictions.all():
        out[j.id] = folder / f"{j.id}.ttl"
        assert main(["shapes", "export", j.id, "-o", str(out[j.id])]) == 0
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=[f"{p.parent.name}/{p.stem}" for p in EXAMPLES])
def test_stock_pyshacl_reports_what_docklaw_validate_reports(
        path: Path, exported: dict[str, Path], tmp_path: Path) -> None:
    """Same focus nodes and shapes for every result; what docklaw lists as "information
    needed" (a fact unstated) is no focus of its shape in the derived graph, so a stock engine
    reports nothing there either (it cannot say "needed")."""
    jid = jurisdictions.resolve(path.parent.name).id
    derived = tmp_path / "derived.ttl"
    assert main(["derive", str(path), "-o", str(derived)]) == 0
    shapes = Graph().parse(exported[jid], format="turtle")
    top = {node: shape for shape in top_level_shapes(shapes) for node in descendants(shapes, shape)}
    _conforms, results, _text = pyshacl.validate(
        Graph().parse(derived, format="turtle"), shacl_graph=shapes, inference="none",
        advanced=False)
    stock = sorted((name(results.value(r, SH.focusNode)),
                    str(top.get(results.value(r, SH.sourceShape))))
                   for r in results.objects(None, SH.result))
    report = validate_bytes(path.read_bytes(), name=path.name)
    ours = sorted([(blank(r.focus_node), r.shape) for r in report.results if r.shape])
    assert stock == ours
    needed = {(blank(n.focus_node), n.shape) for n in report.information_needed if n.shape}
    assert not needed & set(stock)


def blank(node: str) -> str:
    return "_:blank" if node.startswith("_:") else node


def test_exported_shapes_are_core_targets_with_filled_limits(exported: dict[str, Path]) -> None:
    for jid, path in exported.items():
        g = Graph().parse(path, format="turtle")
        assert not list(g.subjects(None, SH.SPARQLTarget)), jid
        assert list(g.objects(None, SH.targetClass)), jid
        text = path.read_text(encoding="utf-8")
        assert "{limit}" not in text and "{lower}" not in text and "{upper}" not in text, jid


def test_the_published_templates_alone_find_nothing_that_the_export_finds() -> None:
    """Why the export exists: the shapes as written carry no limits (they are in the rules)."""
    j = jurisdictions.get(jurisdictions.ids()[0])
    example = j.examples_dir / "several-violations.ttl"
    report = validate_bytes(example.read_bytes(), name=example.name)
    assert any(r.severity == "Violation" for r in report.results)
    template = Graph()
    for f in j.shape_files():
        template.parse(f, format="turtle")
    assert not any(template.objects(None, SH.maxInclusive))


def test_derive_refuses_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["derive", "/nonexistent/app.ttl"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_export_refuses_an_unknown_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["shapes", "export", "atlantis"]) == 2
    assert "unknown jurisdiction 'atlantis'" in capsys.readouterr().err
