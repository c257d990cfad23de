"""The handler of each effect atom of the card vocabulary, with the words that describe it.

``001 · Other Card Effects`` and ``000 · Hero and Antihero Cards``: each atom
(``calladventure.values.effects``) acts on its target seat, from a source card owned by one
seat, for a duration. The handlers register themselves in :data:`calladventure.rules.effects.RULES`
(the package imports this module, so they are always there); an expansion adds its own through
``Expansion.effect_handlers``.
"""

from __future__ import annotations

from typing import Any

from ..values import rng
from ..values.copying import builder, replacer
from ..values.effects import (
    Bonus,
    CancelCorruption,
    DarkRunes,
    Difficulty,
    DiscardCard,
    DrawCards,
    Duration,
    GainCorruption,
    GainVirtue,
    GainXP,
    Hook,
    LoseXP,
    Reattempt,
    SacrificeAlly,
    TempIcon,
)
from ..values.events import Log
from ..values.hooks import HOOKS
from ..values.icons import Icon
from ..values.options import CardDarkRunes
from ..values.state import ActiveEffect, Attempt, GameState, Turn, evolve
from ..values.state_copies import with_attempt, with_effects
from .attempts import dark_runes_counted
from .context import Context
from .effects import (
    ask_discard,
    ask_sacrifice,
    describe,
    gain_xp,
    give_back_corruption,
    handles,
    moon_corruption,
    move_track,
    queue_draw,
    when_text,
)
from .table import log_event

# The copies of the Dark-rune and re-attempt atoms, each with its fields named once (values/copying.py).
_dark_added = replacer(Turn, "dark_added")
_dark_free = replacer(Attempt, "dark_free")
_att_cast = replacer(Attempt, "cast")
_reattempting = replacer(Attempt, "reattempt")
_attempt_turn = replacer(GameState, "attempt", "turn")
_rng_turn_attempt = replacer(GameState, "rng", "turn", "attempt")
#: ActiveEffect(effect, source, owner, target, duration, waiting), made as a copy is (values/copying.py).
_active = builder(ActiveEffect)

# Enum members read on every push, kept as module constants (design § 9: on Python 3.11 a member
# read from its class goes through the enum metaclass's attribute hook, several times a global read).
_RADIANT = Icon.RADIANT
_WITHIN_LIMIT = CardDarkRunes.WITHIN_LIMIT
_NEXT_TURN = Duration.NEXT_TURN


def _name(ctx: Context, source: str) -> str:
    return ctx.db[source].name


