"""000 · Glossary (Adversary, Adversary Quest, Co-op, Radiant), 000 · Solo/Co-op versus Competitive
Play and INDEX · Stormlight co-op, against the bundled Stormlight-style data."""

from __future__ import annotations

import pytest
from coop_kit import coop_game, table_position

from calladventure.expansions.odium import ODIUM_REVEAL, AdversaryTokens, CoopResult, odium_of, quests_for
from calladventure.game import Game
from calladventure.values._cards import CardType, Side
from calladventure.values._icons import Icon

DONE = [
    ["Brave", "Wise", "Filler 1-0"],
    ["Filler 2-0", "Filler 2-1", "Filler 2-2"],
    ["Filler 3-0", "Filler 3-1", "Filler 3-2"],
]


def test_000_glossary_adversary_odium_is_a_challenge_with_one_radiant_path() -> None:
    game = Game.new(players=2, seed=1, sets=("stormlight",), mode="coop")
    odium = game.card("Odium")
    assert odium.sides == (Side.TOP,) and odium.difficulty == 9
    assert Icon.RADIANT in odium.path(Side.TOP).icons  # "attempting to defeat Odium is a Radiant path"
    competitive = Game.new(players=2, seed=1, sets=("stormlight",))
    assert odium.id in competitive.state.removed


def test_000_glossary_adversary_quest_four_quests_each_gain_and_lose() -> None:
    """Each quest has "a way for Odium to gain more Experience tokens, and a way to make Odium lose tokens"."""
    ctx = Game.new(players=2, seed=1, sets=("stormlight",)).ctx
    quests = quests_for(ctx, "stormlight/odium")
    assert len(quests) == 4 and all(q.type is CardType.QUEST for q in quests)
    for quest in quests:
        amounts = [e.amount for p in quest.powers for e in p.effects if isinstance(e, AdversaryTokens)]
        assert any(a > 0 for a in amounts) and any(a < 0 for a in amounts), quest.name
        assert quest.text


def test_000_glossary_co_op_the_heroes_win_or_lose_together() -> None:
    game = Game.new(players=3, seed=2, sets=("stormlight",), mode="coop")
    assert odium_of(game.state) is not None and odium_of(game.state).tokens == 15


def test_000_glossary_radiant_icons_add_to_the_destiny_score() -> None:
    game = table_position(1).hero(0, origin="Squire", story=[["Oathbound", "Twice Sworn"]]).game()
    line = next(line for line in game.score()[0].lines if line.label.startswith("Story icon sets"))
    assert line.points == 4 and "3 radiant" in line.label


def test_000_solo_co_op_versus_competitive_play_every_hero_faces_him_whatever_his_tokens() -> None:
    """ "Regardless of how many tokens Odium has, the game ends with each player facing his challenge"."""
    pos = (
        table_position(2)
        .hero(0, origin="Squire", story=DONE)
        .hero(1, origin="Scribe")
        .reveal(2, 3)
        .turn(1)
        .ending(0, ())
    )
    game = coop_game(pos, quest="Radiants United", tokens=50)
    game.end_turn()
    while not game.over:
        game.push(game.legal_actions[0])
        game.resolve()
        if game.legal_actions and str(game.legal_actions[-1]) == "end":
            game.end_turn()
    od = odium_of(game.state)
    assert od is not None and [r.seat for r in od.faced] == [0, 1]
    assert not game.outcome().result(CoopResult).heroes_win  # type: ignore[union-attr]


@pytest.mark.parametrize("players", [1, 4])
def test_index_stormlight_co_op_five_tokens_per_player_by_default(players: int) -> None:
    """INDEX · Stormlight co-op: the rules video's 5 per player (5 solo … 20 for four), 000's own examples."""
    game = Game.new(players=players, seed=1, sets=("stormlight",), mode="solo" if players == 1 else "coop")
    assert odium_of(game.state) is not None and odium_of(game.state).tokens == 5 * players
    assert game.config.rules.option(ODIUM_REVEAL).value == "dark_triangle"  # the video's reading is an option
