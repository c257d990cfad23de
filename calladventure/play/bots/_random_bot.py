"""The uniform random bot: any legal action, each as likely (000 · Each Turn)."""

from __future__ import annotations

from ...game import Game
from ...values._actions import Action
from ._seeding import position_rng

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions: a draw seeded by its seed and the position."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, game: Game) -> Action:
        """One of ``game.legal_actions``, the same one whenever the seed and the position are the same."""
        return position_rng(self.seed, game.state).choice(game.legal_list())

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
