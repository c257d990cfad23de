"""Cards as frozen data: Character, Story (trait, challenge, ally, adversary), Hero and Antihero.

Cards are loaded from the files in ``cards/`` (see :mod:`calladventure.data` and
``docs/cards.md``). The game state refers to cards by id only; a :class:`CardDB` maps ids
to these values.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any

import attrs

from ._effects import Play, Power, Requirement, ScoreRule
from ._errors import CallAdventureError, UnknownCardError, unknown_value
from ._icons import Icon
from ._kinds import CardType
from ._reprs import Drawable
from ._runes import Draw


class Side(StrEnum):
    """Which path of a card shows in a Story (000 · Glossary: Path)."""

    @classmethod
    def _missing_(cls, value: object) -> Side:
        raise unknown_value(cls, value)

    TOP = "top"
    BOTTOM = "bottom"


_BOTH_SIDES, _TOP_SIDE = (Side.TOP, Side.BOTTOM), (Side.TOP,)


@attrs.frozen
class Path:
    """One path of a card: its label, icons and points, and what gaining it does.

    ``plus_one``: the path's "+1" icon raises its difficulty by one (000 · Attempt a Challenge).
    Icons ``hero`` / ``antihero`` draw a card when the path is gained (000 · Hero and Antihero Cards);
    ``virtue`` / ``corruption`` move the track (000 · Glossary: Corruption).
    """

    label: str = ""
    icons: tuple[Icon, ...] = ()
    triumph: int = 0
    tragedy: int = 0
    xp: int = 0
    plus_one: bool = False
    powers: tuple[Power, ...] = ()

    def count(self, icon: Icon) -> int:
        return self.icons.count(icon)

    @property
    def draws(self) -> tuple[Draw, ...]:
        out: list[Draw] = []
        for icon in self.icons:
            if icon is Icon.HERO:
                out.append(Draw.HERO)
            elif icon is Icon.ANTIHERO:
                out.append(Draw.ANTIHERO)
        return tuple(out)


@attrs.frozen
class Card(Drawable):
    """One card. ``source`` records its provenance: a rule-text section or ``"original"``."""

    id: str
    name: str
    type: CardType
    set: str
    source: str
    act: int | None = None
    text: str = ""
    difficulty: int | None = None
    abilities: tuple[Icon, ...] = ()
    paths: tuple[Path, ...] = ()
    requires: Requirement | None = None
    cost_xp: int = 0
    powers: tuple[Power, ...] = ()
    play: Play | None = None
    scoring: tuple[ScoreRule, ...] = ()
    start_virtue: int = 0
    first_game_remove: bool = False
    tags: tuple[str, ...] = ()

    def path(self, side: Side | str) -> Path:
        """The path shown for ``side`` (traits, characters and allies have only the top)."""
        if side == "bottom":
            if len(self.paths) < 2:
                raise CallAdventureError(f"{self.name} has only one path: its top path (not {side!r})")
            return self.paths[1]
        if not self.paths:
            raise CallAdventureError(f"{self.name} has no path: it cannot be gained or attempted for one")
        return self.paths[0]

    @property
    def sides(self) -> tuple[Side, ...]:
        return _BOTH_SIDES if len(self.paths) == 2 else _TOP_SIDE

    @property
    def radiant(self) -> bool:
        return any(Icon.RADIANT in p.icons for p in self.paths)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"<Card {self.id} {self.type.value} {self.name!r}>"


@attrs.frozen
class CardSet:
    """The cards of one file set (a box or a user's own transcription) plus its metadata."""

    id: str
    name: str
    cards: tuple[Card, ...]
    runes: str | None = None
    track: str | None = None
    story_icons: tuple[Icon, ...] = ()
    set_aside: tuple[str, ...] = ()
    source: str = "original"
    files: tuple[str, ...] = ()


def name_key(text: str) -> str:
    """A card name as it is compared: case and spacing aside (``"wild  BOAR hunt"`` is ``"wild boar hunt"``)."""
    return " ".join(text.split()).casefold()


def _read_only(self: object, *args: object, **kwargs: object) -> Any:
    raise TypeError("the card database is shared and read-only")


class CardDB(dict[str, Card]):
    """All loaded cards by id, with lookup by name; an unknown card raises UnknownCardError.

    A read-only ``dict`` (a lookup by id is the rules' commonest step:
    docs/design.md § Speed without shortcuts): the methods that would change it raise ``TypeError``.
    """

    __slots__ = ("_by_name",)

    def __init__(self, cards: Iterable[Card]):
        dict.__init__(self)
        self._by_name: dict[str, list[Card]] = {}
        for card in cards:
            if dict.__contains__(self, card.id):
                raise CallAdventureError(
                    f"duplicate card id {card.id}: a card set is named twice, or two sets share card ids"
                )
            dict.__setitem__(self, card.id, card)
            self._by_name.setdefault(name_key(card.name), []).append(card)

    def __missing__(self, key: str) -> Card:
        raise UnknownCardError(f"no card with id {key!r}")

    def __reduce__(self) -> tuple[type[CardDB], tuple[tuple[Card, ...]]]:
        return (CardDB, (tuple(self.values()),))

    def __repr__(self) -> str:
        return f"<CardDB of {len(self)} cards>"

    __setitem__ = _read_only
    __delitem__ = _read_only
    __ior__ = _read_only
    update = _read_only
    pop = _read_only
    popitem = _read_only
    setdefault = _read_only
    clear = _read_only

    def named(self, name: str) -> list[Card]:
        """Every card whose name is ``name`` (case and spacing aside: :func:`name_key`), in the order of the sets."""
        return list(self._by_name.get(name_key(name), []))

    def of_type(self, card_type: CardType, act: int | None = None) -> list[Card]:
        return [c for c in self.values() if c.type is card_type and (act is None or c.act == act)]


__all__ = [
    "Card",
    "CardDB",
    "CardSet",
    "CardType",
    "Path",
    "Side",
    "name_key",
]
