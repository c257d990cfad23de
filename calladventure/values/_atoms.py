"""The registry of effect atoms: each atom's ``kind`` tag, class, box and number ranges, declared once.

An effect atom is a frozen attrs subclass of :class:`Effect` registered by :func:`atom`. What
card files and saves need of it (the tag tables, the range of each whole-number field) is read
from this registry; so is the save schema (``data/_save_schema.py``). The core's atoms are
declared in :mod:`.effects`, a box's in the box's own module; what each does is declared once in
the rules layer (``rules.atom_rules.atom_rule``). Like hooks, registering is process-wide and
done only by code: a data file can only name a registered tag
(docs/design.md § Process-wide state).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TypeVar

import attrs

from ._errors import AtomError
from ._pickling import compact_pickle


class Effect:
    """An effect atom of the card vocabulary: the base class of every atom.

    Each atom is declared once: its value here (or in its box's module), a frozen attrs subclass
    registered by :func:`atom` with its ``kind`` tag, the range of each whole-number field and
    the box it belongs to; its behaviour once in the rules layer
    (:func:`calladventure.rules._atom_rules.atom_rule`: what it does, its words, what bots make of it).
    """

    __slots__ = ()


@attrs.frozen
class AtomSpec:
    """An effect atom as card files and saves know it: its tag, class, box (empty: the core) and number ranges."""

    tag: str
    cls: type[Effect]
    box: str = ""
    bounds: Mapping[str, tuple[int, int]] = attrs.Factory(dict)


#: Every registered effect atom by tag: the core's (below), then each box's as its module is imported.
ATOMS: dict[str, AtomSpec] = {}
#: The ``kind`` tag of each effect atom in card files and saves → its class (kept with :data:`ATOMS`).
EFFECT_KINDS: dict[str, type[Effect]] = {}
#: Each effect atom's class → its ``kind`` tag.
EFFECT_TAGS: dict[type[Effect], str] = {}
#: The range (lowest, highest) of each whole-number field of an atom, by (class, field name).
ATOM_BOUNDS: dict[tuple[type, str], tuple[int, int]] = {}

_TAG = re.compile(r"[a-z][a-z0-9_]{0,39}")
_A = TypeVar("_A", bound=Effect)


def _atom_problem(tag: str, cls: type, bounds: Mapping[str, tuple[int, int]]) -> str | None:
    """What is wrong with registering ``cls`` as the atom ``tag``, or None."""
    if not isinstance(tag, str) or not _TAG.fullmatch(tag):
        return f"an effect atom's tag is a lowercase word of letters, digits and _, not {tag!r}"
    if tag in EFFECT_KINDS:
        spec = ATOMS[tag]
        owner = f"the box {spec.box!r}" if spec.box else "the core"
        return f"the effect atom {tag!r} is already registered ({spec.cls.__qualname__}, of {owner})"
    if cls in EFFECT_TAGS:
        return f"{cls.__qualname__} is already registered as the effect atom {EFFECT_TAGS[cls]!r}"
    if not (isinstance(cls, type) and issubclass(cls, Effect) and attrs.has(cls)):
        return f"the effect atom {tag!r} must be a frozen attrs subclass of Effect, not {cls!r}"
    names = {f.name: f for f in attrs.fields(cls)}
    for name, (lo, hi) in bounds.items():
        if name not in names:
            return f"the effect atom {tag!r} has no field {name!r} to bound"
        if lo > hi:
            return f"the effect atom {tag!r}: the range {lo} … {hi} of {name!r} is empty"
    return None


def atom(
    tag: str, *, box: str = "", bounds: Mapping[str, tuple[int, int]] | None = None
) -> Callable[[type[_A]], type[_A]]:
    """Register a frozen attrs subclass of :class:`Effect` as the effect atom ``tag`` (a class decorator).

    ``box``: the id of the box the atom belongs to (empty: the core's own vocabulary);
    ``bounds``: the range of each whole-number field a card file may write. A tag or a class
    already registered is refused (:class:`~calladventure.values._errors.AtomError`), so a box cannot
    replace the core's atoms or another box's. Registering is process-wide, like hooks: data
    files name atoms by tag, and only code registers them.
    """
    ranges = dict(bounds or {})

    def register(cls: type[_A]) -> type[_A]:
        problem = _atom_problem(tag, cls, ranges)
        if problem:
            raise AtomError(problem)
        compact_pickle(cls)  # the effects in play are part of a position (values/_pickling.py)
        ATOMS[tag] = AtomSpec(tag, cls, box, ranges)
        EFFECT_KINDS[tag] = cls
        EFFECT_TAGS[cls] = tag
        for name, rng in ranges.items():
            ATOM_BOUNDS[cls, name] = rng
        return cls

    return register


def unregister_atom(tag: str) -> None:
    """Take back the registration of the atom ``tag`` (a test that declares an atom for a while)."""
    spec = ATOMS.pop(tag, None)
    if spec is None:
        return
    del EFFECT_KINDS[tag], EFFECT_TAGS[spec.cls]
    for name in spec.bounds:
        del ATOM_BOUNDS[spec.cls, name]


__all__ = [
    "ATOMS",
    "ATOM_BOUNDS",
    "EFFECT_KINDS",
    "EFFECT_TAGS",
    "AtomSpec",
    "Effect",
    "atom",
    "unregister_atom",
]
