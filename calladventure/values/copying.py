"""Fast copies of frozen values: what :func:`calladventure.values.state.evolve` needs of each class.

Every rule returns a new state made by copying the old one with a few fields changed (undo is
keeping the previous value: ``000 · Each Turn`` runs through hundreds of such copies a game).
attrs' ``evolve`` and a class's generated ``__init__`` set each field through a bound
``object.__setattr__`` (frozen classes forbid plain assignment). :func:`copy_spec` gives a
class a generated copy function instead: ``object.__new__`` and one slot setter per field,
with the setters of each field for the changed ones (issue 16). The copy is the same value
``cls(*fields)`` makes: same fields, equality, hashing and pickling.

Only for slotted classes whose ``__init__`` does nothing but set each field (no converter,
validator, init hook or cached hash); any other class is copied by calling it.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

__all__ = ["CopySpec", "copy_spec"]

_new = object.__new__

#: (the copy function or None, the slot setter of each field, a getter of every field in order,
#: each field's position)
CopySpec = tuple[
    Callable[[Any], Any] | None, dict[str, Callable[[Any, Any], None]], Callable[[Any], Any], dict[str, int]
]


def _slot_owner(cls: type, name: str) -> type | None:
    for k in cls.__mro__:
        if name in k.__dict__.get("__slots__", ()):
            return k
    return None


def _copier(cls: type, names: tuple[str, ...]) -> Callable[[Any], Any] | None:
    """``copy(value)``: a new ``cls`` with every field of ``value``, set slot by slot; None if unsafe."""
    slots = {s for k in cls.__mro__ for s in k.__dict__.get("__slots__", ()) if s != "__weakref__"}
    fields = cls.__attrs_attrs__  # type: ignore[attr-defined]
    plain = all(a.init and a.converter is None and a.validator is None for a in fields)
    hooks = any(hasattr(cls, h) for h in ("__attrs_pre_init__", "__attrs_post_init__"))
    if not plain or hooks or slots != set(names) or "__slots__" not in cls.__dict__:
        return None
    space: dict[str, Any] = {"_new": _new, "cls": cls}
    lines = ["def copy(inst):", "    new = _new(cls)"]
    for i, name in enumerate(names):
        owner = _slot_owner(cls, name)
        assert owner is not None
        space[f"_set{i}"] = owner.__dict__[name].__set__
        lines.append(f"    _set{i}(new, inst.{name})")
    lines.append("    return new")
    exec("\n".join(lines), space)  # the text is made of the class's own field names
    copy: Callable[[Any], Any] = space["copy"]
    return copy


def copy_spec(cls: type) -> CopySpec:
    """What copying a value of the attrs class ``cls`` with some fields changed needs (see the module)."""
    names = tuple(a.name for a in cls.__attrs_attrs__)  # type: ignore[attr-defined]
    copy = _copier(cls, names)
    setters: dict[str, Callable[[Any, Any], None]] = {}
    if copy is not None:
        for name in names:
            owner = _slot_owner(cls, name)
            assert owner is not None
            setters[name] = owner.__dict__[name].__set__
    getter = operator.attrgetter(*names) if len(names) != 1 else (lambda x, n=names[0]: (getattr(x, n),))
    return copy, setters, getter, {n: i for i, n in enumerate(names)}
