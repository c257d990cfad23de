"""A card's paths (000 · Hero and Antihero Cards): asking a card with no path for one is a typed refusal."""

from __future__ import annotations

import pytest

from calladventure import CallAdventureError, Game


def test_000_hero_and_antihero_cards_a_card_with_no_path_refuses_path_with_a_typed_error() -> None:
    game = Game.new(players=2, seed=1, sets=("stormlight",))
    card = next(c for c in game.ctx.db.values() if not c.paths)  # a Hero or Antihero card
    with pytest.raises(CallAdventureError, match="has no path"):
        card.path("top")
