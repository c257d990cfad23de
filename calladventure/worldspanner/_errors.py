"""Typed errors of the Worldspanner challenge-deck system (003).

Each one is a :class:`~calladventure.CallAdventureError` (so a ``ValueError``), says
why, and is raised before anything changes: the state passed in stays exactly as it was.
"""

from __future__ import annotations

from enum import StrEnum

from ..values._errors import CallAdventureError
from ..values._illegal import IllegalActionError


class Refusal(StrEnum):
    """Why an adventure is not allowed (``003 · Adventure Basics``)."""

    UNKNOWN_HERO = "unknown hero"
    WRONG_TEAM = "wrong team"
    WRONG_STEP = "wrong step"
    NOT_ON_A_SPACE = "not on a space"
    NO_PLAQUE = "no plaque"
    NO_RATING = "no such rating"


class AdventureNotAllowedError(IllegalActionError):
    """An adventure the rules forbid: wrong team, wrong step, no gold plaque (``003 · Adventure Basics``)."""

    def __init__(self, hero: str, refusal: Refusal, reason: str, legal: tuple[str, ...] = ()):
        self.hero = hero
        self.refusal = refusal
        super().__init__(f"adventure by {hero!r}", reason, legal, "003/adventure-basics")


class DeckError(CallAdventureError):
    """A malformed challenge card or deck: names the card and the field.

    Every card gives a face for each difference −6…+6 (``003 · Reading the Challenge card``).
    """

    def __init__(self, card: str | None, field: str | None, problem: str):
        self.card = card
        self.field = field
        self.problem = problem
        where = "challenge deck"
        if card:
            where += f", card {card!r}"
        if field:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")


class DifferenceError(CallAdventureError):
    """A difference outside −6 … +6 given where a card is read (``003 · Reading the Challenge card``)."""


class DeckExhaustedError(CallAdventureError):
    """A card is needed but the team's draw pile is empty and the rules say not to reshuffle."""

    def __init__(self, team: str):
        self.team = team
        super().__init__(
            f"the {team} challenge deck is empty and the rules option empty_deck='error' forbids an "
            "automatic reshuffle; call reshuffle(state, team) first (003 · Challenges says nothing here)"
        )


class FactionError(CallAdventureError):
    """A malformed faction table, or a faction id the table does not know (``003 · Faction Relations``)."""

    def __init__(self, faction: str | None, field: str | None, problem: str):
        self.faction = faction
        self.field = field
        self.problem = problem
        where = "faction table"
        if faction:
            where += f", faction {faction!r}"
        if field:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")


class TableSetupError(CallAdventureError):
    """A table (heroes, spaces, decks) that cannot be set up as given: says which item and why."""


__all__ = [
    "AdventureNotAllowedError",
    "DeckError",
    "DeckExhaustedError",
    "DifferenceError",
    "FactionError",
    "Refusal",
    "TableSetupError",
]
