"""Playing a scenario's steps: each step's action on the game, then its expectations checked.

:func:`run_step` plays one step (a front end steps through a file with it, as the notebook
stepper does); :func:`run_scenario` plays them all from the scenario's start and stops at the
first failure. An action the engine refuses is a failure unless the step expects the refusal
(``expect_illegal``), and then the game must be unchanged.
"""

from __future__ import annotations

from ...game import Game
from ...rules._front_hooks import offered
from ...values._errors import AmbiguousCardError, CallAdventureError, UnknownCardError
from ._box_keys import scenario_steps
from ._checks import expect_checks, illegal_checks
from ._results import Check, Failure, ScenarioResult, StepResult, reason_of
from ._schema import ScenarioData, seat_of
from ._start import start_game
from ._steps import Step

__all__ = ["do_step", "run_scenario", "run_step"]


def do_step(scn: ScenarioData, game: Game, step: Step) -> None:
    """Carry out the step's action on the game (raises CallAdventureError if it is refused)."""
    if step.do is not None:
        game.push(step.do)
    elif step.cast is not None:
        if step.cast == ("random",):
            game.cast()
        else:
            game.cast(*(int(f) if f.isdigit() else f for f in step.cast))
    elif step.pass_:
        game.pass_window()
    elif step.resolve:
        game.resolve()
    elif step.draw is not None:
        game.draw(step.draw)
    elif step.keep is not None:
        game.keep(step.keep)
    elif step.gain is not None:
        game.gain(step.gain)
    elif step.journey is not None:
        game.journey(step.journey)
    elif step.play is not None:
        target = seat_of(step.on, scn.game.players, scn.game.names) if step.on is not None else None
        game.play(step.play, target)
    elif step.use is not None:
        game.use(step.use)
    elif step.ally is not None:
        game.place_ally(step.ally)
    elif step.end:
        game.end_turn()
    elif step.face is not None:
        game.face(*step.face)
    elif step.pledge is not None:
        game.pledge(step.pledge)
    for key, value in step.boxes.items():  # a box's action (Expansion.scenario_steps)
        getattr(game, scenario_steps(offered(game.ctx))[key].helper)(value)


def _unknown_name(exc: CallAdventureError) -> bool:
    """Whether ``exc`` is (or, refusing a notation, comes from) a card name no card of the game has.

    A name that is elsewhere than the action needs, or that several cards share, is a refusal.
    """
    cause = exc if isinstance(exc, UnknownCardError) else exc.__cause__
    return (
        isinstance(cause, UnknownCardError)
        and not isinstance(cause, AmbiguousCardError)
        and not cause.elsewhere
    )


def run_step(scn: ScenarioData, game: Game, index: int, step: Step) -> StepResult:
    """Play step number ``index`` of ``scn`` on ``game`` (which it changes) and check its expectations.

    A refused action fails the step unless it has ``expect_illegal``; then the refusal's reason
    and section are checked, and the game must be unchanged. A card name that no card of the
    game has fails such a step (with the closest names): a typo is not the refusal expected.
    """
    mark = len(game.events)
    before, history = game.state, len(game.history)
    action = step.describe()
    error: tuple[str, str] | None = None
    checks: list[Check] = []
    if step.action_keys():
        try:
            do_step(scn, game, step)
        except CallAdventureError as exc:
            reason = reason_of(exc)
            if step.expect_illegal is None:
                error = ("a legal action", f"refused: {reason}")
            elif _unknown_name(exc):  # a typo in the scenario, not a refusal by the rules
                error = ("a card name the game knows", reason)
            else:
                checks.extend(illegal_checks(step.expect_illegal, exc, reason))
                same = game.state == before and len(game.history) == history
                checks.append(
                    Check(
                        "the game unchanged after the refusal",
                        True,
                        same,
                        same,
                        "the refusal leaves the game as it was",
                    )
                )
        else:
            if step.expect_illegal is not None:
                done = [game.describe(a) for a in game.history[history:]]
                error = ("the action to be refused", f"it was played ({'; '.join(done)})")
    events = tuple(game.events[mark:])
    if error is None and step.expect is not None:
        checks.extend(expect_checks(scn, game, step.expect, events))
    return StepResult(index, action, events, tuple(checks), error, step.note)


def run_scenario(scn: ScenarioData) -> ScenarioResult:
    """Play the steps, checking each one's expectations; stop at the first failure."""
    game = start_game(scn)
    results: list[StepResult] = []
    failure: Failure | None = None
    for i, step in enumerate(scn.steps, 1):
        result = run_step(scn, game, i, step)
        results.append(result)
        if not result.ok:
            failure = result.failure(scn.file)
            break
    return ScenarioResult(scn, game, tuple(results), failure)
