"""Where a card is, as one seat may know it: for the errors of an action that names a card not where it needs one.

Asked through the rules' view of the seat (:func:`~calladventure.rules._view.redact`), so it never
tells what the seat may not know (000 · Deal the Cards: hands stay hidden; 000 · Prepare the Story
Decks: the decks and the face-down rows are not seen): a card the view does not show is "out of
sight", whether it is in a deck, a face-down row or another hero's hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..values._state import GameState
from ._context import Context
from ._view import redact

__all__ = ["table_names", "whereabouts"]


def _places(ctx: Context, state: GameState, seat: int | None) -> Iterator[tuple[str, Iterable[str]]]:
    """Each place the seat sees, in words, with the cards there."""
    name = ctx.config.name
    for row in state.rows:
        if row.revealed:
            yield f"in the Act {row.act} row", (s.card for s in row.slots if s is not None)
        yield f"in the Act {row.act} discard pile", row.discard
    for p in state.players:
        yield f"in {name(p.seat)}'s Story", (t.card for t in p.story_cards())
        yield f"among {name(p.seat)}'s Allies", (a.card for a in p.allies)
        yield f"among {name(p.seat)}'s Character cards", p.characters
        yield f"among the cards {name(p.seat)} played", p.played
        if p.seat == seat:
            yield f"in {name(p.seat)}'s hand", p.hand
            yield f"among the cards dealt to {name(p.seat)}", p.dealt
    yield "in the Hero discard pile", state.hero_discard
    yield "in the Antihero discard pile", state.antihero_discard
    yield "out of the game", state.removed


def whereabouts(ctx: Context, state: GameState, seat: int | None, card_ids: Iterable[str]) -> str:
    """Where the cards ``card_ids`` (the copies of one card) are, as ``seat`` may know it (None: a spectator)."""
    seen = redact(ctx, state, seat)
    wanted = set(card_ids)
    found = [place for place, cards in _places(ctx, seen, seat) if wanted.intersection(cards)]
    who = "anyone watching" if seat is None else ctx.config.name(seat)
    return " and ".join(dict.fromkeys(found)) or f"out of sight of {who} (a deck, a face-down row or a hand)"


def table_names(ctx: Context, state: GameState) -> list[str]:
    """The names of the cards face up in the rows (000 · Prepare the Story Decks): what is on the table."""
    return [ctx.db[s.card].name for row in state.rows if row.revealed for s in row.slots if s is not None]
