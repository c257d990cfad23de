"""Rules options: each point the rule texts leave open is a declared option with a documented default.

See ``docs/rules/open-questions.md`` for the evidence behind each default
(``INDEX`` · What the texts leave open). A :class:`Rules` value is part of every game's
configuration, so a saved game or a scenario says which reading it assumes.

Each option is one :class:`RulesOption` declaration: its name, its default (whose type gives
its choices: an enum's members, true or false, a bounded whole number, a string), its bounds or
validator, what it decides and the rule or open question it settles, and the box that owns it.
The core's options are the fields of :class:`Rules`; a box declares its own in its module with
:func:`rules_option` and reads them with :meth:`Rules.option`. Every option, core or box, has
one flat name: ``Rules().replace(name=value)``, ``--rule name=value``, scenario files and saves.
"""

from __future__ import annotations

import difflib
import functools
import operator
from collections.abc import Callable
from enum import StrEnum
from typing import Any, Generic, TypeVar

import attrs

from ._errors import RulesOptionError
from ._pickling import reduce_by
from ._vocabulary import ensure

T = TypeVar("T")


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


@attrs.frozen
class RulesOption(Generic[T]):
    """The declaration of one rules option: what it is, what it decides, which rule it settles, whose it is."""

    name: str
    #: The default; its type gives the option's values (an enum's members, true or false, a number, a string).
    default: T
    #: What the option decides, in one line.
    meaning: str
    #: The rule section or open question it settles (``open question 2``, ``000 · Dark Runes``).
    settles: str
    #: The id of the box that owns it (its ``Expansion.id``); None for the core game's.
    box: str | None = None
    #: A whole-number option's lowest and highest value.
    bounds: tuple[int, int] | None = None
    #: What the type cannot say: raises RulesOptionError for a value the rule does not allow.
    check: Callable[[T], object] | None = None
    #: The option it is listed after (``calladventure rules``, saves). None: after its box's option listed
    #: last, or (a box's first option, a core option) after all declared so far.
    after: str | None = None

    @property
    def description(self) -> str:
        """What the option decides and the rule it settles, as ``calladventure rules`` shows it."""
        return f"{self.meaning} ({self.settles})."

    def choices(self) -> tuple[str, ...]:
        """The option's values as text, the default first (a number's or a string's: its default alone)."""
        default = self.default
        if isinstance(default, StrEnum):
            return (default.value, *(e.value for e in type(default) if e is not default))
        if isinstance(default, bool):
            return (str(default), str(not default))
        return (str(default),)

    def parse(self, value: object) -> T:
        """``value`` as this option's value (an enum member from its text); RulesOptionError names what fits."""
        default, name = self.default, self.name
        if isinstance(default, StrEnum):
            kind = type(default)
            try:
                return kind(value)  # type: ignore[arg-type]
            except ValueError:
                choices = [e.value for e in kind]
                raise RulesOptionError(
                    f"rules option {name} cannot be {value!r:.60}; choose one of {choices}{_closest(value, choices)}"
                ) from None
        if isinstance(default, bool):
            if type(value) is not bool:
                raise RulesOptionError(f"rules option {name} is true or false, not {value!r:.60}")
        elif isinstance(default, int):
            lo, hi = self.bounds or (-(2**63), 2**63)
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise RulesOptionError(
                    f"rules option {name} is a whole number from {lo} to {hi}, not {value!r:.60}"
                )
        elif not isinstance(value, type(default)):
            raise RulesOptionError(f"rules option {name} is a {type(default).__name__}, not {value!r:.60}")
        if self.check is not None:
            self.check(value)  # type: ignore[arg-type]
        return value  # type: ignore[return-value]


def _closest(value: object, names: list[str]) -> str:
    near = difflib.get_close_matches(str(value), names, n=1)
    return f" (the closest is {near[0]!r})" if near else ""


#: Every declared option by name, in the order they are listed: the core's (the fields of Rules), each
#: box's as a block where its first option says (``after``), in the order the box declares them.
_OPTIONS: dict[str, RulesOption[Any]] = {}


