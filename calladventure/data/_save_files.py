"""Reading save files strictly: bounded JSON, then every part structured without coercion.

A save is read like every other data file: at most :data:`~.limits.MAX_SAVE_BYTES`, UTF-8 (a
byte-order mark is fine), nested at most :data:`~.limits.MAX_SAVE_NESTING` deep (checked
before the JSON parser recurses, so no ``RecursionError`` ever escapes), then structured with
the data layer's strict converter (:func:`~.structure.strict_converter`): a string is never a
number, ``true`` never a seat, every number has a range (:data:`SAVE_RULES`), every array a
bound (:data:`~.limits.MAX_SAVE_ITEMS`). Every problem names the file and the field path
(``start.players[1].level``) and one :class:`~calladventure.SaveFileError` reports all
of them. The JSON Schema of the format (``save.schema.json`` beside this module, for editors)
is written from the same types and rules (:mod:`.save_schema`).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from itertools import repeat
from pathlib import Path
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.errors import AttributeValidationNote, ClassValidationError
from cattrs.strategies import configure_tagged_union

from ..values import _effects as fx
from ..values._atoms import ATOM_BOUNDS
from ..values._errors import CardDataError, DataProblem, RulesOptionError, SaveFileError
from ..values._options import Rules
from ..values._state import (
    ActiveEffect,
    Attempt,
    AwaitCast,
    ChooseCharacter,
    ChooseDraw,
    ChooseRecastDark,
    Config,
    Decision,
    Ext,
    GameState,
    Pending,
    PlaceAlly,
    Player,
    Row,
    Turn,
    Window,
)
from ._entries import CARD_RULES, WithAtomBounds
from ._files import bracket_depth, decode_text, document_depth, read_bytes
from ._limits import (
    MAX_ID_LENGTH,
    MAX_SAVE_ACTIONS,
    MAX_SAVE_BYTES,
    MAX_SAVE_ITEMS,
    MAX_SAVE_NESTING,
    MAX_SAVE_SETS,
)
from ._problems import join_field, shown
from ._runes import MAX_TRACK_LEVELS
from ._structure import Bounds, Rule, Text, strict_converter, structure

T = TypeVar("T")

SEAT = Bounds(0, 3)
"""A seat: Call to Adventure seats one to four heroes (000 · Setting Up the Game)."""

SEED = Bounds(-(2**63), 2**64 - 1)
"""A game's seed."""

CARD_ID = Text(2 * MAX_ID_LENGTH + 8)
"""A card id as a state holds it: ``set/card``, ``#2`` … for copies."""

_STATE_RULES: dict[tuple[type, str], Rule] = {
    **{k: v for k, v in CARD_RULES.items() if k[0].__module__ == fx.__name__ and k not in ATOM_BOUNDS},
    (Config, "players"): Bounds(1, 4),
    (Config, "seed"): SEED,
    (Config, "sets"): Text(MAX_ID_LENGTH, id=True),
    (Config, "runes"): Text(MAX_ID_LENGTH, id=True),
    (Config, "track"): Text(MAX_ID_LENGTH, id=True),
    (Config, "quest"): CARD_ID,
    (Config, "adversary"): CARD_ID,
    (GameState, "rng"): Bounds(0, 2**64 - 1),
    (GameState, "closed_by"): SEAT,
    (GameState, "final_turns"): SEAT,
    (Player, "seat"): SEAT,
    (Player, "xp"): Bounds(0, 10_000),
    (Player, "level"): Bounds(0, MAX_TRACK_LEVELS - 1),
    (Row, "act"): Bounds(1, 3),
    (Turn, "seat"): SEAT,
    (Turn, "number"): Bounds(1, 100_000),
    (Turn, "dark_bought"): Bounds(0, 100),
    (Turn, "cancel_corruption"): Bounds(0, 100),
    (Turn, "refill"): Bounds(0, 4),
    (Attempt, "seat"): SEAT,
    (Attempt, "act"): Bounds(0, 3),
    (Attempt, "slot"): Bounds(0, 4),
    (Attempt, "dark_bought"): Bounds(0, 100),
    (Attempt, "dark_free"): Bounds(0, 100),
    (Attempt, "dark_recast"): Bounds(0, 100),
    (Attempt, "casts"): Bounds(0, 1000),
    (ActiveEffect, "owner"): SEAT,
    (ActiveEffect, "target"): SEAT,
    (Window, "order"): SEAT,
    (ChooseCharacter, "seat"): SEAT,
    (PlaceAlly, "seat"): SEAT,
    (PlaceAlly, "act"): Bounds(1, 3),
    (ChooseDraw, "seat"): SEAT,
    (ChooseDraw, "count"): Bounds(1, 5),
    (AwaitCast, "seat"): SEAT,
    (Decision, "seat"): SEAT,
    (ChooseRecastDark, "seat"): SEAT,
}
#: The range of every number of a saved state and configuration (the effects' are the card files':
#: the effect vocabulary's, and every registered atom's, as it declares them).
SAVE_RULES: Mapping[tuple[type, str], Rule] = WithAtomBounds(_STATE_RULES)


