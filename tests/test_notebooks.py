"""The example notebooks run top to bottom in a real Jupyter kernel, and show what they promise.

Each notebook in examples/ is executed with nbclient (every cell, with a timeout); an error in
any cell fails the test. The notebooks are committed without outputs, and are seeded, so a run
always shows the same game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"

#: For each notebook, texts its outputs must contain (HTML, plain text or printed).
KEY_OUTPUTS: dict[str, tuple[str, ...]] = {
    "first_game.ipynb": (
        'class="ca-root ca-game"',  # the game picture
        'class="ca-root ca-card"',  # a card
        'class="ca-root ca-tableau"',  # a Story
        'class="ca-root ca-hand"',  # a hand
        'class="ca-root ca-track"',  # the Corruption track
        "<svg",  # the odds chart
        "Chance to overcome",  # live odds of the attempt under way
        'class="ca-root ca-cast"',  # the cast
        "000 · Reading the Runes (001)",  # the event log cites its rules (one citation: 000, the core alias)
        "Winner:",  # the itemised final scores
        WIDGET,
    ),
    "odds_and_strategy.ipynb": (
        "core-3             slash (1) | dual-triangle (0)",
        "+3 runes: min 3, average 6.00, max 9",  # 000 · Rune Probability
        "{0: '1/4', 1: '1/2', 2: '1/4'}",  # Corruption from two Dark runes
        "P(success)",
        "greedy wins",
        WIDGET,
    ),
    "rules_questions.ipynb": (
        "with the Hound: <Odds 4 runes vs 4",
        "'dexterity-1', 'dexterity-2', 'dexterity-special'",
        "+1 Experience",
        "one attempt per turn",
        "Corruption 4 (lowest)",
        "step 0 of 4",  # the scenario stepper opens at its first step
        WIDGET,
    ),
    "worldspanner.ipynb": ("Archery Range", "Better By 1", "Pass 6/14", "public: Better By 1"),
    "game_widget.ipynb": (WIDGET,),
    "coop_against_odium.ipynb": (
        'class="ca-root ca-pictures"',  # Odium's panel: tokens, quest, deck
        "000 · Playing Odium's Cards",  # his cards, revealed on a dark triangle
        "000 · Facing Odium",
        "Odium",
        "strength + dexterity <Odds 6 runes vs 9",  # exact odds of facing him
    ),
    "balance_study.ipynb": (
        "<Results 300 games (0 failed): 2 heroes (greedy, greedy)",
        "Win rate by seat",
        "P1 (first)",
        "95% interval",
        "width: ",
        "<svg",  # the charts, inline
        "paired: game i of A against game i of B",
        "score: icon_sets",
    ),
    "bots_tournament.ipynb": (
        "Results table",
        "search",
        "their hand: ('?",  # a view shows card backs only
        "as P1 sees it",  # the view's picture
    ),
    "naming.ipynb": (
        "set aside from the core set: ['One With Nature', \"Thieves' Guild\"]",
        "bonus +2: <Odds 3 runes +2 vs 4: 50.00%>",
        "odds of the Wind: <Odds 3 runes +2 vs 4: 50.00%>",
        "learns the Name of the Wind (4 vs 4)",
        "Names learned by P1: ['wind']",
    ),
}


def output_text(nb: Any) -> str:
    """Every output of every cell as one text: streams, plain text, HTML and widget views."""
    parts: list[str] = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                parts.append(out["text"])
            for mime, data in out.get("data", {}).items():
                parts.append(mime)
                parts.append(data if isinstance(data, str) else json.dumps(data))
    return "\n".join(parts)


def test_every_example_notebook_has_its_key_outputs_listed() -> None:
    assert {p.name for p in NOTEBOOKS} >= set(KEY_OUTPUTS), "a listed notebook is missing"
    assert len(NOTEBOOKS) >= 5


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:80]
    assert nb.metadata["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_top_to_bottom(path: Path, tmp_path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},  # files a notebook writes go here
    )
    client.execute()  # raises CellExecutionError, naming the cell, on any error
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
    text = output_text(nb)
    missing = [key for key in KEY_OUTPUTS.get(path.name, ()) if key not in text]
    assert not missing, f"{path.name} does not show {missing}"
    left = sorted(f.name for f in tmp_path.iterdir())
    assert not left, f"running {path.name} leaves {left} in its folder (examples/ when run by hand)"
