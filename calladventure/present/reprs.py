"""The pictures of values, by type: what ``values.reprs.draw`` answers once the package installs it.

``calladventure/__init__`` installs :func:`render` lazily (this module and ``rich`` are imported
only when a first picture is drawn).
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..play.scenario import ScenarioResult
from ..rules.scoring import Score
from ..values.cards import Card
from ..values.events import Event
from ..values.reprs import Kind
from ..values.runes import Cast
from . import display, scenario


def render(kind: Kind, value: object) -> Any:
    """The ``kind`` picture of ``value`` ("rich" or "html"), or None for a type drawn elsewhere."""
    if kind == "rich":
        if isinstance(value, Card):
            return display.card_rich(value)
        if isinstance(value, Cast):
            return display.cast_rich(value)
        if isinstance(value, Event):
            return display.events_rich([value])
        if isinstance(value, Score):
            return display.score_rich(value)
        if isinstance(value, Game):
            return display.game_rich(value)
        if isinstance(value, ScenarioResult):
            return scenario.scenario_result_rich(value)
    elif kind == "html":
        if isinstance(value, Card):
            return display.card_html(value)
        if isinstance(value, Cast):
            return display.cast_html(value)
        if isinstance(value, Event):
            return display.events_html([value])
        if isinstance(value, Score):
            return display.score_html(value)
        if isinstance(value, Game):
            return display.game_html(value)
        if isinstance(value, ScenarioResult):
            return scenario.scenario_result_html(value)
    return None


__all__ = ["render"]
