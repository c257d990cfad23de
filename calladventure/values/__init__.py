"""The values layer: immutable game values that import nothing above them (docs/design.md).

Each name is imported from its module the first time it is used (PEP 562, :mod:`.laziness`),
so importing one value module (or the package top, which needs only :mod:`.reprs` and
:mod:`.vocabulary`) does not define every attrs class of the layer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .laziness import lazy_package

if TYPE_CHECKING:  # the public names, listed once: type checkers read them here; at run time
    # lazy_package reads this block and imports each name the first time it is used
    from .actions import ACTION_TAGS as ACTION_TAGS
    from .actions import CORE_ACTIONS as CORE_ACTIONS
    from .actions import Action as Action
    from .actions import AttemptChallenge as AttemptChallenge
    from .actions import BuyDark as BuyDark
    from .actions import CastRunes as CastRunes
    from .actions import Choose as Choose
    from .actions import ChooseDeck as ChooseDeck
    from .actions import EndTurn as EndTurn
    from .actions import FreeDiscard as FreeDiscard
    from .actions import GainTrait as GainTrait
    from .actions import Journey as Journey
    from .actions import Keep as Keep
    from .actions import Notation as Notation
    from .actions import Pass as Pass
    from .actions import PlaceAllyUnder as PlaceAllyUnder
    from .actions import PlayCard as PlayCard
    from .actions import UsePower as UsePower
    from .actions import Words as Words
    from .cards import Card as Card
    from .cards import CardDB as CardDB
    from .cards import CardSet as CardSet
    from .cards import CardType as CardType
    from .cards import Path as Path
    from .cards import Side as Side
    from .effects import EFFECT_KINDS as EFFECT_KINDS
    from .effects import EFFECT_TAGS as EFFECT_TAGS
    from .effects import PER_CARD_KINDS as PER_CARD_KINDS
    from .effects import SCORE_KINDS as SCORE_KINDS
    from .effects import SCORE_TAGS as SCORE_TAGS
    from .effects import Bonus as Bonus
    from .effects import CancelCorruption as CancelCorruption
    from .effects import Compare as Compare
    from .effects import DarkRunes as DarkRunes
    from .effects import Difficulty as Difficulty
    from .effects import DiscardCard as DiscardCard
    from .effects import DrawCards as DrawCards
    from .effects import Duration as Duration
    from .effects import Effect as Effect
    from .effects import GainCorruption as GainCorruption
    from .effects import GainVirtue as GainVirtue
    from .effects import GainXP as GainXP
    from .effects import Hook as Hook
    from .effects import IconsAtLeast as IconsAtLeast
    from .effects import LoseXP as LoseXP
    from .effects import PerCard as PerCard
    from .effects import PerIcon as PerIcon
    from .effects import Play as Play
    from .effects import PointsKind as PointsKind
    from .effects import Power as Power
    from .effects import Reattempt as Reattempt
    from .effects import Requirement as Requirement
    from .effects import SacrificeAlly as SacrificeAlly
    from .effects import ScoreRule as ScoreRule
    from .effects import Target as Target
    from .effects import TempIcon as TempIcon
    from .effects import Timing as Timing
    from .effects import TrackPosition as TrackPosition
    from .effects import Trigger as Trigger
    from .effects import When as When
    from .errors import MAX_PROBLEMS_SHOWN as MAX_PROBLEMS_SHOWN
    from .errors import AmbiguousActionError as AmbiguousActionError
    from .errors import AmbiguousCardError as AmbiguousCardError
    from .errors import CallAdventureError as CallAdventureError
    from .errors import CardDataError as CardDataError
    from .errors import DataProblem as DataProblem
    from .errors import HookError as HookError
    from .errors import IllegalActionError as IllegalActionError
    from .errors import RulesOptionError as RulesOptionError
    from .errors import SaveFormatError as SaveFormatError
    from .errors import UnknownCardError as UnknownCardError
    from .events import Event as Event
    from .events import Log as Log
    from .hooks import DEFAULT_INT_BOUNDS as DEFAULT_INT_BOUNDS
    from .hooks import HOOK_SPECS as HOOK_SPECS
    from .hooks import HOOKS as HOOKS
    from .hooks import MAX_PARAM_LENGTH as MAX_PARAM_LENGTH
    from .hooks import STANDARD_ARGS as STANDARD_ARGS
    from .hooks import HookFn as HookFn
    from .hooks import HookParam as HookParam
    from .hooks import HookSpec as HookSpec
    from .hooks import hook as hook
    from .hooks import hook_spec as hook_spec
    from .hooks import int_param as int_param
    from .hooks import str_param as str_param
    from .icons import ABILITIES as ABILITIES
    from .icons import GLYPHS as GLYPHS
    from .icons import NAME_ICONS as NAME_ICONS
    from .icons import STORY_ICONS as STORY_ICONS
    from .icons import Icon as Icon
    from .options import DarkLimit as DarkLimit
    from .options import IconSets as IconSets
    from .options import JourneyScope as JourneyScope
    from .options import Refill as Refill
    from .options import Rules as Rules
    from .options import RulesOption as RulesOption
    from .options import SpecialDraw as SpecialDraw
    from .options import rules_option as rules_option
    from .reprs import Drawable as Drawable
    from .reprs import Kind as Kind
    from .reprs import Renderer as Renderer
    from .reprs import draw as draw
    from .reprs import install as install
    from .rng import choice as choice
    from .rng import coin as coin
    from .rng import next_u64 as next_u64
    from .rng import randbelow as randbelow
    from .rng import seed_state as seed_state
    from .rng import shuffled as shuffled
    from .runes import Cast as Cast
    from .runes import CastRune as CastRune
    from .runes import Draw as Draw
    from .runes import Face as Face
    from .runes import Rune as Rune
    from .runes import RuneKind as RuneKind
    from .runes import RuneSet as RuneSet
    from .runes import cast_from_bits as cast_from_bits
    from .runes import face_index as face_index
    from .score import Score as Score
    from .score import ScoreLine as ScoreLine
    from .sections import RULE_FILES as RULE_FILES
    from .sections import SECTIONS as SECTIONS
    from .sections import Section as Section
    from .sections import cite as cite
    from .sections import section as section
    from .sections import slugify as slugify
    from .state import ActiveEffect as ActiveEffect
    from .state import Attempt as Attempt
    from .state import AwaitCast as AwaitCast
    from .state import Choice as Choice
    from .state import ChooseCharacter as ChooseCharacter
    from .state import ChooseDraw as ChooseDraw
    from .state import Config as Config
    from .state import Decision as Decision
    from .state import Ext as Ext
    from .state import GameState as GameState
    from .state import HeldAlly as HeldAlly
    from .state import Mode as Mode
    from .state import Pending as Pending
    from .state import Phase as Phase
    from .state import PlaceAlly as PlaceAlly
    from .state import Player as Player
    from .state import Row as Row
    from .state import Slot as Slot
    from .state import Tucked as Tucked
    from .state import Turn as Turn
    from .state import Window as Window
    from .state import WindowKind as WindowKind
    from .state import evolve as evolve
    from .track import Level as Level
    from .track import Track as Track

__all__, __getattr__, __dir__ = lazy_package(__name__)
