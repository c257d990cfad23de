"""The command line names the backends without loading the engine; the names agree with the engine's."""

from __future__ import annotations

from calladventure.cli._simulate import BACKENDS as CLI_BACKENDS
from calladventure.play.simulate import BACKENDS


def test_the_cli_names_the_same_backends_as_the_simulator() -> None:
    assert tuple(CLI_BACKENDS) == tuple(BACKENDS)
