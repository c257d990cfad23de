"""Presentation: rich (terminal) and HTML (notebook) pictures of games, fed by one view-model (docs/design.md).

:mod:`.viewmodel` (with :mod:`.table_model`, :mod:`.heroes` and :mod:`.odds_model`) asks the rules for the numbers
once and holds them in plain frozen values; the ``rich_*`` and ``html_*`` modules lay those
values out; :mod:`.reprs` is the renderer the package installs for values' own pictures;
:mod:`.demo` prints a seeded game between bots as an annotated log.
"""

from __future__ import annotations

from .demo import DEFAULT_BOTS, bot_names, demo_record, event_line, new_demo_game, run_demo, score_table
from .heroes import (
    CharacterModel,
    HandModel,
    TableauModel,
    TrackModel,
    hand_model,
    tableau_model,
    track_model,
)
from .html_attempt import attempt_html, cast_html, odds_html, odds_svg
from .html_cards import card_html
from .html_game import game_html, legend_html, odium_html, score_html, scores_html, status_html
from .html_log import events_html, scenario_html
from .html_table import hand_html, rows_html, stories_html, tableau_html, track_html
from .odds_model import OddsModel, OddsRow, SideEffectRow, odds_model
from .reprs import render
from .rich_attempt import cast_rich, odds_rich
from .rich_cards import card_rich
from .rich_game import game_rich, odium_rich, score_rich, scores_rich
from .rich_log import events_rich, scenario_rich
from .rich_table import rows_rich, tableau_rich
from .table_model import (
    AttemptModel,
    CastModel,
    RowModel,
    SlotModel,
    attempt_model,
    cast_model,
    declared_odds,
    last_cast,
    rows_model,
)
from .viewmodel import (
    ActionsModel,
    EventRow,
    GameModel,
    HeaderModel,
    ScoresModel,
    event_rows,
    game_model,
    grouped_actions,
    header_model,
    scores_model,
    waiting_for,
)
from .views import EventLog, GameView, Hand, Rows, Tableau, Track
from .words import Chip, card_chips, icon_title, path_chips, rune_chip

__all__ = [
    "DEFAULT_BOTS",
    "ActionsModel",
    "AttemptModel",
    "CastModel",
    "CharacterModel",
    "Chip",
    "EventLog",
    "EventRow",
    "GameModel",
    "GameView",
    "Hand",
    "HandModel",
    "HeaderModel",
    "OddsModel",
    "OddsRow",
    "RowModel",
    "Rows",
    "ScoresModel",
    "SideEffectRow",
    "SlotModel",
    "Tableau",
    "TableauModel",
    "Track",
    "TrackModel",
    "attempt_html",
    "attempt_model",
    "bot_names",
    "card_chips",
    "card_html",
    "card_rich",
    "cast_html",
    "cast_model",
    "cast_rich",
    "declared_odds",
    "demo_record",
    "event_line",
    "event_rows",
    "events_html",
    "events_rich",
    "game_html",
    "game_model",
    "game_rich",
    "grouped_actions",
    "hand_html",
    "hand_model",
    "header_model",
    "icon_title",
    "last_cast",
    "legend_html",
    "new_demo_game",
    "odds_html",
    "odds_model",
    "odds_rich",
    "odds_svg",
    "odium_html",
    "odium_rich",
    "path_chips",
    "render",
    "rows_html",
    "rows_model",
    "rows_rich",
    "run_demo",
    "rune_chip",
    "scenario_html",
    "scenario_rich",
    "score_html",
    "score_rich",
    "score_table",
    "scores_html",
    "scores_model",
    "scores_rich",
    "status_html",
    "stories_html",
    "tableau_html",
    "tableau_model",
    "tableau_rich",
    "track_html",
    "track_model",
    "waiting_for",
]
