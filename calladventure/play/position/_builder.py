"""The :class:`Position` value: an exact game position, set up one builder step at a time.

Every builder method returns a new :class:`Position` (it is a frozen value); :meth:`Position.build`
checks it and lays it out (:func:`~.layout.lay_out`) as a :class:`GameState` at the start of the
given seat's turn, after its start-of-turn effects (``000 · Each Turn``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ...game import Game
from ...game._library import DEFAULT
from ...rules import Context, Library
from ...rules._front_hooks import hero_words
from ...values._cards import CardSet
from ...values._options import Rules
from ...values._state import Config, GameState, Player, Turn
from ._layout import lay_out
from ._specs import AllyItem, HeroSpec, PositionError, RowSpec, SlotItem, StoryItem, story_item

__all__ = ["Position"]


def _sets(value: Iterable[str | CardSet]) -> tuple[str | CardSet, ...]:
    return tuple(value)


def _strs(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class Position:
    """An exact game position, built fluently; :meth:`build` makes the :class:`GameState` (phase PLAY).

    ``sets`` are card-set ids or :class:`CardSet` values; the values live in the position's own
    library (:meth:`game_library`, derived from ``library``, the package's default one if not
    given), never in a process-wide one, so two positions with sets of the same id do not see
    each other. ``runes`` and ``track`` default to the first set's, then ``"core"``.
    """

    players: int = 2
    seed: int = 0
    sets: tuple[str | CardSet, ...] = attrs.field(default=("core",), converter=_sets)
    rules: Rules = attrs.field(factory=Rules)
    runes: str | None = None
    track: str | None = None
    names: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    heroes: tuple[tuple[int, HeroSpec], ...] = ()
    rows: tuple[tuple[int, RowSpec], ...] = ()
    hero_top: tuple[str, ...] = ()
    antihero_top: tuple[str, ...] = ()
    hero_discard: tuple[str, ...] = ()
    antihero_discard: tuple[str, ...] = ()
    seat: int = 0
    number: int = 1
    closed_by: int | None = None
    final_turns: tuple[int, ...] | None = None
    library: Library | None = attrs.field(default=None, eq=False, repr=False)

    # ------------------------------------------------------------------ builder steps

    def hero_spec(self, seat: int) -> HeroSpec:
        """What has been specified for ``seat`` so far."""
        return dict(self.heroes).get(seat, HeroSpec())

    def row_spec(self, act: int) -> RowSpec:
        """What has been specified for the Act ``act`` row so far."""
        return dict(self.rows).get(act, RowSpec())

    def hero(
        self,
        seat: int,
        *,
        origin: str | None = None,
        motivation: str | None = None,
        destiny: str | None = None,
        destiny_revealed: bool | None = None,
        story: Sequence[Sequence[StoryItem]] | None = None,
        allies: Sequence[AllyItem] | None = None,
        hand: Sequence[str] | None = None,
        played: Sequence[str] | None = None,
        xp: int | None = None,
        virtue: int | None = None,
        corruption: int | None = None,
        level: int | None = None,
        names: Sequence[str] | None = None,
    ) -> Position:
        """Set up one seat. Arguments left out keep their earlier (or default) value.

        ``story`` lists the cards under the Origin, Motivation and Destiny, each a card or
        ``(card, "bottom")``; ``allies`` are cards or ``(card, sacrificed)``. The track is
        given as ``virtue`` (levels above the start), ``corruption`` (levels below it) or
        ``level`` (absolute, 0 = top); by default the start (or the Motivation's start_virtue).
        Defaults: Character cards dealt (seeded) from those not placed, an empty hand and
        3 Experience (``000 · Deal the Cards``). ``names``: Names already learned
        (``"wind"``, ``"fire"``, ``"iron"``; ``002 · Naming``).
        """
        self._check_seat(seat, "hero")
        changes: dict[str, Any] = _track_changes(seat, virtue, corruption, level)
        for key, value in (("origin", origin), ("motivation", motivation), ("destiny", destiny)):
            if value is not None:
                changes[key] = value
        if destiny_revealed is not None:
            changes["destiny_revealed"] = destiny_revealed
        if story is not None:
            if isinstance(story, str) or len(story) > 3:
                raise PositionError(f"P{seat + 1}: story is three lists (under Origin, Motivation, Destiny)")
            lists = [tuple(story_item(seat, i, x) for x in under) for i, under in enumerate(story)]
            changes["story"] = tuple(lists + [()] * (3 - len(lists)))
        if allies is not None:
            changes["allies"] = tuple(allies)
        if hand is not None:
            changes["hand"] = _strs(hand)
        if played is not None:
            changes["played"] = _strs(played)
        if xp is not None:
            changes["xp"] = xp
        if names is not None:
            changes["names"] = self._names(seat, names)
        spec = attrs.evolve(self.hero_spec(seat), **changes)
        return attrs.evolve(self, heroes=_put(self.heroes, seat, spec))

    def row(
        self,
        act: int,
        cards: Sequence[SlotItem] | None = None,
        *,
        revealed: bool | None = None,
        top: Sequence[str] | None = None,
        discard: Sequence[str] | None = None,
    ) -> Position:
        """Set up an Act's row: its cards (``(challenge, ally)`` tucks an Ally under a challenge,
        ``None`` leaves a slot empty; slots not listed are dealt from the deck), whether it is face
        up (Act I is by default), the order of the top of its deck, and its discard pile."""
        self._check_act(act)
        spec = self.row_spec(act)
        changes: dict[str, Any] = {}
        if cards is not None:
            if isinstance(cards, str):
                raise PositionError(f"Act {act} row: give a list of cards, not the string {cards!r}")
            changes["cards"] = tuple(cards)
        if revealed is not None:
            changes["revealed"] = revealed
        if top is not None:
            changes["top"] = _strs(top)
        if discard is not None:
            changes["discard"] = _strs(discard)
        return attrs.evolve(self, rows=_put(self.rows, act, attrs.evolve(spec, **changes)))

    def reveal(self, *acts: int) -> Position:
        """Turn these Act rows face up (000 · Ending An Act)."""
        out = self
        for act in acts:
            out = out.row(act, revealed=True)
        return out

    def deck(self, act: int, top: Sequence[str]) -> Position:
        """The cards on top of an Act deck, first drawn first."""
        return self.row(act, top=top)

    def hero_deck(self, top: Sequence[str] = (), discard: Sequence[str] = ()) -> Position:
        """The top of the Hero deck (first drawn first) and its discard pile."""
        return attrs.evolve(self, hero_top=_strs(top), hero_discard=_strs(discard))

    def antihero_deck(self, top: Sequence[str] = (), discard: Sequence[str] = ()) -> Position:
        """The top of the Antihero deck (first drawn first) and its discard pile."""
        return attrs.evolve(self, antihero_top=_strs(top), antihero_discard=_strs(discard))

    def turn(self, seat: int, number: int = 1) -> Position:
        """Whose turn it is, and the turn number (000 · Each Turn)."""
        self._check_seat(seat, "turn")
        if number < 1:
            raise PositionError(f"the turn number starts at 1, not {number}")
        return attrs.evolve(self, seat=seat, number=number)

    def options(self, **options: Any) -> Position:
        """Change rules options by name (see :class:`calladventure.Rules`)."""
        return attrs.evolve(self, rules=self.rules.replace(**options))

    def ending(self, closed_by: int, final_turns: Sequence[int]) -> Position:
        """The game is ending: ``closed_by`` has three cards under the Destiny and these seats
        still take their final turn after the current one (000 · Ending the Game)."""
        self._check_seat(closed_by, "ending")
        for s in final_turns:
            self._check_seat(s, "ending")
        return attrs.evolve(self, closed_by=closed_by, final_turns=tuple(final_turns))

    def _names(self, seat: int, names: Sequence[str]) -> tuple[str, ...]:
        """``names``, checked by the boxes that keep a hero's ``names`` (``HeroWords.give``; 002 · Naming)."""
        keepers = list(hero_words(self._library.expansions, "names"))
        if names and not keepers:
            raise PositionError(
                f"P{seat + 1}: no box of this library keeps a hero's names; got {list(names)}"
            )
        for words in keepers:
            try:
                words.give(Player(seat), names)
            except ValueError as err:
                raise PositionError(f"P{seat + 1}: {err}") from None
        return tuple(names)

    # ------------------------------------------------------------------ results

    @functools.cached_property
    def _library(self) -> Library:
        base = self.library or DEFAULT
        inline = [s for s in self.sets if isinstance(s, CardSet)]
        return base.derive(inline) if inline else base

    def game_library(self) -> Library:
        """The library of this position's games: ``library`` (or the default one) plus its inline card sets."""
        return self._library

    def config(self) -> Config:
        """The game configuration of this position (its card sets by id)."""
        ids = [s.id if isinstance(s, CardSet) else s for s in self.sets]
        if not ids:
            raise PositionError("a position needs at least one card set")
        first = self._library.get_set(ids[0])
        return Config(
            players=self.players,
            sets=tuple(ids),
            rules=self.rules,
            seed=self.seed,
            names=self.names,
            runes=self.runes or first.runes or "core",
            track=self.track or first.track or "core",
        )

    def context(self) -> Context:
        """The card lookup of this position's configuration (its card sets, runes and track)."""
        return self._library.context(self.config())

    def build(self) -> GameState:
        """The :class:`GameState` of this position, in phase PLAY, checked."""
        if not 1 <= self.players <= 4:
            raise PositionError(f"Call to Adventure seats 1 to 4 players, not {self.players}")
        for seat, _ in self.heroes:
            self._check_seat(seat, "hero")
        self._check_seat(self.seat, "turn")
        return lay_out(
            self.context(),
            [self.hero_spec(seat) for seat in range(self.players)],
            [self.row_spec(act) for act in (1, 2, 3)],
            seed=self.seed,
            turn=Turn(seat=self.seat, number=self.number),
            hero_top=self.hero_top,
            hero_discard=self.hero_discard,
            antihero_top=self.antihero_top,
            antihero_discard=self.antihero_discard,
            closed_by=self.closed_by,
            final_turns=self.final_turns,
        )

    def game(self, *, record_events: bool = True) -> Game:
        """A :class:`~calladventure.game.Game` that starts from this position."""
        return Game.from_state(self.build(), record_events=record_events, library=self._library)

    # ------------------------------------------------------------------ checks

    def _check_seat(self, seat: int, what: str) -> None:
        if not 0 <= seat < self.players:
            raise PositionError(
                f"{what}: seat {seat} does not exist in a {self.players}-player game "
                f"(seats 0-{self.players - 1})"
            )

    @staticmethod
    def _check_act(act: int) -> None:
        if act not in (1, 2, 3):
            raise PositionError(f"there are Acts 1, 2 and 3, not {act}")


def _track_changes(
    seat: int, virtue: int | None, corruption: int | None, level: int | None
) -> dict[str, Any]:
    """A seat's track as :meth:`Position.hero` gives it: one of ``virtue``, ``corruption`` or ``level`` (or none)."""
    given = [
        k for k, v in (("virtue", virtue), ("corruption", corruption), ("level", level)) if v is not None
    ]
    if len(given) > 1:
        raise PositionError(f"P{seat + 1}: give the track as one of virtue, corruption or level, not {given}")
    if not given:
        return {}
    return {
        "virtue": virtue if virtue is not None else (-corruption if corruption is not None else None),
        "level": level,
    }


def _put(items: tuple[tuple[int, Any], ...], key: int, value: Any) -> tuple[tuple[int, Any], ...]:
    return tuple(sorted({**dict(items), key: value}.items()))
