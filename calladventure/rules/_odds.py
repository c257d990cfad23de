"""Exact odds of an attempt: a rune cast plus a bonus against a difficulty (000/rune-probability).

The cast's exact distribution (:mod:`calladventure.rules._distribution`, re-exported here)
counts every one of the ``2**n`` equally likely casts of a pool, successes jointly with the
Hero, Antihero and either-deck draws, Experience and Corruption (000/core-runes,
000/dark-runes, 000/ability-runes); :class:`Odds` adds the bonus and the difficulty
(000/attempt-a-challenge), and :func:`table_000` rebuilds the rulebook's Rune Probability table.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from ..values._copies import writable
from ..values._errors import CallAdventureError
from ..values._icons import ABILITIES
from ..values._reprs import Drawable
from ..values._runes import Rune, RuneSet
from ._distribution import (
    EFFECTS,
    MAX_CAST_RUNES,
    CastDistribution,
    Effect,
    EffectTable,
    cast_distribution,
    check_pool_size,
    compute_distribution,
)

# ----------------------------------------------------------------------------- odds of an attempt


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


@attrs.frozen(repr=False, init=False)
class Odds(Drawable):
    """The odds of one attempt: a cast plus a flat ``bonus`` against a difficulty (000/attempt-a-challenge).

    Totals include the bonus; the attempt succeeds when the total equals or exceeds ``difficulty``.
    Its rich table and HTML chart are drawn by the presentation layer (``calladventure.present``).
    """

    cast: CastDistribution
    difficulty: int
    bonus: int = 0

    def __init__(self, cast: CastDistribution, difficulty: int, bonus: int = 0) -> None:
        _set_cast(self, cast)  # the slots' own setters: a frozen value, built in a third of the time
        _set_difficulty(self, difficulty)
        _set_bonus(self, bonus)

    @property
    def runes(self) -> int:
        """How many runes are cast."""
        return self.cast.size

    @property
    def p_success(self) -> Fraction:
        """P(successes + bonus >= difficulty) (000/attempt-a-challenge)."""
        return self.cast.p_at_least(self.difficulty - self.bonus)

    @property
    def p_failure(self) -> Fraction:
        """P(the attempt fails), gaining one Experience (000/attempt-a-challenge)."""
        return 1 - self.p_success

    @property
    def probability(self) -> float:
        """:attr:`p_success` as a float."""
        cast = self.cast
        i = self.difficulty - self.bonus - cast.low
        return 1.0 if i <= 0 else sum(cast.counts[i:]) / (1 << cast.size)

    def __float__(self) -> float:
        return self.probability

    @property
    def min(self) -> int:
        """The lowest total (000/rune-probability: "Minimum")."""
        return self.cast.low + self.bonus

    @property
    def max(self) -> int:
        """The highest total (000/rune-probability: "Maximum")."""
        return self.cast.high + self.bonus

    @property
    def mean(self) -> Fraction:
        """The expected total (000/rune-probability: "Average")."""
        return self.cast.mean + self.bonus

    @property
    def distribution(self) -> dict[int, Fraction]:
        """P(total == t) for every ``t`` from :attr:`min` to :attr:`max` (000/rune-probability)."""
        den = self.cast.denominator
        return {self.min + i: Fraction(c, den) for i, c in enumerate(self.cast.counts)}

    @property
    def successes(self) -> tuple[Fraction, ...]:
        """P(total == t) indexed by ``t`` from 0 to :attr:`max` (000/rune-probability).

        Raises ``ValueError`` if a total can be negative; use :attr:`distribution` then.
        """
        if self.min < 0:
            raise CallAdventureError(
                f"totals go down to {self.min}; use Odds.distribution for negative totals"
            )
        den = self.cast.denominator
        return (Fraction(0),) * self.min + tuple(Fraction(c, den) for c in self.cast.counts)

    def p_exactly(self, total: int) -> Fraction:
        """P(total == ``total``), bonus included (000/rune-probability)."""
        return self.cast.probability(total - self.bonus)

    def p_at_least(self, total: int) -> Fraction:
        """P(total >= ``total``), bonus included (000/attempt-a-challenge)."""
        return self.cast.p_at_least(total - self.bonus)

    def effect_distribution(self, effect: Effect) -> dict[int, Fraction]:
        """P(exactly ``v`` of ``effect``) for each possible ``v`` (000/core-runes, 000/dark-runes)."""
        return self.cast.effect_distribution(effect)

    def expected(self, effect: Effect) -> Fraction:
        """The expected amount of ``effect`` (000/core-runes, 000/dark-runes, 000/ability-runes)."""
        return self.cast.expected(effect)

    @property
    def side_effects(self) -> dict[Effect, Fraction]:
        """The expected amount of every effect, in :data:`EFFECTS` order (000/reading-the-runes)."""
        return {e: self.cast.expected(e) for e in EFFECTS}

    def p_success_and(self, effect: Effect, value: int) -> Fraction:
        """P(the attempt succeeds and the cast gives exactly ``value`` of ``effect``) (000/dark-runes)."""
        return self.cast.p_at_least_and(self.difficulty - self.bonus, effect, value)

    def p_success_and_corruption(self, corruption: int) -> Fraction:
        """P(success and exactly ``corruption`` Corruption gained from Dark runes) (000/dark-runes)."""
        return self.p_success_and(Effect.CORRUPTION, corruption)

    # ------------------------------------------------------------------------- repr

    def _title(self) -> str:
        runes = f"{self.runes} rune" + ("" if self.runes == 1 else "s")
        bonus = f" {self.bonus:+d}" if self.bonus else ""
        return f"{runes}{bonus} vs {self.difficulty}"

    def __repr__(self) -> str:
        return f"<Odds {self._title()}: {_pct(self.p_success)}>"


_set_cast = Odds.__dict__["cast"].__set__
_set_difficulty = Odds.__dict__["difficulty"].__set__
_set_bonus = Odds.__dict__["bonus"].__set__
_new = object.__new__
_WRITABLE_ODDS = writable(Odds)


def attempt_odds(pool: Sequence[Rune], difficulty: int, bonus: int = 0, *, cache: bool = True) -> Odds:
    """The exact odds of casting ``pool`` with ``bonus`` against ``difficulty`` (000/attempt-a-challenge).

    A pool beyond ``MAX_CAST_RUNES`` is refused with a LimitError that names the limit.
    """
    if cache:
        cast = cast_distribution(pool)
    else:
        if len(pool) > MAX_CAST_RUNES:
            check_pool_size(pool)
        cast = compute_distribution(pool)
    odds = _new(
        _WRITABLE_ODDS
    )  # filled by plain stores, then relabelled an Odds (values/_copies.py: writable)
    odds.cast = cast
    odds.difficulty = difficulty
    odds.bonus = bonus
    odds.__class__ = Odds
    result: Odds = odds
    return result


def success_chance(pool: Sequence[Rune], difficulty: int, bonus: int = 0) -> float:
    """P(success) of casting ``pool`` with ``bonus`` against ``difficulty``, as a float (000/attempt-a-challenge).

    The same number as ``attempt_odds(pool, difficulty, bonus).probability``, without building
    the :class:`Odds`: for bots and other hot paths.
    """
    return cast_distribution(pool).chance_at_least(difficulty - bonus)


# ----------------------------------------------------------------------------- the 000 table


@attrs.frozen
class TableRow:
    """One row of the 000 Rune Probability table: extra runes, minimum, average, maximum."""

    extra: int
    minimum: int
    average: Fraction
    maximum: int


def rune_probability_table(core: Sequence[Rune], extras: Sequence[Rune]) -> tuple[TableRow, ...]:
    """Min / average / max of the core runes plus the first 0..len(extras) extras (000/rune-probability)."""
    rows = []
    for k in range(len(extras) + 1):
        dist = cast_distribution((*core, *extras[:k]))
        rows.append(TableRow(k, dist.low, dist.mean, dist.high))
    return tuple(rows)


def table_000(runes: RuneSet, extras: Sequence[Rune] | None = None) -> tuple[TableRow, ...]:
    """The 000 Rune Probability table for one box (000/rune-probability).

    By default the extras are the three Dark runes then the first two runes of the first ability.
    """
    if extras is None:
        extras = (runes.dark,) * 3 + runes.ability[ABILITIES[0]][:2]
    return rune_probability_table(runes.core, extras)


__all__ = [
    "EFFECTS",
    "CastDistribution",
    "Effect",
    "EffectTable",
    "Odds",
    "TableRow",
    "attempt_odds",
    "cast_distribution",
    "compute_distribution",
    "rune_probability_table",
    "success_chance",
    "table_000",
]
