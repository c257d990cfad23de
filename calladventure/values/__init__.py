"""The values layer: immutable game values that import nothing above them (docs/design.md).

Each name is imported from its module the first time it is used (PEP 562, :mod:`.laziness`),
so importing one value module (or the package top, which needs only :mod:`.reprs` and
:mod:`.vocabulary`) does not define every attrs class of the layer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._laziness import lazy_package

if TYPE_CHECKING:  # the public names, listed once: type checkers read them here; at run time
    # lazy_package reads this block and imports each name the first time it is used
    from ._actions import ACTION_TAGS as ACTION_TAGS
    from ._actions import CORE_ACTIONS as CORE_ACTIONS
    from ._actions import Action as Action
    from ._actions import AttemptChallenge as AttemptChallenge
    from ._actions import BuyDark as BuyDark
    from ._actions import CastRunes as CastRunes
    from ._actions import Choose as Choose
    from ._actions import ChooseDeck as ChooseDeck
    from ._actions import EndTurn as EndTurn
    from ._actions import FreeDiscard as FreeDiscard
    from ._actions import GainTrait as GainTrait
    from ._actions import Journey as Journey
    from ._actions import Keep as Keep
    from ._actions import Notation as Notation
    from ._actions import Pass as Pass
    from ._actions import PlaceAllyUnder as PlaceAllyUnder
    from ._actions import PlayCard as PlayCard
    from ._actions import UsePower as UsePower
    from ._actions import Words as Words
    from ._cards import Card as Card
    from ._cards import CardDB as CardDB
    from ._cards import CardSet as CardSet
    from ._cards import CardType as CardType
    from ._cards import Path as Path
    from ._cards import Side as Side
    from ._effects import EFFECT_KINDS as EFFECT_KINDS
    from ._effects import EFFECT_TAGS as EFFECT_TAGS
    from ._effects import PER_CARD_KINDS as PER_CARD_KINDS
    from ._effects import SCORE_KINDS as SCORE_KINDS
    from ._effects import SCORE_TAGS as SCORE_TAGS
    from ._effects import Bonus as Bonus
    from ._effects import CancelCorruption as CancelCorruption
    from ._effects import Compare as Compare
    from ._effects import DarkRunes as DarkRunes
    from ._effects import Difficulty as Difficulty
    from ._effects import DiscardCard as DiscardCard
    from ._effects import DrawCards as DrawCards
    from ._effects import Duration as Duration
    from ._effects import Effect as Effect
    from ._effects import GainCorruption as GainCorruption
    from ._effects import GainVirtue as GainVirtue
    from ._effects import GainXP as GainXP
    from ._effects import Hook as Hook
    from ._effects import IconsAtLeast as IconsAtLeast
    from ._effects import LoseXP as LoseXP
    from ._effects import PerCard as PerCard
    from ._effects import PerIcon as PerIcon
    from ._effects import Play as Play
    from ._effects import PointsKind as PointsKind
    from ._effects import Power as Power
    from ._effects import Reattempt as Reattempt
    from ._effects import Requirement as Requirement
    from ._effects import SacrificeAlly as SacrificeAlly
    from ._effects import ScoreRule as ScoreRule
    from ._effects import Target as Target
    from ._effects import TempIcon as TempIcon
    from ._effects import Timing as Timing
    from ._effects import TrackPosition as TrackPosition
    from ._effects import Trigger as Trigger
    from ._effects import When as When
    from ._errors import MAX_PROBLEMS_SHOWN as MAX_PROBLEMS_SHOWN
    from ._errors import AmbiguousCardError as AmbiguousCardError
    from ._errors import CallAdventureError as CallAdventureError
    from ._errors import CardDataError as CardDataError
    from ._errors import DataProblem as DataProblem
    from ._errors import HookError as HookError
    from ._errors import RulesOptionError as RulesOptionError
    from ._errors import SaveFormatError as SaveFormatError
    from ._errors import UnknownCardError as UnknownCardError
    from ._events import Event as Event
    from ._events import Log as Log
    from ._hooks import DEFAULT_INT_BOUNDS as DEFAULT_INT_BOUNDS
    from ._hooks import HOOK_SPECS as HOOK_SPECS
    from ._hooks import HOOKS as HOOKS
    from ._hooks import MAX_PARAM_LENGTH as MAX_PARAM_LENGTH
    from ._hooks import STANDARD_ARGS as STANDARD_ARGS
    from ._hooks import HookFn as HookFn
    from ._hooks import HookParam as HookParam
    from ._hooks import HookSpec as HookSpec
    from ._hooks import hook as hook
    from ._hooks import hook_spec as hook_spec
    from ._hooks import int_param as int_param
    from ._hooks import str_param as str_param
    from ._icons import ABILITIES as ABILITIES
    from ._icons import GLYPHS as GLYPHS
    from ._icons import STORY_ICONS as STORY_ICONS
    from ._icons import Icon as Icon
    from ._icons import IconDeclaration as IconDeclaration
    from ._icons import declared_icons as declared_icons
    from ._illegal import AmbiguousActionError as AmbiguousActionError
    from ._illegal import IllegalActionError as IllegalActionError
    from ._options import DarkLimit as DarkLimit
    from ._options import IconSets as IconSets
    from ._options import JourneyScope as JourneyScope
    from ._options import Refill as Refill
    from ._options import Rules as Rules
    from ._options import RulesOption as RulesOption
    from ._options import SpecialDraw as SpecialDraw
    from ._options import rules_option as rules_option
    from ._reprs import Drawable as Drawable
    from ._reprs import Kind as Kind
    from ._reprs import Renderer as Renderer
    from ._reprs import draw as draw
    from ._reprs import install as install
    from ._rng import choice as choice
    from ._rng import coin as coin
    from ._rng import next_u64 as next_u64
    from ._rng import randbelow as randbelow
    from ._rng import seed_state as seed_state
    from ._rng import shuffled as shuffled
    from ._runes import Cast as Cast
    from ._runes import CastRune as CastRune
    from ._runes import Draw as Draw
    from ._runes import Face as Face
    from ._runes import Rune as Rune
    from ._runes import RuneKind as RuneKind
    from ._runes import RuneSet as RuneSet
    from ._runes import cast_from_bits as cast_from_bits
    from ._runes import face_index as face_index
    from ._score import Score as Score
    from ._score import ScoreLine as ScoreLine
    from ._sections import RULE_FILES as RULE_FILES
    from ._sections import SECTIONS as SECTIONS
    from ._sections import Section as Section
    from ._sections import cite as cite
    from ._sections import section as section
    from ._sections import slugify as slugify
    from ._state import ActiveEffect as ActiveEffect
    from ._state import Attempt as Attempt
    from ._state import AwaitCast as AwaitCast
    from ._state import Choice as Choice
    from ._state import ChooseCharacter as ChooseCharacter
    from ._state import ChooseDraw as ChooseDraw
    from ._state import Config as Config
    from ._state import Decision as Decision
    from ._state import Ext as Ext
    from ._state import GameState as GameState
    from ._state import HeldAlly as HeldAlly
    from ._state import Mode as Mode
    from ._state import Pending as Pending
    from ._state import Phase as Phase
    from ._state import PlaceAlly as PlaceAlly
    from ._state import Player as Player
    from ._state import Row as Row
    from ._state import Slot as Slot
    from ._state import Tucked as Tucked
    from ._state import Turn as Turn
    from ._state import Window as Window
    from ._state import WindowKind as WindowKind
    from ._state import evolve as evolve
    from ._track import Level as Level
    from ._track import Track as Track

__all__, __getattr__, __dir__ = lazy_package(__name__)
