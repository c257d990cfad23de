"""The view-model of the table: the Act rows, the attempt under way with its numbers, and the last cast.

Plain frozen values asked of the rules once: an attempt's rune pool, difficulty and bonus
(each with where it comes from) and, before the cast, its exact odds; the latest cast of the
turn and its total against the difficulty (000 · Attempt a Challenge; 000 · Reading the
Runes). Face-down rows hold only a count of their cards (000 · Prepare the Story Decks).
"""

from __future__ import annotations

import attrs

from ..game import Game
from ..rules import (
    Odds,
    added_dark,
    attempt_math,
    attempt_odds,
    attempt_odds_of,
    attempt_pool,
    cast_pool,
    table_attempt,
)
from ..values._actions import AttemptChallenge, CastRunes
from ..values._cards import Card, Path, Side
from ..values._runes import Cast, CastRune, Rune
from ..values._state import Attempt, AwaitCast, GameState
from ._words import ROMAN, who


@attrs.frozen
class SlotModel:
    """A face-up card of a row, its Ally, and who attempts it now (000 · Allies)."""

    card: Card
    ally: Card | None
    attempted_by: str | None  # the hero attempting this card now, if any
    side: Side | None  # the path being attempted


@attrs.frozen
class RowModel:
    """One Act's row: its face-up cards, or only how many lie face down (000 · Prepare the Story Decks)."""

    act: int
    revealed: bool
    filled: int  # how many slots hold a card
    deck: int
    discard: int
    slots: tuple[SlotModel | None, ...]  # empty while the row is face down

    @property
    def roman(self) -> str:
        return ROMAN[self.act]


@attrs.frozen
class AttemptModel:
    """The attempt under way: card, path, rune pool, difficulty and bonus with their parts, exact odds.

    ``odds`` is given only before the runes are cast (000 · Attempt a Challenge; 000 · Rune Probability).
    """

    seat: int
    name: str
    card: Card
    side: Side
    path: Path
    difficulty: int
    bonus: int
    difficulty_parts: tuple[tuple[str, int], ...]  # (where from, amount)
    bonus_parts: tuple[tuple[str, int], ...]
    dark: int  # Dark runes bought and added
    pool: tuple[Rune, ...]
    odds: Odds | None


@attrs.frozen
class CastModel:
    """The latest cast of this turn, and while its attempt waits, the total against the difficulty (000 · Reading the Runes)."""

    cast: Cast
    card: Card  # the card the cast was for
    current: bool  # the cast of the attempt under way (not one already resolved)
    total: int | None = None  # successes plus bonus, for the current cast
    bonus: int = 0
    difficulty: int = 0

    @property
    def overcomes(self) -> bool:
        """Whether the current cast overcomes the challenge, unless a card played now changes it."""
        return self.total is not None and self.total >= self.difficulty


def last_cast(game: Game) -> tuple[Cast, Attempt] | None:
    """The latest rune cast of the current turn with its attempt (000 · Reading the Runes)."""
    ctx, state = game.ctx, game.state
    att = state.attempt
    if att is not None and att.cast:
        return Cast(
            tuple(CastRune(r, r.faces[f]) for r, f in ((ctx.rune_by_id[i], f) for i, f in att.cast))
        ), att
    history = game.history
    for i in range(len(history) - 1, -1, -1):
        before = game.state_at(i)
        if before.turn.number != state.turn.number:
            return None
        action = history[i]
        if isinstance(action, CastRunes) and action.faces is not None and before.attempt is not None:
            pool = attempt_pool(ctx, before, before.attempt)
            runes = tuple(CastRune(r, r.faces[f]) for r, f in zip(pool, action.faces, strict=True))
            return Cast(runes), before.attempt
    return None


def rows_model(game: Game) -> tuple[RowModel, ...]:
    """The table's rows, face-down rows as counts only (000 · Prepare the Story Decks)."""
    ctx, state = game.ctx, game.state
    att = state.attempt
    out = []
    for row in state.rows:
        slots: list[SlotModel | None] = []
        if row.revealed:
            for i, slot in enumerate(row.slots):
                if slot is None:
                    slots.append(None)
                    continue
                here = att is not None and att.act == row.act and att.slot == i
                slots.append(
                    SlotModel(
                        ctx.db[slot.card],
                        ctx.db[slot.ally] if slot.ally is not None else None,
                        who(state.config, att.seat) if here and att is not None else None,
                        att.side if here and att is not None else None,
                    )
                )
        filled = sum(1 for s in row.slots if s is not None)
        out.append(RowModel(row.act, row.revealed, filled, len(row.deck), len(row.discard), tuple(slots)))
    return tuple(out)


def attempt_model(game: Game) -> AttemptModel | None:
    """The attempt under way, with its exact odds before the cast, or None (000 · Attempt a Challenge)."""
    ctx, state = game.ctx, game.state
    att = state.attempt
    if att is None:
        return None
    card = ctx.db[att.card]
    math = attempt_math(ctx, state, att)
    pool = attempt_pool(ctx, state, att)
    before_cast = any(isinstance(p, AwaitCast) and not added_dark(p) for p in state.pending)  # not yet cast
    return AttemptModel(
        seat=att.seat,
        name=who(state.config, att.seat),
        card=card,
        side=att.side,
        path=card.path(att.side),
        difficulty=math.difficulty,
        bonus=math.bonus,
        difficulty_parts=tuple((what, amt) for what, amt, k in math.parts if k == "difficulty"),
        bonus_parts=tuple((what, amt) for what, amt, k in math.parts if k == "bonus"),
        dark=att.dark_bought + att.dark_free,
        pool=pool,
        odds=attempt_odds(pool, math.difficulty, math.bonus) if before_cast else None,
    )


def cast_model(game: Game, attempt: AttemptModel | None) -> CastModel | None:
    """The last cast of this turn; while ``attempt`` (the one under way) waits, its total against the difficulty."""
    found = last_cast(game)
    if found is None:
        return None
    runes, catt = found
    card = game.ctx.db[catt.card]
    att = game.state.attempt
    if att is None or not att.cast:
        return CastModel(runes, card, False)
    if attempt is None:
        return CastModel(runes, card, True)
    return CastModel(runes, card, True, runes.successes + attempt.bonus, attempt.bonus, attempt.difficulty)


def attempt_and_cast(game: Game) -> tuple[AttemptModel | None, CastModel | None]:
    """The attempt under way and the last cast, the attempt's numbers asked once (000 · Attempt a Challenge)."""
    attempt = attempt_model(game)
    return attempt, cast_model(game, attempt)


def pool_before(game: Game, state: GameState) -> tuple[Rune, ...] | None:
    """The runes a cast due in ``state`` (a state of ``game``) casts, or None when none is due (000 · Reading the Runes)."""
    pool = cast_pool(game.ctx, state)
    return None if pool is None else tuple(pool)


def declared_odds(game: Game, action: AttemptChallenge) -> Odds:
    """The exact odds of an attempt the active hero declares, before any card is played (000 · Attempt a Challenge)."""
    state = game.state
    att = table_attempt(state, state.turn.seat, action.card, action.side, action.dark)
    return attempt_odds_of(game.ctx, state, att)


__all__ = [
    "AttemptModel",
    "CastModel",
    "RowModel",
    "SlotModel",
    "attempt_and_cast",
    "attempt_model",
    "cast_model",
    "declared_odds",
    "last_cast",
    "pool_before",
    "rows_model",
]
