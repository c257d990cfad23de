"""The typed errors of balance studies (all :class:`~calladventure.values._errors.CallAdventureError`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...values._errors import CallAdventureError

if TYPE_CHECKING:
    from ._results import Results

__all__ = ["MissingExtraError", "SimulationError", "SimulationIncomplete"]


class SimulationError(CallAdventureError):
    """A study that cannot be run or read as asked: a bad spec, a results file that does not fit."""


class MissingExtraError(SimulationError):
    """An optional package (pandas, pyarrow, matplotlib, dask, ray) that a feature needs is not installed."""

    def __init__(self, package: str, feature: str, extra: str):
        super().__init__(f"{feature} needs {package}: pip install 'calladventure[{extra}]'")
        self.package = package
        self.extra = extra


class SimulationIncomplete(SimulationError):
    """Some games never came back (a worker died, the cluster went away).

    Every finished game is kept: in :attr:`results`, and in the ``out`` file if one was given,
    so running again with ``resume=True`` plays only the :attr:`missing` games.
    """

    def __init__(self, message: str, results: Results, missing: Sequence[int]):
        super().__init__(message)
        self.results = results
        self.missing = tuple(missing)
