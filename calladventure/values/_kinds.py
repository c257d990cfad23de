"""Kinds: what sort of card a card is (000 · Components) and what sort of game is played (000 · Facing Odium).

Plain enumerations, with no attrs classes behind them, so a command line that offers their
words as choices (``--mode``, ``--type``) can import them without the rest of the values layer.
:mod:`.cards` and :mod:`.state` re-export them.
"""

from __future__ import annotations

from enum import StrEnum

from ._errors import unknown_value


class CardType(StrEnum):
    """The kinds of card (000 · Components)."""

    @classmethod
    def _missing_(cls, value: object) -> CardType:
        raise unknown_value(cls, value)

    ORIGIN = "origin"
    MOTIVATION = "motivation"
    DESTINY = "destiny"
    TRAIT = "trait"
    CHALLENGE = "challenge"
    ALLY = "ally"
    ADVERSARY = "adversary"
    HERO = "hero"
    ANTIHERO = "antihero"
    QUEST = "quest"

    @property
    def is_character(self) -> bool:
        return self in (CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY)

    @property
    def is_story(self) -> bool:
        return self in (CardType.TRAIT, CardType.CHALLENGE, CardType.ALLY, CardType.ADVERSARY)

    @property
    def is_hand(self) -> bool:
        return self in (CardType.HERO, CardType.ANTIHERO)


class Mode(StrEnum):
    """Competitive play, or co-op / solo play against an Adversary (000 · Facing Odium: Solo and Co-op Play)."""

    @classmethod
    def _missing_(cls, value: object) -> Mode:
        raise unknown_value(cls, value)

    COMPETITIVE = "competitive"
    COOP = "coop"
    SOLO = "solo"


__all__ = ["CardType", "Mode"]
