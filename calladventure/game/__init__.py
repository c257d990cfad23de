"""The ``Game`` facade: history, notation, odds, scores, save and load; the default library.

:class:`Game` is what most programs need: one class, built on :mod:`calladventure.game.core`
(its states, history, legal actions, notation and outcome) by :mod:`calladventure.game.fluent`
(the one-call helpers) and :mod:`calladventure.game.agent` (views and the agent interface).
:mod:`calladventure.game.library` holds the default :class:`~calladventure.rules.context.Library`
(the bundled boxes and the card sets a program registers); :mod:`calladventure.game.saves` the
save format.
"""

from .core import LegalActions, Outcome
from .game import Game
from .library import DEFAULT, context_for, get_set, register_set
from .saves import SAVE_FORMAT

__all__ = [
    "DEFAULT",
    "SAVE_FORMAT",
    "Game",
    "LegalActions",
    "Outcome",
    "context_for",
    "get_set",
    "register_set",
]
