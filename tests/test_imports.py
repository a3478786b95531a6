"""No import cycles, not even hidden in function bodies.

Why: an import placed inside a function to dodge a cycle (validate.prepare <-> validate.compile,
sparql <-> kg) hides a layering mistake and fails only at run time. Every import statement in
src/docklaw counts, wherever it is, except those under ``if TYPE_CHECKING:`` (type hints only).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from docklaw import paths

SRC = paths.ROOT / "src"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in (SRC / "docklaw").rglob("*.py")}


def imports_of(path: Path) -> set[str]:
    found: set[str] = set()

    class Visitor(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
                for child in node.orelse:
                    self.visit(child)
                return
            self.generic_visit(node)

        def visit_Import(self, node: ast.Import) -> None:
            found.update(alias.name for alias in node.names)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)

    Visitor().visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in MODULES}


GRAPH = {m: imports_of(p) - {m} for m, p in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one member (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


PARALLEL = pytest.mark.xfail(strict=False, reason=(
    "cycles landed in parallel with issue 14, for their owners to untangle: validate.report <-> "
    "html_report/readings/excess, validate <-> validate.api, plan <-> validate, sparql <-> "
    "validate (budget), sparql <-> search (dlf: functions); the two cycles issue 14 names are "
    "checked strictly by test_the_two_cycles_of_issue_14_are_gone"))


@PARALLEL
def test_no_module_imports_itself_through_others() -> None:
    assert cycles(GRAPH) == []


#: Known package-level knots, each with why it is tolerated for now (empty is the goal).
KNOWN_KNOTS = {
    # sparql.safety parses long queries in a forked child with validate.budget.run_limited,
    # and validate.budget uses sparql.runner's limits: the budget belongs in a module both can
    # import (moving it while validate/ is being reorganised would break parallel work).
    ("docklaw.sparql", "docklaw.validate"),
    # sparql.store registers the search package's SPARQL functions (dlf:) in every store, and
    # search builds its index from kg, which loads stores through sparql: the functions belong
    # with the store or the registration with the caller.
    ("docklaw.sparql", "docklaw.search"),
}


def package_graph() -> dict[str, set[str]]:
    def package(m: str) -> str:
        return ".".join(m.split(".")[:2])

    packages: dict[str, set[str]] = {}
    for m, deps in GRAPH.items():
        packages.setdefault(package(m), set()).update(
            package(d) for d in deps if package(d) != package(m))
    return packages


@PARALLEL
def test_no_two_packages_import_each_other() -> None:
    """docklaw.kg, docklaw.sparql, docklaw.validate ... form layers, not a knot."""
    packages = package_graph()
    for a, b in KNOWN_KNOTS:
        packages[a].discard(b)
    assert cycles(packages) == []


def test_the_two_cycles_of_issue_14_are_gone() -> None:
    assert "docklaw.law.prepare" not in GRAPH["docklaw.law.compile"]
    assert "docklaw.kg" not in package_graph()["docklaw.sparql"]


def test_the_checker_sees_imports_in_function_bodies() -> None:
    assert "docklaw.kg.build" in GRAPH["docklaw.queries.run"]  # imported inside store_for()
