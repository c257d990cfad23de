"""What paths and attempts are worth to one hero in one position: the greedy bot's hot path.

A path is worth its points, icons (story sets, abilities, cards), the Corruption-track move and
what the hidden Destiny rewards (:mod:`.evaluation`); an attempt is worth P(success) × (the
path's value + tempo) plus one Experience on failure, less the Dark runes' Experience and 0.6 a
point per expected Corruption (``000 · Attempt a Challenge``; ``000 · Dark Runes``). The exact
odds come from the rules (``rules.attempt_numbers``, ``rules.attempt_pool``, the cast
distribution), read once per path and kept as far as they depend only on values.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import groupby
from operator import attrgetter

from ...rules import (
    CastDistribution,
    Context,
    attempt_pool,
    cast_distribution,
    icon_counts,
    icon_set_points,
)
from ...rules import Effect as OddsEffect
from ...rules._attempts import attempt_numbers
from ...rules._story import story_memo
from ...values._actions import AttemptChallenge
from ...values._cards import Card, Path, Side
from ...values._copies import attempt_placed
from ...values._icons import Icon
from ...values._options import IconSets
from ...values._runes import Rune
from ...values._state import Attempt, GameState, Player, Row
from ._evaluation import ABILITY, CARD, STORY_SEED, TEMPO, destiny_wants, track_delta

__all__ = ["Appraisal", "attempt_values", "path_value"]


def path_value(ctx: Context, state: GameState, seat: int, card: Card, path: Path) -> float:
    """What gaining ``path`` is worth to this hero now, in (approximate) end-of-game points."""
    return Appraisal(ctx, state, seat).path_value(card, path)


def attempt_values(
    ctx: Context, state: GameState, seat: int, attempts: Sequence[AttemptChallenge]
) -> dict[AttemptChallenge, tuple[float, float]]:
    """(P(success), expected value) of each declared attempt (000 · Attempt a Challenge)."""
    return Appraisal(ctx, state, seat).attempt_values(attempts)


class Appraisal:
    """One hero's view of one position, worked out once for a decision (floats throughout).

    The Story's icons, what the hidden Destiny wants and where the table's cards lie are read
    once; each challenge path's pool distribution, its difficulty less bonus and its value are
    kept, so an attempt with ``k`` Dark runes costs one lookup (000 · Attempt a Challenge;
    000 · Dark Runes). Two things outlive the decision, each keyed on the values it depends on:
    the paths' values, with the hero's view (:class:`_HeroView`), and each pool's odds by
    successes needed and Dark runes (:func:`_odds_row`).
    """

    __slots__ = (
        "_bases",
        "_paths",
        "_pools",
        "_tracks",
        "_where",
        "ctx",
        "have",
        "mode",
        "player",
        "seat",
        "state",
        "wanted",
    )

    def __init__(self, ctx: Context, state: GameState, seat: int) -> None:
        player = state.players[seat]
        self.ctx = ctx
        self.state = state
        self.seat = seat
        self.player = player
        view = _view(ctx, player)
        self.have = view.have
        self.wanted = view.wanted
        self._paths = view.paths
        self._tracks = view.tracks
        self.mode = ctx.config.rules.icon_sets
        self._bases: dict[tuple[str, Side], tuple[int, _Row, CastDistribution]] = {}
        self._where: dict[str, tuple[int, int]] | None = None
        self._pools: dict[str, tuple[tuple[Rune, ...], CastDistribution]] = {}

    def side_value(self, card: Card, side: Side) -> float:
        """:meth:`path_value` of the card's path on ``side``, kept with the hero's view (all it depends on)."""
        key = (card.id, side)
        value = self._paths.get(key)
        if value is None:
            value = self._paths[key] = self.path_value(card, card.path(side))
        return value

    def path_value(self, card: Card, path: Path) -> float:
        """What gaining ``path`` is worth to this hero now, in (approximate) end-of-game points."""
        value = float(path.triumph + path.tragedy + path.xp)
        have = self.have
        wanted = self.wanted
        mode = self.mode
        gained: dict[Icon, int] | None = None  # story icons of this path counted so far
        moved = 0
        for icon in path.icons:
            kind = _KIND.get(icon)
            if kind is None:
                kind = _KIND[icon] = _icon_kind(icon)
            if kind == _STORY:
                n = have[icon]
                if gained is None:
                    gained = {icon: 1}
                else:
                    n += gained.get(icon, 0)
                    gained[icon] = gained.get(icon, 0) + 1
                seeded = _SEEDED.get((n, mode))
                if seeded is None:
                    seeded = _SEEDED[n, mode] = max(STORY_SEED, self._marginal(n))
                value += seeded
            elif kind == _ABILITY:
                value += ABILITY
            elif kind == _CARD:
                value += CARD
            elif kind == _VIRTUE:
                moved -= 1
            elif kind == _CORRUPTION:
                moved += 1
            extra = wanted.get(icon)
            if extra:
                value += extra
        if moved:
            delta = self._tracks.get(moved)
            if delta is None:
                delta = self._tracks[moved] = track_delta(self.ctx, self.player, moved)
            value += delta
        return value

    def _marginal(self, n: int) -> float:
        """Points the ``n + 1``-th matching story icon adds to its set (000 · Story Icons)."""
        key = (n, self.mode)
        points = _MARGINAL.get(key)
        if points is None:
            points = _MARGINAL[key] = float(icon_set_points(n + 1, self.mode) - icon_set_points(n, self.mode))
        return points

    def _numbers(self, card_id: str, side: Side) -> tuple[int, _Row, CastDistribution]:
        """An attempt on a path without Dark runes: its difficulty less bonus, the odds row of its
        pool for that need (:func:`_odds_row`) and the pool's distribution."""
        where = self._where
        if where is None:
            where = self._where = _positions(self.state.rows)
        act, slot = where[card_id]
        ctx, state = self.ctx, self.state
        key = (self.seat, card_id, act, slot, side)
        att = _ATTEMPTS.get(key)
        if att is None:
            if len(_ATTEMPTS) >= 4096:
                _ATTEMPTS.clear()
            att = _ATTEMPTS[key] = attempt_placed(_BLANK, self.seat, card_id, act, slot, side)
        difficulty, bonus = attempt_numbers(ctx, state, att)
        pooled = self._pools.get(card_id)  # without Dark runes both sides cast the same pool
        if pooled is None:
            pool = attempt_pool(ctx, state, att)
            pooled = self._pools[card_id] = (pool, cast_distribution(pool))
        need = difficulty - bonus
        return need, _odds_row(pooled[0], ctx.runes.dark, need), pooled[1]

    def values(self, attempts: Iterable[AttemptChallenge]) -> Iterator[tuple[AttemptChallenge, float, float]]:
        """(attempt, P(success), expected value) of each declared attempt, in order (000 · Attempt a Challenge).

        Worth P(success) × (the path's value + tempo) plus one Experience on failure, less the
        Experience paid for Dark runes and 0.6 a point per expected Corruption (000 · Dark Runes).
        """
        attempts = tuple(attempts)
        found: list[tuple[float, float]] = []
        self._scan(attempts, found, None, 0.0)
        return ((a, p, ev) for a, (p, ev) in zip(attempts, found, strict=True))

    def best(
        self, attempts: Sequence[AttemptChallenge], jitter: Callable[[], float], best_value: float
    ) -> tuple[AttemptChallenge | None, float]:
        """The first attempt whose worth (:meth:`values`) plus ``jitter() * 1e-6`` beats ``best_value``
        and every later one, with that total; (None, ``best_value``) if none does.

        ``jitter`` is called once per attempt, in order. A variant whose worth cannot beat the best
        so far is not worked out (:meth:`_scan`): the choice is the same as over all the worths.
        """
        return self._scan(attempts, None, jitter, best_value)

    def _scan(
        self,
        attempts: Sequence[AttemptChallenge],
        found: list[tuple[float, float]] | None,
        jitter: Callable[[], float] | None,
        best_value: float,
    ) -> tuple[AttemptChallenge | None, float]:
        """The one loop of :meth:`values` (each (P(success), worth) appended to ``found``) and of
        :meth:`best` (with ``jitter``), written plainly for the bot's hot path.

        A worth is at most the larger of the path's value and 1 (P(success) between 0 and 1),
        less the Dark runes' Experience, as expected Corruption is never negative when no rune face
        removes Corruption (:func:`_corruption_free`): with ``jitter``, a variant whose bound plus the
        largest jitter falls short of the best so far is skipped, and a path whose variants are all
        skipped is never cast (its difficulty, pool and odds are not worked out).
        """
        bases = self._bases
        best: AttemptChallenge | None = None
        ctx = self.ctx
        db = ctx.db
        dark = ctx.runes.dark
        bounded = jitter is not None and _corruption_free(ctx)
        for (card, side), variants in groupby(attempts, _PATH_OF):  # the variants of one path come together
            value = self.side_value(db[card], side) + TEMPO
            # ≥ 10 × the largest jitter above the bound: float rounding is far below it.
            cut = (value if value > 1.0 else 1.0) + 1e-5 if bounded else _NO_CUT
            if cut < best_value and jitter is not None:  # no variant of this path can beat the best
                for _a in variants:
                    jitter()
                continue
            base = bases.get((card, side))
            for a in variants:
                shift = 0.0 if jitter is None else jitter() * 1e-6
                k = a.dark
                if cut - k < best_value:
                    continue
                if base is None:
                    base = bases[card, side] = self._numbers(card, side)
                need, row, dist = base
                entry = row.get(k)
                if entry is None:
                    entry = row[k] = _odds_entry(dist, dark, need, k)
                p, corruption = entry
                ev = p * value + (1.0 - p) * 1.0 - k - 0.6 * corruption
                if found is not None:
                    found.append((p, ev))
                else:
                    ev += shift
                    if ev > best_value:
                        best, best_value = a, ev
        return best, best_value

    def attempt_values(
        self, attempts: Iterable[AttemptChallenge]
    ) -> dict[AttemptChallenge, tuple[float, float]]:
        """(P(success), expected value) of each declared attempt (000 · Attempt a Challenge): :meth:`values` as a dict."""
        return {a: (p, ev) for a, p, ev in self.values(attempts)}


