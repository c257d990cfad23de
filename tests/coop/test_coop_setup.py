"""000 · Facing Odium: Solo and Co-op Play (Set Up), 000 · Odium's Deck, 000 · Glossary: Solo,
000 · FAQs: Competitive, Co-op and Solo play — with the bundled Stormlight-style set."""

from __future__ import annotations

from collections import Counter

import pytest

from calladventure.expansions.odium import ODIUM_DECK_NAMES, odium_of, the_odium
from calladventure.game import Game
from calladventure.values._cards import CardType
from calladventure.values._illegal import IllegalActionError
from calladventure.values._state import Mode

ODIUM_DECK = Counter(
    {
        "Broken Oath": 1,
        "Embrace the Thrill": 1,
        "Ravages of War": 1,
        "The Everstorm": 2,
        "Unmade Influence": 1,
    }
)


def names(game: Game, ids: tuple[str, ...] | list[str]) -> Counter[str]:
    return Counter(game.ctx.db[c].name for c in ids)


def test_000_facing_odium_setup_odium_the_quest_and_his_deck_of_six_antihero_cards() -> None:
    """Set up: Odium on the table, one Adversary Quest face up, the Odium-icon Antihero cards set aside."""
    game = Game.new(players=2, seed=3, sets=("stormlight",), mode="coop")
    od = odium_of(game.state)
    assert od is not None
    assert game.ctx.db[od.adversary].name == "Odium"
    assert (
        game.ctx.db[od.quest or ""].name == "Radiants United"
    )  # 000 · The Adversary Quests: the first quest
    assert names(game, od.deck) == ODIUM_DECK  # 000 · Odium's Deck
    assert set(ODIUM_DECK) == set(ODIUM_DECK_NAMES)
    elsewhere = [*game.state.antihero_deck, *game.state.antihero_discard, *game.state.removed]
    elsewhere += [c for p in game.state.players for c in p.hand]
    assert not set(od.deck) & set(elsewhere)
    assert od.adversary not in game.state.removed and od.quest not in game.state.removed
    other_quests = [
        c.id
        for c in game.ctx.db.values()
        if c.type is CardType.QUEST and c.id not in (od.adversary, od.quest)
    ]
    assert len(other_quests) == 3 and set(other_quests) <= set(game.state.removed)
    assert any(e.section == "000/facing-odium-solo-and-co-op-play" for e in game.events)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_000_facing_odium_setup_odiums_power_per_player(players: int) -> None:
    """Set Odium's Power: 5 per hero by default (000's examples); ``two_per_player`` follows its sentence."""
    mode = "solo" if players == 1 else "coop"
    five = Game.new(players=players, seed=1, sets=("stormlight",), mode=mode)
    two = Game.new(players=players, seed=1, sets=("stormlight",), mode=mode, odium_tokens="two_per_player")
    assert odium_of(five.state) is not None and odium_of(five.state).tokens == 5 * players
    assert odium_of(two.state) is not None and odium_of(two.state).tokens == 2 * players


def test_000_odiums_deck_is_shuffled_with_the_games_seed() -> None:
    decks = {
        the_odium(Game.new(players=1, seed=s, sets=("stormlight",), mode="solo").state).deck for s in range(6)
    }
    assert len(decks) > 1
    a = Game.new(players=1, seed=4, sets=("stormlight",), mode="solo").state
    b = Game.new(players=1, seed=4, sets=("stormlight",), mode="solo").state
    assert a == b


def test_000_faqs_competitive_co_op_and_solo_play_a_competitive_game_has_no_odium() -> None:
    """Competitive play follows the rules through Ending the Game: no Odium, his cards are ordinary Antihero cards, no Stoneward."""
    game = Game.new(players=4, seed=2, sets=("stormlight",))
    state = game.state
    assert odium_of(state) is None and state.config.mode is Mode.COMPETITIVE
    odium_tagged = [c.id for c in game.ctx.db.values() if "odium" in c.tags]
    assert len(odium_tagged) == 6 and set(odium_tagged) <= set(state.antihero_deck)
    quests = {c.id for c in game.ctx.db.values() if c.type is CardType.QUEST}
    assert len(quests) == 5 and quests <= set(state.removed)
    stoneward = game.card("Stoneward").id
    assert stoneward in state.removed
    assert all(stoneward not in p.dealt for p in state.players)


def dealt_destinies(game: Game) -> set[str]:
    return {
        game.ctx.db[c].name
        for p in game.state.players
        for c in p.dealt
        if game.ctx.db[c].type is CardType.DESTINY
    }


