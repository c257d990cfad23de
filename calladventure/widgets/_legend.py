"""The game widget's legend: what the icons, the Corruption track and the colours mean, in a
folded panel under the table, drawn by :func:`calladventure.present._legend.legend_panel_html`.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ..game import Game
from ..present._legend import legend_panel_html

__all__ = ["Legend"]


class Legend:
    """A folded "Legend" panel (``widget``); :meth:`show` draws the legend of a game's pictures."""

    def __init__(self, title: str = "Legend: icons, the Corruption track, colours") -> None:
        self.view = w.HTML()
        self.view.add_class("ca-w-legend")
        self.widget: Any = w.Accordion(children=[self.view], titles=(title,), selected_index=None)
        self._drawn: object = None

    def show(self, game: Game) -> None:
        """The legend of ``game``: drawn again only when its track or its boxes in play change."""
        key = (game.ctx.track, tuple(box.id for box in game.ctx.expansions))
        if key != self._drawn:
            self.view.value = legend_panel_html(game)
            self._drawn = key
