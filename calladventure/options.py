"""Rules options: each point the rule texts leave open is a named option with a documented default.

See ``docs/rules/open-questions.md`` for the evidence behind each default
(``INDEX`` · What the texts leave open). A :class:`Rules` value is part of every game's
configuration, so a saved game or a scenario says which reading it assumes.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import attrs

from .errors import RulesOptionError


class IconSets(StrEnum):
    """Story icon sets past four (open question 1)."""

    DOUBLING = "doubling"  # 000 · Story Icons: 2, 4, 8, "and so on, doubling" (5 → 16)
    CAP_AT_FOUR = "cap_at_four"  # 002 · New Story Icon prints "four … + = 8"; fan score cards stop at 8


class SpecialDraw(StrEnum):
    """Which deck a special rune's "draw one card" uses (open question 5)."""

    CHOICE = "choice"
    HERO = "hero"
    ANTIHERO = "antihero"


class Refill(StrEnum):
    """When a taken or discarded table card is replaced (001 · Attempt a Challenge vs 001 · Ending your Turn)."""

    IMMEDIATE = "immediate"
    END_OF_TURN = "end_of_turn"


class DarkLimit(StrEnum):
    """What "up to three times per turn" counts across a re-attempt (open question 8)."""

    PER_TURN = "per_turn"
    PER_ATTEMPT = "per_attempt"


class JourneyScope(StrEnum):
    """Which table cards a journey may discard (001 · Other Actions vs 000 · Glossary: Journey)."""

    ANY_REVEALED = "any_revealed"
    CURRENT_ACT = "current_act"


@attrs.frozen
class Rules:
    """The rules options of one game. Every field has the documented default."""

    icon_sets: IconSets = IconSets.DOUBLING
    special_draw: SpecialDraw = SpecialDraw.CHOICE
    refill: Refill = Refill.IMMEDIATE
    dark_limit: DarkLimit = DarkLimit.PER_TURN
    journey_scope: JourneyScope = JourneyScope.ANY_REVEALED
    first_game: bool = False
    dark_runes_per_turn: int = 3

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; unknown names or values raise RulesOptionError."""
        fields = {f.name: f for f in attrs.fields(Rules)}
        converted: dict[str, Any] = {}
        for name, value in changes.items():
            if name not in fields:
                raise RulesOptionError(f"unknown rules option {name!r}; options: {sorted(fields)}")
            enum_type = _ENUMS.get(name)
            if enum_type is not None:
                try:
                    value = enum_type(value)
                except ValueError:
                    raise RulesOptionError(
                        f"rules option {name} cannot be {value!r}; choose one of {[e.value for e in enum_type]}"
                    ) from None
            converted[name] = value
        return attrs.evolve(self, **converted)

    @classmethod
    def options(cls) -> dict[str, tuple[str, ...]]:
        """Each option with its possible values (the first is the default)."""
        return {
            "icon_sets": tuple(e.value for e in IconSets),
            "special_draw": tuple(e.value for e in SpecialDraw),
            "refill": tuple(e.value for e in Refill),
            "dark_limit": tuple(e.value for e in DarkLimit),
            "journey_scope": tuple(e.value for e in JourneyScope),
            "first_game": ("False", "True"),
            "dark_runes_per_turn": ("3",),
        }


_ENUMS: dict[str, type[StrEnum]] = {
    "icon_sets": IconSets,
    "special_draw": SpecialDraw,
    "refill": Refill,
    "dark_limit": DarkLimit,
    "journey_scope": JourneyScope,
}
