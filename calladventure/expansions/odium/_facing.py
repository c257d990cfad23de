"""Facing the Adversary at the end of a co-op or solo game (000 · Facing Odium).

After the final turns every hero who is not loyal to Odium faces him, the hero who closed the
game first: two abilities of six against Odium, all their runes cast and no Dark runes; the
core game's own abilities, with Dark runes, against the core Adversary. Each success above
the difficulty removes one of Odium's tokens. Option ``odium_facing``: in a turn of its own
(play cards, then end the turn) or straight after the last turn (open question 7).
"""

from __future__ import annotations

from itertools import combinations

from ...rules._attempts import attempt_math, dark_runes_allowed
from ...rules._context import Context
from ...rules._flow import end_turn_effects, game_over, start_turn
from ...rules._resolve import cast_total, end_attempt, moons_at_resolution
from ...rules._table import log_event, set_player
from ...rules._windows import window_for
from ...values._cards import Side
from ...values._events import Log
from ...values._icons import ABILITIES
from ...values._state import Attempt, AwaitCast, GameState, Turn, WindowKind, evolve
from ._actions import FaceOdium
from ._cards import goal, is_odium_style
from ._options import ODIUM_FACING, OdiumFacing
from ._outcome import coop_result
from ._reveal import discard_revealed
from ._state import KEY, FaceResult, odium_of, with_odium


def facing_options(ctx: Context, state: GameState, seat: int) -> list[FaceOdium]:
    """The ways to face the Adversary: two abilities of six against Odium; Dark runes against the core Adversary."""
    od = odium_of(state)
    assert od is not None
    card = ctx.db[od.adversary]
    if is_odium_style(card):
        return [FaceOdium(pair) for pair in combinations(ABILITIES, 2)]
    allowed = dark_runes_allowed(ctx, state, seat, card.path(Side.TOP))
    return [FaceOdium((), k) for k in range(allowed + 1)]


def face(ctx: Context, state: GameState, action: FaceOdium, log: Log) -> GameState:
    """Declare the attempt against the Adversary: windows for cards, then the cast (000 · Facing Odium)."""
    od = odium_of(state)
    assert od is not None
    seat = state.turn.seat
    card = ctx.db[od.adversary]
    if action.dark:
        state = set_player(state, seat, xp=state.players[seat].xp - action.dark)
    att = Attempt(
        against=KEY,
        seat=seat,
        card=card.id,
        act=0,
        slot=0,
        side=Side.TOP,
        dark_bought=action.dark,
        abilities=tuple(action.abilities),
    )
    turn = evolve(state.turn, attempted=True, dark_bought=state.turn.dark_bought + action.dark)
    state = evolve(state, attempt=att, turn=turn)
    if log is not None:
        how = (
            " and ".join(a.value.capitalize() for a in action.abilities)
            if action.abilities
            else "/".join(a.value.capitalize() for a in card.abilities)
        )
        log_event(log, state, "000/facing-odium", f"faces {card.name} with {how}", seat)
    # The cast waits under the "before any hero attempts" window (000 · FAQs: Card timing).
    window = window_for(state, WindowKind.BEFORE, seat)
    return evolve(state, pending=(*state.pending, AwaitCast(seat), window))


def resolve_facing(ctx: Context, state: GameState, log: Log) -> GameState:
    """Resolve an attempt against the Adversary: success, and one token removed per success above its difficulty."""
    att = state.attempt
    od = odium_of(state)
    assert att is not None and od is not None
    seat = att.seat
    card = ctx.db[att.card]
    successes, corruption = cast_total(ctx, state)
    math = attempt_math(ctx, state, att)
    total = successes + math.bonus
    state = end_attempt(state, seat)
    state = moons_at_resolution(ctx, state, seat, corruption, log)
    od = odium_of(state)
    assert od is not None
    success = total >= math.difficulty
    removed = 0
    if success and is_odium_style(card):
        removed = min(od.tokens, total - math.difficulty)
    result = FaceResult(seat, att.abilities, total, math.difficulty, success, removed)
    od = evolve(od, tokens=od.tokens - removed, lost=od.lost + removed, faced=(*od.faced, result))
    state = with_odium(state, od)
    if log is not None:
        word = "defeats" if success else "fails against"
        extra = f"; {removed} token(s) removed, {od.tokens} left" if is_odium_style(card) else ""
        log_event(
            log,
            state,
            "000/facing-odium",
            f"{word} {card.name}: {total} vs difficulty {math.difficulty}{extra}",
            seat,
        )
    if ctx.config.rules.option(ODIUM_FACING) is OdiumFacing.AFTER_LAST_TURN:
        return next_facer(ctx, discard_revealed(ctx, state, log), log)
    return state


