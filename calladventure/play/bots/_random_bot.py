"""The uniform random bot: any legal action, each as likely (000 · Each Turn)."""

from __future__ import annotations

import random

from ...game import Game
from ...values._actions import Action

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions, with its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        """One of ``game.legal_actions``, drawn with the bot's own RNG."""
        # The same actions in the same order as ``game.legal_actions``. ``choice`` draws exactly as
        # ``legal[randrange(len(legal))]`` did (the same one draw of the RNG), with one call fewer.
        return self._rng.choice(game.legal_list())

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
