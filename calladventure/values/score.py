"""A hero's itemised score: lines of Triumph and Tragedy, each with the rule section it comes from.

``000 · Ending the Game`` / ``001 · End of the Game`` say what scores; ``calladventure.rules.scoring``
computes these values.
"""

from __future__ import annotations

import attrs

from .reprs import Drawable


@attrs.frozen
class ScoreLine:
    """One line of a score: what it is for, its Triumph and Tragedy, and its rule section."""

    label: str
    triumph: int
    tragedy: int
    section: str

    @property
    def points(self) -> int:
        return self.triumph + self.tragedy


@attrs.frozen
class Score(Drawable):
    """A hero's itemised score."""

    seat: int
    name: str
    lines: tuple[ScoreLine, ...]

    @property
    def triumph(self) -> int:
        return sum(line.triumph for line in self.lines)

    @property
    def tragedy(self) -> int:
        return sum(line.tragedy for line in self.lines)

    @property
    def total(self) -> int:
        return self.triumph + self.tragedy

    def __repr__(self) -> str:
        return f"<Score {self.name}: {self.total} ({self.triumph} Triumph + {self.tragedy} Tragedy)>"


__all__ = ["Score", "ScoreLine"]
