"""What the companion's pictures cost: HTML with its icons as SVG shapes, the SVG table, the event log.

Run from the repository root::

    python benchmarks/bench_pictures.py           # about ten seconds
    python benchmarks/bench_pictures.py --quick   # a smoke run

Each measure is CPU time (``time.process_time``), paired against its peer in the same run and
interleaved (A, B, A, B …, best of N each), so a shared machine slows both alike; it prints the
ratio. (a) ``game_html`` with the icon glyphs drawn as inline SVG against the same HTML with the
glyphs left as text (what the widget repaints after each move). (b) ``_repr_svg_`` of the table
against ``_repr_html_``. (c) ``game.events`` (an ``Events`` log) against the plain list it was.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from calladventure import Game
from calladventure.play.bots import GreedyBot, play_game
from calladventure.present import _html_cards as html_cards


def _cpu(run: Callable[[], object], repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        run()
    return (time.process_time() - start) / repeat


def paired(a: Callable[[], object], b: Callable[[], object], repeat: int, rounds: int) -> tuple[float, float]:
    """Best CPU seconds per call of ``a`` and ``b``, interleaved over ``rounds``."""
    best_a = best_b = float("inf")
    for _ in range(rounds):
        best_a = min(best_a, _cpu(a, repeat))
        best_b = min(best_b, _cpu(b, repeat))
    return best_a, best_b


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    repeat, rounds = (3, 2) if args.quick else (20, 5)
    game = play_game(Game.new(players=3, seed=4), [GreedyBot(1), GreedyBot(2), GreedyBot(3)])
    game.undo_to(len(game.history) // 2)  # mid-game: a full table and Stories

    glyphs = html_cards.svg_glyphs

    def with_svg() -> object:
        return game._repr_html_()

    def as_text() -> object:
        html_cards.svg_glyphs = lambda markup: markup  # type: ignore[assignment]
        try:
            return game._repr_html_()
        finally:
            html_cards.svg_glyphs = glyphs

    svg_s, text_s = paired(with_svg, as_text, repeat, rounds)
    print(
        f"(a) game_html, icons as SVG: {svg_s * 1e3:.2f} ms; glyphs as text: {text_s * 1e3:.2f} ms; ratio {svg_s / text_s:.2f}"
    )
    table_s, html_s = paired(game._repr_svg_, game._repr_html_, repeat, rounds)
    print(
        f"(b) the table as SVG: {table_s * 1e3:.2f} ms; as HTML: {html_s * 1e3:.2f} ms; ratio {table_s / html_s:.2f}"
    )
    events = paired(
        lambda: game.events, lambda: [e for step in game._events for e in step], repeat * 20, rounds
    )
    print(
        f"(c) game.events as a log: {events[0] * 1e6:.1f} µs; as a list: {events[1] * 1e6:.1f} µs; ratio {events[0] / events[1]:.2f}"
    )


if __name__ == "__main__":
    main()
