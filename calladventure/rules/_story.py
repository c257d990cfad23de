"""What a hero's Story shows: its visible paths, icons, points and the powers in force.

``000 · Glossary: Story``: the Origin, the Motivation, the Destiny once revealed, the
visible paths of gained Story cards, and the Allies (face-down, sacrificed Allies no longer
count: ``000 · Glossary: Sacrifice``). Temporary icons count for thresholds and runes but
never for scoring (``000 · Radiant Icons``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import chain
from typing import Any

from ..values._cards import Card, Path
from ..values._effects import Power, Requirement, TempIcon, Trigger
from ..values._icons import Icon
from ..values._state import GameState, Player
from ._context import Context
from ._hidden import is_hidden


def card_ids(player: Player) -> Iterator[str]:
    """Every card in front of a hero: Character cards, the cards tucked under them, and Allies (face up or down)."""
    yield from player.characters
    for under in player.story:
        for t in under:
            yield t.card
    for ally in player.allies:
        yield ally.card


def visible_paths(
    ctx: Context, player: Player, *, include_destiny: bool | None = None
) -> Iterator[tuple[Card, Path]]:
    """Every (card, path) that is part of the hero's Story right now (in a view, those it shows:
    another hero's Origin and Motivation are face down until every hero has kept, 000 · Reveal
    Your Character)."""
    db = ctx.db
    if player.origin and not is_hidden(player.origin):
        c = db[player.origin]
        yield c, c.paths[0]
    if player.motivation and not is_hidden(player.motivation):
        c = db[player.motivation]
        yield c, c.paths[0]
    show_destiny = player.destiny_revealed if include_destiny is None else include_destiny
    if player.destiny and show_destiny:
        c = db[player.destiny]
        yield c, c.paths[0]
    for under in player.story:
        for t in under:
            c = db[t.card]
            yield c, c.path(t.side)
    for ally in player.allies:
        if not ally.sacrificed:
            c = db[ally.card]
            yield c, c.paths[0]


class IconCounts(Counter[Icon]):
    """Icon counts shared from a cache: reading is free, changing one raises (copy it with ``Counter(...)``)."""

    def _frozen(self, *args: object, **kwargs: object) -> Any:
        raise TypeError("icon counts are shared and read-only: copy them with Counter(counts) to change them")

    def __init__(self, counts: Counter[Icon] | None = None) -> None:
        dict.__init__(self, counts or {})

    __setitem__ = __delitem__ = update = subtract = clear = pop = popitem = setdefault = _frozen


class _Shown:
    """What one Story shows, worked out when first asked: its icons, powers and card ids.

    Kept in a table of the context's memo by the values it was worked out from (:func:`_shown`).
    """

    __slots__ = ("ctx", "icons", "ids", "memo", "powers")

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.icons: dict[bool, IconCounts] = {}
        self.ids: frozenset[str] | None = None
        self.powers: tuple[tuple[Card, int, Power], ...] | None = None
        self.memo: dict[Any, Any] = {}


#: The last hero value asked for and its :class:`_Shown`, as one pair (most askings follow one for
#: the same hero). One slot holding a tuple: it is read and replaced whole, never half-written.
_LAST: list[tuple[Player, _Shown] | None] = [None]


def _shown(ctx: Context, player: Player) -> _Shown:
    """The derived values of this hero's Story, kept in a table of the context's memo by what they depend on:
    the Character cards, the Destiny face up or down, the Story and the Allies."""
    before = _LAST[0]
    if before is not None and before[0] is player and before[1].ctx is ctx:  # the hero asked for just before
        return before[1]
    key = (
        "shown",
        player.origin,
        player.motivation,
        player.destiny,
        player.destiny_revealed,
        player.story,
        player.allies,
    )
    table = ctx.table("shown")
    shown: _Shown | None = table.get(key)
    if shown is None:
        shown = ctx.keep(table, key, _Shown(ctx))
    _LAST[0] = (player, shown)
    return shown


def held_cards(ctx: Context, player: Player) -> frozenset[str]:
    """:func:`card_ids` as a set, worked out once per Story."""
    shown = _shown(ctx, player)
    ids = shown.ids
    if ids is None:
        ids = shown.ids = frozenset(card_ids(player))
    return ids


def story_memo(ctx: Context, player: Player) -> dict[Any, Any]:
    """A cache, kept with this hero's Story, of what depends on the Story alone (callers key it).

    What the Story shows is worked out from the context, the Character cards (the Destiny face
    up or down), the Story and the Allies only (000 · Glossary: Story).
    """
    return _shown(ctx, player).memo


def icon_counts(ctx: Context, player: Player, *, include_destiny: bool | None = None) -> Counter[Icon]:
    """Icons in the Story (what scores): no temporary icons. The result is shared and read-only."""
    # What the count depends on: whether the Destiny shows (None means "if revealed").
    show = player.destiny_revealed if include_destiny is None else include_destiny
    shown = _shown(ctx, player)
    counts = shown.icons.get(show)
    if counts is None:
        paths = visible_paths(ctx, player, include_destiny=show)
        counts = IconCounts(Counter(chain.from_iterable(path.icons for _card, path in paths)))
        shown.icons[show] = counts
    return counts


def effective_icons(ctx: Context, state: GameState, seat: int) -> Counter[Icon]:
    """Icons for runes and thresholds: the Story's plus temporary icons in play this turn."""
    player = state.players[seat]
    counts = icon_counts(ctx, player)
    if not state.effects:  # the common case: nothing in play this turn
        return counts
    more: Counter[Icon] | None = None  # a loop, not a comprehension: no frame of its own
    for ae in state.effects:
        effect = ae.effect
        if ae.target == seat and not ae.waiting and isinstance(effect, TempIcon):
            if more is None:
                more = Counter(counts)
            more[effect.icon] += effect.count
    return counts if more is None else more


