"""Structuring documents into values strictly: no coercion, bounded arrays and strings, ranged numbers.

:func:`structure` turns a parsed document (TOML or JSON) into an attrs class with a strict
converter (:func:`strict_converter`): booleans must be booleans, whole numbers whole numbers
(never strings, floats or booleans), strings strings, arrays arrays, tables tables; no
unknown keys; arrays and tables at most :data:`~.limits.MAX_ARRAY_LENGTH` long and strings at
most :data:`~.limits.MAX_STRING_LENGTH`. :class:`FieldRules` add what a field's type cannot
say: the range of a number (:class:`Bounds`), an id's syntax or a long text (:class:`Text`).
Every failure of a document is reported at once, as :class:`~calladventure.values.DataProblem`\\ s
(file, card, field path like ``paths[0].icons[1]``) in one
:class:`~calladventure.CardDataError`, by the data layer's one error formatter
(:mod:`.problems`).

:data:`CONVERTER` is the converter that unstructures cards and states (writing is not
reading: files are always read through :func:`structure`).
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable, Iterator, Mapping
from enum import Enum, StrEnum
from typing import Any, TypeAlias, TypeVar

import attrs
import cattrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, override

from ..values import _effects as fx
from ..values._errors import CardDataError
from ._limits import (
    MAX_ARRAY_LENGTH,
    MAX_ID_LENGTH,
    MAX_PROBLEMS,
    MAX_STRING_LENGTH,
    MAX_TEXT_LENGTH,
    id_problem,
)
from ._problems import field_path, problems_of, shown

T = TypeVar("T")

#: Whole numbers with no rule of their own still stay within ± this (every card-file number has a rule).
MAX_MAGNITUDE = 10**6


@attrs.frozen
class Bounds:
    """A whole number from ``lo`` to ``hi`` (both included); for arrays and tables, each item."""

    lo: int
    hi: int

    def __str__(self) -> str:
        return f"{self.lo} … {self.hi}"


@attrs.frozen
class Text:
    """A string of at most ``max_length`` characters; ``id``: with the id syntax (:mod:`.limits`)."""

    max_length: int = MAX_STRING_LENGTH
    id: bool = False

    def __str__(self) -> str:
        return (
            f"an id (at most {self.max_length} characters)"
            if self.id
            else f"at most {self.max_length} characters"
        )


ID = Text(MAX_ID_LENGTH, id=True)
"""The rule of an id field."""

PROSE = Text(MAX_TEXT_LENGTH)
"""The rule of a ``text`` or ``notes`` field."""

Rule: TypeAlias = Bounds | Text
FieldRules: TypeAlias = Mapping[tuple[type, str], Rule]
"""Rules by (class, field name)."""


# ----------------------------------------------------------------------------- leaf checks


def rule_problem(value: object, rule: Rule | None) -> str | None:
    """What is wrong with one value under ``rule`` (a whole number, or a string), or None."""
    if isinstance(rule, Text):
        if not isinstance(value, str):
            return f"expected a string, not {shown(value)}"
        if len(value) > rule.max_length:
            return f"a string of {len(value)} characters; at most {rule.max_length}"
        return id_problem(value) if rule.id else None
    if isinstance(value, bool) or not isinstance(value, int):
        return f"expected a whole number, not {shown(value)}"
    lo, hi = (rule.lo, rule.hi) if rule else (-MAX_MAGNITUDE, MAX_MAGNITUDE)
    if not lo <= value <= hi:
        return f"{shown(value)} is out of range: must be at least {lo} and at most {hi}"
    return None


def _strict_str(value: Any, rule: Text) -> str:
    problem = rule_problem(value, rule)
    if problem:
        raise ValueError(problem)
    return str(value)


def _strict_int(value: Any, rule: Bounds | None) -> int:
    problem = rule_problem(value, rule)
    if problem:
        raise ValueError(problem)
    return int(value)


def _strict_bool(value: Any, _type: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, not {shown(value)}")
    return value


def _strict_enum(value: Any, cls: Any) -> Any:
    if isinstance(value, str):
        try:
            return cls(value)
        except ValueError:
            pass
    allowed = ", ".join(str(m.value) for m in cls)  # only for the message
    if not isinstance(value, str):
        raise ValueError(f"expected a string (one of {allowed}), not {shown(value)}")
    raise ValueError(f"{shown(value)} is not a valid {cls.__name__}; allowed: {allowed}") from None


def _int_or_str(value: Any, _type: Any) -> int | str:
    if isinstance(value, str):
        return _strict_str(value, Text())
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number or a string, not {shown(value)}")
    return _strict_int(value, None)


# ----------------------------------------------------------------------------- arrays and tables


def _noted(exc: Exception, note: str, index: int | str, type_: Any) -> Exception:
    exc.__notes__ = [*getattr(exc, "__notes__", []), IterableValidationNote(note, index, type_)]
    return exc


Hook = Callable[[Any, Any], Any]


def _sequence(
    value: Any, t: Any, items: list[tuple[Any, Hook]] | tuple[Any, Hook], limit: int = MAX_ARRAY_LENGTH
) -> tuple[Any, ...]:
    """A list into a tuple, each item by its hook; ``items`` is one (type, hook) or one per position."""
    if not isinstance(value, list | tuple):
        raise ValueError(f"expected a list, not {shown(value)}")
    if isinstance(items, list) and len(value) != len(items):
        raise ValueError(f"expected a list of {len(items)} items, not {len(value)}")
    if len(value) > limit:
        raise ValueError(f"a list of {len(value)} items; at most {limit} ({_limit_name(limit)})")
    out, errors = [], []
    for i, item in enumerate(value):
        type_, hook = items[i] if isinstance(items, list) else items
        try:
            out.append(hook(item, type_))
        except Exception as exc:
            errors.append(_noted(exc, f"@ index {i}", i, type_))
    if errors:
        raise IterableValidationError("while structuring a list", errors, t)
    return tuple(out)


def _limit_name(limit: int) -> str:
    return "MAX_ARRAY_LENGTH" if limit == MAX_ARRAY_LENGTH else "the format's limit"


def _mapping(
    value: Any, t: Any, key: tuple[Any, Hook], val: tuple[Any, Hook], limit: int = MAX_ARRAY_LENGTH
) -> dict[Any, Any]:
    if not isinstance(value, Mapping):
        raise ValueError(f"expected a table, not {shown(value)}")
    if len(value) > limit:
        raise ValueError(f"a table of {len(value)} keys; at most {limit} ({_limit_name(limit)})")
    out, errors = {}, []
    for k, v in value.items():
        try:
            out[key[1](k, key[0])] = val[1](v, val[0])
        except Exception as exc:
            errors.append(_noted(exc, f"@ key {k!r}", str(k), val[0]))
    if errors:
        raise IterableValidationError("while structuring a table", errors, t)
    return out


def _is_tuple(t: Any) -> bool:
    return typing.get_origin(t) is tuple


def _is_dict(t: Any) -> bool:
    return typing.get_origin(t) is dict


def _optional_inner(t: Any) -> Any:
    args = typing.get_args(t)
    if type(None) in args and len(args) == 2:
        return next(a for a in args if a is not type(None))
    return None


# ----------------------------------------------------------------------------- the converter


def _tagged(conv: cattrs.Converter, kinds: Mapping[str, type], what: str) -> Hook:
    def structure(value: Any, _type: Any) -> Any:
        if not isinstance(value, Mapping):
            raise ValueError(f"a {what} must be a table with a 'kind' key, not {shown(value)}")
        kind = value.get("kind")
        if not isinstance(kind, str) or kind not in kinds:
            raise ValueError(f"unknown {what} kind {shown(kind)}; known: {sorted(kinds)}")
        body = {k: v for k, v in value.items() if k != "kind"}
        return conv.structure(body, kinds[kind])

    return structure


def strict_converter(
    rules: FieldRules = {},  # noqa: B006 - read only
    *,
    type_hooks: Mapping[Any, Hook] = {},
    field_hooks: Mapping[tuple[type, str], Hook] = {},
    renames: Mapping[tuple[type, str], str] = {},
    max_items: int = MAX_ARRAY_LENGTH,
    field_items: Mapping[tuple[type, str], int] = {},
) -> cattrs.Converter:
    """A converter that coerces nothing, bounds every array and string, and applies ``rules``.

    A format with values of its own passes hooks (each ``(value, type) -> value``, raising
    ``ValueError`` with the problem): ``type_hooks`` by type, ``field_hooks`` by (class, field
    name); ``renames`` names a field as the file writes it (``pass`` for ``pass_``);
    ``max_items`` bounds every array and table (``MAX_ARRAY_LENGTH`` by default), ``field_items``
    the array of one (class, field name) by a limit of its own (a scenario's ``steps``).
    """
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    hooks = _StrictHooks(conv, rules, field_hooks, renames, max_items, field_items)
    conv.register_structure_hook(str, lambda v, _t: _strict_str(v, Text()))
    conv.register_structure_hook(int, lambda v, _t: _strict_int(v, None))
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(StrEnum, _strict_enum)
    conv.register_structure_hook(Enum, _strict_enum)
    conv.register_structure_hook(int | str, _int_or_str)
    conv.register_structure_hook_factory(
        lambda t: _is_tuple(t) or _is_dict(t), lambda t: hooks.of_type(t, None)
    )
    conv.register_structure_hook_factory(attrs.has, hooks.of_class)
    conv.register_structure_hook_func(_is(fx.Effect), _tagged(conv, fx.EFFECT_KINDS, "effect"))
    conv.register_structure_hook(fx.ScoreRule, _tagged(conv, fx.SCORE_KINDS, "scoring rule"))
    for t, hook in type_hooks.items():
        conv.register_structure_hook_func(_is(t), hook)
    return conv


class _StrictHooks:
    """The structure hooks of one strict converter: a type's (with a field's rule), an attrs class's."""

    def __init__(
        self,
        conv: cattrs.Converter,
        rules: FieldRules,
        field_hooks: Mapping[tuple[type, str], Hook],
        renames: Mapping[tuple[type, str], str],
        max_items: int,
        field_items: Mapping[tuple[type, str], int],
    ) -> None:
        self.conv, self.rules, self.field_hooks, self.renames = conv, rules, field_hooks, renames
        self.max_items, self.field_items = max_items, field_items

    def of_type(self, t: Any, rule: Rule | None, most: int | None = None) -> Hook:
        """The hook of a type under a field's rule: optional values, strict scalars, bounded tuples and tables
        (of at most ``most`` items: ``max_items`` by default)."""
        inner = _optional_inner(t)
        if inner is not None:
            inner_hook = self.of_type(inner, rule, most)
            return lambda v, _t: None if v is None else inner_hook(v, inner)
        if t is int and (rule is None or isinstance(rule, Bounds)):
            return lambda v, _t: _strict_int(v, rule)
        if t is str and (rule is None or isinstance(rule, Text)):
            text = rule or Text()
            return lambda v, _t: _strict_str(v, text)
        most = self.max_items if most is None else most
        if _is_tuple(t):
            args = typing.get_args(t)
            if len(args) == 2 and args[1] is Ellipsis:
                one = (args[0], self.of_type(args[0], rule))
                return lambda v, _t: _sequence(v, t, one, most)
            each = [(a, self.of_type(a, rule)) for a in args]
            return lambda v, _t: _sequence(v, t, each, most)
        if _is_dict(t):
            kt, vt = typing.get_args(t)
            key = (kt, self.of_type(kt, None))
            val = (vt, self.of_type(vt, rule))
            return lambda v, _t: _mapping(v, t, key, val, most)
        if rule is not None:
            raise TypeError(f"a {type(rule).__name__} rule cannot apply to the type {t!r}")
        return self.conv.get_structure_hook(t)

    def of_class(self, cls: Any) -> Hook:
        """The hook of an attrs class: a table with its fields, each under its rule, hook and name in the file."""
        hints = typing.get_type_hints(cls)
        overrides = {}
        for a in attrs.fields(cls):
            # A subclass has the rules of the class that declares the field.
            owner = next((c for c in cls.__mro__ if self._declares(c, a.name)), None)
            if owner is None:
                continue
            key = (owner, a.name)
            hook = self.field_hooks.get(key)
            if hook is None and (key in self.rules or key in self.field_items):
                hook = self.of_type(hints[a.name], self.rules.get(key), self.field_items.get(key))
            overrides[a.name] = override(struct_hook=hook, rename=self.renames.get(key))
        fn = make_dict_structure_fn(cls, self.conv, _cattrs_forbid_extra_keys=True, **overrides)  # type: ignore[arg-type]

        def structure(value: Any, _type: Any) -> Any:
            if not isinstance(value, Mapping):
                raise ValueError(f"expected a table, not {shown(value)}")
            return fn(value, cls)

        return structure

    def _declares(self, cls: type, name: str) -> bool:
        """Whether the format says something of ``cls``'s field ``name`` (a rule, a hook, a name or a limit of its own)."""
        key = (cls, name)
        return any(key in said for said in (self.rules, self.field_hooks, self.renames, self.field_items))


