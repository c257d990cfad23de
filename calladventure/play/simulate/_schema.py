"""Checking a study's rows against the declared schema: each cell, each row, and each game whole.

Both readers of a study's files go through here: a results table (``calladventure report``,
:meth:`~calladventure.play.simulate._results.Results.load`; CSV or Parquet) and a journal
(``simulate --resume``). A cell must be of its column's type and in its range
(:data:`~calladventure.play.simulate._rows.SCHEMA`): a number is ASCII digits within its
bounds (never a flag, a fraction, NaN or ``1_000``), a text is printable and bounded, a column
holds a value exactly when the row's ``status`` says it does. A row must be of its own study:
its seed is :func:`~calladventure.play.simulate._spec.derive_seed` of its base seed and index,
its players, mode, sets, options and bot are its spec's, its ``won`` agrees with the winners
and its total is Triumph + Tragedy + the rest (000 · Ending the Game). A game is one ``error``
row or one ``ok`` row per seat, its game columns the same in each. :class:`Games` gathers the
rows and every problem, each naming the line or row and the column.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ...data._limits import MAX_PROBLEMS
from ...data._problems import shown
from ...values._errors import CallAdventureError
from ._errors import ResultsFileError, SimulationError
from ._rows import EMPTY, GAME_COLUMNS, REQUIRED, SCHEMA, STATUSES, Column, Row, Value
from ._spec import StudySpec, derive_seed

__all__ = ["MAX_STUDIES", "BadCell", "Games", "Specs", "parse_cell", "row_problems", "value_problem"]

MAX_STUDIES = 16
"""Studies (spec and base seed) in one file: a study's table holds one, a comparison's files one each."""

_WHOLE = re.compile(
    r"-?[0-9]{1,19}"
)  # ASCII digits only: int() would take ' 7 ', '1_000' and other scripts' digits
_KINDS = {int: "whole number", str: "text", bool: "true or false"}
_GAME_NAMES = tuple(name for name, _ in GAME_COLUMNS)


class BadCell(Exception):
    """A cell that cannot be its column's value (the message says why); never leaves this package."""


def parse_cell(column: Column, text: str) -> Value:
    """The value of a CSV cell of ``column`` (empty: None); :class:`BadCell` if it is not one."""
    if text == "":
        return None
    if column.type is bool:
        if text not in ("true", "false"):
            raise BadCell(f"{shown(text)} is not true or false")
        return text == "true"
    if column.type is int:
        if not _WHOLE.fullmatch(text):
            raise BadCell(f"{shown(text)} is not a whole number of at most 19 digits")
        return int(text)
    return text


def value_problem(column: Column, value: object) -> str | None:
    """Why ``value`` (not None) cannot be in ``column``: its type, range, length or choices; None if it can."""
    kind = column.type
    if kind is bool:
        fits = isinstance(value, bool)
    elif kind is int:
        fits = isinstance(value, int) and not isinstance(value, bool)
    else:
        fits = isinstance(value, str)
    if not fits:
        return f"{shown(value)} is not {_KINDS[kind]}"
    if isinstance(value, int) and kind is int and not column.low <= value <= column.high:
        return f"{shown(value)} is outside {column.low:,} to {column.high:,}"
    if isinstance(value, str):
        if len(value) > column.high:
            return f"a text of {len(value):,} characters (at most {column.high:,})"
        if column.choices and value not in column.choices:
            return f"{shown(value)} is not one of {', '.join(column.choices)}"
        if not value.isprintable():
            return f"{shown(value)} holds a control character"
    return None


class Specs:
    """The specs of a file's rows, each read and checked once (at most :data:`MAX_STUDIES`)."""

    def __init__(self) -> None:
        self._known: dict[str, StudySpec | str] = {}

    def get(self, text: str) -> StudySpec | str:
        """The spec of a ``spec`` cell, or why it is not one."""
        found = self._known.get(text)
        if found is None:
            if len(self._known) >= MAX_STUDIES:
                return f"more than {MAX_STUDIES} studies in one file"
            try:
                found = StudySpec.from_key(text).check()
            except CallAdventureError as exc:
                found = str(exc)[:200]
            self._known[text] = found
        return found


