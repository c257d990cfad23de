"""A hero's itemised score: lines of Triumph, Tragedy and other Destiny points, each with its rule section.

``000 · Rules Overview``: "Triumph + Tragedy + Experience = Destiny". Points a line gives are
Triumph, Tragedy, or Destiny points that are neither (``other``: unspent Experience, the story
icon sets, Name tokens: the ``000 · Ending the Game`` example counts "4 Destiny for his
unspent Experience" and "another 8 Destiny" for a set). A Destiny rule that compares Triumph
with Tragedy counts only those two. ``000 · Ending the Game`` / ``001 · End of the Game`` say
what scores; ``calladventure.rules._scoring`` computes these values.
"""

from __future__ import annotations

import attrs

from ._reprs import Drawable


@attrs.frozen
class ScoreLine:
    """One line of a score: what it is for, its Triumph, Tragedy and other Destiny points, its rule section."""

    label: str
    triumph: int
    tragedy: int
    section: str
    other: int = 0  # Destiny points that are neither Triumph nor Tragedy (000 · Rules Overview)

    @property
    def points(self) -> int:
        return self.triumph + self.tragedy + self.other


@attrs.frozen
class Score(Drawable):
    """A hero's itemised score: its Triumph, its Tragedy, its other Destiny points, and their total."""

    seat: int
    name: str
    lines: tuple[ScoreLine, ...]

    @property
    def triumph(self) -> int:
        """The Triumph category only (what Destinies that compare Triumph with Tragedy read)."""
        return sum(line.triumph for line in self.lines)

    @property
    def tragedy(self) -> int:
        """The Tragedy category only."""
        return sum(line.tragedy for line in self.lines)

    @property
    def other(self) -> int:
        """Destiny points that are neither Triumph nor Tragedy (Experience, story icon sets, Name tokens)."""
        return sum(line.other for line in self.lines)

    @property
    def total(self) -> int:
        """The Destiny score: Triumph + Tragedy + the other points (000 · Rules Overview)."""
        return self.triumph + self.tragedy + self.other

    def __repr__(self) -> str:
        return (
            f"<Score {self.name}: {self.total} ({self.triumph} Triumph + {self.tragedy} Tragedy"
            f" + {self.other} other)>"
        )


__all__ = ["Score", "ScoreLine"]
