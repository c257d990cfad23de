"""Many scenario files at once: the files a list of paths names, and each one's result.

Used by ``calladventure scenario run`` / ``check`` and the test suite: a folder stands for its
``*.toml`` files, in name order; a file that does not load is reported, not raised.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path as FsPath
from typing import TypeAlias

from .facade import Scenario
from .results import ScenarioResult
from .schema import ScenarioError

__all__ = ["ScenarioPaths", "run_files", "scenario_files"]


ScenarioPaths: TypeAlias = Iterable[str | FsPath]


def scenario_files(paths: ScenarioPaths) -> list[FsPath]:
    """The scenario files named: files as given, folders as their ``*.toml`` files (sorted)."""
    out: list[FsPath] = []
    for p in paths:
        path = FsPath(p)
        if path.is_dir():
            out.extend(sorted(path.glob("*.toml")))
        else:
            out.append(path)
    return out


def run_files(paths: ScenarioPaths) -> Iterator[tuple[FsPath, ScenarioResult | ScenarioError]]:
    """Run each scenario file: its result, or the :class:`ScenarioError` that stopped it loading."""
    for path in scenario_files(paths):
        try:
            yield path, Scenario.load(path).run()
        except ScenarioError as exc:
            yield path, exc
