"""000 · Play Example: Story Tableau, Gaining a Trait, Ending Act I, End of Game.

The cards are named as in the texts (``source`` is the section naming them); their numbers are test
fixtures chosen so each example's numbers come out.
"""

from __future__ import annotations

from rules_kit import (
    ally,
    antihero_card,
    assert_one_place,
    challenge,
    destiny,
    hero_card,
    make_set,
    motivation,
    origin,
    path,
    sections,
    trait,
)

from calladventure.expansions.odium import CoopResult
from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.rules._story import icon_counts
from calladventure.values._actions import GainTrait
from calladventure.values._cards import CardSet
from calladventure.values._effects import GainXP, IconsAtLeast
from calladventure.values._icons import Icon
from calladventure.values._state import ChooseCharacter, Phase

TABLEAU = "000/play-example-story-tableau"
NAMED = "000/traits-and-challenges"


def _adam_set() -> CardSet:
    return make_set(
        origin("Warrior", "dexterity", "constitution", source=TABLEAU),
        origin("Hunter", "wisdom", "dexterity"),
        motivation("Trained by a Master", "wisdom", source=TABLEAU),
        motivation("Thrill Seeker", "charisma"),
        destiny(
            "Edgedancer",
            "radiant",
            scoring=[IconsAtLeast({Icon.JUSTICE: 4}, 5)],
            source=TABLEAU,
        ),
        destiny("Wise Master"),
        # Act I
        trait("Officer", "strength", triumph=1, source=NAMED),
        trait("Lighteyes", "charisma", source=NAMED),
        challenge(
            "Face a Shardbearer", 2, ["strength", "dexterity"], top=path("justice", triumph=3), source=NAMED
        ),
        challenge("On the Run", 2, ["dexterity"], top=path("justice", triumph=2), source=NAMED),
        ally("Betrothed", "charisma", triumph=2, source=NAMED),
        ally("Sister", triumph=1, source="000/glossary-sacrifice"),
        trait("Village Life"),
        trait("Market Day"),
        trait("Harvest"),
        # Act II
        trait("Oathgate", "justice", act=2, triumph=1),
        challenge("Shattered Plains", 3, ["strength"], top=path("divinity", triumph=2), act=2),
        trait("Bridge Crew", act=2),
        trait("Warcamp", act=2),
        trait("Highprince's Court", act=2),
        trait("Chasm Duty", act=2),
        trait("Stormwall", act=2),
        # Act III
        trait("Highstorm", act=3),
        challenge("Everstorm", 4, ["strength"], act=3),
        trait("Ideal of Justice", "justice", act=3, triumph=2),
        trait("Weeping", act=3),
        # Hero and Antihero cards
        *(
            hero_card(name, "main", GainXP(1))
            for name in ("Honorblade", "Stormlight", "Say the Words", "Hope")
        ),
        antihero_card("Voidlight", "main", GainXP(1)),
        antihero_card("Spite", "main", GainXP(1)),
    )


def _adam(players: int = 2) -> Position:
    return Position(players=players, seed=1, sets=(_adam_set(),)).hero(
        0, origin="Warrior", motivation="Trained by a Master", destiny="Edgedancer"
    )


def test_000_play_example_story_tableau() -> None:
    """000 · Play Example: Story Tableau — Adam is dealt six Character cards, keeps Warrior, Trained by a Master
    and Edgedancer (hidden), and sets his Corruption tracker to the starting level."""
    game = Game.new(players=1, seed=0, sets=(_adam_set().id,))
    db = game.ctx.db
    assert sorted(db[c].name for c in game.state.players[0].dealt) == sorted(
        ["Warrior", "Hunter", "Trained by a Master", "Thrill Seeker", "Edgedancer", "Wise Master"]
    )
    for name in ("Warrior", "Trained by a Master", "Edgedancer"):
        assert isinstance(game.state.pending[-1], ChooseCharacter)
        game.keep(name)
    p = game.state.players[0]
    assert game.state.phase is Phase.PLAY
    assert [db[c].name for c in p.characters] == ["Warrior", "Trained by a Master", "Edgedancer"]
    assert not p.destiny_revealed
    assert icon_counts(game.ctx, p)[Icon.RADIANT] == 0  # the hidden Destiny is not yet in the Story
    assert p.level == game.ctx.track.start
    assert {db[c].name for c in game.state.removed} >= {"Hunter", "Thrill Seeker", "Wise Master"}
    assert "000/deal-the-cards" in sections(game.events)
    assert_one_place(game)


def test_000_play_example_gaining_a_trait() -> None:
    """000 · Play Example: Gaining a Trait — on his first turn Adam gains the Officer trait, tucks it under his
    Origin, and now has a Strength icon."""
    game = _adam().row(1, ["Officer", "Lighteyes", "Face a Shardbearer", "On the Run"]).game()
    p = game.state.players[0]
    assert icon_counts(game.ctx, p)[Icon.STRENGTH] == 0
    assert game.state.turn.number == 1
    game.gain("Officer")
    p = game.state.players[0]
    assert [game.ctx.db[t.card].name for t in p.story[0]] == ["Officer"]
    assert any("under the Origin" in e.text for e in game.last_events)
    assert icon_counts(game.ctx, p)[Icon.STRENGTH] == 1


