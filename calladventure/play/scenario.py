"""Scenario files: a rules question set up as an exact position, played step by step and checked.

A scenario is a TOML file (``format = "calladventure.scenario/1"``, read with :mod:`tomllib`,
which never executes anything, and structured with cattrs into frozen values). It says which
cards, rules options and seed the game uses; where every hero and table card is (a data front
end for :class:`~calladventure.position.Position`); then a list of steps, each an action in
notation or a fluent step (``cast``, ``pass``, ``draw`` …) with expectations about what
follows. The format is documented in ``docs/scenarios.md``::

    >>> from calladventure.scenario import Scenario
    >>> result = Scenario.load("examples/scenarios/000-faqs-card-timing.toml").run()  # doctest: +SKIP
    >>> result.ok  # doctest: +SKIP
    True

A failing expectation says which step, what was expected and what happened
(:class:`Failure`); a file that does not validate raises :class:`ScenarioError` naming the file,
the step (or section) and the field. :meth:`Scenario.from_game` turns any point of a live game
into a scenario that rebuilds the same position ("give me this position as a file").
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from pathlib import Path as FsPath
from typing import Any, NewType, TypeAlias

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn, override
from cattrs.v import format_exception

from ..game.game import Game
from ..rules import engine
from ..rules.context import Context, register_set
from ..values.actions import Action, CastRunes
from ..values.cards import Card, Side
from ..values.errors import CallAdventureError, CardDataError, IllegalActionError
from ..values.events import Event
from ..values.icons import Icon
from ..values.options import Rules
from ..values.reprs import Drawable
from ..values.sections import SECTIONS, cite
from ..values.state import Config, GameState, Mode, Phase, Turn, evolve
from .position import Position, card_set

SCENARIO_FORMAT = "calladventure.scenario/1"

#: A whole number in a table of the file (strict: not a string, not a boolean).
Whole = NewType("Whole", int)
#: true or false in a table of the file.
Flag = NewType("Flag", bool)

__all__ = [
    "SCENARIO_FORMAT",
    "Check",
    "Expect",
    "ExpectIllegal",
    "Failure",
    "Scenario",
    "ScenarioError",
    "ScenarioFailed",
    "ScenarioResult",
    "Step",
    "StepResult",
    "questions_page",
    "run_files",
    "scenario_files",
]


class ScenarioError(CallAdventureError):
    """A scenario that cannot be read or set up: names the file, the step (or section) and the field."""

    def __init__(self, file: str, where: str | None, field: str | None, problem: str):
        self.file = file
        self.where = where
        self.field = field
        self.problem = problem
        text = file
        if where:
            text += f", {where}"
        if field:
            text += f", field {field!r}"
        super().__init__(f"{text}: {problem}")


class ScenarioFailed(CallAdventureError):
    """A scenario whose expectations were not met (raised by :meth:`ScenarioResult.raise_for_failure`)."""

    def __init__(self, failure: Failure):
        self.failure = failure
        super().__init__(str(failure))


# ============================================================================ the file's values


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


@attrs.frozen
class HeroEntry:
    """``[[heroes]]``: one hero, in seat order (``player = "P2"`` to name the seat): what ``Position.hero`` takes.

    ``learned``: the Names the hero has learned (002 · Naming).
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
    learned: tuple[str, ...] = ()


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


@attrs.frozen
class OdiumEntry:
    """``[odium]``: the Adversary of a co-op or solo position: tokens, deck top, discard, loyalists."""

    tokens: int | None = None
    deck: tuple[str, ...] | None = None
    discard: tuple[str, ...] = ()
    loyalists: tuple[str, ...] = ()
    gained: int = 0
    lost: int = 0


@attrs.frozen
class ExpectIllegal:
    """``expect_illegal``: the step's action is refused, with a reason containing these words."""

    reason_contains: tuple[str, ...] = ()
    section: str | None = None


@attrs.frozen
class Expect:
    """``expect``: what must hold after the step (only the keys given are checked; seats are ``"P1"`` …)."""

    xp: dict[str, Whole] | None = None
    level: dict[str, Whole] | None = None
    virtue: dict[str, Whole] | None = None
    corruption: dict[str, Whole] | None = None
    act: dict[str, Whole] | None = None
    story_count: dict[str, Whole] | None = None
    story: dict[str, tuple[tuple[str, ...], ...]] | None = None
    tucked: tuple[str, ...] | None = None
    allies: dict[str, tuple[str, ...]] | None = None
    hand: dict[str, tuple[str, ...]] | None = None
    played: dict[str, tuple[str, ...]] | None = None
    learned: dict[str, tuple[str, ...]] | None = None
    icons: dict[str, dict[str, Whole]] | None = None
    destiny_revealed: dict[str, Flag] | None = None
    event: tuple[str, ...] | None = None
    no_event: tuple[str, ...] | None = None
    event_text: tuple[str, ...] | None = None
    legal_contains: tuple[str, ...] | None = None
    legal_excludes: tuple[str, ...] | None = None
    odds: float | str | None = None
    difficulty: int | None = None
    bonus: int | None = None
    pool: tuple[str, ...] | None = None
    row: dict[str, tuple[str, ...]] | None = None
    revealed: tuple[int, ...] | None = None
    score_total: dict[str, Whole] | None = None
    score_line: dict[str, dict[str, Whole]] | None = None
    winners: tuple[str, ...] | None = None
    over: bool | None = None
    to_move: str | None = None
    active: str | None = None
    odium_tokens: int | None = None
    heroes_win: bool | None = None


#: The keys of a step that are actions (at most one per step).
ACTION_KEYS = (
    "do",
    "cast",
    "pass",
    "resolve",
    "draw",
    "keep",
    "gain",
    "journey",
    "play",
    "use",
    "ally",
    "name",
    "end",
    "face",
    "pledge",
)


@attrs.frozen
class Step:
    """``[[steps]]``: one action (notation in ``do``, or one fluent key) and what to expect after it.

    A step with no action only checks its ``expect``. ``cast`` is a list of faces (names or
    0/1, one per rune in pool order) or ``"random"``; ``pass = true`` passes the open timing
    window for every seat; ``resolve = true`` passes every window until the attempt resolves;
    ``play`` takes ``on = "P2"`` for its target.
    """

    do: str | None = None
    cast: tuple[str, ...] | None = None
    pass_: bool = False
    resolve: bool = False
    draw: str | None = None
    keep: str | None = None
    gain: str | None = None
    journey: str | None = None
    play: str | None = None
    on: str | None = None
    use: str | None = None
    ally: str | None = None
    name: str | None = None
    end: bool = False
    face: tuple[str, ...] | None = None
    pledge: bool | None = None
    note: str = ""
    expect: Expect | None = None
    expect_illegal: ExpectIllegal | None = None

    def action_keys(self) -> list[str]:
        """The action keys this step uses."""
        out = []
        for key in ACTION_KEYS:
            value = getattr(self, "pass_" if key == "pass" else key)
            if value not in (None, False) or (key == "pledge" and value is False):
                out.append(key)
        return out

    def describe(self) -> str:
        """What the step does, in words (for messages and logs)."""
        keys = self.action_keys()
        if not keys:
            return "check"
        key = keys[0]
        if key == "do":
            return str(self.do)
        if key == "cast":
            faces = self.cast or ()
            return "cast " + ("(random)" if faces == ("random",) else " ".join(faces))
        if key == "pass":
            return "pass (every seat in the window)"
        if key == "resolve":
            return "pass every window until the attempt resolves"
        if key == "end":
            return "end the turn"
        if key == "face":
            return "face " + " ".join(self.face or ())
        if key == "pledge":
            return "pledge loyalty" if self.pledge else "stay loyal to the heroes"
        if key == "play":
            return f"play {self.play}" + (f" on {self.on}" if self.on else "")
        if key == "ally":
            return f"tuck the Ally under {self.ally}"
        if key == "draw":
            return f"draw from the {self.draw} deck"
        return f"{key} {getattr(self, key)}"


# ============================================================================ reading files


def _strict(kind: type, what: str) -> Callable[[Any, Any], Any]:
    def structure(value: Any, _type: Any) -> Any:
        if isinstance(value, bool) and kind is not bool:
            raise ValueError(f"expected {what}, not {value!r}")
        if not isinstance(value, kind):
            raise ValueError(f"expected {what}, not {value!r}")
        return value

    return structure


def _enum(value: Any, type_: Any) -> Any:
    try:
        return type_(value)
    except ValueError:
        allowed = ", ".join(str(m.value) for m in type_)
        raise ValueError(f"{value!r} is not one of {allowed}") from None


