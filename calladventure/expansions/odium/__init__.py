"""Solo and co-op play against an Adversary: Odium (000), or the core game's Adversary.

:class:`Adversary` is the expansion the rules call. Its modules: ``state`` (what the game keeps
of the Adversary), ``cards`` (which cards: Adversaries, quests, decks), ``setup``, ``tokens`` (the Adversary's tokens and the box's effect atom),
``reveal`` (Odium's cards), ``loyalty`` (Contest of Champions), ``quests`` (quest triggers),
``facing`` (facing the Adversary at the end), ``outcome`` (who won, the reward, the odds),
``front`` (what it adds above the rules: the ``Game`` helpers, tensor and table columns,
scenario checks) and ``position`` (a built position turned co-op or solo).
"""

from __future__ import annotations

from ...rules._setup import excluded
from ._actions import DeclareLoyalty, FaceOdium
from ._cards import (
    ODIUM_DECK_NAMES,
    ODIUM_TRIUMPH,
    SKULL_DECK_NAMES,
    adversaries,
    deck_cards,
    goal,
    is_coop,
    is_odium_style,
    quests_for,
    short_id,
    start_tokens,
)
from ._expansion import Adversary
from ._facing import begin_facing, face, facing_options, finish, next_facer, resolve_facing
from ._loyalty import LOYALTY, begin_act_three, declare
from ._options import (
    ADVERSARY_GOAL,
    NAME_CAST_REVEALS,
    ODIUM_FACING,
    ODIUM_REVEAL,
    ODIUM_REWARD,
    ODIUM_TOKENS,
    OdiumFacing,
    OdiumReveal,
    OdiumReward,
    OdiumTokens,
)
from ._outcome import (
    CoopResult,
    coop_result,
    defeated_odium,
    facing_attempt,
    facing_odds,
    path_odds,
    winning_seats,
)
from ._position import coop_position
from ._reveal import after_cast, discard_revealed, reveal, reveals
from ._setup import choose, setup
from ._state import KEY, FaceResult, OdiumState, facing_now, has_faced, odium_of, the_odium, with_odium
from ._tokens import AdversaryTokens, change_tokens

__all__ = [
    "ADVERSARY_GOAL",
    "KEY",
    "LOYALTY",
    "NAME_CAST_REVEALS",
    "ODIUM_DECK_NAMES",
    "ODIUM_FACING",
    "ODIUM_REVEAL",
    "ODIUM_REWARD",
    "ODIUM_TOKENS",
    "ODIUM_TRIUMPH",
    "SKULL_DECK_NAMES",
    "Adversary",
    "AdversaryTokens",
    "CoopResult",
    "DeclareLoyalty",
    "FaceOdium",
    "FaceResult",
    "OdiumFacing",
    "OdiumReveal",
    "OdiumReward",
    "OdiumState",
    "OdiumTokens",
    "adversaries",
    "after_cast",
    "begin_act_three",
    "begin_facing",
    "change_tokens",
    "choose",
    "coop_position",
    "coop_result",
    "deck_cards",
    "declare",
    "defeated_odium",
    "discard_revealed",
    "excluded",
    "face",
    "facing_attempt",
    "facing_now",
    "facing_odds",
    "facing_options",
    "finish",
    "goal",
    "has_faced",
    "is_coop",
    "is_odium_style",
    "next_facer",
    "odium_of",
    "path_odds",
    "quests_for",
    "resolve_facing",
    "reveal",
    "reveals",
    "setup",
    "short_id",
    "start_tokens",
    "the_odium",
    "winning_seats",
    "with_odium",
]
