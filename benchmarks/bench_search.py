"""The search bot's strength, measured: against the greedy bot, and against Odium in solo and co-op.

Run from the repository root (about an hour on two free cores with the defaults)::

    python benchmarks/bench_search.py                      # 400 duels, 200 solo and 200 co-op games
    python benchmarks/bench_search.py --duels 40 --solo 20 --coop 20   # a smoke run
    python benchmarks/bench_search.py --json > search.json
    # the duels in four shards (four processes), their rows saved, then summed up:
    for k in 0 1 2 3; do python benchmarks/bench_search.py --solo 0 --coop 0 --workers 1 \
        --shard $k/4 --rows duels-$k.jsonl & done; wait
    python benchmarks/bench_search.py --from-rows duels-*.jsonl

Three studies, every game seeded (game ``i`` uses seed ``base + i``; the search bot of seat
``s`` gets seed ``100 (base + i) + s``; the greedy bots ``100 (base + i) + 50 + s``):

1. **Duels**: two-player competitive games on the core set, the search bot in seat ``i % 2``
   and the greedy bot in the other, so each bot moves first in half the games. A win is a
   strictly higher score (ties are counted apart). The win rate is given with its Wilson 95%
   interval (``calladventure.play._stats.wilson``).
2. **Solo**: one hero against Odium (Stormlight), the same seeds played once by the search bot
   and once by the greedy bot; the heroes' win rates, and their paired difference (Newcombe).
3. **Co-op**: two heroes against Odium, both seats played by the search bot, then both by the
   greedy bot, on the same seeds.

The search bot runs with its defaults (``SearchBot()``: 4 sampled worlds per decision) but no
time limit, so every run of the benchmark plays the same games; the CPU time of each searched
decision is measured in the worker (mean and maximum). Games run on a process pool
(``--workers``, default 2).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from calladventure import Game
from calladventure.expansions.odium import CoopResult
from calladventure.play._stats import paired_proportion_difference, wilson
from calladventure.play.bots import GreedyBot, SearchBot, play_game


def _bots(kind: str, seed: int, players: int, samples: int) -> list[Any]:
    if kind == "search":
        return [SearchBot(100 * seed + s, samples=samples, time_limit=None) for s in range(players)]
    return [GreedyBot(100 * seed + 50 + s) for s in range(players)]


def duel(seed: int, samples: int) -> dict[str, Any]:
    """One two-player core game, the search bot in seat ``seed % 2`` against the greedy bot."""
    me = seed % 2
    game = Game.new(players=2, seed=seed, record_events=False)
    bots: list[Any] = [None, None]
    bots[me] = SearchBot(100 * seed + me, samples=samples, time_limit=None)
    bots[1 - me] = GreedyBot(100 * seed + 50 + 1 - me)
    start = time.process_time()
    play_game(game, bots)
    cpu = time.process_time() - start
    scores = [s.total for s in game.score()]
    return {
        "seed": seed,
        "seat": me,
        "search": scores[me],
        "greedy": scores[1 - me],
        "decisions": bots[me].decisions,
        "decision_cpu_s": bots[me].cpu_seconds,
        "max_decision_cpu_s": bots[me].max_cpu_seconds,
        "game_cpu_s": cpu,
    }


def against_odium(seed: int, players: int, kind: str, samples: int) -> dict[str, Any]:
    """One solo (1 hero) or co-op (2 heroes) Stormlight game against Odium, every seat played by ``kind``."""
    mode = "solo" if players == 1 else "coop"
    game = Game.new(players=players, seed=seed, sets=("stormlight",), mode=mode, record_events=False)
    bots = _bots(kind, seed, players, samples)
    play_game(game, bots)
    outcome = game.outcome()
    assert outcome is not None and outcome.result(CoopResult) is not None
    searched = [b for b in bots if isinstance(b, SearchBot)]
    return {
        "seed": seed,
        "kind": kind,
        "win": outcome.result(CoopResult).heroes_win,
        "decisions": sum(b.decisions for b in searched),
        "decision_cpu_s": sum(b.cpu_seconds for b in searched),
        "max_decision_cpu_s": max((b.max_cpu_seconds for b in searched), default=0.0),
    }


def _odium_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    by = {(r["kind"], r["seed"]): r["win"] for r in rows}
    seeds = sorted({r["seed"] for r in rows if ("search", r["seed"]) in by and ("greedy", r["seed"]) in by})
    s = [by[("search", x)] for x in seeds]
    g = [by[("greedy", x)] for x in seeds]
    both = sum(1 for a, b in zip(s, g, strict=True) if a and b)
    only_s = sum(1 for a, b in zip(s, g, strict=True) if a and not b)
    only_g = sum(1 for a, b in zip(s, g, strict=True) if b and not a)
    diff = paired_proportion_difference(both, only_s, only_g, len(seeds) - both - only_s - only_g)
    return {
        "games": len(seeds),
        "search": str(wilson(sum(s), len(seeds))),
        "greedy": str(wilson(sum(g), len(seeds))),
        "search_wins": sum(s),
        "greedy_wins": sum(g),
        "difference": str(diff),
    }


def _timing(rows: list[dict[str, Any]]) -> dict[str, float]:
    decisions = sum(r["decisions"] for r in rows)
    cpu = sum(r["decision_cpu_s"] for r in rows)
    return {
        "searched_decisions": decisions,
        "mean_decision_cpu_s": cpu / decisions if decisions else 0.0,
        "max_decision_cpu_s": max((r["max_decision_cpu_s"] for r in rows), default=0.0),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--duels", type=int, default=400)
    parser.add_argument("--solo", type=int, default=200)
    parser.add_argument("--coop", type=int, default=200)
    parser.add_argument("--base", type=int, default=1000, help="the first game's seed")
    parser.add_argument("--samples", type=int, default=4, help="worlds sampled per decision")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--shard", default="0/1", help="K/N: play only the games whose index is K modulo N")
    parser.add_argument("--rows", help="append every game's row to this JSON-lines file")
    parser.add_argument("--from-rows", nargs="+", metavar="FILE", help="sum up saved rows; play nothing")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]}}
    start = time.perf_counter()
    if args.from_rows:
        rows = [
            json.loads(line)
            for f in args.from_rows
            for line in Path(f).read_text(encoding="utf-8").splitlines()
            if line.strip()
        ]
        # Shards may overlap (a range played twice to finish sooner): each game counts once.
        once = {(r["study"], r["seed"], r.get("kind", "")): r for r in rows}
        duels = sorted((r for r in once.values() if r["study"] == "duel"), key=lambda r: r["seed"])
        solo = sorted(
            (r for r in once.values() if r["study"] == "solo"), key=lambda r: (r["seed"], r["kind"])
        )
        coop = sorted(
            (r for r in once.values() if r["study"] == "coop"), key=lambda r: (r["seed"], r["kind"])
        )
        return _report(out, duels, solo, coop, args, start)
    k, n = (int(x) for x in args.shard.split("/"))
    mine = [i for i in range(max(args.duels, args.solo, args.coop)) if i % n == k]
    rows_file = Path(args.rows) if args.rows else None

    def keep(study: str, row: dict[str, Any]) -> dict[str, Any]:
        if rows_file is not None:  # written as each game ends: a long run can be summed up at any time
            with rows_file.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"study": study, **row}) + "\n")
        return row

    with ProcessPoolExecutor(args.workers) as pool:
        seeds = [args.base + i for i in mine if i < args.duels]
        duels = [keep("duel", r) for r in pool.map(duel, seeds, [args.samples] * len(seeds))]
        solo_jobs = [(args.base + i, 1, kind) for i in mine if i < args.solo for kind in ("search", "greedy")]
        coop_jobs = [(args.base + i, 2, kind) for i in mine if i < args.coop for kind in ("search", "greedy")]
        jobs = solo_jobs + coop_jobs
        odium = pool.map(
            against_odium,
            [j[0] for j in jobs],
            [j[1] for j in jobs],
            [j[2] for j in jobs],
            [args.samples] * len(jobs),
        )
        rows = [keep("solo" if j[1] == 1 else "coop", r) for j, r in zip(jobs, odium, strict=True)]
    solo, coop = rows[: len(solo_jobs)], rows[len(solo_jobs) :]
    return _report(out, duels, solo, coop, args, start)


def _report(
    out: dict[str, Any],
    duels: list[dict[str, Any]],
    solo: list[dict[str, Any]],
    coop: list[dict[str, Any]],
    args: argparse.Namespace,
    start: float,
) -> dict[str, Any]:
    wins = sum(1 for r in duels if r["search"] > r["greedy"])
    ties = sum(1 for r in duels if r["search"] == r["greedy"])
    out["shard"] = args.shard
    rate = wilson(wins, len(duels))
    out["duels"] = {
        "games": len(duels),
        "search_wins": wins,
        "ties": ties,
        "greedy_wins": len(duels) - wins - ties,
        "search_win_rate": str(rate),
        "wilson_low": rate.low,
        "wilson_high": rate.high,
        "mean_margin": sum(r["search"] - r["greedy"] for r in duels) / max(1, len(duels)),
        **_timing(duels),
    }
    out["solo"] = {**_odium_summary(solo), **_timing(solo)} if solo else {}
    out["coop"] = {**_odium_summary(coop), **_timing(coop)} if coop else {}
    out["wall_s"] = time.perf_counter() - start
    out["samples"] = args.samples
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        d = out["duels"]
        print(f"duels vs greedy (2p core): search wins {d['search_win_rate']} (ties {ties})")
        print(
            f"  mean score margin {d['mean_margin']:+.2f}; decision CPU mean {d['mean_decision_cpu_s']:.3f} s, max {d['max_decision_cpu_s']:.3f} s"
        )
        for name in ("solo", "coop"):
            o = out[name]
            if o:
                print(
                    f"{name} vs Odium: search {o['search']}, greedy {o['greedy']}; difference {o['difference']}"
                )
        print(f"wall {out['wall_s']:.0f} s on {args.workers} workers")
    return out


if __name__ == "__main__":
    main()
