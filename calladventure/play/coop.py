"""Co-op and solo positions, and the co-op API for scripts (000 · Facing Odium: Solo and Co-op Play).

:func:`coop_position` turns a built position into a co-op or solo one: the Adversary and its
quest set up as at the start of a game, with the tokens, deck and loyalists a scenario asks
for. The rest of the co-op API (``coop_result``, ``facing_odds``, ``quests_for`` …) is the
expansion's, re-exported here so ``calladventure.odium`` (0.1's module) keeps working.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..expansions.odium import (
    KEY,
    LOYALTY,
    ODIUM_DECK_NAMES,
    ODIUM_TRIUMPH,
    SKULL_DECK_NAMES,
    Adversary,
    CoopResult,
    DeclareLoyalty,
    FaceOdium,
    FaceResult,
    OdiumState,
    adversaries,
    after_cast,
    begin_act_three,
    begin_facing,
    change_tokens,
    choose,
    coop_result,
    deck_cards,
    declare,
    defeated_odium,
    discard_revealed,
    excluded,
    face,
    facing_attempt,
    facing_now,
    facing_odds,
    facing_options,
    finish,
    goal,
    has_faced,
    is_coop,
    is_odium_style,
    next_facer,
    odium_of,
    path_odds,
    quests_for,
    resolve_facing,
    reveal,
    reveals,
    setup,
    short_id,
    start_tokens,
    winning_seats,
    with_odium,
)
from ..expansions.odium.state import the_odium
from ..game.library import DEFAULT
from ..rules.context import Library
from ..values.state import GameState, Mode, evolve


def coop_position(
    state: GameState,
    *,
    mode: Mode | str = Mode.COOP,
    quest: str | None = None,
    adversary: str | None = None,
    tokens: int | None = None,
    deck: Sequence[str] | None = None,
    loyalists: Sequence[int] = (),
    library: Library | None = None,
) -> GameState:
    """Turn a built position (``Position(...).build()``) into a co-op or solo position.

    ``quest`` / ``adversary`` by name or id; ``tokens`` replaces the starting tokens; ``deck``
    names the top of the Adversary's deck, first revealed first.
    """
    lib = library or DEFAULT
    config = evolve(state.config, mode=Mode(mode))
    ctx = lib.context(config)
    q = ctx.resolve(quest).id if quest is not None else None
    a = ctx.resolve(adversary).id if adversary is not None else None
    config = evolve(config, quest=q, adversary=a)
    ctx = lib.context(config)
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


__all__ = [
    "KEY",
    "LOYALTY",
    "ODIUM_DECK_NAMES",
    "ODIUM_TRIUMPH",
    "SKULL_DECK_NAMES",
    "Adversary",
    "CoopResult",
    "DeclareLoyalty",
    "FaceOdium",
    "FaceResult",
    "OdiumState",
    "adversaries",
    "after_cast",
    "begin_act_three",
    "begin_facing",
    "change_tokens",
    "choose",
    "coop_position",
    "coop_result",
    "deck_cards",
    "declare",
    "defeated_odium",
    "discard_revealed",
    "excluded",
    "face",
    "facing_attempt",
    "facing_now",
    "facing_odds",
    "facing_options",
    "finish",
    "goal",
    "has_faced",
    "is_coop",
    "is_odium_style",
    "next_facer",
    "odium_of",
    "path_odds",
    "quests_for",
    "resolve_facing",
    "reveal",
    "reveals",
    "setup",
    "short_id",
    "start_tokens",
    "winning_seats",
    "with_odium",
]
