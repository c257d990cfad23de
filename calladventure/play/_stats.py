"""Statistics for balance studies: Wilson intervals, differences with their intervals, summaries.

A win rate from simulated games is a proportion of independent trials, so it is given with a
Wilson score interval (Wilson 1927), which stays inside [0, 1] and keeps close to its nominal
coverage even for rates near 0 or 1 and for small samples, where the textbook
``p ± z·sqrt(p(1-p)/n)`` fails. The difference of two rates uses Newcombe's hybrid score
interval built from the two Wilson intervals (Newcombe 1998, method 10). A mean (a score, a game
length) is given with a normal-approximation interval, fine for the hundreds of games a study
plays; two means are compared with Welch's unequal-variance standard error.

Two studies played from the same seeds are *paired*: game ``i`` starts the same in both. Paired
data give much narrower intervals: for proportions, Newcombe's paired hybrid score interval
(Newcombe 1998, "paired data", method 10, which corrects the unpaired one by the correlation
``phi`` of the pairs); for means, the mean of the per-pair differences.

Nothing here knows about the game: the study summaries are in
:mod:`calladventure.play.simulate._summary`.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from statistics import NormalDist

import attrs

from ..values._errors import CallAdventureError

__all__ = [
    "Difference",
    "Proportion",
    "Spread",
    "StatsError",
    "mean_difference",
    "paired_mean_difference",
    "paired_proportion_difference",
    "proportion_difference",
    "spread",
    "wilson",
    "z_value",
]


class StatsError(CallAdventureError):
    """A statistic asked of impossible numbers (a negative count, a confidence outside (0, 1) …)."""


def z_value(confidence: float = 0.95) -> float:
    """The two-sided standard-normal quantile of a confidence level (1.959964 for 0.95)."""
    if not 0.0 < confidence < 1.0:
        raise StatsError(f"confidence must be between 0 and 1 (exclusive), not {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2.0)


def _percent(x: float) -> str:
    return f"{x * 100:.1f}%"


@attrs.frozen
class Proportion:
    """``successes`` out of ``trials``, with a confidence interval ``[low, high]`` for the rate.

    ``str()`` reads ``"85.0% [83.4%, 86.5%] of 2,000"``.
    """

    successes: int
    trials: int
    low: float
    high: float
    confidence: float = 0.95

    @property
    def rate(self) -> float:
        """The observed rate (``nan`` with no trials)."""
        return self.successes / self.trials if self.trials else math.nan

    def __str__(self) -> str:
        if not self.trials:
            return "no trials"
        return f"{_percent(self.rate)} [{_percent(self.low)}, {_percent(self.high)}] of {self.trials:,}"


def wilson(successes: int, trials: int, confidence: float = 0.95) -> Proportion:
    """The Wilson score interval of ``successes`` out of ``trials``.

    With no trials the interval is the whole of [0, 1]. Raises :class:`StatsError` for counts
    that cannot be (negative, or more successes than trials).
    """
    if trials < 0 or not 0 <= successes <= max(trials, 0):
        raise StatsError(f"a proportion needs 0 <= successes <= trials, not {successes} of {trials}")
    z = z_value(confidence)
    if trials == 0:
        return Proportion(0, 0, 0.0, 1.0, confidence)
    n = trials
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Proportion(successes, trials, low, high, confidence)


@attrs.frozen
class Difference:
    """An estimate of ``a - b`` with its confidence interval.

    ``kind`` is ``"proportion"`` (printed in percentage points) or ``"mean"``. The difference is
    *clear* when the interval does not contain 0.
    """

    estimate: float
    low: float
    high: float
    kind: str = "mean"
    confidence: float = 0.95
    paired: bool = False

    @property
    def clear(self) -> bool:
        """True when the interval excludes 0: the data show a difference at this confidence."""
        return not (self.low <= 0.0 <= self.high)

    def __str__(self) -> str:
        if math.isnan(self.estimate):
            return "no data"
        if self.kind == "proportion":
            return f"{self.estimate * 100:+.1f} pp [{self.low * 100:+.1f}, {self.high * 100:+.1f}]"
        return f"{self.estimate:+.2f} [{self.low:+.2f}, {self.high:+.2f}]"


def proportion_difference(a: Proportion, b: Proportion) -> Difference:
    """``a.rate - b.rate`` with Newcombe's hybrid score interval (from the two Wilson intervals).

    Both proportions must have been computed at the same confidence level.
    """
    if a.confidence != b.confidence:
        raise StatsError(
            f"the two proportions have different confidence levels: {a.confidence}, {b.confidence}"
        )
    if not a.trials or not b.trials:
        return Difference(math.nan, math.nan, math.nan, "proportion", a.confidence)
    d = a.rate - b.rate
    low = d - math.sqrt((a.rate - a.low) ** 2 + (b.high - b.rate) ** 2)
    high = d + math.sqrt((a.high - a.rate) ** 2 + (b.rate - b.low) ** 2)
    return Difference(d, max(-1.0, low), min(1.0, high), "proportion", a.confidence)


@attrs.frozen
class Spread:
    """How a quantity is spread over a sample: its mean with an interval, and its quartiles."""

    n: int
    mean: float
    sd: float
    low: float
    high: float
    minimum: float
    q1: float
    median: float
    q3: float
    maximum: float
    confidence: float = 0.95

    def __str__(self) -> str:
        return f"{self.mean:.2f} [{self.low:.2f}, {self.high:.2f}] (n={self.n:,})"


def spread(values: Sequence[float], confidence: float = 0.95) -> Spread:
    """Mean (with a normal-approximation interval), standard deviation and quartiles of ``values``.

    Raises :class:`StatsError` for an empty sample.
    """
    if not values:
        raise StatsError("a spread needs at least one value, got none")
    z = z_value(confidence)
    n = len(values)
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if n > 1 else 0.0
    half = z * sd / math.sqrt(n)
    if n > 1:
        q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    else:
        q1 = median = q3 = float(values[0])
    return Spread(
        n,
        mean,
        sd,
        mean - half,
        mean + half,
        float(min(values)),
        q1,
        median,
        q3,
        float(max(values)),
        confidence,
    )


def mean_difference(a: Spread, b: Spread) -> Difference:
    """``a.mean - b.mean`` with a normal interval from Welch's standard error ``sqrt(sa²/na + sb²/nb)``."""
    if a.confidence != b.confidence:
        raise StatsError(f"the two samples have different confidence levels: {a.confidence}, {b.confidence}")
    d = a.mean - b.mean
    half = z_value(a.confidence) * math.sqrt(a.sd**2 / a.n + b.sd**2 / b.n)
    return Difference(d, d - half, d + half, "mean", a.confidence)


