"""Effects: one handler per atom of the card vocabulary, with its description beside it; triggers.

``001 · Other Card Effects`` and ``000 · Hero and Antihero Cards``: a played card or a power
applies its effect atoms (``calladventure.values.effects``) from a source card, owned by one
seat, to a target seat, for a duration. :func:`apply_effect` looks the atom's handler up (the
core's here, an expansion's from ``Context.effect_handlers``). A handler returns the new
state; an atom with no handler in this game (e.g. an Adversary's tokens in a competitive
game) does nothing.

Moving on the Corruption track (:func:`move_track`) fires the ``on_virtue`` /
``on_corruption`` triggers once per level (000 · FAQs: Whenever a hero gains Corruption), so
triggers (:func:`fire`) live here too: effects and triggers call each other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from ..values.effects import (
    Bonus,
    CancelCorruption,
    DarkRunes,
    Difficulty,
    DrawCards,
    Duration,
    Effect,
    GainCorruption,
    GainVirtue,
    GainXP,
    Hook,
    LoseXP,
    Reattempt,
    SacrificeAlly,
    TempIcon,
    Trigger,
    When,
)
from ..values.events import Log
from ..values.hooks import HOOKS
from ..values.icons import Icon
from ..values.runes import Draw
from ..values.state import ActiveEffect, ChooseDraw, GameState, HeldAlly, evolve
from .context import Context
from .story import triggered
from .table import draw_hand_card, log_event, set_player

_E = TypeVar("_E")


@attrs.frozen
class EffectRule:
    """How one effect atom acts (``apply``) and reads in the log (``describe``)."""

    apply: Callable[..., GameState]
    describe: Callable[[Any], str]


#: The core rules' handler of each effect atom. Expansions add theirs through the Expansion protocol.
RULES: dict[type, EffectRule] = {}


def handles(
    cls: type[_E], describe: Callable[[_E], str]
) -> Callable[[Callable[..., GameState]], Callable[..., GameState]]:
    """Register the handler of effect type ``cls`` (a decorator), with the words that describe one."""

    def register(fn: Callable[..., GameState]) -> Callable[..., GameState]:
        RULES[cls] = EffectRule(fn, describe)
        return fn

    return register


def describe(eff: Effect) -> str:
    """A short English description of an effect atom."""
    rule = RULES.get(type(eff))
    return rule.describe(eff) if rule is not None else type(eff).__name__


def apply_effect(
    ctx: Context,
    state: GameState,
    eff: Effect,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    """Apply one effect atom from ``source`` (owned by ``owner``) to ``target`` (001 · Other Card Effects)."""
    handler = ctx.effect_handlers.get(type(eff))
    if handler is not None:
        return handler(ctx, state, eff, source, owner, target, duration, log)
    rule = RULES.get(type(eff))
    if rule is None:
        return state  # an atom for a box not in play: no effect in this game
    return rule.apply(ctx, state, eff, source, owner, target, duration, log)


# ----------------------------------------------------------------------------- descriptions


def when_text(when: When) -> str:
    """`` on strength challenges, Act 2`` … for an attempt filter (empty when it always applies)."""
    bits = []
    if when.abilities:
        bits.append("/".join(a.value for a in when.abilities) + " challenges")
    if when.path_icons:
        bits.append("paths with " + "/".join(i.value for i in when.path_icons))
    if when.acts:
        bits.append("Act " + "/".join(str(a) for a in when.acts))
    return (" on " + ", ".join(bits)) if bits else ""


# ----------------------------------------------------------------------------- Experience and the track


def gain_xp(state: GameState, seat: int, n: int) -> GameState:
    """Gain ``n`` Experience (or lose ``-n``), never below zero (000 · Glossary: Experience)."""
    return set_player(state, seat, xp=max(0, state.players[seat].xp + n))


def move_track(ctx: Context, state: GameState, seat: int, delta: int, log: Log, why: str) -> GameState:
    """Move a hero's marker: +n Virtue goes up, −n Corruption goes down, within the track.

    ``000 · FAQs: More than three Corruption``: never past the ends of the track.
    Corruption cancelled this turn (``CancelCorruption``) is used up first.
    """
    if delta < 0 and state.turn.seat == seat and state.turn.cancel_corruption:
        cancel = min(-delta, state.turn.cancel_corruption)
        delta += cancel
        state = evolve(
            state, turn=evolve(state.turn, cancel_corruption=state.turn.cancel_corruption - cancel)
        )
        if log is not None:
            log_event(log, state, "002/faqs-loyal-friends", f"{cancel} Corruption cancelled", seat)
    player = state.players[seat]
    new = ctx.track.clamp(player.level - delta)
    if new != player.level:
        word = "Virtue" if delta > 0 else "Corruption"
        if log is not None:
            moved = abs(new - player.level)
            stopped = f"; the end of the track stops it after {moved}" if moved != abs(delta) else ""
            log_event(
                log, state, "000/glossary-corruption", f"gains {abs(delta)} {word} ({why}){stopped}", seat
            )
        state = set_player(state, seat, level=new)
        # Once per level moved (000 · FAQs: Whenever a hero gains Corruption).
        trigger = Trigger.ON_VIRTUE if delta > 0 else Trigger.ON_CORRUPTION
        for _ in range(abs(new - player.level)):
            state = fire(ctx, state, seat, trigger, log)
    elif delta and log is not None:
        log_event(
            log,
            state,
            "000/faqs-more-than-three-corruption",
            "the marker is already at the end of the track",
            seat,
        )
    return state


def queue_draw(ctx: Context, state: GameState, seat: int, deck: Draw, log: Log) -> GameState:
    """Draw a card now, or ask the seat which deck for a "draw either" (000 · Hero and Antihero Cards)."""
    if deck is Draw.CHOICE:
        return evolve(state, pending=(*state.pending, ChooseDraw(seat)))
    return draw_hand_card(ctx, state, seat, deck, log)


# ----------------------------------------------------------------------------- triggers


def fire(ctx: Context, state: GameState, seat: int, trigger: Trigger, log: Log) -> GameState:
    """Run the hero's powers with this trigger (once per turn where the power says so), then the expansions'."""
    for card, index, power in triggered(ctx, state, seat, trigger):
        key = f"{card.id}:{index}"
        if power.once_per_turn and key in state.turn.used_powers:
            continue
        if power.cost_xp > state.players[seat].xp:
            continue
        if power.once_per_turn:
            state = evolve(state, turn=evolve(state.turn, used_powers=(*state.turn.used_powers, key)))
        if power.cost_xp:
            state = gain_xp(state, seat, -power.cost_xp)
        if log is not None:
            log_event(
                log,
                state,
                "001/other-card-effects",
                f"{card.name}: {power.text or card.text or trigger.value}",
                seat,
            )
        for eff in power.effects:
            state = apply_effect(ctx, state, eff, card.id, seat, seat, power.duration, log)
    for ext in ctx.expansions:
        state = ext.on_trigger(ctx, state, seat, trigger, log)
    return state


# ----------------------------------------------------------------------------- Allies


def sacrifice_ally(ctx: Context, state: GameState, seat: int, index: int, log: Log) -> GameState:
    """Turn one of the hero's Allies face down; its on-sacrifice powers act (000 · Glossary: Sacrifice)."""
    player = state.players[seat]
    ally = player.allies[index]
    allies = list(player.allies)
    allies[index] = HeldAlly(ally.card, True)
    state = set_player(state, seat, allies=tuple(allies))
    card = ctx.db[ally.card]
    if log is not None:
        log_event(
            log, state, "000/glossary-sacrifice", f"sacrifices {card.name}: it is turned face down", seat
        )
    for power in card.powers:
        if power.trigger is Trigger.ON_SACRIFICE:
            for eff in power.effects:
                state = apply_effect(ctx, state, eff, card.id, seat, seat, power.duration, log)
    return state


