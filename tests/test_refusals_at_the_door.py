"""Bad input refused where it comes in, with a typed error that says what to do instead."""

from __future__ import annotations

import random

import pytest

from calladventure import Game
from calladventure.values._illegal import GameSetupError


def test_deal_the_cards_from_state_refuses_a_seats_view() -> None:
    """000 · Deal the Cards: a seat's view hides cards (``?hero``); it is no position to play from."""
    game = Game.new(players=2, seed=5)
    view = game.view(0)
    with pytest.raises(GameSetupError, match=r"a seat's view .*'\?\w+'.*not a full state.*sample_state"):
        Game.from_state(view.state)
    full = view.sample_state(random.Random(1))
    assert Game.from_state(full).state == full  # what the message offers works
    with pytest.raises(TypeError, match="takes a GameState"):
        Game.from_state(game.save())  # type: ignore[arg-type]


@pytest.mark.parametrize(("word", "value"), [("adversary", "Odium"), ("quest", "Stop the Desolation")])
def test_facing_odium_a_competitive_game_refuses_an_adversary_or_quest(word: str, value: str) -> None:
    """000 · Facing Odium: an Adversary and its Quest are faced in a co-op or solo game only."""
    with pytest.raises(GameSetupError, match=rf"{word}='{value}' is for a co-op or solo game.*mode='coop'"):
        Game.new(players=2, seed=1, sets=("stormlight",), **{word: value})
    assert Game.new(players=2, seed=1, sets=("stormlight",), mode="coop", adversary="Odium").config.adversary
