"""Positions pickle compactly and exactly (values/_pickling.py): simulation workers ship them."""

from __future__ import annotations

import copy
import pickle
import pickletools

import attrs
import pytest

from calladventure.game import Game
from calladventure.play.bots import RandomBot
from calladventure.values._actions import CastRunes
from calladventure.values._options import Rules
from calladventure.values._pickling import compact_pickle
from calladventure.values._state import Slot


def _mid_game(players: int, **options: object) -> Game:
    game = Game.new(players=players, seed=5, record_events=False, **options)  # type: ignore[arg-type]
    bots = [RandomBot(i) for i in range(players)]
    for _ in range(140):
        if game.over:
            break
        game.push(CastRunes() if game.is_chance else bots[game.to_move or 0].choose(game))
    return game


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4},
        {"players": 4, "sets": ("stormlight",), "mode": "coop"},
        {"players": 3, "sets": ("core", "notw")},
    ],
    ids=["core", "stormlight-coop", "notw"],
)
def test_a_mid_game_state_pickles_to_an_equal_state_without_field_dictionaries(
    options: dict[str, object],
) -> None:
    game = _mid_game(**options)  # type: ignore[arg-type]
    state = game.state
    data = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    back = pickle.loads(data)
    assert back == state
    ops = {op.name for op, _arg, _pos in pickletools.genops(data)}
    assert "BUILD" not in ops  # every value is (class, field values), none a dictionary of fields
    again = Game.from_state(back)
    assert again.legal_list() == Game.from_state(state).legal_list()  # the copy plays on the same


@attrs.frozen
class Wide(Slot):
    """A subclass of a compactly pickled value, defined by some other code."""

    note: str = ""


def test_compact_pickling_keeps_subclasses_and_refuses_keyword_only_fields() -> None:
    wide = Wide("core/x", None, "kept")
    assert pickle.loads(pickle.dumps(wide)) == wide  # not turned into a plain Slot
    rules = Rules().replace(icon_sets="cap_at_four")
    assert pickle.loads(pickle.dumps(rules)) == rules

    @attrs.frozen
    class Keyword:
        a: int = attrs.field(kw_only=True)

    with pytest.raises(TypeError, match="Keyword"):
        compact_pickle(Keyword)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_every_pickle_protocol_and_deepcopy_give_the_same_values_of_the_same_classes(protocol: int) -> None:
    """Values load through their classes' fast constructors (found by name), as exact equal values."""
    state = _mid_game(3).state
    for back in (pickle.loads(pickle.dumps(state, protocol=protocol)), copy.deepcopy(state)):
        assert back == state and hash(back) == hash(state)
        pairs = [(back, state), *zip(back.players, state.players, strict=True)]
        pairs += list(zip(back.rows, state.rows, strict=True))
        for got, want in pairs:
            assert type(got) is type(want)  # relabelled to the frozen class, never left a twin
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            back.players[0].xp = 99  # type: ignore[misc]
