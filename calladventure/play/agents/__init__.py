"""Adapters for learning agents: a PettingZoo AEC environment and a Gymnasium-style solo environment.

Both need the optional extra ``agents`` (``pip install ".[agents]"``: ``numpy``,
``gymnasium``, ``pettingzoo``), so this package imports nothing itself: import the module you
use, :mod:`.pettingzoo_env` (:class:`~.pettingzoo_env.CallToAdventureEnv`, ``env()``) or
:mod:`.gym_env` (:class:`~.gym_env.SoloEnv`). Observations are the seat's view only
(``Game.view``, encoded by :mod:`calladventure.game._encoding`), with the legal actions' mask;
actions are the stable ids of :mod:`calladventure.rules._action_ids`; rune casts (chance) are
played by the environment from the game's seeded RNG (000 · Reading the Runes).
"""

__all__: list[str] = []
