"""The public face: every package's ``__all__`` is pinned by ``tests/data/public_api.txt`` (docs/design.md § The public face).

The file holds one ``package:name`` line per exported name, so a change to what the package
offers is a visible diff of that file: add or remove its lines in the same commit. Every name
listed must resolve in its package.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PINNED = Path(__file__).parent / "data" / "public_api.txt"
#: The packages that need an optional extra to import, and the library that extra brings.
NEEDS = {"calladventure.widgets": "ipywidgets"}


def _packages() -> list[str]:
    """Every public package of calladventure (a folder with an ``__init__.py``, not ``_named``)."""
    folders = sorted(p.parent for p in (ROOT / "calladventure").rglob("__init__.py"))
    names = [".".join(f.relative_to(ROOT).parts) for f in folders]
    return [n for n in names if not any(part.startswith("_") for part in n.split("."))]


def _pinned() -> dict[str, list[str]]:
    """The names the file pins, by package, in the file's order."""
    out: dict[str, list[str]] = {}
    for line in PINNED.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            package, name = line.split(":")
            out.setdefault(package, []).append(name)
    return out


def test_the_file_pins_every_package_and_only_packages() -> None:
    pinned = set(_pinned())
    assert pinned <= set(_packages()), (
        f"pinned packages that do not exist: {sorted(pinned - set(_packages()))}"
    )


@pytest.mark.parametrize("package", _packages())
def test_each_package_exports_exactly_the_pinned_names(package: str) -> None:
    if package in NEEDS:
        pytest.importorskip(NEEDS[package])
    module = importlib.import_module(package)
    exported = list(getattr(module, "__all__", []))
    pinned = _pinned().get(package, [])
    assert len(set(exported)) == len(exported), f"{package}.__all__ lists a name twice"
    added = sorted(set(exported) - set(pinned))
    removed = sorted(set(pinned) - set(exported))
    assert not added and not removed, (
        f"{package}'s public face changed; edit tests/data/public_api.txt: "
        f"add {[f'{package}:{n}' for n in added]}, remove {[f'{package}:{n}' for n in removed]}"
    )
    unresolved = [n for n in exported if not hasattr(module, n)]
    assert not unresolved, f"{package}.__all__ names what it does not have: {unresolved}"
