"""The event log: every rule the engine applies is an event that names its rule section.

Events are plain values (step, section id, text, seat). The engine only builds them when
someone is listening (``log`` is not ``None``), so simulations pay nothing for the log
(hard-parts #9).
"""

from __future__ import annotations

import attrs

from .reprs import Drawable
from .sections import cite


@attrs.frozen
class Event(Drawable):
    """One thing that happened, and the rule section it comes from."""

    step: int
    section: str
    text: str
    seat: int | None = None

    @property
    def citation(self) -> str:
        return cite(self.section)

    def __str__(self) -> str:
        who = f"P{self.seat + 1}: " if self.seat is not None else ""
        return f"{who}{self.text}  [{self.citation}]"


Log = list[Event] | None

__all__ = [
    "Event",
    "Log",
]
