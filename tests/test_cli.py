"""The ``calladventure`` command line: each command's output and exit status, JSON, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from calladventure.cli import app
from calladventure.data._cards import bundled_runes, bundled_set
from calladventure.rules._odds import attempt_odds
from calladventure.values._cards import CardType
from calladventure.values._icons import Icon
from calladventure.values._options import Rules
from calladventure.values._sections import SECTIONS

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def _run(*args: str) -> Result:
    return runner.invoke(app, list(args), env=WIDE)


def _one_line_error(result: Result, status: int = 2) -> str:
    # A user's error exits with status 2; a failed check (validate, run, --check) with 1.
    assert result.exit_code == status, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output
    assert lines[0].startswith("error: ")
    return lines[0]


# ----------------------------------------------------------------------------- help


def test_help_lists_the_commands_with_examples() -> None:
    result = _run("--help")
    assert result.exit_code == 0
    for command in ("play", "scenario", "explain", "replay", "demo", "odds", "cards", "rules"):
        assert command in result.output
    assert "Examples:" in result.output
    assert "calladventure demo --seed 7" in result.output
    assert "--install-completion" in result.output  # shell completion


@pytest.mark.parametrize(
    "command",
    [
        ["play"], ["scenario", "run"], ["scenario", "check"], ["scenario", "questions"], ["explain"], ["replay"],
        ["demo"], ["odds"], ["cards", "list"], ["cards", "show"], ["cards", "validate"], ["rules"],
    ],
)  # fmt: skip
def test_every_command_has_help_with_examples(command: list[str]) -> None:
    result = _run(*command, "--help")
    assert result.exit_code == 0, result.output
    assert "Examples:" in result.output
    assert f"calladventure {' '.join(command)}" in result.output


# ----------------------------------------------------------------------------- demo


def test_demo_prints_an_annotated_game_with_a_winner() -> None:
    result = _run("demo", "--seed", "3", "--players", "2", "--bots", "greedy,random")
    assert result.exit_code == 0, result.output
    assert "Turn 1 · P1 (greedy)" in result.output
    # A core-only game cites the core rulebook where it states the rule (001 before 000).
    assert "[000 · Attempt a Challenge (001)]" in result.output
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
        # Triumph, Tragedy and other Destiny points (changed on purpose: 000 · Rules Overview)
        assert score["total"] == sum(
            line["triumph"] + line["tragedy"] + line["other"] for line in score["lines"]
        )
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
def test_odds_bad_input_is_one_line_and_exit_2(args: list[str], needle: str) -> None:
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
    line = _one_line_error(_run("cards", "validate", str(bad)), status=1)
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


# ----------------------------------------------------------------------------- --json everywhere


def test_cards_list_show_and_validate_print_json() -> None:
    core = bundled_set("core")
    listed = json.loads(_run("cards", "list", "--set", "core", "--type", "trait", "--json").stdout)
    assert {c["id"] for c in listed} == {c.id for c in core.cards if c.type is CardType.TRAIT}
    card = next(c for c in core.cards if c.type is CardType.CHALLENGE)
    shown = json.loads(_run("cards", "show", card.id, "--json").stdout)
    assert shown["name"] == card.name and shown["difficulty"] == card.difficulty
    folder = Path(__file__).resolve().parent.parent / "cards" / "core"
    report = json.loads(_run("cards", "validate", str(folder), "--json").stdout)
    assert report == [{"path": str(folder), "ok": True, "message": report[0]["message"]}]
    assert report[0]["message"].startswith("OK ")


# ----------------------------------------------------------------------------- scenarios

SCENARIOS = Path(__file__).resolve().parent.parent / "examples" / "scenarios"
TIMING = SCENARIOS / "000-faqs-card-timing.toml"


def _wrong_copy(tmp_path: Path) -> Path:
    """The card-timing scenario with one deliberately wrong expectation (its last step)."""
    text = TIMING.read_text(encoding="utf-8")
    wrong = text.replace(
        "overcomes Climb the Cliff: 4 vs difficulty 4", "overcomes Climb the Cliff: 9 vs difficulty 4"
    )
    assert wrong != text
    path = tmp_path / "wrong.toml"
    path.write_text(wrong, encoding="utf-8")
    return path


def test_scenario_check_passes_every_example_and_exits_0() -> None:
    result = _run("scenario", "check", str(SCENARIOS))
    assert result.exit_code == 0, result.output
    count = len(list(SCENARIOS.glob("*.toml")))
    assert f"{count} passed, 0 failed" in result.stdout
    assert result.stdout.count("ok   ") == count


def test_scenario_check_a_wrong_expectation_fails_with_step_expected_and_actual(tmp_path: Path) -> None:
    wrong = _wrong_copy(tmp_path)
    result = _run("scenario", "check", str(TIMING), str(wrong))
    assert result.exit_code == 1
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith(f"ok   {TIMING}")
    assert lines[1].startswith(
        f"FAIL {wrong}: step 10 (pass (every seat in the window)): expected an event of this step says"
    )
    assert "'overcomes Climb the Cliff: 9 vs difficulty 4'" in lines[1] and "got [" in lines[1]
    assert lines[2] == "1 passed, 1 failed"
    doc = json.loads(_run("scenario", "check", str(wrong), "--json").stdout)
    assert doc[0]["ok"] is False and "step 10" in doc[0]["failure"]


def test_scenario_run_shows_each_step_its_events_with_rules_and_checks() -> None:
    result = _run("scenario", "run", str(TIMING))
    assert result.exit_code == 0, result.output
    assert "Card timing: before, as, and any time" in result.stdout
    assert "[000 · Hero and Antihero Cards (001)]" in result.stdout
    assert "✓ the reason for refusing contains" in result.stdout
    assert "1 passed, 0 failed" in result.stdout
    doc = json.loads(_run("scenario", "run", str(TIMING), "--json").stdout)
    assert doc[0]["ok"] and doc[0]["question"].startswith("If I'm playing a Hero")
    assert all(e["section"] in SECTIONS for step in doc[0]["steps"] for e in step["events"])


def test_scenario_run_a_broken_file_is_one_line_naming_file_step_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        TIMING.read_text(encoding="utf-8").replace('do = "play Steady Aim on P1"', "do = 3"), encoding="utf-8"
    )
    line = _one_line_error(_run("scenario", "run", str(bad)), status=1)
    assert line.startswith(f"error: {bad}, step 3, field 'do':")
    assert "Traceback" not in _run("scenario", "check", str(tmp_path / "none.toml")).output
    assert "no such file" in _one_line_error(_run("scenario", "check", str(tmp_path / "none.toml")))


def test_scenario_questions_writes_the_page_and_checks_it(tmp_path: Path) -> None:
    page = tmp_path / "questions.md"
    assert _run("scenario", "questions", str(SCENARIOS), "--output", str(page)).exit_code == 0
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Rules questions, answered by the engine")
    assert _run("scenario", "questions", str(SCENARIOS), "--output", str(page), "--check").exit_code == 0
    page.write_text(text + "stale\n", encoding="utf-8")
    assert "out of date" in _one_line_error(
        _run("scenario", "questions", str(SCENARIOS), "--output", str(page), "--check"), status=1
    )


# ----------------------------------------------------------------------------- explain and replay


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from calladventure.game import Game
    from calladventure.play.bots import make_bots, play_game

    game = Game.new(players=2, seed=5)
    play_game(game, make_bots("greedy,random", 2, 5))
    path = tmp_path_factory.mktemp("saves") / "game.json"
    game.save(path)
    return path


def test_explain_a_scenario_lists_every_step_and_event_with_its_rule() -> None:
    result = _run("explain", str(TIMING))
    assert result.exit_code == 0, result.output
    assert "Q: If I'm playing a Hero or Antihero card" in result.stdout
    assert "step 2 · attempt Climb the Cliff top" in result.stdout  # the scenario's steps, with their notes
    assert (
        "(On my own turn, outside an attempt, only the card with no timing can be played.)" in result.stdout
    )
    assert (
        "P1: attempts Climb the Cliff, path top (Reach the top)  [000 · Attempt a Challenge (001)]"
        in result.stdout
    )
    doc = json.loads(_run("explain", str(TIMING), "--json").stdout)
    assert doc["ok"] and doc["sections"][0] == "000/faqs-card-timing"
    one = json.loads(_run("explain", str(TIMING), "--step", "2", "--json").stdout)
    assert [s["step"] for s in one["steps"]] == [2] and one["steps"][0]["events"][0][
        "citation"
    ] == "000 · Attempt a Challenge (001)"


def test_explain_a_failing_scenario_shows_the_log_then_the_failure(tmp_path: Path) -> None:
    result = _run("explain", str(_wrong_copy(tmp_path)))
    assert result.exit_code == 1
    assert "[000 · Attempt a Challenge (001)]" in result.stdout  # the rule, with the core rulebook as alias
    assert "step 10" in result.stderr


def test_explain_a_saved_game(saved_game: Path) -> None:
    from calladventure.game import Game

    game = Game.load(saved_game)
    doc = json.loads(_run("explain", str(saved_game), "--json").stdout)
    assert len(doc["steps"]) == len(game.history) + 1
    assert sum(len(s["events"]) for s in doc["steps"]) == len(game.events)
    text = _run("explain", str(saved_game), "--step", "1").stdout
    assert text.startswith("step 1 · P1: keep ") and "[000 · Deal the Cards (001)]" in text
    assert "--step must be between 0 and" in _one_line_error(
        _run("explain", str(saved_game), "--step", "9999")
    )


def test_replay_prints_every_step_or_the_table_at_one_step(saved_game: Path) -> None:
    from calladventure.game import Game

    game = Game.load(saved_game)
    every = _run("replay", str(saved_game), "--all")
    assert every.exit_code == 0
    assert every.stdout.count("\nstep ") + every.stdout.startswith("step ") == len(game.history) + 1
    table = _run("replay", str(saved_game), "--step", "10")
    assert table.exit_code == 0 and "step 10" in table.stdout and "Act I" in table.stdout
    steps = json.loads(_run("replay", str(saved_game), "--json").stdout)
    assert [s["action"] for s in steps[1:]] == [game.describe(a) for a in game.history]
    assert "no such file" in _one_line_error(_run("replay", "missing.json"))


def test_replay_steps_through_at_a_prompt(saved_game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("calladventure.cli._saves._interactive", lambda: True)
    result = runner.invoke(app, ["replay", str(saved_game)], input="\nn\nb\ng 3\ng x\nv\n?\nq\n", env=WIDE)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.index("step 1 ·") < out.index("step 2 ·") < out.index("step 3 ·")
    assert "error: write g N" in out and "error: n (or Enter) next" in out
    assert "Waiting for" in out  # the table view


# ----------------------------------------------------------------------------- play (piped input; the pty test is test_play_cli.py)


def test_play_bots_only_to_the_end_then_quit() -> None:
    result = runner.invoke(app, ["play", "--seats", "greedy,random", "--seed", "4"], input="q\n", env=WIDE)
    assert result.exit_code == 0, result.output
    assert "Winner" in result.stdout and "game over> bye" in result.stdout


def test_play_a_human_seat_from_a_scenario(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from calladventure.play.scenario import Scenario

    monkeypatch.chdir(tmp_path)
    scenario = SCENARIOS / "000-play-example-ending-act-i.toml"
    moves = "s here.toml\nq\n"
    result = runner.invoke(app, ["play", "--load", str(scenario), "--seats", "human"], input=moves, env=WIDE)
    assert result.exit_code == 0, result.output
    # The scenario's steps were played: P2 has gained Bridge Crew, and may only end the turn.
    assert "P2> saved this position as a scenario: here.toml" in result.stdout
    assert "  1. end\nP2>" in result.stdout
    again = Scenario.load(tmp_path / "here.toml").run()
    assert again.ok and again.game.state == Scenario.load(scenario).run().game.state


def test_play_save_to_a_folder_name_is_refused_and_the_session_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    scenario = SCENARIOS / "000-play-example-ending-act-i.toml"
    moves = "s .\ns ..\ns ok\nq\n"
    result = runner.invoke(app, ["play", "--load", str(scenario), "--seats", "human"], input=moves, env=WIDE)
    assert result.exit_code == 0, result.output
    assert "unexpected" not in result.stdout
    assert (
        result.stdout.count("write s FILE (FILE.json: a save; FILE.toml: a scenario of this position)") == 2
    )
    assert "saved the game: ok.json" in result.stdout and (tmp_path / "ok.json").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ok.json"]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--seats", "human,wizard"], "wizard"),
        (["--rule", "icon_sets=tripling"], "tripling"),
        (["--rule", "colour=blue"], "colour"),
        (["--rule", "icon_sets"], "OPTION=VALUE"),
        (["--load", "missing.json"], "missing.json"),
    ],
)
def test_play_bad_options_are_one_line(args: list[str], needle: str) -> None:
    assert needle in _one_line_error(_run("play", *args))


# ----------------------------------------------------------------------------- real processes


def test_scenario_check_as_a_process_gives_the_exit_status_for_ci(tmp_path: Path) -> None:
    def check(*paths: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "calladventure", "scenario", "check", *map(str, paths)],
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=300,
        )

    good = check(SCENARIOS)
    assert good.returncode == 0, good.stdout + good.stderr
    bad = check(TIMING, _wrong_copy(tmp_path))
    assert bad.returncode == 1
    assert "FAIL" in bad.stdout and "step 10" in bad.stdout


def test_shell_completion_completes_commands() -> None:
    env = {
        **__import__("os").environ,
        "_CALLADVENTURE_COMPLETE": "complete_bash",
        "COMP_WORDS": "calladventure scen",
        "COMP_CWORD": "1",
    }
    proc = subprocess.run(
        [sys.executable, "-c", "from calladventure.cli import main; main()"],
        capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert proc.stdout.split() == ["scenario"]
