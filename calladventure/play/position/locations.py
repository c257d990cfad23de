"""Where each card is: every card of a game is in exactly one place (``000 · Deal the Cards``).

:func:`card_locations` lists each card id of a state with the places it is in; :func:`misplaced`
names the cards of the game's sets that are in no place or in more than one, and
:func:`conserved` says yes or no fast. They are the engine's card-conservation invariant
(:mod:`calladventure.rules.zones`), which the tests check after every action.
"""

from __future__ import annotations

from ...rules import Context
from ...rules.zones import card_places, conserved, misplaced
from ...values.state import GameState

__all__ = ["card_locations", "conserved", "misplaced"]


def card_locations(state: GameState, ctx: Context | None = None) -> dict[str, list[str]]:
    """Every card id in the state with each place it is in (a card should be in exactly one).

    Pass the game's ``ctx`` to list the places its expansions keep too (an Adversary's deck …).
    """
    return card_places(state, ctx)