def meets(ctx: Context, state: GameState, seat: int, req: Requirement | None) -> bool:
    """Whether a hero meets a requirement (icons, track position, a failure this turn)."""
    if req is None:
        return True
    player = state.players[seat]
    if req.icons:
        have = effective_icons(ctx, state, seat)
        for icon, n in req.icons.items():
            if have.get(icon, 0) < n:
                return False
    if req.virtue_at_least is not None and ctx.track.virtue(player.level) < req.virtue_at_least:
        return False
    if req.corruption_at_least is not None and ctx.track.corruption(player.level) < req.corruption_at_least:
        return False
    return not (req.after_failing and not (state.turn.seat == seat and state.turn.failed))


def powers(ctx: Context, player: Player) -> Iterator[tuple[Card, int, Power]]:
    """Every power in the Story: (card, index, power). Path powers are indexed after card powers.

    The Destiny's powers act once it is revealed; a sacrificed Ally keeps only its
    on-sacrifice power (000 · Glossary: Sacrifice). Worked out once per Story.
    """
    shown = _shown(ctx, player)
    found = shown.powers
    if found is None:
        found = shown.powers = tuple(_story_powers(ctx, player))
    return iter(found)


def _story_powers(ctx: Context, player: Player) -> Iterator[tuple[Card, int, Power]]:
    db = ctx.db
    has = ctx.with_powers
    for cid in player.characters:
        if cid not in has or (cid == player.destiny and not player.destiny_revealed):
            continue
        card = db[cid]
        for i, p in enumerate(card.powers):
            yield card, i, p
    for under in player.story:
        for t in under:
            if t.card not in has:
                continue
            card = db[t.card]
            for i, p in enumerate(card.powers):
                yield card, i, p
            path = card.path(t.side)
            for j, p in enumerate(path.powers):
                yield card, len(card.powers) + j, p
    for ally in player.allies:
        if ally.sacrificed or ally.card not in has:
            continue
        card = db[ally.card]
        for i, p in enumerate(card.powers):
            yield card, i, p


def power_of(ctx: Context, card: Card, index: int, side_path: Path | None = None) -> Power:
    """The power at ``index`` of a card (card powers first, then the visible path's)."""
    if index < len(card.powers):
        return card.powers[index]
    if side_path is None:
        side_path = card.paths[0]
    return side_path.powers[index - len(card.powers)]


def triggered(ctx: Context, state: GameState, seat: int, trigger: Trigger) -> list[tuple[Card, int, Power]]:
    """The powers of a hero with this trigger whose requirement holds now."""
    found = []
    for item in powers(ctx, state.players[seat]):  # a loop, not a comprehension: no frame of its own
        power = item[2]
        if power.trigger is trigger and (power.requires is None or meets(ctx, state, seat, power.requires)):
            found.append(item)
    return found


__all__ = [
    "IconCounts",
    "card_ids",
    "effective_icons",
    "held_cards",
    "icon_counts",
    "meets",
    "power_of",
    "powers",
    "story_memo",
    "triggered",
    "visible_paths",
]
