"""The one immutable game-state value and its parts.

Everything about a game is in :class:`GameState`: the players' Stories, hands and tracks, the
table's rows and decks, the turn, the decision being waited for, the effects in play with
their lifetimes, the RNG state, and what each expansion keeps of its own (``ext``). Cards are
referred to by id. The rules (``calladventure.rules``) are functions of this value; nothing is
ever mutated, so undo is keeping the previous value.

Expansions keep their state in :class:`Ext` values (on the game, on each hero, for the turn),
under their own key, so this module names no box: a box reads and sets its part with its own
typed functions (``odium_of(state)``, ``names_of(player)``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import StrEnum
from typing import Any, TypeVar

import attrs

from ._cards import Side
from ._effects import Duration, Effect, When
from ._icons import Icon
from ._kinds import Mode
from ._options import Rules
from ._pickling import compact_pickle
from ._runes import Draw

_T = TypeVar("_T")


@attrs.frozen
class Ext:
    """What expansions keep in a state value: (key, value) pairs, each value frozen; empty by default."""

    items: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.items:
            if k == key:
                return v
        return default

    def set(self, key: str, value: Any) -> Ext:
        """A copy with ``key`` set to ``value`` (``None`` removes it); the parts stay sorted by key."""
        items = self.items
        for i, (k, _v) in enumerate(items):
            if k == key:  # replaced (or removed) in its place: the order stays sorted
                kept = (
                    (*items[:i], (key, value), *items[i + 1 :])
                    if value is not None
                    else items[:i] + items[i + 1 :]
                )
                return Ext(kept)
        if value is None:
            return Ext(items)
        return Ext(tuple(sorted((*items, (key, value)), key=lambda kv: kv[0])))

    def __bool__(self) -> bool:
        return bool(self.items)


@attrs.frozen
class Config:
    """What a game was set up with: players, card sets, rules options and the seed.

    ``mode``: competitive, co-op or solo; ``quest`` / ``adversary``: the card ids of the
    Adversary Quest and the Adversary of a co-op or solo game (None: the default one).
    """

    players: int
    sets: tuple[str, ...] = ("core",)
    rules: Rules = Rules()  # noqa: RUF009 - Rules is a frozen (immutable) value, safe to share
    seed: int = 0
    names: tuple[str, ...] = ()
    runes: str = "core"
    track: str = "core"
    mode: Mode = Mode.COMPETITIVE
    quest: str | None = None
    adversary: str | None = None

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"P{seat + 1}"


class Phase(StrEnum):
    SETUP = "setup"
    PLAY = "play"
    OVER = "over"


@attrs.frozen
class Slot:
    """A face-up (or face-down) story card on the table, with the Ally tucked under it, if any."""

    card: str
    ally: str | None = None


@attrs.frozen
class Row:
    """One Act's row of story cards, its deck and its discard pile (000 · Prepare the Story Decks)."""

    act: int
    revealed: bool
    slots: tuple[Slot | None, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...] = ()


@attrs.frozen(cache_hash=True)  # hashed in the key of each Story (rules/_story.py)
class Tucked:
    """A trait or challenge under a Character card, with the path that shows (000 · Gain a Trait)."""

    card: str
    side: Side = Side.TOP


@attrs.frozen(cache_hash=True)  # hashed in the key of each Story (rules/_story.py)
class HeldAlly:
    """An Ally beside the Story; a sacrificed Ally is face down (000 · Glossary: Sacrifice)."""

    card: str
    sacrificed: bool = False


@attrs.frozen
class Player:
    """One hero: Character cards, Story, Allies, hand, played cards, Experience and track level."""

    seat: int
    origin: str | None = None
    motivation: str | None = None
    destiny: str | None = None
    destiny_revealed: bool = False
    dealt: tuple[str, ...] = ()
    story: tuple[tuple[Tucked, ...], tuple[Tucked, ...], tuple[Tucked, ...]] = ((), (), ())
    allies: tuple[HeldAlly, ...] = ()
    hand: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    xp: int = 3
    level: int = 2
    ext: Ext = Ext()  # what expansions keep for this hero

    @property
    def act(self) -> int:
        """The act this hero is in: 1–3, or 4 once three cards are under the Destiny (000 · Ending An Act)."""
        first, second, third = self.story
        if len(first) < 3:
            return 1
        if len(second) < 3:
            return 2
        return 3 if len(third) < 3 else 4

    @property
    def characters(self) -> tuple[str, ...]:
        """The hero's Character cards, Origin, Motivation, Destiny (those it has: all three once dealt)."""
        origin, motivation, destiny = self.origin, self.motivation, self.destiny
        if origin is not None and motivation is not None and destiny is not None:
            # The common case, without a generator (hot: the Story's powers).
            return (origin, motivation, destiny)
        return tuple([c for c in (origin, motivation, destiny) if c is not None])

    def story_cards(self) -> tuple[Tucked, ...]:
        return self.story[0] + self.story[1] + self.story[2]


