"""Timing windows and their stacks: priority that passes round the table.

``000 · Hero and Antihero Cards``: cards are played "before any hero attempts", "as any hero
attempts", or, with no printed timing, at any time, and "can even interrupt other players'
actions"; they "resolve in reverse order, starting with the last card played". ``000 · FAQs:
Card timing`` says when each window is. A window asks the seats in turn order; after any card
or power is played every seat may answer again, from the next seat on; the window closes only
when every seat has passed in succession. Then its stack resolves, last played first, one card
at a time (a card may ask a decision on the way), and what the window frames follows: the cast
(before), the attempt's resolution or re-cast (as), the main phase (any time), or the end of the
turn (end of turn: :mod:`calladventure.rules.flow`).

Seats with nothing they may play are skipped (option ``stops = "skip_empty"``; with
``"every_seat"`` every seat is asked), after a cheap pre-check (hard-parts #9).
"""

from __future__ import annotations

from ..values.actions import Action
from ..values.effects import Timing
from ..values.events import Log
from ..values.options import Stops
from ..values.state import AwaitCast, ChooseRecastDark, GameState, Pending, Window, WindowKind, evolve
from .attempts import recast_dark_allowed
from .context import Context
from .plays import hand_playable, resolve_card, usable_powers
from .resolve import resolve_attempt
from .story import held_cards
from .table import log_event

#: The timings of the cards and powers each window accepts (000 · FAQs: Card timing).
TIMINGS: dict[WindowKind, tuple[Timing, ...]] = {
    WindowKind.BEFORE: (Timing.BEFORE_ATTEMPT, Timing.ANY_TIME),
    WindowKind.AS: (Timing.AS_ATTEMPT, Timing.ANY_TIME),
    WindowKind.ANY: (Timing.ANY_TIME,),
    WindowKind.END: (Timing.ANY_TIME,),
}

#: How each window reads in words (the log, refusals, front ends).
WINDOW_WORDS: dict[WindowKind, str] = {
    WindowKind.BEFORE: "before the runes are cast",
    WindowKind.AS: "after the cast, before the attempt resolves",
    WindowKind.ANY: "after the active hero's action",
    WindowKind.END: "as the turn ends",
}


def round_from(state: GameState, seat: int) -> tuple[int, ...]:
    """Every seat in turn order, ``seat`` first."""
    n = len(state.players)
    return tuple((seat + k) % n for k in range(n))


def window_for(state: GameState, kind: WindowKind, seat: int) -> Window:
    """A new window going round the table from ``seat`` (000 · FAQs: Card timing)."""
    return Window(kind, round_from(state, seat))


def others_first(state: GameState, seat: int) -> tuple[int, ...]:
    """The other seats in turn order from the next one: who may answer ``seat``'s action."""
    return round_from(state, seat)[1:]


#: The last answer of :func:`window_options` (the same question is asked by the pre-check, then by
#: ``legal_actions``): a cache of immutable values, checked by identity (hard-parts #9).
_LAST: list[tuple[Context, GameState, int, Window, tuple[Action, ...]]] = []


def window_options(ctx: Context, state: GameState, seat: int, window: Window) -> tuple[Action, ...]:
    """What ``seat`` may play in the window: its hand's cards of that timing, and its powers."""
    if _LAST:
        c, st, s, w, found = _LAST[0]
        if c is ctx and st is state and s == seat and w is window:
            return found
    timings = TIMINGS[window.kind]
    opts: list[Action] = list(hand_playable(ctx, state, seat, timings))
    if seat == state.turn.seat or _helps(ctx, state, seat, timings):
        opts.extend(usable_powers(ctx, state, seat, timings))
    result = tuple(opts)
    _LAST[:] = [(ctx, state, seat, window, result)]
    return result


def helpers_at(ctx: Context, timings: tuple[Timing, ...]) -> frozenset[str]:
    """The cards with a power that may help another hero at one of these timings (computed once per context)."""
    key = ("helpers", timings)
    found: frozenset[str] | None = ctx.memo.get(key)
    if found is None:
        found = ctx.memo[key] = frozenset().union(*(ctx.helpers.get(t, frozenset()) for t in timings))
    return found


