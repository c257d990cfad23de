"""The play tools and Worldspanner are packages of small modules that import each other without a cycle.

``calladventure.play.position``, ``calladventure.play.bots`` and ``calladventure.worldspanner``
are split into modules named for what they hold: each module imports only the layers it may, and
the modules of a package import each other without a cycle. Their public names are pinned by
``tests/test_public_api.py``; what every module keeps to (its size, docstring, ``__all__`` and no
private names of another module) is checked once for all in ``tests/test_architecture.py``; the
front-end libraries by import-linter's contracts.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {
    "calladventure.play.position": ROOT / "calladventure" / "play" / "position",
    "calladventure.play.bots": ROOT / "calladventure" / "play" / "bots",
    "calladventure.worldspanner": ROOT / "calladventure" / "worldspanner",
}

#: What each package may import from the rest of calladventure (docs/design.md: the layers).
ALLOWED = {
    "calladventure.play.position": ("values", "data", "rules", "expansions", "game", "play"),
    "calladventure.play.bots": ("values", "data", "rules", "expansions", "game", "play"),
    "calladventure.worldspanner": ("values", "data", "worldspanner"),
}

FRONT_END_LIBRARIES = ("rich", "ipywidgets", "typer")


def _modules(package: str) -> list[tuple[str, Path]]:
    folder = PACKAGES[package]
    out = []
    for path in sorted(folder.glob("*.py")):
        name = package if path.stem == "__init__" else f"{package}.{path.stem}"
        out.append((name, path))
    return out


ALL_MODULES = [(name, path) for package in PACKAGES for name, path in _modules(package)]


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute dotted name an ``ImportFrom`` refers to."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _top_level_imports(tree: ast.Module) -> list[ast.ImportFrom | ast.Import]:
    """Imports run when the module is imported: module level, outside ``if TYPE_CHECKING``."""
    out: list[ast.ImportFrom | ast.Import] = []
    for stmt in tree.body:
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            out.append(stmt)
    return out


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_modules_import_only_lower_layers_and_without_a_cycle(package: str) -> None:
    graph: dict[str, set[str]] = {}
    for name, path in _modules(package):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = set()
        for node in _top_level_imports(tree):
            targets = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [_absolute(name, path.stem == "__init__", node)]
            )
            for target in targets:
                if not target.startswith("calladventure."):
                    continue
                layer = target.split(".")[1]
                assert layer in ALLOWED[package], f"{name} imports {target}: not a lower layer"
                if target.startswith(package + ".") and name != package:
                    graph[name].add(target)
    # Depth-first search for a cycle among the package's own modules.
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in graph.get(node, ()):
            if nxt not in graph:
                continue
            assert state.get(nxt) != 1, f"import cycle: {' -> '.join([*trail, node, nxt])}"
            if nxt not in state:
                visit(nxt, [*trail, node])
        state[node] = 2

    for node in graph:
        if node not in state:
            visit(node, [])