def sacrifice_first_ally(ctx: Context, state: GameState, seat: int, log: Log) -> GameState:
    """Turn the hero's first unsacrificed Ally face down (000 · Glossary: Sacrifice)."""
    for i, ally in enumerate(state.players[seat].allies):
        if not ally.sacrificed:
            return sacrifice_ally(ctx, state, seat, i, log)
    if log is not None:
        log_event(log, state, "000/glossary-sacrifice", "has no Ally to sacrifice", seat)
    return state


# ----------------------------------------------------------------------------- the handlers


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
    ae = ActiveEffect(eff, source, owner, target, duration, duration is Duration.NEXT_TURN)
    if log is not None:
        log_event(
            log,
            state,
            "000/hero-and-antihero-cards",
            f"{_name(ctx, source)}: {describe(eff)} ({duration.value})",
            target,
        )
    return evolve(state, effects=(*state.effects, ae))


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
    att = state.attempt
    if att is None or att.seat != target:
        return state
    if Icon.RADIANT in ctx.db[att.card].path(att.side).icons:
        if log is not None:
            log_event(
                log,
                state,
                "000/special-rules",
                f"{_name(ctx, source)}: no Dark runes on a Radiant path; ignored",
                target,
            )
        return state
    if log is not None:
        log_event(
            log, state, "000/dark-runes", f"{_name(ctx, source)}: adds {eff.count} Dark rune(s)", target
        )
    return evolve(state, attempt=evolve(att, dark_free=att.dark_free + eff.count))


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
    return evolve(state, attempt=evolve(att, reattempt=True))


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
    if state.turn.seat != target:
        return state
    return evolve(state, turn=evolve(state.turn, cancel_corruption=state.turn.cancel_corruption + eff.amount))


@handles(SacrificeAlly, lambda e: "sacrifice an Ally")
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
    return sacrifice_first_ally(ctx, state, target, log)


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


__all__ = [
    "RULES",
    "EffectRule",
    "apply_effect",
    "describe",
    "fire",
    "gain_xp",
    "handles",
    "move_track",
    "queue_draw",
    "sacrifice_ally",
    "sacrifice_first_ally",
    "when_text",
]
