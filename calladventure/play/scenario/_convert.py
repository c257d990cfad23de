"""Scenario tables into the format's values, strictly, through the data layer; and values back into tables.

:func:`structure_scenario` turns a parsed document into a :class:`~.schema.ScenarioData` with
the data layer's strict converter (:func:`calladventure.data.strict_converter`): nothing is
coerced (a string is not a number, a boolean is not a whole number), unknown keys are errors,
every number has a range (:data:`SCENARIO_RULES`, and the boxes' tables' ``bounds``) and every
array a bound; the other keys the boxes add are set apart for their declarations
(:mod:`.box_keys`). **Every** problem of the file is reported at once in one
:class:`~.schema.ScenarioError`, each naming the file, the step (or section) and the field. :func:`scenario_cards` reads the inline ``[[cards]]`` as a
card file is read (:func:`calladventure.data.cards_from_tables`). :func:`scenario_doc` and
:func:`card_table_data` write values back as plain data (for :mod:`.writing`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from enum import Enum
from fractions import Fraction
from typing import Any, TypeVar

import attrs

from ...data import CONVERTER as CARDS
from ...data import Bounds, Text, cards_from_tables, strict_converter, structure
from ...data._limits import MAX_ARRAY_LENGTH, MAX_CARDS_PER_FILE, MAX_ID_LENGTH, MAX_TEXT_LENGTH
from ...data._runes import MAX_TRACK_LEVELS
from ...rules._expansion import Expansion
from ...values._cards import Card, Side
from ...values._errors import CardDataError
from ._box_keys import position_tables
from ._schema import (
    AllyCard,
    DecksEntry,
    GameSpec,
    HeroEntry,
    RowEntry,
    ScenarioData,
    ScenarioError,
    ScenarioProblem,
    SlotCard,
    StoryCard,
    TurnEntry,
    plain,
    slug,
)
from ._steps import Expect, ExpectIllegal, Flag, Step, Whole

__all__ = [
    "MAX_STEPS",
    "SCENARIO_RULES",
    "card_table_data",
    "scenario_cards",
    "scenario_doc",
    "scenario_problem",
    "structure_scenario",
]

S = TypeVar("S", bound=ScenarioData)

MAX_STEPS = 1000
"""``[[steps]]`` in one scenario file (each step is one action and its checks)."""

_SEED = Bounds(-(2**63), 2**64 - 1)

SCENARIO_RULES: dict[tuple[type, str], Bounds | Text] = {
    (GameSpec, "seed"): _SEED,
    (GameSpec, "rng"): Bounds(0, 2**64 - 1),
    (GameSpec, "sets"): Text(MAX_ID_LENGTH, id=True),
    (GameSpec, "runes"): Text(MAX_ID_LENGTH, id=True),
    (GameSpec, "track"): Text(MAX_ID_LENGTH, id=True),
    (GameSpec, "card_set"): Text(MAX_ID_LENGTH, id=True),
    (HeroEntry, "xp"): Bounds(0, 999),
    (HeroEntry, "virtue"): Bounds(0, MAX_TRACK_LEVELS),
    (HeroEntry, "corruption"): Bounds(0, MAX_TRACK_LEVELS),
    (HeroEntry, "level"): Bounds(0, MAX_TRACK_LEVELS - 1),
    (TurnEntry, "number"): Bounds(1, 10_000),
    (ScenarioData, "question"): Text(MAX_TEXT_LENGTH),
    (ScenarioData, "answer"): Text(MAX_TEXT_LENGTH),
    (Step, "note"): Text(MAX_TEXT_LENGTH),
}
"""The range of every number and the syntax of every id a scenario file gives (beyond its types)."""


# ============================================================================ reading: hooks


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _name(value: Any, what: str = "a card") -> str:
    """A card name or id as a scenario writes it: a string of at most 200 characters."""
    if not isinstance(value, str):
        raise ValueError(f"expected {what} (a string), not {_shown(value)}")
    if len(value) > 200:
        raise ValueError(f"a string of {len(value)} characters; at most 200")
    return value


def _items(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"expected {what}, not {_shown(value)}")
    if len(value) > MAX_ARRAY_LENGTH:
        raise ValueError(f"a list of {len(value)} items; at most {MAX_ARRAY_LENGTH} (MAX_ARRAY_LENGTH)")
    return value


def _texts(value: Any, _type: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (_name(value),)
    items = _items(value, "a string or a list of strings")
    if not all(isinstance(v, str) for v in items):
        raise ValueError(f"expected a string or a list of strings, not {_shown(value)}")
    return tuple(_name(v) for v in items)


def _story_lists(value: Any, _type: Any) -> tuple[tuple[str, ...], ...]:
    if (
        isinstance(value, list)
        and len(value) <= 3
        and all(isinstance(v, list) for v in value)
        and all(isinstance(x, str) for v in value for x in v)
    ):
        return tuple(tuple(_name(x) for x in _items(v, "a list")) for v in value)
    raise ValueError(
        "a Story is a list of (at most three) lists of cards (under the Origin, Motivation, Destiny): "
        f'[["Brave"], []], not {_shown(value)}'
    )


def _faces(value: Any, _type: Any) -> tuple[str, ...] | None:
    if value == "random":
        return ("random",)
    if (
        isinstance(value, list)
        and len(value) <= 64
        and all(
            (isinstance(v, str) and len(v) <= 40)
            or (isinstance(v, int) and not isinstance(v, bool) and v in (0, 1))
            for v in value
        )
    ):
        return tuple(str(v) for v in value)
    raise ValueError(f'cast is a list of faces (names or 0/1, one per rune) or "random", not {_shown(value)}')


def _number_or_fraction(value: Any, _type: Any) -> float | str | None:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(
            f"expected a probability (0.6875) or an exact fraction ('11/16'), not {_shown(value)}"
        )
    if isinstance(value, str):
        if len(value) > 40:
            raise ValueError(f"{_shown(value)} is not a fraction such as '11/16'")
        try:
            Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{_shown(value)} is not a fraction such as '11/16'") from None
        return value
    if not 0 <= value <= 1:
        raise ValueError(f"a probability is between 0 and 1, not {_shown(value)}")
    return float(value)


def _story_card(value: Any, _type: Any) -> StoryCard:
    if isinstance(value, str):
        return StoryCard(_name(value))
    if isinstance(value, Mapping) and set(value) <= {"card", "path"} and isinstance(value.get("card"), str):
        path = value.get("path", "top")
        if path in ("top", "bottom"):
            return StoryCard(_name(value["card"]), Side(path))
    raise ValueError(
        f'a story card is "Name" or {{ card = "Name", path = "top" | "bottom" }}, not {_shown(value)}'
    )


def _ally_card(value: Any, _type: Any) -> AllyCard:
    if isinstance(value, str):
        return AllyCard(_name(value))
    if (
        isinstance(value, Mapping)
        and set(value) <= {"card", "sacrificed"}
        and isinstance(value.get("card"), str)
        and isinstance(value.get("sacrificed", False), bool)
    ):
        return AllyCard(_name(value["card"]), value.get("sacrificed", False))
    raise ValueError(f'an Ally is "Name" or {{ card = "Name", sacrificed = true }}, not {_shown(value)}')


def _slot_card(value: Any, _type: Any) -> SlotCard:
    if value == "":
        return SlotCard(None)
    if isinstance(value, str):
        return SlotCard(_name(value))
    if (
        isinstance(value, Mapping)
        and set(value) <= {"card", "ally"}
        and isinstance(value.get("card"), str)
        and isinstance(value.get("ally", ""), str)
    ):
        return SlotCard(_name(value["card"]), _name(value["ally"]) if "ally" in value else None)
    raise ValueError(
        f'a table slot is "Name", {{ card = "Challenge", ally = "Ally" }} or "" (empty), not {_shown(value)}'
    )


def _rules_table(value: Any, _type: Any) -> dict[str, Any]:
    """``[game] rules``: option names to values (each checked by ``Rules.replace``)."""
    if not isinstance(value, Mapping):
        raise ValueError(f"expected a table of rules options, not {_shown(value)}")
    if len(value) > 64:
        raise ValueError(f"a table of {len(value)} options; there are far fewer")
    for k, v in value.items():
        if not isinstance(v, str | int | bool) or (isinstance(v, str) and len(v) > 200):
            raise ValueError(
                f"option {_shown(k)}: expected a string, a whole number or true/false, not {_shown(v)}"
            )
    return dict(value)


def _whole(value: Any, _type: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, not {_shown(value)}")
    if not -(10**6) <= value <= 10**6:
        raise ValueError(f"{_shown(value)} is out of range: must be at least -1000000 and at most 1000000")
    return value


def _flag(value: Any, _type: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, not {_shown(value)}")
    return value


def _true(value: Any, _type: Any) -> bool:
    """A step's ``pass``, ``resolve`` or ``end``: ``true`` when given (false would be a step that does nothing)."""
    if value is not True:
        raise ValueError(
            f"must be true when given (leave it out for a step without that action), not {_shown(value)}"
        )
    return value


