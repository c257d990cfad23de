"""The icons printed on cards: ability runes, story icons and the other marks, and the icons boxes declare.

Sources: ``000 · Ability Runes`` (the six abilities), ``000 · Story Icons`` (story icons,
Radiant), ``000 · Hero and Antihero Cards`` (triangles on paths), ``000 · Glossary: Corruption``.
:class:`Icon` holds the core game's icons; a box declares its own (:class:`IconDeclaration`,
:meth:`Icon.declare`) in its module, with its kind, glyph and picture, and a card set its new
story icons by name (``new_icons`` in ``set.toml``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum

import attrs

from ._errors import unknown_value
from ._vocabulary import ensure

#: The kinds of the core's icons (000 · Ability Runes; 000 · Story Icons; the marks of paths).
ABILITY, STORY, MARK = "ability", "story", "mark"


@attrs.frozen
class IconDeclaration:
    """An icon a box brings (``Expansion.icons``): its value, kind, glyph, picture and rule section.

    ``kind``: ``"story"`` for a story icon (sets of it score, 000 · Story Icons), or a kind of the
    box's own (a lowercase word; its words say "<Kind> icon"); ``glyph``: its one-character mark
    in text; ``svg``: its shapes in a 24 × 24 box, drawn in ``currentColor``; ``section``: the rule
    that adds it.
    """

    value: str
    kind: str
    glyph: str
    svg: str
    section: str


class Icon(StrEnum):
    """Every icon a path, trait or Character card can show."""

    @classmethod
    def _missing_(cls, value: object) -> Icon:
        ensure()  # the bundled boxes declare their icons as their modules import
        known = cls._value2member_map_.get(value) if isinstance(value, str) else None
        if known is not None:
            return known  # type: ignore[return-value]
        raise unknown_value(cls, value, cls._value2member_map_)  # the declared icons too

    # Ability rune icons (000 · Ability Runes).
    STRENGTH = "strength"
    DEXTERITY = "dexterity"
    CONSTITUTION = "constitution"
    INTELLIGENCE = "intelligence"
    WISDOM = "wisdom"
    CHARISMA = "charisma"
    # Story icons (000 · Story Icons).
    DIVINITY = "divinity"
    JUSTICE = "justice"
    ARCANA = "arcana"
    ROYALTY = "royalty"
    VILLAINY = "villainy"
    NATURE = "nature"
    RADIANT = "radiant"
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

    @property
    def kind(self) -> str:
        """``"ability"``, ``"story"``, ``"mark"`` (Virtue, Corruption, the triangles), or a box's own kind."""
        if self in ABILITIES:
            return ABILITY
        if self.is_story:
            return STORY
        declared = _BOXES.get(self)
        return MARK if declared is None else declared.kind

    @property
    def declaration(self) -> IconDeclaration | None:
        """How the box that brings this icon declared it (None: the core's, or a card set's)."""
        return _BOXES.get(self)

    @classmethod
    def declare(cls, name: str | IconDeclaration) -> Icon:
        """The icon ``name``: an existing icon, or a new one a box or a card set adds.

        A card set adds story icons by name (``new_icons`` in ``set.toml``; 000 · Story Icons), a
        box by its :class:`IconDeclaration`. A new icon joins the vocabulary like an enum member
        (``Icon("lantern")`` then works). Declaring a known name changes nothing, so no data file
        can change what an icon means; a box declaring a known icon with another kind is refused
        (ValueError). The value must be a short lowercase identifier.
        """
        value, kind = (name, STORY) if isinstance(name, str) else (name.value, name.kind)
        known: Icon | None = cls._value2member_map_.get(value)  # type: ignore[assignment]
        if known is not None:
            if isinstance(name, IconDeclaration) and known.kind != kind:
                raise ValueError(f"{value!r} is a {known.kind} icon: it cannot be declared a {kind} icon")
            return known
        for word in (value, kind):
            if not (word.isascii() and word.isidentifier() and word == word.lower()) or len(word) > 32:
                raise ValueError(
                    f"{word!r} cannot name an icon or its kind: use a short lowercase identifier"
                )
        member = str.__new__(cls, value)
        member._name_ = value.upper()
        member._value_ = value
        cls._value2member_map_[value] = member
        if kind == STORY:
            _DECLARED.append(member)
        if isinstance(name, IconDeclaration):
            _BOXES[member] = name
        return member


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
    Icon.RADIANT,
)
#: Story icons that boxes and card sets added (:meth:`Icon.declare`), in the order they were declared.
_DECLARED: list[Icon] = []
#: The icons boxes declared, with their declarations, in the order they were declared.
_BOXES: dict[Icon, IconDeclaration] = {}


@contextmanager
def provisional_icons() -> Iterator[None]:
    """A file's checks, during which the icons it adds count only if the file is accepted.

    A card set or a save adds story icons by name (``new_icons``; 000 · Story Icons) that its own
    cards use, so they are declared while its cards are read; when a check refuses the file (any
    exception leaves this block), every icon declared inside it is withdrawn, and the process knows
    exactly the icons it knew before.
    """
    known, story = set(Icon._value2member_map_), len(_DECLARED)
    try:
        yield
    except BaseException:
        for value in set(Icon._value2member_map_) - known:
            _BOXES.pop(Icon._value2member_map_.pop(value), None)  # type: ignore[call-overload]
        del _DECLARED[story:]
        raise


def declared_icons() -> tuple[Icon, ...]:
    """The icons the boxes declared, in the order they were declared (the bundled boxes' included)."""
    ensure()
    return tuple(_BOXES)


#: One-letter-ish glyphs for terminal output (a box's icons bring their own: :attr:`IconDeclaration.glyph`).
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
    Icon.RADIANT: "✺",
    Icon.VIRTUE: "▲",
    Icon.CORRUPTION: "▼",
    Icon.HERO: "△",
    Icon.ANTIHERO: "▽",
}

__all__ = [
    "ABILITIES",
    "ABILITY",
    "GLYPHS",
    "MARK",
    "STORY",
    "STORY_ICONS",
    "Icon",
    "IconDeclaration",
    "declared_icons",
    "provisional_icons",
]