def row_problems(row: Mapping[str, Value], specs: Specs) -> list[tuple[str, str]]:
    """Every ``(column, problem)`` of one row: its cells against the schema, then against its study."""
    status = row.get("status")
    out: list[tuple[str, str]] = []
    for column in SCHEMA:
        value = row.get(column.name)
        need = column.error if status == "error" else column.ok
        if value is None:
            if need == REQUIRED:
                out.append(
                    (column.name, f"is empty in a {'failed' if status == 'error' else 'finished'} game's row")
                )
            continue
        if need == EMPTY and status in STATUSES:
            out.append(
                (
                    column.name,
                    f"must be empty in a {'failed' if status == 'error' else 'finished'} game's row",
                )
            )
            continue
        problem = value_problem(column, value)
        if problem:
            out.append((column.name, problem))
    return out or _study_problems(row, specs)


def _study_problems(row: Mapping[str, Value], specs: Specs) -> list[tuple[str, str]]:
    """A well-typed row against its own study: seed, configuration, bot, winners and total."""
    spec = specs.get(str(row["spec"]))
    if isinstance(spec, str):
        return [("spec", spec)]
    index, base = int(row["index"] or 0), int(row["base_seed"] or 0)
    out: list[tuple[str, str]] = []
    derived = derive_seed(base, index)
    if row["seed"] != derived:
        out.append(("seed", f"{row['seed']} is not the seed of game {index} of base seed {base} ({derived})"))
    expected = {
        "players": spec.players,
        "mode": spec.mode,
        "sets": ",".join(spec.sets),
        "options": spec.options_text() or None,
    }
    for name, want in expected.items():
        if row[name] != want:
            out.append((name, f"{shown(row[name])}, but its spec has {shown(want)}"))
    if row["status"] == "ok" and not out:
        out.extend(_hero_problems(row, spec, index))
    return out


def _hero_problems(row: Mapping[str, Value], spec: StudySpec, index: int) -> list[tuple[str, str]]:
    seat = int(row["seat"] or 0)
    if seat >= spec.players:
        return [("seat", f"{seat} is not a seat of a {spec.players}-hero game (0 to {spec.players - 1})")]
    out: list[tuple[str, str]] = []
    bot = spec.seat_bots(index)[seat]
    if row["bot"] != bot:
        out.append(("bot", f"{shown(row['bot'])}, but its spec seats {bot!r} there"))
    words = str(row["winners"]).split(";") if row["winners"] is not None else []
    if any(w not in {str(s) for s in range(spec.players)} for w in words) or len(set(words)) != len(words):
        out.append(
            (
                "winners",
                f"{shown(row['winners'])} is not distinct seats 0 to {spec.players - 1} joined by ';'",
            )
        )
    elif row["won"] != (str(seat) in words):
        out.append(("won", f"{row['won']}, but the winners are {shown(row['winners'])}"))
    parts = sum(int(row[name] or 0) for name in ("triumph", "tragedy", "other"))
    if row["total"] != parts:
        out.append(("total", f"{row['total']} is not triumph + tragedy + other ({parts})"))
    return out


GameKey = tuple[str, int, int]


