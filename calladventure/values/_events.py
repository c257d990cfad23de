"""The event log: every rule the engine applies is an event that names its rule section.

Events are plain values (step, section id, text, seat). The engine only builds them when
someone is listening (``log`` is not ``None``), so simulations pay nothing for the log
(docs/design.md § Speed without shortcuts). ``text`` is what every seat sees; ``secret`` is what only the event's own
seat may read besides (the card it drew, the Destiny it kept): a seat's view of the log
(``Game.view``) shows it to that seat alone (000 · Deal the Cards; 000 · Hero and Antihero Cards).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from ._reprs import Drawable, draw
from ._sections import cite


@attrs.frozen
class Event(Drawable):
    """One thing that happened, and the rule section it comes from."""

    step: int
    section: str
    text: str
    seat: int | None = None
    secret: str = ""  # what only ``seat`` may read (a drawn card's name); never in ``text``
    #: The name of ``seat`` as the game gives it (``Game.new(names=...)``; "P1" by default); not compared, not in views' JSON
    who: str = attrs.field(default="", eq=False)

    @property
    def citation(self) -> str:
        return cite(self.section)

    def __str__(self) -> str:
        who = f"{self.who or f'P{self.seat + 1}'}: " if self.seat is not None else ""
        return f"{who}{self.text}  [{self.citation}]"

    def seen_by(self, seat: int | None) -> str:
        """The event's words as ``seat`` reads them: with its secret for its own seat (None: a spectator)."""
        return (
            f"{self.text}: {self.secret}"
            if self.secret and seat is not None and seat == self.seat
            else self.text
        )

    def public(self) -> Event:
        """The event as the other seats see it: without its secret."""
        return Event(self.step, self.section, self.text, self.seat, who=self.who) if self.secret else self


Log = list[Event] | None


def stamped(events: list[Event], step: int) -> list[Event]:
    """The events one push has just logged, with their step set, in place; returns ``events``.

    The rules log each event with step 0 (``new_event`` in ``values/_copies.py``) and the game
    knows the step. These events were built for this push and nothing else holds them yet, so the
    step is set on them where they lie, the way a copy is finished before it is shared, rather
    than each one being built a second time. Only :meth:`Game.push` calls this, on its own list.
    """
    for event in events:
        _set_field(event, "step", step)
    return events


#: Sets a field of a frozen value not yet shared (what the frozen class's own ``__init__`` does).
_set_field = object.__setattr__


class Events(list[Event], Drawable):
    """A game's event log: a list of :class:`Event` that prints as a log (``print(game.events)``)
    and displays as a table in notebooks, each event with its rule citation.

    ``config`` (the game's configuration) names the seats as the game does.
    """

    __slots__ = ("config",)

    def __init__(self, events: Iterable[Event] = (), config: Any = None) -> None:
        super().__init__(events)
        self.config = config

    def __str__(self) -> str:
        picture = draw("text", self)
        return "\n".join(str(e) for e in self) if picture is None else str(picture)

    def __repr__(self) -> str:
        last = f"; last: {self[-1]}" if self else ""
        return f"<Events: {len(self)} event(s){last}>"


__all__ = [
    "Event",
    "Events",
    "Log",
    "stamped",
]