def _texts(value: Any, _type: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"expected a string or a list of strings, not {value!r}")
    return tuple(value)


def _story_lists(value: Any, _type: Any) -> tuple[tuple[str, ...], ...]:
    if isinstance(value, list) and all(
        isinstance(v, list) and all(isinstance(x, str) for x in v) for v in value
    ):
        return tuple(tuple(v) for v in value)
    raise ValueError(
        f'a Story is a list of lists of cards (under the Origin, Motivation, Destiny): [["Officer"], []], not {value!r}'
    )


def _faces(value: Any, _type: Any) -> tuple[str, ...]:
    if value == "random":
        return ("random",)
    if isinstance(value, list) and all(
        isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) for v in value
    ):
        return tuple(str(v) for v in value)
    raise ValueError(f'cast is a list of faces (names or 0/1, one per rune) or "random", not {value!r}')


def _number_or_fraction(value: Any, _type: Any) -> float | str:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(f"expected a probability (0.6875) or an exact fraction ('11/16'), not {value!r}")
    if isinstance(value, str):
        try:
            Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{value!r} is not a fraction such as '11/16'") from None
        return value
    return float(value)


def _story_card(value: Any, _type: Any) -> StoryCard:
    if isinstance(value, str):
        return StoryCard(value)
    if isinstance(value, Mapping) and set(value) <= {"card", "path"} and isinstance(value.get("card"), str):
        try:
            return StoryCard(value["card"], Side(value.get("path", "top")))
        except ValueError:
            pass
    raise ValueError(f'a story card is "Name" or {{ card = "Name", path = "top" | "bottom" }}, not {value!r}')


def _ally_card(value: Any, _type: Any) -> AllyCard:
    if isinstance(value, str):
        return AllyCard(value)
    if (
        isinstance(value, Mapping)
        and set(value) <= {"card", "sacrificed"}
        and isinstance(value.get("card"), str)
        and isinstance(value.get("sacrificed", False), bool)
    ):
        return AllyCard(value["card"], value.get("sacrificed", False))
    raise ValueError(f'an Ally is "Name" or {{ card = "Name", sacrificed = true }}, not {value!r}')


def _slot_card(value: Any, _type: Any) -> SlotCard:
    if value == "":
        return SlotCard(None)
    if isinstance(value, str):
        return SlotCard(value)
    if (
        isinstance(value, Mapping)
        and set(value) <= {"card", "ally"}
        and isinstance(value.get("card"), str)
        and isinstance(value.get("ally", ""), str)
    ):
        return SlotCard(value["card"], value.get("ally"))
    raise ValueError(
        f'a table slot is "Name", {{ card = "Challenge", ally = "Ally" }} or "" (empty), not {value!r}'
    )


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(str, _strict(str, "a string"))
    conv.register_structure_hook(int, _strict(int, "a whole number"))
    conv.register_structure_hook(bool, _strict(bool, "true or false"))
    conv.register_structure_hook(Mode, _enum)  # a str-based enum: not the plain-string hook
    conv.register_structure_hook(Whole, _strict(int, "a whole number"))
    conv.register_structure_hook(Flag, _strict(bool, "true or false"))
    conv.register_structure_hook_func(lambda t: t == tuple[str, ...], _texts)
    conv.register_structure_hook_func(lambda t: t in (float | str, float | str | None), _number_or_fraction)
    conv.register_structure_hook_func(lambda t: t == tuple[tuple[str, ...], ...], _story_lists)
    conv.register_structure_hook(StoryCard, _story_card)
    conv.register_structure_hook(AllyCard, _ally_card)
    conv.register_structure_hook(SlotCard, _slot_card)
    conv.register_structure_hook(
        Step,
        make_dict_structure_fn(
            Step,
            conv,
            _cattrs_forbid_extra_keys=True,
            pass_=override(rename="pass"),
            cast=override(struct_hook=_faces),
        ),
    )
    return conv


_CONVERTER = _make_converter()

#: The top-level keys of a scenario file.
_TOP_KEYS = (
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
    "odium",
    "cards",
    "steps",
)


def _where_of(path: str) -> tuple[str | None, str | None]:
    """("step 3", "expect.xp") from a cattrs path such as ``$.steps[2].expect.xp``."""
    path = path.removeprefix("$").lstrip(".")
    m = re.match(r"(steps|heroes|rows|cards)\[(\d+)\]\.?(.*)", path)
    if m:
        section, index, rest = m.groups()
        label = {
            "steps": "step",
            "heroes": "[[heroes]] entry",
            "rows": "[[rows]] entry",
            "cards": "[[cards]] entry",
        }[section]
        return f"{label} {int(index) + 1}", rest.replace("pass_", "pass") or None
    head, _, rest = path.partition(".")
    if head in ("game", "decks", "turn", "odium"):
        return f"[{head}]", rest or None
    return None, path or None


def _format_leaf(exc: BaseException, type_: Any) -> str:
    if isinstance(exc, ValueError) and not isinstance(exc, ClassValidationError | IterableValidationError):
        allowed = getattr(type_, "__members__", None)
        if allowed:
            return f"{exc}; allowed: {', '.join(str(m.value) for m in type_)}"
        return str(exc)
    if isinstance(exc, KeyError):
        return f"required field {exc} is missing"
    return format_exception(exc, type_)


def _structure_error(file: str, exc: BaseException) -> ScenarioError:
    if isinstance(exc, ClassValidationError | IterableValidationError):
        messages = cattrs.transform_error(exc, path="$", format_exception=_format_leaf)
        problem, _, path = messages[0].rpartition(" @ ")
        where, field = _where_of(path)
        extra = f" (and {len(messages) - 1} more problem(s))" if len(messages) > 1 else ""
        return ScenarioError(file, where, field, problem + extra)
    if isinstance(exc, ForbiddenExtraKeysError):
        return ScenarioError(file, None, None, f"unknown keys {sorted(exc.extra_fields)}")
    return ScenarioError(file, None, None, str(exc))


def _seat_of(ref: str, config_players: int, names: Sequence[str]) -> int:
    """A seat from ``"P1"`` … or a player's name; ValueError naming the choices otherwise."""
    m = re.fullmatch(r"[Pp](\d)", ref.strip())
    if m and 1 <= int(m.group(1)) <= config_players:
        return int(m.group(1)) - 1
    for i, name in enumerate(names[:config_players]):
        if name.casefold() == ref.strip().casefold():
            return i
    choices = [f"P{i + 1}" for i in range(config_players)] + list(names[:config_players])
    raise ValueError(f"{ref!r} is not a seat of this {config_players}-player game; use one of {choices}")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "scenario"


# ============================================================================ the scenario


