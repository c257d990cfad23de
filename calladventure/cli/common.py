"""What every command shares: example epilogs, the console, one-line errors, JSON output.

Errors the user can cause (:class:`~calladventure.values.errors.CallAdventureError`, a
``ValueError``, or an unreadable file) are printed as one line on standard error with exit
status 1, never as a traceback (:func:`friendly`, :func:`fail`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["console", "echo_json", "examples", "fail", "friendly"]


def examples(*commands: str) -> str:
    """A help epilog listing example commands, kept unwrapped (click's ``\\b`` marker)."""
    return "\b\nExamples:\n" + "\n".join(f"  {c}" for c in commands)


def console() -> Console:
    """The console that commands print to (standard output, no automatic highlighting)."""
    from rich.console import Console

    return Console(highlight=False)


def fail(message: str) -> NoReturn:
    """Print one line on standard error and exit with status 1."""
    one_line = " ".join(str(message).split())
    typer.echo(f"error: {one_line}", err=True)
    raise typer.Exit(1)


@contextmanager
def friendly() -> Iterator[None]:
    """Turn the errors a user can cause into one clear line and exit status 1."""
    from ..values.errors import CallAdventureError

    try:
        yield
    except (CallAdventureError, ValueError) as exc:
        fail(str(exc))
    except OSError as exc:
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        fail(f"{where}{exc.strerror or exc}")


def echo_json(doc: Any) -> None:
    """Print ``doc`` as indented JSON (non-ASCII text kept as it is)."""
    typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))
