"""Keeping Character cards: each hero keeps one Origin, one Motivation and one Destiny of those dealt.

``000 · Deal the Cards``: the unchosen Character cards take no part in the game. ``000 ·
Reveal Your Character``: the Origin and Motivation go face up (their on-gain powers act; a
Motivation may set the starting track level), the Destiny stays face down.

This module declares the action kind ``keep`` and the decision it answers (:mod:`.kinds`).
"""

from __future__ import annotations

from ..values._actions import Keep
from ..values._cards import Card, CardType
from ..values._effects import Trigger
from ..values._events import Log
from ..values._state import ChooseCharacter, GameState, evolve
from ._context import Context
from ._effects import apply_effect
from ._kinds import ActionKind, DecisionKind, card_name, phrase, top_of
from ._plays import interned
from ._table import log_event, set_player

#: Each kind of Character card by its name: a dictionary read, not a call of the enum (which runs
#: Python code of the enum module each time).
_KINDS: dict[str, CardType] = {t.value: t for t in CardType}


def character_options(ctx: Context, state: GameState, choice: ChooseCharacter) -> list[str]:
    """The dealt cards of the kind being chosen."""
    ctype = _KINDS.get(choice.kind) or CardType(choice.kind)  # the call raises for an unknown kind
    return [c for c in state.players[choice.seat].dealt if ctx.db[c].type is ctype]


def keep_character(
    ctx: Context, state: GameState, choice: ChooseCharacter, card_id: str, log: Log
) -> GameState:
    """Keep ``card_id`` as the seat's Origin, Motivation or Destiny (000 · Deal the Cards)."""
    card = ctx.db[card_id]
    player = state.players[choice.seat]
    changes: dict[str, object] = {choice.kind: card_id}
    if choice.kind == "motivation" and card.start_virtue:
        changes["level"] = ctx.track.clamp(ctx.track.start - card.start_virtue)
        if log is not None:
            log_event(
                log,
                state,
                "000/reveal-your-character",
                f"{card.name} sets the starting track level",
                choice.seat,
            )
    if choice.kind == "destiny":
        gone = tuple(c for c in player.dealt if c not in (player.origin, player.motivation, card_id))
        changes["dealt"] = ()
        state = evolve(state, removed=tuple(sorted(state.removed + gone)))
    state = set_player(state, choice.seat, **changes)
    shown = card.name if choice.kind != "destiny" else "a Destiny (face down)"
    if log is not None:
        secret = card.name if choice.kind == "destiny" else ""
        log_event(log, state, "000/deal-the-cards", f"keeps {shown}", choice.seat, secret=secret)
    if choice.kind != "destiny":  # a face-up Character card joins the Story now
        for power in card.powers:
            if power.trigger is Trigger.ON_GAIN:
                for eff in power.effects:
                    state = apply_effect(
                        ctx, state, eff, card.id, choice.seat, choice.seat, power.duration, log
                    )
    return state


# ============================================================================ the kinds

_CHARACTERS = (CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY)
#: What the game waits for while a Character card is chosen, in a refusal's words.
_WAITING = "a Character card to be kept"


def _keeps(ctx: Context, state: GameState, seat: int) -> list[Keep]:
    top = state.pending[-1]
    assert isinstance(top, ChooseCharacter)
    return [interned(ctx, Keep, c) for c in character_options(ctx, state, top)]


def _keep_refused(ctx: Context, state: GameState, seat: int, action: Keep) -> str | None:
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, ChooseCharacter):
        return "nothing is waiting for that decision now"
    if action.card in character_options(ctx, state, top):
        return None
    return f"the game is waiting for {_WAITING} by {ctx.config.name(top.seat)}"


def _keep(ctx: Context, state: GameState, action: Keep, log: Log) -> GameState:
    character = top_of(state, ChooseCharacter)
    return keep_character(ctx, evolve(state, pending=state.pending[:-1]), character, action.card, log)


def _keep_space(ctx: Context, card: Card) -> tuple[Keep, ...]:
    return (Keep(card.id),) if card.type in _CHARACTERS else ()


KEEP: ActionKind[Keep] = ActionKind(
    Keep,
    "000/deal-the-cards",
    candidates=_keeps,
    refusal=_keep_refused,
    apply=_keep,
    exact=True,
    card_space=_keep_space,
    words=lambda ctx, state, a: phrase("keep {card}", card=card_name(ctx, a.card)),
    history=0,
)

#: A Character card to keep, one of the dealt cards of its kind (000 · Deal the Cards).
CHARACTER = DecisionKind(
    "character", "000/deal-the-cards", (KEEP,), pending=ChooseCharacter, waiting=_WAITING, column=4
)

__all__ = ["CHARACTER", "KEEP", "character_options", "keep_character"]
