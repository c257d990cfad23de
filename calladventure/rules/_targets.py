"""Whom a card or a power may be played on now: the card's own words.

``000 · Hero and Antihero Cards``: "When a card says it can affect 'any hero,' it means any hero
including your own". A card that says "you" is its owner's: "before you attempt" and "as you
attempt" only in the owner's own attempt (``000 · FAQs: Card-draw result during a challenge``:
"You cannot use the card if it says you must 'play this before you attempt a challenge'"), "on
your turn" only on the owner's turn, and any other "you" on the owner's hero. "That hero" is the
hero whose attempt is under way. ``000 · Expanding Your Adventure``: with combined sets in co-op,
a card that targets "you" may target any hero (an expansion says so:
``Expansion.self_cards_target_any``).

Activated powers are used on their owner's turn (``001 · Other Card Effects``: "effects that you
may activate during your turn"), unless the power helps another hero ("before any hero attempts
… that hero", or "any hero"), as Stoneward's and Bondsmith's do for teammates.
"""

from __future__ import annotations

from ..values._cards import Card
from ..values._effects import Play, Power, Target, Timing
from ..values._members import TARGET_ANY_HERO, TARGET_ATTEMPTING_HERO, TARGET_YOUR_TURN
from ..values._state import GameState
from ._context import Context

#: The timings of an attempt's windows: a "you" card of these timings helps its owner's own attempt.
ATTEMPT_TIMINGS = (Timing.BEFORE_ATTEMPT, Timing.AS_ATTEMPT)

_ANY_HERO = '000 · Hero and Antihero Cards: "any hero" means any hero including your own'
_BEFORE_YOU = (
    '000 · FAQs: Card-draw result during a challenge: "You cannot use the card if it says you must '
    "'play this before you attempt a challenge'\""
)


def you_means_any(ctx: Context, state: GameState) -> bool:
    """Whether "you" cards may target any hero in this game (000 · Expanding Your Adventure)."""
    # A loop, not any() over a generator (in this Python a call of its own): it is asked at every listing.
    for ext in ctx.expansions:  # noqa: SIM110
        if ext.self_cards_target_any(ctx, state):
            return True
    return False


def play_targets(
    ctx: Context, state: GameState, seat: int, play: Play, you_any: bool | None = None
) -> tuple[int, ...]:
    """The seats ``seat`` may play a card with this ``play`` on now (its timing is checked elsewhere)."""
    target = play.target
    att = state.attempt
    if target is TARGET_ATTEMPTING_HERO:
        return (att.seat,) if att is not None else ()
    n = len(state.players)
    if target is TARGET_ANY_HERO:
        return tuple(range(n))
    if you_any is None:
        you_any = you_means_any(ctx, state)
    if target is TARGET_YOUR_TURN:
        if state.turn.seat != seat:
            return ()
        return tuple(range(n)) if you_any else (seat,)
    if play.timing in ATTEMPT_TIMINGS:  # "before you attempt", "as you attempt"
        if att is None:
            return ()
        if att.seat == seat:
            return (seat,)
        return (att.seat,) if you_any else ()
    return tuple(range(n)) if you_any else (seat,)


def target_refusal(ctx: Context, state: GameState, seat: int, card: Card, target: int) -> str | None:
    """Why ``seat`` may not play ``card`` on ``target`` now, quoting the rule; None when it may."""
    play = card.play
    if play is None:
        return f"{card.name} is not played from the hand"
    if target in play_targets(ctx, state, seat, play):
        return None
    n = len(state.players)
    if not 0 <= target < n:
        return f"there is no P{target + 1}: this game has {n} hero(es)"
    att = state.attempt
    if play.target is Target.ATTEMPTING_HERO:
        if att is None:
            return f'{card.name} is played on "that hero", the one attempting, and no attempt is under way'
        return (
            f'{card.name} is played on "that hero", the one attempting: {ctx.config.name(att.seat)}, not {ctx.config.name(target)} '
            "(000 · FAQs: Card timing)"
        )
    if play.target is Target.YOUR_TURN and state.turn.seat != seat:
        return (
            f'{card.name} says "on your turn": {ctx.config.name(seat)} may play it only on their own turn, and this is '
            f"{ctx.config.name(state.turn.seat)}'s (000 · FAQs: Card timing)"
        )
    if play.target is Target.SELF and play.timing in ATTEMPT_TIMINGS:
        if att is None:
            return f'{card.name} says "you attempt" and no attempt is under way'
        if att.seat != seat:
            return (
                f'{card.name} says "you attempt": it helps only its owner\'s own attempt, and this attempt is '
                f"{ctx.config.name(att.seat)}'s ({_BEFORE_YOU})"
            )
    return (
        f'{card.name} says "you": {ctx.config.name(seat)} plays it on their own hero, not on {ctx.config.name(target)}; only '
        f'"any hero" cards target another hero ({_ANY_HERO})'
    )


def power_targets(ctx: Context, state: GameState, seat: int, power: Power) -> tuple[int | None, ...]:
    """Whom ``seat`` may use an activated power on now: None for itself, else a seat (empty: not now).

    A "you" power, and any power used outside an attempt ("on your turn"), belongs to its owner's
    turn (001 · Other Card Effects); "before any hero attempts … that hero" helps the attempting
    hero on any turn; "any hero" the hero of the owner's choice.
    """
    own_turn = state.turn.seat == seat
    target = power.target
    if target in (Target.SELF, Target.YOUR_TURN) or power.window is Timing.MAIN:
        if not own_turn:
            return ()
        if target is Target.ANY_HERO:
            return (None, *(s for s in range(len(state.players)) if s != seat))
        return (None,)
    att = state.attempt
    if target is Target.ATTEMPTING_HERO:
        if att is None:
            return ()
        return (None,) if att.seat == seat else (att.seat,)
    return (None, *(s for s in range(len(state.players)) if s != seat))


def power_refusal_reason(ctx: Context, state: GameState, seat: int, power: Power) -> str:
    """Why a power's owner may not use it now, when its timing and cost are not the reason."""
    if power.target in (Target.SELF, Target.YOUR_TURN) or power.window is Timing.MAIN:
        return (
            f"{ctx.config.name(seat)} uses this power on their own turn, and this is {ctx.config.name(state.turn.seat)}'s "
            '(001 · Other Card Effects: "effects that you may activate during your turn")'
        )
    return "that power helps the hero attempting, and no attempt is under way (001 · Other Card Effects)"


__all__ = [
    "ATTEMPT_TIMINGS",
    "play_targets",
    "power_refusal_reason",
    "power_targets",
    "target_refusal",
    "you_means_any",
]
