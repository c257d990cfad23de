"""The command line at 80 columns and piped, ``-h``, and exit codes as docs/reference/cli.md states them.

Every command that prints a table is rendered 80 columns wide, once with ``COLUMNS=80`` and once
piped (no terminal, no ``COLUMNS``: rich then takes 80 columns too): no line is wider than 80,
no cell is cut to an ellipsis, and each column header a reader needs appears whole.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner, Result

from calladventure.cli import app

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "reference" / "cli.md"
SCENARIO = "examples/scenarios/000-faqs-act-ii-cards-before-finishing-act-i.toml"
STUDY = "tests/simulate/data/twelve_games.csv"

#: At 80 columns, then piped (``None`` unsets ``COLUMNS`` for the run).
WIDTHS = {"COLUMNS=80": {"COLUMNS": "80"}, "piped": {"COLUMNS": None}}

#: Every command that prints a table, and the headers (or words) it must show whole.
TABLES: dict[str, tuple[list[str], tuple[str, ...]]] = {
    "rules": (["rules"], ("Option", "Choices", "What it decides", "name_pairs", "dark_runes_per_turn")),
    "cards list": (["cards", "list"], ("Id", "Name", "stormlight/pilgrimage-to-the-sunken-shrine")),
    "cards list --type challenge": (["cards", "list", "--type", "challenge"], ("Id", "Name", "Abilities")),
    "cards list --set core": (["cards", "list", "--set", "core"], ("Id", "Name", "Type")),
    "cards show": (["cards", "show", "Wild Boar Hunt"], ("Wild Boar Hunt", "Spear it for the feast")),
    "score": (
        ["score", "--file", "examples/score-card.toml"],
        ("line", "Triumph", "Tragedy", "Other", "rule"),
    ),
    "report": (["report", STUDY], ("Category", "Mean", "interval", "Median", "antihero_cards")),
    "simulate": (
        ["simulate", "--games", "3", "--jobs", "1", "--no-progress"],
        ("Category", "interval", "Max"),
    ),
    "odds": (
        ["odds", "--difficulty", "4", "--ability", "strength=2", "--dark", "1"],
        ("Total", "P(=)", "P(≥)"),
    ),
    "explain": (["explain", SCENARIO, "--step", "1"], ("step 1",)),
    "scenario run": (["scenario", "run", SCENARIO], ("events (rule)", "checks", "PASS")),
}


def _run(args: list[str], env: dict[str, str | None]) -> Result:
    return CliRunner().invoke(app, args, env=env, terminal_width=80, prog_name="calladventure")


@pytest.mark.parametrize("where", sorted(WIDTHS))
@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_table_fits_80_columns_with_no_cell_cut(
    name: str, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    args, whole = TABLES[name]
    result = _run(args, WIDTHS[where])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    too_wide = [line for line in lines if len(line) > 80]
    assert not too_wide, f"{name} ({where}): {len(too_wide)} lines wider than 80, e.g. {too_wide[0]!r}"
    cut = [line for line in lines if "…" in line]
    assert not cut, f"{name} ({where}): cells cut to an ellipsis, e.g. {cut[0]!r}"
    for words in whole:
        assert words in result.stdout, f"{name} ({where}): {words!r} is not shown whole"


def test_a_narrow_cards_list_drops_columns_rather_than_cut_ids_or_names() -> None:
    """At 80 columns the longest id keeps its width and names wrap at words, not a word a line."""
    result = _run(["cards", "list"], WIDTHS["COLUMNS=80"])
    rows = [line for line in result.stdout.splitlines() if line.startswith("│ core/bandits-on-the-road")]
    assert rows and "Bandits on the" in rows[0], result.stdout[:2000]
    assert "Abilities" not in result.stdout  # the least needed column went first
    wide = _run(["cards", "list"], {"COLUMNS": "160"})
    assert "Abilities" in wide.stdout and "Diff." in wide.stdout


def _commands(command: Any, path: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The paths of the app's commands and sub-commands, depth first (``()`` is the app)."""
    found = [path]
    ctx = command.context_class(command)
    for name in getattr(command, "list_commands", lambda _ctx: [])(ctx):
        found += _commands(command.get_command(ctx, name), (*path, name))
    return found


@pytest.mark.parametrize(
    "path", _commands(typer.main.get_command(app), ()), ids=lambda p: " ".join(p) or "calladventure"
)
def test_dash_h_is_help_on_the_app_and_every_command(path: tuple[str, ...]) -> None:
    short = _run([*path, "-h"], {"COLUMNS": "100"})
    assert short.exit_code == 0, short.output
    assert short.stdout.startswith("Usage: calladventure")
    assert short.stdout == _run([*path, "--help"], {"COLUMNS": "100"}).stdout
    assert "-h, --help" in short.stdout


def _stated_status(words: str) -> int:
    """The exit status the reference page gives for ``words`` (its "Exit status" paragraph)."""
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    paragraph = text[text.index("Exit status:") :].split(" | ")[0]
    found = re.search(re.escape(words) + r".*?exits with status (\d)", paragraph)
    assert found, f"docs/reference/cli.md states no exit status for {words!r}"
    return int(found.group(1))


def test_a_bad_file_exits_with_the_status_the_reference_page_states(tmp_path: Path) -> None:
    """A data error (a save that is not one) is a user's error; a card file that fails validation is a failed check."""
    save = tmp_path / "broken.json"
    save.write_text('{"format": "calladventure.save/2", "history": [', encoding="utf-8")
    result = _run(["explain", str(save)], {})
    assert result.exit_code == _stated_status("An error the user can cause") == 2, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    cards = tmp_path / "broken.toml"
    cards.write_text('format = "calladventure.cards/1"\n[[cards]]\nid = "x"\n', encoding="utf-8")
    checked = _run(["cards", "validate", str(cards)], {})
    assert checked.exit_code == _stated_status("A check that fails") == 1, checked.output


def test_simulate_help_shows_plain_metavars_and_the_modes_as_choices() -> None:
    """``--games N``, ``--mode competitive|coop|solo``: no ``<int range>`` and no ``<…>`` metavars."""
    text = CliRunner().invoke(app, ["simulate", "--help"], env={"COLUMNS": "100"}).output
    assert "int range" not in text and not re.search(r"<[a-z]", text), text
    assert "--mode competitive|coop|solo" in text, text
