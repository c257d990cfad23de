"""The end of a game as a value: each hero's score and the winners (000 · Ending the Game).

In a co-op or solo game the heroes win or lose together against the Adversary, and the best
Destiny among the winning side wins (000 · Winning the Solo or Co-op Game).
"""

from __future__ import annotations

import attrs

from ..expansions.odium import CoopResult
from ..values.score import Score


@attrs.frozen
class Outcome:
    """The end of a game: each hero's score and the winning seats (ties share the win).

    In a co-op or solo game ``coop`` says whether the heroes beat the Adversary, and why;
    ``winners`` are then the best Destiny among the winning side (000 · Winning the Solo or
    Co-op Game), possibly nobody when the Adversary wins.
    """

    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    coop: CoopResult | None = None

    def __repr__(self) -> str:
        side = ""
        if self.coop is not None:
            side = "heroes win; " if self.coop.heroes_win else "the Adversary wins; "
        if not self.winners:
            return f"<Outcome {side}no winning hero>"
        names = ", ".join(self.scores[w].name for w in self.winners)
        return f"<Outcome {side}winners: {names} with {self.scores[self.winners[0]].total}>"


__all__ = ["Outcome"]
