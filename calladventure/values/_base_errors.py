"""The root of calladventure's typed errors, and the one the rule-section registry raises.

:class:`CallAdventureError` is a :class:`ValueError`, so ``except ValueError`` catches every
error a user can cause; :mod:`._errors` holds the rest (and cites rule sections through
:mod:`._sections`, which raises :class:`UnknownSectionError` from here).
"""

from __future__ import annotations


class CallAdventureError(ValueError):
    """Base class of every error calladventure raises for bad input."""


class UnknownSectionError(CallAdventureError, KeyError):
    """A rule-section id that the rule texts do not have (also a KeyError, for mapping lookups)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown rule section"


__all__ = ["CallAdventureError", "UnknownSectionError"]
