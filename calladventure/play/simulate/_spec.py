"""What a study plays: :class:`StudySpec` (sets, mode, quest, players, bots per seat, rules options).

Game ``i`` of a study is fixed by the spec, the study's base seed and ``i`` alone
(:func:`derive_seed`), never by how the games were split among workers, so a study run on one
core, on a process pool or on a Dask cluster gives the same rows, and an interrupted study can
be completed game by game. Game ``i`` is ``Game.new(seed=s)`` with ``make_bots(bots, players, s)``,
exactly what ``calladventure demo --seed s`` plays with the same bots, so any game of a study
can be watched on its own.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import Any

import attrs

from ...game import Game
from ...values._options import Rules
from ...values._state import Mode
from ..bots import BOTS, Bot, make_bots
from ._errors import SimulationError

__all__ = ["MAX_SPEC_CHARS", "MAX_STEPS", "MODES", "OptionValue", "StudySpec", "derive_seed", "parse_options"]

#: The game modes (000 · Solo/Co-op versus Competitive Play).
MODES: tuple[str, ...] = tuple(m.value for m in Mode)

#: A rules option's value as a study records it: an enum's text, a number or a flag.
OptionValue = bool | int | str

_SEED_BITS = 53  # exact in a float, a JavaScript number and every dataframe library

MAX_SPEC_CHARS = 2000
"""Characters in a spec's key (the ``spec`` column of a results table; a four-bot spec with options is about 250)."""

MAX_STEPS = 10_000_000
"""The largest ``max_steps`` of a study (a random four-hero game takes well under 3,000 actions)."""