@attrs.frozen
class Scenario:
    """A rules question as data: an exact position (or a new game), steps and expectations.

    Read one with :meth:`load` (a file) or :meth:`loads` (TOML text); play it with :meth:`run`;
    write one with :meth:`to_toml`. ``file`` is where it was read from (for messages).
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
    odium: OdiumEntry | None = None
    cards: tuple[dict[str, Any], ...] = ()
    steps: tuple[Step, ...] = ()
    file: str = "<scenario>"

    # ------------------------------------------------------------------ reading

    @classmethod
    def load(cls, path: str | FsPath) -> Scenario:
        """Read and check a scenario file; :class:`ScenarioError` names the file, step and field of a problem."""
        file = str(path)
        try:
            with open(path, "rb") as fh:
                doc = tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            raise ScenarioError(file, None, None, f"not valid TOML: {exc}") from None
        except OSError as exc:
            raise ScenarioError(file, None, None, f"cannot read: {exc.strerror or exc}") from None
        stem = FsPath(path).stem
        return cls.from_dict(doc, file=file, default_set=f"scenario-{_slug(stem)}")

    @classmethod
    def loads(cls, text: str, *, file: str = "<string>") -> Scenario:
        """Read a scenario from TOML text."""
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ScenarioError(file, None, None, f"not valid TOML: {exc}") from None
        return cls.from_dict(doc, file=file)

    @classmethod
    def from_dict(
        cls, doc: Mapping[str, Any], *, file: str = "<scenario>", default_set: str = "scenario"
    ) -> Scenario:
        """Structure a parsed TOML document into a checked :class:`Scenario`."""
        fmt = doc.get("format")
        if fmt != SCENARIO_FORMAT:
            raise ScenarioError(file, None, "format", f"expected format = {SCENARIO_FORMAT!r}, got {fmt!r}")
        extra = sorted(set(doc) - set(_TOP_KEYS))
        if extra:
            raise ScenarioError(file, None, None, f"unknown top-level keys {extra}; known: {list(_TOP_KEYS)}")
        body = dict(doc)
        cards = body.pop("cards", [])
        if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
            raise ScenarioError(file, None, "cards", "must be an array of tables ([[cards]])")
        try:
            out: Scenario = _CONVERTER.structure(body, cls)
        except (
            ClassValidationError,
            IterableValidationError,
            ForbiddenExtraKeysError,
            ValueError,
            TypeError,
        ) as exc:
            raise _structure_error(file, exc) from None
        game = out.game if out.game.card_set or not cards else attrs.evolve(out.game, card_set=default_set)
        out = attrs.evolve(out, cards=tuple(cards), file=file, game=game)
        out._check()
        return out

    def _error(self, where: str | None, field: str | None, problem: str) -> ScenarioError:
        return ScenarioError(self.file, where, field, problem)

    def _check(self) -> None:
        """What the types alone cannot check: seats, sections, icons, one action per step, rules options."""
        g = self.game
        if not 1 <= g.players <= 4:
            raise self._error("[game]", "players", f"Call to Adventure seats 1 to 4 players, not {g.players}")
        for i, sid in enumerate(self.sections):
            if sid not in SECTIONS:
                raise self._error(
                    None, f"sections[{i}]", f"unknown rule section {sid!r} (see calladventure.sections)"
                )
        try:
            self.rules()
        except CallAdventureError as exc:
            raise self._error("[game]", "rules", str(exc)) from None
        positional = bool(
            self.heroes
            or self.rows
            or self.turn
            or self.odium
            or attrs.asdict(self.decks) != attrs.asdict(DecksEntry())
        )
        if g.new and positional:
            raise self._error(
                "[game]",
                "new",
                "a new game is dealt by the rules: it takes no [[heroes]], [[rows]], [decks], [turn] or [odium]",
            )
        if self.odium is not None and g.mode is Mode.COMPETITIVE:
            raise self._error("[odium]", None, 'an [odium] section needs [game] mode = "coop" or "solo"')
        if len(self.heroes) > g.players:
            raise self._error(None, "heroes", f"{len(self.heroes)} [[heroes]] for {g.players} players")
        for i, hero in enumerate(self.heroes):
            where = f"[[heroes]] entry {i + 1}"
            if hero.player is not None:
                self._seat(hero.player, where, "player")
            for name in hero.learned:
                if name not in ("wind", "fire", "iron"):
                    raise self._error(
                        where, "learned", f"{name!r} is not a Name: wind, fire or iron (002 · Naming)"
                    )
            if len(hero.story) > 3:
                raise self._error(
                    where, "story", "three lists at most: the cards under the Origin, Motivation and Destiny"
                )
        for i, row in enumerate(self.rows):
            if row.act not in (1, 2, 3):
                raise self._error(
                    f"[[rows]] entry {i + 1}", "act", f"there are Acts 1, 2 and 3, not {row.act}"
                )
        if self.turn is not None:
            self._seat(self.turn.player, "[turn]", "player")
            if self.turn.closed_by is not None:
                self._seat(self.turn.closed_by, "[turn]", "closed_by")
            for ref in self.turn.final_turns or ():
                self._seat(ref, "[turn]", "final_turns")
        if self.odium is not None:
            for ref in self.odium.loyalists:
                self._seat(ref, "[odium]", "loyalists")
        for i, step in enumerate(self.steps, 1):
            self._check_step(i, step)

    def _seat(self, ref: str, where: str | None, field: str) -> int:
        try:
            return _seat_of(ref, self.game.players, self.game.names)
        except ValueError as exc:
            raise self._error(where, field, str(exc)) from None

    def _check_step(self, i: int, step: Step) -> None:
        where = f"step {i}"
        keys = step.action_keys()
        if len(keys) > 1:
            raise self._error(where, None, f"one action per step, not {keys}")
        if step.expect_illegal is not None and not keys:
            raise self._error(where, "expect_illegal", "expect_illegal needs an action to refuse")
        if step.on is not None:
            if step.play is None:
                raise self._error(where, "on", "'on' is the target of a 'play' step")
            self._seat(step.on, where, "on")
        if step.face is not None:
            for a in step.face:
                self._icon(a, where, "face")
        if step.draw is not None and step.draw not in ("hero", "antihero"):
            raise self._error(where, "draw", f"draw from 'hero' or 'antihero', not {step.draw!r}")
        if step.name is not None and step.name.casefold() not in ("wind", "fire", "iron"):
            raise self._error(
                where, "name", f"{step.name!r} is not a Name: wind, fire or iron (002 · Naming)"
            )
        if step.expect_illegal is not None and step.expect_illegal.section is not None:
            self._section(step.expect_illegal.section, where, "expect_illegal.section")
        ex = step.expect
        if ex is None:
            return
        for key in ("xp", "level", "virtue", "corruption", "act", "story_count", "story", "allies", "hand", "played",
                    "learned", "icons", "destiny_revealed", "score_total", "score_line"):  # fmt: skip
            value = getattr(ex, key)
            for ref in value or {}:
                self._seat(ref, where, f"expect.{key}")
        for key in ("winners",):
            for ref in getattr(ex, key) or ():
                self._seat(ref, where, f"expect.{key}")
        for key in ("to_move", "active"):
            ref = getattr(ex, key)
            if ref is not None:
                self._seat(ref, where, f"expect.{key}")
        for key in ("event", "no_event"):
            for sid in getattr(ex, key) or ():
                self._section(sid, where, f"expect.{key}")
        for seat_icons in (ex.icons or {}).values():
            for icon in seat_icons:
                self._icon(icon, where, "expect.icons")
        for act in ex.row or {}:
            if act not in ("1", "2", "3"):
                raise self._error(where, "expect.row", f"rows are keyed 1, 2 or 3 (the Act), not {act!r}")
        for text in ex.tucked or ():
            if _TUCKED.fullmatch(text.strip()) is None:
                raise self._error(
                    where,
                    "expect.tucked",
                    f'write "P1: Card under the Origin" (or Motivation, Destiny), not {text!r}',
                )

    def _section(self, sid: str, where: str, field: str) -> None:
        if sid not in SECTIONS:
            raise self._error(where, field, f"unknown rule section {sid!r} (see calladventure.sections)")

    def _icon(self, name: str, where: str, field: str) -> Icon:
        try:
            return Icon(name)
        except ValueError:
            raise self._error(
                where, field, f"{name!r} is not an icon; icons: {[i.value for i in Icon]}"
            ) from None

    # ------------------------------------------------------------------ setting up

    def rules(self) -> Rules:
        """The rules options of ``[game] rules`` (each checked by :meth:`Rules.replace`)."""
        return Rules().replace(**self.game.rules)

    def register_cards(self) -> tuple[str, ...]:
        """Register the inline ``[[cards]]`` as a card set; return the game's card-set ids."""
        g = self.game
        sets = tuple(g.sets) if g.sets is not None else ()
        if not self.cards:
            return sets or ("core",)
        set_id = g.card_set or "scenario"
        register_set(card_set(set_id, self._inline_cards(set_id), name=self.title or set_id))
        if set_id in sets:
            return sets
        return (*sets, set_id)

    def _inline_cards(self, set_id: str) -> list[Card]:
        from ..data.cards import CONVERTER as CARDS
        from ..data.cards import CardEntry, entry_cards, validate_entry

        out: list[Card] = []
        seen: set[str] = set()
        for i, raw in enumerate(self.cards):
            item = dict(raw)
            if "id" not in item and isinstance(item.get("name"), str):
                item["id"] = _slug(item["name"])  # scenario cards may leave out id and source
            item.setdefault("source", "original")
            label = str(item.get("name") or item.get("id") or f"#{i + 1}")
            where = f"[[cards]] entry {i + 1} ({label})"
            try:
                entry = CARDS.structure(item, CardEntry)
            except (
                ClassValidationError,
                IterableValidationError,
                ForbiddenExtraKeysError,
                ValueError,
                TypeError,
            ) as exc:
                err = _structure_error(self.file, exc)
                raise self._error(where, err.field, err.problem) from None
            if entry.id in seen:
                raise self._error(where, "id", "duplicate card id")
            seen.add(entry.id)
            try:
                validate_entry(self.file, entry)
            except CardDataError as exc:
                raise self._error(where, exc.field, exc.problem) from None
            out.extend(entry_cards(set_id, self.file, entry))
        return out

    def position(self) -> Position:
        """The :class:`~calladventure.position.Position` of the file's heroes, rows, decks and turn."""
        g = self.game
        sets = self.register_cards()
        pos = Position(
            players=g.players,
            seed=g.seed,
            sets=sets,
            rules=self.rules(),
            runes=g.runes,
            track=g.track,
            names=g.names,
        )
        for i, hero in enumerate(self.heroes):
            seat = self._seat(hero.player, f"[[heroes]] entry {i + 1}", "player") if hero.player else i
            pos = pos.hero(
                seat,
                origin=hero.origin,
                motivation=hero.motivation,
                destiny=hero.destiny,
                destiny_revealed=hero.destiny_revealed,
                story=[[(c.card, c.path) for c in under] for under in hero.story],
                allies=[(a.card, a.sacrificed) for a in hero.allies],
                hand=hero.hand,
                played=hero.played,
                xp=hero.xp,
                virtue=hero.virtue,
                corruption=hero.corruption,
                level=hero.level,
            )
        for row in self.rows:
            cards = None
            if row.cards is not None:
                cards = [
                    None if s.card is None else (s.card if s.ally is None else (s.card, s.ally))
                    for s in row.cards
                ]
            pos = pos.row(row.act, cards, revealed=row.revealed, top=row.top, discard=row.discard)
        d = self.decks
        pos = pos.hero_deck(d.hero, d.hero_discard).antihero_deck(d.antihero, d.antihero_discard)
        if self.turn is not None:
            t = self.turn
            pos = pos.turn(self._seat(t.player, "[turn]", "player"), t.number)
            if t.final_turns is not None:
                closed = self._seat(t.closed_by, "[turn]", "closed_by") if t.closed_by else pos.seat
                pos = pos.ending(closed, [self._seat(r, "[turn]", "final_turns") for r in t.final_turns])
        return pos

    def start_state(self) -> GameState:
        """The state the steps start from (a built position; a co-op one with ``[game] mode``)."""
        from ..expansions.odium import coop_position

        try:
            pos = self.position()
            state = pos.build()
            for i, hero in enumerate(self.heroes):
                if hero.learned:
                    seat = self._seat(hero.player, "", "player") if hero.player else i
                    players = list(state.players)
                    players[seat] = evolve(players[seat], names=tuple(Icon(n) for n in hero.learned))
                    state = evolve(state, players=tuple(players))
            g = self.game
            if g.mode is not Mode.COMPETITIVE:
                od = self.odium or OdiumEntry()
                state = coop_position(
                    state,
                    mode=g.mode,
                    quest=g.quest,
                    adversary=g.adversary,
                    tokens=od.tokens,
                    deck=od.deck,
                    loyalists=[self._seat(r, "[odium]", "loyalists") for r in od.loyalists],
                )
                assert state.odium is not None
                if od.discard or od.gained or od.lost:
                    ctx = Game.from_state(state, record_events=False).ctx
                    discard = tuple(_card_id(ctx, ref, "[odium] discard") for ref in od.discard)
                    left = tuple(
                        c for c in state.odium.deck if c not in discard
                    )  # the discard pile is not in the deck
                    state = evolve(
                        state,
                        odium=evolve(state.odium, deck=left, discard=discard, gained=od.gained, lost=od.lost),
                    )
            if g.rng is not None:
                state = evolve(state, rng=g.rng)
        except ScenarioError:
            raise
        except CallAdventureError as exc:
            raise self._error("the position", None, _reason(exc)) from None
        return state

    def start(self, *, record_events: bool = True) -> Game:
        """The game the steps are played on: the exact position, or a newly dealt game (``new = true``)."""
        g = self.game
        if not g.new:
            return Game.from_state(self.start_state(), record_events=record_events)
        try:
            return Game.new(
                players=g.players,
                seed=g.seed,
                sets=self.register_cards(),
                names=g.names,
                rules=self.rules(),
                runes=g.runes,
                track=g.track,
                record_events=record_events,
                mode=g.mode,
                quest=g.quest,
                adversary=g.adversary,
            )
        except CallAdventureError as exc:
            raise self._error("[game]", None, _reason(exc)) from None

    # ------------------------------------------------------------------ running

    def run(self) -> ScenarioResult:
        """Play the steps, checking each one's expectations; stop at the first failure."""
        game = self.start()
        results: list[StepResult] = []
        failure: Failure | None = None
        for i, step in enumerate(self.steps, 1):
            result = _run_step(self, game, i, step)
            results.append(result)
            if not result.ok:
                failure = result.failure(self.file)
                break
        return ScenarioResult(self, game, tuple(results), failure)

    def check(self) -> ScenarioResult:
        """Run and raise :class:`ScenarioFailed` if an expectation fails."""
        return self.run().raise_for_failure()

    # ------------------------------------------------------------------ writing

    @classmethod
    def from_game(cls, game: Game, *, question: str = "", answer: str = "", title: str = "") -> Scenario:
        """This game's current position as a scenario that rebuilds it ("give me this position as a file").

        The latest start-of-turn position is written as heroes, rows, decks (in their exact
        order), turn and RNG state, and the actions since then as steps; a game that never
        reached one (still dealing) is written as ``new = true`` plus every action. The
        result is checked: replaying it gives the same state, or :class:`ScenarioError`.
        """
        return _from_game(game, question=question, answer=answer, title=title)

    def to_dict(self) -> dict[str, Any]:
        """The scenario as a TOML-ready document (defaults left out)."""
        return _scenario_doc(self)

    def to_toml(self) -> str:
        """The scenario as TOML text (:meth:`load` reads it back)."""
        return dumps_toml(self.to_dict())

    def save(self, path: str | FsPath) -> str:
        """Write :meth:`to_toml` to ``path``; return the text."""
        text = self.to_toml()
        FsPath(path).write_text(text, encoding="utf-8")
        return text


