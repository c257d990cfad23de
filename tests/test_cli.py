"""The ``calladventure`` command line: each command's output and exit status, JSON, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from calladventure.carddata import bundled_runes, bundled_set
from calladventure.cards import CardType
from calladventure.cli import app
from calladventure.icons import Icon
from calladventure.odds import attempt_odds
from calladventure.options import Rules
from calladventure.sections import SECTIONS

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def _run(*args: str) -> Result:
    return runner.invoke(app, list(args), env=WIDE)


def _one_line_error(result: Result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output
    assert lines[0].startswith("error: ")
    return lines[0]


# ----------------------------------------------------------------------------- help


def test_help_lists_the_commands_with_examples() -> None:
    result = _run("--help")
    assert result.exit_code == 0
    for command in ("demo", "odds", "cards", "rules"):
        assert command in result.output
    assert "Examples:" in result.output
    assert "calladventure demo --seed 7" in result.output


# ----------------------------------------------------------------------------- demo


def test_demo_prints_an_annotated_game_with_a_winner() -> None:
    result = _run("demo", "--seed", "3", "--players", "2", "--bots", "greedy,random")
    assert result.exit_code == 0, result.output
    assert "Turn 1 · P1 (greedy)" in result.output
    assert "[000 · Attempt a Challenge]" in result.output
    assert "Winner" in result.output


def test_demo_json_has_the_seed_actions_events_with_sections_and_scores() -> None:
    result = _run("demo", "--seed", "4", "--players", "3", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["seed"] == 4 and doc["bots"] == ["greedy", "random", "greedy"]
    assert doc["actions"] and all(isinstance(a, str) for a in doc["actions"])
    assert doc["events"] and all(e["section"] in SECTIONS for e in doc["events"])
    assert len(doc["scores"]) == 3
    best = max(s["total"] for s in doc["scores"])
    assert doc["winners"] == [s["seat"] for s in doc["scores"] if s["total"] == best]
    for score in doc["scores"]:
        assert score["total"] == sum(line["triumph"] + line["tragedy"] for line in score["lines"])
    again = _run("demo", "--seed", "4", "--players", "3", "--json")
    assert json.loads(again.stdout) == doc


def test_demo_with_an_unknown_bot_fails_in_one_line() -> None:
    line = _one_line_error(_run("demo", "--bots", "greedy,wizard"))
    assert "wizard" in line and "greedy" in line and "random" in line


def test_demo_rejects_five_players() -> None:
    result = _run("demo", "--players", "5")
    assert result.exit_code != 0
    assert "Traceback" not in result.output


# ----------------------------------------------------------------------------- odds


def test_odds_prints_the_exact_chance_of_success() -> None:
    runes = bundled_runes("core")
    pool = (*runes.core, *runes.ability[Icon.STRENGTH], runes.dark, runes.dark)
    expected = attempt_odds(pool, 6).p_success
    result = _run("odds", "--core", "core", "--ability", "strength=3", "--dark", "2", "--difficulty", "6")
    assert result.exit_code == 0, result.output
    assert f"P(success) = {float(expected) * 100:.2f}%" in result.output
    assert f"exactly {expected}" in result.output
    assert "█" in result.output  # the bar chart


def test_odds_json_matches_the_odds_module_for_two_abilities_and_a_bonus() -> None:
    runes = bundled_runes("stormlight")
    pool = (*runes.core, *runes.ability[Icon.WISDOM][:2], runes.ability[Icon.CHARISMA][0])
    expected = attempt_odds(pool, 5, 1)
    result = _run(
        "odds", "--ability", "wisdom=2", "--ability", "charisma=1", "--difficulty", "5", "--bonus", "1",
        "--runes", "stormlight", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["runes"] == [r.id for r in pool]
    assert Fraction(doc["p_success_exact"]) == expected.p_success
    assert sum(doc["distribution"].values()) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--ability", "strenght=2"], "strenght"),
        (["--ability", "strength=lots"], "strength=3"),
        (["--ability", "strength=1", "--ability", "wisdom=1", "--ability", "charisma=1"], "at most two"),
        (["--runes", "nowhere"], "nowhere"),
        (["--core", "seven"], "--core"),
    ],
)
def test_odds_bad_input_is_one_line_and_exit_1(args: list[str], needle: str) -> None:
    line = _one_line_error(_run("odds", "--difficulty", "4", *args))
    assert needle in line


# ----------------------------------------------------------------------------- cards


def test_cards_list_filters_by_set_and_type() -> None:
    core = bundled_set("core")
    traits = [c for c in core.cards if c.type is CardType.TRAIT]
    challenges = [c for c in core.cards if c.type is CardType.CHALLENGE]
    result = _run("cards", "list", "--set", "core", "--type", "trait")
    assert result.exit_code == 0, result.output
    assert f"{len(traits)} cards" in result.output
    assert all(c.id in result.output for c in traits)
    assert not any(f"{c.id} " in result.output for c in challenges)


def test_cards_list_unknown_type_or_set_is_one_line() -> None:
    assert "challenge" in _one_line_error(_run("cards", "list", "--type", "challange"))
    assert "nowhere" in _one_line_error(_run("cards", "list", "--set", "nowhere"))


def test_cards_show_finds_a_card_by_name_or_id() -> None:
    card = next(c for c in bundled_set("core").cards if c.type is CardType.CHALLENGE)
    by_name = _run("cards", "show", card.name.upper())
    assert by_name.exit_code == 0, by_name.output
    assert card.name in by_name.output
    by_id = _run("cards", "show", card.id)
    assert by_id.exit_code == 0 and card.name in by_id.output


def test_cards_show_unknown_name_suggests_close_names() -> None:
    card = next(c for c in bundled_set("core").cards if len(c.name) > 8)
    typo = card.name[:-1] + ("x" if card.name[-1] != "x" else "y")
    line = _one_line_error(_run("cards", "show", typo))
    assert "no card named" in line and card.name in line


def test_cards_validate_a_good_folder_prints_ok_with_counts() -> None:
    folder = Path(__file__).resolve().parent.parent / "cards" / "core"
    result = _run("cards", "validate", str(folder))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("OK ")
    assert f"{len(bundled_set('core').cards)} cards" in result.stdout


BROKEN = """format = "calladventure.cards/1"