def derive_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a study whose base seed is ``base_seed``.

    The first 53 bits of BLAKE2b of ``"calladventure.simulate/1:{base_seed}:{index}"``: a pure
    function of the two numbers (no state, no process, no platform), so a game's seed never
    depends on which worker played it or in what order.
    """
    if index < 0:
        raise SimulationError(f"a game index cannot be negative, got {index}")
    digest = hashlib.blake2b(f"calladventure.simulate/1:{base_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - _SEED_BITS)


def _plain(value: Any) -> OptionValue:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool | int | str):
        return value
    raise SimulationError(f"a rules option value must be text, a number or a flag, not {value!r}")


def parse_options(specs: Iterable[str]) -> dict[str, OptionValue]:
    """Rules options from ``OPTION=VALUE`` texts (``icon_sets=cap_at_four``, ``first_game=true``).

    Unknown options or values raise :class:`~calladventure.values._errors.RulesOptionError`
    naming the choices.
    """
    out: dict[str, OptionValue] = {}
    for spec in specs:
        name, sep, value = spec.partition("=")
        if not sep or not name.strip():
            raise SimulationError(f"rules option {spec!r}: write OPTION=VALUE, e.g. icon_sets=cap_at_four")
        text = value.strip()
        parsed: OptionValue = text
        if text.lower() in ("true", "false"):
            parsed = text.lower() == "true"
        elif text.lstrip("-").isdigit():
            parsed = int(text)
        out[name.strip()] = parsed
    Rules().replace(**out)
    return out


def _items(value: str | Iterable[str]) -> tuple[str, ...]:
    items = value.split(",") if isinstance(value, str) else value
    return tuple(s.strip() for s in items if s.strip())


def _names(value: str | Iterable[str]) -> tuple[str, ...]:
    return tuple(s.lower() for s in _items(value))


def _options(value: Mapping[str, Any] | Iterable[tuple[str, Any]]) -> tuple[tuple[str, OptionValue], ...]:
    """Only the options that differ from the defaults, sorted by name: one spelling per rules."""
    given = dict(value.items() if isinstance(value, Mapping) else value)
    rules = Rules().replace(**given)
    default = Rules()
    return tuple(
        sorted(
            (name, _plain(getattr(rules, name)))
            for name in given
            if getattr(rules, name) != getattr(default, name)
        )
    )


@attrs.frozen
class StudySpec:
    """The games of a study: who plays, with which cards, under which rules.

    ``bots`` are bot names (``"greedy,random"``), repeated to fill the seats (so ``bots`` holds
    one per seat); with ``rotate``
    game ``i`` shifts them ``i`` seats, so each bot plays each seat equally often. ``options``
    are rules options (see ``calladventure rules``); only those that differ from the defaults
    are kept, so two spellings of the same rules are the same spec. ``max_steps`` bounds a game:
    one that has not ended by then is recorded as failed.
    """

    players: int = 2
    bots: tuple[str, ...] = attrs.field(default=("random",), converter=_names)
    sets: tuple[str, ...] = attrs.field(default=("core",), converter=_items)
    mode: str = "competitive"
    quest: str | None = None
    options: tuple[tuple[str, OptionValue], ...] = attrs.field(default=(), converter=_options)
    rotate: bool = False
    max_steps: int = 100_000

    def __attrs_post_init__(self) -> None:
        # One bot per seat, the names repeated (as make_bots does): one value per study.
        if self.bots and isinstance(self.players, int) and self.players >= 1:
            seats = tuple(self.bots[i % len(self.bots)] for i in range(self.players))
            object.__setattr__(self, "bots", seats)

    # ------------------------------------------------------------------ the games

    def seat_bots(self, index: int = 0) -> tuple[str, ...]:
        """The bot name of each seat in game ``index``."""
        names = self.bots or ("random",)
        shift = index % self.players if self.rotate else 0
        return tuple(names[(seat - shift) % len(names)] for seat in range(self.players))

    def rules(self) -> Rules:
        """The rules options of every game of the study."""
        return Rules().replace(**dict(self.options))

    def new_game(self, seed: int) -> Game:
        """A new game of this spec with ``seed`` (no event log: a study never reads it)."""
        return Game.new(
            players=self.players,
            seed=seed,
            sets=self.sets,
            mode=self.mode,
            quest=self.quest,
            rules=self.rules(),
            record_events=False,
        )

    def new_bots(self, index: int, seed: int) -> list[Bot]:
        """The bots of game ``index`` (seed ``seed``): bot ``i`` seeded ``seed * 100 + i``."""
        return make_bots(list(self.seat_bots(index)), self.players, seed)

    def check(self) -> StudySpec:
        """Set up one game of the spec, so a bad spec fails at once, with a typed error.

        Raises :class:`SimulationError` or the engine's own error (an unknown set, quest or rules
        option), each naming the value and the choices.
        """
        if not isinstance(self.players, int) or not 1 <= self.players <= 4:
            raise SimulationError(f"players must be 1 to 4 (000 · Setting Up the Game), not {self.players!r}")
        if self.mode not in MODES:
            raise SimulationError(f"unknown mode {self.mode!r}; choose from {list(MODES)}")
        if not self.bots:
            raise SimulationError(f"no bots given; choose from {sorted(BOTS)}")
        if not isinstance(self.max_steps, int) or not 1 <= self.max_steps <= MAX_STEPS:
            raise SimulationError(
                f"max_steps must be a positive number of actions (at most {MAX_STEPS:,}), not {self.max_steps!r}"
            )
        self.new_bots(0, 0)
        self.new_game(0)
        return self

    # ------------------------------------------------------------------ naming and comparing

    def to_dict(self) -> dict[str, Any]:
        """The spec as plain data (bots expanded to one per seat)."""
        return {
            "players": self.players,
            "bots": list(self.seat_bots(0)),
            "sets": list(self.sets),
            "mode": self.mode,
            "quest": self.quest,
            "options": dict(self.options),
            "rotate": self.rotate,
            "max_steps": self.max_steps,
        }

    def key(self) -> str:
        """One canonical line of JSON naming the spec: the ``spec`` column of a results table."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_key(cls, text: str) -> StudySpec:
        """The spec back from :meth:`key` (``SimulationError`` if ``text`` is not one).

        Every field is checked for its type and range before the spec is built (at most
        :data:`MAX_SPEC_CHARS` characters, 1 to 4 players), so a spec read from a file can never
        ask for unbounded work.
        """
        if not isinstance(text, str) or len(text) > MAX_SPEC_CHARS:
            raise SimulationError(f"not a study spec: more than {MAX_SPEC_CHARS} characters")
        try:
            doc = json.loads(text)
        except ValueError as exc:
            raise SimulationError(f"not a study spec: {text[:80]!r} ({exc})") from None
        problem = _key_problem(doc)
        if problem:
            raise SimulationError(f"not a study spec: {problem}")
        try:
            return cls(
                players=doc["players"],
                bots=tuple(doc["bots"]),
                sets=tuple(doc["sets"]),
                mode=doc["mode"],
                quest=doc["quest"],
                options=dict(doc["options"]),
                rotate=doc["rotate"],
                max_steps=doc["max_steps"],
            )
        except ValueError as exc:  # an unknown rules option or value (RulesOptionError)
            raise SimulationError(f"not a study spec: {exc}") from None

    def options_text(self) -> str:
        """The non-default rules options as ``name=value`` joined by ``;`` (empty for the defaults)."""
        return ";".join(f"{name}={value}" for name, value in self.options)

    def describe(self) -> str:
        """One line for a report title: ``2 heroes (random, random) · core · competitive``."""
        parts = [
            f"{self.players} hero{'es' if self.players != 1 else ''} ({', '.join(self.seat_bots(0))})",
            ",".join(self.sets),
            self.mode,
        ]
        if self.quest:
            parts.append(f"quest {self.quest}")
        if self.options:
            parts.append(self.options_text().replace(";", ", "))
        if self.rotate:
            parts.append("bots rotate seats")
        return " · ".join(parts)

    def differences(self, other: StudySpec) -> list[tuple[str, str, str]]:
        """What differs from ``other``: ``(what, this value, other value)``; rules options one by one."""
        out: list[tuple[str, str, str]] = []
        mine, theirs = self.to_dict(), other.to_dict()
        for name in ("players", "bots", "sets", "mode", "quest", "rotate", "max_steps"):
            if mine[name] != theirs[name]:
                out.append((name, _text(mine[name]), _text(theirs[name])))
        a, b = self.rules(), other.rules()
        theirs_rules = b.by_name()
        for name, x in a.by_name().items():
            y = theirs_rules[name]
            if x != y:
                out.append((name, _text(_plain(x)), _text(_plain(y))))
        return out


