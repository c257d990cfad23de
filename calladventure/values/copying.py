"""Fast copies of frozen values: what :func:`calladventure.values.state.evolve` needs of each class.

Every rule returns a new state made by copying the old one with a few fields changed (undo is
keeping the previous value: ``000 · Each Turn`` runs through hundreds of such copies a game).
attrs' ``evolve`` and a class's generated ``__init__`` set each field through a bound
``object.__setattr__`` (frozen classes forbid plain assignment). :func:`evolver` gives a
class a generated copy function instead: ``object.__new__`` and one slot setter per field,
then the setters of the changed fields (issue 16). The copy is the same value
``cls(*fields)`` makes: same fields, equality, hashing and pickling.

Only for slotted classes whose ``__init__`` does nothing but set each field (no converter,
validator, init hook or cached hash); any other class is copied by calling it.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

__all__ = ["Evolver", "evolver"]

_new = object.__new__

#: ``evolver(value, changes)``: a copy of ``value`` with the fields in ``changes`` changed.
Evolver = Callable[[Any, dict[str, Any]], Any]
#: ``put(value, name, new)``: the real fields to change for a settable accessor ``name``.
Put = Callable[[Any, str, Any], dict[str, Any]]


def _slot_owner(cls: type, name: str) -> type | None:
    for k in cls.__mro__:
        if name in k.__dict__.get("__slots__", ()):
            return k
    return None


def _plain(cls: type, names: tuple[str, ...]) -> bool:
    """Whether ``cls(*fields)`` only sets each field (a slotted class, no converter, validator or hook)."""
    slots = {s for k in cls.__mro__ for s in k.__dict__.get("__slots__", ()) if s != "__weakref__"}
    fields = cls.__attrs_attrs__  # type: ignore[attr-defined]
    plain = all(a.init and a.converter is None and a.validator is None for a in fields)
    hooks = any(hasattr(cls, h) for h in ("__attrs_pre_init__", "__attrs_post_init__"))
    init = getattr(cls.__dict__.get("__init__"), "__code__", None)
    generated = init is not None and init.co_filename.startswith("<attrs generated")
    return plain and generated and not hooks and slots == set(names) and "__slots__" in cls.__dict__


def evolver(cls: type, put: Put) -> Evolver:
    """The copy-with-changes function of the attrs class ``cls`` (see the module); ``put`` for other names."""
    names = tuple(a.name for a in cls.__attrs_attrs__)  # type: ignore[attr-defined]
    if not _plain(cls, names):
        return _by_init(cls, names, put)
    setters: dict[str, Callable[[Any, Any], None]] = {}
    space: dict[str, Any] = {"_new": _new, "cls": cls, "setters": setters, "put": put}
    lines = ["def evolve(inst, changes):", "    new = _new(cls)"]
    for i, name in enumerate(names):
        owner = _slot_owner(cls, name)
        assert owner is not None
        setters[name] = space[f"_set{i}"] = owner.__dict__[name].__set__
        lines.append(f"    _set{i}(new, inst.{name})")
    lines += [
        "    for name, value in changes.items():",
        "        setter = setters.get(name)",
        "        if setter is not None:",
        "            setter(new, value)",
        "        else:",
        "            for real, value in put(inst, name, value).items():",
        "                setters[real](new, value)",
        "    return new",
    ]
    code = compile("\n".join(lines), f"<evolve {cls.__module__}.{cls.__qualname__}>", "exec")
    exec(code, space)  # the text is made of the class's own field names
    evolve: Evolver = space["evolve"]
    return evolve


def _by_init(cls: type, names: tuple[str, ...], put: Put) -> Evolver:
    """Copy by calling the class with every field, changed or not."""
    getter = operator.attrgetter(*names) if len(names) != 1 else (lambda x, n=names[0]: (getattr(x, n),))
    index = {n: i for i, n in enumerate(names)}

    def evolve(inst: Any, changes: dict[str, Any]) -> Any:
        values = list(getter(inst))
        for name, value in changes.items():
            try:
                values[index[name]] = value
            except KeyError:
                for real, new in put(inst, name, value).items():
                    values[index[real]] = new
        return cls(*values)

    return evolve
