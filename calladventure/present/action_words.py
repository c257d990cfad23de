"""Actions in the player's words, for the terminal game, replays and widgets.

The notation (``cast 0 1 0 1 1``, ``ally slot 1``, ``play core/rally on P2``) is for typing and
saves; what a player reads names the cards, the rune faces ("slash, blank, slash, sword"), the
challenge an Ally goes under and the cost of Dark runes (000 · Dark Runes). Every function
reads the position *before* the action (``state``), so a replay words each step as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..game import Game
from ..values.actions import (
    Action,
    AttemptChallenge,
    BuyDark,
    CastRunes,
    ChooseDeck,
    EndTurn,
    FreeDiscard,
    GainTrait,
    Journey,
    Keep,
    Pass,
    PlaceAllyUnder,
    PlayCard,
    UsePower,
)
from ..values.runes import Draw, Rune
from ..values.state import GameState, PlaceAlly
from .i18n import t, tn
from .table_model import pool_before

__all__ = [
    "action_words",
    "card_name",
    "dark_cost_words",
    "faces_words",
    "undo_words",
]


def card_name(game: Game, card_id: str) -> str:
    """A card's name (its id when the game does not know it)."""
    card = game.ctx.db.get(card_id)
    return card.name if card is not None else card_id


def _seat_words(game: Game, seat: int, you: int | None, lang: str) -> str:
    return t(lang, "yourself") if seat == you else game.config.name(seat)


def faces_words(pool: Sequence[Rune], faces: Sequence[int]) -> str:
    """The faces of a cast, by name: "slash, blank, slash, sword" (000 · Reading the Runes)."""
    return ", ".join(rune.faces[f].name for rune, f in zip(pool, faces, strict=False))


def dark_cost_words(dark: int, xp: int, risk: Fraction, lang: str = "en") -> str:
    """What Dark runes cost: "costs 2 of your 3 Experience; 75% risk of Corruption" (000 · Dark Runes)."""
    cost = tn(lang, "costs {n} of your {xp} Experience", "costs {n} of your {xp} Experience", dark, xp=xp)
    chance = "%.0f%%" % (float(risk) * 100)
    return cost + t(lang, "; {p} risk of Corruption", p=chance)


def _ally_words(game: Game, state: GameState, action: PlaceAllyUnder, lang: str) -> str:
    top = state.pending[-1] if state.pending else None
    if isinstance(top, PlaceAlly):
        slot = state.row(top.act).slots[action.slot] if action.slot < len(state.row(top.act).slots) else None
        if slot is not None:
            return t(
                lang,
                "tuck {ally} under {card} (slot {slot})",
                ally=card_name(game, top.ally),
                card=card_name(game, slot.card),
                slot=action.slot,
            )
    return t(lang, "tuck the Ally under the challenge in slot {slot}", slot=action.slot)


def action_words(
    game: Game, action: Action, state: GameState | None = None, *, you: int | None = None, lang: str = "en"
) -> str:
    """``action`` (taken in ``state``, by default the game's now) in the player's words; ``you``: the seat reading it."""
    state = game.state if state is None else state
    if isinstance(action, Keep):
        return t(lang, "keep {card}", card=card_name(game, action.card))
    if isinstance(action, GainTrait):
        return t(lang, "gain {card}", card=card_name(game, action.card))
    if isinstance(action, AttemptChallenge):
        text = t(
            lang, "attempt {card} {side}", card=card_name(game, action.card), side=t(lang, action.side.value)
        )
        if action.dark:
            text += " " + tn(lang, "with {n} Dark rune", "with {n} Dark runes", action.dark)
        return text
    if isinstance(action, Journey):
        return t(lang, "journey {card}", card=card_name(game, action.card))
    if isinstance(action, FreeDiscard):
        return t(lang, "discard {card} (no valid option)", card=card_name(game, action.card))
    if isinstance(action, PlayCard):
        on = _seat_words(game, action.target, you, lang)
        return t(lang, "play {card} on {who}", card=card_name(game, action.card), who=on)
    if isinstance(action, UsePower):
        return t(lang, "use the power of {card}", card=card_name(game, action.card))
    if isinstance(action, PlaceAllyUnder):
        return _ally_words(game, state, action, lang)
    if isinstance(action, ChooseDeck):
        if action.deck is Draw.HERO:
            return t(lang, "draw from the Hero deck")
        return t(lang, "draw from the Antihero deck")
    if isinstance(action, Pass):
        return t(lang, "pass")
    if isinstance(action, EndTurn):
        return t(lang, "end")
    if isinstance(action, BuyDark):
        if not action.count:
            return t(lang, "no more Dark runes: cast")
        return tn(lang, "buy {n} more Dark rune", "buy {n} more Dark runes", action.count)
    if isinstance(action, CastRunes):
        pool = pool_before(game, state)
        if action.faces is None or pool is None:
            return t(lang, "cast the runes")
        return t(lang, "cast: {faces}", faces=faces_words(pool, action.faces))
    text = str(action)
    card = getattr(action, "card", None)
    return text.replace(card, card_name(game, card)) if isinstance(card, str) else text


def undo_words(game: Game, action: Action, state: GameState | None = None, lang: str = "en") -> str:
    """What an undo takes back, as the player would say it: "your attempt at Market Square Debate"."""
    if isinstance(action, AttemptChallenge):
        return t(lang, "your attempt at {card}", card=card_name(game, action.card))
    if isinstance(action, GainTrait):
        return t(lang, "gaining {card}", card=card_name(game, action.card))
    if isinstance(action, EndTurn):
        return t(lang, "the end of your turn")
    if isinstance(action, Pass):
        return t(lang, "your pass")
    return action_words(game, action, state, lang=lang)
