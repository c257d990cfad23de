"""Random play against its peers: RLCard Uno and python-chess, one push against ``Board.push``, growth, pickling.

Each mode plays seeded games between random bots (``RandomBot``, ``record_events=False``;
every pushed action counts, rune casts included, setup included: 000 · Each Turn,
000 · Reading the Runes) in rounds that alternate with RLCard's Uno environment played the
RLCard way (``env.reset()``, then ``env.step`` with a random legal action until
``env.is_over()``), on process CPU time. RLCard and python-chess are optional
(``pip install 'calladventure[bench]'``); without them the peer's lines say so.
"""

from __future__ import annotations

import pickle
import random
import statistics
from typing import Any

from paired import cpu, pair, per_call_us, settle, timed_calls, timer_overhead

from calladventure.game import Game
from calladventure.play.bots import RandomBot, play_game
from calladventure.values._actions import CastRunes

__all__ = ["MODES", "bench_growth", "bench_log", "bench_pickle", "bench_push", "bench_random_play"]

#: (label, Game.new options) of each random-play mode.
MODES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("core 2p", {"players": 2}),
    ("core 3p", {"players": 3}),
    ("core 4p", {"players": 4}),
    ("Stormlight co-op 4p", {"players": 4, "sets": ("stormlight",), "mode": "coop"}),
)


class _Ours:
    """Seeded random-bot games of one mode, one game per call (game ``n`` uses seed ``n``)."""

    def __init__(self, options: dict[str, Any], record: bool = False, first_seed: int = 0) -> None:
        self.options = options
        self.record = record
        self.seed = first_seed

    def __call__(self) -> tuple[float, dict[str, float]]:
        seed = self.seed
        self.seed += 1
        players = self.options["players"]
        bots = [RandomBot(seed * 100 + i) for i in range(players)]
        game = play_game(Game.new(seed=seed, record_events=self.record, **self.options), bots)
        return float(len(game.history)), {"games": 1.0}


class _Uno:
    """RLCard's Uno environment: one random game per call, played through ``env.step``."""

    def __init__(self, seed: int = 0) -> None:
        import rlcard

        self.env = rlcard.make("uno", config={"seed": seed})
        self.rng = random.Random(seed)

    def __call__(self) -> tuple[float, dict[str, float]]:
        env, rng = self.env, self.rng
        state, _player = env.reset()
        steps = 0
        while not env.is_over():
            state, _player = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        return float(steps), {"games": 1.0}


class _Chess:
    """python-chess: one random game per call (a random legal move each ply)."""

    def __init__(self, seed: int = 0) -> None:
        import chess

        self.chess = chess
        self.rng = random.Random(seed)

    def __call__(self) -> tuple[float, dict[str, float]]:
        board = self.chess.Board()
        rng = self.rng
        plies = 0
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        return float(plies), {"games": 1.0}