# ============================================================================ running a step


@attrs.frozen(eq=False)
class Check:
    """One expectation of a step: what was expected and what the engine gave."""

    what: str
    expected: object
    actual: object
    ok: bool

    def __str__(self) -> str:
        if self.ok:
            return f"{self.what} = {_show(self.expected)}"
        return f"{self.what}: expected {_show(self.expected)}, got {_show(self.actual)}"


@attrs.frozen(eq=False)
class Failure:
    """The first failing step of a scenario: its index, its action, what was expected and what happened."""

    file: str
    step: int
    action: str
    expected: str
    actual: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.file}: step {self.step} ({self.action}): expected {self.expected}, got {self.actual}{self.detail}"


@attrs.frozen(eq=False)
class StepResult:
    """One step as played: what it did, the events (each citing its rule) and its checks."""

    index: int
    action: str
    events: tuple[Event, ...]
    checks: tuple[Check, ...] = ()
    error: tuple[str, str] | None = None  # (expected, actual) when the action itself went wrong
    note: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None and all(c.ok for c in self.checks)

    def failure(self, file: str) -> Failure | None:
        if self.ok:
            return None
        if self.error is not None:
            return Failure(file, self.index, self.action, self.error[0], self.error[1])
        bad = [c for c in self.checks if not c.ok]
        more = "; also " + "; ".join(str(c) for c in bad[1:]) if len(bad) > 1 else ""
        return Failure(
            file,
            self.index,
            self.action,
            f"{bad[0].what} = {_show(bad[0].expected)}",
            _show(bad[0].actual),
            more,
        )


@attrs.frozen(eq=False)
class ScenarioResult(Drawable):
    """What running a scenario did: each step's result, the game at the end, the first failure."""

    scenario: Scenario
    game: Game
    steps: tuple[StepResult, ...]
    failure: Failure | None

    @property
    def ok(self) -> bool:
        return self.failure is None

    @property
    def checks(self) -> int:
        return sum(len(s.checks) for s in self.steps)

    def raise_for_failure(self) -> ScenarioResult:
        """Return self, or raise :class:`ScenarioFailed` with the failure's message."""
        if self.failure is not None:
            raise ScenarioFailed(self.failure)
        return self

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        sc = self.scenario
        return {
            "file": sc.file,
            "title": sc.title,
            "question": sc.question,
            "answer": sc.answer,
            "sections": list(sc.sections),
            "ok": self.ok,
            "steps": [
                {
                    "step": s.index,
                    "action": s.action,
                    "ok": s.ok,
                    "events": [_event_dict(e) for e in s.events],
                    "checks": [
                        {
                            "what": c.what,
                            "expected": _jsonable(c.expected),
                            "actual": _jsonable(c.actual),
                            "ok": c.ok,
                        }
                        for c in s.checks
                    ],
                    "error": None if s.error is None else {"expected": s.error[0], "actual": s.error[1]},
                }
                for s in self.steps
            ],
            "failure": None if self.failure is None else str(self.failure),
        }

    def __repr__(self) -> str:
        state = "ok" if self.ok else f"FAILED: {self.failure}"
        return (
            f"<ScenarioResult {self.scenario.file}: {len(self.steps)} steps, {self.checks} checks, {state}>"
        )


