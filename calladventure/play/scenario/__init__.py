"""Scenario files: a rules question set up as an exact position, played step by step and checked.

A scenario is a TOML file (``format = "calladventure.scenario/1"``, read with :mod:`tomllib`,
which never executes anything, and structured with cattrs into frozen values). It says which
cards, rules options and seed the game uses; where every hero and table card is (a data front
end for :class:`~calladventure.Position`); then a list of steps, each an action in
notation or a fluent step (``cast``, ``pass``, ``draw`` …) with expectations about what
follows. The format is documented in ``docs/scenarios.md``::

    >>> from calladventure.play.scenario import Scenario
    >>> result = Scenario.load("examples/scenarios/000-faqs-card-timing.toml").run()  # doctest: +SKIP
    >>> result.ok  # doctest: +SKIP
    True

A failing expectation says which step, what was expected and what happened
(:class:`Failure`); a file that does not validate raises :class:`ScenarioError` naming the file,
the step (or section) and the field. :meth:`Scenario.from_game` turns any point of a live game
into a scenario that rebuilds the same position ("give me this position as a file").

The modules, each for one job: :mod:`.schema` and :mod:`.steps` (the format's values),
:mod:`.convert` (cattrs), :mod:`.reading` (reading and checking a file), :mod:`.start` (the
game it starts from), :mod:`.running`, :mod:`.checks` and :mod:`.results` (playing the steps),
:mod:`.position_doc`, :mod:`.export` and :mod:`.writing` (a live game as a file),
:mod:`.facade` (the :class:`Scenario` class, and many files at once) and :mod:`.questions`
(the rules-questions page).
"""

from __future__ import annotations

from ._facade import Scenario, ScenarioPaths, run_files, scenario_files
from ._questions import questions_page
from ._results import Check, Failure, ScenarioFailed, ScenarioResult, StepResult
from ._running import run_step
from ._schema import (
    SCENARIO_FORMAT,
    AllyCard,
    DecksEntry,
    GameSpec,
    HeroEntry,
    RowEntry,
    ScenarioData,
    ScenarioError,
    SlotCard,
    StoryCard,
    TurnEntry,
)
from ._steps import ACTION_KEYS, Expect, ExpectIllegal, Flag, Step, Whole
from ._writing import dumps_toml

__all__ = [
    "ACTION_KEYS",
    "SCENARIO_FORMAT",
    "AllyCard",
    "Check",
    "DecksEntry",
    "Expect",
    "ExpectIllegal",
    "Failure",
    "Flag",
    "GameSpec",
    "HeroEntry",
    "RowEntry",
    "Scenario",
    "ScenarioData",
    "ScenarioError",
    "ScenarioFailed",
    "ScenarioPaths",
    "ScenarioResult",
    "SlotCard",
    "Step",
    "StepResult",
    "StoryCard",
    "TurnEntry",
    "Whole",
    "dumps_toml",
    "questions_page",
    "run_files",
    "run_step",
    "scenario_files",
]
