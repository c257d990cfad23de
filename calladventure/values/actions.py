"""The actions a seat (or chance) can take: small frozen values with a readable notation.

Each action's ``__str__`` is its notation (``attempt core/wild-boar top dark=1``), and
:func:`calladventure.engine.parse_action` reads that notation back, like SAN in
python-chess. Chance steps are actions too: ``cast`` (sampled from the game's RNG) or
``cast 0 1 1`` (forced faces) (hard-parts #2).
"""

from __future__ import annotations

import attrs

from .cards import Side
from .icons import Icon
from .runes import Draw


@attrs.frozen
class Keep:
    """Keep one dealt Character card (000 · Deal the Cards)."""

    card: str

    def __str__(self) -> str:
        return f"keep {self.card}"


@attrs.frozen
class GainTrait:
    """Gain a trait from the table (000 · Gain a Trait)."""

    card: str

    def __str__(self) -> str:
        return f"gain {self.card}"


@attrs.frozen
class AttemptChallenge:
    """Declare a path of a challenge and buy Dark runes (000 · Attempt a Challenge)."""

    card: str
    side: Side = Side.TOP
    dark: int = 0

    def __str__(self) -> str:
        return f"attempt {self.card} {self.side.value}" + (f" dark={self.dark}" if self.dark else "")


@attrs.frozen
class AttemptName:
    """After failing a challenge, attempt to learn a Name: wind, fire or iron (002 · Naming)."""

    name: Icon

    def __str__(self) -> str:
        return f"name {self.name.value}"


@attrs.frozen
class Journey:
    """Spend one Experience to discard and replace a table card (000 · Journey)."""

    card: str

    def __str__(self) -> str:
        return f"journey {self.card}"


@attrs.frozen
class FreeDiscard:
    """With no valid option, discard and replace one visible card for free (001 · Attempt a Challenge)."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class PlayCard:
    """Play a Hero or Antihero card from hand on a target seat (000 · Hero and Antihero Cards)."""

    card: str
    target: int

    def __str__(self) -> str:
        return f"play {self.card} on P{self.target + 1}"


@attrs.frozen
class UsePower:
    """Use an activated power of a Character, Story or Ally card (001 · Other Card Effects)."""

    card: str
    index: int = 0

    def __str__(self) -> str:
        return f"use {self.card}" + (f" #{self.index}" if self.index else "")


@attrs.frozen
class PlaceAllyUnder:
    """Tuck the revealed Ally under the challenge in this slot (000 · Allies)."""

    slot: int

    def __str__(self) -> str:
        return f"ally slot {self.slot}"


@attrs.frozen
class ChooseDeck:
    """Pick the deck for a draw-either result (000 · Hero and Antihero Cards)."""

    deck: Draw

    def __str__(self) -> str:
        return f"draw {self.deck.value}"


@attrs.frozen
class Pass:
    """Play nothing (more) in this timing window."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class EndTurn:
    """End the turn (000 · Ending Your Turn)."""

    def __str__(self) -> str:
        return "end"


@attrs.frozen
class CastRunes:
    """Chance: cast the pooled runes. ``faces`` forces the result (face index per rune)."""

    faces: tuple[int, ...] | None = None

    def __str__(self) -> str:
        if self.faces is None:
            return "cast"
        return "cast " + " ".join(str(f) for f in self.faces)


@attrs.frozen
class BuyDark:
    """Before a re-attempt's cast, spend Experience on more Dark runes (000 · Dark Runes; open question 8).

    The Dark runes bought for the first cast stay (002 · FAQs: Re-attempts and Dark runes);
    the ``dark_limit`` option says whether the three a turn count across the re-attempt.
    """

    count: int = 1  # 0: buy none, cast as it is

    def __str__(self) -> str:
        return f"dark {self.count}"


@attrs.frozen
class FaceOdium:
    """Face the Adversary at the end of the game (000 · Facing Odium).

    Against Odium, ``abilities`` are the two abilities chosen (all their runes are cast, no
    Dark runes); against the core game's Adversary they are empty (its own abilities are
    used) and ``dark`` Dark runes may be bought.
    """

    abilities: tuple[Icon, ...] = ()
    dark: int = 0

    def __str__(self) -> str:
        words = ["face", *(a.value for a in self.abilities)]
        if self.dark:
            words.append(f"dark={self.dark}")
        return " ".join(words)


@attrs.frozen
class DeclareLoyalty:
    """Pledge loyalty to Odium as Act III begins, or not (000 · FAQs: Loyalty to Odium in Contest of Champions)."""

    pledge: bool

    def __str__(self) -> str:
        return "pledge" if self.pledge else "stay"


Action = (
    Keep
    | GainTrait
    | AttemptChallenge
    | AttemptName
    | Journey
    | FreeDiscard
    | PlayCard
    | UsePower
    | PlaceAllyUnder
    | ChooseDeck
    | Pass
    | EndTurn
    | CastRunes
    | BuyDark
    | FaceOdium
    | DeclareLoyalty
)

ACTION_TYPES: dict[str, type] = {
    "keep": Keep,
    "gain": GainTrait,
    "attempt": AttemptChallenge,
    "name": AttemptName,
    "journey": Journey,
    "discard": FreeDiscard,
    "play": PlayCard,
    "use": UsePower,
    "ally": PlaceAllyUnder,
    "draw": ChooseDeck,
    "pass": Pass,
    "end": EndTurn,
    "cast": CastRunes,
    "dark": BuyDark,
    "face": FaceOdium,
    "pledge": DeclareLoyalty,  # also written "stay" (no pledge)
}
ACTION_TAGS: dict[type, str] = {v: k for k, v in ACTION_TYPES.items()}

__all__ = [
    "ACTION_TAGS",
    "ACTION_TYPES",
    "Action",
    "AttemptChallenge",
    "AttemptName",
    "BuyDark",
    "CastRunes",
    "ChooseDeck",
    "DeclareLoyalty",
    "EndTurn",
    "FaceOdium",
    "FreeDiscard",
    "GainTrait",
    "Journey",
    "Keep",
    "Pass",
    "PlaceAllyUnder",
    "PlayCard",
    "UsePower",
]