_PATH_OF = attrgetter("card", "side")
#: No bound: every variant is worked out (the cut less any Dark runes is never below a worth).
_NO_CUT = float("inf")

#: The blank attempt each hypothetical attempt is a copy of (values/_copies.py: attempt_placed).
_BLANK = Attempt(seat=0, card="", act=0, slot=0, side=Side.TOP)
#: Hypothetical attempts by (seat, card, act, slot, side): immutable values, shared between decisions.
_ATTEMPTS: dict[tuple[int, str, int, int, Side], Attempt] = {}
#: The last table's card positions: (its rows, card id → (act, slot)); rows are immutable values.
#: One slot holding a tuple, read and replaced whole.
_WHERE: list[tuple[tuple[Row, ...], dict[str, tuple[int, int]]] | None] = [None]


class _HeroView:
    """What the bot reads from one hero: its Story's icons, what its Destiny wants, and the value
    of each path to it (:meth:`Appraisal.side_value`).

    All of it is worked out from the context, the Story's icon counts (one shared value per
    Story: ``rules.icon_counts``), the Destiny and the track position alone, so a view serves
    every Player value that agrees on them (a new Player is made whenever anything it holds
    changes, its Experience or hand included).
    """

    __slots__ = ("ctx", "have", "paths", "tracks", "wanted")

    def __init__(self, ctx: Context, player: Player, have: Counter[Icon]) -> None:
        self.ctx = ctx
        self.have = have
        self.wanted = destiny_wants(ctx, player)
        self.paths: dict[tuple[str, Side], float] = {}
        self.tracks: dict[int, float] = {}  # track_delta by levels moved


