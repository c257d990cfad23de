"""Competitive, co-op and solo play: the Destinies each mode leaves out.

``000 · FAQs: Competitive, Co-op and Solo play`` and ``000 · Glossary: Solo``: some Destinies
are not used in every mode. Cards say so with the tags ``not_solo`` / ``not_competitive``; the
Destinies the rule text names are left out by name as well (option ``mode_exclusions``).
"""

from __future__ import annotations

from ..values.cards import Card, CardType
from ..values.state import Config, Mode

#: Destinies left out by mode (000 · FAQs: Competitive, Co-op and Solo play; 000 · Glossary: Solo).
NOT_IN_SOLO = ("Stoneward", "Bondsmith")
NOT_IN_COMPETITIVE = ("Stoneward",)


def excluded(config: Config, card: Card) -> bool:
    """Whether a Destiny is left out in this mode (000 · FAQs: Competitive, Co-op and Solo play; option ``mode_exclusions``)."""
    if card.type is not CardType.DESTINY or not config.rules.mode_exclusions:
        return False
    if config.mode is Mode.SOLO:
        return "not_solo" in card.tags or card.name in NOT_IN_SOLO
    if config.mode is Mode.COMPETITIVE:
        return "not_competitive" in card.tags or card.name in NOT_IN_COMPETITIVE
    return False


__all__ = ["NOT_IN_COMPETITIVE", "NOT_IN_SOLO", "excluded"]
