"""Views and the agent API of :class:`~calladventure.game.Game`: what one seat may know, in OpenSpiel's terms.

``game.view(seat)`` is a frozen :class:`~calladventure.rules._view.View` of exactly what that
seat may know (``game.spectator_view()``: what anyone watching may), with its legal actions,
the log as the seat read it and the history as it saw it. The rest is the interface learning
agents expect (OpenSpiel's ``State``):

* ``current_player``: the seat to move, :data:`CHANCE` (-1) when runes are to be cast,
  :data:`TERMINAL` (-4) once the game is over;
* ``legal_action_ids()`` / ``legal_actions_mask()``: stable integer ids
  (:mod:`calladventure.rules._action_ids`) and their notation (``action_to_string``); at a
  chance node the ids are the cast's outcomes (its faces as bits);
* ``chance_outcome_ids()``: (outcome id, probability) pairs summing to 1, the exact odds of
  ``000 · Reading the Runes`` (every face equally likely);
* ``apply_action(id)``: the action of that id; an id out of range or not legal now raises the
  same :class:`~calladventure.values._errors.IllegalActionError` as ``push`` and leaves the game as it was;
* ``returns()``: each seat's result once the game is over;
* ``observation_string(seat)`` / ``information_state_string(seat)`` (JSON of the view) and
  ``observation_tensor(seat)`` / ``information_state_tensor(seat)`` (:mod:`.encoding`).
"""

from __future__ import annotations

from typing import Self

from .. import rules
from ..rules._action_ids import ActionTable, action_table, cast_id, cast_of
from ..rules._view import View, view
from ..values._actions import Action
from ..values._illegal import IllegalActionError
from . import _encoding as encoding
from ._core import GameCore

#: ``current_player`` at a chance node (a cast is due), as in OpenSpiel.
CHANCE = -1
#: ``current_player`` once the game is over, as in OpenSpiel.
TERMINAL = -4


class AgentAPI(GameCore):
    """The views and the agent interface, built on the core's state, history and outcome."""

    # ------------------------------------------------------------------ views

    def view(self, seat: int | str) -> View:
        """What ``seat`` (0-based, ``"P1"`` or a hero's name) may know now: its own hand and Destiny, nobody else's (000 · Deal the Cards)."""
        return self._view(self._seat(seat))

    def spectator_view(self) -> View:
        """What anyone watching may know: no hand, no face-down Destiny, no deck order."""
        return self._view(None)

    def _view(self, seat: int | None, *, past: bool = True) -> View:
        """The view of ``seat``; ``past=False`` leaves out the log and history (for observation tensors)."""
        seen = self.state_at(0).players[seat].dealt if seat is not None else ()
        if not past:
            return view(self.ctx, self.state, seat, seen=seen)
        return view(
            self.ctx,
            self.state,
            seat,
            events=self.events,
            history=[(self.state_at(i), a) for i, a in enumerate(self.history)],
            seen=seen,
        )

    # ------------------------------------------------------------------ OpenSpiel-style core

    @property
    def current_player(self) -> int:
        """The seat to move; :data:`CHANCE` when runes are to be cast; :data:`TERMINAL` once over."""
        if self.over:
            return TERMINAL
        if self.is_chance:
            return CHANCE
        seat = rules.to_move(self.state)
        return TERMINAL if seat is None else seat

    def is_chance_node(self) -> bool:
        return not self.over and self.is_chance

    def is_terminal(self) -> bool:
        return self.over

    @property
    def num_players(self) -> int:
        return len(self.state.players)

    @property
    def action_table(self) -> ActionTable:
        """Every action of this configuration, by id (:mod:`calladventure.rules._action_ids`)."""
        return action_table(self.ctx)

    def num_distinct_actions(self) -> int:
        return len(self.action_table)

    def action_id(self, action: Action) -> int:
        """The stable id of a (non-chance) action."""
        return self.action_table.id_of(action)

    def _cast_size(self) -> int:
        return len(rules.cast_pool(self.ctx, self.state) or ())

    def legal_action_ids(self) -> list[int]:
        """The legal actions' ids, ascending; at a chance node, the cast's outcome ids."""
        if self.over:
            return []
        if self.is_chance:
            return list(range(2 ** self._cast_size()))
        table = self.action_table
        return sorted(table.id_of(a) for a in self.legal_list())

    def legal_actions_mask(self) -> list[int]:
        """1 for each legal action id (length ``num_distinct_actions()``); all 0 at a chance node or the end."""
        mask = [0] * self.num_distinct_actions()
        if not self.over and not self.is_chance:
            for i in self.legal_action_ids():
                mask[i] = 1
        return mask

    def action_to_string(self, action_id: int) -> str:
        """The notation of an id (at a chance node: the cast it stands for)."""
        return str(self._action_of(action_id))

    def _action_of(self, action_id: object) -> Action:
        if self.is_chance_node():
            if not isinstance(action_id, int) or isinstance(action_id, bool):
                raise IllegalActionError(repr(action_id), "a chance outcome id is an integer")
            return cast_of(action_id, self._cast_size())
        return self.action_table.action(action_id)

    def chance_outcome_ids(self) -> list[tuple[int, float]]:
        """(outcome id, probability) of the cast due, summing to 1; empty when no cast is due."""
        return [(cast_id(c.faces or ()), float(p)) for c, p in rules.chance_outcomes(self.ctx, self.state)]

    def apply_action(self, action_id: int) -> Self:
        """Apply the action of ``action_id`` (or the chance outcome); raises like ``push`` if not legal now."""
        if self.over:
            raise IllegalActionError(repr(action_id), "the game is over")
        return self.push(self._action_of(action_id))

    def returns(self) -> list[float]:
        """Each seat's result: 0 before the end; then zero-sum shares in a competitive game
        (the winners share +1, the others −1; all 0 in a draw), and +1 / −1 for each side of a
        co-op or solo game (000 · Winning the Solo or Co-op Game)."""
        n = self.num_players
        outcome = self.outcome()
        if outcome is None:
            return [0.0] * n
        if outcome.box is not None:  # each side of a co-op or solo game (the box says which won)
            return [1.0 if won else -1.0 for won in outcome.box.won]
        winners = set(outcome.winners)
        if len(winners) in (0, n):
            return [0.0] * n
        return [1.0 / len(winners) if s in winners else -1.0 / (n - len(winners)) for s in range(n)]

    def observation_string(self, seat: int | str) -> str:
        """What ``seat`` may know now, as JSON (``View.observation_string``)."""
        return self.view(seat).observation_string()

    def information_state_string(self, seat: int | str) -> str:
        """What ``seat`` may know of the whole game, as JSON (the view and the history as it saw it)."""
        return self.view(seat).information_state_string()

    def observation_tensor(self, seat: int | str) -> list[float]:
        """``seat``'s view now as floats (:mod:`calladventure.game._encoding`)."""
        return encoding.observation_tensor(self.ctx, self._view(self._seat(seat), past=False))

    def information_state_tensor(self, seat: int | str) -> list[float]:
        """The observation tensor and a summary of the public history (:mod:`calladventure.game._encoding`)."""
        return encoding.information_state_tensor(self.ctx, self.view(seat))

    def observation_tensor_size(self) -> int:
        return encoding.observation_size(self.ctx)

    def information_state_tensor_size(self) -> int:
        return encoding.information_state_size(self.ctx)

    def clone(self) -> Self:
        """An independent copy (OpenSpiel's ``clone``)."""
        return self.copy()


__all__ = ["CHANCE", "TERMINAL", "AgentAPI"]
