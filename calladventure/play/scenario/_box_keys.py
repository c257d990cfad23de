"""What a scenario file gives the boxes, checked by the boxes' own declarations (``docs/scenarios.md``).

A box adds to the format through its ``Expansion`` hooks only: tables beside ``[turn]``
(``position_tables``), its words of each hero in ``[[heroes]]`` and ``expect``
(``hero_words``), action keys of a step (``scenario_steps``) and ``expect`` keys
(``scenario_checks``). The reader (:mod:`.reading`) takes them from the boxes its library
offers and names none; :func:`box_problems` says what is wrong with what a file gives them,
every problem at once: a key no box declares (with the keys that are known), a value of the
wrong shape, a word none of the declaration's choices (naming them), a table's own checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from ...data._problems import shown
from ...rules._expansion import Expansion
from ...rules._front_hooks import Choices, PositionTable, ScenarioStep, hero_words
from ._schema import HeroEntry, ScenarioData, ScenarioError, ScenarioProblem, seat_of
from ._steps import Step

__all__ = ["box_problems", "position_tables", "scenario_steps"]


def position_tables(boxes: Iterable[Expansion]) -> dict[str, PositionTable]:
    """The scenario tables these boxes add, by name."""
    return {table.name: table for box in boxes for table in box.position_tables}


def scenario_steps(boxes: Iterable[Expansion]) -> dict[str, ScenarioStep]:
    """The scenario step keys these boxes add, by key."""
    return {key: step for box in boxes for key, step in box.scenario_steps.items()}


def box_problems(scn: ScenarioData, boxes: Sequence[Expansion]) -> list[ScenarioProblem]:
    """Every problem of what ``scn`` gives the ``boxes``: their tables, heroes' words, step and ``expect`` keys."""
    return [
        *_table_problems(scn, boxes),
        *(p for i, hero in enumerate(scn.heroes) for p in _hero_problems(scn, boxes, i + 1, hero)),
        *(p for i, step in enumerate(scn.steps) for p in _step_problems(scn, boxes, i + 1, step)),
    ]


def _known(cls: type, boxes_keys: Sequence[str]) -> str:
    core = ["pass" if f.name == "pass_" else f.name for f in attrs.fields(cls) if f.name != "boxes"]
    return ", ".join([*core, *boxes_keys])


def _table_problems(scn: ScenarioData, boxes: Sequence[Expansion]) -> Iterator[ScenarioProblem]:
    """Each box table's own checks (``PositionTable.check``: the modes it needs, its seats)."""
    tables = position_tables(boxes)
    for name, entry in scn.boxes.items():
        where = f"[{name}]"

        def seat(ref: str, field: str, where: str = where) -> int:
            try:
                return seat_of(ref, scn.game.players, scn.game.names)
            except ValueError as exc:
                raise ScenarioError(scn.file, where, field, str(exc)) from None

        try:
            for field, problem in tables[name].check(scn.game.box_entries(), entry, seat):
                yield ScenarioProblem(where, field, problem)
        except ScenarioError as err:
            yield from err.problems


def _words_problem(value: Any, choices: Choices) -> str | None:
    """Why ``value`` is not a list of the declaration's words (None: it is)."""
    if not isinstance(value, list | tuple) or not all(isinstance(w, str) for w in value):
        return f"expected a list of words, not {shown(value)}"
    if len(value) > len(choices.words):
        return f"{len(value)} words; there are {len(choices.words)}: {list(choices.words)}"
    return next((p for w in value if (p := choices.problem(w)) is not None), None)


def _hero_problems(
    scn: ScenarioData, boxes: Sequence[Expansion], number: int, hero: HeroEntry
) -> Iterator[ScenarioProblem]:
    """A hero's keys for the boxes: each a box's words of the hero (``Expansion.hero_words``)."""
    where = f"[[heroes]] entry {number}"
    for key, value in hero.boxes.items():
        words = next(hero_words(boxes, key), None)
        if words is None or key != words.entry:
            entries = [w.entry for box in boxes for w in box.hero_words]
            yield ScenarioProblem(
                where, key, f"unknown key {key!r}; known keys: {_known(HeroEntry, entries)}"
            )
        elif (problem := _words_problem(value, words.choices)) is not None:
            yield ScenarioProblem(where, key, problem)


def _step_problems(
    scn: ScenarioData, boxes: Sequence[Expansion], number: int, step: Step
) -> Iterator[ScenarioProblem]:
    """A step's keys for the boxes (``Expansion.scenario_steps``) and its ``expect`` keys for them."""
    where = f"step {number}"
    steps = scenario_steps(boxes)
    for key, value in step.boxes.items():
        if key not in steps:
            yield ScenarioProblem(where, key, f"unknown key {key!r}; known keys: {_known(Step, list(steps))}")
        elif not isinstance(value, str) or len(value) > 200:
            yield ScenarioProblem(
                where, key, f"expected a string of at most 200 characters, not {shown(value)}"
            )
        elif (problem := steps[key].choices.problem(value)) is not None:
            yield ScenarioProblem(where, key, problem)
    if step.expect is not None:
        yield from _expect_problems(scn, boxes, where, step.expect.boxes)


def _expect_problems(
    scn: ScenarioData, boxes: Sequence[Expansion], where: str, wanted: Mapping[str, Any]
) -> Iterator[ScenarioProblem]:
    """``expect`` keys for the boxes: a box's check (a plain value in bounds) or its words of heroes, by seat."""
    checks = {key for box in boxes for key in box.scenario_checks}
    entries = {w.entry: w for box in boxes for w in box.hero_words}
    for key, value in wanted.items():
        field = f"expect.{key}"
        if key in entries:
            yield from _seat_words_problems(scn, where, field, value, entries[key].choices)
        elif key not in checks:
            yield ScenarioProblem(where, field, f"unknown key; a box's keys: {sorted({*checks, *entries})}")
        elif not _plain_in_bounds(value):
            yield ScenarioProblem(
                where,
                field,
                f"{shown(value)} is not true/false, a whole number from -1000000 to 1000000"
                " or a string of at most 200 characters",
            )


def _seat_words_problems(
    scn: ScenarioData, where: str, field: str, value: Any, choices: Choices
) -> Iterator[ScenarioProblem]:
    """``{ P1 = [...] }``: each seat's words of a box's hero words."""
    if not isinstance(value, Mapping) or len(value) > 4:
        yield ScenarioProblem(
            where, field, f'expected a table by seat ({{ P1 = ["..."] }}), not {shown(value)}'
        )
        return
    for ref, words in value.items():
        try:
            seat_of(str(ref), scn.game.players, scn.game.names)
        except ValueError as exc:
            yield ScenarioProblem(where, field, str(exc))
        if (problem := _words_problem(words, choices)) is not None:
            yield ScenarioProblem(where, f"{field}.{ref}", problem)


def _plain_in_bounds(value: object) -> bool:
    """Whether a box's ``expect`` value is a plain value within the scenario format's bounds."""
    if isinstance(value, bool):
        return True
    if isinstance(value, int):
        return -(10**6) <= value <= 10**6
    return isinstance(value, str) and len(value) <= 200
