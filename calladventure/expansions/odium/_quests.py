"""Adversary Quest triggers: how the Adversary gains and loses tokens during play (000 · The Adversary Quests).

A quest card (and, in the core game, Rise of the Adversary) has powers whose triggers fire
for *every* hero: ``on_corruption`` once per Corruption a hero gains, ``on_virtue`` once per
Virtue, ``on_radiant_added`` once per Radiant icon a gained path or Ally adds to a Story,
``on_fail`` / ``on_success`` / ``on_turn_start`` as for a hero's own cards. Their effects
(usually ``adversary_tokens``) apply with that hero as the target.

``000 · FAQs: Whenever a hero gains Corruption``: not triggered by what is in place at the
start of the game (so nothing fires during setup), and as often as it happens in a turn.
``000 · FAQs: Whenever a Radiant icon is added``: gaining a Challenge, Trait or Ally with a
Radiant icon; not revealing a Radiant Destiny, nor temporary ("until end of turn") icons.
"""

from __future__ import annotations

from ...rules._context import Context
from ...rules._effects import apply_effect
from ...rules._story import meets
from ...rules._table import log_event
from ...values._cards import Card
from ...values._effects import Power, Trigger
from ...values._events import Log
from ...values._members import PHASE_PLAY
from ...values._state import GameState, evolve
from ._state import odium_of, with_odium
from ._tokens import AdversaryTokens

#: The rule section each quest trigger comes from.
SECTION: dict[Trigger, str] = {
    Trigger.ON_CORRUPTION: "000/faqs-whenever-a-hero-gains-corruption",
    Trigger.ON_RADIANT_ADDED: "000/faqs-whenever-a-radiant-icon-is-added",
}


def fire(ctx: Context, state: GameState, seat: int, trigger: Trigger, log: Log) -> GameState:
    """Run the powers of the co-op rule cards that ``trigger`` sets off for hero ``seat``."""
    od = odium_of(state)
    if od is None or state.phase is not PHASE_PLAY:
        return state
    for cid, card, power in _rule_powers(ctx, od.rules, trigger):
        if not meets(ctx, state, seat, power.requires):
            continue
        if log is not None:
            section = SECTION.get(trigger, "000/the-adversary-quests")
            log_event(log, state, section, f"{card.name}: {power.text or trigger.value}", seat)
        for eff in power.effects:
            state = apply_effect(ctx, state, eff, cid, seat, seat, power.duration, log)
    return state


def _rule_powers(
    ctx: Context, rules: tuple[str, ...], trigger: Trigger
) -> tuple[tuple[str, Card, Power], ...]:
    """The powers of the co-op rule cards with this trigger, in card order (worked out once per context)."""
    key = ("odium-rule-powers", rules, trigger)
    found: tuple[tuple[str, Card, Power], ...] | None = ctx.memo.get(key)
    if found is None:
        found = ctx.remember(
            key,
            tuple(
                (cid, ctx.db[cid], power)
                for cid in rules
                for power in ctx.db[cid].powers
                if power.trigger is trigger
            ),
        )
    return found


def take_back(ctx: Context, state: GameState, seat: int, levels: int, log: Log) -> GameState:
    """Corruption ignored after all (000 · Glossary: Re-attempt): the tokens its "whenever a hero gains
    Corruption" gave the Adversary are taken back, once per level."""
    od = odium_of(state)
    if od is None or state.phase is not PHASE_PLAY:
        return state
    back = 0
    for cid in od.rules:
        for power in ctx.db[cid].powers:
            if power.trigger is Trigger.ON_CORRUPTION and meets(ctx, state, seat, power.requires):
                back += sum(e.amount for e in power.effects if isinstance(e, AdversaryTokens))
    back = min(back * levels, od.tokens) if back > 0 else 0
    if not back:
        return state
    state = with_odium(state, evolve(od, tokens=od.tokens - back, gained=max(0, od.gained - back)))
    if log is not None:
        log_event(
            log,
            state,
            SECTION[Trigger.ON_CORRUPTION],
            f"the ignored Corruption gives no token: {ctx.db[od.adversary].name} gives back {back}",
            seat,
        )
    return state


__all__ = ["SECTION", "fire", "take_back"]
