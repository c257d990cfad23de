"""Benchmark: uncached exact odds of a 12-rune pool (000/rune-probability).

The pool is the Stormlight core runes, three runes each of Strength and Dexterity and three
Dark runes. Each timed call computes the cast distribution from scratch (no cache) and the
attempt's probability of success. Run from the repository root with
``python -m benchmarks.bench_odds`` (or with calladventure installed).
"""

from __future__ import annotations

import time

from calladventure.data.cards import bundled_runes
from calladventure.rules.odds import attempt_odds
from calladventure.values.icons import Icon
from calladventure.values.runes import Rune


def pool_12() -> tuple[Rune, ...]:
    """3 core + 3 Strength + 3 Dexterity + 3 Dark runes (000/rune-probability)."""
    runes = bundled_runes("stormlight")
    return (
        *runes.core,
        *runes.ability[Icon.STRENGTH],
        *runes.ability[Icon.DEXTERITY],
        *(runes.dark,) * 3,
    )


def bench_odds(n: int = 2000) -> float:
    """Mean microseconds per uncached odds computation for the 12-rune pool (000/rune-probability)."""
    pool = pool_12()
    sink = attempt_odds(pool, 12, cache=False).p_success  # warm up
    start = time.perf_counter()
    for _ in range(n):
        sink = attempt_odds(pool, 12, cache=False).p_success
    elapsed = time.perf_counter() - start
    assert 0 < sink < 1
    return elapsed / n * 1e6


if __name__ == "__main__":
    print(f"{bench_odds():.1f} µs per uncached 12-rune odds computation")
