"""One seat of a position: its Character cards, Story, Allies, hand, Experience and track level.

:func:`seat_player` turns a :class:`~.specs.HeroSpec` into a
:class:`~calladventure.values._state.Player`, checking what the rules allow (at most three cards
under a Character card, filled in order; no card of an earlier Act than its place; a level on the
track). Character cards left out are dealt later, by the layout (``000 · Deal the Cards``).
"""

from __future__ import annotations

from ...rules._front_hooks import hero_words, offered
from ...values._cards import CardType, Side
from ...values._state import HeldAlly, Player, Tucked
from ._placement import Placement
from ._specs import HAND_TYPES, STORY_TYPES, UNDER, HeroSpec, PositionError

__all__ = ["seat_player"]


def seat_player(placed: Placement, seat: int, spec: HeroSpec) -> Player:
    """The :class:`Player` of ``seat`` as ``spec`` gives it, its cards marked as placed."""
    who = f"P{seat + 1}"
    chars: dict[str, str | None] = {}
    for kind, ref, ctype in (
        ("origin", spec.origin, CardType.ORIGIN),
        ("motivation", spec.motivation, CardType.MOTIVATION),
        ("destiny", spec.destiny, CardType.DESTINY),
    ):
        chars[kind] = placed.take(ref, f"{who}'s {kind.title()}", (ctype,)).id if ref is not None else None
    story = _story(placed, who, spec)
    allies: list[HeldAlly] = []
    for ally in spec.allies:
        name, sacrificed = (ally, False) if isinstance(ally, str) else ally
        allies.append(HeldAlly(placed.take(name, f"{who}'s Allies", (CardType.ALLY,)).id, bool(sacrificed)))
    hand = tuple(placed.take(c, f"{who}'s hand", HAND_TYPES).id for c in spec.hand)
    played = tuple(placed.take(c, f"{who}'s played cards", HAND_TYPES).id for c in spec.played)
    if spec.xp < 0:
        raise PositionError(f"{who}: Experience cannot be negative ({spec.xp})")
    st = [*story, (), (), ()][:3]
    player = Player(
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
        level=_level(placed, who, spec),
    )
    if spec.names:  # what the boxes keep of a hero, given as words (002 · Naming: the Names learned)
        for words in hero_words(offered(placed.ctx), "names"):
            player = words.give(player, spec.names)
    return player


def _story(placed: Placement, who: str, spec: HeroSpec) -> list[tuple[Tucked, ...]]:
    """The cards under each Character card, checked (000 · Ending An Act)."""
    story: list[tuple[Tucked, ...]] = []
    for i, under in enumerate(spec.story):
        where = f"{who}'s Story under the {UNDER[i]}"
        if len(under) > 3:
            raise PositionError(
                f"{where}: {len(under)} cards; at most three go under a Character card (000 · Ending An Act)"
            )
        if under and i > 0 and len(story[i - 1]) < 3:
            raise PositionError(
                f"{where}: cards go under the {UNDER[i]} only once three are under the "
                f"{UNDER[i - 1]} (000 · Ending An Act)"
            )
        tucked: list[Tucked] = []
        for item in under:
            ref, side = (item, Side.TOP) if isinstance(item, str) else (item[0], Side(item[1]))
            card = placed.take(ref, where, STORY_TYPES)
            if side not in card.sides:
                raise PositionError(f"{where}: {card.name} has no {side.value} path")
            if card.act is not None and card.act < i + 1:
                raise PositionError(
                    f"{where}: {card.name} is an Act {card.act} card; a hero never goes back "
                    "to an earlier Act (000 · FAQs: Act II cards before finishing Act I)"
                )
            tucked.append(Tucked(card.id, side))
        story.append(tuple(tucked))
    return story


def _level(placed: Placement, who: str, spec: HeroSpec) -> int:
    """The seat's level on the Corruption track (000 · FAQs: More than three Corruption)."""
    track = placed.ctx.track
    if spec.level is not None:
        level = spec.level
    elif spec.virtue is not None:
        level = track.start - spec.virtue
    else:
        level = track.start  # the Motivation may change it once it is known (see the layout)
    if not 0 <= level <= track.lowest:
        raise PositionError(
            f"{who}: the {track.id} Corruption track has levels 0-{track.lowest} "
            f"({track.start} levels of Virtue above the start, "
            f"{track.lowest - track.start} of Corruption below); "
            f"level {level} is off the track (000 · FAQs: More than three Corruption)"
        )
    return level
