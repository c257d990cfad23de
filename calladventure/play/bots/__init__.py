"""Computer players: a uniform random bot, a greedy bot, a search bot, and :func:`play_game` to drive a game.

A bot is anything with ``choose(game) -> Action`` (the :class:`Bot` protocol). A bot's choice is
a function of its seed and the position (its tie-breaks are drawn afresh from both for each
decision: :mod:`.seeding`), so the same position gives the same choice, also after an undo, and a
game between bots is repeatable from its seed and the bots' seeds; the game's own RNG (rune casts, shuffles) lives in its state
(000 · Reading the Runes).

The package holds :mod:`.driver` (:class:`Bot`, :data:`BOTS`, :func:`make_bots`,
:func:`play_game`), :mod:`.random_bot` (:class:`RandomBot`), :mod:`.greedy` (:class:`GreedyBot`),
:mod:`.evaluation` and :mod:`.appraisal` (what the greedy bot reckons things are worth), :mod:`.seeding` (each decision's tie-break RNG) and :mod:`.search`
(:class:`SearchBot`: determinised Monte Carlo search from its view only).
"""

from __future__ import annotations

from ._driver import BOTS, Bot, UnknownBotError, make_bots, play_game
from ._greedy import GreedyBot
from ._random_bot import RandomBot
from ._search import SearchBot

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "UnknownBotError", "make_bots", "play_game"]
