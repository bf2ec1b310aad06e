"""DESIGN.md's layers hold: each package of studpoker imports only from the packages above
it in DESIGN.md's list (``equity`` and ``bots`` share a row), and nothing imports ``cli``.
Every import is counted, the ones made inside a function too."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "studpoker"

# DESIGN.md, "The layers", top to bottom; a row's packages may import one another.
ROWS = (
    ("cards",),
    ("hands",),
    ("games",),
    ("engine",),
    ("history",),
    ("equity", "bots"),
    ("store",),
    ("sim",),
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