@attrs.frozen
class SetRecord:
    """``sets.<id>`` of a save: the content hash of a card set it uses, and (unless bundled) its cards."""

    digest: str
    cards: tuple[dict[str, Any], ...] | None = None
    name: str = ""
    runes: str | None = None
    track: str | None = None
    story_icons: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()
    source: str = "original"
    new_icons: tuple[str, ...] = ()


_RECORD_RULES: dict[tuple[type, str], Rule] = {
    (SetRecord, "digest"): Text(64),
    (SetRecord, "runes"): Text(MAX_ID_LENGTH, id=True),
    (SetRecord, "track"): Text(MAX_ID_LENGTH, id=True),
    (SetRecord, "new_icons"): Text(32, id=True),
}


def _any_table(value: Any, _type: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise ValueError(f"expected a table, not {shown(value)}")
    return dict(value)


def _rules(value: Any, _type: Any) -> Rules:
    """A save's ``rules``: every option by its flat name, each value checked by its declaration."""
    table = _any_table(value, _type)
    errors: list[Exception] = []
    for name, item in table.items():
        try:
            Rules().replace(**{name: item})
        except RulesOptionError as exc:
            error = ValueError(str(exc))
            error.__notes__ = [
                AttributeValidationNote(f"Structuring class Rules @ attribute {name}", name, Any)
            ]
            errors.append(error)
    if errors:
        raise ClassValidationError("While structuring Rules", errors, Rules)
    return Rules().replace(**table)


@functools.lru_cache(maxsize=16)
def save_converter(ext_types: tuple[tuple[str, Any], ...]) -> cattrs.Converter:
    """The strict converter of saved states and configurations with the expansions' ``ext`` types."""
    types = dict(ext_types)
    conv = strict_converter(
        WithAtomBounds({**SAVE_RULES, **_RECORD_RULES}),
        max_items=MAX_SAVE_ITEMS,
        type_hooks={dict[str, Any]: _any_table, Rules: _rules},
    )
    configure_tagged_union(Pending, conv, tag_name="type", tag_generator=lambda cl: cl.__name__)

    def load_ext(data: Any, _cls: Any) -> Ext:
        if not isinstance(data, Mapping):
            raise ValueError(f"an ext value is a table of expansion parts, not {shown(data)}")
        items = []
        for key, value in data.items():
            if key not in types:
                raise ValueError(f"no expansion keeps {shown(key)} (known: {sorted(types)})")
            items.append((key, conv.structure(value, types[key])))
        return Ext(tuple(sorted(items, key=lambda kv: kv[0])))

    conv.register_structure_hook(Ext, load_ext)
    return conv


def _key(ext_types: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((ext_types or {}).items(), key=lambda kv: kv[0]))


def _save_error(err: CardDataError) -> SaveFileError:
    return SaveFileError.of([DataProblem(p.file, p.card, p.field, p.problem) for p in err.problems])


def structure_part(
    doc: Any, cls: type[T], *, file: str, field: str | None, ext_types: Mapping[str, Any] | None = None
) -> T:
    """One part of a save (``config``, ``start`` …) as ``cls``, strictly; a SaveFileError lists every problem."""
    try:
        return structure(doc, cls, file=file, field=field, converter=save_converter(_key(ext_types)))
    except CardDataError as err:
        raise _save_error(err) from None


# ----------------------------------------------------------------------------- bounded JSON

_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def json_depth(text: str, stop: int = MAX_SAVE_NESTING) -> int:
    """The deepest nesting of arrays and objects in JSON ``text`` (strings skipped; stops past ``stop``)."""
    return bracket_depth(text, _JSON_TOKENS, stop)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str, file: str) -> Any:
    """Parse bounded JSON text: nesting checked first, no NaN or Infinity, no number with thousands of digits."""
    deep = f"arrays or objects nested more than {MAX_SAVE_NESTING} deep (MAX_SAVE_NESTING)"
    if len(text) > MAX_SAVE_BYTES:
        raise SaveFileError(file, None, f"the text is over {MAX_SAVE_BYTES} bytes (MAX_SAVE_BYTES)")
    try:  # the C parser guards its own recursion (RecursionError), and the depth is checked right after
        doc = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise SaveFileError(file, None, f"not valid JSON: {exc}") from None
    except RecursionError:
        raise SaveFileError(file, None, deep) from None
    except ValueError as exc:
        raise SaveFileError(file, None, f"not valid JSON: {shown(str(exc))}") from None
    if document_depth(doc, MAX_SAVE_NESTING) > MAX_SAVE_NESTING:
        raise SaveFileError(file, None, deep)
    return doc


