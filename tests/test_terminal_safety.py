"""Terminal escapes from data: control characters in names never reach the terminal raw.

A save's player names and a score card's hero names are data: ``explain``, ``play --load`` and
``score`` show an escape sequence such as ``ESC[2J`` (clear the screen) visibly, as ``␛[2J``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from typer.testing import CliRunner

from calladventure import Game
from calladventure.cli import app
from calladventure.present._printable import TerminalConsole
from calladventure.values._printable import controls, printable

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
CLEAR = "\x1b[2J"


def _raw_controls(text: str) -> list[str]:
    return [c for c in text if (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0]


@pytest.fixture
def hostile_save(tmp_path: Path) -> Path:
    game = Game.new(players=2, seed=1, names=[f"Ada{CLEAR}", "Bo\x9b31m"])
    game.push(game.legal_list()[0])
    path = tmp_path / "hostile.json"
    path.write_text(game.save(), encoding="utf-8")
    return path


def test_printable_shows_every_control_character_and_keeps_line_breaks_and_tabs() -> None:
    assert printable(f"Ada{CLEAR}\x07\x7f\x9b\n\tok") == "Ada␛[2J␇␡\ufffd\n\tok"
    assert controls(f"Ada{CLEAR}{CLEAR}\x9b") == ("\\x1b", "\\x9b")
    assert printable("Ada, Bo – ⚔") == "Ada, Bo – ⚔"
    with pytest.raises(TypeError):
        printable(b"Ada")  # type: ignore[arg-type]


def test_the_terminal_console_marks_a_names_escapes_but_keeps_its_own_styles() -> None:
    out = TerminalConsole(force_terminal=True, color_system="standard", width=80, record=False)
    with out.capture() as captured:
        out.print(Text(f"Ada{CLEAR}", style="bold"))
    shown = captured.get()
    assert "Ada␛[2J" in shown and CLEAR not in shown and "\x1b[1m" in shown  # bold is rich's own code


def test_explain_shows_a_saves_player_name_escapes_visibly(hostile_save: Path) -> None:
    result = runner.invoke(app, ["explain", str(hostile_save)], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "Ada␛[2J" in result.output and _raw_controls(result.output) == []


def test_play_load_shows_a_saves_player_name_escapes_visibly(hostile_save: Path) -> None:
    result = runner.invoke(
        app, ["play", "--load", str(hostile_save), "--seats", "human,human"], input="q\n", env=WIDE
    )
    assert result.exit_code == 0, result.output
    assert "␛[2J" in result.output and _raw_controls(result.output) == []


def test_score_refuses_a_hero_name_with_escapes_and_shows_none_raw(tmp_path: Path) -> None:
    card = tmp_path / "hostile.toml"
    card.write_text(
        '[[heroes]]\nname = "Ada\\u001b[2J"\ndestiny = "Wise Master"\ntriumph = 1\n', encoding="utf-8"
    )
    result = runner.invoke(app, ["score", "--file", str(card)], env=WIDE)
    assert result.exit_code == 2
    assert f"{card}: hero 1: a name holds no control characters, not \\x1b" in result.output
    assert _raw_controls(result.output) == []
