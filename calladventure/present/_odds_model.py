"""The view-model of an attempt's exact odds: each total's chance, the success region, the side effects.

:func:`odds_model` reads an :class:`~calladventure.rules._odds.Odds` once into plain values
that the rich table and the HTML / SVG chart lay out (000 · Rune Probability).
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from ..rules import EFFECTS, Effect, Odds
from ..values._reprs import Drawable
from ._i18n import percent

#: Each side effect of a cast, in words (000 · Core Runes; 000 · Dark Runes; 000 · Ability Runes).
EFFECT_LABELS: dict[Effect, str] = {
    Effect.HERO: "Hero draws",
    Effect.ANTIHERO: "Antihero draws",
    Effect.CHOICE: "Either-deck draws",
    Effect.XP: "Experience",
    Effect.CORRUPTION: "Corruption",
}


@attrs.frozen
class OddsRow:
    """One total of the cast plus bonus: how many casts give it, P(=), P(≥), and whether it succeeds."""

    total: int
    count: int
    p_equal: Fraction
    p_at_least: Fraction
    win: bool


@attrs.frozen
class SideEffectRow:
    """One side effect of the cast: its expected amount and the chance of at least one (000 · Reading the Runes)."""

    label: str
    expected: Fraction
    p_some: Fraction


@attrs.frozen
class OddsModel(Drawable):
    """The odds of one attempt as the pictures show them (000 · Rune Probability; 000 · Attempt a Challenge)."""

    title: str  # "7 runes +1 vs 5"
    difficulty: int
    p_success: Fraction
    mean: Fraction
    low: int
    high: int
    peak: int  # the largest count, the height of the chart
    rows: tuple[OddsRow, ...]
    effects: tuple[SideEffectRow, ...]


def odds_title(odds: Odds) -> str:
    """The runes, the bonus and the difficulty of an attempt: "7 runes +1 vs 5"."""
    runes = f"{odds.runes} rune" + ("" if odds.runes == 1 else "s")
    bonus = f" {odds.bonus:+d}" if odds.bonus else ""
    return f"{runes}{bonus} vs {odds.difficulty}"


def corruption_risk(odds: Odds) -> Fraction:
    """The chance that a cast shows at least one moon: Corruption (000 · Dark Runes)."""
    dist = odds.cast.effect_distribution(Effect.CORRUPTION)
    return sum((p for amount, p in dist.items() if amount >= 1), Fraction(0))


def odds_model(odds: Odds) -> OddsModel:
    """Every total's chance and every side effect of ``odds`` (000 · Rune Probability)."""
    cast = odds.cast
    den = cast.denominator
    rows = []
    at_least = den
    for i, c in enumerate(cast.counts):
        total = odds.min + i
        rows.append(OddsRow(total, c, Fraction(c, den), Fraction(at_least, den), total >= odds.difficulty))
        at_least -= c
    effects = []
    for e in EFFECTS:
        dist = cast.effect_distribution(e)
        some = sum((p for v, p in dist.items() if v >= 1), Fraction(0))
        effects.append(SideEffectRow(EFFECT_LABELS[e], cast.expected(e), some))
    return OddsModel(
        title=odds_title(odds),
        difficulty=odds.difficulty,
        p_success=odds.p_success,
        mean=odds.mean,
        low=odds.min,
        high=odds.max,
        peak=max(cast.counts),
        rows=tuple(rows),
        effects=tuple(effects),
    )


__all__ = [
    "EFFECT_LABELS",
    "OddsModel",
    "OddsRow",
    "SideEffectRow",
    "corruption_risk",
    "odds_model",
    "odds_title",
    "percent",
]