def read_json(path: Path) -> Any:
    """Read and parse a save file (bounded, UTF-8, a byte-order mark is fine); SaveFileError names the file."""
    file = str(path)
    try:
        text = decode_text(read_bytes(path, MAX_SAVE_BYTES), file)
    except CardDataError as err:
        raise SaveFileError(file, None, err.problem.replace("MAX_FILE_BYTES", "MAX_SAVE_BYTES")) from None
    return parse_json(text, file)


# ----------------------------------------------------------------------------- the top level

#: The keys of a save's top-level object.
SAVE_KEYS = ("format", "config", "sets", "start", "actions", "digest")


@attrs.frozen
class SaveDocument:
    """A save's top level, its parts structured (``start`` left as data: the game layer structures it with the boxes' part types)."""

    format: str
    config: Config | None
    sets: dict[str, SetRecord] | None
    start: dict[str, Any] | None
    actions: tuple[str, ...]
    digest: str | None


def save_document(doc: Any, *, file: str) -> SaveDocument:
    """The top level of a parsed save: every part checked, every problem in one SaveFileError."""
    if not isinstance(doc, Mapping):
        raise SaveFileError(file, None, f"a save is a JSON object, not {type(doc).__name__}")
    problems: list[DataProblem] = []

    def problem(field: str | None, text: str) -> None:
        problems.append(DataProblem(file, None, field, text))

    extra = sorted(str(k) for k in doc if k not in SAVE_KEYS)
    if extra:
        problem(None, f"unknown keys {[shown(k) for k in extra[:10]]}; known: {list(SAVE_KEYS)}")
    fmt = doc.get("format")

    def part(key: str, cls: Any, default: Any = None, required: bool = False) -> Any:
        if key not in doc or doc[key] is None:
            if required:
                problem(key, f"the required field {key!r} is missing")
            return default
        try:
            return structure_part(doc[key], cls, file=file, field=key)
        except SaveFileError as err:
            problems.extend(err.problems)
            return default

    config = part("config", Config, required=True)
    sets = part("sets", dict[str, SetRecord])
    if sets is not None and len(sets) > MAX_SAVE_SETS:
        problem("sets", f"{len(sets)} card sets; at most {MAX_SAVE_SETS} (MAX_SAVE_SETS)")
    start = doc.get("start")
    if start is not None and not isinstance(start, Mapping):
        problem("start", f"the start position is an object or null, not {shown(start)}")
        start = None
    raw_actions = doc.get("actions", [])
    actions: tuple[str, ...] = ()
    if "actions" not in doc:
        problem(
            "actions", "the required field 'actions' is missing (the list of moves to replay, [] for none)"
        )
    elif isinstance(raw_actions, list) and len(raw_actions) > MAX_SAVE_ACTIONS:
        problem("actions", f"{len(raw_actions)} actions; at most {MAX_SAVE_ACTIONS} (MAX_SAVE_ACTIONS)")
    elif (  # strings of at most 200 characters, tested by C loops (map) rather than one generator step each
        isinstance(raw_actions, list)
        and all(map(isinstance, raw_actions, repeat(str)))
        and max(map(len, raw_actions), default=0) <= 200
    ):
        actions = tuple(raw_actions)  # the common case, checked without the converter's bookkeeping
    else:
        actions = part("actions", tuple[str, ...], ())
    digest = part("digest", str)
    if problems:
        raise SaveFileError.of(problems)
    return SaveDocument(str(fmt), config, sets, dict(start) if start else None, actions, digest)


def prefixed(err: SaveFileError, field: str) -> SaveFileError:
    """The same problems with their field paths under ``field``."""
    return SaveFileError.of([attrs.evolve(p, field=join_field(field, p.field)) for p in err.problems])


__all__ = [
    "CARD_ID",
    "SAVE_KEYS",
    "SAVE_RULES",
    "SEAT",
    "SEED",
    "SaveDocument",
    "SetRecord",
    "json_depth",
    "parse_json",
    "prefixed",
    "read_json",
    "save_converter",
    "save_document",
    "structure_part",
]
