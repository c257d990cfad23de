"""calladventure: a typed engine for Call to Adventure and the challenge decks of Worldspanner Factions.

Start with :class:`Game`::

    from calladventure import Game
    game = Game.new(players=3, seed=7)
    game.legal_actions

The rules are functions of one immutable :class:`GameState`; every event cites the rule
section it applies (:mod:`calladventure.sections`). See ``docs/`` for a tutorial.
:func:`simulate` plays balance studies of thousands of games (``docs/simulation.md``).

Importing the package is cheap: each name of ``__all__`` (and each sub-package, such as
``calladventure.rules``) is imported the first time it is used (PEP 562), so a program that
needs only the command line's ``--help`` or one value never loads the engine, ``rich`` or
``cattrs`` (``docs/design.md`` § Lazy imports).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import _compat
from .values.reprs import Kind
from .values.reprs import install as install_renderer
from .values.vocabulary import install as install_vocabulary

if TYPE_CHECKING:  # what the names below are, for type checkers; at run time each loads when first used
    from .data.cards import (
        bundled_set,
        bundled_sets,
        load_card_file,
        load_card_set,
        load_rune_set,
        load_track,
    )
    from .expansions.naming import (
        AttemptName,
    )
    from .expansions.odium import (
        DeclareLoyalty,
        FaceOdium,
    )
    from .game import (
        Game,
        LegalActions,
        Outcome,
    )
    from .game.library import (
        context_for,
        register_set,
    )
    from .play.position import (
        Position,
        PositionError,
    )
    from .play.simulate import (
        simulate,
    )
    from .rules.context import (
        Context,
        Library,
    )
    from .rules.expansion import (
        Expansion,
    )
    from .rules.odds import (
        CastDistribution,
        Odds,
        attempt_odds,
        cast_distribution,
    )
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
    from .values.cards import (
        Card,
        CardDB,
        CardSet,
        CardType,
        Path,
        Side,
    )
    from .values.errors import (
        AmbiguousActionError,
        AmbiguousCardError,
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
    from .values.events import (
        Event,
    )
    from .values.hooks import (
        hook,
    )
    from .values.icons import (
        Icon,
    )
    from .values.options import (
        DarkLimit,
        IconSets,
        JourneyScope,
        Refill,
        Rules,
        SpecialDraw,
    )
    from .values.runes import (
        Cast,
        Draw,
        Face,
        Rune,
        RuneKind,
        RuneSet,
    )
    from .values.score import (
        Score,
        ScoreLine,
    )
    from .values.sections import (
        SECTIONS,
        Section,
        cite,
    )
    from .values.state import (
        Config,
        GameState,
        Phase,
        Player,
    )
    from .values.track import (
        Level,
        Track,
    )

#: The module of each public name, relative to the package (the ``TYPE_CHECKING`` imports above).
_HOMES: dict[str, tuple[str, ...]] = {
    "data.cards": (
        "bundled_set",
        "bundled_sets",
        "load_card_file",
        "load_card_set",
        "load_rune_set",
        "load_track",
    ),
    "expansions.naming": ("AttemptName",),
    "expansions.odium": (
        "DeclareLoyalty",
        "FaceOdium",
    ),
    "game": (
        "Game",
        "LegalActions",
        "Outcome",
    ),
    "game.library": (
        "context_for",
        "register_set",
    ),
    "play.position": (
        "Position",
        "PositionError",
    ),
    "play.simulate": ("simulate",),
    "rules.context": (
        "Context",
        "Library",
    ),
    "rules.expansion": ("Expansion",),
    "rules.odds": (
        "CastDistribution",
        "Odds",
        "attempt_odds",
        "cast_distribution",
    ),
    "values.actions": (
        "Action",
        "AttemptChallenge",
        "BuyDark",
        "CastRunes",
        "Choose",
        "ChooseDeck",
        "EndTurn",
        "FreeDiscard",
        "GainTrait",
        "Journey",
        "Keep",
        "Pass",
        "PlaceAllyUnder",
        "PlayCard",
        "UsePower",
    ),
    "values.cards": (
        "Card",
        "CardDB",
        "CardSet",
        "CardType",
        "Path",
        "Side",
    ),
    "values.errors": (
        "AmbiguousActionError",
        "AmbiguousCardError",
        "CallAdventureError",
        "CardDataError",
        "IllegalActionError",
        "LibraryError",
        "LimitError",
        "RulesOptionError",
        "SaveFileError",
        "SaveFormatError",
        "UnknownCardError",
        "UnknownValueError",
    ),
    "values.events": ("Event",),
    "values.hooks": ("hook",),
    "values.icons": ("Icon",),
    "values.options": (
        "DarkLimit",
        "IconSets",
        "JourneyScope",
        "Refill",
        "Rules",
        "SpecialDraw",
    ),
    "values.runes": (
        "Cast",
        "Draw",
        "Face",
        "Rune",
        "RuneKind",
        "RuneSet",
    ),
    "values.score": (
        "Score",
        "ScoreLine",
    ),
    "values.sections": (
        "SECTIONS",
        "Section",
        "cite",
    ),
    "values.state": (
        "Config",
        "GameState",
        "Phase",
        "Player",
    ),
    "values.track": (
        "Level",
        "Track",
    ),
}
_HOME: dict[str, str] = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    """A public name, or a sub-package, imported the first time it is asked for (PEP 562)."""
    home = _HOME.get(name)
    if home is not None:
        value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
        globals()[name] = value  # the next lookup is a plain global
        return value
    if not name.startswith("__"):
        try:
            return importlib.import_module(f"{__name__}.{name}")  # e.g. ``calladventure.rules``
        except ModuleNotFoundError as missing:
            if missing.name != f"{__name__}.{name}":
                raise
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


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


def _vocabulary() -> None:
    """The package's own hooks (the rules layer), its bundled boxes' effect atoms and rules options, registered as they import."""
    importlib.import_module(f"{__name__}.rules")
    importlib.import_module(f"{__name__}.expansions")


install_vocabulary(_vocabulary)

__version__ = "0.1.0"

__all__ = [
    "SECTIONS",
    "Action",
    "AmbiguousActionError",
    "AmbiguousCardError",
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
