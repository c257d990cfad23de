"""Loyalty to Odium under Contest of Champions (000 · FAQs: Loyalty to Odium in Contest of Champions).

As a hero begins Act III under a quest tagged ``loyalty``, it decides: pledge loyalty (take
Odium's tokens as Experience, side with him, never face him) or stay with the heroes.
"""

from __future__ import annotations

from ...rules._context import Context
from ...rules._table import log_event, set_player
from ...values._events import Log
from ...values._state import Decision, GameState, Mode, evolve
from ._actions import DeclareLoyalty
from ._state import KEY, odium_of, with_odium

#: The kind of the loyalty decision (``Decision.kind``).
LOYALTY = "loyalty"


def begin_act_three(ctx: Context, state: GameState, seat: int, log: Log) -> GameState:
    """As a hero begins Act III under a loyalty quest, it declares loyalty to Odium or not."""
    od = odium_of(state)
    if od is None or od.quest is None or "loyalty" not in ctx.db[od.quest].tags or seat in od.loyalists:
        return state
    if state.config.mode is not Mode.COOP:
        return state
    if log is not None:
        log_event(
            log,
            state,
            "000/faqs-loyalty-to-odium-in-contest-of-champions",
            "begins Act III: pledge loyalty to Odium?",
            seat,
        )
    return evolve(state, pending=(*state.pending, Decision(seat, KEY, LOYALTY)))


def declare(ctx: Context, state: GameState, action: DeclareLoyalty, log: Log) -> GameState:
    """Pledge: take Odium's tokens as Experience and side with him; or stay with the heroes."""
    top = state.pending[-1]
    assert isinstance(top, Decision) and top.source == KEY
    state = evolve(state, pending=state.pending[:-1])
    od = odium_of(state)
    assert od is not None
    seat = top.seat
    if not action.pledge:
        if log is not None:
            log_event(
                log, state, "000/faqs-loyalty-to-odium-in-contest-of-champions", "stays with the heroes", seat
            )
        return state
    taken = od.tokens
    state = with_odium(state, evolve(od, loyalists=(*od.loyalists, seat), tokens=0, lost=od.lost + taken))
    state = set_player(state, seat, xp=state.players[seat].xp + taken)
    if log is not None:
        log_event(
            log,
            state,
            "000/faqs-loyalty-to-odium-in-contest-of-champions",
            f"pledges loyalty to Odium and takes his {taken} token(s) as Experience; will not face him",
            seat,
        )
    return state


__all__ = ["LOYALTY", "begin_act_three", "declare"]