def _declared() -> dict[str, RulesOption[Any]]:
    """Every declared option, the bundled boxes' included (their modules are loaded the first time: values/_vocabulary.py)."""
    ensure()
    return _OPTIONS


def register_option(option: RulesOption[T]) -> RulesOption[T]:
    """Register a declared option; a name already declared (by the core or a box) is refused."""
    known = _OPTIONS.get(option.name)
    if known is not None:
        owner = f"box {known.box!r}" if known.box else "the core game"
        raise RulesOptionError(f"rules option {option.name!r} is declared already, by {owner}")
    if not (option.name.isidentifier() and option.name == option.name.lower()):
        raise RulesOptionError(f"{option.name!r} cannot name a rules option: use a lowercase identifier")
    if option.after is not None and option.after not in _OPTIONS:
        raise RulesOptionError(
            f"rules option {option.name!r} is listed after {option.after!r}, which is not declared"
        )
    listed = list(_OPTIONS.items())
    after = option.after
    if after is None and option.box is not None:  # a box's block goes on after its option listed last
        after = next((name for name, known in reversed(listed) if known.box == option.box), None)
    at = len(listed) if after is None else [name for name, _ in listed].index(after) + 1
    listed.insert(at, (option.name, option))
    _OPTIONS.clear()
    _OPTIONS.update(listed)
    return option


def withdraw_option(option: RulesOption[Any]) -> None:
    """Take back a box option's registration (a test that declares a box for a while)."""
    if option.box is not None and _OPTIONS.get(option.name) == option:
        del _OPTIONS[option.name]


def rules_option(
    name: str,
    default: T,
    *,
    meaning: str,
    settles: str,
    box: str,
    bounds: tuple[int, int] | None = None,
    check: Callable[[T], object] | None = None,
    after: str | None = None,
) -> RulesOption[T]:
    """Declare and register a box's rules option (once, in the box's module).

    The option then has its flat name everywhere a core option has (``Rules().replace``,
    ``--rule``, scenarios, saves, ``calladventure rules``); the box reads it with :meth:`Rules.option`.
    """
    return register_option(RulesOption(name, default, meaning, settles, box, bounds, check, after))


_DECLARATION = "rules_option"


def _core(default: T, meaning: str, settles: str, bounds: tuple[int, int] | None = None) -> T:
    """A core option: a field of :class:`Rules` with its declaration (its name is the field's)."""
    return attrs.field(default=default, metadata={_DECLARATION: (meaning, settles, bounds)})


