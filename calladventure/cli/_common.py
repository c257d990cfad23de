"""What every command shares: its options, example epilogs, the console, errors in one line, JSON output.

The options several commands take (``--seed``, ``--players``, ``--bots``, ``--sets``, ``--mode``,
``--quest``, ``--rule``, ``--lang``, ``--json``) are declared once here, as ``Annotated`` aliases
(``seed: Seed = 7``); each command gives only its default. Every command answers ``-h`` as
well as ``--help`` (:data:`CONTEXT`).

An error the user can cause (:class:`~calladventure.values._errors.CallAdventureError`, or a file
that cannot be read) is printed as one line on standard error, ``error: …``, with exit status 2;
with ``--json`` it is a JSON object on standard error instead. Anything else is a bug: one line
saying so, exit status 1, and a hint to rerun with ``--debug`` (or ``CALLADVENTURE_DEBUG=1``),
which shows the traceback. :class:`GuardedGroup` applies this to every command of an app;
:func:`friendly` applies it inside a command (so its ``--json`` is honoured).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Annotated, Any, Literal, NoReturn

import typer
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from typer.core import TyperArgument, TyperCommand, TyperGroup

from ..values._errors import CallAdventureError
from ..values._kinds import Mode
from ..values._printable import printable
from ._choices import complete_bots, complete_quests, complete_rules, complete_sets

__all__ = [
    "CONTEXT",
    "CORE_SETS",
    "N_",
    "USER_ERROR",
    "AsJson",
    "Bots",
    "CommandFailure",
    "GuardedGroup",
    "Lang",
    "ModeOption",
    "PlainCommand",
    "Players",
    "Quest",
    "RuleSpecs",
    "Seed",
    "Sets",
    "console",
    "debugging",
    "echo_json",
    "error_message",
    "examples",
    "fail",
    "fit_columns",
    "friendly",
    "one_line",
    "report",
    "set_debug",
]

#: The exit status of an error the user can cause (a usage error, as click's own are).
USER_ERROR = 2

#: The click settings of the app and of every command: ``-h`` is ``--help``.
CONTEXT: dict[str, Any] = {"help_option_names": ["-h", "--help"]}

# ----------------------------------------------------------------------------- the shared options

#: The seed of one game and of its bots (``simulate`` has a base seed of its own).
Seed = Annotated[
    int, typer.Option(metavar="N", help="Seed of the game and of the bots: same seed, same game.")
]
#: The number of heroes.
Players = Annotated[int, typer.Option(min=1, max=4, metavar="N", help="Number of heroes (1 to 4).")]
#: The bots of the seats, as written (check them with :func:`._choices.split_list`).
Bots = Annotated[
    list[str],
    typer.Option(
        metavar="BOT[,BOT…]",
        autocompletion=complete_bots,
        help="Bots per seat (greedy, random, search), comma-separated or repeated, repeated to fill the seats.",
    ),
]
#: The card sets a game plays by default.
CORE_SETS = ["core"]
#: The card sets, as written (check them with :func:`._choices.split_list`).
Sets = Annotated[
    list[str],
    typer.Option(
        metavar="SET[,SET…]",
        autocompletion=complete_sets,
        help="Card sets, comma-separated or repeated (core, stormlight, notw).",
    ),
]
#: The game mode (000 · Solo/Co-op versus Competitive Play).
ModeOption = Annotated[
    Mode,
    typer.Option(
        "--mode",
        metavar="|".join(Mode),
        help="competitive, or solo / coop against the set's Adversary (000 · Facing Odium).",
    ),
]
#: The Adversary Quest of a solo or co-op game.
Quest = Annotated[
    str | None,
    typer.Option(
        metavar="QUEST",
        autocompletion=complete_quests,
        help="The Adversary Quest of a solo or co-op game, by name or id "
        "(default: the one 000 · The Adversary Quests suggests first).",
    ),
]
#: Rules options as ``OPTION=VALUE`` texts (``calladventure rules`` lists them).
RuleSpecs = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        metavar="OPTION=VALUE",
        autocompletion=complete_rules,
        help="A rules option (see 'calladventure rules'); repeat for more.",
    ),
]
#: The language of what a command prints (``calladventure.present.LANGUAGES``).
Lang = Annotated[
    Literal["en", "fr"], typer.Option(help="Language of what is printed: the log, prompts and scores.")
]
#: JSON instead of text (an error the user can cause is then a JSON object on standard error).
AsJson = Annotated[
    bool,
    typer.Option("--json", help="Print the result as JSON instead of text."),
]

_DEBUG: ContextVar[bool] = ContextVar("calladventure_debug", default=False)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs (``calladventure.present._i18n``) without translating it now."""
    return message


