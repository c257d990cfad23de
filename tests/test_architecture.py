"""The architecture contract (docs/design.md), checked: module and function sizes, public names, the box-free rules core.

The import directions themselves are checked by import-linter (``lint-imports``, contracts in
``pyproject.toml``), which ``.ci/run`` runs; the test below runs it too when it is installed.
"""

from __future__ import annotations

import ast
import importlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "calladventure"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_LINES = 500
#: The most lines a function may have (see :func:`test_each_function_is_at_most_60_lines`).
MAX_FUNCTION_LINES = 60
#: Words that name a box: none may appear in the rules core (its code, comments or docstrings).
BOX_NAMES = re.compile(r"\bodium\b|\bnaming\b|name of the wind|stormlight|worldspanner|\bnotw\b", re.I)


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _all_names(tree: ast.Module) -> list[str]:
    """The names a module's ``__all__`` lists (as written)."""
    return [
        elt.value
        for node in tree.body
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets)
        for elt in getattr(node.value, "elts", [])
    ]


def _imported_package(path: Path, node: ast.ImportFrom) -> Path:
    """The folder of the package an import reads from (``from ..x import y``: the folder of ``x``)."""
    if node.level:
        base = path.parent
        for _ in range(node.level - 1):
            base = base.parent
    else:
        base = ROOT
    return base.joinpath(*(node.module or "").split(".")) if node.module else base


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_each_module_keeps_to_the_contract(path: Path) -> None:
    """Every module of the package: at most 500 lines, a docstring, and no private name of another module.

    A public module (not ``_named``) also lists its names in an ``__all__`` that resolves (a
    package's ``__init__`` may have nothing of its own to export). The layers themselves are
    import-linter's contracts (:func:`test_the_import_linter_contracts_hold`).
    """
    where = path.relative_to(ROOT)
    text = path.read_text(encoding="utf-8")
    lines = len(text.splitlines())
    assert lines <= MAX_LINES, f"{where} has {lines} lines (at most {MAX_LINES})"
    tree = ast.parse(text)
    assert ast.get_docstring(tree), f"{where} has no docstring"
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (
            node.level or (node.module or "").startswith("calladventure")
        ):
            source = _imported_package(path, node)
            private = [
                a.name
                for a in node.names
                if a.name.startswith("_") and a.name != "__all__" and not (source / f"{a.name}.py").is_file()
            ]
            assert not private, f"{where}:{node.lineno} imports private {private}"
    if path.name.startswith("_") and path.name != "__init__.py":
        return
    names = _all_names(tree)
    if path.name == "__init__.py" and not names:
        return  # a package with nothing of its own to export
    assert names, f"{where} has no __all__"
    module = importlib.import_module(_name(path))
    missing = [n for n in names if not hasattr(module, n)]
    assert not missing, f"{_name(path)}.__all__ names what it does not have: {missing}"


def _lines(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The lines of a whole function: from its ``def`` (its signature) to its last line, docstring included."""
    return (fn.end_lineno or fn.lineno) - fn.lineno + 1


def _functions(path: Path) -> list[tuple[str, int]]:
    """(qualified name, lines) of every function and method of a module, nested ones too."""
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                found.append((prefix + child.name, _lines(child)))
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_each_function_is_at_most_60_lines(path: Path) -> None:
    """No function is longer than 60 lines (:data:`MAX_FUNCTION_LINES`).

    Counted whole, from its ``def`` to its last line: the signature, the docstring, blank lines
    and comments included (a command's long options are declared as ``Annotated`` aliases
    beside it, one line each in its signature). A nested function counts in the function that
    holds it, and on its own. There are no exceptions.
    """
    where = str(path.relative_to(PACKAGE))
    too_long = {name: n for name, n in _functions(path) if n > MAX_FUNCTION_LINES}
    assert not too_long, f"{where}: functions longer than {MAX_FUNCTION_LINES} lines: {too_long}"


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


def test_function_level_imports_only_point_down_or_sideways() -> None:
    """An import inside a function serves start-up time or a cycle in one layer: it never reaches a higher layer."""
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


#: The two modules that hold the generated copies: the core's (and its generator) and the Odium box's.
COPY_MODULES = (PACKAGE / "values" / "_copies.py", PACKAGE / "expansions" / "odium" / "_copies.py")


def _calls(tree: ast.Module, names: set[str]) -> list[int]:
    """The lines of the calls of a function named one of ``names`` (``f(...)`` or ``m.f(...)``)."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (getattr(node.func, "id", None) in names or getattr(node.func, "attr", None) in names)
    ]


def test_generated_copies_are_declared_only_in_the_two_copy_modules() -> None:
    """No ``exec`` outside ``values/_copies.py``; no ``replacer``/``builder`` copy made outside the two."""
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT)
        if path != COPY_MODULES[0]:
            assert not _calls(tree, {"exec"}), f"{where}:{_calls(tree, {'exec'})} runs exec"
        if path not in COPY_MODULES:
            made = _calls(tree, {"replacer", "builder"})
            assert not made, f"{where}:{made} makes a fast copy: declare it in a _copies module"


def test_each_declared_copy_is_used() -> None:
    """Every copy a _copies module declares is imported by some other module of the package."""
    text = {path: path.read_text(encoding="utf-8") for path in MODULES}
    for module in COPY_MODULES:
        tree = ast.parse(text[module])
        declared = [
            target.id
            for node in tree.body
            if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Call)
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name) and _calls(ast.Module([node], []), {"replacer", "builder"})
        ]
        assert declared, f"{module.relative_to(ROOT)} declares no copy"
        for name in declared:
            users = [p for p in MODULES if p != module and re.search(rf"\b{name}\b", text[p])]
            assert users, f"{module.relative_to(ROOT)}: {name} is declared but never used"


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


@pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs a git checkout"
)
def test_no_study_results_are_tracked_at_the_repo_root() -> None:
    """A 634 KB ``study.csv`` (a ``simulate`` run's output) was tracked at the repo root."""
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    results = [f for f in tracked if "/" not in f and f.endswith((".csv", ".parquet", ".jsonl"))]
    assert results == []


def test_the_errors_and_the_section_registry_import_each_other_without_a_cycle() -> None:
    """No import between ``values`` modules, at the top or inside a function, leads from the errors back to them.

    The refusal errors cite their rule (``values/_illegal.py`` imports ``values/_sections.py``),
    and the section registry raises a plain typed error (``values/_errors.py``): no cycle to hide
    behind an import inside a function.
    """
    folder = ROOT / "calladventure" / "values"
    graph: dict[str, set[str]] = {}
    for path in folder.glob("_*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                names.add(node.module.split(".")[0])
        graph[path.stem] = {name for name in names if (folder / f"{name}.py").exists()}

    def cycle_from(start: str, seen: tuple[str, ...]) -> tuple[str, ...] | None:
        for target in sorted(graph.get(start, ())):
            if target in seen:
                return (*seen[seen.index(target) :], target)
            found = cycle_from(target, (*seen, target))
            if found:
                return found
        return None

    for module in ("_errors", "_sections", "_illegal"):
        cycle = cycle_from(module, (module,))
        assert cycle is None, " -> ".join(cycle or ())
