"""DESIGN.md's layers hold: each package of studpoker imports only from the packages above
it in DESIGN.md's list (``equity`` and ``bots`` share a row), and nothing imports ``cli``.
Every import is counted, the ones made inside a function too."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "studpoker"

# DESIGN.md, "The layers", top to bottom; a row's packages may import one another.
# `rl` (issue 39: our games for OpenSpiel and PettingZoo) sits with `sim`: both play
# hands through `engine` and `bots`, and know nothing of the room.
ROWS = (
    ("cards",),
    ("hands",),
    ("games",),
    ("engine",),
    ("history",),
    ("equity", "bots"),
    ("store",),
    ("sim", "rl"),
    ("tournament",),
    ("table",),
    ("room",),
    ("study",),
    ("server",),
    ("web",),
    ("cli",),
)
ROW = {package: row for row, packages in enumerate(ROWS) for package in packages}


def imports_of(path: Path) -> list[tuple[int, str]]:
    """The studpoker packages ``path`` imports, each with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "studpoker" and len(parts) > 1:
                found.append((node.lineno, parts[1]))
    return found


def test_every_package_is_a_row_of_design_md() -> None:
    packages = {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").exists()}
    assert packages - {"web"} <= set(ROW), packages - set(ROW)
    assert set(ROW) - packages <= {"web"}  # the browser client: a folder, no Python


def test_each_package_imports_only_from_the_layers_above_it() -> None:
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        inside = path.relative_to(PACKAGE).parts
        if len(inside) < 2 or inside[0] not in ROW:
            continue  # studpoker/__init__.py re-exports the library's names
        for line, package in imports_of(path):
            if package in ROW and ROW[package] > ROW[inside[0]]:
                wrong.append(f"{path.relative_to(PACKAGE)}:{line} imports studpoker.{package}")
    assert wrong == []


def test_nothing_imports_cli() -> None:
    wrong = [
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] != "cli"
        for line, package in imports_of(path)
        if package == "cli"
    ]
    assert wrong == []


def module_imports(package: str) -> dict[str, set[str]]:
    """Each module of ``studpoker.<package>`` and the modules of the same package it
    imports, at any depth of its code (``TYPE_CHECKING`` blocks and functions too)."""
    graph: dict[str, set[str]] = {}
    prefix = f"studpoker.{package}."
    for path in sorted((PACKAGE / package).glob("*.py")):
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            module = node.module if isinstance(node, ast.ImportFrom) and node.level == 0 else None
            if module and module.startswith(prefix):
                found.add(module.removeprefix(prefix).split(".")[0])
        graph[path.stem] = found - {path.stem}
    return graph


def circle_in(graph: dict[str, set[str]]) -> list[str]:
    """One circle of imports in ``graph`` (its modules in order), or [] when none."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for after in sorted(graph.get(node, ())):
            if state.get(after) == 1:
                return [*path[path.index(after) :], after]
            if after not in state and (found := walk(after)):
                return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := walk(node)):
            return found
    return []


def test_the_tables_parts_import_one_another_without_a_circle() -> None:
    # Issue 35: the table was one class over twelve files importing each other in a
    # circle; its parts now import downwards only (the __init__ aside, which gathers them).
    graph = module_imports("table")
    del graph["__init__"]
    assert circle_in(graph) == []
    assert circle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
