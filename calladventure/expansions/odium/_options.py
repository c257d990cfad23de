"""The Adversary box's rules options (000 · Facing Odium: Solo and Co-op Play; INDEX · Core solo / co-op).

Each is declared once here (:func:`~calladventure.values._options.rules_option`) and read with
``ctx.config.rules.option(ODIUM_TOKENS)``; its flat name (``odium_tokens``) works wherever a
core option's does. ``docs/rules/open-questions.md`` gives the evidence behind each default.
"""

from __future__ import annotations

from enum import StrEnum

from ...values._options import rules_option
from ._state import KEY


class OdiumTokens(StrEnum):
    """Odium's starting Experience tokens (open question 2; 000 · Facing Odium: Solo and Co-op Play)."""

    FIVE_PER_PLAYER = "five_per_player"  # 000's own examples (5 solo, 10 for two) and the rules video
    TWO_PER_PLAYER = "two_per_player"  # 000's sentence "two for each player"


class OdiumReveal(StrEnum):
    """What makes Odium reveal a card (open question 6; 000 · Playing Odium's Cards)."""

    DARK_TRIANGLE = "dark_triangle"  # 000, twice: a core rune shows a dark triangle
    LIGHT_AND_DARK = "light_and_dark"  # the rules video: a cast with both a light and a dark triangle


class OdiumFacing(StrEnum):
    """When the heroes face Odium (open question 7; 000 · Facing Odium)."""

    OWN_TURN = "own_turn"  # after the final turns, each hero uses its next turn to face him
    AFTER_LAST_TURN = "after_last_turn"  # after the final turns, one after another, with no turn of their own


class OdiumReward(StrEnum):
    """Who gains 9 Triumph and a Radiant icon for defeating Odium (000 · Winning the Solo or Co-op Game)."""

    EACH_SUCCESS = "each_success"  # every hero who succeeded against him
    ALL_DEFEATED = "all_defeated"  # every hero, only if everyone defeated him (000 · Ending the Game)


ODIUM_TOKENS = rules_option(
    "odium_tokens",
    OdiumTokens.FIVE_PER_PLAYER,
    meaning="Odium's starting Experience tokens",
    settles="open question 2; 000 · Facing Odium: Solo and Co-op Play",
    box=KEY,
    after="dark_runes_per_turn",
)
ODIUM_REVEAL = rules_option(
    "odium_reveal",
    OdiumReveal.DARK_TRIANGLE,
    meaning="What makes Odium reveal a card",
    settles="open question 6; 000 · Playing Odium's Cards",
    box=KEY,
)
ODIUM_FACING = rules_option(
    "odium_facing",
    OdiumFacing.OWN_TURN,
    meaning="When the heroes face Odium",
    settles="open question 7; 000 · Facing Odium",
    box=KEY,
)
ODIUM_REWARD = rules_option(
    "odium_reward",
    OdiumReward.EACH_SUCCESS,
    meaning="Who gains 9 Triumph and a Radiant icon for defeating Odium",
    settles="000 · Winning the Solo or Co-op Game",
    box=KEY,
)
ADVERSARY_GOAL = rules_option(
    "adversary_goal",
    5,
    meaning="The core Adversary's Experience goal, per hero",
    settles="open question 11",
    box=KEY,
    bounds=(1, 100),
)
NAME_CAST_REVEALS = rules_option(
    "name_cast_reveals",
    False,
    meaning="Whether a Name attempt's dark triangle reveals an Adversary card",
    settles="000 · Playing Odium's Cards vs 002 · Naming",
    box=KEY,
    after="card_dark_runes",  # apart from the block: the last of all (saves list it there)
)

#: The box's options, in the order they are declared (the block after ``dark_runes_per_turn``, then
#: ``name_cast_reveals`` after every core option).
OPTIONS = (ODIUM_TOKENS, ODIUM_REVEAL, ODIUM_FACING, ODIUM_REWARD, ADVERSARY_GOAL, NAME_CAST_REVEALS)

__all__ = [
    "ADVERSARY_GOAL",
    "NAME_CAST_REVEALS",
    "ODIUM_FACING",
    "ODIUM_REVEAL",
    "ODIUM_REWARD",
    "ODIUM_TOKENS",
    "OPTIONS",
    "OdiumFacing",
    "OdiumReveal",
    "OdiumReward",
    "OdiumTokens",
]
