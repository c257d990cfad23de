"""A search bot that plays only from its view: determinised Monte Carlo search with greedy rollouts.

It never reads the game's state. At each decision it takes ``game.view(seat)`` (its own hand
and Destiny, the table, hand sizes, deck sizes: ``000 · Deal the Cards``) and samples
``samples`` full states consistent with it (``View.sample_state``: the unseen cards dealt
uniformly, a fresh RNG for the runes, so no future cast is known: ``000 · Reading the Runes``).
Each candidate action is played in every sampled world (the same worlds for every candidate:
common random numbers, so the comparison is not drowned by the dice) and the game is played
out to its end by greedy bots; the candidate with the best mean result wins (a win, a tie or
the heroes beating the Adversary, with the score margin as a tie-break).

The candidates are pruned first, from the view alone: the greedy bot's own choice, the
attempts it values most (one Dark-rune count per path), and every other action (traits,
journeys, cards, powers, passing, ending the turn). The budget is per
decision: ``samples`` worlds (default 4) and, optionally, ``time_limit`` CPU seconds (default 0.5:
no world is started that the time already spent says would not fit, so the search is
deterministic whenever the limit does not bind).
Seeded by ``seed`` and the position (:func:`.position_rng` of the view): the same position and seed give
the same choice, also after an undo.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ...game import Game
from ...rules._context import Context, Library
from ...values._actions import Action, AttemptChallenge, CastRunes
from ...values._state import GameState
from ._greedy import GreedyBot
from ._seeding import position_rng

__all__ = ["SearchBot"]


class SearchBot:
    """Determinised Monte Carlo search over ``samples`` worlds sampled from its view (see the module)."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        *,
        samples: int = 4,
        attempts: int = 4,
        time_limit: float | None = 0.5,
    ) -> None:
        if samples < 1 or attempts < 1:
            raise ValueError(f"samples and attempts must be at least 1, not {samples} and {attempts}")
        self.seed = seed
        self.samples = samples
        self.attempts = attempts
        self.time_limit = time_limit
        self._greedy = GreedyBot(seed)
        self.decisions = 0  # decisions searched (more than one candidate)
        self.rollouts = 0
        self.cpu_seconds = 0.0  # CPU time of the searched decisions, and of the longest one
        self.max_cpu_seconds = 0.0

    def __repr__(self) -> str:
        return f"SearchBot(seed={self.seed}, samples={self.samples})"

    # ------------------------------------------------------------------ the decision

    def choose(self, game: Game) -> Action:
        """The candidate with the best mean result over worlds sampled from this seat's view."""
        cpu = time.process_time()
        action, searched = self._choose(game)
        if searched:
            spent = time.process_time() - cpu
            self.decisions += 1
            self.cpu_seconds += spent
            self.max_cpu_seconds = max(self.max_cpu_seconds, spent)
        return action

    def _choose(self, game: Game) -> tuple[Action, bool]:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0], False
        ctx = view.ctx
        assert ctx is not None and ctx.library is not None
        rng = position_rng(self.seed, view.state)
        worlds = [view.sample_state(rng) for _ in range(self.samples)]
        cands = self.candidates(ctx, ctx.library, worlds[0], seat, legal)
        if len(cands) == 1:
            return cands[0], False
        totals = [0.0] * len(cands)
        start = time.process_time()  # CPU time: the budget does not shrink when the machine is busy
        for w, world in enumerate(worlds):
            for i, action in enumerate(cands):
                totals[i] += self._rollout(ctx.library, world, seat, action, w)
            spent = time.process_time() - start
            if self.time_limit is not None and spent * (w + 2) / (w + 1) > self.time_limit:
                break  # another world would not fit in the budget
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best], True

    def candidates(
        self, ctx: Context, library: Library, world: GameState, seat: int, legal: Sequence[Action]
    ) -> list[Action]:
        """The actions worth searching: the greedy choice first, the best attempts, every other action."""
        sample = Game.from_state(world, record_events=False, library=library)
        first = self._greedy.choose(sample)
        attempts = [a for a in legal if isinstance(a, AttemptChallenge)]
        out: list[Action] = [first]
        if attempts:
            values = self._greedy.attempt_values(ctx, world, seat, attempts)
            best: dict[tuple[str, str], tuple[float, AttemptChallenge]] = {}
            for a, (_p, ev) in values.items():
                key = (a.card, a.side.value)
                if key not in best or ev > best[key][0]:
                    best[key] = (ev, a)
            ranked = sorted(best.values(), key=lambda x: -x[0])[: self.attempts]
            out.extend(a for _ev, a in ranked)
        out.extend(a for a in legal if not isinstance(a, AttemptChallenge))
        return list(dict.fromkeys(out))

    def _rollout(self, library: Library, world: GameState, seat: int, action: Action, w: int) -> float:
        """Play ``action`` in ``world``, then greedy bots to the end; the result for ``seat``."""
        self.rollouts += 1
        game = Game.from_state(world, record_events=False, library=library)
        game.push(action)
        bots = [GreedyBot(self.seed * 7919 + w * 31 + s) for s in range(len(world.players))]
        while not game.over:
            if game.is_chance:
                game.push(_CAST)
            else:
                mover = game.to_move
                assert mover is not None
                game.push(bots[mover].choose(game))
        return _value(game, seat)


_CAST = CastRunes()


def _value(game: Game, seat: int) -> float:
    """A finished game's worth to ``seat``: its return (+1 win … −1 loss) and a small score tie-break."""
    scores = [s.total for s in game.score()]
    outcome = game.outcome()
    if len(scores) == 1 or outcome is None or outcome.box is not None:
        margin = sum(scores) / len(scores)
    else:
        margin = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
    return game.returns()[seat] + margin / 100
