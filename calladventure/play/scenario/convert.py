"""The one place the scenario code uses cattrs: parsed TOML into the format's values, and back.

:func:`structure_scenario` turns a parsed document into a :class:`~.schema.ScenarioData` (each
table strictly typed: a string is not a number, a boolean is not a whole number, unknown keys
are errors) and a problem into a :class:`~.schema.ScenarioError` naming the file, the step (or
section) and the field; :func:`structure_card_entry` does the same for an inline ``[[cards]]``
table with the card-file converter of :mod:`calladventure.data`. :func:`scenario_doc` and
:func:`card_table_data` write values back as plain data (for :mod:`.writing`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn, override
from cattrs.v import format_exception

from ...data import CONVERTER as CARDS
from ...data import CardEntry
from ...values.cards import Card, Side
from ...values.state import Mode
from .schema import (
    AllyCard,
    DecksEntry,
    GameSpec,
    HeroEntry,
    OdiumEntry,
    RowEntry,
    ScenarioData,
    ScenarioError,
    SlotCard,
    StoryCard,
    TurnEntry,
    plain,
)
from .steps import Expect, ExpectIllegal, Flag, Step, Whole

__all__ = ["card_table_data", "scenario_doc", "structure_card_entry", "structure_scenario"]

S = TypeVar("S", bound=ScenarioData)

#: What structuring a table can raise.
_STRUCTURE_ERRORS = (
    ClassValidationError,
    IterableValidationError,
    ForbiddenExtraKeysError,
    ValueError,
    TypeError,
)


# ============================================================================ reading: hooks


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


# ============================================================================ reading: errors


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


# ============================================================================ reading


def structure_scenario(cls: type[S], body: Mapping[str, Any], file: str) -> S:
    """``body`` (a parsed file without its ``[[cards]]``) as a ``cls``; :class:`ScenarioError` if it does not fit."""
    try:
        out: S = _CONVERTER.structure(body, cls)
    except _STRUCTURE_ERRORS as exc:
        raise _structure_error(file, exc) from None
    return out


def structure_card_entry(item: Mapping[str, Any], file: str, where: str) -> CardEntry:
    """An inline ``[[cards]]`` table as a card-file entry; :class:`ScenarioError` naming ``where`` and the field."""
    try:
        entry: CardEntry = CARDS.structure(item, CardEntry)
    except _STRUCTURE_ERRORS as exc:
        err = _structure_error(file, exc)
        raise ScenarioError(file, where, err.field, err.problem) from None
    return entry


# ============================================================================ writing


def card_table_data(card: Card) -> dict[str, Any]:
    """A card as the plain data of the card-file format (every field, defaults included)."""
    data: dict[str, Any] = CARDS.unstructure(card)
    return data


def _make_writer() -> cattrs.Converter:
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
    return conv


_WRITER = _make_writer()


def _strip(cls: type, value: Any) -> dict[str, Any]:
    """``value`` (an attrs value of ``cls``) as a table, leaving out what is at its default."""
    raw = _WRITER.unstructure(value)
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
        doc["heroes"] = [_strip(HeroEntry, h) for h in scn.heroes]
    if scn.rows:
        doc["rows"] = [_strip(RowEntry, r) for r in scn.rows]
    decks = _strip(DecksEntry, scn.decks)
    if decks:
        doc["decks"] = decks
    if scn.turn is not None:
        doc["turn"] = _strip(TurnEntry, scn.turn)
    if scn.odium is not None:
        doc["odium"] = _strip(OdiumEntry, scn.odium)
    if scn.cards:
        doc["cards"] = [dict(c) for c in scn.cards]
    if scn.steps:
        steps = []
        for s in scn.steps:
            table = _strip(Step, s)
            if s.expect is not None:
                table["expect"] = _strip(Expect, s.expect)
            if s.expect_illegal is not None:
                table["expect_illegal"] = _strip(ExpectIllegal, s.expect_illegal)
            if s.cast is not None:
                table["cast"] = (
                    "random" if s.cast == ("random",) else [int(f) if f.isdigit() else f for f in s.cast]
                )
            steps.append(table)
        doc["steps"] = steps
    return doc
