"""Exact odds against a plain convolution and against enumeration (000 · Rune Probability).

``calladventure`` computes, for a pool, the exact counts of successes over the ``2**n`` equally
likely casts and, in the same pass over the pool, each effect's range and mean (cards drawn,
Experience, Corruption); the joint tables (effect value × successes) are multiplied out when
first read. Its peers, written here in plain Python and given the same ``Rune`` objects:

* a plain convolution of the successes alone (a list of counts, two additions per entry and rune);
* enumeration of the ``2**n`` casts (``itertools.product`` over each rune's two success values).

Each timed call is uncached (``attempt_odds(pool, d, cache=False).probability``) and ends with
P(successes >= d) as a float, like its peers. Pools are the Stormlight runes: the three core
runes, then Strength, Dexterity, three Dark runes and Constitution, cut at 3 to 15 runes.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence
from typing import Any

from paired import cpu, per_call_us, settle

from calladventure.data._cards import bundled_runes
from calladventure.rules._distribution import cast_distribution, compute_distribution
from calladventure.rules._odds import attempt_odds
from calladventure.values._icons import Icon
from calladventure.values._runes import Rune

__all__ = ["bench_odds", "enumerate_casts", "plain_convolution", "pool"]


def pool(size: int) -> tuple[Rune, ...]:
    """The first ``size`` runes of: 3 core, 3 Strength, 3 Dexterity, 3 Dark, 3 Constitution (Stormlight)."""
    runes = bundled_runes("stormlight")
    order = (
        *runes.core,
        *runes.ability[Icon.STRENGTH],
        *runes.ability[Icon.DEXTERITY],
        *(runes.dark,) * 3,
        *runes.ability[Icon.CONSTITUTION],
    )
    return order[:size]


def plain_convolution(runes: Sequence[Rune], need: int) -> float:
    """P(successes >= need) by a plain convolution of the successes' counts (the peer)."""
    counts = [1]
    low = 0
    for rune in runes:
        f0, f1 = rune.faces
        a, b = f0.successes, f1.successes
        if a > b:
            a, b = b, a
        low += a
        d = b - a
        new = [0] * (len(counts) + d)
        for i, c in enumerate(counts):
            new[i] += c
            new[i + d] += c
        counts = new
    i = need - low
    return 1.0 if i <= 0 else sum(counts[i:]) / (1 << len(runes))


def enumerate_casts(runes: Sequence[Rune], need: int) -> float:
    """P(successes >= need) by enumerating every one of the ``2**n`` casts (the other peer)."""
    faces = [(r.faces[0].successes, r.faces[1].successes) for r in runes]
    hits = sum(1 for cast in itertools.product(*faces) if sum(cast) >= need)
    return hits / (1 << len(runes))


def _paired(fa: Any, fb: Any, n: int, rounds: int) -> tuple[float, float, float]:
    """Median µs per call of ``fa`` and ``fb`` in alternating batches, and the median of their ratios."""
    ra, rb = [], []
    for r in range(rounds):
        if r % 2:
            rb.append(per_call_us(fb, n, 1))
            ra.append(per_call_us(fa, n, 1))
        else:
            ra.append(per_call_us(fa, n, 1))
            rb.append(per_call_us(fb, n, 1))
    return (
        statistics.median(ra),
        statistics.median(rb),
        statistics.median(a / b for a, b in zip(ra, rb, strict=True)),
    )


def bench_odds(n: int = 2000, rounds: int = 7, sizes: Sequence[int] = range(3, 16)) -> dict[str, Any]:
    """Per pool size: µs of ours and of the plain convolution, their ratio; enumeration at 8, 12 and 15 runes."""
    settle()
    rows = {}
    for size in sizes:
        runes = pool(size)
        need = size  # about the middle of the distribution
        assert attempt_odds(runes, need, cache=False).probability == plain_convolution(runes, need)
        ours, plain, ratio = _paired(
            lambda r=runes, d=need: attempt_odds(r, d, cache=False).probability,
            lambda r=runes, d=need: plain_convolution(r, d),
            n,
            rounds,
        )
        full = per_call_us(lambda r=runes: compute_distribution(r).effects, max(1, n // 4), 3)
        rows[size] = {"ours_us": ours, "plain_us": plain, "ratio": ratio, "with_tables_us": full}
    enumeration = {}
    for size in (8, 12, 15):
        if size not in rows:
            continue
        runes = pool(size)
        assert enumerate_casts(runes, size) == plain_convolution(runes, size)
        reps = max(3, 2000 >> size)
        start = cpu()
        for _ in range(reps):
            enumerate_casts(runes, size)
        enum_us = (cpu() - start) / reps * 1e6
        enumeration[size] = {"enumeration_us": enum_us, "ratio": enum_us / rows[size]["ours_us"]}
    runes = pool(12)
    cast_distribution(runes)  # cached now
    hit = per_call_us(lambda: cast_distribution(runes), 20 * n)
    by_ids = {tuple(map(id, runes)): 1}
    dict_hit = per_call_us(lambda: by_ids.get(tuple(map(id, runes))), 20 * n)
    return {"sizes": rows, "enumeration": enumeration, "cache_hit_us": hit, "dict_by_ids_us": dict_hit}


if __name__ == "__main__":
    result = bench_odds(1000, 5)
    for size, row in result["sizes"].items():
        print(
            f"{size:2d} runes: {row['ours_us']:.2f} µs, plain convolution {row['plain_us']:.2f} µs, ratio {row['ratio']:.2f}"
        )