def paired_proportion_difference(
    both: int, only_a: int, only_b: int, neither: int, confidence: float = 0.95
) -> Difference:
    """The difference of two paired rates, ``P(a) - P(b)``, with Newcombe's paired hybrid score interval.

    The counts are the pairs where the event happened in both, in ``a`` only, in ``b`` only and
    in neither. ``phi`` (the correlation of the pairs) is taken as 0 when a margin is empty.
    """
    counts = (both, only_a, only_b, neither)
    if any(c < 0 for c in counts):
        raise StatsError(f"pair counts cannot be negative: {counts}")
    n = sum(counts)
    if not n:
        return Difference(math.nan, math.nan, math.nan, "proportion", confidence, True)
    pa, pb = wilson(both + only_a, n, confidence), wilson(both + only_b, n, confidence)
    d = pa.rate - pb.rate
    margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    phi = (both * neither - only_a * only_b) / math.sqrt(margins) if margins else 0.0
    da, ua = pa.rate - pa.low, pa.high - pa.rate
    db, ub = pb.rate - pb.low, pb.high - pb.rate
    low = d - math.sqrt(max(0.0, da**2 - 2 * phi * da * ub + ub**2))
    high = d + math.sqrt(max(0.0, db**2 - 2 * phi * db * ua + ua**2))
    return Difference(d, max(-1.0, low), min(1.0, high), "proportion", confidence, True)


def paired_mean_difference(a: Sequence[float], b: Sequence[float], confidence: float = 0.95) -> Difference:
    """The mean of the per-pair differences ``a[i] - b[i]``, with its normal-approximation interval."""
    if len(a) != len(b):
        raise StatsError(f"paired samples must have the same length, not {len(a)} and {len(b)}")
    if not a:
        return Difference(math.nan, math.nan, math.nan, "mean", confidence, True)
    s = spread([x - y for x, y in zip(a, b, strict=True)], confidence)
    return Difference(s.mean, s.low, s.high, "mean", confidence, True)
