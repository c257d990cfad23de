"""The package's own card vocabulary and rules options, registered the first time card data or an option is read.

Card files name effect atoms by tag and hooks by name; only code registers them
(:func:`calladventure.values._atoms.atom`, :func:`calladventure.values._hooks.hook`). The
core's atoms are registered with their module, but the package's built-in hooks live in the
rules layer and its bundled boxes' atoms in the boxes' modules, above the data layer that reads
the files. So the package installs (:func:`install`) a function that imports them, and the data
layer runs it once (:func:`ensure`) before it first structures card data: a program that only
reads the bundled card sets finds every name they use. The bundled boxes' rules options
(:func:`calladventure.values._options.rules_option`) are declared by the same modules: the
options ask for them the same way before they list or read an option by name. Like the renderer (:mod:`.reprs`), it is
installed by the package's top level, imports nothing here, and no data file can change it
(docs/design.md, "Process-wide state").
"""

from __future__ import annotations

from collections.abc import Callable

_load: list[Callable[[], object]] = []


def install(load: Callable[[], object]) -> None:
    """Have ``load`` register the package's vocabulary (its hooks, its bundled boxes' atoms and options) before use."""
    _load[:] = [load]


def ensure() -> None:
    """Register the package's vocabulary now if it is not yet (the data layer asks before it reads cards)."""
    if _load:
        _load.pop()()


__all__ = ["ensure", "install"]