def begin_facing(ctx: Context, state: GameState, log: Log) -> GameState:
    """After the final turns, the heroes face the Adversary, the hero who closed the game first (000 · Facing Odium)."""
    od = odium_of(state)
    assert od is not None
    n = len(state.players)
    start = state.closed_by if state.closed_by is not None else state.turn.seat
    order = tuple(s for s in ((start + k) % n for k in range(n)) if s not in od.loyalists)
    state = with_odium(state, evolve(od, stage="facing", facing=order))
    if log is not None:
        who = ", ".join(f"P{s + 1}" for s in order) or "no hero"
        log_event(
            log,
            state,
            "000/facing-odium",
            f"the final turns are over: {who} face {ctx.db[od.adversary].name}",
        )
    return next_facer(ctx, state, log)


def next_facer(ctx: Context, state: GameState, log: Log) -> GameState:
    """Start the next hero's attempt against the Adversary, or end the game when every hero has faced it."""
    od = odium_of(state)
    assert od is not None
    if not od.facing:
        return finish(ctx, state, log)
    seat, rest = od.facing[0], od.facing[1:]
    state = with_odium(state, evolve(od, facing=rest))
    number = state.turn.number + 1
    if ctx.config.rules.option(ODIUM_FACING) is OdiumFacing.OWN_TURN:
        if log is not None:
            log_event(log, state, "000/facing-odium", "uses this turn to face the Adversary", seat)
        return start_turn(ctx, state, seat, number, log)
    # option "after_last_turn": no turn of its own; this turn's effects end first (000 · Ending Your Turn).
    state = evolve(end_turn_effects(state), turn=Turn(seat=seat, number=number))
    if log is not None:
        log_event(log, state, "000/facing-odium", "faces the Adversary", seat)
    return state


def finish(ctx: Context, state: GameState, log: Log) -> GameState:
    """The end of a co-op or solo game: revealed cards discarded, then scoring (000 · Winning the Solo or Co-op Game)."""
    state = discard_revealed(ctx, state, log)
    state = game_over(ctx, state, log)
    if log is not None:
        result = coop_result(ctx, state)
        if result is not None:
            log_event(log, state, "000/winning-the-solo-or-co-op-game", result.reason)
    return state


def end_turn(ctx: Context, state: GameState, log: Log) -> tuple[GameState, bool]:
    """The co-op part of the end of a turn; True when it decided what comes next (facing, or the end)."""
    state = discard_revealed(ctx, state, log)
    od = odium_of(state)
    assert od is not None
    card = ctx.db[od.adversary]
    if not is_odium_style(card) and od.tokens >= goal(ctx):
        state = with_odium(state, evolve(od, overrun=True))
        if log is not None:
            log_event(
                log,
                state,
                "INDEX/core-solo-co-op",
                f"{card.name} reaches its Experience goal ({od.tokens} of {goal(ctx)}): the Adversary wins",
            )
        return finish(ctx, state, log), True
    if od.stage == "facing":
        return next_facer(ctx, state, log), True
    if state.final_turns is not None and not state.final_turns:
        return begin_facing(ctx, state, log), True
    return state, False


__all__ = [
    "begin_facing",
    "end_turn",
    "face",
    "facing_options",
    "finish",
    "next_facer",
    "resolve_facing",
]
