"""Games from files: ``calladventure explain`` (the event log) and ``calladventure replay`` (step through).

A file is a saved game (JSON, from ``play`` or :meth:`Game.save <calladventure.game.Game.save>`)
or a scenario (TOML, played first). Each action is shown with the events it caused, each with
its rule (000 · Each Turn).
"""

from __future__ import annotations

from pathlib import Path as FsPath
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from ..values._errors import CallAdventureError
from ..values._printable import printable
from ._choices import complete_files
from ._common import AsJson, console, echo_json, examples, fail, friendly

__all__ = [
    "EXPLAIN_EXAMPLES",
    "REPLAY_EXAMPLES",
    "explain",
    "game_from_file",
    "replay",
]


def game_from_file(path: FsPath) -> tuple[Any, Any]:
    """A saved game (JSON) or a scenario (TOML, played): (game, scenario result or None)."""
    from ..game import Game
    from ..play.scenario import Scenario

    if path.suffix.lower() == ".toml":
        result = Scenario.load(path).run()
        return result.game, result
    if not path.exists():
        raise CallAdventureError(f"{path}: no such file")
    return Game.load(path), None


def _steps_of(game: Any) -> list[dict[str, Any]]:
    """Each action of a game with the events it caused (step 0: the setup), in notation and in words."""
    from ..present import action_words

    by_step: dict[int, list[Any]] = {}
    for e in game.events:
        by_step.setdefault(e.step, []).append(e)
    out = []
    for i in range(len(game.history) + 1):
        action = "setup" if i == 0 else game.describe(game.history[i - 1])
        words = "setup" if i == 0 else action_words(game, game.history[i - 1], game.state_at(i - 1))
        seat = None if i == 0 else _actor(game, i - 1)
        out.append({"step": i, "seat": seat, "action": action, "words": words, "events": by_step.get(i, [])})
    return out


def _scenario_steps(game: Any, result: Any) -> list[dict[str, Any]]:
    """A scenario's steps with the events each caused (step 0: the setup of a newly dealt game)."""
    setup = [e for e in game.events if e.step == 0]
    out = [{"step": 0, "seat": None, "action": "setup", "note": "", "events": setup}]
    for s in result.steps:
        out.append(
            {"step": s.index, "seat": None, "action": s.action, "note": s.note, "events": list(s.events)}
        )
    return out


def _actor(game: Any, index: int) -> int | None:
    """The seat that took the action at ``index`` of the history (the attempting seat for a cast)."""
    from ..rules import to_move

    who: int | None = to_move(game.state_at(index))
    return who


def _event_json(e: Any) -> dict[str, Any]:
    """An event as JSON: its step, seat, rule section and citation, and its text."""
    return {"step": e.step, "seat": e.seat, "section": e.section, "citation": e.citation, "text": e.text}


def _print_step(out: Console, game: Any, item: dict[str, Any]) -> None:
    """Print one step: who did what, the scenario's note, then each event with its rule."""
    from ..present import event_line

    who = "" if item["seat"] is None else f"{game.config.name(item['seat'])}: "
    out.print(Text(f"step {item['step']} · {who}{item.get('words', item['action'])}", style="bold"))
    if item.get("note"):
        out.print(Text(f"  ({item['note']})", style="italic"))
    labels = [game.config.name(i) for i in range(len(game.state.players))]
    for e in item["events"]:
        out.print(event_line(e, labels))


EXPLAIN_EXAMPLES = examples(
    "calladventure explain my-game.json",
    "calladventure explain examples/scenarios/000-faqs-card-timing.toml --step 3",
    "calladventure explain my-game.json --json",
)