_KEY_FIELDS: dict[str, Any] = {
    "players": lambda v: _whole(v) and 1 <= v <= 4,
    "bots": lambda v: isinstance(v, list) and 1 <= len(v) <= 4 and all(_short(b) for b in v),
    "sets": lambda v: isinstance(v, list) and 1 <= len(v) <= 16 and all(_short(s) for s in v),
    "mode": lambda v: v in MODES,
    "quest": lambda v: v is None or _short(v),
    "options": lambda v: (
        isinstance(v, dict)
        and len(v) <= 32
        and all(_short(k) and (_whole(x) or _short(x) or isinstance(x, bool)) for k, x in v.items())
    ),
    "rotate": lambda v: isinstance(v, bool),
    "max_steps": lambda v: _whole(v) and 1 <= v <= MAX_STEPS,
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_STEPS


def _short(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 64


def _key_problem(doc: Any) -> str | None:
    """What makes ``doc`` (a parsed :meth:`StudySpec.key`) not a spec: a missing, unknown or out-of-range field."""
    if not isinstance(doc, dict) or set(doc) != set(_KEY_FIELDS):
        keys = sorted(doc) if isinstance(doc, dict) else type(doc).__name__
        return f"the fields {sorted(_KEY_FIELDS)} are expected, not {str(keys)[:120]}"
    bad = [name for name, ok in _KEY_FIELDS.items() if not ok(doc[name])]
    return f"{', '.join(bad)} out of range or of the wrong type" if bad else None


def _text(value: Any) -> str:
    if isinstance(value, Sequence) and not isinstance(value, str):
        return ",".join(str(v) for v in value)
    return "-" if value is None else str(value)
