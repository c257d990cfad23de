"""The actions a seat (or chance) can take: small frozen values, each printing *and* reading its notation.

Every action's ``__str__`` is its notation (``attempt core/wild-boar top dark=1``) and its
class method :meth:`Action.read` reads that notation back, like SAN in python-chess; a
:class:`Notation` knows the verbs of a game (the core actions here, plus those of the
expansions in play) and parses any line. Chance steps are actions too: ``cast`` (sampled from
the game's RNG) or ``cast 0 1 1`` (forced faces) (docs/design.md, "Chance as actions").

Card words are resolved by the caller's :class:`Words` (card names or ids, and the rune faces
of the cast due), so this module needs no card data.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Protocol

import attrs

from ._cards import Side
from ._illegal import IllegalActionError
from ._runes import Draw, Rune, face_index
from ._typecheck import Check, check_of, type_words


class Words(Protocol):
    """What reading a notation needs from the game: card ids for card words, the runes of the cast due."""

    def card(self, text: str) -> str:
        """The id of the card ``text`` names (an id or a name); the text itself when none matches."""
        ...

    def cast_pool(self) -> Sequence[Rune] | None:
        """The runes of the cast due now, or None."""
        ...


class Action:
    """Base of every action. ``verbs`` are the first words of its notation; :meth:`read` parses it."""

    __slots__ = ()
    verbs: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        """The action that ``verb rest`` writes, or None when it does not parse."""
        raise NotImplementedError


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


#: The words of a path and of a deck, read as members without the enum's call
#: (docs/design.md § Speed without shortcuts).
_SIDES = {side.value: side for side in Side}

_DECKS = {Draw.HERO.value: Draw.HERO, Draw.ANTIHERO.value: Draw.ANTIHERO}
#: The most digits of a number in action text (an id, index, count or seat; none comes near it).
MAX_DIGITS = 9
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")

#: Each ASCII digit's byte to the digit's value (``bytes.translate``).
_DIGIT_VALUES = bytes.maketrans(b"0123456789", bytes(range(10)))


@attrs.frozen
class Keep(Action):
    """Keep one dealt Character card (000 · Deal the Cards)."""

    verbs: ClassVar[tuple[str, ...]] = ("keep",)
    card: str

    def __str__(self) -> str:
        return f"keep {self.card}"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        return cls(words.card(rest)) if rest else None


@attrs.frozen
class GainTrait(Action):
    """Gain a trait from the table (000 · Gain a Trait)."""

    verbs: ClassVar[tuple[str, ...]] = ("gain",)
    card: str

    def __str__(self) -> str:
        return f"gain {self.card}"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        return cls(words.card(rest)) if rest else None


@attrs.frozen
class AttemptChallenge(Action):
    """Declare a path of a challenge and buy Dark runes (000 · Attempt a Challenge)."""

    verbs: ClassVar[tuple[str, ...]] = ("attempt",)
    card: str
    side: Side = Side.TOP
    dark: int = 0

    def __str__(self) -> str:
        return f"attempt {self.card} {self.side.value}" + (f" dark={self.dark}" if self.dark else "")

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        parts = rest.split()
        dark = 0
        if parts and parts[-1].startswith("dark="):  # a trailing dark=N
            number = _int(parts.pop()[5:])
            if number is None:
                return None
            dark = number
        side = _SIDES.get(parts[-1]) if parts else None
        if side is None:
            side = Side.TOP
        else:
            parts.pop()
        if not parts:
            return None
        return cls(words.card(" ".join(parts)), side, dark)


@attrs.frozen
class Journey(Action):
    """Spend one Experience to discard and replace a table card (000 · Journey)."""

    verbs: ClassVar[tuple[str, ...]] = ("journey",)
    card: str

    def __str__(self) -> str:
        return f"journey {self.card}"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        return cls(words.card(rest)) if rest else None


@attrs.frozen
class FreeDiscard(Action):
    """With no valid option, discard and replace one visible card for free (001 · Attempt a Challenge)."""

    verbs: ClassVar[tuple[str, ...]] = ("discard",)
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        return cls(words.card(rest)) if rest else None


@attrs.frozen
class PlayCard(Action):
    """Play a Hero or Antihero card from hand on a target seat (000 · Hero and Antihero Cards)."""

    verbs: ClassVar[tuple[str, ...]] = ("play",)
    card: str
    target: int

    def __str__(self) -> str:
        return f"play {self.card} on P{self.target + 1}"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        name, _, target = rest.rpartition(" on p")
        if not name:
            name, target = rest, "1"
        seat = _int(target)
        if not name or seat is None:
            return None
        return cls(words.card(name), seat - 1)


@attrs.frozen
class UsePower(Action):
    """Use an activated power of a Character, Story or Ally card (001 · Other Card Effects).

    ``target``: the hero a power that helps others is used on (``use Stoneward on P2``); None
    for the owner.
    """

    verbs: ClassVar[tuple[str, ...]] = ("use",)
    card: str
    index: int = 0
    target: int | None = None

    def __str__(self) -> str:
        on = f" on P{self.target + 1}" if self.target is not None else ""
        return f"use {self.card}" + (f" #{self.index}" if self.index else "") + on

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        target: int | None = None
        head, sep, seat = rest.rpartition(" on p")
        number = _int(seat) if sep else None
        if number is not None:
            rest, target = head, number - 1
        name, _, index = rest.rpartition(" #")
        if not name:
            name, index = rest, "0"
        power = _int(index)
        if not name or power is None:
            return None
        return cls(words.card(name), power, target)


@attrs.frozen
class PlaceAllyUnder(Action):
    """Tuck the revealed Ally under the challenge in this slot (000 · Allies).

    ``act``: the row of that challenge when it is not the row the Ally was revealed in
    (``ally act 1 slot 2``; option ``ally_rows``).
    """

    verbs: ClassVar[tuple[str, ...]] = ("ally",)
    slot: int
    act: int | None = None

    def __str__(self) -> str:
        return f"ally act {self.act} slot {self.slot}" if self.act is not None else f"ally slot {self.slot}"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        act: int | None = None
        if rest.startswith("act "):
            first, _, rest = rest[4:].partition(" ")
            act = _int(first)
            if act is None:
                return None
        slot = _int(rest.removeprefix("slot").strip())
        return cls(slot, act) if slot is not None else None


@attrs.frozen
class Choose(Action):
    """Make a forced choice: the Ally to sacrifice, the card to discard, the hero a power helps.

    ``option`` is a card id (a name, when read) or a seat written ``P2`` (000 · Glossary: Sacrifice).
    """

    verbs: ClassVar[tuple[str, ...]] = ("choose",)
    option: str

    def __str__(self) -> str:
        return f"choose {self.option}"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        if not rest:
            return None
        if rest[0] == "p" and rest[1:].isdigit():
            return cls(f"P{int(rest[1:])}")
        return cls(words.card(rest))


@attrs.frozen
class ChooseDeck(Action):
    """Pick the deck for a draw-either result (000 · Hero and Antihero Cards)."""

    verbs: ClassVar[tuple[str, ...]] = ("draw",)
    deck: Draw

    def __str__(self) -> str:
        return f"draw {self.deck.value}"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        deck = _DECKS.get(rest)
        return cls(deck) if deck is not None else None


@attrs.frozen
class Pass(Action):
    """Play nothing (more) in this timing window."""

    verbs: ClassVar[tuple[str, ...]] = ("pass",)

    def __str__(self) -> str:
        return "pass"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        return None if rest else cls()


@attrs.frozen
class EndTurn(Action):
    """End the turn (000 · Ending Your Turn)."""

    verbs: ClassVar[tuple[str, ...]] = ("end",)

    def __str__(self) -> str:
        return "end"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        return None if rest not in ("", "turn") else cls()


@attrs.frozen
class CastRunes(Action):
    """Chance: cast the pooled runes. ``faces`` forces the result (face index per rune)."""

    verbs: ClassVar[tuple[str, ...]] = ("cast",)
    faces: tuple[int, ...] | None = None

    def __str__(self) -> str:
        if self.faces is None:
            return "cast"
        return "cast " + " ".join(map(str, self.faces))

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        """``cast`` alone, or one face per rune of the cast due: an index (0, 1) or the face's name."""
        parts = rest.split()
        if not parts:
            return cls()
        digits = "".join(parts)  # every word ASCII digits (no word is empty): indexes
        if digits.isascii() and digits.isdigit():  # the rules check them (count, 0 or 1)
            if len(digits) == len(parts):  # one digit each: its value is its byte's, translated
                return cls(tuple(digits.encode().translate(_DIGIT_VALUES)))
            return cls(tuple(map(int, parts)))
        pool = words.cast_pool()
        if pool is None or len(parts) != len(pool):
            return None
        try:
            return cls(
                tuple(
                    face_index(r, int(p) if p.isascii() and p.isdigit() else p)
                    for r, p in zip(pool, parts, strict=True)
                )
            )
        except ValueError:
            return None


