"""Rules options: each point the rule texts leave open is a named option with a documented default.

See ``docs/rules/open-questions.md`` for the evidence behind each default
(``INDEX`` · What the texts leave open). A :class:`Rules` value is part of every game's
configuration, so a saved game or a scenario says which reading it assumes.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any

import attrs

from .errors import RulesOptionError
from .icons import ABILITIES, NAME_ICONS, Icon
from .pickling import reduce_by


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


class Stops(StrEnum):
    """Which seats a priority point asks (000 · Hero and Antihero Cards: cards "can even interrupt")."""

    SKIP_EMPTY = "skip_empty"  # a seat with nothing it may play passes without being asked
    EVERY_SEAT = "every_seat"  # "full stops": every seat is asked at every priority point


class AllyRows(StrEnum):
    """Which challenges a revealed Ally may go under (000 · Allies: "any available challenge")."""

    ANY_ROW = "any_row"  # any challenge with no Ally in a revealed row
    OWN_ROW = "own_row"  # only a challenge in the row the Ally was revealed in


class MoonCorruption(StrEnum):
    """When a Dark rune's moon moves the Corruption track (000 · Glossary: Corruption; 000 · Glossary: Re-attempt)."""

    AT_CAST = "at_cast"  # when the moon shows; a re-attempt gives the first cast's back
    AT_RESOLUTION = "at_resolution"  # when the attempt resolves, the final cast's moons only


class CardDarkRunes(StrEnum):
    """Whether Dark runes a card adds count against the three a turn (000 · Dark Runes)."""

    EXTRA = "extra"  # the limit is on buying: a card's free runes come on top
    WITHIN_LIMIT = "within_limit"  # every Dark rune of the turn counts; a card's runes past three are lost


class NamingRule(StrEnum):
    """Whether the Naming rule is in play (002 · Naming)."""

    AUTO = "auto"  # on when a card of the game's sets shows a Name icon (wind, fire, iron)
    ON = "on"
    OFF = "off"


_ICON_VALUES = frozenset(i.value for i in Icon)

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


def _check_name_pairs(_rules: object, _attribute: object, value: str) -> None:
    name_pairs_of(value)


#: The range of each whole-number rules option (a game with more Dark runes a turn than this is not Call to Adventure).
INT_OPTION_BOUNDS: dict[str, tuple[int, int]] = {"dark_runes_per_turn": (0, 10), "adversary_goal": (1, 100)}


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
    odium_tokens: OdiumTokens = OdiumTokens.FIVE_PER_PLAYER
    odium_reveal: OdiumReveal = OdiumReveal.DARK_TRIANGLE
    odium_facing: OdiumFacing = OdiumFacing.OWN_TURN
    odium_reward: OdiumReward = OdiumReward.EACH_SUCCESS
    adversary_goal: int = 5  # the core Adversary's Experience goal, per hero (open question 11)
    mode_exclusions: bool = True  # no Stoneward in competitive play, no Stoneward or Bondsmith in solo
    naming: NamingRule = NamingRule.AUTO  # the Naming rule of 002
    name_pairs: str = attrs.field(default=DEFAULT_NAME_PAIRS, validator=_check_name_pairs)  # open question 9
    stops: Stops = Stops.SKIP_EMPTY  # who is asked at a priority point
    ally_rows: AllyRows = AllyRows.ANY_ROW  # where a revealed Ally may go
    moon_corruption: MoonCorruption = MoonCorruption.AT_CAST  # when a Dark rune's moon corrupts
    card_dark_runes: CardDarkRunes = CardDarkRunes.EXTRA  # a card's free Dark runes and the three a turn
    name_cast_reveals: bool = False  # a Name attempt's dark triangle reveals an Adversary card

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; unknown names or values raise RulesOptionError."""
        fields = {f.name: f for f in attrs.fields(Rules)}
        converted: dict[str, Any] = {}
        for name, value in changes.items():
            if name not in fields:
                raise RulesOptionError(f"unknown rules option {name!r}; options: {sorted(fields)}")
            enum_type = _ENUMS.get(name)
            kind = fields[name].type
            if kind in (bool, "bool") and type(value) is not bool:
                raise RulesOptionError(f"rules option {name} is true or false, not {value!r:.60}")
            if kind in (int, "int"):
                lo, hi = INT_OPTION_BOUNDS[name]
                if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                    raise RulesOptionError(
                        f"rules option {name} is a whole number from {lo} to {hi}, not {value!r:.60}"
                    )
            if kind in (str, "str") and not isinstance(value, str):
                raise RulesOptionError(f"rules option {name} is a string, not {value!r:.60}")
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
            "odium_tokens": tuple(e.value for e in OdiumTokens),
            "odium_reveal": tuple(e.value for e in OdiumReveal),
            "odium_facing": tuple(e.value for e in OdiumFacing),
            "odium_reward": tuple(e.value for e in OdiumReward),
            "adversary_goal": ("5",),
            "mode_exclusions": ("True", "False"),
            "naming": tuple(e.value for e in NamingRule),
            "name_pairs": (DEFAULT_NAME_PAIRS,),
            "stops": tuple(e.value for e in Stops),
            "ally_rows": tuple(e.value for e in AllyRows),
            "moon_corruption": tuple(e.value for e in MoonCorruption),
            "card_dark_runes": tuple(e.value for e in CardDarkRunes),
            "name_cast_reveals": ("False", "True"),
        }


_ENUMS: dict[str, type[StrEnum]] = {
    "icon_sets": IconSets,
    "special_draw": SpecialDraw,
    "refill": Refill,
    "dark_limit": DarkLimit,
    "journey_scope": JourneyScope,
    "odium_tokens": OdiumTokens,
    "odium_reveal": OdiumReveal,
    "odium_facing": OdiumFacing,
    "odium_reward": OdiumReward,
    "naming": NamingRule,
    "stops": Stops,
    "ally_rows": AllyRows,
    "moon_corruption": MoonCorruption,
    "card_dark_runes": CardDarkRunes,
}


@functools.lru_cache(maxsize=64)
def _rules_from(values: tuple[Any, ...]) -> Rules:
    """The rules options of a pickled game (their values as plain text and numbers), shared once built."""
    typed: list[Any] = [
        _ENUMS[name](v) if name in _ENUMS else v for name, v in zip(_NAMES, values, strict=True)
    ]
    return Rules(*typed)


@functools.lru_cache(maxsize=64)
def _reduce_rules(rules: Rules) -> tuple[Any, ...]:
    """Rules pickle as their options' plain values: a position carries no enum classes (values/pickling.py).

    The states of a game share one ``Rules`` value: its reduced form is worked out once.
    """
    return (_rules_from, (tuple([v.value if isinstance(v, StrEnum) else v for v in _VALUES(rules)]),))


_NAMES: tuple[str, ...] = tuple(f.name for f in attrs.fields(Rules))
_VALUES = operator.attrgetter(*_NAMES)
reduce_by(Rules, _reduce_rules)

__all__ = [
    "DEFAULT_NAME_PAIRS",
    "INT_OPTION_BOUNDS",
    "AllyRows",
    "CardDarkRunes",
    "DarkLimit",
    "IconSets",
    "JourneyScope",
    "MoonCorruption",
    "NamingRule",
    "OdiumFacing",
    "OdiumReveal",
    "OdiumReward",
    "OdiumTokens",
    "Refill",
    "Rules",
    "SpecialDraw",
    "Stops",
    "name_pairs_of",
]
