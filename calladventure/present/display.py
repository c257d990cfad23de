"""The pictures' former single module, kept as a thin index of names: import them from ``calladventure.present``.

The pictures now come from one view-model (:mod:`.viewmodel`, :mod:`.heroes`,
:mod:`.odds_model`) laid out by the rich (``rich_*``) and HTML (``html_*``) renderers; this
module re-exports the names it used to define, so ``calladventure.display`` and
``calladventure.present.display`` still import (000 · Deal the Cards: a game is shown as one
seat sees it unless ``reveal=True``).
"""

from __future__ import annotations

from .html_attempt import attempt_html, cast_html
from .html_cards import card_html
from .html_game import game_html, legend_html, pictures_html, score_html, scores_html, status_html
from .html_log import events_html
from .html_table import hand_html, rows_html, stories_html, tableau_html, track_html
from .rich_attempt import cast_rich
from .rich_cards import card_rich
from .rich_game import game_rich, pictures_rich, score_rich, scores_rich
from .rich_log import events_rich
from .rich_table import rows_rich, tableau_rich
from .table_model import last_cast
from .viewmodel import grouped_actions, waiting_for
from .views import EventLog, GameView, Hand, Rows, Tableau, Track
from .words import Chip, card_chips, icon_title, path_chips, rune_chip

__all__ = [
    "Chip",
    "EventLog",
    "GameView",
    "Hand",
    "Rows",
    "Tableau",
    "Track",
    "attempt_html",
    "card_chips",
    "card_html",
    "card_rich",
    "cast_html",
    "cast_rich",
    "events_html",
    "events_rich",
    "game_html",
    "game_rich",
    "grouped_actions",
    "hand_html",
    "icon_title",
    "last_cast",
    "legend_html",
    "path_chips",
    "pictures_html",
    "pictures_rich",
    "rows_html",
    "rows_rich",
    "rune_chip",
    "score_html",
    "score_rich",
    "scores_html",
    "scores_rich",
    "status_html",
    "stories_html",
    "tableau_html",
    "tableau_rich",
    "track_html",
    "waiting_for",
]