@attrs.frozen
class BuyDark(Action):
    """Before a re-attempt's cast, spend Experience on more Dark runes (000 · Dark Runes; open question 8).

    The Dark runes bought for the first cast stay (002 · FAQs: Re-attempts and Dark runes);
    the ``dark_limit`` option says whether the three a turn count across the re-attempt.
    """

    verbs: ClassVar[tuple[str, ...]] = ("dark",)
    count: int = 1  # 0: buy none, cast as it is

    def __str__(self) -> str:
        return f"dark {self.count}"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        count = _int(rest or "1")
        return cls(count) if count is not None else None


#: The actions of the core rules, in the order their verbs are tried.
CORE_ACTIONS: tuple[type[Action], ...] = (
    Keep,
    GainTrait,
    AttemptChallenge,
    Journey,
    FreeDiscard,
    PlayCard,
    UsePower,
    PlaceAllyUnder,
    ChooseDeck,
    Pass,
    EndTurn,
    CastRunes,
    BuyDark,
    Choose,
)


class Notation:
    """The verbs of a game (core actions plus an expansion's) and the one parser of action text."""

    def __init__(self, classes: Iterable[type[Action]] = CORE_ACTIONS) -> None:
        self.classes = tuple(classes)
        self.by_verb: dict[str, type[Action]] = {}
        for cls in self.classes:
            for verb in cls.verbs:
                if verb in self.by_verb and self.by_verb[verb] is not cls:
                    raise ValueError(
                        f"two actions use the verb {verb!r}: {self.by_verb[verb].__name__}, {cls.__name__}"
                    )
                self.by_verb[verb] = cls

    def read(self, text: str, words: Words) -> Action | None:
        """The action ``text`` writes (case and spacing aside), or None when no verb reads it.

        A number of more than :data:`MAX_DIGITS` digits is refused before any is converted.
        """
        norm = " ".join(text.split()).casefold()  # split() drops the outer spacing too
        long = _LONG_NUMBER.search(norm)
        if long is not None:
            shown = norm if len(norm) <= 40 else f"{norm[:37]}..."
            raise IllegalActionError(
                shown, f"a number in an action has at most {MAX_DIGITS} digits, not {len(long.group())}"
            )
        verb, _, rest = norm.partition(" ")
        cls = self.by_verb.get(verb)
        return cls.read(verb, rest, words) if cls is not None else None

    @property
    def verbs(self) -> tuple[str, ...]:
        return tuple(self.by_verb)


