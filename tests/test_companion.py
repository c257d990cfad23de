"""The companion: one test for each defect a newcomer met, on the command line and in the pictures.

The command line's errors are one line with exit status 2 and never a traceback; the terminal
game speaks the player's words; the pictures survive without HTML or a symbol font; citations
name the rulebook the reader has.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

from calladventure import Game
from calladventure.cli import app
from calladventure.cli._choices import BOTS, LANGS, complete_card_names, complete_seats, complete_sets
from calladventure.cli._session import PlaySession
from calladventure.play.bots import BOTS as ENGINE_BOTS
from calladventure.present import LANGUAGES, game_html, rule_note
from calladventure.present._citations import FRENCH_EQUIVALENTS
from calladventure.values._actions import AttemptChallenge, CastRunes, PlaceAllyUnder
from calladventure.values._icons import GLYPHS
from calladventure.values._sections import CORE_EQUIVALENTS, SECTIONS, cite

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def _run(*args: str, env: dict[str, str] | None = None) -> Result:
    return runner.invoke(app, list(args), env={**WIDE, **(env or {})})


def _user_error(result: Result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def _in_play(seed: int = 3, players: int = 2) -> Game:
    game = Game.new(players=players, seed=seed)
    while game.state.phase.value == "setup":
        game.push(game.legal_actions[0])
    return game


# ----------------------------------------------------------------------------- bad input on the command line


@pytest.fixture
def saves(tmp_path: Path) -> dict[str, Path]:
    game = _in_play()
    out = {}
    for drop in ("config", "actions"):
        doc = json.loads(game.save())
        del doc[drop]
        out[drop] = tmp_path / f"no-{drop}.json"
        out[drop].write_text(json.dumps(doc), encoding="utf-8")
    return out


@pytest.mark.parametrize("command", ["explain", "replay"])
def test_explain_and_replay_a_save_missing_its_config_or_actions_is_one_line(
    command: str, saves: dict[str, Path]
) -> None:
    assert "field 'config': the required field 'config' is missing" in _user_error(
        _run(command, str(saves["config"]))
    )
    line = _user_error(_run(command, str(saves["actions"])))
    assert "the required field 'actions' is missing" in line and "digest" not in line


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--ability", "strength=9", "--difficulty", "4"], "at most 3 runes of one ability"),
        (["--dark", "4", "--difficulty", "4"], "at most 3 Dark runes a turn"),
    ],
)
def test_odds_refuses_a_pool_the_rules_do_not_allow(args: list[str], needle: str) -> None:
    assert needle in _user_error(_run("odds", *args))


def test_odds_refuses_a_negative_difficulty_and_says_what_it_does_not_check() -> None:
    negative = _run("odds", "--difficulty", "-2")
    assert (
        negative.exit_code == 2
        and "--difficulty" in negative.output
        and "greater than or equal to 0" in negative.output
    )
    ok = _run("odds", "--difficulty", "4", "--ability", "strength=2")
    assert ok.exit_code == 0 and "hypothetical cast: no hero's Experience" in ok.stdout


def test_errors_are_json_on_stderr_with_json() -> None:
    result = _run("odds", "--difficulty", "4", "--ability", "strength=9", "--json")
    assert result.exit_code == 2 and result.stdout == ""
    doc = json.loads(result.stderr)
    assert doc["exit_code"] == 2 and "strength=9" in doc["error"] and doc["type"] == "CallAdventureError"


def test_version_and_debug() -> None:
    from importlib.metadata import version

    result = _run("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"calladventure {version('calladventure')}"
    assert "--debug" in _run("--help").stdout


def test_an_unexpected_error_is_one_line_with_a_hint_and_debug_shows_the_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def boom(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr("calladventure.present.run_demo", boom)
    result = _run("demo")
    assert result.exit_code == 1 and "Traceback" not in result.output
    line = result.stderr.strip()
    assert line.count("\n") == 0 and "unexpected RuntimeError: kaboom" in line and "--debug" in line
    debug = _run("--debug", "demo")
    assert isinstance(debug.exception, RuntimeError)  # the traceback is the caller's to see


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["demo", "--mode", "team"], "'competitive', 'coop', 'solo'"),
        (["play", "--lang", "de"], "'en', 'fr'"),
    ],
)
def test_modes_and_languages_are_choices_listed_in_the_error_and_the_help(
    args: list[str], needle: str
) -> None:
    result = _run(*args)
    assert result.exit_code == 2 and needle in result.output
    assert "competitive|coop|solo" in _run("play", "--help").stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["demo", "--bots", "greedy,genius"], "choose from greedy, random"),
        (["play", "--seats", "human", "--seats", "wizard"], "choose from human, greedy, random"),
        (["play", "--sets", ""], "--sets is empty: choose from core, notw, stormlight"),
        (["play", "--sets", "core,nope"], "unknown 'nope'"),
    ],
)
def test_lists_are_validated_naming_the_choices(args: list[str], needle: str) -> None:
    assert needle in _user_error(_run(*args))


def test_lists_may_be_repeated_or_comma_separated() -> None:
    one = json.loads(_run("demo", "--players", "2", "--bots", "greedy,random", "--json").stdout)
    two = json.loads(_run("demo", "--players", "2", "--bots", "greedy", "--bots", "random", "--json").stdout)
    assert one == two and one["bots"] == ["greedy", "random"]


def test_help_metavars_are_readable() -> None:
    for command in (["cards", "show"], ["cards", "validate"], ["play"], ["demo"], ["explain"]):
        text = _run(*command, "--help").stdout
        # Typer marks a required argument {LIKE_THIS}; never a parameter's own name or a type name.
        assert (
            not re.search(r"\{[a-z_]+\}", text)
            and "<list[" not in text
            and not re.search(r"<(str|int|path)>", text)
        ), command


def test_value_completion_for_seats_sets_cards_and_the_engine_names_agree() -> None:
    assert tuple(sorted(ENGINE_BOTS)) == BOTS and LANGS == LANGUAGES
    assert complete_seats("human,gr") == ["human,greedy"]
    assert "stormlight" in complete_sets("st")
    assert "Wild Boar Hunt" in complete_card_names("wild b")
    env = {
        **os.environ,
        "_CALLADVENTURE_COMPLETE": "complete_bash",
        "COMP_WORDS": "calladventure play --seats hu",
        "COMP_CWORD": "3",
    }
    proc = subprocess.run(
        [sys.executable, "-c", "from calladventure.cli import main; main()"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.stdout.split() == ["human"]


# ----------------------------------------------------------------------------- cards and rules


def test_cards_list_keeps_whole_ids_when_piped() -> None:
    result = runner.invoke(app, ["cards", "list", "--set", "core"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert "core/find-a-lost-child" in result.stdout and "core/wild-boar" in result.stdout


def test_cards_show_finds_a_card_by_words_of_its_name() -> None:
    result = _run("cards", "show", "wild boar")
    assert result.exit_code == 0 and "Wild Boar Hunt" in result.stdout
    assert "names several cards" in _user_error(_run("cards", "show", "road"))


def test_cards_list_an_unknown_set_names_the_sets_not_a_path() -> None:
    line = _user_error(_run("cards", "list", "--set", "nope"))
    assert "choose from core, notw, stormlight" in line and "/" not in line


def test_rules_has_a_description_column() -> None:
    result = _run("rules")
    assert "What it decides" in result.stdout and "open question 1" in result.stdout
    doc = json.loads(_run("rules", "--json").stdout)
    assert all(v["description"] for v in doc.values())


# ----------------------------------------------------------------------------- the terminal game's words


def _session(game: Game, lines: list[str], kinds: list[str] | None = None) -> tuple[PlaySession, str]:
    out = Console(record=True, width=140, color_system=None)
    feed = iter(lines)
    session = PlaySession(game, kinds or ["human", "greedy"], console=out, read=lambda _p: next(feed))
    session.run()
    return session, out.export_text()


def test_play_shows_a_compact_status_not_the_whole_table() -> None:
    _s, text = _session(_in_play(), ["q"])
    decision = text[text.index("Turn ") : text.index("  1. ")]
    assert "The table" not in decision and "P1: Act I, Story 0/9, 3 Experience" in decision
    assert len([line for line in decision.splitlines() if not re.match(r"^\s+\d+\. ", line)]) <= 6


def test_play_lists_dark_runes_with_their_cost_and_risk() -> None:
    _s, text = _session(_in_play(), ["q"])
    assert re.search(
        r"… with 1 Dark rune\s+\(\d+\.\d\d% to succeed\)\s+costs 1 of your 3 Experience; 50% risk of Corruption",
        text,
    )


def test_play_undo_and_replay_speak_the_players_words() -> None:
    game = _in_play()
    attempt = next(a for a in game.legal_actions if isinstance(a, AttemptChallenge) and not a.dark)
    name = game.card(attempt.card).name
    _s, text = _session(game, [str(list(game.legal_actions).index(attempt) + 1), "u", "q"])
    assert f"undone: your attempt at {name}" in text and not re.search(r"cast( \d)+", text)


def test_replay_words_a_cast_by_its_faces(tmp_path: Path) -> None:
    game = _in_play()
    attempt = next(a for a in game.legal_actions if isinstance(a, AttemptChallenge))
    game.push(attempt)
    game.cast()
    game.save(tmp_path / "g.json")
    text = _run("replay", str(tmp_path / "g.json"), "--all").stdout
    cast = next(line for line in text.splitlines() if ": cast:" in line)
    assert re.search(r"cast: [a-z-]+(, [a-z-]+)+$", cast) and not re.search(r"cast \d", text)


def test_play_names_the_challenge_an_ally_goes_under() -> None:
    from calladventure.present._action_words import action_words

    game = _in_play(seed=1)
    found = None
    for seed in range(40):  # find a position where an Ally is to be placed
        g = Game.new(players=2, seed=seed)
        bots = [__import__("calladventure.play.bots", fromlist=["GreedyBot"]).GreedyBot(seed)] * 2
        while not g.over and len(g.history) < 400:
            if any(isinstance(a, PlaceAllyUnder) for a in g.legal_actions):
                found = g
                break
            g.push(CastRunes() if g.is_chance else bots[g.to_move or 0].choose(g))
        if found:
            break
    assert found is not None, game
    words = [action_words(found, a) for a in found.legal_actions]
    assert all(re.match(r"tuck .+ under .+ \(slot \d\)", w) for w in words), words


def test_play_coop_status_shows_the_adversarys_tokens() -> None:
    game = Game.new(players=2, seed=4, sets=("stormlight",), mode="coop")
    while game.state.phase.value == "setup":
        game.push(game.legal_actions[0])
    _s, text = _session(game, ["q"])
    assert re.search(r"Odium: \d+ tokens", text)


def test_play_saves_get_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _s, text = _session(_in_play(), ["s mygame", "q"])
    assert "saved the game: mygame.json" in text and (tmp_path / "mygame.json").exists()


# ----------------------------------------------------------------------------- pictures


def test_print_game_shows_the_table() -> None:
    text = str(_in_play())
    assert "Waiting for" in text and "Act I" in text and not text.startswith("<Game")


def test_game_state_repr_is_short_and_events_print_as_a_log() -> None:
    game = _in_play()
    assert len(repr(game.state)) < 300 and repr(game.state).startswith("<GameState turn 1")
    log = str(game.events)
    assert log.count("\n") >= len(game.events) - 1 and "[000 · Deal the Cards (001)]" in log
    assert game.events == list(game.events) and "<table" not in log


def test_svg_pictures_are_well_formed_and_use_no_font_glyph_for_icons() -> None:
    game = _in_play()
    attempt = next(a for a in game.legal_actions if isinstance(a, AttemptChallenge))
    odds = game.odds(attempt)
    from calladventure.present import tableau_model

    for picture in (game._repr_svg_(), odds._repr_svg_(), tableau_model(game, 0, secrets=True)._repr_svg_()):
        assert picture is not None and ET.fromstring(picture).tag == "{http://www.w3.org/2000/svg}svg"
        assert not set(GLYPHS.values()) & set(picture)
    chart = odds._repr_svg_()
    assert chart is not None and chart.count("<rect") == len(odds.cast.counts)  # one bar per total
    assert "0%" in chart and "or more succeeds" in chart  # an axis and the difficulty
    game.push(attempt)
    game.cast()
    from calladventure.present import last_cast

    found = last_cast(game)
    assert found is not None and ET.fromstring(found[0]._repr_svg_() or "") is not None


def test_html_pictures_draw_icons_as_svg_shapes() -> None:
    page = game_html(_in_play(), reveal=True)
    text = re.sub(r"<[^>]*>", "", re.sub(r"<(style|title)\b.*?</\1>", "", page, flags=re.S))
    assert not set(GLYPHS.values()) & set(text)
    assert "ca-icon-" in page


def test_each_citation_opens_its_rule_explained() -> None:
    from calladventure.present import events_html

    game = _in_play()
    page = events_html(game.events, game.config)
    assert '<details class="ca-why">' in page and "under the heading" in page
    note = rule_note("000/dark-runes")
    assert "Experience" in note.text and note.where.endswith("“Dark Runes”")


def test_a_citation_names_the_core_rulebook_as_alias_where_it_states_the_rule() -> None:
    assert all(v in SECTIONS for v in (*CORE_EQUIVALENTS.values(), *FRENCH_EQUIVALENTS.values()))
    assert cite("000/attempt-a-challenge") == "000 · Attempt a Challenge (001)"
    assert cite("001/attempt-a-challenge") == "000 · Attempt a Challenge (001)"
    assert cite("000/journey") == "000 · Journey (001 · Other Actions)"
    assert cite("000/story-icons") == "000 · Story Icons"  # only 000 gives the values
    french = rule_note("000/attempt-a-challenge", "fr")  # one citation in French too; the note adds 004
    assert french.citation == cite("000/attempt-a-challenge") and french.where.endswith("« Tenter un Défi »")


def test_the_demo_log_never_breaks_a_citation_across_lines() -> None:
    from calladventure.present import run_demo

    out = Console(record=True, width=80, color_system=None)
    game = run_demo(seed=7, players=2, bots="greedy", out=out)
    text = out.export_text()
    for section in {e.section for e in game.events}:
        shown = cite(section)
        assert shown in text or section == "000/each-turn", shown
    assert not re.search(
        r"\[\d{3} ·[^\]\n]*\n", text
    )  # no citation opened on one line and closed on the next


def test_the_demo_summary_is_short() -> None:
    full = _run("demo", "--seed", "7").stdout
    short = _run("demo", "--seed", "7", "--summary").stdout
    assert len(short.splitlines()) * 3 < len(full.splitlines())
    assert "Final scores" in short and "Winner" in short and "overcomes" in short


def test_the_docs_svg_pictures_are_drawn_by_the_current_code() -> None:
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run(
        [sys.executable, str(root / "scripts" / "gen_pictures.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_score_interactive_asks_again_after_a_bad_answer() -> None:
    answers = [
        "core",  # sets
        "1",  # heroes
        "Ada",  # name
        "c",  # by card names
        "Farmr",  # a typo: asked again
        "Farmer",
        "Thrill Seeker",
        "Brave, Devout, Outlaw, Silver Tongue",  # four cards under the Origin: asked again
        "Brave",
        "",
        "",
        "",
        "",
        "Wise Master",
        "-1",  # negative Experience: asked again
        "2",
        "0",
        "",
        "n",
    ]
    result = runner.invoke(app, ["score"], input="\n".join(answers) + "\n", env=WIDE)
    assert result.exit_code == 0, result.output
    assert "did you mean 'Farmer'" in result.output
    assert "at most three go under a Character card" in result.output
    assert "cannot be negative" in result.output
    assert "Ada:" in result.stdout and "Unspent Experience" in result.stdout


def test_score_card_widget_shows_an_impossible_entry_and_keeps_going() -> None:
    pytest.importorskip("ipywidgets")
    from calladventure.widgets import ScoreCard

    card = ScoreCard(["core"], heroes=1)
    card.set(0, under_origin=["Brave", "Devout", "Outlaw", "Silver Tongue"])
    assert card.error is not None and "at most three" in card.error and card.scores == ()
    card.set(0, under_origin=["Brave"])
    assert (card.error is None and card.scores and "Brave" not in card.view.value) or card.scores


def test_000_deal_the_cards_the_terminal_game_never_names_a_bots_destiny() -> None:
    game = Game.new(players=2, seed=3)
    _s, text = _session(game, ["1", "1", "1", "q"])
    destiny = game.state.players[1].destiny  # the bot (P2) kept it while P1 chose
    assert destiny is not None and game.card(destiny).name not in text
    assert "P2: keeps a Destiny (face down)" in text


def test_replay_at_a_prompt_never_ends_on_odd_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _in_play().save(tmp_path / "g.json")
    monkeypatch.setattr("calladventure.cli._saves._interactive", lambda: True)
    result = runner.invoke(
        app, ["replay", str(tmp_path / "g.json")], input="g ²\ng 99\nzzz\nn\nq\n", env=WIDE
    )
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert result.stdout.count("error: write g N") == 2 and "step 1 ·" in result.stdout
