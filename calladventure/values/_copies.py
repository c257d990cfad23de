"""Every fast copy of the core's frozen values, in one private module (docs/design.md § Speed without shortcuts).

Every rule returns a new state made by copying the old one with a few fields changed (undo is
keeping the previous value: ``000 · Each Turn`` runs through hundreds of such copies a game).
attrs' ``evolve`` and a class's generated ``__init__`` set each field through a bound
``object.__setattr__`` (frozen classes forbid plain assignment). Here a copy starts as an
instance of a writable twin of the class (a subclass that adds no slots and allows stores),
takes each field by a plain store, and is then relabelled the class itself. The copy is the same
value ``cls(*fields)`` makes: same class, fields, equality, hashing and pickling.

The generator comes first: :func:`evolver` (behind :func:`calladventure.values._state.evolve`),
:func:`replacer` (a copy changing the named fields, taken as arguments) and :func:`builder` (a
value from every field in order). Only for slotted classes whose ``__init__`` does nothing but
set each field (no converter, validator, init hook or cached hash); any other class is copied by
calling it. Then come the copies the rules make on every push, each declared once and named by
what it makes (``player_with_hand(player, hand)``), grouped by class; a rule reached only now and
then (setup, a rare effect) copies with ``evolve``.

This module imports the state's classes and ``Event``, so no module it imports may need it while
loading: ``evolve`` takes the generator at its first copy of a class, and actions read from their
notation and pickled values are made by calling their classes.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

from ._events import Event
from ._state import (
    ActiveEffect,
    Attempt,
    AwaitCast,
    ChooseDraw,
    GameState,
    Player,
    Row,
    Slot,
    Tucked,
    Turn,
    Window,
)

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


# ---- GameState ----------------------------------------------------------------------------------

#: A copy of ``state`` with its attempt changed.
state_with_attempt = replacer(GameState, "attempt")
#: A copy of ``state`` with its lasting effects changed.
state_with_effects = replacer(GameState, "effects")
#: A copy of ``state`` with its lasting effects and its expansions' part changed.
state_with_effects_ext = replacer(GameState, "effects", "ext")
#: A copy of ``state`` with its expansions' part changed.
state_with_ext = replacer(GameState, "ext")
#: A copy of ``state`` with the decisions waiting changed.
state_with_pending = replacer(GameState, "pending")
#: A copy of ``state`` with its heroes changed.
state_with_players = replacer(GameState, "players")
#: A copy of ``state`` with its heroes and the decisions waiting changed.
state_with_players_pending = replacer(GameState, "players", "pending")
#: A copy of ``state`` with its heroes and rows changed.
state_with_players_rows = replacer(GameState, "players", "rows")
#: A copy of ``state`` with the random generator's state changed.
state_with_rng = replacer(GameState, "rng")
#: A copy of ``state`` with the random generator's state and the decisions waiting changed.
state_with_rng_pending = replacer(GameState, "rng", "pending")
#: A copy of ``state`` with the random generator's state, the attempt and the decisions waiting changed.
state_with_rng_attempt_pending = replacer(GameState, "rng", "attempt", "pending")
#: ``state_with_rng_attempt_pending`` with the heroes changed too.
state_with_rng_attempt_pending_players = replacer(GameState, "rng", "attempt", "pending", "players")
#: A copy of ``state`` with its rows changed.
state_with_rows = replacer(GameState, "rows")
#: A copy of ``state`` with its rows and the decisions waiting changed.
state_with_rows_pending = replacer(GameState, "rows", "pending")
#: A copy of ``state`` with its rows, heroes and turn changed.
state_with_rows_players_turn = replacer(GameState, "rows", "players", "turn")
#: A copy of ``state`` with its turn changed.
state_with_turn = replacer(GameState, "turn")
#: A copy of ``state`` with its turn and lasting effects changed (a turn begins).
state_with_turn_effects = replacer(GameState, "turn", "effects")
#: A copy of ``state`` as an attempt begins: heroes, attempt, turn and the decisions waiting changed.
state_starting_attempt = replacer(GameState, "players", "attempt", "turn", "pending")
#: A copy of ``state`` as an attempt ends: attempt, lasting effects, turn and the decisions waiting changed.
state_ending_attempt = replacer(GameState, "attempt", "effects", "turn", "pending")

# ---- Player -------------------------------------------------------------------------------------

#: A copy of ``player`` with its allies changed.
player_with_allies = replacer(Player, "allies")
#: A copy of ``player`` with its hand changed.
player_with_hand = replacer(Player, "hand")
#: A copy of ``player`` with its place on the Virtue–Corruption track changed.
player_with_level = replacer(Player, "level")
#: A copy of ``player`` with its Story changed.
player_with_story = replacer(Player, "story")
#: A copy of ``player`` with its Experience changed.
player_with_xp = replacer(Player, "xp")
#: ``new_tucked(card, side)``: a card tucked into a Story, made as a copy is.
new_tucked: Callable[..., Tucked] = builder(Tucked)

# ---- Row and Slot -------------------------------------------------------------------------------

#: A copy of ``row`` with its deck and discard pile changed.
row_with_deck_discard = replacer(Row, "deck", "discard")
#: A copy of ``row`` with its deck and slots changed.
row_with_deck_slots = replacer(Row, "deck", "slots")
#: A copy of ``row`` with its discard pile changed.
row_with_discard = replacer(Row, "discard")
#: A copy of ``row`` with its slots changed.
row_with_slots = replacer(Row, "slots")
#: A copy of ``row`` with its slots and discard pile changed.
row_with_slots_discard = replacer(Row, "slots", "discard")
#: ``new_slot(card, ally)``: a slot of a row, made as a copy is (a refill makes one every push or two).
new_slot: Callable[..., Slot] = builder(Slot)

# ---- Turn ---------------------------------------------------------------------------------------

#: A copy of ``turn`` with what was attempted and the Dark runes bought changed.
turn_with_attempted_dark_bought = replacer(Turn, "attempted", "dark_bought")
#: A copy of ``turn`` with what failed changed.
turn_with_failed = replacer(Turn, "failed")
#: A copy of ``turn`` with the free discard changed.
turn_with_free_discard = replacer(Turn, "free_discard")
#: A copy of ``turn`` with what was gained changed.
turn_with_gained = replacer(Turn, "gained")
#: A copy of ``turn`` with the journey changed.
turn_with_journeyed = replacer(Turn, "journeyed")
#: A copy of ``turn`` with its seat and number changed (a new turn).
turn_with_seat_number = replacer(Turn, "seat", "number")
#: A copy of ``turn`` with the powers used changed.
turn_with_used_powers = replacer(Turn, "used_powers")

# ---- Attempt ------------------------------------------------------------------------------------

#: A copy of ``attempt`` with its cast changed.
attempt_with_cast = replacer(Attempt, "cast")
#: A copy of ``attempt`` once a cast is made: cast, casts, re-attempt, Dark recast and Moon levels changed.
attempt_after_cast = replacer(Attempt, "cast", "casts", "reattempt", "dark_recast", "moon_levels")
#: A copy of the blank ``attempt`` as declared: seat, card, act, slot, side and Dark runes bought.
attempt_declared = replacer(Attempt, "seat", "card", "act", "slot", "side", "dark_bought")
#: A copy of the blank ``attempt`` placed at a challenge: seat, card, act, slot and side.
attempt_placed = replacer(Attempt, "seat", "card", "act", "slot", "side")
#: A copy of ``attempt`` with its Moon levels changed.
attempt_with_moon_levels = replacer(Attempt, "moon_levels")

# ---- Window -------------------------------------------------------------------------------------

#: A copy of ``window`` with its order changed.
window_with_order = replacer(Window, "order")
#: A copy of ``window`` with its order and stack changed.
window_with_order_stack = replacer(Window, "order", "stack")
#: A copy of ``window`` with its stack and closing changed.
window_with_stack_closing = replacer(Window, "stack", "closing")

# ---- Event --------------------------------------------------------------------------------------

#: ``new_event(step, section, text, seat, secret, who)``, made as a copy is (only when the log is recorded).
new_event: Callable[[int, str, str, int | None, str, str], Event] = builder(Event)

# ---- Lasting effects and pending decisions ------------------------------------------------------

#: A copy of ``active`` with its waiting changed.
active_with_waiting = replacer(ActiveEffect, "waiting")
#: ``new_active_effect(effect, source, owner, target, duration, waiting)``, made as a copy is.
new_active_effect: Callable[..., ActiveEffect] = builder(ActiveEffect)
#: ``new_await_cast(seat, source, detail)``, made as a copy is.
new_await_cast: Callable[..., AwaitCast] = builder(AwaitCast)
#: ``new_choose_draw(seat, count, closes_cast)``, made as a copy is.
new_choose_draw: Callable[..., ChooseDraw] = builder(ChooseDraw)
