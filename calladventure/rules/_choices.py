"""Forced choices: every choice an effect forces is made by the hero who makes it.

``000 · Glossary: Sacrifice``: "If a card says you may (or must) sacrifice an Ally, turn the
Ally's card face-down": the hero who sacrifices chooses which Ally. A forced discard is the
discarding hero's choice of card; a power that may help another hero (Bondsmith's, in co-op)
lets its owner choose the hero. Each is a pending :class:`~calladventure.values._state.Choice`,
answered with ``choose <option>``; where the revealed Ally goes is ``000 · Allies``'s choice of
the active hero (:mod:`calladventure.rules._table`).

This module declares the action kind ``choose`` and the decision it answers (:mod:`.kinds`).
"""

from __future__ import annotations

from ..values._actions import Action, Choose
from ..values._cards import Card
from ..values._events import Log
from ..values._illegal import IllegalActionError
from ..values._state import Choice, GameState, evolve
from ._context import Context
from ._effects import apply_effect, ask_discard, discard_from_hand, sacrifice_ally
from ._kinds import ActionKind, DecisionKind
from ._story import power_of
from ._table import log_event

#: What each kind of choice asks, in words.
CHOICE_WORDS = {
    "sacrifice": "which Ally to sacrifice (000 · Glossary: Sacrifice)",
    "discard": "which card of the hand to discard",
    "target": "which hero the power helps (001 · Other Card Effects)",
}


def _choices(ctx: Context, state: GameState, seat: int) -> list[Choose]:
    """The answers to the pending choice, one per option."""
    top = state.pending[-1]
    assert isinstance(top, Choice)
    return [Choose(o) for o in top.options]


def choice_refusal(ctx: Context, state: GameState, seat: int, action: Choose) -> str | None:
    """Why an answer is not one of the pending choice's options (None when it is one)."""
    choice = state.pending[-1] if state.pending else None
    if not isinstance(choice, Choice):
        return "nothing is waiting for that decision now"
    if action.option in choice.options:
        return None
    shown = ", ".join(_shown(ctx, o) for o in choice.options)
    return f"P{choice.seat + 1} chooses {CHOICE_WORDS.get(choice.kind, choice.kind)}: one of {shown}"


def _shown(ctx: Context, option: str) -> str:
    card = ctx.db.get(option)
    return card.name if card is not None else option


def resolve_choice(ctx: Context, state: GameState, action: Choose, log: Log) -> GameState:
    """Apply the answer to the pending choice (checked to be one of its options)."""
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, Choice) or action.option not in top.options:
        raise IllegalActionError(action, "no such choice is pending")
    state = evolve(state, pending=state.pending[:-1])
    seat = top.seat
    if top.kind == "sacrifice":
        allies = state.players[seat].allies
        index = next(i for i, a in enumerate(allies) if a.card == action.option and not a.sacrificed)
        return sacrifice_ally(ctx, state, seat, index, log)
    if top.kind == "discard":
        state = discard_from_hand(ctx, state, seat, action.option, log)
        return ask_discard(ctx, state, seat, top.source, top.count - 1, log)
    if top.kind == "target":
        target = int(action.option[1:]) - 1
        card = ctx.db[top.source]
        power = power_of(ctx, card, top.index)
        if log is not None:
            log_event(log, state, "001/other-card-effects", f"{card.name}: helps P{target + 1}", seat)
        for eff in power.effects:
            state = apply_effect(ctx, state, eff, card.id, seat, target, power.duration, log)
        return state
    raise IllegalActionError(action, f"unknown choice {top.kind!r}")


def _choose_space(ctx: Context) -> list[Choose]:
    """``choose Pn`` for each seat: the hero a power helps (001 · Other Card Effects)."""
    return [Choose(f"P{seat + 1}") for seat in range(ctx.config.players)]


def _choose_card_space(ctx: Context, card: Card) -> tuple[Choose]:
    """``choose`` the card: the Ally to sacrifice, the card to discard (000 · Glossary: Sacrifice)."""
    return (Choose(card.id),)


CHOOSE: ActionKind[Choose] = ActionKind(
    Choose,
    "000/glossary-sacrifice",
    candidates=_choices,
    refusal=choice_refusal,
    apply=resolve_choice,
    space=_choose_space,
    card_space=_choose_card_space,
)


def _waiting_choice(ctx: Context, state: GameState, seat: int, action: Action, kind: object) -> str:
    top = state.pending[-1]
    assert isinstance(top, Choice)
    return f"the game is waiting for {ctx.config.name(seat)} to choose {CHOICE_WORDS.get(top.kind, top.kind)}"


#: A forced choice, made by the hero who makes it (000 · Glossary: Sacrifice).
CHOICE = DecisionKind(
    "choice", "000/glossary-sacrifice", (CHOOSE,), pending=Choice, other=_waiting_choice, column=32
)

__all__ = ["CHOICE", "CHOICE_WORDS", "CHOOSE", "choice_refusal", "resolve_choice"]
