"""Timing windows and their stacks: priority that passes round the table.

``000 · Hero and Antihero Cards``: cards are played "before any hero attempts", "as any hero
attempts", or, with no printed timing, at any time, and "can even interrupt other players'
actions"; they "resolve in reverse order, starting with the last card played". ``000 · FAQs:
Card timing`` says when each window is. A window asks the seats in turn order; after any card
or power is played every seat may answer again, from the next seat on; the window closes only
when every seat has passed in succession. Then its stack resolves, last played first, one card
at a time (a card may ask a decision on the way), and what the window frames follows: the cast
(before), the attempt's resolution or re-cast (as), the main phase (any time), or the end of the
turn (end of turn: :mod:`calladventure.rules._flow`).

Seats with nothing they may play are skipped (option ``stops = "skip_empty"``; with
``"every_seat"`` every seat is asked), after a cheap pre-check
(docs/design.md § Speed without shortcuts): a table, built once per card set, of the cards a
seat may ever play or use in each kind of window (by its role and track position) rules out at
once a seat that holds none of them; the plays themselves always come from the full checks. An attempt window where nobody would be asked is taken away
as it opens.
"""

from __future__ import annotations

from ..values._actions import Action, PlayCard, UsePower
from ..values._cards import Card
from ..values._copies import (
    state_with_pending,
    window_with_order,
    window_with_order_stack,
    window_with_stack_closing,
)
from ..values._effects import DarkRunes, Play, Reattempt, Target, Timing, Trigger
from ..values._events import Log
from ..values._members import CARD_TYPE_HERO, STOPS_EVERY_SEAT
from ..values._state import AwaitCast, ChooseRecastDark, GameState, Pending, Window, WindowKind
from ._attempts import recast_dark_allowed
from ._context import Context
from ._plays import hand_playable, resolve_card, usable_powers
from ._resolve import resolve_attempt
from ._story import held_cards
from ._table import log_event
from ._targets import ATTEMPT_TIMINGS, you_means_any

#: The timings of the cards and powers each window accepts (000 · FAQs: Card timing).
TIMINGS: dict[WindowKind, tuple[Timing, ...]] = {
    WindowKind.BEFORE: (Timing.BEFORE_ATTEMPT, Timing.ANY_TIME),
    WindowKind.AS: (Timing.AS_ATTEMPT, Timing.ANY_TIME),
    WindowKind.ANY: (Timing.ANY_TIME,),
    WindowKind.END: (Timing.ANY_TIME,),
}

#: How each window reads in words (the log, refusals, front ends).
WINDOW_WORDS: dict[WindowKind, str] = {
    WindowKind.BEFORE: "before the runes are cast",
    WindowKind.AS: "after the cast, before the attempt resolves",
    WindowKind.ANY: "after the active hero's action",
    WindowKind.END: "as the turn ends",
}


#: Every round of the table by number of seats, then first seat (tuples of ints, built once each);
#: and the same rounds without their first seat.
_ROUNDS: dict[int, tuple[tuple[int, ...], ...]] = {}
_OTHERS: dict[int, tuple[tuple[int, ...], ...]] = {}


def round_from(state: GameState, seat: int) -> tuple[int, ...]:
    """Every seat in turn order, ``seat`` first."""
    n = len(state.players)
    rounds = _ROUNDS.get(n)
    if rounds is None:
        rounds = _rounds(n)
    return rounds[seat]


def _rounds(n: int) -> tuple[tuple[int, ...], ...]:
    """The rounds of a table of ``n`` seats, from each seat (:func:`round_from`, :func:`others_first`)."""
    rounds = _ROUNDS[n] = tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n))
    _OTHERS[n] = tuple(r[1:] for r in rounds)
    return rounds


def window_for(state: GameState, kind: WindowKind, seat: int) -> Window:
    """A new window going round the table from ``seat`` (000 · FAQs: Card timing)."""
    return Window(kind, round_from(state, seat))


def others_first(state: GameState, seat: int) -> tuple[int, ...]:
    """The other seats in turn order from the next one: who may answer ``seat``'s action."""
    n = len(state.players)
    others = _OTHERS.get(n)
    if others is None:
        _rounds(n)
        others = _OTHERS[n]
    return others[seat]


