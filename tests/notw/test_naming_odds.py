"""002 · Naming with 000 · Rune Probability: the exact odds of a Name attempt against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from conftest import fail, naming_position

from calladventure.data._cards import bundled_runes
from calladventure.expansions import naming
from calladventure.expansions.naming import FIRE, IRON, WIND
from calladventure.rules._odds import attempt_odds
from calladventure.values._runes import Rune


def brute_force(pool: tuple[Rune, ...], bonus: int, difficulty: int) -> tuple[Fraction, dict[int, Fraction]]:
    """P(success) and the distribution of totals, by listing all 2**n equally likely casts."""
    wins = 0
    totals: dict[int, int] = {}
    casts = list(itertools.product((0, 1), repeat=len(pool)))
    for faces in casts:
        total = bonus + sum(rune.faces[f].successes for rune, f in zip(pool, faces, strict=True))
        totals[total] = totals.get(total, 0) + 1
        wins += total >= difficulty
    n = len(casts)
    return Fraction(wins, n), {t: Fraction(k, n) for t, k in totals.items()}


@pytest.mark.parametrize("runes", ["core", "stormlight"])
@pytest.mark.parametrize("bonus", range(7))
@pytest.mark.parametrize("difficulty", [3, 4])
def test_002_naming_odds_match_brute_force(runes: str, bonus: int, difficulty: int) -> None:
    """002 · Naming: core runes only, a total of 4 or more (3 with Kingkiller) learns the Name."""
    pool = tuple(bundled_runes(runes).core)
    odds = attempt_odds(pool, difficulty, bonus)
    p, dist = brute_force(pool, bonus, difficulty)
    assert odds.runes == 3
    assert odds.p_success == p
    assert {t: q for t, q in odds.distribution.items() if q} == dist


def test_002_naming_odds_by_bonus_on_the_core_box() -> None:
    """002 · Naming: with the core box's runes (one slash each), 4 needs a bonus; +1 is 1/8 … +4 is sure."""
    pool = tuple(bundled_runes("core").core)
    got = [attempt_odds(pool, 4, bonus).p_success for bonus in range(6)]
    assert got == [0, Fraction(1, 8), Fraction(1, 2), Fraction(7, 8), 1, 1]


def test_002_naming_name_odds_read_the_heros_bonus() -> None:
    """002 · Naming: ``name_odds`` uses the hero's bonus for that Name, matching brute force."""
    game = fail(naming_position().hero(0, story=[["Gust"]]).game())
    pool = naming.name_pool(game.ctx)
    for name, bonus in ((WIND, 1), (FIRE, 0), (IRON, 1)):
        odds = naming.name_odds(game.ctx, game.state, 0, name)
        assert (odds.bonus, odds.difficulty) == (bonus, 4)
        assert odds.p_success == brute_force(pool, bonus, 4)[0]
        assert game.name_odds(name) == odds
