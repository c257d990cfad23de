"""Bots by name, and :func:`play_game`, which lets bots play a game to its end.

A bot is anything with ``choose(game) -> Action`` (the :class:`Bot` protocol). A bot's choice is
a function of its seed and the position (its tie-breaks are drawn afresh from both for each
decision: :mod:`.seeding`), so the same position gives the same choice, also after an undo, and a
game between bots is repeatable from its seed and the bots' seeds; the game's own RNG (rune casts, shuffles) lives in its state
(000 · Reading the Runes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ...game import Game
from ...rules import is_chance, to_move
from ...values._actions import Action
from ...values._errors import CallAdventureError
from ...values._state import Phase
from ._greedy import GreedyBot
from ._random_bot import RandomBot
from ._search import SearchBot

__all__ = ["BOTS", "Bot", "UnknownBotError", "make_bots", "play_game"]

_OVER = Phase.OVER  # an enum member kept as a module constant, read before every push (docs/design.md § Speed without shortcuts)


class UnknownBotError(CallAdventureError):
    """A bot name that is not one of :data:`BOTS`."""


@runtime_checkable
class Bot(Protocol):
    """A player: given the game, return one of ``game.legal_actions``."""

    def choose(self, game: Game) -> Action: ...


#: The bots by name, for the command line, the demo and balance studies (``--bots search,greedy``).
BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[SearchBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
}


def make_bots(spec: str | Sequence[str], players: int, seed: int = 0) -> list[Bot]:
    """Bots from names (``"greedy,random"``), repeated to fill ``players`` seats.

    Bot ``i`` gets the seed ``seed * 100 + i``, so a game's seed fixes its bots too.
    """
    names = [s.strip().lower() for s in (spec.split(",") if isinstance(spec, str) else spec) if s.strip()]
    if not names:
        raise UnknownBotError(f"no bots given; choose from {sorted(BOTS)}")
    for name in names:
        if name not in BOTS:
            raise UnknownBotError(f"unknown bot {name!r}; choose from {sorted(BOTS)}")
    return [BOTS[names[i % len(names)]](seed * 100 + i) for i in range(players)]


def play_game(game: Game, bots: Sequence[Bot], *, max_steps: int = 100_000) -> Game:
    """Play ``game`` to its end: each seat's bot chooses, chance steps are cast (000 · Reading the Runes).

    Raises ``ValueError`` if the number of bots is not the number of seats, and
    ``RuntimeError`` if the game has not ended after ``max_steps`` actions.
    """
    players = len(game.state.players)
    if len(bots) != players:
        raise CallAdventureError(f"{players} seats need {players} bots, got {len(bots)}")
    # The state is read once per step and asked directly (what ``game.over``, ``game.is_chance`` and
    # ``game.to_move`` ask): one property call per push instead of three (hot: every push).
    for _ in range(max_steps):
        state = game.state
        if state.phase is _OVER:
            return game
        if is_chance(state):
            game.push(game.legal_list()[0])  # the cast due: a chance step lists only it
            continue
        seat = to_move(state)
        assert seat is not None
        game.push(bots[seat].choose(game))
    if game.over:
        return game
    raise RuntimeError(f"the game did not end within {max_steps} actions")