def _box_keys(value: Any, _type: Any) -> dict[str, Any]:
    """The keys a table gives for the boxes, as given (their declarations check them: :mod:`.box_keys`)."""
    if not isinstance(value, Mapping):
        raise ValueError(f"expected a table, not {_shown(value)}")
    return dict(value)


@functools.cache
def _converter(box_rules: tuple[tuple[tuple[type, str], Bounds], ...] = ()) -> Any:
    """The strict converter of the format, with the ranges of a box's table (its ``bounds``) besides the core's."""
    return strict_converter(
        {**SCENARIO_RULES, **dict(box_rules)},
        type_hooks={
            Whole: _whole,
            Flag: _flag,
            tuple[str, ...]: _texts,
            tuple[str, ...] | None: lambda v, t: None if v is None else _texts(v, t),
            float | str | None: _number_or_fraction,
            tuple[tuple[str, ...], ...]: _story_lists,
            StoryCard: _story_card,
            AllyCard: _ally_card,
            SlotCard: _slot_card,
            dict[str, Any]: _rules_table,
        },
        field_hooks={
            (Step, "cast"): _faces,
            **{(Step, key): _true for key in ("pass_", "resolve", "end")},
            **{(cls, "boxes"): _box_keys for cls in (HeroEntry, Step, Expect)},
        },
        renames={(Step, "pass_"): "pass"},
        field_items={(ScenarioData, "steps"): MAX_STEPS},
    )


