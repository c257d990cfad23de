"""The exact distribution of a rune cast, by convolution over the runes' two faces (000/rune-probability).

Every rune shows one of two equally likely faces (000/reading-the-runes), so a pool of ``n``
runes has ``2**n`` equally likely casts. Rather than enumerate them, the pool's generating
polynomial ``prod(x**face0 + x**face1)`` is multiplied out with Python integers used as
packed coefficient vectors (one fixed-width bit slot per exponent), so every count is an
exact integer over the denominator ``2**n`` and :class:`~fractions.Fraction` objects are only
built when a probability is asked for.

Kept jointly with successes: Hero, Antihero and either-deck ("choice") draws, Experience and
Corruption (000/core-runes, 000/dark-runes, 000/ability-runes), each as a table of counts
indexed by (effect value, successes). :mod:`calladventure.rules.odds` turns a distribution
into the odds of an attempt.
"""

from __future__ import annotations

import functools
import sys
from array import array
from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction

import attrs

from ..values.errors import LimitError
from ..values.runes import Draw, Face, Rune


class Effect(StrEnum):
    """What a face does besides adding successes (000/core-runes, 000/dark-runes, 000/ability-runes)."""

    HERO = "hero"
    ANTIHERO = "antihero"
    CHOICE = "choice"
    XP = "xp"
    CORRUPTION = "corruption"


EFFECTS: tuple[Effect, ...] = tuple(Effect)

# ----------------------------------------------------------------------------- packed integers

_CODES: dict[int, str] = {}
for _code in "BHILQ":
    _CODES.setdefault(array(_code).itemsize, _code)
_SWAP = sys.byteorder != "little"


def _slot_bytes(n: int) -> int:
    """Bytes per coefficient slot: a count is at most ``2**n``, so it needs ``n + 1`` bits."""
    need = (n + 8) // 8
    for size in (1, 2, 4, 8):
        if need <= size and size in _CODES:
            return size
    return need


def _unpack(poly: int, slots: int, size: int) -> Sequence[int]:
    """The ``slots`` coefficients packed in ``poly``, ``size`` bytes each, lowest first."""
    raw = poly.to_bytes(slots * size, "little")
    code = _CODES.get(size)
    if code is None:
        return [int.from_bytes(raw[i : i + size], "little") for i in range(0, len(raw), size)]
    out = array(code)
    out.frombytes(raw)
    if _SWAP:
        out.byteswap()
    return out


def _vector(face: Face) -> tuple[int, int, int, int, int, int]:
    """A face as (successes, Hero, Antihero, choice draws, Experience, Corruption) (000/core-runes)."""
    draw = face.draw
    return (
        face.successes,
        draw == Draw.HERO,
        draw == Draw.ANTIHERO,
        draw == Draw.CHOICE,
        face.xp,
        face.corruption,
    )


# ----------------------------------------------------------------------------- the distribution


@attrs.frozen
class EffectTable:
    """Counts of casts by (value of one effect, successes) (000/reading-the-runes).

    ``rows[v][s]`` counts the casts with ``low + v`` of the effect and ``successes_low + s``
    successes, where ``successes_low`` is the owning :class:`CastDistribution`'s ``low``.
    """

    effect: Effect
    low: int
    rows: tuple[tuple[int, ...], ...]

    @property
    def high(self) -> int:
        return self.low + len(self.rows) - 1

    def totals(self) -> tuple[int, ...]:
        """Counts of casts by effect value alone, from ``low`` to ``high``."""
        return tuple(sum(row) for row in self.rows)

    def row(self, value: int) -> tuple[int, ...]:
        """Counts by successes among the casts with exactly ``value`` of the effect (zeros if none)."""
        i = value - self.low
        if 0 <= i < len(self.rows):
            return self.rows[i]
        return (0,) * len(self.rows[0])


