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

from .values._laziness import lazy_package
from .values._reprs import Kind
from .values._reprs import install as install_renderer
from .values._vocabulary import install as install_vocabulary

if TYPE_CHECKING:  # the public names, listed once: type checkers read them here; at run time
    # lazy_package reads this block and imports each name the first time it is used
    from .data._cards import bundled_set as bundled_set
    from .data._cards import bundled_sets as bundled_sets
    from .data._cards import load_card_file as load_card_file
    from .data._cards import load_card_set as load_card_set
    from .data._cards import load_rune_set as load_rune_set
    from .data._cards import load_track as load_track
    from .expansions.naming import AttemptName as AttemptName
    from .expansions.odium import DeclareLoyalty as DeclareLoyalty
    from .expansions.odium import FaceOdium as FaceOdium
    from .game import Game as Game
    from .game import LegalActions as LegalActions
    from .game import Outcome as Outcome
    from .game._library import context_for as context_for
    from .game._library import register_set as register_set
    from .play.position import Position as Position
    from .play.position import PositionError as PositionError
    from .play.simulate import simulate as simulate
    from .rules._context import Context as Context
    from .rules._context import Library as Library
    from .rules._expansion import Expansion as Expansion
    from .rules._odds import CastDistribution as CastDistribution
    from .rules._odds import Odds as Odds
    from .rules._odds import attempt_odds as attempt_odds
    from .rules._odds import cast_distribution as cast_distribution
    from .values._actions import Action as Action
    from .values._actions import AttemptChallenge as AttemptChallenge
    from .values._actions import BuyDark as BuyDark
    from .values._actions import CastRunes as CastRunes
    from .values._actions import Choose as Choose
    from .values._actions import ChooseDeck as ChooseDeck
    from .values._actions import EndTurn as EndTurn
    from .values._actions import FreeDiscard as FreeDiscard
    from .values._actions import GainTrait as GainTrait
    from .values._actions import Journey as Journey
    from .values._actions import Keep as Keep
    from .values._actions import Pass as Pass
    from .values._actions import PlaceAllyUnder as PlaceAllyUnder
    from .values._actions import PlayCard as PlayCard
    from .values._actions import UsePower as UsePower
    from .values._cards import Card as Card
    from .values._cards import CardDB as CardDB
    from .values._cards import CardSet as CardSet
    from .values._cards import CardType as CardType
    from .values._cards import Path as Path
    from .values._cards import Side as Side
    from .values._errors import AmbiguousCardError as AmbiguousCardError
    from .values._errors import CallAdventureError as CallAdventureError
    from .values._errors import CardDataError as CardDataError
    from .values._errors import LibraryError as LibraryError
    from .values._errors import LimitError as LimitError
    from .values._errors import RulesOptionError as RulesOptionError
    from .values._errors import SaveFileError as SaveFileError
    from .values._errors import SaveFormatError as SaveFormatError
    from .values._errors import UnknownCardError as UnknownCardError
    from .values._errors import UnknownValueError as UnknownValueError
    from .values._events import Event as Event
    from .values._hooks import hook as hook
    from .values._icons import Icon as Icon
    from .values._illegal import AmbiguousActionError as AmbiguousActionError
    from .values._illegal import IllegalActionError as IllegalActionError
    from .values._options import DarkLimit as DarkLimit
    from .values._options import IconSets as IconSets
    from .values._options import JourneyScope as JourneyScope
    from .values._options import Refill as Refill
    from .values._options import Rules as Rules
    from .values._options import SpecialDraw as SpecialDraw
    from .values._runes import Cast as Cast
    from .values._runes import Draw as Draw
    from .values._runes import Face as Face
    from .values._runes import Rune as Rune
    from .values._runes import RuneKind as RuneKind
    from .values._runes import RuneSet as RuneSet
    from .values._score import Score as Score
    from .values._score import ScoreLine as ScoreLine
    from .values._sections import SECTIONS as SECTIONS
    from .values._sections import Section as Section
    from .values._sections import cite as cite
    from .values._state import Config as Config
    from .values._state import GameState as GameState
    from .values._state import Phase as Phase
    from .values._state import Player as Player
    from .values._track import Level as Level
    from .values._track import Track as Track

__all__, __getattr__, __dir__ = lazy_package(__name__)


def _draw(kind: Kind, value: object) -> object:
    """Pictures come from the presentation layers (the game's, then Worldspanner's), imported at the first draw.

    A value with a rich picture and no text picture of its own prints as its rich picture in plain text.
    """
    from .present._printable import plain_text
    from .present._reprs import render

    picture = render(kind, value)
    if picture is None and type(value).__module__.startswith("calladventure.worldspanner"):
        from .worldspanner._display import render as render_worldspanner

        picture = render_worldspanner(kind, value)
    if picture is None and kind == "text":
        rich = _draw("rich", value)
        picture = None if rich is None else plain_text(rich)  # type: ignore[arg-type]
    return picture


install_renderer(_draw)


def _vocabulary() -> None:
    """The package's own hooks (the rules layer), its bundled boxes' effect atoms and rules options, registered as they import."""
    importlib.import_module(f"{__name__}.rules")
    importlib.import_module(f"{__name__}.expansions")


install_vocabulary(_vocabulary)

__version__ = "0.1.0"
