""" "Reveal this Destiny" abilities (002 · FAQs: Reveal this Destiny).

A Destiny tagged ``reveal_once`` has one-time abilities usable at any time while it is face
down; using one turns the Destiny face up, which marks it used.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...rules.context import Context
from ...rules.table import log_event, set_player
from ...values.cards import Card
from ...values.effects import Power, Trigger
from ...values.events import Log
from ...values.state import GameState, Player
from .names import REVEAL_TAG


def with_reveal_powers(
    ctx: Context, player: Player, found: Iterable[tuple[Card, int, Power]]
) -> Iterator[tuple[Card, int, Power]]:
    """The hero's powers plus a hidden ``reveal_once`` Destiny's abilities, usable until it is face up."""
    destiny = player.destiny
    card = ctx.db[destiny] if destiny is not None else None
    if card is None or REVEAL_TAG not in card.tags:
        yield from found
        return
    for item in found:
        if not (item[0] is card and item[2].trigger is Trigger.ACTIVATED):
            yield item
    if not player.destiny_revealed:
        for i, power in enumerate(card.powers):
            if power.trigger is Trigger.ACTIVATED:
                yield card, i, power


def reveal_destiny(ctx: Context, state: GameState, seat: int, card: Card, log: Log) -> GameState:
    """Using a ``reveal_once`` Destiny's ability turns it face up for the rest of the game."""
    player = state.players[seat]
    if card.id != player.destiny or REVEAL_TAG not in card.tags or player.destiny_revealed:
        return state
    state = set_player(state, seat, destiny_revealed=True)
    log_event(
        log, state, "002/faqs-reveal-this-destiny", f"reveals {card.name} to use its one-time ability", seat
    )
    return state


__all__ = ["reveal_destiny", "with_reveal_powers"]
