"""A fluent builder for exact game positions: rules clarification, scenarios and tests.

Put cards where you want them, then play from there::

    state = (
        Position(players=2, seed=1)
        .hero(0, origin="Farmer", motivation="Thrill Seeker", destiny="Wise Master", xp=4)
        .row(1, ["Wild Boar Hunt", ("Find a Lost Child", "Some Ally"), "Brave", "Thieves' Guild"])
        .turn(0)
        .build()
    )
    game = Game.from_state(state)

Every builder method returns a new :class:`Position` (it is a frozen value). :meth:`Position.build`
checks the position (unknown cards, a card placed twice, more than three cards under a Character
card …, each a :class:`PositionError` or :class:`~calladventure.errors.UnknownCardError`) and puts
every card of the chosen sets that was not placed where it belongs, so every card is in exactly one
place: story cards in their Act deck, Hero and Antihero cards in their deck, unchosen Character
cards out of the game (``000 · Deal the Cards``). The position is the start of the given seat's
turn, after its start-of-turn effects.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from ..rules.context import Context, context_for, get_set, register_set
from ..values import rng
from ..values.cards import Card, CardSet, CardType, Side
from ..values.errors import CallAdventureError, UnknownCardError
from ..values.icons import NAME_ICONS, Icon
from ..values.options import Rules
from ..values.state import Config, GameState, HeldAlly, Phase, Player, Row, Slot, Tucked, Turn

if TYPE_CHECKING:
    from ..game.game import Game

#: A card under a Character card: a name or id (top path showing), or (card, "top" | "bottom").
StoryItem: TypeAlias = str | tuple[str, Side | str]
#: An Ally beside the Story: a name or id, or (card, sacrificed).
AllyItem: TypeAlias = str | tuple[str, bool]
#: A table slot: a card, (challenge, Ally tucked under it), or None for an empty slot.
SlotItem: TypeAlias = str | tuple[str, str] | None

_STORY_TYPES = (CardType.TRAIT, CardType.CHALLENGE, CardType.ADVERSARY)
_TABLE_TYPES = (CardType.TRAIT, CardType.CHALLENGE, CardType.ADVERSARY, CardType.ALLY)
_HAND_TYPES = (CardType.HERO, CardType.ANTIHERO)
_UNDER = ("Origin", "Motivation", "Destiny")


class PositionError(CallAdventureError):
    """A position that cannot be built: it says which card or setting is wrong, and why."""


def _sets(value: Iterable[str | CardSet]) -> tuple[str | CardSet, ...]:
    return tuple(value)


def _strs(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class HeroSpec:
    """What is specified for one seat (None: not specified, the default applies)."""

    origin: str | None = None
    motivation: str | None = None
    destiny: str | None = None
    destiny_revealed: bool = False
    story: tuple[tuple[StoryItem, ...], ...] = ((), (), ())
    allies: tuple[AllyItem, ...] = ()
    hand: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    xp: int = 3
    virtue: int | None = None  # levels above the start (negative: below)
    level: int | None = None  # absolute level index, 0 = top of the track
    names: tuple[str, ...] = ()  # Names already learned (002 · Naming)


@attrs.frozen
class RowSpec:
    """One Act's row: its slots (None: dealt from the deck), whether it is face up, its deck top."""

    cards: tuple[SlotItem, ...] | None = None
    revealed: bool | None = None
    top: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()


