"""Exact rune odds (calladventure.rules._odds) against the 000 rules and a brute-force enumeration."""

from __future__ import annotations

import math
import pickle
import random
import re
import weakref
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

import calladventure.rules._odds as odds_module
from calladventure.data._cards import bundled_runes
from calladventure.rules._odds import (
    EFFECTS,
    CastDistribution,
    Effect,
    Odds,
    attempt_odds,
    cast_distribution,
    compute_distribution,
    rune_probability_table,
    success_chance,
    table_000,
)
from calladventure.values._icons import ABILITIES, Icon
from calladventure.values._runes import Draw, Face, Rune, RuneKind, cast_from_bits
from calladventure.values._sections import SECTIONS

BOXES = ("core", "stormlight")

# 000 · Rune Probability, as printed: (extra Dark or Ability runes, minimum, average, maximum).
PRINTED_000 = (
    (0, 0, Fraction(3, 2), 3),
    (1, 1, Fraction(3), 5),
    (2, 2, Fraction(9, 2), 7),
    (3, 3, Fraction(6), 9),
    (4, 4, Fraction(15, 2), 11),
    (5, 5, Fraction(9), 13),
)


# ----------------------------------------------------------------------------- brute force


def _effect_values(pool: tuple[Rune, ...], bits: tuple[int, ...]) -> tuple[int, dict[Effect, int]]:
    cast = cast_from_bits(pool, bits)
    draws = cast.draws()
    return cast.successes, {
        Effect.HERO: draws.count(Draw.HERO),
        Effect.ANTIHERO: draws.count(Draw.ANTIHERO),
        Effect.CHOICE: draws.count(Draw.CHOICE),
        Effect.XP: cast.xp,
        Effect.CORRUPTION: cast.corruption,
    }


def _brute(pool: tuple[Rune, ...]) -> tuple[Counter[int], dict[Effect, Counter[tuple[int, int]]]]:
    """Counts of successes and of (successes, effect value) over all 2**n casts."""
    counts: Counter[int] = Counter()
    joint: dict[Effect, Counter[tuple[int, int]]] = {e: Counter() for e in EFFECTS}
    for bits in product((0, 1), repeat=len(pool)):
        s, values = _effect_values(pool, bits)
        counts[s] += 1
        for e, v in values.items():
            joint[e][(s, v)] += 1
    return counts, joint


def _joint_count(dist: CastDistribution, effect: Effect, s: int, v: int) -> int:
    i = s - dist.low
    if not 0 <= i < len(dist.counts):
        return 0
    return dist.table(effect).row(v)[i]


def _check_against_brute(pool: tuple[Rune, ...], difficulty: int, bonus: int) -> None:
    counts, joint = _brute(pool)
    dist = compute_distribution(pool)
    den = 2 ** len(pool)
    assert dist.denominator == den
    assert dist.low == min(counts)
    assert dist.high == max(counts)
    for s in range(min(counts) - 2, max(counts) + 3):
        assert dist.count(s) == counts[s], s
        assert dist.count_at_least(s) == sum(c for k, c in counts.items() if k >= s), s
    mean = Fraction(sum(k * c for k, c in counts.items()), den)
    assert dist.mean == mean

    odds = Odds(dist, difficulty, bonus)
    win = sum(c for k, c in counts.items() if k + bonus >= difficulty)
    assert odds.p_success == Fraction(win, den)
    assert odds.p_failure == Fraction(den - win, den)
    assert odds.probability == pytest.approx(win / den)
    assert odds.mean == mean + bonus
    assert (odds.min, odds.max) == (min(counts) + bonus, max(counts) + bonus)
    assert odds.distribution == {t: Fraction(counts[t - bonus], den) for t in range(odds.min, odds.max + 1)}
    if odds.min >= 0:
        assert odds.successes == tuple(Fraction(counts[t - bonus], den) for t in range(odds.max + 1))

    for e in EFFECTS:
        values = Counter[int]()
        for (_s, v), c in joint[e].items():
            values[v] += c
        table = dist.table(e)
        assert (table.low, table.high) == (min(values), max(values)), e
        assert all(len(row) == len(dist.counts) for row in table.rows)
        for s in range(min(counts) - 1, max(counts) + 2):
            for v in range(min(values) - 1, max(values) + 2):
                assert _joint_count(dist, e, s, v) == joint[e][(s, v)], (e, s, v)
        assert odds.effect_distribution(e) == {
            v: Fraction(values[v], den) for v in range(min(values), max(values) + 1)
        }
        assert odds.expected(e) == Fraction(sum(v * c for v, c in values.items()), den)
        for v in range(min(values) - 1, max(values) + 2):
            hits = sum(c for (s, vv), c in joint[e].items() if vv == v and s + bonus >= difficulty)
            assert odds.p_success_and(e, v) == Fraction(hits, den), (e, v)


