"""What playing a scenario gives: each expectation's check, each step's result, the first failure.

A :class:`Check` is one expectation (what was expected, what the engine gave); a
:class:`StepResult` is one step as played, with its events (each citing its rule) and checks;
a :class:`ScenarioResult` is the whole run. Their rich and HTML pictures are drawn by the
presentation layer (:mod:`calladventure.values._reprs`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from ...game import Game
from ...values._errors import CallAdventureError
from ...values._events import Event
from ...values._illegal import IllegalActionError
from ...values._reprs import Drawable
from ._schema import ScenarioData

__all__ = [
    "Check",
    "Failure",
    "ScenarioFailed",
    "ScenarioResult",
    "StepResult",
    "event_dict",
    "jsonable",
    "reason_of",
    "said",
    "show",
]


class ScenarioFailed(CallAdventureError):
    """A scenario whose expectations were not met (raised by :meth:`ScenarioResult.raise_for_failure`)."""

    def __init__(self, failure: Failure):
        self.failure = failure
        super().__init__(str(failure))


def reason_of(exc: BaseException) -> str:
    """Why the engine refused: an illegal action's reason, any other error's message."""
    return exc.reason if isinstance(exc, IllegalActionError) else str(exc)


def show(value: object) -> str:
    """A checked value as a message shows it (an exact probability with its decimal)."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, Fraction):
        return f"{value} ({float(value):.4f})"
    return repr(value)


def said(value: object) -> str:
    """A checked value in a sentence: words in quotes, lists joined with "and", yes and no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return f"“{value}”"
    if isinstance(value, tuple | list):
        words = [said(v) for v in value]
        if len(words) < 2:
            return words[0] if words else "nothing"
        return ", ".join(words[:-1]) + " and " + words[-1]
    if isinstance(value, Fraction):
        return f"{value} ({float(value):.2%})"
    return str(value)


@attrs.frozen(eq=False)
class Check:
    """One expectation of a step: what was expected and what the engine gave.

    ``says`` is the sentence its kind states, declared once by the check function that makes it,
    with ``{expected}`` where the expected value goes (empty: "<what> is <expected>");
    :attr:`sentence` reads the check so, for the scenario stepper's lesson.
    """

    what: str
    expected: object
    actual: object
    ok: bool
    says: str = ""

    @property
    def sentence(self) -> str:
        """The check as a sentence: what it states and, when it does not hold, what the game shows."""
        stated = (self.says or "{what} is {expected}").format(what=self.what, expected=said(self.expected))
        return stated if self.ok else f"{stated}: not so, the game shows {said(self.actual)}"

    def __str__(self) -> str:
        if self.ok:
            return f"{self.what} = {show(self.expected)}"
        return f"{self.what}: expected {show(self.expected)}, got {show(self.actual)}"


@attrs.frozen(eq=False)
class Failure:
    """The first failing step of a scenario: its index, its action, what was expected and what happened."""

    file: str
    step: int
    action: str
    expected: str
    actual: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.file}: step {self.step} ({self.action}): expected {self.expected}, got {self.actual}{self.detail}"


@attrs.frozen(eq=False)
class StepResult:
    """One step as played: what it did, the events (each citing its rule) and its checks."""

    index: int
    action: str
    events: tuple[Event, ...]
    checks: tuple[Check, ...] = ()
    error: tuple[str, str] | None = None  # (expected, actual) when the action itself went wrong
    note: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None and all(c.ok for c in self.checks)

    def failure(self, file: str) -> Failure | None:
        if self.ok:
            return None
        if self.error is not None:
            return Failure(file, self.index, self.action, self.error[0], self.error[1])
        bad = [c for c in self.checks if not c.ok]
        more = "; also " + "; ".join(str(c) for c in bad[1:]) if len(bad) > 1 else ""
        return Failure(
            file,
            self.index,
            self.action,
            f"{bad[0].what} = {show(bad[0].expected)}",
            show(bad[0].actual),
            more,
        )


@attrs.frozen(eq=False)
class ScenarioResult(Drawable):
    """What running a scenario did: each step's result, the game at the end, the first failure.

    In a terminal (rich) or a notebook it draws as a table of the steps, their events (each
    with its rule) and their checks, then PASS or FAIL.
    """

    scenario: ScenarioData
    game: Game
    steps: tuple[StepResult, ...]
    failure: Failure | None

    @property
    def ok(self) -> bool:
        return self.failure is None

    @property
    def checks(self) -> int:
        return sum(len(s.checks) for s in self.steps)

    def raise_for_failure(self) -> ScenarioResult:
        """Return self, or raise :class:`ScenarioFailed` with the failure's message."""
        if self.failure is not None:
            raise ScenarioFailed(self.failure)
        return self

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        sc = self.scenario
        return {
            "file": sc.file,
            "title": sc.title,
            "question": sc.question,
            "answer": sc.answer,
            "sections": list(sc.sections),
            "ok": self.ok,
            "steps": [
                {
                    "step": s.index,
                    "action": s.action,
                    "ok": s.ok,
                    "events": [event_dict(e) for e in s.events],
                    "checks": [
                        {
                            "what": c.what,
                            "expected": jsonable(c.expected),
                            "actual": jsonable(c.actual),
                            "ok": c.ok,
                        }
                        for c in s.checks
                    ],
                    "error": None if s.error is None else {"expected": s.error[0], "actual": s.error[1]},
                }
                for s in self.steps
            ],
            "failure": None if self.failure is None else str(self.failure),
        }

    def __repr__(self) -> str:
        state = "ok" if self.ok else f"FAILED: {self.failure}"
        return (
            f"<ScenarioResult {self.scenario.file}: {len(self.steps)} steps, {self.checks} checks, {state}>"
        )


def event_dict(e: Event) -> dict[str, Any]:
    """An event as JSON-ready data: its step, seat, section, citation and text."""
    return {"step": e.step, "seat": e.seat, "section": e.section, "citation": e.citation, "text": e.text}


def jsonable(value: object) -> Any:
    """A checked value as JSON-ready data (an exact probability as ``"11/16"``)."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple | list):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)
