"""Bad arguments to the fluent API are typed errors naming the value and the choices, and change nothing.

Each case is a defect a newcomer hit: ``Game.new(seed="x")`` raised an empty
``MemoryError``, ``seed=1.5`` a bare ``TypeError``, ``players=5`` "illegal action setup";
``game.odds(action)`` with an action from ``legal_actions`` an ``AttributeError``; ``dark_runes=9``
answered 100%; a bad path did not list the paths; a save without ``actions`` was called a digest
mismatch.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from calladventure import Game
from calladventure.values._actions import AttemptChallenge
from calladventure.values._errors import CallAdventureError, SaveFormatError
from calladventure.values._illegal import IllegalActionError
from calladventure.values._rng import SeedError, check_seed, seed_state


def _in_play(seed: int = 1) -> Game:
    game = Game.new(players=2, seed=seed)
    while game.state.phase.value == "setup":
        game.push(game.legal_actions[0])
    return game


@pytest.mark.parametrize(
    ("kwargs", "needles"),
    [
        ({"seed": "x"}, ("'x'", "whole number")),
        ({"seed": 1.5}, ("1.5", "whole number")),
        ({"seed": True}, ("True", "whole number")),
        ({"players": 5}, ("5", "1, 2, 3 or 4")),
        ({"players": 0}, ("0", "1, 2, 3 or 4")),
        ({"players": "2"}, ("'2'", "1, 2, 3 or 4")),
        ({"sets": []}, ("empty", "core")),
        ({"sets": "core"}, ("'core'", "list")),
        ({"sets": ["nope"]}, ("'nope'", "core, notw, stormlight")),
        ({"mode": "foo"}, ("'foo'", "competitive, coop, solo")),
    ],
)
def test_new_game_refuses_bad_arguments_naming_the_value_and_the_choices(
    kwargs: dict[str, Any], needles: tuple[str, ...]
) -> None:
    args: dict[str, Any] = {"players": 2, "seed": 1, **kwargs}
    with pytest.raises(CallAdventureError) as info:
        Game.new(**args)
    message = str(info.value)
    assert message and all(n in message for n in needles), message
    assert isinstance(info.value, ValueError)


def test_seed_state_takes_whole_numbers_only() -> None:
    assert seed_state(7) == seed_state(7) != seed_state(8)
    assert check_seed(-3) == -3 and check_seed(2**80) == 2**80
    for bad in ("x", 1.5, True, None):
        with pytest.raises(SeedError, match="whole number"):
            seed_state(bad)  # type: ignore[arg-type]


def test_odds_accepts_an_attempt_taken_from_legal_actions() -> None:
    game = _in_play()
    attempts = [a for a in game.legal_actions if isinstance(a, AttemptChallenge)]
    for action in attempts[:4]:
        expected = game.odds(action.card, action.side.value, action.dark)
        assert game.odds(action).p_success == expected.p_success


def test_odds_refuses_another_action_in_its_words() -> None:
    game = _in_play()
    other = next(a for a in game.legal_actions if not isinstance(a, AttemptChallenge))
    with pytest.raises(IllegalActionError, match="is not an attempt"):
        game.odds(other)


def test_000_dark_runes_odds_refuse_more_dark_runes_than_the_hero_may_buy() -> None:
    game = _in_play()
    card = next(a.card for a in game.legal_actions if isinstance(a, AttemptChallenge))
    before = game.save()
    xp = game.state.players[0].xp
    with pytest.raises(IllegalActionError, match=r"dark_runes=9: at most 3") as info:
        game.odds(card, "top", dark_runes=9)
    assert f"{xp} Experience" in str(info.value) and info.value.section == "000/dark-runes"
    with pytest.raises(IllegalActionError, match="cannot be negative"):
        game.odds(card, "top", dark_runes=-1)
    with pytest.raises(IllegalActionError, match="whole number"):
        game.odds(card, "top", dark_runes=1.5)  # type: ignore[arg-type]
    assert game.save() == before


def test_000_dark_runes_odds_limit_follows_the_heros_experience() -> None:
    from calladventure.play.position import Position

    game = Position(players=2, seed=1).hero(0, xp=1).row(1, ["Wild Boar Hunt"]).game()
    assert game.odds("Wild Boar Hunt", "top", dark_runes=1).runes > game.odds("Wild Boar Hunt", "top").runes
    with pytest.raises(IllegalActionError, match=r"at most 1 now .* has 1 Experience"):
        game.odds("Wild Boar Hunt", "top", dark_runes=2)


def test_odds_with_a_bad_path_lists_the_cards_paths() -> None:
    game = _in_play()
    card = next(a.card for a in game.legal_actions if isinstance(a, AttemptChallenge))
    with pytest.raises(IllegalActionError) as info:
        game.odds(card, "middle")
    message = str(info.value)
    assert "'middle'" in message and "'top'" in message and "'bottom'" in message


def test_undo_refuses_a_negative_count_or_a_bool() -> None:
    game = _in_play()
    before = game.save()
    for bad in (-1, 0, True, 1.0):
        with pytest.raises(IllegalActionError, match="at least 1"):
            game.undo(bad)  # type: ignore[arg-type]
    assert game.save() == before


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"config": None}, "'config'"),
        ({"config": 5}, "'config'"),
        ({"actions": None}, "'actions'"),
        ({"actions": "keep x"}, "'actions'"),
        ({"actions": [1, 2]}, "'actions[0]'"),  # the first wrong item, named
        ({"digest": 5}, "'digest'"),
        ({"format": "other/1"}, "not a calladventure save"),
    ],
)
def test_a_save_missing_or_mistyping_a_field_is_refused_naming_it(
    change: dict[str, Any], needle: str
) -> None:
    doc = json.loads(_in_play().save())
    for key, value in change.items():
        if value is None:
            del doc[key]
        else:
            doc[key] = value
    with pytest.raises(SaveFormatError) as info:
        Game.loads(json.dumps(doc))
    assert needle in str(info.value)
    assert "digest" not in str(info.value) or needle == "'digest'"
