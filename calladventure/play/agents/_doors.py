"""What the environments accept at their doors: an action id is an integer, an agent one of the game's.

Both environments check before they touch the game, so a refused call changes nothing: a value
that is not an integer (``None``, a bool, a float, NaN, a string) is a ``TypeError``, never
rounded or parsed; an id out of range is the game's ``IllegalActionError`` naming the range
(``Game.apply_action``); an agent that is not one of the game's is an ``UnknownValueError``
naming the agents and the closest one; so is a mode word (``on_illegal``) that is not one of its choices.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

import numpy as np

from ...values._errors import UnknownValueError

__all__ = ["action_id", "agent_seat", "one_of"]


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def action_id(action: object) -> int:
    """``action`` as the integer id it is (a Python or NumPy integer, not a bool); TypeError otherwise."""
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise TypeError(f"an action id is an integer, not {_shown(action)} ({type(action).__name__})")
    return int(action)


def _closest(value: str, choices: Sequence[str]) -> str:
    near = difflib.get_close_matches(value, choices, n=1)
    return f"; did you mean {near[0]!r}?" if near else ""


def one_of(what: str, value: object, choices: Sequence[str]) -> str:
    """``value`` when it is one of ``choices``; TypeError for a non-string, UnknownValueError otherwise."""
    if not isinstance(value, str):
        raise TypeError(f"{what} is a str ({' or '.join(map(repr, choices))}), not {type(value).__name__}")
    if value not in choices:
        raise UnknownValueError(
            f"{what} cannot be {_shown(value)}: choose {' or '.join(map(repr, choices))}{_closest(value, choices)}"
        )
    return value


def agent_seat(agents: Sequence[str], agent: object) -> int:
    """The seat of ``agent`` among ``agents``; TypeError for a non-string, UnknownValueError for an unknown one."""
    if not isinstance(agent, str):
        raise TypeError(f"an agent is a str such as {agents[0]!r}, not {type(agent).__name__}")
    if agent not in agents:
        raise UnknownValueError(
            f"no agent {_shown(agent)}: the agents are {', '.join(agents)}{_closest(agent, agents)}"
        )
    return agents.index(agent)
