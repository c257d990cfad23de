"""The typed errors of balance studies (all :class:`~calladventure.values._errors.CallAdventureError`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...values._errors import MAX_PROBLEMS_SHOWN, CallAdventureError

if TYPE_CHECKING:
    from ._results import Results

__all__ = ["MissingExtraError", "ResultsFileError", "SimulationError", "SimulationIncomplete"]


class SimulationError(CallAdventureError):
    """A study that cannot be run or read as asked: a bad spec, a results file that does not fit."""


class MissingExtraError(SimulationError):
    """An optional package (pandas, pyarrow, matplotlib, dask, ray) that a feature needs is not installed."""

    def __init__(self, package: str, feature: str, extra: str):
        super().__init__(f"{feature} needs {package}: pip install '.[{extra}]' in the calladventure checkout")
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


class ResultsFileError(SimulationError):
    """A results table or journal that does not fit the schema: every problem found, one a line.

    ``problems`` are ``(file, "where: problem")`` pairs (``line 7, column total: …``); the message
    names the file and lists them, up to :data:`~calladventure.values._errors.MAX_PROBLEMS_SHOWN`
    (then how many more). ``stopped``: reading stopped once enough problems were found.
    """

    def __init__(self, problems: Sequence[tuple[str, str]], *, stopped: bool = False):
        self.problems = tuple(problems)
        self.stopped = stopped
        self.files = tuple(dict.fromkeys(file for file, _ in self.problems))
        super().__init__(_listing(self.problems, stopped))


def _listing(problems: Sequence[tuple[str, str]], stopped: bool) -> str:
    one_file = len({file for file, _ in problems}) == 1
    if len(problems) == 1 and not stopped:
        return f"{problems[0][0]}: {problems[0][1]}"
    lines = [f"  {text}" if one_file else f"  {file}: {text}" for file, text in problems[:MAX_PROBLEMS_SHOWN]]
    more = len(problems) - MAX_PROBLEMS_SHOWN
    if more > 0:
        lines.append(f"  (+{more} more)")
    if stopped:
        lines.append(f"  (reading stopped after {len(problems)} problems)")
    head = f"{problems[0][0]}: {len(problems)} problems" if one_file else f"{len(problems)} problems"
    return head + ":\n" + "\n".join(lines)
