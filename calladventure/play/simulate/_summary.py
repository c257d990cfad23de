"""What a study shows: win rates with Wilson intervals, scores, game length, co-op outcomes, comparisons.

:func:`summarize` turns the rows of one study into a :class:`Report`; :func:`compare` sets two
studies side by side (typically the same games under two readings of a rule) with the interval
of each difference. A hero *wins* when its seat is among the winners: ties share the win
(000 · Ending the Game), so the seats' win rates may add up to more than 100%. In a co-op or
solo game the heroes win or lose together against the Adversary
(000 · Winning the Solo or Co-op Game), reported per Adversary Quest. The tables and plots of
these values are drawn by :mod:`calladventure.present._report` and :mod:`calladventure.present._plots`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from .._stats import (
    Difference,
    Proportion,
    Spread,
    mean_difference,
    paired_mean_difference,
    paired_proportion_difference,
    proportion_difference,
    spread,
    wilson,
)
from ._errors import SimulationError
from ._results import Results
from ._rows import SCORE_COLUMNS, Row

__all__ = ["Comparison", "Contrast", "Failure", "Rate", "Report", "compare", "seat_label", "summarize"]


def _plain(value: Any) -> Any:
    """Reports as JSON-ready data: attrs values as dicts (a proportion with its ``rate``), tuples as lists."""
    if attrs.has(type(value)):
        out = {f.name: _plain(getattr(value, f.name)) for f in attrs.fields(type(value))}
        if isinstance(value, Proportion):
            out["rate"] = value.rate if value.trials else None
        return out
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


@attrs.frozen
class Rate:
    """The win rate of one group of heroes (a seat, an Origin, a bot …) or of one Quest's games."""

    group: str
    rate: Proportion


@attrs.frozen
class Failure:
    """A game that raised: replay it with its seed."""

    index: int
    seed: int
    error: str


@attrs.frozen
class Report:
    """The summary of one study (see :func:`summarize`)."""

    title: str
    games: int
    failed: int
    overall: Proportion
    by_seat: tuple[Rate, ...]
    by_bot: tuple[Rate, ...]
    by_origin: tuple[Rate, ...]
    by_motivation: tuple[Rate, ...]
    by_destiny: tuple[Rate, ...]
    scores: tuple[tuple[str, Spread], ...]
    turns: Spread | None
    length: tuple[tuple[int, int], ...]
    coop: tuple[Rate, ...]
    odium_tokens: Spread | None
    failures: tuple[Failure, ...]
    confidence: float = 0.95

    def to_dict(self) -> dict[str, Any]:
        """The report as plain data (for ``--json``)."""
        doc: dict[str, Any] = _plain(self)
        return doc


def seat_label(seat: int) -> str:
    """``"P1 (first)"``, ``"P2"`` …: seat 0 takes the first turn (000 · Setting Up the Game)."""
    return f"P{seat + 1}" + (" (first)" if seat == 0 else "")


def _rates(heroes: Sequence[Row], column: str, confidence: float, label: Any = str) -> tuple[Rate, ...]:
    wins: Counter[Any] = Counter()
    seen: Counter[Any] = Counter()
    for row in heroes:
        key = row[column]
        seen[key] += 1
        wins[key] += bool(row["won"])
    groups = [(label(k) if k is not None else "-", wilson(wins[k], seen[k], confidence)) for k in seen]
    if column == "seat":
        groups.sort(key=lambda g: g[0])
    else:
        groups.sort(key=lambda g: (-g[1].rate, -g[1].trials, g[0]))
    return tuple(Rate(g, p) for g, p in groups)


def _numbers(rows: Sequence[Row], column: str) -> list[float]:
    return [float(v) for v in (row[column] for row in rows) if isinstance(v, int) and not isinstance(v, bool)]


