"""Compact pickling of frozen values: a value pickles as its class and its field values, in order.

attrs' own pickling of slotted classes writes a dictionary of field names per value and
rebuilds it by setting each field in Python; a game state holds some fifty such values, so a
state took about 70 µs each way. :func:`compact_pickle` gives a class a ``__reduce__`` that
returns ``(cls, field values)``: pickling reads the fields with one C-level getter, unpickling
calls the class (its generated ``__init__``). Used for the values a :class:`GameState` is made
of, so simulation workers can ship positions cheaply (issue 16; ``benchmarks/bench.py``). The
pickled form is the same kind of value as before: loading it gives an equal value.

Pickles are only for the engine's own processes (the simulation workers it starts): unpickling
can run code, so nothing a user or a file supplies is ever unpickled. Saves, scenarios and card
files are JSON and TOML, read by :mod:`calladventure.data` into values, never executed.
"""

from __future__ import annotations

import copyreg
import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["compact_pickle"]

_T = TypeVar("_T")


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda value: (one(value),)
    if not names:
        return lambda value: ()
    return operator.attrgetter(*names)


def _reducer(cls: type, get: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], tuple[Any, ...]]:
    def __reduce__(self: Any) -> tuple[Any, ...]:
        """``(cls, field values)``; a subclass pickles in attrs' own form."""
        if self.__class__ is cls:
            return (cls, get(self))
        return (copyreg.__newobj__, (self.__class__,), self.__getstate__())  # type: ignore[attr-defined]

    return __reduce__


def compact_pickle(*classes: type[Any]) -> None:
    """Make each frozen attrs class pickle as ``(cls, field values)`` (every field positional in ``__init__``)."""
    for cls in classes:
        fields = attrs.fields(cls)
        if any(not f.init or f.kw_only for f in fields):
            raise TypeError(f"{cls.__name__} has fields that its __init__ does not take in order")
        reduce = _reducer(cls, _getter(tuple(f.name for f in fields)))
        cls.__reduce__ = reduce  # type: ignore[assignment]
