"""calladventure: a typed engine for Call to Adventure and the challenge decks of Worldspanner Factions.

Start with :class:`Game`::

    from calladventure import Game
    game = Game.new(players=3, seed=7)
    game.legal_actions

The rules are functions of one immutable :class:`GameState`; every event cites the rule
section it applies (:data:`SECTIONS`). See ``docs/`` for a tutorial.
:func:`simulate` plays balance studies of thousands of games (``docs/simulation.md``).

Importing the package is cheap: each name of ``__all__`` (and each sub-package, such as
``calladventure.rules``) is imported the first time it is used (PEP 562), so a program that
needs only the command line's ``--help`` or one value never loads the engine, ``rich`` or
``cattrs`` (``docs/design.md`` § Lazy imports).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .values.laziness import lazy_package
from .values.reprs import Kind
from .values.reprs import install as install_renderer
from .values.vocabulary import install as install_vocabulary

if TYPE_CHECKING:  # the public names, listed once: type checkers read them here; at run time
    # lazy_package reads this block and imports each name the first time it is used
    from .data.cards import bundled_set as bundled_set
    from .data.cards import bundled_sets as bundled_sets
    from .data.cards import load_card_file as load_card_file
    from .data.cards import load_card_set as load_card_set
    from .data.cards import load_rune_set as load_rune_set
    from .data.cards import load_track as load_track
    from .expansions.naming import AttemptName as AttemptName
    from .expansions.odium import DeclareLoyalty as DeclareLoyalty
    from .expansions.odium import FaceOdium as FaceOdium
    from .game import Game as Game
    from .game import LegalActions as LegalActions
    from .game import Outcome as Outcome
    from .game.library import context_for as context_for
    from .game.library import register_set as register_set
    from .play.position import Position as Position
    from .play.position import PositionError as PositionError
    from .play.simulate import simulate as simulate
    from .rules.context import Context as Context
    from .rules.context import Library as Library
    from .rules.expansion import Expansion as Expansion
    from .rules.odds import CastDistribution as CastDistribution
    from .rules.odds import Odds as Odds
    from .rules.odds import attempt_odds as attempt_odds
    from .rules.odds import cast_distribution as cast_distribution
    from .values.actions import Action as Action
    from .values.actions import AttemptChallenge as AttemptChallenge
    from .values.actions import BuyDark as BuyDark
    from .values.actions import CastRunes as CastRunes
    from .values.actions import Choose as Choose
    from .values.actions import ChooseDeck as ChooseDeck
    from .values.actions import EndTurn as EndTurn
    from .values.actions import FreeDiscard as FreeDiscard
    from .values.actions import GainTrait as GainTrait
    from .values.actions import Journey as Journey
    from .values.actions import Keep as Keep
    from .values.actions import Pass as Pass
    from .values.actions import PlaceAllyUnder as PlaceAllyUnder
    from .values.actions import PlayCard as PlayCard
    from .values.actions import UsePower as UsePower
    from .values.cards import Card as Card
    from .values.cards import CardDB as CardDB
    from .values.cards import CardSet as CardSet
    from .values.cards import CardType as CardType
    from .values.cards import Path as Path
    from .values.cards import Side as Side
    from .values.errors import AmbiguousActionError as AmbiguousActionError
    from .values.errors import AmbiguousCardError as AmbiguousCardError
    from .values.errors import CallAdventureError as CallAdventureError
    from .values.errors import CardDataError as CardDataError
    from .values.errors import IllegalActionError as IllegalActionError
    from .values.errors import LibraryError as LibraryError
    from .values.errors import LimitError as LimitError
    from .values.errors import RulesOptionError as RulesOptionError
    from .values.errors import SaveFileError as SaveFileError
    from .values.errors import SaveFormatError as SaveFormatError
    from .values.errors import UnknownCardError as UnknownCardError
    from .values.errors import UnknownValueError as UnknownValueError
    from .values.events import Event as Event
    from .values.hooks import hook as hook
    from .values.icons import Icon as Icon
    from .values.options import DarkLimit as DarkLimit
    from .values.options import IconSets as IconSets
    from .values.options import JourneyScope as JourneyScope
    from .values.options import Refill as Refill
    from .values.options import Rules as Rules
    from .values.options import SpecialDraw as SpecialDraw
    from .values.runes import Cast as Cast
    from .values.runes import Draw as Draw
    from .values.runes import Face as Face
    from .values.runes import Rune as Rune
    from .values.runes import RuneKind as RuneKind
    from .values.runes import RuneSet as RuneSet
    from .values.score import Score as Score
    from .values.score import ScoreLine as ScoreLine
    from .values.sections import SECTIONS as SECTIONS
    from .values.sections import Section as Section
    from .values.sections import cite as cite
    from .values.state import Config as Config
    from .values.state import GameState as GameState
    from .values.state import Phase as Phase
    from .values.state import Player as Player
    from .values.track import Level as Level
    from .values.track import Track as Track

__all__, __getattr__, __dir__ = lazy_package(__name__)


def _draw(kind: Kind, value: object) -> object:
    """Pictures come from the presentation layers (the game's, then Worldspanner's), imported at the first draw."""
    from .present.reprs import render

    picture = render(kind, value)
    if picture is None and type(value).__module__.startswith("calladventure.worldspanner"):
        from .worldspanner.display import render as render_worldspanner

        picture = render_worldspanner(kind, value)
    return picture


install_renderer(_draw)


def _vocabulary() -> None:
    """The package's own hooks (the rules layer) and its bundled boxes' effect atoms, registered as they import."""
    importlib.import_module(f"{__name__}.rules")
    importlib.import_module(f"{__name__}.expansions")


install_vocabulary(_vocabulary)

__version__ = "0.1.0"
