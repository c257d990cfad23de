"""What the greedy bot reckons things are worth: effects, paths, Destinies and attempts.

Values are in (approximate) end-of-game points. An attempt is worth P(success) × the path's
value plus one Experience on failure, minus the Dark runes' Experience and expected Corruption
(``000 · Attempt a Challenge``; ``000 · Dark Runes``). Effects are judged by whether they help
or hurt an attempt on a given path (``000 · FAQs: Path-specific bonuses``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence

from ...rules import (
    CastDistribution,
    Context,
    attempt_pool,
    cast_distribution,
    find_on_table,
    icon_counts,
    icon_set_points,
)
from ...rules import Effect as OddsEffect
from ...rules.attempts import attempt_numbers
from ...values.actions import AttemptChallenge, UsePower
from ...values.cards import Card, Path, Side
from ...values.effects import (
    Bonus,
    CancelCorruption,
    Compare,
    DarkRunes,
    Difficulty,
    DrawCards,
    Effect,
    GainCorruption,
    GainVirtue,
    GainXP,
    IconsAtLeast,
    LoseXP,
    PerCard,
    PerIcon,
    SacrificeAlly,
    TempIcon,
    TrackPosition,
    When,
)
from ...values.icons import Icon
from ...values.options import IconSets
from ...values.runes import Rune
from ...values.state import Attempt, GameState, Player, Row

__all__ = [
    "ABILITY",
    "CARD",
    "STORY_SEED",
    "TEMPO",
    "Appraisal",
    "attempt_on_table",
    "attempt_values",
    "destiny_fit",
    "destiny_wants",
    "helps_attempt",
    "hurts_attempt",
    "only_helps",
    "path_value",
    "power_helps",
    "pure_gain",
    "track_delta",
    "track_goal",
    "when_ok",
]

#: What a success is worth beyond its points: one card closer to the end of the Story.
TEMPO = 1.0
#: Expected value of a drawn Hero/Antihero card: one point once played (000 · Ending the Game).
CARD = 0.8
#: An ability icon: one more rune on later attempts (000 · Ability Runes).
ABILITY = 0.6
#: A story icon that does not complete a set yet (000 · Story Icons).
STORY_SEED = 0.7


# ----------------------------------------------------------------------------- effects


def when_ok(when: When, card: Card, path: Path) -> bool:
    """Whether an attempt on ``card``/``path`` matches an effect's filter.

    000 · FAQs: Path-specific bonuses.
    """
    if when.abilities and not any(a in card.abilities for a in when.abilities):
        return False
    if when.path_icons and not any(i in path.icons for i in when.path_icons):
        return False
    return not (when.acts and card.act not in when.acts)


def helps_attempt(eff: Effect, card: Card, path: Path) -> bool:
    """An effect that makes the target's attempt on this path more likely to succeed."""
    if isinstance(eff, Bonus):
        return eff.amount > 0 and when_ok(eff.when, card, path)
    if isinstance(eff, Difficulty):
        return eff.amount < 0 and when_ok(eff.when, card, path)
    if isinstance(eff, DarkRunes):
        return Icon.RADIANT not in path.icons
    if isinstance(eff, TempIcon):
        return eff.icon in card.abilities[:2]
    return False


def hurts_attempt(eff: Effect, card: Card, path: Path) -> bool:
    """An effect that makes the target's attempt harder, or costs it Experience, Virtue or an Ally."""
    if isinstance(eff, Difficulty):
        return eff.amount > 0 and when_ok(eff.when, card, path)
    return isinstance(eff, LoseXP | GainCorruption | SacrificeAlly)


def pure_gain(effects: Iterable[Effect]) -> bool:
    """Effects that only ever help their target outside an attempt (Experience, Virtue, cards)."""
    effects = tuple(effects)
    good = GainXP | GainVirtue | DrawCards | CancelCorruption
    return bool(effects) and all(isinstance(e, good) for e in effects)


def only_helps(effects: Iterable[Effect], card: Card, path: Path) -> bool:
    """Effects that help an attempt on this path and never hurt it."""
    effects = tuple(effects)
    return any(helps_attempt(e, card, path) for e in effects) and not any(
        hurts_attempt(e, card, path) for e in effects
    )


