"""What the active hero does on its turn: journey, gain a trait or attempt a challenge, discard.

``000 · Each Turn``: a hero may journey, then either gains a trait or attempts a challenge,
then ends its turn. ``000 · Journey``: one Experience discards and replaces a table card.
``000 · Gain a Trait``: pay its Experience cost, meet its prerequisite, tuck it. ``000 ·
Attempt a Challenge``: declare a path, buy Dark runes (``000 · Dark Runes``), then the "before
any hero attempts" window opens under the pending cast. ``001 · Attempt a Challenge``: with no
valid option, one visible card may be discarded for free.

This module declares the main phase's action kinds (``gain``, ``attempt``, ``journey``, the free
``discard``, ``end``) and the main phase itself (:mod:`.kinds`): their candidates and how they
apply are here, their refusals in :mod:`.refusals`; playing cards and using powers are
:mod:`.priority`'s kinds, which the main phase lists too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ..values._actions import AttemptChallenge, EndTurn, FreeDiscard, GainTrait, Journey
from ..values._cards import Card, CardType, Path, Side
from ..values._copies import (
    attempt_declared,
    new_await_cast,
    state_starting_attempt,
    state_with_rows_players_turn,
    turn_with_attempted_dark_bought,
    turn_with_free_discard,
    turn_with_gained,
    turn_with_journeyed,
)
from ..values._events import Log
from ..values._icons import Icon
from ..values._illegal import IllegalActionError
from ..values._members import WINDOW_KIND_BEFORE
from ..values._state import Attempt, GameState, evolve
from ._attempts import dark_runes_allowed, shortcut
from ._context import Context
from ._effects import players_gaining_xp
from ._flow import end_turn
from ._gaining import after_take, tuck
from ._kinds import ActionKind, DecisionKind, Phrase, card_name, explained_by_kind, phrase, plural_phrase
from ._plays import hand_playable, per_card, usable_powers
from ._priority import PLAY, USE, declare_end, in_main_phase, open_priority
from ._refusals import (
    attempt_refusal,
    discard_refusal,
    gain_refusal,
    journey_act,
    journey_refusal,
)
from ._resolve import resolve_attempt
from ._table import discard_slot, fill_slot, find_on_table, log_event, rows_taking
from ._windows import window_for, without_empty_window

_C = TypeVar("_C", Journey, FreeDiscard)

#: An attempt as it is declared (one copy of this, not a call of ``Attempt``: values/_copies.py).
_DECLARED = Attempt(seat=0, card="", act=1, slot=0, side=Side.TOP)

_RADIANT, _TRAIT, _CHALLENGE, _ADVERSARY = (
    Icon.RADIANT,
    CardType.TRAIT,
    CardType.CHALLENGE,
    CardType.ADVERSARY,
)
_PLAIN_PATH = Path()  # a path with no icons: the Dark runes allowed on any non-Radiant path
_STORY = (CardType.TRAIT, CardType.CHALLENGE, CardType.ALLY, CardType.ADVERSARY)
_MAX_DARK = 3  # 000 · Dark Runes: up to three a turn (the action-id table's attempts)
_ENDS = (EndTurn(),)
_NONE = ()  # no candidates


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
    state = state_with_rows_players_turn(state, rows, players, turn_with_gained(state.turn, True))
    state = tuck(ctx, state, seat, card, Side.TOP, log)
    return after_take(ctx, state, where[0], where[1], log)


def discard_from_table(ctx: Context, state: GameState, action: Journey | FreeDiscard, log: Log) -> GameState:
    """A journey (one Experience) or the free discard: the card goes, its slot is refilled."""
    seat = state.turn.seat
    where = _where(state, action.card)
    if isinstance(action, Journey):
        players = players_gaining_xp(state, seat, -1)
        turn = turn_with_journeyed(state.turn, True)
        section, what = "000/journey", "journeys"
    else:
        players, turn = None, turn_with_free_discard(state.turn, True)
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
    att = attempt_declared(_DECLARED, seat, action.card, act, index, action.side, action.dark)
    turn = turn_with_attempted_dark_bought(state.turn, True, state.turn.dark_bought + action.dark)
    # The cast waits under the "before any hero attempts" window (000 · FAQs: Card timing).
    window = window_for(state, WINDOW_KIND_BEFORE, seat)
    pending = (*state.pending, new_await_cast(seat, "", ""), window)
    state = state_starting_attempt(state, players, att, turn, pending)
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


# ============================================================================ the candidates


def _on_visible(ctx: Context, state: GameState, seat: int, cls: type[_C]) -> list[_C]:
    """One action of ``cls`` on each visible table card a journey may discard (option ``journey_scope``).

    001 · Other Actions. Each action is built once per context
    (docs/design.md § Speed without shortcuts).
    """
    table = per_card(ctx, cls)
    current = journey_act(ctx, state, seat)
    out: list[_C] = []
    for row in state.rows:
        if row.revealed and (not current or row.act == current):
            for slot in row.slots:
                if slot is not None:
                    action = table.get(slot.card)
                    if action is None:
                        action = table[slot.card] = cls(slot.card)
                    out.append(action)
    return out


def _attempt_candidates(
    ctx: Context, card: Card, dark: int, table: dict[str, tuple[AttemptChallenge, ...]]
) -> tuple[AttemptChallenge, ...]:
    """An attempt on each path with 0..dark Dark runes (none on a Radiant path, 000 · Special Rules).

    ``table``: the candidates already worked out for ``dark``, by card id.
    """
    actions = table.get(card.id)
    if actions is None:
        out: list[AttemptChallenge] = []
        for side in card.sides:
            top = 0 if _RADIANT in card.path(side).icons else dark
            out.extend(AttemptChallenge(card.id, side, k) for k in range(top + 1))
        actions = table[card.id] = tuple(out)
    return actions


#: What :func:`main_options` reads of a card on the table, by card id, kept per context
#: (docs/design.md § Speed without shortcuts): the card, whether it is a trait (then its gain
#: action) or a challenge to attempt.
_Entry = tuple[Card, GainTrait | None, bool]


def _main_entry(ctx: Context, entries: dict[str, _Entry], cid: str) -> _Entry:
    """The entry of :data:`_Entry` for card ``cid``, worked out the first time it is asked for."""
    card = ctx.db[cid]
    ctype = card.type
    gain = GainTrait(cid) if ctype is _TRAIT else None
    entry = entries[cid] = (card, gain, ctype is _CHALLENGE or ctype is _ADVERSARY)
    return entry


#: What the main phase's kinds ask of one state: the last answer of :func:`main_options`, checked by
#: identity (gaining, attempting and the free discard ask the same of the same state in one listing).
_MAIN_LAST: list[tuple[Context, GameState, int, tuple[list[GainTrait], list[AttemptChallenge]]] | None] = [
    None
]


def main_options(ctx: Context, state: GameState, seat: int) -> tuple[list[GainTrait], list[AttemptChallenge]]:
    """The traits the active hero may gain and the attempts it may declare (000 · Each Turn)."""
    last = _MAIN_LAST[0]
    if last is None or last[1] is not state or last[0] is not ctx or last[2] != seat:
        _gains(ctx, state, seat)
        last = _MAIN_LAST[0]
        assert last is not None
    return last[3]


def _gains(ctx: Context, state: GameState, seat: int) -> list[GainTrait]:
    """The candidates of ``gain``: the traits the hero may gain, worked out with the attempts it may declare.

    Both are kept for the state (``_MAIN_LAST``, read by :func:`main_options`): attempting and the
    free discard ask them in the same listing.
    """
    last = _MAIN_LAST[0]
    if last is not None and last[1] is state and last[0] is ctx and last[2] == seat:
        return last[3][0]
    traits: list[GainTrait] = []
    attempts: list[AttemptChallenge] = []
    found = (traits, attempts)
    _MAIN_LAST[0] = (ctx, state, seat, found)  # filled in below
    turn = state.turn
    if turn.gained or (turn.attempted and not turn.failed):
        return traits
    dark = -1  # the Dark runes allowed on a non-Radiant path, computed once
    table: dict[str, tuple[AttemptChallenge, ...]] = {}
    boxes: bool | None = None  # whether a box may offer a shortcut, asked once
    entries: dict[str, _Entry] | None = ctx.memo.get("main-entries")
    if entries is None:
        entries = ctx.remember("main-entries", {})
    attempted = turn.attempted
    act = state.players[seat].act
    for row in state.rows if act <= 3 else ():
        if not row.revealed or row.act < act:  # 000 · FAQs: Act II cards before finishing Act I
            continue
        for slot in row.slots:
            if slot is None:
                continue
            cid = slot.card
            entry = entries.get(cid) or _main_entry(ctx, entries, cid)
            card, gain, challenge = entry
            if gain is not None:
                if gain_refusal(ctx, state, seat, card, True) is None:
                    traits.append(gain)
            elif challenge and not attempted:
                if dark < 0:
                    dark = dark_runes_allowed(ctx, state, seat, _PLAIN_PATH)
                    table = ctx.memo.get(("attempts", dark)) or ctx.remember(("attempts", dark), {})
                candidates = table.get(cid) or _attempt_candidates(ctx, card, dark, table)
                if dark:
                    if boxes is None:
                        boxes = bool(ctx.expansions) and ctx.boxes_override("shortcut")
                    if boxes and any(shortcut(ctx, state, seat, card.path(side)) for side in card.sides):
                        # 002 · FAQs: Gaining a Name path: no Dark runes on a path gained without casting.
                        candidates = tuple(
                            a
                            for a in candidates
                            if not a.dark or shortcut(ctx, state, seat, card.path(a.side)) is None
                        )
                attempts.extend(candidates)
    return traits


# ============================================================================ the kinds


def _attempts(ctx: Context, state: GameState, seat: int) -> list[AttemptChallenge]:
    """The candidates of ``attempt``: :func:`main_options`' attempts (its cache read here: no call when it holds)."""
    last = _MAIN_LAST[0]
    if last is not None and last[1] is state and last[0] is ctx and last[2] == seat:
        return last[3][1]
    return main_options(ctx, state, seat)[1]


