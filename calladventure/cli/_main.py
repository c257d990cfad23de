"""The ``calladventure`` command line (Typer): the app, its commands in order, and the console script.

Every command is a function registered on :data:`app` here (sub-groups such as ``cards`` and
``scenario`` are their own Typer apps), so new commands slot in beside these. Every command that
reports has ``--json``. Errors the user can cause (:class:`~calladventure.values._errors.CallAdventureError`,
or an unreadable file) are printed as one line on standard error with exit status 2 (as JSON on
standard error with ``--json``), never as a traceback; an unexpected error is one line with exit
status 1 and a hint to rerun with the global ``--debug``, which shows its traceback
(:mod:`.common`). ``--version`` prints the version. ``calladventure play`` is an interactive game
in the terminal (000 · Each Turn); ``calladventure scenario run`` plays scenario files
(docs/scenarios.md); ``calladventure score`` is a score card for a game played at the table.

The command modules import the engine only inside the commands that need it, so ``--help`` and
shell completion start fast.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ._cards import cards_app
from ._common import CONTEXT, GuardedGroup, PlainCommand, examples, set_debug
from ._demo import DEMO_EXAMPLES, demo
from ._odds import ODDS_EXAMPLES, odds
from ._options import RULES_EXAMPLES, rules
from ._play import PLAY_COMMAND_HELP, PLAY_EXAMPLES, play
from ._saves import EXPLAIN_EXAMPLES, REPLAY_EXAMPLES, explain, replay
from ._scenario import scenario_app
from ._score import SCORE_EXAMPLES, score
from ._simulate import register as register_simulate

__all__ = ["EXAMPLES", "app", "main"]

EXAMPLES = examples(
    "calladventure play --seats human,greedy",
    "calladventure scenario check examples/scenarios",
    "calladventure explain examples/scenarios/000-faqs-card-timing.toml",
    "calladventure replay my-game.json --all",
    "calladventure demo --seed 7",
    "calladventure demo --players 4 --bots greedy,random --json",
    "calladventure odds --ability strength=3 --dark 2 --difficulty 6",
    "calladventure cards list --type challenge",
    'calladventure cards show "Wild Boar Hunt"',
    "calladventure cards validate cards/core",
    "calladventure rules",
    "calladventure score --file my-score.toml",
    "calladventure simulate --games 1000 --out study.csv",
    "calladventure report study.csv",
)

app = typer.Typer(
    name="calladventure",
    cls=GuardedGroup,
    context_settings=CONTEXT,
    help="A typed engine for the board game Call to Adventure: play, simulate and inspect games.",
    epilog=EXAMPLES,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("calladventure")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree never installed
            number = "unknown (not installed)"
        typer.echo(f"calladventure {number}")
        raise typer.Exit()


@app.callback()
def _root(
    show_version: Annotated[
        bool,
        typer.Option("--version", is_eager=True, callback=_version, help="Print the version and exit."),
    ] = False,
    debug: Annotated[
        bool, typer.Option("--debug", help="Show the traceback of an unexpected error (for bug reports).")
    ] = False,
) -> None:
    """A typed engine for the board game Call to Adventure: play, simulate and inspect games."""
    set_debug(debug)


app.add_typer(cards_app, name="cards")
app.command(cls=PlainCommand, epilog=DEMO_EXAMPLES)(demo)
app.command(cls=PlainCommand, epilog=ODDS_EXAMPLES)(odds)
app.command(cls=PlainCommand, epilog=RULES_EXAMPLES)(rules)
app.add_typer(scenario_app, name="scenario")
app.command(cls=PlainCommand, epilog=EXPLAIN_EXAMPLES)(explain)
app.command(cls=PlainCommand, epilog=REPLAY_EXAMPLES)(replay)
app.command(cls=PlainCommand, help=PLAY_COMMAND_HELP, epilog=PLAY_EXAMPLES)(play)
app.command(cls=PlainCommand, epilog=SCORE_EXAMPLES)(score)
register_simulate(app)  # simulate, report


def main() -> None:
    """The ``calladventure`` console script."""
    app(prog_name="calladventure")
