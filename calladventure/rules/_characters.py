"""Keeping Character cards: each hero keeps one Origin, one Motivation and one Destiny of those dealt.

``000 · Deal the Cards``: "Each player keeps one of each type of card, then removes the rest";
the unchosen Character cards take no part in the game. ``000 · Reveal Your Character``: once
every hero has kept, the Origins and Motivations go face up (their on-gain powers act; a
Motivation may set the starting track level), the Destinies stay face down. Until then a kept
card is face down to the other seats (:func:`characters_revealed`, read by the views).

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


def characters_revealed(state: GameState) -> bool:
    """Whether every hero has kept its Character cards, so Origins and Motivations are face up (000 · Reveal Your Character)."""
    return not any(isinstance(item, ChooseCharacter) for item in state.pending)


#: A kept Character card as the other seats read it: face down until every hero has kept.
KEPT_FACE_DOWN = {"origin": "an Origin", "motivation": "a Motivation", "destiny": "a Destiny (face down)"}


def keep_character(
    ctx: Context, state: GameState, choice: ChooseCharacter, card_id: str, log: Log
) -> GameState:
    """Keep ``card_id`` face down as the seat's Origin, Motivation or Destiny (000 · Deal the Cards).

    "Each player keeps one of each type of card, then" the Characters are revealed: after the
    last keep of every hero, :func:`reveal_characters`.
    """
    player = state.players[choice.seat]
    changes: dict[str, object] = {choice.kind: card_id}
    if choice.kind == "destiny":
        gone = tuple(c for c in player.dealt if c not in (player.origin, player.motivation, card_id))
        changes["dealt"] = ()
        state = evolve(state, removed=tuple(sorted(state.removed + gone)))
    state = set_player(state, choice.seat, **changes)
    if log is not None:  # the card kept is the seat's own secret until the reveal
        text = f"keeps {KEPT_FACE_DOWN[choice.kind]}"
        log_event(log, state, "000/deal-the-cards", text, choice.seat, secret=ctx.db[card_id].name)
    return state if not characters_revealed(state) else reveal_characters(ctx, state, log)


def reveal_characters(ctx: Context, state: GameState, log: Log) -> GameState:
    """Every hero has kept: each Origin and Motivation goes face up, the Destinies stay face down
    (000 · Reveal Your Character). In seat order, a Motivation may set the starting track level,
    then the face-up cards join the Story (their on-gain powers act, the Origin's first)."""
    faces_up = [[ctx.db[c] for c in (p.origin, p.motivation) if c is not None] for p in state.players]
    if log is not None:
        shown = "; ".join(
            f"{state.config.name(seat)} " + ", ".join(card.name for card in cards)
            for seat, cards in enumerate(faces_up)
        )
        log_event(log, state, "000/reveal-your-character", f"Origins and Motivations are revealed: {shown}")
    for seat, cards in enumerate(faces_up):
        for card in cards:
            if card.type is CardType.MOTIVATION and card.start_virtue:
                state = set_player(state, seat, level=ctx.track.clamp(ctx.track.start - card.start_virtue))
                if log is not None:
                    text = f"{card.name} sets the starting track level"
                    log_event(log, state, "000/reveal-your-character", text, seat)
        for card in cards:
            for power in card.powers:
                if power.trigger is Trigger.ON_GAIN:
                    for eff in power.effects:
                        state = apply_effect(ctx, state, eff, card.id, seat, seat, power.duration, log)
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

__all__ = [
    "CHARACTER",
    "KEEP",
    "KEPT_FACE_DOWN",
    "character_options",
    "characters_revealed",
    "keep_character",
    "reveal_characters",
]
