"""The numbers of an attempt: its rune pool, difficulty and bonus, the Dark runes allowed, its exact odds.

``000 · Attempt a Challenge``: the three core runes, one rune per icon of each of the (at most
two) abilities the challenge lists, and the Dark runes bought (``000 · Dark Runes``: up to
three a turn, one Experience each, none at the lowest Corruption level); the difficulty is the
card's, +1 for a "+1" path icon and +1 for an Ally under the card (``000 · Allies``), plus
effects in play; bonuses add successes (``000 · Glossary: Difficulty``). ``000 · Special
Rules``: no Dark runes on a Radiant path.

These functions only read the state; the front ends and bots ask them (through
``calladventure.rules``) rather than recomputing anything.
"""

from __future__ import annotations

import attrs

from ..values._cards import Card, Path, Side
from ..values._effects import Bonus, Difficulty, When
from ..values._errors import LimitError
from ..values._illegal import IllegalActionError
from ..values._members import (
    CARD_DARK_RUNES_WITHIN_LIMIT,
    CARD_TYPE_HERO,
    DARK_LIMIT_PER_TURN,
    ICON_RADIANT,
    TRIGGER_STATIC,
)
from ..values._runes import Rune
from ..values._state import Attempt, GameState, Player, evolve
from ._context import Context
from ._distribution import MAX_CAST_RUNES
from ._expansion import Shortcut
from ._odds import Odds, attempt_odds
from ._story import effective_icons, meets, powers
from ._table import find_on_table


def can_play_level(ctx: Context, player: Player, card: Card) -> bool:
    """Whether the hero's track position allows this Hero/Antihero card (000 · Hero and Antihero Cards)."""
    level = ctx.track.levels[player.level]  # the level read at once (no call: asked for each card in hand)
    return level.hero if card.type is CARD_TYPE_HERO else level.antihero


def shortcut(ctx: Context, state: GameState, seat: int, path: Path) -> Shortcut | None:
    """Whether an expansion lets the hero gain this path without casting (then no Dark runes)."""
    for ext in ctx.expansions:
        found = ext.shortcut(ctx, state, seat, path)
        if found is not None:
            return found
    return None


def dark_runes_counted(ctx: Context, state: GameState) -> int:
    """The Dark runes counted against the three a turn so far (000 · Dark Runes; options dark_limit, card_dark_runes)."""
    rules = ctx.config.rules
    within = rules.card_dark_runes is CARD_DARK_RUNES_WITHIN_LIMIT
    if rules.dark_limit is DARK_LIMIT_PER_TURN:
        return state.turn.dark_bought + (state.turn.dark_added if within else 0)
    att = state.attempt
    if att is None:
        return 0
    bought = att.dark_recast if att.casts else att.dark_bought
    return bought + (att.dark_free if within and not att.casts else 0)


def dark_runes_allowed(ctx: Context, state: GameState, seat: int, path: Path) -> int:
    """How many Dark runes the hero may still buy for an attempt on ``path`` (000 · Dark Runes)."""
    player = state.players[seat]
    if ICON_RADIANT in path.icons:  # 000 · Special Rules: no Dark runes on a Radiant path
        return 0
    if not ctx.track.levels[player.level].dark_runes:
        return 0
    used = dark_runes_counted(ctx, state) if ctx.config.rules.dark_limit is DARK_LIMIT_PER_TURN else 0
    return max(0, min(ctx.config.rules.dark_runes_per_turn - used, player.xp))


def recast_dark_allowed(ctx: Context, state: GameState, att: Attempt) -> int:
    """How many more Dark runes a hero may buy before a re-attempt's cast (000 · Dark Runes; open question 8).

    ``dark_limit = "per_turn"``: the three a turn count every rune bought this turn, the first
    cast's included; ``"per_attempt"``: each cast may have up to three bought for it.
    Never on a Radiant path, at the lowest Corruption level, or in an expansion's attempt
    (facing an Adversary has its own rules).
    """
    if att.against or att.abilities:
        return 0
    path = ctx.db[att.card].path(att.side)
    player = state.players[att.seat]
    if ICON_RADIANT in path.icons or not ctx.track.at(player.level).dark_runes:
        return 0
    limit = ctx.config.rules.dark_runes_per_turn
    if ctx.config.rules.dark_limit is DARK_LIMIT_PER_TURN:
        left = limit - dark_runes_counted(ctx, state)
    else:
        left = limit - att.dark_recast
    return max(0, min(left, player.xp))