class Games:
    """The rows of one file, or of a file and its journal, gathered by game, with every problem found.

    ``study`` (spec key, base seed, number of games), when given, is the study being resumed: a row
    of another study is refused at once, and a game outside ``0 … games - 1`` is a problem. A row
    seen twice, identical, is kept once (a journal repeats the rows of a game cut short and played
    again); :meth:`finish` says whether that, and a game missing seats, is a problem.
    """

    def __init__(self, study: tuple[str, int, int] | None = None) -> None:
        self.study = study
        self.problems: list[tuple[str, str]] = []  # (file, "where: problem")
        self.stopped = False
        self.count = 0
        self._games: dict[GameKey, dict[int, Row]] = {}
        self._first: dict[GameKey, tuple[str, str]] = {}
        self._repeats: list[tuple[str, str]] = []
        self._specs = Specs()
        self._texts: dict[str, str] = {}  # one copy of each repeated text (a spec is in every row)

    def problem(self, file: str, text: str) -> None:
        """Note a problem; past :data:`~calladventure.data._limits.MAX_PROBLEMS`, reading stops."""
        self.problems.append((file, text))
        self.stopped = len(self.problems) >= MAX_PROBLEMS

    def add(self, row: Row, file: str, where: str) -> None:
        """Check a row read at ``where`` (``line 7``, ``row 7``) of ``file`` and keep it if it passes."""
        self.count += 1
        found = row_problems(row, self._specs)
        for name, text in found:
            self.problem(file, f"{where}, column {name}: {text}")
        if found:
            return
        if self.study is not None and not self._in_study(row, file, where):
            return
        for name, value in row.items():
            if isinstance(value, str):
                row[name] = self._texts.setdefault(value, value) if len(self._texts) < 10_000 else value
        self._keep(row, file, where)

    def _in_study(self, row: Row, file: str, where: str) -> bool:
        assert self.study is not None
        key, seed, games = self.study
        if row["spec"] != key or row["base_seed"] != seed:
            spec = self._specs.get(str(row["spec"]))
            diffs = spec.differences(StudySpec.from_key(key)) if isinstance(spec, StudySpec) else []
            if row["base_seed"] != seed:
                diffs.append(("seed", str(row["base_seed"]), str(seed)))
            said = ", ".join(f"{what} {a} there, {b} here" for what, a, b in diffs) or "its spec"
            raise SimulationError(
                f"{file} holds another study ({said}; {where}): resume it with the same settings"
            )
        if int(row["index"] or 0) >= games:
            self.problem(
                file,
                f"{where}: game {row['index']} is not one of this study's {games:,} (0 to {games - 1:,})",
            )
            return False
        return True

    def _keep(self, row: Row, file: str, where: str) -> None:
        key = (str(row["spec"]), int(row["base_seed"] or 0), int(row["index"] or 0))
        seat = -1 if row["status"] == "error" else int(row["seat"] or 0)
        game = self._games.setdefault(key, {})
        first = self._first.setdefault(key, (file, where))
        said = f"game {key[2]}" + (f" (first at {first[1]})" if first != (file, where) else "")
        if seat in game:
            if game[seat] == row:
                self._repeats.append((file, f"{where}: {said} has this row twice"))
            else:
                what = "an error row" if seat < 0 else f"a row for seat {seat}"
                self.problem(file, f"{where}: {said} already has {what} that differs")
            return
        if game:
            other = next(iter(game.values()))
            if (other["status"] == "error") != (seat < 0):
                self.problem(file, f"{where}: {said} has both an error row and hero rows")
                return
            differ = [name for name in _GAME_NAMES if row[name] != other[name]]
            if differ:
                self.problem(file, f"{where}: {said}: {', '.join(differ)} differ from its other rows")
                return
        game[seat] = row

    def finish(self, *, whole: bool) -> list[Row]:
        """The rows of the complete games, in order; raise :class:`ResultsFileError` if any problem was found.

        With ``whole`` (a results table), a game missing seats or a row twice is a problem; without
        (a journal), a game cut short is dropped, to be played again, and a repeated row kept once.
        Games are counted whole only in a file whose rows all passed (a refused row leaves its game short).
        """
        rows: list[Row] = []
        whole = whole and not self.problems
        if whole:
            self.problems.extend(self._repeats[: max(0, MAX_PROBLEMS - len(self.problems))])
        for key in sorted(self._games):
            game = self._games[key]
            players = int(next(iter(game.values()))["players"] or 0)
            if list(game) == [-1] or sorted(game) == list(range(players)):
                rows.extend(game[s] for s in sorted(game))
            elif whole and len(self.problems) < MAX_PROBLEMS:
                file, where = self._first[key]
                self.problem(file, f"{where}: game {key[2]} has rows for seats {sorted(game)} of {players}")
        if self.problems:
            raise ResultsFileError(self.problems, stopped=self.stopped)
        return rows
