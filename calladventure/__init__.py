"""calladventure: a typed engine for Call to Adventure and the challenge decks of Worldspanner Factions.

Start with :class:`Game`::

    from calladventure import Game
    game = Game.new(players=3, seed=7)
    game.legal_actions

The rules are functions of one immutable :class:`GameState`; every event cites the rule
section it applies (:mod:`calladventure.sections`). See ``docs/`` for a tutorial.
"""

from __future__ import annotations

from .actions import (
    Action,
    AttemptChallenge,
    AttemptName,
    BuyDark,
    CastRunes,
    ChooseDeck,
    EndTurn,
    FreeDiscard,
    GainTrait,
    Journey,
    Keep,
    Pass,
    PlaceAllyUnder,
    PlayCard,
    UsePower,
)
from .carddata import bundled_set, bundled_sets, load_card_file, load_card_set, load_rune_set, load_track
from .cards import Card, CardDB, CardSet, CardType, Path, Side
from .context import Context, context_for, register_set
from .corruption import Level, Track
from .errors import (
    AmbiguousActionError,
    CallAdventureError,
    CardDataError,
    IllegalActionError,
    RulesOptionError,
    SaveFormatError,
    UnknownCardError,
)
from .events import Event
from .game import Game, LegalActions, Outcome
from .hooks import hook
from .icons import Icon
from .odds import CastDistribution, Odds, attempt_odds, cast_distribution
from .options import DarkLimit, IconSets, JourneyScope, Refill, Rules, SpecialDraw
from .position import Position, PositionError
from .runes import Cast, Draw, Face, Rune, RuneKind, RuneSet
from .scoring import Score, ScoreLine
from .sections import SECTIONS, Section, cite
from .state import Config, GameState, Phase, Player

__version__ = "0.1.0"

__all__ = [
    "SECTIONS",
    "Action",
    "AmbiguousActionError",
    "AttemptChallenge",
    "AttemptName",
    "BuyDark",
    "CallAdventureError",
    "Card",
    "CardDB",
    "CardDataError",
    "CardSet",
    "CardType",
    "Cast",
    "CastDistribution",
    "CastRunes",
    "ChooseDeck",
    "Config",
    "Context",
    "DarkLimit",
    "Draw",
    "EndTurn",
    "Event",
    "Face",
    "FreeDiscard",
    "GainTrait",
    "Game",
    "GameState",
    "Icon",
    "IconSets",
    "IllegalActionError",
    "Journey",
    "JourneyScope",
    "Keep",
    "LegalActions",
    "Level",
    "Odds",
    "Outcome",
    "Pass",
    "Path",
    "Phase",
    "PlaceAllyUnder",
    "PlayCard",
    "Player",
    "Position",
    "PositionError",
    "Refill",
    "Rules",
    "RulesOptionError",
    "Rune",
    "RuneKind",
    "RuneSet",
    "SaveFormatError",
    "Score",
    "ScoreLine",
    "Section",
    "Side",
    "SpecialDraw",
    "Track",
    "UnknownCardError",
    "UsePower",
    "attempt_odds",
    "bundled_set",
    "bundled_sets",
    "cast_distribution",
    "cite",
    "context_for",
    "hook",
    "load_card_file",
    "load_card_set",
    "load_rune_set",
    "load_track",
    "register_set",
]