@attrs.frozen
class ActiveEffect:
    """An effect in play with an explicit lifetime (docs/design.md § Effects with lifetimes).

    ``target`` is the seat it applies to. ``duration`` ATTEMPT effects are used up by the
    target's next attempt; TURN effects end at end of turn; NEXT_TURN effects wait for the
    target's next turn (``waiting``) and then last that turn; GAME effects never end.
    """

    effect: Effect
    source: str
    owner: int
    target: int
    duration: Duration
    waiting: bool = False


class WindowKind(StrEnum):
    """The timing windows in which any seat may play cards (000 · FAQs: Card timing).

    ``before_attempt`` and ``as_attempt`` frame an attempt's cast; ``any_time`` is a priority
    point after an action of the active hero, where the other seats may play cards with no
    printed timing (000 · Hero and Antihero Cards: they "can even interrupt other players'
    actions"); ``end_of_turn`` is the same after the active hero declares the end of its turn,
    which ends when the window closes.
    """

    BEFORE = "before_attempt"
    AS = "as_attempt"
    ANY = "any_time"
    END = "end_of_turn"


@attrs.frozen
class Window:
    """A timing window: priority passes round the seats; played cards wait on its stack.

    ``order``: the seats still to answer in this round, in turn order (the first decides now);
    after any card or power is played every seat answers again, from the next seat. When every
    seat has passed in succession the window is ``closing``: its ``stack`` resolves last played
    first, one card at a time (a card may ask a decision on the way), then the window goes.
    """

    kind: WindowKind
    order: tuple[int, ...]
    stack: tuple[tuple[int, str, int], ...] = ()  # (seat, card id, target seat), in play order
    closing: bool = False


@attrs.frozen
class ChooseCharacter:
    """A seat keeps one of its dealt Character cards of one type (000 · Deal the Cards)."""

    seat: int
    kind: str  # "origin" | "motivation" | "destiny"


@attrs.frozen
class PlaceAlly:
    """The active seat tucks a revealed Ally under a challenge in its row (000 · Allies)."""

    seat: int
    ally: str
    act: int


@attrs.frozen
class ChooseDraw:
    """A seat picks the deck of a "draw either" result (000 · Hero and Antihero Cards).

    ``closes_cast``: the last draw a challenge cast's faces ask for; once it is drawn the boxes
    see the cast (``Expansion.after_cast``), so the hero draws "as usual" before a box reveals a
    card of its own on that cast (an Adversary's).
    """

    seat: int
    count: int = 1
    closes_cast: bool = False


@attrs.frozen
class AwaitCast:
    """Chance: runes are about to be cast (docs/design.md § Chance as actions).

    ``source`` is empty for the cast of the attempt under way (000 · Attempt a Challenge);
    otherwise the id of the expansion whose cast this is (its pool and resolution), with
    ``detail`` saying what for (a Name attempt: the Name).
    """

    seat: int
    source: str = ""
    detail: str = ""


@attrs.frozen
class Decision:
    """A decision an expansion asks of a seat (``source``: the expansion; ``kind``: which decision)."""

    seat: int
    source: str
    kind: str


@attrs.frozen
class Choice:
    """A forced choice a hero makes itself: one of ``options`` (000 · Glossary: Sacrifice; 000 · Allies).

    ``kind``: ``"sacrifice"`` (an Ally id to turn face down), ``"discard"`` (a card id of the
    hand), or ``"target"`` (a seat, written ``P2``, for a triggered power of card ``source`` at
    ``index`` whose effects help another hero); ``count``: how many more of the same follow.
    """

    seat: int
    kind: str
    source: str
    options: tuple[str, ...]
    index: int = 0
    count: int = 1


@attrs.frozen
class ChooseRecastDark:
    """Before a re-attempt casts, the hero may buy more Dark runes (000 · Dark Runes; open question 8)."""

    seat: int


Pending = ChooseCharacter | PlaceAlly | ChooseDraw | Window | AwaitCast | Decision | ChooseRecastDark | Choice


@attrs.frozen
class Attempt:
    """An attempt under way (000 · Attempt a Challenge; 000 · Glossary: Re-attempt)."""

    seat: int
    card: str
    act: int
    slot: int
    side: Side
    dark_bought: int = 0
    dark_free: int = 0
    dark_recast: int = 0  # Dark runes bought for the next re-cast (000 · Dark Runes; open question 8)
    casts: int = 0
    cast: tuple[tuple[str, int], ...] = ()  # (rune id, face index) of the latest cast
    reattempt: bool = False
    abilities: tuple[Icon, ...] = ()  # the abilities chosen, when the attempt does not use the card's
    auto: str = ""  # gained without casting: how (an expansion's shortcut, e.g. "by a learned Name")
    against: str = ""  # not a table challenge: the id of the expansion whose attempt this is
    moon_levels: int = 0  # levels the latest cast's moons moved the track (given back by a re-attempt)