def test_000_faqs_competitive_co_op_and_solo_play_no_stoneward_or_bondsmith_in_solo() -> None:
    """ "Do not use Bondsmith or Stoneward in a Solo game" (000 · Glossary: Solo: "you may choose not to")."""
    solo, kept = set(), set()
    for seed in range(16):
        solo |= dealt_destinies(Game.new(players=1, seed=seed, sets=("stormlight",), mode="solo"))
        kept |= dealt_destinies(
            Game.new(players=1, seed=seed, sets=("stormlight",), mode="solo", mode_exclusions=False)
        )
    assert not {"Stoneward", "Bondsmith"} & solo
    assert {"Stoneward", "Bondsmith"} & kept  # the option keeps them in the deal


def test_000_faqs_competitive_co_op_and_solo_play_co_op_uses_every_destiny_competitive_no_stoneward() -> None:
    coop, competitive = set(), set()
    for seed in range(6):
        coop |= dealt_destinies(Game.new(players=4, seed=seed, sets=("stormlight",), mode="coop"))
        competitive |= dealt_destinies(Game.new(players=4, seed=seed, sets=("stormlight",)))
    assert {"Stoneward", "Bondsmith"} <= coop
    assert "Stoneward" not in competitive and "Bondsmith" in competitive


def test_000_glossary_solo_only_two_quests_are_compatible_with_solo_play() -> None:
    """ "Of the four Adversary Quests, Radiants Unite and The True Desolation are compatible with Solo play"."""
    for quest in ("Radiants United", "The True Desolation"):
        game = Game.new(players=1, seed=1, sets=("stormlight",), mode="solo", quest=quest)
        assert (
            odium_of(game.state) is not None and game.ctx.db[odium_of(game.state).quest or ""].name == quest
        )
    for quest in ("Contest of Champions", "Oaths in the Storm"):
        with pytest.raises(IllegalActionError, match="not compatible with Solo play"):
            Game.new(players=1, seed=1, sets=("stormlight",), mode="solo", quest=quest)
        Game.new(players=2, seed=1, sets=("stormlight",), mode="coop", quest=quest)


def test_000_glossary_solo_and_co_op_player_counts() -> None:
    with pytest.raises(IllegalActionError, match="one hero"):
        Game.new(players=2, seed=1, sets=("stormlight",), mode="solo")
    with pytest.raises(IllegalActionError, match="mode='solo'"):
        Game.new(players=1, seed=1, sets=("stormlight",), mode="coop")
    with pytest.raises(ValueError):
        Game.new(players=2, seed=1, sets=("stormlight",), mode="versus")


def test_000_the_adversary_quests_a_quest_belongs_to_its_adversary() -> None:
    with pytest.raises(IllegalActionError, match="not an Adversary Quest"):
        Game.new(players=2, seed=1, sets=("stormlight",), mode="coop", quest="Odium")
    with pytest.raises(IllegalActionError, match="not a quest of"):
        Game.new(
            players=2,
            seed=1,
            sets=("stormlight", "core"),
            mode="coop",
            quest="The Pale Court",
            adversary="Odium",
        )


def test_000_facing_odium_setup_saves_and_loads_mid_game() -> None:
    game = Game.new(players=2, seed=5, sets=("stormlight",), mode="coop", quest="The True Desolation")
    while game.state.phase.value == "setup":
        game.push(game.legal_actions[0])
    for _ in range(30):
        if game.over:
            break
        game.push(game.legal_actions[-1] if game.is_chance else game.legal_actions[0])
    again = Game.loads(game.save())
    assert again.state == game.state and odium_of(again.state) == odium_of(game.state)
    assert again.config.mode is Mode.COOP and again.config.quest == "stormlight/the-true-desolation"


def test_000_facing_odium_set_up_takes_the_adversary_from_a_table_slot() -> None:
    """000 · Facing Odium: Solo and Co-op Play — the Adversary goes beside the table even when a
    built position dealt it into a row; its slot is refilled from the Act deck."""
    from calladventure import Position
    from calladventure.expansions.odium import adversaries, coop_position
    from calladventure.game._library import DEFAULT, context_for

    state = Position(players=2, seed=3).build()
    target = adversaries(context_for(state.config))[0].id
    state = Position(players=2, seed=3).row(2, [target], revealed=False).build()
    assert state.rows[1].slots[0] is not None and state.rows[1].slots[0].card == target
    co = coop_position(state, DEFAULT, mode="coop", adversary=target)
    assert odium_of(co) is not None and odium_of(co).adversary == target
    cards = [s.card for row in co.rows for s in row.slots if s is not None]
    assert target not in cards and co.rows[1].slots[0] is not None
