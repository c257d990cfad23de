"""Scaling of balance studies: games per second on 1 and 2 worker processes, and on Dask.

Run from the repository root (needs the ``dask`` extra for the Dask line)::

    python benchmarks/bench_simulate.py            # 2,000 two-player random games per run
    python benchmarks/bench_simulate.py --quick    # 200 games per run (a smoke run)
    python benchmarks/bench_simulate.py --games 5000 --bots greedy --json
    python benchmarks/bench_simulate.py --repeat 3  # keep the least disturbed of three runs of each

The same study (same spec, same base seed) is played three times: on a process pool of one
worker, on a process pool of two, and on a Dask ``LocalCluster`` of two worker processes. For
each run it prints wall-clock games/s, games per CPU-second of the workers (the CPU time the
workers spent playing, summed) and the parallelism achieved (worker CPU seconds / wall seconds).

The machine may be shared, so a wall-clock ratio alone can mislead: when other processes take
CPU, the two workers get less than two cores. The CPU-aware ratio corrects for that:
``efficiency`` = games per worker-CPU-second on 2 workers / on 1 (1.0: no overhead from
splitting), and ``expected speedup`` = 2 × efficiency, the speedup two free cores would give.
The rows of the three runs are checked to be identical.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack
from typing import Any

from calladventure.play.simulate import Results, StudySpec, simulate


def _run(spec: StudySpec, games: int, executor: Executor) -> tuple[Results, dict[str, float]]:
    start_cpu = time.process_time()
    results = simulate(spec, games, seed=1, executor=executor)
    wall = results.wall_seconds
    return results, {
        "wall_s": wall,
        "worker_cpu_s": results.cpu_seconds,
        "parent_cpu_s": time.process_time() - start_cpu,
        "games_per_s": games / wall,
        "games_per_cpu_s": games / results.cpu_seconds,
        "parallelism": results.cpu_seconds / wall,
    }


def bench(games: int, players: int, bots: str, dask: bool, repeat: int = 1) -> dict[str, Any]:
    """Each repeat plays the study once on each executor, in turn; each keeps its best run.

    Interleaving the runs gives each executor the same chances on a machine whose load changes.
    """
    spec = StudySpec(players=players, bots=bots).check()
    out: dict[str, Any] = {
        "games": games,
        "study": spec.describe(),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "repeat": repeat,
        "load_before": os.getloadavg()[0],
    }
    with ExitStack() as stack:
        executors: dict[str, Executor] = {
            "1 process": stack.enter_context(ProcessPoolExecutor(1)),
            "2 processes": stack.enter_context(ProcessPoolExecutor(2)),
        }
        if dask:
            import distributed

            started = time.perf_counter()
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=2,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
            )
            client = stack.enter_context(distributed.Client(cluster))
            executors["dask 2 workers"] = client.get_executor(pure=False)
            out["dask_cluster_startup_s"] = time.perf_counter() - started
        for executor in executors.values():
            simulate(spec, 8, seed=99, chunk_size=1, executor=executor)  # warm: workers started, cards loaded
        best: dict[str, tuple[Results, dict[str, float]]] = {}
        for _ in range(repeat):
            for name, executor in executors.items():
                run = _run(spec, games, executor)
                if name not in best or run[1]["games_per_s"] > best[name][1]["games_per_s"]:
                    best[name] = run
    rows = {name: results.rows for name, (results, _) in best.items()}
    assert all(r == rows["1 process"] for r in rows.values()), "the executors gave different rows"
    out.update({name: numbers for name, (_, numbers) in best.items()})
    p1, p2 = out["1 process"], out["2 processes"]
    out["speedup_2_vs_1_wall"] = p2["games_per_s"] / p1["games_per_s"]
    out["efficiency_2_vs_1_cpu"] = p2["games_per_cpu_s"] / p1["games_per_cpu_s"]
    out["expected_speedup_on_2_free_cores"] = 2 * out["efficiency_2_vs_1_cpu"]
    if dask:
        d = out["dask 2 workers"]
        out["dask_vs_process_pool_wall"] = d["games_per_s"] / p2["games_per_s"]
        out["dask_vs_process_pool_cpu"] = d["games_per_cpu_s"] / p2["games_per_cpu_s"]
    out["load_after"] = os.getloadavg()[0]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--quick", action="store_true", help="200 games per run")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="random")
    parser.add_argument(
        "--repeat", type=int, default=1, help="keep the best of N runs of each (a shared machine)"
    )
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = 200 if args.quick else args.games
    result = bench(games, args.players, args.bots, dask=not args.no_dask, repeat=args.repeat)
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        print()
        return
    print(f"{result['study']}, {games:,} games per run, best of {result['repeat']}; {result['machine']}")
    print(f"load average {result['load_before']:.2f} before, {result['load_after']:.2f} after")
    print(f"{'run':<16} {'games/s':>9} {'games/CPU-s':>12} {'parallelism':>12} {'wall s':>8}")
    for name in ("1 process", "2 processes", "dask 2 workers"):
        if name in result:
            r = result[name]
            extra = ""
            if name.startswith("dask"):
                extra = f"   (cluster start {result['dask_cluster_startup_s']:.1f} s)"
            print(
                f"{name:<16} {r['games_per_s']:>9.1f} {r['games_per_cpu_s']:>12.1f} "
                f"{r['parallelism']:>12.2f} {r['wall_s']:>8.2f}{extra}"
            )
    print(f"2 vs 1 process: {result['speedup_2_vs_1_wall']:.2f}x wall-clock (goal >= 1.8x)")
    print(
        f"  CPU-aware: efficiency {result['efficiency_2_vs_1_cpu']:.2f}, "
        f"expected {result['expected_speedup_on_2_free_cores']:.2f}x on two free cores"
    )
    if "dask_vs_process_pool_wall" in result:
        print(
            f"Dask vs the 2-process pool: {result['dask_vs_process_pool_wall']:.2f}x wall-clock, "
            f"{result['dask_vs_process_pool_cpu']:.2f}x per CPU-second"
        )


if __name__ == "__main__":
    main()
