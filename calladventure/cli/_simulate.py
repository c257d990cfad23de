"""``calladventure simulate`` and ``calladventure report``: balance studies from the command line.

``simulate`` plays a study with a progress bar (games/s, time left) on a process pool, on Dask or
on Ray, keeps every finished game in ``--out`` as it goes, and with ``--resume`` completes an
interrupted run; ``report`` prints a results file's tables (win rates with Wilson intervals,
scores, length, co-op outcomes), compares two runs, and saves the plots. The commands live on
:data:`app`; :func:`register` adds them to another Typer app (the main ``calladventure`` app).
Errors a user can cause are one line on standard error and exit status 2.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, ProgressColumn, Task, TextColumn, TimeElapsedColumn
from rich.progress import Progress as Bar
from rich.text import Text

from ..values._errors import CallAdventureError
from ..values._kinds import Mode
from ..values._printable import printable
from ._choices import BOTS, split_list
from ._common import (
    CONTEXT,
    CORE_SETS,
    USER_ERROR,
    AsJson,
    Bots,
    GuardedGroup,
    ModeOption,
    PlainCommand,
    Players,
    Quest,
    RuleSpecs,
    Sets,
    examples,
    fail,
    friendly,
)
from ._common import console as terminal_console

if TYPE_CHECKING:
    from ..play.simulate import Progress, Results

#: Where games can run (``calladventure.play.simulate.BACKENDS``), named here so ``--help`` loads no engine.
BACKENDS = ("process", "dask", "ray")

__all__ = ["BACKENDS", "REPORT_EXAMPLES", "SIMULATE_EXAMPLES", "app", "register", "report", "simulate_games"]


SIMULATE_EXAMPLES = examples(
    "calladventure simulate --games 20 --players 2 --bots random --jobs 1",
    "calladventure simulate --games 10000 --players 3 --out my-studies/three.csv",
    "calladventure simulate --games 10000 --players 3 --out my-studies/three.csv --resume",
    "calladventure simulate --games 2000 --rule icon_sets=cap_at_four --out my-studies/capped.parquet",
    "calladventure simulate --players 2 --sets stormlight --mode coop --bots greedy --out my-studies/coop.csv",
    "calladventure simulate --backend dask --scheduler tcp://10.0.0.5:8786 --games 100000 --out my-studies/big.parquet",
)
REPORT_EXAMPLES = examples(
    "calladventure report my-studies/three.csv",
    "calladventure report my-studies/three.csv --plot my-studies/three.png",
    "calladventure report my-studies/three.csv --compare my-studies/capped.parquet --plot my-studies/capped.svg",
    "calladventure report my-studies/three.csv --json",
)

app = typer.Typer(
    cls=GuardedGroup,
    context_settings=CONTEXT,
    help="Balance studies: simulate many seeded games and report on them.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _echo_json(doc: Any) -> None:
    typer.echo(json.dumps(doc, indent=2, ensure_ascii=False, default=str))


@contextmanager
def _friendly(as_json: bool) -> Iterator[None]:
    """The errors a user can cause, as one line and exit status 2 (:func:`._common.friendly`).

    An error listing several problems (a results file's, one a line) keeps its lines.
    """
    with friendly(as_json):
        try:
            yield
        except CallAdventureError as exc:
            head, *problems = str(exc).splitlines() or [""]
            if as_json or not problems:
                raise
            typer.echo(f"error: {printable(head)}", err=True)
            for line in problems:
                typer.echo(printable(line), err=True)
            raise typer.Exit(USER_ERROR) from None


# ----------------------------------------------------------------------------- the progress bar


class _Rate(ProgressColumn):
    """Games per second of this run and the time left at that rate."""

    def render(self, task: Task) -> Text:
        rate = float(task.fields.get("rate", 0.0))
        if rate <= 0:
            return Text("… games/s", style="dim")
        left = max(0.0, (task.total or 0) - task.completed) / rate
        minutes, seconds = divmod(int(left + 0.5), 60)
        return Text(f"{rate:,.1f} games/s, {minutes}:{seconds:02d} left", style="cyan")


class _Failed(ProgressColumn):
    def render(self, task: Task) -> Text:
        failed = int(task.fields.get("failed", 0))
        return Text(f"{failed} failed" if failed else "", style="red")


@contextmanager
def _progress_bar(show: bool) -> Iterator[Callable[[Progress], None] | None]:
    if not show:
        yield None
        return
    bar = Bar(
        TextColumn("games"),
        BarColumn(),
        MofNCompleteColumn(),
        _Rate(),
        TimeElapsedColumn(),
        _Failed(),
        console=Console(stderr=True),
        transient=False,
    )
    task = bar.add_task("games", total=None, rate=0.0, failed=0)

    def update(p: Progress) -> None:
        bar.update(task, completed=p.done, total=p.total, rate=p.rate, failed=p.failed)

    with bar:
        yield update


# ----------------------------------------------------------------------------- simulate


@contextmanager
def _executor(backend: str, jobs: int | None, scheduler: str | None) -> Iterator[Executor | None]:
    """None for the process backend (``simulate`` starts its own pool, or plays here with one job)."""
    from ..play.simulate import open_executor

    if backend == "process" and scheduler is None:
        yield None
        return
    with open_executor(backend, jobs=jobs, scheduler=scheduler) as executor:
        yield executor


#: The bots of ``simulate`` by default.
SIMULATE_BOTS = ["random"]

# The options only ``simulate`` takes (those it shares with other commands are in .common).
_Games = Annotated[int, typer.Option("--games", min=0, metavar="N", help="Number of games.")]
_Rotate = Annotated[bool, typer.Option(help="Game i shifts the bots i seats: every bot plays every seat.")]
_BaseSeed = Annotated[
    int, typer.Option("--seed", metavar="N", help="Base seed: game i's seed comes from it and i alone.")
]
_Jobs = Annotated[
    int | None,
    typer.Option(
        min=1, metavar="N", help="Worker processes (default: one per CPU; 1 plays in this process)."
    ),
]
_Backend = Annotated[
    str, typer.Option(metavar="|".join(BACKENDS), help=f"Where the games run: {', '.join(BACKENDS)}.")
]
_Scheduler = Annotated[
    str | None, typer.Option(metavar="ADDRESS", help="An existing Dask scheduler or Ray cluster to use.")
]
_Out = Annotated[
    Path | None,
    typer.Option(metavar="FILE", help="Results file (.csv or .parquet), written as games finish."),
]
_Resume = Annotated[bool, typer.Option(help="Complete the run that wrote --out: play only missing games.")]
_Overwrite = Annotated[bool, typer.Option(help="Replace --out if it exists.")]
_MaxSteps = Annotated[
    int, typer.Option(min=1, metavar="N", help="Actions after which a game is recorded as failed.")
]
_ShowProgress = Annotated[
    bool, typer.Option("--progress/--no-progress", help="Show a progress bar on standard error.")
]


def simulate_games(
    games: _Games = 1000,
    players: Players = 2,
    bots: Bots = SIMULATE_BOTS,
    sets: Sets = CORE_SETS,
    mode: ModeOption = Mode.COMPETITIVE,
    quest: Quest = None,
    rule: RuleSpecs = None,
    rotate: _Rotate = False,
    seed: _BaseSeed = 0,
    jobs: _Jobs = None,
    backend: _Backend = "process",
    scheduler: _Scheduler = None,
    out: _Out = None,
    resume: _Resume = False,
    overwrite: _Overwrite = False,
    max_steps: _MaxSteps = 100_000,
    progress: _ShowProgress = True,
    as_json: AsJson = False,
) -> None:
    """Simulate many seeded games between bots: a table of every game and hero, and its report."""
    from ..play.simulate import StudySpec, check_out, parse_options, simulate

    with _friendly(as_json):
        spec = StudySpec(
            players=players,
            bots=split_list(bots, "--bots", BOTS),
            sets=split_list(sets, "--sets"),
            mode=mode.value,
            quest=quest,
            options=parse_options(rule or []),
            rotate=rotate,
            max_steps=max_steps,
        ).check()
        check_out(out, resume=resume, overwrite=overwrite)
        with (
            _executor(backend, jobs, scheduler) as executor,
            _progress_bar(progress and not as_json) as update,
        ):
            run = functools.partial(simulate, spec, games, seed=seed, executor=executor, jobs=jobs)
            results = _run(run, out=out, resume=resume, overwrite=overwrite, progress=update)
        _print_run(results, out, as_json)


def _run(play: Callable[..., Results], out: Path | None, **how: Any) -> Results:
    """``play(out=out, **how)``: an incomplete or interrupted run ends the command, saying what is kept."""
    from ..play.simulate import SimulationIncomplete, partial_path

    try:
        return play(out=out, **how)
    except SimulationIncomplete as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        kept = f" the finished games are kept in {partial_path(out)}; run again with --resume" if out else ""
        fail(f"interrupted:{kept}", 130)


def _print_run(results: Results, out: Path | None, as_json: bool) -> None:
    from ..play.simulate import summarize
    from ..present._report import report_rich

    played = len(results)
    rate = f"{played / results.wall_seconds:,.1f} games/s" if results.wall_seconds > 0 else ""
    report_value = summarize(results)
    if as_json:
        _echo_json({"out": str(out) if out else None, "report": report_value.to_dict()})
        return
    console = terminal_console()
    saved = f"; saved to {out}" if out else ""
    console.print(
        Text(
            f"{played:,} games ({len(results.failures())} failed) in {results.wall_seconds:.1f} s, {rate}{saved}"
        )
    )
    console.print(report_rich(report_value))  # the same tables as `report FILE` prints


# ----------------------------------------------------------------------------- report


def report(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE", help="A results file (.csv or .parquet) from 'calladventure simulate'."
        ),
    ],
    compare_with: Annotated[
        Path | None,
        typer.Option("--compare", metavar="OTHER", help="Compare with another run (A = FILE, B = OTHER)."),
    ] = None,
    plot: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Save the plots to a .png, .svg or .pdf file.")
    ] = None,
    top: Annotated[
        int | None,
        typer.Option(min=1, metavar="N", help="Show only the best N Origins, Motivations and Destinies."),
    ] = None,
    confidence: Annotated[
        float, typer.Option(min=0.5, max=0.999, metavar="P", help="Confidence of the intervals.")
    ] = 0.95,
    independent: Annotated[
        bool, typer.Option(help="Compare as independent samples even when both runs played the same seeds.")
    ] = False,
    as_json: AsJson = False,
) -> None:
    """Report on a study: win rates with Wilson intervals, scores, game length, co-op, comparisons."""
    from ..play.simulate import Results, compare, summarize
    from ..present._plots import check_chart_path, report_chart
    from ..present._report import comparison_rich, report_rich

    with _friendly(as_json):
        if plot is not None:
            check_chart_path(plot)
        results = Results.load(file)
        summary = summarize(results, confidence)
        comparison = None
        if compare_with is not None:
            comparison = compare(
                results, Results.load(compare_with), confidence, paired=False if independent else None
            )
        if plot is not None:
            report_chart(summary, comparison).save(plot)
        if as_json:
            doc: dict[str, Any] = {"report": summary.to_dict()}
            if comparison is not None:
                doc["comparison"] = comparison.to_dict()
            if plot is not None:
                doc["plot"] = str(plot)
            _echo_json(doc)
            return
        console = terminal_console()
        console.print(report_rich(summary, top=top))
        if comparison is not None:
            console.print(comparison_rich(comparison))
        if plot is not None:
            console.print(Text(f"plots saved to {plot}"))


def register(target: typer.Typer) -> None:
    """Add ``simulate`` and ``report`` to another Typer app (the main ``calladventure`` app)."""
    target.command(name="simulate", cls=PlainCommand, epilog=SIMULATE_EXAMPLES)(simulate_games)
    target.command(name="report", cls=PlainCommand, epilog=REPORT_EXAMPLES)(report)


register(app)
