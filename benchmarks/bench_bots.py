"""Bot decisions: GreedyBot's CPU time per decision, paired with RandomBot's in the same run.

Seeded 2- to 4-player core games are played to the end, greedy games and random games in
alternation. Each decision with more than one legal action is timed call by call (``choose``,
less the clock's own cost), after the game has listed its legal actions: the engine's listing
is measured with random play, so both bots are timed on their own work. "Main" decisions are
those of the main phase with nothing pending (journey, gain a trait, attempt: 000 · Each Turn),
where GreedyBot weighs every attempt's exact odds (000 · Attempt a Challenge).
"""

from __future__ import annotations

import statistics
from typing import Any

from paired import cpu, settle, timed_calls, timer_overhead

from calladventure.game import Game
from calladventure.play.bots import GreedyBot, RandomBot
from calladventure.values._actions import CastRunes

__all__ = ["bench_bots"]


def _decisions(
    kind: type[GreedyBot] | type[RandomBot], seed: int, players: int
) -> tuple[list[float], list[float]]:
    """(main decisions, all decisions) CPU seconds of one seeded game between bots of one kind."""
    game = Game.new(players=players, seed=seed, record_events=False)
    bots = [kind(seed * 100 + i) for i in range(players)]
    main: list[float] = []
    every: list[float] = []
    cast = CastRunes()
    while not game.over:
        if game.is_chance:
            game.push(cast)
            continue
        legal = game.legal_list()
        bot = bots[game.to_move or 0]
        if len(legal) == 1:
            game.push(bot.choose(game))
            continue
        pending = bool(game.state.pending)
        t = cpu()
        action = bot.choose(game)
        spent = cpu() - t
        every.append(spent)
        if not pending:
            main.append(spent)
        game.push(action)
    return main, every


def _summary(times: list[float]) -> dict[str, float]:
    return {
        "mean_us": statistics.mean(times) * 1e6,
        "p90_us": statistics.quantiles(times, n=10)[-1] * 1e6,
        "decisions": float(len(times)),
    }


def bench_bots(games: int) -> dict[str, Any]:
    """Mean and p90 µs per decision of GreedyBot and RandomBot (main decisions and all), interleaved games."""
    settle()
    overhead = timer_overhead()
    found: dict[str, dict[str, list[float]]] = {
        "greedy": {"main": [], "all": []},
        "random": {"main": [], "all": []},
    }
    for g in range(games):
        players = 2 + g % 3
        for name, kind in (("greedy", GreedyBot), ("random", RandomBot)):
            main, every = _decisions(kind, 300 + g, players)
            found[name]["main"].extend(timed_calls(main, overhead))
            found[name]["all"].extend(timed_calls(every, overhead))
    return {name: {k: _summary(v) for k, v in parts.items()} for name, parts in found.items()}
