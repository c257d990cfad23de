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
from ..rules import Phrase, SeatWords
from ..values._actions import Action
from ..values._runes import Rune
from ..values._state import GameState
from ._i18n import face_words, percent, t, tn

__all__ = [
    "action_words",
    "card_name",
    "dark_cost_words",
    "faces_words",
    "phrase_text",
    "undo_words",
]


def card_name(game: Game, card_id: str) -> str:
    """A card's name (its id when the game does not know it)."""
    card = game.ctx.db.get(card_id)
    return card.name if card is not None else card_id


def _seat_words(game: Game, seat: int, you: int | None, lang: str) -> str:
    return t(lang, "yourself") if seat == you else game.config.name(seat)


def faces_words(pool: Sequence[Rune], faces: Sequence[int], lang: str = "en") -> str:
    """The faces of a cast in words: "slash, blank, slash, sword" (000 · Reading the Runes)."""
    return face_words([rune.faces[f].name for rune, f in zip(pool, faces, strict=False)], lang)


def dark_cost_words(dark: int, xp: int, risk: Fraction, lang: str = "en") -> str:
    """What Dark runes cost: "costs 2 of your 3 Experience; 75% risk of Corruption" (000 · Dark Runes)."""
    cost = tn(lang, "costs {n} of your {xp} Experience", "costs {n} of your {xp} Experience", dark, xp=xp)
    chance = percent(risk, lang, 0)
    return cost + t(lang, "; {p} risk of Corruption", p=chance)


def phrase_text(game: Game, phrase: Phrase, you: int | None = None, lang: str = "en") -> str:
    """A phrase of the rules (:class:`~calladventure.rules._kinds.Phrase`) in ``lang``: its message
    translated, each field that is a phrase translated in turn, a seat named for the reader ``you``."""
    fields = {name: _field(game, value, you, lang) for name, value in phrase.fields}
    if phrase.plural:
        return tn(lang, phrase.text, phrase.plural, phrase.n, **fields)
    return t(lang, phrase.text, **fields)


def _field(game: Game, value: object, you: int | None, lang: str) -> object:
    if isinstance(value, Phrase):
        return phrase_text(game, value, you, lang)
    if isinstance(value, SeatWords):
        return _seat_words(game, value.seat, you, lang)
    return value


def _said(game: Game, said: Phrase | tuple[Phrase, ...], you: int | None, lang: str) -> str:
    if isinstance(said, Phrase):
        return phrase_text(game, said, you, lang)
    return " ".join(phrase_text(game, p, you, lang) for p in said)


def action_words(
    game: Game, action: Action, state: GameState | None = None, *, you: int | None = None, lang: str = "en"
) -> str:
    """``action`` (taken in ``state``, by default the game's now) in the player's words; ``you``: the seat reading it.

    Each kind of action words itself (``ActionKind.words``); an action whose kind has no words
    reads as its notation, with card names.
    """
    state = game.state if state is None else state
    kind = game.ctx.kinds.kind_of(action)
    if kind is not None and kind.words is not None:
        return _said(game, kind.words(game.ctx, state, action), you, lang)
    text = str(action)
    card = getattr(action, "card", None)
    return text.replace(card, card_name(game, card)) if isinstance(card, str) else text


def undo_words(game: Game, action: Action, state: GameState | None = None, lang: str = "en") -> str:
    """What an undo takes back, as the player would say it: "your attempt at Market Square Debate"."""
    kind = game.ctx.kinds.kind_of(action)
    if kind is not None and kind.undo is not None:
        return _said(game, kind.undo(game.ctx, game.state if state is None else state, action), None, lang)
    return action_words(game, action, state, lang=lang)