def _available(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def bench_random_play(rounds: int, budget: float) -> dict[str, Any]:
    """Pushes/s and games/s of each mode paired with RLCard Uno's steps/s (or python-chess if RLCard is missing)."""
    settle()
    peer_name = "RLCard Uno" if _available("rlcard") else "python-chess" if _available("chess") else None
    results: dict[str, Any] = {"peer": peer_name, "modes": {}}
    for label, options in MODES:
        ours = ("calladventure", "pushes", _Ours(options))
        if peer_name is None:
            start = cpu()
            done = games = 0.0
            while cpu() - start < budget * rounds:
                n, extra = ours[2]()
                done += n
                games += extra["games"]
            spent = cpu() - start
            results["modes"][label] = {"pushes_per_s": done / spent, "games_per_s": games / spent}
            continue
        peer = (peer_name, "steps", _Uno() if peer_name == "RLCard Uno" else _Chess())
        measured = pair(ours, peer, rounds=rounds, budget=budget)
        results["modes"][label] = {
            "pushes_per_s": measured.ours.median,
            "games_per_s": measured.ours.extra_median("games"),
            "peer_steps_per_s": measured.peer.median,
            "peer_games_per_s": measured.peer.extra_median("games"),
            "ratio": measured.ratio,
            "games_ratio": statistics.median(
                a / b for a, b in zip(measured.ours.extra["games"], measured.peer.extra["games"], strict=True)
            ),
        }
    if _available("chess"):
        chess_pair = pair(
            ("calladventure core 4p", "pushes", _Ours(dict(MODES[2][1]), first_seed=5000)),
            ("python-chess", "plies", _Chess()),
            rounds=rounds,
            budget=budget,
        )
        results["chess"] = {
            "pushes_per_s": chess_pair.ours.median,
            "plies_per_s": chess_pair.peer.median,
            "ratio": chess_pair.ratio,
        }
    return results


def bench_log(rounds: int, budget: float) -> dict[str, float]:
    """Random play core 4p with the event log on, paired with the log off (the issue asks ≥ 0.8×)."""
    settle()
    options = dict(MODES[2][1])
    measured = pair(
        ("log on", "pushes", _Ours(options, record=True, first_seed=2000)),
        ("log off", "pushes", _Ours(options, record=False, first_seed=2000)),
        rounds=rounds,
        budget=budget,
    )
    return {"on_per_s": measured.ours.median, "off_per_s": measured.peer.median, "ratio": measured.ratio}


def _random_steps(game: Game, bot_seed: int) -> list[tuple[bool, Any]]:
    """Play ``game`` to its end with random bots; return each step's (chance?, action) in order."""
    players = len(game.state.players)
    bots = [RandomBot(bot_seed + i) for i in range(players)]
    steps = []
    while not game.over:
        if game.is_chance:
            action: Any = CastRunes()
            steps.append((True, action))
        else:
            action = bots[game.to_move or 0].choose(game)
            steps.append((False, action))
        game.push(action)
    return steps


def bench_push(games: int, rounds: int) -> dict[str, float]:
    """One ``Game.push`` (its legal actions already listed, as after a bot's choice) against python-chess ``Board.push``.

    Both are timed call by call on CPU time, less the clock's own cost; rounds alternate.
    """
    settle()
    overhead = timer_overhead()
    recorded = []
    for seed in range(games):
        game = Game.new(players=4, seed=7000 + seed, record_events=False)
        recorded.append((7000 + seed, _random_steps(game, seed * 100)))
    chess_games: list[list[Any]] = []
    if _available("chess"):
        import chess

        rng = random.Random(3)
        for _ in range(games):
            board, moves = chess.Board(), []
            while not board.is_game_over():
                move = rng.choice(list(board.legal_moves))
                moves.append(move)
                board.push(move)
            chess_games.append(moves)
    ours_rounds, chess_rounds, legal_rounds = [], [], []
    for _ in range(rounds):
        times, listing = [], []
        for seed, steps in recorded:
            game = Game.new(players=4, seed=seed, record_events=False)
            for _chance, action in steps:
                t = cpu()
                game.legal_list()
                listing.append(cpu() - t)
                t = cpu()
                game.push(action)
                times.append(cpu() - t)
        ours_rounds.append(statistics.mean(timed_calls(times, overhead)))
        legal_rounds.append(statistics.mean(timed_calls(listing, overhead)))
        if chess_games:
            import chess

            ctimes = []
            for moves in chess_games:
                board = chess.Board()
                for move in moves:
                    t = cpu()
                    board.push(move)
                    ctimes.append(cpu() - t)
            chess_rounds.append(statistics.mean(timed_calls(ctimes, overhead)))
    out = {
        "push_us": statistics.median(ours_rounds) * 1e6,
        "legal_actions_us": statistics.median(legal_rounds) * 1e6,
    }
    if chess_rounds:
        out["chess_push_us"] = statistics.median(chess_rounds) * 1e6
        out["ratio"] = statistics.median(a / b for a, b in zip(ours_rounds, chess_rounds, strict=True))
    return out


def bench_growth(games: int) -> dict[str, float]:
    """CPU time per random-play step (list, choose, push) in the last fifth of each game against the first fifth."""
    settle()
    overhead = timer_overhead()
    first, last = [], []
    for seed in range(games):
        game = Game.new(players=4, seed=9000 + seed, record_events=False)
        bots = [RandomBot(seed * 100 + i) for i in range(4)]
        times = []
        while not game.over:
            t = cpu()
            game.push(CastRunes() if game.is_chance else bots[game.to_move or 0].choose(game))
            times.append(cpu() - t)
        times = timed_calls(times, overhead)
        fifth = max(1, len(times) // 5)
        first.extend(times[:fifth])
        last.extend(times[-fifth:])
    start, end = statistics.mean(first), statistics.mean(last)
    return {"start_us": start * 1e6, "end_us": end * 1e6, "ratio": end / start}


def _mid_game(**options: Any) -> Any:
    game = Game.new(seed=11, record_events=False, **options)
    steps = _random_steps(game.copy(), 1100)
    for _chance, action in steps[: len(steps) // 2]:
        game.push(action)
    return game.state


def bench_pickle(n: int) -> dict[str, dict[str, float]]:
    """``pickle.dumps`` and ``pickle.loads`` of a mid-game state, µs each (simulation workers ship states)."""
    settle()
    out = {}
    for label, options in (MODES[2], MODES[3], ("core + notw 3p", {"players": 3, "sets": ("core", "notw")})):
        state = _mid_game(**options)
        data = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        assert pickle.loads(data) == state
        dumps = per_call_us(lambda s=state: pickle.dumps(s, protocol=pickle.HIGHEST_PROTOCOL), n)
        loads = per_call_us(lambda d=data: pickle.loads(d), n)
        out[label] = {"dumps_us": dumps, "loads_us": loads, "bytes": float(len(data))}
    return out
