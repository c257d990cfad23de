"""A built position turned co-op or solo (000 · Facing Odium: Solo and Co-op Play).

:func:`coop_position` sets the Adversary and its quest up as at the start of a game, with the
tokens, deck and loyalists a scenario or a test asks for.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.context import Library
from ...values.state import GameState, Mode, evolve
from .setup import setup
from .state import the_odium, with_odium


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


__all__ = ["coop_position"]