@attrs.frozen
class Position:
    """An exact game position, built fluently; :meth:`build` makes the :class:`GameState` (phase PLAY).

    ``sets`` are card-set ids or :class:`CardSet` values (registered with
    :func:`calladventure.context.register_set` when the position is built). ``runes`` and
    ``track`` default to the first set's, then ``"core"``.
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
        given = [
            k for k, v in (("virtue", virtue), ("corruption", corruption), ("level", level)) if v is not None
        ]
        if len(given) > 1:
            raise PositionError(
                f"P{seat + 1}: give the track as one of virtue, corruption or level, not {given}"
            )
        spec = self.hero_spec(seat)
        changes: dict[str, Any] = {}
        for key, value in (("origin", origin), ("motivation", motivation), ("destiny", destiny)):
            if value is not None:
                changes[key] = value
        if destiny_revealed is not None:
            changes["destiny_revealed"] = destiny_revealed
        if story is not None:
            if isinstance(story, str) or len(story) > 3:
                raise PositionError(f"P{seat + 1}: story is three lists (under Origin, Motivation, Destiny)")
            lists = [tuple(_story_item(seat, i, x) for x in under) for i, under in enumerate(story)]
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
            valid = {i.value for i in NAME_ICONS}
            bad = [n for n in names if n not in valid]
            if bad or len(set(names)) != len(names):
                raise PositionError(
                    f"P{seat + 1}: names are each learned once, among {sorted(valid)}; got {list(names)}"
                )
            changes["names"] = tuple(names)
        if given:
            changes["virtue"] = (
                virtue if virtue is not None else (-corruption if corruption is not None else None)
            )
            changes["level"] = level
        spec = attrs.evolve(spec, **changes)
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
        """Change rules options by name (see :class:`calladventure.options.Rules`)."""
        return attrs.evolve(self, rules=self.rules.replace(**options))

    def ending(self, closed_by: int, final_turns: Sequence[int]) -> Position:
        """The game is ending: ``closed_by`` has three cards under the Destiny and these seats
        still take their final turn after the current one (000 · Ending the Game)."""
        self._check_seat(closed_by, "ending")
        for s in final_turns:
            self._check_seat(s, "ending")
        return attrs.evolve(self, closed_by=closed_by, final_turns=tuple(final_turns))

    # ------------------------------------------------------------------ results

    def config(self) -> Config:
        """The game configuration of this position (registers the inline card sets)."""
        ids: list[str] = []
        for s in self.sets:
            if isinstance(s, CardSet):
                register_set(s)
                ids.append(s.id)
            else:
                ids.append(s)
        if not ids:
            raise PositionError("a position needs at least one card set")
        first = get_set(ids[0])
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
        return context_for(self.config())

    def build(self) -> GameState:
        """The :class:`GameState` of this position, in phase PLAY, checked."""
        if not 1 <= self.players <= 4:
            raise PositionError(f"Call to Adventure seats 1 to 4 players, not {self.players}")
        for seat, _ in self.heroes:
            self._check_seat(seat, "hero")
        self._check_seat(self.seat, "turn")
        ctx = self.context()
        return _Builder(self, ctx).build()

    def game(self, *, record_events: bool = True) -> Game:
        """A :class:`~calladventure.game.Game` that starts from this position."""
        from ..game.game import Game

        return Game.from_state(self.build(), record_events=record_events)

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


def _put(items: tuple[tuple[int, Any], ...], key: int, value: Any) -> tuple[tuple[int, Any], ...]:
    return tuple(sorted({**dict(items), key: value}.items()))


def _story_item(seat: int, index: int, item: StoryItem) -> StoryItem:
    if isinstance(item, str):
        return item
    name, side = item
    try:
        return (name, Side(side))
    except ValueError:
        raise PositionError(
            f"P{seat + 1}, under the {_UNDER[index]}: {name} shows 'top' or 'bottom', not {side!r}"
        ) from None


class _Builder:
    """Resolves card references, checks them and lays the cards out (used once by ``build``)."""

    def __init__(self, pos: Position, ctx: Context):
        self.pos = pos
        self.ctx = ctx
        self.where: dict[str, str] = {}  # card id → where it was placed

    # -------------------------------------------------------------- card references

    def take(self, ref: str, where: str, types: tuple[CardType, ...]) -> Card:
        """The card a name or id refers to, marked as placed at ``where``."""
        db = self.ctx.db
        if ref in db:
            card = db[ref]
            if card.id in self.where:
                raise PositionError(
                    f"{card.name} ({card.id}) is placed twice: in {self.where[card.id]} and in {where}"
                )
        else:
            named = db.named(ref)
            if not named:
                close = difflib.get_close_matches(ref, sorted({c.name for c in db.values()}), n=3)
                hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
                raise UnknownCardError(
                    f"{where}: no card named or with id {ref!r} in sets {list(self.ctx.config.sets)}{hint}"
                )
            free = [c for c in named if c.id not in self.where]
            if not free:
                ids = ", ".join(f"{c.id} in {self.where[c.id]}" for c in named)
                raise PositionError(
                    f"{ref} is placed twice: every copy is already placed ({ids}); cannot also be in {where}"
                )
            bases = {re.sub(r"#\d+$", "", c.id) for c in free}
            if len(bases) > 1:
                raise PositionError(
                    f"{where}: {ref!r} names several different cards ({sorted(bases)}); give the card id"
                )
            card = free[0]
        if card.type not in types:
            wanted = " or ".join(t.value for t in types)
            raise PositionError(f"{where}: {card.name} is a {card.type.value} card, not {wanted}")
        if self.out_of_game(card):
            raise PositionError(
                f"{where}: {card.name} is removed from the game in a first game "
                "(001 · Prepare the Story Decks)"
            )
        self.where[card.id] = where
        return card

    # -------------------------------------------------------------- the build

    def build(self) -> GameState:
        pos, ctx = self.pos, self.ctx
        specs = [pos.hero_spec(seat) for seat in range(pos.players)]
        players = [self.player(seat, spec) for seat, spec in enumerate(specs)]
        width = 5 if pos.players == 4 else 4
        revealed = [
            bool(pos.row_spec(a).revealed) if pos.row_spec(a).revealed is not None else a == 1
            for a in (1, 2, 3)
        ]
        if not revealed[0]:
            raise PositionError("the Act 1 row is face up once play begins (000 · Prepare the Story Decks)")
        for act in (2, 3):
            if revealed[act - 1] and not any(p.act > act - 1 for p in players):
                raise PositionError(
                    f"the Act {act} row is face up only once a hero has completed Act {act - 1} "
                    "(000 · Ending An Act)"
                )
        slots: list[list[Slot | str | None]] = []  # "deal" marks a slot to deal from the deck
        tops: list[tuple[str, ...]] = []
        discards: list[tuple[str, ...]] = []
        for act in (1, 2, 3):
            spec = pos.row_spec(act)
            slots.append(self.row_slots(act, spec, width, revealed[act - 1]))
            tops.append(
                tuple(self.take(c, f"the top of the Act {act} deck", _TABLE_TYPES).id for c in spec.top)
            )
            discards.append(
                tuple(self.take(c, f"the Act {act} discard pile", _TABLE_TYPES).id for c in spec.discard)
            )
            for cid in tops[-1] + discards[-1]:
                self.check_act(ctx.db[cid], act, f"the Act {act} deck")
        hero_top = tuple(self.take(c, "the top of the Hero deck", (CardType.HERO,)).id for c in pos.hero_top)
        anti_top = tuple(
            self.take(c, "the top of the Antihero deck", (CardType.ANTIHERO,)).id for c in pos.antihero_top
        )
        hero_discard = tuple(
            self.take(c, "the Hero discard pile", (CardType.HERO,)).id for c in pos.hero_discard
        )
        anti_discard = tuple(
            self.take(c, "the Antihero discard pile", (CardType.ANTIHERO,)).id for c in pos.antihero_discard
        )

        # Character cards not given are dealt from the rest, seeded (000 · Deal the Cards).
        r = rng.seed_state(pos.seed)
        for kind, ctype in (
            ("origin", CardType.ORIGIN),
            ("motivation", CardType.MOTIVATION),
            ("destiny", CardType.DESTINY),
        ):
            free = sorted(c.id for c in ctx.db.values() if c.type is ctype and c.id not in self.where)
            free = [c for c in free if not self.out_of_game(ctx.db[c])]
            deck, r = rng.shuffled(r, free)
            left = list(deck)
            for i, p in enumerate(players):
                if getattr(p, kind) is None and left:
                    cid = left.pop(0)
                    self.where[cid] = f"P{i + 1}'s {kind.title()}"
                    change: dict[str, Any] = {kind: cid}
                    players[i] = attrs.evolve(p, **change)
        for i, p in enumerate(players):
            if p.destiny_revealed and p.destiny is None:
                raise PositionError(f"P{i + 1}: the Destiny is revealed but there is none")
            hs = specs[i]
            if hs.level is None and hs.virtue is None and p.motivation is not None:
                start_virtue = ctx.db[p.motivation].start_virtue  # 000 · Reveal Your Character
                players[i] = attrs.evolve(p, level=ctx.track.clamp(ctx.track.start - start_virtue))

        # Everything not placed goes where it belongs.
        removed: list[str] = []
        pools: dict[object, list[str]] = {1: [], 2: [], 3: [], CardType.HERO: [], CardType.ANTIHERO: []}
        for cid in sorted(ctx.db):
            if cid in self.where:
                continue
            card = ctx.db[cid]
            if self.out_of_game(card) or card.type.is_character:
                removed.append(cid)
            elif card.type.is_story:
                if card.act not in (1, 2, 3):
                    raise PositionError(
                        f"{card.name} ({cid}) is a {card.type.value} card with no Act (1, 2 or 3)"
                    )
                pools[card.act].append(cid)
            elif card.type in _HAND_TYPES:
                pools[card.type].append(cid)
            else:
                removed.append(cid)
        shuffled: dict[object, list[str]] = {}
        for key, ids in pools.items():
            deck, r = rng.shuffled(r, ids)
            shuffled[key] = list(deck)
        rows: list[Row] = []
        for act in (1, 2, 3):
            pool = shuffled[act]
            out: list[Slot | None] = []
            for s in slots[act - 1]:
                if s != "deal":
                    assert not isinstance(s, str)
                    out.append(s)
                    continue
                # A face-up row holds no loose Ally: Allies dealt to it stay in the deck.
                pick = next(
                    (c for c in pool if not (revealed[act - 1] and ctx.db[c].type is CardType.ALLY)), None
                )
                if pick is not None:
                    pool.remove(pick)
                out.append(Slot(pick) if pick is not None else None)
            rows.append(
                Row(
                    act=act,
                    revealed=revealed[act - 1],
                    slots=tuple(out),
                    deck=tops[act - 1] + tuple(pool),
                    discard=discards[act - 1],
                )
            )
        closed_by, final_turns = self.ending(tuple(players))
        return GameState(
            config=ctx.config,
            players=tuple(players),
            rows=tuple(rows),
            hero_deck=hero_top + tuple(shuffled[CardType.HERO]),
            antihero_deck=anti_top + tuple(shuffled[CardType.ANTIHERO]),
            rng=r,
            turn=Turn(seat=pos.seat, number=pos.number),
            phase=Phase.PLAY,
            hero_discard=hero_discard,
            antihero_discard=anti_discard,
            final_turns=final_turns,
            closed_by=closed_by,
            removed=tuple(sorted(removed)),
        )

    def out_of_game(self, card: Card) -> bool:
        """Out of a first game: Allies, Adversaries and related cards (001 · Prepare the Story Decks)."""
        if not self.ctx.config.rules.first_game:
            return False
        return card.first_game_remove or card.type in (CardType.ALLY, CardType.ADVERSARY)

    def player(self, seat: int, spec: HeroSpec) -> Player:
        ctx = self.ctx
        who = f"P{seat + 1}"
        chars: dict[str, str | None] = {}
        for kind, ref, ctype in (
            ("origin", spec.origin, CardType.ORIGIN),
            ("motivation", spec.motivation, CardType.MOTIVATION),
            ("destiny", spec.destiny, CardType.DESTINY),
        ):
            chars[kind] = self.take(ref, f"{who}'s {kind.title()}", (ctype,)).id if ref is not None else None
        story: list[tuple[Tucked, ...]] = []
        for i, under in enumerate(spec.story):
            where = f"{who}'s Story under the {_UNDER[i]}"
            if len(under) > 3:
                raise PositionError(
                    f"{where}: {len(under)} cards; at most three go under a Character card "
                    "(000 · Ending An Act)"
                )
            if under and i > 0 and len(story[i - 1]) < 3:
                raise PositionError(
                    f"{where}: cards go under the {_UNDER[i]} only once three are under the "
                    f"{_UNDER[i - 1]} (000 · Ending An Act)"
                )
            tucked: list[Tucked] = []
            for item in under:
                ref, side = (item, Side.TOP) if isinstance(item, str) else (item[0], Side(item[1]))
                card = self.take(ref, where, _STORY_TYPES)
                if side not in card.sides:
                    raise PositionError(f"{where}: {card.name} has no {side.value} path")
                if card.act is not None and card.act < i + 1:
                    raise PositionError(
                        f"{where}: {card.name} is an Act {card.act} card; a hero never goes back "
                        "to an earlier Act (000 · FAQs: Act II cards before finishing Act I)"
                    )
                tucked.append(Tucked(card.id, side))
            story.append(tuple(tucked))
        allies: list[HeldAlly] = []
        for ally in spec.allies:
            name, sacrificed = (ally, False) if isinstance(ally, str) else ally
            allies.append(HeldAlly(self.take(name, f"{who}'s Allies", (CardType.ALLY,)).id, bool(sacrificed)))
        hand = tuple(self.take(c, f"{who}'s hand", _HAND_TYPES).id for c in spec.hand)
        played = tuple(self.take(c, f"{who}'s played cards", _HAND_TYPES).id for c in spec.played)
        if spec.xp < 0:
            raise PositionError(f"{who}: Experience cannot be negative ({spec.xp})")
        track = ctx.track
        if spec.level is not None:
            level = spec.level
        elif spec.virtue is not None:
            level = track.start - spec.virtue
        else:
            level = track.start  # the Motivation may change it once it is known (see build)
        if not 0 <= level <= track.lowest:
            raise PositionError(
                f"{who}: the {track.id} Corruption track has levels 0-{track.lowest} "
                f"({track.start} levels of Virtue above the start, "
                f"{track.lowest - track.start} of Corruption below); "
                f"level {level} is off the track (000 · FAQs: More than three Corruption)"
            )
        st = [*story, (), (), ()][:3]
        return Player(
            seat=seat,
            origin=chars["origin"],
            motivation=chars["motivation"],
            destiny=chars["destiny"],
            destiny_revealed=spec.destiny_revealed,
            story=(st[0], st[1], st[2]),
            allies=tuple(allies),
            hand=hand,
            played=played,
            xp=spec.xp,
            level=level,
            names=tuple(Icon(n) for n in spec.names),
        )

    def row_slots(self, act: int, spec: RowSpec, width: int, revealed: bool) -> list[Slot | str | None]:
        cards = spec.cards if spec.cards is not None else ()
        if len(cards) > width:
            raise PositionError(
                f"the Act {act} row has {width} slots with {self.pos.players} player(s), not {len(cards)} "
                "(000 · Prepare the Story Decks)"
            )
        out: list[Slot | str | None] = []
        for i, item in enumerate(cards):
            where = f"the Act {act} row, slot {i}"
            if item is None:
                out.append(None)
                continue
            ref, ally_ref = (item, None) if isinstance(item, str) else item
            card = self.take(ref, where, _TABLE_TYPES)
            self.check_act(card, act, where)
            if card.type is CardType.ALLY and revealed:
                raise PositionError(
                    f"{where}: an Ally is not left alone in a face-up row; tuck it under a challenge with "
                    "(challenge, ally) (000 · Allies)"
                )
            ally_id = None
            if ally_ref is not None and not revealed:
                raise PositionError(
                    f"{where}: Allies are tucked under challenges when a row is revealed; "
                    f"the Act {act} row is face down (000 · Allies)"
                )
            if ally_ref is not None:
                if card.type is not CardType.CHALLENGE:
                    raise PositionError(
                        f"{where}: {card.name} is a {card.type.value}; "
                        "only a challenge holds an Ally (000 · Allies)"
                    )
                ally = self.take(ally_ref, f"under {card.name} in the Act {act} row", (CardType.ALLY,))
                self.check_act(ally, act, where)
                ally_id = ally.id
            out.append(Slot(card.id, ally_id))
        out.extend(["deal"] * (width - len(cards)))
        return out

    @staticmethod
    def check_act(card: Card, act: int, where: str) -> None:
        if card.act != act:
            raise PositionError(f"{where}: {card.name} belongs to the Act {card.act} deck, not Act {act}")

    def ending(self, players: tuple[Player, ...]) -> tuple[int | None, tuple[int, ...] | None]:
        pos = self.pos
        done = [p.seat for p in players if p.act > 3]
        if pos.final_turns is not None:
            if pos.closed_by not in done:
                raise PositionError(
                    f"P{(pos.closed_by or 0) + 1} closed the game "
                    "but has fewer than three cards under the Destiny"
                )
            return pos.closed_by, pos.final_turns
        if not done:
            return None, None
        if pos.seat in done:
            n = pos.players
            return pos.seat, tuple((pos.seat + k) % n for k in range(1, n))
        raise PositionError(
            f"P{done[0] + 1} has three cards under the Destiny: say who still takes a final turn with "
            ".ending(closed_by, final_turns) (000 · Ending the Game)"
        )


# ============================================================================ inline card sets


def card_set(
    set_id: str, cards: Iterable[Card], *, name: str = "", register: bool = True, **meta: Any
) -> CardSet:
    """A :class:`CardSet` made in Python: each card's ``set`` and id prefix become ``set_id``.

    Cards may be written with a short id (``"officer"``); they become ``"<set_id>/officer"``.
    Registered with :func:`calladventure.context.register_set` unless ``register=False``.
    """
    out: list[Card] = []
    seen: set[str] = set()
    for card in cards:
        cid = f"{set_id}/{card.id.rsplit('/', 1)[-1]}"
        if cid in seen:
            raise PositionError(
                f"card set {set_id!r}: two cards with id {cid!r} (give copies ids like 'name#2')"
            )
        seen.add(cid)
        out.append(attrs.evolve(card, id=cid, set=set_id))
    result = CardSet(id=set_id, name=name or set_id, cards=tuple(out), **meta)
    if register:
        register_set(result)
    return result


# ============================================================================ the one-place invariant


def card_locations(state: GameState) -> dict[str, list[str]]:
    """Every card id in the state with each place it is in (a card should be in exactly one)."""
    places: dict[str, list[str]] = {}

    def put(cards: Iterable[str | None], where: str) -> None:
        for c in cards:
            if c is not None:
                places.setdefault(c, []).append(where)

    for p in state.players:
        who = f"P{p.seat + 1}"
        put((p.origin, p.motivation, p.destiny), f"{who} characters")
        put((c for c in p.dealt if c not in p.characters), f"{who} dealt")  # kept cards stay listed
        for i, under in enumerate(p.story):
            put((t.card for t in under), f"{who} under the {_UNDER[i]}")
        put((a.card for a in p.allies), f"{who} allies")
        put(p.hand, f"{who} hand")
        put(p.played, f"{who} played")
    for row in state.rows:
        for i, slot in enumerate(row.slots):
            if slot is not None:
                put((slot.card, slot.ally), f"Act {row.act} slot {i}")
        put(row.deck, f"Act {row.act} deck")
        put(row.discard, f"Act {row.act} discard")
    put(state.hero_deck, "Hero deck")
    put(state.antihero_deck, "Antihero deck")
    put(state.hero_discard, "Hero discard")
    put(state.antihero_discard, "Antihero discard")
    put(state.removed, "removed")
    for pending in state.pending:
        ally = getattr(pending, "ally", None)
        if isinstance(ally, str):
            put((ally,), "an Ally being placed")
    return places


def misplaced(ctx: Context, state: GameState) -> Mapping[str, list[str]]:
    """Cards of the game's sets that are in no place or in more than one (empty when all is well)."""
    places = card_locations(state)
    bad = {cid: where for cid, where in places.items() if len(where) != 1}
    for cid in ctx.db:
        if cid not in places:
            bad[cid] = []
    for cid in places:
        if cid not in ctx.db:
            bad[cid] = [*places[cid], "(not a card of the game's sets)"]
    return bad


__all__ = [
    "AllyItem",
    "HeroSpec",
    "Position",
    "PositionError",
    "RowSpec",
    "SlotItem",
    "StoryItem",
    "card_locations",
    "card_set",
    "misplaced",
]
