"""The front ends' modules (``calladventure.cli``, ``calladventure.widgets``) keep to the layers.

The command-line modules import the engine only inside the commands that need it (so ``--help``
starts fast); the front ends use the packages' public names (``calladventure.present``,
``calladventure.rules``), never a private name of another module. What every module keeps to
(its size, docstring and ``__all__``) is checked once for all in ``tests/test_architecture.py``.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "calladventure"
CLI = sorted((ROOT / "cli").glob("*.py"))
WIDGETS = sorted((ROOT / "widgets").glob("*.py"))

#: What a command-line module may import at its top: the standard library, typer, rich, values.
CLI_TOP_LEVEL = {"typer", "rich", "calladventure.values"}
#: Private names the front ends still import, each to be renamed by the module that owns it.
KNOWN_PRIVATE: set[tuple[str, str]] = set()


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package(path: Path) -> str:
    """The package a module file belongs to (``calladventure.cli`` for ``cli/_demo.py``)."""
    name = _module_name(path)
    return name if path.name == "__init__.py" else name.rsplit(".", 1)[0]


def _absolute(path: Path, node: ast.ImportFrom) -> str:
    """The module an ``import from`` names, with relative imports resolved."""
    if not node.level:
        return node.module or ""
    package = _package(path).split(".")
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _imports(path: Path, *, top_level_only: bool) -> list[tuple[str, list[str], int]]:
    """(module, names, line) of every import (or only those run when the module is imported)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found: list[tuple[str, list[str], int]] = []
    for node in nodes:
        if isinstance(node, ast.If) and top_level_only:
            continue  # ``if TYPE_CHECKING:`` imports are for the type checker only
        if isinstance(node, ast.Try) and top_level_only:
            found += [
                (a.name, [], node.lineno) for n in node.body if isinstance(n, ast.Import) for a in n.names
            ]
        if isinstance(node, ast.Import):
            found += [(a.name, [], node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((_absolute(path, node), [a.name for a in node.names], node.lineno))
    return found


@pytest.mark.parametrize("path", CLI, ids=lambda p: p.name)
def test_command_line_modules_import_the_engine_only_inside_commands(path: Path) -> None:
    for module, _names, line in _imports(path, top_level_only=True):
        if module == "__future__" or module.split(".")[0] in sys.stdlib_module_names:
            continue
        allowed = module.startswith("calladventure.cli") or any(
            module == top or module.startswith(top + ".") for top in CLI_TOP_LEVEL
        )
        assert allowed, f"{path.name}:{line} imports {module} when the command line starts"


@pytest.mark.parametrize("path", CLI + WIDGETS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_front_ends_use_package_names_and_no_private_names(path: Path) -> None:
    for module, names, line in _imports(path, top_level_only=False):
        assert not module.startswith("calladventure.rules."), (
            f"{path.name}:{line}: import from calladventure.rules"
        )
        private = [n for n in names if n.startswith("_") and (module, n) not in KNOWN_PRIVATE]
        assert not private, f"{path.name}:{line} imports private names {private} from {module}"
        if module.startswith("calladventure.") and not module.startswith(
            _module_name(path).rsplit(".", 1)[0]
        ):
            public = getattr(importlib.import_module(module), "__all__", None)
            assert public is not None, f"{module} has no __all__"
            outside = [n for n in names if n not in public and (module, n) not in KNOWN_PRIVATE]
            assert not outside, f"{path.name}:{line} imports {outside}, not in {module}.__all__"


def test_the_command_line_and_the_widgets_export_what_they_offer() -> None:
    pytest.importorskip("ipywidgets")
    import calladventure.cli as cli
    import calladventure.widgets as widgets

    assert cli.app.info.name == "calladventure"
    assert all(callable(getattr(widgets, n)) for n in widgets.__all__)
