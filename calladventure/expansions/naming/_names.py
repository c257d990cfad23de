"""The Names of The Name of the Wind (002): which a hero knows, may attempt, may never learn.

``002 · Naming``: once per turn, after failing a challenge, a hero may attempt a Name (Wind,
Fire or Iron); each Name is learned once and gives a Name token. A learned Name lets the hero
gain, without casting, any path showing that Name's icon (``002 · FAQs: Gaining a Name
path``). ``002 · FAQs: Fae Origin``: a card may say its hero never learns a Name.

A hero's Names are kept in ``Player.ext`` under :data:`KEY` (read them with :func:`names_of`,
set them with :func:`with_names`); the turn's Name attempt is the mark :data:`KEY` in ``Turn.marks``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from ...rules._context import Context
from ...rules._story import card_ids
from ...values._actions import Action, Words
from ...values._cards import Card, Path
from ...values._errors import UnknownValueError
from ...values._icons import Icon
from ...values._state import GameState, Phase, Player
from ._icons import FIRE, IRON, NAME_ICONS, WIND
from ._options import KEY, NAMING, NamingRule

#: The total a Name attempt must reach (002 · Naming: "4 or higher").
NAME_DIFFICULTY = 4
#: Each Name token is worth 3 at the end of the game (002 · Naming).
NAME_TOKEN_POINTS = 3
#: A card whose effects may apply to a Name attempt (002 · FAQs: Comrade in Arms or Parting of Ways).
NAMING_TAG = "naming"
#: A Destiny whose activated powers are one-time "reveal this Destiny" abilities (002 · FAQs: Reveal this Destiny).
REVEAL_TAG = "reveal_once"
#: ``never_learn:<name>`` on a Character or Story card: its hero may never learn that Name (002 · FAQs: Fae Origin).
NEVER_LEARN = "never_learn:"

_TITLES = {WIND: "the Name of the Wind", FIRE: "the Name of Fire", IRON: "the Name of Iron"}


def title(name: Icon) -> str:
    """``"the Name of the Wind"``, ``"the Name of Fire"``, ``"the Name of Iron"`` (002 · Naming)."""
    return _TITLES[name]


def name_of(text: str | Icon) -> Icon:
    """A Name from ``"wind"``, ``"Name of the Wind"``, ``FIRE`` …; ValueError if it is none."""
    if isinstance(text, Icon) and text in NAME_ICONS:
        return text
    words = str(text).casefold().replace("the ", " ").replace("name of", " ").split()
    for name in NAME_ICONS:
        if words == [name.value]:
            return name
    raise UnknownValueError(f"{text!r:.60} is not a Name: the Names are wind, fire and iron (002 · Naming)")


@attrs.frozen
class AttemptName(Action):
    """After failing a challenge, attempt to learn a Name: wind, fire or iron (002 · Naming)."""

    verbs: ClassVar[tuple[str, ...]] = ("name",)
    name: Icon

    def __str__(self) -> str:
        return f"name {self.name.value}"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        try:
            return cls(name_of(rest))
        except ValueError:
            return None


def names_of(player: Player) -> tuple[Icon, ...]:
    """The Names the hero has learned, in the order learned (one Name token each)."""
    names: tuple[Icon, ...] = player.ext.get(KEY, ())
    return names


def with_names(player: Player, names: Sequence[str | Icon]) -> Player:
    """The hero with these Names learned (none: nothing kept); ValueError if one is not a Name or is given twice."""
    valid = [i.value for i in NAME_ICONS]
    if any(n not in valid for n in names) or len(set(names)) != len(names):
        raise UnknownValueError(f"Names are each learned once, among {', '.join(valid)}; got {list(names)}")
    return attrs.evolve(player, ext=player.ext.set(KEY, tuple(Icon(n) for n in names) or None))


def name_words(player: Player) -> tuple[str, ...]:
    """The Names the hero has learned, as words (``"wind"`` …)."""
    return tuple(n.value for n in names_of(player))


def shows_names(ctx: Context) -> bool:
    """Whether any card of the game's sets shows a Name icon (computed once per context)."""
    hit = ctx.memo.get("naming:shows")
    if hit is None:
        hit = ctx.remember(
            "naming:shows",
            any(icon in NAME_ICONS for card in ctx.db.values() for path in card.paths for icon in path.icons),
        )
    return bool(hit)


def naming_active(ctx: Context) -> bool:
    """Whether the Naming rule is in play: option ``naming``; ``auto`` means "a card shows a Name icon"."""
    mode = ctx.config.rules.option(NAMING)
    if mode is NamingRule.AUTO:
        return shows_names(ctx)
    return mode is NamingRule.ON


def forbidden(ctx: Context, player: Player) -> tuple[tuple[Icon, Card], ...]:
    """The Names this hero may never learn, each with the card that says so (002 · FAQs: Fae Origin)."""
    out: list[tuple[Icon, Card]] = []
    for cid in card_ids(player):
        card = ctx.db[cid]
        for name in NAME_ICONS:
            if NEVER_LEARN + name.value in card.tags:
                out.append((name, card))
    return tuple(out)


def name_options(ctx: Context, state: GameState, seat: int) -> tuple[Icon, ...]:
    """The Names the hero may attempt now: once per turn, after a failure, each Name once (002 · Naming)."""
    turn = state.turn
    if (
        state.phase is not Phase.PLAY
        or state.pending
        or turn.seat != seat
        or not turn.failed
        or KEY in turn.marks
    ):
        return ()
    if not naming_active(ctx):
        return ()
    player = state.players[seat]
    banned = {name for name, _card in forbidden(ctx, player)}
    known = names_of(player)
    return tuple(n for n in NAME_ICONS if n not in known and n not in banned)


def why_not(ctx: Context, state: GameState, name: Icon) -> str:
    """Why the active hero may not attempt ``name`` now, citing the rule."""
    if name not in NAME_ICONS:
        return f"{name.value} is not a Name: the Names are wind, fire and iron (002 · Naming)"
    if not naming_active(ctx):
        return "the Naming rule is not in play: no card of this game's sets shows a Name icon (option naming; 002 · Naming)"
    seat = state.turn.seat
    player = state.players[seat]
    if KEY in state.turn.marks:
        return "a Name may be attempted only once per turn (002 · Naming)"
    if not state.turn.failed:
        return "a Name may be attempted only after failing a challenge this turn (002 · Naming)"
    if name in names_of(player):
        return f"this hero already knows {title(name)}: each Name is learned once (002 · Naming)"
    for banned, card in forbidden(ctx, player):
        if banned is name:
            return f"{card.name}: this hero may never learn {title(name)} (002 · FAQs: Fae Origin)"
    return "a Name cannot be attempted now (002 · Naming)"


def learned_name_on(state: GameState, seat: int, path: Path) -> Icon | None:
    """The learned Name whose icon this path shows, if any: the path is gained without casting.

    ``002 · Naming``: "when you would attempt a path of that type, you automatically succeed";
    only that path (``002 · FAQs: Gaining a Name path``).
    """
    names = names_of(state.players[seat])
    if names:
        for icon in path.icons:
            if icon in names:
                return icon
    return None


__all__ = [
    "KEY",
    "NAME_DIFFICULTY",
    "NAME_TOKEN_POINTS",
    "NAMING_TAG",
    "NEVER_LEARN",
    "REVEAL_TAG",
    "AttemptName",
    "forbidden",
    "learned_name_on",
    "name_of",
    "name_options",
    "name_words",
    "names_of",
    "naming_active",
    "shows_names",
    "title",
    "why_not",
    "with_names",
]
