"""The scenario stepper: walk through a start position and steps, checking what should then be true.

A step is an action (or a function of the game), and a text found in its events or a test; a
scenario file (docs/scenarios.md, :mod:`calladventure.play.scenario`) gives both. It reads as a
lesson: the question, the rule it shows (its one citation, ``values/_sections.cite``), each step
played in the player's words (``present.action_words``) and each check as a sentence (the
scenario checks' ``Check.sentence``); each step's events are shown with their rule citations.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any

import attrs
import ipywidgets as w  # type: ignore[import-untyped]

from ..game import Game
from ..present import action_words, events_html, game_html
from ..values._actions import Action
from ..values._events import Event
from ..values._illegal import IllegalActionError
from ..values._sections import cite
from ..values._state import GameState
from ._common import Reporter, button, error_text, heading, message_html

if TYPE_CHECKING:
    from ..play.scenario import Scenario

__all__ = ["Check", "Expectation", "ScenarioStepper", "Step", "StepAction"]

#: What a step does: an action, its notation, or a function of the game (several actions).
StepAction = Action | str | Callable[[Game], object] | None
#: What should then be true: a text found in the step's events (or the refusal's reason), or a test.
Expectation = str | Callable[[Game], object] | None


@attrs.frozen
class Step:
    """One step of a scenario: what happens, the action that does it, and what should then be true.

    With ``illegal=True`` the action must be refused (a rules question answered "no"); the
    expectation is then looked for in the refusal's reason. A text expectation is looked for,
    case-blind, in the step's events and their rule citations. An action function that returns
    a :class:`Check` decides the step itself (how a scenario file's steps are checked).
    """

    description: str
    action: StepAction = None
    expect: Expectation = None
    illegal: bool = False


@attrs.frozen
class Check:
    """Whether a step's expectation held, and what was seen."""

    ok: bool
    detail: str


def _as_step(item: Step | tuple[Any, ...]) -> Step:
    return item if isinstance(item, Step) else Step(*item)


def _check(step: Step, game: Game, seen: Iterable[str]) -> Check:
    expect = step.expect
    texts = list(seen)
    if expect is None:
        return Check(True, texts[-1] if texts else "done")
    if isinstance(expect, str):
        hits = [t for t in texts if expect.casefold() in t.casefold()]
        if hits:
            return Check(True, hits[0])
        return Check(False, f"expected {expect!r}; saw: " + (" | ".join(texts[-4:]) or "nothing"))
    try:
        ok = bool(expect(game))
    except Exception as exc:  # an expectation that cannot be evaluated is a failed one
        return Check(False, f"the expectation raised {type(exc).__name__}: {exc}")
    name = getattr(expect, "__name__", "<lambda>")
    name = "the expectation" if name == "<lambda>" else name
    return Check(ok, f"{name} {'holds' if ok else 'does not hold'}")


def _played_item(step: Step, check: Check, words: str) -> str:
    """A step played, in the lesson: its description, what was played in words, its check's sentences."""
    mark, colour = ("✓", "#16a34a") if check.ok else ("✗", "#dc2626")
    played = f'<div class="ca-step-words">played: {html.escape(words)}</div>' if words else ""
    lines = "".join(f"<div>{html.escape(line)}</div>" for line in check.detail.splitlines())
    detail = f'<div class="ca-step-checks" style="font-size:11.5px;opacity:.8">{lines}</div>'
    return f'<li><b style="color:{colour}">{mark}</b> {html.escape(step.description)}{played}{detail}</li>'


class ScenarioStepper:
    """Walk through a scenario: a start position and steps, each with what should then be true.

    ``steps`` are :class:`Step` values or ``(description, action[, expect[, illegal]])`` tuples.
    Next plays one step and checks it; Back undoes it; Run all plays every step left. The
    ``question`` it answers and the ``rule`` it shows (a section id, cited once) head the lesson;
    each step played is said in the player's words, with its checks; the position and the
    step's events (with their rule citations) are shown.
    """

    def __init__(
        self,
        start: Game | GameState,
        steps: Sequence[Step | tuple[Any, ...]],
        *,
        title: str = "Scenario",
        reveal: bool = True,
        question: str = "",
        rule: str | None = None,
    ):
        self.start = Game.from_state(start) if isinstance(start, GameState) else start.copy()
        self.game = self.start.copy()
        self.steps = tuple(_as_step(s) for s in steps)
        self.title = title
        self.reveal = reveal
        self.question = question
        self.rule = rule
        self._done: list[
            tuple[int, Check, str]
        ] = []  # (history length before the step, its check, its words)
        self._report = Reporter()
        self.message = self._report.message
        self.header = w.HTML()
        self.header.add_class("ca-w-scenario")
        self.view = w.HTML()
        self.view.add_class("ca-w-game")
        self.step_events = w.HTML()
        self.step_events.add_class("ca-w-log")
        self.reset_button = button("reset", "ca-w-reset", "back to the start")
        self.back_button = button("back", "ca-w-back", "undo the last step")
        self.next_button = button("next", "ca-w-next", "play the next step and check it", style="primary")
        self.run_button = button("run all", "ca-w-run-all", "play every step left")
        self.reset_button.on_click(lambda _b: self.reset())
        self.back_button.on_click(lambda _b: self.back())
        self.next_button.on_click(lambda _b: self.next())
        self.run_button.on_click(lambda _b: self.run_all())
        buttons = w.HBox([self.reset_button, self.back_button, self.next_button, self.run_button])
        self.widget = w.VBox(
            [self.header, buttons, self.message, heading("This step's events"), self.step_events, self.view]
        )
        self.widget.add_class("ca-scenario-stepper")
        self.refresh()

    @classmethod
    def from_scenario(cls, scenario: Scenario | str | FsPath, *, reveal: bool = True) -> ScenarioStepper:
        """Step through a scenario file (:mod:`calladventure.play.scenario`), checking each step as
        :meth:`Scenario.run <calladventure.play.scenario.Scenario.run>` does; a file that cannot be
        read raises :class:`~calladventure.play.scenario.ScenarioError` naming the file and field."""
        from ..play.scenario import Scenario, run_step

        scn = scenario if isinstance(scenario, Scenario) else Scenario.load(scenario)

        def player(index: int, step: Any) -> Callable[[Game], Check]:
            def play(game: Game) -> Check:
                result = run_step(scn, game, index, step)
                failure = result.failure(scn.file)
                if result.error is not None and failure is not None:
                    return Check(False, f"expected {failure.expected}, got {failure.actual}")
                lines = [("✓ " if c.ok else "✗ ") + c.sentence for c in result.checks]
                return Check(failure is None, "\n".join(lines) or "done")

            return play

        steps = [
            Step(step.describe() + (f" ({step.note})" if step.note else ""), player(i, step))
            for i, step in enumerate(scn.steps, 1)
        ]
        title = scn.title or FsPath(scn.file).stem
        rule = scn.sections[0] if scn.sections else None
        return cls(scn.start(), steps, title=title, reveal=reveal, question=scn.question, rule=rule)

    @property
    def index(self) -> int:
        """How many steps have been played."""
        return len(self._done)

    @property
    def checks(self) -> tuple[Check, ...]:
        """The check of every step played so far."""
        return tuple(c for _n, c, _w in self._done)

    @property
    def passed(self) -> bool:
        """Every step has been played and every expectation held."""
        return self.index == len(self.steps) and all(c.ok for c in self.checks)

    def next(self) -> Check | None:
        """Play the next step and check its expectation (None when every step is done)."""
        if self.index >= len(self.steps):
            self._report.show("every step has been played")
            self.refresh()
            return None
        step = self.steps[self.index]
        before = len(self.game.history)
        decided: object = None
        try:
            if callable(step.action):
                decided = step.action(self.game)
            elif step.action is not None:
                self.game.push(step.action)
        except Exception as exc:
            self.game.undo_to(before)
            if step.illegal and isinstance(exc, IllegalActionError):
                check = _check(step, self.game, [exc.reason])
                check = Check(check.ok, f"refused: {exc.reason}" if check.ok else check.detail)
            else:
                text, _detail = error_text(exc)
                check = Check(False, text)
        else:
            if isinstance(decided, Check):
                check = decided
            elif step.illegal:
                check = Check(False, "expected the rules to refuse this action, but it was played")
            else:
                seen = [f"{e.text} [{e.citation}]" for e in self.game.events if e.step > before]
                check = _check(step, self.game, seen)
        self._done.append((before, check, self._words(before)))
        if check.ok:
            self._report.show(f"step {self.index}: ✓ {check.detail}", "ok")
        else:
            self._report.message.value = message_html("error", f"step {self.index}: ✗ {check.detail}")
            self._report.error = check.detail
        self.refresh()
        return check

    def _words(self, before: int) -> str:
        """The actions played since step ``before`` of the history, in the player's words."""
        game = self.game
        played = game.history[before:]
        return "; ".join(action_words(game, a, game.state_at(before + i)) for i, a in enumerate(played))

    def back(self) -> bool:
        """Undo the last step played."""
        if not self._done:
            self._report.show_error(IllegalActionError("back", "no step has been played yet"))
            return False
        before = self._done.pop()[0]
        self.game.undo_to(before)
        self._report.show(f"back before step {self.index + 1}")
        self.refresh()
        return True

    def reset(self) -> None:
        """Back to the start position."""
        self.game = self.start.copy()
        self._done.clear()
        self._report.show("")
        self.refresh()

    def run_all(self) -> bool:
        """Play every step left; True when every expectation held."""
        while self.index < len(self.steps):
            self.next()
        return self.passed

    def refresh(self) -> None:
        """Update the lesson (question, rule, steps and checks), the events and the position in place."""
        items = []
        for i, step in enumerate(self.steps):
            if i < self.index:
                items.append(_played_item(step, self._done[i][1], self._done[i][2]))
            elif i == self.index:
                items.append(f"<li><b>▶ {html.escape(step.description)}</b> <i>(next)</i></li>")
            else:
                items.append(f'<li style="opacity:.65">{html.escape(step.description)}</li>')
        done = sum(1 for c in self.checks if c.ok)
        question = f"<div><b>The question:</b> {html.escape(self.question)}</div>" if self.question else ""
        rule = f"<div><b>The rule it shows:</b> {html.escape(cite(self.rule))}</div>" if self.rule else ""
        self.header.value = (
            '<div class="ca-root" style="font:13px/1.4 system-ui,sans-serif;color:inherit">'
            f'<div style="font-size:16px;font-weight:800">{html.escape(self.title)}</div>{question}{rule}'
            f"<div>step {self.index} of {len(self.steps)} · {done} check(s) passed</div>"
            f'<ol style="margin:4px 0 4px 18px;padding:0">{"".join(items)}</ol></div>'
        )
        before = self._done[-1][0] if self._done else -1
        events: list[Event] = [e for e in self.game.events if e.step > before] if self._done else []
        self.step_events.value = events_html(events, self.game.config) if events else ""
        self.view.value = game_html(self.game, reveal=self.reveal, events=0)
        self.back_button.disabled = not self._done
        self.next_button.disabled = self.index >= len(self.steps)
        self.run_button.disabled = self.index >= len(self.steps)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.widget._repr_mimebundle_(**kwargs)
        return bundle

    def __repr__(self) -> str:
        return f"<ScenarioStepper {self.title!r}: step {self.index} of {len(self.steps)}>"
