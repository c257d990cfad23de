"""One card-name resolver (``Context.resolve``), asked by every door that turns text into a card.

A card is written by its id or its name, case and spacing aside, optionally among some cards
("where to look"). A name no card has suggests the closest; a card that exists but is not where
asked says so; a name several different cards share lists them by name and id. Each door is
checked: the resolver itself, the fluent helpers, the notation a player types, positions and
scenario files, co-op positions and the score card.
"""

from __future__ import annotations

import pytest

from calladventure import Game
from calladventure.expansions.odium import coop_position
from calladventure.game._library import DEFAULT
from calladventure.game._words import GameWords
from calladventure.play._scorecard import ScoreCardError, ScoreSheet, score_sheet
from calladventure.play.position import Position
from calladventure.play.position._specs import PositionError
from calladventure.play.scenario import Scenario
from calladventure.values._errors import (
    AmbiguousCardError,
    CallAdventureError,
    UnknownCardError,
)
from calladventure.values._illegal import IllegalActionError
from calladventure.values._state import evolve


def _played(seed: int = 1, sets: tuple[str, ...] = ("core",)) -> Game:
    """A 2-player game past the Character cards (seat 1 to move, in its main phase)."""
    game = Game.new(players=2, seed=seed, sets=sets)
    while game.state.phase.value == "setup":
        game.push(game.legal_actions[0])
    return game


def _table_names(game: Game) -> list[str]:
    return [game.ctx.db[s.card].name for row in game.state.rows for s in row.slots if s is not None]


# ----------------------------------------------------------------------------- the resolver


def test_an_id_or_a_name_case_and_spacing_aside_resolve_to_the_card() -> None:
    ctx = Game.new(players=2, seed=1).ctx
    boar = ctx.resolve("core/wild-boar")
    assert boar.name == "Wild Boar Hunt"
    assert ctx.resolve("  wild   BOAR hunt ") is boar
    assert ctx.refers_to("WILD boar  Hunt", boar.id) and ctx.refers_to("core/wild-boar", boar.id)
    assert not ctx.refers_to("Brave", boar.id)


def test_an_unknown_name_suggests_the_closest() -> None:
    ctx = Game.new(players=2, seed=1).ctx
    with pytest.raises(UnknownCardError) as info:
        ctx.resolve("Wild Bor Hunt")
    assert "no card named 'Wild Bor Hunt'" in str(info.value)
    assert "did you mean 'Wild Boar Hunt'?" in str(info.value)
    assert info.value.suggestions[0] == "Wild Boar Hunt" and info.value.elsewhere == ()


def test_a_card_that_is_not_where_asked_says_so_instead_of_no_card_named() -> None:
    ctx = Game.new(players=2, seed=1).ctx
    with pytest.raises(UnknownCardError) as info:
        ctx.resolve("Wild Boar Hunt", among=["core/brave"], where="on the table")
    assert str(info.value) == "Wild Boar Hunt is not on the table"
    assert info.value.elsewhere == ("core/wild-boar",)


def test_a_name_different_cards_share_lists_them_and_where_to_look_settles_it() -> None:
    ctx = Game.new(players=2, seed=1, sets=("core", "stormlight")).ctx
    with pytest.raises(AmbiguousCardError) as info:
        ctx.resolve("Extortion")
    assert isinstance(info.value, UnknownCardError)  # caught as any unknown card
    assert info.value.candidates == (
        ("Extortion", "core/extortion"),
        ("Extortion", "stormlight/extortion"),
    )
    assert "Extortion (core/extortion), Extortion (stormlight/extortion)" in str(info.value)
    assert ctx.resolve("extortion", among=["stormlight/extortion", "core/brave"]).id == "stormlight/extortion"


def test_copies_of_one_card_are_one_card_the_first_where_asked() -> None:
    ctx = Game.new(players=2, seed=1, sets=("stormlight",)).ctx
    assert ctx.resolve("The Everstorm").id == "stormlight/the-everstorm"
    later_first = ["stormlight/the-everstorm#2", "stormlight/the-everstorm"]
    assert ctx.resolve("the everstorm", among=later_first).id == "stormlight/the-everstorm#2"


# ----------------------------------------------------------------------------- the fluent helpers


def test_fluent_gain_of_a_misspelt_card_suggests_the_closest_and_changes_nothing() -> None:
    game = _played()
    before = game.save()
    with pytest.raises(UnknownCardError, match="did you mean 'Brave'"):
        game.gain("Bravee")
    assert game.save() == before


def test_fluent_gain_of_a_card_not_on_the_table_says_it_is_not_on_the_table() -> None:
    game = _played()
    assert "Wild Boar Hunt" not in _table_names(game)
    with pytest.raises(UnknownCardError, match=r"^Wild Boar Hunt is not on the table"):
        game.gain("Wild Boar Hunt")
    game.gain("  HARDY ")  # on the table: case and spacing aside
    assert "core/hardy" in [t.card for t in game.state.players[0].story_cards()]


