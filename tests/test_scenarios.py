"""Scenario files: every example passes, a wrong expectation fails clearly, bad files name the step and field,
positions from live games round-trip, and the rules-questions page matches the scenarios."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from calladventure import Game
from calladventure.play.position import Position
from calladventure.play.scenario import (
    Scenario,
    ScenarioError,
    ScenarioFailed,
    questions_page,
    scenario_files,
)
from calladventure.values._errors import CallAdventureError
from calladventure.values._options import Rules
from calladventure.values._sections import SECTIONS

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "examples" / "scenarios"
FILES = scenario_files([SCENARIOS])


# ----------------------------------------------------------------------------- every example passes


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_scenario_passes(path: Path) -> None:
    scenario = Scenario.load(path)
    assert scenario.question and scenario.answer and scenario.sections, (
        "a scenario is a question with its answer"
    )
    result = scenario.run()
    assert result.ok, str(result.failure)
    assert result.checks >= 1  # it asserts something
    assert len(result.steps) == len(scenario.steps)


def test_there_are_at_least_thirty_scenarios_one_per_faq_of_000_and_002() -> None:
    assert len(FILES) >= 30
    cited = {sid for path in FILES for sid in Scenario.load(path).sections}
    faqs = {sid for sid in SECTIONS if sid.startswith(("000/faqs-", "002/faqs-"))}
    assert faqs <= cited, sorted(faqs - cited)
    examples = {sid for sid in SECTIONS if sid.startswith(("000/play-example-", "002/play-example-"))}
    assert examples <= cited, sorted(examples - cited)


def test_open_questions_have_a_scenario_under_each_option_value() -> None:
    """INDEX · What the texts leave open: the same question played under every value of its option."""
    played: dict[str, set[str]] = {}
    for path in FILES:
        scn = Scenario.load(path)
        if "INDEX/what-the-texts-leave-open" in scn.sections:
            for name, value in scn.game.rules.items():
                played.setdefault(name, set()).add(str(value))
    options = Rules.options()
    for name in ("icon_sets", "special_draw", "refill", "journey_scope", "odium_tokens", "odium_reveal",
                 "odium_facing", "odium_reward"):  # fmt: skip
        assert played.get(name) == set(options[name]), (name, played.get(name))
    # Options whose values are open-ended: the default and one other value.
    names = {p.stem for p in FILES}
    assert {"INDEX-open-question-name-pairs-default", "INDEX-open-question-name-pairs-custom"} <= names
    assert {"INDEX-open-question-adversary-goal-5", "INDEX-open-question-adversary-goal-1"} <= names
    assert played["name_pairs"] and played["adversary_goal"] == {"1"}


# ----------------------------------------------------------------------------- a wrong expectation

BASE = """
format = "calladventure.scenario/1"
question = "Does failing a challenge give one Experience?"
answer = "Yes."
sections = ["000/attempt-a-challenge"]

[game]
players = 1
seed = 3

[[heroes]]
origin = "Novice"
xp = 3

[[rows]]
act = 1
cards = ["High Wall", "Meadow"]

[[cards]]
name = "Novice"
type = "origin"

[[cards]]
name = "Meadow"
type = "trait"
act = 1
paths = [{ icons = ["nature"] }]

[[cards]]
name = "High Wall"
type = "challenge"
act = 1
difficulty = 5
abilities = ["strength"]
paths = [{ label = "Climb" }, { label = "Go round" }]

[[steps]]
do = "attempt High Wall top"
expect = { odds = 0.0 }

