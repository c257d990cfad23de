"""The Adversary's Experience tokens (000 · The Adversary Quests), and the ``adversary_tokens`` effect.

Each quest says how Odium gains and loses tokens; an ``adversary_tokens`` effect atom moves
them, never below zero. It does nothing in a competitive game (no Adversary).
"""

from __future__ import annotations

from ...rules.context import Context
from ...rules.table import log_event
from ...values.copying import replacer
from ...values.effects import AdversaryTokens, Duration
from ...values.events import Log
from ...values.state import GameState
from .state import OdiumState, odium_of, with_odium

_tokens_moved = replacer(OdiumState, "tokens", "gained", "lost")  # the Adversary's copy (values/copying.py)


def change_tokens(ctx: Context, state: GameState, amount: int, source: str, log: Log) -> GameState:
    """The Adversary gains (or loses) Experience tokens, never below zero (000 · The Adversary Quests)."""
    od = odium_of(state)
    if od is None or amount == 0:
        return state
    new = max(0, od.tokens + amount)
    delta = new - od.tokens
    if delta == 0:
        if log is not None:
            log_event(
                log,
                state,
                "000/the-adversary-quests",
                f"{ctx.db[source].name}: the Adversary has no token to lose",
            )
        return state
    od = _tokens_moved(od, new, od.gained + max(0, delta), od.lost + max(0, -delta))
    state = with_odium(state, od)
    if log is not None:
        name = ctx.db[od.adversary].name
        verb = "gains" if delta > 0 else "loses"
        log_event(
            log,
            state,
            "000/the-adversary-quests",
            f"{ctx.db[source].name}: {name} {verb} {abs(delta)} token(s), now {new}",
        )
    return state


def adversary_tokens(
    ctx: Context,
    state: GameState,
    eff: AdversaryTokens,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    """The handler of the ``adversary_tokens`` effect atom (000 · The Adversary Quests)."""
    return change_tokens(ctx, state, eff.amount, source, log)


__all__ = ["adversary_tokens", "change_tokens"]