def _view(ctx: Context, player: Player) -> _HeroView:
    """The :class:`_HeroView` of this hero, kept with its Story (:func:`story_memo`) by track position."""
    memo = story_memo(ctx, player)
    key = ("hero-view", player.level)
    view: _HeroView | None = memo.get(key)
    if view is None:
        view = memo[key] = _HeroView(ctx, player, icon_counts(ctx, player, include_destiny=True))
    return view


#: A row: (P(success), expected Corruption) by the number of Dark runes bought. Entries are set by
#: key (never appended), so games played in threads that share a row cannot misplace one.
_Row = dict[int, tuple[float, float]]
#: (P(success), expected Corruption) by Dark runes bought, of a pool's distribution needing some
#: successes, by (pool, Dark rune, successes needed): rows are filled as Dark runes are asked
#: for; bounded. Few pools and needs recur from one decision to the next, so most rows are found
#: already filled.
_ROWS: dict[tuple[tuple[Rune, ...], Rune, int], _Row] = {}


def _odds_row(pool: tuple[Rune, ...], dark: Rune, need: int) -> _Row:
    """The shared row of (P(success), expected Corruption) by Dark runes for these numbers (:func:`_odds_entry`)."""
    key = (pool, dark, need)
    row = _ROWS.get(key)
    if row is None:
        if len(_ROWS) >= 4096:
            _ROWS.clear()
        row = _ROWS[key] = {}
    return row


