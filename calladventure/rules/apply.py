"""Applying a legal action: one handler per action kind, then :func:`~calladventure.rules.flow.settle`.

:func:`apply` does not check legality (:func:`calladventure.rules.legal.check` does); it returns
the new state and the action as it happened (a ``cast`` becomes ``cast`` with its faces, so
the history alone replays the game: hard-parts #2). An expansion's actions go to the
expansion that declares them.
"""

from __future__ import annotations

from typing import TypeVar

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


def apply(ctx: Context, state: GameState, action: Action, log: Log = None) -> tuple[GameState, Action]:
    """Apply a legal action (not checked here: see ``check``); return the new state and the action as done.

    An action of the active hero in its main phase is a priority point: the other seats may answer
    it (:mod:`calladventure.rules.priority`); a card or power in a window gives every seat the
    chance to answer again (:mod:`calladventure.rules.windows`).
    """
    done: Action = action
    depth = len(state.pending)
    main = depth == 0 and state.phase is Phase.PLAY
    if isinstance(action, CastRunes):
        state, done = cast(ctx, state, action.faces, log)
    elif isinstance(action, BuyDark):
        state = _buy_dark(ctx, state, action, log)
    elif isinstance(action, Pass):
        state = pass_window(state)
    elif isinstance(action, PlayCard):
        seat = to_move(state)
        assert seat is not None
        if _window_at(state, depth):
            state = take_card(ctx, state, seat, action, log)
            state = answered(state, seat, (seat, action.card, action.target))
        else:
            state = play_in_main(ctx, state, seat, action, log)
    elif isinstance(action, UsePower):
        seat = to_move(state)
        assert seat is not None
        in_window = _window_at(state, depth)
        state = use_power(ctx, state, seat, action, log)
        if in_window:
            state = answered(state, seat, at=depth - 1)
        elif main:
            state = open_priority(ctx, state, seat, depth)
    elif isinstance(action, Choose):
        state = resolve_choice(ctx, state, action, log)
    elif isinstance(action, Keep):
        character = _top(state, ChooseCharacter)
        state = keep_character(ctx, evolve(state, pending=state.pending[:-1]), character, action.card, log)
    elif isinstance(action, PlaceAllyUnder):
        ally = _top(state, PlaceAlly)
        where = (action.act or ally.act, action.slot)
        state = place_ally(ctx, state, ally, where, log, pending=state.pending[:-1])
    elif isinstance(action, ChooseDeck):
        draw = _top(state, ChooseDraw)
        state = draw_hand_card(ctx, state, draw.seat, action.deck, log, pending=state.pending[:-1])
    elif isinstance(action, GainTrait):
        state = gain_trait(ctx, state, action, log)
        state = open_priority(ctx, state, state.turn.seat, depth) if main else state
    elif isinstance(action, AttemptChallenge):
        state = begin_attempt(ctx, state, action, log)
    elif isinstance(action, Journey | FreeDiscard):
        state = discard_from_table(ctx, state, action, log)
        state = open_priority(ctx, state, state.turn.seat, depth) if main else state
    elif isinstance(action, EndTurn):
        state, waiting = declare_end(ctx, state, log)
        if not waiting:
            state = end_turn(ctx, state, log)
    else:
        for ext in ctx.expansions:
            if isinstance(action, ext.actions):
                state = ext.apply(ctx, state, action, log)
                break
        else:
            raise IllegalActionError(action, "no rule in this game applies that action")
    return settle(ctx, state, log), done


__all__ = ["apply"]