# ============================================================================ reading: errors


def scenario_problem(field: str | None, problem: str) -> ScenarioProblem:
    """A problem at a field path of the file (``steps[2].expect.xp``) as the step and field it names."""
    path = field or ""
    m = re.match(r"(steps|heroes|rows|cards)\[(\d+)\]\.?(.*)", path)
    if m:
        section, index, rest = m.groups()
        label = {
            "steps": "step",
            "heroes": "[[heroes]] entry",
            "rows": "[[rows]] entry",
            "cards": "[[cards]] entry",
        }[section]
        return ScenarioProblem(f"{label} {int(index) + 1}", rest.replace("pass_", "pass") or None, problem)
    head, _, rest = path.partition(".")
    if head in ("game", "decks", "turn"):
        return ScenarioProblem(f"[{head}]", rest or None, problem)
    return ScenarioProblem(None, path or None, problem)


# ============================================================================ reading


def structure_scenario(cls: type[S], body: Mapping[str, Any], file: str, boxes: Sequence[Expansion]) -> S:
    """``body`` (a parsed file without its ``[[cards]]``) as a ``cls``; one :class:`ScenarioError` lists every problem.

    The tables of ``boxes`` (``Expansion.position_tables``) are read into their entry types,
    under their ``bounds``, into ``boxes``; the other keys a box gives are set apart for its
    declarations (:func:`_boxes_keys_apart`).
    """
    steps = body.get("steps")
    if isinstance(steps, list) and len(steps) > MAX_STEPS:
        raise ScenarioError(file, None, "steps", f"{len(steps)} steps; at most {MAX_STEPS} (MAX_STEPS)")
    tables = position_tables(boxes)
    problems: list[ScenarioProblem] = []
    omitted = 0
    core = {k: v for k, v in body.items() if k not in tables}
    try:
        out: S = structure(_boxes_keys_apart(core), cls, file=file, converter=_converter())
    except CardDataError as err:
        problems += [scenario_problem(p.field, p.problem) for p in err.problems]
        omitted += err.omitted
    read: dict[str, Any] = {}
    for name, table in tables.items():
        if name not in body:
            continue
        rules = tuple(((table.entry, f), Bounds(lo, hi)) for f, (lo, hi) in sorted(table.bounds.items()))
        try:
            read[name] = structure(body[name], table.entry, file=file, converter=_converter(rules))
        except CardDataError as err:
            problems += [ScenarioProblem(f"[{name}]", p.field, p.problem) for p in err.problems]
            omitted += err.omitted
    if problems:
        raise ScenarioError.of(file, problems, omitted)
    return attrs.evolve(out, boxes=read)


def _core_keys(cls: type) -> frozenset[str]:
    """The keys of a table of ``cls`` that are the core's (as the file writes them)."""
    return frozenset("pass" if f.name == "pass_" else f.name for f in attrs.fields(cls)) - {"boxes"}


def _apart(table: Any, core: frozenset[str]) -> Any:
    """``table`` with its keys that are not the core's under ``boxes`` (for the boxes to check)."""
    if not isinstance(table, Mapping) or core.issuperset(table):
        return table
    return {
        **{k: v for k, v in table.items() if k in core},
        "boxes": {k: v for k, v in table.items() if k not in core},
    }


def _boxes_keys_apart(body: Mapping[str, Any]) -> Mapping[str, Any]:
    """``body`` with the keys of each hero, step and step's ``expect`` that are not the core's under ``boxes``."""
    out = dict(body)
    if isinstance(body.get("heroes"), list):
        out["heroes"] = [_apart(h, _core_keys(HeroEntry)) for h in body["heroes"]]
    if isinstance(body.get("steps"), list):
        steps = [_apart(s, _core_keys(Step)) for s in body["steps"]]
        out["steps"] = [
            {**s, "expect": _apart(s["expect"], _core_keys(Expect))}
            if isinstance(s, Mapping) and "expect" in s
            else s
            for s in steps
        ]
    return out


