"""The architecture contract (docs/design.md), checked: module sizes, public names, the box-free rules core.

The import directions themselves are checked by import-linter (``lint-imports``, contracts in
``pyproject.toml``), which ``.ci/run`` runs; the test below runs it too when it is installed.
"""

from __future__ import annotations

import ast
import importlib
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "calladventure"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_LINES = 500
#: Words that name a box: none may appear in the rules core (its code, comments or docstrings).
BOX_NAMES = re.compile(r"\bodium\b|\bnaming\b|name of the wind|stormlight|worldspanner|\bnotw\b", re.I)


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_module_is_at_most_500_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines (at most {MAX_LINES})"


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if not p.name.startswith("_") or p.name == "__init__.py"],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_every_public_module_has_a_docstring_and_an_all_that_resolves(path: Path) -> None:
    if path.name == "__main__.py":
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert ast.get_docstring(tree), f"{path.relative_to(ROOT)} has no docstring"
    names = [
        elt.value
        for node in tree.body
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets)
        for elt in getattr(node.value, "elts", [])
    ]
    if path.name == "__init__.py" and not names:
        return  # a package with nothing of its own to export
    assert names, f"{path.relative_to(ROOT)} has no __all__"
    module = importlib.import_module(_name(path))
    missing = [n for n in names if not hasattr(module, n)]
    assert not missing, f"{_name(path)}.__all__ names what it does not have: {missing}"


def test_the_rules_core_names_no_box_and_imports_no_expansion() -> None:
    for path in sorted((PACKAGE / "rules").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        found = BOX_NAMES.findall(text)
        assert not found, f"{path.relative_to(ROOT)} names a box: {sorted(set(found))}"
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = ("." * node.level) + (node.module or "")
                assert "expansions" not in module, f"{path.name} imports {module}"


def test_no_module_imports_another_modules_private_names() -> None:
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (
                node.level or (node.module or "").startswith("calladventure")
            ):
                private = [a.name for a in node.names if a.name.startswith("_") and a.name != "__all__"]
                if path == PACKAGE / "__init__.py":
                    private = [n for n in private if n != "_compat"]  # the package's own old-path aliases
                assert not private, f"{path.relative_to(ROOT)}:{node.lineno} imports private {private}"


def test_function_level_imports_only_point_down_or_sideways() -> None:
    """An import inside a function may only serve start-up time: it never reaches a higher layer."""
    order = ["values", "data", "rules", "expansions", "game", "play", "present", "cli", "widgets"]
    for path in MODULES:
        parts = path.relative_to(PACKAGE).parts
        if len(parts) < 2 or parts[0] not in order:
            continue
        rank = order.index(parts[0])
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom) and node.level >= 2 and node.module:
                    target = node.module.split(".")[0]
                    if target in order:
                        assert order.index(target) <= rank, (
                            f"{path.relative_to(ROOT)}:{node.lineno} reaches up to {target} inside a function"
                        )


@pytest.mark.skipif(shutil.which("lint-imports") is None, reason="import-linter is not installed")
def test_the_import_linter_contracts_hold() -> None:
    run = subprocess.run(
        [shutil.which("lint-imports") or "lint-imports"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]


def test_old_import_paths_still_import_what_they_held() -> None:
    """The 0.1 module paths (README, docs, notebooks) still import, as aliases (calladventure._compat)."""
    from calladventure._compat import MOVED

    for old in MOVED:
        module = importlib.import_module(old)
        assert module is sys.modules[old]
    from calladventure.actions import AttemptName, FaceOdium, Keep  # noqa: F401
    from calladventure.engine import attempt_math, legal_actions  # noqa: F401
    from calladventure.odium import coop_position, facing_odds  # noqa: F401
    from calladventure.scenario import Scenario  # noqa: F401
    from calladventure.state import GameState, OdiumState  # noqa: F401
