"""The ``calladventure`` command line (Typer)."""

from .commands import app, main

__all__ = ["app", "main"]
