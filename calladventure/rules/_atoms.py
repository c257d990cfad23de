"""The behaviour of each effect atom of the core vocabulary, each declared once with its words.

``001 · Other Card Effects`` and ``000 · Hero and Antihero Cards``: each atom
(``calladventure.values._effects``) acts on its target seat, from a source card owned by one
seat, for a duration. Each is declared here once (:func:`~calladventure.rules._atom_rules.atom_rule`):
its handler, which takes one :class:`~calladventure.rules._atom_rules.EffectCall`; its words; and
what the bots' evaluation makes of it. The package imports this module, so the core's atoms
always have their behaviour (checked below as it is imported); a box declares its own atoms in
its own module. The built-in hook ``steal_xp`` is here too.
"""

from __future__ import annotations

from ..values._cards import Card, Path
from ..values._copies import new_active_effect, state_with_attempt, state_with_effects
from ..values._effects import (
    Bonus,
    CancelCorruption,
    DarkRunes,
    Difficulty,
    DiscardCard,
    DrawCards,
    GainCorruption,
    GainVirtue,
    GainXP,
    Hook,
    LoseXP,
    Reattempt,
    SacrificeAlly,
    TempIcon,
)
from ..values._errors import AtomError
from ..values._events import Log
from ..values._hooks import HOOK_SPECS, HOOKS, hook, int_param
from ..values._members import CARD_DARK_RUNES_WITHIN_LIMIT, DURATION_NEXT_TURN, ICON_RADIANT
from ..values._state import GameState, evolve
from ._atom_rules import EffectCall, atom_rule, atoms_without_rules
from ._attempts import dark_runes_counted, when_matches
from ._cast import dark_cast
from ._context import Context
from ._effects import (
    ask_discard,
    ask_sacrifice,
    describe,
    gain_xp,
    give_back_corruption,
    move_track,
    queue_draw,
    when_text,
)
from ._table import log_event


def _name(ctx: Context, source: str) -> str:
    return ctx.db[source].name


# ----------------------------------------------------------------------------- lasting: bonus, difficulty, icons


def _lasting(call: EffectCall[Bonus | Difficulty | TempIcon]) -> GameState:
    """Bonus, difficulty and temporary icons stay in play for their duration (docs/design.md, "Effects with lifetimes")."""
    ctx, state, eff, source, owner, target, duration, log = call
    ae = new_active_effect(eff, source, owner, target, duration, duration is DURATION_NEXT_TURN)
    if log is not None:
        log_event(
            log,
            state,
            "000/hero-and-antihero-cards",
            f"{_name(ctx, source)}: {describe(eff)} ({duration.value})",
            target,
        )
    return state_with_effects(state, (*state.effects, ae))


def _bonus_helps(e: Bonus, card: Card, path: Path) -> bool:
    return e.amount > 0 and when_matches(e.when, card, path)


def _difficulty_helps(e: Difficulty, card: Card, path: Path) -> bool:
    return e.amount < 0 and when_matches(e.when, card, path)


def _difficulty_hurts(e: Difficulty, card: Card, path: Path) -> bool:
    return e.amount > 0 and when_matches(e.when, card, path)


def _always(e: object, card: Card, path: Path) -> bool:
    return True


atom_rule(
    Bonus,
    words=lambda e: f"{e.amount:+d} to attempts" + when_text(e.when),
    helps=_bonus_helps,
    boost=True,
)(_lasting)
atom_rule(
    Difficulty,
    words=lambda e: f"{e.amount:+d} difficulty" + when_text(e.when),
    helps=_difficulty_helps,
    hurts=_difficulty_hurts,
)(_lasting)
atom_rule(
    TempIcon,
    words=lambda e: f"+{e.count} {e.icon.value} icon until end of turn",
    helps=lambda e, card, path: e.icon in card.abilities[:2],
    boost=True,
)(_lasting)


# ----------------------------------------------------------------------------- Experience, cards, the track


@atom_rule(GainXP, words=lambda e: f"gain {e.amount} Experience", gain=True)
def _gain_xp(call: EffectCall[GainXP]) -> GameState:
    """The target gains Experience (001 · Other Card Effects)."""
    ctx, state, eff, source, _owner, target, _duration, log = call
    if log is not None:
        log_event(
            log,
            state,
            "001/other-card-effects",
            f"{_name(ctx, source)}: gains {eff.amount} Experience",
            target,
        )
    return gain_xp(state, target, eff.amount)


