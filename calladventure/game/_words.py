"""Reading a player's notation in a game: card names and the rune pool due (``values.actions.Words``)."""

from __future__ import annotations

from collections.abc import Sequence

from .. import rules
from ..rules._context import Context
from ..values._errors import AmbiguousCardError, UnknownCardError
from ..values._runes import Rune
from ..values._state import GameState

__all__ = ["GameWords"]


class GameWords:
    """Card words and rune faces for reading notation in a game (``values.actions.Words``).

    A card is written by its id or its name (:meth:`Context.resolve`); a name several cards
    share means the one on the table or in the hand or dealt cards of the seat to move (000 ·
    Prepare the Story Decks), else it raises listing them; a word that names no card is left as
    it is, for the rules to refuse (a choice's option may be a seat, not a card), and the
    resolver's error for it kept in ``unknown`` (it suggests the closest names). A cast's faces
    are read against the pool due. ``typed``: the notation as the player wrote it, so that a card
    word is echoed as typed, not as the reader casefolded it.
    """

    def __init__(self, ctx: Context, state: GameState, typed: str = "") -> None:
        self.ctx, self.state = ctx, state
        self.typed = " ".join(typed.split())
        self.unknown: UnknownCardError | None = None

    def _as_typed(self, word: str) -> str:
        """``word`` (casefolded by the reader) as the player typed it, when it can be found there."""
        folded = self.typed.casefold()
        at = folded.find(word)
        if at < 0 or len(folded) != len(self.typed):  # a letter whose casefold is longer: keep the word
            return word
        return self.typed[at : at + len(word)]

    def card(self, text: str) -> str:
        text = self._as_typed(text.strip())
        try:
            return self.ctx.resolve(text).id
        except AmbiguousCardError as several:
            try:
                return self.ctx.resolve(text, among=self._near(), where="on the table or in the hand").id
            except AmbiguousCardError:
                raise
            except UnknownCardError:
                raise several from None
        except UnknownCardError as exc:
            self.unknown = exc
            return text.strip()

    def _near(self) -> list[str]:
        """The cards on the table, then those in the hand and dealt cards of the seat to move."""
        near = [s.card for row in self.state.rows for s in row.slots if s is not None]
        seat = rules.to_move(self.state)
        if seat is not None:
            near += [*self.state.players[seat].hand, *self.state.players[seat].dealt]
        return near

    def cast_pool(self) -> Sequence[Rune] | None:
        return rules.cast_pool(self.ctx, self.state)
