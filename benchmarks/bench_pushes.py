"""Random-play pushes per CPU second of this tree, paired against a peer tree in the same run.

Run from the repository root::

    python benchmarks/bench_pushes.py --peer /path/to/another/checkout   # this tree against that one
    python benchmarks/bench_pushes.py                                    # this tree alone

Uniformly random choices play seeded games (1 to 4 heroes on the core set, and two-hero co-op
games on the Stormlight set) with ``record_events=False``; every pushed action counts, passes and
casts included (``legal_actions`` runs on every push: docs/design.md § Speed without shortcuts).
Each repeat runs this tree, then the peer, in fresh processes, so both meet the same moments of a
shared machine; each keeps its best CPU time, and the ratio is printed (this tree's rate over the
peer's).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_WORKER = r"""
import json, random, sys, time
from calladventure import Game
games = int(sys.argv[1])
pushes = 0
start = time.process_time()
runs = [dict(players=p) for p in (1, 2, 3, 4)] + [dict(players=2, sets=("stormlight",), mode="coop")]
for kw in runs:
    for seed in range(games):
        game = Game.new(seed=seed, record_events=False, **kw)
        chooser = random.Random(seed)
        while not game.over and game.steps < 3000:
            game.push(chooser.choice(game.legal_list()))
            pushes += 1
print(json.dumps({"pushes": pushes, "cpu": time.process_time() - start}))
"""


def run_tree(tree: Path, games: int) -> dict[str, float]:
    """Play the games in a fresh process importing ``calladventure`` from ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", _WORKER, str(games)],
        env=env,
        cwd=str(tree),
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", type=Path, help="another checkout of calladventure to compare with")
    parser.add_argument("--games", type=int, default=30, help="seeds per kind of game (default 30)")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved runs of each tree (default 5)")
    args = parser.parse_args(argv)
    trees = [("this tree", ROOT)] + ([("peer", args.peer.resolve())] if args.peer else [])
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.repeat):
        for label, tree in trees:
            got = run_tree(tree, args.games)
            if label not in best or got["cpu"] < best[label]["cpu"]:
                best[label] = got
    rates = {label: r["pushes"] / r["cpu"] for label, r in best.items()}
    for label, r in best.items():
        print(
            f"{label:10} {rates[label]:9,.0f} pushes/s  ({int(r['pushes']):,} pushes, best {r['cpu']:.2f} s CPU)"
        )
    if "peer" in rates:
        print(f"ratio (this tree / peer): {rates['this tree'] / rates['peer']:.3f}")


if __name__ == "__main__":
    main()
