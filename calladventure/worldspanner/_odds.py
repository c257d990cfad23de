"""Exact odds of each face, for a fresh deck and given the cards already drawn (``003 · Challenges``).

Dice have the same odds on every roll; a deck does not: what is left changes as it is drawn,
which is how the deck "flattens the luck". Three views:

* :func:`deck_odds` — a fresh, shuffled deck. This is also exactly what a player knows who does
  not remember which cards were turned: with the discard pile hidden, the next card is equally
  likely to be any card of the deck (:func:`public_odds`).
* :func:`odds_after` — given the ids of the cards already drawn (a player who remembers every
  card turned; the discard pile cannot be looked through, but each card was seen when turned).
* :func:`next_card_odds` — given the actual draw pile of a state: an analysis tool.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction

import attrs

from ..values._reprs import Drawable
from ._deck import (
    DIFFERENCES,
    FACES,
    ChallengeCard,
    ChallengeDeck,
    ChallengeFace,
    difference_label,
    face_counts,
)
from ._errors import DeckError, DeckExhaustedError
from ._rules import EmptyDeck
from ._state import WorldspannerState
from ._teams import Team


@attrs.frozen
class FaceOdds(Drawable):
    """How many of the cards that could come next show each face at one difference, and of how many."""

    difference: int
    counts: tuple[int, ...]
    """One count per face, in the order of :data:`~.deck.FACES` (Amaze … Fopp)."""

    @property
    def total(self) -> int:
        return sum(self.counts)

    def count(self, face: ChallengeFace) -> int:
        return self.counts[FACES.index(face)]

    def probability(self, face: ChallengeFace) -> Fraction:
        """The exact chance of ``face`` as a fraction."""
        return Fraction(self.count(face), self.total)

    def as_dict(self) -> dict[ChallengeFace, Fraction]:
        """Every face's exact chance (they sum to 1)."""
        return {f: self.probability(f) for f in FACES}

    @property
    def success(self) -> Fraction:
        """The chance of an Amaze or a Pass."""
        return self.probability(ChallengeFace.AMAZE) + self.probability(ChallengeFace.PASS)

    def __str__(self) -> str:
        parts = ", ".join(f"{f.label} {self.count(f)}/{self.total}" for f in FACES if self.count(f))
        return f"{difference_label(self.difference)}: {parts}"

    def as_table(self) -> OddsTable:
        """These odds as a one-row table (how they are drawn)."""
        return OddsTable(str(self), (self,))


@attrs.frozen
class OddsTable(Drawable):
    """Face odds at several differences (all thirteen by default), with a title saying which cards."""

    title: str
    rows: tuple[FaceOdds, ...]

    def __repr__(self) -> str:
        """A short summary (``print(table)`` draws it): the title and the differences it covers."""
        return f"<OddsTable {self.title!r}: {len(self.rows)} differences>"

    def at(self, difference: int) -> FaceOdds:
        for row in self.rows:
            if row.difference == difference:
                return row
        raise KeyError(difference)


def odds_for(cards: Iterable[ChallengeCard], difference: int) -> FaceOdds:
    """The odds of each face at ``difference`` when the next card is any one of ``cards``."""
    counts = face_counts(cards, difference)
    if not sum(counts.values()):
        raise DeckError(None, "cards", "no cards to take odds over")
    return FaceOdds(difference, tuple(counts[f] for f in FACES))


def deck_odds(deck: ChallengeDeck, difference: int) -> FaceOdds:
    """The odds of each face at ``difference`` on the first card of a freshly shuffled deck."""
    return odds_for(deck.cards, difference)


def _left_after(deck: ChallengeDeck, drawn: Sequence[str]) -> list[ChallengeCard]:
    left = Counter(c.id for c in deck.cards)
    for card_id in drawn:
        if left[card_id] <= 0:
            have = sum(1 for c in deck.cards if c.id == card_id)
            raise DeckError(
                card_id, None, f"drawn {drawn.count(card_id)} times but the deck has {have} copies"
            )
        left[card_id] -= 1
    return [card for card, _ in deck.kinds() for _ in range(left[card.id])]


def odds_after(deck: ChallengeDeck, drawn: Sequence[str], difference: int) -> FaceOdds:
    """The odds of each face at ``difference`` on the next card, given the ids of the cards drawn so far.

    ``drawn`` must be a possible draw (no card more often than its copies). Once the whole
    deck is drawn, the next card comes from a reshuffle: the fresh odds.
    """
    left = _left_after(deck, drawn)
    return odds_for(left or deck.cards, difference)


def next_card_odds(state: WorldspannerState, team: Team, difference: int) -> FaceOdds:
    """The exact odds of ``team``'s next card given its actual draw pile (an analysis tool).

    With an empty draw pile the next card comes from the reshuffled discard pile (the whole
    deck), or DeckExhaustedError under ``empty_deck="error"``.
    """
    deck = state.deck(team)
    if deck.draw:
        return odds_for(deck.remaining, difference)
    if state.rules.empty_deck is EmptyDeck.ERROR:
        raise DeckExhaustedError(team.value)
    return odds_for(deck.used, difference)


def public_odds(state: WorldspannerState, team: Team, difference: int) -> FaceOdds:
    """The odds for someone who knows how many cards were turned but not which: the fresh-deck odds."""
    return deck_odds(state.deck(team).deck, difference)


def odds_table(cards: ChallengeDeck | Iterable[ChallengeCard], title: str = "") -> OddsTable:
    """The odds of each face at each of the thirteen differences −6 … +6."""
    if isinstance(cards, ChallengeDeck):
        title = title or f"{cards.name}: {len(cards)} cards"
        pool: tuple[ChallengeCard, ...] = cards.cards
    else:
        pool = tuple(cards)
        title = title or f"{len(pool)} cards"
    return OddsTable(title, tuple(odds_for(pool, d) for d in DIFFERENCES))


def remaining_table(state: WorldspannerState, team: Team) -> OddsTable:
    """:func:`odds_table` of ``team``'s actual draw pile (analysis; see :func:`next_card_odds`)."""
    deck = state.deck(team)
    if not deck.draw:
        return odds_table(
            deck.used, f"{team.label}: draw pile empty; after a reshuffle, {len(deck.used)} cards"
        )
    return odds_table(deck.remaining, f"{team.label}: {len(deck.draw)} cards left of {len(deck.deck)}")


__all__ = [
    "FaceOdds",
    "OddsTable",
    "deck_odds",
    "next_card_odds",
    "odds_after",
    "odds_for",
    "odds_table",
    "public_odds",
    "remaining_table",
]
