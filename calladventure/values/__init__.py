"""The values layer: immutable game values that import nothing above them (docs/design.md).

Each name is imported from its module the first time it is used (PEP 562), so importing one
value module (or the package top, which needs only :mod:`.reprs`) does not define every attrs
class of the layer.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the names below are, for type checkers; at run time each loads when first used
    from .actions import (
        ACTION_TAGS,
        CORE_ACTIONS,
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
        Notation,
        Pass,
        PlaceAllyUnder,
        PlayCard,
        UsePower,
        Words,
    )
    from .cards import (
        Card,
        CardDB,
        CardSet,
        CardType,
        Path,
        Side,
    )
    from .effects import (
        EFFECT_KINDS,
        EFFECT_TAGS,
        PER_CARD_KINDS,
        SCORE_KINDS,
        SCORE_TAGS,
        Bonus,
        CancelCorruption,
        Compare,
        DarkRunes,
        Difficulty,
        DiscardCard,
        DrawCards,
        Duration,
        Effect,
        GainCorruption,
        GainVirtue,
        GainXP,
        Hook,
        IconsAtLeast,
        LoseXP,
        PerCard,
        PerIcon,
        Play,
        PointsKind,
        Power,
        Reattempt,
        Requirement,
        SacrificeAlly,
        ScoreRule,
        Target,
        TempIcon,
        Timing,
        TrackPosition,
        Trigger,
        When,
    )
    from .errors import (
        MAX_PROBLEMS_SHOWN,
        AmbiguousActionError,
        AmbiguousCardError,
        CallAdventureError,
        CardDataError,
        DataProblem,
        HookError,
        IllegalActionError,
        RulesOptionError,
        SaveFormatError,
        UnknownCardError,
    )
    from .events import (
        Event,
        Log,
    )
    from .hooks import (
        DEFAULT_INT_BOUNDS,
        HOOK_SPECS,
        HOOKS,
        MAX_PARAM_LENGTH,
        STANDARD_ARGS,
        HookFn,
        HookParam,
        HookSpec,
        hook,
        hook_spec,
        int_param,
        str_param,
    )
    from .icons import (
        ABILITIES,
        GLYPHS,
        NAME_ICONS,
        STORY_ICONS,
        Icon,
    )
    from .options import (
        DarkLimit,
        IconSets,
        JourneyScope,
        Refill,
        Rules,
        RulesOption,
        SpecialDraw,
        rules_option,
    )
    from .reprs import (
        Drawable,
        Kind,
        Renderer,
        draw,
        install,
    )
    from .rng import (
        choice,
        coin,
        next_u64,
        randbelow,
        seed_state,
        shuffled,
    )
    from .runes import (
        Cast,
        CastRune,
        Draw,
        Face,
        Rune,
        RuneKind,
        RuneSet,
        cast_from_bits,
        face_index,
    )
    from .score import (
        Score,
        ScoreLine,
    )
    from .sections import (
        RULE_FILES,
        SECTIONS,
        Section,
        cite,
        section,
        slugify,
    )
    from .state import (
        ActiveEffect,
        Attempt,
        AwaitCast,
        Choice,
        ChooseCharacter,
        ChooseDraw,
        Config,
        Decision,
        Ext,
        GameState,
        HeldAlly,
        Mode,
        Pending,
        Phase,
        PlaceAlly,
        Player,
        Row,
        Slot,
        Tucked,
        Turn,
        Window,
        WindowKind,
        accessor,
        evolve,
    )
    from .track import (
        Level,
        Track,
    )

#: The public names of each module, space-separated (the ``TYPE_CHECKING`` imports above).
_HOMES: dict[str, str] = {
    "actions": (
        "ACTION_TAGS CORE_ACTIONS Action AttemptChallenge BuyDark CastRunes Choose ChooseDeck EndTurn "
        "FreeDiscard GainTrait Journey Keep Notation Pass PlaceAllyUnder PlayCard UsePower Words"
    ),
    "cards": "Card CardDB CardSet CardType Path Side",
    "effects": (
        "EFFECT_KINDS EFFECT_TAGS PER_CARD_KINDS SCORE_KINDS SCORE_TAGS Bonus "
        "CancelCorruption Compare DarkRunes Difficulty DiscardCard DrawCards Duration Effect "
        "GainCorruption GainVirtue GainXP Hook IconsAtLeast LoseXP PerCard PerIcon Play PointsKind Power "
        "Reattempt Requirement SacrificeAlly ScoreRule Target TempIcon Timing TrackPosition Trigger When"
    ),
    "errors": (
        "MAX_PROBLEMS_SHOWN AmbiguousActionError AmbiguousCardError CallAdventureError CardDataError DataProblem HookError "
        "IllegalActionError RulesOptionError SaveFormatError UnknownCardError"
    ),
    "events": "Event Log",
    "hooks": (
        "DEFAULT_INT_BOUNDS HOOK_SPECS HOOKS MAX_PARAM_LENGTH STANDARD_ARGS HookFn "
        "HookParam HookSpec hook hook_spec int_param str_param"
    ),
    "icons": "ABILITIES GLYPHS NAME_ICONS STORY_ICONS Icon",
    "options": ("DarkLimit IconSets JourneyScope Refill Rules RulesOption SpecialDraw rules_option"),
    "reprs": "Drawable Kind Renderer draw install",
    "rng": "choice coin next_u64 randbelow seed_state shuffled",
    "runes": "Cast CastRune Draw Face Rune RuneKind RuneSet cast_from_bits face_index",
    "score": "Score ScoreLine",
    "sections": "RULE_FILES SECTIONS Section cite section slugify",
    "state": (
        "ActiveEffect Attempt AwaitCast Choice ChooseCharacter ChooseDraw Config Decision Ext GameState "
        "HeldAlly Mode Pending Phase PlaceAlly Player Row Slot Tucked Turn Window WindowKind accessor "
        "evolve"
    ),
    "track": "Level Track",
}
_HOME: dict[str, str] = {name: module for module, names in _HOMES.items() for name in names.split()}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module the first time it is asked for (PEP 562)."""
    home = _HOME.get(name)
    if home is not None:
        value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
        globals()[name] = value  # the next lookup is a plain global
        return value
    if name in _HOMES:  # a module of the layer, e.g. ``values.state``
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "ABILITIES",
    "ACTION_TAGS",
    "CORE_ACTIONS",
    "DEFAULT_INT_BOUNDS",
    "EFFECT_KINDS",
    "EFFECT_TAGS",
    "GLYPHS",
    "HOOKS",
    "HOOK_SPECS",
    "MAX_PARAM_LENGTH",
    "MAX_PROBLEMS_SHOWN",
    "NAME_ICONS",
    "PER_CARD_KINDS",
    "RULE_FILES",
    "SCORE_KINDS",
    "SCORE_TAGS",
    "SECTIONS",
    "STANDARD_ARGS",
    "STORY_ICONS",
    "Action",
    "ActiveEffect",
    "AmbiguousActionError",
    "AmbiguousCardError",
    "Attempt",
    "AttemptChallenge",
    "AwaitCast",
    "Bonus",
    "BuyDark",
    "CallAdventureError",
    "CancelCorruption",
    "Card",
    "CardDB",
    "CardDataError",
    "CardSet",
    "CardType",
    "Cast",
    "CastRune",
    "CastRunes",
    "Choice",
    "Choose",
    "ChooseCharacter",
    "ChooseDeck",
    "ChooseDraw",
    "Compare",
    "Config",
    "DarkLimit",
    "DarkRunes",
    "DataProblem",
    "Decision",
    "Difficulty",
    "DiscardCard",
    "Draw",
    "DrawCards",
    "Drawable",
    "Duration",
    "Effect",
    "EndTurn",
    "Event",
    "Ext",
    "Face",
    "FreeDiscard",
    "GainCorruption",
    "GainTrait",
    "GainVirtue",
    "GainXP",
    "GameState",
    "HeldAlly",
    "Hook",
    "HookError",
    "HookFn",
    "HookParam",
    "HookSpec",
    "Icon",
    "IconSets",
    "IconsAtLeast",
    "IllegalActionError",
    "Journey",
    "JourneyScope",
    "Keep",
    "Kind",
    "Level",
    "Log",
    "LoseXP",
    "Mode",
    "Notation",
    "Pass",
    "Path",
    "Pending",
    "PerCard",
    "PerIcon",
    "Phase",
    "PlaceAlly",
    "PlaceAllyUnder",
    "Play",
    "PlayCard",
    "Player",
    "PointsKind",
    "Power",
    "Reattempt",
    "Refill",
    "Renderer",
    "Requirement",
    "Row",
    "Rules",
    "RulesOption",
    "RulesOptionError",
    "Rune",
    "RuneKind",
    "RuneSet",
    "SacrificeAlly",
    "SaveFormatError",
    "Score",
    "ScoreLine",
    "ScoreRule",
    "Section",
    "Side",
    "Slot",
    "SpecialDraw",
    "Target",
    "TempIcon",
    "Timing",
    "Track",
    "TrackPosition",
    "Trigger",
    "Tucked",
    "Turn",
    "UnknownCardError",
    "UsePower",
    "When",
    "Window",
    "WindowKind",
    "Words",
    "accessor",
    "cast_from_bits",
    "choice",
    "cite",
    "coin",
    "draw",
    "evolve",
    "face_index",
    "hook",
    "hook_spec",
    "install",
    "int_param",
    "next_u64",
    "randbelow",
    "rules_option",
    "section",
    "seed_state",
    "shuffled",
    "slugify",
    "str_param",
]
