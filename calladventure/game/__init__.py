"""The ``Game`` facade: history, notation, odds, scores, save and load; the default library.

:class:`Game` is what most programs need. :mod:`calladventure.game.library` holds the default
:class:`~calladventure.rules.context.Library` (the bundled boxes and the card sets a program
registers); :mod:`calladventure.game.fluent` the one-call helpers; :mod:`calladventure.game.saves`
the save format.
"""

from .game import Game, LegalActions
from .library import DEFAULT, context_for, get_set, register_set
from .outcome import Outcome
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
