"""The ``calladventure`` command line (Typer).

:mod:`~calladventure.cli.main` holds the app; each command lives in a module named for it
(:mod:`~calladventure.cli.demo`, :mod:`~calladventure.cli.play`, :mod:`~calladventure.cli.cards`,
:mod:`~calladventure.cli.odds`, :mod:`~calladventure.cli.scenario`, :mod:`~calladventure.cli.saves`
for explain and replay, :mod:`~calladventure.cli.options` for rules).
"""

from .main import app, main

__all__ = ["app", "main"]
