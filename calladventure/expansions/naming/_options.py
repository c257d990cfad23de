"""The Naming box's rules options (002 · Naming; open question 9).

Each is declared once here (:func:`~calladventure.values._options.rules_option`) and read with
``ctx.config.rules.option(NAMING)``; its flat name (``naming``) works wherever a core option's does.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from ...values._errors import RulesOptionError
from ...values._icons import ABILITIES, Icon
from ...values._options import rules_option
from ._icons import NAME_ICONS


class NamingRule(StrEnum):
    """Whether the Naming rule is in play (002 · Naming)."""

    AUTO = "auto"  # on when a card of the game's sets shows a Name icon (wind, fire, iron)
    ON = "on"
    OFF = "off"


#: The key of the Naming box in ext values, decisions, casts and rules options.
KEY = "naming"

_ICON_VALUES = frozenset(i.value for i in (*NAME_ICONS, *ABILITIES))

#: The Ability pair that gives +1 to each Name attempt (open question 9: 002 does not name them).
DEFAULT_NAME_PAIRS = "wind=dexterity+wisdom,fire=intelligence+charisma,iron=strength+constitution"


@functools.cache
def name_pairs_of(text: str) -> Mapping[Icon, tuple[Icon, Icon]]:
    """Read a ``name_pairs`` option (``"wind=dexterity+wisdom,…"``); RulesOptionError if malformed."""
    out: dict[Icon, tuple[Icon, Icon]] = {}
    for item in text.split(","):
        name, _, pair = item.strip().partition("=")
        first, _, second = pair.partition("+")
        words = (name.strip(), first.strip(), second.strip())
        icons = [Icon(w) for w in words if w in _ICON_VALUES]
        if len(icons) != 3 or icons[0] not in NAME_ICONS or not all(i in ABILITIES for i in icons[1:]):
            raise RulesOptionError(
                f"name_pairs item {item.strip()!r} is not name=ability+ability (e.g. {DEFAULT_NAME_PAIRS!r})"
            )
        out[icons[0]] = (icons[1], icons[2])
    if set(out) != set(NAME_ICONS) or any(a == b for a, b in out.values()):
        raise RulesOptionError(
            f"name_pairs must give wind, fire and iron each two different abilities, not {text!r}"
        )
    return MappingProxyType(out)


NAMING = rules_option(
    "naming",
    NamingRule.AUTO,
    meaning="Whether the Naming rule is in play",
    settles="002 · Naming",
    box=KEY,
    after="mode_exclusions",
)
NAME_PAIRS = rules_option(
    "name_pairs",
    DEFAULT_NAME_PAIRS,
    meaning="The pair of abilities that helps each Name attempt",
    settles="open question 9",
    box=KEY,
    check=name_pairs_of,
)

#: The box's options, in the order ``calladventure rules`` lists them (the block after ``mode_exclusions``).
OPTIONS = (NAMING, NAME_PAIRS)

__all__ = ["DEFAULT_NAME_PAIRS", "KEY", "NAME_PAIRS", "NAMING", "OPTIONS", "NamingRule", "name_pairs_of"]
