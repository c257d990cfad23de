"""A Name attempt (002 · Naming): its numbers, its odds, declaring it and resolving its cast.

``002 · Naming``: the attempt casts the core runes only (no Dark or Ability runes, and the omen
face draws no card) and learns the Name on a total of 4 or more. Its bonus: +1 once for the
Name's pair of Ability icons in the Story (a rules option: the text does not name the pairs),
+1 per matching Name icon in the Story, and the effects of the few cards allowed to help
(tagged ``naming``: ``002 · FAQs: Comrade in Arms or Parting of Ways``).

The action kind ``name`` is declared here (``calladventure.rules._kinds``): it joins the main
phase after a failed challenge, listed after the traits and attempts.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ...rules._context import Context
from ...rules._kinds import INSTEAD_OF_ENDING, ActionKind, BotValue
from ...rules._odds import Odds, attempt_odds
from ...rules._story import icon_counts, meets, powers
from ...rules._table import log_event, set_player
from ...values._effects import Bonus, Difficulty, Duration, Trigger, When
from ...values._events import Log
from ...values._icons import Icon
from ...values._runes import Rune
from ...values._state import AwaitCast, GameState, evolve
from ._icons import NAME_ICONS
from ._names import (
    KEY,
    NAME_DIFFICULTY,
    NAME_TOKEN_POINTS,
    NAMING_TAG,
    AttemptName,
    name_options,
    names_of,
    title,
    why_not,
)
from ._options import NAME_PAIRS, name_pairs_of


@attrs.frozen
class NameMath:
    """The numbers of a Name attempt: difficulty and bonus, each with where it comes from."""

    name: Icon
    difficulty: int
    bonus: int
    parts: tuple[tuple[str, int, str], ...]  # (what, amount, "difficulty" | "bonus")


def name_pool(ctx: Context) -> tuple[Rune, ...]:
    """The runes of a Name attempt: the core runes only, no Dark or Ability runes (002 · Naming)."""
    return tuple(ctx.runes.core)


def _applies(when: When, name: Icon, pair: tuple[Icon, Icon], act: int) -> bool:
    """A filter read for a Name attempt: the Name is the "path icon", its pair the "abilities"."""
    if when.path_icons and name not in when.path_icons:
        return False
    if when.abilities and not any(a in pair for a in when.abilities):
        return False
    return not (when.acts and act not in when.acts)


def name_math(ctx: Context, state: GameState, seat: int, name: Icon) -> NameMath:
    """Difficulty (4) and bonus of a Name attempt (002 · Naming).

    The bonus: +1 once if the Story shows both icons of the Name's Ability pair (Story icons
    only: temporary icons do not count, 002 · FAQs: Inner Strength); +1 per icon of that Name
    in the Story; the static powers and effects in play of cards tagged ``naming`` only
    (002 · FAQs: Comrade in Arms or Parting of Ways).
    """
    player = state.players[seat]
    pair = name_pairs_of(ctx.config.rules.option(NAME_PAIRS))[name]
    parts: list[tuple[str, int, str]] = [(title(name), NAME_DIFFICULTY, "difficulty")]
    diff, bonus = NAME_DIFFICULTY, 0
    icons = icon_counts(ctx, player)
    if icons[pair[0]] and icons[pair[1]]:
        parts.append((f"{pair[0].value} and {pair[1].value} icons", 1, "bonus"))
        bonus += 1
    if icons[name]:
        parts.append((f"{name.value} icons in the Story", icons[name], "bonus"))
        bonus += icons[name]
    act = min(player.act, 3)
    found: list[tuple[str, Bonus | Difficulty]] = []
    for src, _i, power in powers(ctx, player):
        if (
            power.trigger is Trigger.STATIC
            and NAMING_TAG in src.tags
            and meets(ctx, state, seat, power.requires)
        ):
            found.extend((src.name, e) for e in power.effects if isinstance(e, Bonus | Difficulty))
    for ae in state.effects:
        if ae.target == seat and not ae.waiting and isinstance(ae.effect, Bonus | Difficulty):
            src = ctx.db[ae.source]
            if NAMING_TAG in src.tags:
                found.append((src.name, ae.effect))
    for what, eff in found:
        if not _applies(eff.when, name, pair, act):
            continue
        if isinstance(eff, Bonus):
            parts.append((what, eff.amount, "bonus"))
            bonus += eff.amount
        else:
            parts.append((what, eff.amount, "difficulty"))
            diff += eff.amount
    return NameMath(name, max(0, diff), bonus, tuple(parts))


def name_odds(ctx: Context, state: GameState, seat: int, name: Icon) -> Odds:
    """The exact odds of the hero's attempt at ``name`` now (002 · Naming; 000 · Rune Probability).

    The cast's side effects play no part: the omen face draws no card in a Name attempt.
    """
    math = name_math(ctx, state, seat, name)
    return attempt_odds(name_pool(ctx), math.difficulty, math.bonus)


def pending_name(state: GameState) -> AwaitCast | None:
    """The Name cast waiting to happen, if the next step is one."""
    top = state.pending[-1] if state.pending else None
    if isinstance(top, AwaitCast) and top.source == KEY:
        return top
    return None


def pending_odds(ctx: Context, state: GameState) -> Odds | None:
    """The exact odds of the Name cast waiting to happen, or None."""
    top = pending_name(state)
    if top is None:
        return None
    return name_odds(ctx, state, top.seat, Icon(top.detail))


# ============================================================================ the attempt


def begin(ctx: Context, state: GameState, name: Icon, log: Log) -> GameState:
    """Declare a Name attempt: it uses the turn's Name attempt, and the cast is due (002 · Naming)."""
    seat = state.turn.seat
    turn = evolve(state.turn, marks=(*state.turn.marks, KEY))
    state = evolve(state, turn=turn, pending=(*state.pending, AwaitCast(seat, KEY, name.value)))
    if log is not None:
        math = name_math(ctx, state, seat, name)
        log_event(
            log,
            state,
            "002/naming",
            f"attempts to learn {title(name)}: core runes only, bonus {math.bonus:+d}, needs {math.difficulty}",
            seat,
        )
    return state


