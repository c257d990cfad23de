"""Benchmarks of calladventure: engine decisions per second, games per second, odds, greedy games.

Run from the repository root::

    python benchmarks/bench.py            # the full run (about a minute)
    python benchmarks/bench.py --quick    # a smoke run (a few seconds)
    python benchmarks/bench.py --profile  # also cProfile random play and print the hotspots

(a) decisions per second: random bots play seeded 4-player games with ``record_events=False``
in one process; every pushed action counts, rune casts included (000 · Reading the Runes).
(b) random 4-player games per second, from the same run. (c) microseconds per uncached odds
computation for a 12-rune pool (``bench_odds.py``, 000 · Rune Probability). (d) milliseconds
per 4-player game between greedy bots. The target for (a) is 25,000 decisions/s on one core.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_odds import bench_odds

from calladventure.game import Game
from calladventure.play.bots import GreedyBot, RandomBot, play_game

TARGET_DECISIONS = 25_000


def random_games(games: int, players: int = 4, first_seed: int = 0) -> tuple[int, float]:
    """Play ``games`` seeded random-bot games; return (actions pushed, seconds)."""
    decisions = 0
    elapsed = 0.0
    for seed in range(first_seed, first_seed + games):
        bots = [RandomBot(seed * 100 + i) for i in range(players)]
        start = time.perf_counter()
        game = play_game(Game.new(players=players, seed=seed, record_events=False), bots)
        elapsed += time.perf_counter() - start
        decisions += len(game.history)
    return decisions, elapsed


def greedy_games(games: int, players: int = 4, first_seed: int = 0) -> float:
    """Mean seconds per seeded game between greedy bots."""
    elapsed = 0.0
    for seed in range(first_seed, first_seed + games):
        bots = [GreedyBot(seed * 100 + i) for i in range(players)]
        start = time.perf_counter()
        play_game(Game.new(players=players, seed=seed, record_events=False), bots)
        elapsed += time.perf_counter() - start
    return elapsed / games


def profile_random(games: int, top: int = 25) -> str:
    """cProfile random play and return the ``top`` functions by own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    random_games(games, first_seed=10_000)
    profiler.disable()
    buf = io.StringIO()
    stats = pstats.Stats(profiler, stream=buf)
    stats.sort_stats("tottime").print_stats(top)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="a few games only (a smoke run)")
    parser.add_argument("--games", type=int, default=None, help="random 4-player games to play (default 200)")
    parser.add_argument("--profile", action="store_true", help="cProfile random play and print the hotspots")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args(argv)

    n_random = args.games or (10 if args.quick else 200)
    n_greedy = 3 if args.quick else 20
    n_odds = 200 if args.quick else 2000

    random_games(2, first_seed=99_999)  # warm the card and context caches
    decisions, seconds = random_games(n_random)
    odds_us = bench_odds(n_odds)
    greedy_s = greedy_games(n_greedy)
    results = {
        "random_games": n_random,
        "decisions": decisions,
        "decisions_per_second": decisions / seconds,
        "games_per_second": n_random / seconds,
        "decisions_per_game": decisions / n_random,
        "odds_12_runes_us": odds_us,
        "greedy_games": n_greedy,
        "greedy_game_ms": greedy_s * 1000,
        "target_decisions_per_second": TARGET_DECISIONS,
    }
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        ok = "meets" if results["decisions_per_second"] >= TARGET_DECISIONS else "BELOW"
        print(f"(a) decisions/s, random 4-player play, one process: {results['decisions_per_second']:,.0f}")
        print(
            f"    ({decisions:,} actions incl. casts in {n_random} games; {ok} the {TARGET_DECISIONS:,}/s target)"
        )
        print(f"(b) random 4-player games/s: {results['games_per_second']:.1f}")
        print(f"    ({results['decisions_per_game']:.0f} actions per game)")
        print(f"(c) odds of a 12-rune pool, uncached: {odds_us:.1f} µs")
        print(f"(d) greedy 4-player game: {results['greedy_game_ms']:.1f} ms ({n_greedy} games)")
    if args.profile:
        print(profile_random(5 if args.quick else 40))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
