"""evolve's fast copies (values/_copies.py) make the same values as calling the class."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from calladventure import Game
from calladventure.values._copies import builder, replacer
from calladventure.values._runes import Face, Rune, RuneKind
from calladventure.values._state import GameState, Player, Turn, Window, WindowKind, evolve


def _state() -> GameState:
    game = Game.new(seed=3, players=3, record_events=False)
    chooser = random.Random(3)
    for _ in range(60):
        game.push(chooser.choice(game.legal_list()))
    return game.state


def test_copies_equal_attrs_evolve() -> None:
    state = _state()
    for changes in ({}, {"rng": 7}, {"pending": (), "attempt": None}, {"closed_by": 1, "removed": ("x",)}):
        mine, theirs = evolve(state, **changes), attrs.evolve(state, **changes)
        assert type(mine) is GameState and mine is not state
        assert mine == theirs and hash(mine) == hash(theirs)
        assert pickle.loads(pickle.dumps(mine)) == theirs
    player = state.players[1]
    assert evolve(player, xp=9, hand=()) == attrs.evolve(player, xp=9, hand=())
    assert evolve(Turn(seat=2), gained=True) == Turn(seat=2, gained=True)
    window = Window(WindowKind.ANY, (1, 2))
    assert evolve(window, order=(2,), closing=True) == Window(WindowKind.ANY, (2,), (), True)


def test_frozen_and_unknown_fields() -> None:
    state = evolve(_state(), rng=5)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.rng = 6  # type: ignore[misc]
    with pytest.raises(TypeError, match="no field"):
        evolve(state, no_such_field=1)
    with pytest.raises(TypeError, match="no field"):
        evolve(Player(seat=0), no_such_field=1)


def test_classes_with_a_cached_hash_are_copied_by_their_init() -> None:
    rune = Rune("r", RuneKind.CORE, (Face("blank"), Face("hit", successes=1)))
    copy = evolve(rune, faces=rune.faces)
    assert copy == rune and hash(copy) == hash(rune)
    face = rune.faces[0]
    assert evolve(face) == face and hash(evolve(face)) == hash(face)


@attrs.frozen(init=False)
class _Doubled:
    x: int

    def __init__(self, x: int) -> None:
        object.__setattr__(self, "x", 2 * x)


def test_a_class_with_its_own_init_is_copied_by_calling_it() -> None:
    assert evolve(_Doubled(1), x=3).x == 6


def test_replacers_make_the_values_evolve_makes() -> None:
    state = _state()
    with_rng = replacer(GameState, "rng")
    both = replacer(GameState, "pending", "attempt")
    assert with_rng(state, 7) == evolve(state, rng=7) and type(with_rng(state, 7)) is GameState
    mine, theirs = both(state, (), None), attrs.evolve(state, pending=(), attempt=None)
    assert mine == theirs and hash(mine) == hash(theirs)
    assert pickle.loads(pickle.dumps(mine)) == theirs
    assert replacer(Turn, "seat", "number")(Turn(seat=0), 2, 5) == Turn(seat=2, number=5)
    rune = Rune("r", RuneKind.CORE, (Face("blank"), Face("hit", successes=1)))
    copy = replacer(Rune, "faces")(rune, rune.faces)
    assert copy == rune and hash(copy) == hash(rune)
    assert replacer(_Doubled, "x")(_Doubled(1), 3).x == 6
    for bad in ((), ("rng", "rng"), ("no_such_field",)):
        with pytest.raises(TypeError, match="distinct fields"):
            replacer(GameState, *bad)


@attrs.frozen
class _Named:
    cls: str
    new: int


def test_builders_make_the_values_the_class_makes_and_leave_clashing_names_to_the_class() -> None:
    player = _state().players[0]
    fields = [getattr(player, a.name) for a in attrs.fields(Player)]
    built = builder(Player)(*fields)
    assert builder(Player) is not Player and type(built) is Player
    assert built == player and hash(built) == hash(player)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.xp = 3  # type: ignore[misc]
    assert builder(_Named) is _Named  # its fields would shadow the generated function's own names
    assert builder(_Named)("a", 1) == _Named("a", 1)
