"""One-field copies of a game state, shared by the rules' hottest steps (docs/design.md § Speed without shortcuts).

Each is a :func:`calladventure.values.copying.replacer`: ``with_pending(state, pending)`` is the
value ``evolve(state, pending=pending)`` makes, without the keyword dictionary. Every action
copies the state a few times (``000 · Each Turn``), most often to change one of these fields:
the decisions waiting, the heroes, the rows, the turn, the attempt, the lasting effects or the
random generator's state.
"""

from __future__ import annotations

from .copying import replacer
from .state import GameState

__all__ = [
    "with_attempt",
    "with_effects",
    "with_pending",
    "with_players",
    "with_rng",
    "with_rows",
    "with_turn",
]

with_attempt = replacer(GameState, "attempt")
with_effects = replacer(GameState, "effects")
with_pending = replacer(GameState, "pending")
with_players = replacer(GameState, "players")
with_rng = replacer(GameState, "rng")
with_rows = replacer(GameState, "rows")
with_turn = replacer(GameState, "turn")
