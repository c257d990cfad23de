"""Resolving an attempt once its windows close: success gains the card, failure discards it.

``000 · Attempt a Challenge``: successes (plus bonuses) at least the difficulty overcome the
challenge: it is tucked with the declared path showing, and an Ally under it joins the hero
(``000 · Allies``); otherwise it is discarded and the hero gains one Experience. The moons of
the Dark runes gave Corruption when they showed (option ``moon_corruption``; with
``"at_resolution"`` the final cast's moons give it here: ``000 · Glossary: Re-attempt``).
An expansion's attempt (``Attempt.against``) is resolved by that expansion.
"""

from __future__ import annotations

from typing import Any

from ..values._cards import Card
from ..values._copies import (
    player_with_allies,
    state_ending_attempt,
    state_with_players,
    turn_with_failed,
    turn_with_gained,
)
from ..values._events import Log
from ..values._illegal import IllegalActionError
from ..values._members import (
    DURATION_ATTEMPT,
    MOON_CORRUPTION_AT_RESOLUTION,
    TRIGGER_ON_FAIL,
    TRIGGER_ON_SUCCESS,
)
from ..values._state import ActiveEffect, Attempt, GameState, HeldAlly, Pending, evolve
from ._attempts import attempt_math, attempt_numbers
from ._context import Context
from ._effects import fire, move_track, players_gaining_xp
from ._gaining import after_take, gain_path_rewards, tuck
from ._table import discard_slot, log_event, players_putting, rows_taking


def cast_total(ctx: Context, state: GameState) -> tuple[int, int]:
    """(successes, Corruption) of the runes the attempt under way actually cast (000 · Reading the Runes)."""
    att = state.attempt
    if att is None:
        return 0, 0
    runes = ctx.rune_by_id
    successes = corruption = 0
    for rid, f in att.cast:
        face = runes[rid].faces[f]
        successes += face.successes
        corruption += face.corruption
    return successes, corruption


def end_attempt(state: GameState, seat: int, **also: Any) -> GameState:
    """Clear the attempt; the effects that lasted for it end (docs/design.md § Effects with lifetimes); ``also``: more fields to change."""
    return evolve(state, attempt=None, effects=effects_after_attempt(state, seat), **also)


def effects_after_attempt(state: GameState, seat: int) -> tuple[ActiveEffect, ...]:
    """The effects in play once the attempt of ``seat`` is over: those that lasted for it end (docs/design.md § Effects with lifetimes)."""
    effects = state.effects
    for e in effects:  # a loop, not any(): most often nothing ends (hot: every attempt's end)
        if e.target == seat and e.duration is DURATION_ATTEMPT:
            return tuple(e for e in effects if not (e.target == seat and e.duration is DURATION_ATTEMPT))
    return effects


def moons_at_resolution(ctx: Context, state: GameState, seat: int, corruption: int, log: Log) -> GameState:
    """With ``moon_corruption = "at_resolution"``, the final cast's moons give Corruption now (000 · Glossary: Re-attempt).

    By default (``"at_cast"``) the track moved when each moon showed (:func:`~calladventure.rules._effects.moon_corruption`).
    """
    if corruption and ctx.config.rules.moon_corruption is MOON_CORRUPTION_AT_RESOLUTION:
        state = move_track(ctx, state, seat, -corruption, log, "Dark rune moon")
    return state


def resolve_attempt(
    ctx: Context, state: GameState, log: Log, pending: tuple[Pending, ...] | None = None
) -> GameState:
    """Success gains the card with the path showing; failure discards it and gives one Experience.

    ``pending``: the decisions waiting, when the caller changes them too (one copy of the state).
    """
    att = state.attempt
    if att is None:
        raise IllegalActionError("resolve", "no attempt is under way")
    if att.against:
        ext = ctx.expansion(att.against)
        if ext is None:
            raise IllegalActionError(
                "resolve", f"the attempt belongs to {att.against!r}, which is not in play"
            )
        if pending is not None:
            state = evolve(state, pending=pending)
        return ext.resolve_attempt(ctx, state, log)
    seat = att.seat
    card = ctx.db[att.card]
    # The runes actually cast: an icon gained after the cast must not change the pool read here.
    successes, corruption = cast_total(ctx, state)
    if log is None:  # the numbers alone: their sources are only words for the log
        difficulty, bonus = attempt_numbers(ctx, state, att)
    else:
        math = attempt_math(ctx, state, att)
        difficulty, bonus = math.difficulty, math.bonus
    total = successes + bonus
    won = bool(att.auto) or total >= difficulty  # an expansion's shortcut succeeds without casting
    turn = turn_with_gained(state.turn, True) if won else turn_with_failed(state.turn, True)
    # The attempt ends in one copy of the state; the tuck (with the card leaving its slot) or the
    # discard makes one more (the moons of "at_resolution" move the track in between).
    pending = state.pending if pending is None else pending
    state = state_ending_attempt(state, None, effects_after_attempt(state, seat), turn, pending)
    if corruption and ctx.config.rules.moon_corruption is MOON_CORRUPTION_AT_RESOLUTION:
        state = moons_at_resolution(ctx, state, seat, corruption, log)
    if won:
        if log is not None:
            how = att.auto or f"{total} vs difficulty {difficulty}{math.bonus_words(successes)}"
            log_event(log, state, "000/attempt-a-challenge", f"overcomes {card.name}: {how}", seat)
        state = _gain_overcome(ctx, state, att, card, log)
        state = fire(ctx, state, seat, TRIGGER_ON_SUCCESS, log)
    else:
        if log is not None:
            log_event(
                log,
                state,
                "000/attempt-a-challenge",
                f"fails {card.name}: {total} vs difficulty {difficulty}{math.bonus_words(successes)}; +1 Experience",
                seat,
            )
        state = discard_slot(ctx, state, att.act, att.slot, players=players_gaining_xp(state, seat, 1))
        state = fire(ctx, state, seat, TRIGGER_ON_FAIL, log)
    return after_take(ctx, state, att.act, att.slot, log)


def _gain_overcome(ctx: Context, state: GameState, att: Attempt, card: Card, log: Log) -> GameState:
    """An overcome challenge tucked with its path showing, and the Ally on its slot gained (000 · Allies)."""
    seat = att.seat
    rows, slot = rows_taking(state, att.act, att.slot)
    state = tuck(ctx, state, seat, card, att.side, log, rows=rows)
    if slot.ally is not None:
        ally = ctx.db[slot.ally]
        player = state.players[seat]
        player = player_with_allies(player, (*player.allies, HeldAlly(ally.id)))
        state = state_with_players(state, players_putting(state, seat, player))
        if log is not None:
            log_event(log, state, "000/allies", f"gains the Ally {ally.name}", seat)
        state = gain_path_rewards(ctx, state, seat, ally, ally.paths[0], log)
    return state


__all__ = ["cast_total", "effects_after_attempt", "end_attempt", "moons_at_resolution", "resolve_attempt"]
