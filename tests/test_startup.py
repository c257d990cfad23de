"""Start-up: what ``import calladventure`` and ``calladventure --help`` load (docs/design.md § Lazy imports).

These are checks of *which modules* a fresh interpreter imports, not timings: the time is
measured by ``benchmarks/bench_startup.py``, paired with ``import typer`` and a bare Typer app.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "calladventure"

#: The engine: everything below the command line except the renderer registry the package installs.
ENGINE = ("data", "rules", "expansions", "game", "play", "present", "widgets", "worldspanner")
#: What the top package may load at import: itself, its lazy names, the renderer and vocabulary hooks.
ALLOWED_AT_IMPORT = {
    "calladventure",
    "calladventure.values",
    "calladventure.values._laziness",
    "calladventure.values._reprs",
    "calladventure.values._vocabulary",
}


def _modules_after(code: str) -> list[str]:
    """``sys.modules`` of a fresh interpreter after running ``code`` (printed as JSON on the last line)."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False, timeout=120
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return list(json.loads(run.stdout.strip().splitlines()[-1]))


#: The value modules a command line may load for ``--help``: the lazy names' reader, the typed errors, the plain
#: enumerations its options offer (``--mode``, ``--type``) and the terminal's ``printable``, no attrs class of the game state.
LIGHT_VALUES = {"_laziness", "_reprs", "_vocabulary", "_errors", "_kinds", "_printable"}


def _is_engine(module: str) -> bool:
    parts = module.split(".")
    if parts[0] != "calladventure" or len(parts) < 2:
        return False
    if parts[1] == "values":
        return len(parts) > 2 and parts[2] not in LIGHT_VALUES
    return parts[1] in ENGINE


def test_import_calladventure_loads_no_front_end_library_and_no_engine() -> None:
    modules = _modules_after("import calladventure")
    for library in ("rich", "cattrs", "typer", "ipywidgets"):
        assert library not in modules, f"import calladventure imported {library}"
    ours = {m for m in modules if m.split(".")[0] == "calladventure"}
    assert ours <= ALLOWED_AT_IMPORT, sorted(ours - ALLOWED_AT_IMPORT)


def test_calladventure_help_imports_no_engine_module() -> None:
    code = (
        "import contextlib, io, sys\n"
        "sys.argv = ['calladventure', '--help']\n"
        "from calladventure.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):\n"
        "    main()\n"
        "assert 'Usage: calladventure' in out.getvalue(), out.getvalue()\n"
    )
    modules = _modules_after(code)
    engine = [m for m in modules if _is_engine(m)]
    assert not engine, f"calladventure --help imported {engine}"
    assert "cattrs" not in modules


def test_every_public_name_of_the_package_loads_on_first_use() -> None:
    """Each name of ``__all__`` resolves in a fresh interpreter, and a sub-package loads as an attribute."""
    code = (
        "import calladventure as ca\n"
        "missing = [n for n in ca.__all__ if getattr(ca, n, None) is None]\n"
        "assert not missing, missing\n"
        "assert ca.rules.legal_actions is not None and ca.values.GameState is ca.GameState\n"
        "assert set(ca.__all__) <= set(dir(ca))\n"
    )
    _modules_after(code)
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        import calladventure

        _ = calladventure.no_such_name  # type: ignore[attr-defined]


@pytest.mark.parametrize("package", ["__init__.py", "values/__init__.py"])
def test_each_lazy_name_is_an_explicit_re_export(package: str) -> None:
    """The ``TYPE_CHECKING`` block, the one list of a lazy package's names, re-exports each one
    explicitly (``from .m import Name as Name``), so type checkers see it as public."""
    tree = ast.parse((PACKAGE / package).read_text(encoding="utf-8"))
    block = next(
        n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING"
    )
    implicit = [
        alias.name
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.asname != alias.name
    ]
    assert not implicit
    assert all(isinstance(node, ast.ImportFrom) for node in block.body)