#: What a seat may play in a window: its cards of that timing (one action per target), and its powers.
Answers = tuple[tuple[PlayCard, ...], tuple[UsePower, ...]]

#: The last answer of :func:`window_answers` (the same question is asked by the pre-check, then by
#: ``legal_actions``): a cache of immutable values, checked by identity
#: (docs/design.md § Speed without shortcuts).
#: One slot holding a tuple, read and replaced whole (no list built at each answer).
_LAST: list[tuple[Context, GameState, int, Window, Answers] | None] = [None]


def window_answers(ctx: Context, state: GameState, seat: int, window: Window) -> Answers:
    """What ``seat`` may play in the window: its hand's cards of that timing, and its powers.

    The window counts only by its kind (:func:`trim_window` relies on it: the answer holds once
    the seats before ``seat`` are skipped).
    """
    last = _LAST[0]
    if last is not None and last[1] is state and last[0] is ctx and last[2] == seat and last[3] is window:
        return last[4]
    timings = TIMINGS[window.kind]
    plays = tuple(hand_playable(ctx, state, seat, timings))
    powers: tuple[UsePower, ...] = ()
    if seat == state.turn.seat or _helps(ctx, state, seat, timings):
        powers = tuple(usable_powers(ctx, state, seat, timings))
    result = (plays, powers)
    _LAST[0] = (ctx, state, seat, window, result)
    return result


def window_options(ctx: Context, state: GameState, seat: int, window: Window) -> tuple[Action, ...]:
    """What ``seat`` may play in the window, cards first (:func:`window_answers` in one tuple)."""
    plays, powers = window_answers(ctx, state, seat, window)
    return (*plays, *powers) if powers else plays


def helpers_at(ctx: Context, timings: tuple[Timing, ...]) -> frozenset[str]:
    """The cards with a power that may help another hero at one of these timings (computed once per context)."""
    key = ("helpers", timings)
    found: frozenset[str] | None = ctx.memo.get(key)
    if found is None:
        found = ctx.remember(key, frozenset().union(*(ctx.helpers.get(t, frozenset()) for t in timings)))
    return found


def _helps(ctx: Context, state: GameState, seat: int, timings: tuple[Timing, ...]) -> bool:
    """Whether the seat has a card whose power may help another hero at one of these timings."""
    helpers = helpers_at(ctx, timings)
    return bool(helpers) and not helpers.isdisjoint(held_cards(ctx, state.players[seat]))


#: What :func:`_reach` says of a card in a kind of window, for a seat in a role.
_NEVER, _IF_ANY, _ALWAYS = 0, 1, 2


def _reach(play: Play, kind: WindowKind, own: bool, attempting: bool | None) -> int:
    """Whether a card may ever be played in this kind of window by a seat in this role.

    ``own``: the seat's own turn; ``attempting``: None with no attempt under way, else whether
    the seat is the attempting hero. ``_IF_ANY``: only where "you" means any hero (the
    expansions say). It follows the checks of :func:`~calladventure.rules._plays.hand_playable`
    (timing, the effects' moment, the targets of :func:`~calladventure.rules._targets.play_targets`)
    and may only rule cards out: the legal plays still come from those checks.
    """
    if play.timing not in TIMINGS[kind]:
        return _NEVER
    reattempt = any(isinstance(e, Reattempt) for e in play.effects)
    dark = any(isinstance(e, DarkRunes) for e in play.effects)
    if (reattempt and kind is not WindowKind.AS) or (dark and kind not in (WindowKind.BEFORE, WindowKind.AS)):
        return _NEVER
    focus = reattempt or dark  # then only the attempting hero is a target (000 · FAQs: Card timing)
    if focus and attempting is None:
        return _NEVER
    target = play.target
    if target is Target.ATTEMPTING_HERO:
        return _NEVER if attempting is None else _ALWAYS
    if target is Target.ANY_HERO:
        return _ALWAYS
    if target is Target.YOUR_TURN and not own:
        return _NEVER
    if target is Target.SELF and play.timing in ATTEMPT_TIMINGS:  # "before / as you attempt"
        if attempting is None:
            return _NEVER
        return _ALWAYS if attempting else _IF_ANY
    # the owner, or any hero where "you" means any hero
    return _ALWAYS if not focus or attempting else _IF_ANY


