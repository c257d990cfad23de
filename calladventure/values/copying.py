"""Fast copies of frozen values: what :func:`calladventure.values.state.evolve` needs of each class.

Every rule returns a new state made by copying the old one with a few fields changed (undo is
keeping the previous value: ``000 · Each Turn`` runs through hundreds of such copies a game).
attrs' ``evolve`` and a class's generated ``__init__`` set each field through a bound
``object.__setattr__`` (frozen classes forbid plain assignment). :func:`evolver` gives a
class a generated copy function instead: the copy starts as an instance of a writable twin of
the class (a subclass that adds no slots and allows stores), takes each field by a plain store,
and is then relabelled the class itself (docs/design.md § Speed without shortcuts). The copy is
the same value ``cls(*fields)`` makes: same class, fields, equality, hashing and pickling.

Only for slotted classes whose ``__init__`` does nothing but set each field (no converter,
validator, init hook or cached hash); any other class is copied by calling it.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["Evolver", "builder", "evolver", "replacer", "writable"]

_T = TypeVar("_T")

_new = object.__new__

#: ``evolver(value, changes)``: a copy of ``value`` with the fields in ``changes`` changed.
Evolver = Callable[[Any, dict[str, Any]], Any]


def _plain(cls: type, names: tuple[str, ...]) -> bool:
    """Whether ``cls(*fields)`` only sets each field (a slotted class, no converter, validator or hook)."""
    slots = {s for k in cls.__mro__ for s in k.__dict__.get("__slots__", ()) if s != "__weakref__"}
    fields = cls.__attrs_attrs__  # type: ignore[attr-defined]
    plain = all(a.init and a.converter is None and a.validator is None for a in fields)
    hooks = any(hasattr(cls, h) for h in ("__attrs_pre_init__", "__attrs_post_init__"))
    init = getattr(cls.__dict__.get("__init__"), "__code__", None)
    generated = init is not None and init.co_filename.startswith("<attrs generated")
    return plain and generated and not hooks and slots == set(names) and "__slots__" in cls.__dict__


_TWINS: dict[type, type] = {}


def writable(cls: type) -> type[Any]:
    """The writable twin of a frozen slotted class, for building its values quickly.

    A subclass that adds no slots and stores attributes as any slotted object does: a value is
    made as a twin, its fields set by plain stores, then relabelled (``value.__class__ = cls``,
    which Python allows because the layout is the same). That takes about a third of the time
    of calling each slot's setter, the only other way to write to a frozen value. A twin never
    leaves the function that builds the value.
    """
    twin = _TWINS.get(cls)
    if twin is None:
        # Both methods, so the type's attribute store is the plain C one (which the interpreter specialises).
        body = {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
        twin = _TWINS[cls] = type(f"_Writable{cls.__name__}", (cls,), body)
    return twin


def evolver(cls: type) -> Evolver:
    """The copy-with-changes function of the attrs class ``cls`` (see the module); TypeError for a name not a field."""
    names = tuple(a.name for a in cls.__attrs_attrs__)  # type: ignore[attr-defined]
    if not all(name.isidentifier() for name in names):  # only such names go into the generated text
        raise TypeError(f"{cls.__name__} has a field that is not an identifier: {names!r}")
    if not _plain(cls, names):
        return _by_init(cls, names)
    twin = writable(cls)  # a copy is made as a twin, each field stored directly, then relabelled
    space: dict[str, Any] = {"_new": _new, "cls": cls, "twin": twin, "fields": frozenset(names)}
    lines = ["def evolve(inst, changes):", "    new = _new(twin)"]
    lines += [f"    new.{name} = inst.{name}" for name in names]
    lines += [
        "    for name, value in changes.items():",
        "        if name not in fields:",
        "            raise TypeError(f'{cls.__name__} has no field {name!r}')",
        "        setattr(new, name, value)",
        "    new.__class__ = cls",
        "    return new",
    ]
    evolve: Evolver = _compiled(cls, "evolve", lines, space)
    return evolve


#: The generated copy function's own names, which no changed field may take as a parameter.
_LOCALS = frozenset({"inst", "new", "cls", "twin", "_new"})


def replacer(cls: type[_T], *names: str) -> Callable[..., _T]:
    """A copy function of ``cls`` that changes the fields ``names``: ``replacer(C, "a", "b")(value, a, b)``.

    The same value as ``evolve(value, a=a, b=b)``, made without the keyword dictionary and the
    loop over it: each field is stored once, the changed ones from the arguments. For the few
    copies every push makes (a rule names the fields it changes once, when it is imported).
    """
    fields = tuple(a.name for a in cls.__attrs_attrs__)  # type: ignore[attr-defined]
    if not names or len(set(names)) != len(names) or not set(names) <= set(fields) - _LOCALS:
        raise TypeError(f"{cls.__name__} fields to change must be distinct fields, not {names!r}")
    if not all(name.isidentifier() for name in fields):  # only such names go into the generated text
        raise TypeError(f"{cls.__name__} has a field that is not an identifier: {fields!r}")
    changed = set(names)
    space: dict[str, Any] = {"_new": _new, "cls": cls}
    if _plain(cls, fields):
        space["twin"] = writable(cls)
        lines = [f"def replace(inst, {', '.join(names)}):", "    new = _new(twin)"]
        lines += [f"    new.{n} = {n}" if n in changed else f"    new.{n} = inst.{n}" for n in fields]
        lines += ["    new.__class__ = cls", "    return new"]
    else:
        values = ", ".join(n if n in changed else f"inst.{n}" for n in fields)
        lines = [f"def replace(inst, {', '.join(names)}):", f"    return cls({values})"]
    replace: Callable[..., _T] = _compiled(cls, "replace", lines, space)
    return replace


def builder(cls: type) -> Callable[..., Any]:
    """A function that makes a value of ``cls`` from every field in order, as ``cls(*fields)`` does.

    For a plain class (see the module) it makes the value as a writable twin and relabels it;
    for any other class it is the class itself.
    """
    names = tuple(a.name for a in cls.__attrs_attrs__)  # type: ignore[attr-defined]
    if (
        not names
        or _LOCALS & set(names)
        or not all(n.isidentifier() for n in names)
        or not _plain(cls, names)
    ):
        return cls
    space: dict[str, Any] = {"_new": _new, "cls": cls, "twin": writable(cls)}
    lines = [f"def build({', '.join(names)}):", "    new = _new(twin)"]
    lines += [f"    new.{name} = {name}" for name in names]
    lines += ["    new.__class__ = cls", "    return new"]
    build: Callable[..., Any] = _compiled(cls, "build", lines, space)
    return build


def _compiled(cls: type, name: str, lines: list[str], space: dict[str, Any]) -> Any:
    """The function ``name`` of ``cls`` defined by ``lines``, made of its field names (identifiers, checked)."""
    code = compile("\n".join(lines), f"<{name} {cls.__module__}.{cls.__qualname__}>", "exec")
    exec(code, space)  # the text is made of the class's own field names (checked by each caller)
    return space[name]


def _by_init(cls: type, names: tuple[str, ...]) -> Evolver:
    """Copy by calling the class with every field, changed or not."""
    getter = operator.attrgetter(*names) if len(names) != 1 else (lambda x, n=names[0]: (getattr(x, n),))
    index = {n: i for i, n in enumerate(names)}

    def evolve(inst: Any, changes: dict[str, Any]) -> Any:
        values = list(getter(inst))
        for name, value in changes.items():
            try:
                values[index[name]] = value
            except KeyError:
                raise TypeError(f"{cls.__name__} has no field {name!r}") from None
        return cls(*values)

    return evolve