@attrs.frozen
class CastDistribution:
    """The exact distribution of one cast of a pool, as counts over ``2**size`` (000/rune-probability).

    ``counts[i]`` is the number of the ``2**size`` equally likely casts with ``low + i``
    successes; ``effects`` holds one :class:`EffectTable` per :data:`EFFECTS`, in that order.
    """

    size: int
    low: int
    counts: tuple[int, ...]
    effects: tuple[EffectTable, ...]

    @property
    def denominator(self) -> int:
        """The number of equally likely casts, ``2**size`` (000/reading-the-runes)."""
        return 1 << self.size

    @property
    def high(self) -> int:
        """The most successes a cast can show (000/rune-probability: "Maximum")."""
        return self.low + len(self.counts) - 1

    def count(self, successes: int) -> int:
        """How many casts show exactly ``successes`` successes."""
        i = successes - self.low
        return self.counts[i] if 0 <= i < len(self.counts) else 0

    def count_at_least(self, successes: int) -> int:
        """How many casts show ``successes`` or more (000/attempt-a-challenge: equal or exceed)."""
        i = successes - self.low
        if i <= 0:
            return self.denominator
        return sum(self.counts[i:])

    def probability(self, successes: int) -> Fraction:
        """P(exactly ``successes`` successes) (000/rune-probability)."""
        return Fraction(self.count(successes), self.denominator)

    def p_at_least(self, successes: int) -> Fraction:
        """P(``successes`` or more successes) (000/attempt-a-challenge)."""
        return Fraction(self.count_at_least(successes), self.denominator)

    @property
    def mean(self) -> Fraction:
        """Expected successes (000/rune-probability: "Average")."""
        weighted = sum(i * c for i, c in enumerate(self.counts))
        return Fraction(weighted, self.denominator) + self.low

    def table(self, effect: Effect) -> EffectTable:
        """The joint counts of ``effect`` and successes (000/reading-the-runes)."""
        return self.effects[EFFECTS.index(Effect(effect))]

    def effect_distribution(self, effect: Effect) -> dict[int, Fraction]:
        """P(the cast gives exactly ``v`` of ``effect``) for each possible ``v`` (000/core-runes)."""
        t = self.table(effect)
        den = self.denominator
        return {t.low + v: Fraction(c, den) for v, c in enumerate(t.totals())}

    def expected(self, effect: Effect) -> Fraction:
        """The expected amount of ``effect`` from one cast (000/core-runes, 000/dark-runes)."""
        t = self.table(effect)
        weighted = sum(v * c for v, c in enumerate(t.totals()))
        return Fraction(weighted, self.denominator) + t.low

    def count_at_least_and(self, successes: int, effect: Effect, value: int) -> int:
        """How many casts show ``successes`` or more successes and exactly ``value`` of ``effect``."""
        row = self.table(effect).row(value)
        return sum(row[max(0, successes - self.low) :])

    def p_at_least_and(self, successes: int, effect: Effect, value: int) -> Fraction:
        """P(at least ``successes`` successes and exactly ``value`` of ``effect``) (000/dark-runes)."""
        return Fraction(self.count_at_least_and(successes, effect, value), self.denominator)


def compute_distribution(pool: Sequence[Rune]) -> CastDistribution:
    """The exact distribution of a cast of ``pool``, never cached (000/rune-probability).

    Each rune multiplies a packed polynomial by ``x**a + x**b`` (two shifts and an add), one
    polynomial for successes alone and one for successes jointly with each varying effect.
    """
    n = len(pool)
    size = _slot_bytes(n)
    bits = 8 * size
    low = [0, 0, 0, 0, 0, 0]
    span = [0, 0, 0, 0, 0, 0]
    pure = 1  # the product over runes whose faces differ in successes only
    side: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for rune in pool:
        f0, f1 = rune.faces
        a = _vector(f0)
        b = _vector(f1)
        if a[1:] == b[1:]:
            s0, s1 = a[0], b[0]
            if s0 <= s1:
                low[0] += s0
                span[0] += s1 - s0
                pure += pure << ((s1 - s0) * bits)
            else:
                low[0] += s1
                span[0] += s0 - s1
                pure += pure << ((s0 - s1) * bits)
            for d in range(1, 6):
                low[d] += a[d]
            continue
        da: list[int] = []
        db: list[int] = []
        for d in range(6):
            x, y = a[d], b[d]
            if x <= y:
                low[d] += x
                span[d] += y - x
                da.append(0)
                db.append(y - x)
            else:
                low[d] += y
                span[d] += x - y
                da.append(x - y)
                db.append(0)
        side.append((tuple(da), tuple(db)))

    width = span[0] + 1
    poly = pure
    for ea, eb in side:
        poly = (poly << (ea[0] * bits)) + (poly << (eb[0] * bits))
    counts = tuple(_unpack(poly, width, size))

    tables: list[EffectTable] = []
    for d, effect in enumerate(EFFECTS, start=1):
        if span[d] == 0:
            tables.append(EffectTable(effect, low[d], (counts,)))
            continue
        joint = pure
        for ea, eb in side:
            joint = (joint << ((ea[0] + width * ea[d]) * bits)) + (joint << ((eb[0] + width * eb[d]) * bits))
        flat = _unpack(joint, width * (span[d] + 1), size)
        rows = tuple(tuple(flat[i : i + width]) for i in range(0, len(flat), width))
        tables.append(EffectTable(effect, low[d], rows))
    return CastDistribution(n, low[0], counts, tuple(tables))


@functools.lru_cache(maxsize=4096)
def _cached_distribution(pool: tuple[Rune, ...]) -> CastDistribution:
    return compute_distribution(pool)


MAX_CAST_RUNES = 40
"""Runes in one cast whose odds are computed: three core runes, at most three of each of two
abilities (000 · FAQs: More than three rune icons in one ability) and every Dark rune a hero can
buy or be given stay far below it (000 · Dark Runes)."""


def check_pool_size(pool: Sequence[Rune]) -> None:
    """Refuse a pool beyond :data:`MAX_CAST_RUNES` (a LimitError that names the limit)."""
    if len(pool) > MAX_CAST_RUNES:
        raise LimitError(
            f"a cast of {len(pool)} runes: odds are computed for at most {MAX_CAST_RUNES} (MAX_CAST_RUNES), "
            "more than any attempt can have (000 · Dark Runes)"
        )


def cast_distribution(pool: Sequence[Rune], *, cache: bool = True) -> CastDistribution:
    """The exact distribution of a cast of ``pool``, memoised on the pool (000/rune-probability)."""
    check_pool_size(pool)
    if not cache:
        return compute_distribution(pool)
    return _cached_distribution(tuple(pool))


__all__ = [
    "EFFECTS",
    "MAX_CAST_RUNES",
    "CastDistribution",
    "Effect",
    "EffectTable",
    "cast_distribution",
    "check_pool_size",
    "compute_distribution",
]
