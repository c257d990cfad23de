"""Card references of a position: a name or id resolved to one card, placed exactly once.

:class:`Placement` is what the layout uses to turn ``"Brave"`` or ``"core/brave#2"`` into a
:class:`~calladventure.values._cards.Card` and remember where it went, so that no card is in two
places and no card removed from a first game is placed (``001 · Prepare the Story Decks``).

Once built, every card of a game is in exactly one place (``000 · Deal the Cards``):
:func:`card_locations` lists each card id of a state with the places it is in, the engine's
card-conservation invariant (:mod:`calladventure.rules._zones`), which the tests check after
every action.
"""

from __future__ import annotations

from ...rules import Context
from ...rules._zones import card_places
from ...values._cards import Card, CardType
from ...values._errors import UnknownCardError
from ...values._state import GameState
from ._specs import PositionError

__all__ = ["Placement", "card_locations"]


class Placement:
    """The cards placed so far, each with where it is (one per position being built)."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.where: dict[str, str] = {}  # card id → where it was placed

    def take(self, ref: str, where: str, types: tuple[CardType, ...]) -> Card:
        """The card a name or id refers to, marked as placed at ``where``.

        The card is found by :meth:`Context.resolve` among those not placed yet (a name takes
        the first copy left). A card placed twice, a card of the wrong type or one out of a
        first game is a :class:`PositionError`; an unknown name an
        :class:`~calladventure.values._errors.UnknownCardError` suggesting close names, a name
        several different cards share an :class:`~calladventure.values._errors.AmbiguousCardError`.
        """
        free = [cid for cid in self.ctx.db if cid not in self.where]
        try:
            card = self.ctx.resolve(ref, among=free, where="left to place")
        except UnknownCardError as exc:
            if not exc.elsewhere:  # no such card, or several different ones
                raise exc.at(where) from None
            name = self.ctx.db[exc.elsewhere[0]].name
            places = ", ".join(self.where[cid] for cid in exc.elsewhere if cid in self.where)
            raise PositionError(f"{name} is placed twice: in {places} and in {where}") from None
        if card.type not in types:
            wanted = " or ".join(t.value for t in types)
            raise PositionError(f"{where}: {card.name} is a {card.type.value} card, not {wanted}")
        if self.out_of_game(card):
            raise PositionError(
                f"{where}: {card.name} is removed from the game in a first game "
                "(001 · Prepare the Story Decks)"
            )
        self.where[card.id] = where
        return card

    def out_of_game(self, card: Card) -> bool:
        """Out of a first game: Allies, Adversaries and related cards (001 · Prepare the Story Decks)."""
        if not self.ctx.config.rules.first_game:
            return False
        return card.first_game_remove or card.type in (CardType.ALLY, CardType.ADVERSARY)

    @staticmethod
    def check_act(card: Card, act: int, where: str) -> None:
        """A story card belongs to its own Act's row and deck (000 · Prepare the Story Decks)."""
        if card.act != act:
            raise PositionError(f"{where}: {card.name} belongs to the Act {card.act} deck, not Act {act}")


def card_locations(state: GameState, ctx: Context | None = None) -> dict[str, list[str]]:
    """Every card id in the state with each place it is in (a card should be in exactly one).

    Pass the game's ``ctx`` to list the places its expansions keep too (an Adversary's deck …).
    """
    return card_places(state, ctx)