def _gain_refused(ctx: Context, state: GameState, seat: int, action: GainTrait) -> str | None:
    card = ctx.db.get(action.card)
    return gain_refusal(ctx, state, seat, card) if card is not None else f"no card {action.card!r}"


def _gain(ctx: Context, state: GameState, action: GainTrait, log: Log) -> GameState:
    main, depth = in_main_phase(state), len(state.pending)
    state = gain_trait(ctx, state, action, log)
    return open_priority(ctx, state, state.turn.seat, depth) if main else state


def _gain_space(ctx: Context, card: Card) -> tuple[GainTrait, ...]:
    return (GainTrait(card.id),) if card.type is _TRAIT else ()


GAIN: ActionKind[GainTrait] = ActionKind(
    GainTrait,
    "000/gain-a-trait",
    candidates=_gains,
    refusal=_gain_refused,
    apply=_gain,
    exact=True,
    card_space=_gain_space,
    words=lambda ctx, state, a: phrase("gain {card}", card=card_name(ctx, a.card)),
    undo=lambda ctx, state, a: phrase("gaining {card}", card=card_name(ctx, a.card)),
    history=1,
)


def _attempt_space(ctx: Context, card: Card) -> list[AttemptChallenge]:
    """An attempt on each path with 0–3 Dark runes, for a challenge or Adversary (000 · Attempt a Challenge)."""
    if card.type is not _CHALLENGE and card.type is not _ADVERSARY:
        return []
    return [AttemptChallenge(card.id, side, dark) for side in card.sides for dark in range(_MAX_DARK + 1)]


