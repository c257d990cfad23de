"""``calladventure report`` and ``calladventure simulate`` on their Typer app, and the study summaries.

``data/twelve_games.csv`` is a fixed results file: 12 games between a greedy bot (seat 0) and a
random bot (seat 1), base seed 1, ``max_steps=140`` (two games fail). Its report is known: the
greedy bot won all 10 finished games, 10/10 with the Wilson interval [72.2%, 100.0%]. (Replayed
with priority passing round the table (docs/design.md § Who may act right now?), which change what random bots play, and the score's
third category, ``other``.)
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from calladventure.cli import _simulate as cli
from calladventure.play.simulate import Results, StudySpec, compare, simulate, summarize

DATA = Path(__file__).resolve().parent / "data"
TWELVE = DATA / "twelve_games.csv"


def run(*words: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli.app, list(words), prog_name="calladventure", env={"COLUMNS": "200"})
    return result.exit_code, result.output


def test_the_fixed_file_is_what_the_study_plays() -> None:
    """The games are reproducible from their seeds: replaying the study gives the file, row for row."""
    replay = simulate(StudySpec(players=2, bots="greedy,random", max_steps=140), 12, seed=1, jobs=1)
    assert replay.rows == Results.load(TWELVE).rows


def test_report_of_a_fixed_file() -> None:
    code, out = run("report", str(TWELVE))
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "2 heroes (greedy, random) · core · competitive · seed 1"
    assert "12 games, 2 failed. Win rates with 95% Wilson intervals" in out

    def row(label: str) -> list[str]:
        cells = (
            [cell.strip() for cell in line.strip("│").split("│")] for line in lines if line.startswith("│")
        )
        return next(found for found in cells if found[0] == label)

    assert row("P1 (first)") == ["P1 (first)", "10", "10", "100.0%", "[72.2%, 100.0%]"]
    assert row("P2") == ["P2", "10", "0", "0.0%", "[0.0%, 27.8%]"]
    assert row("every hero") == ["every hero", "20", "10", "50.0%", "[29.9%, 70.1%]"]
    assert row("greedy") == ["greedy", "10", "10", "100.0%", "[72.2%, 100.0%]"]
    assert row("Hunter") == ["Hunter", "1", "1", "100.0%", "[20.7%, 100.0%]"]
    assert row("total") == ["total", "42.60", "[31.51, 53.69]", "25.30", "12", "22", "41.5", "51.5", "108"]
    assert row("turns")[:3] == ["turns", "19.00", "[17.95, 20.05]"]
    assert row("4") == ["4", "4301237669706419", "RuntimeError: the game did not end within 140 actions"]
    assert "Co-op" not in out  # a competitive study has no co-op table


def test_report_as_json_and_at_another_confidence() -> None:
    code, out = run("report", str(TWELVE), "--json", "--confidence", "0.9")
    assert code == 0, out
    doc = json.loads(out)["report"]
    assert (doc["games"], doc["failed"], doc["confidence"]) == (12, 2, 0.9)
    first = doc["by_seat"][0]
    assert first["group"] == "P1 (first)" and first["rate"]["rate"] == 1.0
    # n/n successes: the Wilson lower bound is n / (n + z²) = 10 / (10 + 1.644854²) at 90%
    assert first["rate"]["low"] == pytest.approx(10 / (10 + 1.644854**2), abs=1e-6)
    assert doc["failures"] == [
        {
            "index": 4,
            "seed": 4301237669706419,
            "error": "RuntimeError: the game did not end within 140 actions",
        },
        {
            "index": 11,
            "seed": 4992994390506036,
            "error": "RuntimeError: the game did not end within 140 actions",
        },
    ]


def test_report_top_keeps_the_best_characters() -> None:
    code, out = run("report", str(TWELVE), "--top", "2")
    assert code == 0
    origins = out.split("Win rate by Origin", 1)[1].split("Win rate by Motivation", 1)[0]
    assert len(re.findall(r"^│ \S", origins, flags=re.M)) == 2


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_compare_two_runs_and_save_the_plots(tmp_path: Path, suffix: str) -> None:
    a, b = tmp_path / "a.csv", tmp_path / "b.parquet"
    for path, rule in ((a, "icon_sets=doubling"), (b, "icon_sets=cap_at_four")):
        code, out = run(
            "simulate", "--games", "30", "--bots", "greedy", "--seed", "4", "--rule", rule, "--out", str(path)
        )
        assert code == 0, out
    plot = tmp_path / f"compare{suffix}"
    code, out = run("report", str(a), "--compare", str(b), "--plot", str(plot))
    assert code == 0, out
    assert "They differ in icon_sets: doubling (A) vs cap_at_four (B)." in out
    assert "paired: game i of A against game i of B" in out
    assert re.search(
        r"│ score: icon_sets\s+│\s+[\d.]+ │\s+[\d.]+ │\s+\+[\d.]+ \[\+[\d.]+, \+[\d.]+\] │\s+✓ │", out
    ), out
    assert plot.stat().st_size > 5000
    head = plot.read_bytes()[:200]
    assert head.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in plot.read_bytes()[:2000]
    code, out = run("report", str(a), "--compare", str(b), "--independent")
    assert code == 0 and "independent samples" in out


def test_comparison_without_pairs_and_with_several_differences() -> None:
    a = simulate(StudySpec(players=2), 12, seed=1, jobs=1)
    b = simulate(
        StudySpec(players=2, bots="greedy", options={"icon_sets": "cap_at_four"}), 12, seed=2, jobs=1
    )
    c = compare(a, b)
    assert not c.paired and not c.one_difference
    assert [what for what, _, _ in c.differs] == ["bots", "icon_sets", "seed"]
    assert c.contrasts[0].measure == "win rate P1 (first)" and c.contrasts[0].difference.kind == "proportion"


def test_a_co_op_study_reports_the_heroes_win_rate_by_quest(tmp_path: Path) -> None:
    out = tmp_path / "coop.csv"
    code, text = run(
        "simulate", "--games", "6", "--sets", "stormlight", "--mode", "coop", "--bots", "greedy",
        "--jobs", "1", "--out", str(out), "--no-progress",
    )  # fmt: skip
    assert code == 0, text
    report = summarize(Results.load(out))
    (quest,) = report.coop
    games = Results.load(out).games()
    assert quest.group == games[0]["quest"] and quest.rate.trials == 6
    assert quest.rate.successes == sum(bool(g["heroes_win"]) for g in games)
    assert report.odium_tokens is not None
    assert "Co-op: the heroes win, by Adversary Quest" in text and "The Adversary's tokens" in text


def test_simulate_saves_resumes_and_never_overwrites(tmp_path: Path) -> None:
    out = tmp_path / "study.csv"
    code, text = run("simulate", "--games", "10", "--jobs", "1", "--out", str(out))
    assert code == 0, text
    assert re.search(r"^10 games \(0 failed\) in [\d.]+ s, [\d,.]+ games/s; saved to ", text, flags=re.M)
    assert "games/s" in text and "10/10" in text  # the progress bar's last state
    code, text = run("simulate", "--games", "10", "--jobs", "1", "--out", str(out))
    assert code == 2 and "already exists" in text and "--resume" in text  # a user's error: status 2
    code, text = run("simulate", "--games", "16", "--jobs", "2", "--out", str(out), "--resume", "--json")
    assert code == 0, text
    assert json.loads(text)["report"]["games"] == 16
    assert Results.load(out).rows == simulate(StudySpec(), 16, jobs=1).rows


def test_an_unknown_mode_is_a_usage_error_naming_the_modes() -> None:
    """``--mode`` takes the modes only, as ``demo`` and ``play`` do: click refuses anything else (status 2)."""
    code, text = run("simulate", "--mode", "team")
    assert code == 2, text
    assert "'team' is not one of 'competitive', 'coop', 'solo'" in text


@pytest.mark.parametrize(
    ("words", "says"),
    [
        ("simulate --bots genius", "--bots: unknown 'genius'; choose from greedy, random, search"),
        ("simulate --rule icon_sets=often", "choose one of ['doubling', 'cap_at_four']"),
        ("simulate --backend spark", "unknown backend 'spark'; choose from ['process', 'dask', 'ray']"),
        ("simulate --backend process --scheduler tcp://x:1", "needs --backend dask or ray"),
        ("simulate --out study.txt", "ends in one of ['.csv', '.parquet']"),
        ("simulate --out nowhere/study.csv", "the folder nowhere does not exist"),
        ("simulate --resume", "resume needs the results file"),
        ("report missing.csv", "missing.csv: no such results file"),
        ("report missing.parquet", "missing.parquet: no such results file"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    words: str, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, text = run(*shlex.split(words))
    assert code == 2, text  # a user's error: status 2, as every command gives it
    assert text.startswith("error: ") and text.count("\n") == 1 and says in text


def test_a_chart_format_is_checked_before_drawing(tmp_path: Path) -> None:
    code, text = run("report", str(TWELVE), "--plot", str(tmp_path / "out.gif"))
    assert code == 2 and "['.png', '.svg', '.pdf']" in text


def test_register_adds_both_commands_to_another_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    main = typer.Typer(no_args_is_help=True)

    @main.command()
    def other() -> None:
        """Another command of the main app."""

    cli.register(main)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["simulate", "--games", "3", "--jobs", "1", "--out", "s.csv"])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(main, ["report", "s.csv"])
    assert result.exit_code == 0 and "P1 (first)" in result.output
    result = CliRunner().invoke(main, ["simulate", "--help"])
    assert "Examples:" in result.output and "--resume" in result.output


def test_every_example_in_the_help_is_valid_usage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As tests/test_docs_site.py checks for the main app: each example parses (0 or 1, never 2)."""
    monkeypatch.chdir(tmp_path)  # the examples name files of the reader's own (my-studies/)
    examples = [
        line.strip()
        for epilog in (cli.SIMULATE_EXAMPLES, cli.REPORT_EXAMPLES)
        for line in epilog.splitlines()
        if line.strip().startswith("calladventure ")
    ]
    assert len(examples) >= 8
    for example in examples:
        code, text = run(*shlex.split(example)[1:])
        assert code in (0, 2), f"{example}: {text}"
        if code == 2:  # a user's error: here, the reader's own folder is missing
            assert "my-studies" in text, f"{example} failed for another reason: {text}"


def test_the_command_lines_of_the_simulation_page_are_valid_usage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/simulation.md shows them in a text block until the main app has the commands."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "simulation.md").read_text(encoding="utf-8")
    commands = [
        line.removeprefix("$ ").strip()
        for block in re.findall(r"^```text\n(.*?)^```", page, flags=re.M | re.S)
        for line in block.splitlines()
        if line.startswith("$ calladventure ")
    ]
    assert len(commands) >= 6
    monkeypatch.chdir(tmp_path)
    for command in commands:
        code, text = run(*shlex.split(command)[1:])
        assert code == 0 or (code == 2 and "my-studies" in text), f"{command}: {text}"


def test_simulate_prints_the_same_report_as_report_of_its_file(tmp_path: Path) -> None:
    """The study's own report lists every Origin, as ``report FILE`` does: one rendering of one summary."""
    out = tmp_path / "study.csv"
    code, text = run("simulate", "--games", "40", "--jobs", "1", "--no-progress", "--out", str(out))
    assert code == 0, text
    code, reported = run("report", str(out))
    assert code == 0, reported
    assert text.split("\n", 1)[1] == reported