def resolve(
    ctx: Context, state: GameState, top: AwaitCast, pool: Sequence[Rune], forced: Sequence[int], log: Log
) -> GameState:
    """Read the core runes cast for a Name attempt and resolve it at once (002 · Naming).

    Four or more (successes plus bonus) learns the Name: a Name token. The omen face draws
    no card. Effects of ``naming`` cards that last one attempt are used up. (The one cast,
    ``calladventure.rules._cast``, has drawn the faces and taken the cast off the pending stack.)
    """
    seat, name = top.seat, Icon(top.detail)
    faces = [rune.faces[f] for rune, f in zip(pool, forced, strict=True)]
    successes = sum(f.successes for f in faces)
    math = name_math(ctx, state, seat, name)
    total = successes + math.bonus
    if log is not None:
        shown = " ".join(f"{rune.id}:{face.name}" for rune, face in zip(pool, faces, strict=True))
        noun = "success" if successes == 1 else "successes"
        log_event(log, state, "002/naming", f"Name cast: {shown} = {successes} {noun}", seat)
        if any(f.draw is not None for f in faces):
            log_event(log, state, "002/naming", "the omen result draws no card in a Name attempt", seat)
    xp = sum(f.xp for f in faces)
    if xp:
        state = set_player(state, seat, xp=state.players[seat].xp + xp)
    used = tuple(
        e
        for e in state.effects
        if not (e.target == seat and e.duration is Duration.ATTEMPT and NAMING_TAG in ctx.db[e.source].tags)
    )
    if len(used) != len(state.effects):
        state = evolve(state, effects=used)
    if total >= math.difficulty:
        player = state.players[seat]
        state = set_player(state, seat, ext=player.ext.set(KEY, (*names_of(player), name)))
        log_event(
            log,
            state,
            "002/naming",
            f"learns {title(name)} ({total} vs {math.difficulty}): a Name token, worth {NAME_TOKEN_POINTS}",
            seat,
        )
    else:
        log_event(
            log, state, "002/naming", f"fails to learn {title(name)} ({total} vs {math.difficulty})", seat
        )
    return state


# ============================================================================ the kind


def _names(ctx: Context, state: GameState, seat: int) -> list[AttemptName]:
    """Once per turn, after failing a challenge, each Name not learned nor forbidden (002 · Naming)."""
    return [AttemptName(n) for n in name_options(ctx, state, seat)] if state.turn.failed else []


def _name_refused(ctx: Context, state: GameState, seat: int, action: AttemptName) -> str | None:
    if action.name in name_options(ctx, state, state.turn.seat):
        return None
    return why_not(ctx, state, action.name)


def _begin(ctx: Context, state: GameState, action: AttemptName, log: Log) -> GameState:
    return begin(ctx, state, action.name, log)


def _name_value(ctx: Context, state: GameState, seat: int, action: AttemptName) -> float:
    """A free try after a failure, for a bot (002 · Naming): the Name with the best odds."""
    return float(name_odds(ctx, state, seat, action.name).p_success)


NAME: ActionKind[AttemptName] = ActionKind(
    AttemptName,
    "002/naming",
    candidates=_names,
    refusal=_name_refused,
    apply=_begin,
    space=lambda ctx: [AttemptName(n) for n in NAME_ICONS],  # 002 · Naming: the three Names
    joins=("main",),
    bot=BotValue(_name_value, INSTEAD_OF_ENDING),
)


__all__ = [
    "NAME",
    "NameMath",
    "begin",
    "name_math",
    "name_odds",
    "name_pool",
    "pending_name",
    "pending_odds",
    "resolve",
]
