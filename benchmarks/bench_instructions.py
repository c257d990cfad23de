"""Instructions per push of random play, counted by valgrind, for this tree and a peer tree.

Run from the repository root::

    python benchmarks/bench_instructions.py --peer /path/to/another/checkout
    python benchmarks/bench_instructions.py --games 4        # this tree alone, a quicker run

On a shared machine CPU times move with the other users' load; an instruction count does not
(the same interpreter, code and inputs give the same count, whatever else runs), so small
changes to the rules' hot paths can be compared run to run. Each tree plays seeded random-bot
games (core 4 players and Stormlight co-op 4 players, ``record_events=False``) under
``valgrind --tool=callgrind``, once with no games and once with ``--games`` seeds of each kind;
the difference over the pushes is the tree's instructions per push (start-up, imports and card
loading cancel out). It needs valgrind (Debian's ``valgrind`` package) and takes about a
minute per tree. Fewer instructions usually, not always, mean less time: the paired CPU-time
benchmarks (``bench.py``, ``bench_pushes.py``) remain the measure of speed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_WORKER = r"""
import sys
from calladventure import Game
from calladventure.play.bots import RandomBot, play_game
kinds = (dict(players=4), dict(players=4, sets=("stormlight",), mode="coop"))
for kw in kinds:
    Game.new(seed=999, record_events=False, **kw)  # load every card set before counting
pushes = 0
for kw in kinds:
    for seed in range(int(sys.argv[1])):
        bots = [RandomBot(seed * 100 + i) for i in range(4)]
        pushes += len(play_game(Game.new(seed=seed, record_events=False, **kw), bots).history)
print("pushes", pushes)
"""


def callgrind(tree: Path, worker: str, args: list[str], counted: str) -> tuple[int, int]:
    """(instructions, the worker's count) of one run of ``worker`` under valgrind, importing ``calladventure`` from ``tree``.

    The worker prints ``<counted> N`` (what it counted: pushes, decisions); a fixed hash seed keeps
    the instruction count the same from run to run.
    """
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c"]
    out = subprocess.run(
        [*command, worker, *args], env=env, cwd=str(tree), capture_output=True, text=True, check=True
    )
    collected = re.search(r"Collected : ([\d,]+)", out.stderr)
    found = re.search(rf"{counted} (\d+)", out.stdout)
    if collected is None or found is None:
        raise RuntimeError(f"no count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(collected.group(1).replace(",", "")), int(found.group(1))


def count(tree: Path, games: int) -> tuple[int, int]:
    """(instructions, pushes) of one run of the worker importing ``calladventure`` from ``tree``."""
    return callgrind(tree, _WORKER, [str(games)], "pushes")


def per_push(tree: Path, games: int) -> tuple[float, int]:
    """Instructions per push of ``tree`` (the run with no games subtracted) and the pushes counted."""
    base, _ = count(tree, 0)
    total, pushes = count(tree, games)
    return (total - base) / pushes, pushes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", type=Path, help="another checkout of calladventure to compare with")
    parser.add_argument("--games", type=int, default=10, help="seeds of each kind of game (default 10)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt install valgrind)")
    ours, pushes = per_push(ROOT, args.games)
    print(f"this tree {ours:12,.0f} instructions/push ({pushes:,} pushes)")
    if args.peer is not None:
        theirs, _ = per_push(args.peer.resolve(), args.games)
        print(f"peer      {theirs:12,.0f} instructions/push")
        print(f"ratio (peer / this tree): {theirs / ours:.3f}")


if __name__ == "__main__":
    main()
