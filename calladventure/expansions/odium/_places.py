"""Where the Adversary's cards are, and what a state may say of the Adversary (000 · Facing Odium).

``000 · Facing Odium: Solo and Co-op Play``: the Adversary and its quest are set beside the
table, and its Antihero cards form its own deck, revealed and then discarded
(``000 · Playing Odium's Cards``). :func:`odium_places` lists those cards for the one-place
invariant (:func:`calladventure.rules._zones.card_places`); :func:`odium_problems` names what a
saved or built state says of the Adversary that cannot be: seats that do not exist, a stage
that is not one, negative tokens.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...rules._context import Context
from ...values._state import Decision, GameState
from ._loyalty import LOYALTY
from ._state import KEY, odium_of

__all__ = ["STAGES", "odium_places", "odium_problems"]

#: The stages of a co-op game: play, then facing the Adversary once the final turns are over.
STAGES = ("play", "facing")


def odium_places(ctx: Context, state: GameState) -> Iterator[tuple[str, str]]:
    """(card id, place) of the Adversary, its quest cards, its deck, discard pile and revealed cards."""
    od = odium_of(state)
    if od is None:
        return
    yield od.adversary, "the Adversary"
    for c in od.rules:
        yield c, "a co-op rule card"
    for c in od.deck:
        yield c, "the Adversary's deck"
    for c in od.discard:
        yield c, "the Adversary's discard"
    for c in od.revealed:
        yield c, "revealed by the Adversary"


def odium_problems(ctx: Context, state: GameState) -> Iterator[tuple[str, str]]:
    """(field path, problem) of the Adversary's part of a state that no game can reach."""
    od = odium_of(state)
    if od is None:
        yield "ext", f"a {ctx.config.mode.value} game keeps its Adversary in ext.odium (000 · Facing Odium)"
        return
    n = len(state.players)
    at = "ext.odium"
    for field, seats in (
        ("loyalists", od.loyalists),
        ("facing", od.facing),
        ("faced", tuple(r.seat for r in od.faced)),
    ):
        for i, seat in enumerate(seats):
            if not 0 <= seat < n:
                yield f"{at}.{field}[{i}]", f"seat {seat} does not exist in a {n}-player game (0 … {n - 1})"
        if len(set(seats)) != len(seats):
            yield f"{at}.{field}", f"a seat is listed twice: {list(seats)}"
    for i, item in enumerate(state.pending):
        if isinstance(item, Decision) and item.source == KEY and item.kind != LOYALTY:
            yield (
                f"pending[{i}].kind",
                f"the Adversary asks only {LOYALTY!r} decisions, not {item.kind!r:.40}",
            )
    if od.stage not in STAGES:
        yield f"{at}.stage", f"{od.stage!r} is not a stage; one of {list(STAGES)}"
    for field, value in (("tokens", od.tokens), ("gained", od.gained), ("lost", od.lost)):
        if value < 0:
            yield f"{at}.{field}", f"{value} is negative"
    if od.quest is not None and od.quest not in od.rules:
        yield f"{at}.quest", f"the quest {od.quest!r} is not among the co-op rule cards {list(od.rules)}"
    if od.quest != ctx.config.quest and ctx.config.quest is not None:
        yield f"{at}.quest", f"{od.quest!r} is not the configured quest {ctx.config.quest!r}"
