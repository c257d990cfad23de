"""Rules options for where 003 is silent (``INDEX · What the texts leave open``).

``003 · Challenges`` says used cards go to a discard pile that nobody may look through, but not
what happens when a team's deck runs out. The public online rules also draw a challenge card to
place a dismissed hero in a Dome; 003 does not. Both are options here, documented in
``docs/worldspanner.md``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import attrs

from ..values._errors import RulesOptionError


class EmptyDeck(StrEnum):
    """What happens when a card is needed and the team's draw pile is empty."""

    RESHUFFLE = "reshuffle"
    """Shuffle the team's discard pile to make a new draw pile, then draw (the default)."""

    ERROR = "error"
    """Raise DeckExhaustedError and change nothing; the caller decides (e.g. calls ``reshuffle``)."""


def _empty_deck(value: Any) -> EmptyDeck:
    try:
        return EmptyDeck(value)
    except ValueError:
        known = ", ".join(repr(e.value) for e in EmptyDeck)
        raise RulesOptionError(f"empty_deck must be one of {known}, not {value!r}") from None


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise RulesOptionError(f"dismissal_draws must be True or False, not {value!r}")
    return value


@attrs.frozen
class WorldspannerRules:
    """The options of the challenge-deck system; the defaults are argued in ``docs/worldspanner.md``.

    ``empty_deck``: see :class:`EmptyDeck` (default ``"reshuffle"``).
    ``dismissal_draws``: if True, placing a dismissed hero in a Dome draws a card from the hero's
    own deck and placing a banished hero draws from the enemy's deck (the public online rules);
    the card's Dome range is logged. Default False: 003 does not say so.
    """

    empty_deck: EmptyDeck = attrs.field(default=EmptyDeck.RESHUFFLE, converter=_empty_deck)
    dismissal_draws: bool = attrs.field(default=False, converter=_flag)


__all__ = [
    "EmptyDeck",
    "WorldspannerRules",
]