def attempt_pool(ctx: Context, state: GameState, attempt: Attempt) -> tuple[Rune, ...]:
    """The runes cast for an attempt (000 · Attempt a Challenge; 000 · Glossary: Ability Rune).

    The three core runes; one rune per icon of each relevant ability (at most three, the
    special rune third), of at most two relevant abilities; the Dark runes bought or added,
    none on a Radiant path.
    """
    card = ctx.db[attempt.card]
    icons = effective_icons(ctx, state, attempt.seat)
    runes = ctx.runes
    pool = runes.core
    for ability in (attempt.abilities or card.abilities)[:2]:  # chosen abilities replace the card's
        pool += runes.ability_runes(ability, icons.get(ability, 0))  # get: no Counter.__missing__ call
    dark = attempt.dark_bought + attempt.dark_free
    if dark and ICON_RADIANT not in card.path(attempt.side).icons:
        pool += (runes.dark,) * dark
    return tuple(pool)


def when_matches(when: When, card: Card, path: Path) -> bool:
    """Whether an effect's filter applies to an attempt on this card and path (000 · FAQs: Path-specific bonuses)."""
    if when.abilities and not any(a in card.abilities for a in when.abilities):
        return False
    if when.path_icons and not any(i in path.icons for i in when.path_icons):
        return False
    return not (when.acts and card.act not in when.acts)


@attrs.frozen
class AttemptMath:
    """The numbers of an attempt: difficulty and bonus, each with where it comes from."""

    difficulty: int
    bonus: int
    parts: tuple[tuple[str, int, str], ...]  # (what, amount, "difficulty" | "bonus")

    def bonus_words(self, successes: int) -> str:
        """Where a total's bonus comes from, for the log: ``" (7 cast +1 Rally)"``; ``""`` without one."""
        if not self.bonus:
            return ""
        bits = " ".join(f"{amount:+d} {what}" for what, amount, kind in self.parts if kind == "bonus")
        return f" ({successes} cast {bits})"


def attempt_math(ctx: Context, state: GameState, attempt: Attempt) -> AttemptMath:
    """Difficulty (card, "+1" path icon, Ally, effects) and bonus successes of an attempt."""
    parts: list[tuple[str, int, str]] = []
    diff, bonus = _attempt_terms(ctx, state, attempt, parts)
    return AttemptMath(max(0, diff), bonus, tuple(parts))


def attempt_numbers(ctx: Context, state: GameState, attempt: Attempt) -> tuple[int, int]:
    """(difficulty, bonus) of an attempt: :func:`attempt_math`'s numbers without their sources, for hot paths."""
    diff, bonus = _attempt_terms(ctx, state, attempt, None)
    return max(0, diff), bonus


_STATIC: list[tuple[Context, GameState, int, tuple[tuple[str, Bonus | Difficulty], ...]]] = []


def static_modifiers(ctx: Context, state: GameState, seat: int) -> tuple[tuple[str, Bonus | Difficulty], ...]:
    """The bonuses and difficulty changes of a hero's static powers whose requirement holds now.

    Each as (the source card's name, the effect), in Story order; the last answer is kept, so
    the attempts a hero weighs in one position share it (000 · Glossary: Difficulty).
    """
    if _STATIC:
        c, s, at, found = _STATIC[0]
        if c is ctx and s is state and at == seat:
            return found
    kept: list[tuple[str, Bonus | Difficulty]] = []
    for src, _i, power in powers(ctx, state.players[seat]):
        if power.trigger is TRIGGER_STATIC and meets(ctx, state, seat, power.requires):
            for eff in power.effects:
                if isinstance(eff, Bonus | Difficulty):
                    kept.append((src.name, eff))
    found = tuple(kept)
    _STATIC[:] = [(ctx, state, seat, found)]
    return found


