"""The ``Game`` facade: history, notation, odds, scores, save and load."""

from .game import SAVE_FORMAT, Game, LegalActions, Outcome

__all__ = ["SAVE_FORMAT", "Game", "LegalActions", "Outcome"]
