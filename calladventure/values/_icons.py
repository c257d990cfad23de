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
    that adds it; ``symbol``: what the glyph and the picture both show, in words of the glyph's
    Unicode name (``"heart"`` for ♥), so the terminal and the HTML show one symbol. The core's
    icons are declared so too (:data:`CORE_DESIGNS`).
    """

    value: str
    kind: str
    glyph: str
    svg: str
    section: str
    symbol: str = ""


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

    @property
    def design(self) -> IconDeclaration | None:
        """The declaration its glyph and picture come from: the core's or a box's (None: a card set's icon)."""
        return CORE_DESIGNS.get(self) or _BOXES.get(self)

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


_S = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"'
_F = 'fill="currentColor"'
_ABILITY, _STORY, _MARK = "000 · Ability Runes", "000 · Story Icons", "000 · Hero and Antihero Cards"


def _core(icon: Icon, section: str, glyph: str, symbol: str, svg: str) -> tuple[Icon, IconDeclaration]:
    return icon, IconDeclaration(icon.value, icon.kind, glyph, svg, section, symbol)


#: The core's icons, each declared once: its glyph in text, its picture in HTML and SVG (a 24 × 24
#: box in ``currentColor``) and the symbol both show (a box's icons: :attr:`IconDeclaration`).
CORE_DESIGNS: dict[Icon, IconDeclaration] = dict(
    (
        _core(Icon.STRENGTH, _ABILITY, "⚔", "crossed swords",
              f'<path {_S} d="M4 4L15 15M20 4L9 15M12 18l5-5M7 13l5 5M15 15l4 4M9 15l-4 4"/>'),
        _core(Icon.DEXTERITY, _ABILITY, "➶", "arrow",
              f'<path {_S} d="M3 21L20 4M13 4h7v7M3 21v-5M3 21h5M6 18l-3-3M6 18l3 3"/>'),
        _core(Icon.CONSTITUTION, _ABILITY, "⛨", "shield",
              f'<path {_F} d="M12 2l8 3v6c0 5.5-3.5 9.5-8 11-4.5-1.5-8-5.5-8-11V5z"/>'),
        _core(Icon.INTELLIGENCE, _ABILITY, "⚚", "staff of hermes",
              f'<path {_S} d="M12 3v19M12 6C9 3 5 3 2 5c3 2 6 2 10 1M12 6c3-3 7-3 10-1-3 2-6 2-10 1'
              'M8 11c0 2 8 2 8 4s-8 2-8 4M16 11c0 2-8 2-8 4s8 2 8 4"/>'),
        _core(Icon.WISDOM, _ABILITY, "◉", "eye",
              f'<path {_S} d="M1 12c4-7 18-7 22 0-4 7-18 7-22 0z"/><circle {_F} cx="12" cy="12" r="3.5"/>'),
        _core(Icon.CHARISMA, _ABILITY, "♥", "heart", f'<path {_F} d="M12 21C-1 12 4 2 12 8c8-6 13 4 0 13z"/>'),
        _core(Icon.DIVINITY, _STORY, "✝", "latin cross", f'<path {_F} d="M10 2h4v6h6v4h-6v10h-4V12H4V8h6z"/>'),
        _core(Icon.JUSTICE, _STORY, "⚖", "scales",
              f'<path {_S} d="M12 3v17M7 21h10M4 7h16M4 7l-3 7h6zM20 7l-3 7h6z"/>'),
        _core(Icon.ARCANA, _STORY, "✶", "star", f'<path {_S} d="M12 2l9 15H3zM12 22L3 7h18z"/>'),
        _core(Icon.ROYALTY, _STORY, "♚", "chess king",
              f'<path {_F} d="M2 17L4 6l5 5 3-8 3 8 5-5 2 11z"/><rect {_F} x="3" y="19" width="18" height="3"/>'),
        _core(Icon.VILLAINY, _STORY, "☠", "skull",
              f'<path {_F} fill-rule="evenodd" d="M12 2C6.5 2 3 6 3 10.5c0 3 1.5 5 4 6V21h10v-4.5c2.5-1 4-3 4-6'
              'C21 6 17.5 2 12 2zM8.5 8a2 2 0 1 0 0 4 2 2 0 1 0 0-4zM15.5 8a2 2 0 1 0 0 4 2 2 0 1 0 0-4z"/>'),
        _core(Icon.NATURE, _STORY, "☘", "shamrock",
              f'<circle {_F} cx="12" cy="7" r="4"/><circle {_F} cx="7" cy="12.5" r="4"/>'
              f'<circle {_F} cx="17" cy="12.5" r="4"/><path {_S} d="M12 12l2 10"/>'),
        _core(Icon.RADIANT, _STORY, "☼", "sun",
              f'<circle {_S} cx="12" cy="12" r="4"/><path {_S} d="M12 1v4M12 19v4M1 12h4M19 12h4'
              'M4.2 4.2l2.8 2.8M17 17l2.8 2.8M4.2 19.8L7 17M17 7l2.8-2.8"/>'),
        _core(Icon.VIRTUE, "000 · Glossary: Corruption", "▲", "black up-pointing triangle",
              f'<path {_F} d="M12 3l10 17H2z"/>'),
        _core(Icon.CORRUPTION, "000 · Glossary: Corruption", "▼", "black down-pointing triangle",
              f'<path {_F} d="M2 4h20L12 21z"/>'),
        _core(Icon.HERO, _MARK, "△", "white up-pointing triangle", f'<path {_S} d="M12 3l10 17H2z"/>'),
        _core(Icon.ANTIHERO, _MARK, "▽", "white down-pointing triangle", f'<path {_S} d="M2 4h20L12 21z"/>'),
    )
)  # fmt: skip

#: The core's glyphs for terminal output, from :data:`CORE_DESIGNS` (a box's icons bring their own).
GLYPHS: dict[Icon, str] = {icon: design.glyph for icon, design in CORE_DESIGNS.items()}

__all__ = [
    "ABILITIES",
    "ABILITY",
    "CORE_DESIGNS",
    "GLYPHS",
    "MARK",
    "STORY",
    "STORY_ICONS",
    "Icon",
    "IconDeclaration",
    "declared_icons",
    "provisional_icons",
]
