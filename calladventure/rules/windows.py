"""Timing windows: before the runes are cast, and after the cast before the attempt resolves.

``000 · FAQs: Card timing`` and ``000 · Hero and Antihero Cards``: Hero and Antihero cards are
played "before any hero attempts" or "as any hero attempts", by any player; played cards
resolve in reverse order of play. A window goes round the seats from the attempting one;
seats with nothing they may play are skipped (hard-parts #9); when every seat has passed the
window closes: its stack resolves last-first, then the cast is due (before) or the attempt
resolves or is cast again (as).
"""

from __future__ import annotations

from ..values.actions import Action
from ..values.effects import Timing
from ..values.events import Log
from ..values.state import AwaitCast, ChooseRecastDark, GameState, Pending, Window, WindowKind, evolve
from .attempts import recast_dark_allowed
from .context import Context
from .plays import hand_playable, resolve_card, usable_powers
from .resolve import resolve_attempt
from .story import card_ids

_TIMINGS = {
    WindowKind.BEFORE: (Timing.BEFORE_ATTEMPT, Timing.ANY_TIME),
    WindowKind.AS: (Timing.AS_ATTEMPT, Timing.ANY_TIME),
}


def window_for(state: GameState, kind: WindowKind, seat: int) -> Window:
    """A new window going round the table from ``seat`` (000 · FAQs: Card timing)."""
    n = len(state.players)
    return Window(kind, tuple((seat + k) % n for k in range(n)))


def window_options(ctx: Context, state: GameState, seat: int, window: Window) -> list[Action]:
    """What ``seat`` may play in the window: its hand's cards of that timing; the attempting hero's powers too."""
    timings = _TIMINGS[window.kind]
    opts: list[Action] = list(hand_playable(ctx, state, seat, timings))
    attempt = state.attempt
    if attempt is not None and attempt.seat == seat:
        opts.extend(usable_powers(ctx, state, seat, timings))
    return opts


def window_has_options(ctx: Context, state: GameState, seat: int, window: Window) -> bool:
    """A cheap pre-check of :func:`window_options` (hard-parts #9: most seats have nothing to play)."""
    timing = Timing.BEFORE_ATTEMPT if window.kind is WindowKind.BEFORE else Timing.AS_ATTEMPT
    player = state.players[seat]
    db = ctx.db
    for cid in player.hand:
        play = db[cid].play
        if play is not None and (play.timing is timing or play.timing is Timing.ANY_TIME):
            break
    else:
        attempting = state.attempt is not None and state.attempt.seat == seat
        has = ctx.with_powers
        if not attempting or not any(c in has for c in card_ids(player)):
            return False
    return bool(window_options(ctx, state, seat, window))


def trim_window(ctx: Context, state: GameState) -> GameState:
    """Skip the seats at the front of the open window that have nothing to play (idempotent)."""
    window = state.pending[-1]
    assert isinstance(window, Window)
    order = window.order
    k = 0
    while k < len(order) and not window_has_options(ctx, state, order[k], window):
        k += 1
    if k == 0:
        return state
    return evolve(state, pending=(*state.pending[:-1], evolve(window, order=order[k:])))


def pass_window(state: GameState) -> GameState:
    """The seat to decide plays nothing (more) in this window."""
    window = state.pending[-1]
    assert isinstance(window, Window)
    return evolve(state, pending=(*state.pending[:-1], evolve(window, order=window.order[1:])))


def close_window(ctx: Context, state: GameState, log: Log) -> GameState:
    """Resolve the cards played in the window, last played first (000 · Hero and Antihero Cards)."""
    window = state.pending[-1]
    assert isinstance(window, Window)
    state = evolve(state, pending=state.pending[:-1])
    for seat, cid, target in reversed(window.stack):
        state = resolve_card(ctx, state, seat, cid, target, log)
    if window.kind is WindowKind.AS:
        att = state.attempt
        if att is not None and att.reattempt:
            pending: tuple[Pending, ...] = (*state.pending, AwaitCast(att.seat))
            if recast_dark_allowed(ctx, state, att):  # more Dark runes may be bought first (open question 8)
                pending = (*pending, ChooseRecastDark(att.seat))
            return evolve(state, pending=pending)
        return resolve_attempt(ctx, state, log)
    return state


__all__ = [
    "close_window",
    "pass_window",
    "trim_window",
    "window_for",
    "window_has_options",
    "window_options",
]
