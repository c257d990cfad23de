"""What the greedy bot reckons things are worth: effects, Destinies and the track.

Values are in (approximate) end-of-game points. An attempt is worth P(success) × the path's
value plus one Experience on failure, minus the Dark runes' Experience and expected Corruption
(``000 · Attempt a Challenge``; ``000 · Dark Runes``). Effects are judged by whether they help
or hurt an attempt on a given path (``000 · FAQs: Path-specific bonuses``), as each effect
atom's declaration says (``rules.atom_rules.AtomRule``). What a path and an
attempt are worth in one position is worked out by :class:`.appraisal.Appraisal`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from ...rules import Context, find_on_table, icon_counts
from ...rules._atom_rules import ATOM_RULES, AtomRule
from ...rules._attempts import when_matches
from ...values._actions import UsePower
from ...values._cards import Card, Path, Side
from ...values._effects import (
    Compare,
    Effect,
    IconsAtLeast,
    PerCard,
    PerIcon,
    TrackPosition,
)
from ...values._icons import Icon
from ...values._state import Attempt, GameState, Player

__all__ = [
    "ABILITY",
    "CARD",
    "STORY_SEED",
    "TEMPO",
    "attempt_on_table",
    "destiny_fit",
    "destiny_wants",
    "helps_attempt",
    "hurts_attempt",
    "only_helps",
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


#: Whether an attempt on a card and path matches an effect's filter (000 · FAQs: Path-specific bonuses).
when_ok = when_matches


def _rule(eff: Effect) -> AtomRule[Any] | None:
    """The declaration of the effect's atom (None for an atom with no behaviour declared)."""
    return ATOM_RULES.get(eff.__class__)


def helps_attempt(eff: Effect, card: Card, path: Path) -> bool:
    """An effect that makes the target's attempt on this path more likely to succeed (its atom's ``helps``)."""
    rule = _rule(eff)
    return rule is not None and rule.helps(eff, card, path)


def hurts_attempt(eff: Effect, card: Card, path: Path) -> bool:
    """An effect that makes the target's attempt harder, or costs it Experience, Virtue or an Ally (its atom's ``hurts``)."""
    rule = _rule(eff)
    return rule is not None and rule.hurts(eff, card, path)


def pure_gain(effects: Iterable[Effect]) -> bool:
    """Effects that only ever help their target outside an attempt (Experience, Virtue, cards: their atoms' ``gain``)."""
    rules = [_rule(e) for e in effects]
    return bool(rules) and all(rule is not None and rule.gain for rule in rules)


def _boosts(eff: Effect) -> bool:
    """Used before an attempt is declared, the effect still counts for it (its atom's ``boost``: a bonus, an icon)."""
    rule = _rule(eff)
    return rule is not None and rule.boost


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
    if main and not any(_boosts(e) for e in effects):
        return False
    return only_helps(effects, card, path)


# ----------------------------------------------------------------------------- paths and Destinies


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
