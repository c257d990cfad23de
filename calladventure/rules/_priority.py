"""Who may play now: playing cards, using powers and passing, in the windows and at priority points.

This module declares the action kinds ``play``, ``use`` and ``pass`` and the decision kind of a
timing window (:mod:`.kinds`): a window asks its seats in turn (:mod:`.windows`), each playing
a card, using a power or passing; in the main phase the active hero plays and uses powers too.

Priority points outside the attempt windows: the other seats answer the active hero's actions.

``000 · Hero and Antihero Cards``: cards with no printed timing "can be played at any time.
These cards' effects can even interrupt other players' actions" (``001 · Hero And Antihero
Cards`` says the same). So after each action of the active hero in its main phase (a trait
gained, a journey, a free discard, a power used, a card played, the end of the turn declared)
the other seats may play such cards: an ``any_time`` window opens under whatever the action
asked (a draw, an Ally to place), or an ``end_of_turn`` window, after which the turn ends. A
card the active hero plays waits on that window's stack, so an answer resolves first.

It must cost nothing when nobody can answer (docs/design.md § Speed without shortcuts): the
windows open only when another seat holds a card of no printed timing, or has a power that
helps others, that it may play now (or when option ``stops = "every_seat"`` asks every seat
anyway).
"""

from __future__ import annotations

from typing import Any

from ..values._actions import Pass, PlayCard, UsePower
from ..values._cards import Card
from ..values._effects import Timing
from ..values._events import Log
from ..values._members import PHASE_PLAY, STOPS_EVERY_SEAT, TIMING_ANY_TIME, WINDOW_KIND_END
from ..values._state import GameState, Window, WindowKind, evolve
from ._attempts import can_play_level
from ._context import Context
from ._kinds import ActionKind, DecisionKind, Phrase, SeatWords, card_name, phrase
from ._plays import (
    MAIN_TIMINGS,
    hand_playable,
    hero_powers,
    open_window,
    resolve_card,
    take_card,
    usable_powers,
    use_power,
)
from ._table import log_event
from ._targets import power_refusal_reason, power_targets, target_refusal
from ._windows import PROBES, TIMINGS, answered, first_able, others_first, pass_window, window_answers

_PASS = Pass()
_PASSES = (_PASS,)


def others_may_answer(ctx: Context, state: GameState, seat: int, kind: WindowKind = WindowKind.ANY) -> bool:
    """Whether another seat may answer ``seat``'s action now (cheap when nobody holds such a card)."""
    if len(state.players) < 2:
        return False
    if ctx.config.rules.stops is STOPS_EVERY_SEAT:
        return True
    others = others_first(state, seat)
    if not ctx.helpers.get(TIMING_ANY_TIME):  # then only a card with no printed timing may answer:
        any_time = ctx.any_time  # the seats before the first that holds one are skipped at once
        players = state.players
        for k, other in enumerate(others):
            if not any_time.isdisjoint(players[other].hand):
                others = others[k:]
                break
        else:
            return False
    return first_able(ctx, state, others, PROBES[kind]) < len(others)


def open_priority(ctx: Context, state: GameState, seat: int, depth: int) -> GameState:
    """After an action of the active hero: the others may answer, once what the action asked is decided.

    The window goes under the decisions the action pushed (those above ``depth``).
    """
    if not others_may_answer(ctx, state, seat):
        return state
    window = Window(WindowKind.ANY, others_first(state, seat))
    pending = state.pending
    return evolve(state, pending=(*pending[:depth], window, *pending[depth:]))


def play_in_main(ctx: Context, state: GameState, seat: int, action: PlayCard, log: Log) -> GameState:
    """A card the active hero plays outside the attempt windows: it waits for the others' answers, if any.

    With nobody able to answer it resolves at once (000 · Hero and Antihero Cards).
    """
    state = take_card(ctx, state, seat, action, log)
    if not others_may_answer(ctx, state, seat):
        return resolve_card(ctx, state, seat, action.card, action.target, log)
    window = Window(WindowKind.ANY, others_first(state, seat), ((seat, action.card, action.target),))
    return evolve(state, pending=(*state.pending, window))


def declare_end(ctx: Context, state: GameState, log: Log) -> tuple[GameState, bool]:
    """The active hero declares the end of its turn: True when the others may still answer first.

    Then an ``end_of_turn`` window opens and the turn ends when it closes (:mod:`calladventure.rules._flow`).
    """
    seat = state.turn.seat
    if not others_may_answer(ctx, state, seat, WINDOW_KIND_END):
        return state, False
    if log is not None:
        log_event(
            log,
            state,
            "000/hero-and-antihero-cards",
            "declares the end of the turn: the other heroes may still play cards with no printed timing",
            seat,
        )
    window = Window(WINDOW_KIND_END, others_first(state, seat))
    return evolve(state, pending=(*state.pending, window)), True