def power_helps(
    ctx: Context, state: GameState, seat: int, action: UsePower, card: Card, path: Path, main: bool
) -> bool:
    """A cheap power that only helps the hero's attempt on ``path`` (001 · Other Card Effects).

    ``main``: before declaring the attempt, where only a bonus or a temporary icon lasts.
    """
    source = ctx.db[action.card]
    powers = (*source.powers, *(p for pth in source.paths for p in pth.powers))
    if action.index >= len(powers):
        return False
    power = powers[action.index]
    if power.sacrifice or power.cost_xp > 1 or state.players[seat].xp <= power.cost_xp:
        return False
    effects = power.effects
    if main and not any(isinstance(e, Bonus | TempIcon) for e in effects):
        return False
    return only_helps(effects, card, path)


# ----------------------------------------------------------------------------- paths and Destinies


def path_value(ctx: Context, state: GameState, seat: int, card: Card, path: Path) -> float:
    """What gaining ``path`` is worth to this hero now, in (approximate) end-of-game points."""
    return Appraisal(ctx, state, seat).path_value(card, path)


def track_delta(ctx: Context, player: Player, down: float) -> float:
    """Change in track points (and Destiny track goals) when the marker moves ``down`` levels."""
    track = ctx.track
    old = track.at(player.level)
    new_level = track.clamp(player.level + round(down))
    new = track.at(new_level)
    delta = float((new.triumph + new.tragedy) - (old.triumph + old.tragedy))
    if player.destiny is not None:
        for rule in ctx.db[player.destiny].scoring:
            if isinstance(rule, TrackPosition):
                before = track_goal(ctx, player.level, rule)
                after = track_goal(ctx, new_level, rule)
                delta += (after - before) * rule.points * 0.5
    if down > 0 and not new.hero and old.hero:
        delta -= 0.5  # Hero cards in hand may become unplayable (000 · Hero and Antihero Cards)
    return delta


def track_goal(ctx: Context, level: int, rule: TrackPosition) -> float:
    """1.0 if a Destiny's track-position goal is met at ``level``, else 0.0."""
    ok = True
    if rule.virtue_at_least is not None:
        ok = ok and ctx.track.virtue(level) >= rule.virtue_at_least
    if rule.corruption_at_least is not None:
        ok = ok and ctx.track.corruption(level) >= rule.corruption_at_least
    return 1.0 if ok else 0.0


def destiny_wants(ctx: Context, player: Player) -> defaultdict[Icon, float]:
    """Extra value per icon that the hero's (hidden) Destiny scores."""
    wanted: defaultdict[Icon, float] = defaultdict(float)
    if player.destiny is None:
        return wanted
    have = icon_counts(ctx, player, include_destiny=True)
    for rule in ctx.db[player.destiny].scoring:
        if isinstance(rule, PerIcon):
            if rule.cap is None or sum(have[i] for i in rule.icons) < rule.cap:
                for icon in rule.icons:
                    wanted[icon] += rule.points
        elif isinstance(rule, IconsAtLeast):
            for icon, n in rule.icons.items():
                if have[icon] < n:
                    wanted[icon] += rule.points / max(1, n)
    return wanted


def destiny_fit(ctx: Context, player: Player, card: Card, have: Counter[Icon]) -> float:
    """A rough estimate of what a Destiny would score for this hero (000 · Ending the Game)."""
    fit = 0.0
    typical = {"hero_played": 2, "antihero_played": 2, "ally": 1, "trait": 3, "challenge": 5}
    for rule in card.scoring:
        if isinstance(rule, PerIcon):
            n = sum(have[i] for i in rule.icons) + 2
            fit += rule.points * (min(n, rule.cap) if rule.cap is not None else n)
        elif isinstance(rule, IconsAtLeast):
            missing = sum(max(0, n - have[i]) for i, n in rule.icons.items())
            fit += rule.points * max(0.0, 1.0 - missing / 4)
        elif isinstance(rule, TrackPosition | Compare):
            fit += rule.points * 0.4
        elif isinstance(rule, PerCard):
            fit += rule.points * typical.get(rule.cards, 1)
    return fit


# ----------------------------------------------------------------------------- attempts


