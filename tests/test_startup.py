"""Start-up does only what the call needs (issue 17 item 1). Timing lives in bench/startup.py;
these tests check the behaviour that makes it fast: what is imported, what is cached."""

from __future__ import annotations

import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("rdflib", "pyshacl", "flask", "shapely", "pyoxigraph", "owlrl", "pyparsing")


def _imported_after(code: str) -> list[str]:
    probe = (f"import sys\n{code}\n"
             f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, check=True)
    return done.stdout.split()


def test_help_imports_no_engine() -> None:
    """`docklaw --help` (and every subcommand's registration) imports no RDF, SHACL, SPARQL,
    geometry or web library."""
    assert _imported_after("import docklaw.cli as c\nc.build_parser()") == []


@pytest.mark.parametrize("package", ["docklaw.web", "docklaw.sparql", "docklaw.validate"])
def test_packages_import_lazily(package: str) -> None:
    assert _imported_after(f"import {package}") == []


def test_lazy_packages_still_export_their_names() -> None:
    from docklaw.sparql import OxigraphStore, QueryResult
    from docklaw.validate import Report, validate_bytes
    from docklaw.web import create_app

    assert callable(create_app) and callable(validate_bytes)
    assert OxigraphStore.backend == "oxigraph" and QueryResult and Report


@pytest.mark.cost(7)
def test_prepared_snapshot_round_trips(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pickled Prepared gives back the same graphs, sections, rules and terms (literal
    values included), and a damaged snapshot is rebuilt, never used."""
    from rdflib import Literal

    from docklaw.law import snapshot
    from docklaw.law.prepare import build_real_prepared

    monkeypatch.setenv("DOCKLAW_CACHE", str(tmp_path))
    built = snapshot.load_or_build(build_real_prepared)
    loaded = snapshot.load_or_build(lambda: pytest.fail("the snapshot was not used"))
    assert set(loaded.knowledge) == set(built.knowledge)
    assert set(loaded.ontology) == set(built.ontology)
    assert loaded.sections == built.sections and loaded.rules == built.rules
    assert loaded.superclasses == built.superclasses and loaded.labels == built.labels
    originals = {o: o for _, _, o in built.knowledge if isinstance(o, Literal)}
    for _, _, o in loaded.knowledge:
        if isinstance(o, Literal):
            twin = originals[o]
            assert (o.value, o.datatype, o.language) == (twin.value, twin.datatype, twin.language)
    assert loaded.compiled("north-haven").shapes == built.compiled("north-haven").shapes

    (path,) = tmp_path.glob("prepared-*.pickle")
    for damage in (b"", path.read_bytes()[:-100], path.read_bytes().replace(b"56-2D", b"56-2E")):
        path.write_bytes(damage)
        rebuilt = snapshot.load_or_build(build_real_prepared)
        assert rebuilt.sections == built.sections
    header, _, body = path.read_bytes().partition(b"\n")
    assert header.startswith(b"# docklaw-cache v1 kind=prepared")
    assert pickle.loads(body).rules == built.rules


def test_query_store_is_filled_from_the_closure_ntriples() -> None:
    """The default store is filled from the cached N-Triples, with the same triples as the
    rdflib closure graph (nothing lost on the fast path)."""
    from docklaw.kg.build import closure_graph, closure_ntriples
    from docklaw.sparql.backends import knowledge_store

    store = knowledge_store("memory", ntriples=closure_ntriples)
    try:
        assert store.triple_count() == len(closure_graph())
    finally:
        store.close()


@pytest.mark.cost(7)
def test_snapshotted_state_validates_every_example_like_a_fresh_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The prepared state, compiled shapes and class hierarchies read back from their
    snapshots give the same report on every shipped example as state built from the files."""
    from docklaw import jurisdictions, paths
    from docklaw.geometry import classes
    from docklaw.law import snapshot
    from docklaw.law.prepare import build_real_prepared
    from docklaw.validate.pipeline import validate_bytes

    monkeypatch.setenv("DOCKLAW_CACHE", str(tmp_path))
    fresh = build_real_prepared()  # no snapshot: compiles in memory
    snapshot.load_or_build(build_real_prepared)  # writes the snapshot
    monkeypatch.setattr(classes, "PRIMED", {})
    loaded = snapshot.load_or_build(lambda: pytest.fail("the snapshot was not used"))
    assert set(classes.PRIMED) == set(jurisdictions.ids())
    examples = sorted(paths.EXAMPLES_DIR.glob("*/*.ttl"))
    for path in examples:  # first pass compiles and stores each code's shapes
        validate_bytes(path.read_bytes(), name=path.name, prepared=loaded)
    assert len(list(tmp_path.glob("compiled-*.pickle"))) == len(jurisdictions.ids())
    reloaded = snapshot.load_or_build(lambda: pytest.fail("the snapshot was not used"))

    def report(data: bytes, name: str, prepared: object) -> str:
        """The JSON report with blank-node labels (fresh in every run) made neutral."""
        text = validate_bytes(data, name=name, prepared=prepared).render("json")  # type: ignore[arg-type]
        return re.sub(r"_:[A-Za-z0-9]+", "_:b", text)

    for path in examples:
        data = path.read_bytes()
        assert report(data, path.name, reloaded) == report(data, path.name, fresh), path.name
