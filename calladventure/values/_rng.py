"""A small, fast, seedable random number generator whose whole state is one integer.

The game state stores that integer, so the RNG is saved, loaded and undone with the
rest of the game (docs/design.md § Chance as actions; docs/reproducibility.md). The global :mod:`random` is never used.
The generator is SplitMix64 (Steele, Lea and Flood, 2014): 64-bit state, every draw
returns ``(value, next_state)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ._errors import CallAdventureError

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class SeedError(CallAdventureError):
    """A seed that is not a whole number (a string, a float, ``True`` …)."""


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number (any size, negative too); else a :class:`SeedError` naming it.

    ``bool`` is refused although Python counts it as an ``int``: ``seed=True`` is a slip, not a seed.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeedError(
            f"seed must be a whole number (e.g. seed=7), not {seed!r} ({type(seed).__name__}); "
            "the same seed always gives the same game"
        )
    return seed


def seed_state(seed: int) -> int:
    """Turn any integer seed into an RNG state (anything else raises :class:`SeedError`)."""
    return (check_seed(seed) * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return a 64-bit random value and the next state."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def randbelow(state: int, n: int) -> tuple[int, int]:
    """An integer uniformly in ``range(n)`` (unbiased, by rejection) and the next state."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % n, state


def coin(state: int) -> tuple[bool, int]:
    """A fair coin flip (one rune face) and the next state."""
    value, state = next_u64(state)
    return bool(value >> 63), state


def shuffled(state: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """A Fisher-Yates shuffle of ``items`` and the next state."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = randbelow(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


def choice(state: int, items: Sequence[T]) -> tuple[T, int]:
    """One item chosen uniformly and the next state."""
    i, state = randbelow(state, len(items))
    return items[i], state


__all__ = [
    "SeedError",
    "check_seed",
    "choice",
    "coin",
    "next_u64",
    "randbelow",
    "seed_state",
    "shuffled",
]