#: A seat's candidates in one kind of window: the cards in hand it may play there (surely, and only
#: where "you" means any hero), and the cards in its Story with a power it may use there.
_Candidates = tuple[frozenset[str], frozenset[str], frozenset[str]]


def _window_cards(ctx: Context) -> tuple[tuple[Card, frozenset[Timing]], ...]:
    """The cards that may count in a window, with the timings of their activated powers (once per card set).

    A card counts if it is a Hero or Antihero card (it has a play) or has an activated power
    (001 · Other Card Effects); :func:`_candidates` looks at these only.
    """
    found: tuple[tuple[Card, frozenset[Timing]], ...] | None = ctx.memo.get("window-cards")
    if found is None:
        out: list[tuple[Card, frozenset[Timing]]] = []
        for card in ctx.db.values():
            windows: frozenset[Timing] = frozenset()
            if card.id in ctx.with_powers:
                every = (*card.powers, *(p for path in card.paths for p in path.powers))
                windows = frozenset(p.window for p in every if p.trigger is Trigger.ACTIVATED)
            if card.play is not None or windows:
                out.append((card, windows))
        found = ctx.remember("window-cards", tuple(out))
    return found


#: What may reach a seat in one kind of window by its role, whatever its track position: the
#: Hero and Antihero cards with what :func:`_reach` says of each, and the cards with a power it may use.
_Reaching = tuple[tuple[tuple[Card, int], ...], frozenset[str]]


def _reaching(ctx: Context, kind: WindowKind, own: bool, attempting: bool | None) -> _Reaching:
    """The cards that may reach a seat in a kind of window by its role (:data:`_Reaching`; once per card set)."""
    key = ("window-reaching", kind, own, attempting)
    found: _Reaching | None = ctx.memo.get(key)
    if found is None:
        timings = TIMINGS[kind]
        plays: list[tuple[Card, int]] = []
        powered: set[str] = set()
        for card, windows in _window_cards(ctx):
            if card.play is not None:
                reach = _reach(card.play, kind, own, attempting)
                if reach is not _NEVER:
                    plays.append((card, reach))
            if own and windows and not windows.isdisjoint(timings):
                powered.add(card.id)
        if not own:  # another hero's turn: only the powers that help others (see window_options)
            powered = set(helpers_at(ctx, timings))
        found = ctx.remember(key, (tuple(plays), frozenset(powered)))
    return found


def _candidates(ctx: Context, key: tuple[str, WindowKind, bool, bool | None, int]) -> _Candidates:
    """The cards a seat may ever play or use in a kind of window, by role and track position (once per card set).

    ``key``: the kind of window, whether it is the seat's own turn, whether it attempts (None with
    no attempt under way) and its track position, which says whether Hero and Antihero cards may
    be played (000 · Hero and Antihero Cards).
    """
    _tag, kind, own, attempting, position = key
    level = ctx.track.at(position)
    sure: set[str] = set()
    maybe: set[str] = set()
    plays, powered = _reaching(ctx, kind, own, attempting)
    for card, reach in plays:
        if level.hero if card.type is CARD_TYPE_HERO else level.antihero:
            (sure if reach is _ALWAYS else maybe).add(card.id)
    found: _Candidates = (frozenset(sure), frozenset(maybe), powered)
    ctx.remember(key, found)
    return found


def _candidates_of(
    ctx: Context, kind: WindowKind, own: bool, attempting: bool | None, position: int
) -> _Candidates:
    """A seat's candidates (:func:`_candidates`), kept per context."""
    key = ("window-candidates", kind, own, attempting, position)
    found: _Candidates | None = ctx.memo.get(key)
    return found if found is not None else _candidates(ctx, key)


#: An empty window of each kind: what :func:`may_act` and the priority points hand :func:`first_able`
#: to ask whether anyone may play in such a window (only its kind counts).
PROBES = {kind: Window(kind, ()) for kind in WindowKind}


def may_act(ctx: Context, state: GameState, seat: int, kind: WindowKind) -> bool:
    """A cheap pre-check of :func:`window_options`: False when the seat can have nothing to play.

    Most seats have nothing to play (docs/design.md § Speed without shortcuts): a seat none of
    whose cards in hand or in its Story may ever be played or used in this kind of window, in its
    role and track position, is skipped at once; for the others the checks themselves answer.
    The test is :func:`first_able`'s.
    """
    return first_able(ctx, state, (seat,), PROBES[kind], options=False) == 0


