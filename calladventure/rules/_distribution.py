"""The exact distribution of a rune cast, by convolution over the runes' two faces (000/rune-probability).

Every rune shows one of two equally likely faces (000/reading-the-runes), so a pool of ``n``
runes has ``2**n`` equally likely casts. Rather than enumerate them, the pool's generating
polynomial ``prod(x**face0 + x**face1)`` is multiplied out with Python integers used as
packed coefficient vectors (one fixed-width bit slot per exponent), so every count is an
exact integer over the denominator ``2**n`` and :class:`~fractions.Fraction` objects are only
built when a probability is asked for.

Kept with successes: Hero, Antihero and either-deck ("choice") draws, Experience and
Corruption (000/core-runes, 000/dark-runes, 000/ability-runes). The one pass over the pool
gives the counts by successes and, for every effect, its lowest and highest value and its
mean (each rune adds one face's value or the other's, each half the time, so the mean is
exact without a table); the joint tables of counts by (effect value, successes) are
multiplied out from the same per-rune data the first time one is asked for, and kept.

What a rune contributes is worked out once per rune (:func:`rune_terms`), and whole
distributions are cached by their pool of runes (both bounded; a ``Rune`` caches its hash).
:mod:`calladventure.rules._odds` turns a distribution into the odds of an attempt.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction
from typing import Any

import attrs

from ..values._copies import writable
from ..values._errors import LimitError
from ..values._runes import Rune
from ._rune_terms import (
    PACKED_BIAS,
    PACKED_FIELD,
    PASS_PLAN,
    SLOT,
    TERMS,
    RuneTerms,
    rune_terms,
    slot_bytes,
    unpack,
    unpack_ranges,
)


class Effect(StrEnum):
    """What a face does besides adding successes (000/core-runes, 000/dark-runes, 000/ability-runes)."""

    HERO = "hero"
    ANTIHERO = "antihero"
    CHOICE = "choice"
    XP = "xp"
    CORRUPTION = "corruption"


EFFECTS: tuple[Effect, ...] = tuple(Effect)
_INDEX: dict[str, int] = {e.value: i for i, e in enumerate(EFFECTS)}

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


def _frozen(self: object, name: str, value: object = None) -> None:
    raise attrs.exceptions.FrozenInstanceError()


class CastDistribution:
    """The exact distribution of one cast of a pool, as counts over ``2**size`` (000/rune-probability).

    ``counts[i]`` is the number of the ``2**size`` equally likely casts with ``low + i``
    successes; ``effects`` holds one :class:`EffectTable` per :data:`EFFECTS`, in that order
    (multiplied out the first time it is read when the distribution was computed from a pool).
    A frozen value: equal when size, low, counts and effects are.
    """

    __slots__ = ("_chances", "_effects", "_pool", "_ranges", "_sides", "counts", "low", "size")

    size: int
    low: int
    counts: tuple[int, ...]
    _effects: tuple[EffectTable, ...]  # unset until read, when computed from a pool
    _pool: tuple[Rune, ...]  # the pool, or () when built from tables
    _ranges: tuple[tuple[int, int], ...]  # each effect's (low, span), decoded from ``_sides`` when asked for
    _sides: (
        int  # the pool's effect ranges, summed in the pass (rune_terms.unpack_ranges); unset without a pool
    )
    _chances: dict[tuple[int, int, int, int], float]  # chance_with's answers; unset until asked for

    def __init__(self, size: int, low: int, counts: tuple[int, ...], effects: tuple[EffectTable, ...]):
        _set_size(self, size)
        _set_low(self, low)
        _set_counts(self, tuple(counts))
        _set_effects(self, tuple(effects))
        _set_pool(self, ())

    __setattr__ = _frozen
    __delattr__ = _frozen

    @property
    def effects(self) -> tuple[EffectTable, ...]:
        """One joint table per :data:`EFFECTS`, in that order (000/reading-the-runes)."""
        try:
            return self._effects
        except AttributeError:  # computed from a pool: multiplied out now, once
            effects = _joint_tables(self._pool, self.low, self.counts)
            _set_effects(self, effects)
            return effects

    def _key(self) -> tuple[int, int, tuple[int, ...], tuple[EffectTable, ...]]:
        return (self.size, self.low, self.counts, self.effects)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not CastDistribution:
            return NotImplemented
        assert isinstance(other, CastDistribution)
        return self is other or self._key() == other._key()

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"CastDistribution(size={self.size!r}, low={self.low!r}, counts={self.counts!r}, effects={self.effects!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (CastDistribution, self._key())

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
            return 1 << self.size
        return sum(self.counts[i:])

    def chance_at_least(self, successes: int) -> float:
        """P(``successes`` or more successes) as a float, for hot paths (000/attempt-a-challenge)."""
        i = successes - self.low
        if i <= 0:
            return 1.0
        return sum(self.counts[i:]) / (1 << self.size)

    def chance_with(self, successes: int, rune: Rune, copies: int) -> float:
        """P(``successes`` or more) when ``copies`` more of ``rune`` are cast with the pool, as a float.

        The same number as ``chance_at_least`` of the larger pool's distribution (the exact count
        of its casts over ``2**(size + copies)``): of the extra runes, ``j`` show their higher face
        in ``comb(copies, j)`` of their casts (000/reading-the-runes, 000/dark-runes).
        """
        if copies <= 0:
            return self.chance_at_least(successes)
        terms = TERMS.get(rune) or rune_terms(rune)
        key = (successes, terms.low, terms.span, copies)
        try:
            memo = self._chances
        except AttributeError:
            memo = {}
            _set_chances(self, memo)
        chance = memo.get(key)
        if chance is None:
            chance = memo[key] = self._chance_with(successes, terms.low, terms.span, copies)
        return chance

    def _chance_with(self, successes: int, low: int, span: int, copies: int) -> float:
        every = 1 << self.size
        tails = _tail_counts(self.counts)
        top = len(tails)
        need = successes - self.low - copies * low
        total = 0
        for j, ways in enumerate(_binomials(copies)):
            i = need - j * span
            total += ways * (every if i <= 0 else tails[i] if i < top else 0)
        return total / (every << copies)

    def expected_with(self, effect: Effect, rune: Rune, copies: int) -> float:
        """:meth:`expected` of ``effect`` when ``copies`` more of ``rune`` are cast with the pool, as a float."""
        d = _INDEX[effect]
        terms = TERMS.get(rune) or rune_terms(rune)
        extra = copies * (2 * terms.effect_low[d] + terms.effect_span[d])  # twice the extra runes' mean
        if not self._pool:
            return float(self.expected(effect) + Fraction(extra, 2))
        low, span = self._range(d)
        return (2 * low + span + extra) / 2

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
        return self.effects[_INDEX[Effect(effect).value]]

    def effect_distribution(self, effect: Effect) -> dict[int, Fraction]:
        """P(the cast gives exactly ``v`` of ``effect``) for each possible ``v`` (000/core-runes)."""
        t = self.table(effect)
        den = self.denominator
        return {t.low + v: Fraction(c, den) for v, c in enumerate(t.totals())}

    def expected(self, effect: Effect) -> Fraction:
        """The expected amount of ``effect`` from one cast (000/core-runes, 000/dark-runes)."""
        if not self._pool:
            t = self.table(effect)
            weighted = sum(v * c for v, c in enumerate(t.totals()))
            return Fraction(weighted, self.denominator) + t.low
        low, span = self._range(_INDEX[Effect(effect).value])
        return Fraction(2 * low + span, 2)

    def expected_float(self, effect: Effect) -> float:
        """:meth:`expected` as a float, for hot paths (000/core-runes, 000/dark-runes)."""
        if not self._pool:
            return float(self.expected(effect))
        low, span = self._range(_INDEX[effect])
        return low + span / 2

    def _range(self, d: int) -> tuple[int, int]:
        """The lowest value of effect ``d`` over the pool and its span, worked out once."""
        try:
            return self._ranges[d]
        except AttributeError:
            ranges = unpack_ranges(self._sides, self.size)
            _set_ranges(self, ranges)
            return ranges[d]

    def count_at_least_and(self, successes: int, effect: Effect, value: int) -> int:
        """How many casts show ``successes`` or more successes and exactly ``value`` of ``effect``."""
        row = self.table(effect).row(value)
        return sum(row[max(0, successes - self.low) :])

    def p_at_least_and(self, successes: int, effect: Effect, value: int) -> Fraction:
        """P(at least ``successes`` successes and exactly ``value`` of ``effect``) (000/dark-runes)."""
        return Fraction(self.count_at_least_and(successes, effect, value), self.denominator)


_set_size = CastDistribution.__dict__["size"].__set__
_set_low = CastDistribution.__dict__["low"].__set__
_set_counts = CastDistribution.__dict__["counts"].__set__
_set_effects = CastDistribution.__dict__["_effects"].__set__
_set_pool = CastDistribution.__dict__["_pool"].__set__
_set_ranges = CastDistribution.__dict__["_ranges"].__set__
_set_chances = CastDistribution.__dict__["_chances"].__set__
_WRITABLE_CAST = writable(CastDistribution)
_BINOMIALS: list[tuple[int, ...]] = [tuple(math.comb(n, j) for j in range(n + 1)) for n in range(8)]


def _binomials(n: int) -> tuple[int, ...]:
    """``comb(n, j)`` for ``j`` from 0 to ``n``."""
    return _BINOMIALS[n] if n < len(_BINOMIALS) else tuple(math.comb(n, j) for j in range(n + 1))


def _tail_counts(counts: tuple[int, ...]) -> tuple[int, ...]:
    """``tails[i] = sum(counts[i:])``."""
    tails = list(itertools.accumulate(reversed(counts)))
    tails.reverse()
    return tuple(tails)


_new = object.__new__


def _joint_tables(pool: tuple[Rune, ...], low: int, counts: tuple[int, ...]) -> tuple[EffectTable, ...]:
    """Every effect's table of counts by (effect value, successes), multiplied out (000/reading-the-runes).

    For an effect that varies on some rune, each rune multiplies a packed polynomial in
    ``x**(successes + width * value)`` by its two faces' terms; every other rune only shifts
    successes. An effect that never varies has one row, the counts.
    """
    n = len(pool)
    size = SLOT[n] if n < len(SLOT) else slot_bytes(n)
    bits = 8 * size
    width = len(counts)
    terms = [TERMS.get(r) or rune_terms(r) for r in pool]
    pure = 1  # the runes on which no effect varies only shift successes, the same in every table
    side = []
    for t in terms:
        if t.varying:
            side.append(t)
        else:
            pure += pure << (t.span * bits)
    tables: list[EffectTable] = []
    ranges = unpack_ranges(sum([t.packed for t in terms]), n)
    for (d, effect), (e_low, e_span) in zip(enumerate(EFFECTS), ranges, strict=True):
        if e_span == 0:
            tables.append(EffectTable(effect, e_low, (counts,)))
            continue
        joint = pure
        for t in side:
            vary = t.by_effect[d]
            if vary is None:
                joint += joint << (t.span * bits)
            else:
                _d, s0, e0, s1, e1 = vary
                joint = (joint << ((s0 + width * e0) * bits)) + (joint << ((s1 + width * e1) * bits))
        flat = unpack(joint, width * (e_span + 1), size)
        rows = tuple(flat[i : i + width] for i in range(0, len(flat), width))
        tables.append(EffectTable(effect, e_low, rows))
    return tuple(tables)


def _pass(pool: tuple[Rune, ...], size: int) -> tuple[int, int]:
    """The pass of :func:`compute_distribution` for any pool: (packed counts, packed lows and ranges)."""
    bits = 8 * size
    poly = 1
    sides = 0
    for rune in pool:
        terms = TERMS.get(rune) or rune_terms(rune)
        sides += terms.packed
        poly += poly << (terms.span * bits)
    return poly, sides


def compute_distribution(pool: Sequence[Rune]) -> CastDistribution:
    """The exact distribution of a cast of ``pool``, never cached and not bounded (000/rune-probability).

    The bounded entry points are :func:`cast_distribution` and ``rules.odds.attempt_odds``.

    One pass: each rune multiplies the packed polynomial of successes by ``1 + x**span``
    (one shift and an add) after its lower face's successes join the minimum, and adds its
    effects' ranges (one packed integer, ``RuneTerms.packed``), which give each effect's
    minimum, maximum and mean; the joint tables come from the same per-rune terms when read.
    """
    if pool.__class__ is not tuple:
        pool = tuple(pool)
    n = len(pool)
    poly = 1
    sides = 0  # the runes' packed lows and ranges, summed (RuneTerms.packed)
    if n < 64:
        k, size, bits, bias = PASS_PLAN[n]
        by_rune = TERMS
        try:
            for rune in pool:
                terms = by_rune[rune]
                sides += terms[1]
                poly += poly << terms[k]  # type: ignore[operator]  # the shift for this slot width
        except KeyError:  # a rune met for the first time: work its terms out as the pass goes
            poly, sides = _pass(pool, size)
    else:  # pools of more than 63 runes: slots wider than a machine word
        size = slot_bytes(n)
        bits, bias = 8 * size, n * PACKED_BIAS
        poly, sides = _pass(pool, size)
    low = (sides & PACKED_FIELD) - bias
    slots = (poly.bit_length() + bits - 1) // bits
    dist = _new(_WRITABLE_CAST)  # filled by plain stores, then relabelled (values/_copies.py: writable)
    dist.size = n
    dist.low = low
    dist.counts = tuple(poly.to_bytes(slots, "little")) if size == 1 else unpack(poly, slots, size)
    dist._pool = pool
    dist._sides = sides
    dist.__class__ = CastDistribution
    result: CastDistribution = dist
    return result


_CACHE: dict[tuple[Rune, ...], CastDistribution] = {}
_CACHE_MAX = 4096


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
    """The exact distribution of a cast of ``pool``, memoised on the pool (000/rune-probability).

    The cache is keyed on the pool's runes (bounded). A pool beyond ``MAX_CAST_RUNES`` is
    refused (:func:`check_pool_size`; a pool in the cache was checked when it was computed).
    """
    if not cache:
        check_pool_size(pool)
        return compute_distribution(pool)
    key = pool if isinstance(pool, tuple) else tuple(pool)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    check_pool_size(key)
    dist = compute_distribution(key)
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[key] = dist
    return dist


__all__ = [
    "EFFECTS",
    "MAX_CAST_RUNES",
    "CastDistribution",
    "Effect",
    "EffectTable",
    "RuneTerms",
    "cast_distribution",
    "check_pool_size",
    "compute_distribution",
    "rune_terms",
]
