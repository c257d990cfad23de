"""Gaining a card: tucking it into the Story, what its path gives at once, the end of an Act.

``000 · Gain a Trait`` and ``000 · Attempt a Challenge``: a gained trait or challenge goes under
the current Character card with the chosen path showing; the path's Virtue and Corruption
marks move the track, its Hero/Antihero marks draw cards, its Experience is gained and its
on-gain powers act. ``000 · Ending An Act``: three cards under a Character complete its Act;
three under the Destiny start the final turns (``000 · Ending the Game``). A taken card is
replaced at once or at the end of the turn (option ``refill``).
"""

from __future__ import annotations

from ..values._cards import Card, CardType, Path, Side
from ..values._copies import new_tucked, player_with_story, state_with_players, state_with_players_rows
from ..values._effects import Power, Trigger
from ..values._events import Log
from ..values._members import ICON_CORRUPTION, ICON_RADIANT, ICON_VIRTUE, REFILL_IMMEDIATE
from ..values._runes import Draw
from ..values._state import GameState, Row, evolve
from ._context import Context
from ._effects import apply_effect, fire, gain_xp, move_track, queue_draw
from ._table import fill_slot, log_event, players_putting, set_player

_UNDER = ("Origin", "Motivation", "Destiny")


def gain_path_rewards(
    ctx: Context, state: GameState, seat: int, card: Card, path: Path, log: Log
) -> GameState:
    """What gaining a path does at once: Virtue/Corruption, draws, Experience, on-gain powers, Radiant triggers."""
    moves, draws, on_gain, radiant = _path_rewards(card, path)
    for delta in moves:
        state = move_track(ctx, state, seat, delta, log, card.name)
    for deck in draws:
        state = queue_draw(ctx, state, seat, deck, log)
    if path.xp:
        if log is not None:
            log_event(log, state, "000/attempt-a-challenge", f"{card.name}: gains {path.xp} Experience", seat)
        state = gain_xp(state, seat, path.xp)
    for power in on_gain:
        for eff in power.effects:
            state = apply_effect(ctx, state, eff, card.id, seat, seat, power.duration, log)
    for _ in range(radiant):  # 000 · FAQs: Whenever a Radiant icon is added
        state = fire(ctx, state, seat, Trigger.ON_RADIANT_ADDED, log)
    return state


#: What gaining a path gives: (track moves, draws, on-gain powers, Radiant icons).
_Rewards = tuple[tuple[int, ...], tuple[Draw, ...], tuple[Power, ...], int]


def _path_rewards(card: Card, path: Path) -> _Rewards:
    """The Virtue (+1) and Corruption (-1) moves, draws, on-gain powers and Radiant count of a path."""
    moves = tuple(
        1 if icon is ICON_VIRTUE else -1
        for icon in path.icons
        if icon is ICON_VIRTUE or icon is ICON_CORRUPTION
    )
    on_gain = tuple(p for p in (*card.powers, *path.powers) if p.trigger is Trigger.ON_GAIN)
    return moves, path.draws, on_gain, path.count(ICON_RADIANT)


def tuck(
    ctx: Context,
    state: GameState,
    seat: int,
    card: Card,
    side: Side,
    log: Log,
    rows: tuple[Row, ...] | None = None,
) -> GameState:
    """Place a gained card under the current Character card (000 · Gain a Trait; 000 · Ending An Act).

    ``rows``: the table's rows once the card has left its slot, changed in the same copy of the state.
    """
    player = state.players[seat]
    act_before = player.act
    index = act_before - 1
    story = list(player.story)
    story[index] = (*story[index], new_tucked(card.id, side))
    players = players_putting(state, seat, player_with_story(player, tuple(story)))
    state = (
        state_with_players(state, players) if rows is None else state_with_players_rows(state, players, rows)
    )
    if log is not None:
        section = "000/gain-a-trait" if card.type is CardType.TRAIT else "000/attempt-a-challenge"
        log_event(log, state, section, f"tucks {card.name} ({side.value}) under the {_UNDER[index]}", seat)
    state = gain_path_rewards(ctx, state, seat, card, card.path(side), log)
    player = state.players[seat]
    act = player.act
    if act == act_before:
        return state
    if log is not None:
        log_event(log, state, "000/ending-an-act", f"completes Act {act_before}", seat)
    if act == 3 and player.destiny and not player.destiny_revealed and ctx.db[player.destiny].radiant:
        state = set_player(state, seat, destiny_revealed=True)
        if log is not None:
            log_event(log, state, "000/special-rules", "begins Act III: reveals the Radiant Destiny", seat)
    if act <= 3:
        for ext in ctx.expansions:
            state = ext.act_begins(ctx, state, seat, act, log)
    if act == 4 and state.final_turns is None:
        n = len(state.players)
        others = tuple((seat + k) % n for k in range(1, n))
        state = evolve(state, final_turns=others, closed_by=seat)
        if log is not None:
            log_event(
                log,
                state,
                "000/ending-the-game",
                "has three cards under the Destiny: every other hero takes a final turn",
                seat,
            )
    return state


def after_take(ctx: Context, state: GameState, act: int, index: int, log: Log) -> GameState:
    """Replace a table card now, or at end of turn (option ``refill``; 001 · Attempt a Challenge)."""
    if ctx.config.rules.refill is REFILL_IMMEDIATE:
        return fill_slot(ctx, state, act, index, state.turn.seat, log)
    return evolve(state, turn=evolve(state.turn, refill=(*state.turn.refill, (act, index))))


__all__ = ["after_take", "gain_path_rewards", "tuck"]