def _attempt_words(ctx: Context, state: GameState, action: AttemptChallenge) -> tuple[Phrase, ...]:
    said = phrase("attempt {card} {side}", card=card_name(ctx, action.card), side=Phrase(action.side.value))
    if not action.dark:
        return (said,)
    return (said, plural_phrase("with {n} Dark rune", "with {n} Dark runes", action.dark))


ATTEMPT: ActionKind[AttemptChallenge] = ActionKind(
    AttemptChallenge,
    "000/attempt-a-challenge",
    candidates=_attempts,
    refusal=attempt_refusal,
    apply=begin_attempt,
    exact=True,
    card_space=_attempt_space,
    words=_attempt_words,
    undo=lambda ctx, state, a: phrase("your attempt at {card}", card=card_name(ctx, a.card)),
    history=2,
)


def _journeys(ctx: Context, state: GameState, seat: int) -> Sequence[Journey]:
    """A journey on each visible card in scope, in a turn that allows one.

    The turn's tests are :func:`~.refusals.journey_turn_refusal`'s, read here without a call (the
    random-play invariant pins that they agree); the scope is :func:`~.refusals.journey_act`'s.
    """
    turn = state.turn
    if turn.journeyed or turn.attempted or turn.gained or state.players[seat].xp < 1:
        return _NONE
    return _on_visible(ctx, state, seat, Journey)


