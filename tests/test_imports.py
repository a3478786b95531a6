"""No import cycles, not even hidden in function bodies.

Why: an import placed inside a function to dodge a cycle (validate.prepare <-> validate.compile,
sparql <-> kg) hides a layering mistake and fails only at run time. Every import statement in
src/docklaw counts, wherever it is, except those under ``if TYPE_CHECKING:`` (type hints only).
"""

from __future__ import annotations

import ast
from pathlib import Path

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


def test_no_module_imports_itself_through_others() -> None:
    assert cycles(GRAPH) == []


def test_no_two_packages_import_each_other() -> None:
    """docklaw.kg, docklaw.sparql, docklaw.validate ... form layers, not a knot."""
    def package(m: str) -> str:
        return ".".join(m.split(".")[:2])

    packages: dict[str, set[str]] = {}
    for m, deps in GRAPH.items():
        packages.setdefault(package(m), set()).update(
            package(d) for d in deps if package(d) != package(m))
    assert cycles(packages) == []


def test_the_checker_sees_imports_in_function_bodies() -> None:
    assert "docklaw.kg.build" in GRAPH["docklaw.queries.run"]  # imported inside store_for()