def in_main_phase(state: GameState) -> bool:
    """Whether the active hero is in its main phase: its action is a priority point (000 · Each Turn)."""
    return not state.pending and state.phase is PHASE_PLAY


def window_mover(state: GameState, window: Window) -> int:
    """The seat priority has reached in a window (000 · Hero and Antihero Cards)."""
    return window.order[0] if window.order else state.turn.seat


# ============================================================================ playing a card


def play_refusal(
    ctx: Context, state: GameState, seat: int, action: PlayCard, timings: tuple[Timing, ...], where: str
) -> str | None:
    """Playing a Hero or Antihero card now (000 · Hero and Antihero Cards; 000 · FAQs: Card timing)."""
    player = state.players[seat]
    card = ctx.db.get(action.card)
    if card is None or card.id not in player.hand:
        shown = ctx.db[action.card].name if action.card in ctx.db else repr(action.card)
        return f"{shown} is not in the hand of {ctx.config.name(seat)}, the seat to play or pass"
    if not can_play_level(ctx, player, card):
        return f"{ctx.config.name(seat)}'s Corruption track position forbids {card.type.value} cards (000 · Hero and Antihero Cards)"
    options = [a for a in hand_playable(ctx, state, seat, timings) if a.card == card.id]
    if any(a.target == action.target for a in options):
        return None
    timing = card.play.timing.value if card.play else "?"
    now = f"{card.name} cannot be played now on {ctx.config.name(action.target)}"
    said = None
    if card.play is not None and card.play.timing in timings:
        said = target_refusal(ctx, state, seat, card, action.target)
    if options:
        targets = ", ".join(f"P{a.target + 1}" for a in options)
        reason = f"; {said}" if said else " (000 · Hero and Antihero Cards)"
        return f"{now}: it may target {targets}{reason}"
    if said:
        return f"{now}: {said}"
    if card.play is not None and card.play.timing in timings:
        return f"{now}: its effect needs an attempt under way at the right moment (000 · FAQs: Card timing)"
    return f"{now}: its timing is {timing} and this is {where} (000 · FAQs: Card timing)"


def window_where(window: Window) -> str:
    """The window, in a refusal's words."""
    return f"the {window.kind.value} window"


def _plays(ctx: Context, state: GameState, seat: int) -> tuple[PlayCard, ...] | list[PlayCard]:
    """The cards the seat may play: in the window open (the only decision pending they answer), or in the main phase."""
    if state.pending:
        return window_answers(ctx, state, seat, state.pending[-1])[0]  # type: ignore[arg-type]
    return hand_playable(ctx, state, seat, MAIN_TIMINGS)


def _play_refused(ctx: Context, state: GameState, seat: int, action: PlayCard) -> str | None:
    window = open_window(state)
    if window is not None:
        return play_refusal(ctx, state, seat, action, TIMINGS[window.kind], window_where(window))
    return play_refusal(ctx, state, seat, action, MAIN_TIMINGS, "the main phase of the turn")


def _play(ctx: Context, state: GameState, action: PlayCard, log: Log) -> GameState:
    if state.pending:  # a window (the only decision pending a card answers)
        window = state.pending[-1]
        assert isinstance(window, Window)
        seat = window_mover(state, window)
        state = take_card(ctx, state, seat, action, log)
        return answered(state, seat, (seat, action.card, action.target))
    return play_in_main(ctx, state, state.turn.seat, action, log)


def _play_space(ctx: Context, card: Card) -> list[PlayCard]:
    """``play … on Pn`` for each seat, for a Hero or Antihero card (000 · Hero and Antihero Cards)."""
    return [PlayCard(card.id, t) for t in range(ctx.config.players)] if card.play is not None else []


def _play_words(ctx: Context, state: GameState, action: PlayCard) -> Phrase:
    return phrase("play {card} on {who}", card=card_name(ctx, action.card), who=SeatWords(action.target))


PLAY: ActionKind[PlayCard] = ActionKind(
    PlayCard,
    "000/hero-and-antihero-cards",
    candidates=_plays,
    refusal=_play_refused,
    apply=_play,
    exact=True,
    card_space=_play_space,
    words=_play_words,
    history=5,
)


# ============================================================================ using a power