@atom_rule(LoseXP, words=lambda e: f"lose {e.amount} Experience", hurts=_always)
def _lose_xp(call: EffectCall[LoseXP]) -> GameState:
    """The target loses Experience, never below zero (001 · Other Card Effects)."""
    ctx, state, eff, source, _owner, target, _duration, log = call
    if log is not None:
        log_event(
            log,
            state,
            "001/other-card-effects",
            f"{_name(ctx, source)}: loses {eff.amount} Experience",
            target,
        )
    return gain_xp(state, target, -eff.amount)


@atom_rule(DrawCards, words=lambda e: f"draw {e.count} {e.deck.value} card(s)", gain=True)
def _draw(call: EffectCall[DrawCards]) -> GameState:
    """The target draws, or chooses the deck of a "draw either" (000 · Hero and Antihero Cards)."""
    state = call.state
    for _ in range(call.effect.count):
        state = queue_draw(call.ctx, state, call.target, call.effect.deck, call.log)
    return state


@atom_rule(GainVirtue, words=lambda e: f"gain {e.amount} Virtue", gain=True)
def _virtue(call: EffectCall[GainVirtue]) -> GameState:
    """The target moves up the track (000 · Glossary: Corruption)."""
    ctx = call.ctx
    return move_track(ctx, call.state, call.target, call.effect.amount, call.log, _name(ctx, call.source))


@atom_rule(GainCorruption, words=lambda e: f"gain {e.amount} Corruption", hurts=_always)
def _corruption(call: EffectCall[GainCorruption]) -> GameState:
    """The target moves down the track (000 · Glossary: Corruption)."""
    ctx = call.ctx
    return move_track(ctx, call.state, call.target, -call.effect.amount, call.log, _name(ctx, call.source))


# ----------------------------------------------------------------------------- the attempt: Dark runes, re-attempts


def _dark_count(ctx: Context, state: GameState, eff: DarkRunes, name: str, target: int, log: Log) -> int:
    """How many of a card's free Dark runes join the attempt (option ``card_dark_runes``: ``within_limit``
    counts them against the three a turn, and those past three are lost: 000 · Dark Runes)."""
    count = eff.count
    if ctx.config.rules.card_dark_runes is CARD_DARK_RUNES_WITHIN_LIMIT:
        count = max(0, min(count, ctx.config.rules.dark_runes_per_turn - dark_runes_counted(ctx, state)))
        if count < eff.count and log is not None:
            log_event(
                log,
                state,
                "000/dark-runes",
                f"{name}: {eff.count - count} Dark rune(s) past three this turn are lost "
                "(option card_dark_runes)",
                target,
            )
    return count


@atom_rule(
    DarkRunes,
    words=lambda e: f"add {e.count} Dark rune(s) to the attempt",
    helps=lambda e, card, path: ICON_RADIANT not in path.icons,
)
def _dark_runes(call: EffectCall[DarkRunes]) -> GameState:
    """Free Dark runes join the attempt: before the cast they are cast with it; after it, in a cast of their own.

    ``000 · Special Rules``: ignored on a Radiant path. ``000 · FAQs: Card-draw result during a
    challenge`` (Embrace the Thrill "can be played before the challenge is resolved"): added
    after the cast, they are cast at once (the next step is their cast, a chance node the history
    records: :func:`calladventure.rules._cast.dark_cast`) and join it, their moons giving
    Corruption then (option ``moon_corruption``). Option ``card_dark_runes``: see :func:`_dark_count`.
    """
    ctx, state, eff, source, _owner, target, _duration, log = call
    att = state.attempt
    if att is None or att.seat != target:
        return state
    name = _name(ctx, source)
    if ICON_RADIANT in ctx.db[att.card].path(att.side).icons or att.auto:
        if log is not None:
            log_event(
                log, state, "000/special-rules", f"{name}: no Dark runes on a Radiant path; ignored", target
            )
        return state
    count = _dark_count(ctx, state, eff, name, target, log)
    if not count:
        return state
    if log is not None:
        log_event(log, state, "000/dark-runes", f"{name}: adds {count} Dark rune(s)", target)
    turn = evolve(state.turn, dark_added=state.turn.dark_added + count)
    att = evolve(att, dark_free=att.dark_free + count)
    if not att.cast:
        return evolve(state, attempt=att, turn=turn)
    return evolve(state, attempt=att, turn=turn, pending=(*state.pending, dark_cast(target, count)))


