"""The scenario package: stepping one step at a time (``run_step``,
as the notebook stepper does) plays exactly what ``Scenario.run`` plays. What its modules keep to
(size, docstring, ``__all__``, layers) is checked for every module in ``tests/test_architecture.py``."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from rich.console import Console

from calladventure import Game
from calladventure.play.scenario import (
    Expect,
    Scenario,
    ScenarioData,
    Step,
    StepResult,
    run_step,
    scenario_files,
)

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "examples" / "scenarios"
FILES = scenario_files([SCENARIOS])


def _steps_one_by_one(scn: Scenario) -> tuple[Game, list[StepResult]]:
    """The steps played one at a time with ``run_step``, stopping at the first that fails."""
    game = scn.start()
    results = []
    for i, step in enumerate(scn.steps, 1):
        result = run_step(scn, game, i, step)
        results.append(result)
        if not result.ok:
            break
    return game, results


def _with_a_wrong_last_step(scn: Scenario) -> Scenario:
    """``scn`` plus a check-only step that expects the game to be over (it is not)."""
    return attrs.evolve(scn, steps=(*scn.steps, Step(expect=Expect(over=True))))


def test_readers_and_from_game_give_the_facade_class() -> None:
    path = SCENARIOS / "000-faqs-card-timing.toml"
    loaded = Scenario.load(path)
    assert type(loaded) is Scenario and isinstance(loaded, ScenarioData)
    again = Scenario.loads(loaded.to_toml(), file=str(path))
    assert type(again) is Scenario and again == loaded
    assert Scenario.from_dict(loaded.to_dict(), file=str(path)) == loaded
    written = Scenario.from_game(loaded.run().game)
    assert type(written) is Scenario and written.run().ok


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_run_step_one_step_at_a_time_plays_what_run_plays(path: Path) -> None:
    scn = Scenario.load(path)
    whole = scn.run()
    game, steps = _steps_one_by_one(scn)
    assert [s.index for s in steps] == [s.index for s in whole.steps]
    assert [str(c) for s in steps for c in s.checks] == [str(c) for s in whole.steps for c in s.checks]
    assert [e.text for s in steps for e in s.events] == [e.text for s in whole.steps for e in s.events]
    assert game.state == whole.game.state


def test_run_step_reports_a_wrong_expectation_as_the_failure_run_reports() -> None:
    wrong = _with_a_wrong_last_step(Scenario.load(SCENARIOS / "000-play-example-gaining-a-trait.toml"))
    whole = wrong.run()
    _, steps = _steps_one_by_one(wrong)
    assert whole.failure is not None and whole.failure.step == len(wrong.steps)
    failure = steps[-1].failure(wrong.file)
    assert failure is not None and str(failure) == str(whole.failure)
    assert failure.expected == "the game is over = True" and failure.actual == "False"


def test_a_failed_result_shows_fail_and_the_check_in_a_notebook_and_a_terminal() -> None:
    result = _with_a_wrong_last_step(Scenario.load(SCENARIOS / "000-play-example-gaining-a-trait.toml")).run()
    html = result._repr_html_()
    assert "<b>FAIL " in html and "✗ the game is over: expected True, got False" in html
    console = Console(width=160, record=True)
    console.print(result)
    text = console.export_text()
    assert "FAIL " in text and "✗ the game is over: expected True, got False" in text and "PASS" not in text
