"""The rules: pure functions of (context, state, action) that return new states, citing their sections.

The public API of the rules core (the modules below hold one rule concept each; see
``docs/design.md``):

* setting up and playing: :func:`new_game`, :func:`legal_actions`, :func:`check`,
  :func:`apply`, :func:`why_illegal`, :func:`to_move`, :func:`is_chance`;
* casts and attempts: :func:`cast_pool`, :func:`chance_outcomes`, :func:`attempt_pool`,
  :func:`attempt_math`, :func:`attempt_odds_of`, :func:`table_attempt`, :func:`dark_runes_allowed`;
* the Story and the table: :func:`icon_counts`, :func:`effective_icons`, :func:`visible_paths`,
  :func:`find_on_table`; scoring: :func:`scores`, :func:`winners`;
* hidden information: :func:`view` (a seat's :class:`View`; ``rules.view``, ``rules.determinize``),
  :func:`is_hidden` (a placeholder of a card the seat may not see);
* what boxes plug into: :class:`Expansion` (the one protocol), :class:`Context`, :class:`Library`;
  the declarations of action and decision kinds: :class:`ActionKind`, :class:`DecisionKind`.

This package never imports an expansion: the expansions in play come in the context.
"""

from __future__ import annotations

from . import _atoms as atoms  # noqa: F401 - declares the core effect atoms' behaviour (and the steal_xp hook)
from ._atom_rules import AtomRule, EffectCall, atom_rule
from ._attempts import (
    AttemptMath,
    attempt_math,
    attempt_odds_of,
    attempt_pool,
    can_play_level,
    dark_runes_allowed,
    recast_dark_allowed,
    shortcut,
    table_attempt,
    when_matches,
)
from ._cast import added_dark, cast_pool, chance_outcomes, pending_cast
from ._choices import CHOICE_WORDS
from ._context import Context, Library
from ._effects import apply_effect, describe, fire, gain_xp, move_track, sacrifice_ally, sacrifice_first_ally
from ._expansion import Expansion, ScoreExtras, Shortcut
from ._flow import apply, end_turn, game_over, start_turn
from ._front_hooks import (
    BoxOutcome,
    Choices,
    Column,
    FacadeAction,
    FacadeQuery,
    HeroWords,
    Picture,
    PictureLine,
    PositionTable,
    ResultColumn,
    ScenarioCheck,
    ScenarioStep,
    hero_words,
    offered,
)
from ._hidden import is_hidden
from ._kinds import ActionKind, DecisionKind, KindTable, Phrase, SeatWords, phrase, plural_phrase
from ._legal import check, is_chance, legal_actions, refusal, to_move, why_illegal
from ._odds import (
    EFFECTS,
    CastDistribution,
    Effect,
    Odds,
    attempt_odds,
    cast_distribution,
    compute_distribution,
    table_000,
)
from ._plays import hand_playable, usable_powers
from ._scoring import destiny_rule_points, icon_set_points, score_player, scores, winners
from ._set_aside import SetAside, SetAsideEntry, set_aside
from ._setup import excluded, new_game
from ._story import card_ids, effective_icons, icon_counts, meets, power_of, powers, triggered, visible_paths
from ._table import draw_top, find_on_table, log_event, set_player, set_row
from ._targets import play_targets, power_targets, target_refusal
from ._view import View, redact, view
from ._whereabouts import table_names, whereabouts
from ._windows import WINDOW_WORDS, window_options

__all__ = [
    "CHOICE_WORDS",
    "EFFECTS",
    "WINDOW_WORDS",
    "ActionKind",
    "AtomRule",
    "AttemptMath",
    "BoxOutcome",
    "CastDistribution",
    "Choices",
    "Column",
    "Context",
    "DecisionKind",
    "Effect",
    "EffectCall",
    "Expansion",
    "FacadeAction",
    "FacadeQuery",
    "HeroWords",
    "KindTable",
    "Library",
    "Odds",
    "Phrase",
    "Picture",
    "PictureLine",
    "PositionTable",
    "ResultColumn",
    "ScenarioCheck",
    "ScenarioStep",
    "ScoreExtras",
    "SeatWords",
    "SetAside",
    "SetAsideEntry",
    "Shortcut",
    "View",
    "added_dark",
    "apply",
    "apply_effect",
    "atom_rule",
    "attempt_math",
    "attempt_odds",
    "attempt_odds_of",
    "attempt_pool",
    "can_play_level",
    "card_ids",
    "cast_distribution",
    "cast_pool",
    "chance_outcomes",
    "check",
    "compute_distribution",
    "dark_runes_allowed",
    "describe",
    "destiny_rule_points",
    "draw_top",
    "effective_icons",
    "end_turn",
    "excluded",
    "find_on_table",
    "fire",
    "gain_xp",
    "game_over",
    "hand_playable",
    "hero_words",
    "icon_counts",
    "icon_set_points",
    "is_chance",
    "is_hidden",
    "legal_actions",
    "log_event",
    "meets",
    "move_track",
    "new_game",
    "offered",
    "pending_cast",
    "phrase",
    "play_targets",
    "plural_phrase",
    "power_of",
    "power_targets",
    "powers",
    "recast_dark_allowed",
    "redact",
    "refusal",
    "sacrifice_ally",
    "sacrifice_first_ally",
    "score_player",
    "scores",
    "set_aside",
    "set_player",
    "set_row",
    "shortcut",
    "start_turn",
    "table_000",
    "table_attempt",
    "table_names",
    "target_refusal",
    "to_move",
    "triggered",
    "usable_powers",
    "view",
    "visible_paths",
    "when_matches",
    "whereabouts",
    "why_illegal",
    "window_options",
    "winners",
]
