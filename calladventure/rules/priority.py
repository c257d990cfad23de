"""Priority points outside the attempt windows: the other seats answer the active hero's actions.

``000 · Hero and Antihero Cards``: cards with no printed timing "can be played at any time.
These cards' effects can even interrupt other players' actions" (``001 · Hero And Antihero
Cards`` says the same). So after each action of the active hero in its main phase (a trait
gained, a journey, a free discard, a power used, a card played, the end of the turn declared)
the other seats may play such cards: an ``any_time`` window opens under whatever the action
asked (a draw, an Ally to place), or an ``end_of_turn`` window, after which the turn ends. A
card the active hero plays waits on that window's stack, so an answer resolves first.

It must cost nothing when nobody can answer (hard-parts #9): the windows open only when another
seat holds a card of no printed timing, or has a power that helps others, that it may play now
(or when option ``stops = "every_seat"`` asks every seat anyway).
"""

from __future__ import annotations

from ..values.actions import PlayCard
from ..values.effects import Timing
from ..values.events import Log
from ..values.options import Stops
from ..values.state import GameState, Window, WindowKind, evolve
from .context import Context
from .plays import resolve_card, take_card
from .table import log_event
from .windows import PROBES, first_able, others_first

# enum members read on hot paths, kept as module constants (design § 9: a read from the class is a hook call)
_EVERY_SEAT, _ANY_TIME, _END = Stops.EVERY_SEAT, Timing.ANY_TIME, WindowKind.END


def others_may_answer(ctx: Context, state: GameState, seat: int, kind: WindowKind = WindowKind.ANY) -> bool:
    """Whether another seat may answer ``seat``'s action now (cheap when nobody holds such a card)."""
    if len(state.players) < 2:
        return False
    if ctx.config.rules.stops is _EVERY_SEAT:
        return True
    others = others_first(state, seat)
    if not ctx.helpers.get(_ANY_TIME):  # then only a card with no printed timing may answer:
        any_time = ctx.any_time  # the seats before the first that holds one are skipped at once
        players = state.players
        for k, other in enumerate(others):
            if not any_time.isdisjoint(players[other].hand):
                others = others[k:]
                break
        else:
            return False
    return first_able(ctx, state, others, PROBES[kind]) < len(others)


def open_priority(ctx: Context, state: GameState, seat: int, depth: int) -> GameState:
    """After an action of the active hero: the others may answer, once what the action asked is decided.

    The window goes under the decisions the action pushed (those above ``depth``).
    """
    if not others_may_answer(ctx, state, seat):
        return state
    window = Window(WindowKind.ANY, others_first(state, seat))
    pending = state.pending
    return evolve(state, pending=(*pending[:depth], window, *pending[depth:]))


def play_in_main(ctx: Context, state: GameState, seat: int, action: PlayCard, log: Log) -> GameState:
    """A card the active hero plays outside the attempt windows: it waits for the others' answers, if any.

    With nobody able to answer it resolves at once (000 · Hero and Antihero Cards).
    """
    state = take_card(ctx, state, seat, action, log)
    if not others_may_answer(ctx, state, seat):
        return resolve_card(ctx, state, seat, action.card, action.target, log)
    window = Window(WindowKind.ANY, others_first(state, seat), ((seat, action.card, action.target),))
    return evolve(state, pending=(*state.pending, window))


def declare_end(ctx: Context, state: GameState, log: Log) -> tuple[GameState, bool]:
    """The active hero declares the end of its turn: True when the others may still answer first.

    Then an ``end_of_turn`` window opens and the turn ends when it closes (:mod:`calladventure.rules.flow`).
    """
    seat = state.turn.seat
    if not others_may_answer(ctx, state, seat, _END):
        return state, False
    if log is not None:
        log_event(
            log,
            state,
            "000/hero-and-antihero-cards",
            "declares the end of the turn: the other heroes may still play cards with no printed timing",
            seat,
        )
    window = Window(_END, others_first(state, seat))
    return evolve(state, pending=(*state.pending, window)), True


__all__ = ["declare_end", "open_priority", "others_may_answer", "play_in_main"]