def examples(*commands: str) -> str:
    """A help epilog listing example commands, kept unwrapped (click's ``\\b`` marker)."""
    return "\b\nExamples:\n" + "\n".join(f"  {c}" for c in commands)


def console() -> Console:
    """The console that commands print to (standard output, no automatic highlighting, data's control characters shown)."""
    from ..present._printable import TerminalConsole

    return TerminalConsole(highlight=False)


def fit_columns(table: Table, width: int, drop: Sequence[str]) -> Table:
    """``table`` without the columns headed ``drop`` (the least needed first) while the rest do not fit ``width``.

    A column needs its ``min_width`` (else its header's width), its padding and its rule: each
    column left then shows every cell whole (wrapped or folded, never cut to an ellipsis).
    """
    for header in drop:
        need = sum((c.min_width or cell_len(str(c.header))) + 3 for c in table.columns) + 1
        if need <= width:
            break
        table.columns = [c for c in table.columns if c.header != header]
    return table


def one_line(text: object) -> str:
    """``text`` with every run of white space (newlines too) made one space."""
    return " ".join(str(text).split())


def set_debug(on: bool) -> None:
    """Show tracebacks of unexpected errors (the global ``--debug``; also ``CALLADVENTURE_DEBUG=1``)."""
    _DEBUG.set(on or os.environ.get("CALLADVENTURE_DEBUG", "") not in ("", "0"))


def debugging() -> bool:
    """Whether unexpected errors show their traceback."""
    return _DEBUG.get() or os.environ.get("CALLADVENTURE_DEBUG", "") not in ("", "0")


class CommandFailure(CallAdventureError):
    """A command's own refusal or failed check, with the exit status it ends with."""

    def __init__(self, message: str, code: int = USER_ERROR) -> None:
        super().__init__(message)
        self.code = code


def fail(message: str, code: int = USER_ERROR) -> NoReturn:
    """End the command with one line on standard error (status 2, or ``code``: 1 for a failed check)."""
    raise CommandFailure(message, code)


def error_message(exc: BaseException, lang: str = "en") -> tuple[str, int]:
    """The one-line message and exit status of an error (status 1 for an unexpected one), in ``lang``."""
    if isinstance(exc, CallAdventureError):
        if lang != "en":  # the one door that translates an error: its fixed parts, its values kept
            from ..present._i18n import error_text

            return one_line(error_text(exc, lang)), getattr(exc, "code", USER_ERROR)
        return one_line(exc), getattr(exc, "code", USER_ERROR)
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        return one_line(f"{where}{exc.strerror or exc}"), USER_ERROR
    hint = "this is a bug in calladventure: rerun with --debug to see the traceback, and please report it"
    return one_line(f"unexpected {type(exc).__name__}: {exc} ({hint})"), 1


def report(exc: BaseException, as_json: bool = False, lang: str = "en") -> NoReturn:
    """Print ``exc`` as one line (or a JSON object, in English) on standard error and exit with its status."""
    message, code = error_message(exc, "en" if as_json else lang)
    if code == 1 and not isinstance(exc, CallAdventureError) and debugging():
        raise exc
    if as_json:
        doc = {"error": message, "type": type(exc).__name__, "exit_code": code}
        typer.echo(json.dumps(doc, ensure_ascii=False), err=True)
    else:
        prefix = "error: " if lang == "en" else _translated(lang, "error: ")
        typer.echo(f"{prefix}{printable(message)}", err=True)
    raise typer.Exit(code)


_PASS_THROUGH = (typer.Exit, typer.Abort, typer.TyperException)


@contextmanager
def friendly(as_json: bool = False, lang: str = "en") -> Iterator[None]:
    """Report any error raised inside as one line in ``lang`` (JSON with ``as_json``), never a traceback."""
    try:
        yield
    except _PASS_THROUGH:
        raise
    except Exception as exc:
        report(exc, as_json, lang)


def _translated(lang: str, message: str) -> str:
    from ..present._i18n import t

    return t(lang, message)


class GuardedGroup(TyperGroup):
    """A Typer group whose commands never end in a traceback (unless ``--debug``): see :func:`report`."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except _PASS_THROUGH:
            raise
        except Exception as exc:
            report(exc)


class PlainCommand(TyperCommand):
    """A command whose help names each argument by its metavar alone (``NAME``, not ``NAME <str>``)."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        for param in self.params:
            if isinstance(param, TyperArgument) and param.metavar:
                setattr(param, "display_type_rich", lambda *_a, **_k: None)  # noqa: B010 - shadow the type label
        super().format_help(ctx, formatter)


def echo_json(doc: Any) -> None:
    """Print ``doc`` as indented JSON (non-ASCII text kept as it is)."""
    typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))