#: The last answer of :func:`_first_asked` (:func:`nobody_asked` asks as a window opens, then
#: :func:`trim_window` asks the same of the same state): checked by identity.
_ASKED: list[tuple[Context, GameState, Window, int] | None] = [None]  # one slot, as _LAST


def _first_asked(ctx: Context, state: GameState, window: Window) -> int:
    """Where in the window's order is the first seat that may play something (its length if none)."""
    asked = _ASKED[0]
    if asked is not None and asked[1] is state and asked[0] is ctx and asked[2] is window:
        return asked[3]
    k = first_able(ctx, state, window.order, window)
    _ASKED[0] = (ctx, state, window, k)
    return k


def first_able(
    ctx: Context, state: GameState, seats: tuple[int, ...], window: Window, *, options: bool = True
) -> int:
    """Where in ``seats`` is the first seat that may play something in the window (``len(seats)`` if none).

    For each seat, the pre-check of :func:`may_act`: whether the hero holds a candidate (in hand,
    or with a power in its Story; its candidates kept by seat for the turn's and the attempt's
    seats), then :func:`window_options` (unless ``options`` is False: the pre-check alone).
    """
    kind = window.kind
    active = state.turn.seat
    att = state.attempt
    attempting = None if att is None else att.seat
    players = state.players
    tables: tuple[list[_Candidates | None], ...] | None = ctx.memo.get(
        ("window-seats", kind, active, attempting, len(players))
    )
    if tables is None:
        tables = _seat_tables(ctx, kind, active, attempting, len(players))
    k = 0
    for seat in seats:
        player = players[seat]
        found = tables[seat][player.level]
        if found is None:
            own, attempts = seat == active, None if attempting is None else attempting == seat
            found = tables[seat][player.level] = _candidates_of(ctx, kind, own, attempts, player.level)
        # The pre-check, written out in the loop (no call of its own: it is asked for ~2 seats a push)
        sure, maybe, powered = found
        hand = player.hand
        if (
            (hand and not sure.isdisjoint(hand))
            or (hand and maybe and not maybe.isdisjoint(hand) and you_means_any(ctx, state))
            or (powered and not powered.isdisjoint(held_cards(ctx, player)))
        ) and (not options or (answers := window_answers(ctx, state, seat, window))[0] or answers[1]):
            break
        k += 1
    return k


def _seat_tables(
    ctx: Context, kind: WindowKind, active: int, attempting: int | None, n: int
) -> tuple[list[_Candidates | None], ...]:
    """For each seat, its candidates by track position in this kind of window, the turn's and the attempt's seats given.

    Filled as positions come up (:func:`first_able`): a seat's role is worked out once per context.
    A list indexed by the position (one entry per level of the track), read without a call.
    """
    levels = len(ctx.track.levels)
    tables: tuple[list[_Candidates | None], ...] = tuple([None] * levels for _ in range(n))
    ctx.remember(("window-seats", kind, active, attempting, n), tables)
    return tables


def window_has_options(ctx: Context, state: GameState, seat: int, window: Window) -> bool:
    """Whether ``seat`` may play anything in the window (:func:`window_options`, after :func:`may_act`)."""
    return may_act(ctx, state, seat, window.kind) and bool(window_options(ctx, state, seat, window))


def trim_window(ctx: Context, state: GameState) -> GameState:
    """Skip the seats at the front of the open window that have nothing to play (idempotent)."""
    window = state.pending[-1]
    assert isinstance(window, Window)
    if window.closing or ctx.config.rules.stops is STOPS_EVERY_SEAT:
        return state
    k = _first_asked(ctx, state, window)
    if k == 0:
        return state
    order = window.order
    trimmed = window_with_order(window, order[k:])
    after = state_with_pending(state, (*state.pending[:-1], trimmed))
    last = _LAST[0]
    if k < len(order) and last is not None:
        # What the first seat asked may play, just worked out, holds in the trimmed window: the
        # plays read the window only by its kind, and nothing else has changed.
        c, st, s, w, found = last
        if c is ctx and st is state and s == order[k] and w is window:
            _LAST[0] = (ctx, after, s, trimmed, found)
    return after