def _is(t: Any) -> Callable[[Any], bool]:
    def matches(x: Any) -> bool:
        return bool(x == t)

    return matches


# ----------------------------------------------------------------------------- checking values


def _parts(value: object, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], object]]:
    if isinstance(value, tuple | list):
        for i, item in enumerate(value):
            yield from _parts(item, (*path, i))
    elif isinstance(value, Mapping):
        for k, item in value.items():
            yield from _parts(item, (*path, str(getattr(k, "value", k))))
    elif value is not None:
        yield path, value


def rule_problems(
    value: object, rules: FieldRules, path: tuple[str | int, ...] = ()
) -> list[tuple[str, str]]:
    """Every (field path, problem) of an already structured value (and its parts) against ``rules``.

    For values made without :func:`strict_converter` (built in Python, or by a lenient converter).
    """
    out: list[tuple[str, str]] = []
    if isinstance(value, tuple | list | Mapping):
        for sub_path, item in _parts(value, path):
            out += rule_problems(item, rules, sub_path)
        return out
    cls: Any = type(value)
    if not attrs.has(cls):
        return out
    for a in attrs.fields(cls):
        field_value = getattr(value, a.name)
        rule = rules.get((type(value), a.name))
        if rule is None:
            out += rule_problems(field_value, rules, (*path, a.name))
            continue
        for item_path, item in _parts(field_value, (*path, a.name)):
            problem = rule_problem(item, rule)
            if problem:
                out.append((field_path(item_path), problem))
    return out


