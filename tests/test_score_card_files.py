"""Score-card files: counts bounded by what a box can hold, every refusal naming the file.

A score card counts story icons (000 · Story Icons); its counts stand for the Origin, the
Motivation and the nine cards beneath the Character cards (000 · Ending the Game), so no count
beyond what those cards can show is worked on.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from calladventure.cli import app
from calladventure.play._score_file import score_card_file
from calladventure.play._scorecard import MAX_NAME, MOST, ScoreCardError, ScoreSheet, score_sheet

runner = CliRunner()

HERO = '[[heroes]]\nname = "Ada"\ndestiny = "Wise Master"\n'


def _card(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "x.toml"
    path.write_text(body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("icons = { arcana = 10000000 }", f"a Story shows at most {MOST['icons']} icons"),
        ("icons = { arcana = 9223372036854775807 }", f"a Story shows at most {MOST['icons']} icons"),
        ("icons = { arcana = 2000, justice = 2000 }", f"a Story shows at most {MOST['icons']} icons"),
        ("triumph = 100000000", f"triumph is at most {MOST['triumph']}"),
        ("experience = 9223372036854775807", f"experience is at most {MOST['experience']}"),
    ],
)
def test_a_score_cards_counts_are_bounded_by_what_a_box_can_hold_before_any_work(
    tmp_path: Path, line: str, needle: str
) -> None:
    path = _card(tmp_path, f"{HERO}{line}\n")
    start = time.perf_counter()
    with pytest.raises(ScoreCardError, match=needle):
        score_card_file(path)
    assert time.perf_counter() - start < 2.0


def test_every_score_card_refusal_names_the_file(tmp_path: Path) -> None:
    path = _card(tmp_path, f"{HERO}experience = -2\n")
    result = runner.invoke(app, ["score", "--file", str(path)])
    assert result.exit_code == 2
    assert f"error: {path}: Ada: experience cannot be negative (got -2)" in result.output
    path = _card(tmp_path, f"{HERO}colour = 'red'\n")
    with pytest.raises(ScoreCardError, match=f"^{path}: heroes\\[0\\] \\(Ada\\): unknown field 'colour'"):
        score_card_file(path)


@pytest.mark.parametrize("icon", ["strength", "wisdom", "virtue"])
def test_000_story_icons_a_score_card_counts_story_icons_not_ability_icons_or_marks(icon: str) -> None:
    with pytest.raises(
        ScoreCardError, match=f"{icon} is an? (ability|mark), not a story icon; the story icons are"
    ):
        score_sheet(ScoreSheet(name="Ada", destiny="Wise Master", icons=((icon, 3),)))
    plain = score_sheet(ScoreSheet(name="Ada", destiny="Wise Master"))
    counted = score_sheet(ScoreSheet(name="Ada", destiny="Wise Master", icons=(("arcana", 3),)))
    assert counted.total > plain.total  # a set of story icons scores


def test_a_score_card_gives_the_corruption_level_as_level_or_corruption_not_both(tmp_path: Path) -> None:
    path = _card(tmp_path, f'{HERO}level = "Corruption 1"\ncorruption = 0\n')
    with pytest.raises(ScoreCardError, match="give level or corruption, not both"):
        score_card_file(path)
    with pytest.raises(ScoreCardError, match="as level or as corruption, not both"):
        score_sheet(ScoreSheet(name="Ada", destiny="Wise Master", level="Corruption 1", corruption=1))


@pytest.mark.parametrize(
    ("name", "needle"),
    [
        ("A" * 5000, f"a name has 1 to {MAX_NAME} characters, not 5000"),
        ("", f"a name has 1 to {MAX_NAME} characters, not 0"),
        ("Ada\x1b[2J", "a name holds no control characters, not \\\\x1b"),
        ("Ada\x9b", "a name holds no control characters, not \\\\x9b"),
    ],
)
def test_a_score_cards_hero_names_are_bounded_and_hold_no_control_characters(name: str, needle: str) -> None:
    with pytest.raises(ScoreCardError, match=f"hero 1: {needle}"):
        score_sheet(ScoreSheet(name=name, destiny="Wise Master"))
    assert score_sheet(ScoreSheet(name="A" * MAX_NAME, destiny="Wise Master")).name == "A" * MAX_NAME


def test_the_example_score_card_still_scores() -> None:
    card, scores = score_card_file("examples/score-card.toml")
    assert [s.name for s in scores] == [s.name for s in card.sheets] == ["Ada", "Bo"]


@pytest.mark.parametrize("value", ["{ v = 1 }", '"1"', "[1]", "1.5", "true"])
def test_a_corruption_that_is_not_a_whole_number_is_refused_naming_the_file(
    tmp_path: Path, value: str
) -> None:
    """000 · Glossary: Corruption: the level is a whole number of steps down the track (found by the fuzzer)."""
    path = _card(tmp_path, HERO + f"corruption = {value}\n")
    with pytest.raises(ScoreCardError, match=r"x\.toml: Ada: corruption .* is off the track"):
        score_card_file(path)


@pytest.mark.parametrize("name", ["Ada\nBo", "Ada\tBo"])
def test_a_hero_name_over_two_lines_is_refused(tmp_path: Path, name: str) -> None:
    """A hero's name is one line: a newline or tab in it is refused like any control character."""
    path = _card(tmp_path, HERO.replace('"Ada"', repr(name).replace("'", '"')))
    with pytest.raises(ScoreCardError, match=r"x\.toml: hero 1: a name holds no control characters"):
        score_card_file(path)
