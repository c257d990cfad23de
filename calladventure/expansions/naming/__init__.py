"""The Name of the Wind (002): Naming, Name tokens, learned Names, "reveal this Destiny".

:class:`Naming` is the expansion the rules call (its module, ``expansion``, also holds the
one-time Destiny abilities); the other modules hold its rules: ``names`` (which Names a hero
knows or may attempt), ``attempt`` (a Name attempt's numbers, odds and cast), ``icons`` (Music
and the Name icons, declared with their glyphs and pictures). The set-aside lists of 002 ·
Preparing the Game are a rule of any card set: :mod:`calladventure.rules._set_aside`.
"""

from __future__ import annotations

from ...rules._set_aside import SetAside, SetAsideEntry, log_set_aside, set_aside
from ._attempt import NameMath, begin, name_math, name_odds, name_pool, pending_name, pending_odds, resolve
from ._expansion import Naming, reveal_destiny, with_reveal_powers
from ._icons import FIRE, ICONS, IRON, MUSIC, NAME_ICONS, WIND
from ._names import (
    KEY,
    NAME_DIFFICULTY,
    NAME_TOKEN_POINTS,
    NAMING_TAG,
    NEVER_LEARN,
    REVEAL_TAG,
    AttemptName,
    forbidden,
    learned_name_on,
    name_of,
    name_options,
    name_words,
    names_of,
    naming_active,
    title,
    why_not,
    with_names,
)
from ._options import DEFAULT_NAME_PAIRS, NAME_PAIRS, NAMING, NamingRule, name_pairs_of

__all__ = [
    "DEFAULT_NAME_PAIRS",
    "FIRE",
    "ICONS",
    "IRON",
    "KEY",
    "MUSIC",
    "NAME_DIFFICULTY",
    "NAME_ICONS",
    "NAME_PAIRS",
    "NAME_TOKEN_POINTS",
    "NAMING",
    "NAMING_TAG",
    "NEVER_LEARN",
    "REVEAL_TAG",
    "WIND",
    "AttemptName",
    "NameMath",
    "Naming",
    "NamingRule",
    "SetAside",
    "SetAsideEntry",
    "begin",
    "forbidden",
    "learned_name_on",
    "log_set_aside",
    "name_math",
    "name_odds",
    "name_of",
    "name_options",
    "name_pairs_of",
    "name_pool",
    "name_words",
    "names_of",
    "naming_active",
    "pending_name",
    "pending_odds",
    "resolve",
    "reveal_destiny",
    "set_aside",
    "title",
    "why_not",
    "with_names",
    "with_reveal_powers",
]
