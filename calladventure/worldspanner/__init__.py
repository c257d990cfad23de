"""The challenge-deck adventure system of Worldspanner Factions (rule text 003).

Its own rules module, not a part of Call to Adventure: two teams with their own challenge
decks, heroes with ratings and a home faction, adventure spaces on faction keys, and the
exact odds of each result given what is left in a deck. See ``docs/worldspanner.md``.

The table: :mod:`.teams` (teams and steps), :mod:`.pieces` (heroes, spaces, plaques),
:mod:`.state` (the one frozen state value and its log), :mod:`.table` (setting it up). Play:
:mod:`.challenges` (drawing and reading a card), :mod:`.eligibility` (who may adventure),
:mod:`.adventure` (an adventure and its result), :mod:`.dismissal` (dismissed, banished, the
Boost), :mod:`.capture` (victory markers), :mod:`.turn` (walking the steps). Data and
analysis: :mod:`.deck`, :mod:`.factions`, :mod:`.rules` (options), :mod:`.odds`, :mod:`.display`.
"""

from __future__ import annotations

from ._adventure import AdventureResult, adventure
from ._capture import Capture, capture
from ._challenges import ChallengeResult, challenge, draw_card, reshuffle, stack_deck
from ._deck import (
    DECK_FORMAT,
    DIFFERENCES,
    FACES,
    MAX_DIFFERENCE,
    ChallengeCard,
    ChallengeDeck,
    ChallengeFace,
    clamp_difference,
    default_deck,
    difference_label,
    face_counts,
    load_deck,
)
from ._eligibility import adventurers, can_adventure
from ._errors import (
    AdventureNotAllowedError,
    DeckError,
    DeckExhaustedError,
    DifferenceError,
    FactionError,
    Refusal,
    TableSetupError,
)
from ._factions import (
    FACTIONS_FORMAT,
    HOME_BONUS,
    OPPOSING_PENALTY,
    Faction,
    FactionTable,
    default_factions,
    load_factions,
)
from ._odds import (
    FaceOdds,
    OddsTable,
    deck_odds,
    next_card_odds,
    odds_after,
    odds_for,
    odds_table,
    public_odds,
    remaining_table,
)
from ._pieces import AdventureKind, Hero, HeroStatus, Plaque, Space
from ._rules import EmptyDeck, WorldspannerRules
from ._state import Event, TeamDeck, WorldspannerState
from ._table import adjacent_enemies, new_table, place_hero
from ._teams import STEPS, Step, Team
from ._turn import advance_step

__all__ = [
    "DECK_FORMAT",
    "DIFFERENCES",
    "FACES",
    "FACTIONS_FORMAT",
    "HOME_BONUS",
    "MAX_DIFFERENCE",
    "OPPOSING_PENALTY",
    "STEPS",
    "AdventureKind",
    "AdventureNotAllowedError",
    "AdventureResult",
    "Capture",
    "ChallengeCard",
    "ChallengeDeck",
    "ChallengeFace",
    "ChallengeResult",
    "DeckError",
    "DeckExhaustedError",
    "DifferenceError",
    "EmptyDeck",
    "Event",
    "FaceOdds",
    "Faction",
    "FactionError",
    "FactionTable",
    "Hero",
    "HeroStatus",
    "OddsTable",
    "Plaque",
    "Refusal",
    "Space",
    "Step",
    "TableSetupError",
    "Team",
    "TeamDeck",
    "WorldspannerRules",
    "WorldspannerState",
    "adjacent_enemies",
    "advance_step",
    "adventure",
    "adventurers",
    "can_adventure",
    "capture",
    "challenge",
    "clamp_difference",
    "deck_odds",
    "default_deck",
    "default_factions",
    "difference_label",
    "draw_card",
    "face_counts",
    "load_deck",
    "load_factions",
    "new_table",
    "next_card_odds",
    "odds_after",
    "odds_for",
    "odds_table",
    "place_hero",
    "public_odds",
    "remaining_table",
    "reshuffle",
    "stack_deck",
]
