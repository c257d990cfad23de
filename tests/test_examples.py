"""The example scripts in examples/ run to the end and print what they promise."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_first_game_example_runs_and_reports_scores() -> None:
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / "first_game.py")], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert re.search(r"Dark rune\(s\): \d+\.\d\d% to succeed", run.stdout)
    assert "[000 · Reading the Runes (001)]" in run.stdout
    assert "Ada: " in run.stdout and "Bo: " in run.stdout