def _discard(ctx: Context, state: GameState, action: Journey | FreeDiscard, log: Log) -> GameState:
    main, depth = in_main_phase(state), len(state.pending)
    state = discard_from_table(ctx, state, action, log)
    return open_priority(ctx, state, state.turn.seat, depth) if main else state


def _story_space(cls: type[_C]) -> Callable[[Context, Card], tuple[_C, ...]]:
    """One action of ``cls`` for each story card (000 · Journey; 001 · Attempt a Challenge)."""
    return lambda ctx, card: (cls(card.id),) if card.type in _STORY else ()


JOURNEY: ActionKind[Journey] = ActionKind(
    Journey,
    "000/journey",
    candidates=_journeys,
    refusal=journey_refusal,
    apply=_discard,
    exact=True,
    card_space=_story_space(Journey),
    words=lambda ctx, state, a: phrase("journey {card}", card=card_name(ctx, a.card)),
    history=3,
)


def _has_option(ctx: Context, state: GameState, seat: int) -> bool:
    """Whether the hero may gain a trait or attempt a challenge now (001 · Attempt a Challenge)."""
    traits, attempts = main_options(ctx, state, seat)
    return bool(traits or attempts)


def _discards(ctx: Context, state: GameState, seat: int) -> Sequence[FreeDiscard]:
    """The free discard on each visible card in scope, in a turn with no valid option (001 · Attempt a Challenge).

    The turn's tests are :func:`~.refusals.discard_turn_refusal`'s, read here without a call (the
    random-play invariant pins that they agree); the scope is :func:`~.refusals.journey_act`'s.
    """
    turn = state.turn
    if turn.attempted or turn.gained or turn.free_discard:
        return _NONE
    last = _MAIN_LAST[0]  # main_options' cache read here, as in _attempts
    if last is not None and last[1] is state and last[0] is ctx and last[2] == seat:
        traits, attempts = last[3]
    else:
        traits, attempts = main_options(ctx, state, seat)
    if traits or attempts:  # a valid option
        return _NONE
    return _on_visible(ctx, state, seat, FreeDiscard)


def _discard_refused(ctx: Context, state: GameState, seat: int, action: FreeDiscard) -> str | None:
    return discard_refusal(ctx, state, seat, action, _has_option(ctx, state, seat))


FREE_DISCARD: ActionKind[FreeDiscard] = ActionKind(
    FreeDiscard,
    "001/attempt-a-challenge",
    candidates=_discards,
    refusal=_discard_refused,
    apply=_discard,
    exact=True,
    card_space=_story_space(FreeDiscard),
    words=lambda ctx, state, a: phrase("discard {card} (no valid option)", card=card_name(ctx, a.card)),
    history=4,
)


def _end(ctx: Context, state: GameState, action: EndTurn, log: Log) -> GameState:
    state, waiting = declare_end(ctx, state, log)
    return state if waiting else end_turn(ctx, state, log)


END: ActionKind[EndTurn] = ActionKind(
    EndTurn,
    "000/ending-your-turn",
    candidates=_ENDS,
    refusal=lambda ctx, state, seat, a: None,  # asked only in the main phase (or a box's stage of the turn)
    apply=_end,
    exact=True,
    space=lambda ctx: (EndTurn(),),
    words=lambda ctx, state, a: phrase("end"),
    undo=lambda ctx, state, a: phrase("the end of your turn"),
    history=8,
)

#: The main phase (000 · Each Turn): gain or attempt, a box's own actions, journey, the free discard,
#: cards and powers, the end of the turn; an action of another decision explains itself.
MAIN = DecisionKind(
    "main",
    "000/each-turn",
    (GAIN, ATTEMPT, JOURNEY, FREE_DISCARD, PLAY, USE, END),
    joins_at=2,
    other=explained_by_kind,
    lists={PLAY: hand_playable, USE: usable_powers},  # at the main phase's timings, their default
)

__all__ = [
    "ATTEMPT",
    "END",
    "FREE_DISCARD",
    "GAIN",
    "JOURNEY",
    "MAIN",
    "begin_attempt",
    "discard_from_table",
    "gain_trait",
    "main_options",
]
