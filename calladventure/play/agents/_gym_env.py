"""A Gymnasium environment for solo play against Odium (or the core Adversary): one hero, one agent.

``000 · Facing Odium: Solo and Co-op Play`` and ``000 · Glossary: Solo``: the hero plays alone
against the Adversary. The agent observes its view (``Game.view(0)`` as a tensor) and the mask
of its legal action ids; rune casts are played by the environment (chance, from the game's
seeded RNG). The episode ends with the game: reward +1 when the hero beats the Adversary, −1
otherwise (000 · Winning the Solo or Co-op Game). An illegal id raises ``IllegalActionError``
and changes nothing (a value that is not an integer: ``TypeError``, :mod:`._doors`); with ``on_illegal="penalize"`` it returns reward −1 instead, the game
unchanged and the reason in ``info["illegal"]``, for trainers that sample unmasked actions.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ...game import Game
from ...values._actions import CastRunes
from ...values._illegal import IllegalActionError
from ._doors import action_id, one_of

__all__ = ["SoloEnv"]

_CAST = CastRunes()


class SoloEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Solo play on ``sets`` (Stormlight: against Odium); options as for ``Game.new``."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium's own class attribute

    def __init__(
        self,
        sets: tuple[str, ...] = ("stormlight",),
        *,
        render_mode: str | None = None,
        on_illegal: str = "raise",
        **options: Any,
    ):
        self.on_illegal = one_of("on_illegal", on_illegal, ("raise", "penalize"))
        self.sets, self.options, self.render_mode = tuple(sets), options, render_mode
        self.game = self._new(0)
        size, actions = self.game.observation_tensor_size(), self.game.num_distinct_actions()
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(actions)

    def _new(self, seed: int) -> Game:
        game = Game.new(
            players=1, seed=seed, sets=self.sets, mode="solo", record_events=False, **self.options
        )
        while game.is_chance_node():
            game.push(_CAST)
        return game

    def _obs(self) -> dict[str, Any]:
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not self.game.over:
            mask[self.game.legal_action_ids()] = 1
        return {
            "observation": np.asarray(self.game.observation_tensor(0), dtype=np.float32),
            "action_mask": mask,
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self.game = self._new(0 if seed is None else seed)
        return self._obs(), {}

    def step(self, action: np.int64) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        number = action_id(action)  # a wrong type is the caller's bug, never penalized as a move
        try:
            self.game.apply_action(number)
        except IllegalActionError as exc:
            if self.on_illegal == "raise":
                raise
            return self._obs(), -1.0, False, False, {"illegal": str(exc)}
        while self.game.is_chance_node():
            self.game.push(_CAST)
        done = self.game.over
        reward = self.game.returns()[0] if done else 0.0
        return self._obs(), reward, done, False, {}

    def render(self) -> str | None:
        return repr(self.game) if self.render_mode == "ansi" else None
