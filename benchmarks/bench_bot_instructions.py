"""Instructions per GreedyBot decision, counted by valgrind, for this tree and a peer tree.

Run from the repository root::

    python benchmarks/bench_bot_instructions.py --peer /path/to/another/checkout
    python benchmarks/bench_bot_instructions.py --games 6      # this tree alone, a quicker run

The steady twin of ``bench.py --only bots`` (whose CPU times move with the machine's load): the
seeded 2- to 4-player core games that benchmark plays between greedy bots are played once
(without valgrind) to record their actions; then each tree replays them under
``valgrind --tool=callgrind``, once listing the legal actions and pushing the recorded ones
only, and once also asking the bot to choose at every decision it would time ("main": the main
phase with nothing pending; "all": every decision with more than one legal action). The
difference over the decisions is the bot's instructions per decision, its listing excluded as
in the CPU benchmark (000 · Each Turn; 000 · Attempt a Challenge). With ``all`` the bots' choices
are checked against the recorded ones. It needs valgrind (Debian's ``valgrind`` package) and
takes about a minute and a half per tree.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_instructions import callgrind

ROOT = Path(__file__).resolve().parents[1]

_RECORD = r"""
import pickle, sys
from calladventure.game import Game
from calladventure.play.bots import GreedyBot
from calladventure.values._actions import CastRunes
out = []
for g in range(int(sys.argv[1])):
    players, seed = 2 + g % 3, 300 + g
    game = Game.new(players=players, seed=seed, record_events=False)
    bots = [GreedyBot(seed * 100 + i) for i in range(players)]
    while not game.over:
        action = CastRunes() if game.is_chance else bots[game.to_move or 0].choose(game)
        game.push(action)
    out.append((seed, players, game.history))
with open(sys.argv[2], "wb") as f:
    pickle.dump(out, f)
"""

_WORKER = r"""
import pickle, sys
from calladventure.game import Game
from calladventure.play.bots import GreedyBot
mode = sys.argv[1]
with open(sys.argv[2], "rb") as f:
    games = pickle.load(f)
Game.new(players=4, seed=999, record_events=False)  # load the card data before counting
decisions = 0
for seed, players, history in games:
    game = Game.new(players=players, seed=seed, record_events=False)
    bots = [GreedyBot(seed * 100 + i) for i in range(players)]
    for action in history:
        if not game.is_chance and len(game.legal_list()) > 1 and mode != "none":
            if mode == "all" or not game.state.pending:
                chosen = bots[game.to_move or 0].choose(game)
                assert mode != "all" or chosen == action, (chosen, action)
                decisions += 1
        game.push(action)
print("decisions", decisions)
"""


def count(tree: Path, mode: str, games: Path) -> tuple[int, int]:
    """(instructions, decisions) of one replay importing ``calladventure`` from ``tree``."""
    return callgrind(tree, _WORKER, [mode, str(games)], "decisions")


def per_decision(tree: Path, games: int, modes: tuple[str, ...]) -> dict[str, tuple[float, int]]:
    """Instructions per decision of ``tree`` by mode (the replay without choices subtracted)."""
    with tempfile.TemporaryDirectory() as tmp:
        recorded = Path(tmp) / "games.pickle"
        env = {**os.environ, "PYTHONPATH": str(tree)}
        subprocess.run([sys.executable, "-c", _RECORD, str(games), str(recorded)], env=env, check=True)
        base, _ = count(tree, "none", recorded)
        found = {}
        for mode in modes:
            total, decisions = count(tree, mode, recorded)
            found[mode] = ((total - base) / decisions, decisions)
        return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", type=Path, help="another checkout of calladventure to compare with")
    parser.add_argument("--games", type=int, default=12, help="seeded games (default 12)")
    parser.add_argument("--main-only", action="store_true", help="count main decisions only")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt install valgrind)")
    modes = ("main",) if args.main_only else ("main", "all")
    trees = [("this tree", ROOT)] + ([("peer", args.peer.resolve())] if args.peer is not None else [])
    results = {}
    for name, tree in trees:
        results[name] = per_decision(tree, args.games, modes)
        for mode, (per, decisions) in results[name].items():
            print(
                f"{name:9} {mode:4} {per:10,.0f} instructions/decision ({decisions:,} decisions)", flush=True
            )
    if args.peer is not None:
        for mode in modes:
            print(
                f"ratio {mode} (peer / this tree): {results['peer'][mode][0] / results['this tree'][mode][0]:.3f}"
            )


if __name__ == "__main__":
    main()