[[cards]]
id = "good-trait"
name = "Good Trait"
type = "trait"
act = 1
source = "original"
[[cards.paths]]
icons = ["strength"]

[[cards]]
id = "bad-hill"
name = "Bad Hill"
type = "challenge"
act = 1
source = "original"
difficulty = "steep"
abilities = ["strength"]
[[cards.paths]]
icons = ["strength"]
[[cards.paths]]
icons = ["dexterity"]
"""


def test_cards_validate_a_broken_file_names_file_card_and_field_on_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text(BROKEN, encoding="utf-8")
    line = _one_line_error(_run("cards", "validate", str(bad)))
    assert str(bad) in line
    assert "bad-hill" in line
    assert "difficulty" in line


def test_cards_validate_reports_every_path_and_fails_if_any_fails(tmp_path: Path) -> None:
    good = Path(__file__).resolve().parent.parent / "cards" / "runes" / "core.toml"
    bad = tmp_path / "not-toml.toml"
    bad.write_text("format = [unclosed\n", encoding="utf-8")
    result = _run("cards", "validate", str(good), str(bad), str(tmp_path / "missing.toml"))
    assert result.exit_code == 1
    assert result.stdout.startswith(f"OK {good}")
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 2
    assert str(bad) in errors[0] and "TOML" in errors[0]
    assert "missing.toml" in errors[1]


# ----------------------------------------------------------------------------- rules


def test_rules_lists_every_option_with_its_default() -> None:
    result = _run("rules")
    assert result.exit_code == 0
    for name, values in Rules.options().items():
        assert any(name in line and values[0] in line for line in result.output.splitlines()), name
    doc = json.loads(_run("rules", "--json").stdout)
    assert {k: v["default"] for k, v in doc.items()} == {k: v[0] for k, v in Rules.options().items()}


# ----------------------------------------------------------------------------- a real process


def test_python_m_calladventure_demo_runs_in_a_subprocess() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "calladventure", "demo", "--seed", "3"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Final scores" in proc.stdout and "Winner" in proc.stdout