def _attempt_terms(
    ctx: Context, state: GameState, attempt: Attempt, parts: list[tuple[str, int, str]] | None
) -> tuple[int, int]:
    """Difficulty (before the floor at zero) and bonus of an attempt, listing their sources in ``parts``."""
    card = ctx.db[attempt.card]
    if attempt.abilities:  # an expansion's attempt may use chosen abilities instead of the card's
        card = evolve(card, abilities=attempt.abilities)
    path = card.path(attempt.side)
    if card.difficulty is None:
        raise IllegalActionError("attempt", f"{card.name} has no difficulty: it cannot be attempted")
    if parts is not None:
        parts.append((f"{card.name} difficulty", card.difficulty, "difficulty"))
    diff = card.difficulty
    bonus = 0
    if path.plus_one:
        if parts is not None:
            parts.append(('"+1" path icon', 1, "difficulty"))  # 000 · Attempt a Challenge
        diff += 1
    slot = state.row(attempt.act).slots[attempt.slot] if not attempt.against and attempt.act else None
    if slot is not None and slot.ally is not None:
        if parts is not None:
            parts.append((f"Ally {ctx.db[slot.ally].name}", 1, "difficulty"))  # 000 · Allies
        diff += 1
    for name, mod in static_modifiers(ctx, state, attempt.seat):
        if when_matches(mod.when, card, path):
            kind = "bonus" if isinstance(mod, Bonus) else "difficulty"
            if kind == "bonus":
                bonus += mod.amount
            else:
                diff += mod.amount
            if parts is not None:
                parts.append((name, mod.amount, kind))
    for ae in state.effects:
        if ae.target != attempt.seat or ae.waiting:
            continue
        eff = ae.effect
        if isinstance(eff, Bonus) and when_matches(eff.when, card, path):
            if parts is not None:
                parts.append((ctx.db[ae.source].name, eff.amount, "bonus"))
            bonus += eff.amount
        elif isinstance(eff, Difficulty) and when_matches(eff.when, card, path):
            if parts is not None:
                parts.append((ctx.db[ae.source].name, eff.amount, "difficulty"))
            diff += eff.amount
    return diff, bonus


def attempt_odds_of(ctx: Context, state: GameState, attempt: Attempt) -> Odds:
    """Exact odds of an attempt, under way or hypothetical: its rune pool against its difficulty and bonus."""
    math = attempt_math(ctx, state, attempt)
    return attempt_odds(attempt_pool(ctx, state, attempt), math.difficulty, math.bonus)


def table_attempt(
    state: GameState, seat: int, card: str, side: Side | str = Side.TOP, dark: int = 0
) -> Attempt:
    """A hypothetical attempt by ``seat`` on a card of the table (for odds); IllegalActionError if it is not there."""
    if isinstance(dark, bool) or not isinstance(dark, int) or dark < 0:
        raise IllegalActionError("odds", f"dark runes are a whole number of at least 0, not {dark!r:.40}")
    if dark > MAX_CAST_RUNES:
        raise LimitError(
            f"{dark} Dark runes: odds are computed for casts of at most {MAX_CAST_RUNES} runes (MAX_CAST_RUNES)"
        )
    where = find_on_table(state, card)
    if where is None:
        raise IllegalActionError("odds", f"{card} is not on the table")
    return Attempt(seat=seat, card=card, act=where[0], slot=where[1], side=Side(side), dark_bought=dark)


__all__ = [
    "AttemptMath",
    "attempt_math",
    "attempt_numbers",
    "attempt_odds_of",
    "attempt_pool",
    "can_play_level",
    "dark_runes_allowed",
    "dark_runes_counted",
    "recast_dark_allowed",
    "shortcut",
    "static_modifiers",
    "table_attempt",
    "when_matches",
]