def _event_dict(e: Event) -> dict[str, Any]:
    return {"step": e.step, "seat": e.seat, "section": e.section, "citation": e.citation, "text": e.text}


def _jsonable(value: object) -> Any:
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _show(value: object) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, Fraction):
        return f"{value} ({float(value):.4f})"
    return repr(value)


def _reason(exc: BaseException) -> str:
    return exc.reason if isinstance(exc, IllegalActionError) else str(exc)


def _do(scn: Scenario, game: Game, step: Step) -> None:
    """Carry out the step's action on the game (raises CallAdventureError if it is refused)."""
    if step.do is not None:
        game.push(step.do)
    elif step.cast is not None:
        if step.cast == ("random",):
            game.cast()
        else:
            game.cast(*(int(f) if f.isdigit() else f for f in step.cast))
    elif step.pass_:
        game.pass_window()
    elif step.resolve:
        game.resolve()
    elif step.draw is not None:
        game.draw(step.draw)
    elif step.keep is not None:
        game.keep(step.keep)
    elif step.gain is not None:
        game.gain(step.gain)
    elif step.journey is not None:
        game.journey(step.journey)
    elif step.play is not None:
        target = _seat_of(step.on, scn.game.players, scn.game.names) if step.on is not None else None
        game.play(step.play, target)
    elif step.use is not None:
        game.use(step.use)
    elif step.ally is not None:
        game.place_ally(step.ally)
    elif step.name is not None:
        game.attempt_name(step.name)
    elif step.end:
        game.end_turn()
    elif step.face is not None:
        game.face(*step.face)
    elif step.pledge is not None:
        game.pledge(step.pledge)


def _run_step(scn: Scenario, game: Game, index: int, step: Step) -> StepResult:
    mark = len(game.events)
    before, history = game.state, len(game.history)
    action = step.describe()
    error: tuple[str, str] | None = None
    checks: list[Check] = []
    if step.action_keys():
        try:
            _do(scn, game, step)
        except CallAdventureError as exc:
            reason = _reason(exc)
            if step.expect_illegal is None:
                error = ("a legal action", f"refused: {reason}")
            else:
                checks.extend(_illegal_checks(step.expect_illegal, exc, reason))
                same = game.state == before and len(game.history) == history
                checks.append(Check("the game unchanged after the refusal", True, same, same))
        else:
            if step.expect_illegal is not None:
                done = [game.describe(a) for a in game.history[history:]]
                error = ("the action to be refused", f"it was played ({'; '.join(done)})")
    events = tuple(game.events[mark:])
    if error is None and step.expect is not None:
        checks.extend(_checks(scn, game, step.expect, events))
    return StepResult(index, action, events, tuple(checks), error, step.note)


def _illegal_checks(want: ExpectIllegal, exc: CallAdventureError, reason: str) -> Iterator[Check]:
    for words in want.reason_contains:
        ok = words.casefold() in reason.casefold()
        yield Check("the reason for refusing contains", words, reason, ok)
    if want.section is not None:
        section = exc.section if isinstance(exc, IllegalActionError) else None
        ok = section == want.section or cite(want.section).casefold() in reason.casefold()
        yield Check("the refusal cites", want.section, section or reason, ok)


# ============================================================================ expectations

_TUCKED = re.compile(
    r"(?:(?P<who>[^:]+):\s*)?(?P<card>.+?)(?:\s+\((?P<side>top|bottom)\))?\s+under\s+(?:the\s+)?(?P<under>origin|motivation|destiny)",
    re.I,
)
_UNDER = ("origin", "motivation", "destiny")


def _name(ctx: Context, cid: str) -> str:
    return ctx.db[cid].name


def _same_card(ctx: Context, ref: str, cid: str) -> bool:
    return ref == cid or ctx.db[cid].name.casefold() == ref.casefold()


def _names_match(expected: Sequence[str], actual_ids: Sequence[str], shown: Sequence[str]) -> bool:
    if len(expected) != len(actual_ids):
        return False
    return all(
        e.casefold() == s.casefold() or e == cid
        for e, cid, s in zip(expected, actual_ids, shown, strict=True)
    )


def _card_id(ctx: Context, ref: str, where: str) -> str:
    if ref in ctx.db:
        return ref
    found = ctx.db.named(ref)
    if not found:
        from ..values.errors import UnknownCardError

        raise UnknownCardError(f"{where}: no card named or with id {ref!r}")
    return found[0].id


