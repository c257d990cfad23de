"""A fluent builder for exact game positions: rules clarification, scenarios and tests.

Put cards where you want them, then play from there::

    state = (
        Position(players=2, seed=1)
        .hero(0, origin="Farmer", motivation="Thrill Seeker", destiny="Wise Master", xp=4)
        .row(1, ["Wild Boar Hunt", ("Find a Lost Child", "Some Ally"), "Brave", "Thieves' Guild"])
        .turn(0)
        .build()
    )
    game = Game.from_state(state)

Every builder method returns a new :class:`Position` (it is a frozen value). :meth:`Position.build`
checks the position (unknown cards, a card placed twice, more than three cards under a Character
card …, each a :class:`PositionError` or :class:`~calladventure.UnknownCardError`) and puts
every card of the chosen sets that was not placed where it belongs, so every card is in exactly one
place: story cards in their Act deck, Hero and Antihero cards in their deck, unchosen Character
cards out of the game (``000 · Deal the Cards``). The position is the start of the given seat's
turn, after its start-of-turn effects.

The package holds :mod:`.specs` (what is given per seat and per row), :mod:`.builder` (the
:class:`Position` value), :mod:`.placement`, :mod:`.seats` and :mod:`.layout` (turning it into a
:class:`GameState`; :func:`card_locations` with :func:`misplaced` and :func:`conserved` of
:mod:`calladventure.rules._zones`: the one-place invariant) and :mod:`.cardsets` (:func:`card_set`).
"""

from __future__ import annotations

from ...rules._zones import conserved, misplaced
from ._builder import Position
from ._cardsets import card_set
from ._placement import card_locations
from ._specs import AllyItem, HeroSpec, PositionError, RowSpec, SlotItem, StoryItem

__all__ = [
    "AllyItem",
    "HeroSpec",
    "Position",
    "PositionError",
    "RowSpec",
    "SlotItem",
    "StoryItem",
    "card_locations",
    "card_set",
    "conserved",
    "misplaced",
]
