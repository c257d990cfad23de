"""Reading a player's notation in a game: card names and the rune pool due (``values.actions.Words``)."""

from __future__ import annotations

from collections.abc import Sequence

from .. import rules
from ..rules.context import Context
from ..values.runes import Rune
from ..values.state import GameState

__all__ = ["GameWords"]


class GameWords:
    """Card words and rune faces for reading notation in a game (``values.actions.Words``).

    A card is written by its id or its name; an ambiguous name means the card on the table or in
    the seat's hand (000 · Prepare the Story Decks); a cast's faces are read against the pool due.
    """

    def __init__(self, ctx: Context, state: GameState) -> None:
        self.ctx, self.state = ctx, state

    def card(self, text: str) -> str:
        text = text.strip()
        if text in self.ctx.db:
            return text
        found = self.ctx.db.named(text)
        if len(found) > 1:  # an ambiguous name: prefer the one on the table or in the seat's hand
            seat = rules.to_move(self.state)
            near = {s.card for row in self.state.rows for s in row.slots if s is not None}
            if seat is not None:
                near |= set(self.state.players[seat].hand) | set(self.state.players[seat].dealt)
            close = [c for c in found if c.id in near]
            if len(close) == 1:
                return close[0].id
            return self.ctx.resolve(text).id  # raises, listing the candidates
        return found[0].id if found else text

    def cast_pool(self) -> Sequence[Rune] | None:
        return rules.cast_pool(self.ctx, self.state)