def _checks(scn: Scenario, game: Game, ex: Expect, events: Sequence[Event]) -> list[Check]:
    ctx, state = game.ctx, game.state
    g = scn.game
    out: list[Check] = []

    def seat(ref: str) -> int:
        return _seat_of(ref, g.players, g.names)

    def per_seat(key: str, value: Mapping[str, Any] | None, actual: Callable[[int], Any], what: str) -> None:
        for ref, want in (value or {}).items():
            got = actual(seat(ref))
            out.append(Check(f"{what} of {ref}", want, got, got == want))

    def player(s: int) -> Any:
        return state.players[s]

    per_seat("xp", ex.xp, lambda s: player(s).xp, "Experience")
    per_seat("level", ex.level, lambda s: player(s).level, "track level")
    per_seat("virtue", ex.virtue, lambda s: ctx.track.virtue(player(s).level), "Virtue")
    per_seat("corruption", ex.corruption, lambda s: ctx.track.corruption(player(s).level), "Corruption")
    per_seat("act", ex.act, lambda s: player(s).act, "Act")
    per_seat("story_count", ex.story_count, lambda s: len(player(s).story_cards()), "cards in the Story")
    per_seat(
        "destiny_revealed", ex.destiny_revealed, lambda s: player(s).destiny_revealed, "Destiny revealed"
    )

    def shown_story(s: int) -> tuple[tuple[str, ...], ...]:
        return tuple(
            tuple(_name(ctx, t.card) + (" (bottom)" if t.side is Side.BOTTOM else "") for t in under)
            for under in player(s).story
        )

    for ref, want_story in (ex.story or {}).items():
        got_story = shown_story(seat(ref))
        padded = tuple(tuple(u) for u in want_story) + ((),) * (3 - len(want_story))
        ok = len(padded) == 3 and all(
            len(w) == len(a) and all(x.casefold() == y.casefold() for x, y in zip(w, a, strict=True))
            for w, a in zip(padded, got_story, strict=True)
        )
        out.append(Check(f"Story of {ref} (under Origin, Motivation, Destiny)", padded, got_story, ok))
    for text in ex.tucked or ():
        m = _TUCKED.fullmatch(text.strip())
        assert m is not None  # checked on load
        s = seat(m["who"].strip()) if m["who"] else state.turn.seat
        index = _UNDER.index(m["under"].lower())
        side = Side(m["side"].lower()) if m["side"] else None
        under = player(s).story[index]
        ok = any(_same_card(ctx, m["card"], t.card) and (side is None or t.side is side) for t in under)
        under_names = [_name(ctx, t.card) + (" (bottom)" if t.side is Side.BOTTOM else "") for t in under]
        what_under = f"P{s + 1}'s cards under the {m['under'].capitalize()} include"
        out.append(Check(what_under, m["card"], under_names, ok))
    for key, value, what in (
        ("allies", ex.allies, "Allies"),
        ("hand", ex.hand, "hand"),
        ("played", ex.played, "played cards"),
    ):
        for ref, want_cards in (value or {}).items():
            p = player(seat(ref))
            if key == "allies":
                ids = [a.card for a in p.allies]
                shown = [_name(ctx, a.card) + (" (sacrificed)" if a.sacrificed else "") for a in p.allies]
                ok = _names_match(want_cards, ids, shown)
            else:
                ids = list(p.hand if key == "hand" else p.played)
                shown = [_name(ctx, c) for c in ids]
                ok = sorted(w.casefold() for w in want_cards) == sorted(n.casefold() for n in shown)
            out.append(Check(f"{what} of {ref}", tuple(want_cards), tuple(shown), ok))
    for ref, want_names in (ex.learned or {}).items():
        got_names = tuple(sorted(n.value for n in player(seat(ref)).names))
        wanted_names = tuple(sorted(w.casefold() for w in want_names))
        out.append(Check(f"Names learned by {ref}", wanted_names, got_names, got_names == wanted_names))
    if ex.icons:
        from ..rules.story import icon_counts

        for ref, wanted in ex.icons.items():
            counts = icon_counts(ctx, player(seat(ref)))
            for icon, n in wanted.items():
                got_n = counts[Icon(icon)]
                out.append(Check(f"{icon} icons in {ref}'s Story", n, got_n, got_n == n))
    cited = [e.section for e in events]
    for sid in ex.event or ():
        out.append(Check("an event of this step cites", sid, sorted(set(cited)), sid in cited))
    for sid in ex.no_event or ():
        out.append(Check("no event of this step cites", sid, sorted(set(cited)), sid not in cited))
    texts = [e.text for e in events]
    for words in ex.event_text or ():
        ok = any(words.casefold() in t.casefold() for t in texts)
        out.append(Check("an event of this step says", words, texts, ok))
    if ex.legal_contains or ex.legal_excludes:
        legal = game.legal_actions.describe()
        for words in ex.legal_contains or ():
            out.append(
                Check(
                    "a legal action contains",
                    words,
                    legal,
                    any(words.casefold() in a.casefold() for a in legal),
                )
            )
        for words in ex.legal_excludes or ():
            out.append(
                Check(
                    "no legal action contains",
                    words,
                    legal,
                    not any(words.casefold() in a.casefold() for a in legal),
                )
            )
    if ex.odds is not None:
        out.append(_odds_check(game, ex.odds))
    if ex.difficulty is not None or ex.bonus is not None:
        att = state.attempt
        if att is None:
            out.append(Check("an attempt under way", True, False, False))
        else:
            math = engine.attempt_math(ctx, state, att)
            if ex.difficulty is not None:
                out.append(
                    Check(
                        "difficulty of the attempt",
                        ex.difficulty,
                        math.difficulty,
                        math.difficulty == ex.difficulty,
                    )
                )
            if ex.bonus is not None:
                out.append(Check("bonus of the attempt", ex.bonus, math.bonus, math.bonus == ex.bonus))
    if ex.pool is not None:
        pool = engine.cast_pool(ctx, state)
        got_pool = tuple(r.id for r in pool) if pool is not None else ()
        out.append(Check("runes of the cast", tuple(ex.pool), got_pool, got_pool == tuple(ex.pool)))
    for act, want_row in (ex.row or {}).items():
        row = state.row(int(act))
        shown_row = tuple(
            "" if s is None else _name(ctx, s.card) + (f" + {_name(ctx, s.ally)}" if s.ally else "")
            for s in row.slots
        )
        padded_row = tuple(want_row) + ("",) * (len(shown_row) - len(want_row))  # trailing empty slots
        ok = len(padded_row) == len(shown_row) and all(
            w.casefold() == a.casefold() for w, a in zip(padded_row, shown_row, strict=True)
        )
        out.append(Check(f"the Act {act} row", padded_row, shown_row, ok))
    if ex.revealed is not None:
        got_rows = tuple(r.act for r in state.rows if r.revealed)
        out.append(
            Check(
                "rows face up", tuple(sorted(ex.revealed)), got_rows, got_rows == tuple(sorted(ex.revealed))
            )
        )
    if ex.score_total or ex.score_line:
        final = game.score()
        per_seat("score_total", ex.score_total, lambda s: final[s].total, "score")
        for ref, lines in (ex.score_line or {}).items():
            sc = final[seat(ref)]
            for label, points in lines.items():
                found = [ln for ln in sc.lines if ln.label.casefold().startswith(label.casefold())]
                got_pts = found[0].points if found else None
                shown_l = found[0].label if found else [ln.label for ln in sc.lines]
                out.append(
                    Check(
                        f"score line {label!r} of {ref}",
                        points,
                        got_pts if found else shown_l,
                        got_pts == points,
                    )
                )
    if ex.over is not None:
        out.append(Check("the game is over", ex.over, game.over, game.over == ex.over))
    if ex.winners is not None:
        outcome = game.outcome()
        want_w = tuple(sorted(seat(r) for r in ex.winners))
        got_w: object = (
            "the game is not over" if outcome is None else tuple(f"P{w + 1}" for w in outcome.winners)
        )
        ok = outcome is not None and tuple(sorted(outcome.winners)) == want_w
        out.append(Check("winners", tuple(f"P{w + 1}" for w in want_w), got_w, ok))
    if ex.to_move is not None:
        who = game.to_move
        got_m = "nobody (game over)" if who is None else f"P{who + 1}"
        out.append(Check("seat to move", f"P{seat(ex.to_move) + 1}", got_m, who == seat(ex.to_move)))
    if ex.active is not None:
        out.append(
            Check(
                "active seat",
                f"P{seat(ex.active) + 1}",
                f"P{state.turn.seat + 1}",
                state.turn.seat == seat(ex.active),
            )
        )
    if ex.odium_tokens is not None:
        tokens = state.odium.tokens if state.odium is not None else None
        out.append(Check("the Adversary's tokens", ex.odium_tokens, tokens, tokens == ex.odium_tokens))
    if ex.heroes_win is not None:
        outcome = game.outcome()
        coop = outcome.coop if outcome is not None else None
        got_c: object = "no co-op outcome yet" if coop is None else f"{coop.heroes_win} ({coop.reason})"
        ok = coop is not None and coop.heroes_win == ex.heroes_win
        out.append(Check("the heroes win", ex.heroes_win, got_c, ok))
    return out


def _odds_check(game: Game, want: float | str) -> Check:
    try:
        p = game.odds().p_success
    except CallAdventureError as exc:
        return Check("chance of success", want, f"no odds: {_reason(exc)}", False)
    if isinstance(want, str):
        return Check("chance of success", Fraction(want), p, p == Fraction(want))
    return Check("chance of success", want, p, abs(float(p) - want) <= 0.00005)


# ============================================================================ from a live game


def _clean(state: GameState) -> bool:
    """A start-of-turn position that a scenario's sections can say exactly."""
    od = state.odium
    return (
        state.phase is Phase.PLAY
        and not state.pending
        and state.attempt is None
        and state.turn == Turn(seat=state.turn.seat, number=state.turn.number)
        and all(e.duration.value == "game" and not e.waiting for e in state.effects)
        and (
            od is None
            or (not od.revealed and od.stage == "play" and not od.facing and not od.faced and not od.overrun)
        )
    )


def _ref(ctx: Context, cid: str) -> str:
    """A card's name when it names one card only, else its id."""
    name = ctx.db[cid].name
    return name if len(ctx.db.named(name)) == 1 else cid


def _unbundled(sets: Sequence[str]) -> list[str]:
    from ..data.cards import bundled_sets

    bundled = set(bundled_sets())
    return [s for s in sets if s not in bundled]


def _card_table(card: Card) -> dict[str, Any]:
    """A card as a ``[[cards]]`` table of the card-file format (defaults left out)."""
    from ..data.cards import CONVERTER as CARDS

    raw = CARDS.unstructure(card)
    out: dict[str, Any] = {
        "id": card.id.rsplit("/", 1)[-1],
        "name": card.name,
        "type": card.type.value,
        "source": card.source,
    }
    tags = [t for t in card.tags if not t.startswith("named_in:")]
    named = [t.split(":", 1)[1] for t in card.tags if t.startswith("named_in:")]
    if named:
        out["named_in"] = named[0]
    for key in (
        "act",
        "text",
        "difficulty",
        "abilities",
        "requires",
        "cost_xp",
        "powers",
        "play",
        "scoring",
        "start_virtue",
        "first_game_remove",
    ):
        value = raw[key]
        if value not in (None, "", 0, False, [], ()):
            out[key] = _prune(value)
    if tags:
        out["tags"] = tags
    if card.type.is_character:
        path = card.paths[0]
        if path.icons:
            out["icons"] = [i.value for i in path.icons]
        if path.triumph:
            out["triumph"] = path.triumph
        if path.tragedy:
            out["tragedy"] = path.tragedy
    else:
        out["paths"] = [_prune(p) for p in raw["paths"]]
    return out


def _prune(value: Any) -> Any:
    """Drop empty and default-looking values from unstructured card data (the loader restores them)."""
    if isinstance(value, dict):
        return {k: _prune(v) for k, v in value.items() if v not in (None, "", [], (), {}) and v is not False}
    if isinstance(value, list | tuple):
        return [_prune(v) for v in value]
    return value


