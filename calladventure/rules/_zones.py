"""Where every card is: each card of a game's sets is in exactly one place (``000 · Deal the Cards``).

A card is dealt, kept, tucked, held, in a hand, played, on the table, in a deck or a discard
pile, removed from the game, or waiting to be placed (an Ally, ``000 · Allies``); a box adds
the places it keeps beside the table (:meth:`~.expansion.Expansion.card_places`). Card
conservation is an invariant of the engine: no action, including one that ends the game, loses
or copies a card. :func:`card_places` lists the places of every card id of a state,
:func:`misplaced` names the cards that break the invariant, and :func:`conserved` is the fast
yes-or-no the random-play tests ask after every action.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..values._state import GameState, PlaceAlly
from ._context import Context

__all__ = ["UNDER", "card_places", "conserved", "misplaced", "placed_cards"]

#: The Character cards a Story's cards are tucked under, in order (000 · Glossary: Story).
UNDER = ("Origin", "Motivation", "Destiny")


def _places(ctx: Context | None, state: GameState) -> Iterator[tuple[str, str]]:
    """(card id, place) for every card in every place of the state, once per place."""
    for p in state.players:
        who = f"P{p.seat + 1}"
        kept = p.characters
        for c in kept:
            yield c, f"{who} characters"
        for c in p.dealt:
            if c not in kept:  # kept cards stay listed among the dealt ones until setup ends
                yield c, f"{who} dealt"
        for i, under in enumerate(p.story):
            for t in under:
                yield t.card, f"{who} under the {UNDER[i] if i < len(UNDER) else i}"
        for a in p.allies:
            yield a.card, f"{who} allies"
        for c in p.hand:
            yield c, f"{who} hand"
        for c in p.played:
            yield c, f"{who} played"
    for row in state.rows:
        for i, slot in enumerate(row.slots):
            if slot is not None:
                yield slot.card, f"Act {row.act} slot {i}"
                if slot.ally is not None:
                    yield slot.ally, f"Act {row.act} slot {i} (Ally under it)"
        for c in row.deck:
            yield c, f"Act {row.act} deck"
        for c in row.discard:
            yield c, f"Act {row.act} discard"
    for cards, where in (
        (state.hero_deck, "Hero deck"),
        (state.antihero_deck, "Antihero deck"),
        (state.hero_discard, "Hero discard"),
        (state.antihero_discard, "Antihero discard"),
        (state.removed, "removed"),
    ):
        for c in cards:
            yield c, where
    for pending in state.pending:
        if isinstance(pending, PlaceAlly):
            yield pending.ally, "an Ally being placed"
    if ctx is not None:
        for ext in ctx.expansions:
            yield from ext.card_places(ctx, state)


def card_places(state: GameState, ctx: Context | None = None) -> dict[str, list[str]]:
    """Every card id in the state with each place it is in (a card should be in exactly one).

    With ``ctx``, the places the expansions in play keep (an Adversary's deck …) are listed too.
    """
    places: dict[str, list[str]] = {}
    for card, where in _places(ctx, state):
        places.setdefault(card, []).append(where)
    return places


def placed_cards(ctx: Context, state: GameState) -> list[str]:
    """Every card id in every place, once per place (the fast form of :func:`card_places`)."""
    return [card for card, _where in _places(ctx, state)]


def conserved(ctx: Context, state: GameState) -> bool:
    """True when every card of the game's sets is in exactly one place and no other card is anywhere."""
    cards = placed_cards(ctx, state)
    return len(cards) == len(ctx.db) and set(cards) == set(ctx.db)


def misplaced(ctx: Context, state: GameState) -> Mapping[str, list[str]]:
    """Cards of the game's sets in no place (``[]``) or in several, and cards not of its sets (empty when all is well)."""
    places = card_places(state, ctx)
    bad = {cid: where for cid, where in places.items() if len(where) != 1}
    for cid in ctx.db:
        if cid not in places:
            bad[cid] = []
    for cid in places:
        if cid not in ctx.db:
            bad[cid] = [*places[cid], "(not a card of the game's sets)"]
    return bad
