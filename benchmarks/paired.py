"""Paired measurement: this project against a peer in the same run, interleaved, on CPU time.

The machines these benchmarks run on are shared, so a wall-clock figure measures the other
users as much as the code. Every measure here is *process CPU time* (``time.process_time()``,
or a child's CPU time from ``resource.getrusage(RUSAGE_CHILDREN)``), and each contender runs in
rounds that alternate with its peer's (A B, B A, A B, ...), so both see the same machine; the
reported ratio is the median of the per-round ratios, the rates are the medians of the rounds.
Each part starts with a full garbage collection (:func:`settle`): the first one after importing
the card data scans every object loaded, some 25 ms, and would otherwise land in whichever
timed call happened to trigger it. The collector stays on while timing.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Pair", "Rates", "cpu", "pair", "per_call_us", "settle", "timed_calls", "timer_overhead"]

cpu = time.process_time


def settle() -> None:
    """A full garbage collection before a part is timed (the collector stays on while it is)."""
    gc.collect()


@dataclass
class Rates:
    """Units per CPU second of one contender, one entry per round."""

    name: str
    unit: str
    rounds: list[float] = field(default_factory=list)
    extra: dict[str, list[float]] = field(default_factory=dict)

    @property
    def median(self) -> float:
        return statistics.median(self.rounds)

    def extra_median(self, key: str) -> float:
        return statistics.median(self.extra[key])


@dataclass
class Pair:
    """Two contenders measured in alternating rounds; each run returns (units, extras) for its CPU time."""

    ours: Rates
    peer: Rates

    @property
    def ratio(self) -> float:
        """Median over the rounds of ours / peer (per CPU second): above 1, ours does more per second."""
        return statistics.median(a / b for a, b in zip(self.ours.rounds, self.peer.rounds, strict=True))


def _run_for(
    work: Callable[[], tuple[float, dict[str, float]]], budget: float
) -> tuple[float, dict[str, float]]:
    """Call ``work`` until ``budget`` CPU seconds are spent; return units per second and extras per second."""
    units = 0.0
    extras: dict[str, float] = {}
    start = cpu()
    while True:
        done, more = work()
        units += done
        for k, v in more.items():
            extras[k] = extras.get(k, 0.0) + v
        spent = cpu() - start
        if spent >= budget:
            return units / spent, {k: v / spent for k, v in extras.items()}


def pair(
    ours: tuple[str, str, Callable[[], tuple[float, dict[str, float]]]],
    peer: tuple[str, str, Callable[[], tuple[float, dict[str, float]]]],
    *,
    rounds: int = 5,
    budget: float = 1.0,
) -> Pair:
    """Measure two contenders in ``rounds`` alternating rounds of ``budget`` CPU seconds each."""
    a = Rates(ours[0], ours[1])
    b = Rates(peer[0], peer[1])
    for r in range(rounds):
        order = ((a, ours[2]), (b, peer[2])) if r % 2 == 0 else ((b, peer[2]), (a, ours[2]))
        for rates, work in order:
            rate, extras = _run_for(work, budget)
            rates.rounds.append(rate)
            for k, v in extras.items():
                rates.extra.setdefault(k, []).append(v)
    return Pair(a, b)


def timer_overhead(samples: int = 20000) -> float:
    """The CPU seconds one ``cpu()`` … ``cpu()`` pair adds to a timed call (subtracted by :func:`timed_calls`)."""
    best = []
    for _ in range(5):
        start = cpu()
        for _ in range(samples):
            t = cpu()
            t = cpu() - t
        best.append((cpu() - start) / samples)
    return min(best)


def timed_calls(calls: list[float], overhead: float) -> list[float]:
    """Per-call CPU times with the clock's own cost taken off (never below zero)."""
    return [max(0.0, c - overhead) for c in calls]


def per_call_us(fn: Callable[[], object], n: int, repeat: int = 5) -> float:
    """Median over ``repeat`` batches of the CPU microseconds per call of ``fn`` (``n`` calls a batch)."""
    out = []
    for _ in range(repeat):
        start = cpu()
        for _ in range(n):
            fn()
        out.append((cpu() - start) / n * 1e6)
    return statistics.median(out)
