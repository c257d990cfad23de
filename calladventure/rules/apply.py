"""Applying a legal action: its kind's ``apply`` (:mod:`.kinds`), then :func:`~.flow.settle`.

:func:`apply` does not check legality (:func:`calladventure.rules.legal.check` does); it returns
the new state and the action as it happened (a ``cast`` becomes ``cast`` with its faces, so
the history alone replays the game: docs/design.md, "Chance as actions"). A box's actions are
declared by the box (``Expansion.action_kinds``) and apply the same way.
"""

from __future__ import annotations

from ..values.actions import Action
from ..values.errors import IllegalActionError
from ..values.events import Log
from ..values.state import GameState
from .context import Context
from .flow import settle


def apply(ctx: Context, state: GameState, action: Action, log: Log = None) -> tuple[GameState, Action]:
    """Apply a legal action (not checked here: see ``check``); return the new state and the action as done.

    An action of the active hero in its main phase is a priority point: the other seats may answer
    it (:mod:`calladventure.rules.priority`); a card or power in a window gives every seat the
    chance to answer again (:mod:`calladventure.rules.windows`).
    """
    table = ctx.kinds
    kind = table.by_class.get(action.__class__)
    if kind is None:
        kind = table.kind_of(action)  # a subclass of a declared action
        if kind is None or kind.action not in table.by_class:
            raise IllegalActionError(action, "no rule in this game applies that action")
    if kind.chance is not None:
        state, done = kind.chance(ctx, state, action, log)
        return settle(ctx, state, log), done
    return settle(ctx, kind.apply(ctx, state, action, log), log), action


__all__ = ["apply"]