def _helps(ctx: Context, state: GameState, seat: int, timings: tuple[Timing, ...]) -> bool:
    """Whether the seat has a card whose power may help another hero at one of these timings."""
    helpers = helpers_at(ctx, timings)
    return bool(helpers) and not helpers.isdisjoint(held_cards(ctx, state.players[seat]))


def window_has_options(ctx: Context, state: GameState, seat: int, window: Window) -> bool:
    """A cheap pre-check of :func:`window_options` (hard-parts #9: most seats have nothing to play)."""
    timings = TIMINGS[window.kind]
    player = state.players[seat]
    db = ctx.db
    for cid in player.hand:
        play = db[cid].play
        if play is not None and play.timing in timings:
            break
    else:
        if seat == state.turn.seat:
            if ctx.with_powers.isdisjoint(held_cards(ctx, player)):
                return False
        elif not _helps(ctx, state, seat, timings):
            return False
    return bool(window_options(ctx, state, seat, window))


def trim_window(ctx: Context, state: GameState) -> GameState:
    """Skip the seats at the front of the open window that have nothing to play (idempotent)."""
    window = state.pending[-1]
    assert isinstance(window, Window)
    if window.closing or ctx.config.rules.stops is Stops.EVERY_SEAT:
        return state
    order = window.order
    k = 0
    while k < len(order) and not window_has_options(ctx, state, order[k], window):
        k += 1
    if k == 0:
        return state
    return evolve(state, pending=(*state.pending[:-1], evolve(window, order=order[k:])))


def pass_window(state: GameState) -> GameState:
    """The seat to decide plays nothing (more) in this round of the window."""
    window = state.pending[-1]
    assert isinstance(window, Window)
    return evolve(state, pending=(*state.pending[:-1], evolve(window, order=window.order[1:])))


def answered(
    state: GameState, seat: int, card: tuple[int, str, int] | None = None, at: int | None = None
) -> GameState:
    """``seat`` played a card (put on the stack) or used a power: every seat may answer again, from the next.

    ``at``: where the window is in the pending stack (a power may have pushed a decision above it).
    """
    i = len(state.pending) - 1 if at is None else at
    window = state.pending[i]
    assert isinstance(window, Window)
    stack = (*window.stack, card) if card is not None else window.stack
    order = round_from(state, (seat + 1) % len(state.players))
    pending = list(state.pending)
    pending[i] = evolve(window, order=order, stack=stack)
    return evolve(state, pending=tuple(pending))


def close_step(ctx: Context, state: GameState, log: Log) -> tuple[GameState, Window | None]:
    """One step of a window whose round is over: resolve its last played card, or take the window away.

    Returns the state and, once the window is gone, the window (its kind says what follows);
    a resolving card may push a decision above the window, which then waits for it.
    """
    window = state.pending[-1]
    assert isinstance(window, Window)
    if not window.stack:  # nothing played (the common case), or all of it resolved
        return evolve(state, pending=state.pending[:-1]), window
    if not window.closing and log is not None and len(window.stack) > 1:
        names = ", ".join(ctx.db[cid].name for _s, cid, _t in reversed(window.stack))
        log_event(
            log,
            state,
            "000/hero-and-antihero-cards",
            f"every seat has passed: the stack resolves, last played first: {names}",
        )
    seat, cid, target = window.stack[-1]
    window = evolve(window, stack=window.stack[:-1], closing=True)
    state = evolve(state, pending=(*state.pending[:-1], window))
    return resolve_card(ctx, state, seat, cid, target, log), None


def after_attempt_window(ctx: Context, state: GameState, log: Log) -> GameState:
    """The "as any hero attempts" window is over: cast again for a re-attempt, else resolve the attempt."""
    att = state.attempt
    if att is not None and att.reattempt:
        pending: tuple[Pending, ...] = (*state.pending, AwaitCast(att.seat))
        if recast_dark_allowed(ctx, state, att):  # more Dark runes may be bought first (open question 8)
            pending = (*pending, ChooseRecastDark(att.seat))
        return evolve(state, pending=pending)
    return resolve_attempt(ctx, state, log)


__all__ = [
    "TIMINGS",
    "WINDOW_WORDS",
    "after_attempt_window",
    "answered",
    "close_step",
    "helpers_at",
    "others_first",
    "pass_window",
    "round_from",
    "trim_window",
    "window_for",
    "window_has_options",
    "window_options",
]