[[steps]]
cast = ["slash", "blank", "slash"]
expect = { xp = { P1 = XP }, event_text = "fails High Wall" }
"""


def test_a_correct_expectation_passes_and_a_wrong_one_fails_naming_step_expected_and_actual(
    tmp_path: Path,
) -> None:
    good = tmp_path / "good.toml"
    good.write_text(BASE.replace("XP", "4"), encoding="utf-8")
    assert Scenario.load(good).run().ok
    bad = tmp_path / "wrong.toml"
    bad.write_text(BASE.replace("XP", "5"), encoding="utf-8")
    result = Scenario.load(bad).run()
    assert not result.ok
    failure = result.failure
    assert failure is not None
    assert (failure.step, failure.action) == (2, "cast slash blank slash")
    assert failure.expected == "Experience of P1 = 5" and failure.actual == "4"
    message = str(failure)
    assert message == f"{bad}: step 2 (cast slash blank slash): expected Experience of P1 = 5, got 4"
    with pytest.raises(ScenarioFailed, match="step 2") as info:
        result.raise_for_failure()
    assert isinstance(info.value, CallAdventureError)


def test_a_failure_stops_the_run_at_that_step(tmp_path: Path) -> None:
    text = BASE.replace("XP", "5") + "\n[[steps]]\nend = true\n"
    result = Scenario.loads(text, file="three-steps").run()
    assert [s.index for s in result.steps] == [1, 2]
    assert result.failure is not None and result.failure.step == 2


def test_an_action_expected_illegal_that_is_legal_fails(tmp_path: Path) -> None:
    text = BASE.replace("XP", "4") + '\n[[steps]]\nend = true\nexpect_illegal = { reason_contains = "no" }\n'
    result = Scenario.loads(text, file="x.toml").run()
    assert result.failure is not None
    assert str(result.failure).startswith(
        "x.toml: step 3 (end the turn): expected the action to be refused, got it was played (end)"
    )


def test_an_illegal_action_checks_its_reason_and_leaves_the_game_unchanged() -> None:
    text = (
        BASE.replace("XP", "4")
        + '\n[[steps]]\ngain = "Meadow"\nexpect_illegal = { reason_contains = "REASON" }\n'
    )
    ok = Scenario.loads(text.replace("REASON", "gain a trait OR attempt a challenge")).run()
    assert ok.ok, ok.failure
    assert [c.what for c in ok.steps[-1].checks] == [
        "the reason for refusing contains",
        "the game unchanged after the refusal",
    ]
    wrong = Scenario.loads(text.replace("REASON", "costs Experience")).run()
    assert wrong.failure is not None and "costs Experience" in str(wrong.failure)


def test_an_unexpected_refusal_says_why() -> None:
    text = BASE.replace("XP", "4").replace(
        'do = "attempt High Wall top"', 'do = "attempt High Wall sideways"'
    )
    result = Scenario.loads(text, file="s").run()
    assert result.failure is not None
    assert result.failure.expected == "a legal action"
    assert result.failure.actual.startswith("refused:")


def test_odds_are_checked_exactly_as_a_fraction_or_to_four_decimals() -> None:
    text = BASE.replace("difficulty = 5", "difficulty = 2").split("[[steps]]\ncast")[0]  # the attempt only
    assert not Scenario.loads(text).run().ok  # 0.0 is wrong now
    assert Scenario.loads(text.replace("odds = 0.0", 'odds = "1/2"')).run().ok
    assert Scenario.loads(text.replace("odds = 0.0", "odds = 0.5")).run().ok
    assert not Scenario.loads(text.replace("odds = 0.0", 'odds = "3/8"')).run().ok


# ----------------------------------------------------------------------------- bad files


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        (
            ("expect = { odds = 0.0 }", 'expect = { xp = { P1 = "four" } }'),
            "step 1",
            ["expect.xp", "whole number"],
        ),
        (
            ('do = "attempt High Wall top"', 'do = "attempt High Wall top"\ngain = "Meadow"'),
            "step 1",
            ["one action per step"],
        ),
        (
            ("expect = { odds = 0.0 }", 'expect = { event = "000/no-such-section" }'),
            "step 1",
            ["expect.event", "unknown rule section"],
        ),
        (
            ("expect = { odds = 0.0 }", "expect = { xp = { P7 = 1 } }"),
            "step 1",
            ["expect.xp", "'P7' is not a seat"],
        ),
        (("expect = { odds = 0.0 }", "expect = { colour = 1 }"), "step 1", ["colour"]),
        (
            ("expect = { odds = 0.0 }", 'expect = { tucked = "somewhere" }'),
            "step 1",
            ["expect.tucked", "under the Origin"],
        ),
        (("players = 1", "players = 6"), "[game]", ["players", "1 to 4"]),
        (("seed = 3", 'seed = 3\nrules = { icon_sets = "tripling" }'), "[game]", ["rules", "tripling"]),
        (('origin = "Novice"', 'origin = "Nobody"'), "the position", ["Nobody"]),
        (("difficulty = 5", 'difficulty = "hard"'), "[[cards]] entry 3 (High Wall)", ["difficulty"]),
        (('cast = ["slash", "blank", "slash"]', "cast = true"), "step 2", ["cast", "random"]),
    ],
)
def test_a_bad_scenario_names_the_file_the_step_and_the_field(
    tmp_path: Path, change: tuple[str, str], where: str, words: list[str]
) -> None:
    path = tmp_path / "broken.toml"
    old, new = change
    assert old in BASE
    path.write_text(BASE.replace("XP", "4").replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        Scenario.load(path).run()
    message = str(info.value)
    assert message.startswith(f"{path}, {where}"), message
    for w in words:
        assert w in message, (w, message)


def test_wrong_format_unknown_keys_and_bad_toml_are_scenario_errors(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="format"):
        Scenario.loads('format = "calladventure.save/1"')
    with pytest.raises(ScenarioError, match="unknown top-level keys"):
        Scenario.loads('format = "calladventure.scenario/1"\nanswers = "no"')
    with pytest.raises(ScenarioError, match="not valid TOML"):
        Scenario.loads("format = [")
    with pytest.raises(ScenarioError, match="cannot read"):
        Scenario.load(tmp_path / "missing.toml")


# ----------------------------------------------------------------------------- from a live game


def _random_game(seed: int, steps: int, players: int = 3) -> Game:
    game = Game.new(players=players, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.push(rnd.choice(list(game.legal_actions)))
    return game


def _round_trip(game: Game) -> Scenario:
    text = Scenario.from_game(game, question="where are we?").to_toml()
    scenario = Scenario.loads(text, file="saved.toml")
    result = scenario.run()
    assert result.ok, result.failure
    assert result.game.state == game.state
    return scenario


@pytest.mark.parametrize(("seed", "steps"), [(1, 40), (2, 3), (4, 120), (6, 1000), (9, 61)])
def test_from_game_saves_any_point_of_a_live_game_as_a_scenario_that_rebuilds_it(
    seed: int, steps: int
) -> None:
    _round_trip(_random_game(seed, steps))


def test_from_game_during_the_deal_is_a_new_game_with_its_choices() -> None:
    scenario = _round_trip(_random_game(5, 2))
    assert scenario.game.new and len(scenario.steps) == 2 and not scenario.heroes


def test_from_game_writes_the_latest_turn_start_as_a_position_and_the_rest_as_steps() -> None:
    game = _random_game(3, 60)
    while not game.state.pending:  # stop inside an attempt or a decision
        game.push(random.Random(0).choice(list(game.legal_actions)))
    scenario = _round_trip(game)
    assert scenario.heroes and scenario.turn is not None
    assert 0 < len(scenario.steps) < len(game.history)
    assert scenario.turn.number == game.state.turn.number


def test_from_game_keeps_an_inline_card_set_and_a_co_op_adversary() -> None:
    source = Scenario.load(SCENARIOS / "000-faqs-odiums-cards-take-effect.toml")
    game = source.run().game
    scenario = _round_trip(game)
    assert scenario.cards and scenario.game.card_set == source.game.card_set
    assert "odium" in scenario.boxes and scenario.game.mode.value == "coop"


def test_from_game_of_a_position_with_allies_under_challenges() -> None:
    game = (
        Position(players=2, seed=4)
        .hero(0, story=[["Brave"]], xp=5, corruption=1)
        .hero(1, allies=["Loyal Hound"])
        .row(1, revealed=True)
        .game()
    )
    game.end_turn()
    _round_trip(game)


def test_to_toml_round_trips_an_example() -> None:
    path = SCENARIOS / "000-faqs-card-timing.toml"
    scenario = Scenario.load(path)
    again = Scenario.loads(scenario.to_toml(), file=str(path))
    assert again.run().ok
    assert again.steps == scenario.steps and again.heroes == scenario.heroes and again.cards == scenario.cards


# ----------------------------------------------------------------------------- pictures and the questions page


def test_a_result_shows_in_a_notebook_and_a_terminal() -> None:
    from rich.console import Console

    result = Scenario.load(SCENARIOS / "000-play-example-gaining-a-trait.toml").run()
    html = result._repr_html_()
    assert "On his first turn Adam gains the Officer trait" in html and "PASS" in html
    console = Console(width=140, record=True)
    console.print(result)
    text = console.export_text()
    assert "000 · Gain a Trait" in text and "PASS" in text
    assert result.to_dict()["steps"][1]["events"][0]["section"] == "000/gain-a-trait"


def test_the_rules_questions_page_is_built_from_the_scenarios() -> None:
    page = questions_page([SCENARIOS], base=ROOT)
    committed = (ROOT / "docs" / "rules-questions.md").read_text(encoding="utf-8")
    assert committed == page, (
        "run: calladventure scenario questions examples/scenarios --output docs/rules-questions.md"
    )
    for path in FILES:
        assert f"`examples/scenarios/{path.name}`" in page
    assert len(re.findall(r"^### ", page, flags=re.M)) == len(FILES)


def test_the_scenario_format_page_examples_are_valid_scenarios() -> None:
    """docs/scenarios.md: each complete TOML example there loads and passes."""
    page = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    blocks = [
        b for b in re.findall(r"^```toml\n(.*?)^```", page, flags=re.M | re.S) if b.startswith("format =")
    ]
    assert blocks
    for i, block in enumerate(blocks):
        result = Scenario.loads(block, file=f"docs/scenarios.md block {i + 1}").run()
        assert result.ok, result.failure


def test_a_typoed_card_in_an_expect_illegal_step_is_an_error_of_the_scenario_not_a_refusal() -> None:
    for step in ('gain = "Medow"', 'do = "gain Medow"'):  # a helper's card word and a notation's
        text = BASE.replace("XP", "4") + f'\n[[steps]]\n{step}\nexpect_illegal = {{ reason_contains = "" }}\n'
        result = Scenario.loads(text, file="t.toml").run()
        assert result.failure is not None, step
        assert result.failure.expected == "a card name the game knows"
        assert "did you mean 'Meadow'?" in result.failure.actual
