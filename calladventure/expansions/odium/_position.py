"""A built position turned co-op or solo (000 · Facing Odium: Solo and Co-op Play), and the Adversary on paper.

:func:`coop_position` sets the Adversary and its quest up as at the start of a game, with the
tokens, deck and loyalists a scenario or a test asks for. :data:`ODIUM_TABLE` is a scenario
file's ``[odium]`` table (written, checked clean, set up); :func:`score_card` reads a score
card's ``defeated_odium`` (000 · Winning the Solo or Co-op Game); :class:`OdiumEntry` is what the
``[odium]`` table holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from ...rules._context import Context, Library
from ...rules._front_hooks import PositionTable
from ...values._cards import CardType
from ...values._errors import UnknownCardError
from ...values._state import GameState, Mode, evolve
from ._options import ODIUM_REWARD, OdiumReward
from ._setup import setup
from ._state import KEY, FaceResult, OdiumState, odium_of, the_odium, with_odium


def coop_position(
    state: GameState,
    library: Library,
    *,
    mode: Mode | str = Mode.COOP,
    quest: str | None = None,
    adversary: str | None = None,
    tokens: int | None = None,
    deck: Sequence[str] | None = None,
    loyalists: Sequence[int] = (),
) -> GameState:
    """Turn a built position (``Position(...).build()``) of ``library``'s cards into a co-op or solo position.

    ``quest`` / ``adversary`` by name or id; ``tokens`` replaces the starting tokens; ``deck``
    names the top of the Adversary's deck, first revealed first.
    """
    config = evolve(state.config, mode=Mode(mode))
    ctx = library.context(config)
    q = ctx.resolve(quest).id if quest is not None else None
    a = ctx.resolve(adversary).id if adversary is not None else None
    config = evolve(config, quest=q, adversary=a)
    ctx = library.context(config)
    state = setup(ctx, evolve(state, config=config), None)
    od = the_odium(state)
    if tokens is not None:
        od = evolve(od, tokens=tokens)
    if deck is not None:
        top: list[str] = []
        rest = list(od.deck)
        for ref in deck:
            cid = ctx.resolve(ref, among=rest, where="left in the Adversary's deck").id
            rest.remove(cid)
            top.append(cid)
        od = evolve(od, deck=(*top, *rest))
    if loyalists:
        od = evolve(od, loyalists=tuple(loyalists))
    return with_odium(state, od)


def _clean(state: GameState) -> bool:
    """No Adversary, or one still in play: nothing revealed, nobody facing or faced, not overrun."""
    od = odium_of(state)
    return od is None or (
        not od.revealed and od.stage == "play" and not od.facing and not od.faced and not od.overrun
    )


def _write(ctx: Context, state: GameState, ref: Callable[[str], str]) -> dict[str, Any] | None:
    """``[odium]``: the Adversary's tokens, deck, discard pile, loyalists and the tokens gained and lost."""
    od = odium_of(state)
    if od is None:
        return None
    odium: dict[str, Any] = {"tokens": od.tokens, "deck": [ref(c) for c in od.deck]}
    if od.discard:
        odium["discard"] = [ref(c) for c in od.discard]
    if od.loyalists:
        odium["loyalists"] = [f"P{s + 1}" for s in od.loyalists]
    if od.gained:
        odium["gained"] = od.gained
    if od.lost:
        odium["lost"] = od.lost
    return odium


def _start(
    library: Library,
    state: GameState,
    game: Mapping[str, Any],
    table: Mapping[str, Any],
    seat: Callable[[str, str], int],
) -> GameState:
    """A co-op or solo position's Adversary (``[game] mode``), with what ``[odium]`` says of it."""
    if game["mode"] is Mode.COMPETITIVE:
        return state
    state = coop_position(
        state,
        library,
        mode=game["mode"],
        quest=game["quest"],
        adversary=game["adversary"],
        tokens=table.get("tokens"),
        deck=table.get("deck"),
        loyalists=[seat(r, "loyalists") for r in table.get("loyalists", ())],
    )
    discard, gained, lost = table.get("discard", ()), table.get("gained", 0), table.get("lost", 0)
    if not (discard or gained or lost):
        return state
    ctx = library.context(state.config)
    now = the_odium(state)
    left = list(now.deck)  # the discard pile is not in the deck
    taken = tuple(_taken(ctx, ref, left) for ref in discard)
    return with_odium(state, evolve(now, deck=tuple(left), discard=taken, gained=gained, lost=lost))


def _taken(ctx: Context, ref: str, deck: list[str]) -> str:
    """The id of the card ``ref`` names in the Adversary's ``deck`` (an id or a name), taken out of it."""
    try:
        cid = ctx.resolve(ref, among=deck, where="in the Adversary's deck").id
    except UnknownCardError as exc:
        raise exc.at("[odium] discard") from None
    deck.remove(cid)
    return cid


@attrs.frozen
class OdiumEntry:
    """``[odium]``: the Adversary of a co-op or solo position: tokens, deck top, discard, loyalists."""

    tokens: int | None = None
    deck: tuple[str, ...] | None = None
    discard: tuple[str, ...] = ()
    loyalists: tuple[str, ...] = ()
    gained: int = 0
    lost: int = 0


def _check(
    game: Mapping[str, Any], entry: OdiumEntry, seat: Callable[[str, str], int]
) -> Iterator[tuple[str | None, str]]:
    """An ``[odium]`` table is a co-op or solo game's; its loyalists are seats (000 · Facing Odium)."""
    if game["mode"] is Mode.COMPETITIVE:
        yield None, 'an [odium] section needs [game] mode = "coop" or "solo"'
    for ref in entry.loyalists:
        seat(ref, "loyalists")


#: A scenario file's ``[odium]`` table (000 · Facing Odium: Solo and Co-op Play).
ODIUM_TABLE = PositionTable(
    KEY,
    OdiumEntry,
    _clean,
    _write,
    _start,
    _check,
    bounds={"tokens": (0, 999), "gained": (0, 999), "lost": (0, 999)},
)


def score_card(ctx: Context, state: GameState, entries: Sequence[Mapping[str, Any]]) -> GameState:
    """A score card's heroes who defeated Odium (000 · Winning the Solo or Co-op Game).

    Scored under the ``odium_reward = "each_success"`` reading, the only one a score card can
    tell (it does not know the team's result).
    """
    winners = tuple(FaceResult(s, (), 0, 0, True) for s, e in enumerate(entries) if e.get("defeated_odium"))
    if not winners:
        return state
    odium = next((c.id for c in ctx.db.values() if c.type is CardType.QUEST and "adversary" in c.tags), None)
    if odium is None:
        raise ValueError("defeating Odium needs the stormlight set (sets = ['stormlight'])")
    rules = state.config.rules.replace(**{ODIUM_REWARD.name: OdiumReward.EACH_SUCCESS})
    state = evolve(state, config=evolve(state.config, rules=rules))
    return with_odium(state, OdiumState(adversary=odium, faced=winners))


__all__ = ["ODIUM_TABLE", "OdiumEntry", "coop_position", "score_card"]
