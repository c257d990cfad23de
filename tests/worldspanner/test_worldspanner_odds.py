"""Exact odds of each face, fresh and given the cards drawn, against brute-force counts (003 · Challenges)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import permutations

import pytest

from calladventure.worldspanner import (
    DIFFERENCES,
    FACES,
    ChallengeCard,
    ChallengeDeck,
    ChallengeFace,
    DeckError,
    DeckExhaustedError,
    Team,
    WorldspannerRules,
    WorldspannerState,
    challenge,
    deck_odds,
    default_deck,
    next_card_odds,
    odds_after,
    odds_table,
    public_odds,
    remaining_table,
)

Maker = Callable[..., WorldspannerState]

A, P, S, F, X = FACES


def small_deck() -> ChallengeDeck:
    """Six cards, four kinds, with copies, whose faces differ by difference."""
    low = ChallengeCard("low", (X,) * 4 + (F,) * 4 + (S,) * 2 + (P,) * 3)
    mid = ChallengeCard("mid", (X,) * 3 + (F,) * 3 + (S,) + (P,) * 3 + (A,) * 3)
    high = ChallengeCard("high", (F,) * 3 + (S,) * 2 + (P,) * 4 + (A,) * 4)
    odd = ChallengeCard("odd", (S,) * 6 + (A,) + (F,) * 6)
    return ChallengeDeck.of([(low, 2), (mid, 2), (high, 1), (odd, 1)], "small")


def test_003_challenges_fresh_odds_are_the_deck_proportions() -> None:
    odds = deck_odds(default_deck(), 1)
    assert odds.total == 20
    assert odds.as_dict() == {
        A: Fraction(1, 20),
        P: Fraction(12, 20),
        S: Fraction(4, 20),
        F: Fraction(3, 20),
        X: Fraction(0),
    }
    assert odds.success == Fraction(13, 20)
    assert str(odds) == "Better By 1: Amaze 1/20, Pass 12/20, Squeak 4/20, Fail 3/20"


def test_003_challenges_odds_sum_to_one_at_every_difference() -> None:
    table = odds_table(default_deck())
    assert [row.difference for row in table.rows] == list(DIFFERENCES)
    for row in table.rows:
        assert sum(row.as_dict().values()) == 1


def _brute_force(
    deck: ChallengeDeck, prefix: tuple[str, ...], difference: int
) -> dict[ChallengeFace, Fraction]:
    """Count, over every ordering of the physical cards, the next card's face after ``prefix``."""
    counts: Counter[ChallengeFace] = Counter()
    k = len(prefix)
    for order in permutations(range(len(deck))):
        if tuple(deck.cards[i].id for i in order[:k]) == prefix:
            counts[deck.cards[order[k]].face(difference)] += 1
    total = sum(counts.values())
    return {f: Fraction(counts[f], total) for f in FACES}


def test_003_challenges_conditional_odds_match_a_brute_force_count() -> None:
    deck = small_deck()
    prefixes: set[tuple[str, ...]] = set()
    for order in permutations(range(len(deck))):
        for k in range(len(deck)):
            prefixes.add(tuple(deck.cards[i].id for i in order[:k]))
    assert len(prefixes) > 50
    for prefix in sorted(prefixes, key=lambda p: (len(p), p)):
        for d in (-6, -3, -1, 0, 2, 6):
            assert odds_after(deck, prefix, d).as_dict() == _brute_force(deck, prefix, d), (prefix, d)


def test_003_challenges_conditional_odds_change_as_the_deck_is_drawn() -> None:
    deck = default_deck()
    fresh = odds_after(deck, [], 0)
    assert fresh == deck_odds(deck, 0)
    after_evens = odds_after(deck, ["even"] * 6, 0)  # every Squeak at 0 is gone
    assert after_evens.count(S) == 0
    assert after_evens.probability(P) == Fraction(7, 14)
    assert odds_after(deck, [c.id for c in deck.cards], 0) == fresh  # spent: the reshuffle starts over


def test_003_challenges_a_state_s_next_card_odds_are_the_deck_minus_its_discard(make_table: Maker) -> None:
    state = make_table(seed=11)
    for _ in range(7):
        state, _ = challenge(state, Team.WHITE, 4, 4)
    drawn = [c.id for c in state.white.used]
    for d in DIFFERENCES:
        assert next_card_odds(state, Team.WHITE, d) == odds_after(default_deck(), drawn, d)
        assert public_odds(state, Team.WHITE, d) == deck_odds(default_deck(), d)
    # and the next card really is one the odds give a chance to
    nxt = state.white.remaining[0]
    assert next_card_odds(state, Team.WHITE, 0).count(nxt.face(0)) > 0
    assert remaining_table(state, Team.WHITE).at(0) == next_card_odds(state, Team.WHITE, 0)


def test_003_challenges_odds_on_an_empty_draw_pile_follow_the_rules_option(make_table: Maker) -> None:
    state = make_table()
    for _ in range(20):
        state, _ = challenge(state, Team.WHITE, 4, 4)
    assert state.white.draw == ()
    assert next_card_odds(state, Team.WHITE, 1) == deck_odds(default_deck(), 1)
    strict = make_table(rules=WorldspannerRules(empty_deck="error"))
    for _ in range(20):
        strict, _ = challenge(strict, Team.WHITE, 4, 4)
    with pytest.raises(DeckExhaustedError):
        next_card_odds(strict, Team.WHITE, 1)


def test_odds_after_an_impossible_draw_is_an_error() -> None:
    with pytest.raises(DeckError, match="drawn 2 times but the deck has 1 copies"):
        odds_after(default_deck(), ["golden", "golden"], 0)
    with pytest.raises(DeckError):
        odds_after(default_deck(), ["joker"], 0)
