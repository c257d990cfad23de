"""What a :class:`~calladventure.play.position.Position` holds for one seat and one Act row.

The values the builder collects before it lays the cards out: :class:`HeroSpec` (a seat's
Character cards, Story, Allies, hand, Experience and track level) and :class:`RowSpec` (an
Act's row, the top of its deck and its discard pile), the shapes a card may be given in, and
:class:`PositionError`, raised for a position that cannot be built (``000 · Deal the Cards``).
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from ...values._cards import CardType, Side
from ...values._errors import CallAdventureError

__all__ = [
    "HAND_TYPES",
    "STORY_TYPES",
    "TABLE_TYPES",
    "UNDER",
    "AllyItem",
    "HeroSpec",
    "PositionError",
    "RowSpec",
    "SlotItem",
    "StoryItem",
    "story_item",
]

#: A card under a Character card: a name or id (top path showing), or (card, "top" | "bottom").
StoryItem: TypeAlias = str | tuple[str, Side | str]
#: An Ally beside the Story: a name or id, or (card, sacrificed).
AllyItem: TypeAlias = str | tuple[str, bool]
#: A table slot: a card, (challenge, Ally tucked under it), or None for an empty slot.
SlotItem: TypeAlias = str | tuple[str, str] | None

#: The card types a Story holds (000 · Gain a Trait; 000 · Attempt a Challenge).
STORY_TYPES = (CardType.TRAIT, CardType.CHALLENGE, CardType.ADVERSARY)
#: The card types of an Act row and deck (000 · Prepare the Story Decks).
TABLE_TYPES = (CardType.TRAIT, CardType.CHALLENGE, CardType.ADVERSARY, CardType.ALLY)
#: The card types of a hand (000 · Hero and Antihero Cards).
HAND_TYPES = (CardType.HERO, CardType.ANTIHERO)
#: The three Character cards a Story goes under, in order (000 · Ending An Act).
UNDER = ("Origin", "Motivation", "Destiny")


class PositionError(CallAdventureError):
    """A position that cannot be built: it says which card or setting is wrong, and why."""


@attrs.frozen
class HeroSpec:
    """What is specified for one seat (None: not specified, the default applies)."""

    origin: str | None = None
    motivation: str | None = None
    destiny: str | None = None
    destiny_revealed: bool = False
    story: tuple[tuple[StoryItem, ...], ...] = ((), (), ())
    allies: tuple[AllyItem, ...] = ()
    hand: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    xp: int = 3
    virtue: int | None = None  # levels above the start (negative: below)
    level: int | None = None  # absolute level index, 0 = top of the track
    names: tuple[str, ...] = ()  # Names already learned (002 · Naming)


@attrs.frozen
class RowSpec:
    """One Act's row: its slots (None: dealt from the deck), whether it is face up, its deck top."""

    cards: tuple[SlotItem, ...] | None = None
    revealed: bool | None = None
    top: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()


def story_item(seat: int, index: int, item: StoryItem) -> StoryItem:
    """A Story card as given, its side checked: ``"top"`` or ``"bottom"`` (000 · Ending An Act)."""
    if isinstance(item, str):
        return item
    name, side = item
    try:
        return (name, Side(side))
    except ValueError:
        raise PositionError(
            f"P{seat + 1}, under the {UNDER[index]}: {name} shows 'top' or 'bottom', not {side!r}"
        ) from None
