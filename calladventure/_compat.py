"""Import paths of calladventure 0.1, before the code moved into layered sub-packages.

``calladventure.engine``, ``calladventure.state``, ``calladventure.odium`` … were flat modules;
they now live in ``values``, ``data``, ``rules``, ``expansions``, ``play`` and ``present``
(see ``docs/design.md``). The old paths still import: each is an alias of the module that
holds the code now, resolved lazily (nothing is imported until an old path is used). They are
deprecated; new code should import from ``calladventure`` itself or from the new modules.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

#: Old module path → the module that holds its code now (or the modules its names are in now).
MOVED: dict[str, str | tuple[str, ...]] = {
    "calladventure.actions": (
        "calladventure.values.actions",
        "calladventure.expansions.naming.names",
        "calladventure.expansions.odium.actions",
    ),
    "calladventure.cards": "calladventure.values.cards",
    "calladventure.effects": "calladventure.values.effects",
    "calladventure.events": "calladventure.values.events",
    "calladventure.icons": "calladventure.values.icons",
    "calladventure.options": "calladventure.values.options",
    "calladventure.rng": "calladventure.values.rng",
    "calladventure.runes": "calladventure.values.runes",
    "calladventure.sections": "calladventure.values.sections",
    "calladventure.errors": "calladventure.values.errors",
    "calladventure.state": ("calladventure.values.state", "calladventure.expansions.odium.state"),
    "calladventure.corruption": "calladventure.values.track",
    "calladventure.hooks": "calladventure.values.hooks",
    "calladventure.carddata": "calladventure.data.cards",
    "calladventure.savefile": "calladventure.data.saves",
    "calladventure.context": "calladventure.game.library",
    "calladventure.engine": "calladventure.rules",
    "calladventure.story": "calladventure.rules.story",
    "calladventure.table": "calladventure.rules.table",
    "calladventure.scoring": ("calladventure.rules.scoring", "calladventure.values.score"),
    "calladventure.odds": "calladventure.rules.odds",
    "calladventure.naming": "calladventure.expansions.naming",
    "calladventure.odium": "calladventure.expansions.odium",
    "calladventure.quests": "calladventure.expansions.odium.quests",
    "calladventure.bots": "calladventure.play.bots",
    "calladventure.position": "calladventure.play.position",
    "calladventure.scenario": "calladventure.play.scenario",
    "calladventure.demo": "calladventure.present.demo",
    "calladventure.play.demo": "calladventure.present.demo",
    "calladventure.display": "calladventure.present.display",
}


class _Alias:  # an importlib Loader (create_module, exec_module); not subclassing importlib.abc keeps import cheap
    """Loads an old path as the module that now holds its code (the same module object), or, when
    its names are now in several modules, as a module holding their public names."""

    def __init__(self, target: str | tuple[str, ...]) -> None:
        self.target = target
        self._spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        if isinstance(self.target, str):
            module = importlib.import_module(self.target)
            self._spec = module.__spec__
            return module
        merged = ModuleType(
            spec.name, f"Deprecated: the names of 0.1's {spec.name}, now in {', '.join(self.target)}."
        )
        for name in reversed(self.target):
            part = importlib.import_module(name)
            public = getattr(part, "__all__", [n for n in vars(part) if not n.startswith("_")])
            merged.__dict__.update({n: getattr(part, n) for n in public})
        return merged

    def exec_module(self, module: ModuleType) -> None:
        if self._spec is not None:
            module.__spec__ = self._spec  # the import system set the alias's spec: keep the real one


class _Finder:  # an importlib MetaPathFinder (find_spec)
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, cast("Loader", _Alias(new)))


def install() -> None:
    """Make the old paths importable (idempotent)."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.append(_Finder())


__all__ = ["MOVED", "install"]
