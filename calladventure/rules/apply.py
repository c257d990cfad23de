"""Applying a legal action: one handler per action kind, then :func:`~calladventure.rules.flow.settle`.

:func:`apply` does not check legality (:func:`calladventure.rules.legal.check` does); it returns
the new state and the action as it happened (a ``cast`` becomes ``cast`` with its faces, so
the history alone replays the game: hard-parts #2). An expansion's actions go to the
expansion that declares them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..values.actions import (
    Action,
    AttemptChallenge,
    BuyDark,
    CastRunes,
    Choose,
    ChooseDeck,
    EndTurn,
    FreeDiscard,
    GainTrait,
    Journey,
    Keep,
    Pass,
    PlaceAllyUnder,
    PlayCard,
    UsePower,
)
from ..values.errors import IllegalActionError
from ..values.events import Log
from ..values.state import ChooseCharacter, ChooseDraw, GameState, Phase, PlaceAlly, Window, evolve
from ..values.state_copies import with_pending
from .cast import cast
from .characters import keep_character
from .choices import resolve_choice
from .context import Context
from .effects import gain_xp
from .flow import end_turn, settle
from .legal import to_move
from .main_phase import begin_attempt, discard_from_table, gain_trait
from .plays import take_card, use_power
from .priority import declare_end, open_priority, play_in_main
from .table import draw_hand_card, log_event, place_ally
from .windows import answered, pass_window

_P = TypeVar("_P")

# Enum members read on every push, kept as module constants (design § 9: on Python 3.11 a member
# read from its class goes through the enum metaclass's attribute hook, several times a global read).
_PLAY = Phase.PLAY


def _buy_dark(ctx: Context, state: GameState, action: BuyDark, log: Log) -> GameState:
    """Before a re-attempt's cast, buy more Dark runes, or none (000 · Dark Runes; open question 8)."""
    att = state.attempt
    assert att is not None
    seat = att.seat
    state = evolve(state, pending=state.pending[:-1])
    if action.count == 0:
        if log is not None:
            log_event(log, state, "000/dark-runes", "buys no more Dark runes for the re-attempt", seat)
        return state
    state = gain_xp(state, seat, -action.count)
    att = evolve(att, dark_bought=att.dark_bought + action.count, dark_recast=att.dark_recast + action.count)
    turn = evolve(state.turn, dark_bought=state.turn.dark_bought + action.count)
    state = evolve(state, attempt=att, turn=turn)
    if log is not None:
        log_event(
            log,
            state,
            "000/dark-runes",
            f"spends {action.count} Experience on Dark runes for the re-attempt",
            seat,
        )
    return state


def _top(state: GameState, kind: type[_P]) -> _P:
    """The decision waiting, which must be a ``kind`` (the action answers it and takes it off)."""
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, kind):
        raise IllegalActionError("apply", f"no {kind.__name__} decision is pending")
    return top


def _window_at(state: GameState, depth: int) -> bool:
    return depth > 0 and isinstance(state.pending[depth - 1], Window)


def _main(state: GameState) -> bool:
    """Whether the active hero is in its main phase: its action is a priority point (000 · Each Turn)."""
    return not state.pending and state.phase is _PLAY


def _pass(ctx: Context, state: GameState, action: Pass, log: Log) -> GameState:
    return pass_window(state)


def _play_card(ctx: Context, state: GameState, action: PlayCard, log: Log) -> GameState:
    seat = to_move(state)
    assert seat is not None
    if _window_at(state, len(state.pending)):
        state = take_card(ctx, state, seat, action, log)
        return answered(state, seat, (seat, action.card, action.target))
    return play_in_main(ctx, state, seat, action, log)


def _use_power(ctx: Context, state: GameState, action: UsePower, log: Log) -> GameState:
    seat = to_move(state)
    assert seat is not None
    depth = len(state.pending)
    in_window = _window_at(state, depth)
    main = _main(state)
    state = use_power(ctx, state, seat, action, log)
    if in_window:
        return answered(state, seat, at=depth - 1)
    return open_priority(ctx, state, seat, depth) if main else state


def _keep(ctx: Context, state: GameState, action: Keep, log: Log) -> GameState:
    character = _top(state, ChooseCharacter)
    return keep_character(ctx, with_pending(state, state.pending[:-1]), character, action.card, log)


def _place_ally(ctx: Context, state: GameState, action: PlaceAllyUnder, log: Log) -> GameState:
    ally = _top(state, PlaceAlly)
    where = (action.act or ally.act, action.slot)
    return place_ally(ctx, state, ally, where, log, pending=state.pending[:-1])


def _choose_deck(ctx: Context, state: GameState, action: ChooseDeck, log: Log) -> GameState:
    draw = _top(state, ChooseDraw)
    return draw_hand_card(ctx, state, draw.seat, action.deck, log, pending=state.pending[:-1])


def _gain_trait(ctx: Context, state: GameState, action: GainTrait, log: Log) -> GameState:
    main, depth = _main(state), len(state.pending)
    state = gain_trait(ctx, state, action, log)
    return open_priority(ctx, state, state.turn.seat, depth) if main else state


def _discard(ctx: Context, state: GameState, action: Journey | FreeDiscard, log: Log) -> GameState:
    main, depth = _main(state), len(state.pending)
    state = discard_from_table(ctx, state, action, log)
    return open_priority(ctx, state, state.turn.seat, depth) if main else state


def _end_turn(ctx: Context, state: GameState, action: EndTurn, log: Log) -> GameState:
    state, waiting = declare_end(ctx, state, log)
    return state if waiting else end_turn(ctx, state, log)


#: The handler of each core action (the cast, which also says how it went, is :func:`cast`).
_HANDLERS: dict[type, Callable[[Context, GameState, Any, Log], GameState]] = {
    BuyDark: _buy_dark,
    Pass: _pass,
    PlayCard: _play_card,
    UsePower: _use_power,
    Choose: resolve_choice,
    Keep: _keep,
    PlaceAllyUnder: _place_ally,
    ChooseDeck: _choose_deck,
    GainTrait: _gain_trait,
    AttemptChallenge: begin_attempt,
    Journey: _discard,
    FreeDiscard: _discard,
    EndTurn: _end_turn,
}


def apply(ctx: Context, state: GameState, action: Action, log: Log = None) -> tuple[GameState, Action]:
    """Apply a legal action (not checked here: see ``check``); return the new state and the action as done.

    An action of the active hero in its main phase is a priority point: the other seats may answer
    it (:mod:`calladventure.rules.priority`); a card or power in a window gives every seat the
    chance to answer again (:mod:`calladventure.rules.windows`).
    """
    kind = action.__class__
    handler = _HANDLERS.get(kind)
    if handler is not None:
        return settle(ctx, handler(ctx, state, action, log), log), action
    if isinstance(action, CastRunes):
        state, done = cast(ctx, state, action.faces, log)
        return settle(ctx, state, log), done
    for core, handler in _HANDLERS.items():  # a subclass of a core action
        if isinstance(action, core):
            return settle(ctx, handler(ctx, state, action, log), log), action
    for ext in ctx.expansions:
        if isinstance(action, ext.actions):
            return settle(ctx, ext.apply(ctx, state, action, log), log), action
    raise IllegalActionError(action, "no rule in this game applies that action")


__all__ = ["apply"]
