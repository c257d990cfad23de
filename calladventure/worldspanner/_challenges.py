"""A team's challenge deck in play, and the challenge itself (``003 · Challenges``).

Drawing turns the top card of the team's own deck onto its discard pile; a challenge compares
two ratings and reads the face at their clamped difference on that card
(``003 · Reading the Challenge card``).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..values import _rng as rng
from ._deck import ChallengeCard, ChallengeFace, clamp_difference, difference_label
from ._errors import DeckError, DeckExhaustedError
from ._rules import EmptyDeck
from ._state import WorldspannerState, logged, with_deck
from ._teams import Team

__all__ = ["ChallengeResult", "challenge", "draw_card", "reshuffle", "stack_deck"]


@attrs.frozen
class ChallengeResult:
    """A challenge: two ratings, their clamped difference, the card and its face (``003 · Challenges``)."""

    team: Team
    hero_rating: int
    opposing_rating: int
    difference: int
    card: ChallengeCard
    face: ChallengeFace

    def __str__(self) -> str:
        return (
            f"{self.hero_rating} vs {self.opposing_rating}: {difference_label(self.difference)}, "
            f"card {self.card.id!r} → {self.face.label}"
        )


def reshuffle(state: WorldspannerState, team: Team) -> WorldspannerState:
    """Shuffle ``team``'s discard pile and put it under its draw pile (choice: ``docs/worldspanner.md``)."""
    deck = state.deck(team)
    if not deck.discard:
        return state
    cards, next_rng = rng.shuffled(state.rng, deck.discard)
    new = attrs.evolve(deck, draw=deck.draw + cards, discard=(), reshuffles=deck.reshuffles + 1)
    state = attrs.evolve(with_deck(state, new), rng=next_rng)
    return logged(
        state,
        "003/challenges",
        f"{team.label} shuffles its {len(cards)} used challenge cards into a new draw pile "
        "(the rule text does not say what happens when a deck runs out; project choice).",
    )


def draw_card(state: WorldspannerState, team: Team) -> tuple[WorldspannerState, ChallengeCard]:
    """Turn the top card of ``team``'s own deck and put it on its discard pile (``003 · Challenges``).

    An empty draw pile follows ``rules.empty_deck``: reshuffle the discard pile, or raise
    DeckExhaustedError with nothing changed.
    """
    deck = state.deck(team)
    if not deck.draw:
        if state.rules.empty_deck is EmptyDeck.ERROR:
            raise DeckExhaustedError(team.value)
        state = reshuffle(state, team)
        deck = state.deck(team)
    top, *rest = deck.draw
    state = with_deck(state, attrs.evolve(deck, draw=tuple(rest), discard=(*deck.discard, top)))
    return state, deck.deck.cards[top]


def stack_deck(state: WorldspannerState, team: Team, card_ids: Sequence[str]) -> WorldspannerState:
    """Put the named cards, in this order, on top of ``team``'s draw pile (tests and scenarios).

    Each id takes the first copy still in the draw pile; the other cards keep their order.
    """
    deck = state.deck(team)
    rest = list(deck.draw)
    top: list[int] = []
    for card_id in card_ids:
        found = next((i for i in rest if deck.deck.cards[i].id == card_id), None)
        if found is None:
            raise DeckError(card_id, None, f"no copy of this card is left in {team.label}'s draw pile")
        rest.remove(found)
        top.append(found)
    state = with_deck(state, attrs.evolve(deck, draw=(*top, *rest)))
    return logged(
        state, "003/challenges", f"{team.label}'s deck is stacked: next {', '.join(card_ids)} (scenario)."
    )


def challenge(
    state: WorldspannerState, team: Team, hero_rating: int, opposing_rating: int, what: str = "Challenge"
) -> tuple[WorldspannerState, ChallengeResult]:
    """Compare two ratings and read the face at their clamped difference on ``team``'s next card.

    ``003 · Challenges``, ``003 · Reading the Challenge card``.
    """
    difference = clamp_difference(hero_rating, opposing_rating)
    state, card = draw_card(state, team)
    face = card.face(difference)
    result = ChallengeResult(team, hero_rating, opposing_rating, difference, card, face)
    clamped = "" if difference == hero_rating - opposing_rating else " (clamped to ±6)"
    state = logged(
        state,
        "003/reading-the-challenge-card",
        f"{what}: {hero_rating} vs {opposing_rating}, {difference_label(difference)}{clamped}; "
        f"{team.label} turns card {card.id!r}: {face.label}.",
    )
    return state, result
