"""Playing Hero and Antihero cards, and using activated powers: who may, when, on whom.

``000 · Hero and Antihero Cards``: a card is playable if the hero's track position allows its
type, at its printed timing (``000 · FAQs: Card timing``); in a timing window it waits on the
window's stack and resolves when the window closes, last played first; outside a window it
resolves at once. A played card scores at the end (``000 · Ending the Game``). ``001 · Other
Card Effects``: activated powers cost what they say, once per turn unless they say otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

from ..values.actions import PlayCard, UsePower
from ..values.cards import Card
from ..values.effects import DarkRunes, Power, Reattempt, Target, Timing, Trigger
from ..values.events import Log
from ..values.state import GameState, Player, Window, WindowKind, evolve
from .attempts import can_play_level
from .context import Context
from .effects import apply_effect, gain_xp, sacrifice_ally
from .story import meets, power_of, powers
from .table import log_event

_A = TypeVar("_A")


def interned(ctx: Context, cls: type[_A], *args: Any) -> _A:
    """Actions are immutable values: build each one once per context and reuse it (hard-parts #9)."""
    key = (cls, *args)
    action: _A | None = ctx.memo.get(key)
    if action is None:
        if len(ctx.memo) > 50_000:  # bounded: a cache of values, never state
            ctx.memo.clear()
        action = ctx.memo[key] = cls(*args)
    return action


def open_window(state: GameState) -> Window | None:
    """The timing window open now, if the top pending decision is one."""
    top = state.pending[-1] if state.pending else None
    return top if isinstance(top, Window) else None


def hand_playable(ctx: Context, state: GameState, seat: int, timings: tuple[Timing, ...]) -> list[PlayCard]:
    """Hero/Antihero cards a seat may play now, one action per legal target (000 · Hero and Antihero Cards)."""
    player = state.players[seat]
    out: list[PlayCard] = []
    attempt = state.attempt
    window = open_window(state)
    any_target: bool | None = None  # asked of the expansions only when a "you" card is in hand
    for cid in dict.fromkeys(player.hand):
        card = ctx.db[cid]
        play = card.play
        if play is None or play.timing not in timings or not can_play_level(ctx, player, card):
            continue
        if any(isinstance(e, Reattempt) for e in play.effects) and (
            window is None or window.kind is not WindowKind.AS
        ):
            continue
        if any(isinstance(e, DarkRunes) for e in play.effects) and (
            window is None or window.kind is not WindowKind.BEFORE
        ):
            continue
        if play.target is Target.SELF and any_target is None:
            any_target = any(ext.self_cards_target_any(ctx, state) for ext in ctx.expansions)
        if play.target is Target.SELF and not any_target:
            targets: Iterable[int] = (seat,)
        elif play.target is Target.ATTEMPTING_HERO:
            if attempt is None:
                continue
            targets = (attempt.seat,)
        else:
            targets = range(len(state.players))
        out.extend(interned(ctx, PlayCard, cid, t) for t in targets)
    return out


def hero_powers(ctx: Context, player: Player) -> Iterator[tuple[Card, int, Power]]:
    """The hero's powers as the expansions in play see them (001 · Other Card Effects)."""
    found: Iterable[tuple[Card, int, Power]] = powers(ctx, player)
    for ext in ctx.expansions:
        found = ext.powers(ctx, player, found)
    return iter(found)


def usable_powers(ctx: Context, state: GameState, seat: int, timings: tuple[Timing, ...]) -> list[UsePower]:
    """Activated powers the seat may use now (001 · Other Card Effects)."""
    player = state.players[seat]
    out: list[UsePower] = []
    for card, index, power in hero_powers(ctx, player):
        if power.trigger is not Trigger.ACTIVATED or power.window not in timings:
            continue
        key = f"{card.id}:{index}"
        if power.once_per_turn and key in state.turn.used_powers:
            continue
        if player.xp < power.cost_xp or not meets(ctx, state, seat, power.requires):
            continue
        if any(isinstance(e, Reattempt | DarkRunes) for e in power.effects) and state.attempt is None:
            continue
        out.append(interned(ctx, UsePower, card.id, index))
    return out


def resolve_card(ctx: Context, state: GameState, seat: int, cid: str, target: int, log: Log) -> GameState:
    """A played card takes effect on its target (000 · Hero and Antihero Cards)."""
    card = ctx.db[cid]
    play = card.play
    if play is None:
        return state
    if log is not None:
        log_event(
            log, state, "000/hero-and-antihero-cards", f"{card.name} takes effect on P{target + 1}", seat
        )
    for eff in play.effects:
        state = apply_effect(ctx, state, eff, cid, seat, target, play.duration, log)
    return state


def play_card(ctx: Context, state: GameState, seat: int, action: PlayCard, log: Log) -> GameState:
    """Move the card from hand to played; in a window it waits on the stack, otherwise it resolves."""
    player = state.players[seat]
    hand = list(player.hand)
    hand.remove(action.card)
    players = list(state.players)
    players[seat] = evolve(player, hand=tuple(hand), played=(*player.played, action.card))
    card = ctx.db[action.card]
    window = open_window(state)
    if window is not None:
        # In a window the card waits on its stack (000 · Hero and Antihero Cards: reverse order).
        window = evolve(window, stack=(*window.stack, (seat, action.card, action.target)))
        state = evolve(state, players=tuple(players), pending=(*state.pending[:-1], window))
        if log is not None:
            log_event(
                log, state, "000/hero-and-antihero-cards", f"plays {card.name} on P{action.target + 1}", seat
            )
        return state
    state = evolve(state, players=tuple(players))
    if log is not None:
        log_event(
            log, state, "000/hero-and-antihero-cards", f"plays {card.name} on P{action.target + 1}", seat
        )
    return resolve_card(ctx, state, seat, action.card, action.target, log)


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
    if log is not None:
        log_event(
            log,
            state,
            "001/other-card-effects",
            f"uses {card.name}: {power.text or card.text or 'its power'}",
            seat,
        )
    if power.sacrifice:
        for i, ally in enumerate(state.players[seat].allies):
            if ally.card == card.id and not ally.sacrificed:
                state = sacrifice_ally(ctx, state, seat, i, log)
                break
    for eff in power.effects:
        state = apply_effect(ctx, state, eff, card.id, seat, seat, power.duration, log)
    return state


__all__ = [
    "hand_playable",
    "hero_powers",
    "interned",
    "open_window",
    "play_card",
    "resolve_card",
    "usable_powers",
    "use_power",
]
