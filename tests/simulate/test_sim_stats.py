"""The interval code of balance studies against published values (calladventure.play._stats).

Wilson intervals and the hybrid score interval for a difference of independent proportions are
checked against the worked examples of Newcombe (1998), "Two-sided confidence intervals for the
single proportion" and "Interval estimation for the difference between independent proportions"
(Statistics in Medicine 17: 857-872 and 873-890); the paired interval against the first example
of Newcombe (1998), "Improved confidence intervals for the difference between binomial proportions
based on paired data" (Statistics in Medicine 17: 2635-2650), method 10.
"""

from __future__ import annotations

import math
import statistics

import pytest

from calladventure.play._stats import (
    StatsError,
    mean_difference,
    paired_mean_difference,
    paired_proportion_difference,
    proportion_difference,
    spread,
    wilson,
    z_value,
)
from calladventure.values._errors import CallAdventureError


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)],
)
def test_wilson_interval_matches_newcombe_1998(successes: int, trials: int, low: float, high: float) -> None:
    p = wilson(successes, trials)
    assert (round(p.low, 4), round(p.high, 4)) == (low, high)
    assert p.rate == successes / trials
    assert p.low <= p.rate <= p.high


def test_wilson_interval_at_the_edges_and_other_confidences() -> None:
    assert (wilson(29, 29).low, wilson(29, 29).high) == (pytest.approx(0.8830, abs=1e-4), 1.0)
    empty = wilson(0, 0)
    assert (empty.low, empty.high) == (0.0, 1.0) and math.isnan(empty.rate)
    assert str(empty) == "no trials"
    narrow, wide = wilson(50, 100, 0.90), wilson(50, 100, 0.99)
    assert wide.low < narrow.low and narrow.high < wide.high
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)


def test_a_proportion_reads_as_rate_interval_and_count() -> None:
    assert str(wilson(1700, 2000)) == "85.0% [83.4%, 86.5%] of 2,000"


@pytest.mark.parametrize(
    ("a", "b", "low", "high"),
    [
        ((56, 70), (48, 80), 0.0524, 0.3339),
        ((9, 10), (3, 10), 0.1705, 0.8090),
        ((6, 7), (2, 7), 0.0582, 0.8062),
    ],
)
def test_difference_of_proportions_matches_newcombe_1998_method_10(
    a: tuple[int, int], b: tuple[int, int], low: float, high: float
) -> None:
    d = proportion_difference(wilson(*a), wilson(*b))
    assert (round(d.low, 4), round(d.high, 4)) == (low, high)
    assert d.estimate == pytest.approx(a[0] / a[1] - b[0] / b[1])
    assert d.clear and d.kind == "proportion"


def test_difference_with_a_zero_count_and_its_text() -> None:
    d = proportion_difference(wilson(5, 56), wilson(0, 29))
    assert (round(d.low, 4), round(d.high, 4)) == (-0.0381, 0.1926)
    assert not d.clear
    assert str(d) == "+8.9 pp [-3.8, +19.3]"


def test_paired_difference_matches_newcombe_1998_paired_method_10() -> None:
    d = paired_proportion_difference(36, 12, 2, 0)
    assert (round(d.estimate, 4), round(d.low, 4), round(d.high, 4)) == (0.2, 0.0569, 0.3404)
    assert d.paired


def test_paired_difference_without_correlation_is_the_unpaired_one() -> None:
    # phi = (both*neither - only_a*only_b) / ... is 0 here, so the correction vanishes
    paired = paired_proportion_difference(10, 20, 5, 10)
    independent = proportion_difference(wilson(30, 45), wilson(15, 45))
    assert (paired.low, paired.high) == pytest.approx((independent.low, independent.high))


def test_paired_difference_is_narrower_for_correlated_pairs() -> None:
    paired = paired_proportion_difference(40, 6, 1, 53)
    independent = proportion_difference(wilson(46, 100), wilson(41, 100))
    assert paired.high - paired.low < (independent.high - independent.low) / 2
    no_change = paired_proportion_difference(40, 0, 0, 20)
    assert no_change.estimate == 0 and no_change.low < 0 < no_change.high  # never a zero-width interval


def test_spread_quartiles_and_mean_interval() -> None:
    values = [1.0, 2.0, 3.0, 4.0, 10.0]
    s = spread(values)
    assert (s.n, s.mean, s.minimum, s.q1, s.median, s.q3, s.maximum) == (5, 4.0, 1.0, 2.0, 3.0, 4.0, 10.0)
    assert s.sd == pytest.approx(statistics.stdev(values))
    half = 1.959964 * s.sd / math.sqrt(5)
    assert (s.low, s.high) == pytest.approx((4.0 - half, 4.0 + half), abs=1e-5)
    one = spread([7])
    assert (one.sd, one.low, one.high, one.median) == (0.0, 7.0, 7.0, 7.0)


def test_mean_differences_independent_and_paired() -> None:
    a, b = spread([10.0, 12.0, 14.0, 16.0]), spread([9.0, 10.0, 11.0, 12.0])
    d = mean_difference(a, b)
    se = math.sqrt(a.sd**2 / 4 + b.sd**2 / 4)
    assert d.estimate == pytest.approx(2.5)
    assert (d.low, d.high) == pytest.approx((2.5 - 1.959964 * se, 2.5 + 1.959964 * se), abs=1e-5)
    p = paired_mean_difference([10.0, 12.0, 14.0, 16.0], [9.0, 10.0, 11.0, 12.0])
    assert p.estimate == pytest.approx(2.5) and p.paired
    assert p.high - p.low < d.high - d.low
    assert str(p).startswith("+2.50 [")


@pytest.mark.parametrize(
    "bad",
    [
        lambda: wilson(-1, 5),
        lambda: wilson(6, 5),
        lambda: wilson(1, 5, 1.5),
        lambda: spread([]),
        lambda: paired_proportion_difference(-1, 0, 0, 0),
        lambda: paired_mean_difference([1.0], []),
    ],
)
def test_impossible_numbers_raise_a_typed_error(bad: object) -> None:
    with pytest.raises(StatsError) as info:
        bad()  # type: ignore[operator]
    assert isinstance(info.value, CallAdventureError) and isinstance(info.value, ValueError)
