"""What the active hero does on its turn: journey, gain a trait or attempt a challenge, discard.

``000 · Each Turn``: a hero may journey, then either gains a trait or attempts a challenge,
then ends its turn. ``000 · Journey``: one Experience discards and replaces a table card.
``000 · Gain a Trait``: pay its Experience cost, meet its prerequisite, tuck it. ``000 ·
Attempt a Challenge``: declare a path, buy Dark runes (``000 · Dark Runes``), then the "before
any hero attempts" window opens under the pending cast. ``001 · Attempt a Challenge``: with no
valid option, one visible card may be discarded for free.
"""

from __future__ import annotations

from ..values.actions import AttemptChallenge, FreeDiscard, GainTrait, Journey
from ..values.cards import Side
from ..values.copying import builder, replacer
from ..values.errors import IllegalActionError
from ..values.events import Log
from ..values.state import Attempt, AwaitCast, GameState, Turn, WindowKind, evolve
from .attempts import shortcut
from .context import Context
from .effects import players_gaining_xp
from .gaining import after_take, tuck
from .resolve import resolve_attempt
from .table import discard_slot, fill_slot, find_on_table, log_event, rows_taking
from .windows import window_for, without_empty_window

#: An attempt as it is declared (one copy of this, not a call of ``Attempt``: values/copying.py).
_DECLARED = Attempt(seat=0, card="", act=1, slot=0, side=Side.TOP)
_declared = replacer(Attempt, "seat", "card", "act", "slot", "side", "dark_bought")
_attempting = replacer(Turn, "attempted", "dark_bought")
_attempt_begins = replacer(GameState, "players", "attempt", "turn", "pending")
_gained = replacer(Turn, "gained")
_journeyed = replacer(Turn, "journeyed")
_free_discard = replacer(Turn, "free_discard")
_trait_taken = replacer(GameState, "rows", "players", "turn")
_await_cast = builder(AwaitCast)  # AwaitCast(seat, source, detail), made as a copy is

# Enum members read on every push, kept as module constants (design § 9: on Python 3.11 a member
# read from its class goes through the enum metaclass's attribute hook, several times a global read).
_BEFORE = WindowKind.BEFORE


def _where(state: GameState, card: str) -> tuple[int, int]:
    where = find_on_table(state, card)
    if where is None:
        raise IllegalActionError(card, "that card is not on the table")
    return where


def gain_trait(ctx: Context, state: GameState, action: GainTrait, log: Log) -> GameState:
    """Pay for a trait and tuck it (000 · Gain a Trait; 000 · Glossary: Trait)."""
    seat = state.turn.seat
    card = ctx.db[action.card]
    where = _where(state, action.card)
    players = state.players
    if card.cost_xp:
        players = players_gaining_xp(state, seat, -card.cost_xp)
        if log is not None:
            log_event(
                log, state, "000/glossary-trait", f"pays {card.cost_xp} Experience for {card.name}", seat
            )
    rows, _slot = rows_taking(state, *where)
    state = _trait_taken(state, rows, players, _gained(state.turn, True))
    state = tuck(ctx, state, seat, card, Side.TOP, log)
    return after_take(ctx, state, where[0], where[1], log)


def discard_from_table(ctx: Context, state: GameState, action: Journey | FreeDiscard, log: Log) -> GameState:
    """A journey (one Experience) or the free discard: the card goes, its slot is refilled."""
    seat = state.turn.seat
    where = _where(state, action.card)
    if isinstance(action, Journey):
        players = players_gaining_xp(state, seat, -1)
        turn = _journeyed(state.turn, True)
        section, what = "000/journey", "journeys"
    else:
        players, turn = None, _free_discard(state.turn, True)
        section, what = "001/attempt-a-challenge", "has no valid option and discards"
    if log is not None:
        log_event(log, state, section, f"{what}: {ctx.db[action.card].name} is discarded", seat)
    state = discard_slot(ctx, state, *where, players=players, turn=turn)  # one copy for both
    return fill_slot(ctx, state, where[0], where[1], seat, log)


def begin_attempt(ctx: Context, state: GameState, action: AttemptChallenge, log: Log) -> GameState:
    """Declare an attempt; a path an expansion lets the hero gain without casting resolves at once."""
    seat = state.turn.seat
    act, index = _where(state, action.card)
    card = ctx.db[action.card]
    # Only an expansion offers a shortcut: without one, neither the path nor the question (hot: every attempt).
    found = shortcut(ctx, state, seat, card.path(action.side)) if ctx.expansions else None
    if found is not None:  # e.g. 002 · FAQs: Gaining a Name path: that path only, no cast, no windows
        att = Attempt(seat=seat, card=action.card, act=act, slot=index, side=action.side, auto=found.how)
        state = evolve(state, attempt=att, turn=evolve(state.turn, attempted=True))
        log_event(log, state, found.section, found.text.format(card=card.name, side=action.side.value), seat)
        return resolve_attempt(ctx, state, log)
    players = state.players
    if action.dark:
        players = players_gaining_xp(state, seat, -action.dark)
        if log is not None:
            log_event(log, state, "000/dark-runes", f"spends {action.dark} Experience on Dark runes", seat)
    att = _declared(_DECLARED, seat, action.card, act, index, action.side, action.dark)
    turn = _attempting(state.turn, True, state.turn.dark_bought + action.dark)
    # The cast waits under the "before any hero attempts" window (000 · FAQs: Card timing).
    window = window_for(state, _BEFORE, seat)
    pending = (*state.pending, _await_cast(seat, "", ""), window)
    state = _attempt_begins(state, players, att, turn, pending)
    state, _skipped = without_empty_window(ctx, state)  # nobody may play before this cast
    if log is not None:
        path = card.path(action.side)
        log_event(
            log,
            state,
            "000/attempt-a-challenge",
            f"attempts {card.name}, path {action.side.value} ({path.label})",
            seat,
        )
    return state


__all__ = ["begin_attempt", "discard_from_table", "gain_trait"]