@atom_rule(Reattempt, words=lambda e: "cast the attempt's runes again")
def _reattempt(call: EffectCall[Reattempt]) -> GameState:
    """The attempt is cast again; the Corruption its cast's moons gave is ignored (000 · Glossary: Re-attempt)."""
    ctx, state, _eff, source, _owner, target, _duration, log = call
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
    return state_with_attempt(state, evolve(att, reattempt=True))


@atom_rule(CancelCorruption, words=lambda e: f"cancel {e.amount} Corruption this turn", gain=True)
def _cancel(call: EffectCall[CancelCorruption]) -> GameState:
    """Cancel Corruption of this turn: first what this attempt's moons gave at the cast, then the next to come.

    ``002 · FAQs: Loyal Friends``: one cancelled of two moons still moves the marker one down.
    """
    ctx, state, eff, _source, _owner, target, _duration, log = call
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


# ----------------------------------------------------------------------------- forced choices


@atom_rule(SacrificeAlly, words=lambda e: "sacrifice an Ally (its owner's choice)", hurts=_always)
def _sacrifice(call: EffectCall[SacrificeAlly]) -> GameState:
    """The target turns one of its Allies face down, its choice of which (000 · Glossary: Sacrifice)."""
    return ask_sacrifice(call.ctx, call.state, call.target, call.source, call.log)


@atom_rule(DiscardCard, words=lambda e: f"discard {e.count} card(s) from the hand")
def _discard(call: EffectCall[DiscardCard]) -> GameState:
    """The target discards cards from its hand, its choice of which (000 · Hero and Antihero Cards)."""
    return ask_discard(call.ctx, call.state, call.target, call.source, call.effect.count, call.log)


# ----------------------------------------------------------------------------- hooks


@atom_rule(Hook, words=lambda e: f"{e.name} (a registered hook)")
def _hook(call: EffectCall[Hook]) -> GameState:
    """A registered hook acts, with the card's parameters (:mod:`calladventure.values._hooks`)."""
    ctx, state, eff, source, owner, target, _duration, log = call
    result = HOOKS[eff.name](
        ctx=ctx, state=state, source=source, owner=owner, target=target, log=log, **eff.params
    )
    if not isinstance(result, GameState):
        raise TypeError(f"hook {eff.name!r} returned {type(result).__name__}, not a GameState")
    return result


#: ``steal_xp``'s range: at least one Experience (a negative amount would give Experience
#: away and drive the target's below zero), at most ten (001 · Other Card Effects).
STEAL_XP_BOUNDS = (1, 10)


@hook("steal_xp", params={"amount": int_param(*STEAL_XP_BOUNDS)})
def steal_xp(
    *, ctx: Context, state: GameState, source: str, owner: int, target: int, log: Log, amount: int = 1
) -> GameState:
    """The target loses up to ``amount`` Experience and the card's owner gains what was lost.

    An example of a behaviour the vocabulary cannot say in one atom (one card, two heroes;
    001 · Other Card Effects). ``amount`` is 1 … 10: anything else is refused (``HookError``)
    before the state changes.
    """
    HOOK_SPECS["steal_xp"].check({"amount": amount})
    taken = min(amount, state.players[target].xp)
    if taken == 0 or target == owner:
        return state
    players = list(state.players)
    players[target] = evolve(players[target], xp=players[target].xp - taken)
    players[owner] = evolve(players[owner], xp=players[owner].xp + taken)
    state = evolve(state, players=tuple(players))
    if log is not None:
        log_event(
            log,
            state,
            "001/other-card-effects",
            f"{_name(ctx, source)}: takes {taken} Experience from P{target + 1}",
            owner,
        )
    return state


# Every atom of the core vocabulary has its behaviour, or the package does not import.
_MISSING = atoms_without_rules()
if _MISSING:
    raise AtomError(f"the core's effect atoms {_MISSING} have no behaviour (rules/_atoms.py: atom_rule)")

__all__ = ["STEAL_XP_BOUNDS", "steal_xp"]
