"""Whether a value is of an annotated type, with no coercion, and how to name the type in a refusal.

An action's fields are checked against their annotations before the rules see the action
(:func:`calladventure.values._actions.field_problem`): whole numbers are not ``True``, cards are
strings, sides and decks their enums. Each annotated type's check is built once and kept (a push
of an action object pays one small call per field).
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from typing import Any

__all__ = ["Check", "check_of", "type_words"]

#: Whether a value is of one annotated type.
Check = Callable[[object], bool]
_MADE: dict[Any, Check] = {}


def check_of(t: Any) -> Check:
    """Whether a value is of the annotated type ``t`` (no coercion: ``True`` is not an int); one per type."""
    found = _MADE.get(t)
    if found is None:
        found = _MADE[t] = _make(t)
    return found


def _whole(value: object) -> bool:
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def _make(t: Any) -> Check:
    """The check of ``t``, made of its parts' checks (unions, tuples of one type or of fixed length)."""
    origin = typing.get_origin(t)
    if origin in (typing.Union, types.UnionType):
        parts = tuple(check_of(a) for a in typing.get_args(t))
        return lambda value: any(part(value) for part in parts)
    if t is type(None):
        return lambda value: value is None
    if origin is tuple:
        args = typing.get_args(t)
        if len(args) == 2 and args[1] is Ellipsis:
            each = check_of(args[0])
            return lambda value: isinstance(value, tuple) and all(each(v) for v in value)
        checks = tuple(check_of(a) for a in args)
        return lambda value: (
            isinstance(value, tuple)
            and len(value) == len(checks)
            and all(c(v) for c, v in zip(checks, value, strict=True))
        )
    if t is bool:
        return lambda value: type(value) is bool
    if t is int:
        return _whole
    if isinstance(t, type):
        return lambda value: isinstance(value, t)
    return lambda value: True


def type_words(t: Any) -> str:
    """The annotated type ``t`` in words, for a refusal ("a whole number or None")."""
    words = {int: "a whole number", str: "a string", bool: "true or false", type(None): "None"}
    origin = typing.get_origin(t)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(type_words(a) for a in typing.get_args(t))
    if origin is tuple:
        args = typing.get_args(t)
        plural = {int: "whole numbers", str: "strings", bool: "booleans"}
        inner = plural.get(args[0], f"{getattr(args[0], '__name__', 'item')} values") if args else "items"
        return f"a tuple of {inner}"
    if isinstance(t, type) and issubclass(t, enum.Enum):
        return f"a {t.__name__} ({', '.join(str(m.value) for m in t)})"
    return words.get(t, getattr(t, "__name__", str(t)))
