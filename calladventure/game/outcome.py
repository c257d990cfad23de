"""The end of a game as a value: each hero's score and the winners (000 · Ending the Game).

A box may decide who won (``Expansion.outcome``): in a co-op or solo game the heroes win or
lose together against the Adversary, and the best Destiny among the winning side wins
(000 · Winning the Solo or Co-op Game).
"""

from __future__ import annotations

from typing import TypeVar

import attrs

from ..rules.expansion import BoxOutcome
from ..values.score import Score

_R = TypeVar("_R")


@attrs.frozen
class Outcome:
    """The end of a game: each hero's score and the winning seats (ties share the win).

    ``box``: the word of the box that decided the end, if one did (in a co-op or solo game,
    whether the heroes beat the Adversary, and why); ``winners`` are then the best Destiny
    among the winning side (000 · Winning the Solo or Co-op Game), possibly nobody.
    Read the box's own result with :meth:`result`: ``outcome.result(CoopResult)``.
    """

    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    box: BoxOutcome | None = None

    def result(self, kind: type[_R]) -> _R | None:
        """The deciding box's own result if it is a ``kind`` (``CoopResult`` of the Adversary), else None."""
        found = self.box.result if self.box is not None else None
        return found if isinstance(found, kind) else None

    def __repr__(self) -> str:
        side = f"{self.box.verdict.text}; " if self.box is not None else ""
        if not self.winners:
            return f"<Outcome {side}no winning hero>"
        names = ", ".join(self.scores[w].name for w in self.winners)
        return f"<Outcome {side}winners: {names} with {self.scores[self.winners[0]].total}>"


__all__ = ["Outcome"]
