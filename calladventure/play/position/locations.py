"""Where each card is: every card of a game is in exactly one place (``000 · Deal the Cards``).

:func:`card_locations` lists each card id of a state with the places it is in; :func:`misplaced`
names the cards of the game's sets that are in no place or in more than one. Tests check this
invariant after every action.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...rules import Context
from ...values.state import GameState
from .specs import UNDER

__all__ = ["card_locations", "misplaced"]


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
            put((t.card for t in under), f"{who} under the {UNDER[i]}")
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
