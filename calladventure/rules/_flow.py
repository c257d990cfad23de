"""Turn flow: starting and ending turns, the final turns, the end of the game, and settling.

``000 · Each Turn`` / ``000 · Ending Your Turn``: effects of the turn end, table slots waiting
for a refill are filled; the next seat plays. ``000 · Ending An Act``: the first hero to finish
an Act reveals the next row at the start of its turn. ``000 · Ending the Game``: once a hero
has three cards under its Destiny, every other hero takes a final turn, then every Destiny is
revealed and scored. Expansions may decide what follows a turn (``Expansion.end_turn``).

:func:`settle` resolves what needs no decision after every action: windows where nobody has
anything (more) to play, and their stacks, card by card (then the cast, the attempt's
resolution, or the end of the turn: ``000 · Hero and Antihero Cards``); Allies with fewer than
two places to go; single-choice Character cards; and the start of play once setup is done.

:func:`apply` applies a legal action: its kind's ``apply`` (:mod:`.kinds`), then :func:`settle`.
It does not check legality (:func:`calladventure.rules._legal.check` does); it returns the new
state and the action as it happened (a ``cast`` becomes ``cast`` with its faces, so the history
alone replays the game: docs/design.md, "Chance as actions"). A box's actions are declared by
the box (``Expansion.action_kinds``) and apply the same way.
"""

from __future__ import annotations

from ..values._actions import Action
from ..values._copies import (
    active_with_waiting,
    state_with_effects,
    state_with_turn_effects,
    turn_with_seat_number,
)
from ..values._events import Log
from ..values._illegal import IllegalActionError
from ..values._members import (
    DURATION_GAME,
    PHASE_SETUP,
    TRIGGER_ON_TURN_START,
    WINDOW_KIND_AS,
    WINDOW_KIND_END,
)
from ..values._state import (
    ChooseCharacter,
    GameState,
    Phase,
    PlaceAlly,
    Turn,
    Window,
    evolve,
)
from ._characters import character_options, keep_character
from ._context import Context
from ._effects import fire
from ._table import ally_targets, fill_slot, log_event, place_ally, reveal_row
from ._windows import after_attempt_window, close_step, trim_window

#: A turn as it begins (a new turn is this with its seat and number: one copy, not a call of ``Turn``).
_NEW_TURN = Turn(seat=0)


def end_turn_effects(state: GameState) -> GameState:
    """This turn's effects end; those that wait for a later turn stay (000 · Ending Your Turn)."""
    effects = state.effects
    for e in effects:  # a loop first, not a new tuple: most turns end no effect (hot: every turn)
        if not (e.duration is DURATION_GAME or e.waiting):
            return state_with_effects(
                state, tuple(e for e in effects if e.duration is DURATION_GAME or e.waiting)
            )
    return state


def start_turn(ctx: Context, state: GameState, seat: int, number: int, log: Log) -> GameState:
    """Begin ``seat``'s turn: its waiting effects wake, the next row may be revealed, start-of-turn powers act."""
    effects = state.effects
    for e in effects:  # a loop, not any(): most often nothing wakes (hot: every turn)
        if e.waiting and e.target == seat:
            effects = tuple(
                active_with_waiting(e, False) if e.waiting and e.target == seat else e for e in effects
            )
            break
    state = state_with_turn_effects(state, turn_with_seat_number(_NEW_TURN, seat, number), effects)
    if log is not None:
        log_event(log, state, "000/each-turn", f"turn {number} begins", seat)
    reached = state.players[seat].act
    if reached > 1:
        for act in (1, 2):
            if reached > act and not state.rows[act].revealed:
                # 000 · Ending An Act: the first to finish an Act reveals the next row at the start of their turn.
                state = reveal_row(ctx, state, act + 1, seat, log)
    return fire(ctx, state, seat, TRIGGER_ON_TURN_START, log)


