"""The pictures of values, by type: what ``values.reprs.draw`` answers once the package installs it.

``calladventure/__init__`` installs :func:`render` lazily (this module and ``rich`` are imported
only when a first picture is drawn). Every value with a picture is here: cards, casts, events,
scores, odds, the game, scenario results, and the view-model's own values, so
``display(game_model(game, viewer=1))`` shows what ``game_html(game, viewer=1)`` does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game import Game
from ..play.scenario import ScenarioResult
from ..rules import Odds
from ..values._cards import Card
from ..values._events import Event, Events
from ..values._reprs import Kind
from ..values._runes import Cast
from ..values._score import Score
from ._heroes import HandModel, TableauModel, TrackModel
from ._html_attempt import cast_html, odds_html
from ._html_cards import card_html, root
from ._html_game import game_frag, game_html, score_html, scores_frag
from ._html_log import events_html, scenario_html
from ._html_table import hand_frag, tableau_frag, track_frag
from ._odds_model import OddsModel
from ._rich_attempt import cast_rich, odds_rich
from ._rich_cards import card_rich
from ._rich_game import game_group, game_rich, game_text, score_rich, scores_group
from ._rich_log import events_rich, events_text, scenario_rich
from ._rich_table import tableau_panel, track_rich
from ._svg import cast_svg, game_svg, odds_chart_svg, standalone, tableau_svg
from ._viewmodel import GameModel, ScoresModel, View, game_model

Draw = Callable[[Any], Any]

#: type -> {kind: picture of a value of that type}. The first type a value is an instance of wins.
PICTURES: dict[type, dict[Kind, Draw]] = {
    Card: {"rich": card_rich, "html": card_html},
    Cast: {"rich": cast_rich, "html": cast_html, "svg": cast_svg},
    Event: {"rich": lambda ev: events_rich([ev]), "html": lambda ev: events_html([ev])},
    Events: {
        "rich": lambda evs: events_rich(evs, evs.config),
        "html": lambda evs: events_html(evs, evs.config),
        "text": events_text,
    },
    Score: {"rich": score_rich, "html": score_html},
    Odds: {"rich": odds_rich, "html": odds_html, "svg": odds_chart_svg},
    Game: {
        "rich": game_rich,
        "html": game_html,
        "svg": lambda g: game_svg(game_model(g, events=0)),
        "text": game_text,
    },
    View: {
        "rich": game_rich,
        "html": game_html,
        "svg": lambda v: game_svg(game_model(v, events=0)),
        "text": game_text,
    },
    ScenarioResult: {"rich": scenario_rich, "html": scenario_html},
    GameModel: {"rich": game_group, "html": lambda m: root(game_frag(m), "game"), "svg": game_svg},
    TableauModel: {
        "rich": tableau_panel,
        "html": lambda t: root(tableau_frag(t), "tableau"),
        "svg": tableau_svg,
    },
    TrackModel: {"rich": track_rich, "html": lambda t: root(track_frag(t), "track")},
    HandModel: {"html": lambda h: root(hand_frag(h), "hand")},
    ScoresModel: {"rich": scores_group, "html": lambda s: root(scores_frag(s), "scores")},
    OddsModel: {"rich": odds_rich, "html": odds_html, "svg": odds_chart_svg},
}


def render(kind: Kind, value: object) -> Any:
    """The ``kind`` picture of ``value`` ("rich", "html", "svg" or "text"), or None for a type drawn elsewhere.

    An SVG picture is an image of its own (with its namespace), as ``_repr_svg_`` wants.
    """
    for cls, pictures in PICTURES.items():
        if isinstance(value, cls):
            draw = pictures.get(kind)
            if draw is None:
                return None
            picture = draw(value)
            return standalone(picture) if kind == "svg" else picture
    return None


__all__ = ["PICTURES", "render"]