def explain(
    file: Annotated[
        FsPath,
        typer.Argument(
            metavar="FILE", autocompletion=complete_files, help="A saved game (.json) or a scenario (.toml)."
        ),
    ],
    step: Annotated[int | None, typer.Option(metavar="N", help="Only this step (0 is the setup).")] = None,
    as_json: AsJson = False,
) -> None:
    """The event log of a saved game or scenario: each action and the events it caused, each with its rule."""
    with friendly(as_json):
        game, result = game_from_file(file)
        steps = _steps_of(game) if result is None else _scenario_steps(game, result)
        if step is not None:
            if not 0 <= step < len(steps):
                raise CallAdventureError(f"--step must be between 0 and {len(steps) - 1}")
            steps = [steps[step]]
    if as_json:
        doc: dict[str, Any] = {
            "file": str(file),
            "steps": [{**s, "events": [_event_json(e) for e in s["events"]]} for s in steps],
        }
        if result is not None:
            sc = result.scenario
            doc.update(question=sc.question, answer=sc.answer, sections=list(sc.sections), ok=result.ok)
            doc["failure"] = None if result.ok else str(result.failure)
        echo_json(doc)
    else:
        out = console()
        if result is not None:
            sc = result.scenario
            if sc.title:
                out.print(Text(sc.title, style="bold"))
            if sc.question:
                out.print(Text(f"Q: {sc.question}"))
            if sc.answer:
                out.print(Text(f"A: {sc.answer}", style="italic"))
        for item in steps:
            _print_step(out, game, item)
    if result is not None and not result.ok:
        with friendly(as_json):
            fail(str(result.failure), code=1)  # a failed check, as 'scenario check' reports it


def _interactive() -> bool:
    """Whether standard input is a terminal (replay then asks at a prompt)."""
    import sys

    return sys.stdin.isatty()


def _replay_view(game: Any, step: int) -> Any:
    from ..present import game_rich

    view = game.copy()
    view.undo_to(step)
    return game_rich(view, reveal=True)


REPLAY_EXAMPLES = examples(
    "calladventure replay my-game.json",
    "calladventure replay my-game.json --all",
    "calladventure replay my-game.json --step 12",
    "calladventure replay my-game.json --json",
)


def replay(
    file: Annotated[
        FsPath,
        typer.Argument(
            metavar="FILE",
            autocompletion=complete_files,
            help="A saved game (.json, from 'play' or Game.save) or a scenario (.toml).",
        ),
    ],
    step: Annotated[
        int | None, typer.Option(metavar="N", help="Show the whole table after this many actions, then stop.")
    ] = None,
    show_all: Annotated[bool, typer.Option("--all", help="Print every step at once (no prompt).")] = False,
    as_json: AsJson = False,
) -> None:
    """Step through a saved game: Enter or n next, b back, g N go to step N, v view the table, q quit."""
    with friendly(as_json):
        game, _result = game_from_file(file)
        steps = _steps_of(game)
        if step is not None and not 0 <= step < len(steps):
            raise CallAdventureError(f"--step must be between 0 and {len(steps) - 1}")
    out = console()
    if as_json:
        echo_json([{**s, "events": [_event_json(e) for e in s["events"]]} for s in steps])
        return
    if step is not None:
        out.print(_replay_view(game, step))
        return
    if show_all or not _interactive():
        for item in steps:
            _print_step(out, game, item)
        return
    _replay_prompt(out, game, steps)


_REPLAY_KEYS = "n (or Enter) next, b back, g N go to step N, v view the table, q quit"


def _replay_prompt(out: Console, game: Any, steps: list[dict[str, Any]]) -> None:
    """The interactive replay: one step at a time; bad input is one line, never the end of it."""
    at = 0
    _print_step(out, game, steps[0])
    while True:
        try:
            line = input(f"replay {at}/{len(steps) - 1}> ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            typer.echo("")
            return
        try:
            at = _replay_key(out, game, steps, at, line)
        except Exception as exc:  # a replay never ends on odd input: report it and go on
            typer.echo(f"error: {printable(' '.join(str(exc).split()))}")
        if at < 0:
            return


def _replay_key(out: Console, game: Any, steps: list[dict[str, Any]], at: int, line: str) -> int:
    """Act on one key of the replay; the new step (-1 to quit)."""
    last = len(steps) - 1
    if line in ("", "n"):
        if at >= last:
            typer.echo("that was the last step (b back, g N, q quit)")
            return at
        at += 1
    elif line == "b":
        at = max(0, at - 1)
    elif line.startswith("g"):
        target = line[1:].strip()
        if not (target.isascii() and target.isdigit()) or not 0 <= int(target) <= last:
            typer.echo(f"error: write g N with N from 0 to {last}")
            return at
        at = int(target)
    elif line == "v":
        out.print(_replay_view(game, at))
        return at
    elif line == "q":
        return -1
    else:
        typer.echo(f"error: {_REPLAY_KEYS}")
        return at
    _print_step(out, game, steps[at])
    return at