def _card_label(item: object, position: int) -> str:
    name = item.get("name") if isinstance(item, Mapping) else None
    name = name or (item.get("id") if isinstance(item, Mapping) else None)
    shown = name if isinstance(name, str) and len(name) <= 60 else f"#{position}"
    return f"[[cards]] entry {position} ({shown})"


def scenario_cards(cards: list[Any], set_id: str, file: str) -> list[Card]:
    """The inline ``[[cards]]`` (the card-file format; ``id`` and ``source`` may be left out) as cards of ``set_id``.

    Validated as a card file is (strictly, every problem at once); each problem names the entry.
    """
    if len(cards) > MAX_CARDS_PER_FILE:
        raise ScenarioError(file, None, "cards", f"{len(cards)} cards; at most {MAX_CARDS_PER_FILE}")
    tables: list[object] = []
    for raw in cards:
        item = dict(raw) if isinstance(raw, Mapping) else raw
        if isinstance(item, dict):
            if "id" not in item and isinstance(item.get("name"), str):
                item["id"] = slug(item["name"])[:MAX_ID_LENGTH]  # scenario cards may leave out id and source
            item.setdefault("source", "original")
        tables.append(item)
    try:
        return cards_from_tables(tables, set_id, file=file, label=_card_label)
    except CardDataError as err:
        problems = [ScenarioProblem(p.card, p.field, p.problem) for p in err.problems]
        raise ScenarioError.of(file, problems, err.omitted) from None


# ============================================================================ writing


def card_table_data(card: Card) -> dict[str, Any]:
    """A card as the plain data of the card-file format (every field, defaults included)."""
    data: dict[str, Any] = CARDS.unstructure(card)
    return data


def _unstructure(value: Any) -> Any:
    """A value of the format as plain data: cards in their short forms, enums as values, tuples as lists."""
    if isinstance(value, StoryCard):
        return value.card if value.path is Side.TOP else {"card": value.card, "path": value.path.value}
    if isinstance(value, AllyCard):
        return value.card if not value.sacrificed else {"card": value.card, "sacrificed": True}
    if isinstance(value, SlotCard):
        if value.card is None:
            return ""
        return value.card if value.ally is None else {"card": value.card, "ally": value.ally}
    if attrs.has(type(value)):
        return {f.name: _unstructure(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {k: _unstructure(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_unstructure(v) for v in value]
    return value


def _strip(cls: type, value: Any) -> dict[str, Any]:
    """``value`` (an attrs value of ``cls``) as a table, leaving out what is at its default."""
    raw = _unstructure(value)
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


def _flat(table: dict[str, Any]) -> dict[str, Any]:
    """A table with the keys its boxes gave (``boxes``) back among the core's."""
    boxes = table.pop("boxes", {})
    return {**table, **boxes}


def _plain_tree(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(plain(k)): _plain_tree(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain_tree(v) for v in value]
    return plain(value)


def scenario_doc(scn: ScenarioData) -> dict[str, Any]:
    """A loaded scenario back as a document (defaults left out), for :func:`.writing.dumps_toml`."""
    doc: dict[str, Any] = {"format": scn.format}
    for key in ("title", "question", "answer"):
        if getattr(scn, key):
            doc[key] = getattr(scn, key)
    if scn.sections:
        doc["sections"] = list(scn.sections)
    doc["game"] = _strip(GameSpec, scn.game)
    if scn.heroes:
        doc["heroes"] = [_flat(_strip(HeroEntry, h)) for h in scn.heroes]
    if scn.rows:
        doc["rows"] = [_strip(RowEntry, r) for r in scn.rows]
    decks = _strip(DecksEntry, scn.decks)
    if decks:
        doc["decks"] = decks
    if scn.turn is not None:
        doc["turn"] = _strip(TurnEntry, scn.turn)
    for name, entry in scn.boxes.items():
        doc[name] = _strip(type(entry), entry)
    if scn.cards:
        doc["cards"] = [dict(c) for c in scn.cards]
    if scn.steps:
        steps = []
        for s in scn.steps:
            table = _flat(_strip(Step, s))
            if s.expect is not None:
                table["expect"] = _flat(_strip(Expect, s.expect))
            if s.expect_illegal is not None:
                table["expect_illegal"] = _strip(ExpectIllegal, s.expect_illegal)
            if s.cast is not None:
                table["cast"] = (
                    "random" if s.cast == ("random",) else [int(f) if f.isdigit() else f for f in s.cast]
                )
            steps.append(table)
        doc["steps"] = steps
    return doc
