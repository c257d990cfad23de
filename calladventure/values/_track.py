"""The Corruption track: its levels, what each allows, and each level's end-of-game points.

``001 · Reveal your Character``: the marker starts on the third level; Corruption moves it
down, Virtue up; the position decides whether Hero cards, Antihero cards and Dark runes may
be used, and scores at the end. ``000 · Dark Runes`` and ``000 · FAQs: More than three
Corruption``: at most four Corruption; the lowest level costs 4 Triumph and forbids Dark runes.
The number of levels above the start and the points on each level are not in any source
(``INDEX`` open question 4): the track is data (``cards/tracks/*.toml``) and the bundled
track's numbers are project choices, documented in ``docs/rules/open-questions.md``.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Level:
    """One level of the track, counted from the top (index 0)."""

    hero: bool
    antihero: bool
    dark_runes: bool = True
    triumph: int = 0
    tragedy: int = 0
    label: str = ""


@attrs.frozen
class Track:
    """A Corruption track: its levels from top to bottom and the starting level."""

    id: str
    levels: tuple[Level, ...]
    start: int = 2
    source: str = "original"

    @property
    def lowest(self) -> int:
        return len(self.levels) - 1

    def clamp(self, level: int) -> int:
        """Keep a level on the track (000 · FAQs: More than three Corruption)."""
        return max(0, min(len(self.levels) - 1, level))  # the lowest level, read without the property (hot)

    def virtue(self, level: int) -> int:
        """Levels above the start (negative below it)."""
        return self.start - level

    def corruption(self, level: int) -> int:
        """Levels below the start (negative above it)."""
        return level - self.start

    def at(self, level: int) -> Level:
        return self.levels[level]


__all__ = [
    "Level",
    "Track",
]
