"""The SVG pictures of docs/at-the-table.md, drawn from a seeded game: ``python scripts/gen_pictures.py``.

``--check`` exits 1 if a picture on disk differs from what the code draws now (the tests run it).
The pictures are the game's own ``_repr_svg_`` (:mod:`calladventure.present._svg`): the table, a
hero's Story, the odds of an attempt and a rune cast, icons drawn as shapes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from calladventure import AttemptChallenge, Game
from calladventure.present import last_cast, tableau_model

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"


def pictures() -> dict[str, str]:
    """Each picture's file name and SVG text."""
    game = Game.new(players=2, seed=3, names=("Ada", "Bo"))
    while game.state.phase.value == "setup":
        game.push(game.legal_actions[0])
    attempt = next(a for a in game.legal_actions if isinstance(a, AttemptChallenge) and a.dark == 1)
    odds = game.odds(attempt)
    table = game._repr_svg_()
    story = tableau_model(game, 0, secrets=True)._repr_svg_()
    game.push(attempt)
    game.cast()
    found = last_cast(game)
    assert found is not None and table and story
    cast = found[0]._repr_svg_()
    chart = odds._repr_svg_()
    assert cast and chart
    return {"svg-table.svg": table, "svg-story.svg": story, "svg-odds.svg": chart, "svg-cast.svg": cast}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a picture is out of date")
    args = parser.parse_args()
    stale = 0
    for name, svg in pictures().items():
        path = IMAGES / name
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != svg + "\n":
                print(f"{path} is out of date: run python scripts/gen_pictures.py")
                stale += 1
        else:
            path.write_text(svg + "\n", encoding="utf-8")
            print(f"wrote {path}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
