"""The registry of jurisdictions: discovery, descriptions, resolve(), failing closed.

A code is its folder (ontology/codes/<id>/) plus its shapes; these tests build small trees in a
temporary directory and ask the registry about them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rdflib import Graph

from docklaw import jurisdictions, paths
from docklaw.errors import DataError, InputError
from docklaw.jurisdictions import Registry
from docklaw.namespaces import JUR
from fixtures.registry import copy_code

SRC = paths.ROOT / "src" / "docklaw"


# --------------------------------------------------------------------------- the shipped codes


def test_every_code_folder_is_registered_in_declared_order() -> None:
    folders = {p.name for p in (paths.ROOT / "ontology" / "codes").iterdir() if p.is_dir()}
    assert set(jurisdictions.ids()) == folders
    orders = [j.order for j in jurisdictions.all()]
    assert orders == sorted(orders)


def test_each_description_declares_its_identity_and_features() -> None:
    for j in jurisdictions.all():
        assert j.label and j.concept_prefix and j.water in jurisdictions.WATERS
        assert j.shape_files(), j.id
        assert (j.folder / "source.txt").is_file()
        if j.features.riparian_lines:
            assert j.water == "lake"
        if j.features.side_setback:
            assert j.water == "tidal"


def test_resolve_accepts_ids_aliases_iris_and_any_case() -> None:
    for j in jurisdictions.all():
        for name in (j.id, j.id.upper(), f" {j.id} ", str(JUR[j.id]), *j.aliases):
            assert jurisdictions.resolve(name) is j
    assert jurisdictions.find("atlantis") is None


def test_an_unknown_name_is_an_input_error_listing_the_known() -> None:
    with pytest.raises(InputError) as err:
        jurisdictions.resolve("atlantis")
    for j in jurisdictions.all():
        assert j.id in err.value.message
        for alias in j.aliases:
            assert alias in err.value.message


def test_no_jurisdiction_id_or_alias_in_src_outside_the_registry() -> None:
    names = sorted({n for j in jurisdictions.all() for n in (j.id, *j.aliases)})
    word = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])")
    hits = []
    for path in sorted(SRC.rglob("*")):
        if path.suffix not in {".py", ".html", ".txt", ".toml", ".rq", ".js", ".css", ".j2"}:
            continue
        if path == SRC / "jurisdictions.py":
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if word.search(line):
                hits.append(f"{path.relative_to(paths.ROOT)}:{no}: {line.strip()}")
    assert hits == []


# --------------------------------------------------------------------------- descriptions


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    copy_code("north-haven", "new-code", tmp_path)
    return tmp_path


def desc_of(tree: Path) -> Path:
    return tree / "ontology" / "codes" / "new-code" / "description.toml"


def test_a_copied_code_is_discovered_from_another_root(tree: Path) -> None:
    reg = Registry.discover([tree])
    assert reg.ids() == ("new-code",)
    j = reg.resolve("NEW-CODE")
    assert j.shape_files() == [tree / "shapes" / "new-code.ttl"]
    assert j.features == jurisdictions.get("north-haven").features
    assert j.examples_dir == tree / "examples" / "new-code"


def test_shapes_may_be_a_folder(tree: Path) -> None:
    (tree / "shapes" / "new-code").mkdir()
    (tree / "shapes" / "new-code.ttl").rename(tree / "shapes" / "new-code" / "a.ttl")
    assert Registry.discover([tree]).resolve("new-code").shape_files() == [
        tree / "shapes" / "new-code" / "a.ttl"]


@pytest.mark.parametrize(("edit", "message"), [
    (lambda t: re.sub(r"^concept_prefix = .*$", "", t, flags=re.M),
     "missing field 'concept_prefix'"),
    (lambda t: t.replace('id = "new-code"', 'id = "other"'), "field 'id' is 'other'"),
    (lambda t: t.replace('water = "tidal"', 'water = "river"'), "field 'water' must be one of"),
    (lambda t: t.replace('side_setback = "greater-setback', 'side_setback = "lesser-setback'),
     "field 'features.side_setback' must be one of"),
    (lambda t: t.replace("[features]", "[features]\nwhatever = 1"),
     "unknown field 'features.whatever'"),
    (lambda t: t.replace("order = 1", 'order = "first"'), "field 'order' must be int"),
    (lambda t: t.replace("aliases = []", 'aliases = ["Bad Name"]'), "field 'aliases'"),
    (lambda t: t + "\n[[[", "invalid TOML"),
])
def test_a_bad_description_names_the_file_and_the_field(tree: Path, edit, message: str) -> None:
    path = desc_of(tree)
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(DataError) as err:
        Registry.discover([tree])
    assert message in str(err.value)
    assert str(path) in str(err.value)


def test_an_alias_naming_two_codes_is_refused(tree: Path) -> None:
    path = desc_of(tree)
    path.write_text(path.read_text(encoding="utf-8").replace(
        "aliases = []", 'aliases = ["north-haven"]'), encoding="utf-8")
    with pytest.raises(DataError, match="names both"):
        Registry.discover([paths.ROOT, tree])


# --------------------------------------------------------------------------- failing closed


def test_a_code_with_rules_but_no_shapes_is_refused_with_the_path(tmp_path: Path) -> None:
    """Issue 11: a code registered without its shapes validated everything as conforming."""
    copy_code("north-haven", "new-code", tmp_path, shapes=False)
    with pytest.raises(DataError) as err:
        Registry.discover([tmp_path])
    assert "rules but no shapes" in str(err.value)
    assert str(tmp_path / "ontology" / "codes" / "new-code" / "rules.ttl") in str(err.value)
    assert str(tmp_path / "shapes") in str(err.value)


def use_registry(monkeypatch: pytest.MonkeyPatch, reg: Registry) -> None:
    monkeypatch.setattr(jurisdictions, "registry", lambda: reg)


def test_a_shapes_file_that_does_not_parse_is_refused_with_the_path(
        tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from docklaw.law.prepare import shape_sources

    shapes = tree / "shapes" / "new-code.ttl"
    shapes.write_text(shapes.read_text(encoding="utf-8") + "\nthis is not turtle .\n",
                      encoding="utf-8")
    use_registry(monkeypatch, Registry.discover([tree]))
    with pytest.raises(DataError, match="the shapes do not parse") as err:
        shape_sources()
    assert str(shapes) in str(err.value)


def test_a_shape_that_enforces_no_rule_is_refused_with_the_path(tree: Path) -> None:
    from docklaw.law.prepare import check_shapes_enforce_rules
    from docklaw.law.snapshot import get_prepared

    shapes = tree / "shapes" / "new-code.ttl"
    g = Graph().parse(shapes, format="turtle")
    reg = Registry.discover([paths.ROOT, tree])
    rules = get_prepared().rules  # the shipped rules: the copy's rules are not among them
    with pytest.MonkeyPatch.context() as mp:
        use_registry(mp, reg)
        with pytest.raises(DataError, match="which is no rule of any code") as err:
            check_shapes_enforce_rules({"new-code": g}, rules)
    assert str(shapes) in str(err.value)
    check_shapes_enforce_rules(get_prepared().shape_sources, rules)  # the shipped ones pass


def test_a_folder_without_its_text_is_refused(tree: Path) -> None:
    (tree / "ontology" / "codes" / "new-code" / "source.txt").unlink()
    with pytest.raises(DataError, match=r"source\.txt"):
        Registry.discover([tree])


def test_saved_queries_ask_for_generic_concepts_not_code_prefixes() -> None:
    """A cross-code question lists no code's concept namespace (it would leave a new code out):
    it names the generic term and finds each code's sense of it through dl:senseOf."""
    for path in sorted((paths.ROOT / "queries").glob("*.rq")):
        body = "\n".join(ln for ln in path.read_text(encoding="utf-8").splitlines()
                         if not ln.startswith("#"))
        assert "/docklaw/concept/" not in body, path.name


def test_every_local_class_that_a_query_needs_declares_its_sense() -> None:
    from docklaw.kg.build import schema_graph
    from docklaw.namespaces import DL

    g = schema_graph()
    for j in jurisdictions.all():
        dock = [c for c in g.subjects(DL.senseOf, DL.Dock) if str(c).startswith(
            j.concept_namespace)]
        assert dock, f"{j.id}: no local class is declared the code's sense of dl:Dock"


def test_the_registry_iri_base_is_the_namespace_base() -> None:
    """jurisdictions keeps its own copy of the IRI base so that `--help` imports no rdflib."""
    from docklaw import jurisdictions, namespaces

    assert jurisdictions.BASE == namespaces.BASE
    assert str(namespaces.JUR) == jurisdictions.JURISDICTION_BASE
