"""The Adversary's Experience tokens (000 · The Adversary Quests), and the box's effect atom ``adversary_tokens``.

Each quest says how Odium gains and loses tokens; an ``adversary_tokens`` effect atom moves
them, never below zero. The atom is this box's, declared here once (its value and its
behaviour); it does nothing in a competitive game (no Adversary in play).
"""

from __future__ import annotations

import attrs

from ...rules._atom_rules import EffectCall, atom_rule
from ...rules._context import Context
from ...rules._table import log_event
from ...values._atoms import Effect, atom
from ...values._events import Log
from ...values._state import GameState
from ._copies import odium_with_tokens_gained_lost
from ._state import KEY, odium_of, with_odium


@atom("adversary_tokens", box=KEY, bounds={"amount": (-10, 10)})
@attrs.frozen
class AdversaryTokens(Effect):
    """The Adversary (Odium) gains ``amount`` Experience tokens, or loses them if negative; never below zero.

    ``000 · The Adversary Quests``: each quest says how Odium gains and loses tokens. No effect
    in a competitive game.
    """

    amount: int


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
    od = odium_with_tokens_gained_lost(od, new, od.gained + max(0, delta), od.lost + max(0, -delta))
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


@atom_rule(
    AdversaryTokens,
    words=lambda e: f"the Adversary {'gains' if e.amount >= 0 else 'loses'} {abs(e.amount)} token(s)",
)
def adversary_tokens(call: EffectCall[AdversaryTokens]) -> GameState:
    """The behaviour of the ``adversary_tokens`` effect atom (000 · The Adversary Quests)."""
    return change_tokens(call.ctx, call.state, call.effect.amount, call.source, call.log)


__all__ = ["AdversaryTokens", "adversary_tokens", "change_tokens"]