def summarize(results: Results, confidence: float = 0.95) -> Report:
    """The :class:`Report` of one study: every table ``calladventure report`` prints."""
    spec = results.spec
    heroes = results.heroes()
    games = results.games()
    finished = [g for g in games if g["status"] == "ok"]
    scores = []
    for column in SCORE_COLUMNS:
        values = _numbers(heroes, column)
        if values and (column in ("total", "triumph", "tragedy", "other") or any(values)):
            scores.append((column.removeprefix("points_"), spread(values, confidence)))
    turns = _numbers(finished, "turns")
    coop_games = [g for g in finished if g["heroes_win"] is not None]
    coop_wins: Counter[str] = Counter()
    coop_seen: Counter[str] = Counter()
    for g in coop_games:
        quest = str(g["quest"] or "-")
        coop_seen[quest] += 1
        coop_wins[quest] += bool(g["heroes_win"])
    tokens = _numbers(coop_games, "odium_tokens")
    return Report(
        title=f"{spec.describe()} · seed {results.base_seed}",
        games=len(games),
        failed=len(games) - len(finished),
        overall=wilson(sum(bool(r["won"]) for r in heroes), len(heroes), confidence),
        by_seat=_rates(heroes, "seat", confidence, seat_label),
        by_bot=_rates(heroes, "bot", confidence),
        by_origin=_rates(heroes, "origin", confidence),
        by_motivation=_rates(heroes, "motivation", confidence),
        by_destiny=_rates(heroes, "destiny", confidence),
        scores=tuple(scores),
        turns=spread(turns, confidence) if turns else None,
        length=tuple(sorted(Counter(int(t) for t in turns).items())),
        coop=tuple(
            Rate(q, wilson(coop_wins[q], coop_seen[q], confidence)) for q in sorted(coop_seen, key=str)
        ),
        odium_tokens=spread(tokens, confidence) if tokens else None,
        failures=tuple(
            Failure(int(r["index"] or 0), int(r["seed"] or 0), str(r["error"])) for r in results.failures()
        ),
        confidence=confidence,
    )


@attrs.frozen
class Contrast:
    """One measure in two studies (``a``, ``b``, as text) and the interval of ``a - b``."""

    measure: str
    a: str
    b: str
    difference: Difference


@attrs.frozen
class Comparison:
    """Two studies side by side: what differs between them, and each measure's difference."""

    a: str
    b: str
    differs: tuple[tuple[str, str, str], ...]
    contrasts: tuple[Contrast, ...]
    confidence: float = 0.95
    paired: bool = False

    @property
    def one_difference(self) -> bool:
        """True when the studies differ in exactly one setting, so a difference can be put down to it."""
        return len(self.differs) == 1

    def to_dict(self) -> dict[str, Any]:
        """The comparison as plain data (for ``--json``)."""
        doc: dict[str, Any] = _plain(self)
        return doc


def _proportion(measure: str, a: Proportion, b: Proportion) -> Contrast:
    return Contrast(measure, str(a), str(b), proportion_difference(a, b))


def _mean(measure: str, a: Sequence[float], b: Sequence[float], confidence: float) -> Contrast | None:
    if not a or not b:
        return None
    sa, sb = spread(a, confidence), spread(b, confidence)
    return Contrast(measure, f"{sa.mean:.2f}", f"{sb.mean:.2f}", mean_difference(sa, sb))


Key = tuple[int, int]


def _keyed(rows: Sequence[Row], column: str, by_seat: bool) -> dict[Key, Any]:
    return {(int(r["index"] or 0), int(r["seat"] or 0) if by_seat else -1): r[column] for r in rows}


def _paired_rate(measure: str, a: dict[Key, Any], b: dict[Key, Any], confidence: float) -> Contrast | None:
    keys = sorted(k for k in a.keys() & b.keys() if a[k] is not None and b[k] is not None)
    if not keys:
        return None
    cells = Counter((bool(a[k]), bool(b[k])) for k in keys)
    both, only_a, only_b, neither = (
        cells[True, True],
        cells[True, False],
        cells[False, True],
        cells[False, False],
    )
    pa, pb = wilson(both + only_a, len(keys), confidence), wilson(both + only_b, len(keys), confidence)
    diff = paired_proportion_difference(both, only_a, only_b, neither, confidence)
    return Contrast(measure, str(pa), str(pb), diff)


def _paired_mean(measure: str, a: dict[Key, Any], b: dict[Key, Any], confidence: float) -> Contrast | None:
    keys = sorted(k for k in a.keys() & b.keys() if isinstance(a[k], int) and isinstance(b[k], int))
    if not keys:
        return None
    xa, xb = [float(a[k]) for k in keys], [float(b[k]) for k in keys]
    diff = paired_mean_difference(xa, xb, confidence)
    return Contrast(measure, f"{sum(xa) / len(xa):.2f}", f"{sum(xb) / len(xb):.2f}", diff)


