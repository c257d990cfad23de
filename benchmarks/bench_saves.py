"""Benchmark: loading a save against pushing the same actions (CPU time, paired, as a ratio).

    python benchmarks/bench_saves.py            # 30 games, 15 rounds (medians)
    python benchmarks/bench_saves.py --quick

Loading a save replays its actions through the rules (each parsed from notation and checked),
after the file is validated: strict structuring, card-set hashes, a start position's
consistency check. The peer is pushing the same actions, as action objects, onto a fresh game of
the same configuration. What a notation reads as is kept per card-set context, across saves (as
the legal actions themselves are); the run also times each load as if it were the process's
first ("read afresh"). All run in the same process, interleaved round by round, timed with
``time.process_time``; the ratio load / push is printed (within 1.2x means
a checkpoint of the final state would not pay for its extra validation).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from calladventure import Game


def games(n: int) -> list[tuple[Game, str]]:
    out = []
    for seed in range(n):
        players = 1 + seed % 4
        game = Game.new(players=players, seed=seed, record_events=False)
        rnd = random.Random(seed)
        while not game.over:
            game.push(rnd.choice(list(game.legal_actions)))
        out.append((game, game.save()))
    return out


def push_all(corpus: list[tuple[Game, str]]) -> float:
    start = time.process_time()
    for game, _text in corpus:
        fresh = Game.new_from_config(game.config, record_events=False)
        for action in game.history:
            fresh.push(action)
    return time.process_time() - start


def load_all(corpus: list[tuple[Game, str]], *, afresh: bool = False) -> float:
    """Load every save; ``afresh``: as if no save had been loaded before (its notations not yet read)."""
    spent = 0.0
    for game, text in corpus:
        if afresh:  # the reads game.saves keeps in the context's memo as it replays are dropped, untimed
            memo = game.ctx.memo
            for key in [k for k in memo if isinstance(k, tuple) and k[:1] == ("saved notation",)]:
                del memo[key]
        start = time.process_time()
        Game.loads(text, record_events=False)
        spent += time.process_time() - start
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    n, rounds = (6, 2) if args.quick else (30, 15)
    corpus = games(n)
    actions = sum(len(g.history) for g, _ in corpus)
    push_all(corpus), load_all(corpus)  # warm the caches of both
    push_times, load_times, fresh_times = [], [], []
    for r in range(rounds):  # interleaved, the order alternating, so all see the same machine
        if r % 2:
            load_times.append(load_all(corpus))
            fresh_times.append(load_all(corpus, afresh=True))
            push_times.append(push_all(corpus))
        else:
            push_times.append(push_all(corpus))
            fresh_times.append(load_all(corpus, afresh=True))
            load_times.append(load_all(corpus))
    push, load, fresh = (statistics.median(t) for t in (push_times, load_times, fresh_times))
    ratio = statistics.median(a / b for a, b in zip(load_times, push_times, strict=True))
    ratio_fresh = statistics.median(a / b for a, b in zip(fresh_times, push_times, strict=True))
    print(f"{n} games, {actions} actions; medians of {rounds} rounds (CPU seconds)")
    print(f"push the actions: {push:.3f} s ({actions / push:,.0f} actions/s)")
    print(f"load the saves:   {load:.3f} s ({actions / load:,.0f} actions/s)")
    print(f"load, each save's notations read afresh: {fresh:.3f} s ({actions / fresh:,.0f} actions/s)")
    print(
        f"ratio load / push: {ratio:.2f} (read afresh: {ratio_fresh:.2f}); the medians of the rounds' ratios"
    )


if __name__ == "__main__":
    main()
