"""The results of a study as a table: one row per hero of each finished game, one per failed game.

:class:`Results` holds plain rows (a list of dicts, no dependency), and gives them as a pandas
DataFrame when pandas is installed, or as a CSV or Parquet file. ``games()`` has one row per
game, ``heroes()`` one per hero of the finished games, ``failures()`` one per game that raised.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ._errors import SimulationError
from ._files import read_rows, to_pandas, write_rows
from ._rows import GAME_COLUMNS, Row
from ._spec import StudySpec

__all__ = ["Results", "complete_games"]

_GAME_NAMES = tuple(name for name, _ in GAME_COLUMNS)


def _order(row: Row) -> tuple[str, int, int, int]:
    seat = row.get("seat")
    return (
        str(row["spec"]),
        int(row["base_seed"] or 0),
        int(row["index"] or 0),
        -1 if seat is None else int(seat),
    )


def complete_games(rows: Iterable[Row]) -> list[Row]:
    """The rows of complete games only, each game once, in order.

    A game is complete with one ``"error"`` row, or with one ``"ok"`` row for each of its
    seats; a game cut short while it was being written (fewer rows) is dropped, to be played
    again. A game found twice (in a file and in its journal) is kept once.
    """
    games: dict[tuple[str, int, int], list[Row]] = {}
    for row in rows:
        key = (str(row["spec"]), int(row["base_seed"] or 0), int(row["index"] or 0))
        games.setdefault(key, []).append(row)
    out: list[Row] = []
    for key in sorted(games):
        group = games[key]
        errors = [r for r in group if r["status"] == "error"]
        if errors:
            out.append(errors[0])
            continue
        by_seat = {int(r["seat"]): r for r in group if r["status"] == "ok" and r["seat"] is not None}
        players = int(group[0]["players"] or 0)
        if sorted(by_seat) == list(range(players)):
            out.extend(by_seat[s] for s in range(players))
    return out


class Results:
    """The rows of one or more studies, sorted by study, game index and seat.

    ``cpu_seconds`` is the CPU time the workers spent playing (summed over workers) and
    ``wall_seconds`` the time the run took, for this run's games only (0 for a loaded file).
    """

    def __init__(self, rows: Iterable[Row], *, cpu_seconds: float = 0.0, wall_seconds: float = 0.0):
        self.rows: list[Row] = sorted(rows, key=_order)
        self.cpu_seconds = cpu_seconds
        self.wall_seconds = wall_seconds

    # ------------------------------------------------------------------ tables

    def games(self) -> list[Row]:
        """One row per game (the game's columns only), failed games included."""
        seen: set[tuple[str, int, int]] = set()
        out: list[Row] = []
        for row in self.rows:
            key = (str(row["spec"]), int(row["base_seed"] or 0), int(row["index"] or 0))
            if key not in seen:
                seen.add(key)
                out.append({name: row[name] for name in _GAME_NAMES})
        return out

    def heroes(self) -> list[Row]:
        """One row per hero of the finished games (every column)."""
        return [row for row in self.rows if row["status"] == "ok"]

    def failures(self) -> list[Row]:
        """One row per game that raised, with its seed and the error."""
        return [row for row in self.rows if row["status"] == "error"]

    def __len__(self) -> int:
        """The number of games (finished or failed)."""
        return len(self.games())

    def indices(self) -> set[int]:
        """The game indices present."""
        return {int(row["index"] or 0) for row in self.rows}

    # ------------------------------------------------------------------ studies

    def studies(self) -> dict[tuple[str, int], Results]:
        """The rows of each study, keyed by (spec key, base seed)."""
        groups: dict[tuple[str, int], list[Row]] = {}
        for row in self.rows:
            groups.setdefault((str(row["spec"]), int(row["base_seed"] or 0)), []).append(row)
        return {key: Results(rows) for key, rows in groups.items()}

    def _only_study(self) -> tuple[str, int]:
        keys = list(self.studies())
        if len(keys) != 1:
            described = [f"{StudySpec.from_key(k).describe()} (seed {s})" for k, s in keys] or ["none"]
            raise SimulationError(f"these results hold {len(keys)} studies, not one: {described}")
        return keys[0]

    @property
    def spec(self) -> StudySpec:
        """The spec of the study (``SimulationError`` if the rows hold none or several)."""
        return StudySpec.from_key(self._only_study()[0])

    @property
    def base_seed(self) -> int:
        """The base seed of the study (``SimulationError`` if the rows hold none or several)."""
        return self._only_study()[1]

    # ------------------------------------------------------------------ other forms

    def to_pandas(self, table: str = "heroes") -> Any:
        """The ``"heroes"``, ``"games"`` or ``"all"`` table as a pandas DataFrame (needs pandas)."""
        if table == "heroes":
            return to_pandas(self.heroes())
        if table == "games":
            return to_pandas(self.games(), GAME_COLUMNS)
        if table == "all":
            return to_pandas(self.rows)
        raise SimulationError(f"unknown table {table!r}; choose from ['all', 'games', 'heroes']")

    def save(self, path: str | Path) -> Path:
        """Write every row to a ``.csv`` or ``.parquet`` file."""
        return write_rows(path, self.rows)

    @classmethod
    def load(cls, path: str | Path) -> Results:
        """Read a results file written by :meth:`save` or by ``simulate(out=...)``."""
        return cls(read_rows(path))

    def __repr__(self) -> str:
        failed = len(self.failures())
        studies = self.studies()
        keys = list(studies)
        what = StudySpec.from_key(keys[0][0]).describe() if len(keys) == 1 else f"{len(keys)} studies"
        return f"<Results {len(self):,} games ({failed} failed): {what}>"