def _corruption_free(ctx: Context) -> bool:
    """No face of the context's runes has negative Corruption, so no cast's expected Corruption is negative."""
    free: bool | None = ctx.memo.get("corruption-free")
    if free is None:
        runes = ctx.runes.all_runes()
        free = ctx.remember(
            "corruption-free", all(face.corruption >= 0 for rune in runes for face in rune.faces)
        )
    return free


def _odds_entry(dist: CastDistribution, dark: Rune, need: int, n: int) -> tuple[float, float]:
    """The chance of ``need`` successes or more and the expected Corruption when ``n`` Dark runes
    join the pool (000 · Dark Runes): one entry of a row, the same whoever works it out first."""
    if n:
        return dist.chance_with(need, dark, n), dist.expected_with(OddsEffect.CORRUPTION, dark, n)
    return dist.chance_at_least(need), 0.0


def _positions(rows: tuple[Row, ...]) -> dict[str, tuple[int, int]]:
    """Where each card of the table lies, (act, slot) (the first place, as ``find_on_table`` finds it)."""
    last = _WHERE[0]
    if last is not None and last[0] is rows:
        return last[1]
    where: dict[str, tuple[int, int]] = {}
    for row in rows:
        for i, lying in enumerate(row.slots):
            if lying is not None:
                where.setdefault(lying.card, (row.act, i))
    _WHERE[0] = (rows, where)
    return where


_STORY, _ABILITY, _CARD, _VIRTUE, _CORRUPTION, _OTHER = range(6)
#: The points the next story icon of a set adds, by (icons already, scoring option).
_MARGINAL: dict[tuple[int, IconSets], float] = {}
#: What the next story icon of a set is worth in a path's value: its points, at least STORY_SEED.
_SEEDED: dict[tuple[int, IconSets], float] = {}
#: What each icon counts as in a path's value, worked out once per icon (:func:`_icon_kind`).
_KIND: dict[Icon, int] = {}


def _icon_kind(icon: Icon) -> int:
    if icon.is_story:
        return _STORY
    if icon.is_ability:
        return _ABILITY
    if icon is Icon.HERO or icon is Icon.ANTIHERO:
        return _CARD
    if icon is Icon.VIRTUE:
        return _VIRTUE
    return _CORRUPTION if icon is Icon.CORRUPTION else _OTHER