# ----------------------------------------------------------------------------- random runes

_faces = st.builds(
    Face,
    name=st.just("f"),
    successes=st.integers(-1, 3),
    draw=st.sampled_from([None, Draw.HERO, Draw.ANTIHERO, Draw.CHOICE]),
    xp=st.integers(-1, 2),
    corruption=st.integers(0, 1),
)
_runes = st.builds(
    Rune,
    id=st.just("r"),
    kind=st.sampled_from(list(RuneKind)),
    faces=st.tuples(_faces, _faces),
)


@settings(max_examples=150, deadline=None)
@given(pool=st.lists(_runes, max_size=7), difficulty=st.integers(-3, 12), bonus=st.integers(-2, 3))
def test_000_reading_the_runes_matches_brute_force_on_random_runes(
    pool: list[Rune], difficulty: int, bonus: int
) -> None:
    """000/reading-the-runes: every quantity equals the count over all 2**n equally likely casts."""
    _check_against_brute(tuple(pool), difficulty, bonus)


def test_000_reading_the_runes_matches_brute_force_on_bundled_pools() -> None:
    """000/reading-the-runes: random pools of the bundled runes (up to 11) against enumeration."""
    rng = random.Random(20240611)
    for box in BOXES:
        runes = bundled_runes(box)
        stock = [*runes.all_runes(), runes.dark, runes.dark]
        for _ in range(12):
            size = rng.randint(0, 8)
            pool = (*runes.core, *rng.sample(stock, size))
            _check_against_brute(pool, rng.randint(0, 14), rng.randint(0, 2))


# ----------------------------------------------------------------------------- 000 table


def _extra_mixes(box: str) -> list[tuple[Rune, ...]]:
    runes = bundled_runes(box)
    dark = runes.dark
    mixes: list[tuple[Rune, ...]] = []
    for ab in ABILITIES:
        first_two = runes.ability[ab][:2]
        mixes.append((dark, dark, dark, *first_two))
        mixes.append((*first_two, dark, dark, dark))
    strength = runes.ability[Icon.STRENGTH][:2]
    wisdom = runes.ability[Icon.WISDOM][:2]
    mixes.append((*strength, *wisdom, dark))
    mixes.append((dark,) * 5)
    return mixes


@pytest.mark.parametrize("box", BOXES)
def test_000_rune_probability_table_rows(box: str) -> None:
    """000/rune-probability: min / average / max of core runes plus 0..5 Dark or Ability runes."""
    runes = bundled_runes(box)
    for extras in _extra_mixes(box):
        rows = rune_probability_table(runes.core, extras)
        got = tuple((r.extra, r.minimum, r.average, r.maximum) for r in rows)
        assert got == PRINTED_000, [r.id for r in extras]
    default = tuple((r.extra, r.minimum, r.average, r.maximum) for r in table_000(runes))
    assert default == PRINTED_000


@pytest.mark.parametrize("box", BOXES)
def test_000_rune_probability_dark_and_first_two_ability_runes_average_one_and_a_half(box: str) -> None:
    """000/rune-probability: "Every Dark rune adds an average of 1.5 ... as do the first two runes"."""
    runes = bundled_runes(box)
    for rune in (runes.dark, *(r for ab in ABILITIES for r in runes.ability[ab][:2])):
        dist = cast_distribution([rune])
        assert (dist.low, dist.mean, dist.high) == (1, Fraction(3, 2), 2), rune.id


@pytest.mark.parametrize("box", BOXES)
def test_000_ability_runes_special_rune_average_is_one(box: str) -> None:
    """000/ability-runes, 000/rune-probability: a special rune gives 0 or 2, an average of 1."""
    runes = bundled_runes(box)
    for ab in ABILITIES:
        special = runes.ability[ab][2]
        assert special.kind is RuneKind.SPECIAL
        odds = attempt_odds([special], 1)
        assert odds.mean == 1
        assert odds.distribution == {0: Fraction(1, 2), 1: Fraction(0), 2: Fraction(1, 2)}
        # The blank-with-bonus face gives one Experience or one draw (000/ability-runes).
        bonus = odds.expected(Effect.XP) + odds.expected(Effect.CHOICE)
        assert bonus == Fraction(1, 2), special.id
        assert odds.p_success == Fraction(1, 2)