def power_refusal(
    ctx: Context, state: GameState, seat: int, action: UsePower, timings: tuple[Timing, ...]
) -> str | None:
    """Using an activated power now (001 · Other Card Effects)."""
    if action in usable_powers(ctx, state, seat, timings):
        return None
    card = ctx.db.get(action.card)
    if card is not None:
        for c, index, power in hero_powers(ctx, state.players[seat]):
            if (
                c is card
                and index == action.index
                and power.window in timings
                and not power_targets(ctx, state, seat, power)
            ):
                return power_refusal_reason(ctx, state, seat, power)
    return "that power cannot be used now (cost, once per turn, timing, requirement or target) (001 · Other Card Effects)"


def _powers(ctx: Context, state: GameState, seat: int) -> tuple[UsePower, ...] | list[UsePower]:
    """The powers the seat may use: in the window open (the only decision pending they answer), or in the main phase."""
    if state.pending:
        return window_answers(ctx, state, seat, state.pending[-1])[1]  # type: ignore[arg-type]
    return usable_powers(ctx, state, seat, MAIN_TIMINGS)


def _power_refused(ctx: Context, state: GameState, seat: int, action: UsePower) -> str | None:
    window = open_window(state)
    return power_refusal(
        ctx, state, seat, action, TIMINGS[window.kind] if window is not None else MAIN_TIMINGS
    )


def _use(ctx: Context, state: GameState, action: UsePower, log: Log) -> GameState:
    depth = len(state.pending)
    if depth:  # a window (the only decision pending a power answers)
        window = state.pending[-1]
        assert isinstance(window, Window)
        seat = window_mover(state, window)
        return answered(use_power(ctx, state, seat, action, log), seat, at=depth - 1)
    seat = state.turn.seat
    main = state.phase is PHASE_PLAY
    state = use_power(ctx, state, seat, action, log)
    return open_priority(ctx, state, seat, depth) if main else state


def _use_space(ctx: Context, card: Card) -> list[UsePower]:
    """``use`` for each of a card's powers, on its owner and on each seat (001 · Other Card Effects)."""
    count = len(card.powers) + max((len(p.powers) for p in card.paths), default=0)
    out: list[UsePower] = []
    for index in range(count):
        out.append(UsePower(card.id, index))
        out.extend(UsePower(card.id, index, target) for target in range(ctx.config.players))
    return out


def _use_words(ctx: Context, state: GameState, action: UsePower) -> Phrase:
    return phrase("use the power of {card}", card=card_name(ctx, action.card))


USE: ActionKind[UsePower] = ActionKind(
    UsePower,
    "001/other-card-effects",
    candidates=_powers,
    refusal=_power_refused,
    apply=_use,
    exact=True,
    card_space=_use_space,
    words=_use_words,
    history=6,
)


# ============================================================================ passing, and the window


def _pass_refused(ctx: Context, state: GameState, seat: int, action: Pass) -> str | None:
    return None if open_window(state) is not None else "nothing is waiting for that decision now"


def _pass(ctx: Context, state: GameState, action: Pass, log: Log) -> GameState:
    return pass_window(state)


def _pass_space(ctx: Context) -> tuple[Pass, ...]:
    return (Pass(),)


def _pass_words(ctx: Context, state: GameState, action: Pass) -> Phrase:
    return phrase("pass")


def _pass_undo(ctx: Context, state: GameState, action: Pass) -> Phrase:
    return phrase("your pass")


PASS: ActionKind[Pass] = ActionKind(
    Pass,
    "000/faqs-card-timing",
    candidates=_PASSES,
    refusal=_pass_refused,
    apply=_pass,
    exact=True,
    space=_pass_space,
    words=_pass_words,
    undo=_pass_undo,
    history=7,
)

#: The observation tensor's column of each kind of window (:mod:`calladventure.game._encoding`).
_WINDOW_COLUMNS = {WindowKind.BEFORE: 7, WindowKind.AS: 8, WindowKind.ANY: 30, WindowKind.END: 31}


def _window_column(window: Any) -> int:
    return _WINDOW_COLUMNS[window.kind]


WINDOW = DecisionKind(
    "window",
    "000/faqs-card-timing",
    (PLAY, USE, PASS),
    pending=Window,
    mover=window_mover,
    waiting="a seat to play a card or pass in a timing window (000 · FAQs: Card timing)",
    column=_window_column,
)

__all__ = [
    "PASS",
    "PLAY",
    "USE",
    "WINDOW",
    "declare_end",
    "in_main_phase",
    "open_priority",
    "others_may_answer",
    "play_in_main",
    "play_refusal",
    "power_refusal",
    "window_mover",
    "window_where",
]
