"""The layering holds: the import contracts pass, and no import cycle, however hidden.

Why: an import placed inside a function to dodge a cycle hides a layering mistake and fails
only at run time. The layers themselves (faces on top, the validator's stages in pipeline
order, the law model below them, the ground at the bottom: docs/DESIGN.md) are import-linter
contracts in pyproject.toml, run here. The checker below counts every import statement in
src/docklaw, wherever it is, except those under ``if TYPE_CHECKING:`` (type hints only).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

from docklaw import paths

SRC = paths.ROOT / "src"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in (SRC / "docklaw").rglob("*.py")}


class Visitor(ast.NodeVisitor):
    """Every import statement of a module outside ``if TYPE_CHECKING:`` blocks."""

    def __init__(self) -> None:
        self.found: set[str] = set()
        self.names: list[tuple[str, str]] = []  # (module, name) of every ``from m import n``

    def visit_If(self, node: ast.If) -> None:
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        self.found.update(alias.name for alias in node.names)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module:
            self.found.add(node.module)
            self.found.update(f"{node.module}.{alias.name}" for alias in node.names)
            self.names += [(node.module, alias.name) for alias in node.names]


def visit(path: Path) -> Visitor:
    visitor = Visitor()
    visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
    return visitor


def imports_of(path: Path) -> set[str]:
    return {m for m in visit(path).found if m in MODULES}


@cache
def import_graph() -> dict[str, set[str]]:
    """{module: the docklaw modules it imports}, parsed when a test first asks (not at import:
    every xdist worker imports this module to collect it, ~1 s of CPU each, and only one runs
    the tests)."""
    return {m: imports_of(p) - {m} for m, p in MODULES.items()}


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


def test_the_import_contracts_hold() -> None:
    """pyproject.toml's [tool.importlinter] contracts, as `lint-imports` checks them."""
    run = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
                               "sys.exit(lint_imports_command())",
         "--config", str(paths.ROOT / "pyproject.toml"), "--no-cache"],
        cwd=paths.ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout + run.stderr


def test_no_module_imports_itself_through_others() -> None:
    """Module by module, counting `from package import name` as importing the package."""
    assert cycles(import_graph()) == []


def test_no_module_imports_a_private_name_of_another() -> None:
    """A stage reads another's public names only (``_expand`` from the report was one)."""
    found = [f"{m} imports {module}.{name}" for m, p in MODULES.items()
             for module, name in visit(p).names
             if module.startswith("docklaw") and name.startswith("_") and not name.startswith("__")]
    assert found == []


def is_face(module: str) -> bool:
    """Command modules: what `docklaw` dispatches to; they may combine every package."""
    last = module.rsplit(".", 1)[-1]
    return (last == "commands" or last.endswith("_commands")
            or module in ("docklaw.cli", "docklaw.__main__"))


def test_faces_are_on_top() -> None:
    """Nothing but another face imports a command module (the CLI loads them by name)."""
    found = [f"{m} imports {d}" for m, deps in import_graph().items() for d in deps
             if is_face(d) and not is_face(m)]
    assert found == []


def test_the_checker_sees_imports_in_function_bodies() -> None:
    # imported inside store_for()
    assert "docklaw.kg.build" in import_graph()["docklaw.queries.run"]
