"""The scenario file format as frozen values: ``[game]``, ``[[heroes]]``, ``[[rows]]`` … (``docs/scenarios.md``).

These are the types a parsed file is structured into (:mod:`.convert`) and checked against
(:mod:`.reading`); the steps' types are in :mod:`.steps`. :class:`ScenarioData` holds one whole
file; :class:`~.facade.Scenario` adds reading, playing and writing it. Also here: the error of
a file that does not fit the format, and how the format names a seat (``"P1"`` or a name).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import attrs

from ...data._sources import DataSources
from ...rules._context import Library
from ...values._cards import Side
from ...values._errors import CallAdventureError
from ...values._state import Mode
from ._steps import Step

SCENARIO_FORMAT = "calladventure.scenario/1"

__all__ = [
    "SCENARIO_FORMAT",
    "SHOWN_PROBLEMS",
    "TOP_KEYS",
    "AllyCard",
    "DecksEntry",
    "GameSpec",
    "HeroEntry",
    "RowEntry",
    "ScenarioData",
    "ScenarioError",
    "ScenarioProblem",
    "SlotCard",
    "StoryCard",
    "TurnEntry",
    "plain",
    "seat_of",
    "slug",
]


@attrs.frozen
class ScenarioProblem:
    """One problem of a scenario file: the step (or section) and the field, and what is wrong."""

    where: str | None
    field: str | None
    problem: str

    def place(self, file: str) -> str:
        """``file, step 3, field 'expect.xp'`` (the parts that are known)."""
        text = file
        if self.where:
            text += f", {self.where}"
        if self.field:
            text += f", field {self.field!r}"
        return text


#: How many problems a :class:`ScenarioError`'s message lists (the rest are counted).
SHOWN_PROBLEMS = 20


class ScenarioError(CallAdventureError):
    """A scenario that cannot be read or set up: names the file, the step (or section) and the field.

    ``problems`` lists every problem found in the file at once (``where``, ``field``, ``problem``
    are the first one's); the message starts with the first and lists the others below it.
    """

    def __init__(
        self,
        file: str,
        where: str | None,
        field: str | None,
        problem: str,
        *,
        problems: Sequence[ScenarioProblem] = (),
        omitted: int = 0,
    ):
        self.file = file
        self.where = where
        self.field = field
        self.problem = problem
        first = ScenarioProblem(where, field, problem)
        self.problems: tuple[ScenarioProblem, ...] = tuple(problems) or (first,)
        self.omitted = omitted
        text = f"{first.place(file)}: {problem}"
        more = len(self.problems) - 1 + omitted
        if more:
            lines = [f"  {p.place(file)}: {p.problem}" for p in self.problems[1:SHOWN_PROBLEMS]]
            hidden = more - len(lines)
            if hidden:
                lines.append(f"  (+{hidden} more)")
            text += f" (and {more} more problem{'s' if more > 1 else ''}):\n" + "\n".join(lines)
        super().__init__(text)

    @classmethod
    def of(cls, file: str, problems: Sequence[ScenarioProblem], omitted: int = 0) -> ScenarioError:
        """One error for several problems (at least one), named after the first."""
        first = problems[0]
        return cls(file, first.where, first.field, first.problem, problems=problems, omitted=omitted)


@attrs.frozen
class StoryCard:
    """A card under a Character card: ``"Officer"`` or ``{ card = "Thieves' Guild", path = "bottom" }``."""

    card: str
    path: Side = Side.TOP


@attrs.frozen
class AllyCard:
    """An Ally beside the Story: ``"Sister"`` or ``{ card = "Sister", sacrificed = true }``."""

    card: str
    sacrificed: bool = False


@attrs.frozen
class SlotCard:
    """A table slot: ``"Brave"``, ``{ card = "Find a Lost Child", ally = "Sister" }``, or ``""`` (empty)."""

    card: str | None
    ally: str | None = None


@attrs.frozen
class GameSpec:
    """``[game]``: players, seed, card sets, runes, track, rules options, mode (000 · Setting Up the Game).

    ``new = true`` starts from a freshly dealt game (:meth:`Game.new`) instead of an exact
    position; ``rng`` sets the exact RNG state after the position is built (written by
    :meth:`Scenario.from_game`); ``card_set`` is the id of the set the inline ``[[cards]]`` form.
    """

    players: int = 2
    seed: int = 0
    sets: tuple[str, ...] | None = None
    runes: str | None = None
    track: str | None = None
    names: tuple[str, ...] = ()
    rules: dict[str, Any] = attrs.Factory(dict)
    mode: Mode = Mode.COMPETITIVE
    quest: str | None = None
    adversary: str | None = None
    new: bool = False
    rng: int | None = None
    card_set: str | None = None

    def box_entries(self) -> dict[str, Any]:
        """What the boxes' position tables are given of ``[game]``: ``mode``, ``quest``, ``adversary``."""
        return {"mode": self.mode, "quest": self.quest, "adversary": self.adversary}


@attrs.frozen
class HeroEntry:
    """``[[heroes]]``: one hero, in seat order (``player = "P2"`` to name the seat): what ``Position.hero`` takes.

    ``boxes``: the keys the file gives that are not the core's, each a box's words of the hero
    (``Expansion.hero_words``: the Names learned, ``learned``), checked by the box's declaration.
    """

    player: str | None = None
    origin: str | None = None
    motivation: str | None = None
    destiny: str | None = None
    destiny_revealed: bool = False
    story: tuple[tuple[StoryCard, ...], ...] = ()
    allies: tuple[AllyCard, ...] = ()
    hand: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    xp: int = 3
    virtue: int | None = None
    corruption: int | None = None
    level: int | None = None
    boxes: dict[str, Any] = attrs.Factory(dict)


@attrs.frozen
class RowEntry:
    """``[[rows]]``: one Act's row: its cards (unlisted slots are dealt), face up or not, deck top, discard."""

    act: int
    cards: tuple[SlotCard, ...] | None = None
    revealed: bool | None = None
    top: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()


@attrs.frozen
class DecksEntry:
    """``[decks]``: the tops of the Hero and Antihero decks (first drawn first) and their discard piles."""

    hero: tuple[str, ...] = ()
    antihero: tuple[str, ...] = ()
    hero_discard: tuple[str, ...] = ()
    antihero_discard: tuple[str, ...] = ()


@attrs.frozen
class TurnEntry:
    """``[turn]``: whose turn it is and its number; ``closed_by``/``final_turns`` once the game is ending."""

    player: str = "P1"
    number: int = 1
    closed_by: str | None = None
    final_turns: tuple[str, ...] | None = None


#: The top-level keys of a scenario file (the boxes' tables besides: ``Expansion.position_tables``).
TOP_KEYS = (
    "format",
    "title",
    "question",
    "answer",
    "sections",
    "game",
    "heroes",
    "rows",
    "decks",
    "turn",
    "cards",
    "steps",
)


@attrs.frozen
class ScenarioData:
    """A whole scenario file as values: its question, its position (or a new game) and its steps.

    ``file`` is where it was read from (for messages). :class:`~.facade.Scenario` is this with
    the methods that read, play and write it; the functions of the other modules take either.
    """

    format: str = SCENARIO_FORMAT
    title: str = ""
    question: str = ""
    answer: str = ""
    sections: tuple[str, ...] = ()
    game: GameSpec = GameSpec()
    heroes: tuple[HeroEntry, ...] = ()
    rows: tuple[RowEntry, ...] = ()
    decks: DecksEntry = DecksEntry()
    turn: TurnEntry | None = None
    #: The boxes' tables (``Expansion.position_tables``), by name, each its box's entry type.
    boxes: dict[str, Any] = attrs.Factory(dict)
    cards: tuple[dict[str, Any], ...] = ()
    steps: tuple[Step, ...] = ()
    file: str = "<scenario>"
    #: The library the scenario's games start from (the package's default one if None) and the
    #: folders its card sets, rune sets and tracks are looked up in besides the bundled data.
    library: Library | None = attrs.field(default=None, eq=False, repr=False)
    sources: DataSources | None = attrs.field(default=None, eq=False, repr=False)


def seat_of(ref: str, config_players: int, names: Sequence[str]) -> int:
    """A seat from ``"P1"`` … or a player's name; ValueError naming the choices otherwise."""
    m = re.fullmatch(r"[Pp](\d)", ref.strip())
    if m and 1 <= int(m.group(1)) <= config_players:
        return int(m.group(1)) - 1
    for i, name in enumerate(names[:config_players]):
        if name.casefold() == ref.strip().casefold():
            return i
    choices = [f"P{i + 1}" for i in range(config_players)] + list(names[:config_players])
    raise CallAdventureError(
        f"{ref!r} is not a seat of this {config_players}-player game; use one of {choices}"
    )


def slug(text: str) -> str:
    """``text`` as an id: lower case, words joined by ``-`` (``"scenario"`` if nothing is left)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "scenario"


def plain(value: object) -> Any:
    """A value as a file writes it: an enum member as its value, anything else as it is."""
    return value.value if hasattr(value, "value") else value
