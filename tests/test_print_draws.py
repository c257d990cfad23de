"""``print`` draws every value that has a picture; its ``repr`` stays a short summary."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from calladventure import Game
from calladventure.present._demo import run_demo
from calladventure.worldspanner import default_deck, odds_table


def test_print_draws_every_value_that_has_a_picture() -> None:
    game = Game.new(players=2, seed=7)
    view = game.view(0)
    table = odds_table(default_deck(), "White deck")
    assert "Legal actions for P1" in str(view)
    assert "White deck" in str(table) and "percent of the cards that could come next" in str(table)
    assert repr(view) == "<View of P1: turn 1 setup, to move P1, 2 legal actions, 2 events>"
    assert repr(table) == "<OddsTable 'White deck': 13 differences>"


def test_demo_summary_adds_up() -> None:
    out = Console(width=100, record=True, file=io.StringIO())
    game = run_demo(seed=7, out=out, summary=True)
    text = out.export_text()
    for score in game.score():
        parts = f"({score.triumph} Triumph + {score.tragedy} Tragedy + {score.other} Other)"
        assert f"{score.total} points {parts}" in text
        assert score.triumph + score.tragedy + score.other == score.total
    assert any(score.other for score in game.score())  # the Other points are there to leave out


def test_getting_started_teaches_what_print_shows_and_no_class_name_checks() -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "getting-started.md").read_text()
    assert "print(game)  # <Game" not in page  # print(game) draws the table
    assert "__class__.__name__" not in page  # actions are told apart with isinstance
    assert "print(game)  # draws the table" in page