def end_turn(ctx: Context, state: GameState, log: Log) -> GameState:
    """End the active seat's turn; start the next, a final turn, or end the game (000 · Ending Your Turn)."""
    seat = state.turn.seat
    if log is not None:
        log_event(log, state, "000/ending-your-turn", "ends the turn: effects of this turn end", seat)
    state = end_turn_effects(state)
    for act, index in state.turn.refill:
        state = fill_slot(ctx, state, act, index, seat, log)
    for ext in ctx.expansions:
        state, decided = ext.end_turn(ctx, state, log)
        if decided:
            return state
    n = len(state.players)
    if state.final_turns is not None:
        if not state.final_turns:
            return game_over(ctx, state, log)
        nxt, rest = state.final_turns[0], state.final_turns[1:]
        state = evolve(state, final_turns=rest)
        if log is not None:
            log_event(log, state, "000/ending-the-game", "takes a final turn", nxt)
        return start_turn(ctx, state, nxt, state.turn.number + 1, log)
    return start_turn(ctx, state, (seat + 1) % n, state.turn.number + 1, log)


def game_over(ctx: Context, state: GameState, log: Log) -> GameState:
    """The game ends: every Destiny is revealed and scored (000 · Ending the Game).

    No decision is taken once the game is over: an Ally still waiting to be placed (a slot
    refilled by the last turn's end revealed it, 000 · Allies) is discarded, so it stays in a
    place like every other card.
    """
    for waiting in state.pending:
        if isinstance(waiting, PlaceAlly):
            state = place_ally(ctx, state, waiting, None, log)
    players = tuple(evolve(p, destiny_revealed=True) for p in state.players)
    state = evolve(state, players=players, phase=Phase.OVER, pending=())
    if log is not None:
        log_event(log, state, "000/ending-the-game", "the game ends: every Destiny is revealed and scored")
    return state


def settle(ctx: Context, state: GameState, log: Log) -> GameState:
    """Resolve what needs no decision: empty windows, Allies with fewer than two places, setup's end."""
    while True:
        if state.pending:
            top = state.pending[-1]
            if isinstance(top, Window):
                if not top.closing:
                    state = trim_window(ctx, state)
                    window = state.pending[-1]
                    assert isinstance(window, Window)
                    if window.order:
                        return state
                state, done = close_step(ctx, state, log)
                if done is not None and done.kind is WINDOW_KIND_AS:
                    state = after_attempt_window(ctx, state, log)
                elif done is not None and done.kind is WINDOW_KIND_END:
                    state = end_turn(ctx, state, log)
                continue
            if isinstance(top, PlaceAlly):
                targets = ally_targets(ctx, state, top.act)
                if len(targets) <= 1:
                    where = targets[0] if targets else None
                    state = place_ally(ctx, state, top, where, log, pending=state.pending[:-1])
                    continue
            if isinstance(top, ChooseCharacter):
                options = character_options(ctx, state, top)
                if len(options) == 1:
                    state = keep_character(
                        ctx, evolve(state, pending=state.pending[:-1]), top, options[0], log
                    )
                    continue
            return state
        if state.phase is PHASE_SETUP:
            state = evolve(state, phase=Phase.PLAY)
            return start_turn(ctx, state, 0, 1, log)
        return state


def apply(ctx: Context, state: GameState, action: Action, log: Log = None) -> tuple[GameState, Action]:
    """Apply a legal action (not checked here: see ``check``); return the new state and the action as done.

    An action of the active hero in its main phase is a priority point: the other seats may answer
    it (:mod:`calladventure.rules._priority`); a card or power in a window gives every seat the
    chance to answer again (:mod:`calladventure.rules._windows`).
    """
    table = ctx.kinds
    kind = table.by_class.get(action.__class__)
    if kind is None:
        kind = table.kind_of(action)  # a subclass of a declared action
        if kind is None or kind.action not in table.by_class:
            raise IllegalActionError(action, "no rule in this game applies that action")
    if kind.chance is not None:
        state, done = kind.chance(ctx, state, action, log)
        return settle(ctx, state, log), done
    return settle(ctx, kind.apply(ctx, state, action, log), log), action


__all__ = ["apply", "end_turn", "end_turn_effects", "game_over", "settle", "start_turn"]
