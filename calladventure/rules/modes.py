"""Competitive, co-op and solo play: the Destinies each mode leaves out.

``000 · FAQs: Competitive, Co-op and Solo play`` and ``000 · Glossary: Solo``: some Destinies
are not used in every mode. Their cards say so with the tags ``not_solo`` / ``not_competitive``
(the card data of the box that prints them); option ``mode_exclusions`` turns the rule off.
"""

from __future__ import annotations

from ..values.cards import Card, CardType
from ..values.state import Config, Mode


def excluded(config: Config, card: Card) -> bool:
    """Whether a Destiny is left out in this mode (000 · FAQs: Competitive, Co-op and Solo play; option ``mode_exclusions``)."""
    if card.type is not CardType.DESTINY or not config.rules.mode_exclusions:
        return False
    if config.mode is Mode.SOLO:
        return "not_solo" in card.tags
    if config.mode is Mode.COMPETITIVE:
        return "not_competitive" in card.tags
    return False


__all__ = ["excluded"]