@functools.cache
def _default() -> cattrs.Converter:
    return strict_converter()


def structure(
    doc: Any,
    cls: type[T],
    *,
    file: str,
    card: str | None = None,
    field: str | None = None,
    converter: cattrs.Converter | None = None,
) -> T:
    """Structure ``doc`` as ``cls`` strictly; every problem in one CardDataError (file, card, field)."""
    conv = converter or _default()
    try:
        return conv.structure(doc, cls)
    except (
        ClassValidationError,
        IterableValidationError,
        ForbiddenExtraKeysError,
        ValueError,
        TypeError,
        KeyError,
    ) as exc:
        problems = problems_of(exc, file=file, card=card, field=field)
        raise CardDataError.of(
            problems[:MAX_PROBLEMS], omitted=max(0, len(problems) - MAX_PROBLEMS)
        ) from None


# ----------------------------------------------------------------------------- the lenient converter


def _make_lenient() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)

    def int_or_str(value: Any, _type: Any) -> int | str:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ValueError(f"a hook parameter must be a whole number or a string, not {value!r}")
        return value

    conv.register_structure_hook(int | str, int_or_str)
    conv.register_structure_hook_func(_is(fx.Effect), _tagged(conv, fx.EFFECT_KINDS, "effect"))
    conv.register_structure_hook(fx.ScoreRule, _tagged(conv, fx.SCORE_KINDS, "scoring rule"))

    def unstructure_tagged(tags: Mapping[type, str]) -> Callable[[Any], Any]:
        def unstructure(value: Any) -> Any:
            body = conv.unstructure(value, unstructure_as=type(value))
            return {"kind": tags[type(value)], **body}

        return unstructure

    conv.register_unstructure_hook_func(_is(fx.Effect), unstructure_tagged(fx.EFFECT_TAGS))
    conv.register_unstructure_hook(fx.ScoreRule, unstructure_tagged(fx.SCORE_TAGS))
    return conv


#: The converter type the strict and lenient converters are (for annotations outside the data layer).
Converter = cattrs.Converter

CONVERTER = _make_lenient()
"""The converter that unstructures cards and states (it coerces when structuring: files never go through it)."""


__all__ = [
    "CONVERTER",
    "ID",
    "MAX_MAGNITUDE",
    "PROSE",
    "Bounds",
    "Converter",
    "FieldRules",
    "Rule",
    "Text",
    "rule_problem",
    "rule_problems",
    "strict_converter",
    "structure",
]