# ----------------------------------------------------------------------------- rules: runes


@pytest.mark.parametrize("box", BOXES)
def test_000_core_runes_binomial_successes_and_symbol_draws(box: str) -> None:
    """000/core-runes: each core rune adds 1 or 0; a symbol face adds 0 and draws or gives Experience."""
    runes = bundled_runes(box)
    odds = attempt_odds(runes.core, 2)
    assert odds.successes == (Fraction(1, 8), Fraction(3, 8), Fraction(3, 8), Fraction(1, 8))
    assert odds.p_success == Fraction(1, 2)
    side = odds.side_effects
    expected = {
        "core": {Effect.CHOICE: Fraction(1, 2)},
        "stormlight": {
            Effect.HERO: Fraction(1, 2),
            Effect.ANTIHERO: Fraction(1, 2),
            Effect.XP: Fraction(1, 2),
        },
    }[box]
    assert side == {e: expected.get(e, Fraction(0)) for e in EFFECTS}
    # A symbol replaces the slash, so three successes never come with a draw.
    for e in (Effect.HERO, Effect.ANTIHERO, Effect.CHOICE):
        assert attempt_odds(runes.core, 3).p_success_and(e, 1) == 0


def test_000_dark_runes_corruption_comes_with_two_successes() -> None:
    """000/dark-runes: the moon adds 2 and one Corruption, the slash adds 1 and nothing else."""
    dark = bundled_runes("stormlight").dark
    one = attempt_odds([dark], 2)
    assert one.p_success_and_corruption(1) == Fraction(1, 2)
    assert one.p_success_and_corruption(0) == 0
    assert attempt_odds([dark], 1).p_success_and_corruption(0) == Fraction(1, 2)
    three = attempt_odds([dark] * 3, 5)
    assert three.effect_distribution(Effect.CORRUPTION) == {k: Fraction(math.comb(3, k), 8) for k in range(4)}
    # Five or more successes from three Dark runes needs at least two moons.
    assert [three.p_success_and_corruption(k) for k in range(4)] == [0, 0, Fraction(3, 8), Fraction(1, 8)]
    assert three.expected(Effect.CORRUPTION) == Fraction(3, 2)


def test_000_attempt_a_challenge_difficulty_at_most_zero_is_certain() -> None:
    """000/attempt-a-challenge: a result that equals or exceeds the difficulty succeeds."""
    runes = bundled_runes("core")
    for difficulty in range(-3, 1):
        odds = attempt_odds(runes.core, difficulty)
        assert odds.p_success == 1
        assert float(odds) == 1.0
    assert attempt_odds(runes.core, 4).p_success == 0
    assert attempt_odds(runes.core, 3).p_success == Fraction(1, 8)


def test_000_attempt_a_challenge_bonus_shifts_totals() -> None:
    """000/attempt-a-challenge: a flat bonus moves every total, so it offsets the difficulty."""
    runes = bundled_runes("stormlight")
    pool = (*runes.core, *runes.ability[Icon.CHARISMA], runes.dark)
    base = attempt_odds(pool, 0)
    for bonus in range(-2, 4):
        for difficulty in range(-1, 12):
            odds = attempt_odds(pool, difficulty, bonus)
            assert odds.p_success == attempt_odds(pool, difficulty - bonus).p_success
            assert odds.p_at_least(difficulty) == odds.p_success
        shifted = attempt_odds(pool, 5, bonus)
        assert shifted.distribution == {t + bonus: p for t, p in base.distribution.items()}
        assert shifted.mean == base.mean + bonus
        assert (shifted.min, shifted.max) == (base.min + bonus, base.max + bonus)
    with_two = attempt_odds(pool, 5, 2).successes
    assert with_two[:2] == (Fraction(0), Fraction(0))
    assert with_two[2:] == base.successes


