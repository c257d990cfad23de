"""What a co-op or solo game keeps of its Adversary: :class:`OdiumState`, in ``GameState.ext``.

``000 · Facing Odium: Solo and Co-op Play``: the Adversary and its quest on the table, its
Experience tokens and its deck of Antihero cards; at the end, every hero's attempt against it
(:class:`FaceResult`). ``INDEX · Core solo / co-op``: the core game's Adversary works the same
way, with a skull deck and an Experience goal.
"""

from __future__ import annotations

import attrs

from ...values._copies import state_with_ext
from ...values._errors import CallAdventureError
from ...values._icons import Icon
from ...values._pickling import compact_pickle
from ...values._state import GameState

#: The key of the Adversary in ext values, decisions and attempts.
KEY = "odium"


@attrs.frozen
class FaceResult:
    """One hero's attempt against the Adversary at the end of the game (000 · Facing Odium)."""

    seat: int
    abilities: tuple[Icon, ...]
    total: int
    difficulty: int
    success: bool
    removed: int = 0  # tokens removed from the Adversary: one per success above the difficulty


@attrs.frozen
class OdiumState:
    """The Adversary of a co-op or solo game (000 · Facing Odium: Solo and Co-op Play; INDEX · Core solo / co-op).

    ``adversary``, ``quest`` and ``rules`` (the quest plus, in the core game, Rise of the
    Adversary) are the co-op cards on the table; ``tokens`` its Experience tokens; ``deck``,
    ``discard`` and ``revealed`` (this turn, discarded at its end) its Antihero deck;
    ``loyalists`` the heroes loyal to Odium; ``facing`` the seats still to face it once the
    heroes face it; ``faced`` the results so far; ``overrun``: the core Adversary reached its
    Experience goal.
    """

    adversary: str
    quest: str | None = None
    rules: tuple[str, ...] = ()
    tokens: int = 0
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    revealed: tuple[str, ...] = ()
    loyalists: tuple[int, ...] = ()
    stage: str = "play"  # "play", then "facing" once the final turns are over
    facing: tuple[int, ...] = ()
    faced: tuple[FaceResult, ...] = ()
    gained: int = 0
    lost: int = 0
    overrun: bool = False


def odium_of(state: GameState) -> OdiumState | None:
    """The Adversary of the game, or None in a competitive game."""
    od: OdiumState | None = state.ext.get(KEY)
    return od


def the_odium(state: GameState) -> OdiumState:
    """The Adversary of a co-op game (for code that only runs in one)."""
    od = odium_of(state)
    if od is None:
        raise CallAdventureError("no Adversary in this game: it is a competitive game")
    return od


def with_odium(state: GameState, od: OdiumState) -> GameState:
    """The state with the Adversary's part replaced."""
    return state_with_ext(state, state.ext.set(KEY, od))


def has_faced(od: OdiumState, seat: int) -> bool:
    return any(r.seat == seat for r in od.faced)


def facing_now(state: GameState) -> bool:
    """Whether the heroes are facing the Adversary (the end of a co-op game)."""
    od = odium_of(state)
    return od is not None and od.stage == "facing"


compact_pickle(FaceResult, OdiumState)  # part of a co-op position (values/_pickling.py)

__all__ = [
    "KEY",
    "FaceResult",
    "OdiumState",
    "facing_now",
    "has_faced",
    "odium_of",
    "the_odium",
    "with_odium",
]
