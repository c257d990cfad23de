"""``calladventure scenario``: run and check scenario files, rules questions answered by the engine.

A scenario (docs/scenarios.md) is a position and steps, each with what the rules should then
say; :mod:`calladventure.play.scenario` reads and plays them.
"""

from __future__ import annotations

from pathlib import Path as FsPath
from typing import Annotated, Any

import typer
from rich.text import Text

from ..values._errors import CallAdventureError
from ..values._printable import printable
from ._common import CONTEXT, AsJson, GuardedGroup, PlainCommand, console, echo_json, examples, fail, friendly

__all__ = ["scenario_app", "scenario_check", "scenario_questions", "scenario_run"]

scenario_app = typer.Typer(
    cls=GuardedGroup,
    context_settings=CONTEXT,
    help="Run and check scenario files: rules questions answered by the engine (docs/scenarios.md).",
    epilog=examples(
        "calladventure scenario run examples/scenarios/000-faqs-card-timing.toml",
        "calladventure scenario check examples/scenarios",
        "calladventure scenario questions examples/scenarios --output docs/rules-questions.md",
    ),
    no_args_is_help=True,
    rich_markup_mode=None,
)

_FILES_HELP = "Scenario files (.toml), or folders of them."


def _scenario_results(files: list[FsPath]) -> list[tuple[FsPath, Any]]:
    from ..play.scenario import run_files, scenario_files

    found = scenario_files(files)
    missing = [p for p in files if not p.exists()]
    if missing:
        raise CallAdventureError(f"{missing[0]}: no such file or folder")
    if not found:
        raise CallAdventureError(f"no scenario files (*.toml) in {', '.join(str(f) for f in files)}")
    return list(run_files(found))


@scenario_app.command(
    "run",
    cls=PlainCommand,
    epilog=examples(
        "calladventure scenario run examples/scenarios/000-faqs-card-timing.toml",
        "calladventure scenario run examples/scenarios --json",
    ),
)
def scenario_run(
    files: Annotated[list[FsPath], typer.Argument(metavar="FILE", help=_FILES_HELP)],
    as_json: AsJson = False,
) -> None:
    """Play scenarios step by step: each step's events (with their rules) and checks; exit 1 if one fails."""
    from ..play.scenario import ScenarioError

    with friendly(as_json):
        results = _scenario_results(files)
    failed = 0
    docs: list[Any] = []
    out = console()
    for path, result in results:
        if isinstance(result, ScenarioError):
            failed += 1
            docs.append({"file": str(path), "ok": False, "error": str(result)})
            if not as_json:
                typer.echo(f"error: {printable(' '.join(str(result).split()))}", err=True)
            continue
        failed += not result.ok
        if as_json:
            docs.append(result.to_dict())
            continue
        out.print(result)
        if not result.ok:
            typer.echo(printable(f"FAIL {result.failure}"), err=True)
    if as_json:
        echo_json(docs)
    else:
        out.print(Text(f"{len(results) - failed} passed, {failed} failed", style="bold"))
    if failed:
        raise typer.Exit(1)


@scenario_app.command(
    "check",
    cls=PlainCommand,
    epilog=examples(
        "calladventure scenario check examples/scenarios",
        "calladventure scenario check a.toml b.toml --json",
    ),
)
def scenario_check(
    files: Annotated[list[FsPath], typer.Argument(metavar="FILE", help=_FILES_HELP)],
    as_json: AsJson = False,
) -> None:
    """Check scenarios quietly: one line per file and exit status 1 if any fails (for CI)."""
    from ..play.scenario import ScenarioError

    with friendly(as_json):
        results = _scenario_results(files)
    failed = 0
    docs: list[dict[str, Any]] = []
    for path, result in results:
        if isinstance(result, ScenarioError):
            failed += 1
            line, entry = f"FAIL {result}", {"file": str(path), "ok": False, "failure": str(result)}
        elif result.ok:
            line = f"ok   {path} ({len(result.steps)} steps, {result.checks} checks)"
            entry = {"file": str(path), "ok": True, "steps": len(result.steps), "checks": result.checks}
        else:
            failed += 1
            line = f"FAIL {result.failure}"
            entry = {"file": str(path), "ok": False, "failure": str(result.failure)}
        docs.append(entry)
        if not as_json:
            typer.echo(printable(" ".join(line.split()) if line.startswith("FAIL") else line))
    if as_json:
        echo_json(docs)
    else:
        typer.echo(f"{len(results) - failed} passed, {failed} failed")
    if failed:
        raise typer.Exit(1)


@scenario_app.command(
    "questions",
    cls=PlainCommand,
    epilog=examples(
        "calladventure scenario questions examples/scenarios",
        "calladventure scenario questions examples/scenarios --output docs/rules-questions.md",
        "calladventure scenario questions examples/scenarios --output docs/rules-questions.md --check",
    ),
)
def scenario_questions(
    files: Annotated[list[FsPath], typer.Argument(metavar="FILE", help=_FILES_HELP)],
    output: Annotated[
        FsPath | None, typer.Option(help="Write the page to this file instead of printing it.")
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Do not write: exit 1 if --output differs from the page.")
    ] = False,
) -> None:
    """Build the "rules questions" page (Markdown) from scenario files: each question, answer, rules and file."""
    from ..play.scenario import questions_page

    with friendly():
        page = questions_page(files, base=FsPath.cwd())
        if output is None:
            typer.echo(page, nl=False)
            return
        if check:
            current = output.read_text(encoding="utf-8") if output.exists() else ""
            if current != page:
                fail(f"{output} is out of date: run without --check to rewrite it", code=1)  # a failed check
            typer.echo(f"{output} is up to date")
            return
        output.write_text(page, encoding="utf-8")
        typer.echo(f"wrote {output}")
