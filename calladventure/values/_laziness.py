"""Lazy packages: public names listed once, imported the first time they are used (docs/design.md § Lazy imports).

A lazy package (the package top and :mod:`calladventure.values`) lists its public names once:
the ``if TYPE_CHECKING:`` imports of its ``__init__``, each written ``from .module import Name as
Name`` (the explicit re-export type checkers read). At run time :func:`lazy_package` reads that
block from the package's source and gives the package its ``__all__``, and the PEP 562
``__getattr__`` and ``__dir__`` that import each name from its module when it is first asked for.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from importlib.abc import InspectLoader


def public_homes(package: str) -> dict[str, str]:
    """Each public name of ``package`` → the module it comes from, as its ``TYPE_CHECKING`` block imports it."""
    spec = sys.modules[package].__spec__
    source = cast("InspectLoader", spec.loader).get_source(package) if spec is not None else None
    if source is None:
        raise ImportError(f"{package} lists its public names in its source, which is not available")
    block = next(
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
    )
    return {
        alias.name: importlib.util.resolve_name("." * node.level + (node.module or ""), package)
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


def lazy_package(package: str) -> tuple[list[str], Callable[[str], Any], Callable[[], list[str]]]:
    """``__all__``, ``__getattr__`` and ``__dir__`` for ``package`` (PEP 562), from its ``TYPE_CHECKING`` block.

    A public name is imported from its module when first asked for, then kept as a plain global;
    any other name is a sub-module of the package (``calladventure.rules``), imported when asked for.
    """
    homes = public_homes(package)
    namespace = vars(sys.modules[package])

    def attribute(name: str) -> Any:
        home = homes.get(name)
        if home is not None:
            value = getattr(importlib.import_module(home), name)
            namespace[name] = value  # the next lookup is a plain global
            return value
        if not name.startswith("__"):
            try:
                return importlib.import_module(f"{package}.{name}")
            except ModuleNotFoundError as missing:
                if missing.name != f"{package}.{name}":
                    raise
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def names() -> list[str]:
        return sorted({*namespace, *homes})

    return sorted(homes), attribute, names


__all__ = ["lazy_package", "public_homes"]