def test_000_rune_probability_probabilities_sum_to_one() -> None:
    """000/rune-probability: every distribution, and every joint table, covers all 2**n casts."""
    runes = bundled_runes("stormlight")
    pool = (*runes.core, *runes.ability[Icon.STRENGTH], *runes.ability[Icon.DEXTERITY], *(runes.dark,) * 3)
    odds = attempt_odds(pool, 9)
    assert sum(odds.successes) == 1
    assert sum(odds.distribution.values()) == 1
    for e in EFFECTS:
        assert sum(odds.effect_distribution(e).values()) == 1
        assert sum(map(sum, odds.cast.table(e).rows)) == 2 ** len(pool)
        assert sum(odds.p_success_and(e, v) for v in odds.effect_distribution(e)) == odds.p_success


@pytest.mark.parametrize("size", [7, 15, 16, 31, 40, 70])
def test_000_rune_probability_exact_for_large_pools(size: int) -> None:
    """000/rune-probability: n runes of {2, 1} give binomial counts, exactly, at every slot width."""
    rune = bundled_runes("core").ability[Icon.WISDOM][0]
    dist = compute_distribution([rune] * size)
    assert dist.low == size
    assert dist.counts == tuple(math.comb(size, k) for k in range(size + 1))
    dark = bundled_runes("core").dark
    mixed = compute_distribution([dark] * size)
    assert mixed.table(Effect.CORRUPTION).rows[size][-1] == 1
    assert mixed.table(Effect.CORRUPTION).totals() == dist.counts
    # Two identical faces put all 2**n casts in one slot: the widest count a slot must hold.
    same = Rune("same", RuneKind.CORE, (Face("a", successes=1, xp=1), Face("b", successes=1, xp=1)))
    flat = compute_distribution([same] * size)
    assert (flat.low, flat.counts) == (size, (2**size,))
    assert flat.table(Effect.XP).rows == ((2**size,),)
    assert flat.expected(Effect.XP) == size


def test_000_reading_the_runes_negative_totals_need_distribution() -> None:
    """000/reading-the-runes: totals below zero (a negative bonus) are exact in ``distribution``."""
    odds = attempt_odds(bundled_runes("core").core, 1, bonus=-1)
    assert odds.distribution == {-1: Fraction(1, 8), 0: Fraction(3, 8), 1: Fraction(3, 8), 2: Fraction(1, 8)}
    with pytest.raises(ValueError, match="distribution"):
        _ = odds.successes


def test_000_rune_probability_cache_is_keyed_on_the_pool() -> None:
    """000/rune-probability: repeated queries reuse the cached distribution; uncached is equal."""
    runes = bundled_runes("core")
    pool = (*runes.core, runes.dark)
    assert cast_distribution(list(pool)) is cast_distribution(pool)
    fresh = cast_distribution(pool, cache=False)
    assert fresh is not cast_distribution(pool)
    assert fresh == cast_distribution(pool)
    assert cast_distribution((*runes.core, runes.ability[Icon.STRENGTH][0])) != fresh


# ----------------------------------------------------------------------------- display


def _seven() -> tuple[Rune, ...]:
    runes = bundled_runes("core")
    return (*runes.core, *runes.ability[Icon.STRENGTH][:2], runes.dark, runes.dark)


def test_000_rune_probability_odds_repr_shows_percentage() -> None:
    """000/rune-probability: the short repr names the pool, the difficulty and P(success)."""
    pool = _seven()
    counts, _ = _brute(pool)
    win = sum(c for k, c in counts.items() if k >= 5)
    pct = f"{100 * win / 2 ** len(pool):.2f}%"
    odds = attempt_odds(pool, 5)
    assert repr(odds) == f"<Odds 7 runes vs 5: {pct}>"
    assert repr(attempt_odds(pool, 5, 2)).startswith("<Odds 7 runes +2 vs 5: ")
    assert repr(attempt_odds(pool[:1], 1)) == "<Odds 1 rune vs 1: 50.00%>"


def test_000_rune_probability_odds_rich_table_highlights_success() -> None:
    """000/rune-probability: the rich view lists every total, marks the winning ones, shows P(success)."""
    odds = attempt_odds(_seven(), 5)
    console = Console(record=True, width=100, color_system=None)
    console.print(odds)
    text = console.export_text()
    assert f"P(success) = {float(odds.p_success) * 100:.2f}%" in text
    lines = text.splitlines()
    marked = {t for t in range(odds.min, odds.max + 1) if any(f" {t} ✓" in line for line in lines)}
    assert marked == set(range(5, odds.max + 1))
    assert "█" in text
    assert "Corruption" in text
    styled = Console(record=True, width=100, color_system="standard", force_terminal=True)
    styled.print(odds)
    ansi = styled.export_text(styles=True).splitlines()
    for t in range(odds.min, odds.max + 1):
        row = next(line for line in ansi if f" {t} " in line and "%" in line)
        assert ("\x1b[1;32m" in row) == (t >= 5), (t, row)