def without_empty_window(ctx: Context, state: GameState) -> tuple[GameState, bool]:
    """The window just opened on top taken away at once when no seat would be asked in it.

    (docs/design.md § Speed without shortcuts.) True when it is gone: then what it frames follows at once, as when it closes with nothing
    played. The same checks as :func:`trim_window`'s, on the same state, so the game goes on
    exactly as if the window had opened and every seat had been skipped.
    """
    if not nobody_asked(ctx, state):
        return state, False
    return state_with_pending(state, state.pending[:-1]), True


def nobody_asked(ctx: Context, state: GameState) -> bool:
    """Whether no seat would be asked in the window just opened on top (:func:`without_empty_window`'s test)."""
    window = state.pending[-1]
    assert isinstance(window, Window)
    if window.closing or window.stack or ctx.config.rules.stops is STOPS_EVERY_SEAT:
        return False
    return _first_asked(ctx, state, window) == len(window.order)


def pass_window(state: GameState) -> GameState:
    """The seat to decide plays nothing (more) in this round of the window."""
    window = state.pending[-1]
    assert isinstance(window, Window)
    return state_with_pending(state, (*state.pending[:-1], window_with_order(window, window.order[1:])))


def answered(
    state: GameState, seat: int, card: tuple[int, str, int] | None = None, at: int | None = None
) -> GameState:
    """``seat`` played a card (put on the stack) or used a power: every seat may answer again, from the next.

    ``at``: where the window is in the pending stack (a power may have pushed a decision above it).
    """
    i = len(state.pending) - 1 if at is None else at
    window = state.pending[i]
    assert isinstance(window, Window)
    stack = (*window.stack, card) if card is not None else window.stack
    order = round_from(state, (seat + 1) % len(state.players))
    pending = list(state.pending)
    pending[i] = window_with_order_stack(window, order, stack)
    return state_with_pending(state, tuple(pending))


def close_step(ctx: Context, state: GameState, log: Log) -> tuple[GameState, Window | None]:
    """One step of a window whose round is over: resolve its last played card, or take the window away.

    Returns the state and, once the window is gone, the window (its kind says what follows);
    a resolving card may push a decision above the window, which then waits for it.
    """
    window = state.pending[-1]
    assert isinstance(window, Window)
    if not window.stack:  # nothing played (the common case), or all of it resolved
        return state_with_pending(state, state.pending[:-1]), window
    if not window.closing and log is not None and len(window.stack) > 1:
        names = ", ".join(ctx.db[cid].name for _s, cid, _t in reversed(window.stack))
        log_event(
            log,
            state,
            "000/hero-and-antihero-cards",
            f"every seat has passed: the stack resolves, last played first: {names}",
        )
    seat, cid, target = window.stack[-1]
    window = window_with_stack_closing(window, window.stack[:-1], True)
    state = state_with_pending(state, (*state.pending[:-1], window))
    return resolve_card(ctx, state, seat, cid, target, log), None


def after_attempt_window(
    ctx: Context, state: GameState, log: Log, pending: tuple[Pending, ...] | None = None
) -> GameState:
    """The "as any hero attempts" window is over: cast again for a re-attempt, else resolve the attempt.

    ``pending``: the decisions waiting, when the caller takes the window away in the same copy
    of the state (one copy for both).
    """
    att = state.attempt
    if att is not None and att.reattempt:
        waiting = (*(state.pending if pending is None else pending), AwaitCast(att.seat))
        if recast_dark_allowed(ctx, state, att):  # more Dark runes may be bought first (open question 8)
            waiting = (*waiting, ChooseRecastDark(att.seat))
        return state_with_pending(state, waiting)
    return resolve_attempt(ctx, state, log, pending)


__all__ = [
    "PROBES",
    "TIMINGS",
    "WINDOW_WORDS",
    "Answers",
    "after_attempt_window",
    "answered",
    "close_step",
    "first_able",
    "helpers_at",
    "may_act",
    "nobody_asked",
    "others_first",
    "pass_window",
    "round_from",
    "trim_window",
    "window_answers",
    "window_for",
    "window_has_options",
    "window_options",
    "without_empty_window",
]