_HINTS: dict[type, tuple[tuple[str, Any, Check], ...]] = {}


def _hints(cls: type) -> tuple[tuple[str, Any, Check], ...]:
    """Each field of an action class with its annotated type and that type's check (once per class)."""
    found = _HINTS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _HINTS[cls] = tuple(
            (a.name, hints[a.name], check_of(hints[a.name])) for a in attrs.fields(cls)
        )
    return found


def field_problem(action: object) -> str | None:
    """What is wrong with the field types of an action object, or None (checked before the rules see it).

    Faces, seats, slots and counts are whole numbers (``True`` is not one), cards are strings,
    sides and decks their enums: a value of another type is refused instead of being recorded.
    """
    if not isinstance(action, Action):
        return f"not an action: {type(action).__name__} (push an Action or its notation)"
    if not attrs.has(type(action)):
        return None
    for name, t, fits in _hints(type(action)):
        value = getattr(action, name)
        if not fits(value):
            shown = repr(value)
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            return f"{type(action).__name__}.{name} must be {type_words(t)}, not {shown}"
    return None


def safe_str(action: object) -> str:
    """An action's notation, or a plain description when its fields are of the wrong types."""
    if field_problem(action) is None:
        return str(action)
    return f"{type(action).__name__}(…)"


#: The verb of each core action type (``type(action).verbs[0]`` for any action).
ACTION_TAGS: dict[type, str] = {cls: cls.verbs[0] for cls in CORE_ACTIONS}

__all__ = [
    "ACTION_TAGS",
    "CORE_ACTIONS",
    "MAX_DIGITS",
    "Action",
    "AttemptChallenge",
    "BuyDark",
    "CastRunes",
    "Choose",
    "ChooseDeck",
    "EndTurn",
    "FreeDiscard",
    "GainTrait",
    "Journey",
    "Keep",
    "Notation",
    "Pass",
    "PlaceAllyUnder",
    "PlayCard",
    "UsePower",
    "Words",
    "field_problem",
    "safe_str",
]
