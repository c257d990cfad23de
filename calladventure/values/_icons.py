"""The icons printed on cards: ability runes, story icons, Name icons and the other marks.

Sources: ``000 · Ability Runes`` (the six abilities), ``000 · Story Icons`` (story icons,
Radiant), ``002 · New Story Icon`` (Music replaces Nature), ``002 · Naming`` (Wind, Fire,
Iron), ``000 · Hero and Antihero Cards`` (triangles on paths), ``000 · Glossary: Corruption``.
Nature is the core game's story icon that 002 says Music replaces.
"""

from __future__ import annotations

from enum import StrEnum

from ._errors import unknown_value


class Icon(StrEnum):
    """Every icon a path, trait or Character card can show."""

    @classmethod
    def _missing_(cls, value: object) -> Icon:
        raise unknown_value(cls, value)

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
        return self in STORY_ICONS or self in _DECLARED

    @classmethod
    def declare(cls, name: str) -> Icon:
        """The story icon ``name``: an existing icon, or a new one a card set adds (``new_icons`` in ``set.toml``).

        A new icon joins the vocabulary like an enum member (``Icon("lantern")`` then works) and
        counts as a story icon (000 · Story Icons); declaring a known name changes nothing, so no
        data file can change what an icon means. ``name`` must be a lowercase identifier.
        """
        known = cls._value2member_map_.get(name)
        if known is not None:
            return known  # type: ignore[return-value]
        if not (name.isascii() and name.isidentifier() and name == name.lower()) or len(name) > 32:
            raise ValueError(f"{name!r} cannot name an icon: use a short lowercase identifier")
        member = str.__new__(cls, name)
        member._name_ = name.upper()
        member._value_ = name
        cls._value2member_map_[name] = member
        _DECLARED.append(member)
        return member

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
#: Story icons that card sets added (:meth:`Icon.declare`), in the order they were declared.
_DECLARED: list[Icon] = []

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