def _config_table(
    cfg: Config, inline: str | None, *, ref: Callable[[str], str], keep_sets: bool = False
) -> dict[str, Any]:
    """The ``[game]`` table of a configuration: players, seed, sets, names, rules options, mode.

    ``ref`` writes a card (the quest, the adversary); ``keep_sets`` keeps ``sets`` even when the
    inline card set is the only one.
    """
    game: dict[str, Any] = {"players": cfg.players, "seed": cfg.seed}
    if list(cfg.sets) != ["core"]:
        game["sets"] = list(cfg.sets)
    if inline is not None:
        game["card_set"] = inline
        if not keep_sets and all(s == inline for s in cfg.sets):
            game.pop("sets", None)
    if cfg.names:
        game["names"] = list(cfg.names)
    rules = {
        f.name: _plain(getattr(cfg.rules, f.name))
        for f in attrs.fields(Rules)
        if getattr(cfg.rules, f.name) != f.default
    }
    if rules:
        game["rules"] = rules
    if cfg.mode is not Mode.COMPETITIVE:
        game["mode"] = cfg.mode.value
        if cfg.adversary is not None:
            game["adversary"] = ref(cfg.adversary)
        if cfg.quest is not None:
            game["quest"] = ref(cfg.quest)
    return game


def _position_doc(ctx: Context, state: GameState, inline: str | None) -> dict[str, Any]:
    """The sections of a scenario that rebuild a clean ``state`` exactly."""
    cfg = state.config
    game = _config_table(cfg, inline, ref=lambda cid: _ref(ctx, cid))
    first = ctx.sets[0]
    if cfg.runes != (first.runes or "core"):
        game["runes"] = cfg.runes
    if cfg.track != (first.track or "core"):
        game["track"] = cfg.track
    game["rng"] = state.rng
    doc: dict[str, Any] = {"game": game}

    def refs(ids: Iterable[str]) -> list[str]:
        return [_ref(ctx, c) for c in ids]

    heroes = []
    for p in state.players:
        hero: dict[str, Any] = {}
        for kind in ("origin", "motivation", "destiny"):
            cid = getattr(p, kind)
            if cid is not None:
                hero[kind] = _ref(ctx, cid)
        if p.destiny_revealed:
            hero["destiny_revealed"] = True
        story = [
            [
                _ref(ctx, t.card) if t.side is Side.TOP else {"card": _ref(ctx, t.card), "path": "bottom"}
                for t in under
            ]
            for under in p.story
        ]
        while story and not story[-1]:
            story.pop()
        if story:
            hero["story"] = story
        if p.allies:
            hero["allies"] = [
                _ref(ctx, a.card) if not a.sacrificed else {"card": _ref(ctx, a.card), "sacrificed": True}
                for a in p.allies
            ]
        if p.hand:
            hero["hand"] = refs(p.hand)
        if p.played:
            hero["played"] = refs(p.played)
        hero["xp"] = p.xp
        hero["level"] = p.level
        if p.names:
            hero["learned"] = [n.value for n in p.names]
        heroes.append(hero)
    doc["heroes"] = heroes
    rows = []
    for row in state.rows:
        cards: list[Any] = []
        for slot in row.slots:
            if slot is None:
                cards.append("")
            elif slot.ally is None:
                cards.append(_ref(ctx, slot.card))
            else:
                cards.append({"card": _ref(ctx, slot.card), "ally": _ref(ctx, slot.ally)})
        entry: dict[str, Any] = {
            "act": row.act,
            "revealed": row.revealed,
            "cards": cards,
            "top": refs(row.deck),
        }
        if row.discard:
            entry["discard"] = refs(row.discard)
        rows.append(entry)
    doc["rows"] = rows
    decks: dict[str, Any] = {"hero": refs(state.hero_deck), "antihero": refs(state.antihero_deck)}
    if state.hero_discard:
        decks["hero_discard"] = refs(state.hero_discard)
    if state.antihero_discard:
        decks["antihero_discard"] = refs(state.antihero_discard)
    doc["decks"] = decks
    turn: dict[str, Any] = {"player": f"P{state.turn.seat + 1}", "number": state.turn.number}
    if state.final_turns is not None:
        turn["closed_by"] = f"P{(state.closed_by or 0) + 1}"
        turn["final_turns"] = [f"P{s + 1}" for s in state.final_turns]
    doc["turn"] = turn
    od = state.odium
    if od is not None:
        odium: dict[str, Any] = {"tokens": od.tokens, "deck": refs(od.deck)}
        if od.discard:
            odium["discard"] = refs(od.discard)
        if od.loyalists:
            odium["loyalists"] = [f"P{s + 1}" for s in od.loyalists]
        if od.gained:
            odium["gained"] = od.gained
        if od.lost:
            odium["lost"] = od.lost
        doc["odium"] = odium
    return doc


def _plain(value: object) -> Any:
    return value.value if hasattr(value, "value") else value


def _step_tables(game: Game, start: int) -> list[dict[str, Any]]:
    """The actions from ``start`` on as steps: notation with card names (ids where a name is ambiguous)."""
    steps: list[dict[str, Any]] = []
    for i in range(start, len(game.history)):
        action: Action = game.history[i]
        before = game.state_at(i)
        if isinstance(action, CastRunes) and action.faces is not None:
            pool = engine.cast_pool(game.ctx, before)
            assert pool is not None
            if all(r.faces[0].name != r.faces[1].name for r in pool):
                steps.append({"cast": [r.faces[f].name for r, f in zip(pool, action.faces, strict=True)]})
            else:
                steps.append({"cast": list(action.faces)})
            continue
        probe = Game.from_state(before, record_events=False)
        text = game.describe(action)
        try:
            same = probe.parse(text) == action
        except CallAdventureError:
            same = False
        steps.append({"do": text if same else str(action)})
    return steps


def _from_game(game: Game, *, question: str, answer: str, title: str) -> Scenario:
    ctx = game.ctx
    extra = _unbundled(game.config.sets)
    if len(extra) > 1:
        raise ScenarioError(
            "<game>", None, "sets", f"a scenario holds one inline card set; this game uses {extra}"
        )
    inline = extra[0] if extra else None
    head: dict[str, Any] = {"format": SCENARIO_FORMAT}
    if title:
        head["title"] = title
    if question:
        head["question"] = question
    if answer:
        head["answer"] = answer
    cards = [_card_table(c) for s in ctx.sets if s.id == inline for c in s.cards]
    candidates: list[int] = []
    for i in range(len(game.history), -1, -1):
        if _clean(game.state_at(i)):
            candidates.append(i)
            break
    started_new = json.loads(game.save())["start"] is None
    if 0 not in candidates and not started_new:
        candidates.append(0)
    tried: list[str] = []
    for i in candidates:
        state = game.state_at(i)
        if i == 0 and not started_new and not _clean(state):
            tried.append("the game's start position is not a start-of-turn position")
            continue
        doc = {**head, **_position_doc(ctx, state, inline), "steps": _step_tables(game, i)}
        if cards:
            doc["cards"] = cards
        problem = _verify(doc, game)
        if problem is None:
            return Scenario.from_dict(_roundtrip(doc), file="<game>", default_set=inline or "scenario")
        tried.append(problem)
    if started_new:
        new = {"new": True, **_config_table(game.state_at(0).config, inline, ref=str, keep_sets=True)}
        doc = {**head, "game": new, "steps": _step_tables(game, 0)}
        if cards:
            doc["cards"] = cards
        problem = _verify(doc, game)
        if problem is None:
            return Scenario.from_dict(_roundtrip(doc), file="<game>", default_set=inline or "scenario")
        tried.append(problem)
    raise ScenarioError(
        "<game>", None, None, "this position cannot be written as a scenario: " + "; ".join(tried)
    )


def _roundtrip(doc: dict[str, Any]) -> dict[str, Any]:
    return tomllib.loads(dumps_toml(doc))


def _verify(doc: dict[str, Any], game: Game) -> str | None:
    """None if the scenario ``doc`` replays to the game's state, else what differs."""
    try:
        scn = Scenario.from_dict(
            _roundtrip(doc), file="<game>", default_set=doc["game"].get("card_set", "scenario")
        )
        result = scn.run()
    except CallAdventureError as exc:
        return f"it does not rebuild ({exc})"
    if not result.ok:
        return f"it does not replay ({result.failure})"
    if result.game.state != game.state:
        a, b = result.game.state, game.state
        diff = [f.name for f in attrs.fields(GameState) if getattr(a, f.name) != getattr(b, f.name)]
        return f"the rebuilt state differs in {diff}"
    return None


