"""Errors by one convention at the library door: one test per defect, each named after it.

Wrong types are a ``TypeError``; wrong values a typed ``ValueError`` naming the value, the valid
choices and the closest; names, never ids; a card that exists but is not where the action needs
it says where it is, as the asking seat may know (000 · Deal the Cards: hands stay hidden), and
what is on the table.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from calladventure import Game, IllegalActionError, UnknownCardError, UnknownValueError

ROOT = Path(__file__).resolve().parents[1]


def _kept(game: Game) -> Game:
    """The game after every hero kept their first Character cards (the game under way)."""
    while game.state.phase.value != "play":
        game.push(game.legal_actions[0])
    return game


def test_odds_of_a_card_not_on_the_table_says_where_it_is_and_what_is_on_the_table() -> None:
    game = Game.new(players=2, seed=7)
    with pytest.raises(UnknownCardError) as info:
        game.odds("Wild Boar Hunt", "top", dark_runes=1)
    message = str(info.value)
    assert message.startswith("Wild Boar Hunt is not on the table: it is out of sight of P1")
    assert message.endswith("on the table: Gentle Soul, Brave, Trial by Ordeal, Fever in the Village")


def test_a_kept_card_named_by_a_helper_is_said_to_be_among_the_heros_character_cards() -> None:
    game = _kept(Game.new(players=2, seed=7, names=("Ada", "Bo")))
    origin = game.card(game.state.players[1].origin or "").name
    with pytest.raises(
        UnknownCardError, match=f"{origin} is not on the table: it is among Bo's Character cards"
    ):
        game.gain(origin)


def test_whereabouts_never_tell_a_card_in_another_heros_hand() -> None:
    from calladventure.rules import whereabouts

    game = _kept(Game.new(players=2, seed=3))
    rng = random.Random(5)
    while not game.state.players[1].hand:
        game.push(rng.choice(list(game.legal_actions)))
    card = game.state.players[1].hand[0]
    assert whereabouts(game.ctx, game.state, 1, [card]) == "in P2's hand"
    for seat in (0, None):
        assert whereabouts(game.ctx, game.state, seat, [card]).startswith("out of sight of")


def test_the_readme_example_runs_and_its_odds_are_of_a_card_on_the_table() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.findall(r"^```python\n(.*?)^```", text, flags=re.M | re.S)[0]
    exec(compile(block, "README.md block 1", "exec"), {"__name__": "readme"})
    (call,) = set(re.findall(r"`(game\.odds\([^`]*\))`", text))
    assert eval(call, {"game": Game.new(players=2, seed=7)}).p_success > 0


def test_card_and_gain_suggest_the_closest_name() -> None:
    game = Game.new(players=2, seed=7)
    with pytest.raises(UnknownCardError, match="did you mean 'Wild Boar Hunt'"):
        game.card("Wild Bore Hunt")
    with pytest.raises(UnknownCardError, match="did you mean 'Brave'"):
        game.gain("Bravee")


def test_push_of_a_mistyped_card_echoes_the_word_as_typed() -> None:
    game = Game.new(players=2, seed=7)
    with pytest.raises(IllegalActionError, match="no card named 'Bravee'") as info:
        game.push("gain Bravee")
    assert "did you mean 'Brave'" in str(info.value)


def test_push_of_an_int_is_a_type_error() -> None:
    game = Game.new(players=2, seed=7)
    with pytest.raises(TypeError, match="push takes an action or its notation"):
        game.push(3)  # type: ignore[arg-type]
    assert game.steps == 0


def test_push_of_none_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="not NoneType"):
        Game.new(players=2, seed=7).push(None)  # type: ignore[arg-type]


def test_a_seat_is_its_number_its_label_or_its_heros_name() -> None:
    game = Game.new(players=2, seed=7, names=("Ada", "Bo"))
    assert game.view("P1") == game.view(0) == game.view("ada")
    assert game.observation_string("Bo") == game.observation_string(1)


def test_a_wrong_seat_is_a_typed_error_naming_the_seats_and_the_closest() -> None:
    game = Game.new(players=2, seed=7, names=("Ada", "Bo"))
    with pytest.raises(UnknownValueError) as info:
        game.view("Adda")
    assert str(info.value) == (
        "no seat 'Adda': the seats of this game are 0 (Ada or P1), 1 (Bo or P2); did you mean 'Ada'?"
    )
    with pytest.raises(TypeError, match="a seat is a number"):
        game.view(1.0)  # type: ignore[arg-type]


def test_a_fluent_helper_refusal_prints_card_names_not_ids() -> None:
    game = Game.new(players=2, seed=7)
    with pytest.raises(IllegalActionError) as info:
        game.attempt("Trial by Ordeal", "bottom")  # the heroes are still keeping their Character cards
    assert str(info.value).startswith("illegal action attempt Trial by Ordeal bottom: ")
    assert info.value.legal == ("keep Tinker", "keep Temple Foundling")
    assert "core/" not in str(info.value)


def test_load_reads_a_path_and_loads_reads_text(tmp_path: Path) -> None:
    game = _kept(Game.new(players=2, seed=7))
    path = tmp_path / "game.json"
    text = game.save(path)
    assert Game.load(path).state == Game.load(str(path)).state == Game.loads(text).state == game.state
    with pytest.raises(ValueError, match=r"this is JSON text .*: use Game.loads"):
        Game.load(text)
    with pytest.raises(TypeError, match="reads a save's JSON text"):
        Game.loads(path)  # type: ignore[arg-type]


def test_events_name_the_seats_as_scores_do() -> None:
    game = _kept(Game.new(players=2, seed=7, names=("Ada", "Bo")))
    assert [s.name for s in game.score()] == ["Ada", "Bo"]
    seated = [e for e in game.events if e.seat is not None]
    assert seated and all(str(e).startswith(("Ada: ", "Bo: ")) for e in seated)
    assert game.view("Bo").log == game.view(1).log
