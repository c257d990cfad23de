"""The ``Game`` facade: history, notation, odds, scores, save and load; the default library.

:class:`Game` is what most programs need: one class, built on :mod:`calladventure.game._core`
(its states, history, legal actions, notation and outcome) by :mod:`calladventure.game._fluent`
(the one-call helpers) and :mod:`calladventure.game._agent` (views and the agent interface).
:mod:`calladventure.game._library` holds the default :class:`~calladventure.rules._context.Library`
(the bundled boxes and the card sets a program registers); :mod:`calladventure.game._saves` the
save format.
"""

from ._core import LegalActions, Outcome
from ._game import Game
from ._library import DEFAULT, context_for, get_set, register_set
from ._saves import SAVE_FORMAT

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