def attempt_on_table(seat: int, state: GameState, card: str, side: Side, dark: int) -> Attempt:
    """The attempt ``seat`` would make on ``card`` where it lies on the table (000 · Attempt a Challenge)."""
    where = find_on_table(state, card)
    assert where is not None
    return Attempt(seat=seat, card=card, act=where[0], slot=where[1], side=side, dark_bought=dark)


def attempt_values(
    ctx: Context, state: GameState, seat: int, attempts: Sequence[AttemptChallenge]
) -> dict[AttemptChallenge, tuple[float, float]]:
    """(P(success), expected value) of each declared attempt (000 · Attempt a Challenge)."""
    return Appraisal(ctx, state, seat).attempt_values(attempts)


class Appraisal:
    """One hero's view of one position, worked out once for a decision (floats throughout).

    The Story's icons, what the hidden Destiny wants and where the table's cards lie are read
    once; each challenge path's pool distribution, its difficulty less bonus and its value are
    kept, so an attempt with ``k`` Dark runes costs one lookup and ``k + 1`` exact counts
    (000 · Attempt a Challenge; 000 · Dark Runes).
    """

    __slots__ = (
        "_bases",
        "_paths",
        "_pools",
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
        self.mode = ctx.config.rules.icon_sets
        self._bases: dict[
            tuple[str, Side], tuple[int, float, list[tuple[float, float]], CastDistribution]
        ] = {}
        self._where: dict[str, tuple[int, int]] | None = None
        self._pools: dict[str, CastDistribution] = {}

    def side_value(self, card: Card, side: Side) -> float:
        """:meth:`path_value` of the card's path on ``side``, kept with the hero value (it depends on nothing else)."""
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
                value += max(STORY_SEED, self._marginal(n))
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
            value += track_delta(self.ctx, self.player, moved)
        return value

    def _marginal(self, n: int) -> float:
        """Points the ``n + 1``-th matching story icon adds to its set (000 · Story Icons)."""
        key = (n, self.mode)
        points = _MARGINAL.get(key)
        if points is None:
            points = _MARGINAL[key] = float(icon_set_points(n + 1, self.mode) - icon_set_points(n, self.mode))
        return points

    def _base(
        self, card_id: str, side: Side
    ) -> tuple[int, float, list[tuple[float, float]], CastDistribution]:
        """An attempt on a path without Dark runes: its difficulty less bonus, its value (with tempo),
        and the odds row of its pool for that need (:func:`_odds_row`)."""
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
            att = _ATTEMPTS[key] = Attempt(seat=self.seat, card=card_id, act=act, slot=slot, side=side)
        difficulty, bonus = attempt_numbers(ctx, state, att)
        card = ctx.db[card_id]
        value = self.side_value(card, side) + TEMPO
        dist = self._pools.get(card_id)  # without Dark runes both sides cast the same pool
        if dist is None:
            dist = self._pools[card_id] = cast_distribution(attempt_pool(ctx, state, att))
        need = difficulty - bonus
        return need, value, _odds_row(dist, ctx.runes.dark, need), dist

    def values(self, attempts: Iterable[AttemptChallenge]) -> Iterator[tuple[AttemptChallenge, float, float]]:
        """(attempt, P(success), expected value) of each declared attempt, in order (000 · Attempt a Challenge).

        Worth P(success) × (the path's value + tempo) plus one Experience on failure, less the
        Experience paid for Dark runes and 0.6 a point per expected Corruption (000 · Dark Runes).
        """
        bases = self._bases
        card: str | None = None
        side: Side | None = None
        row: list[tuple[float, float]] = []
        need, value = 0, 0.0
        for a in attempts:
            if a.card != card or a.side is not side:  # the variants of one path come together
                card, side = a.card, a.side
                base = bases.get((card, side))
                if base is None:
                    base = bases[card, side] = self._base(card, side)
                need, value, row, dist = base
            k = a.dark
            if k >= len(row):
                _extend_row(row, dist, self.ctx.runes.dark, need, k)
            p, corruption = row[k]
            yield a, p, p * value + (1.0 - p) * 1.0 - k - 0.6 * corruption

    def attempt_values(
        self, attempts: Iterable[AttemptChallenge]
    ) -> dict[AttemptChallenge, tuple[float, float]]:
        """(P(success), expected value) of each declared attempt (000 · Attempt a Challenge): :meth:`values` as a dict."""
        return {a: (p, ev) for a, p, ev in self.values(attempts)}


#: Hypothetical attempts by (seat, card, act, slot, side): immutable values, shared between decisions.
_ATTEMPTS: dict[tuple[int, str, int, int, Side], Attempt] = {}
#: The last table's card positions: (its rows, card id → (act, slot)); rows are immutable values.
_WHERE: list[tuple[tuple[Row, ...], dict[str, tuple[int, int]]]] = []


class _HeroView:
    """What the bot reads from one hero: its Story's icons, what its Destiny wants, and the value
    of each path to it (:meth:`Appraisal.side_value`).

    All of it is worked out from the context, the Story's icon counts (one shared value per
    Story: ``rules.icon_counts``), the Destiny and the track position alone, so a view serves
    every Player value that agrees on them (a new Player is made whenever anything it holds
    changes, its Experience or hand included); it keeps the context and the counts alive.
    """

    __slots__ = ("ctx", "have", "paths", "wanted")

    def __init__(self, ctx: Context, player: Player, have: Counter[Icon]) -> None:
        self.ctx = ctx
        self.have = have
        self.wanted = destiny_wants(ctx, player)
        self.paths: dict[tuple[str, Side], float] = {}


#: The view of each hero, by (context, icon counts, Destiny, track position): bounded.
_VIEWS: dict[tuple[int, int, str | None, int], _HeroView] = {}


def _view(ctx: Context, player: Player) -> _HeroView:
    """The :class:`_HeroView` of this hero, worked out the first time it is asked for."""
    have = icon_counts(ctx, player, include_destiny=True)
    key = (id(ctx), id(have), player.destiny, player.level)
    hit = _VIEWS.get(key)
    if hit is not None and hit.have is have and hit.ctx is ctx:
        return hit
    if len(_VIEWS) >= 1024:
        _VIEWS.clear()
    view = _VIEWS[key] = _HeroView(ctx, player, have)
    return view


#: (P(success), expected Corruption) by Dark runes bought, of a pool's distribution needing some
#: successes, by (distribution, Dark rune, successes needed): rows are filled as Dark runes are
#: asked for; each entry keeps its distribution and rune alive; bounded. Few pools and needs recur
#: from one decision to the next, so most rows are found already filled.
_ROWS: dict[tuple[int, int, int], tuple[CastDistribution, Rune, list[tuple[float, float]]]] = {}


def _odds_row(dist: CastDistribution, dark: Rune, need: int) -> list[tuple[float, float]]:
    """The shared row of (P(success), expected Corruption) by Dark runes for these numbers (:func:`_extend_row`)."""
    key = (id(dist), id(dark), need)
    hit = _ROWS.get(key)
    if hit is not None and hit[0] is dist and hit[1] is dark:
        return hit[2]
    if len(_ROWS) >= 4096:
        _ROWS.clear()
    row: list[tuple[float, float]] = []
    _ROWS[key] = (dist, dark, row)
    return row


def _extend_row(
    row: list[tuple[float, float]], dist: CastDistribution, dark: Rune, need: int, k: int
) -> None:
    """Fill ``row`` up to ``k`` Dark runes: the chance of ``need`` successes or more and the expected
    Corruption when that many Dark runes join the pool (000 · Dark Runes)."""
    corruption = OddsEffect.CORRUPTION
    for n in range(len(row), k + 1):
        if n:
            row.append((dist.chance_with(need, dark, n), dist.expected_with(corruption, dark, n)))
        else:
            row.append((dist.chance_at_least(need), 0.0))


def _positions(rows: tuple[Row, ...]) -> dict[str, tuple[int, int]]:
    """Where each card of the table lies, (act, slot) (the first place, as ``find_on_table`` finds it)."""
    if _WHERE and _WHERE[0][0] is rows:
        return _WHERE[0][1]
    where: dict[str, tuple[int, int]] = {}
    for row in rows:
        for i, lying in enumerate(row.slots):
            if lying is not None:
                where.setdefault(lying.card, (row.act, i))
    _WHERE[:] = [(rows, where)]
    return where


_STORY, _ABILITY, _CARD, _VIRTUE, _CORRUPTION, _OTHER = range(6)
#: The points the next story icon of a set adds, by (icons already, scoring option).
_MARGINAL: dict[tuple[int, IconSets], float] = {}
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