@attrs.frozen
class Rules:
    """The rules options of one game, each by its flat name with its documented default.

    The core's are fields; a box's are kept in ``boxes`` when set away from their default and read
    with :meth:`option`.
    """

    icon_sets: IconSets = _core(IconSets.DOUBLING, "Story icon sets past four", "open question 1")
    special_draw: SpecialDraw = _core(
        SpecialDraw.CHOICE, 'Which deck a special rune\'s "draw one card" uses', "open question 5"
    )
    refill: Refill = _core(
        Refill.IMMEDIATE,
        "When a taken or discarded table card is replaced",
        "001 · Attempt a Challenge vs 001 · Ending your Turn",
    )
    dark_limit: DarkLimit = _core(
        DarkLimit.PER_TURN, 'What "up to three times per turn" counts across a re-attempt', "open question 8"
    )
    journey_scope: JourneyScope = _core(
        JourneyScope.ANY_REVEALED,
        "Which table cards a journey may discard",
        "001 · Other Actions vs 000 · Glossary: Journey",
    )
    first_game: bool = _core(
        False,
        "Leave out the cards the core rulebook suggests removing in a first game",
        "001 · Prepare the Story Decks",
    )
    dark_runes_per_turn: int = _core(
        3, "How many Dark runes a hero may buy in a turn", "000 · Dark Runes", (0, 10)
    )
    mode_exclusions: bool = _core(  # the tags not_solo / not_competitive of Destiny cards
        True,
        "Leave out the Destinies the FAQ excludes by mode",
        "000 · FAQs: Competitive, Co-op and Solo play",
    )
    stops: Stops = _core(
        Stops.SKIP_EMPTY,
        "Which seats a priority point asks",
        '000 · Hero and Antihero Cards: cards "can even interrupt"',
    )
    ally_rows: AllyRows = _core(
        AllyRows.ANY_ROW,
        "Which challenges a revealed Ally may go under",
        '000 · Allies: "any available challenge"',
    )
    moon_corruption: MoonCorruption = _core(
        MoonCorruption.AT_CAST,
        "When a Dark rune's moon moves the Corruption track",
        "000 · Glossary: Corruption; 000 · Glossary: Re-attempt",
    )
    card_dark_runes: CardDarkRunes = _core(
        CardDarkRunes.EXTRA,
        "Whether Dark runes a card adds count against the three a turn",
        "000 · Dark Runes",
    )
    #: The boxes' options set away from their default, as ``(name, value)`` pairs sorted by name.
    boxes: tuple[tuple[str, Any], ...] = ()

    def option(self, option: RulesOption[T]) -> T:
        """The value of a declared option (a box reads its own this way, typed by the declaration)."""
        if option.box is None:
            return getattr(self, option.name)  # type: ignore[no-any-return]
        for name, value in self.boxes:
            if name == option.name:
                return value  # type: ignore[no-any-return]
        return option.default

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed, by name; unknown names or values raise RulesOptionError."""
        core: dict[str, Any] = {}
        boxes = dict(self.boxes)
        declared = _declared()
        for name, value in changes.items():
            option = declared.get(name)
            if option is None:
                raise RulesOptionError(
                    f"unknown rules option {name!r}{_closest(name, list(declared))}; options: {sorted(declared)}"
                )
            value = option.parse(value)
            if option.box is None:
                core[name] = value
            elif value == option.default:
                boxes.pop(name, None)
            else:
                boxes[name] = value
        return attrs.evolve(self, boxes=tuple(sorted(boxes.items())), **core)

    def by_name(self) -> dict[str, Any]:
        """Every declared option's value by its flat name (as saves and scenario files write them)."""
        return {name: self.option(option) for name, option in _declared().items()}

    @staticmethod
    def declared() -> tuple[RulesOption[Any], ...]:
        """Every declared option: the core's, then each box's in the order its module declared them."""
        return tuple(_declared().values())

    @classmethod
    def options(cls) -> dict[str, tuple[str, ...]]:
        """Each option with its possible values (the first is the default)."""
        return {name: option.choices() for name, option in _declared().items()}


def _declare_core() -> tuple[RulesOption[Any], ...]:
    out: list[RulesOption[Any]] = []
    for f in attrs.fields(Rules):
        if _DECLARATION in f.metadata:
            meaning, settles, bounds = f.metadata[_DECLARATION]
            out.append(RulesOption(f.name, f.default, meaning, settles, bounds=bounds))
    return tuple(out)


_CORE = _declare_core()
for _option in _CORE:
    register_option(_option)


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, StrEnum) else value


@functools.lru_cache(maxsize=64)
def _rules_from(values: tuple[Any, ...], boxes: tuple[tuple[str, Any], ...]) -> Rules:
    """The rules options of a pickled game (their values as plain text and numbers), shared once built."""
    core = {option.name: v for option, v in zip(_CORE, values, strict=True)}
    return Rules().replace(**core, **dict(boxes))


@functools.lru_cache(maxsize=64)
def _reduce_rules(rules: Rules) -> tuple[Any, ...]:
    """Rules pickle as their options' plain values: a position carries no enum classes (values/_pickling.py).

    The states of a game share one ``Rules`` value: its reduced form is worked out once.
    """
    core = tuple([_plain(v) for v in _VALUES(rules)])
    return (_rules_from, (core, tuple((name, _plain(v)) for name, v in rules.boxes)))


_VALUES = operator.attrgetter(*(option.name for option in _CORE))
reduce_by(Rules, _reduce_rules)

__all__ = [
    "AllyRows",
    "CardDarkRunes",
    "DarkLimit",
    "IconSets",
    "JourneyScope",
    "MoonCorruption",
    "Refill",
    "Rules",
    "RulesOption",
    "SpecialDraw",
    "Stops",
    "register_option",
    "rules_option",
    "withdraw_option",
]
