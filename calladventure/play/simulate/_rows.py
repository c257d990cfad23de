"""One game of a study played to its end and turned into rows: one per hero, or one for a failure.

Every row carries its game's columns (index, seed, spec, length, winners, co-op outcome) and its
hero's (seat, bot, Character cards, score by category, whether the hero won), so one flat table
answers both per-game and per-hero questions. :data:`COLUMNS` is the schema every file format
keeps. A game that raises becomes a single ``status = "error"`` row with its seed and the error:
a failure is never dropped.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import attrs

from ...game import Game
from ...game._library import DEFAULT
from ...values._score import Score
from ..bots import BOTS, play_game
from ._spec import MAX_SPEC_CHARS, MAX_STEPS, MODES, StudySpec, derive_seed

__all__ = [
    "COLUMNS",
    "EMPTY",
    "GAME_COLUMNS",
    "GAME_SCHEMA",
    "HERO_COLUMNS",
    "HERO_SCHEMA",
    "MAX_CELL_CHARS",
    "MAX_GAMES",
    "MAX_SCORE",
    "OPTIONAL",
    "REQUIRED",
    "SCHEMA",
    "SCORE_CATEGORIES",
    "SCORE_COLUMNS",
    "STATUSES",
    "Chunk",
    "Column",
    "Row",
    "Value",
    "play_chunk",
    "play_one",
    "score_columns",
]

#: A cell of a results table (None: empty, e.g. the co-op columns of a competitive game).
Value = int | str | bool | None
#: One row of a results table: column name → value.
Row = dict[str, Value]

#: Score lines by category: the start of a :class:`~calladventure.rules._scoring.ScoreLine` label
#: and the column it adds to (000 · Ending the Game; 000 · Story Icons; 002 · Naming;
#: 000 · Winning the Solo or Co-op Game). A line no prefix matches goes to ``points_other``.
_CATEGORY_OF_LABEL: tuple[tuple[str, str], ...] = (
    ("Triumph and Tragedy in the Story", "story"),
    ("Corruption track", "track"),
    ("Unspent Experience", "experience"),
    ("Hero cards played", "hero_cards"),
    ("Antihero cards played", "antihero_cards"),
    ("Story icon sets", "icon_sets"),
    ("Name tokens", "names"),
    ("Defeated Odium", "odium"),
    ("Destiny:", "destiny"),
)
#: The score categories, in score-sheet order.
SCORE_CATEGORIES: tuple[str, ...] = (*(c for _, c in _CATEGORY_OF_LABEL), "other")
#: The score columns of a hero row: the total; its Triumph, its Tragedy and its Destiny points that are
#: neither (``other``: 000 · Rules Overview, "Triumph + Tragedy + Experience = Destiny"); then the points
#: of each score-sheet line by category (``points_other``: a line no category matches).
SCORE_COLUMNS: tuple[str, ...] = (
    "total",
    "triumph",
    "tragedy",
    "other",
    *(f"points_{c}" for c in SCORE_CATEGORIES),
)

#: When a column holds a value, by the row's ``status``: always, maybe, or never.
REQUIRED, OPTIONAL, EMPTY = "required", "optional", "empty"
#: The ``status`` of a row: a finished game's hero, or a game that raised.
STATUSES: tuple[str, ...] = ("ok", "error")
MAX_CELL_CHARS = 2000
"""Characters in one text cell of a results table (an error message is cut to this length)."""
MAX_GAMES = 1_000_000
"""Games in one study (game indexes 0 to 999,999)."""
MAX_SCORE = 100_000
"""The largest score, or score part, of a hero either way (a game scores well under 500)."""
_BOX_NUMBER = 1_000_000  # a box's number column (the Adversary's tokens): far above any game's


@attrs.frozen
class Column:
    """A column of a study's table, declared once: its name, type, range, choices and when it holds a value.

    A number lies in ``low`` … ``high``; a text has at most ``high`` characters and is one of
    ``choices`` when they are given. ``ok`` and ``error`` say whether a finished game's rows and a
    failed game's row hold a value (:data:`REQUIRED`), may (:data:`OPTIONAL`) or must not
    (:data:`EMPTY`). ``calladventure.play.simulate._schema`` checks every file against these.
    """

    name: str
    type: type
    low: int = 0
    high: int = MAX_CELL_CHARS
    choices: tuple[str, ...] = ()
    ok: str = REQUIRED
    error: str = EMPTY


_SEED = 2**63  # a base seed is a signed 64-bit number
#: The game's columns, declared (000 · Ending the Game: turns, winners; the boxes' columns after them).
GAME_SCHEMA: tuple[Column, ...] = (
    Column("index", int, 0, MAX_GAMES - 1, error=REQUIRED),
    Column("seed", int, 0, 2**53 - 1, error=REQUIRED),
    Column("base_seed", int, -_SEED, _SEED - 1, error=REQUIRED),
    Column("spec", str, high=MAX_SPEC_CHARS, error=REQUIRED),
    Column("sets", str, high=MAX_SPEC_CHARS, error=REQUIRED),
    Column("mode", str, choices=MODES, error=REQUIRED),
    Column("options", str, high=MAX_SPEC_CHARS, ok=OPTIONAL, error=OPTIONAL),
    Column("players", int, 1, 4, error=REQUIRED),
    Column("status", str, choices=STATUSES, error=REQUIRED),
    Column("error", str, ok=EMPTY, error=REQUIRED),
    Column("turns", int, 0, MAX_STEPS),
    Column("actions", int, 0, MAX_STEPS),
    Column("winners", str, high=8, ok=OPTIONAL),
    # the bundled boxes' columns (``Expansion.result_columns``): the co-op quest, the Adversary, who won …
    *(
        Column(column.name, column.type, -_BOX_NUMBER, _BOX_NUMBER, ok=OPTIONAL)
        for box in DEFAULT.expansions
        for column in box.result_columns
    ),
)
#: The hero's columns, declared: seat, bot, Character cards, whether the hero won, the score by category.
HERO_SCHEMA: tuple[Column, ...] = (
    Column("seat", int, 0, 3),
    Column("bot", str, choices=tuple(sorted(BOTS))),
    Column("origin", str, high=200, ok=OPTIONAL),
    Column("motivation", str, high=200, ok=OPTIONAL),
    Column("destiny", str, high=200, ok=OPTIONAL),
    Column("won", bool),
    *(Column(name, int, -MAX_SCORE, MAX_SCORE) for name in SCORE_COLUMNS),
)
#: Every column of a row, declared: the game's first, then the hero's.
SCHEMA: tuple[Column, ...] = GAME_SCHEMA + HERO_SCHEMA
#: The columns every row has, with their types (from :data:`SCHEMA`).
GAME_COLUMNS: tuple[tuple[str, type], ...] = tuple((c.name, c.type) for c in GAME_SCHEMA)
HERO_COLUMNS: tuple[tuple[str, type], ...] = tuple((c.name, c.type) for c in HERO_SCHEMA)
COLUMNS: tuple[tuple[str, type], ...] = GAME_COLUMNS + HERO_COLUMNS


def score_columns(score: Score) -> dict[str, int]:
    """A hero's score as columns: total, Triumph, Tragedy, other Destiny points, and the points of each line's category.

    The one place that sorts score lines into categories (000 · Ending the Game), so a finer
    breakdown of the score needs changing only here and in :data:`SCORE_CATEGORIES`. ``total`` is
    ``triumph + tragedy + other`` (:class:`~calladventure.values._score.Score`).
    """
    out = {"total": score.total, "triumph": score.triumph, "tragedy": score.tragedy, "other": score.other}
    points = dict.fromkeys(SCORE_CATEGORIES, 0)
    for line in score.lines:
        category = next((c for prefix, c in _CATEGORY_OF_LABEL if line.label.startswith(prefix)), "other")
        points[category] += line.points
    out.update({f"points_{c}": n for c, n in points.items()})
    return out


def _card_name(game: Game, card: str | None) -> str | None:
    return None if card is None else game.ctx.db[card].name


def _game_columns(spec: StudySpec, base_seed: int, index: int, seed: int) -> Row:
    return {
        "index": index,
        "seed": seed,
        "base_seed": base_seed,
        "spec": spec.key(),
        "sets": ",".join(spec.sets),
        "mode": spec.mode,
        "options": spec.options_text() or None,
        "players": spec.players,
    }


def _empty(columns: Sequence[tuple[str, type]]) -> Row:
    return dict.fromkeys((name for name, _ in columns), None)


def _finished_rows(spec: StudySpec, game: Game, head: Row, index: int) -> list[Row]:
    outcome = game.outcome()
    if outcome is None:  # play_game returns only once the game is over
        raise RuntimeError("the game is not over")
    state = game.state
    head = {
        **head,
        "status": "ok",
        "turns": state.turn.number,
        "actions": len(game.history),
        "winners": ";".join(str(s) for s in outcome.winners) or None,
    }
    for box in game.ctx.expansions:  # 000 · Winning the Solo or Co-op Game: the Adversary's columns
        for column in box.result_columns:
            head[column.name] = column.value(game.ctx, state, outcome.box)
    bots = spec.seat_bots(index)
    rows = []
    for score, player in zip(outcome.scores, state.players, strict=True):
        row = {**_empty(COLUMNS), **head}
        row.update(
            seat=player.seat,
            bot=bots[player.seat],
            origin=_card_name(game, player.origin),
            motivation=_card_name(game, player.motivation),
            destiny=_card_name(game, player.destiny),
            won=player.seat in outcome.winners,  # ties share the win (000 · Ending the Game)
        )
        row.update(score_columns(score))
        rows.append(row)
    return rows


def play_one(spec: StudySpec, base_seed: int, index: int) -> list[Row]:
    """Play game ``index`` of a study to its end: one row per hero, or one ``"error"`` row.

    The seed is :func:`~calladventure.play.simulate._spec.derive_seed` of ``(base_seed, index)``;
    the bots are the spec's for that game. Any exception a game raises (a rules error, a game
    that outlasts ``spec.max_steps``) is recorded as ``"ExceptionType: message"``.
    """
    seed = derive_seed(base_seed, index)
    head = _game_columns(spec, base_seed, index, seed)
    try:
        game = spec.new_game(seed)
        play_game(game, spec.new_bots(index, seed), max_steps=spec.max_steps)
        return _finished_rows(spec, game, head, index)
    except Exception as exc:
        words = " ".join(f"{type(exc).__name__}: {exc}".split())[:MAX_CELL_CHARS]  # one line, bounded
        error = "".join(c if c.isprintable() else "?" for c in words)
        row = {**_empty(COLUMNS), **head, "status": "error", "error": error}
        return [row]


@attrs.frozen
class Chunk:
    """The rows of some games of a study, and the CPU seconds the worker spent playing them."""

    indices: tuple[int, ...]
    rows: tuple[Row, ...]
    cpu_seconds: float


def play_chunk(spec: StudySpec, base_seed: int, indices: tuple[int, ...]) -> Chunk:
    """Play the games ``indices`` of a study, one after another: the task a worker runs."""
    start = time.process_time()
    rows: list[Row] = []
    for index in indices:
        rows.extend(play_one(spec, base_seed, index))
    return Chunk(tuple(indices), tuple(rows), time.process_time() - start)
