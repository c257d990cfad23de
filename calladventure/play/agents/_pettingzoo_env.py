"""A PettingZoo AEC environment of Call to Adventure: each seat an agent, observing only its view.

``000 · Each Turn`` and ``000 · FAQs: Card timing``: the seat to decide is the agent selected
(several seats may decide within one turn, in a timing window). Each agent observes
``{"observation": its view's tensor, "action_mask": its legal action ids}`` (the mask is all
zeros when it is not to move); actions are stable ids (:mod:`calladventure.rules._action_ids`);
rune casts are chance, played by the environment from the game's seeded RNG. At the end each
agent's reward is its entry of ``Game.returns()`` (zero-sum shares in a competitive game, +1 /
−1 for each side of a co-op one). An illegal id raises ``IllegalActionError``, a value that is not
an integer ``TypeError``, an unknown agent ``UnknownValueError`` (:mod:`._doors`); none changes anything.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ...game import Game
from ...values._actions import CastRunes
from ._doors import action_id, agent_seat

__all__ = ["CallToAdventureEnv", "env"]

_CAST = CastRunes()


class CallToAdventureEnv(AECEnv):  # type: ignore[misc]
    """``players`` seats on ``sets`` in ``mode`` (options as for ``Game.new``); agents ``player_0`` …"""

    metadata = {"name": "calladventure_v0", "render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        players: int = 2,
        sets: tuple[str, ...] = ("core",),
        mode: str = "competitive",
        *,
        render_mode: str | None = None,
        max_steps: int = 2000,
        **options: Any,
    ) -> None:
        super().__init__()
        self.players, self.sets, self.mode, self.options = players, tuple(sets), mode, options
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.game = Game.new(
            players=players, seed=0, sets=self.sets, mode=mode, record_events=False, **options
        )
        self.possible_agents = [f"player_{i}" for i in range(players)]
        size, actions = self.game.observation_tensor_size(), self.game.num_distinct_actions()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        self._seat(agent)  # an unknown agent is refused, naming the agents
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        self._seat(agent)  # an unknown agent is refused, naming the agents
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return agent_seat(self.possible_agents, agent)

    def _settle(self) -> None:
        """Cast the runes of every cast due (chance), from the game's RNG."""
        while self.game.is_chance_node():
            self.game.push(_CAST)

    def _select(self) -> None:
        seat = self.game.to_move
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game = Game.new(
            players=self.players,
            seed=0 if seed is None else seed,
            sets=self.sets,
            mode=self.mode,
            record_events=False,
            **self.options,
        )
        self._settle()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[0]
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat(agent)
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not self.game.over and self.game.to_move == seat:
            mask[self.game.legal_action_ids()] = 1
        obs = np.asarray(self.game.observation_tensor(seat), dtype=np.float32)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.game.apply_action(action_id(action))
        self._settle()
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game.over or self.game.steps >= self.max_steps:
            returns = self.game.returns()
            for a in self.agents:
                self.rewards[a] = returns[self._seat(a)]
                if self.game.over:
                    self.terminations[a] = True
                else:
                    self.truncations[a] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return repr(self.game)

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> CallToAdventureEnv:
    """A new environment (``players``, ``sets``, ``mode`` and rules options as for ``Game.new``)."""
    return CallToAdventureEnv(**kwargs)
