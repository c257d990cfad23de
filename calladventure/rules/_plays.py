"""Playing Hero and Antihero cards, and using activated powers: who may, when, on whom.

``000 · Hero and Antihero Cards``: a card is playable if the hero's track position allows its
type, at its printed timing (``000 · FAQs: Card timing``), on the heroes its words allow
(:mod:`calladventure.rules._targets`); it waits on a window's stack and resolves when the window
closes, last played first (:mod:`calladventure.rules._windows`). A played card scores at the end
(``000 · Ending the Game``). ``001 · Other Card Effects``: activated powers cost what they say,
once per turn unless they say otherwise, and act at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

from ..values._actions import PlayCard, UsePower
from ..values._cards import Card
from ..values._effects import DarkRunes, Play, Power, Reattempt, Timing
from ..values._events import Log
from ..values._members import TARGET_SELF, TARGET_YOUR_TURN, TRIGGER_ACTIVATED
from ..values._state import GameState, Player, Window, WindowKind, evolve
from ._attempts import can_play_level
from ._context import Context
from ._effects import apply_effect, gain_xp, sacrifice_ally
from ._story import meets, power_of, powers, story_memo
from ._table import log_event
from ._targets import play_targets, power_targets, you_means_any

#: The timings of the cards and powers of the main phase (000 · Hero and Antihero Cards).
MAIN_TIMINGS = (Timing.MAIN, Timing.ANY_TIME)

_A = TypeVar("_A")


def interned(ctx: Context, cls: type[_A], *args: Any) -> _A:
    """Actions are immutable values: build each one once per context and reuse it (docs/design.md § Speed without shortcuts)."""
    key = (cls, *args)
    action: _A | None = ctx.memo.get(key)
    if action is None:
        action = ctx.remember(key, cls(*args))
    return action


def per_card(ctx: Context, cls: type[_A], *args: Any) -> dict[str, _A]:
    """The actions of ``cls`` (with ``args`` after the card) by card id, shared by the games of a context.

    The caller builds each action once, the first time it is asked for (docs/design.md § Speed without shortcuts).
    """
    key = ("per-card", cls, *args)
    table: dict[str, _A] | None = ctx.memo.get(key)
    if table is None:
        table = ctx.remember(key, {})
    return table


def open_window(state: GameState) -> Window | None:
    """The timing window open now, if the top pending decision is one."""
    top = state.pending[-1] if state.pending else None
    return top if isinstance(top, Window) else None


def _fits(play: Play, state: GameState, window: Window | None, targets: tuple[int, ...]) -> tuple[int, ...]:
    """The targets left once the card's effects are checked against the moment (000 · FAQs: Card timing).

    A re-attempt needs the "as any hero attempts" window; Dark runes an attempt under way, before
    or after its cast (they are then cast at once: 000 · FAQs: Card-draw result during a challenge), and they go
    to the attempting hero.
    """
    reattempt = dark = False
    for e in play.effects:
        if isinstance(e, Reattempt):
            reattempt = True
        elif isinstance(e, DarkRunes):
            dark = True
    if not (reattempt or dark):
        return targets
    kind = window.kind if window is not None else None
    if reattempt and kind is not WindowKind.AS:
        return ()
    if dark and kind is not WindowKind.BEFORE and kind is not WindowKind.AS:
        return ()
    att = state.attempt
    return tuple(t for t in targets if att is not None and t == att.seat)


def _candidates(ctx: Context, player: Player, timings: tuple[Timing, ...]) -> tuple[tuple[str, Play], ...]:
    """Each card of the hand (once) printed with one of ``timings`` whose type the position allows.

    A hand and a track position are values, so the answer is worked out once for each
    (000 · Hero and Antihero Cards; 000 · FAQs: Card timing).
    """
    hand = player.hand
    key = (hand, player.level, timings)
    table = ctx.table("candidates")
    hit: tuple[tuple[str, Play], ...] | None = table.get(key)
    if hit is not None:
        return hit
    db = ctx.db
    found: list[tuple[str, Play]] = []
    for cid in dict.fromkeys(hand):
        card = db[cid]
        play = card.play
        if play is not None and play.timing in timings and can_play_level(ctx, player, card):
            found.append((cid, play))
    return ctx.keep(table, key, tuple(found))


def hand_playable(
    ctx: Context, state: GameState, seat: int, timings: tuple[Timing, ...] = MAIN_TIMINGS
) -> list[PlayCard]:
    """Hero/Antihero cards a seat may play now, one action per legal target (000 · Hero and Antihero Cards).

    The timing must be one of ``timings`` (by default the main phase's), the track position must allow the card's type, and
    the card's words say whom it may target (:mod:`calladventure.rules._targets`).
    """
    player = state.players[seat]
    out: list[PlayCard] = []
    if not player.hand:
        return out
    candidates = _candidates(ctx, player, timings)
    if not candidates:  # the common case
        return out
    window = open_window(state)
    you_any: bool | None = None  # asked of the expansions only when a "you" card is in hand
    for cid, play in candidates:
        if you_any is None and (play.target is TARGET_SELF or play.target is TARGET_YOUR_TURN):
            you_any = you_means_any(ctx, state)
        targets = _fits(play, state, window, play_targets(ctx, state, seat, play, bool(you_any)))
        for t in targets:
            out.append(interned(ctx, PlayCard, cid, t))
    return out


def hero_powers(ctx: Context, player: Player) -> Iterator[tuple[Card, int, Power]]:
    """The hero's powers as the expansions in play see them (001 · Other Card Effects)."""
    found: Iterable[tuple[Card, int, Power]] = powers(ctx, player)
    for ext in ctx.expansions:
        found = ext.powers(ctx, player, found)
    return iter(found)


#: An activated power as :func:`usable_powers` checks it: (card, index, power, on its owner only,
#: its once-a-turn key, whether it needs an attempt under way, the action when on its owner only).
_Usable = tuple[Card, int, Power, bool, str, bool, UsePower | None]


def _prepared(
    ctx: Context, found: Iterable[tuple[Card, int, Power]], timings: tuple[Timing, ...]
) -> tuple[_Usable, ...]:
    """The activated powers among ``found`` usable at one of ``timings`` (001 · Other Card Effects)."""
    out: list[_Usable] = []
    for card, index, power in found:
        if power.trigger is not TRIGGER_ACTIVATED or power.window not in timings:
            continue
        mine = power.target is TARGET_SELF  # the common case: the owner's power, on its turn
        focus = False
        for e in power.effects:
            if isinstance(e, Reattempt | DarkRunes):
                focus = True
                break
        own = interned(ctx, UsePower, card.id, index) if mine else None
        out.append((card, index, power, mine, f"{card.id}:{index}", focus, own))
    return tuple(out)


def _activated(
    ctx: Context, player: Player, timings: tuple[Timing, ...], memo: dict[Any, Any]
) -> tuple[_Usable, ...]:
    """The hero's activated powers at one of ``timings``, worked out once per Story and kept in ``memo``.

    ``memo``: the Story's cache (:func:`~calladventure.rules._story.story_memo`), where
    :func:`usable_powers` reads the answer first; ``timings`` is the only key plays keeps there.
    The boxes' :meth:`~calladventure.rules._expansion.Expansion.powers` read the hero's Story only
    (the Character cards, the Destiny face up or down, the Story and the Allies), as that cache does.
    """
    printed = (
        hero_powers(ctx, player) if ctx.expansions and ctx.boxes_override("powers") else powers(ctx, player)
    )
    found = memo[timings] = _prepared(ctx, printed, timings)
    return found


def usable_powers(
    ctx: Context, state: GameState, seat: int, timings: tuple[Timing, ...] = MAIN_TIMINGS
) -> list[UsePower]:
    """Activated powers the seat may use now, on each hero they may help, at one of ``timings`` (by
    default the main phase's) (001 · Other Card Effects)."""
    player = state.players[seat]
    out: list[UsePower] = []
    memo = story_memo(ctx, player)
    found: tuple[_Usable, ...] | None = memo.get(timings)  # read here: no call once worked out
    if found is None:
        found = _activated(ctx, player, timings, memo)
    if not found:
        return out
    own_turn = state.turn.seat == seat
    used = state.turn.used_powers
    for card, index, power, mine, key, focus, own in found:
        if mine and not own_turn:
            continue
        if power.once_per_turn and key in used:
            continue
        if player.xp < power.cost_xp or (
            power.requires is not None and not meets(ctx, state, seat, power.requires)
        ):
            continue
        if focus and state.attempt is None:
            continue
        if own is not None:
            out.append(own)
        else:
            out.extend(
                interned(ctx, UsePower, card.id, index, t) for t in power_targets(ctx, state, seat, power)
            )
    return out


def resolve_card(ctx: Context, state: GameState, seat: int, cid: str, target: int, log: Log) -> GameState:
    """A played card takes effect on its target (000 · Hero and Antihero Cards)."""
    card = ctx.db[cid]
    play = card.play
    if play is None:
        return state
    if log is not None:
        log_event(
            log,
            state,
            "000/hero-and-antihero-cards",
            f"{card.name} takes effect on {ctx.config.name(target)}",
            seat,
        )
    for eff in play.effects:
        state = apply_effect(ctx, state, eff, cid, seat, target, play.duration, log)
    return state


def take_card(ctx: Context, state: GameState, seat: int, action: PlayCard, log: Log) -> GameState:
    """The card goes from the hand to the cards played beside the Story (000 · Hero and Antihero Cards)."""
    player = state.players[seat]
    hand = list(player.hand)
    hand.remove(action.card)
    players = list(state.players)
    players[seat] = evolve(player, hand=tuple(hand), played=(*player.played, action.card))
    state = evolve(state, players=tuple(players))
    if log is not None:
        name = ctx.db[action.card].name
        window = open_window(state)
        waiting = f" (on the stack: {len(window.stack) + 1} card(s))" if window and window.stack else ""
        log_event(
            log,
            state,
            "000/hero-and-antihero-cards",
            f"plays {name} on {ctx.config.name(action.target)}{waiting}",
            seat,
        )
    return state


def use_power(ctx: Context, state: GameState, seat: int, action: UsePower, log: Log) -> GameState:
    """Pay for and apply an activated power (001 · Other Card Effects; 000 · Glossary: Sacrifice)."""
    player = state.players[seat]
    card = ctx.db[action.card]
    side_path = None
    for t in player.story_cards():
        if t.card == card.id:
            side_path = card.path(t.side)
    power = power_of(ctx, card, action.index, side_path)
    for ext in ctx.expansions:
        state = ext.power_used(ctx, state, seat, card, log)
    key = f"{card.id}:{action.index}"
    state = evolve(state, turn=evolve(state.turn, used_powers=(*state.turn.used_powers, key)))
    if power.cost_xp:
        state = gain_xp(state, seat, -power.cost_xp)
    target = seat if action.target is None else action.target
    if log is not None:
        on = f" on {ctx.config.name(target)}" if target != seat else ""
        log_event(
            log,
            state,
            "001/other-card-effects",
            f"uses {card.name}{on}: {power.text or card.text or 'its power'}",
            seat,
        )
    if power.sacrifice:
        for i, ally in enumerate(state.players[seat].allies):
            if ally.card == card.id and not ally.sacrificed:
                state = sacrifice_ally(ctx, state, seat, i, log)
                break
    for eff in power.effects:
        state = apply_effect(ctx, state, eff, card.id, seat, target, power.duration, log)
    return state


__all__ = [
    "MAIN_TIMINGS",
    "hand_playable",
    "hero_powers",
    "interned",
    "open_window",
    "per_card",
    "resolve_card",
    "take_card",
    "usable_powers",
    "use_power",
]
