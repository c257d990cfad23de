"""A score card for a game played at the table: a hero's end of game, entered by card names or by counts.

:class:`ScoreSheet` holds what a player reads off the table: the Character cards and the
Story by card name (from the bundled sets), or the counts instead (Triumph and Tragedy showing
in the Story, story icons, traits and challenges); unspent Experience; Hero and Antihero cards
played (by name or count); the Corruption level; Name tokens; whether the hero defeated Odium;
and the Destiny. :func:`score_sheet` lays that out as a one-hero position and scores it with the
rules' own scoring (:func:`calladventure.rules.scores`), so the score card shows exactly the
lines the engine scores (000 · Ending the Game; 000 · Story Icons; 002 · Naming; 000 · Winning
the Solo or Co-op Game). Counts become one "as counted" Origin card carrying them (and plain
trait, challenge, Ally, Hero and Antihero cards to count), in a card set of its own.

Every bad or impossible entry is a :class:`ScoreCardError` naming it: a negative count or one
beyond what a box can hold (checked before any work: :data:`MOST`), an icon that is not a story
icon (a score card counts story icons, 000 · Story Icons), an unknown card (with close names), a
card of the wrong kind, more than three cards under a Character card, a card given twice, a
level not on the track or given both as ``level`` and ``corruption``, a name longer than
:data:`MAX_NAME` or holding control characters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ..data._entries import POINTS
from ..data._limits import MAX_ARRAY_LENGTH
from ..game._library import DEFAULT
from ..rules import Context, scores
from ..rules._front_hooks import hero_words, offered
from ..values._cards import Card, CardSet, CardType, Path, Side
from ..values._errors import AmbiguousCardError, CallAdventureError, UnknownCardError
from ..values._icons import Icon
from ..values._printable import controls
from ..values._score import Score
from ..values._state import HeldAlly, Phase, Player, Tucked
from .position import Position

__all__ = ["COUNTED_SET", "MAX_NAME", "MOST", "ScoreCardError", "ScoreSheet", "score_sheet", "score_sheets"]

#: The id of the card set that carries what a score card counts instead of naming.
COUNTED_SET = "score-card"

_UNDER = ("Origin", "Motivation", "Destiny")

#: The most characters in a hero's name on a score card.
MAX_NAME = 64

#: The most a box can hold of each count (what a Story by counts stands for: the Origin, the
#: Motivation and the nine cards beneath the Character cards, each path with at most ``POINTS``
#: Triumph or Tragedy and ``MAX_ARRAY_LENGTH`` icons); unspent Experience by a generous limit.
_STORY_CARDS = 11
_MOST = 18  # Allies, Hero and Antihero cards a score card can count
MOST: dict[str, int] = {
    "triumph": _STORY_CARDS * POINTS.hi,
    "tragedy": _STORY_CARDS * POINTS.hi,
    "icons": _STORY_CARDS * MAX_ARRAY_LENGTH,
    "traits": 9,
    "challenges": 9,
    "ally_count": _MOST,
    "heroes_played": _MOST,
    "antiheroes_played": _MOST,
    "experience": 999,
}


class ScoreCardError(CallAdventureError):
    """A score card entry that is impossible or unknown, naming the entry and what would be valid."""


@attrs.frozen
class ScoreSheet:
    """What one hero ended the game with, as read off the table (see the module's docstring).

    ``story`` is three lists of card names, under the Origin, Motivation and Destiny; a name
    may end in ``" (bottom)"`` for the bottom path. Give the Story by cards *or* by counts
    (``triumph``, ``tragedy``, ``icons``, ``traits``, ``challenges``, ``ally_count``), not both;
    the Destiny's own points and icons always come from the card named. ``corruption`` is the
    number of levels below the start (negative: above it), or give ``level`` by its label.
    """

    name: str = "Hero"
    origin: str | None = None
    motivation: str | None = None
    destiny: str | None = None
    story: tuple[tuple[str, ...], ...] = ((), (), ())
    allies: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    triumph: int = 0
    tragedy: int = 0
    icons: tuple[tuple[str, int], ...] = ()
    traits: int = 0
    challenges: int = 0
    ally_count: int = 0
    heroes_played: int = 0
    antiheroes_played: int = 0
    experience: int = 0
    corruption: int = 0
    level: str | None = None
    names: tuple[str, ...] = ()
    defeated_odium: bool = False

    @property
    def by_counts(self) -> bool:
        """Whether the Story is given as counts rather than by card names."""
        return bool(
            self.triumph or self.tragedy or self.icons or self.traits or self.challenges or self.ally_count
        )


def _count(sheet: ScoreSheet, field: str) -> int:
    value = getattr(sheet, field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoreCardError(f"{sheet.name}: {field} must be a whole number, not {value!r}")
    if value < 0:
        raise ScoreCardError(f"{sheet.name}: {field} cannot be negative (got {value})")
    if value > MOST[field]:
        raise ScoreCardError(
            f"{sheet.name}: {field} is at most {MOST[field]} (what a box can hold), not {value}"
        )
    return value


def _card(ctx: Context, sheet: ScoreSheet, text: str, kinds: Sequence[CardType], what: str) -> Card:
    """The card ``text`` names among the cards of ``kinds`` (:meth:`Context.resolve`), or a :class:`ScoreCardError`."""
    ids = [c.id for c in ctx.db.values() if c.type in kinds and c.set != COUNTED_SET]
    try:
        return ctx.resolve(text, among=ids, where=f"a card of type {what}")
    except UnknownCardError as exc:
        if exc.elsewhere:
            found = ctx.db[exc.elsewhere[0]]
            raise ScoreCardError(
                f"{sheet.name}: {found.name} is a {found.type.value} card, not {what}"
            ) from None
        if isinstance(exc, AmbiguousCardError):
            raise ScoreCardError(f"{sheet.name}: {exc}") from None
        hint = f"; did you mean {' or '.join(repr(n) for n in exc.suggestions)}?" if exc.suggestions else ""
        raise ScoreCardError(f"{sheet.name}: no {what} named {text.strip()!r}{hint}") from None


def _tucked(ctx: Context, sheet: ScoreSheet, text: str) -> Tucked:
    name, side = text.strip(), Side.TOP
    for word in ("bottom", "top"):
        if name.casefold().endswith(f"({word})"):
            name, side = name[: -len(word) - 2].strip(), Side(word)
    card = _card(
        ctx, sheet, name, (CardType.TRAIT, CardType.CHALLENGE, CardType.ADVERSARY), "trait or challenge"
    )
    if side not in card.sides:
        raise ScoreCardError(f"{sheet.name}: {card.name} has no bottom path (only challenges have two)")
    return Tucked(card.id, side)


def _counted_cards(sheet: ScoreSheet, seat: int) -> list[Card]:
    """The cards that carry one hero's counts: an Origin with the Story's points and icons, and plain cards."""
    icons: list[Icon] = []
    for name, n in sheet.icons:
        icon = _story_icon(sheet, name)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ScoreCardError(f"{sheet.name}: the count of {name} icons must be a whole number, 0 or more")
        if len(icons) + n > MOST["icons"]:
            raise ScoreCardError(
                f"{sheet.name}: a Story shows at most {MOST['icons']} icons (what a box can hold), not {len(icons) + n}"
            )
        icons += [icon] * n
    story = Path("the Story, as counted", tuple(icons), _count(sheet, "triumph"), _count(sheet, "tragedy"))
    at = f"{COUNTED_SET}/p{seat + 1}"
    cards = [
        Card(f"{at}-origin", "Story (as counted)", CardType.ORIGIN, COUNTED_SET, "original", paths=(story,)),
        Card(
            f"{at}-motivation", "(not given)", CardType.MOTIVATION, COUNTED_SET, "original", paths=(Path(),)
        ),
    ]
    for kind in _PLAIN:
        for i in range(1, _MOST + 1):
            cards.append(
                Card(
                    f"{at}-{kind}-{i}",
                    f"{kind} {i}",
                    CardType(kind),
                    COUNTED_SET,
                    "original",
                    paths=(Path(),),
                )
            )
    return cards


#: The kinds of plain cards a count stands for (a score card counts up to ``_MOST`` of each).
_PLAIN = ("trait", "challenge", "ally", "hero", "antihero")


def _story_icon(sheet: ScoreSheet, name: object) -> Icon:
    """The story icon ``name`` names: a score card counts story icons (000 · Story Icons), not abilities or marks."""
    story = ", ".join(i.value for i in Icon if i.is_story)
    try:
        icon = Icon(str(name).strip().lower())
    except ValueError:
        raise ScoreCardError(f"{sheet.name}: {name!r} is not an icon; the story icons are {story}") from None
    if not icon.is_story:
        kind = "an ability" if icon.is_ability else "a mark"
        raise ScoreCardError(
            f"{sheet.name}: {icon.value} is {kind}, not a story icon; the story icons are {story}"
        )
    return icon


def _story(ctx: Context, sheet: ScoreSheet, at: str) -> tuple[tuple[Tucked, ...], ...]:
    if sheet.by_counts:
        if any(sheet.story) or sheet.allies:
            raise ScoreCardError(f"{sheet.name}: give the Story by card names or by counts, not both")
        n = _count(sheet, "traits") + _count(sheet, "challenges")
        if n > 9:
            raise ScoreCardError(
                f"{sheet.name}: {n} traits and challenges, but a Story holds at most nine (three per Act)"
            )
        items = [Tucked(f"{at}-trait-{i}") for i in range(1, sheet.traits + 1)]
        items += [Tucked(f"{at}-challenge-{i}") for i in range(1, sheet.challenges + 1)]
        return (tuple(items[:3]), tuple(items[3:6]), tuple(items[6:]))
    if len(sheet.story) > 3:
        raise ScoreCardError(
            f"{sheet.name}: the Story is three lists (under the Origin, Motivation and Destiny)"
        )
    lists = [*sheet.story, *([()] * (3 - len(sheet.story)))]
    out = []
    for under, cards in zip(_UNDER, lists, strict=True):
        if len(cards) > 3:
            raise ScoreCardError(
                f"{sheet.name}: {len(cards)} cards under the {under}, but at most three go under a Character card"
            )
        out.append(tuple(_tucked(ctx, sheet, c) for c in cards))
    return tuple(out)


def _played(ctx: Context, sheet: ScoreSheet, at: str) -> tuple[str, ...]:
    heroes, antiheroes = _count(sheet, "heroes_played"), _count(sheet, "antiheroes_played")
    if sheet.played and (heroes or antiheroes):
        raise ScoreCardError(
            f"{sheet.name}: give the Hero and Antihero cards played by name or by count, not both"
        )
    if sheet.played:
        return tuple(
            _card(ctx, sheet, c, (CardType.HERO, CardType.ANTIHERO), "Hero or Antihero card").id
            for c in sheet.played
        )
    return tuple(f"{at}-hero-{i}" for i in range(1, heroes + 1)) + tuple(
        f"{at}-antihero-{i}" for i in range(1, antiheroes + 1)
    )


def _level(ctx: Context, sheet: ScoreSheet) -> int:
    track = ctx.track
    labels = [lv.label or str(i) for i, lv in enumerate(track.levels)]
    if sheet.level is not None and sheet.corruption != 0:
        raise ScoreCardError(f"{sheet.name}: give the Corruption level as level or as corruption, not both")
    if sheet.level is not None:
        for i, label in enumerate(labels):
            if label.casefold() == sheet.level.strip().casefold():
                return i
        raise ScoreCardError(
            f"{sheet.name}: no Corruption level {sheet.level!r}; the levels are {', '.join(labels)}"
        )
    whole = isinstance(sheet.corruption, int) and not isinstance(sheet.corruption, bool)
    if not whole or not 0 <= track.start + sheet.corruption < len(track.levels):
        low, high = -track.start, len(track.levels) - 1 - track.start
        raise ScoreCardError(
            f"{sheet.name}: corruption {sheet.corruption!r} is off the track: from {low} (the top) to {high} (the lowest level)"
        )
    return track.start + sheet.corruption


def _player(ctx: Context, sheet: ScoreSheet, seat: int) -> Player:
    at = f"{COUNTED_SET}/p{seat + 1}"
    if sheet.by_counts and sheet.origin:
        raise ScoreCardError(
            f"{sheet.name}: with the Story given by counts, leave out the Origin (count its points and icons)"
        )
    origin = (
        _card(ctx, sheet, sheet.origin, (CardType.ORIGIN,), "Origin").id if sheet.origin else f"{at}-origin"
    )
    motivation = (
        _card(ctx, sheet, sheet.motivation, (CardType.MOTIVATION,), "Motivation").id
        if sheet.motivation
        else f"{at}-motivation"
    )
    destiny = _card(ctx, sheet, sheet.destiny, (CardType.DESTINY,), "Destiny").id if sheet.destiny else None
    story = _story(ctx, sheet, at)
    allies = tuple(HeldAlly(_card(ctx, sheet, a, (CardType.ALLY,), "Ally").id) for a in sheet.allies)
    extra = _count(sheet, "ally_count")
    allies += tuple(HeldAlly(f"{at}-ally-{i}") for i in range(1, extra + 1))
    played = _played(ctx, sheet, at)
    every = [
        origin,
        motivation,
        destiny,
        *(t.card for u in story for t in u),
        *(a.card for a in allies),
        *played,
    ]
    twice = sorted({ctx.db[c].name for c in every if c and every.count(c) > 1})
    if twice:
        raise ScoreCardError(f"{sheet.name}: {', '.join(twice)} given twice; each card is in one place")
    player = Player(seat=seat, origin=origin, motivation=motivation, destiny=destiny, destiny_revealed=True,
                    story=(story[0], story[1], story[2]), allies=allies, played=played,
                    xp=_count(sheet, "experience"), level=_level(ctx, sheet))  # fmt: skip
    for words in hero_words(offered(ctx), "names"):  # 002 · Naming: the Name tokens
        try:
            player = words.give(player, sheet.names)
        except ValueError as exc:
            raise ScoreCardError(f"{sheet.name}: {exc}") from None
    return player


def _check_name(seat: int, name: object) -> None:
    """A hero's name: a text of 1 to :data:`MAX_NAME` characters on one line, no control characters."""
    if not isinstance(name, str):
        raise TypeError(f"hero {seat + 1}: a name is a str, not {type(name).__name__}")
    if not 0 < len(name) <= MAX_NAME:
        raise ScoreCardError(f"hero {seat + 1}: a name has 1 to {MAX_NAME} characters, not {len(name)}")
    bad = controls(name) + tuple(f"\\x{ord(c):02x}" for c in "\t\n" if c in name)
    if bad:
        raise ScoreCardError(f"hero {seat + 1}: a name holds no control characters, not {' '.join(bad)}")


def score_sheets(
    sheets: Sequence[ScoreSheet], sets: Sequence[str] = ("core",), rules: Mapping[str, Any] | None = None
) -> tuple[Score, ...]:
    """Each hero's itemised score, through the rules' own scoring (see the module's docstring).

    A hero who defeated Odium scores it under the ``odium_reward = "each_success"`` reading
    (the only one a score card can tell: it does not know the team's result).
    """
    if not sheets:
        raise ScoreCardError("a score card needs at least one hero")
    if len(sheets) > 4:
        raise ScoreCardError(f"a score card has 1 to 4 heroes, not {len(sheets)}")
    for seat, sheet in enumerate(sheets):
        _check_name(seat, sheet.name)
    try:
        state = (
            Position(players=len(sheets), sets=tuple(sets), names=tuple(s.name for s in sheets))
            .options(**dict(rules or {}))
            .build()
        )
    except CallAdventureError as exc:
        raise ScoreCardError(f"score card: {' '.join(str(exc).split())}") from None
    counted = CardSet(
        COUNTED_SET, "Score card counts", tuple(c for i, s in enumerate(sheets) for c in _counted_cards(s, i))
    )
    config = attrs.evolve(state.config, sets=(*state.config.sets, COUNTED_SET))
    library = DEFAULT.derive(sets=[counted])
    ctx = library.context(config)
    players = tuple(_player(ctx, sheet, seat) for seat, sheet in enumerate(sheets))
    state = attrs.evolve(state, config=config, players=players, phase=Phase.OVER)
    entries = [attrs.asdict(sheet, recurse=False) for sheet in sheets]
    for box in offered(ctx):  # what a box reads off the card (000 · Winning the Solo or Co-op Game: Odium)
        try:
            state = box.score_card(ctx, state, entries)
        except ValueError as exc:
            raise ScoreCardError(str(exc)) from None
    return scores(library.context(state.config), state)


def score_sheet(
    sheet: ScoreSheet, sets: Sequence[str] = ("core",), rules: Mapping[str, Any] | None = None
) -> Score:
    """One hero's itemised score, as :func:`score_sheets` gives it."""
    return score_sheets([sheet], sets, rules)[0]