def test_000_play_example_ending_act_i() -> None:
    """000 · Play Example: Ending Act I — a trait, two challenges and two Allies in Act I; the next cards go under
    his Motivation; first to complete Act I, he reveals four Act II cards at the beginning of his next turn, and
    any player may then gain them."""
    game = (
        _adam()
        .hero(0, story=[["Officer", "Face a Shardbearer"]], allies=["Betrothed"])
        .hero(1, origin="Hunter", motivation="Thrill Seeker", destiny="Wise Master")
        .row(1, [("On the Run", "Sister"), "Lighteyes", "Village Life", "Market Day"])
        .row(2, ["Oathgate", "Shattered Plains", "Bridge Crew", "Warcamp"])
        .game()
    )
    game.attempt("On the Run", faces=["slash", "slash", "slash", "arrow"])  # 1 + 1 + 1 + 2 = 5 ≥ 2 + 1 (Ally)
    adam = game.state.players[0]
    db = game.ctx.db
    assert [db[t.card].type.value for t in adam.story[0]] == ["trait", "challenge", "challenge"]
    assert [db[a.card].name for a in adam.allies] == ["Betrothed", "Sister"]
    assert adam.act == 2
    assert not game.state.row(2).revealed
    game.end_turn()
    assert not game.state.row(2).revealed  # the other hero's turn
    game.end_turn()
    assert game.to_move == 0 and game.state.row(2).revealed  # the beginning of Adam's next turn
    assert [db[s.card].name for s in game.state.row(2).slots if s] == [
        "Oathgate",
        "Shattered Plains",
        "Bridge Crew",
        "Warcamp",
    ]
    game.gain("Oathgate")
    adam = game.state.players[0]
    assert [db[t.card].name for t in adam.story[1]] == ["Oathgate"]  # under Trained by a Master
    assert db[adam.motivation or ""].name == "Trained by a Master"
    game.end_turn()
    legal = {db[a.card].name for a in game.legal_actions if isinstance(a, GainTrait)}
    assert {"Bridge Crew", "Warcamp"} <= legal  # "Any player may then gain cards from Act II"
    game.gain("Bridge Crew")
    assert [db[t.card].name for t in game.state.players[1].story[0]] == ["Bridge Crew"]


def test_000_play_example_end_of_game() -> None:
    """000 · Play Example: End of Game — Destiny 5 Triumph, 14 Triumph visible on the Story and Ally cards,
    2 Tragedy from the Corruption track, 4 for unspent Experience, 4 for played Hero and Antihero cards and 8
    for a set of story icons: 37. The example's 46 adds 9 Triumph for helping defeat Odium, which only a
    Solo/Co-op game gives (000 · Ending the Game, last bullet): see the next test, played in co-op."""
    game = (
        _adam()
        .hero(
            0,
            story=[
                ["Officer", "Face a Shardbearer", "On the Run"],
                ["Oathgate", "Shattered Plains", "Bridge Crew"],
                ["Highstorm", "Everstorm"],
            ],
            allies=["Betrothed", "Sister"],
            played=["Honorblade", "Stormlight", "Say the Words", "Voidlight"],
            xp=4,
            corruption=2,
        )
        .reveal(2, 3)
        .row(3, ["Ideal of Justice", "Weeping"])
        .game()
    )
    game.gain("Ideal of Justice")  # the third card under the Destiny: his final Act is closed
    game.end_turn().end_turn()  # the other hero's final turn
    out = game.outcome()
    assert out is not None
    adam = out.scores[0]
    lines = {
        line.label.split(":")[0].split(" (")[0]: (line.triumph, line.tragedy, line.other)
        for line in adam.lines
    }
    assert lines["Destiny"] == (5, 0, 0)
    assert lines["Triumph and Tragedy in the Story"] == (14, 0, 0)
    assert lines["Corruption track"] == (0, 2, 0)
    # "4 Destiny for his unspent Experience", "another 8 Destiny" for the set: neither Triumph nor Tragedy
    assert lines["Unspent Experience"] == (0, 0, 4)
    assert lines["Hero cards played"][0] + lines["Antihero cards played"][1] == 4
    assert lines["Story icon sets"] == (0, 0, 8)
    assert (adam.triumph, adam.tragedy, adam.other) == (
        5 + 14 + lines["Hero cards played"][0],
        2 + lines["Antihero cards played"][1],
        12,
    )
    assert adam.total == 37
    odium = 9  # 000 · Ending the Game: "if everyone defeated Odium, all players add 9 Triumph"
    assert adam.total + odium == 46


def test_000_play_example_end_of_game_with_odium_totals_46() -> None:
    """000 · Play Example: End of Game — "if he also helped defeat Odium (9 points), his final score would be
    46": the same Story in a co-op game, Adam facing Odium and winning, scores 46 with a "Defeated Odium" line."""
    from pathlib import Path

    from calladventure.play.scenario import Scenario

    path = (
        Path(__file__).resolve().parents[2]
        / "examples"
        / "scenarios"
        / "000-play-example-end-of-game-with-odium.toml"
    )
    result = Scenario.load(path).run().raise_for_failure()
    game = result.game
    outcome = game.outcome()
    assert (
        outcome is not None
        and outcome.result(CoopResult) is not None
        and outcome.result(CoopResult).heroes_win
    )
    adam = outcome.scores[0]
    assert adam.total == 46
    odium_lines = [line for line in adam.lines if line.label.startswith("Defeated Odium")]
    assert [(line.triumph, line.tragedy) for line in odium_lines] == [(9, 0)]
    assert adam.total - odium_lines[0].points == 37
