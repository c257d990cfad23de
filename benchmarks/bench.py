"""The paired benchmarks of calladventure: each measure runs beside a peer in the same run, on CPU time.

Run from the repository root (``nox -s bench`` installs the ``bench`` extra and runs this)::

    python benchmarks/bench.py              # everything (a few minutes)
    python benchmarks/bench.py --quick      # a smoke run (well under a minute)
    python benchmarks/bench.py --only odds  # one part: play, odds, bots, startup, push, growth, pickle, log
    python benchmarks/bench.py --json       # the numbers as JSON
    python benchmarks/bench.py --profile    # also cProfile random play and print the hotspots

See ``benchmarks/README.md`` for what each part measures and the latest numbers.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_bots import bench_bots
from bench_odds import bench_odds
from bench_play import MODES, bench_growth, bench_log, bench_pickle, bench_push, bench_random_play
from bench_startup import bench_startup

PARTS = ("play", "odds", "bots", "startup", "push", "growth", "pickle", "log")


def _machine() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"load average {load:.2f}, {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}"
    )


def warm_up() -> None:
    """Load every card set and context the parts use (one random game each), so no part times a first load."""
    from calladventure.game import Game
    from calladventure.play.bots import GreedyBot, play_game

    configs = [options for _label, options in MODES] + [{"players": 3, "sets": ("core", "notw")}]
    for options in configs:
        players = options["players"]
        play_game(
            Game.new(seed=99_999, record_events=False, **options), [GreedyBot(i) for i in range(players)]
        )


def run(parts: tuple[str, ...], quick: bool) -> dict[str, Any]:
    """Run the chosen parts; smaller samples with ``quick``."""
    rounds, budget = (3, 0.3) if quick else (7, 1.5)
    out: dict[str, Any] = {"machine": _machine()}
    warm_up()
    if "play" in parts:
        out["play"] = bench_random_play(rounds, budget)
    if "log" in parts:
        out["log"] = bench_log(rounds, budget)
    if "push" in parts:
        out["push"] = bench_push(3 if quick else 12, 3 if quick else 5)
    if "growth" in parts:
        out["growth"] = bench_growth(5 if quick else 40)
    if "odds" in parts:
        out["odds"] = bench_odds(
            300 if quick else 3000, 3 if quick else 9, (3, 12) if quick else range(3, 16)
        )
    if "bots" in parts:
        out["bots"] = bench_bots(4 if quick else 30)
    if "startup" in parts:
        out["startup"] = bench_startup(3 if quick else 15)
    if "pickle" in parts:
        out["pickle"] = bench_pickle(100 if quick else 1000)
    return out


def report(r: dict[str, Any]) -> str:
    """The numbers as the text the README quotes."""
    lines = [f"machine: {r['machine']}"]
    if "play" in r:
        play = r["play"]
        lines.append(f"random play (random bots, event log off; peer: {play['peer'] or 'none installed'})")
        for label, _options in MODES:
            m = play["modes"][label]
            line = f"  {label:20s} {m['pushes_per_s']:9,.0f} pushes/s {m['games_per_s']:7.1f} games/s"
            if "ratio" in m:
                line += (
                    f" | {play['peer']} {m['peer_steps_per_s']:9,.0f} steps/s {m['peer_games_per_s']:7.1f} games/s"
                    f" | ratio vs {play['peer']}: {m['ratio']:.2f} (games/s {m['games_ratio']:.2f})"
                )
            lines.append(line)
        if "chess" in play:
            c = play["chess"]
            lines.append(
                f"  core 4p {c['pushes_per_s']:,.0f} pushes/s | python-chess random {c['plies_per_s']:,.0f} plies/s"
                f" | ratio vs python-chess: {c['ratio']:.2f}"
            )
    if "log" in r:
        g = r["log"]
        lines.append(
            f"event log on {g['on_per_s']:,.0f} pushes/s, off {g['off_per_s']:,.0f}: ratio on/off {g['ratio']:.2f}"
        )
    if "push" in r:
        p = r["push"]
        line = f"push (legal actions already listed) {p['push_us']:.1f} µs; listing the legal actions {p['legal_actions_us']:.1f} µs"
        if "chess_push_us" in p:
            line += f" | python-chess Board.push {p['chess_push_us']:.1f} µs: ratio {p['ratio']:.2f}×"
        lines.append(line)
    if "growth" in r:
        g = r["growth"]
        lines.append(
            f"per-step time, core 4p: first fifth {g['start_us']:.1f} µs, last fifth {g['end_us']:.1f} µs: "
            f"end/start {g['ratio']:.2f}"
        )
    if "odds" in r:
        o = r["odds"]
        lines.append(
            "exact odds, uncached, with expected side effects (µs) | plain convolution of successes (µs)"
        )
        for size, row in o["sizes"].items():
            lines.append(
                f"  {int(size):2d} runes: {row['ours_us']:6.2f} | {row['plain_us']:6.2f} | ratio to the plain convolution: "
                f"{row['ratio']:.2f} (joint tables too: {row['with_tables_us']:.2f} µs)"
            )
        worst = max(row["ratio"] for row in o["sizes"].values())
        lines.append(f"  worst ratio to the plain convolution over these sizes: {worst:.2f}")
        for size, e in o["enumeration"].items():
            lines.append(
                f"  {int(size):2d} runes: 2^n enumeration {e['enumeration_us']:,.0f} µs: ratio to enumeration: {e['ratio']:,.0f}×"
            )
        lines.append(
            f"  cache hit, 12 runes: {o['cache_hit_us']:.2f} µs (a bare dict lookup on rune ids: {o['dict_by_ids_us']:.2f} µs)"
        )
    if "bots" in r:
        b = r["bots"]
        for part in ("main", "all"):
            gr, rn = b["greedy"][part], b["random"][part]
            lines.append(
                f"GreedyBot {part} decisions: mean {gr['mean_us']:.1f} µs, p90 {gr['p90_us']:.1f} µs "
                f"({gr['decisions']:,.0f}) | RandomBot mean {rn['mean_us']:.1f} µs, p90 {rn['p90_us']:.1f} µs "
                f"({rn['decisions']:,.0f})"
            )
    if "startup" in r:
        s = r["startup"]
        i, h = s["import"], s["help"]
        lines.append(
            f"import calladventure {i['ours_ms']:.1f} ms CPU ({i['ours_wall_ms']:.0f} ms wall) | import typer "
            f"{i['peer_ms']:.1f} ms ({i['peer_wall_ms']:.0f} ms wall): ratio {i['ratio']:.2f}"
        )
        lines.append(
            f"calladventure --help {h['ours_ms']:.1f} ms CPU ({h['ours_wall_ms']:.0f} ms wall) | bare Typer app --help "
            f"{h['peer_ms']:.1f} ms ({h['peer_wall_ms']:.0f} ms wall): ratio {h['ratio']:.2f}"
        )
    if "pickle" in r:
        for label, p in r["pickle"].items():
            lines.append(
                f"pickle a mid-game state, {label}: dumps {p['dumps_us']:.1f} µs, loads {p['loads_us']:.1f} µs "
                f"({p['bytes']:,.0f} bytes)"
            )
    return "\n".join(lines)


def profile_random(games: int, top: int = 25) -> str:
    """cProfile random 4-player play and return the ``top`` functions by own time."""
    from calladventure.game import Game
    from calladventure.play.bots import RandomBot, play_game

    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(10_000, 10_000 + games):
        play_game(
            Game.new(players=4, seed=seed, record_events=False), [RandomBot(seed + i) for i in range(4)]
        )
    profiler.disable()
    buf = io.StringIO()
    pstats.Stats(profiler, stream=buf).sort_stats("tottime").print_stats(top)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="small samples (a smoke run)")
    parser.add_argument("--only", action="append", choices=PARTS, help="run only this part (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    parser.add_argument("--profile", action="store_true", help="cProfile random play and print the hotspots")
    args = parser.parse_args(argv)
    results = run(tuple(args.only or PARTS), args.quick)
    print(json.dumps(results, indent=2, default=str) if args.json else report(results))
    if args.profile:
        print(profile_random(5 if args.quick else 40))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
