"""Small objects that show a part of a game in notebooks and terminals: ``display(Tableau(game, 0))``.

Each holds a game and what to show; its ``__rich__`` and ``_repr_html_`` draw the picture
afresh, as the viewer may see it (000 · Deal the Cards).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from rich.console import Group
from rich.panel import Panel
from rich.table import Table

from ..game import Game
from ..values._events import Event
from ..values._state import Config
from ._html_game import game_html
from ._html_log import events_html
from ._html_table import hand_html, rows_html, tableau_html, track_html
from ._rich_game import game_rich
from ._rich_log import events_rich
from ._rich_table import rows_rich, tableau_rich


@attrs.frozen(eq=False)
class Tableau:
    """One hero's Story for notebooks and terminals: ``display(Tableau(game, 0, reveal=True))``."""

    game: Game
    seat: int
    reveal: bool = False

    def __repr__(self) -> str:
        return f"<Tableau {self.game.config.name(self.seat)}>"

    def __rich__(self) -> Panel:
        return tableau_rich(self.game, self.seat, reveal=self.reveal)

    def _repr_html_(self) -> str:
        return tableau_html(self.game, self.seat, reveal=self.reveal)


@attrs.frozen(eq=False)
class GameView:
    """A game as one seat sees it (``viewer``), or with every secret shown (``reveal=True``)."""

    game: Game
    viewer: int | None = None
    reveal: bool = False

    def __repr__(self) -> str:
        return f"<GameView as {'everyone' if self.reveal else self.viewer}>"

    def __rich__(self) -> Group:
        return game_rich(self.game, reveal=self.reveal, viewer=self.viewer)

    def _repr_html_(self) -> str:
        return game_html(self.game, reveal=self.reveal, viewer=self.viewer)


@attrs.frozen(eq=False)
class Hand:
    """A hero's hand for notebooks: hidden (card backs) unless ``reveal=True``."""

    game: Game
    seat: int
    reveal: bool = False

    def _repr_html_(self) -> str:
        return hand_html(self.game, self.seat, reveal=self.reveal)


@attrs.frozen(eq=False)
class Rows:
    """The table's rows for notebooks and terminals (000 · Prepare the Story Decks)."""

    game: Game

    def __rich__(self) -> Group:
        return rows_rich(self.game)

    def _repr_html_(self) -> str:
        return rows_html(self.game)


@attrs.frozen(eq=False)
class Track:
    """A hero's place on the Corruption track, for notebooks (000 · Glossary: Corruption)."""

    game: Game
    seat: int

    def _repr_html_(self) -> str:
        return track_html(self.game, self.seat)


@attrs.frozen(eq=False)
class EventLog:
    """Events with their rule citations, for notebooks: ``EventLog(game.events[-10:], game.config)``."""

    events: Sequence[Event]
    config: Config | None = None

    def __rich__(self) -> Table:
        return events_rich(self.events, self.config)

    def _repr_html_(self) -> str:
        return events_html(self.events, self.config)


__all__ = [
    "EventLog",
    "GameView",
    "Hand",
    "Rows",
    "Tableau",
    "Track",
]
