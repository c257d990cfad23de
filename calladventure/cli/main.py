"""The ``calladventure`` command line (Typer): the app, its commands in order, and the console script.

Every command is a function registered on :data:`app` here (sub-groups such as ``cards`` and
``scenario`` are their own Typer apps), so new commands slot in beside these. Every command that
reports has ``--json``. Errors the user can cause (:class:`~calladventure.values.errors.CallAdventureError`,
a ``ValueError``, or an unreadable file) are printed as one line on standard error with exit
status 1, never as a traceback. ``calladventure play`` is an interactive game in the terminal
(000 · Each Turn); ``calladventure scenario run`` plays scenario files (docs/scenarios.md).

The command modules import the engine only inside the commands that need it, so ``--help`` and
shell completion start fast.
"""

from __future__ import annotations

import typer

from .cards import cards_app
from .common import examples
from .demo import DEMO_EXAMPLES, demo
from .odds import ODDS_EXAMPLES, odds
from .options import RULES_EXAMPLES, rules
from .play import PLAY_COMMAND_HELP, PLAY_EXAMPLES, play
from .saves import EXPLAIN_EXAMPLES, REPLAY_EXAMPLES, explain, replay
from .scenario import scenario_app
from .simulate import register as register_simulate

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
    "calladventure simulate --games 1000 --out study.csv",
    "calladventure report study.csv",
)

app = typer.Typer(
    name="calladventure",
    help="A typed engine for the board game Call to Adventure: play, simulate and inspect games.",
    epilog=EXAMPLES,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.add_typer(cards_app, name="cards")
app.command(epilog=DEMO_EXAMPLES)(demo)
app.command(epilog=ODDS_EXAMPLES)(odds)
app.command(epilog=RULES_EXAMPLES)(rules)
app.add_typer(scenario_app, name="scenario")
app.command(epilog=EXPLAIN_EXAMPLES)(explain)
app.command(epilog=REPLAY_EXAMPLES)(replay)
app.command(help=PLAY_COMMAND_HELP, epilog=PLAY_EXAMPLES)(play)
register_simulate(app)  # simulate, report


def main() -> None:
    """The ``calladventure`` console script."""
    app(prog_name="calladventure")
