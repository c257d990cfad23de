"""The ``calladventure`` command line (Typer).

:mod:`~calladventure.cli._main` holds the app; each command lives in a module named for it
(:mod:`~calladventure.cli._demo`, :mod:`~calladventure.cli._play`, :mod:`~calladventure.cli._cards`,
:mod:`~calladventure.cli._odds`, :mod:`~calladventure.cli._scenario`, :mod:`~calladventure.cli._saves`
for explain and replay, :mod:`~calladventure.cli._options` for rules).
"""

from ._main import app, main

__all__ = ["app", "main"]
