"""The python blocks of docs/worldspanner.md run, in order, in one namespace (003 · Challenges)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "worldspanner.md"


def blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", DOC.read_text(encoding="utf-8"), flags=re.M | re.S)


def test_the_worldspanner_page_has_a_worked_example_and_the_choices() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "## A worked example" in text and "## Choices where the text is silent" in text
    assert "003 · Reading the Challenge card" in text
    assert len(blocks()) >= 6


def test_the_worldspanner_page_runs(capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {"__name__": "worldspanner_docs"}
    for i, code in enumerate(blocks()):
        exec(compile(code, f"{DOC.name} block {i + 1}", "exec"), namespace)
    out = capsys.readouterr().out
    assert "Better By 1: Amaze 1/20, Pass 12/20, Squeak 4/20, Fail 3/20" in out
    assert "only the active team" in out
