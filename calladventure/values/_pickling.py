"""Compact pickling of frozen values: a value pickles as its class's constructor and its field values.

attrs' own pickling of slotted classes writes a dictionary of field names per value and
rebuilds it by setting each field in Python; a game state holds some fifty such values, so a
state took about 70 µs each way. :func:`compact_pickle` registers a reducer for each class in
the pickle dispatch table (``copyreg``), which the pickler consults by exact type before any
``__reduce__`` method (so no method lookup per value): a value reduces to ``(constructor,
field values)``, its fields read with one C-level getter, and unpickling calls the class. A
subclass is not in the table: it pickles in attrs' own form. Used for the values a :class:`GameState` is made of,
so simulation workers can ship positions cheaply (``benchmarks/bench.py``). Loading
the pickled form gives an equal value of the same class.

Pickles are only for the engine's own processes (the simulation workers it starts): unpickling
can run code, so nothing a user or a file supplies is ever unpickled. Saves, scenarios and card
files are JSON and TOML, read by :mod:`calladventure.data` into values, never executed.
"""

from __future__ import annotations

import copyreg
import operator
from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["compact_pickle", "reduce_by"]


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda value: (one(value),)
    if not names:
        return lambda value: ()
    return operator.attrgetter(*names)


def _reducer(make: Callable[..., Any], get: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], Any]:
    def reduce(value: Any) -> tuple[Any, ...]:
        """``(constructor, field values)``."""
        return (make, get(value))

    return reduce


def reduce_by(cls: type[Any], reducer: Callable[[Any], Any]) -> None:
    """Pickle (and copy) values of exactly ``cls`` with ``reducer`` (the pickle dispatch table)."""
    copyreg.pickle(cls, reducer)


def compact_pickle(*classes: type[Any]) -> None:
    """Make each frozen attrs class pickle as ``(constructor, field values)`` (every field positional)."""
    for cls in classes:
        fields = attrs.fields(cls)
        if any(not f.init or f.kw_only for f in fields):
            raise TypeError(f"{cls.__name__} has fields that its __init__ does not take in order")
        reduce_by(cls, _reducer(cls, _getter(tuple(f.name for f in fields))))