# ============================================================================ TOML text

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_SECTIONS_ORDER = ("game", "heroes", "rows", "decks", "turn", "odium", "cards", "steps")


def _key(k: str) -> str:
    return k if _BARE.fullmatch(k) else json.dumps(k, ensure_ascii=False)


def _value(v: Any, indent: str = "") -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list | tuple):
        items = [_value(x, indent + "  ") for x in v]
        one = "[" + ", ".join(items) + "]"
        if len(one) <= 100 and "\n" not in one:
            return one
        return "[\n" + "".join(f"{indent}  {x},\n" for x in items) + f"{indent}]"
    raise TypeError(f"cannot write {v!r} as TOML")


def _body(table: Mapping[str, Any]) -> list[str]:
    return [f"{_key(k)} = {_value(v)}" for k, v in table.items()]


def dumps_toml(doc: Mapping[str, Any]) -> str:
    """A scenario document as TOML text: top-level keys, then ``[game]``, ``[[heroes]]`` … ``[[steps]]``."""
    lines = [f"{_key(k)} = {_value(v)}" for k, v in doc.items() if k not in _SECTIONS_ORDER]
    for name in _SECTIONS_ORDER:
        if name not in doc:
            continue
        value = doc[name]
        if isinstance(value, dict):
            lines += ["", f"[{name}]", *_body(value)]
        else:
            for item in value:
                lines += ["", f"[[{name}]]", *_body(item)]
    return "\n".join(lines) + "\n"


def _scenario_doc(scn: Scenario) -> dict[str, Any]:
    """A loaded scenario back as a document (for :meth:`Scenario.to_toml`)."""
    conv = cattrs.Converter()
    conv.register_unstructure_hook(
        StoryCard, lambda c: c.card if c.path is Side.TOP else {"card": c.card, "path": c.path.value}
    )
    conv.register_unstructure_hook(
        AllyCard, lambda a: a.card if not a.sacrificed else {"card": a.card, "sacrificed": True}
    )
    conv.register_unstructure_hook(
        SlotCard,
        lambda s: "" if s.card is None else (s.card if s.ally is None else {"card": s.card, "ally": s.ally}),
    )

    def strip(cls: type, value: Any) -> dict[str, Any]:
        raw = conv.unstructure(value)
        defaults = {f.name: f.default for f in attrs.fields(cls)}
        out: dict[str, Any] = {}
        for k, v in raw.items():
            d: Any = defaults.get(k)
            if type(d).__name__ == "Factory":
                d = d.factory()
            if (
                v is None
                or v == d
                or (isinstance(v, list | tuple) and isinstance(d, list | tuple) and list(v) == list(d))
            ):
                continue
            out["pass" if k == "pass_" else k] = _plain_tree(v)
        return out

    doc: dict[str, Any] = {"format": scn.format}
    for key in ("title", "question", "answer"):
        if getattr(scn, key):
            doc[key] = getattr(scn, key)
    if scn.sections:
        doc["sections"] = list(scn.sections)
    doc["game"] = strip(GameSpec, scn.game)
    if scn.heroes:
        doc["heroes"] = [strip(HeroEntry, h) for h in scn.heroes]
    if scn.rows:
        doc["rows"] = [strip(RowEntry, r) for r in scn.rows]
    decks = strip(DecksEntry, scn.decks)
    if decks:
        doc["decks"] = decks
    if scn.turn is not None:
        doc["turn"] = strip(TurnEntry, scn.turn)
    if scn.odium is not None:
        doc["odium"] = strip(OdiumEntry, scn.odium)
    if scn.cards:
        doc["cards"] = [dict(c) for c in scn.cards]
    if scn.steps:
        steps = []
        for s in scn.steps:
            table = strip(Step, s)
            if s.expect is not None:
                table["expect"] = strip(Expect, s.expect)
            if s.expect_illegal is not None:
                table["expect_illegal"] = strip(ExpectIllegal, s.expect_illegal)
            if s.cast is not None:
                table["cast"] = (
                    "random" if s.cast == ("random",) else [int(f) if f.isdigit() else f for f in s.cast]
                )
            steps.append(table)
        doc["steps"] = steps
    return doc


def _plain_tree(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(_plain(k)): _plain_tree(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain_tree(v) for v in value]
    return _plain(value)


# ============================================================================ many files; the questions page

ScenarioPaths: TypeAlias = Iterable[str | FsPath]


def scenario_files(paths: ScenarioPaths) -> list[FsPath]:
    """The scenario files named: files as given, folders as their ``*.toml`` files (sorted)."""
    out: list[FsPath] = []
    for p in paths:
        path = FsPath(p)
        if path.is_dir():
            out.extend(sorted(path.glob("*.toml")))
        else:
            out.append(path)
    return out


def run_files(paths: ScenarioPaths) -> Iterator[tuple[FsPath, ScenarioResult | ScenarioError]]:
    """Run each scenario file: its result, or the :class:`ScenarioError` that stopped it loading."""
    for path in scenario_files(paths):
        try:
            yield path, Scenario.load(path).run()
        except ScenarioError as exc:
            yield path, exc


_TOPICS = (
    ("000/faqs-", "FAQs of the Stormlight Archive rulebook (000)"),
    ("002/faqs-", "FAQs of The Name of the Wind rulebook (002)"),
    ("000/play-example-", "Play examples of the Stormlight Archive rulebook (000)"),
    ("002/play-example-", "Play examples of The Name of the Wind rulebook (002)"),
    ("INDEX/what-the-texts-leave-open", "Open questions: the same position under each rules option"),
)
_OTHER = "Other rules questions"


def _topic(scn: Scenario) -> str:
    for prefix, topic in _TOPICS:
        if any(s.startswith(prefix) for s in scn.sections[:1]):
            return topic
    for prefix, topic in _TOPICS:
        if any(s.startswith(prefix) for s in scn.sections):
            return topic
    return _OTHER


def questions_page(paths: ScenarioPaths, *, base: str | FsPath | None = None) -> str:
    """The "rules questions" page (Markdown): every scenario's question and answer, with its rules and file.

    Each answer was checked by running the scenario; ``base`` makes the file names relative.
    """
    entries: dict[str, list[tuple[FsPath, Scenario]]] = {}
    for path in scenario_files(paths):
        scn = Scenario.load(path)
        entries.setdefault(_topic(scn), []).append((path, scn))
    lines = [
        "# Rules questions, answered by the engine",
        "",
        "<!-- Generated from examples/scenarios/ by `calladventure scenario questions examples/scenarios "
        "--output docs/rules-questions.md`: do not edit by hand. -->",
        "",
        "Each question below is a scenario file: an exact position, the steps a player would take, and what",
        "the engine must do. The test suite runs every one, so each answer is what the engine really does.",
        "Run one yourself with `calladventure scenario run FILE`, or see its event log, each event with its",
        "rule, with `calladventure explain FILE`. The file format is described in [Scenarios](scenarios.md).",
    ]
    order = [t for _, t in _TOPICS] + [_OTHER]
    for topic in order:
        items = entries.get(topic)
        if not items:
            continue
        lines += ["", f"## {topic}", ""]
        for path, scn in sorted(items, key=lambda item: item[0].name):
            shown = path
            if base is not None:
                try:
                    shown = path.resolve().relative_to(FsPath(base).resolve())
                except ValueError:
                    shown = path
            lines.append(f"### {scn.title or scn.question}")
            lines.append("")
            if scn.title and scn.question:
                lines += [f"**Question.** {scn.question}", ""]
            lines += [f"**Answer.** {scn.answer}", ""]
            rules = scn.game.rules
            if rules:
                opts = ", ".join(f"`{k} = {_plain(v)}`" for k, v in rules.items())
                lines += [f"Rules options: {opts}.", ""]
            lines.append("Steps:")
            lines.append("")
            for i, step in enumerate(scn.steps, 1):
                what = "check" if not step.action_keys() else f"`{step.describe()}`"
                if step.expect_illegal is not None:
                    what += " is refused"
                lines.append(f"{i}. {what}" + (f": {step.note}" if step.note else ""))
            lines.append("")
            cites = ", ".join(cite(s) for s in scn.sections)
            lines += [f"Rules: {cites}. Scenario: `{shown.as_posix()}` ({len(scn.steps)} steps).", ""]
    return "\n".join(lines).rstrip() + "\n"