@attrs.frozen
class Turn:
    """What has happened this turn (000 · Each Turn)."""

    seat: int
    number: int = 1
    journeyed: bool = False
    attempted: bool = False
    gained: bool = False
    failed: bool = False
    free_discard: bool = False
    dark_bought: int = 0
    dark_added: int = 0  # free Dark runes cards added this turn (option card_dark_runes)
    used_powers: tuple[str, ...] = ()
    cancel_corruption: int = 0
    refill: tuple[tuple[int, int], ...] = ()  # (act, slot) to refill at end of turn
    marks: tuple[str, ...] = ()  # what expansions count once per turn (e.g. a Name attempt)


@attrs.frozen
class GameState:
    """The whole game as one immutable value."""

    config: Config
    players: tuple[Player, ...]
    rows: tuple[Row, ...]
    hero_deck: tuple[str, ...]
    antihero_deck: tuple[str, ...]
    rng: int
    turn: Turn
    phase: Phase = Phase.SETUP
    hero_discard: tuple[str, ...] = ()
    antihero_discard: tuple[str, ...] = ()
    pending: tuple[Pending, ...] = ()
    attempt: Attempt | None = None
    effects: tuple[ActiveEffect, ...] = ()
    final_turns: tuple[int, ...] | None = None  # seats still to take a final turn, once the game is ending
    closed_by: int | None = None
    removed: tuple[str, ...] = ()  # cards removed from the game (unchosen Characters, first-game cards)
    ext: Ext = Ext()  # what expansions keep of their own (e.g. the Adversary of a co-op game)

    @property
    def active(self) -> int:
        return self.turn.seat

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def row(self, act: int) -> Row:
        return self.rows[act - 1]

    def __repr__(self) -> str:
        """A short summary (the whole value is thousands of characters): turn, phase, heroes, what waits."""
        heroes = ", ".join(
            f"P{p.seat + 1} Act {min(p.act, 3)} {len(p.story_cards())} cards {p.xp} XP" for p in self.players
        )
        waits = type(self.pending[-1]).__name__ if self.pending else "main action"
        return f"<GameState turn {self.turn.number} P{self.turn.seat + 1} {self.phase.value}: {heroes}; waiting: {waits}>"

    def __rich_repr__(self) -> Iterator[tuple[str, object]]:
        yield "turn", self.turn.number
        yield "seat", self.turn.seat
        yield "phase", self.phase.value
        yield (
            "heroes",
            tuple(f"Act {min(p.act, 3)}, {len(p.story_cards())} cards, {p.xp} XP" for p in self.players),
        )
        yield "pending", tuple(type(p).__name__ for p in self.pending)
        if self.attempt is not None:
            yield "attempt", self.attempt.card

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython's pretty printer shows the short summary too."""
        printer.text(repr(self))


# Positions pickle as (class, field values) (values/_pickling.py): simulation workers ship them.
compact_pickle(
    Ext,
    Config,
    Slot,
    Row,
    Tucked,
    HeldAlly,
    Player,
    ActiveEffect,
    Window,
    ChooseCharacter,
    PlaceAlly,
    ChooseDraw,
    AwaitCast,
    Decision,
    ChooseRecastDark,
    Attempt,
    Turn,
    GameState,
)

__all__ = [
    "ActiveEffect",
    "Attempt",
    "AwaitCast",
    "Choice",
    "ChooseCharacter",
    "ChooseDraw",
    "Config",
    "Decision",
    "Draw",
    "Ext",
    "GameState",
    "HeldAlly",
    "Mode",
    "Pending",
    "Phase",
    "PlaceAlly",
    "Player",
    "Row",
    "Slot",
    "Tucked",
    "Turn",
    "When",
    "Window",
    "WindowKind",
    "evolve",
]


_EVOLVERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def evolve(inst: _T, **changes: Any) -> _T:
    """A copy of a frozen attrs value with some fields changed: the value ``attrs.evolve`` makes.

    Made by the fast copies of ``values/_copies.py`` (docs/design.md § Speed without shortcuts).
    """
    try:
        fn = _EVOLVERS[inst.__class__]
    except KeyError:  # the first copy of a class
        from ._copies import evolver  # here, not above: that module imports this one's classes

        fn = _EVOLVERS[inst.__class__] = evolver(inst.__class__)
    return fn(inst, changes)  # type: ignore[no-any-return]
