"""The icons printed on cards: ability runes, story icons, Name icons and the other marks.

Sources: ``000 · Ability Runes`` (the six abilities), ``000 · Story Icons`` (story icons,
Radiant), ``002 · New Story Icon`` (Music replaces Nature), ``002 · Naming`` (Wind, Fire,
Iron), ``000 · Hero and Antihero Cards`` (triangles on paths), ``000 · Glossary: Corruption``.
Nature is the core game's story icon that 002 says Music replaces.
"""

from __future__ import annotations

from enum import StrEnum


class Icon(StrEnum):
    """Every icon a path, trait or Character card can show."""

    # Ability rune icons (000 · Ability Runes).
    STRENGTH = "strength"
    DEXTERITY = "dexterity"
    CONSTITUTION = "constitution"
    INTELLIGENCE = "intelligence"
    WISDOM = "wisdom"
    CHARISMA = "charisma"
    # Story icons (000 · Story Icons; 002 · New Story Icon).
    DIVINITY = "divinity"
    JUSTICE = "justice"
    ARCANA = "arcana"
    ROYALTY = "royalty"
    VILLAINY = "villainy"
    NATURE = "nature"
    MUSIC = "music"
    RADIANT = "radiant"
    # Name icons (002 · Naming).
    WIND = "wind"
    FIRE = "fire"
    IRON = "iron"
    # Marks that act when the path is gained (000 · Hero and Antihero Cards; Glossary: Corruption).
    VIRTUE = "virtue"
    CORRUPTION = "corruption"
    HERO = "hero"
    ANTIHERO = "antihero"

    @property
    def is_ability(self) -> bool:
        return self in ABILITIES

    @property
    def is_story(self) -> bool:
        return self in STORY_ICONS

    @property
    def is_name(self) -> bool:
        return self in NAME_ICONS


ABILITIES: tuple[Icon, ...] = (
    Icon.STRENGTH,
    Icon.DEXTERITY,
    Icon.CONSTITUTION,
    Icon.INTELLIGENCE,
    Icon.WISDOM,
    Icon.CHARISMA,
)
STORY_ICONS: tuple[Icon, ...] = (
    Icon.DIVINITY,
    Icon.JUSTICE,
    Icon.ARCANA,
    Icon.ROYALTY,
    Icon.VILLAINY,
    Icon.NATURE,
    Icon.MUSIC,
    Icon.RADIANT,
)
NAME_ICONS: tuple[Icon, ...] = (Icon.WIND, Icon.FIRE, Icon.IRON)

#: One-letter-ish glyphs for terminal output.
GLYPHS: dict[Icon, str] = {
    Icon.STRENGTH: "⚔",
    Icon.DEXTERITY: "➶",
    Icon.CONSTITUTION: "⛨",
    Icon.INTELLIGENCE: "⚚",
    Icon.WISDOM: "◉",
    Icon.CHARISMA: "♛",
    Icon.DIVINITY: "✝",
    Icon.JUSTICE: "⚖",
    Icon.ARCANA: "✶",
    Icon.ROYALTY: "♔",
    Icon.VILLAINY: "☠",
    Icon.NATURE: "❦",
    Icon.MUSIC: "♪",
    Icon.RADIANT: "✺",
    Icon.WIND: "≋",
    Icon.FIRE: "♨",
    Icon.IRON: "⚒",
    Icon.VIRTUE: "▲",
    Icon.CORRUPTION: "▼",
    Icon.HERO: "△",
    Icon.ANTIHERO: "▽",
}

__all__ = [
    "ABILITIES",
    "GLYPHS",
    "NAME_ICONS",
    "STORY_ICONS",
    "Icon",
]
