"""Who plays a seat in the game widget: its bot's action, and the passes a human seat makes
when it waits for its own turn (000 · Each Turn; 000 · Hero and Antihero Cards).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..game import Game
from ..play.bots import Bot
from ..values._actions import Action, CastRunes, Pass
from ..values._illegal import IllegalActionError
from ..values._state import Window

__all__ = ["auto_pass", "bot_action"]


def bot_action(game: Game, bots: Mapping[int, Bot]) -> Action:
    """The action the bot of the seat to move plays (the cast, when the runes are due)."""
    if game.over:
        raise IllegalActionError("bot move", "the game is over")
    seat = game.to_move
    assert seat is not None
    bot = bots.get(seat)
    if bot is None:
        name = game.config.name(seat)
        raise IllegalActionError(
            "bot move", f"{name} (P{seat + 1}) has no bot: choose an action with the buttons"
        )
    return CastRunes() if game.is_chance else bot.choose(game)


def auto_pass(game: Game, bots: Mapping[int, Bot], most: int) -> int:
    """A human seat passes the timing windows of other heroes' actions and attempts (000 · Hero
    and Antihero Cards), at most ``most`` times; returns how many passes it made."""
    passed = 0
    while not game.over and passed < most:
        state = game.state
        top = state.pending[-1] if state.pending else None
        seat = game.to_move
        if not isinstance(top, Window) or seat in bots:
            break
        if state.attempt is not None and state.attempt.seat == seat:
            break  # its own attempt: the hero decides
        game.push(Pass())
        passed += 1
    return passed
