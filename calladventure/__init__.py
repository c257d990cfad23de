"""calladventure: a typed engine for Call to Adventure and the challenge decks of Worldspanner Factions.

Start with :class:`Game`::

    from calladventure import Game
    game = Game.new(players=3, seed=7)
    game.legal_actions

The rules are functions of one immutable :class:`GameState`; every event cites the rule
section it applies (:mod:`calladventure.sections`). See ``docs/`` for a tutorial.
:func:`simulate` plays balance studies of thousands of games (``docs/simulation.md``).
"""

from __future__ import annotations

from . import _compat
from .data.cards import bundled_set, bundled_sets, load_card_file, load_card_set, load_rune_set, load_track
from .expansions.naming import AttemptName
from .expansions.odium import DeclareLoyalty, FaceOdium
from .game import Game, LegalActions, Outcome
from .game.library import context_for, register_set
from .play.position import Position, PositionError
from .play.simulate import simulate
from .rules.context import Context, Library
from .rules.expansion import Expansion
from .rules.odds import CastDistribution, Odds, attempt_odds, cast_distribution
from .values.actions import (
    Action,
    AttemptChallenge,
    BuyDark,
    CastRunes,
    Choose,
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
from .values.cards import Card, CardDB, CardSet, CardType, Path, Side
from .values.errors import (
    AmbiguousActionError,
    CallAdventureError,
    CardDataError,
    IllegalActionError,
    LibraryError,
    LimitError,
    RulesOptionError,
    SaveFileError,
    SaveFormatError,
    UnknownCardError,
    UnknownValueError,
)
from .values.events import Event
from .values.hooks import hook
from .values.icons import Icon
from .values.options import DarkLimit, IconSets, JourneyScope, Refill, Rules, SpecialDraw
from .values.reprs import Kind
from .values.reprs import install as install_renderer
from .values.runes import Cast, Draw, Face, Rune, RuneKind, RuneSet
from .values.score import Score, ScoreLine
from .values.sections import SECTIONS, Section, cite
from .values.state import Config, GameState, Phase, Player
from .values.track import Level, Track

_compat.install()


def _draw(kind: Kind, value: object) -> object:
    """Pictures come from the presentation layers (the game's, then Worldspanner's), imported at the first draw."""
    from .present.reprs import render

    picture = render(kind, value)
    if picture is None and type(value).__module__.startswith("calladventure.worldspanner"):
        from .worldspanner.display import render as render_worldspanner

        picture = render_worldspanner(kind, value)
    return picture


install_renderer(_draw)

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
    "Choose",
    "ChooseDeck",
    "Config",
    "Context",
    "DarkLimit",
    "DeclareLoyalty",
    "Draw",
    "EndTurn",
    "Event",
    "Expansion",
    "Face",
    "FaceOdium",
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
    "Library",
    "LibraryError",
    "LimitError",
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
    "SaveFileError",
    "SaveFormatError",
    "Score",
    "ScoreLine",
    "Section",
    "Side",
    "SpecialDraw",
    "Track",
    "UnknownCardError",
    "UnknownValueError",
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
    "simulate",
]