def _lasting(
    ctx: Context,
    state: GameState,
    eff: Any,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    """Bonus, difficulty and temporary icons stay in play for their duration (hard-parts #3)."""
    ae = _active(eff, source, owner, target, duration, duration is _NEXT_TURN)
    if log is not None:
        log_event(
            log,
            state,
            "000/hero-and-antihero-cards",
            f"{_name(ctx, source)}: {describe(eff)} ({duration.value})",
            target,
        )
    return with_effects(state, (*state.effects, ae))


handles(Bonus, lambda e: f"{e.amount:+d} to attempts" + when_text(e.when))(_lasting)
handles(Difficulty, lambda e: f"{e.amount:+d} difficulty" + when_text(e.when))(_lasting)
handles(TempIcon, lambda e: f"+{e.count} {e.icon.value} icon until end of turn")(_lasting)


@handles(GainXP, lambda e: f"gain {e.amount} Experience")
def _gain_xp(
    ctx: Context,
    state: GameState,
    eff: GainXP,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    if log is not None:
        log_event(
            log,
            state,
            "001/other-card-effects",
            f"{_name(ctx, source)}: gains {eff.amount} Experience",
            target,
        )
    return gain_xp(state, target, eff.amount)


@handles(LoseXP, lambda e: f"lose {e.amount} Experience")
def _lose_xp(
    ctx: Context,
    state: GameState,
    eff: LoseXP,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    if log is not None:
        log_event(
            log,
            state,
            "001/other-card-effects",
            f"{_name(ctx, source)}: loses {eff.amount} Experience",
            target,
        )
    return gain_xp(state, target, -eff.amount)


@handles(DrawCards, lambda e: f"draw {e.count} {e.deck.value} card(s)")
def _draw(
    ctx: Context,
    state: GameState,
    eff: DrawCards,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    for _ in range(eff.count):
        state = queue_draw(ctx, state, target, eff.deck, log)
    return state


@handles(GainVirtue, lambda e: f"gain {e.amount} Virtue")
def _virtue(
    ctx: Context,
    state: GameState,
    eff: GainVirtue,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    return move_track(ctx, state, target, eff.amount, log, _name(ctx, source))


@handles(GainCorruption, lambda e: f"gain {e.amount} Corruption")
def _corruption(
    ctx: Context,
    state: GameState,
    eff: GainCorruption,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    return move_track(ctx, state, target, -eff.amount, log, _name(ctx, source))


@handles(DarkRunes, lambda e: f"add {e.count} Dark rune(s) to the attempt")
def _dark_runes(
    ctx: Context,
    state: GameState,
    eff: DarkRunes,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    """Free Dark runes join the attempt: before the cast they are cast with it; after it, at once.

    ``000 · Special Rules``: ignored on a Radiant path. ``000 · FAQs: Card-draw result during a
    challenge`` (Embrace the Thrill "can be played before
    the challenge is resolved"): added after the cast, they are cast at once and join it, their
    moons giving Corruption at once (option ``moon_corruption``). Option ``card_dark_runes``: with
    ``"within_limit"`` they count against the three a turn and any past three are lost.
    """
    att = state.attempt
    if att is None or att.seat != target:
        return state
    if _RADIANT in ctx.db[att.card].path(att.side).icons or att.auto:
        if log is not None:
            log_event(
                log,
                state,
                "000/special-rules",
                f"{_name(ctx, source)}: no Dark runes on a Radiant path; ignored",
                target,
            )
        return state
    count = eff.count
    if ctx.config.rules.card_dark_runes is _WITHIN_LIMIT:
        count = max(0, min(count, ctx.config.rules.dark_runes_per_turn - dark_runes_counted(ctx, state)))
        if count < eff.count and log is not None:
            log_event(
                log,
                state,
                "000/dark-runes",
                f"{_name(ctx, source)}: {eff.count - count} Dark rune(s) past three this turn are lost "
                "(option card_dark_runes)",
                target,
            )
        if not count:
            return state
    if log is not None:
        log_event(log, state, "000/dark-runes", f"{_name(ctx, source)}: adds {count} Dark rune(s)", target)
    turn = _dark_added(state.turn, state.turn.dark_added + count)
    att = _dark_free(att, att.dark_free + count)
    if not att.cast:
        return _attempt_turn(state, att, turn)
    # After the cast: the added runes are cast at once from the game's RNG and join the cast.
    value, r = rng.next_u64(state.rng)
    dark = ctx.runes.dark
    extra = tuple((dark.id, (value >> i) & 1) for i in range(count))
    state = _rng_turn_attempt(state, r, turn, _att_cast(att, att.cast + extra))
    if log is not None:
        shown = " ".join(dark.faces[f].name for _r, f in extra)
        log_event(
            log, state, "000/dark-runes", f"{_name(ctx, source)}: the added Dark rune(s) show {shown}", target
        )
    return moon_corruption(ctx, state, target, sum(dark.faces[f].corruption for _r, f in extra), log)


@handles(Reattempt, lambda e: "cast the attempt's runes again")
def _reattempt(
    ctx: Context,
    state: GameState,
    eff: Reattempt,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    """The attempt is cast again; the Corruption its cast's moons gave is ignored (000 · Glossary: Re-attempt)."""
    att = state.attempt
    if att is None or att.seat != target:
        return state
    if log is not None:
        log_event(
            log,
            state,
            "000/glossary-re-attempt",
            f"{_name(ctx, source)}: the attempt will be cast again",
            target,
        )
    if att.moon_levels:
        state = give_back_corruption(
            ctx,
            state,
            target,
            att.moon_levels,
            log,
            "000/glossary-re-attempt",
            "the first cast's Corruption is ignored",
        )
        att = state.attempt
        assert att is not None
    return with_attempt(state, _reattempting(att, True))


@handles(CancelCorruption, lambda e: f"cancel {e.amount} Corruption this turn")
def _cancel(
    ctx: Context,
    state: GameState,
    eff: CancelCorruption,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    """Cancel Corruption of this turn: first what this attempt's moons gave at the cast, then the next to come.

    ``002 · FAQs: Loyal Friends``: one cancelled of two moons still moves the marker one down.
    """
    if state.turn.seat != target:
        return state
    amount = eff.amount
    att = state.attempt
    if att is not None and att.seat == target and att.moon_levels:
        back = min(amount, att.moon_levels)
        amount -= back
        state = give_back_corruption(
            ctx, state, target, back, log, "002/faqs-loyal-friends", f"{back} Corruption cancelled"
        )
    if not amount:
        return state
    return evolve(state, turn=evolve(state.turn, cancel_corruption=state.turn.cancel_corruption + amount))


@handles(SacrificeAlly, lambda e: "sacrifice an Ally (its owner's choice)")
def _sacrifice(
    ctx: Context,
    state: GameState,
    eff: SacrificeAlly,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    return ask_sacrifice(ctx, state, target, source, log)


@handles(DiscardCard, lambda e: f"discard {e.count} card(s) from the hand")
def _discard(
    ctx: Context,
    state: GameState,
    eff: DiscardCard,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    return ask_discard(ctx, state, target, source, eff.count, log)


@handles(Hook, lambda e: f"{e.name} (a registered hook)")
def _hook(
    ctx: Context,
    state: GameState,
    eff: Hook,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    result = HOOKS[eff.name](
        ctx=ctx, state=state, source=source, owner=owner, target=target, log=log, **eff.params
    )
    if not isinstance(result, GameState):
        raise TypeError(f"hook {eff.name!r} returned {type(result).__name__}, not a GameState")
    return result


#: The effect atoms whose handlers this module registers (every atom of the core vocabulary).
HANDLED: tuple[type, ...] = (
    Bonus,
    Difficulty,
    TempIcon,
    GainXP,
    LoseXP,
    DrawCards,
    GainVirtue,
    GainCorruption,
    DarkRunes,
    Reattempt,
    CancelCorruption,
    SacrificeAlly,
    DiscardCard,
    Hook,
)

__all__ = ["HANDLED"]