def _paired(a: Results, b: Results, confidence: float) -> list[Contrast]:
    """Game ``i`` of one study against game ``i`` of the other (and hero against hero)."""
    out: list[Contrast | None] = []
    ha, hb = a.heroes(), b.heroes()
    for seat in sorted({int(r["seat"] or 0) for r in ha}):
        sa = [r for r in ha if r["seat"] == seat]
        sb = [r for r in hb if r["seat"] == seat]
        out.append(
            _paired_rate(
                f"win rate {seat_label(seat)}", _keyed(sa, "won", True), _keyed(sb, "won", True), confidence
            )
        )
    ga = [g for g in a.games() if g["status"] == "ok"]
    gb = [g for g in b.games() if g["status"] == "ok"]
    out.append(
        _paired_rate(
            "heroes win (co-op)", _keyed(ga, "heroes_win", False), _keyed(gb, "heroes_win", False), confidence
        )
    )
    for column in SCORE_COLUMNS:
        if column in ("total", "triumph", "tragedy", "other") or any(r[column] for r in (*ha, *hb)):
            name = f"score: {column.removeprefix('points_')}"
            out.append(_paired_mean(name, _keyed(ha, column, True), _keyed(hb, column, True), confidence))
    out.append(
        _paired_mean("turns per game", _keyed(ga, "turns", False), _keyed(gb, "turns", False), confidence)
    )
    return [c for c in out if c is not None]


def _independent(a: Results, b: Results, ra: Report, rb: Report, confidence: float) -> list[Contrast]:
    contrasts: list[Contrast] = []
    seats_b = {r.group: r.rate for r in rb.by_seat}
    for rate in ra.by_seat:
        if rate.group in seats_b:
            contrasts.append(_proportion(f"win rate {rate.group}", rate.rate, seats_b[rate.group]))
    coop_b = {r.group: r.rate for r in rb.coop}
    for rate in ra.coop:
        if rate.group in coop_b:
            contrasts.append(_proportion(f"heroes win: {rate.group}", rate.rate, coop_b[rate.group]))
    heroes_a, heroes_b = a.heroes(), b.heroes()
    for column in SCORE_COLUMNS:
        xa, xb = _numbers(heroes_a, column), _numbers(heroes_b, column)
        if column in ("total", "triumph", "tragedy", "other") or any(xa) or any(xb):
            found = _mean(f"score: {column.removeprefix('points_')}", xa, xb, confidence)
            if found is not None:
                contrasts.append(found)
    ga = [g for g in a.games() if g["status"] == "ok"]
    gb = [g for g in b.games() if g["status"] == "ok"]
    length = _mean("turns per game", _numbers(ga, "turns"), _numbers(gb, "turns"), confidence)
    if length is not None:
        contrasts.append(length)
    return contrasts


def compare(a: Results, b: Results, confidence: float = 0.95, *, paired: bool | None = None) -> Comparison:
    """Study ``a`` against study ``b``: win rate per seat, co-op win rate, scores and length.

    ``differs`` lists each setting that differs (a rules option, the bots, the base seed …);
    when it holds one setting, every clear difference (an interval without 0) is an effect of it.
    Two studies with the same base seed and number of heroes play the same seeds, so by default
    (``paired=None``) game ``i`` is compared with game ``i`` (paired intervals, much narrower);
    ``paired=False`` treats them as independent samples, as it must for different seeds.
    """
    sa, sb = a.spec, b.spec
    differs = sa.differences(sb)
    if a.base_seed != b.base_seed:
        differs.append(("seed", str(a.base_seed), str(b.base_seed)))
    same_games = a.base_seed == b.base_seed and sa.players == sb.players
    use_pairs = same_games if paired is None else paired
    if use_pairs and not same_games:
        raise SimulationError(
            "paired comparison needs two studies with the same base seed and number of heroes"
        )
    ra, rb = summarize(a, confidence), summarize(b, confidence)
    contrasts = _paired(a, b, confidence) if use_pairs else _independent(a, b, ra, rb, confidence)
    return Comparison(ra.title, rb.title, tuple(differs), tuple(contrasts), confidence, use_pairs)