def test_fluent_keep_and_play_look_in_the_seats_own_cards() -> None:
    game = Game.new(players=2, seed=1)
    with pytest.raises(UnknownCardError, match="Wild Boar Hunt is not among the cards dealt to P1"):
        game.keep("Wild Boar Hunt")
    game.keep("farmer")
    assert game.state.players[0].origin == "core/farmer"
    game = _played()
    with pytest.raises(UnknownCardError, match="Brave Charge is not in P1's hand"):
        game.play("Brave Charge")


# ----------------------------------------------------------------------------- notation


def test_notation_with_a_misspelt_card_is_refused_suggesting_the_closest() -> None:
    game = _played()
    with pytest.raises(IllegalActionError, match="did you mean 'Brave'") as info:
        game.push("gain Bravee")
    assert "Legal now: gain Hardy" in str(info.value)


def test_notation_reads_a_shared_name_as_the_card_near_the_seat_else_lists_them() -> None:
    game = _played(sets=("core", "stormlight"))
    state = game.state
    words = GameWords(game.ctx, state)
    with pytest.raises(AmbiguousCardError, match="core/extortion"):
        words.card("extortion")
    seat = game.to_move
    assert seat is not None
    player = evolve(state.players[seat], hand=("stormlight/extortion",))
    near = evolve(state, players=tuple(player if i == seat else p for i, p in enumerate(state.players)))
    assert GameWords(game.ctx, near).card("extortion") == "stormlight/extortion"
    assert GameWords(game.ctx, near).card("no such card") == "no such card"  # left for the rules to refuse


# ----------------------------------------------------------------------------- positions and scenario files


def test_a_position_with_a_misspelt_card_suggests_and_a_card_placed_twice_is_named() -> None:
    with pytest.raises(
        UnknownCardError, match=r"^P1's hand: no card named 'Brave Chrge'.*did you mean 'Brave Charge'"
    ):
        Position(players=2).hero(0, hand=["Brave Chrge"]).build()
    with pytest.raises(PositionError, match="Brave Charge is placed twice: in P1's hand and in P2's hand"):
        Position(players=2).hero(0, hand=["Brave Charge"]).hero(1, hand=["core/brave-charge"]).build()


SCENARIO = """
format = "calladventure.scenario/1"
title = "names"
[game]
players = 2
seed = 3
[[heroes]]
origin = "ORIGIN"
hand = ["brave  charge"]
[[heroes]]
[[steps]]
expect = { hand = { P1 = ["core/brave-charge"] } }
"""


def test_a_scenario_file_with_a_misspelt_card_names_the_closest() -> None:
    with pytest.raises(CallAdventureError, match="did you mean 'Farmer'"):
        Scenario.loads(SCENARIO.replace("ORIGIN", "Farmr"), file="names.toml").run()


def test_a_scenario_expects_cards_by_name_or_id() -> None:
    result = Scenario.loads(SCENARIO.replace("ORIGIN", "farmer"), file="names.toml").run()
    assert result.ok, result.failure


# ----------------------------------------------------------------------------- co-op positions


def test_a_coop_position_finds_the_adversarys_cards_by_name_in_its_deck() -> None:
    state = Position(players=2, sets=("stormlight",)).build()
    co = coop_position(state, DEFAULT, quest="  radiants united", deck=["The Everstorm"])
    assert co.config.quest is not None and co.config.quest.endswith("radiants-united")
    with pytest.raises(UnknownCardError, match="did you mean 'The Everstorm'"):
        coop_position(state, DEFAULT, quest="Radiants United", deck=["The Everstrom"])
    with pytest.raises(UnknownCardError, match="Take Shelter is not left in the Adversary's deck"):
        coop_position(state, DEFAULT, quest="Radiants United", deck=["Take Shelter"])


# ----------------------------------------------------------------------------- the score card


def test_the_score_card_names_a_card_of_the_wrong_kind_and_suggests_a_misspelt_one() -> None:
    with pytest.raises(ScoreCardError, match="no Origin named 'Farmr'; did you mean 'Farmer'"):
        score_sheet(ScoreSheet(name="Ann", origin="Farmr"))
    with pytest.raises(ScoreCardError, match="Brave is a trait card, not Origin"):
        score_sheet(ScoreSheet(name="Ann", origin="Brave"))


# ----------------------------------------------------------------------------- the command line


def test_cards_show_lists_the_cards_a_shared_name_names_and_suggests_for_a_typo() -> None:
    from typer.testing import CliRunner

    from calladventure.cli import app

    runner = CliRunner()
    shared = runner.invoke(app, ["cards", "show", "extortion"], env={"COLUMNS": "200"})
    assert shared.exit_code == 2
    assert "Extortion (core/extortion), Extortion (stormlight/extortion)" in shared.stderr
    typo = runner.invoke(app, ["cards", "show", "wild bor hunt"], env={"COLUMNS": "200"})
    assert typo.exit_code == 2 and "did you mean 'Wild Boar Hunt'?" in typo.stderr
    one = runner.invoke(app, ["cards", "show", "extortion", "--set", "stormlight"], env={"COLUMNS": "200"})
    assert one.exit_code == 0 and "Extortion" in one.stdout