def test_000_rune_probability_odds_html_is_self_contained() -> None:
    """000/rune-probability: the notebook view is inline SVG with theme-following text."""
    odds = attempt_odds(_seven(), 5)
    page = odds._repr_html_()
    assert f"{float(odds.p_success) * 100:.2f}%" in page
    assert "<svg" in page
    assert 'fill="currentColor"' in page
    for remote in ("src=", "href=", "url(", "<script", "<link"):
        assert remote not in page
    assert page.count("<rect") == len(odds.distribution)
    assert page.count('fill="#2f9e44"') == sum(1 for t in odds.distribution if t >= 5)


def test_000_rune_probability_odds_cites_known_sections() -> None:
    """000/rune-probability: every section id cited in calladventure.rules._odds is in the registry."""
    source = Path(odds_module.__file__).read_text(encoding="utf-8")
    cited = set(re.findall(r"\b((?:000|001|002|INDEX)/[a-z0-9-]+)", source))
    assert {"000/rune-probability", "000/core-runes", "000/dark-runes", "000/ability-runes"} <= cited
    assert cited <= set(SECTIONS), cited - set(SECTIONS)


# ----------------------------------------------------------------------------- the fast paths


def test_000_rune_probability_cache_is_keyed_by_the_runes() -> None:
    """000/rune-probability: the cache is keyed on the pool's rune values, so an equal pool of
    other Rune objects finds the same distribution, and a different pool does not."""
    runes = bundled_runes("stormlight")
    pool = (*runes.core, *runes.ability[Icon.STRENGTH], runes.dark, runes.dark)
    first = cast_distribution(pool)
    assert cast_distribution(list(pool)) is first
    twin = tuple(Rune(r.id, r.kind, r.faces, r.ability) for r in pool)  # equal values, other objects
    assert all(t is not r for t, r in zip(twin, pool, strict=True))
    assert cast_distribution(twin) is first
    assert cast_distribution(pool[:-1]) is not first
    assert cast_distribution(pool[:-1]) == compute_distribution(pool[:-1])


def test_000_rune_probability_joint_tables_and_floats_agree_with_the_exact_values() -> None:
    """000/rune-probability, 000/dark-runes: tables multiplied out on demand equal tables built
    directly; the float fast paths equal the exact fractions."""
    runes = bundled_runes("stormlight")
    pool = (*runes.core, *runes.ability[Icon.DEXTERITY], *(runes.dark,) * 3)
    dist = compute_distribution(pool)
    rebuilt = CastDistribution(dist.size, dist.low, dist.counts, dist.effects)
    assert rebuilt == dist and hash(rebuilt) == hash(dist)
    assert pickle.loads(pickle.dumps(dist)) == dist
    for e in EFFECTS:
        assert rebuilt.expected(e) == dist.expected(e) == compute_distribution(pool).expected(e)
        assert dist.expected_float(e) == float(dist.expected(e))
    for need in range(-1, 16):
        odds = attempt_odds(pool, need)
        assert dist.chance_at_least(need) == float(dist.p_at_least(need)) == odds.probability
        assert success_chance(pool, need + 1, 1) == odds.probability
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        dist.low = 3  # type: ignore[misc]


def test_000_rune_probability_built_values_are_frozen_odds_and_distributions() -> None:
    """000/rune-probability: attempt_odds and compute_distribution, cached or not, give values of
    exactly the public types, frozen, equal to the ones their constructors build, weakly referable
    and pickled as before."""
    pool = (*bundled_runes("core").core, bundled_runes("core").dark)
    for odds in (attempt_odds(pool, 2, 1), attempt_odds(pool, 2, 1, cache=False)):
        assert type(odds) is Odds and type(odds.cast) is CastDistribution
        assert type(compute_distribution(pool)) is CastDistribution
        assert odds == Odds(odds.cast, 2, 1) and hash(odds) == hash(Odds(odds.cast, 2, 1))
        assert (odds.difficulty, odds.bonus, odds.runes) == (2, 1, 4)
        assert pickle.loads(pickle.dumps(odds)) == odds
        assert weakref.ref(odds)() is odds
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            odds.bonus = 2  # type: ignore[misc]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            odds.cast.low = 3
